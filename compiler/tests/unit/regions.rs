use fairy_magic::stages::board::{bit, squares_of, Board, Square, Squares};
use fairy_magic::stages::regions::*;

#[test]
fn rectangles_and_turning() {
    let board = Board { files: 9, ranks: 10 };
    let palace = parse_item(board, "d1-f3").unwrap();
    assert_eq!(palace.count_ones(), 9);
    assert_eq!(parse_item(board, "f3-d1").unwrap(), palace);
    let black = turned(board, palace);
    assert_eq!(black, parse_item(board, "d8-f10").unwrap());
    assert_eq!(turned(board, black), palace);
    assert!(parse_item(board, "j1").unwrap_err().contains("not a square"));
    let board = Board { files: 16, ranks: 16 };
    assert_eq!(parse_item(board, "a1-p16").unwrap(), board.all());
    assert_eq!(parse_item(board, "p16").unwrap(), bit(Square::new(255)));
    assert_eq!(
        parse_item(board, "b2-c3").unwrap(),
        [17, 18, 33, 34].map(|s| bit(Square::new(s))).into_iter().fold(Squares::EMPTY, |a, b| a | b)
    );
}

/// The bit reversal is the definition: square `s` goes to `last - s`, on every board shape.
#[test]
fn turning_is_square_by_square() {
    for (files, ranks) in [(1, 1), (1, 16), (16, 1), (8, 8), (9, 10), (12, 12), (16, 16), (11, 13)] {
        let board = Board { files, ranks };
        let last = board.squares() - 1;
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..50 {
            let mut set = Squares::EMPTY;
            for s in board.each() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                if state >> 63 == 1 {
                    set |= bit(s);
                }
            }
            let by_square = squares_of(set).fold(Squares::EMPTY, |t, s| t | bit(Square::new(last - s.index())));
            assert_eq!(turned(board, set), by_square, "{files}x{ranks}");
        }
    }
}
