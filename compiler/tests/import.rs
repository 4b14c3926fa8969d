//! `fairy-magic import` on an example Fairy-Stockfish configuration written for these tests.

use fairy_magic::stages::import::import;
use fairy_magic::{Options, Source};

const INI: &str = include_str!("data/fsf-example.ini");
const FILE: &str = "fsf-example.ini";

fn section(name: &str) -> (String, Vec<String>) {
    import(FILE, INI, name).unwrap_or_else(|e| panic!("[{name}]: {e}"))
}

#[test]
fn a_section_becomes_a_variant_that_compiles() {
    let (text, warnings) = section("capablanca-like");
    assert!(warnings.is_empty());
    assert!(text.contains("variant capablanca-like\nboard 10x8\n"), "{text}");
    for line in ["piece A archbishop BN", "piece C chancellor RN", "piece P pawn fmWfcFifmnD", "piece K king K"] {
        assert!(text.contains(line), "{line} in\n{text}");
    }
    assert!(text.contains("left out: castlingKingsideFile, startFen"), "{text}");
    let module =
        fairy_magic::compile(&Source { file: "capablanca-like.variant", text: &text }, &Options::new()).unwrap().text;
    assert!(module.contains("Archbishop"));
}

#[test]
fn children_inherit_and_override() {
    let (text, _) = section("wide-knights");
    assert!(text.contains("board 10x8"), "{text}");
    assert!(text.contains("piece N knight NC") && text.contains("piece Z custom-1 Z"), "{text}");
    assert!(text.contains("piece A archbishop BN"), "{text}");
    let (text, _) = section("no-double-step");
    assert!(text.contains("piece P pawn fmWfcF\n"), "{text}");
}

#[test]
fn what_fairy_stockfish_misreads_is_reported() {
    let (text, warnings) = section("bent");
    assert_eq!(warnings.len(), 3, "{warnings:?}");
    assert!(warnings[0].contains("[F?R]") && warnings[1].contains("DD") && warnings[2].contains("nN"));
    assert!(!warnings.iter().any(|w| w.contains("mRcpR")));
    assert!(text.contains("# Fairy-Stockfish reads this differently: customPiece2 = d:DD"), "{text}");
}

#[test]
fn bad_sections_are_errors() {
    let e = import(FILE, INI, "broken").unwrap_err().summary();
    assert!(e.starts_with("fsf-example.ini:29:11: error: `maxFile = 99`"), "{e}");
    let e = import(FILE, INI, "orphan").unwrap_err().to_string();
    assert!(e.contains("inherits from `makruk`"), "{e}");
    let e = import(FILE, INI, "nowhere").unwrap_err().to_string();
    assert!(e.contains("no section [nowhere]"), "{e}");
}
