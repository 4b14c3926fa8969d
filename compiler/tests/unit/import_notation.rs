use std::collections::BTreeSet;

use fairy_magic::stages::import::notation::*;

fn t(text: &str) -> String {
    translate(text).unwrap().betza
}

#[test]
fn what_both_read_alike_is_kept() {
    for s in ["N", "fmWfcFifmnD", "mRcpR", "gQ", "NN", "mQ2cQ2", "rflbB", "FsfW", "fsW", "fhNcfW", "hrN"] {
        assert_eq!(t(s), s, "{s}");
    }
}

#[test]
fn fairy_stockfish_readings_are_rewritten() {
    assert_eq!(t("nN"), "[W-F]");
    assert_eq!(t("nZ"), "[W-F-F]");
    assert_eq!(t("pW"), "pR");
    assert_eq!(t("fmWfceF"), "fmWfcF");
    assert!(translate("fmWfceF").unwrap().notes[0].contains("en passant"));
    // Its single `f` on a king is both the orthogonal and the diagonal steps.
    assert_eq!(ways(&t("fK")).unwrap(), BTreeSet::from([(-1, 1), (0, 1), (1, 1)]));
    // A limited hopper counts the squares behind its hurdle.
    assert_eq!(t("pR2"), "[pR-W2]");
    // Letters it does not know are skipped: brackets read as their atoms.
    assert_eq!(ways(&t("[W-F]")).unwrap().len(), 8);
    assert_eq!(t("HH"), "");
}

#[test]
fn lame_leaps_walk_the_long_axis_first() {
    assert_eq!(t("fhnN"), "fh[W-F]");
    assert_eq!(t("nC"), "[nD-F]");
    assert_eq!(t("nD"), "nD");
    assert_eq!(t("nW"), "W");
}
