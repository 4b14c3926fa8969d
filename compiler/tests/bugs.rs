//! Compiler bugs found by the tests, kept as regression tests once fixed (and, while open, as
//! tests marked `#[ignore = "bug: ..."]`: `cargo test -p fairy-magic --test all bugs:: -- --ignored`).

use fairy_magic::stages::board::Board;
use fairy_magic::stages::query::{compile_piece, position, Question, Via};

fn dest(betza: &str, from: &str, friends: &[&str], foes: &[&str], via: Via) -> Result<Vec<String>, String> {
    let board = Board { files: 8, ranks: 8 };
    let q = Question::new("8x8", betza, from).around(friends, foes);
    let compiled = compile_piece(board, betza, via).map_err(|e| e.to_string())?;
    Ok(compiled.answer(board, &position(board, &q).unwrap()).dest)
}

/// Found by `tests/fuzz.rs` (`[K?mC]` on 1x2) before main's regions change: a bracket with a `?`
/// stop whose last leg names its modes, or with a `d` anywhere, was an internal error (the tables
/// and the reference walker disagreed; `fairy-magic moves '[W?mN]' --from a1` exited 2). XBETZA.md:
/// a `?` square "is then a destination: with the m / c / d letters written on that leg if any,
/// else m+c". The expected lists are the independent interpreter's (generated/tests/xbetza).
#[test]
fn a_question_mark_square_keeps_its_own_modes_whatever_the_last_leg_says() {
    let (friends, foes) = (&["c4"][..], &["e5", "b3"][..]);
    for (betza, expected) in [
        ("[W?mN]", "c2 f2 b3 d3 f4"),
        ("[mK?cN]", "b2 c2 d2 d3 b4 d4"),
        ("[K?mC]", "g1 b2 c2 d2 g2 b3 d3 b4 d4 g4 g5 a7 e7"),
        ("[F?mR]", "b1 d1 a2 b2 d2 e2 f2 g2 h2 a4 b4 d4 e4 f4 g4 h4 b5 d5 b6 d6 b7 d7 b8 d8"),
        ("[W?cR]", "c2 b3 d3"),
        ("[W-F?mN]", "b1 d1 g1 e2 e4 g5 f6"),
        ("[W?F-mN]", "g1 c2 b3 d3 g5 f6"),
        ("[dW?F]", "b1 d1 e2 e4"),
        ("[W?dF]", "c2 b3 d3"),
        ("[W-dW?W]", "f3"),
    ] {
        let expected: Vec<&str> = expected.split_whitespace().collect();
        for via in [Via::Tables, Via::Reference] {
            let got = dest(betza, "c3", friends, foes, via).unwrap_or_else(|e| panic!("{betza}: {e}"));
            assert_eq!(got, expected, "{betza} {via:?}");
        }
    }
    // A foe on the `?` square: captured there, and the move goes no further through it.
    assert_eq!(dest("[W?mN]", "a1", &[], &["b1"], Via::Tables).unwrap(), ["b1", "a2", "b4"]);
    assert_eq!(dest("[mK?cN]", "a1", &[], &[], Via::Tables).unwrap(), ["b1", "a2", "b2"]);
}
