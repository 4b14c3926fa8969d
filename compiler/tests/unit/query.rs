use fairy_magic::stages::board::Board;
use fairy_magic::stages::query::*;
use fairy_magic_runtime::Color;

/// The piece's own square among its friends or foes is refused, as a square that is both is:
/// it used to be dropped, answering as if the board were empty.
#[test]
fn the_piece_s_own_square_holds_no_other_piece() {
    let ask = |friends: &[&str], foes: &[&str]| {
        let q = Question::new("8x8", "N", "d4").around(friends, foes);
        position(Board { files: 8, ranks: 8 }, &q).map(|p| (p.friends, p.foes)).map_err(|e| e.to_string())
    };
    let e = ask(&[], &["d4"]).unwrap_err();
    assert!(e.contains("`d4` is the piece's own square: it cannot hold a foe too"), "{e}");
    let e = ask(&["e5", "d4"], &[]).unwrap_err();
    assert!(e.contains("cannot hold a friend too"), "{e}");
    assert!(ask(&["e5"], &["e5"]).unwrap_err().contains("both a friend and a foe"));
    assert!(ask(&["e5"], &["c3"]).is_ok());
}

/// A batch's cache keeps pieces while their bytes fit its budget, dropping the oldest first,
/// and keeps the newest even when it alone is over.
#[test]
fn the_cache_is_bounded_by_its_bytes() {
    let mut cache = PieceCache::default();
    let ask = |betza: &str| Question::new("8x8", betza, "d4");
    let tables = |board, betza: &str| compile_piece(board, betza, Via::Tables);
    let queen = tables(parse_board("8x8").unwrap(), "Q").unwrap().bytes();
    cache.budget = queen * 2 + queen / 2;
    for betza in ["Q", "BR", "RB", "QW"] {
        cache.get(&ask(betza), tables).unwrap();
        assert!(cache.bytes <= cache.budget, "{betza}: {} of {}", cache.bytes, cache.budget);
    }
    assert_eq!(cache.pieces.len(), 2, "two queens' worth of tables fit");
    assert_eq!(cache.pieces.back().unwrap().0 .1, "QW");
    cache.budget = 1;
    cache.get(&ask("N"), tables).unwrap();
    assert_eq!(cache.pieces.len(), 1, "the newest is kept alone");
    assert_eq!(cache.bytes, kept_bytes(&cache.pieces[0].1));
}

/// A question's colour is a `Color` from the JSON word: White if left out, and a word that
/// is neither colour is the question's error, not a silent White.
#[test]
fn colours_are_read_as_colours() {
    let read = |line: &str| question(json_object(line).unwrap(), "from");
    assert_eq!(read(r#"{"board":"8x8","betza":"N","from":"d4"}"#).unwrap().color, Color::White);
    assert_eq!(read(r#"{"board":"8x8","betza":"N","from":"d4","color":"black"}"#).unwrap().color, Color::Black);
    let e = read(r#"{"board":"8x8","betza":"N","from":"d4","color":"red"}"#).unwrap_err();
    assert!(e.contains("colour `red`: write white or black"), "{e}");
}

/// A key given twice is the line's error, named, never its last value taken silently.
#[test]
fn a_repeated_key_is_an_error() {
    let e = json_object(r#"{"board":"8x8","betza":"N","from":"d4","from":"h8"}"#).unwrap_err();
    assert!(e.contains("the key `from` is given twice"), "{e}");
    assert!(json_object(r#"{"board":"8x8","betza":"N","from":"d4"}"#).is_ok());
}
