//! Compiler bugs found by the tests, each as a test that fails until the bug is fixed
//! (`cargo test -p fairy-magic --test bugs -- --ignored`). Remove the `ignore` with the fix.

use fairy_magic::board::Board;
use fairy_magic::query::{compile_piece, position, Question, Via};

fn dest(betza: &str, from: &str, foes: &[&str], via: Via) -> Result<Vec<String>, String> {
    let board = Board { files: 8, ranks: 8 };
    let q = Question {
        board: "8x8".into(),
        betza: betza.into(),
        from: from.into(),
        friends: vec![],
        foes: foes.iter().map(|s| s.to_string()).collect(),
        color: "white".into(),
        virgin: true,
    };
    let compiled = compile_piece(board, betza, via).map_err(|e| e.to_string())?;
    Ok(compiled.answer(board, &position(board, &q).unwrap()).dest)
}

/// XBETZA.md: a `?` square "is then a destination: with the m / c / d letters written on that
/// leg if any, else m+c". When the LAST leg names its modes, the compile fails with an internal
/// error: the tables follow the contract (the first leg's square keeps its own modes) and the
/// reference walker (`reference.rs`) does not. Found by `tests/fuzz.rs` (`[K?mC]` on 1x2).
/// Reproduce: `fairy-magic moves '[W?mN]' --from a1` exits 2; so do `[F?mR]`, `[mK?cN]`,
/// `[W?cR]`, `[W-F?mN]`, `[W?F-mN]`, and any `d` in a bracket with a `?`: `[dW?F]`, `[W?dF]`,
/// `[W-dW?W]` (on 3x4, `[W-dbW2?W]`). Modes on a `?` leg before a last leg without them are
/// fine (`[cW?F]`, `[mK?N]`, `[W-cW?W]`).
#[test]
#[ignore = "bug: a `?` leg followed by a last leg with m/c/d modes: tables and reference disagree (internal error)"]
fn a_question_mark_square_keeps_its_own_modes_when_the_last_leg_names_its_own() {
    // A foe on b1 (a wazir step from a1): [W?mN] captures it with its first leg.
    assert_eq!(dest("[W?mN]", "a1", &["b1"], Via::Tables).unwrap(), ["b1", "a2", "d2", "b4"]);
    assert_eq!(dest("[W?mN]", "a1", &["b1"], Via::Reference).unwrap(), ["b1", "a2", "d2", "b4"]);
    // [mK?cN] from a1: the king step is quiet only, its knight leg captures only.
    assert_eq!(dest("[mK?cN]", "a1", &[], Via::Tables).unwrap(), ["b1", "a2", "b2"]);
    for betza in ["[F?mR]", "[W?cR]", "[W-F?mN]", "[W?F-mN]", "[dW?F]", "[W?dF]", "[W-dW?W]"] {
        let tables = dest(betza, "c3", &["e5"], Via::Tables);
        assert!(tables.is_ok(), "{betza}: {}", tables.unwrap_err());
    }
}
