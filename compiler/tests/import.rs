//! `fairy-magic import` on an example Fairy-Stockfish configuration written for these tests.

use fairy_magic::stages::import::import;
use fairy_magic::{Options, Source};

const INI: &str = include_str!("data/fsf-example.ini");
const FILE: &str = "fsf-example.ini";

fn section(name: &str) -> (String, Vec<String>) {
    import(FILE, INI, name).unwrap_or_else(|e| panic!("[{name}]: {e}"))
}

fn error(name: &str) -> String {
    import(FILE, INI, name).unwrap_err().summary()
}

#[test]
fn a_section_becomes_a_variant_that_compiles() {
    let (text, notes) = section("capablanca-like");
    assert!(notes.is_empty(), "{notes:?}");
    assert!(text.contains("variant capablanca-like\nboard 10x8\n"), "{text}");
    for line in ["piece A archbishop BN", "piece C chancellor RN", "piece P pawn fmWfcFifmnD", "piece K king K"] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    // Its rules come with it: the castling files and the start position are read, not left out.
    assert!(!text.contains("left out"), "{text}");
    for line in ["royal K", "castling K f1 i1 R j1 h1", "start rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"]
    {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    let module =
        fairy_magic::compile(&Source { file: "capablanca-like.variant", text: &text }, &Options::new()).unwrap().text;
    assert!(module.contains("Archbishop"));
}

#[test]
fn children_inherit_and_override() {
    let (text, _) = section("wide-knights");
    assert!(text.contains("board 10x8"), "{text}");
    // Fairy-Stockfish reads no moves after a predefined type's letter: its knight stays a knight.
    assert!(text.contains("piece N knight N\n") && text.contains("piece Z custom-1 Z"), "{text}");
    assert!(text.contains("piece A archbishop BN"), "{text}");
    let (text, _) = section("no-double-step");
    assert!(text.contains("piece P pawn fmWfcF\n"), "{text}");
}

#[test]
fn built_in_parents_bring_their_board_pieces_and_regions() {
    let (text, _) = section("palace-house");
    assert!(text.contains("board 9x10\n"), "{text}");
    for line in [
        "piece K king W",
        "piece N horse [W-F]",
        "piece B elephant nA",
        "region king-region d1 e1 f1 d2 e2 f2 d3 e3 f3 black d8 e8 f8 d9 e9 f9 d10 e10 f10\nconfine K king-region",
        "region fers-region d1 e1 f1",
        "region elephant-region a1-i1 a2-i2 a3-i3 a4-i4 a5-i5 black a6-i6",
        "piece P soldier fW\nregion soldier-across a6-i10 black a1-i5\nmoves P in soldier-across fsW",
    ] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    // The horse's path is the built-in's reading, not a note of the section's.
    assert!(!text.contains("reads"), "{text}");
    let (text, _) = section("small");
    assert!(text.contains("board 5x5\n") && text.contains("piece Q queen Q"), "{text}");
}

#[test]
fn a_later_letter_replaces_the_piece_and_a_dash_removes_it() {
    let (text, notes) = section("all-way-pawns");
    assert!(text.contains("piece P custom-1 mWfcFifmnD\n") && !text.contains("piece P pawn"), "{text}");
    assert!(!text.contains("rook"), "{text}");
    assert!(text.contains("pieceToCharTable"), "the GUI's table is left out: {text}");
    assert!(notes.iter().any(|n| n.contains("en passant")), "{notes:?}");
    let (text, _) = section("knights-take-r");
    assert!(text.contains("piece R knight N\n") && !text.contains("rook"), "{text}");
}

#[test]
fn fairy_stockfish_readings_are_written_as_what_they_mean() {
    let (text, notes) = section("own-readings");
    for line in ["piece H custom-1 [W-F]", "piece C custom-2 cpRmW", "piece F custom-3 FR"] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(text.contains("# customPiece1: Fairy-Stockfish reads `nN` as `[W-F]`"), "{text}");
}

#[test]
fn a_section_carries_its_rules_over() {
    let (text, notes) = section("rules-house");
    for line in [
        "region first-moves a2-j2 a3-j3 black a7-j7\ninitial P first-moves\nen-passant P\n",
        "region promotion a7-j7 a8-j8 black a2-j2 a1-j1\npromote P in promotion to A Q optional\nlimit A 1\n",
        "castling K e1 h1 R i1 g1\ncastling K e1 c1 R a1 d1\n",
        "start rnbqkabnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKABNR1 w KQkq - 0 1\nneeds passing\n",
        "royal K\n",
    ] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    assert!(text.contains("left out: nMoveRule"), "{text}");
    assert!(notes.is_empty(), "{notes:?}");
    // A special goal: the tables compile, and the file says an engine cannot play the game.
    let (text, notes) = section("hill");
    assert!(text.contains("needs special-rules\n"), "{text}");
    assert!(notes.iter().any(|n| n.contains("flagPiece, flagRegion")), "{notes:?}");
    // A built-in parent whose rules are not transcribed gives none, and says so.
    let (text, notes) = section("small");
    assert!(!text.contains("\nroyal ") && notes.iter().any(|n| n.contains("`gardner` are not transcribed")), "{text}");
    let e = error("bad-promotion");
    assert!(e.contains("`promotionPieceTypes = qx`: `x` is not the letter of a piece of this variant"), "{e}");
    assert!(e.starts_with("fsf-example.ini:"), "{e}");
}

#[test]
fn bad_sections_are_errors() {
    let e = error("broken");
    assert!(e.starts_with("fsf-example.ini:29:11: error: `maxFile = 99`"), "{e}");
    let e = error("orphan");
    assert!(e.starts_with("fsf-example.ini:32:1: error: the parent `makrook` is neither"), "{e}");
    let e = import(FILE, INI, "nowhere").unwrap_err().to_string();
    assert!(e.contains("no section [nowhere]"), "{e}");
    assert!(error("early").contains("the parent `later` is neither a built-in"), "a parent below does not count");
    assert!(error("chess").contains("built-in variant `chess`"));
    // q is a file letter, but past the 16 files a board may have: the error says which letters.
    let e = import("q.ini", "[wide:chess]\nmaxFile = q\n", "wide").unwrap_err().summary();
    assert!(e.starts_with("q.ini:2:11: error: `maxFile = q`: expected 1 to 16 (or a file letter, a to p)"), "{e}");
}

#[test]
fn a_game_without_moving_pieces_says_so() {
    let e = error("tic");
    assert!(e.starts_with("fsf-example.ini:") && e.contains("[tic] has no piece that moves"), "{e}");
}

#[test]
fn a_piece_without_moves_is_left_out_with_its_region() {
    let (text, notes) = section("walls");
    assert!(!text.contains("piece W") && !text.contains("immobile-region"), "{text}");
    assert!(notes.iter().any(|n| n.contains("immobile = w: it has no moves")), "{notes:?}");
}

#[test]
fn the_largest_board_becomes_a_variant_that_compiles_with_default_settings() {
    // 16x16 riders once exceeded the compiler's limits; the cost model now lowers their
    // budgets until the plan fits, so the section converts and compiles.
    let (text, _) = section("largest");
    assert!(text.contains("board 16x16\n") && text.contains("piece Q queen Q"), "{text}");
}

mod notation {
    use fairy_magic::stages::import::translate;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngAlgorithm, RngSeed};

    fn config() -> Config {
        Config {
            cases: 2000,
            rng_seed: RngSeed::Fixed(0x5eed_0014),
            rng_algorithm: RngAlgorithm::ChaCha,
            failure_persistence: None,
            ..Config::default()
        }
    }

    proptest! {
        #![proptest_config(config())]
        /// Whatever Fairy-Stockfish's letters say, the translation is a string fairy-magic reads
        /// (or no moves at all), and nothing panics.
        #[test]
        fn every_string_translates_into_one_fairy_magic_reads(
            text in "[mcpgnifbvhrlsejaWFDNALCJZGHKRBQ0-9?\\[\\]-]{0,14}"
        ) {
            let written = translate(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            if !written.betza.is_empty() {
                let parsed = fairy_magic::stages::betza::parse(&written.betza)
                    .map_err(|e| TestCaseError::fail(format!("{text} → {}: {e:?}", written.betza)))?;
                fairy_magic::stages::legs::moves(&parsed, fairy_magic_runtime::Color::White)
                    .map_err(|e| TestCaseError::fail(format!("{text} → {}: {e:?}", written.betza)))?;
            }
        }
    }
}

/// A second section of the same name is an error naming both places: Fairy-Stockfish ignores
/// it, and its settings (here the rook's removal) were once dropped without a word.
#[test]
fn a_repeated_section_is_an_error_at_both_places() {
    let ini = "[tiny:chess]\nmaxFile = 6\n\n[other:chess]\n[tiny:chess]\nrook = -\n";
    let e = import("repeat.ini", ini, "tiny").unwrap_err().to_string();
    assert!(e.contains("repeat.ini:5:1") && e.contains("a second section [tiny] (the first is at line 1)"), "{e}");
    // A repeated parent is one too; an unrelated repeat does not stop another section.
    let ini = "[base:chess]\n[base:chess]\n[child:base]\nmaxFile = 6\n[tiny:chess]\nmaxFile = 6\nmaxRank = 6\n";
    assert!(import("repeat.ini", ini, "child").unwrap_err().to_string().contains("a second section [base]"));
    import("repeat.ini", ini, "tiny").unwrap();
}
