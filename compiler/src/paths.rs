//! Stage 3: legs × start square → path moves. A path move says: the piece reaches `dest` when
//! the squares of `path` hold exactly `required` (or, for a hopper, exactly one piece).
//!
//! This is H.G. Muller's NextLeg walk, specialised to what one leg can express; lookups and
//! tables only ever see these plain sets of squares.

use crate::board::{Board, Squares};
use crate::legs::{Kinds, Leg, Move, Sweep};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Valid when `occupied & path == required`.
    Exact,
    /// Valid when exactly one square of `path` is occupied (a `p` hopper's hurdle).
    OneOf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathMove {
    pub dest: u8,
    pub path: Squares,
    pub required: Squares,
    pub rule: Rule,
    pub kinds: Kinds,
    pub initial: bool,
}

impl PathMove {
    /// Whether this move is open under the given occupancy.
    pub fn valid(&self, occupied: Squares) -> bool {
        match self.rule {
            Rule::Exact => occupied & self.path == self.required,
            Rule::OneOf => (occupied & self.path).count_ones() == 1,
        }
    }
}

/// All path moves of a piece's moves from one square.
pub fn path_moves(board: Board, moves: &[Move], from: u8) -> Vec<PathMove> {
    let mut out = Vec::new();
    for m in moves {
        let [leg] = m.legs.as_slice() else {
            unreachable!("legs.rs only builds single-leg moves so far");
        };
        walk_leg(board, leg, from, &mut |dest, path, required, rule| {
            out.push(PathMove { dest, path, required, rule, kinds: leg.stop, initial: m.initial });
        });
    }
    out
}

/// The squares a leap passes over on its way (none for oblique leaps and single steps).
pub fn passed_over(step: (i8, i8)) -> Vec<(i32, i32)> {
    let (dx, dy) = (step.0 as i32, step.1 as i32);
    let along_a_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    if !along_a_line {
        return Vec::new();
    }
    let n = dx.abs().max(dy.abs());
    (1..n).map(|t| (dx.signum() * t, dy.signum() * t)).collect()
}

fn walk_leg(board: Board, leg: &Leg, from: u8, emit: &mut impl FnMut(u8, Squares, Squares, Rule)) {
    let (f0, r0) = board.file_rank(from);
    let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
    let between = passed_over(leg.step);
    let bit = |f: i32, r: i32| board.square(f, r).map(|s| 1u128 << s);
    // Squares the ride has landed on so far (they must be empty to go on), and squares passed
    // over by lame or jumping leaps.
    let mut landed: Squares = 0;
    let mut passed: Squares = 0;
    for k in 1..=leg.range as i32 {
        let (pf, pr) = (f0 + (k - 1) * dx, r0 + (k - 1) * dy);
        let Some(land) = board.square(pf + dx, pr + dy) else { break };
        let over: Squares = between.iter().filter_map(|&(bx, by)| bit(pf + bx, pr + by)).fold(0, |a, b| a | b);
        match leg.sweep {
            Sweep::Plain => emit(land, landed, 0, Rule::Exact),
            Sweep::Lame => {
                passed |= over;
                emit(land, landed | passed, 0, Rule::Exact);
            }
            Sweep::Jump if leg.range == 1 => emit(land, over, over, Rule::Exact),
            // A jumping rider skips its first landing square, whatever is there.
            Sweep::Jump if k == 1 => continue,
            Sweep::Jump => emit(land, landed, 0, Rule::Exact),
            Sweep::Hop if k > 1 => emit(land, landed, 0, Rule::OneOf),
            Sweep::Grasshop if k > 1 => {
                let hurdle = 1u128 << board.square(pf, pr).unwrap();
                emit(land, landed, hurdle, Rule::Exact);
            }
            Sweep::Hop | Sweep::Grasshop => {}
        }
        landed |= 1 << land;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{betza, legs};
    use fairy_magic_runtime::Color;

    fn paths(text: &str, from: &str) -> Vec<PathMove> {
        let board = Board { files: 8, ranks: 8 };
        let moves = legs::moves(&betza::parse(text).unwrap(), Color::White).unwrap();
        path_moves(board, &moves, board.parse_square(from).unwrap())
    }

    fn sq(name: &str) -> Squares {
        1 << Board { files: 8, ranks: 8 }.parse_square(name).unwrap()
    }

    #[test]
    fn rook_paths_are_the_squares_before_the_destination() {
        let p = paths("fR", "a1");
        assert_eq!(p.len(), 7);
        assert_eq!(p[0].path, 0);
        assert_eq!(p[2].path, sq("a2") | sq("a3"));
        assert!(p.iter().all(|m| m.required == 0 && m.rule == Rule::Exact));
    }

    #[test]
    fn lame_and_jumping_leaps_look_at_the_square_passed() {
        let lame = paths("fnD", "e2");
        assert_eq!((lame[0].path, lame[0].required), (sq("e3"), 0));
        let jump = paths("fjD", "e2");
        assert_eq!((jump[0].path, jump[0].required), (sq("e3"), sq("e3")));
        let lame_alfil = paths("frnA", "a1");
        assert_eq!(lame_alfil[0].path, sq("b2"));
    }

    #[test]
    fn hoppers_and_grasshoppers() {
        let cannon = paths("fpR", "a1");
        assert_eq!(cannon.len(), 6);
        assert_eq!((cannon[0].dest, cannon[0].path, cannon[0].rule), (16, sq("a2"), Rule::OneOf));
        let grasshopper = paths("fgR", "a1");
        assert_eq!((grasshopper[1].path, grasshopper[1].required), (sq("a2") | sq("a3"), sq("a3")));
        let skip = paths("fjR", "a1");
        assert_eq!((skip[0].dest, skip[0].path), (16, 0));
        assert_eq!(skip[1].path, sq("a3"));
    }
}
