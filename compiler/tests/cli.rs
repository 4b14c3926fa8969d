//! The command line's conventions: exit codes, errors on standard error, -q and -v.

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn exit_codes_say_who_was_wrong() {
    let (code, out, _) = run(&["--version"]);
    assert_eq!((code, out.starts_with("fairy-magic ")), (Some(0), true));
    let (code, out, _) = run(&["compile", "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Example: fairy-magic compile"), "{out}");
    for sub in ["moves", "show"] {
        let (_, out, _) = run(&[sub, "--help"]);
        assert!(out.contains("Example: fairy-magic"), "{sub}: {out}");
    }
    let (code, _, err) = run(&["compile", "--no-such-flag"]);
    assert_eq!(code, Some(1), "{err}");
    let (code, out, err) = run(&["compile", "missing.variant"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(err.contains("cannot read missing.variant"), "{err}");
}

#[test]
fn compile_writes_the_module_and_is_quiet_or_verbose_on_request() {
    let path = std::env::temp_dir().join(format!("fairy-magic-cli-{}.rs", std::process::id()));
    let target = path.display().to_string();
    let (code, out, err) = run(&["-q", "compile", "variants/chess.variant", "-o", &target]);
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "", ""));
    let module = std::fs::read_to_string(&path).unwrap();
    // The header's command is run in the module's folder: the paths are relative to it.
    let command = format!("/variants/chess.variant -o fairy-magic-cli-{}.rs`", std::process::id());
    assert!(module.contains("pub fn attacks(") && module.contains(&command), "{}", &module[..400]);
    let (code, _, err) = run(&["-v", "compile", "variants/chess.variant", "-o", &target]);
    assert_eq!(code, Some(0));
    assert!(err.contains("fairy-magic: compiling variants/chess.variant:"), "{err}");
    std::fs::remove_file(&path).unwrap();
}
