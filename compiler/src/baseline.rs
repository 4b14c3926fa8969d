//! What the same pieces would cost as plain fancy-magic tables, for the header's comparison.
//!
//! Plain fancy magic, as engines use it for rooks and bishops: for every square, one table per
//! sliding part of a piece, indexed by every square that part's moves look at, with no bit
//! budget. A part (`Q`, `[F?R]`) is split by the family of its first step, orthogonal, diagonal
//! or oblique, so that a queen costs a rook table plus a bishop table as in any engine. Tables
//! that are identical (same moves from the same square) are counted once.

use std::collections::HashSet;

use fairy_magic_runtime::Color;

use crate::betza::Betza;
use crate::board::{Board, Squares};
use crate::legs::{self, Move};
use crate::paths;
use crate::variant::Variant;

/// The number of table entries plain fancy magic needs for these pieces. A float: one mask of
/// a hundred squares already needs more entries than any integer holds.
pub fn fancy_magic_entries(variant: &Variant) -> f64 {
    let board = variant.board;
    let mut seen: HashSet<(Vec<Move>, u8)> = HashSet::new();
    let mut entries = 0.0;
    for piece in &variant.pieces {
        for part in &piece.betza.parts {
            let one = Betza { parts: vec![part.clone()] };
            for color in Color::ALL {
                let moves = legs::moves(&one, color).unwrap_or_default();
                for family in [Family::Orthogonal, Family::Diagonal, Family::Oblique] {
                    let mut of_family: Vec<Move> =
                        moves.iter().filter(|m| family_of(m.legs[0].step) == family).cloned().collect();
                    of_family.sort();
                    entries += family_entries(board, of_family, &mut seen);
                }
            }
        }
    }
    entries
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn family_of((dx, dy): (i8, i8)) -> Family {
    if dx == 0 || dy == 0 {
        Family::Orthogonal
    } else if dx.abs() == dy.abs() {
        Family::Diagonal
    } else {
        Family::Oblique
    }
}

fn family_entries(board: Board, moves: Vec<Move>, seen: &mut HashSet<(Vec<Move>, u8)>) -> f64 {
    if moves.is_empty() {
        return 0.0;
    }
    let mut entries = 0.0;
    for square in (0..board.squares()).map(|s| s as u8) {
        let mask = paths::path_moves(board, &moves, square).iter().fold(Squares::EMPTY, |m, p| m | p.path);
        if mask != Squares::EMPTY && seen.insert((moves.clone(), square)) {
            entries += 2f64.powi(mask.count_ones() as i32);
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(pieces: &str) -> f64 {
        entries_on("8x8", pieces)
    }

    fn entries_on(board: &str, pieces: &str) -> f64 {
        let text = format!("variant t\nboard {board}\n{pieces}");
        fancy_magic_entries(&crate::pipeline::read(&crate::Source { file: "t.variant", text: &text }).unwrap().0)
    }

    #[test]
    fn rooks_and_bishops_cost_what_engines_pay() {
        // The classic fancy-magic table sizes: 102,400 rook and 5,248 bishop entries.
        assert_eq!(entries("piece R rook R\n"), 102_400.0);
        assert_eq!(entries("piece B bishop B\n"), 5_248.0);
        // A queen is a rook plus a bishop; sharing them with R and B costs nothing more.
        assert_eq!(entries("piece Q queen Q\npiece R rook R\npiece B bishop B\n"), 107_648.0);
        assert_eq!(entries("piece N knight N\npiece K king K\n"), 0.0);
    }

    #[test]
    fn a_mask_wider_than_any_integer_is_still_counted() {
        // A bent queen on 12x10 looks at more than 64 squares from most squares.
        assert!(entries_on("12x10", "piece Q bent QasQ\n") > 1e19);
    }
}
