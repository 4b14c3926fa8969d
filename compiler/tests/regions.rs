//! Regions through the library and the binary: a variant file's `region`, `confine` and
//! `moves ... in` lines, Fairy-Stockfish's `mobilityRegion*` keys, `show`, and the reverse
//! queries `attackers` and `between` on the command line.

use std::io::Write;

use fairy_magic::stages::board::{Square, Squares};
use std::process::{Command, Stdio};

use fairy_magic::{Options, Source};

fn run(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap())
}

const PALACES: &str = "[palaces:chess]
king = k
mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2
mobilityRegionBlackKing = d8 e8 f8 d7 e7 f7
customPiece1 = a:F
mobilityRegionWhiteCustomPiece1 = *1 *2
";

#[test]
fn mobility_regions_become_confined_pieces() {
    let (text, _) = fairy_magic::stages::import::import("palaces.ini", PALACES, "palaces").unwrap();
    assert!(
        text.contains("region king-region d1 e1 f1 d2 e2 f2 black d8 e8 f8 d7 e7 f7\nconfine K king-region"),
        "{text}"
    );
    assert!(text.contains("region custom-1-region a1-h1 a2-h2 black a1-h8\nconfine A custom-1-region"), "{text}");
    let module = fairy_magic::compile(&Source { file: "palaces.variant", text: &text }, &Options::new()).unwrap().text;
    assert!(module.contains("pub fn attackers"));
}

#[test]
fn a_confined_piece_neither_leaves_nor_enters_from_outside() {
    let text = "variant p\nboard 8x8\nregion home a1-h2\npiece K king K\nconfine K home\n";
    let source = fairy_magic::stages::error::Source { file: "p.variant", text };
    let (variant, moves) = fairy_magic::stages::pipeline::read(&source).unwrap();
    let board = variant.board;
    let kind = fairy_magic::stages::table_kind::TableKind::Quiet;
    let from_e2 =
        fairy_magic::stages::reference::reach_piece(board, &moves[0][0], Square::new(12), Squares::EMPTY, kind);
    assert_eq!(from_e2, Squares::from(0b0011_1000_0010_1000_0011_1000u64 & 0xffff));
    // Black's region is White's turned 180°: ranks 7 and 8.
    let black_from_e7 =
        fairy_magic::stages::reference::reach_piece(board, &moves[0][1], Square::new(52), Squares::EMPTY, kind);
    assert_eq!(black_from_e7 & Squares::from(0xffff_ffff_ffffu64), Squares::EMPTY);
    assert_eq!(
        fairy_magic::stages::reference::reach_piece(board, &moves[0][0], Square::new(28), Squares::EMPTY, kind),
        Squares::EMPTY,
        "e4 is outside"
    );
}

#[test]
fn show_marks_the_region() {
    let (ok, out) = run(&["show", "variants/xiangqi.variant", "general", "--from", "e2", "--ascii"], "");
    assert!(ok, "{out}");
    assert!(out.contains(" 3  . . . : * : . . .") && out.contains(": its region"), "{out}");
}

#[test]
fn attackers_and_between_on_the_command_line() {
    let (ok, out) = run(&["attackers", "[W-F]", "--board", "9x10", "--to", "e5", "--friends", "e6"], "");
    assert!(ok, "{out}");
    assert_eq!(out, "d3 f3 c4 g4 c6 g6 d7 f7\n");
    let (_, walked) =
        run(&["attackers", "[W-F]", "--board", "9x10", "--to", "e5", "--friends", "e6", "--via", "reference"], "");
    assert_eq!(walked, out);
    let (_, json) = run(&["attackers", "R", "--to", "a1", "--foes", "a3", "--json"], "");
    assert_eq!(json, "{\"from\":[\"b1\",\"c1\",\"d1\",\"e1\",\"f1\",\"g1\",\"h1\",\"a2\",\"a3\"]}\n");
    let (ok, between) = run(&["between", "[W-F]", "--board", "9x10", "--from", "e5", "--to", "d7"], "");
    assert!(ok);
    assert_eq!(between, "e6\n");
    let (_, pawn) = run(&["attackers", "fmWfcF", "--to", "e4", "--black"], "");
    assert_eq!(pawn, "d5 f5\n");
}

#[test]
fn variant_pieces_on_the_command_line_keep_their_confinement() {
    let xiangqi = ["--variant", "variants/xiangqi.variant"];
    let ask = |args: &[&str]| run(&[args, &xiangqi].concat(), "");
    // Alone, the elephant's nA reaches a7 and e7 across the river; Xiangqi keeps it home.
    assert_eq!(run(&["moves", "nA", "--board", "9x10", "--from", "c5"], "").1, "a3 e3 a7 e7\n");
    for via in ["tables", "reference"] {
        assert_eq!(ask(&["moves", "elephant", "--from", "c5", "--via", via]), (true, "a3 e3\n".into()));
        assert_eq!(ask(&["attackers", "A", "--to", "d3", "--via", via]), (true, "e2\n".into()));
    }
    assert_eq!(ask(&["between", "E", "--from", "c5", "--to", "e3"]), (true, "d4\n".into()));
    let (ok, none) = ask(&["between", "E", "--from", "c5", "--to", "e7"]);
    assert!(ok && none.starts_with("note: no squares"), "{none}");
    let (ok, out) = ask(&["moves", "queen", "--from", "c5"]);
    assert!(!ok && out.contains("no piece `queen` in variants/xiangqi.variant; it has: K general"), "{out}");
    let (ok, out) = ask(&["moves", "E", "--from", "c5", "--board", "8x8"]);
    assert!(!ok && out.contains("cannot be used with"), "{out}");
}

#[test]
fn attackers_batch_answers_every_line_in_order() {
    let input = "{\"board\":\"9x10\",\"betza\":\"[W-F]\",\"to\":\"e5\",\"friends\":[\"e6\"]}\n\n\
                 {\"board\":\"8x8\",\"betza\":\"R\",\"to\":\"a1\",\"colour\":\"white\"}\n\
                 {\"board\":\"8x8\",\"betza\":\"ifmnD\",\"to\":\"e4\",\"virgin\":false}\n";
    let (ok, out) = run(&["attackers", "--batch"], input);
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "{\"from\":[\"d3\",\"f3\",\"c4\",\"g4\",\"c6\",\"g6\",\"d7\",\"f7\"]}");
    assert!(
        lines[1].starts_with("{\"error\"")
            && lines[2].contains("unknown key `colour`: a question has board, betza, to,"),
        "{out}"
    );
    assert_eq!(lines[3], "{\"from\":[]}");
}
