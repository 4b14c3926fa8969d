//! Fuzzes variant files and XBetza strings (see `tests/fuzz-regressions/one.rs`).
#![no_main]

#[path = "../../tests/fuzz-regressions/one.rs"]
mod one;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(bug) = one::run(data) {
        panic!("{bug}");
    }
});
