use fairy_magic::stages::betza::*;

fn atoms(text: &str) -> Vec<(String, Range)> {
    parse(text)
        .unwrap()
        .parts
        .into_iter()
        .map(|p| match p.body {
            Body::Simple(r) => (r.atom, r.range),
            Body::Bracket(_) => ("[]".into(), Range::Default),
        })
        .collect()
}

#[test]
fn doubled_atoms_ride_and_compounds_split() {
    assert_eq!(atoms("NN"), [("N".into(), Range::Unlimited)]);
    assert_eq!(atoms("BN"), [("B".into(), Range::Default), ("N".into(), Range::Default)]);
    assert_eq!(atoms("W4NX0"), [("W".into(), Range::Limited(4)), ("NX".into(), Range::Unlimited)]);
    assert_eq!(atoms("NfN").len(), 2);
    assert!(parse("RR").unwrap_err().message.contains("never doubled"));
}

#[test]
fn modifiers_and_brackets_keep_their_offsets() {
    let b = parse("fmWv[F?R]").unwrap();
    assert_eq!(b.parts[0].mods, [Letter { ch: 'f', offset: 0 }, Letter { ch: 'm', offset: 1 }]);
    assert_eq!(b.parts[1].offset, 3);
    match &b.parts[1].body {
        Body::Bracket(legs) => {
            assert_eq!(legs.len(), 2);
            assert_eq!(legs[0].1, Some(Separator::MayStop));
            assert_eq!(legs[1].0.run.offset, 7);
        }
        _ => panic!("expected a bracket"),
    }
}

#[test]
fn syntax_errors_say_where() {
    assert_eq!(parse("fm").unwrap_err().offset, 2);
    assert_eq!(parse("N@").unwrap_err().offset, 1);
    assert!(parse("").is_err());
    assert!(parse("[F?]").is_err());
    assert!(parse("W300").unwrap_err().message.contains("too large"));
}
