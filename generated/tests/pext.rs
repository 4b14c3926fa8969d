//! The pext modules' tests alone, as a second test binary: CI builds it with BMI2
//! (`-C target-feature=+bmi2`, `.ci/run`) so that the modules read their tables through the
//! instruction. The test files are those of `tests/all.rs`; `crate::shipped::for_each_module!`
//! visits the pext modules only (`shipped.rs`'s `for_each_pext_module`), so the build compiles
//! their tests and not every module's. Cargo.toml leaves it out of `cargo test` (`all` runs the
//! same tests): run it with `cargo test -p fairy-magic-generated --test pext`.

mod rng;
mod xbetza;

#[path = "chess_crates.rs"]
mod chess_crates;
#[path = "exhaustive.rs"]
mod exhaustive;
#[path = "independent.rs"]
mod independent;

// Its `for_each_module` is every module's: unused here.
#[allow(unused_macros, unused_imports)]
#[path = "shipped.rs"]
mod every_module;

/// What the test files visit as every module: the pext modules.
mod shipped {
    pub(crate) use crate::every_module::for_each_pext_module as for_each_module;
}

/// Not every module is here: a test that holds all of them to something skips that part.
const EVERY_MODULE: bool = false;
