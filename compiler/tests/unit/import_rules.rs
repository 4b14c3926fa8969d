use fairy_magic::stages::error::Error;
use fairy_magic::stages::import::rules::*;

fn lines(text: &str) -> Vec<IniLine<'_>> {
    text.lines()
        .map(|l| {
            let (k, v) = l.split_once(" = ").unwrap();
            IniLine { key: k, value: v, at: None }
        })
        .collect()
}

fn applied(text: &str) -> IniVariant {
    let mut s = IniVariant::empty();
    apply(&mut s, &lines(text), &|_, m| Error::Unsupported(m)).unwrap();
    s
}

#[test]
fn a_later_type_takes_the_letter() {
    let s = applied("pawn = p\ncustomPiece1 = p:mWfceFifmnD\nknight = n");
    let keys: Vec<String> = s.letters.keys().map(|&i| type_key(i)).collect();
    assert_eq!(keys, ["knight", "customPiece1"]);
    assert_eq!(s.custom.values().next().unwrap().value, "mWfceFifmnD");
}

#[test]
fn a_dash_removes_and_the_king_may_have_moves() {
    let s = applied("pawn = p\nking = k:W\nrook = -");
    assert_eq!(s.letters.len(), 2);
    assert_eq!(s.king.unwrap().value, "W");
    let s = applied("pawn = -");
    assert!(s.letters.is_empty());
}

#[test]
fn regions_keep_squares_on_the_board() {
    assert_eq!(region_items("*1 a* e4 z9", 8, 8).unwrap().unwrap(), "a1-h1 a1-a8 e4");
    assert_eq!(region_items("-", 8, 8).unwrap(), None);
    assert!(region_items("4e", 8, 8).is_err());
}
