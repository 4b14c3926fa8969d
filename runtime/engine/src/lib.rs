//! One engine for every fairy-magic module: legal move generation, perft and Fairy-Stockfish
//! FENs, generic over the runtime's [`Tables`] trait, which every generated module implements
//! on its unit struct `Tables`. It uses the module's public lookups and `RULES` alone.
//!
//! ```text
//! use fairy_magic_engine::{Game, LastPly};
//! let game = Game::<fairy_magic_generated::capablanca::Tables>::new()?;
//! let start = game.position("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1")?;
//! assert_eq!(game.perft(&start, 2, LastPly::Bulk), 784);
//! ```
//!
//! Moves are generated pseudo-legal from the tables and kept when the mover's royal piece is
//! not attacked afterwards. Most need no such test: a move that neither moves the royal piece
//! nor touches a square between an enemy piece and it (the module's `between`: what decides
//! whether that piece reaches it, a hopper's screen included), made out of check, cannot
//! expose it. The rest are made and the royal square asked for attackers (`attackers`).
//!
//! A game the engine cannot play is refused by [`Game::new`] with the rule it lacks
//! ([`Unplayable`]), never played wrong.

use std::fmt;
use std::hint::black_box;
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use fairy_magic_runtime::{BitboardExt, Color, Tables};

/// The most piece types a game may have: a position holds a square set for each.
pub const MAX_PIECE_TYPES: usize = 16;

/// More moves than any position the engine plays reaches: a move list holds this many.
pub const MAX_MOVES: usize = 1024;

/// Why the engine cannot play a module's game: the rule it lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// The variant file names no royal piece (`royal <letter>`).
    NoRoyal,
    /// The file says the game needs a rule the engine does not play (`needs drops`).
    Needs(&'static str),
    /// More piece types than [`MAX_PIECE_TYPES`].
    TooManyPieces(usize),
    /// A piece has first moves (XBetza `i`) but no `initial` line says where it makes them.
    FirstMovesWithoutSquares(&'static str),
}

impl fmt::Display for Unplayable {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Unplayable::NoRoyal => write!(f, "the variant names no royal piece (no `royal <letter>` line)"),
            Unplayable::Needs(rule) => write!(f, "the game needs {rule}, which the engine does not play"),
            Unplayable::TooManyPieces(n) => {
                write!(f, "the game has {n} piece types; the engine plays at most {MAX_PIECE_TYPES}")
            }
            Unplayable::FirstMovesWithoutSquares(letter) => write!(
                f,
                "the piece `{letter}` has first moves (XBetza `i`) but no `initial {letter} <region>` line says where"
            ),
        }
    }
}

/// What a move does beyond taking what stands on its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// A plain move or capture, maybe a promotion.
    Normal,
    /// A capture en passant: the piece taken stands on the position's en-passant victim square.
    EnPassant,
    /// The castling of this index in `RULES.castlings`.
    Castling(u8),
}

/// A move: a piece from a square to a square (for castling, the king's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The square it leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// The piece moved (an index into the module's `Piece::ALL`).
    pub piece: u8,
    /// The piece it becomes, if it promotes.
    pub promotion: Option<u8>,
    /// What else it does.
    pub kind: MoveKind,
}

/// A move list on the stack, so that perft allocates nothing a node.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }
}

impl MoveList {
    /// Panics when the list is full.
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.moves[self.len].write(m);
        self.len += 1;
    }

    /// The moves.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: `push` wrote the first `len` slots, and `MaybeUninit<Move>` has `Move`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A position: a square set per piece type and per side, and the state the tables do not
/// hold. Copied to make a move (nothing to undo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<B> {
    by_type: [B; MAX_PIECE_TYPES],
    by_color: [B; 2],
    /// The side to move.
    pub to_move: Color,
    /// Castling rights: `[color][index]` is the square of the rook the castling of that index
    /// moves, [`NO_ROOK`] where the side has no such right.
    castling: [[u8; 2]; 2],
    /// The squares a capture en passant may land on (empty: none).
    en_passant: B,
    /// The square of the piece such a capture takes.
    victim: u8,
}

/// A castling right's rook square where there is no right.
const NO_ROOK: u8 = u8::MAX;

/// How perft treats the last ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastPly {
    /// Play every move of the last ply.
    Play,
    /// Count the last ply's legal moves without playing them, as `go perft` does.
    Bulk,
}

/// A castling with both sides' squares.
#[derive(Clone, Copy, Debug)]
struct CastlingSquares {
    king: usize,
    rook: usize,
    /// `[color] = [king_from, king_to, rook_from, rook_to]`. As in Fairy-Stockfish, the king
    /// castles from wherever it stands on that rank, and a FEN's right names the first rook
    /// found from `rook_from` towards the king.
    squares: [[usize; 4]; 2],
    /// Whether the king goes to a higher file (`K`), else `Q`.
    kingside: bool,
}

/// Where a piece promotes and to what.
#[derive(Clone, Debug)]
struct Promoting<B> {
    /// `[color]`: the squares its moves must end on.
    zone: [B; 2],
    /// The pieces it may become.
    to: Vec<u8>,
    /// Whether it must.
    forced: bool,
}

/// A module's game, ready to play: what the engine derives once from the rules.
pub struct Game<T: Tables> {
    royal: usize,
    pieces: usize,
    board: T::Bitboard,
    /// Per piece: where it promotes, to what, whether it must.
    promotion: Vec<Option<Promoting<T::Bitboard>>>,
    /// Per piece: the most of it a side may promote to (`u8::MAX`: no limit).
    limit: Vec<u8>,
    /// Per piece: the squares it makes its first moves from (`[color]`), empty for none.
    first: Vec<[T::Bitboard; 2]>,
    /// Per piece: whether it has first quiet moves, and first captures (which may give check).
    first_quiets: Vec<bool>,
    first_captures: Vec<bool>,
    /// Per piece and colour: whether any square is ever between it and a target (a slider,
    /// hopper or lame leaper); the others never block nor unblock a check.
    has_between: Vec<[bool; 2]>,
    /// Per piece: whether it takes part in en passant.
    en_passant: Vec<bool>,
    /// Per piece, per colour: the squares where it has no move on an empty board.
    stuck: Vec<[T::Bitboard; 2]>,
    castlings: Vec<CastlingSquares>,
    flying_general: bool,
    fen_letters: Vec<&'static str>,
    tables: PhantomData<T>,
}

/// A square's set.
#[inline(always)]
fn bit<B: BitboardExt>(square: usize) -> B {
    B::from_index(square)
}

/// The set of a list of squares.
fn set_of<B: BitboardExt>(squares: &[u8]) -> B {
    squares.iter().fold(B::EMPTY, |set, &s| set | bit(s as usize))
}

impl<T: Tables> Game<T> {
    /// The module's game, or the rule the engine lacks to play it.
    pub fn new() -> Result<Self, Unplayable> {
        let rules = T::RULES;
        if let Some(need) = rules.needs.first() {
            return Err(Unplayable::Needs(need.name()));
        }
        let royal = rules.royal.ok_or(Unplayable::NoRoyal)? as usize;
        if T::PIECES > MAX_PIECE_TYPES {
            return Err(Unplayable::TooManyPieces(T::PIECES));
        }
        let squares = T::FILES * T::RANKS;
        let board = (0..squares).fold(T::Bitboard::EMPTY, |set, s| set | bit(s));
        let mut first = vec![[T::Bitboard::EMPTY; 2]; T::PIECES];
        for f in rules.first_moves {
            first[f.piece as usize] = f.squares.map(set_of);
        }
        let mut first_quiets = vec![false; T::PIECES];
        let mut first_captures = vec![false; T::PIECES];
        for piece in 0..T::PIECES {
            let has = |f: fn(usize, Color, usize, T::Bitboard) -> T::Bitboard| {
                Color::ALL.iter().any(|&c| (0..squares).any(|s| !f(piece, c, s, T::Bitboard::EMPTY).is_empty()))
            };
            let (quiets, captures) = (has(T::initial_quiets), has(T::initial_attacks));
            if (quiets || captures) && first[piece].iter().all(|s| s.is_empty()) {
                return Err(Unplayable::FirstMovesWithoutSquares(T::letter(piece)));
            }
            first_quiets[piece] = quiets;
            first_captures[piece] = captures;
        }
        let mut promotion = vec![None; T::PIECES];
        for p in rules.promotions {
            promotion[p.piece as usize] =
                Some(Promoting { zone: p.zone.map(set_of), to: p.to.to_vec(), forced: p.forced });
        }
        let mut limit = vec![u8::MAX; T::PIECES];
        for l in rules.promotion_limits {
            limit[l.piece as usize] = l.most;
        }
        let mut en_passant = vec![false; T::PIECES];
        for &p in rules.en_passant {
            en_passant[p as usize] = true;
        }
        let has_between = (0..T::PIECES)
            .map(|piece| {
                Color::ALL
                    .map(|c| (0..squares).any(|from| (0..squares).any(|to| !T::between(piece, c, from, to).is_empty())))
            })
            .collect();
        let stuck = (0..T::PIECES)
            .map(|piece| {
                Color::ALL.map(|c| {
                    (0..squares)
                        .filter(|&s| {
                            (T::quiets(piece, c, s, T::Bitboard::EMPTY) | T::attacks(piece, c, s, T::Bitboard::EMPTY))
                                .is_empty()
                        })
                        .fold(T::Bitboard::EMPTY, |set, s| set | bit(s))
                })
            })
            .collect();
        let mirrored = |s: u8| {
            let (file, rank) = (s as usize % T::FILES, s as usize / T::FILES);
            (T::RANKS - 1 - rank) * T::FILES + file
        };
        let castlings = rules
            .castlings
            .iter()
            .map(|c| {
                let white = [c.king_from, c.king_to, c.rook_from, c.rook_to];
                CastlingSquares {
                    king: c.king as usize,
                    rook: c.rook as usize,
                    squares: [white.map(usize::from), white.map(mirrored)],
                    kingside: c.king_to > c.king_from,
                }
            })
            .collect();
        Ok(Game {
            royal,
            pieces: T::PIECES,
            board,
            promotion,
            limit,
            first,
            first_quiets,
            first_captures,
            has_between,
            en_passant,
            stuck,
            castlings,
            flying_general: rules.flying_general,
            fen_letters: rules.fen_letters.to_vec(),
            tables: PhantomData,
        })
    }

    /// Reads a FEN in Fairy-Stockfish's notation: the board (ranks from the last, `/` between,
    /// numbers for empty squares, `+` before a promoted piece's letter), the side (`w`/`b`),
    /// castling (`KQkq` or `-`), the en-passant square (or `-`), then optional counters.
    /// A position needs one royal piece a side and the side not to move not in check.
    pub fn position(&self, fen: &str) -> Result<Position<T::Bitboard>, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!("a FEN has at least a board and a side to move: {fen:?}"));
        }
        let mut p = Position {
            by_type: [T::Bitboard::EMPTY; MAX_PIECE_TYPES],
            by_color: [T::Bitboard::EMPTY; 2],
            to_move: Color::White,
            castling: [[NO_ROOK; 2]; 2],
            en_passant: T::Bitboard::EMPTY,
            victim: 0,
        };
        self.read_board(fields[0], &mut p)?;
        p.to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            side => return Err(format!("the side to move is w or b, not {side:?}")),
        };
        for color in Color::ALL {
            if (p.by_type[self.royal] & p.by_color[color as usize]).count() != 1 {
                return Err(format!("{color:?} needs one royal piece (`{}`)", T::letter(self.royal)));
            }
        }
        if let Some(&rights) = fields.get(2).filter(|&&f| f != "-") {
            for c in rights.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let kingside = match c.to_ascii_uppercase() {
                    'K' => true,
                    'Q' => false,
                    _ => return Err(format!("castling rights are K, Q, k and q, not {c:?}")),
                };
                self.grant_castling(&mut p, color, kingside);
            }
        }
        if let Some(&field) = fields.get(3).filter(|&&f| f != "-") {
            (p.en_passant, p.victim) = self.read_en_passant(field, &p)?;
        }
        for counter in fields.iter().skip(4) {
            if counter.parse::<u32>().is_err() {
                return Err(format!("not a move counter: {counter}"));
            }
        }
        let them = p.to_move.opposite();
        if self.attacked(&p, self.royal_square(&p, them), p.to_move, p.occupied()) {
            return Err(format!("{them:?} is in check with {:?} to move", p.to_move));
        }
        Ok(p)
    }

    /// Grants `color` the castling a FEN's `K` (or `Q`) names, as Fairy-Stockfish reads it:
    /// the king is the one on the castling rank, the rook the first found from the castling's
    /// rook square towards the king; a right without them is dropped.
    fn grant_castling(&self, p: &mut Position<T::Bitboard>, color: Color, kingside: bool) {
        let ours = p.by_color[color as usize];
        let Some(c) = self.castlings.iter().find(|c| c.kingside == kingside) else { return };
        let [king_from, _, rook_from, _] = c.squares[color as usize];
        let rank = king_from / T::FILES;
        let Some(king) = (p.by_type[c.king] & ours).indices().find(|s| s / T::FILES == rank) else { return };
        let mut files: Box<dyn Iterator<Item = usize>> = match kingside {
            true => Box::new((0..=rook_from % T::FILES).rev()),
            false => Box::new(rook_from % T::FILES..T::FILES),
        };
        let Some(rook) =
            files.find(|f| (p.by_type[c.rook] & ours).has_index(rank * T::FILES + f)).map(|f| rank * T::FILES + f)
        else {
            return;
        };
        // The side is the rook's, seen from the king.
        if let Some(i) = self.castlings.iter().position(|c| c.kingside == (king < rook)) {
            p.castling[color as usize][i] = rook as u8;
        }
    }

    /// A FEN's en-passant field, as Fairy-Stockfish writes it: one square or several run
    /// together (`e3`, `c5d6`). The empty ones are where a capture en passant may land; an
    /// occupied one marks the piece such a capture takes, which Fairy-Stockfish names when the
    /// piece did not pass straight (Berolina's pawn, from e7 to c5 over d6, gives `c5d6`).
    /// Without one, that piece stands one rank beyond the first square, seen from the side
    /// to move. Returns the landing squares and the taken piece's square.
    fn read_en_passant(&self, field: &str, p: &Position<T::Bitboard>) -> Result<(T::Bitboard, u8), String> {
        if !field.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(format!("an en-passant field is squares or -, not {field:?}"));
        }
        let starts: Vec<usize> =
            field.char_indices().filter(|(_, c)| c.is_ascii_alphabetic()).map(|(i, _)| i).collect();
        let ends = starts.iter().skip(1).copied().chain([field.len()]);
        let squares = starts.iter().zip(ends).map(|(&a, b)| self.parse_square(&field[a..b]));
        let (mut targets, mut victim) = (T::Bitboard::EMPTY, None);
        for square in squares {
            let square = square?;
            match p.by_color[p.to_move.opposite() as usize].has_index(square) {
                true => victim = Some(square),
                false => targets |= bit(square),
            }
        }
        let first = targets.lowest_index().ok_or_else(|| format!("no empty square to capture on in {field}"))?;
        // The piece that passed it stands one rank beyond it, seen from the side to move.
        let victim = victim
            .or(match p.to_move {
                Color::White => first.checked_sub(T::FILES),
                Color::Black => Some(first + T::FILES).filter(|&s| s < T::FILES * T::RANKS),
            })
            .ok_or_else(|| format!("no piece can have passed {field}"))?;
        Ok((targets, victim as u8))
    }

    fn parse_square(&self, name: &str) -> Result<usize, String> {
        let mut chars = name.chars();
        let file = chars.next().filter(char::is_ascii_lowercase).map(|c| (c as u8 - b'a') as usize);
        let rank = chars.as_str().parse::<usize>().ok().filter(|&r| r >= 1).map(|r| r - 1);
        match (file, rank) {
            (Some(f), Some(r)) if f < T::FILES && r < T::RANKS => Ok(r * T::FILES + f),
            _ => Err(format!("{name:?} is not a square of the board")),
        }
    }

    fn read_board(&self, field: &str, p: &mut Position<T::Bitboard>) -> Result<(), String> {
        if field.contains(['[', '*', '~']) {
            return Err(format!("pockets, walls and promoted-piece marks are not played: {field}"));
        }
        let rows: Vec<&str> = field.split('/').collect();
        if rows.len() != T::RANKS {
            return Err(format!("{} ranks expected, found {}: {field}", T::RANKS, rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = T::RANKS - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut skip = d as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        chars.next();
                        skip = skip.saturating_mul(10).saturating_add(d as usize);
                    }
                    if skip == 0 {
                        return Err(format!("a rank skips no squares: {row}"));
                    }
                    file = file.saturating_add(skip);
                } else {
                    let mut letter = String::from(c);
                    if c == '+' {
                        letter.push(chars.next().ok_or_else(|| format!("`+` ends a rank: {row}"))?);
                    }
                    let color =
                        if letter.chars().any(|c| c.is_ascii_lowercase()) { Color::Black } else { Color::White };
                    let upper = letter.to_ascii_uppercase();
                    let piece = self
                        .fen_letters
                        .iter()
                        .position(|&l| l == upper)
                        .ok_or_else(|| format!("no piece is written {letter:?} in this game's FENs"))?;
                    if file >= T::FILES {
                        return Err(format!("more than {} files in a rank: {row}", T::FILES));
                    }
                    let square = bit(rank * T::FILES + file);
                    p.by_type[piece] |= square;
                    p.by_color[color as usize] |= square;
                    file += 1;
                }
                if file > T::FILES {
                    return Err(format!("more than {} files in a rank: {row}", T::FILES));
                }
            }
            if file != T::FILES {
                return Err(format!("{} files expected in a rank, found {file}: {row}", T::FILES));
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn royal_square(&self, p: &Position<T::Bitboard>, color: Color) -> usize {
        (p.by_type[self.royal] & p.by_color[color as usize]).lowest_index().expect("one royal piece a side")
    }

    /// Whether `by` attacks `square` given `occupied`.
    #[inline(always)]
    fn attacked(&self, p: &Position<T::Bitboard>, square: usize, by: Color, occupied: T::Bitboard) -> bool {
        let theirs = p.by_color[by as usize] & occupied;
        (0..self.pieces).any(|piece| {
            let mine = p.by_type[piece] & theirs;
            !mine.is_empty()
                && (!(T::attackers(piece, by, square, occupied) & mine).is_empty()
                    || (self.first_captures[piece]
                        && !(T::initial_attackers(piece, by, square, occupied)
                            & mine
                            & self.first[piece][by as usize])
                            .is_empty()))
        })
    }

    /// Whether the two royal pieces face each other on a file with nothing between them.
    #[inline(always)]
    fn generals_face(&self, p: &Position<T::Bitboard>) -> bool {
        let (a, b) = (self.royal_square(p, Color::White), self.royal_square(p, Color::Black));
        if a % T::FILES != b % T::FILES {
            return false;
        }
        let occupied = p.occupied();
        let (low, high) = (a.min(b), a.max(b));
        (low + T::FILES..high).step_by(T::FILES).all(|s| !occupied.has_index(s))
    }

    /// The squares strictly between the royal pieces when they share a file.
    fn file_between_generals(&self, p: &Position<T::Bitboard>) -> T::Bitboard {
        let (a, b) = (self.royal_square(p, Color::White), self.royal_square(p, Color::Black));
        if a % T::FILES != b % T::FILES {
            return T::Bitboard::EMPTY;
        }
        let (low, high) = (a.min(b), a.max(b));
        (low + T::FILES..high).step_by(T::FILES).fold(T::Bitboard::EMPTY, |set, s| set | bit(s))
    }

    /// Whether `m`, a pseudo-legal move, leaves the mover's royal piece safe.
    fn safe_after(&self, p: &Position<T::Bitboard>, m: Move) -> bool {
        let us = p.to_move;
        let after = self.play(p, m);
        let king = self.royal_square(&after, us);
        let attacked = self.attacked(&after, king, us.opposite(), after.occupied());
        !(attacked || (self.flying_general && self.generals_face(&after)))
    }

    /// Appends every legal move of `p` to `out`.
    pub fn generate(&self, p: &Position<T::Bitboard>, out: &mut MoveList) {
        let us = p.to_move;
        let them = us.opposite();
        let occupied = p.occupied();
        let ours = p.by_color[us as usize];
        let enemy = p.by_color[them as usize];
        let empty = !occupied & self.board;
        let king = self.royal_square(p, us);
        let in_check = self.attacked(p, king, them, occupied);
        // The squares whose change may expose the royal piece: between each enemy and it.
        let mut danger = T::Bitboard::EMPTY;
        if !in_check {
            for piece in (0..self.pieces).filter(|&piece| self.has_between[piece][them as usize]) {
                let mut theirs = p.by_type[piece] & enemy;
                while let Some(from) = theirs.pop_lowest_index() {
                    danger |= T::between(piece, them, from, king);
                }
            }
            if self.flying_general {
                danger |= self.file_between_generals(p);
            }
        }
        let start = out.len;
        let mut checked_from = start;
        for piece in 0..self.pieces {
            let mut mine = p.by_type[piece] & ours;
            while let Some(from) = mine.pop_lowest_index() {
                let mut quiets = T::quiets(piece, us, from, occupied) & empty;
                let mut captures = T::attacks(piece, us, from, occupied) & enemy;
                if self.first[piece][us as usize].has_index(from) {
                    if self.first_quiets[piece] {
                        quiets |= T::initial_quiets(piece, us, from, occupied) & empty;
                    }
                    if self.first_captures[piece] {
                        captures |= T::initial_attacks(piece, us, from, occupied) & enemy;
                    }
                }
                let mut targets = quiets | captures;
                while let Some(to) = targets.pop_lowest_index() {
                    self.push_moves(p, out, piece, from, to, MoveKind::Normal);
                }
                if self.en_passant[piece] && !p.en_passant.is_empty() {
                    let mut ep = T::attacks(piece, us, from, occupied) & p.en_passant;
                    while let Some(to) = ep.pop_lowest_index() {
                        self.push_moves(p, out, piece, from, to, MoveKind::EnPassant);
                    }
                }
                // Keep the legal ones of this piece's moves, testing only those that may expose.
                let mut kept = checked_from;
                for i in checked_from..out.len {
                    // SAFETY: slots below `out.len` were written by `push`.
                    let m = unsafe { out.moves[i].assume_init() };
                    let sure = !in_check
                        && piece != self.royal
                        && m.kind == MoveKind::Normal
                        && !danger.has_index(m.from as usize)
                        && !danger.has_index(m.to as usize);
                    if sure || self.safe_after(p, m) {
                        out.moves[kept].write(m);
                        kept += 1;
                    }
                }
                out.len = kept;
                checked_from = kept;
            }
        }
        if !in_check {
            self.castling_moves(p, out, occupied);
        }
    }

    /// Pushes the moves of `piece` from `from` to `to`: a promotion to each piece it may
    /// become where it promotes, and the move itself unless promotion is forced there or the
    /// piece would be left without a move.
    #[inline(always)]
    fn push_moves(
        &self,
        p: &Position<T::Bitboard>,
        out: &mut MoveList,
        piece: usize,
        from: usize,
        to: usize,
        kind: MoveKind,
    ) {
        let us = p.to_move as usize;
        let plain = Move { from: from as u8, to: to as u8, piece: piece as u8, promotion: None, kind };
        match &self.promotion[piece] {
            Some(Promoting { zone, to: to_pieces, forced }) if zone[us].has_index(to) => {
                for &new in to_pieces {
                    let limit = self.limit[new as usize];
                    if limit == u8::MAX || (p.by_type[new as usize] & p.by_color[us]).count() < u32::from(limit) {
                        out.push(Move { promotion: Some(new), ..plain });
                    }
                }
                if !forced && !self.stuck[piece][us].has_index(to) {
                    out.push(plain);
                }
            }
            _ => out.push(plain),
        }
    }

    fn castling_moves(&self, p: &Position<T::Bitboard>, out: &mut MoveList, occupied: T::Bitboard) {
        let us = p.to_move;
        let them = us.opposite();
        for (i, c) in self.castlings.iter().enumerate() {
            let rook_from = p.castling[us as usize][i];
            if rook_from == NO_ROOK {
                continue;
            }
            let rook_from = rook_from as usize;
            let king_from = self.royal_square(p, us);
            let [_, king_to, _, rook_to] = c.squares[us as usize];
            let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).fold(T::Bitboard::EMPTY, |set, s| set | bit(s));
            let must_be_empty = (span(king_from, king_to) | span(rook_from, rook_to))
                & !bit::<T::Bitboard>(king_from)
                & !bit::<T::Bitboard>(rook_from);
            if !(must_be_empty & occupied).is_empty() {
                continue;
            }
            let mut path = span(king_from, king_to) & !bit::<T::Bitboard>(king_from);
            let mut safe = true;
            while let Some(s) = path.pop_lowest_index() {
                if self.attacked(p, s, them, occupied) {
                    safe = false;
                    break;
                }
            }
            let m = Move {
                from: king_from as u8,
                to: king_to as u8,
                piece: c.king as u8,
                promotion: None,
                kind: MoveKind::Castling(i as u8),
            };
            if safe && self.safe_after(p, m) {
                out.push(m);
            }
        }
    }

    /// The position after `m`, one of `p`'s legal moves.
    #[inline(always)]
    pub fn play(&self, p: &Position<T::Bitboard>, m: Move) -> Position<T::Bitboard> {
        let mut next = *p;
        let us = p.to_move as usize;
        let them = 1 - us;
        let (from, to) = (m.from as usize, m.to as usize);
        let (from_bit, to_bit) = (bit::<T::Bitboard>(from), bit::<T::Bitboard>(to));
        next.en_passant = T::Bitboard::EMPTY;
        match m.kind {
            MoveKind::Castling(i) => {
                let c = &self.castlings[i as usize];
                let [_, _, _, rook_to] = c.squares[us];
                let rook_from = p.castling[us][i as usize] as usize;
                next.by_type[c.king] &= !from_bit;
                next.by_type[c.rook] &= !bit::<T::Bitboard>(rook_from);
                next.by_color[us] &= !(from_bit | bit(rook_from));
                next.by_type[c.king] |= to_bit;
                next.by_type[c.rook] |= bit(rook_to);
                next.by_color[us] |= to_bit | bit(rook_to);
            }
            MoveKind::EnPassant | MoveKind::Normal => {
                let taken = if m.kind == MoveKind::EnPassant { p.victim as usize } else { to };
                if p.by_color[them].has_index(taken) {
                    let taken_bit = bit::<T::Bitboard>(taken);
                    next.by_color[them] &= !taken_bit;
                    for set in &mut next.by_type[..self.pieces] {
                        *set &= !taken_bit;
                    }
                }
                let piece = m.piece as usize;
                next.by_type[piece] &= !from_bit;
                next.by_color[us] = (next.by_color[us] & !from_bit) | to_bit;
                next.by_type[m.promotion.map_or(piece, usize::from)] |= to_bit;
                if self.en_passant[piece] && m.kind == MoveKind::Normal && !p.by_color[them].has_index(to) {
                    let passed = T::between(piece, p.to_move, from, to);
                    if !passed.is_empty() && self.first[piece][us].has_index(from) {
                        next.en_passant = passed;
                        next.victim = to as u8;
                    }
                }
            }
        }
        if next.castling != [[NO_ROOK; 2]; 2] {
            // A king that moves loses its rights; a rook that moves or is taken, its own.
            if m.piece as usize == self.royal {
                next.castling[us] = [NO_ROOK; 2];
            }
            for rook in next.castling.iter_mut().flatten() {
                if *rook == m.from || *rook == m.to {
                    *rook = NO_ROOK;
                }
            }
        }
        next.to_move = p.to_move.opposite();
        next
    }

    /// Counts the leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, p: &Position<T::Bitboard>, depth: u32, last: LastPly) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = MoveList::default();
        self.generate(p, &mut moves);
        if depth == 1 && last == LastPly::Bulk {
            return moves.len() as u64;
        }
        moves.as_slice().iter().map(|&m| self.perft(black_box(&self.play(p, m)), depth - 1, last)).sum()
    }

    /// Every legal move of `p`, as a vector.
    pub fn legal_moves(&self, p: &Position<T::Bitboard>) -> Vec<Move> {
        let mut moves = MoveList::default();
        self.generate(p, &mut moves);
        moves.as_slice().to_vec()
    }

    /// The move's text in UCI's form (`e2e4`, `e7e8q`), as Fairy-Stockfish's `go perft` lists.
    pub fn move_text(&self, m: Move) -> String {
        let name = |s: u8| format!("{}{}", (b'a' + s % T::FILES as u8) as char, s as usize / T::FILES + 1);
        let promotion = m.promotion.map_or(String::new(), |p| self.fen_letters[p as usize].to_ascii_lowercase());
        format!("{}{}{promotion}", name(m.from), name(m.to))
    }
}

impl<B: BitboardExt> Position<B> {
    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }
}
