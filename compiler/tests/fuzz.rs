//! Property tests in place of cargo-fuzz (which needs a nightly toolchain this project does not
//! have): random variant files, random XBetza strings and whole compiles of random small pieces
//! must end in a module or an error, never a panic. `tests/corpus/xbetza.txt` is the
//! regression corpus, replayed on several small boards every run (whole compiles, exhaustive checks included); proptest keeps its own failures in
//! `proptest-regressions/`, which is checked in.

use proptest::prelude::*;

fn compile(board: &str, betza: &str) {
    let text = format!("variant fuzz\nboard {board}\npiece X piece {betza}\n");
    let outcome = std::panic::catch_unwind(|| fairy_magic::compile("fuzz.variant", &text, "", &[]).map(|m| m.len()));
    assert!(outcome.is_ok(), "`{betza}` on {board} made the compiler panic");
}

#[test]
fn the_corpus_compiles_or_fails_cleanly_on_every_board_shape() {
    for line in include_str!("corpus/xbetza.txt").lines().filter(|l| !l.starts_with('#')) {
        for board in ["1x1", "3x5", "4x4", "16x2"] {
            compile(board, line);
        }
    }
}

fn xbetza() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select("WFDNAHCZGKQRBXYmcdijnpgfblrvshayO[]-?0123".chars().collect::<Vec<_>>()),
        1..8,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_xbetza_never_panics(betza in xbetza(), files in 1u8..=6, ranks in 1u8..=6) {
        let text = format!("variant fuzz\nboard {files}x{ranks}\npiece X piece {betza}\n");
        let outcome = std::panic::catch_unwind(|| fairy_magic::compile("fuzz.variant", &text, "", &[]).is_ok());
        prop_assert!(outcome.is_ok(), "`{}` made the compiler panic", betza);
    }

    #[test]
    fn random_variant_files_never_panic(text in "(variant|board|piece|option|#| |x|[0-9]|[A-Za-z]|\n|\\[|\\]|-|\\?){0,60}") {
        let outcome = std::panic::catch_unwind(|| fairy_magic::variant::parse("fuzz.variant", &text).is_ok());
        prop_assert!(outcome.is_ok(), "this file made the parser panic:\n{}", text);
    }
}
