//! Stage 3: legs × start square → path moves. A path move says: the piece reaches `dest` when
//! the squares of `path` hold exactly `required` (or, for a hopper, exactly one piece).
//!
//! This is H.G. Muller's NextLeg recursion: walk each leg step by step, collect every square the
//! move passes with the state it needs there, emit a path move wherever the move may end, and
//! go on with the next leg wherever it may start. Lookups and tables only see the sets.

use crate::board::{bit, Board, Squares};
use crate::legs::{Kinds, Leg, Move, Onward, Sweep};

/// How a path move's condition on the squares of its path is tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Valid when `occupied & path == required`.
    Exact,
    /// Valid when exactly one square of `path` is occupied (a one-leg `p` hopper's hurdle).
    OneOf,
}

/// One way a piece reaches one square from its start square, and what the board must hold on the
/// way there. Squares are numbered `rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathMove {
    /// The square the move ends on.
    pub dest: u8,
    /// The squares the move passes before `dest` whose contents matter (never the start square).
    pub path: Squares,
    /// The squares of `path` that must be occupied; the others in `path` must be empty. Unused
    /// with [`Rule::OneOf`].
    pub required: Squares,
    /// How `path` and `required` are tested against the board.
    pub rule: Rule,
    /// What the move may do on `dest`: a set of [`QUIET`](crate::legs::QUIET),
    /// [`CAPTURE`](crate::legs::CAPTURE) and [`FRIENDLY`](crate::legs::FRIENDLY).
    pub kinds: Kinds,
    /// `i`: only as the piece's first move.
    pub initial: bool,
}

/// The squares a move has passed so far and what each must hold.
#[derive(Clone, Copy, Debug, Default)]
struct Trail {
    path: Squares,
    required: Squares,
}

impl Trail {
    /// Adds a square that must be empty or occupied; `None` if the move already needs the
    /// opposite there. The piece's own square has left: it is empty and never joins a path.
    fn with(self, square: u8, occupied: bool, origin: u8) -> Option<Trail> {
        if square == origin {
            return (!occupied).then_some(self);
        }
        let bit = bit(square);
        let state = if occupied { bit } else { Squares::EMPTY };
        if self.path & bit != Squares::EMPTY {
            return (self.required & bit == state).then_some(self);
        }
        Some(Trail { path: self.path | bit, required: self.required | state })
    }
}

/// All path moves of a piece's moves from one square.
pub fn path_moves(board: Board, moves: &[Move], from: u8) -> Vec<PathMove> {
    path_moves_within(board, moves, from, usize::MAX).expect("no limit")
}

/// All path moves from one square, or `None` as soon as there are more than `limit`: a piece
/// of several sliding legs can have more paths than any table should hold.
pub fn path_moves_within(board: Board, moves: &[Move], from: u8, limit: usize) -> Option<Vec<PathMove>> {
    let mut out = Vec::new();
    for m in moves {
        let mut emit = |dest: u8, trail: Trail, rule: Rule, kinds: Kinds| {
            if out.len() >= limit {
                return false;
            }
            if dest != from {
                out.push(PathMove {
                    dest,
                    path: trail.path,
                    required: trail.required,
                    rule,
                    kinds,
                    initial: m.initial,
                });
            }
            true
        };
        if !walk(board, &m.legs, from, from, Trail::default(), 0, &mut emit) {
            return None;
        }
    }
    Some(out)
}

/// The squares a straight leap passes over on its way (none for oblique leaps and single steps).
pub fn passed_over(step: (i8, i8)) -> Vec<(i32, i32)> {
    let (dx, dy) = (step.0 as i32, step.1 as i32);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    (1..dx.abs().max(dy.abs())).map(|t| (dx.signum() * t, dy.signum() * t)).collect()
}

/// Walks `legs[0]` from `at`, then the rest of the legs from wherever it may end. `emit`
/// answers whether to go on; so does `walk`.
fn walk(
    board: Board,
    legs: &[Leg],
    at: u8,
    origin: u8,
    trail: Trail,
    previous_steps: u32,
    emit: &mut impl FnMut(u8, Trail, Rule, Kinds) -> bool,
) -> bool {
    let leg = &legs[0];
    let last = legs.len() == 1;
    let (f0, r0) = board.file_rank(at);
    let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
    let between = passed_over(leg.step);
    let one_leg_hopper = last && leg.sweep == Sweep::Hop && at == origin && trail.path == Squares::EMPTY;
    // `ride` grows along the ride (every landing square passed must be empty to go on);
    // `hurdles` are a multi-leg hopper's rides in which one landing so far was the hurdle.
    let mut ride = Some(trail);
    let mut hurdles: Vec<Trail> = Vec::new();
    let mut previous_landing: Option<(u8, Trail)> = None;
    for k in 1..=leg.range as u32 {
        let (pf, pr) = (f0 + (k as i32 - 1) * dx, r0 + (k as i32 - 1) * dy);
        let Some(land) = board.square(pf + dx, pr + dy) else { break };
        let rider = leg.range > 1;
        let mut squares_between = between.iter().filter_map(|&(bx, by)| board.square(pf + bx, pr + by));
        let before = ride.and_then(|t| match leg.sweep {
            Sweep::Lame => squares_between.try_fold(t, |t, s| t.with(s, false, origin)),
            Sweep::Jump if !rider => squares_between.try_fold(t, |t, s| t.with(s, true, origin)),
            _ => Some(t),
        });
        let counts = !leg.iso || k == previous_steps;
        // A jumping rider skips its first landing square whatever is there.
        let skipped = leg.sweep == Sweep::Jump && rider && k == 1;
        if skipped {
            ride = before;
            continue;
        }
        match (last, leg.sweep, before) {
            (true, Sweep::Hop, _) if one_leg_hopper => {
                if let (Some(b), true) = (before, k > 1 && counts) {
                    if !emit(land, b, Rule::OneOf, leg.stop) {
                        return false;
                    }
                }
            }
            (true, Sweep::Hop, _) => {
                if counts {
                    for &h in &hurdles {
                        if !emit(land, h, Rule::Exact, leg.stop) {
                            return false;
                        }
                    }
                }
                hurdles = hurdles.into_iter().filter_map(|h| h.with(land, false, origin)).collect();
                hurdles.extend(before.and_then(|b| b.with(land, true, origin)));
            }
            (true, Sweep::Grasshop, _) => {
                let hopped = previous_landing.and_then(|(square, t)| t.with(square, true, origin));
                if let (Some(h), true) = (hopped, counts) {
                    if !emit(land, h, Rule::Exact, leg.stop) {
                        return false;
                    }
                }
            }
            (true, _, Some(b)) => {
                if counts && !emit(land, b, Rule::Exact, leg.stop) {
                    return false;
                }
            }
            (false, _, Some(b)) => {
                if leg.stop != 0 && counts && !emit(land, b, Rule::Exact, leg.stop) {
                    return false;
                }
                let onward = match leg.onward {
                    Onward::Empty => b.with(land, false, origin),
                    Onward::Hurdle => b.with(land, true, origin),
                    Onward::Any => Some(b),
                };
                if let (Some(next), true) = (onward, counts) {
                    if !walk(board, &legs[1..], land, origin, next, k, emit) {
                        return false;
                    }
                }
            }
            (_, _, None) => {}
        }
        previous_landing = before.map(|b| (land, b));
        ride = before.and_then(|b| b.with(land, false, origin));
        if ride.is_none() && hurdles.is_empty() {
            break;
        }
    }
    true
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
        bit(Board { files: 8, ranks: 8 }.parse_square(name).unwrap())
    }

    #[test]
    fn rook_paths_are_the_squares_before_the_destination() {
        let p = paths("fR", "a1");
        assert_eq!(p.len(), 7);
        assert_eq!(p[0].path, Squares::EMPTY);
        assert_eq!(p[2].path, sq("a2") | sq("a3"));
        assert!(p.iter().all(|m| m.required == Squares::EMPTY && m.rule == Rule::Exact));
    }

    #[test]
    fn lame_and_jumping_leaps_look_at_the_square_passed() {
        let lame = paths("fnD", "e2");
        assert_eq!((lame[0].path, lame[0].required), (sq("e3"), Squares::EMPTY));
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
        assert_eq!((skip[0].dest, skip[0].path), (16, Squares::EMPTY));
        assert_eq!(skip[1].path, sq("a3"));
    }

    #[test]
    fn a_bent_rider_passes_its_turning_square() {
        // Griffon [F?R] from a1: b2 is a destination and, empty, the corner of two rook rides.
        let griffon = paths("[F?R]", "a1");
        let b2 = griffon.iter().find(|m| m.dest == 9).unwrap();
        assert_eq!(b2.path, Squares::EMPTY);
        let b4 = griffon.iter().find(|m| m.dest == 25).unwrap();
        assert_eq!(b4.path, sq("b2") | sq("b3"));
    }
}
