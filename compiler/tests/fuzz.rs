//! Property tests in place of cargo-fuzz (which needs a nightly toolchain this project does not
//! have): random variant files, random XBetza strings and whole compiles of random small pieces
//! must end in a module or a user error. A panic fails, and so does `Error::Internal`: that is a
//! table disagreeing with the reference walker, the one thing the compiler's self-check exists to
//! catch, and exactly what a broken path generator produces (dropping the grasshopper's hurdle
//! made every `g` piece an internal error while these tests, which ignored the result, passed).
//!
//! `tests/corpus/xbetza.txt` is the regression corpus, replayed on several small boards every run
//! (whole compiles, exhaustive checks included). Proptest runs with a fixed seed (`SEED`), so a
//! run is the same everywhere and a failure in CI is a failure on a laptop; its failures are kept in
//! `tests/proptest-regressions/fuzz.txt` (checked in; proptest replays them before new cases):
//! check in what it adds with the fix, and copy the shrunk string into the corpus too.

use fairy_magic::stages::error::Error;
use fairy_magic::{Options, Source};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngAlgorithm, RngSeed};

/// The proptest seed: change it to explore new cases (and keep any failure in the corpus).
const SEED: u64 = 0x5eed_f00d_2026_0016;

/// A fixed-seed configuration with `cases` cases.
fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(SEED),
        rng_algorithm: RngAlgorithm::ChaCha,
        // Proptest cannot place a file "beside the source" of an integration test: name it.
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct("tests/proptest-regressions/fuzz.txt"))),
        ..Config::default()
    }
}

/// The outcome of compiling `text` must be a module or a user error: a panic or an internal
/// error is a bug. Returns whether it compiled.
pub fn compiled_or_user_error(what: &str, text: &str) -> Result<bool, String> {
    match std::panic::catch_unwind(|| fairy_magic::compile(&Source { file: "fuzz.variant", text }, &Options::new())) {
        Err(_) => Err(format!("{what} made the compiler panic:\n{text}")),
        Ok(Err(e @ Error::Internal(_))) => Err(format!("{what} made an internal error ({e}):\n{text}")),
        Ok(Err(Error::Many { errors, .. })) if errors.iter().any(|e| matches!(e, Error::Internal(_))) => {
            Err(format!("{what} made an internal error among several:\n{text}"))
        }
        Ok(Err(_)) => Ok(false),
        Ok(Ok(_)) => Ok(true),
    }
}

fn compile(board: &str, betza: &str) -> bool {
    let text = format!("variant fuzz\nboard {board}\npiece X piece {betza}\n");
    compiled_or_user_error(&format!("`{betza}` on {board}"), &text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_corpus_compiles_or_fails_cleanly_on_every_board_shape() {
    let corpus = include_str!("corpus/xbetza.txt");
    let (light, heavy) = corpus.split_once("\n# Heavy:").expect("the corpus has a heavy section");
    let strings = |section: &'static str| section.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut compiled = 0;
    for line in strings(light) {
        // A single square, a small rectangle and a long thin board; a square 4x4 once ran
        // here too and added a minute of CI for nothing the rectangle does not reach.
        for board in ["1x1", "3x5", "16x2"] {
            compiled += compile(board, line) as usize;
        }
    }
    for line in strings(heavy) {
        for board in ["1x1", "3x3"] {
            compiled += compile(board, line) as usize;
        }
    }
    // Most of the corpus is real pieces: the whole pipeline ran, not only the parser.
    assert!(compiled > 45, "only {compiled} compiles succeeded");
}

fn xbetza() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select("WFDNAHCZGKQRBXYmcdijnpgfblrvshayO[]-?0123".chars().collect::<Vec<_>>()),
        1..8,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// Pieces that compile more often than random characters do: a few modifiers, an atom, maybe a
/// range, maybe inside a two- or three-leg bracket.
fn piece() -> impl Strategy<Value = String> {
    let modifiers = proptest::collection::vec(prop::sample::select(b"mcdijnpgfblrvsh".to_vec()), 0..3);
    let atom = prop::sample::select(vec!["W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "WX", "NY"]);
    let range = prop::sample::select(vec!["", "", "", "2", "3", "0"]);
    let leg = (modifiers, atom, range).prop_map(|(m, a, r)| format!("{}{a}{r}", String::from_utf8(m).unwrap()));
    prop_oneof![
        3 => leg.clone(),
        1 => (leg.clone(), prop::sample::select(vec!["-", "?"]), leg.clone()).prop_map(|(a, s, b)| format!("[{a}{s}{b}]")),
        1 => (leg.clone(), leg.clone(), leg).prop_map(|(a, b, c)| format!("[{a}-{b}?{c}]")),
    ]
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn random_xbetza_compiles_or_is_a_user_error(betza in xbetza(), files in 1u8..=6, ranks in 1u8..=6) {
        let text = format!("variant fuzz\nboard {files}x{ranks}\npiece X piece {betza}\n");
        let outcome = compiled_or_user_error(&format!("`{betza}`"), &text);
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }
}

proptest! {
    #![proptest_config(config(60))]

    /// Whole variant files, some well formed and some not: whatever parses is compiled.
    #[test]
    fn random_variant_files_compile_or_are_a_user_error(
        files in 1u8..=9,
        ranks in 1u8..=9,
        pieces in proptest::collection::vec(piece(), 1..4),
        index in prop::sample::select(vec!["", "option index magic\n", "option index split32\n", "option index pext\n", "option max-bits 4\n"]),
        noise in proptest::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b" x\n#[]-?0W".to_vec())), 0..2),
    ) {
        let mut text = format!("variant fuzz\nboard {files}x{ranks}\n{index}");
        for (i, p) in pieces.iter().enumerate() {
            text.push_str(&format!("piece {} p{i} {p}\n", (b'A' + i as u8) as char));
        }
        // Now and then a character replaced: the parser's errors, not only the compiler's.
        let mut bytes = text.into_bytes();
        for (at, c) in noise {
            let at = at.index(bytes.len());
            bytes[at] = c;
        }
        let text = String::from_utf8(bytes).unwrap();
        let outcome = compiled_or_user_error("this variant file", &text);
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }

    #[test]
    fn random_token_soup_parses_or_is_a_user_error(text in "(variant|board|piece|option|#| |x|[0-9]|[A-Za-z]|\n|\\[|\\]|-|\\?){0,60}") {
        let outcome = compiled_or_user_error("this file", &text);
        prop_assert!(outcome.is_ok(), "{}", outcome.unwrap_err());
    }
}
