//! The squares between two squares on a piece's paths, for pins and for blocking a check: one
//! small grid a piece and colour, shared where two are the same, pointing into one list of
//! distinct sets.

use std::collections::HashMap;

use crate::board::{Board, Square, Squares};
use crate::by_piece::ByPiece;
use crate::paths::Gate;
use crate::paths::PathMove;

/// Every piece's between sets, as the generated module stores them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Between {
    /// Distinct non-empty sets; index 0 is the empty set.
    pub sets: Vec<Squares>,
    /// Distinct grids: `grid[from * squares + to]` indexes `sets`.
    pub grids: Vec<Vec<u32>>,
    /// `grid_of[piece][colour]`: its grid, or `None` where nothing is ever between.
    pub grid_of: Vec<[Option<usize>; 2]>,
}

impl Between {
    /// `all_paths.get(piece, color)[from]` are the piece's path moves from `from`.
    pub fn new(board: Board, all_paths: &ByPiece<Vec<Vec<PathMove>>>) -> Between {
        let mut between = Between { sets: vec![Squares::EMPTY], ..Between::default() };
        let mut set_ids: HashMap<Squares, u32> = HashMap::from([(Squares::EMPTY, 0)]);
        let mut grid_ids: HashMap<Vec<u32>, usize> = HashMap::new();
        for both in all_paths.pairs() {
            let ids = [0, 1].map(|color| {
                let grid = between.grid(board, both[color], &mut set_ids);
                grid.iter().any(|&id| id != 0).then(|| {
                    let next = between.grids.len();
                    *grid_ids.entry(grid.clone()).or_insert_with(|| {
                        between.grids.push(grid);
                        next
                    })
                })
            });
            between.grid_of.push(ids);
        }
        between
    }

    /// Entries of the sets' table as the module stores it: the sets, then empty sets up to a
    /// power of two, so that a cell read from a grid and masked is known to be in range and
    /// the read needs no bounds check.
    pub fn table_len(&self) -> usize {
        self.sets.len().next_power_of_two()
    }

    /// One piece and colour's grid, adding the sets it needs.
    fn grid(&mut self, board: Board, per_square: &[Vec<PathMove>], set_ids: &mut HashMap<Squares, u32>) -> Vec<u32> {
        let mut grid = vec![0u32; board.squares() * board.squares()];
        for (from, moves) in per_square.iter().enumerate() {
            for (to, set) in sets_from(moves) {
                let next = self.sets.len() as u32;
                let id = *set_ids.entry(set).or_insert(next);
                if id == next {
                    self.sets.push(set);
                }
                grid[from * board.squares() + to.index()] = id;
            }
        }
        grid
    }

    /// The set for one query, as the generated code reads it.
    pub fn get(&self, board: Board, piece: usize, color: usize, from: Square, to: Square) -> Squares {
        match self.grid_of[piece][color] {
            None => Squares::EMPTY,
            Some(g) => self.sets[self.grids[g][from.index() * board.squares() + to.index()] as usize],
        }
    }
}

/// For one square's path moves: each destination with the union of the paths that can matter,
/// leaving out a path whenever another to the same square is open every time it is (a plain
/// leap beside a lame one, say).
fn sets_from(moves: &[PathMove]) -> Vec<(Square, Squares)> {
    let mut gates: Vec<Gate> = moves.iter().map(Gate::of).collect();
    gates.sort();
    gates.dedup();
    // Sorted gates come a destination at a time; a detour is one of the same destination.
    gates
        .chunk_by(|a, b| a.dest == b.dest)
        .map(|same| {
            let set =
                same.iter().filter(|g| !same.iter().any(|o| g.is_detour_of(o))).fold(Squares::EMPTY, |s, g| s | g.path);
            (same[0].dest, set)
        })
        .filter(|&(_, set)| set != Squares::EMPTY)
        .collect()
}
