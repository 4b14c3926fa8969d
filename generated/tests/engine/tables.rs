//! Stand-ins for the generated `attackers` and `between`, until the compiler emits them:
//! computed from the forward `attacks` / `quiets` lookups alone (correct, and slow).
//!
//! - `attackers(piece, color, target, occupied)`: every square from which `piece` of `color`
//!   captures on `target` (the target counts as occupied): each candidate square (one from
//!   which the piece reaches `target` on some board) asks `attacks` whether it does on this one.
//! - `between(piece, color, from, to)`: the squares whose occupation stops the piece's move or
//!   capture from `from` to `to` on an otherwise empty board: a rider's line, a lame leaper's
//!   leg, a cannon's whole line; nothing for a plain leap or an unreachable square.
//!
//! The Xiangqi module here also adds the rules today's generated tables lack: the general and
//! advisors stay in their palace, elephants on their own half, and a soldier moves sideways
//! only once across the river.

use std::sync::OnceLock;

use super::common::{squares, Bits};

/// Candidate squares and `between` sets, from the forward lookups `reach(quiet?, piece index,
/// color, square, occupied)`.
struct Reverse<B> {
    pieces: usize,
    squares: usize,
    /// `[piece][color][target]`: squares from which the piece reaches `target` on some board.
    candidates: Vec<B>,
    /// `[piece][color][from][to]`.
    between: Vec<B>,
}

impl<B: Bits + std::ops::BitOr<Output = B> + std::ops::BitOrAssign> Reverse<B> {
    fn build(pieces: usize, squares: usize, reach: impl Fn(bool, usize, usize, usize, B) -> B) -> Self {
        let mut candidates = vec![B::EMPTY; pieces * 2 * squares];
        let mut between = vec![B::EMPTY; pieces * 2 * squares * squares];
        for p in 0..pieces {
            for c in 0..2 {
                for from in 0..squares {
                    for quiet in [true, false] {
                        // A capture has its target occupied; a quiet move, empty.
                        let target = |to: usize| if quiet { B::EMPTY } else { B::bit(to) };
                        let free = |to: usize| reach(quiet, p, c, from, target(to)).has(to);
                        for to in (0..squares).filter(|&to| to != from && free(to)) {
                            candidates[(p * 2 + c) * squares + to] |= B::bit(from);
                            let slot = &mut between[((p * 2 + c) * squares + from) * squares + to];
                            for x in (0..squares).filter(|&x| x != from && x != to) {
                                if !reach(quiet, p, c, from, target(to) | B::bit(x)).has(to) {
                                    *slot |= B::bit(x);
                                }
                            }
                        }
                    }
                }
            }
        }
        Reverse { pieces, squares, candidates, between }
    }

    fn attackers(&self, attacks: impl Fn(usize, B) -> B, p: usize, c: usize, target: usize, occupied: B) -> B {
        debug_assert!(p < self.pieces);
        let occupied = occupied | B::bit(target);
        let mut found = B::EMPTY;
        for s in squares(self.candidates[(p * 2 + c) * self.squares + target]) {
            if attacks(s, occupied).has(target) {
                found |= B::bit(s);
            }
        }
        found
    }

    fn between(&self, p: usize, c: usize, from: usize, to: usize) -> B {
        self.between[((p * 2 + c) * self.squares + from) * self.squares + to]
    }
}

pub mod chess {
    use super::{OnceLock, Reverse};
    use fairy_magic_generated::chess::{attacks, quiets, Bitboard, Color, Piece, SQUARES};

    fn reverse() -> &'static Reverse<Bitboard> {
        static TABLES: OnceLock<Reverse<Bitboard>> = OnceLock::new();
        TABLES.get_or_init(|| {
            Reverse::build(Piece::ALL.len(), SQUARES, |quiet, p, c, s, occ| {
                let (piece, color) = (Piece::ALL[p], Color::ALL[c]);
                if quiet {
                    quiets(piece, color, s, occ)
                } else {
                    attacks(piece, color, s, occ)
                }
            })
        })
    }

    pub fn attackers(piece: Piece, color: Color, target: usize, occupied: Bitboard) -> Bitboard {
        let lookup = |s, occ| attacks(piece, color, s, occ);
        reverse().attackers(lookup, piece as usize, color as usize, target, occupied)
    }

    pub fn between(piece: Piece, color: Color, from: usize, to: usize) -> Bitboard {
        reverse().between(piece as usize, color as usize, from, to)
    }
}

pub mod xiangqi {
    use super::{OnceLock, Reverse};
    use fairy_magic_generated::xiangqi::{self as generated, Bitboard, Color, Piece, FILES, SQUARES};

    /// The pieces of the game (today's module also has a `CrossedSoldier`, which is a soldier
    /// across the river here).
    pub const PIECES: [Piece; 7] =
        [Piece::General, Piece::Advisor, Piece::Elephant, Piece::Horse, Piece::Chariot, Piece::Cannon, Piece::Soldier];

    const fn ranks(low: usize, high: usize, files: Bitboard) -> Bitboard {
        let mut set = 0;
        let mut rank = low;
        while rank <= high {
            set |= files << (rank * FILES);
            rank += 1;
        }
        set
    }
    const PALACE_FILES: Bitboard = 0b111 << 3;
    const ALL_FILES: Bitboard = (1 << FILES) - 1;
    const PALACE: [Bitboard; 2] = [ranks(0, 2, PALACE_FILES), ranks(7, 9, PALACE_FILES)];
    const HOME_HALF: [Bitboard; 2] = [ranks(0, 4, ALL_FILES), ranks(5, 9, ALL_FILES)];

    fn reach(quiet: bool, piece: Piece, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
        let across = !HOME_HALF[color as usize] >> square & 1 != 0;
        let table = if piece == Piece::Soldier && across { Piece::CrossedSoldier } else { piece };
        let moves = if quiet {
            generated::quiets(table, color, square, occupied)
        } else {
            generated::attacks(table, color, square, occupied)
        };
        match piece {
            Piece::General | Piece::Advisor => moves & PALACE[color as usize],
            Piece::Elephant => moves & HOME_HALF[color as usize],
            _ => moves,
        }
    }

    pub fn quiets(piece: Piece, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
        reach(true, piece, color, square, occupied)
    }

    pub fn attacks(piece: Piece, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
        reach(false, piece, color, square, occupied)
    }

    fn reverse() -> &'static Reverse<Bitboard> {
        static TABLES: OnceLock<Reverse<Bitboard>> = OnceLock::new();
        TABLES.get_or_init(|| {
            Reverse::build(PIECES.len(), SQUARES, |quiet, p, c, s, occ| reach(quiet, PIECES[p], Color::ALL[c], s, occ))
        })
    }

    pub fn attackers(piece: Piece, color: Color, target: usize, occupied: Bitboard) -> Bitboard {
        let lookup = |s, occ| attacks(piece, color, s, occ);
        reverse().attackers(lookup, piece as usize, color as usize, target, occupied)
    }

    pub fn between(piece: Piece, color: Color, from: usize, to: usize) -> Bitboard {
        reverse().between(piece as usize, color as usize, from, to)
    }
}
