//! build.rs: compiles `shatranj.variant` and `leapers.variant` into `$OUT_DIR`, where
//! `src/main.rs` `include!`s them. The `[profile.*.package.fairy-magic]` lines of Cargo.toml
//! optimise the compiler here too: a build script's dependencies are otherwise at opt-level 0.

use std::path::PathBuf;

use fairy_magic::{Options, Source};

fn main() {
    for name in ["shatranj", "leapers"] {
        generate(name);
    }
}

fn generate(name: &str) {
    let source = format!("{name}.variant");
    println!("cargo::rerun-if-changed={source}");
    let text = std::fs::read_to_string(&source).expect("the variant file is beside build.rs");
    let module = match fairy_magic::compile(
        &Source { file: &source, text: &text },
        &Options::new().regenerate("cargo build (build.rs)"),
    ) {
        Ok(module) => module,
        Err(e) => {
            // The error names the file, line and column, as the CLI would print it.
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join(format!("{name}.rs"));
    std::fs::write(&out, module.text).expect("OUT_DIR is writable");
}
