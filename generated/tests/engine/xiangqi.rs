//! A legal move generator for Xiangqi on `generated::xiangqi`, grown out of the chess one.
//!
//! Piece moves come from the tables (`quiets`, `attacks`), the palace, the river and the
//! soldier's sideways steps included. A move is legal when afterwards the mover's general is
//! neither attacked nor facing the other general on an open file (the flying general: the
//! other general would reach it as a chariot does). One fact of Xiangqi is the engine's own:
//! elephants, advisors and generals stay on their side of the river, so of them only the other
//! general's file can reach a general. General moves ask `attackers` for the other enemy piece
//! types, on the board after the move. Every other move is judged from the enemy pieces' paths
//! to the general (`between`: a chariot's or cannon's line, a horse's leg), by counting the
//! pieces on each path after the move: a chariot attacks through none, a cannon through
//! exactly one. `legal_by_trial`, the full test for every move with every enemy piece type, is
//! the reference the tests hold it to.

use super::common::{check_counters, parse_board, Game, MoveList, MAX_PIECES};
use fairy_magic_generated::xiangqi::{
    attackers, attacks, between, quiets, Bitboard, Color, Piece, Square, SquareSet, FILES, SQUARES,
};

pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The squares of the first file; shifted, any file.
const FILE_A: Bitboard = {
    let mut set = 0;
    let mut rank = 0;
    while rank < SQUARES / FILES {
        set |= 1 << (rank * FILES);
        rank += 1;
    }
    set
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
}

/// A position: a bitboard per piece type and per side, and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pieces: [Bitboard; Piece::ALL.len()],
    sides: [Bitboard; 2],
    pub to_move: Color,
}

/// Fairy-Stockfish's letters: r chariot, n horse, b elephant, a advisor, k general, c cannon,
/// p soldier.
fn piece_of(letter: char) -> Option<Piece> {
    Some(match letter.to_ascii_lowercase() {
        'r' => Piece::Chariot,
        'n' => Piece::Horse,
        'b' => Piece::Elephant,
        'a' => Piece::Advisor,
        'k' => Piece::General,
        'c' => Piece::Cannon,
        'p' => Piece::Soldier,
        _ => return None,
    })
}

impl Position {
    pub fn start() -> Position {
        Position::from_fen(START).unwrap()
    }

    /// Reads a FEN in Fairy-Stockfish's notation, rank 10 first, upper case for White (Red);
    /// the fields after the side to move may be left out. Any text that is not a position
    /// with one general and at most 16 pieces a side, the side not to move not in check, is an
    /// error.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!("a FEN has at least 2 fields: {fen:?}"));
        }
        let mut p = Position { pieces: [0; Piece::ALL.len()], sides: [0; 2], to_move: Color::White };
        parse_board(fields[0], FILES, SQUARES / FILES, |c, square| {
            let piece = piece_of(c).ok_or_else(|| format!("unknown piece {c:?}"))?;
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            // `parse_board` gives squares of the board only.
            let bit = Bitboard::from_square(Square::new_unchecked(square));
            p.pieces[piece as usize] |= bit;
            p.sides[color as usize] |= bit;
            Ok(())
        })?;
        p.to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            side => return Err(format!("the side to move is w or b, not {side:?}")),
        };
        if let Some(field) = fields[2..].iter().take(2).find(|&&f| f != "-") {
            return Err(format!("Xiangqi has no castling or en passant: {field:?}"));
        }
        check_counters(fields.get(4..).unwrap_or(&[]))?;
        for color in Color::ALL {
            if p.sides[color as usize].count_ones() > MAX_PIECES {
                return Err(format!("{color:?} has more than {MAX_PIECES} pieces"));
            }
            if p.of(color, Piece::General).count_ones() != 1 {
                return Err(format!("{color:?} needs one general"));
            }
        }
        let them = !p.to_move;
        if p.exposed(them) {
            return Err(format!("{them:?}'s general is attacked with {:?} to move", p.to_move));
        }
        Ok(p)
    }

    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    #[inline(always)]
    fn of(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[piece as usize] & self.sides[color as usize]
    }

    /// Whether `color`'s general is attacked, or faces the other general on an open file.
    fn exposed(&self, color: Color) -> bool {
        self.exposed_with(color, self.general(color), self.occupied(), 0)
    }

    /// Where `color`'s general stands.
    #[inline(always)]
    fn general(&self, color: Color) -> Square {
        self.of(color, Piece::General).lowest().expect("one general a side, as `from_fen` checks")
    }

    /// Whether `color`'s general on `general` would be attacked, or face the other general on
    /// an open file, with the `occupied` squares and the enemy pieces on `captured` gone.
    #[inline(always)]
    fn exposed_with(&self, color: Color, general: Square, occupied: Bitboard, captured: Bitboard) -> bool {
        let them = !color;
        self.exposed_to_crossers(color, general, occupied, captured)
            || self.attackers_of(Piece::Elephant, them, general, occupied, captured) != 0
            || self.attackers_of(Piece::Advisor, them, general, occupied, captured) != 0
            || self.attackers_of(Piece::General, them, general, occupied, captured) != 0
    }

    /// [`Position::exposed_with`] asking only the enemy pieces that cross the river: an
    /// elephant never does, and an advisor and a general never leave their palace, so none of
    /// them reaches a general in its own palace (the other general's file aside, which is asked).
    /// This is the test for general moves, which stay in the palace.
    #[inline(always)]
    fn exposed_to_crossers(&self, color: Color, general: Square, occupied: Bitboard, captured: Bitboard) -> bool {
        let them = !color;
        // The other general faces ours as a chariot would reach it: one lookup for both.
        let facing = self.facing(them, general);
        let chariots = self.of(them, Piece::Chariot) & !captured;
        if attackers(Piece::Chariot, them, general, occupied) & (chariots | facing) != 0 {
            return true;
        }
        // Piece by piece, written out so that each lookup is compiled for its piece (a closure
        // or a loop over the pieces was compiled once, for any piece).
        self.attackers_of(Piece::Cannon, them, general, occupied, captured) != 0
            || self.attackers_of(Piece::Horse, them, general, occupied, captured) != 0
            || self.attackers_of(Piece::Soldier, them, general, occupied, captured) != 0
    }

    /// `them`'s general where it stands on `general`'s file, from where it would face it.
    #[inline(always)]
    fn facing(&self, them: Color, general: Square) -> Bitboard {
        self.of(them, Piece::General) & (FILE_A << general.file())
    }

    /// The pieces of `them` of one kind, other than any on `captured`, that attack `target`.
    #[inline(always)]
    fn attackers_of(
        &self,
        piece: Piece,
        them: Color,
        target: Square,
        occupied: Bitboard,
        captured: Bitboard,
    ) -> Bitboard {
        let enemies = self.of(them, piece) & !captured;
        if enemies == 0 {
            return 0;
        }
        attackers(piece, them, target, occupied) & enemies
    }

    /// Finds the enemy pieces whose attack on `color`'s general on `general` hangs on the squares
    /// between them ([`Path`]), and returns the soldiers that attack it, whose attacks hang on
    /// no square. Of the pieces that stay on their own side (see
    /// [`Position::exposed_to_crossers`]) only the other general is asked, along its file.
    #[inline(always)]
    fn paths_to(&self, color: Color, general: Square, occupied: Bitboard, paths: &mut Paths) -> Bitboard {
        let them = !color;
        // Chariots, cannons, and the other general on the file, reach along the general's rank
        // and file (a cannon past one screen); the horse past its leg.
        let rank_and_file = attackers(Piece::Chariot, them, general, 0);
        let liners = (self.of(them, Piece::Chariot) | self.facing(them, general)) & rank_and_file;
        for from in liners.squares() {
            paths.push(between(Piece::Chariot, them, from, general), from, 0, occupied);
        }
        for from in (self.of(them, Piece::Cannon) & rank_and_file).squares() {
            paths.push(between(Piece::Cannon, them, from, general), from, 1, occupied);
        }
        // A horse that reaches the general passes one square, its leg; one that does not has
        // none between.
        for from in self.of(them, Piece::Horse).squares() {
            let leg = between(Piece::Horse, them, from, general);
            if leg != 0 {
                paths.push(leg, from, 0, occupied);
            }
        }
        self.attackers_of(Piece::Soldier, them, general, occupied, 0)
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.exposed(color)
    }

    /// Every legal move found the slow way, as a reference for [`Position::generate`]: each
    /// move by the rules of movement, kept when the full test passes on the board after it.
    pub fn legal_by_trial(&self) -> Vec<Move> {
        let us = self.to_move;
        let (ours, theirs) = (self.sides[us as usize], self.sides[!us as usize]);
        let occupied = ours | theirs;
        let mut legal = Vec::new();
        for piece in Piece::ALL {
            for from in self.of(us, piece).squares() {
                let to = quiets(piece, us, from, occupied) & !occupied | attacks(piece, us, from, occupied) & theirs;
                for to in to.squares() {
                    let to_bit = Bitboard::from_square(to);
                    let after = occupied ^ Bitboard::from_square(from) | to_bit;
                    let general = if piece == Piece::General { to } else { self.general(us) };
                    if !self.exposed_with(us, general, after, to_bit) {
                        legal.push(Move { from, to, piece });
                    }
                }
            }
        }
        legal
    }

    /// [`Position::generate`] for the side `US` (the colour's number), a constant here so that
    /// every table lookup knows its colour at compile time.
    ///
    /// General moves are tested on the board after the move (`exposed_to_crossers`). Any other
    /// move can only open or close a [`Path`] to the general, or take a checking soldier: so
    /// only how many pieces stand on each path afterwards is counted, and out of check only for
    /// moves from or to a square of a path (any other leaves the general safe).
    #[inline(always)]
    fn generate_for<const US: usize>(&self, out: &mut MoveList<Move>) {
        let us = if US == 0 { Color::White } else { Color::Black };
        let ours = self.sides[US];
        let theirs = self.sides[US ^ 1];
        let occupied = ours | theirs;
        let general = self.general(us);
        let mut paths = Paths::new();
        let leaping = self.paths_to(us, general, occupied, &mut paths);
        let checked = leaping != 0 || paths.attacking();
        let watched = if checked { !0 } else { paths.squares() };
        let legality = Legality { occupied, paths: &paths, leaping, watched };
        // Piece by piece, written out so that each lookup is compiled for its piece.
        self.moves_of::<US>(Piece::Chariot, &legality, out);
        self.moves_of::<US>(Piece::Cannon, &legality, out);
        self.moves_of::<US>(Piece::Horse, &legality, out);
        self.moves_of::<US>(Piece::Soldier, &legality, out);
        self.moves_of::<US>(Piece::Elephant, &legality, out);
        self.moves_of::<US>(Piece::Advisor, &legality, out);
        self.moves_of::<US>(Piece::General, &legality, out);
    }

    /// The legal moves of `US`'s pieces of one kind (see [`Position::generate_for`]).
    #[inline(always)]
    fn moves_of<const US: usize>(&self, piece: Piece, legality: &Legality<'_>, out: &mut MoveList<Move>) {
        let us = if US == 0 { Color::White } else { Color::Black };
        let Legality { occupied, paths, leaping, watched } = *legality;
        let (ours, theirs) = (self.sides[US], self.sides[US ^ 1]);
        for from in self.of(us, piece).squares() {
            // Only the cannon moves one way and captures another.
            let to = match piece {
                Piece::Cannon => {
                    quiets(piece, us, from, occupied) & !occupied | attacks(piece, us, from, occupied) & theirs
                }
                _ => attacks(piece, us, from, occupied) & !ours,
            };
            // Moves that touch no watched square are legal as they stand; only the others are
            // tested, so most destinations cost a push and nothing else.
            let from_watched = piece == Piece::General || watched.has(from);
            let tested = if from_watched { to } else { to & watched };
            out.extend((to & !tested).squares().map(|to| Move { from, to, piece }));
            for to in tested.squares() {
                let to_bit = Bitboard::from_square(to);
                let legal = if piece == Piece::General {
                    // After the move: `from` empty, `to` ours, whatever stood there captured.
                    let after = occupied ^ Bitboard::from_square(from) | to_bit;
                    !self.exposed_to_crossers(us, to, after, to_bit)
                } else {
                    // A leaper's check is answered only by taking it.
                    leaping & !to_bit == 0 && !paths.open_after(from, to, occupied)
                };
                if legal {
                    out.push(Move { from, to, piece });
                }
            }
        }
    }
}

/// What [`Position::generate_for`] knows of the position before it looks at any move.
#[derive(Clone, Copy)]
struct Legality<'a> {
    occupied: Bitboard,
    paths: &'a Paths,
    /// The soldiers giving check.
    leaping: Bitboard,
    /// The squares a move must touch (leave or land on) to be tested: every square in check,
    /// else those of the paths.
    watched: Bitboard,
}

/// An enemy piece's way to the general: the squares between them, and how many of those must
/// be occupied for it to attack (none, or a cannon's one screen).
#[derive(Clone, Copy, Debug)]
struct Path {
    between: Bitboard,
    attacker: Bitboard,
    screens: u32,
    /// How many of `between` are occupied now.
    blockers: u32,
}

/// The paths of every enemy piece that could reach the general, at most one a piece.
struct Paths {
    paths: [Path; MAX_PIECES as usize],
    len: usize,
}

impl Paths {
    #[inline(always)]
    fn new() -> Self {
        let none = Path { between: 0, attacker: 0, screens: 0, blockers: 0 };
        Paths { paths: [none; MAX_PIECES as usize], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, between: Bitboard, attacker: Square, screens: u32, occupied: Bitboard) {
        let blockers = (between & occupied).count_ones();
        self.paths[self.len] = Path { between, attacker: Bitboard::from_square(attacker), screens, blockers };
        self.len += 1;
    }

    #[inline(always)]
    fn as_slice(&self) -> &[Path] {
        &self.paths[..self.len]
    }

    /// Whether a path attacks the general now.
    #[inline(always)]
    fn attacking(&self) -> bool {
        self.as_slice().iter().any(|p| p.blockers == p.screens)
    }

    /// Every square of every path.
    #[inline(always)]
    fn squares(&self) -> Bitboard {
        self.as_slice().iter().fold(0, |set, p| set | p.between)
    }

    /// Whether a path attacks the general after one of our pieces other than the general moves
    /// from `from` to `to`: one fewer blocker on a path it leaves, one more on a path where it
    /// lands on an empty square, and no attack from a piece it captures.
    #[inline(always)]
    fn open_after(&self, from: Square, to: Square, occupied: Bitboard) -> bool {
        let (from_bit, to_bit) = (Bitboard::from_square(from), Bitboard::from_square(to));
        let landed = to_bit & !occupied;
        self.as_slice().iter().any(|p| {
            let blockers = p.blockers - u32::from(p.between & from_bit != 0) + u32::from(p.between & landed != 0);
            blockers == p.screens && p.attacker & to_bit == 0
        })
    }
}

impl Game for Position {
    type Move = Move;

    /// Every legal move: each move by the rules of movement, kept when the mover's general is
    /// safe afterwards.
    fn generate(&self, out: &mut MoveList<Move>) {
        match self.to_move {
            Color::White => self.generate_for::<0>(out),
            Color::Black => self.generate_for::<1>(out),
        }
    }

    /// Plays `m`, one of the legal moves, on this position.
    #[inline(always)]
    fn make(&mut self, m: Move) {
        let us = self.to_move as usize;
        let to_bit = Bitboard::from_square(m.to);
        let moved = Bitboard::from_square(m.from) | to_bit;
        if self.sides[us ^ 1] & to_bit != 0 {
            for set in &mut self.pieces {
                *set &= !to_bit;
            }
            self.sides[us ^ 1] ^= to_bit;
        }
        self.pieces[m.piece as usize] ^= moved;
        self.sides[us] ^= moved;
        self.to_move = !self.to_move;
    }
}
