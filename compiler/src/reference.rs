//! The independent reference: walks a piece's legs square by square on a mailbox board, looking
//! at one square's contents at a time. It shares nothing with paths, lookups or tables, so that
//! every table entry can be checked against it before anything is written.

use crate::board::squares_of;
use fairy_magic_runtime::Bitboard;

use crate::board::{bit, Board, Squares};
use crate::legs::{Leg, Move, Onward, Sweep, TableKind};
use crate::regions::PieceMoves;

/// A board's contents as the walker sees them: one square at a time, by file and rank.
struct Mailbox {
    board: Board,
    occupied: Squares,
}

impl Mailbox {
    /// Whether (file, rank) holds a piece; `None` off the board.
    fn at(&self, file: i32, rank: i32) -> Option<bool> {
        self.board.square(file, rank).map(|s| self.occupied.has(s as usize))
    }
}

/// The squares `moves` reach from `from` for one table kind, given which squares are occupied.
/// Like a table entry, it ignores what stands on the destination itself.
pub fn reach(board: Board, moves: &[Move], from: u8, occupied: Squares, kind: TableKind) -> Squares {
    // The moving piece has left its square.
    let mailbox = Mailbox { board, occupied: occupied & !bit(from) };
    let mut found = Squares::EMPTY;
    let start = board.file_rank(from);
    for m in moves.iter().filter(|m| m.initial == kind.initial()) {
        walk(&mailbox, &m.legs, start, 0, &mut |f, r, leg: &Leg| {
            if (f, r) != start && leg.stop & kind.kinds() != 0 {
                found |= bit(board.square(f, r).unwrap());
            }
        });
    }
    found
}

/// What a piece with regions reaches from `from`: the moves it has there, ending only where it
/// is confined to. `kind` is a forward kind.
pub fn reach_piece(board: Board, moves: &PieceMoves, from: u8, occupied: Squares, kind: TableKind) -> Squares {
    reach(board, moves.at(from), from, occupied, kind) & moves.confined
}

/// A reverse kind's answer, walked forwards: the squares among `origins` from which the piece
/// reaches `target` with a move of `kind.forward()`. The target holds an enemy for captures and
/// is empty for quiet moves, whatever `occupied` says of it.
pub fn reach_back(
    board: Board,
    moves: &PieceMoves,
    target: u8,
    occupied: Squares,
    kind: TableKind,
    origins: Squares,
) -> Squares {
    let bit = bit(target);
    let occupied = if kind.kinds() == crate::legs::QUIET { occupied & !bit } else { occupied | bit };
    squares_of(origins & !bit)
        .filter(|&origin| reach_piece(board, moves, origin, occupied, kind.forward()).has(target as usize))
        .fold(Squares::EMPTY, |set, origin| set | crate::board::bit(origin))
}

/// Walks `legs[0]` from (file, rank); `arrive` is told each square where the move may end.
fn walk(
    mailbox: &Mailbox,
    legs: &[Leg],
    (file, rank): (i32, i32),
    previous_steps: u32,
    arrive: &mut impl FnMut(i32, i32, &Leg),
) {
    let leg = &legs[0];
    let last = legs.len() == 1;
    let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let length = dx.abs().max(dy.abs());
    let rider = leg.range > 1;
    let (mut f, mut r) = (file, rank);
    let mut hurdles = 0;
    for step in 1..=leg.range as u32 {
        // What a straight leap passes over between (f, r) and its landing square.
        let crossed = |t: i32| mailbox.at(f + dx.signum() * t, r + dy.signum() * t).unwrap_or(false);
        let (any_crossed, all_crossed) =
            if straight { ((1..length).any(crossed), (1..length).all(crossed)) } else { (false, true) };
        f += dx;
        r += dy;
        let Some(here) = mailbox.at(f, r) else { return };
        match leg.sweep {
            Sweep::Lame if any_crossed => return,
            Sweep::Jump if !rider && !all_crossed => return,
            Sweep::Jump if rider && step == 1 => continue,
            _ => {}
        }
        let counts = !leg.iso || step == previous_steps;
        if last {
            match leg.sweep {
                Sweep::Hop => {
                    if hurdles == 1 && counts {
                        arrive(f, r, leg);
                    }
                    if here {
                        hurdles += 1;
                        if hurdles == 2 {
                            return;
                        }
                    }
                    continue;
                }
                Sweep::Grasshop => {
                    if hurdles == 1 {
                        if counts {
                            arrive(f, r, leg);
                        }
                        return;
                    }
                    if here {
                        hurdles = 1;
                    }
                    continue;
                }
                _ => {
                    if counts {
                        arrive(f, r, leg);
                    }
                }
            }
        } else {
            if leg.stop != 0 && counts {
                arrive(f, r, leg);
            }
            let goes_on = match leg.onward {
                Onward::Empty => !here,
                Onward::Hurdle => here,
                Onward::Any => true,
            };
            if goes_on && counts {
                walk(mailbox, &legs[1..], (f, r), step, arrive);
            }
        }
        if here {
            return;
        }
    }
}
