use fairy_magic::stages::betza;
use fairy_magic::stages::betza::{AtomRun, BetzaError, Range};
use fairy_magic::stages::legs::*;
use fairy_magic_runtime::Color;

fn steps(text: &str) -> Vec<(i8, i8)> {
    let b = betza::parse(text).unwrap();
    let mut v: Vec<(i8, i8)> = moves(&b, Color::White).unwrap().iter().map(|m| m.legs[0].step).collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
    v.sort();
    v
}

#[test]
fn oblique_directions_follow_the_contract() {
    assert_eq!(steps("fN"), sorted(vec![(-1, 2), (1, 2)]));
    assert_eq!(steps("frN"), [(2, 1)]);
    assert_eq!(steps("rfN"), [(1, 2)]);
    assert_eq!(steps("ffN"), steps("fN"));
    assert_eq!(steps("rrN"), sorted(vec![(2, 1), (2, -1)]));
    assert_eq!(steps("fsN"), sorted(vec![(2, 1), (-2, 1)]));
    assert_eq!(steps("lvN"), sorted(vec![(-1, 2), (-1, -2)]));
    assert_eq!(steps("fhN"), sorted(vec![(-1, 2), (1, 2), (2, 1), (-2, 1)]));
    assert_eq!(steps("hrN"), sorted(vec![(1, 2), (2, -1), (-1, -2), (-2, 1)]));
    assert_eq!(steps("N").len(), 8);
    assert_eq!(steps("fZ"), sorted(vec![(-2, 3), (2, 3)]));
}

#[test]
fn four_fold_and_eight_fold_directions() {
    assert_eq!(steps("frW"), sorted(vec![(0, 1), (1, 0)]));
    assert_eq!(steps("fW"), [(0, 1)]);
    assert_eq!(steps("fF"), sorted(vec![(-1, 1), (1, 1)]));
    assert_eq!(steps("frF"), [(1, 1)]);
    assert_eq!(steps("fK"), [(0, 1)]);
    assert_eq!(steps("frK"), [(1, 1)]);
    assert_eq!(steps("vW"), sorted(vec![(0, 1), (0, -1)]));
    assert_eq!(steps("sR"), sorted(vec![(-1, 0), (1, 0)]));
    assert_eq!(steps("lfrbB"), sorted(vec![(-1, 1), (1, -1)]));
    assert_eq!(steps("frlR"), sorted(vec![(0, 1), (1, 0), (-1, 0)]));
    assert_eq!(steps("fbW"), sorted(vec![(0, 1), (0, -1)]));
    assert_eq!(steps("K").len(), 8);
    assert_eq!(steps("fmD"), [(0, 2)]);
}

#[test]
fn extended_atoms() {
    assert_eq!(atom(&run("FX")).unwrap(), Atom { short: 1, long: 4, system: System::Oblique, rides: false });
    assert_eq!(atom(&run("WX")).unwrap().long, 4);
    assert_eq!(atom(&run("NX")).unwrap(), Atom { short: 1, long: 5, system: System::Oblique, rides: false });
    assert_eq!(atom(&run("NY")).unwrap(), Atom { short: 3, long: 4, system: System::Oblique, rides: false });
    assert_eq!(atom(&run("J")).unwrap(), atom(&run("Z")).unwrap());
}

fn run(atom: &str) -> AtomRun {
    AtomRun { atom: atom.into(), offset: 0, range: Range::Default }
}

#[test]
fn black_is_white_turned_around() {
    let b = betza::parse("fmWfcF").unwrap();
    let black: Vec<(i8, i8)> = moves(&b, Color::Black).unwrap().iter().map(|m| m.legs[0].step).collect();
    assert_eq!(sorted(black), sorted(vec![(0, -1), (-1, -1), (1, -1)]));
}

fn error(text: &str) -> BetzaError {
    let b = betza::parse(text).unwrap();
    moves(&b, Color::White).unwrap_err()
}

#[test]
fn unsupported_and_ambiguous_forms_are_errors() {
    for (text, offset, word) in [
        ("fmWfceF", 5, "en passant"),
        ("nN", 0, "oblique"),
        ("pN", 0, "rider"),
        ("gK", 0, "rider"),
        ("fhW", 1, "only defined where the moves are oblique"),
        ("sfN", 0, "ambiguous"),
        ("vlN", 0, "ambiguous"),
        ("jW", 0, "no square"),
        ("KX", 1, "extension"),
        ("O", 0, "castling"),
        ("xN", 0, "relay"),
        ("kN", 0, "check"),
        ("hN", 0, "partner"),
        ("njD", 1, "not two"),
    ] {
        let e = error(text);
        assert_eq!(e.offset, offset, "{text}: {e:?}");
        assert!(e.message.contains(word), "{text}: {e:?}");
    }
}
