//! The generated `Square` type (checked, parsed, displayed, named, converted from raw indices),
//! the bitboard helpers on it (`SquareSet`, its diagram, `line`) beside the runtime's on raw
//! indices, `Piece` from its FEN letter, `!color`, and the colour-free calls of pieces whose
//! moves are the same for both colours.

use crate::rng::XorShift;
use fairy_magic_generated::{big16, chess, chu, shogi, wide, xiangqi};

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

/// `Square::E4` is the square named `e4`, on boards of 8, 9, 12 and 16 files.
#[test]
fn named_squares_are_the_squares_of_their_names() {
    assert_eq!(chess::Square::E4, "e4".parse().unwrap());
    assert_eq!((chess::Square::A1.index(), chess::Square::H8.index()), (0, 63));
    assert_eq!(xiangqi::Square::I10, xiangqi::Square::new(89).unwrap());
    assert_eq!(xiangqi::Square::E5.to_string(), "e5");
    assert_eq!(wide::Square::P8.index(), 127);
    assert_eq!(chu::Square::L12, chu::Square::new(143).unwrap());
    assert_eq!((big16::Square::P16.index(), big16::Square::J7.to_string()), (255, "j7".to_string()));
}

/// A failed `assert_eq!` on squares names them: `Debug` prints `e5`, not `Square(36)`.
#[test]
fn a_square_debugs_as_its_name() {
    assert_eq!(format!("{:?}", chess::Square::E5), "e5");
    assert_eq!(format!("{:?}", [Some(xiangqi::Square::I10), None]), "[Some(i10), None]");
    assert_eq!(format!("{:?}", big16::Square::P16), "p16");
}

/// `Piece` parses from its FEN letter in either case, which may differ from its own letter
/// (Xiangqi's elephant is `E` but `B` in a FEN) and be two characters (`+R`, `L'`).
#[test]
fn a_piece_parses_from_its_fen_letter() {
    use std::str::FromStr;
    assert_eq!("N".parse(), Ok(chess::Piece::Knight));
    assert_eq!("n".parse(), Ok(chess::Piece::Knight));
    assert_eq!("X".parse::<chess::Piece>(), Err(chess::ParsePieceError));
    assert_eq!("".parse::<chess::Piece>(), Err(chess::ParsePieceError));
    assert_eq!((xiangqi::Piece::Elephant.letter(), xiangqi::Piece::Elephant.fen_letter()), ("E", "B"));
    assert_eq!("b".parse(), Ok(xiangqi::Piece::Elephant));
    assert_eq!("+r".parse(), Ok(shogi::Piece::Dragon));
    assert_eq!("L'".parse(), Ok(chu::Piece::FerociousLeopard));
    assert_eq!("L".parse(), Ok(chu::Piece::Lance));
    fn every_piece_round_trips<P: FromStr + PartialEq + std::fmt::Debug + Copy>(
        all: &[P],
        fen: impl Fn(P) -> &'static str,
    ) where
        P::Err: std::fmt::Debug,
    {
        for &piece in all {
            assert_eq!(fen(piece).parse::<P>().unwrap(), piece);
            assert_eq!(fen(piece).to_ascii_lowercase().parse::<P>().unwrap(), piece);
        }
    }
    every_piece_round_trips(&chess::Piece::ALL, chess::Piece::fen_letter);
    every_piece_round_trips(&xiangqi::Piece::ALL, xiangqi::Piece::fen_letter);
    every_piece_round_trips(&shogi::Piece::ALL, shogi::Piece::fen_letter);
    every_piece_round_trips(&chu::Piece::ALL, chu::Piece::fen_letter);
    assert!(chess::Piece::ALL.iter().map(|p| p.fen_letter()).eq(chess::RULES.fen_letters.iter().copied()));
}

#[test]
fn not_a_colour_is_the_other() {
    assert_eq!(!chess::Color::White, chess::Color::Black);
    assert_eq!(!chess::Color::Black, chess::Color::White);
}

/// The diagram is drawn on the module's own board, with no size to pass.
#[test]
fn a_diagram_knows_its_board() {
    use fairy_magic_generated::chess::SquareSet as _;
    let knight = chess::knight_attacks(chess::Square::G1, 0);
    assert_eq!(
        knight.diagram().to_string(),
        ". . . . . . . .\n".repeat(5) + ". . . . . x . x\n. . . . x . . .\n. . . . . . . .\n"
    );
    use fairy_magic_generated::xiangqi::SquareSet as _;
    let drawn = xiangqi::Bitboard::from_square(xiangqi::Square::I10).diagram().to_string();
    assert_eq!(drawn.lines().count(), 10);
    assert!(drawn.lines().all(|l| l.len() == 17) && drawn.starts_with(". . . . . . . . x\n"), "{drawn}");
}

/// `line(a, b)` is the queen's whole line through both squares: where a queen on `a` reaches `b`
/// on an empty board it holds both, every square between them and the queen's reach beyond, and
/// is empty everywhere else.
#[test]
fn line_is_the_whole_line_through_both_squares() {
    use chess::{between, line, queen_attacks, Bitboard, BitboardExt, Color, Piece, Square, SquareSet};
    for a in Square::all() {
        for b in Square::all() {
            let whole = line(a, b);
            assert_eq!(whole, line(b, a));
            if a == b || !queen_attacks(a, 0).has(b) {
                assert_eq!(whole, 0, "{a:?} {b:?}");
                continue;
            }
            let ends = Bitboard::from_square(a) | Bitboard::from_square(b);
            let through = between(Piece::Queen, Color::White, a, b) | ends;
            assert_eq!(whole & through, through, "{a:?} {b:?}");
            // From `a` the queen reaches the whole line on an empty board, and no more of it.
            assert_eq!(whole & !Bitboard::from_square(a), queen_attacks(a, 0) & whole, "{a:?} {b:?}");
            assert!((2..=8).contains(&whole.count()), "{a:?} {b:?}");
        }
    }
    let x = xiangqi::line(xiangqi::Square::A10, xiangqi::Square::B9);
    assert_eq!(x.count_ones(), 9, "the diagonal from a10 runs to i2");
}
