//! Boards of every size up to 256 squares: the u128 path agrees with the u64 one, the top
//! square of the largest boards of each width (u128, Bitboard192, Bitboard256) works, and
//! boards past the limit are errors.

use crate::common::XorShift;
use fairy_magic::stages::board::{bit, squares_of, Board, Square, Squares};
use fairy_magic::stages::error::Source;
use fairy_magic::stages::magics::Word;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::stages::tables::SlotId;
use fairy_magic::stages::{paths, pipeline};
use fairy_magic::{build, Compiled, Settings};
use fairy_magic_runtime::{Bitboard192, BitboardExt, Color};

const PIECES: &str = "piece K king K\npiece Q queen Q\npiece N knight N\npiece P pawn fmWfcFifmnD\n\
piece G griffon [F?R]\npiece R rhino [W?B]\npiece C cannon mRcpR\npiece H grasshopper gQ\npiece M nightrider NN\n\
piece E elephant nA\npiece X horse [W-F]\n";

fn compile<B: Word>(board: &str) -> Compiled<B> {
    compile_pieces(board, PIECES, None)
}

fn compile_pieces<B: Word>(board: &str, pieces: &str, max_bits: Option<u32>) -> Compiled<B> {
    let text = format!("variant test\nboard {board}\n{pieces}");
    let (v, moves) = pipeline::read(&Source { file: "test.variant", text: &text }).unwrap();
    // Forward tables only: these tests compare destinations across board sizes, and the reverse
    // tables, which would triple the time, are checked on 128 squares by the generated `wide`
    // modules (generated/tests/reverse.rs).
    build::<B>(v, moves, &Settings::default().with_reverse(false).with_max_bits(max_bits)).unwrap()
}

/// The same pieces on 8x8 (u64) and 12x10 (u128) give the same destinations on the shared
/// squares, except where a path on the big board leaves the small one and comes back.
#[test]
fn a_large_board_agrees_with_8x8_where_they_overlap() {
    let small = compile::<u64>("8x8");
    let large = compile::<u128>("12x10");
    let (sb, lb) = (small.variant.board, large.variant.board);
    // Small square → large square with the same file and rank.
    let widen = |set: Squares| {
        squares_of(set).fold(Squares::EMPTY, |s, sq| {
            let (f, r) = sb.file_rank(sq);
            s | bit(lb.square(f, r).unwrap())
        })
    };
    let region = widen(sb.all());
    let mut rng = XorShift(0xdead_beef_cafe_f00d);
    let mut equal_cases = 0;
    for piece in 0..small.moves.len() {
        for color in Color::ALL {
            for sq in sb.each() {
                let (f, r) = sb.file_rank(sq);
                let lsq = lb.square(f, r).unwrap();
                // Destinations on the small board that the large board reaches only by leaving it.
                let leaving: Squares = paths::path_moves(lb, large.moves[piece][color as usize].at(lsq), lsq)
                    .iter()
                    .filter(|m| !((m.path | bit(m.dest)) & !region).is_empty())
                    .fold(Squares::EMPTY, |s, m| s | bit(m.dest))
                    & region;
                for _ in 0..64 {
                    let occupied = Squares::from(rng.next() & rng.next()) & sb.all();
                    for (k, kind) in small.tables.kinds.iter().enumerate() {
                        let kl = large.tables.kinds.iter().position(|x| x == kind).unwrap();
                        let id = |kind, square| SlotId { kind_index: kind, piece, color, square };
                        let a = widen(small.tables.lookup(id(k, sq), occupied));
                        let b = large.tables.lookup(id(kl, lsq), widen(occupied)) & region;
                        assert_eq!(a & !b, Squares::EMPTY, "piece {piece} {color:?} {kind:?} on {}", sb.name(sq));
                        assert_eq!(
                            (b & !a) & !leaving,
                            Squares::EMPTY,
                            "piece {piece} {color:?} {kind:?} on {}",
                            sb.name(sq)
                        );
                        if leaving.is_empty() {
                            assert_eq!(a, b);
                            equal_cases += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(equal_cases > 10_000, "{equal_cases}");
}

/// The top square of a board of 16 files and `ranks` ranks (its top-right corner): the queen,
/// the knight and the pawns there, and the queen on a1 blocked by it.
fn the_top_square<B: Word>(c: &Compiled<B>, ranks: u8) {
    let board = c.variant.board;
    let top = Square::new(board.squares() - 1);
    assert_eq!(board.name(top), format!("p{ranks}"));
    let kinds = &c.tables.kinds;
    let capture = kinds.iter().position(|&k| k == TableKind::Capture).unwrap();
    let names = |set: Squares| squares_of(set).map(|s| board.name(s)).collect::<Vec<_>>().join(" ");
    let empty = Squares::EMPTY;
    let queen = c.tables.lookup(SlotId { kind_index: capture, piece: 1, color: Color::White, square: top }, empty);
    let diagonal = ranks as u32 - 1;
    assert_eq!(queen.count_ones(), 15 + (ranks as u32 - 1) + diagonal);
    assert!(names(queen).contains(&format!("a{ranks}")) && names(queen).contains("p1"));
    let knight = c.tables.lookup(SlotId { kind_index: capture, piece: 2, color: Color::White, square: top }, empty);
    assert_eq!(names(knight), format!("o{} n{}", ranks - 2, ranks - 1));
    // A black pawn on the top rank steps down; a white one has nowhere to go.
    let quiet = kinds.iter().position(|&k| k == TableKind::Quiet).unwrap();
    let pawn = |color| c.tables.lookup(SlotId { kind_index: quiet, piece: 3, color, square: top }, empty);
    assert_eq!(names(pawn(Color::Black)), format!("p{}", ranks - 1));
    assert_eq!(pawn(Color::White), empty);
    // The queen on a1 and the top square: on the diagonal of a square board, not on 16x8.
    let a1 = c
        .tables
        .lookup(SlotId { kind_index: capture, piece: 1, color: Color::White, square: Square::new(0) }, bit(top));
    let corner = board.parse_square(&format!("{}{ranks}", (b'a' + ranks - 1) as char)).unwrap();
    assert!(a1.has_index(corner.index()));
    assert_eq!(a1.has_index(top.index()), ranks == 16);
}

#[test]
fn the_top_square_of_a_128_square_board() {
    the_top_square(&compile::<u128>("16x8"), 8);
}

/// The pieces of the wide boards' top-square tests, which fill their bitboards to the last bit.
const TOP_PIECES: &str = "piece K king K\npiece Q queen Q\npiece N knight N\npiece P pawn fmWfcFifmnD\n";

#[test]
fn the_top_square_of_a_192_square_board() {
    // 16x12 fills Bitboard192 to its last bit: p12 is square 191.
    let c = compile_pieces::<Bitboard192>("16x12", TOP_PIECES, Some(8));
    assert_eq!(c.variant.board.squares(), 192);
    the_top_square(&c, 12);
}

#[test]
fn each_board_takes_the_narrowest_bitboard_that_holds_it() {
    let bits = |files, ranks| Board { files, ranks }.word_bits();
    assert_eq!([bits(8, 8), bits(13, 5), bits(16, 8), bits(13, 10)], [64, 128, 128, 192]);
    assert_eq!([bits(12, 12), bits(16, 12), bits(14, 14), bits(16, 16)], [192, 192, 256, 256]);
}

#[test]
fn the_top_square_of_a_256_square_board() {
    // Eight index bits keep the queen's tables on 16x16 small enough for a test.
    let c = compile_pieces::<Squares>("16x16", TOP_PIECES, Some(8));
    assert_eq!(c.variant.board.squares(), 256);
    the_top_square(&c, 16);
}

#[test]
fn boards_past_256_squares_are_errors() {
    for (board, at, why) in [("16x17", "2:10", "at most 16"), ("17x2", "2:7", "at most 16"), ("0x5", "2:7", "0 files")]
    {
        let text = format!("variant big\nboard {board}\npiece K king K\n");
        let e = pipeline::read(&Source { file: "big.variant", text: &text }).unwrap_err().summary();
        assert!(e.starts_with(&format!("big.variant:{at}: error:")) && e.contains(why), "{e}");
    }
}

/// Every index formula builds tables that pass verification against the reference walker (which
/// `build` runs on every entry) on both integer widths, and answers as the default one does.
#[test]
fn every_index_agrees_on_both_widths() {
    use fairy_magic_runtime::Index;
    fn check<B: Word>(board: &str, squares: u8) {
        let text = format!("variant test\nboard {board}\n{PIECES}");
        let (v, moves) = pipeline::read(&Source { file: "test.variant", text: &text }).unwrap();
        let built: Vec<Compiled<B>> = [Index::Magic, Index::Split32, Index::Pext]
            .into_iter()
            .map(|index| {
                build::<B>(v.clone(), moves.clone(), &Settings::default().with_index(index).with_reverse(false))
                    .unwrap()
            })
            .collect();
        let mut rng = XorShift(7);
        for _ in 0..20_000 {
            let id = SlotId {
                kind_index: (rng.next() % 2) as usize,
                piece: (rng.next() % moves.len() as u64) as usize,
                color: if rng.next() % 2 == 0 { Color::White } else { Color::Black },
                square: Square::new((rng.next() % squares as u64) as usize),
            };
            let occupied = Squares::new([(); 4].map(|_| rng.next())) & built[0].variant.board.all();
            let answers: Vec<Squares> = built.iter().map(|c| c.tables.lookup(id, occupied)).collect();
            assert_eq!(answers[1], answers[0], "split32 {id:?}");
            assert_eq!(answers[2], answers[0], "pext {id:?}");
        }
    }
    check::<u64>("8x8", 64);
    check::<u128>("12x10", 120);
}
