//! What the command line does with awkward inputs: options the README documents, files that
//! are not UTF-8 or lack lines, `--batch` lines it cannot answer, closed pipes, one-file boards,
//! imports that would not compile, `compile --up-to-date` and the header's regenerate command.

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
fn compile_up_to_date_says_whether_the_output_is_current_and_writes_nothing() {
    let module = Temp::new("check.rs", b"");
    let args = ["-q", "compile", "variants/chess.variant", "-o", &module.path(), "--seed", "7"];
    let (code, _, err) = run(&[&args[..], &["--up-to-date"]].concat());
    assert_eq!(code, Some(1));
    assert!(err.contains(&module.path()) && err.contains("stale"), "{err}");
    assert_eq!(std::fs::read(&module.0).unwrap(), b"");
    let (code, _, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let written = std::fs::read(&module.0).unwrap();
    let (code, _, err) = run(&[&args[..], &["--up-to-date"]].concat());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read(&module.0).unwrap(), written);
    // `--check`, its name before, is still read the same, and still writes nothing.
    let (code, _, err) = run(&[&args[..], &["--check"]].concat());
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, _, _) = run(&["-q", "compile", "variants/chess.variant", "-o", &module.path(), "--check"]);
    assert_eq!(code, Some(1), "the alias answers as --up-to-date does");
    assert_eq!(std::fs::read(&module.0).unwrap(), written);
    let (code, _, _) = run(&["-q", "compile", "variants/chess.variant", "-o", &module.path(), "--up-to-date"]);
    assert_eq!(code, Some(1), "a different seed makes other magics");
    let (code, _, err) = run(&["compile", "variants/chess.variant", "--up-to-date"]);
    assert_eq!(code, Some(1), "--up-to-date needs -o: {err}");
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
    // The command is run in the module's folder, as the header says: its paths are relative.
    assert!(text.contains("Regenerate, in this file's folder, with"), "{}", &text[..400]);
    let again = Temp::new("regenerated.rs", b"");
    let name = |t: &Temp| t.0.file_name().unwrap().to_str().unwrap().to_string();
    let words: Vec<String> = command.split(' ').skip(1).map(|w| w.replace(&name(&module), &name(&again))).collect();
    let out = fairy_magic().current_dir(std::env::temp_dir()).arg("-q").args(&words).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let expected = text.replace(&name(&module), &name(&again));
    assert_eq!(std::fs::read_to_string(&again.0).unwrap(), expected);
}

/// A folder of its own in the temporary directory, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("fairy-magic-inputs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SMALL: &[u8] = b"variant small\nboard 5x5\npiece K king K\npiece R rook R\n";

/// Runs the compiler in `cwd` with `args`: its exit status and standard error.
fn run_in(cwd: &std::path::Path, args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = fairy_magic().current_dir(cwd).args(args).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `--up-to-date` holds a module made by any spelling of its command to be current: relative or
/// absolute paths, from the module's folder or another, a default setting spelt out (issue
/// #44). The header names no folder of the machine, and a setting that does change the
/// module still makes it stale.
#[test]
fn compile_check_is_current_whatever_the_spelling_of_the_command() {
    let dir = TempDir::new("spellings");
    let sub = dir.0.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("small.variant"), SMALL).unwrap();
    let os = |s: &str| std::ffi::OsString::from(s);
    let (code, err) =
        run_in(&dir.0, &[&os("-q"), &os("compile"), &os("sub/small.variant"), &os("-o"), &os("sub/small.rs")]);
    assert_eq!(code, Some(0), "{err}");
    let module = std::fs::read_to_string(sub.join("small.rs")).unwrap();
    assert!(module.contains("`fairy-magic compile small.variant -o small.rs`."), "{}", &module[..400]);
    assert!(!module.contains(dir.0.to_str().unwrap()), "a folder of this machine in the module");
    let (variant, rs) = (sub.join("small.variant"), sub.join("small.rs"));
    let spellings: [(&std::path::Path, Vec<std::ffi::OsString>); 5] = [
        (&dir.0, vec![os("./sub/small.variant"), os("-o"), os("./sub/small.rs")]),
        (&dir.0, vec![variant.clone().into(), os("-o"), rs.clone().into()]),
        (&sub, vec![os("small.variant"), os("-o"), os("small.rs")]),
        (&sub, vec![os("../sub/./small.variant"), os("-o"), rs.clone().into(), os("--seed"), os("0")]),
        (&std::env::temp_dir(), vec![variant.clone().into(), os("-o"), rs.clone().into(), os("--index"), os("magic")]),
    ];
    for (cwd, args) in &spellings {
        let mut all = vec![os("compile")];
        all.extend(args.iter().cloned());
        all.push(os("--up-to-date"));
        let all: Vec<&std::ffi::OsStr> = all.iter().map(|a| a.as_os_str()).collect();
        let (code, err) = run_in(cwd, &all);
        assert_eq!(code, Some(0), "{all:?} in {cwd:?}: {err}");
    }
    let (code, err) = run_in(
        &sub,
        &[
            &os("compile"),
            &os("small.variant"),
            &os("-o"),
            &os("small.rs"),
            &os("--seed"),
            &os("3"),
            &os("--up-to-date"),
        ],
    );
    assert_eq!(code, Some(1), "another seed makes other magics");
    assert!(err.contains("small.rs is stale: run `fairy-magic compile small.variant -o small.rs --seed 3`"), "{err}");
    // A file's own option makes the flag of the same value change nothing, and the default
    // flag over the file's other value a change.
    std::fs::write(&variant, [SMALL, b"option seed 3\n"].concat()).unwrap();
    let (code, err) = run_in(
        &sub,
        &[&os("-q"), &os("compile"), &os("small.variant"), &os("-o"), &os("small.rs"), &os("--seed"), &os("3")],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::read_to_string(&rs).unwrap().contains("`fairy-magic compile small.variant -o small.rs`."));
    let (code, _) = run_in(
        &sub,
        &[
            &os("compile"),
            &os("small.variant"),
            &os("-o"),
            &os("small.rs"),
            &os("--seed"),
            &os("0"),
            &os("--up-to-date"),
        ],
    );
    assert_eq!(code, Some(1), "--seed 0 overrides the file's seed 3");
}

/// `--up-to-date` reads no more of its target than the module it would write could take: a file
/// that is longer, or endless (`/dev/zero`), is stale at once.
#[cfg(unix)]
#[test]
fn compile_check_reads_its_target_with_a_cap() {
    let dir = TempDir::new("check-cap");
    std::fs::write(dir.0.join("small.variant"), SMALL).unwrap();
    let (code, _, err) =
        run(&["-q", "compile", &format!("{}/small.variant", dir.0.display()), "-o", "/dev/zero", "--up-to-date"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("/dev/zero is stale"), "{err}");
    let rs = dir.0.join("small.rs").display().to_string();
    let variant = dir.0.join("small.variant").display().to_string();
    assert_eq!(run(&["-q", "compile", &variant, "-o", &rs]).0, Some(0));
    let module = std::fs::read(&rs).unwrap();
    std::fs::write(&rs, [&module[..], b"\n"].concat()).unwrap();
    assert_eq!(run(&["-q", "compile", &variant, "-o", &rs, "--up-to-date"]).0, Some(1), "one byte more is stale");
    // A checkout that writes CR LF line ends holds the same module.
    let crlf = String::from_utf8(module).unwrap().replace('\n', "\r\n");
    std::fs::write(&rs, crlf).unwrap();
    assert_eq!(run(&["-q", "compile", &variant, "-o", &rs, "--up-to-date"]).0, Some(0));
}

/// Whether `text` holds a character that could end a comment or turn how code reads: a
/// control character or a Unicode bidi control.
fn has_live_characters(line: &str) -> bool {
    line.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}')
    })
}

/// No text of an input becomes code (issue #45): a folder and a file named with newlines, Rust
/// code and a bidi control reach the module's comments and strings only escaped. Every line
/// of the header is a comment, no line holds a control or bidi character, and the injected
/// code is nowhere at the start of a line.
#[cfg(unix)]
#[test]
fn a_hostile_path_never_becomes_code() {
    let dir = TempDir::new("hostile");
    let folder = dir.0.join("inj\nconst INJECTED: () = ();\n// \u{202e}");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("x\u{202e}\r\nconst ALSO: () = ();.variant");
    std::fs::write(&file, SMALL).unwrap();
    for output in [Some(dir.0.join("inj.rs")), Some(folder.join("beside.rs")), None] {
        let mut command = fairy_magic();
        command.current_dir(&dir.0).args(["-q", "compile"]).arg(&file);
        if let Some(out) = &output {
            command.arg("-o").arg(out);
        }
        let out = command.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let module = match &output {
            Some(path) => std::fs::read_to_string(path).unwrap(),
            None => String::from_utf8(out.stdout).unwrap(),
        };
        let header: Vec<&str> = module.lines().take_while(|l| !l.is_empty()).collect();
        assert!(header.len() > 10 && header.iter().all(|l| l.starts_with("//")), "{}", header.join("\n"));
        assert!(header.iter().any(|l| l.contains("\\u{a}const ALSO")), "{}", header[2]);
        // Split at LF only: `lines` would hide a CR at a line's end.
        for line in module.split('\n') {
            assert!(!has_live_characters(line), "{line:?}");
            assert!(!line.trim_start().starts_with("const INJECTED") && !line.trim_start().starts_with("const ALSO"));
        }
    }
}

/// A name that is not plain (a bidi control in a variant or piece name, a newline in an
/// import's section) is refused at its place: names reach the module as Rust names and docs.
#[test]
fn a_hostile_name_is_refused() {
    for (text, at) in [
        ("variant chess\u{202e}x\nboard 5x5\npiece K king K\n", ":1:14"),
        ("variant chess\nboard 5x5\npiece K ki\u{2066}ng K\n", ":3:11"),
    ] {
        let file = Temp::new("hostile-name.variant", text.as_bytes());
        let (code, out, err) = run(&["compile", &file.path()]);
        assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
        assert!(err.contains(&format!("{}{at}", file.path())), "{err}");
    }
    let ini = Temp::new("hostile-name.ini", b"[tiny:chess]\nmaxFile = 5\n");
    let (code, out, err) = run(&["import", &ini.path(), "--section", "tiny]\npiece Z zapper Q\n["]);
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert!(err.contains("no section"), "{err}");
}

/// `import` from a folder whose name holds a newline and a piece line: the variant file gains
/// no line from it (its comments quote the path escaped), and it compiles to the same pieces.
#[cfg(unix)]
#[test]
fn a_hostile_ini_folder_adds_no_line_to_the_variant() {
    let dir = TempDir::new("hostile-ini");
    let folder = dir.0.join("ini\npiece Z zapper Q\n# ");
    std::fs::create_dir_all(&folder).unwrap();
    let ini = folder.join("v.ini");
    std::fs::write(&ini, "[tiny:chess]\nmaxFile = 5\nmaxRank = 5\n").unwrap();
    let out = fairy_magic()
        .current_dir(&dir.0)
        .args(["-q", "import"])
        .arg(&ini)
        .args(["--section", "tiny"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let variant = String::from_utf8(out.stdout).unwrap();
    assert!(!variant.lines().any(|l| l.starts_with("piece Z")), "{variant}");
    assert!(variant.lines().next().unwrap().contains("ini\\u{a}piece Z zapper Q\\u{a}#"), "{variant}");
    assert!(variant.split('\n').all(|l| !has_live_characters(l)), "{variant}");
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
