//! The compiler's integration tests as one test binary: each file in `tests/` is a module here,
//! so the crate and its dependencies are linked once, not once a file (there were 23 binaries).
//!
//! To add a test file: create `tests/NAME.rs` and add `#[path = "NAME.rs"] mod NAME;` below,
//! in order; [`every_test_file_is_a_module_here`] fails until it is. Run one file's tests with
//! `cargo test -p fairy-magic --test all NAME::`. What more than one file needs is in
//! `tests/common/mod.rs`, a module of this binary: a file takes it with `use crate::common::...`.

mod common;

#[path = "bad_input.rs"]
mod bad_input;
#[path = "boards.rs"]
mod boards;
#[path = "bounds.rs"]
mod bounds;
#[path = "bugs.rs"]
mod bugs;
#[path = "cli.rs"]
mod cli;
#[path = "cli_inputs.rs"]
mod cli_inputs;
#[path = "commands.rs"]
mod commands;
#[path = "dead_bits.rs"]
mod dead_bits;
#[path = "defaults.rs"]
mod defaults;
#[path = "diff.rs"]
mod diff;
#[path = "error_kinds.rs"]
mod error_kinds;
#[path = "fuzz.rs"]
mod fuzz;
#[path = "fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "import.rs"]
mod import;
#[path = "modules_build.rs"]
mod modules_build;
#[path = "oracle.rs"]
mod oracle;
#[path = "readme.rs"]
mod readme;
#[path = "regions.rs"]
mod regions;
#[path = "runtime_format.rs"]
mod runtime_format;
#[path = "search_limits.rs"]
mod search_limits;
#[path = "show.rs"]
mod show;
#[path = "threads.rs"]
mod threads;
#[path = "xbetza.rs"]
mod xbetza;

/// Every `.rs` file in `tests/` is a module of this binary: with `autotests = false` (Cargo.toml),
/// a file left out would build and run nowhere, silently.
#[test]
fn every_test_file_is_a_module_here() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("all.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".rs") && name != "all.rs" && !this.contains(&format!("#[path = \"{name}\"]")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "{missing:?} in tests/ are not modules of tests/all.rs: add `#[path = \"NAME.rs\"] mod NAME;` for each"
    );
}

/// The binary has no unit tests: its `test = false` (Cargo.toml) spares `cargo test` a build of
/// an empty harness, and would leave a unit test there unrun.
#[test]
fn the_binary_has_no_unit_tests() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let cli = std::fs::read_dir(src.join("cli")).unwrap().map(|entry| entry.unwrap().path());
    let files: Vec<_> = [src.join("main.rs"), src.join("os.rs")].into_iter().chain(cli).collect();
    assert!(files.len() > 3, "the binary's files are main.rs, os.rs and cli/");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains("#[test]") && !text.contains("#[cfg(test)]"),
            "{} has unit tests: drop `test = false` from the binary's [[bin]] in Cargo.toml",
            file.display()
        );
    }
}
