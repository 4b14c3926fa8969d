//! The generated crate's tests as one test binary: each file in `tests/` is a module here, so
//! the 360,000 lines of modules and the compiler are linked once, not once a file (there were
//! 14 binaries), and every test shares one pool of threads.
//!
//! To add a test file: create `tests/NAME.rs` and add `#[path = "NAME.rs"] mod NAME;` below,
//! in order; [`every_test_file_is_a_module_here`] fails until it is. Run one file's tests with
//! `cargo test -p fairy-magic-generated --test all NAME::`, one module's with, say,
//! `exhaustive::chess_pext`. What more than one file needs is a folder module here (`engine`,
//! `rng`, `xbetza`) or the list of shipped modules (`shipped.rs`, written by `cargo xtask gen`):
//! a file takes it with `use crate::...`.

// The engine is shared with the benches and the perft tool, which use what these tests do not.
#[allow(dead_code)]
mod engine;
mod rng;
mod xbetza;

#[path = "chess_crates.rs"]
mod chess_crates;
#[path = "every_module.rs"]
mod every_module;
#[path = "exhaustive.rs"]
mod exhaustive;
#[path = "gallery.rs"]
mod gallery;
#[path = "independent.rs"]
mod independent;
#[path = "indices.rs"]
mod indices;
#[path = "perft.rs"]
mod perft;
#[path = "regions.rs"]
mod regions;
#[path = "reverse.rs"]
mod reverse;
#[path = "shipped.rs"]
mod shipped;
#[path = "squares.rs"]
mod squares;
#[path = "xiangqi.rs"]
mod xiangqi;

/// Every module of `generated/src` is here (`tests/pext.rs` has the pext modules alone).
const EVERY_MODULE: bool = true;

/// Every `.rs` file in `tests/` is a module of this binary: with `autotests = false` (Cargo.toml),
/// a file left out would build and run nowhere, silently.
#[test]
fn every_test_file_is_a_module_here() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = include_str!("all.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        // `pext.rs` is the other binary, of modules of this one.
        let binary = name == "all.rs" || name == "pext.rs";
        if name.ends_with(".rs") && !binary && !this.contains(&format!("#[path = \"{name}\"]")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "{missing:?} in tests/ are not modules of tests/all.rs: add `#[path = \"NAME.rs\"] mod NAME;` for each"
    );
}
