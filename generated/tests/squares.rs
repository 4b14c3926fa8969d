//! The generated `Square` type (checked, parsed, displayed, converted from raw indices), the
//! bitboard helpers on it (`SquareSet`) beside the runtime's on raw indices, and the colour-free
//! calls of pieces whose moves are the same for both colours.

use crate::rng::XorShift;
use fairy_magic_generated::{chess, wide, xiangqi};

/// Every square's name parses back to it; names off the board or malformed do not parse.
macro_rules! squares_round_trip {
    ($module:ident, $last:expr, $off:expr) => {{
        use $module::{Square, FILES, SQUARES};
        let all: Vec<Square> = Square::all().collect();
        assert_eq!(all.len(), SQUARES);
        for (index, &square) in all.iter().enumerate() {
            assert_eq!(Square::new(index), Some(square));
            assert_eq!(Square::new_unchecked(index), square);
            assert_eq!(square.index(), index);
            assert_eq!(usize::from(square), index);
            assert_eq!(square.rank() * FILES + square.file(), index);
            assert_eq!(Square::at(square.file(), square.rank()), Some(square));
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert_eq!(Square::new(SQUARES), None);
        assert_eq!(all[SQUARES - 1].to_string(), $last);
        for bad in ["", "a", "1", "a0", "a01", "A1", "a1 ", " a1", "é1", "a+1", $off] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }};
}

#[test]
fn every_square_has_a_name_that_parses_back() {
    squares_round_trip!(chess, "h8", "i1");
    squares_round_trip!(xiangqi, "i10", "a11");
    squares_round_trip!(wide, "p8", "a9");
    assert_eq!("e4".parse::<chess::Square>().map(|s| s.index()), Ok(28));
}

#[test]
fn colour_free_calls_answer_as_both_colours_do() {
    let mut rng = XorShift(0x5eed_0011);
    for _ in 0..10_000 {
        let square = chess::Square::new_unchecked((rng.next() % 64) as usize);
        let occupied = rng.next() & rng.next();
        let rook = chess::rook_attacks(square, occupied);
        assert_eq!(rook, chess::attacks(chess::Piece::Rook, chess::Color::White, square, occupied));
        assert_eq!(rook, chess::attacks(chess::Piece::Rook, chess::Color::Black, square, occupied));
        assert_eq!(
            chess::knight_quiets(square, occupied),
            chess::quiets(chess::Piece::Knight, chess::Color::Black, square, occupied)
        );
        let square = xiangqi::Square::new_unchecked((rng.next() % 90) as usize);
        let occupied = rng.squares().low_u128() & ((1u128 << 90) - 1);
        assert_eq!(
            xiangqi::cannon_attacks(square, occupied),
            xiangqi::attacks(xiangqi::Piece::Cannon, xiangqi::Color::Black, square, occupied)
        );
    }
}

/// `use module::*` brings both bitboard traits with the module's `Bitboard`, with no import
/// from the runtime and no method of the same name in both: the module's `SquareSet` on its
/// `Square`s and the runtime's `BitboardExt` on raw indices, on `u64`, `u128`, `Bitboard192` and
/// `Bitboard256` modules alike.
#[test]
fn a_glob_import_brings_the_square_helpers() {
    mod on_chess {
        use fairy_magic_generated::chess::*;
        pub fn knight_from_g1() -> (Vec<String>, Vec<usize>) {
            let occupied: Bitboard = 0xffff_0000_0000_ffff;
            let g1 = "g1".parse().unwrap();
            let knight = attacks(Piece::Knight, Color::White, g1, occupied) & !occupied;
            (knight.squares().map(|s| s.to_string()).collect(), knight.indices().collect())
        }
    }
    mod on_xiangqi {
        use fairy_magic_generated::xiangqi::*;
        pub fn horse_from_b1() -> u32 {
            let (b1, b2) = (Square::at(1, 0).unwrap(), Square::at(1, 1).unwrap());
            attacks(Piece::Horse, Color::White, b1, Bitboard::from_square(b2)).count()
        }
    }
    mod on_chu {
        use fairy_magic_generated::chu::*;
        pub fn corner() -> bool {
            let l12 = Square::new(143).unwrap();
            let set = Bitboard::from_square(l12) | Bitboard::from_index(0);
            set.has(l12) && set.has_index(143) && set.squares().map(|s| s.to_string()).eq(["a1", "l12"])
        }
    }
    mod on_big16 {
        use fairy_magic_generated::big16::*;
        pub fn corner() -> bool {
            let p16 = Square::new(255).unwrap();
            let set = Bitboard::from_square(p16);
            set == Bitboard::from_index(255) && set.has(p16) && set.has_index(255) && set.squares().eq([p16])
        }
    }
    assert_eq!(on_chess::knight_from_g1(), (vec!["f3".to_string(), "h3".to_string()], vec![21, 23]));
    // The horse on b1 with its leg b2 blocked: a3 and c3 are cut off, d2 (over c1) remains.
    assert_eq!(on_xiangqi::horse_from_b1(), 1);
    assert!(on_chu::corner());
    assert!(on_big16::corner());
}

/// A bitboard wider than its board has bits that are no squares (`!occupied` sets them): the
/// typed helpers pass them by, so every square they give is one the lookups take.
#[test]
fn bits_off_the_board_are_no_squares() {
    use fairy_magic_generated::xiangqi::{Bitboard, BitboardExt, Square, SquareSet, SQUARES};
    let i10 = Square::new(SQUARES - 1).unwrap();
    let everything: Bitboard = !0;
    assert_eq!(everything.squares().len(), SQUARES);
    assert!(everything.squares().eq(Square::all()));
    let off = everything & !((1 << SQUARES) - 1);
    assert_eq!((off.squares().next(), off.lowest()), (None, None));
    let mut rest = off | Bitboard::from_square(i10);
    assert_eq!(rest.pop_lowest(), Some(i10));
    assert_eq!(rest.pop_lowest(), None);
    assert_eq!(rest, off, "the bits off the board stay");
    assert_eq!(rest.lowest_index(), Some(SQUARES), "the runtime's helpers see every bit");
}
