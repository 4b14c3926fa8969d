//! The compiler's integration tests as one test binary: each file in `tests/` is a module here,
//! so the crate and its dependencies are linked once, not once a file (there were 23 binaries).
//!
//! To add a test file: create `tests/NAME.rs` and add `#[path = "NAME.rs"] mod NAME;` below,
//! in order; [`every_test_file_is_a_module_here`] fails until it is. Run one file's tests with
//! `cargo test -p fairy-magic --test all NAME::`. What more than one file needs is in
//! `tests/common/mod.rs`, a module of this binary: a file takes it with `use crate::common::...`.
//!
//! The library's unit tests are here too, in `tests/unit/` (one module a source file: `unit::lookups`
//! tests `src/lookups.rs`), reaching the stages through `fairy_magic::stages` rather than being
//! compiled into a second optimised build of the library. To add one, add it to the file's module
//! there (or add the file to `tests/unit/mod.rs`).

mod common;
#[path = "unit/mod.rs"]
mod unit;

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
    let this = include_str!("all.rs");
    let missing = unlisted("tests", "all.rs", |name| this.contains(&format!("#[path = \"{name}\"]")));
    assert!(
        missing.is_empty(),
        "{missing:?} in tests/ are not modules of tests/all.rs: add `#[path = \"NAME.rs\"] mod NAME;` for each"
    );
}

/// Every `.rs` file in `tests/unit/` is a module of `unit/mod.rs`, for the same reason.
#[test]
fn every_unit_test_file_is_a_module_there() {
    let list = include_str!("unit/mod.rs");
    let missing = unlisted("tests/unit", "mod.rs", |name| {
        let declared = format!("mod {};", name.trim_end_matches(".rs"));
        list.lines().any(|l| l.trim_start_matches("pub(crate) ") == declared)
    });
    assert!(missing.is_empty(), "{missing:?} in tests/unit/ are not modules of tests/unit/mod.rs: add `mod NAME;`");
}

/// The `.rs` files of `folder` (from the crate's root), but `root`, that `listed` does not list.
fn unlisted(folder: &str, root: &str, listed: impl Fn(&str) -> bool) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let names = std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap());
    names.filter(|name| name.ends_with(".rs") && name != root && !listed(name)).collect()
}

/// Neither the library nor the binary has unit tests: their `test = false` (Cargo.toml) spares
/// `cargo test` a build of each as a harness (the library's, a second optimised build of the
/// whole compiler), and would leave a unit test there unrun. The library's are in `tests/unit/`.
#[test]
fn the_library_and_the_binary_have_no_unit_tests() {
    fn rust_files(dir: &std::path::Path, into: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, into);
            } else if path.extension().is_some_and(|e| e == "rs") {
                into.push(path);
            }
        }
    }
    let mut files = Vec::new();
    rust_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 40, "the library's and the binary's files are in src/");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains("#[test]") && !text.contains("#[cfg(test)]") && !text.contains("cfg(all(test"),
            "{} has unit tests: move them to tests/unit/ (`test = false` in Cargo.toml leaves them unrun)",
            file.display()
        );
    }
}
