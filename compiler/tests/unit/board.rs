use fairy_magic::stages::board::*;

#[test]
fn subsets_of_a_mask_are_each_there_once() {
    let mask = bit(Square::new(3)) | bit(Square::new(70)) | bit(Square::new(200));
    let all: Vec<Squares> = subsets(mask).collect();
    assert_eq!(all.len(), 8);
    assert_eq!((all[0], all[7]), (Squares::EMPTY, mask));
    assert!(all.iter().all(|&s| s & !mask == Squares::EMPTY));
    assert_eq!(all.iter().collect::<std::collections::HashSet<_>>().len(), 8);
    assert_eq!(subsets(Squares::EMPTY).collect::<Vec<_>>(), vec![Squares::EMPTY]);
}

#[test]
fn names_round_trip_on_a_tall_board() {
    let board = Board { files: 9, ranks: 10 };
    for square in board.each() {
        assert_eq!(board.parse_square(&board.name(square)), Some(square));
    }
    assert_eq!(board.name(Square::new(89)), "i10");
    assert_eq!(board.parse_square("j1"), None);
    assert_eq!(board.parse_square("a0"), None);
    assert_eq!(board.parse_square("a01"), None);
}

#[test]
fn all_covers_exactly_the_board() {
    assert_eq!(Board { files: 8, ranks: 8 }.all(), Squares::from(u64::MAX));
    assert_eq!(Board { files: 16, ranks: 8 }.all(), Squares::from(u128::MAX));
    assert_eq!(Board { files: 16, ranks: 16 }.all(), Squares::ALL);
    assert_eq!(Board { files: 3, ranks: 1 }.all(), Squares::from(0b111u64));
}
