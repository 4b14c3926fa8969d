//! A small legal move generator for orthodox chess on top of `generated::chess`, written the
//! way an engine would use the tables: piece moves come from `quiets` / `attacks` /
//! `initial_quiets`; castling, en passant and promotion are game rules added here.
//!
//! Shared by the perft tests and the release example (`examples/perft.rs`).

use fairy_magic_generated::chess::{attacks, initial_quiets, quiets, Bitboard, Color, Piece, SQUARES};

const WHITE_KINGSIDE: u8 = 1;
const WHITE_QUEENSIDE: u8 = 2;
const BLACK_KINGSIDE: u8 = 4;
const BLACK_QUEENSIDE: u8 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub promotion: Option<Piece>,
}

/// A position: bitboards per side and piece, and the game state the tables do not hold.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pieces: [[Bitboard; 6]; 2],
    sides: [Bitboard; 2],
    pub to_move: Color,
    castling: u8,
    en_passant: Option<u8>,
}

fn bit(square: u8) -> Bitboard {
    1 << square
}

fn squares(mut set: Bitboard) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as u8;
            set &= set - 1;
            s
        })
    })
}

fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
        .then(|| (b[1] - b'1') * 8 + (b[0] - b'a'))
}

impl Position {
    pub fn start() -> Position {
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap()
    }

    pub fn from_fen(fen: &str) -> Result<Position, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!("a FEN has at least 4 fields: {fen}"));
        }
        let mut p =
            Position { pieces: [[0; 6]; 2], sides: [0; 2], to_move: Color::White, castling: 0, en_passant: None };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("8 ranks expected: {}", fields[0]));
        }
        for (i, row) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(skip) = c.to_digit(10) {
                    file += skip as u8;
                    continue;
                }
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let piece = Piece::ALL
                    .into_iter()
                    .find(|p| p.letter().eq_ignore_ascii_case(&c.to_string()))
                    .ok_or_else(|| format!("unknown piece {c}"))?;
                if file > 7 {
                    return Err(format!("rank too long: {row}"));
                }
                p.put(color, piece, rank * 8 + file);
                file += 1;
            }
        }
        p.to_move = if fields[1] == "w" { Color::White } else { Color::Black };
        for c in fields[2].chars() {
            p.castling |= match c {
                'K' => WHITE_KINGSIDE,
                'Q' => WHITE_QUEENSIDE,
                'k' => BLACK_KINGSIDE,
                'q' => BLACK_QUEENSIDE,
                _ => 0,
            };
        }
        p.en_passant = parse_square(fields[3]);
        Ok(p)
    }

    fn put(&mut self, color: Color, piece: Piece, square: u8) {
        self.pieces[color as usize][piece as usize] |= bit(square);
        self.sides[color as usize] |= bit(square);
    }

    fn take(&mut self, color: Color, piece: Piece, square: u8) {
        self.pieces[color as usize][piece as usize] &= !bit(square);
        self.sides[color as usize] &= !bit(square);
    }

    fn piece_at(&self, color: Color, square: u8) -> Option<Piece> {
        Piece::ALL.into_iter().find(|&p| self.pieces[color as usize][p as usize] & bit(square) != 0)
    }

    fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    fn of(&self, color: Color, piece: Piece) -> Bitboard {
        self.pieces[color as usize][piece as usize]
    }

    /// Whether `by` attacks `square`. A piece of `by` attacks it exactly when the same piece of
    /// the other colour standing on `square` would attack the piece: pawns included.
    pub fn attacked(&self, square: u8, by: Color) -> bool {
        let occ = self.occupied();
        let sq = square as usize;
        let straight = self.of(by, Piece::Rook) | self.of(by, Piece::Queen);
        let diagonal = self.of(by, Piece::Bishop) | self.of(by, Piece::Queen);
        let other = by.opposite();
        attacks(Piece::Pawn, other, sq, occ) & self.of(by, Piece::Pawn) != 0
            || attacks(Piece::Knight, other, sq, occ) & self.of(by, Piece::Knight) != 0
            || attacks(Piece::King, other, sq, occ) & self.of(by, Piece::King) != 0
            || attacks(Piece::Rook, other, sq, occ) & straight != 0
            || attacks(Piece::Bishop, other, sq, occ) & diagonal != 0
    }

    pub fn in_check(&self, color: Color) -> bool {
        let king = self.of(color, Piece::King);
        king != 0 && self.attacked(king.trailing_zeros() as u8, color.opposite())
    }

    /// Moves by the rules of movement, before the check test.
    pub fn pseudo_legal(&self, out: &mut Vec<Move>) {
        let us = self.to_move;
        let occ = self.occupied();
        let empty = !occ;
        let enemies = self.sides[us.opposite() as usize];
        let (home_rank, last_rank) = if us == Color::White { (1, 7) } else { (6, 0) };
        for piece in Piece::ALL {
            for from in squares(self.of(us, piece)) {
                let sq = from as usize;
                let mut targets = quiets(piece, us, sq, occ) & empty | attacks(piece, us, sq, occ) & enemies;
                if piece == Piece::Pawn {
                    if from / 8 == home_rank {
                        targets |= initial_quiets(piece, us, sq, occ) & empty;
                    }
                    if let Some(ep) = self.en_passant {
                        targets |= attacks(piece, us, sq, occ) & bit(ep);
                    }
                }
                for to in squares(targets) {
                    if piece == Piece::Pawn && to / 8 == last_rank {
                        for promotion in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                            out.push(Move { from, to, promotion: Some(promotion) });
                        }
                    } else {
                        out.push(Move { from, to, promotion: None });
                    }
                }
            }
        }
        self.castles(out);
    }

    fn castles(&self, out: &mut Vec<Move>) {
        let us = self.to_move;
        let (king_side, queen_side, base) = match us {
            Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE, 0u8),
            Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE, 56u8),
        };
        let occ = self.occupied();
        let them = us.opposite();
        let king = base + 4;
        if self.of(us, Piece::King) & bit(king) == 0 || self.attacked(king, them) {
            return;
        }
        let rook_on = |sq: u8| self.of(us, Piece::Rook) & bit(sq) != 0;
        if self.castling & king_side != 0
            && rook_on(base + 7)
            && occ & (bit(base + 5) | bit(base + 6)) == 0
            && !self.attacked(base + 5, them)
            && !self.attacked(base + 6, them)
        {
            out.push(Move { from: king, to: base + 6, promotion: None });
        }
        if self.castling & queen_side != 0
            && rook_on(base)
            && occ & (bit(base + 1) | bit(base + 2) | bit(base + 3)) == 0
            && !self.attacked(base + 3, them)
            && !self.attacked(base + 2, them)
        {
            out.push(Move { from: king, to: base + 2, promotion: None });
        }
    }

    pub fn play(&self, m: Move) -> Position {
        let mut next = *self;
        let us = self.to_move;
        let them = us.opposite();
        let piece = self.piece_at(us, m.from).expect("a move starts on one of the mover's pieces");
        if let Some(captured) = self.piece_at(them, m.to) {
            next.take(them, captured, m.to);
        }
        next.take(us, piece, m.from);
        next.put(us, m.promotion.unwrap_or(piece), m.to);
        next.en_passant = None;
        if piece == Piece::Pawn {
            if Some(m.to) == self.en_passant {
                let victim = if us == Color::White { m.to - 8 } else { m.to + 8 };
                next.take(them, Piece::Pawn, victim);
            }
            if m.from.abs_diff(m.to) == 16 {
                next.en_passant = Some((m.from + m.to) / 2);
            }
        }
        if piece == Piece::King && m.from.abs_diff(m.to) == 2 {
            let (rook_from, rook_to) = if m.to > m.from { (m.from + 3, m.from + 1) } else { (m.from - 4, m.from - 1) };
            next.take(us, Piece::Rook, rook_from);
            next.put(us, Piece::Rook, rook_to);
        }
        // Any move from or to a corner or a king's square ends the castling it concerns.
        for (square, rights) in [
            (0u8, WHITE_QUEENSIDE),
            (7, WHITE_KINGSIDE),
            (4, WHITE_KINGSIDE | WHITE_QUEENSIDE),
            (56, BLACK_QUEENSIDE),
            (63, BLACK_KINGSIDE),
            (60, BLACK_KINGSIDE | BLACK_QUEENSIDE),
        ] {
            if m.from == square || m.to == square {
                next.castling &= !rights;
            }
        }
        next.to_move = them;
        next
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_legal(&mut moves);
        moves.retain(|&m| !self.play(m).in_check(self.to_move));
        moves
    }
}

pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(64);
    position.pseudo_legal(&mut moves);
    let mut nodes = 0;
    for m in moves {
        let next = position.play(m);
        if next.in_check(position.to_move) {
            continue;
        }
        nodes += if depth == 1 { 1 } else { perft(&next, depth - 1) };
    }
    nodes
}

pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const _: () = assert!(SQUARES == 64);
