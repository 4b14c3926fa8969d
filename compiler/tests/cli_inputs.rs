//! What the command line does with awkward inputs: options the README documents, files that
//! are not UTF-8 or lack lines, `--batch` lines it cannot answer, closed pipes, one-file boards,
//! imports that would not compile, `compile --check` and the header's regenerate command.

use std::io::Write;
use std::process::{Command, Stdio};

fn fairy_magic() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fairy-magic"));
    c.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    c
}

fn run_with(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let mut child =
        fairy_magic().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    run_with(args, b"")
}

/// A file of its own in the temporary directory, removed when dropped.
struct Temp(std::path::PathBuf);

impl Temp {
    fn new(name: &str, contents: &[u8]) -> Temp {
        let path = std::env::temp_dir().join(format!("fairy-magic-inputs-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        Temp(path)
    }
    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn max_paths_is_an_option_and_its_error_names_the_piece_line() {
    let ok = Temp::new("paths-ok.variant", b"variant a\nboard 8x8\noption max-paths 100\npiece Q queen Q\n");
    let (code, _, err) = run(&["-q", "compile", &ok.path()]);
    assert_eq!(code, Some(0), "{err}");
    let low = Temp::new("paths-low.variant", b"variant a\nboard 8x8\noption max-paths 10\n\npiece Q queen Q\n");
    let (code, _, err) = run(&["compile", &low.path()]);
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{}:5:1", low.path())) && err.contains("more than 10 paths"), "{err}");
}

#[test]
fn an_unknown_option_lists_every_option() {
    let bad = Temp::new("unknown.variant", b"variant a\nboard 8x8\noption speed 3\npiece K king K\n");
    let (code, _, err) = run(&["compile", &bad.path()]);
    assert_eq!(code, Some(1));
    for option in [
        "max-bits",
        "max-probes",
        "max-paths",
        "cache-kib",
        "effort",
        "seed",
        "index",
        "probes",
        "max-occupancies",
        "max-trials",
    ] {
        assert!(err.contains(option), "{option}: {err}");
    }
}

#[test]
fn bytes_that_are_not_utf8_have_a_line_and_column() {
    let bad = Temp::new("latin1.variant", b"variant a\nboard 8x8\npiece K k\xe9nig K\n");
    let (code, _, err) = run(&["compile", &bad.path()]);
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{}:3:10", bad.path())) && err.contains("0xe9 is not UTF-8"), "{err}");
}

#[test]
fn a_missing_board_is_reported_on_the_variant_line() {
    let bad = Temp::new("no-board.variant", b"# a comment\nvariant a\npiece K king K\n\n");
    let (code, _, err) = run(&["compile", &bad.path()]);
    assert_eq!(code, Some(1));
    assert!(err.contains(&format!("{}:2:1", bad.path())) && err.contains("no `board"), "{err}");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    for args in [
        &["compile", "variants/chess.variant"][..],
        &["show", "variants/chess.variant", "Q"],
        &["attackers", "R", "--to", "d4"],
        &["between", "R", "--from", "a1", "--to", "a8"],
    ] {
        let mut child = fairy_magic().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn batch_answers_every_line_in_order() {
    let input = concat!(
        r#"{"board":"8x8","betza":"N","from":"a1"}"#,
        "\n\n",
        r#"{"board":"8x8","betza":"N","from":"a1","colour":"black"}"#,
        "\n",
        r#"{"board":"8x8","betza":"W","from":"a1"}"#,
        "\n"
    );
    let (code, out, err) = run_with(&["moves", "--batch"], input.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], r#"{"dest":["c2","b3"]}"#);
    assert!(lines[1].starts_with(r#"{"error":"#) && lines[1].contains("blank line"), "{}", lines[1]);
    assert!(lines[2].starts_with(r#"{"error":"#) && lines[2].contains("colour"), "{}", lines[2]);
    assert_eq!(lines[3], r#"{"dest":["b1","a2"]}"#);
}

#[test]
fn batch_refuses_flags_that_each_line_sets() {
    for command in ["moves", "attackers"] {
        for flag in [&["--json"][..], &["--board", "10x10"], &["--black"], &["--foes", "a2"]] {
            let (code, out, err) = run(&[&[command, "--batch"][..], flag].concat());
            assert_eq!((code, out.as_str()), (Some(1), ""), "{command} {flag:?}");
            assert!(err.contains("cannot be used with"), "{command} {flag:?}: {err}");
        }
    }
}

#[test]
fn show_draws_boards_one_square_wide() {
    for (board, middle) in [("1x8", "a3"), ("8x1", "c1"), ("1x1", "a1")] {
        let file = Temp::new(
            &format!("thin-{board}.variant"),
            format!("variant a\nboard {board}\npiece R rook R\n").as_bytes(),
        );
        let (code, out, err) = run(&["show", &file.path(), "R", "--ascii"]);
        assert_eq!(code, Some(0), "{board}: {err}");
        assert!(out.contains('R'), "{board}: {out}");
        let (code, _, err) = run(&["show", &file.path(), "R", "--from", middle, "--ascii"]);
        assert_eq!(code, Some(0), "{board}: {err}");
    }
}

#[test]
fn import_of_the_largest_board_writes_a_file_that_compiles() {
    // Fairy-Stockfish allows boards up to 12x10; a section may still ask for 16x16, whose
    // riders once exceeded the compiler's limits. Default settings now shape the plan to fit,
    // and `import`, which compiles what it converts, hands over a file that compiles.
    let ini = Temp::new("big.ini", b"[big:chess]\nmaxFile = 16\nmaxRank = 16\n");
    let target = std::env::temp_dir().join(format!("fairy-magic-inputs-{}-big.variant", std::process::id()));
    let (code, out, err) = run(&["import", &ini.path(), "--section", "big", "-o", &target.display().to_string()]);
    assert_eq!((code, out.as_str()), (Some(0), ""), "{err}");
    let written = std::fs::read_to_string(&target).unwrap();
    std::fs::remove_file(&target).unwrap();
    assert!(written.contains("board 16x16") && written.contains("piece Q queen Q"), "{written}");
}

#[test]
fn compile_check_says_whether_the_output_is_current_and_writes_nothing() {
    let module = Temp::new("check.rs", b"");
    let args = ["-q", "compile", "variants/chess.variant", "-o", &module.path(), "--seed", "7"];
    let (code, _, err) = run(&[&args[..], &["--check"]].concat());
    assert_eq!(code, Some(1));
    assert!(err.contains(&module.path()) && err.contains("stale"), "{err}");
    assert_eq!(std::fs::read(&module.0).unwrap(), b"");
    let (code, _, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let written = std::fs::read(&module.0).unwrap();
    let (code, _, err) = run(&[&args[..], &["--check"]].concat());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read(&module.0).unwrap(), written);
    let (code, _, _) = run(&["-q", "compile", "variants/chess.variant", "-o", &module.path(), "--check"]);
    assert_eq!(code, Some(1), "a different seed makes other magics");
    let (code, _, err) = run(&["compile", "variants/chess.variant", "--check"]);
    assert_eq!(code, Some(1), "--check needs -o: {err}");
}

#[test]
fn the_header_command_reproduces_the_module() {
    let module = Temp::new("regenerate.rs", b"");
    let (code, _, err) = run(&[
        "-q",
        "compile",
        "variants/chess.variant",
        "-o",
        &module.path(),
        "--seed",
        "7",
        "--index",
        "split32",
        "--optimize",
        "size",
        "--effort",
        "12",
        "--max-probes",
        "6",
        "--cache-kib",
        "64",
        "--max-paths",
        "5000",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&module.0).unwrap();
    let start = text.find("`fairy-magic compile").expect("a regenerate command") + 1;
    let command = &text[start..start + text[start..].find('`').unwrap()];
    for flag in [
        "--seed 7",
        "--index split32",
        "--optimize size",
        "--effort 12",
        "--max-probes 6",
        "--cache-kib 64",
        "--max-paths 5000",
    ] {
        assert!(command.contains(flag), "{flag}: {command}");
    }
    let again = Temp::new("regenerated.rs", b"");
    let words: Vec<String> = command.split(' ').skip(1).map(|w| w.replace(&module.path(), &again.path())).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (code, _, err) = run(&[&["-q"][..], &words].concat());
    assert_eq!(code, Some(0), "{err}");
    let expected = text.replace(&module.path(), &again.path());
    assert_eq!(std::fs::read_to_string(&again.0).unwrap(), expected);
}

#[test]
fn the_header_command_quotes_paths_a_shell_would_split() {
    let chess =
        std::fs::read("variants/chess.variant").or_else(|_| std::fs::read("../variants/chess.variant")).unwrap();
    let file = Temp::new("my chess.variant", &chess);
    let (code, out, err) = run(&["compile", &file.path(), "--seed", "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&format!("`fairy-magic compile '{}' --seed 3`", file.path())), "{}", &out[..600]);
}

/// `-o` onto something that is not a regular file (here a link to /dev/null) writes into it:
/// replacing it through a rename, as a regular file is, once put a plain file where
/// /dev/null had been, and every later reader of /dev/null on the machine read the module.
#[cfg(unix)]
#[test]
fn output_onto_a_device_writes_into_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = std::env::temp_dir().join(format!("fairy-magic-inputs-{}-device", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("out.rs");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    let status = fairy_magic()
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["-q", "compile", "variants/chess.variant", "-o"])
        .arg(&link)
        .status()
        .unwrap();
    assert!(status.success());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    std::fs::remove_dir_all(&dir).unwrap();
}
