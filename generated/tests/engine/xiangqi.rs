//! A legal move generator for Xiangqi on `generated::xiangqi`, grown out of the chess one.
//!
//! Piece moves come from the tables (`quiets`, `attacks`), the palace, the river and the
//! soldier's sideways steps included. A move is legal when afterwards the mover's general is
//! neither attacked (asked with `attackers` for every enemy piece type, the cannon's screen
//! and the horse's leg included) nor facing the other general on an open file (the flying
//! general: the other general would reach it as a chariot does).

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
        let them = p.to_move.opposite();
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
        let them = color.opposite();
        let file = FILE_A << general.file();
        if attackers(Piece::Chariot, them, general, occupied) & file & self.of(them, Piece::General) != 0 {
            return true;
        }
        for piece in Piece::ALL {
            let enemies = self.of(them, piece) & !captured;
            if enemies != 0 && attackers(piece, them, general, occupied) & enemies != 0 {
                return true;
            }
        }
        false
    }

    /// The squares between the enemy pieces and `color`'s general on `general`, on their paths
    /// to it (chariot as well as general for the other general, for the flying general).
    #[inline(always)]
    fn lines_to(&self, color: Color, general: Square) -> Bitboard {
        let them = color.opposite();
        let mut lines = 0;
        for from in self.of(them, Piece::General).squares() {
            lines |= between(Piece::Chariot, them, from, general);
        }
        for piece in Piece::ALL {
            for from in self.of(them, piece).squares() {
                lines |= between(piece, them, from, general);
            }
        }
        lines
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.exposed(color)
    }

    /// [`Position::generate`] for the side `US` (the colour's number), a constant here so that
    /// every table lookup knows its colour at compile time.
    ///
    /// The full test (`exposed_with`, on the board after the move) runs for general moves, when
    /// in check, and for moves from or to a square between an enemy piece and the general
    /// (`between`: a chariot's or cannon's line, a horse's leg, the other general's file).
    /// Whether an enemy piece attacks the general hangs on those squares alone, and a move
    /// only ever takes enemy pieces away, so any other move leaves the general safe.
    #[inline(always)]
    fn generate_for<const US: usize>(&self, out: &mut MoveList<Move>) {
        let us = if US == 0 { Color::White } else { Color::Black };
        let ours = self.sides[US];
        let theirs = self.sides[US ^ 1];
        let occupied = ours | theirs;
        let general = self.general(us);
        let watched = if self.exposed(us) { !0 } else { self.lines_to(us, general) };
        for piece in Piece::ALL {
            for from in self.of(us, piece).squares() {
                let to = quiets(piece, us, from, occupied) & !occupied | attacks(piece, us, from, occupied) & theirs;
                // Moves that touch no watched square are legal as they stand; only the others are
                // tested, so most destinations cost a push and nothing else.
                let from_watched = piece == Piece::General || watched.has(from);
                let tested = if from_watched { to } else { to & watched };
                for to in (to & !tested).squares() {
                    out.push(Move { from, to, piece });
                }
                for to in tested.squares() {
                    let to_bit = Bitboard::from_square(to);
                    // After the move: `from` empty, `to` ours, whatever stood there captured.
                    let after = occupied ^ Bitboard::from_square(from) | to_bit;
                    let general = if piece == Piece::General { to } else { general };
                    if !self.exposed_with(us, general, after, to_bit) {
                        out.push(Move { from, to, piece });
                    }
                }
            }
        }
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
        self.to_move = self.to_move.opposite();
    }
}
