//! A module and its runtime agree on the hash formulas and data layout: every module asserts at
//! compile time that `fairy_magic_runtime::FORMAT` is the format the compiler generated it for,
//! which is the format of the runtime the compiler found its magics through. The assertion is
//! compiled by `rustc` against a runtime of the same format (it builds) and of another (it fails,
//! with a message naming the command that regenerates the module).

use std::path::PathBuf;
use std::process::Command;

use fairy_magic::{compile, Options, Source};

/// A small module, made with a regenerate command that holds braces (which the assertion's
/// message, a format string, must write doubled).
fn module_text() -> String {
    let text = "variant tiny\nboard 4x4\npiece R rook R\npiece N knight N\n";
    let options = Options::new().regenerate("fairy-magic compile tiny.variant -o {out}.rs");
    compile(&Source { file: "tiny.variant", text }, &options).unwrap().text
}

/// The module's format assertion, as emitted (prettyplease may break it over lines).
fn format_check(module: &str) -> &str {
    let start = module.find("const _: () = assert!(").expect("the module checks the runtime's format");
    let end = start + module[start..].find(");").expect("the assertion ends") + 2;
    &module[start..end]
}

/// Compiles the assertion with `rustc` against a stand-in runtime whose `FORMAT` is `format`;
/// `Err` holds rustc's messages.
fn build_against(check: &str, format: u32, name: &str) -> Result<(), String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("runtime-format-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lib.rs");
    std::fs::write(&file, format!("mod fairy_magic_runtime {{ pub const FORMAT: u32 = {format}; }}\n{check}\n"))
        .unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .args(["--edition", "2021", "--crate-type", "lib", "--emit", "metadata", "--crate-name", "format_check"])
        .arg("--out-dir")
        .arg(&dir)
        .arg(&file)
        .output()
        .expect("rustc runs");
    match out.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

#[test]
fn a_module_asserts_the_format_of_the_runtime_it_was_generated_with() {
    let module = module_text();
    let check = format_check(&module);
    let expected = format!("fairy_magic_runtime::FORMAT == {}", fairy_magic_runtime::FORMAT);
    assert!(check.contains(&expected), "{check}");
}

#[test]
fn a_runtime_of_another_format_is_a_build_error_that_says_what_to_regenerate() {
    let module = module_text();
    let check = format_check(&module);
    build_against(check, fairy_magic_runtime::FORMAT, "same").expect("the same format builds");
    let error = build_against(check, fairy_magic_runtime::FORMAT + 1, "other").unwrap_err();
    let wanted = format!(
        "this module was generated for fairy-magic-runtime format {}: regenerate it with `fairy-magic compile tiny.variant -o {{out}}.rs`",
        fairy_magic_runtime::FORMAT
    );
    assert!(error.contains(&wanted), "{error}");
}
