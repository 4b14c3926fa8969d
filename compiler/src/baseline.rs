//! What the same pieces would cost as plain fancy-magic tables, for the header's comparison.
//!
//! Plain fancy magic, as engines use it for rooks and bishops: for every square the piece may
//! stand on, one table per sliding part of a piece, indexed by every square that part's moves
//! look at, with no bit budget. A part (`Q`, `[F?R]`) is split by the family of its first step,
//! orthogonal, diagonal or oblique, so that a queen costs a rook table plus a bishop table as in
//! any engine. Tables that are identical (same moves from the same square) are counted once.
//!
//! Regions apply as they do to the module's own tables: a confined piece has tables only where
//! it may stand, and looks only along moves that end inside its region (the Xiangqi elephant
//! has no table across the river); a zone's moves have tables on the zone's squares.
//!
//! The stage reads each XBetza part's moves again with [`legs::moves`]: the pipeline's moves
//! are a piece's parts merged, and the baseline's unit is the part.

use std::collections::HashSet;

use fairy_magic_runtime::{BitboardExt, Color};

use crate::betza::Betza;
use crate::board::{squares_of, Board, Square, Squares};
use crate::legs::{self, Move};
use crate::paths;
use crate::regions::PieceMoves;
use crate::variant::Variant;

/// The number of table entries plain fancy magic needs for these pieces (`moves[piece][colour]`,
/// as the pipeline places them in their regions). A float: one mask of a hundred squares
/// already needs more entries than any integer holds.
pub fn fancy_magic_entries(variant: &Variant, moves: &[[PieceMoves; 2]]) -> f64 {
    let board = variant.board;
    let mut seen = HashSet::new();
    let mut entries = 0.0;
    for (piece, placed) in variant.pieces.iter().zip(moves) {
        let written = std::iter::once(&piece.betza).chain(piece.zones.iter().map(|z| &z.betza));
        for (written_index, betza) in written.enumerate() {
            for color in Color::ALL {
                let placed = &placed[color as usize];
                let area = Area { standing: standing(placed, written_index), landing: placed.confined };
                for part in &betza.parts {
                    let one = Betza { parts: vec![part.clone()] };
                    let moves = legs::moves(&one, color).unwrap_or_default();
                    for family in [Family::Orthogonal, Family::Diagonal, Family::Oblique] {
                        let mut of_family: Vec<Move> =
                            moves.iter().filter(|m| family_of(m.legs[0].step) == family).cloned().collect();
                        of_family.sort();
                        entries += family_entries(board, of_family, area, &mut seen);
                    }
                }
            }
        }
    }
    entries
}

/// Where one written XBetza of a placed piece applies: the squares it moves from, and those its
/// moves may end on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Area {
    standing: Squares,
    landing: Squares,
}

/// The squares from which the piece moves by its `written_index`-th XBetza (0 its own, then its
/// zones in order): where it may stand, in that zone and in no earlier one (the first zone
/// holding a square wins, as [`PieceMoves::at`] says), or in none for its own moves.
fn standing(placed: &PieceMoves, written_index: usize) -> Squares {
    let zone = |k: usize| placed.zones[k].0;
    let earlier = (0..written_index.saturating_sub(1)).fold(Squares::EMPTY, |s, k| s | zone(k));
    let inside = match written_index {
        0 => !placed.zones.iter().fold(Squares::EMPTY, |s, (z, _)| s | *z),
        k => zone(k - 1) & !earlier,
    };
    placed.confined & inside
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

fn family_entries(board: Board, moves: Vec<Move>, area: Area, seen: &mut HashSet<(Vec<Move>, Area, Square)>) -> f64 {
    if moves.is_empty() {
        return 0.0;
    }
    let mut entries = 0.0;
    for square in squares_of(area.standing & board.all()) {
        let mask = paths::path_moves(board, &moves, square)
            .iter()
            .filter(|p| area.landing.has_index(p.dest.index()))
            .fold(Squares::EMPTY, |m, p| m | p.path);
        if mask != Squares::EMPTY && seen.insert((moves.clone(), area, square)) {
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
        let source = crate::Source { file: "t.variant", text: &text };
        let (variant, moves) = crate::pipeline::read(&source).unwrap();
        fancy_magic_entries(&variant, &moves)
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
    fn a_confined_piece_has_tables_only_where_it_stands() {
        // On its own rank a rook looks at 6 squares from a corner and 5 from elsewhere; Black's
        // region is rank 8, so its tables are other tables.
        let on_rank = "region first a1-h1\npiece R rook R\nconfine R first\n";
        assert_eq!(entries(on_rank), 2.0 * (2.0 * 64.0 + 6.0 * 32.0));
        // The Xiangqi elephant's eye squares across the river are no table's.
        let elephant =
            |confined: &str| entries_on("9x10", &format!("region own a1-i5\npiece E elephant nA\n{confined}"));
        assert!(elephant("confine E own\n") < elephant(""));
    }

    #[test]
    fn a_zone_has_tables_on_its_own_squares() {
        // A soldier moving like a rook only on rank 2: rank 2's tables and nothing else (the
        // lame step it has elsewhere looks at no square).
        let zoned = "region second a2-h2\npiece P soldier fW\nmoves P in second R\n";
        let rook_on_rank_2 = (0..8).map(|file| 2f64.powi(if file % 7 == 0 { 11 } else { 10 })).sum::<f64>();
        // White's zone is rank 2 and Black's rank 7: the same masks, from other squares.
        assert_eq!(entries(zoned), 2.0 * rook_on_rank_2);
    }

    #[test]
    fn a_mask_wider_than_any_integer_is_still_counted() {
        // A bent queen on 12x10 looks at more than 64 squares from most squares.
        assert!(entries_on("12x10", "piece Q bent QasQ\n") > 1e19);
    }
}
