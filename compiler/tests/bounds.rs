//! Bounded on every input: inputs that once took unbounded memory, time or stack end in a
//! located error that names the limit. Sizes are small enough to keep the tests fast; they
//! assert outcomes (exit 1, the place, the limit named), not times.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn fairy_magic() -> Command {
    Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fairy-magic-bounds-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles `text` as a variant file: (exit status, stderr).
fn compile(name: &str, text: &str) -> (Option<i32>, String) {
    let dir = scratch(name);
    let file = dir.join("x.variant");
    std::fs::write(&file, text).unwrap();
    let out = fairy_magic().arg("compile").arg(&file).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn piece(betza: &str) -> String {
    format!("variant t\nboard 8x8\npiece X x {betza}\n")
}

#[test]
fn chains_are_counted_before_they_are_built() {
    for betza in [
        "mafs".repeat(50) + "W",
        "mavs".repeat(50) + "W",
        "mpafs".repeat(50) + "W",
        "yafs".repeat(50) + "F",
        "mafs".repeat(20) + "K",
        format!("[{}]", ["W", "F"].repeat(10).join("-")),
        format!("[{}]", ["W", "F"].repeat(10).join("?")),
        format!("[W-{}]", ["vsW"; 11].join("-")),
    ] {
        let (code, err) = compile("chains", &piece(&betza));
        assert_eq!(code, Some(1), "{betza}: {err}");
        assert!(err.contains("x.variant:3:11"), "{betza}: located at the piece's XBetza: {err}");
        assert!(err.contains("limit of 10000") || err.contains("at most 32 legs"), "{betza}: names the limit: {err}");
    }
}

#[test]
fn long_moves_are_an_error_not_a_deep_recursion() {
    // Each fits the 4096-byte statement limit, so the XBetza reader's own limits answer.
    for betza in ["mafs".repeat(300) + "W", format!("[{}]", ["W"; 1500].join("-")), "W".repeat(4000)] {
        let (code, err) = compile("long", &piece(&betza));
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("x.variant:3:"), "{err}");
        assert!(err.contains("limit of 1024 bytes") || err.contains("at most 32 legs"), "{err}");
    }
    let (code, err) = compile("legs", &piece(&format!("[{}]", ["W"; 40].join("-"))));
    assert_eq!(code, Some(1));
    assert!(err.contains("a move of 40 legs: at most 32"), "{err}");
}

#[test]
fn many_errors_are_reported_first_and_then_counted() {
    let junk: String = (0..30_000).map(|i| format!("junk{i} line\n")).collect();
    let (code, err) = compile("junk", &junk);
    assert_eq!(code, Some(1));
    assert!(err.contains("x.variant:20:1"), "{err}");
    assert!(!err.contains("x.variant:21:1"), "only the first 20 are shown: {err}");
    assert!(err.contains("and 29980 more errors (30000 in all)"), "{err}");
    let dups = format!("variant t\nboard 8x8\n{}", "piece K k W\n".repeat(10_000));
    let (code, err) = compile("dups", &dups);
    assert_eq!(code, Some(1));
    assert!(err.contains("and 9979 more errors"), "{err}");
}

#[test]
fn a_long_line_is_refused_before_it_is_parsed_and_a_long_comment_is_not() {
    let (code, err) = compile("long", &format!("variant t\nboard 8x8\npiece K k {}\n", "W".repeat(50_000)));
    assert_eq!(code, Some(1));
    assert!(err.contains("x.variant:3:4097"), "{err}");
    assert!(err.contains("more than the limit of 4096 bytes a statement"), "{err}");
    let comment = format!("variant t\nboard 8x8\npiece K k K # {}\n", "a long comment ".repeat(10_000));
    let (code, err) = compile("comment", &comment);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn many_regions_are_read_in_linear_time() {
    let regions: String = (0..20_000).map(|i| format!("region r{i} a1-h8\n")).collect();
    let text = format!("variant t\nboard 8x8\npiece K k K\n{regions}region r7 a1\n");
    let (code, err) = compile("regions", &text);
    assert_eq!(code, Some(1));
    assert!(err.contains("the region `r7` is defined twice"), "{err}");
    assert!(err.contains("x.variant:20004:8"), "{err}");
}

#[test]
fn an_endless_input_file_is_cut_at_the_cap() {
    let out = fairy_magic().args(["compile", "/dev/zero"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("longer than the limit of 16 MiB"));
}

#[test]
fn work_limits_are_capped_at_what_the_machine_can_do() {
    let text = "variant t\nboard 16x16\noption max-verify 1099511627776\npiece Q q Q\n";
    let (code, err) = compile("caps", text);
    assert_eq!(code, Some(1));
    assert!(err.contains("x.variant:3:19"), "{err}");
    assert!(err.contains("from 1 to 4000"), "{err}");
    let out = fairy_magic().args(["compile", "x.variant", "--max-trials", "1099511627776"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1..=4000"));
}

#[test]
fn the_write_leaves_every_neighbour_of_the_target_alone() {
    let dir = scratch("neighbours");
    std::fs::write(dir.join("x.variant"), "variant t\nboard 8x8\npiece K k K\n").unwrap();
    let neighbours = ["mod.rs.tmp", ".mod.rs.tmp", "mod.tmp", "mod.rs.bak"];
    for n in neighbours {
        std::fs::write(dir.join(n), n).unwrap();
    }
    let out = fairy_magic().current_dir(&dir).args(["compile", "x.variant", "-o", "mod.rs"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read_to_string(dir.join("mod.rs")).unwrap().contains("fn attacks"));
    for n in neighbours {
        assert_eq!(std::fs::read_to_string(dir.join(n)).unwrap(), n, "{n} survives");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), neighbours.len() + 2, "no temporary is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_stderr_never_turns_into_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let dir = scratch("full");
    std::fs::write(dir.join("bad.variant"), "variant t\nboard 8x8\npice K k K\n").unwrap();
    std::fs::write(dir.join("ok.variant"), "variant t\nboard 8x8\npiece K k K\n").unwrap();
    std::fs::write(dir.join("ok.ini"), "[tiny:chess]\nmaxRank = 6\n").unwrap();
    for (args, expected) in [
        (&["compile", "bad.variant"][..], 1),
        (&["-v", "compile", "ok.variant", "-o", "ok.rs"][..], 0),
        (&["moves", "W", "--board", "8x8", "--from", "z9"][..], 1),
        (&["attackers", "Q", "--board", "99x99", "--to", "a1"][..], 1),
        (&["between", "R", "--board", "8x8", "--from", "a1", "--to", "q1"][..], 1),
        (&["compile", "missing.variant"][..], 1),
        (&["show", "ok.variant", "K", "--from", "z9"][..], 1),
        (&["show", "ok.variant", "nobody"][..], 1),
        (&["-v", "show", "ok.variant", "K", "--svg", "ok.svg"][..], 0),
        (&["import", "missing.ini", "--section", "chess"][..], 1),
        (&["import", "ok.ini", "--section", "absent"][..], 1),
        (&["-v", "import", "ok.ini", "--section", "tiny", "-o", "tiny.variant"][..], 0),
    ] {
        let status = fairy_magic().current_dir(&dir).args(args).stderr(full.try_clone().unwrap()).status().unwrap();
        assert_eq!(status.code(), Some(expected), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_batch_answers_each_question_before_the_next_is_written() {
    let mut child =
        fairy_magic().args(["moves", "--batch"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |question: &[u8]| {
        input.write_all(question).unwrap();
        input.flush().unwrap();
        let mut answer = String::new();
        output.read_line(&mut answer).unwrap();
        answer
    };
    assert_eq!(ask(b"{\"board\":\"8x8\",\"betza\":\"W\",\"from\":\"a1\"}\n").trim(), r#"{"dest":["b1","a2"]}"#);
    let bad = ask(b"{\"board\":\"8x8\",\"betza\":\"W\xff\",\"from\":\"a1\"}\n");
    assert!(bad.contains("line 2: the byte 0xff at column 26 is not UTF-8"), "{bad}");
    let long = ask(format!("{}\n", "x".repeat(100_000)).as_bytes());
    assert!(long.contains("line 3 is longer than the limit of 65536 bytes"), "{long}");
    // The board spelled another way is the same board, answered from the same cache entry.
    assert_eq!(ask(b"{\"board\":\"008x8\",\"betza\":\"W\",\"from\":\"h8\"}\n").trim(), r#"{"dest":["h7","g8"]}"#);
    drop(input);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_piece_of_many_sliding_legs_is_stopped_by_its_paths_in_all() {
    let out = fairy_magic().args(["moves", "[R?fsR?fsR]", "--board", "16x16", "--from", "h8"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("more than 1048576 path moves over the whole board"), "{err}");
}

/// Riders of several legs on 16x16: each piece's path moves, and the slots' copies of them,
/// take some 80 MiB, so twenty took 2 GiB before a later limit refused them. They are counted
/// as they are found, and the piece that takes them past the limit is refused at its line,
/// long before the memory is taken (held here by a 1.5 GB address-space limit).
#[test]
fn many_heavy_riders_are_refused_before_their_paths_outgrow_memory() {
    let dir = scratch("riders");
    let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
    let pieces: String = letters.chars().enumerate().map(|(i, l)| format!("piece {l} p{i} [R-R-R]\n")).collect();
    std::fs::write(dir.join("x.variant"), format!("variant t\nboard 16x16\n{pieces}")).unwrap();
    let out = Command::new("bash")
        .current_dir(&dir)
        .arg("-c")
        .arg(format!("ulimit -v 1500000; exec '{}' -q compile x.variant -o x.rs", env!("CARGO_BIN_EXE_fairy-magic")))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("more than the limit of 768 MiB all pieces' together may take"), "{err}");
    assert!(err.contains("--> x.variant:12:1"), "at the piece that went over: {err}");
    assert!(!dir.join("x.rs").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `diff` pairs regions by name through a map: a file of many regions compares with itself
/// (once quadratic: 300,000 regions took four minutes).
#[test]
fn a_diff_of_many_regions_finishes() {
    let dir = scratch("diff-regions");
    let regions: String = (0..30_000).map(|i| format!("region r{i} a1\n")).collect();
    std::fs::write(dir.join("a.variant"), format!("variant t\nboard 8x8\npiece K k K\n{regions}")).unwrap();
    let kept: String = (0..29_999).map(|i| format!("region r{i} a1\n")).collect();
    let changed = format!("variant t\nboard 8x8\npiece K k K\n{kept}region r29999 b1\nregion new a2\n");
    std::fs::write(dir.join("b.variant"), changed).unwrap();
    let out = fairy_magic().current_dir(&dir).args(["diff", "a.variant", "a.variant"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = fairy_magic().current_dir(&dir).args(["diff", "a.variant", "b.variant"]).output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("region `r29999` changed: without a1 with b1"), "{report}");
    assert!(report.contains("region `new` added: a2"), "{report}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A heavy rider on 16x16 (`QmasQ[F?R]`: some 190,000 path moves) once took a minute and a GiB
/// to build tables for one question, and its error had no place and advised flags `attackers`
/// lacks. It is refused at the XBetza, advising only `--via reference`, which answers it.
#[test]
fn a_query_of_a_heavy_piece_is_refused_at_it_with_advice_it_can_take() {
    for command in [&["attackers", "QmasQ[F?R]", "--to", "h8"][..], &["moves", "QmasQNNgQmpQ", "--from", "h8"]] {
        let out = fairy_magic().args(command).args(["--board", "16x16"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("--> <XBetza>:1:1"), "{err}");
        assert!(err.contains("the piece has ") && err.contains("path moves"), "names the piece: {err}");
        assert!(err.contains("--via reference") && !err.contains("--max-"), "only its own flags: {err}");
        let out = fairy_magic().args(command).args(["--board", "16x16", "--via", "reference"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    }
    // In a batch, the heavy question's line is its error and the next question is answered.
    let mut child =
        fairy_magic().args(["moves", "--batch"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"{\"board\":\"16x16\",\"betza\":\"QmasQ\",\"from\":\"h8\"}\n").unwrap();
    input.write_all(b"{\"board\":\"8x8\",\"betza\":\"W\",\"from\":\"a1\"}\n").unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect();
    assert!(lines[0].contains("\"error\"") && lines[0].contains("--via reference"), "{lines:?}");
    assert_eq!(lines[1], r#"{"dest":["b1","a2"]}"#);
}

/// More threads than the system gives are fewer threads, not a panic (exit 134).
#[test]
fn a_huge_thread_count_compiles() {
    let dir = scratch("threads");
    std::fs::write(dir.join("x.variant"), "variant t\nboard 8x8\npiece K k K\npiece R r R\n").unwrap();
    let out =
        fairy_magic().current_dir(&dir).args(["-q", "compile", "x.variant", "--threads", "100000"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("fn attacks"));
    std::fs::remove_dir_all(&dir).unwrap();
}
