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
