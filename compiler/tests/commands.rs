//! Every subcommand and flag through the built binary, as a user runs it: `compile` (`-o`,
//! `--index`, `--seed`, `--max-bits`), `moves` (`--via`, `--black`, `--moved`, `--json`,
//! `--batch`), `show` (`--svg`) and `import` (`-o`); the exit codes 0 (success), 1 (a user
//! error) and 2 (an internal error); and the write through a temporary file and a rename.
//! Assertions are on exit codes, files and answers, not on the wording of messages.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    run_with_input(args, None)
}

fn run_with_input(args: &[&str], input: Option<&str>) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(root())
        .args(args)
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = input {
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairy-magic-commands-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

const SMALL: &str = "variant small\nboard 5x5\npiece K king K\npiece R rook R\npiece P pawn fmWfcFifmnD\n";

#[test]
fn compile_settings_reach_the_module() {
    let dir = scratch("settings");
    let file = dir.join("small.variant");
    std::fs::write(&file, SMALL).unwrap();
    let file = file.display().to_string();
    let out = |name: &str| dir.join(name).display().to_string();
    // Standard output when there is no -o.
    let (code, stdout, _) = run(&["-q", "compile", &file]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("pub fn attacks(") && stdout.contains("index magic; seed 0"), "{stdout}");
    for (index, seed) in [("split32", "7"), ("pext", "8"), ("magic", "9")] {
        let target = out(&format!("{index}.rs"));
        let (code, _, err) = run(&[
            "-q",
            "compile",
            &file,
            "-o",
            &target,
            "--index",
            index,
            "--seed",
            seed,
            "--max-bits",
            "3",
            "--lines",
            "never",
        ]);
        assert_eq!(code, Some(0), "{err}");
        let module = std::fs::read_to_string(&target).unwrap();
        assert!(module.contains(&format!("; index {index}")), "{index}: {}", &module[..800]);
        assert!(module.contains(&format!("; seed {seed};")), "{index}: {}", &module[..800]);
        // The rook's slides need more than 3 bits a lookup: the budget shows in its row.
        assert!(module.contains("| R rook | `R` | 3 | max-bits |"), "{index}: {}", &module[..1500]);
        // Relative to the module's folder, with the flags that change what the file gives.
        let flags = if index == "magic" { String::new() } else { format!(" --index {index}") };
        let command =
            format!("fairy-magic compile small.variant -o {index}.rs --max-bits 3 --lines never --seed {seed}{flags}`");
        assert!(module.contains(&command), "{command}: {}", &module[..800]);
    }
    // The seed changes the magics, and the same seed gives the same bytes.
    let again = out("again.rs");
    let other = out("other.rs");
    let tables = ["--max-bits", "3", "--lines", "never"];
    assert_eq!(run(&[&["-q", "compile", &file, "-o", &again, "--seed", "9"][..], &tables].concat()).0, Some(0));
    assert_eq!(run(&[&["-q", "compile", &file, "-o", &other, "--seed", "10"][..], &tables].concat()).0, Some(0));
    let body = |p: &str| {
        let text = std::fs::read_to_string(p).unwrap();
        // From the module's board on: the header and the format check name the command, whose
        // output file differs.
        text[text.find("fairy_magic_runtime::board!(").unwrap()..].to_string()
    };
    assert_eq!(body(&again), body(&out("magic.rs")), "same seed, same tables");
    assert_ne!(body(&again), body(&other), "another seed, other magics");
    // Out-of-range settings are user errors.
    for bad in [["--max-bits", "0"], ["--max-bits", "21"], ["--index", "fancy"], ["--seed", "-1"]] {
        let (code, stdout, _) = run(&["compile", &file, bad[0], bad[1]]);
        assert_eq!((code, stdout.as_str()), (Some(1), ""), "{bad:?}");
    }
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_leaves_the_old_file_and_no_temporary() {
    let dir = scratch("write");
    let file = dir.join("small.variant");
    std::fs::write(&file, SMALL).unwrap();
    let file = file.display().to_string();
    // The temporary file's name is never one of the user's: a `module.rs.tmp` beside the
    // target is left alone and the write goes through.
    let target = dir.join("module.rs");
    std::fs::write(&target, "old").unwrap();
    std::fs::create_dir(dir.join("module.rs.tmp")).unwrap();
    let (code, _, err) = run(&["-q", "compile", &file, "-o", &target.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(dir.join("module.rs.tmp").is_dir());
    std::fs::remove_dir(dir.join("module.rs.tmp")).unwrap();
    // The target is a directory: the write fails, the error is a user's (1), and the
    // directory and what it holds stay as they were.
    let taken = dir.join("taken.rs");
    std::fs::create_dir(&taken).unwrap();
    std::fs::write(taken.join("inside"), "old").unwrap();
    let (code, _, err) = run(&["-q", "compile", &file, "-o", &taken.display().to_string()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("cannot write"), "{err}");
    assert_eq!(std::fs::read_to_string(taken.join("inside")).unwrap(), "old");
    std::fs::remove_dir_all(&taken).unwrap();
    // A directory that does not exist: nothing is written anywhere.
    let missing = dir.join("no-such-dir/module.rs");
    let (code, _, _) = run(&["-q", "compile", &file, "-o", &missing.display().to_string()]);
    assert_eq!(code, Some(1));
    assert!(!dir.join("no-such-dir").exists());
    // A success replaces the old file and leaves no temporary behind.
    let (code, _, err) = run(&["-q", "compile", &file, "-o", &target.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::read_to_string(&target).unwrap().contains("pub fn attacks("));
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `compile -o <a directory>`: the write fails, as it should, and the temporary written before
/// the rename is removed.
#[test]
fn a_failed_rename_leaves_no_temporary() {
    let dir = scratch("rename");
    let file = dir.join("small.variant");
    std::fs::write(&file, SMALL).unwrap();
    std::fs::create_dir(dir.join("out")).unwrap();
    let (code, _, err) =
        run(&["-q", "compile", &file.display().to_string(), "-o", &dir.join("out").display().to_string()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(dir.join("out").is_dir());
    assert!(leftovers(&dir).is_empty(), "left behind: {:?}", leftovers(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn squares(stdout: &str) -> Vec<&str> {
    stdout.split_whitespace().collect()
}

#[test]
fn moves_flags_change_the_answer_as_documented() {
    let moves = |extra: &[&str]| {
        let mut args = vec!["moves"];
        args.extend_from_slice(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{extra:?}: {stderr}");
        stdout
    };
    // --black turns the moves through 180°: a chiral knight keeps its squares, a forward one
    // does not.
    assert_eq!(squares(&moves(&["hrN", "--from", "d4", "--black"])), ["c2", "f3", "b5", "e6"]);
    assert_eq!(squares(&moves(&["ffN", "--from", "d4"])), ["c6", "e6"]);
    assert_eq!(squares(&moves(&["ffN", "--from", "d4", "--black"])), ["c2", "e2"]);
    // --moved drops the first-move-only (i) moves.
    assert_eq!(squares(&moves(&["fmWfcFifmnD", "--from", "d2"])), ["d3", "d4"]);
    assert_eq!(squares(&moves(&["fmWfcFifmnD", "--from", "d2", "--moved"])), ["d3"]);
    assert_eq!(squares(&moves(&["fmWfcFifmnD", "--from", "d7", "--black"])), ["d5", "d6"]);
    // --via reference answers through the walker, the default through the tables: the same.
    for piece in ["[F?R]", "mRcpR", "gQ", "[W-F-F]", "mafsW"] {
        let args = ["--board", "9x10", "--from", "e5", "--friends", "e7,c5", "--foes", "g7,e2"];
        let mut with = vec![piece];
        with.extend_from_slice(&args);
        let tables = moves(&with);
        with.extend_from_slice(&["--via", "reference"]);
        assert_eq!(tables, moves(&with), "{piece}");
        with.truncate(with.len() - 2);
        with.extend_from_slice(&["--via", "tables"]);
        assert_eq!(tables, moves(&with), "{piece}");
    }
    // --json splits quiet moves and captures.
    let json: serde_json::Value =
        serde_json::from_str(&moves(&["R", "--from", "a1", "--friends", "a3", "--foes", "c1", "--json"])).unwrap();
    assert_eq!(json["quiet"], serde_json::json!(["b1", "a2"]));
    assert_eq!(json["capture"], serde_json::json!(["c1"]));
    assert_eq!(json["dest"], serde_json::json!(["b1", "c1", "a2"]));
    // User errors: a bad square, a bad board, a bad piece, --batch with a piece.
    for bad in [
        &["R", "--from", "z9"][..],
        &["R", "--from", "a1", "--board", "17x9"],
        &["R", "--from", "a1", "--friends", "b1", "--foes", "b1"],
        // The piece's own square holds no other piece (it used to be dropped silently).
        &["N", "--from", "d4", "--foes", "d4"],
        &["N", "--from", "d4", "--friends", "c2,d4"],
        &["Rq", "--from", "a1"],
        &["R", "--batch"],
        &["R"],
    ] {
        let mut args = vec!["moves"];
        args.extend_from_slice(bad);
        let (code, stdout, _) = run(&args);
        assert_eq!((code, stdout.as_str()), (Some(1), ""), "{bad:?}");
    }
}

/// `moves --batch` on the outside oracle sample (a slice of it: every distinct piece is a
/// compile) through the binary, both ways, and a line that is not a question.
#[test]
fn batch_answers_the_oracle_sample_through_the_binary() {
    let sample = include_str!("data/oracle-sample.jsonl");
    let lines: Vec<&str> = sample.lines().filter(|l| !l.trim().is_empty()).step_by(9).collect();
    let mut input = lines.join("\n");
    input.push_str("\nnot json\n{\"board\":\"8x8\",\"betza\":\"fmWfceF\",\"from\":\"d4\",\"friends\":[],\"foes\":[],\"color\":\"white\",\"virgin\":true}\n");
    for via in ["tables", "reference"] {
        let (code, stdout, stderr) = run_with_input(&["moves", "--batch", "--via", via], Some(&input));
        assert_eq!(code, Some(0), "{stderr}");
        let answers: Vec<serde_json::Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(answers.len(), lines.len() + 2, "one answer a question");
        for (line, answer) in lines.iter().zip(&answers) {
            let q: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(answer["dest"], q["dest"], "{via}: {line}");
        }
        assert!(answers[lines.len()]["error"].is_string());
        assert!(answers[lines.len() + 1]["error"].as_str().unwrap().contains("en passant"));
    }
}

/// `unmoved` is the batch key for a piece that has not moved; `virgin`, the oracle files'
/// word, reads the same, and either set to false drops the first-move (`i`) moves.
#[test]
fn batch_reads_unmoved_and_its_oracle_spelling_virgin() {
    let line = |key: &str, value: bool| {
        format!("{{\"board\":\"8x8\",\"betza\":\"fmWifmnD\",\"from\":\"d2\",\"{key}\":{value}}}\n")
    };
    let input: String =
        [line("unmoved", true), line("unmoved", false), line("virgin", true), line("virgin", false)].concat();
    let (code, stdout, stderr) = run_with_input(&["moves", "--batch"], Some(&input));
    assert_eq!(code, Some(0), "{stderr}");
    let dests: Vec<serde_json::Value> =
        stdout.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["dest"].clone()).collect();
    assert_eq!(
        dests,
        [
            serde_json::json!(["d3", "d4"]),
            serde_json::json!(["d3"]),
            serde_json::json!(["d3", "d4"]),
            serde_json::json!(["d3"])
        ]
    );
}

#[test]
fn show_draws_a_piece_and_writes_its_picture() {
    let dir = scratch("show");
    let svg = dir.join("griffon.svg");
    let (code, stdout, err) = run(&[
        "show",
        "variants/gallery.variant",
        "griffon",
        "--from",
        "d4",
        "--foes",
        "c3",
        "--friends",
        "e5",
        "--ascii",
        "--svg",
        &svg.display().to_string(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(stdout.is_ascii() && stdout.lines().count() >= 8, "{stdout}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    // By letter, black, moved, on its default square.
    let (code, _, err) = run(&["show", "variants/chess.variant", "P", "--black", "--moved"]);
    assert_eq!(code, Some(0), "{err}");
    for bad in [
        &["variants/chess.variant", "griffon"][..],
        &["variants/chess.variant", "N", "--from", "i9"],
        &["missing.variant", "N"],
    ] {
        let mut args = vec!["show"];
        args.extend_from_slice(bad);
        assert_eq!(run(&args).0, Some(1), "{bad:?}");
    }
    assert!(leftovers(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn import_writes_a_variant_file_that_compiles() {
    let dir = scratch("import");
    let target = dir.join("capablanca-like.variant");
    let ini = "compiler/tests/data/fsf-example.ini";
    let (code, _, err) = run(&["import", ini, "--section", "capablanca-like", "-o", &target.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.contains("board 10x8") && text.contains("piece A archbishop BN"), "{text}");
    // To standard output, the same text.
    let (code, stdout, _) = run(&["-q", "import", ini, "--section", "capablanca-like"]);
    assert_eq!((code, stdout.as_str()), (Some(0), text.as_str()));
    let (code, module, err) = run(&["-q", "compile", &target.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(module.contains("Archbishop"));
    for bad in
        [&[ini, "--section", "no-such-section"][..], &[ini, "--section", "broken"], &["missing.ini", "--section", "x"]]
    {
        let mut args = vec!["import"];
        args.extend_from_slice(bad);
        let (code, stdout, _) = run(&args);
        assert_eq!((code, stdout.as_str()), (Some(1), ""), "{bad:?}");
    }
    assert!(leftovers(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An internal error, injected (`FAIRY_MAGIC_FAULT=internal`, the binary's one test hook),
/// exits 2 with its message on standard error and nothing on standard output. Only a binary
/// with debug assertions (the dev profile tests build) has the hook; a release one ignores it.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "a release binary has no fault injection")]
fn an_internal_error_exits_two() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .args(["moves", "N", "--from", "d4"])
        .env("FAIRY_MAGIC_FAULT", "internal")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("internal error"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Exit status 2 is for internal errors, a table disagreeing with the reference. There is no
/// way to provoke a real one through the binary without changing the compiler: the one the fuzzer found
/// (`[W?mN]`, see tests/bugs.rs) is fixed. So this test holds the other side of the contract:
/// such pieces answer with status 0 and the right squares (the independent interpreter's), and
/// `--help` documents the meaning of 2. An internal error must never come out as 1 or 0.
#[test]
fn exit_status_two_is_documented_and_the_fuzzers_internal_error_is_gone() {
    let (code, stdout, stderr) = run(&["moves", "[W?mN]", "--from", "a1", "--foes", "b1"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(squares(&stdout), ["b1", "a2", "b4"]);
    let (code, stdout, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("2 an internal error"), "{stdout}");
    let dir = scratch("internal");
    let file = dir.join("bug.variant");
    std::fs::write(&file, "variant bug\nboard 4x4\npiece X x [W?mN]\npiece Y y [dW?F]\n").unwrap();
    let target = dir.join("bug.rs");
    let (code, _, stderr) = run(&["-q", "compile", &file.display().to_string(), "-o", &target.display().to_string()]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(target.exists() && leftovers(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An empty answer prints nothing, not a blank line, so that a script reading the squares gets
/// none; a note on standard error says so, unless `-q`. The same for every command that answers
/// with squares.
#[test]
fn an_empty_answer_prints_nothing_and_says_so() {
    for args in [
        &["moves", "mW", "--from", "a1", "--friends", "a2,b1"][..],
        &["attackers", "N", "--to", "a1", "--board", "2x2"],
        &["between", "N", "--from", "a1", "--to", "b3"],
    ] {
        let (code, stdout, stderr) = run(args);
        assert_eq!((code, stdout.as_str()), (Some(0), ""), "{args:?}: {stderr}");
        assert!(stderr.starts_with("note: no squares: "), "{args:?}: {stderr}");
        let (code, stdout, stderr) = run(&[&["-q"][..], args].concat());
        assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), "", ""), "{args:?}");
    }
    // An answer with squares is unchanged: one line, and nothing on standard error.
    let (code, stdout, stderr) = run(&["between", "R", "--from", "a1", "--to", "a3"]);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (Some(0), "a2\n", ""));
}
