//! The independent reference: walks a piece's legs square by square on a mailbox board, looking
//! at one square's contents at a time. It shares nothing with paths, lookups or tables, so that
//! every table entry can be checked against it before anything is written.

use crate::board::squares_of;
use fairy_magic_runtime::BitboardExt;

use crate::board::{bit, Board, Square, Squares};
use crate::legs::{Leg, Move, Onward, Sweep};
use crate::regions::PieceMoves;
use crate::table_kind::TableKind;

/// A board's contents as the walker sees them: one square at a time, by file and rank.
struct Mailbox {
    board: Board,
    occupied: Squares,
}

impl Mailbox {
    /// Whether (file, rank) holds a piece; `None` off the board.
    fn at(&self, file: i32, rank: i32) -> Option<bool> {
        self.board.square(file, rank).map(|s| self.occupied.has_index(s.index()))
    }

    /// Whether a straight leap of `length` squares from (file, rank) by (sx, sy) a square passes
    /// over any occupied square, and whether over only occupied ones (off the board counts as
    /// empty). A leap that is not straight passes over nothing.
    fn passed(&self, (file, rank): (i32, i32), (sx, sy): (i32, i32), length: i32) -> (bool, bool) {
        let occupied = |t: i32| self.at(file + sx * t, rank + sy * t).unwrap_or(false);
        ((1..length).any(occupied), (1..length).all(occupied))
    }
}

/// The squares `moves` reach from `from` for one table kind, given which squares are occupied.
/// Like a table entry, it ignores what stands on the destination itself.
pub fn reach(board: Board, moves: &[Move], from: Square, occupied: Squares, kind: TableKind) -> Squares {
    // The moving piece has left its square.
    let mailbox = Mailbox { board, occupied: occupied & !bit(from) };
    let mut found = Squares::EMPTY;
    let start = board.file_rank(from);
    // A move none of whose legs may end as this kind arrives nowhere: it is not walked.
    let counted = |m: &&Move| m.initial == kind.initial() && m.legs.iter().any(|l| l.kinds & kind.kinds() != 0);
    for m in moves.iter().filter(counted) {
        walk(&mailbox, &m.legs, start, 0, &mut |f, r, leg: &Leg| {
            if (f, r) != start && leg.kinds & kind.kinds() != 0 {
                // On the board: the walker arrives only where `Mailbox::at` found a square.
                found |= bit(board.square(f, r).expect("arrived on the board"));
            }
        });
    }
    found
}

/// What a piece with regions reaches from `from`: the moves it has there, ending only where it
/// is confined to. `kind` is a forward kind.
pub fn reach_piece(board: Board, moves: &PieceMoves, from: Square, occupied: Squares, kind: TableKind) -> Squares {
    reach(board, moves.at(from), from, occupied, kind) & moves.confined
}

/// A reverse kind's answer, walked forwards: the squares among `origins` from which the piece
/// reaches `target` with a move of `kind.forward()`. The target holds an enemy for captures and
/// is empty for quiet moves, whatever `occupied` says of it.
pub fn reach_back(
    board: Board,
    moves: &PieceMoves,
    target: Square,
    occupied: Squares,
    kind: TableKind,
    origins: Squares,
) -> Squares {
    let bit = bit(target);
    let occupied = if kind.kinds() == crate::legs::QUIET { occupied & !bit } else { occupied | bit };
    squares_of(origins & !bit)
        .filter(|&origin| reach_piece(board, moves, origin, occupied, kind.forward()).has_index(target.index()))
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
    if last && leg.sweep == Sweep::Plain && !leg.iso {
        return slide(mailbox, leg, (file, rank), arrive);
    }
    let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    let length = dx.abs().max(dy.abs());
    let rider = leg.range > 1;
    // Only a lame leap and a jumping leap care what they pass over, and only a straight one
    // passes over squares: the others never look, which keeps a plain ride one read a step.
    let looks = straight && length > 1 && (leg.sweep == Sweep::Lame || leg.sweep == Sweep::Jump && !rider);
    let (mut f, mut r) = (file, rank);
    let mut hurdles = 0;
    for step in 1..=leg.range as u32 {
        let (any_crossed, all_crossed) =
            if looks { mailbox.passed((f, r), (dx.signum(), dy.signum()), length) } else { (false, true) };
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
            if leg.kinds != 0 && counts {
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

/// A plain last leg that counts every step, most legs of most pieces: each square it lands on
/// is a destination, and the first occupied one ends it. The general loop of [`walk`] does the
/// same, asking on every step what only other legs need.
fn slide(mailbox: &Mailbox, leg: &Leg, (file, rank): (i32, i32), arrive: &mut impl FnMut(i32, i32, &Leg)) {
    let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
    let (mut f, mut r) = (file, rank);
    for _ in 0..leg.range {
        f += dx;
        r += dy;
        let Some(here) = mailbox.at(f, r) else { return };
        arrive(f, r, leg);
        if here {
            return;
        }
    }
}
