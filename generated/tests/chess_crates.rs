//! The four chess modules (`chess`, `chess_pext`, `chess_split32`, `chess_throughput`) against two chess libraries
//! that share nothing with fairy-magic: cozy-chess and shakmaty. Every square, both colours,
//! every piece they expose, on several thousand occupancies a square (sparse to dense, plus
//! every subset of each square's rook and bishop rays in a ripple walk of the blockers that
//! matter), so all three index formulas answer what real chess programs answer.

use cozy_chess as cozy;

use crate::rng::XorShift;

/// The occupancies to try from `square`: random ones of every density, and every subset of the
/// rook's and of the bishop's relevant blockers (shakmaty's masks).
fn occupancies(square: usize, rng: &mut XorShift) -> Vec<u64> {
    let mut all = vec![0, u64::MAX];
    for _ in 0..300 {
        let (a, b, c) = (rng.next(), rng.next(), rng.next());
        all.extend([a & b & c, a & b, a, a | b]);
    }
    let sq = shakmaty::Square::new(square as u32);
    for mask in [shakmaty::attacks::rook_mask(sq).0, shakmaty::attacks::bishop_mask(sq).0] {
        let mut subset = 0u64;
        loop {
            all.push(subset | (rng.next() & rng.next() & !mask));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
    }
    all
}

macro_rules! against_the_chess_crates {
    ($test:ident, $m:ident) => {
        #[test]
        fn $test() {
            use fairy_magic_generated::$m::{attacks, initial_quiets, quiets, Color, Piece, Square};
            let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
            let mut checked = 0usize;
            for square in 0..64 {
                let cs = cozy::Square::index(square);
                let ss = shakmaty::Square::new(square as u32);
                let fm = Square::new(square).unwrap();
                for occupied in occupancies(square, &mut rng) {
                    let occupied = occupied | 1 << square;
                    let (cb, sb) = (cozy::BitBoard(occupied), shakmaty::Bitboard(occupied));
                    let rook = cozy::get_rook_moves(cs, cb).0;
                    let bishop = cozy::get_bishop_moves(cs, cb).0;
                    assert_eq!(rook, shakmaty::attacks::rook_attacks(ss, sb).0);
                    assert_eq!(bishop, shakmaty::attacks::bishop_attacks(ss, sb).0);
                    let at = |what: &str| format!("{} {what} on {square}, occupied {occupied:#018x}", stringify!($m));
                    for color in [Color::White, Color::Black] {
                        let a = |p| attacks(p, color, fm, occupied);
                        assert_eq!(a(Piece::Rook), rook, "{}", at("rook"));
                        assert_eq!(a(Piece::Bishop), bishop, "{}", at("bishop"));
                        assert_eq!(a(Piece::Queen), shakmaty::attacks::queen_attacks(ss, sb).0, "{}", at("queen"));
                        assert_eq!(quiets(Piece::Rook, color, fm, occupied), rook, "{}", at("rook quiets"));
                        assert_eq!(quiets(Piece::Queen, color, fm, occupied), rook | bishop, "{}", at("queen quiets"));
                    }
                    checked += 1;
                }
                // Leapers and pawns do not depend on the occupancy but for the pawn's pushes.
                for color in [Color::White, Color::Black] {
                    let (cc, sc) = match color {
                        Color::White => (cozy::Color::White, shakmaty::Color::White),
                        Color::Black => (cozy::Color::Black, shakmaty::Color::Black),
                    };
                    let knight = shakmaty::attacks::knight_attacks(ss).0;
                    let king = shakmaty::attacks::king_attacks(ss).0;
                    let pawn = shakmaty::attacks::pawn_attacks(sc, ss).0;
                    assert_eq!(knight, cozy::get_knight_moves(cs).0);
                    assert_eq!(king, cozy::get_king_moves(cs).0);
                    assert_eq!(pawn, cozy::get_pawn_attacks(cs, cc).0);
                    for occupied in [0u64, rng.next(), rng.next() & rng.next(), rng.next() | rng.next()] {
                        let occupied = occupied | 1 << square;
                        let at = |what: &str| {
                            format!("{} {color:?} {what} on {square}, occupied {occupied:#018x}", stringify!($m))
                        };
                        assert_eq!(attacks(Piece::Knight, color, fm, occupied), knight, "{}", at("knight"));
                        assert_eq!(attacks(Piece::King, color, fm, occupied), king, "{}", at("king"));
                        assert_eq!(attacks(Piece::Pawn, color, fm, occupied), pawn, "{}", at("pawn attacks"));
                        // cozy-chess pushes twice from the second rank only; `i` is "first move".
                        let second = if color == Color::White { 1 } else { 6 };
                        let mut pushes = quiets(Piece::Pawn, color, fm, occupied) & !occupied;
                        if square / 8 == second {
                            pushes |= initial_quiets(Piece::Pawn, color, fm, occupied) & !occupied;
                        }
                        let blockers = cozy::BitBoard(occupied & !(1 << square));
                        assert_eq!(pushes, cozy::get_pawn_quiets(cs, cc, blockers).0, "{}", at("pawn pushes"));
                    }
                }
            }
            assert!(checked > 64 * 1200, "only {checked} occupancies");
        }
    };
}

against_the_chess_crates!(chess_agrees_with_cozy_chess_and_shakmaty, chess);
against_the_chess_crates!(chess_pext_agrees_with_cozy_chess_and_shakmaty, chess_pext);
against_the_chess_crates!(chess_split32_agrees_with_cozy_chess_and_shakmaty, chess_split32);
against_the_chess_crates!(chess_throughput_agrees_with_cozy_chess_and_shakmaty, chess_throughput);
