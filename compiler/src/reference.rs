//! The independent reference: walks a piece's legs square by square on a mailbox board, looking
//! at one square's contents at a time. It shares nothing with paths, lookups or tables, so that
//! every table entry can be checked against it before anything is written.

use crate::board::{Board, Squares};
use crate::legs::{Move, Sweep, TableKind};

/// The squares `moves` reach from `from` for one table kind, given which squares are occupied.
/// Like a table entry, it ignores what stands on the destination itself.
pub fn reach(board: Board, moves: &[Move], from: u8, occupied: Squares, kind: TableKind) -> Squares {
    let mailbox: Vec<bool> = (0..board.squares()).map(|s| s as u8 != from && occupied >> s & 1 == 1).collect();
    let at = |f: i32, r: i32| -> Option<bool> { board.square(f, r).map(|s| mailbox[s as usize]) };
    let (f0, r0) = board.file_rank(from);
    let mut found: Squares = 0;
    for m in moves {
        let leg = &m.legs[0];
        if m.initial != kind.initial() || leg.stop & kind.kinds() == 0 {
            continue;
        }
        let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
        // The squares a straight leap crosses between its ends.
        let crossing = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let n = dx.abs().max(dy.abs());
        let crossed = |f: i32, r: i32| -> Vec<bool> {
            if !crossing {
                return Vec::new();
            }
            (1..n).map(|t| at(f + dx.signum() * t, r + dy.signum() * t).unwrap_or(false)).collect()
        };
        let (mut f, mut r) = (f0, r0);
        let mut hurdles = 0;
        let mut steps = 0;
        while steps < leg.range as u32 {
            let between = crossed(f, r);
            f += dx;
            r += dy;
            steps += 1;
            let Some(occupied_here) = at(f, r) else { break };
            let here = 1u128 << board.square(f, r).unwrap();
            match leg.sweep {
                Sweep::Plain => found |= here,
                Sweep::Lame => {
                    if between.iter().any(|&o| o) {
                        break;
                    }
                    found |= here;
                }
                Sweep::Jump if leg.range == 1 => {
                    if between.iter().all(|&o| o) {
                        found |= here;
                    }
                }
                Sweep::Jump => {
                    if steps == 1 {
                        continue;
                    }
                    found |= here;
                }
                Sweep::Hop => {
                    if hurdles == 1 {
                        found |= here;
                    }
                    if occupied_here {
                        hurdles += 1;
                        if hurdles == 2 {
                            break;
                        }
                    }
                    continue;
                }
                Sweep::Grasshop => {
                    if hurdles == 1 {
                        found |= here;
                        break;
                    }
                    if occupied_here {
                        hurdles = 1;
                    }
                    continue;
                }
            }
            if occupied_here {
                break;
            }
        }
    }
    found
}
