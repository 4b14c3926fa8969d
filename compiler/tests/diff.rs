//! `fairy-magic diff`: pairs of variant files, the exit statuses and the report.

use std::path::{Path, PathBuf};
use std::process::Command;

const CHESS: &str = include_str!("../../variants/chess.variant");

fn dir(name: &str) -> PathBuf {
    // In the target folder, not the machine's temp folder: these folders are left for a look.
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("diff-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(d: &Path, name: &str, text: &str) -> PathBuf {
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs `fairy-magic diff ARGS` in `cwd`: exit status and standard output (and error).
fn diff_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic")).current_dir(cwd).arg("diff").args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn diff_pair(name: &str, old: &str, new: &str, extra: &[&str]) -> (i32, String, String) {
    let d = dir(name);
    let (a, b) = (write(&d, "old.variant", old), write(&d, "new.variant", new));
    let mut args = vec![a.to_str().unwrap(), b.to_str().unwrap()];
    args.extend(extra);
    diff_in(&d, &args)
}

#[test]
fn identical_files_change_nothing() {
    let (code, out, _) = diff_pair("same", CHESS, &format!("# a comment\n{CHESS}"), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("**No move changed.** No table changed."), "{out}");
}

#[test]
fn an_option_changes_only_the_layout() {
    let (code, out, _) = diff_pair("layout", CHESS, &format!("option max-bits 8\noption lines never\n{CHESS}"), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("**No move changed.**") && out.contains("### Layout only"), "{out}");
    assert!(out.contains("| R rook | bit budget |"), "{out}");
}

#[test]
fn an_added_piece_is_a_change() {
    let (code, out, _) = diff_pair("added", CHESS, &format!("{CHESS}piece A archbishop BN\n"), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("- added: `A archbishop` `BN`"), "{out}");
    assert!(!out.contains("### Moves"), "no other piece's moves changed: {out}");
}

/// A change on every square is summarised, not spelt out square by square (64 names here,
/// 100 on 10x10).
#[test]
fn a_change_on_every_square_says_so() {
    let (code, out, _) = diff_pair("every", CHESS, &CHESS.replace("piece N knight N", "piece N knight NW"), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("| N knight | white | quiet | every square (64) |"), "{out}");
    assert!(!out.contains("a1 b1 c1"), "{out}");
}

#[test]
fn a_renamed_piece_keeps_its_moves() {
    let (code, out, _) = diff_pair("renamed", CHESS, &CHESS.replace("knight", "horse"), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("- renamed: `N` knight → horse"), "{out}");
    assert!(!out.contains("### Moves"), "{out}");
}

#[test]
fn a_removed_move_lists_its_squares() {
    let (code, out, _) = diff_pair("pawn", CHESS, &CHESS.replace("fmWfcFifmnD", "fmWfcF"), &["--ascii"]);
    assert_eq!(code, 1, "{out}");
    let row = out.lines().find(|l| l.starts_with("| P pawn | white | initial quiet |")).expect(&out);
    assert!(row.contains(" e2 ") && row.contains("(48)"), "{row}");
    assert!(out.contains("| P pawn | black | initial quiet |"), "{out}");
    assert!(!out.contains("| P pawn | white | quiet |"), "the plain step did not change: {out}");
    assert!(out.contains("Only in OLD: a3. Only in NEW: none."), "{out}");
}

#[test]
fn a_region_change_is_reported() {
    let xiangqi = include_str!("../../variants/xiangqi.variant");
    let line = xiangqi.lines().find(|l| l.starts_with("region ")).unwrap();
    let name = line.split_whitespace().nth(1).unwrap();
    let changed = xiangqi.replace(line, &format!("region {name} a1"));
    let (code, out, _) = diff_pair("region", xiangqi, &changed, &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&format!("region `{name}` changed:")), "{out}");
    assert!(out.contains("### Moves"), "a confined piece's moves follow its region: {out}");
}

#[test]
fn json_parses() {
    let (code, out, _) = diff_pair("json", CHESS, &CHESS.replace("fmWfcFifmnD", "fmWfcF"), &["--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"][0]["piece"], "P pawn");
    assert_eq!(v["first"]["only_old"][0], "a3");
}

#[test]
fn bad_input_exits_2_at_its_place() {
    let (code, _, err) = diff_pair("bad", CHESS, &format!("{CHESS}piece Z zebra Xq\n"), &[]);
    assert_eq!(code, 2, "{err}");
    // The bad line is the one after the file's last.
    let line = CHESS.lines().count() + 1;
    assert!(err.contains(&format!("new.variant:{line}:")), "{err}");
    let (code, _, _) = diff_pair("args", CHESS, CHESS, &["--no-such-flag"]);
    assert_eq!(code, 2);
}

fn git(cwd: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(cwd)
        .args(["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn rev_works_from_a_subfolder() {
    let d = dir("rev");
    git(&d, &["init", "-q"]);
    std::fs::create_dir_all(d.join("variants")).unwrap();
    std::fs::create_dir_all(d.join("sub")).unwrap();
    write(&d.join("variants"), "chess.variant", CHESS);
    git(&d, &["add", "."]);
    git(&d, &["commit", "-qm", "one"]);
    write(&d.join("variants"), "chess.variant", &format!("{CHESS}piece A archbishop BN\n"));
    git(&d, &["commit", "-qam", "two"]);
    let (code, out, err) = diff_in(&d.join("sub"), &["../variants/chess.variant", "--rev", "HEAD~1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("HEAD~1:variants/chess.variant") && out.contains("archbishop"), "{out}");
    let (code, _, err) = diff_in(&d.join("sub"), &["../variants/chess.variant", "--rev", "no-such-rev"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn git_diff_runs_it_as_an_external_diff() {
    let d = dir("driver");
    git(&d, &["init", "-q"]);
    write(&d, ".gitattributes", "*.variant diff=fairy-magic\n");
    write(&d, "chess.variant", CHESS);
    git(&d, &["add", "."]);
    git(&d, &["commit", "-qm", "one"]);
    write(&d, "chess.variant", &CHESS.replace("knight", "horse"));
    let command = format!("{} diff --git", env!("CARGO_BIN_EXE_fairy-magic"));
    let out = git(&d, &["-c", &format!("diff.fairy-magic.command={command}"), "diff"]);
    assert!(out.contains("a/chess.variant") && out.contains("- renamed: `N` knight → horse"), "{out}");
}

#[test]
fn a_redundant_move_changes_no_move() {
    // The lame dabbaba's path moves are new, but the plain one already reaches every square
    // it does, under every occupancy.
    let (code, out, _) =
        diff_pair("redundant", "variant a\nboard 8x8\npiece X x D\n", "variant a\nboard 8x8\npiece X x DnD\n", &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("**No move changed.**") && !out.contains("### Moves"), "{out}");
    let (code, out, _) =
        diff_pair("lame", "variant a\nboard 8x8\npiece X x D\n", "variant a\nboard 8x8\npiece X x nD\n", &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("| X x | white | quiet |")
            && out.contains("from a1, occupied: b1. Only in OLD: c1. Only in NEW: none."),
        "{out}"
    );
}

/// A revision is never an option of git's, and an empty one is refused (issue #45): git once
/// wrote the file `--output` named, and `--rev ''` compared with the staging area and passed.
#[test]
fn a_hostile_or_empty_revision_is_refused() {
    let d = dir("hostile-rev");
    git(&d, &["init", "-q"]);
    write(&d, "chess.variant", CHESS);
    git(&d, &["add", "."]);
    git(&d, &["commit", "-qm", "one"]);
    let injected = d.join("INJECTED");
    for rev in [format!("--rev=--output={}", injected.display()), "--rev=".to_string(), "--rev=-p".to_string()] {
        let (code, out, err) = diff_in(&d, &["chess.variant", &rev]);
        assert_eq!((code, out.as_str()), (2, ""), "{rev}: {err}");
        assert!(err.contains("refused"), "{rev}: {err}");
    }
    let written: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!written.iter().any(|n| n.to_string_lossy().starts_with("INJECTED")), "{written:?}");
    let (code, out, err) = diff_in(&d, &["chess.variant", "--rev", "HEAD"]);
    assert_eq!(code, 0, "{out}{err}");
}

/// `git show`'s output is read up to the input cap: an old blob past it is an error, not a
/// blob held whole in memory.
#[test]
fn an_old_blob_past_the_cap_is_an_error() {
    let d = dir("big-blob");
    git(&d, &["init", "-q"]);
    let big = format!("#{}\n{CHESS}", " ".repeat(17 << 20));
    write(&d, "chess.variant", &big);
    git(&d, &["add", "."]);
    git(&d, &["commit", "-qm", "one"]);
    write(&d, "chess.variant", CHESS);
    let (code, _, err) = diff_in(&d, &["chess.variant", "--rev", "HEAD"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("longer than the limit"), "{err}");
}

/// A file name's backtick or newline stays inside the report's heading, escaped.
#[cfg(unix)]
#[test]
fn a_file_name_cannot_break_the_report() {
    let d = dir("names");
    let old = write(&d, "old`x\n## injected\u{202e}.variant", CHESS);
    let new = write(&d, "new.variant", &format!("{CHESS}piece A archbishop BN\n"));
    let (code, out, err) = diff_in(&d, &[old.to_str().unwrap(), new.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let heading = out.lines().next().unwrap();
    assert!(heading.starts_with("## fairy-magic diff: ``") && heading.contains(r"x\u{a}## injected\u{202e}"), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("## injected")), "{out}");
}

/// Of git's seven arguments only the old file (second) and the new file (fifth) say a file
/// was added or deleted: `/dev/null` as the path or elsewhere is no side.
#[test]
fn git_dev_null_counts_only_as_a_file_argument() {
    let d = dir("dev-null");
    let (old, new) = (write(&d, "old.variant", CHESS), write(&d, "new.variant", CHESS));
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let hex = "0000000000000000000000000000000000000000";
    let (code, out, err) = diff_in(&d, &["--git", "/dev/null", old, hex, "100644", new, hex, "100644"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("**No move changed.**"), "{out}");
    let (code, out, _) = diff_in(&d, &["--git", "x.variant", "/dev/null", hex, "100644", new, hex, "100644"]);
    assert_eq!((code, out.as_str()), (0, "`x.variant`: file added\n"));
    let (code, out, _) = diff_in(&d, &["--git", "x.variant", old, hex, "100644", "/dev/null", hex, "100644"]);
    assert_eq!((code, out.as_str()), (0, "`x.variant`: file deleted\n"));
}
