//! What an engine needs beyond the tables: the game rules a variant file states ([`Rules`]),
//! and the trait every generated module implements ([`Tables`]), through which one engine plays
//! any module.
//!
//! Squares are raw indices (`rank * FILES + file`, a1 = 0) and pieces indices into the module's
//! `Piece::ALL`: the rules are plain data that a `const` holds, the same type for every module
//! whatever its bitboard. Squares of a rule are written for White; Black's are given beside
//! them where they are a set (`[white, black]`), and are White's mirrored across the ranks
//! (same file) for castling, as on a chessboard.

use crate::{BitboardExt, Color};

/// The rules of a game beyond its pieces' moves, as the variant file states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The royal piece (`royal K`): the side whose royal piece is attacked is in check, and
    /// no move may leave it so. `None`: the file names none, and no engine can play it.
    pub royal: Option<u8>,
    /// `promote` lines: which pieces promote where, and to what.
    pub promotions: &'static [Promotion],
    /// `limit` lines: a piece a side may promote to only while it has fewer than `most`.
    pub promotion_limits: &'static [PromotionLimit],
    /// `initial` lines: where each piece with first moves (XBetza `i`) makes them.
    pub first_moves: &'static [FirstMoves],
    /// `en-passant` lines: pieces whose first moves past a square may be taken on that square
    /// by an enemy of these pieces that captures onto it, on the very next move.
    pub en_passant: &'static [u8],
    /// `castling` lines, each a king's and a rook's move made together.
    pub castlings: &'static [Castling],
    /// `flying-general`: the two royal pieces may never face each other on a file with no
    /// piece between them (Xiangqi's rule).
    pub flying_general: bool,
    /// `bare-king`: a side left with its royal piece alone loses, as Fairy-Stockfish plays
    /// Shatranj and Courier (its extinction rule, claimed by the side to move). The game is over
    /// when the side to move has more than its royal piece and the other side has nothing else,
    /// or when the side to move has nothing but its royal piece and the other side has at least
    /// two other pieces. Against exactly one, the bared side moves: it may bare the other in
    /// reply, and if it does not, the game is over on the other side's turn.
    pub bare_king: bool,
    /// Each piece's letter in a FEN (White's, upper case; Black's is its lower case), in the
    /// order of `Piece::ALL`: the piece's own letter (`N`, `+R`) unless a `fen` line gives
    /// another.
    pub fen_letters: &'static [&'static str],
    /// `needs` lines: rules the game has that the variant language does not express, which
    /// an engine cannot play.
    pub needs: &'static [Need],
    /// `start <FEN>`: the start position in Fairy-Stockfish's FEN notation.
    pub start: Option<&'static str>,
}

/// `promote <letter> in <region> to <letters> [optional]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The piece that promotes.
    pub piece: u8,
    /// The squares a move of the piece must end on to promote, `[white, black]`.
    pub zone: [&'static [u8]; 2],
    /// The pieces it may become.
    pub to: &'static [u8],
    /// Whether it must promote; if not, it must all the same where it would
    /// have no move left (it may not stay a piece that cannot move).
    pub forced: bool,
}

/// `limit <letter> <n>`: promotions to `piece` only while its side has fewer than `most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionLimit {
    /// The piece promoted to.
    pub piece: u8,
    /// How many of it a side may have after promoting.
    pub most: u8,
}

/// `initial <letter> <region>`: the piece makes its first moves (XBetza `i`) from these
/// squares, and only from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstMoves {
    /// The piece.
    pub piece: u8,
    /// The squares, `[white, black]`.
    pub squares: [&'static [u8]; 2],
}

/// `castling <king> <from> <to> <rook> <from> <to>`: White's squares; Black's are the same
/// files on the mirrored rank. The squares the king and the rook cross and land on must be
/// empty but for the two, and the king may not be in check, pass an attacked square or land
/// on one. A FEN's `K`/`k` grants the castling whose king goes to a higher file, `Q`/`q` the
/// other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The king piece (the royal one).
    pub king: u8,
    /// Where the king stands.
    pub king_from: u8,
    /// Where the king goes.
    pub king_to: u8,
    /// The rook piece.
    pub rook: u8,
    /// Where the rook stands.
    pub rook_from: u8,
    /// Where the rook goes.
    pub rook_to: u8,
}

/// A rule the variant file says its game has and the variant language cannot state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// Captured pieces change sides and are dropped back (Shogi, Crazyhouse).
    Drops,
    /// A player may pass instead of moving (Janggi).
    Passing,
    /// A rule that decides the game otherwise than by mate, or changes which moves are legal,
    /// beyond what the language states: Fairy-Stockfish's special goals and move rules (king
    /// of the hill, n checks, extinction other than `bare-king`, atomic captures, compulsory
    /// captures, gating...).
    SpecialRules,
}

impl Need {
    /// The word a `needs` line writes.
    pub const fn name(self) -> &'static str {
        match self {
            Need::Drops => "drops",
            Need::Passing => "passing",
            Need::SpecialRules => "special-rules",
        }
    }
}

/// What one generated module answers, on raw square and piece indices: the board, the pieces,
/// the lookups an engine makes and the game's [`Rules`]. Every module implements it on its unit
/// struct `Tables`, which is all a generic engine needs to play the module's game.
pub trait Tables {
    /// The module's square set.
    type Bitboard: BitboardExt;
    /// The variant's name.
    const NAME: &'static str;
    /// Files (columns) of the board.
    const FILES: usize;
    /// Ranks (rows) of the board.
    const RANKS: usize;
    /// How many pieces `Piece::ALL` lists.
    const PIECES: usize;
    /// The game's rules.
    const RULES: Rules;

    /// The letter of the piece of index `piece`, as its `piece` line writes it.
    fn letter(piece: usize) -> &'static str;
    /// The squares `piece` may move to without capturing from `square`.
    fn quiets(piece: usize, color: Color, square: usize, occupied: Self::Bitboard) -> Self::Bitboard;
    /// The squares `piece` attacks from `square`.
    fn attacks(piece: usize, color: Color, square: usize, occupied: Self::Bitboard) -> Self::Bitboard;
    /// The quiet moves `piece` has only as a first move. None unless the module says otherwise:
    /// a module whose pieces have no first moves (XBetza `i`) has no `initial_*` lookups.
    fn initial_quiets(piece: usize, color: Color, square: usize, occupied: Self::Bitboard) -> Self::Bitboard {
        let _ = (piece, color, square, occupied);
        Self::Bitboard::EMPTY
    }
    /// The captures `piece` has only as a first move; none unless the module says otherwise.
    fn initial_attacks(piece: usize, color: Color, square: usize, occupied: Self::Bitboard) -> Self::Bitboard {
        let _ = (piece, color, square, occupied);
        Self::Bitboard::EMPTY
    }
    /// The squares from which a `piece` of `color` captures on `target`.
    fn attackers(piece: usize, color: Color, target: usize, occupied: Self::Bitboard) -> Self::Bitboard;
    /// The squares from which a `piece` of `color` captures on `target` with a first move; none
    /// unless the module says otherwise.
    fn initial_attackers(piece: usize, color: Color, target: usize, occupied: Self::Bitboard) -> Self::Bitboard {
        let _ = (piece, color, target, occupied);
        Self::Bitboard::EMPTY
    }
    /// The squares between `from` and `to` on the paths of a `piece` of `color`: the squares
    /// whose occupancy decides whether it reaches `to`.
    fn between(piece: usize, color: Color, from: usize, to: usize) -> Self::Bitboard;
}
