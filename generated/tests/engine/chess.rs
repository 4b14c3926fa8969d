//! A legal move generator for orthodox chess on `generated::chess_throughput`: chess planned for
//! throughput, as a move generator's overlapping queries want: perft 6 and Kiwipete 5 with bulk
//! counting took 5% less than on `generated::chess` (both read rooks' and queens' ranks from a
//! rank table; this plan takes a probe for the bishop where `chess` computes its lines).
//!
//! Piece moves come from the tables (`attacks`, `quiets`, `initial_quiets`); whether a move
//! leaves the king attacked is answered with `attackers` and `between`, never by assuming that
//! a piece attacks what would attack it. Castling, en passant and promotion are game rules
//! added here, and so is one fact of chess the tables do not use: a queen moves as a rook and
//! a bishop together, so their `attackers` find the queens too.
//!
//! Moves are generated legal: the checkers and the pinned pieces are found once a node, then
//! - a king steps only to squares no enemy attacks with the king lifted off the board;
//! - in double check only the king moves; in single check the others capture the checker or
//!   step onto `between(checker, king)`;
//! - a pinned piece stays on the line from its pinner to the king;
//! - en passant, which lifts two pawns, is tested by asking for the king's attackers afterwards.

use super::common::{parse_board, Game, MoveList, MAX_PIECES};
use fairy_magic_generated::chess_throughput::{
    attackers, attacks, between, initial_quiets, quiets, Bitboard, Color, Piece, Square, SquareSet, FILES, SQUARES,
};

const WHITE_KINGSIDE: u8 = 1;
const WHITE_QUEENSIDE: u8 = 2;
const BLACK_KINGSIDE: u8 = 4;
const BLACK_QUEENSIDE: u8 = 8;

/// The castling rights that survive a move from or to each square.
const CASTLING_KEPT: [u8; SQUARES] = {
    let mut kept = [0xf; SQUARES];
    kept[0] = !WHITE_QUEENSIDE & 0xf;
    kept[7] = !WHITE_KINGSIDE & 0xf;
    kept[4] = !(WHITE_KINGSIDE | WHITE_QUEENSIDE) & 0xf;
    kept[56] = !BLACK_QUEENSIDE & 0xf;
    kept[63] = !BLACK_KINGSIDE & 0xf;
    kept[60] = !(BLACK_KINGSIDE | BLACK_QUEENSIDE) & 0xf;
    kept
};

/// Whether the variant gives `piece` the same quiet moves as captures (no `m`, `c` or `i`
/// modifier in its XBetza): then one `attacks` lookup serves both.
const fn moves_as_it_captures(piece: Piece) -> bool {
    let betza = piece.betza().as_bytes();
    let mut i = 0;
    while i < betza.len() {
        if matches!(betza[i], b'm' | b'c' | b'i') {
            return false;
        }
        i += 1;
    }
    true
}

// The queen moves as a rook and as a bishop together, as the chess variant file says: so a
// rook's and a bishop's lookups answer for the queens too, in half the work.
const _: () = assert!(matches!(Piece::Queen.betza().as_bytes(), b"Q" | b"RB" | b"BR"));

/// Our pinned pieces, each with the line it may not leave: from its pinner up to the king.
struct Pins {
    pinned: Bitboard,
    lines: [(Bitboard, Bitboard); 8],
    len: usize,
}

impl Pins {
    /// Where the piece on `bit` may move: along its pin, or anywhere when it is not pinned.
    #[inline(always)]
    fn line_of(&self, bit: Bitboard) -> Bitboard {
        if self.pinned & bit == 0 {
            return !0;
        }
        self.lines[..self.len].iter().find(|(p, _)| *p == bit).map_or(!0, |&(_, line)| line)
    }
}

/// Where each of our pieces other than the king may move: onto `target` (anywhere, or, in
/// check, onto the checker or between it and the king), along its pin if it has one.
struct Targets<'a> {
    target: Bitboard,
    pins: &'a Pins,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub piece: Piece,
    pub promotion: Option<Piece>,
}

/// A position: a bitboard per piece type and per side, and the game state the tables do not
/// hold.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pieces: [Bitboard; 6],
    sides: [Bitboard; 2],
    pub to_move: Color,
    castling: u8,
    en_passant: Option<Square>,
}

impl Position {
    pub fn start() -> Position {
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap()
    }

    /// Reads a FEN (the move counters may be left out). Any text that is not a position with
    /// one king and at most 16 pieces a side, the side not to move not in check, is an error.
    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!("a FEN has at least 4 fields: {fen:?}"));
        }
        let mut p = Position { pieces: [0; 6], sides: [0; 2], to_move: Color::White, castling: 0, en_passant: None };
        parse_board(fields[0], FILES, SQUARES / FILES, |c, square| {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let piece = Piece::ALL
                .into_iter()
                .find(|p| p.letter().eq_ignore_ascii_case(c.encode_utf8(&mut [0; 4])))
                .ok_or_else(|| format!("unknown piece {c:?}"))?;
            // `parse_board` gives squares of the board only.
            p.put(color, piece, Square::new_unchecked(square));
            Ok(())
        })?;
        p.to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            side => return Err(format!("the side to move is w or b, not {side:?}")),
        };
        if fields[2] != "-" {
            for c in fields[2].chars() {
                p.castling |= match c {
                    'K' => WHITE_KINGSIDE,
                    'Q' => WHITE_QUEENSIDE,
                    'k' => BLACK_KINGSIDE,
                    'q' => BLACK_QUEENSIDE,
                    _ => return Err(format!("bad castling rights {:?}", fields[2])),
                };
            }
        }
        if fields[3] != "-" {
            let ep: Square = fields[3].parse().map_err(|_| format!("bad en passant square {:?}", fields[3]))?;
            if ep.rank() != if p.to_move == Color::White { 5 } else { 2 } {
                return Err(format!("no double step can have passed {:?}", fields[3]));
            }
            p.en_passant = Some(ep);
        }
        super::common::check_counters(&fields[4..])?;
        for color in Color::ALL {
            if p.sides[color as usize].count_ones() > MAX_PIECES {
                return Err(format!("{color:?} has more than {MAX_PIECES} pieces"));
            }
            if p.of(color, Piece::King).count_ones() != 1 {
                return Err(format!("{color:?} needs one king"));
            }
        }
        let them = !p.to_move;
        if p.checkers(them, p.occupied()) != 0 {
            return Err(format!("{them:?} is in check with {:?} to move", p.to_move));
        }
        Ok(p)
    }

    fn put(&mut self, color: Color, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        for set in &mut self.pieces {
            *set &= !bit;
        }
        self.sides[!color as usize] &= !bit;
        self.pieces[piece as usize] |= bit;
        self.sides[color as usize] |= bit;
    }

    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    #[inline(always)]
    fn of(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[piece as usize] & self.sides[color as usize]
    }

    #[inline(always)]
    fn king(&self, color: Color) -> Square {
        self.of(color, Piece::King).lowest().expect("one king a side, as `from_fen` checks")
    }

    /// The pieces of `by` that attack `square` given `occupied`, among `by`'s pieces minus
    /// `lifted`.
    ///
    /// Here and below the pieces are written out one call each, not looped over: each lookup is
    /// then compiled for its piece, where a loop compiled one lookup for any piece, through a
    /// jump table.
    #[inline(always)]
    fn attackers_of(&self, square: Square, by: Color, occupied: Bitboard, lifted: Bitboard) -> Bitboard {
        let found = self.attackers_by(Piece::Pawn, by, square, occupied, 0)
            | self.attackers_by(Piece::Knight, by, square, occupied, 0)
            | self.attackers_by(Piece::King, by, square, occupied, 0)
            | self.attackers_by(Piece::Bishop, by, square, occupied, self.of(by, Piece::Queen))
            | self.attackers_by(Piece::Rook, by, square, occupied, self.of(by, Piece::Queen));
        found & !lifted
    }

    /// The pieces of `by` of one kind, and the queens in `queens` (a queen moves as a rook and
    /// as a bishop), that attack `square` given `occupied`.
    #[inline(always)]
    fn attackers_by(&self, piece: Piece, by: Color, square: Square, occupied: Bitboard, queens: Bitboard) -> Bitboard {
        attackers(piece, by, square, occupied) & (self.of(by, piece) | queens)
    }

    /// Whether any piece of `by` attacks `square` given `occupied`.
    #[inline(always)]
    fn attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        // Cheap pieces first: most squares are refused by a pawn or a knight, if at all.
        let queens = self.of(by, Piece::Queen);
        self.attackers_by(Piece::Pawn, by, square, occupied, 0) != 0
            || self.attackers_by(Piece::Knight, by, square, occupied, 0) != 0
            || self.attackers_by(Piece::King, by, square, occupied, 0) != 0
            || self.attackers_by(Piece::Bishop, by, square, occupied, queens) != 0
            || self.attackers_by(Piece::Rook, by, square, occupied, queens) != 0
    }

    /// The pieces giving check to `color`'s king.
    #[inline(always)]
    fn checkers(&self, color: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_of(self.king(color), !color, occupied, 0)
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.checkers(color, self.occupied()) != 0
    }

    /// [`Position::generate`] for the side `US` (the colour's number), a constant here so that
    /// every table lookup knows its colour at compile time.
    #[inline(always)]
    fn generate_for<const US: usize>(&self, out: &mut MoveList<Move>) {
        let us = if US == 0 { Color::White } else { Color::Black };
        let them = !us;
        let ours = self.sides[us as usize];
        let theirs = self.sides[them as usize];
        let occupied = ours | theirs;
        let king = self.king(us);
        let king_bit = Bitboard::from_square(king);

        // The king: to squares that no enemy attacks once the king has left its own.
        let lifted = occupied ^ king_bit;
        for to in (attacks(Piece::King, us, king, occupied) & !ours).squares() {
            if !self.attacked(to, them, lifted) {
                out.push(Move { from: king, to, piece: Piece::King, promotion: None });
            }
        }

        let checkers = self.checkers(us, occupied);
        // Where a move by another piece must land: anywhere, or on the checker or between it and
        // the king.
        let target = match checkers.count_ones() {
            0 => !0,
            1 => {
                let checker = checkers.lowest().expect("one checker");
                let piece = Piece::ALL.into_iter().find(|&p| self.of(them, p) & checkers != 0).unwrap();
                checkers | between(piece, them, checker, king)
            }
            _ => return,
        };

        // Pins: an enemy slider that would attack the king through our pieces alone, with one of
        // ours (and nothing else) between.
        let mut pins = Pins { pinned: 0, lines: [(0, 0); 8], len: 0 };
        self.find_pins(Piece::Rook, them, king, occupied, &mut pins);
        self.find_pins(Piece::Bishop, them, king, occupied, &mut pins);
        let legal = Targets { target, pins: &pins };
        self.piece_moves::<US>(Piece::Queen, &legal, out);
        self.piece_moves::<US>(Piece::Rook, &legal, out);
        self.piece_moves::<US>(Piece::Bishop, &legal, out);
        self.piece_moves::<US>(Piece::Knight, &legal, out);

        let (home_rank, before_last) = if us == Color::White { (1, 6) } else { (6, 1) };
        for from in self.of(us, Piece::Pawn).squares() {
            let bit = Bitboard::from_square(from);
            let mut to =
                quiets(Piece::Pawn, us, from, occupied) & !occupied | attacks(Piece::Pawn, us, from, occupied) & theirs;
            if from.rank() == home_rank {
                to |= initial_quiets(Piece::Pawn, us, from, occupied) & !occupied;
            }
            to &= target & pins.line_of(bit);
            if from.rank() != before_last {
                out.extend(to.squares().map(|to| Move { from, to, piece: Piece::Pawn, promotion: None }));
                continue;
            }
            // From the rank before the last, every move lands on the last and promotes.
            for to in to.squares() {
                for promotion in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                    out.push(Move { from, to, piece: Piece::Pawn, promotion: Some(promotion) });
                }
            }
        }

        if let Some(ep) = self.en_passant {
            // The pawn that made the double step, one rank nearer its own side than `ep`.
            let victim_rank = if us == Color::White { ep.rank() - 1 } else { ep.rank() + 1 };
            let victim = Square::at(ep.file(), victim_rank).expect("the double step's square");
            let victim_bit = Bitboard::from_square(victim);
            let ready = !occupied.has(ep) && self.of(them, Piece::Pawn).has(victim);
            let takers = if ready { attackers(Piece::Pawn, us, ep, occupied) & self.of(us, Piece::Pawn) } else { 0 };
            for from in takers.squares() {
                // Two pawns leave their squares, one lands: ask whether anything then attacks the
                // king.
                let after = occupied ^ Bitboard::from_square(from) ^ victim_bit | Bitboard::from_square(ep);
                if self.attackers_of(king, them, after, victim_bit) == 0 {
                    out.push(Move { from, to: ep, piece: Piece::Pawn, promotion: None });
                }
            }
        }

        if checkers == 0 {
            self.castles(us, out, occupied);
        }
    }

    /// Finds the pins on `king` by `them`'s sliders (the pieces whose path to the king another
    /// piece can block) that move as `piece`: its own kind and the queens.
    #[inline(always)]
    fn find_pins(&self, piece: Piece, them: Color, king: Square, occupied: Bitboard, pins: &mut Pins) {
        let snipers = self.of(them, piece) | self.of(them, Piece::Queen);
        if snipers == 0 {
            return;
        }
        let (ours, theirs) = (occupied & !self.sides[them as usize], self.sides[them as usize]);
        for sniper in (attackers(piece, them, king, theirs) & snipers).squares() {
            let line = between(piece, them, sniper, king);
            let blockers = line & occupied;
            if blockers.count_ones() == 1 && blockers & ours != 0 {
                pins.pinned |= blockers;
                pins.lines[pins.len] = (blockers, line | Bitboard::from_square(sniper));
                pins.len += 1;
            }
        }
    }

    /// The legal moves of `US`'s pieces of one kind other than the king and pawns.
    #[inline(always)]
    fn piece_moves<const US: usize>(&self, piece: Piece, legal: &Targets<'_>, out: &mut MoveList<Move>) {
        let us = if US == 0 { Color::White } else { Color::Black };
        let (ours, theirs) = (self.sides[US], self.sides[US ^ 1]);
        let occupied = ours | theirs;
        for from in self.of(us, piece).squares() {
            let to = if moves_as_it_captures(piece) {
                attacks(piece, us, from, occupied) & !ours
            } else {
                quiets(piece, us, from, occupied) & !occupied | attacks(piece, us, from, occupied) & theirs
            };
            let to = to & legal.target & legal.pins.line_of(Bitboard::from_square(from));
            out.extend(to.squares().map(|to| Move { from, to, piece, promotion: None }));
        }
    }

    /// Castling, when not in check: the squares between king and rook empty, the ones the king
    /// crosses and lands on not attacked.
    #[inline(always)]
    fn castles(&self, us: Color, out: &mut MoveList<Move>, occupied: Bitboard) {
        let (king_side, queen_side, rank) = match us {
            Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE, 0),
            Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE, 7),
        };
        // The back rank's squares by file: a = 0, h = 7.
        let [a, b, c, d, e, f, g, h] =
            [0, 1, 2, 3, 4, 5, 6, 7].map(|file| Square::at(file, rank).expect("a back rank"));
        let king = e;
        if self.castling & (king_side | queen_side) == 0 || !self.of(us, Piece::King).has(king) {
            return;
        }
        let them = !us;
        let lifted = occupied ^ Bitboard::from_square(king);
        let rook_on = |square: Square| self.of(us, Piece::Rook).has(square);
        let free = |squares: &[Square]| squares.iter().all(|&s| !occupied.has(s));
        let safe = |squares: &[Square]| squares.iter().all(|&s| !self.attacked(s, them, lifted));
        let mut castle = |to: Square| out.push(Move { from: king, to, piece: Piece::King, promotion: None });
        if self.castling & king_side != 0 && rook_on(h) && free(&[f, g]) && safe(&[f, g]) {
            castle(g);
        }
        if self.castling & queen_side != 0 && rook_on(a) && free(&[b, c, d]) && safe(&[d, c]) {
            castle(c);
        }
    }
}

impl Game for Position {
    type Move = Move;

    /// Every legal move.
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
        let them = us ^ 1;
        let (from, to) = (m.from, m.to);
        let to_bit = Bitboard::from_square(to);
        let moved = Bitboard::from_square(from) | to_bit;
        if self.sides[them] & to_bit != 0 {
            for set in &mut self.pieces[1..] {
                *set &= !to_bit;
            }
            self.sides[them] ^= to_bit;
        }
        self.pieces[m.piece as usize] ^= moved;
        self.sides[us] ^= moved;
        let en_passant = self.en_passant.take();
        match m.piece {
            Piece::Pawn => {
                if let Some(promotion) = m.promotion {
                    self.pieces[Piece::Pawn as usize] ^= to_bit;
                    self.pieces[promotion as usize] ^= to_bit;
                } else if Some(to) == en_passant {
                    // The captured pawn stands beside the mover, on the file it lands on.
                    let victim = Bitboard::from_square(Square::at(to.file(), from.rank()).expect("beside"));
                    self.pieces[Piece::Pawn as usize] ^= victim;
                    self.sides[them] ^= victim;
                } else if from.rank().abs_diff(to.rank()) == 2 {
                    // The square passed over, halfway between.
                    self.en_passant = Square::at(from.file(), (from.rank() + to.rank()) / 2);
                }
            }
            Piece::King if from.file().abs_diff(to.file()) == 2 => {
                let rank = from.rank();
                let (rook_from, rook_to) = if to > from { (7, 5) } else { (0, 3) };
                let [rook_from, rook_to] =
                    [rook_from, rook_to].map(|file| Square::at(file, rank).expect("a back rank"));
                let rook = Bitboard::from_square(rook_from) | Bitboard::from_square(rook_to);
                self.pieces[Piece::Rook as usize] ^= rook;
                self.sides[us] ^= rook;
            }
            _ => {}
        }
        self.castling &= CASTLING_KEPT[from.index()] & CASTLING_KEPT[to.index()];
        self.to_move = !self.to_move;
    }
}

pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const _: () = assert!(SQUARES == 64 && FILES == 8);
