use std::collections::BTreeSet;

use fairy_magic::stages::board::{bit, Board, Square, Squares};
use fairy_magic::stages::by_piece::ByPiece;
use fairy_magic::stages::indices::*;
use fairy_magic::stages::paths::PathMove;
use fairy_magic::stages::regions::PieceMoves;
use fairy_magic_runtime::Color;

fn differences(vectors: &[(i32, i32)]) -> Vec<u32> {
    vectors.iter().map(|&v| difference(Board { files: 8, ranks: 8 }, v) as u32).collect()
}

const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

#[test]
fn the_notes_bits_0_1_4_6_separate_king_steps_on_0x88() {
    // Four bits are the fewest for the king, and the note's four are among them; three do
    // for the knight alone.
    let king = separating_subsets(&differences(&KING), 9, 1000);
    assert!(king.iter().all(|s| s.count_ones() == 4) && king.contains(&0b101_0011));
    let knight = separating_subsets(&differences(&KNIGHT), 9, 1000);
    assert!(knight.iter().all(|s| s.count_ones() == 3));
    // Both pieces' sixteen vectors together need five.
    let both: Vec<(i32, i32)> = KING.iter().chain(&KNIGHT).copied().collect();
    assert_eq!(separating_subsets(&differences(&both), 9, 1)[0].count_ones(), 5);
    assert_eq!(gather(0b0101_0001, 0b0101_0011), 0b1101);
}

#[test]
fn a_hash_numbers_its_vectors_and_refuses_others() {
    let board = Board { files: 8, ranks: 8 };
    let differences: Vec<i32> = ordered(&KNIGHT.into(), Color::White).iter().map(|&v| difference(board, v)).collect();
    let hash = find_hash(&differences);
    assert_eq!((hash.mask.count_ones(), hash.index_bits), (3, 3), "{}", hash.bits());
    for (j, &d) in differences.iter().enumerate() {
        assert_eq!(hash.lookup(d), Some(j as u16));
    }
    for other in [(1, 0), (3, 0), (0, 0), (-7, -7), (2, 2)] {
        assert_eq!(hash.lookup(difference(board, other)), None);
    }
}

const BOARD: Board = Board { files: 8, ranks: 8 };

/// Each square's path moves of a piece that moves the same everywhere.
fn paths(betza: &str, color: Color) -> Vec<Vec<PathMove>> {
    let moves = fairy_magic::stages::legs::moves(&fairy_magic::stages::betza::parse(betza).unwrap(), color).unwrap();
    piece_paths(BOARD, &PieceMoves::anywhere(moves), 20_000).unwrap()
}

fn squares(list: &[u8]) -> Squares {
    list.iter().fold(Squares::EMPTY, |s, &q| s | bit(Square::new(q.into())))
}

#[test]
fn a_pawns_policy_numbers_its_push_double_step_and_captures_where_move_index_has_captures() {
    let pawn = PieceIndices::new(BOARD, &paths("fmWfcFifmnD", Color::White), Color::White);
    let (e2, d3, e3, f3, e4) = (12, 19, 20, 21, 28);
    assert_eq!(pawn.potential[e2], squares(&[d3, f3]));
    assert_eq!(pawn.policy[e2], squares(&[d3, e3, f3, e4]));
    // From every square but the last rank: a push and a double step (the compiler cannot
    // know which squares a pawn starts on) where the board has room, one or two captures.
    assert_eq!(pawn.moves(), 7 * 14);
    assert_eq!(pawn.policy_moves(), 7 * 14 + 7 * 8 + 6 * 8);
    // Before e2: a1 and h1 with three moves, b1 to g1 with four, then a2 with three, b2 to d2
    // with four.
    assert_eq!(offsets(&pawn.policy)[e2], 2 * 3 + 6 * 4 + 3 + 3 * 4);
}

#[test]
fn policy_grids_come_after_the_attack_grids_and_share_equal_ones() {
    let all = ByPiece::from_fn(2, |piece, color| paths(["R", "fmWfcF"][piece], color));
    let indices = Indices::new(BOARD, &all);
    let reach = indices.reach_grids();
    // The rook's grid serves both colours and both indices; the pawn's attacks are grids 1
    // and 2 as they were before policy grids were added, its moves 3 and 4.
    assert_eq!((reach.attack_grids, reach.grids.len()), (3, 5));
    assert_eq!(reach.attacks, vec![[0, 0], [1, 2]]);
    assert_eq!(reach.moves, vec![[0, 0], [3, 4]]);
    assert_eq!(reach.grids[3], indices.pieces[1][0].policy.as_slice());
}

#[test]
fn black_numbers_mirror_white() {
    let white: BTreeSet<(i32, i32)> = [(1, 1), (-1, 1)].into();
    let black: BTreeSet<(i32, i32)> = [(1, -1), (-1, -1)].into();
    assert_eq!(ordered(&white, Color::White), vec![(-1, 1), (1, 1)]);
    assert_eq!(ordered(&black, Color::Black), vec![(1, -1), (-1, -1)]);
}
