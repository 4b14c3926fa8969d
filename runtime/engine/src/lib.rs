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
//! Moves are generated from the tables as sets of targets, and most are known legal without
//! being tried: the module's `between` says which squares decide whether an enemy piece reaches
//! the royal piece, so out of check our pinned pieces are found once a node, and a move that
//! neither moves one nor touches a hopper's path cannot expose it (`generate.rs` says how). The
//! rest are tested without being made, by asking the royal square for attackers (`attackers`)
//! under the occupancy after the move. Bulk counting counts the last ply's moves without listing
//! them.
//!
//! A game the engine cannot play is refused by [`Game::new`] with the rule it lacks
//! ([`Unplayable`]), never played wrong.

use std::fmt;
use std::hint::black_box;
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use fairy_magic_runtime::{BitboardExt, Color, Tables};

mod fen;
mod generate;

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
struct CastlingSquares<B> {
    king: usize,
    rook: usize,
    /// `[color] = [king_from, king_to, rook_from, rook_to]`. As in Fairy-Stockfish, the king
    /// castles from wherever it stands on that rank, and a FEN's right names the first rook
    /// found from `rook_from` towards the king.
    squares: [[usize; 4]; 2],
    /// Whether the king goes to a higher file (`K`), else `Q`.
    kingside: bool,
    /// `[color]`: the squares that must be empty and the squares the king crosses and lands on
    /// ([`castling_spans`]), for the king and rook on their squares of `squares`: known once,
    /// as the rights of most positions are for those squares.
    spans: [(B, B); 2],
}

/// The squares a castling's king and rook cross and land on that must be empty but for the
/// two, and the squares the king crosses and lands on (which must not be attacked).
#[inline]
fn castling_spans<B: BitboardExt>(king_from: usize, king_to: usize, rook_from: usize, rook_to: usize) -> (B, B) {
    let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).fold(B::EMPTY, |set, s| set | bit(s));
    let must_be_empty =
        (span(king_from, king_to) | span(rook_from, rook_to)) & !bit::<B>(king_from) & !bit::<B>(rook_from);
    (must_be_empty, span(king_from, king_to) & !bit::<B>(king_from))
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

/// What the engine knows of one piece type, derived once from the tables and the rules.
#[derive(Clone, Debug)]
struct PieceRules<B> {
    /// `[color]`: the squares it makes its first moves from (empty: it has none).
    first: [B; 2],
    /// Whether it has first quiet moves (XBetza `i` on a move).
    first_quiets: bool,
    /// Whether it has first captures, which may give check.
    first_captures: bool,
    /// `[color]`: whether it moves as it captures ([`moves_as_it_captures`]): then one lookup
    /// gives both its quiet moves and its captures.
    moves_as_it_captures: [bool; 2],
    /// `[color]`: whether more pieces in its way never let it reach a square it did not reach
    /// ([`blocking_only_blocks`]): a slider's, a leaper's, a lame leaper's moves, not a
    /// hopper's. Then a move that only adds a piece to its path cannot expose the royal piece.
    blocking_only_blocks: [bool; 2],
    /// `[color]`: whether any piece in its way stops it ([`blocked_by_any`], with more pieces
    /// only blocking): then a piece of ours alone on its path to the royal piece is pinned, found
    /// without a lookup.
    blocked_by_any: [bool; 2],
    /// `[color]`: whether it has a path some piece may block, from some square to some other
    /// (`between` is not empty): else no piece of ours is ever pinned by it.
    blockable: [bool; 2],
    /// Whether it takes part in en passant.
    en_passant: bool,
    /// `[color]`: the squares where it has no move on an empty board.
    stuck: [B; 2],
    /// Where it promotes, to what, whether it must.
    promotion: Option<Promoting<B>>,
    /// The most of it a side may promote to (`u8::MAX`: no limit).
    limit: u8,
}

/// A module's game, ready to play: what the engine derives once from the rules.
pub struct Game<T: Tables> {
    royal: usize,
    board: T::Bitboard,
    /// Indexed by piece; the entries past `T::PIECES` are never read. A fixed array rather than
    /// a `Vec`: the move generator's reads of it need no length.
    pieces: [PieceRules<T::Bitboard>; MAX_PIECE_TYPES],
    /// Indexed by [`Game::blockable_index`]: the squares from which a piece of a side has a path
    /// to a square that other pieces may block (`between` is not empty). From the others it
    /// reaches the square, or not, whatever stands around.
    blockable_from: Vec<T::Bitboard>,
    /// Whether some piece has first captures: their paths are not known to `between`'s
    /// reasoning, so every move is then tested.
    first_captures: bool,
    castlings: Vec<CastlingSquares<T::Bitboard>>,
    /// The pieces found through two others ([`unions`]): `(piece, [a, b])`.
    unions: Vec<(usize, [usize; 2])>,
    flying_general: bool,
    /// `bare-king`: see [`Game::is_over`].
    bare_king: bool,
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

/// Whether a `piece` of `color` moves as it captures: whatever the occupancy, `quiets` and
/// `attacks` agree on every empty target. Proven, not sampled: by `between`'s contract, whether
/// the piece reaches a target depends on the occupancy of the squares between alone, so the two
/// lookups are compared under every occupancy of those squares, for every pair of squares. A
/// pair with more squares between than [`MOST_ENUMERATED`] is not enumerated, and counts as a
/// disagreement: the piece then takes two lookups, as any piece may.
fn moves_as_it_captures<T: Tables>(piece: usize, color: Color) -> bool {
    let squares = T::FILES * T::RANKS;
    let agree = |from: usize, to: usize, occupied: T::Bitboard| {
        T::quiets(piece, color, from, occupied).has_index(to) == T::attacks(piece, color, from, occupied).has_index(to)
    };
    (0..squares).all(|from| {
        let empty = T::Bitboard::EMPTY;
        T::quiets(piece, color, from, empty) == T::attacks(piece, color, from, empty)
            && (0..squares).all(|to| {
                let between: Vec<usize> = T::between(piece, color, from, to).indices().collect();
                between.len() <= MOST_ENUMERATED
                    && (1..1u32 << between.len()).all(|subset| agree(from, to, occupancy(&between, subset)))
            })
    })
}

/// Whether a `piece` of `color` never reaches a square with more pieces in its way when it does
/// not with fewer: for every pair of squares, the occupancies of the squares between (which
/// alone decide, by `between`'s contract) under which it reaches the second are closed under
/// taking a piece away. Proven as [`moves_as_it_captures`] is: every occupancy is tried, and a
/// pair with more squares between than [`MOST_ENUMERATED`] counts as a failure.
fn blocking_only_blocks<T: Tables>(piece: usize, color: Color) -> bool {
    let squares = T::FILES * T::RANKS;
    (0..squares).all(|from| {
        (0..squares).all(|to| {
            let between: Vec<usize> = T::between(piece, color, from, to).indices().collect();
            if between.len() > MOST_ENUMERATED {
                return false;
            }
            let reaches: Vec<bool> = (0..1u32 << between.len())
                .map(|subset| T::attacks(piece, color, from, occupancy(&between, subset)).has_index(to))
                .collect();
            (0..reaches.len()).all(|subset| {
                !reaches[subset] || (0..between.len()).all(|i| subset >> i & 1 == 0 || reaches[subset ^ 1 << i])
            })
        })
    })
}

/// Whether a `piece` of `color` reaches a square only with none of the squares between
/// occupied (a slider, a lame leaper with one path), for every pair of squares: its only path
/// is the squares between. One lookup a pair suffices: under the occupancy of any one square
/// between it must not reach (and it reaches on the empty board wherever `between` is not
/// empty, else the squares would not decide anything).
fn blocked_by_any<T: Tables>(piece: usize, color: Color) -> bool {
    let squares = T::FILES * T::RANKS;
    (0..squares).all(|from| {
        (0..squares).all(|to| {
            let between = T::between(piece, color, from, to);
            between.is_empty()
                || (T::attacks(piece, color, from, T::Bitboard::EMPTY).has_index(to)
                    && between.indices().all(|s| !T::attacks(piece, color, from, bit(s)).has_index(to)))
        })
    })
}

/// The occupancy of the `squares` whose bits are set in `subset`: the proofs above and below
/// try every subset of the squares between two.
fn occupancy<B: BitboardExt>(squares: &[usize], subset: u32) -> B {
    (0..squares.len()).filter(|i| subset >> i & 1 == 1).fold(B::EMPTY, |set, i| set | bit(squares[i]))
}

/// The most squares between two squares whose every occupancy [`moves_as_it_captures`] tries.
const MOST_ENUMERATED: usize = 10;

/// Whether a `piece` of `color` captures from exactly the squares from which `a` or `b`
/// captures (a queen as a rook and a bishop together), whatever the occupancy: then one lookup
/// each for `a` and `b` finds it too. Proven as [`moves_as_it_captures`] is: for every pair of
/// squares, the three `attackers` are compared under every occupancy of the squares between
/// for any of the three (which alone decide, by `between`'s contract); a pair with more than
/// [`MOST_ENUMERATED`] counts as a failure. The empty board alone refuses most pieces at once.
fn is_union<T: Tables>(piece: usize, [a, b]: [usize; 2], color: Color) -> bool {
    let squares = T::FILES * T::RANKS;
    let union =
        |to: usize, occupied: T::Bitboard| T::attackers(a, color, to, occupied) | T::attackers(b, color, to, occupied);
    let empty = T::Bitboard::EMPTY;
    (0..squares).all(|to| T::attackers(piece, color, to, empty) == union(to, empty))
        && (0..squares).all(|to| {
            (0..squares).all(|from| {
                let between: Vec<usize> = [piece, a, b]
                    .iter()
                    .fold(empty, |set, &q| set | T::between(q, color, from, to))
                    .indices()
                    .collect();
                between.len() <= MOST_ENUMERATED
                    && (1..1u32 << between.len()).all(|subset| {
                        let occupied = occupancy(&between, subset);
                        T::attackers(piece, color, to, occupied).has_index(from) == union(to, occupied).has_index(from)
                    })
            })
        })
}

/// For each piece, the two pieces whose captures together are its own ([`is_union`]), if the
/// engine looks for it through them: neither of the two is itself looked for through others,
/// nor has first captures (which `attackers` adds by the piece's own squares), nor does the
/// piece. Found in the order of the pieces, each pair the first that proves out: `(piece, [a,
/// b])`, as [`Game::unions`] keeps them.
fn unions<T: Tables>(first_captures: impl Fn(usize) -> bool) -> Vec<(usize, [usize; 2])> {
    let mut found: Vec<(usize, [usize; 2])> = Vec::new();
    let mut is_part = [false; MAX_PIECE_TYPES];
    for piece in (0..T::PIECES).filter(|&q| !first_captures(q)) {
        if is_part[piece] {
            continue;
        }
        let simple = |q: usize| q != piece && found.iter().all(|&(u, _)| u != q) && !first_captures(q);
        let pair = (0..T::PIECES)
            .flat_map(|a| (a + 1..T::PIECES).map(move |b| [a, b]))
            .filter(|&[a, b]| simple(a) && simple(b))
            .find(|&pair| Color::ALL.iter().all(|&c| is_union::<T>(piece, pair, c)));
        if let Some([a, b]) = pair {
            found.push((piece, [a, b]));
            is_part[a] = true;
            is_part[b] = true;
        }
    }
    found
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
        let empty = T::Bitboard::EMPTY;
        let mut pieces: [PieceRules<T::Bitboard>; MAX_PIECE_TYPES] = std::array::from_fn(|piece| {
            // Whether the piece has any move of this lookup, from any square, for either side.
            let has = |f: fn(usize, Color, usize, T::Bitboard) -> T::Bitboard| {
                piece < T::PIECES && Color::ALL.iter().any(|&c| (0..squares).any(|s| !f(piece, c, s, empty).is_empty()))
            };
            let stuck = Color::ALL.map(|c| match piece < T::PIECES {
                true => (0..squares)
                    .filter(|&s| (T::quiets(piece, c, s, empty) | T::attacks(piece, c, s, empty)).is_empty())
                    .fold(empty, |set, s| set | bit(s)),
                false => empty,
            });
            // Proven once: the slowest of these proofs, and `blocked_by_any` builds on it.
            let blocking_only_blocks = Color::ALL.map(|c| piece < T::PIECES && blocking_only_blocks::<T>(piece, c));
            PieceRules {
                first: [empty; 2],
                first_quiets: has(T::initial_quiets),
                first_captures: has(T::initial_attacks),
                moves_as_it_captures: Color::ALL.map(|c| piece < T::PIECES && moves_as_it_captures::<T>(piece, c)),
                blocking_only_blocks,
                blocked_by_any: Color::ALL.map(|c| blocking_only_blocks[c as usize] && blocked_by_any::<T>(piece, c)),
                blockable: Color::ALL.map(|c| {
                    piece < T::PIECES
                        && (0..squares).any(|from| (0..squares).any(|to| !T::between(piece, c, from, to).is_empty()))
                }),
                en_passant: rules.en_passant.contains(&(piece as u8)),
                stuck,
                promotion: None,
                limit: u8::MAX,
            }
        });
        for f in rules.first_moves {
            pieces[f.piece as usize].first = f.squares.map(set_of);
        }
        for p in rules.promotions {
            pieces[p.piece as usize].promotion =
                Some(Promoting { zone: p.zone.map(set_of), to: p.to.to_vec(), forced: p.forced });
        }
        for l in rules.promotion_limits {
            pieces[l.piece as usize].limit = l.most;
        }
        for (piece, rules) in pieces.iter().enumerate() {
            if (rules.first_quiets || rules.first_captures) && rules.first.iter().all(|s| s.is_empty()) {
                return Err(Unplayable::FirstMovesWithoutSquares(T::letter(piece)));
            }
        }
        let mirrored = |s: u8| {
            let (file, rank) = (s as usize % T::FILES, s as usize / T::FILES);
            (T::RANKS - 1 - rank) * T::FILES + file
        };
        let castlings = rules
            .castlings
            .iter()
            .map(|c| {
                let white = [c.king_from, c.king_to, c.rook_from, c.rook_to];
                let squares = [white.map(usize::from), white.map(mirrored)];
                CastlingSquares {
                    king: c.king as usize,
                    rook: c.rook as usize,
                    squares,
                    kingside: c.king_to > c.king_from,
                    spans: squares.map(|[kf, kt, rf, rt]| castling_spans(kf, kt, rf, rt)),
                }
            })
            .collect();
        let blockable_from = (0..T::PIECES * 2 * squares)
            .map(|i| {
                let (piece, color, to) = (i / (2 * squares), Color::ALL[i / squares % 2], i % squares);
                (0..squares)
                    .filter(|&from| !T::between(piece, color, from, to).is_empty())
                    .fold(empty, |set, s| set | bit(s))
            })
            .collect();
        let unions = unions::<T>(|q| pieces[q].first_captures);
        Ok(Game {
            royal,
            unions,
            board,
            blockable_from,
            first_captures: pieces.iter().any(|p| p.first_captures),
            pieces,
            castlings,
            flying_general: rules.flying_general,
            bare_king: rules.bare_king,
            fen_letters: rules.fen_letters.to_vec(),
            tables: PhantomData,
        })
    }

    /// Whether the game ended before `p`'s side to move could move, by a rule other than mate:
    /// under `bare-king` (Fairy-Stockfish's extinction rule as it plays Shatranj and Courier,
    /// `is_immediate_game_end`), when the side that just moved has its royal piece alone and
    /// the side to move more, or when the side to move has its royal piece alone and the other
    /// side two pieces or more besides its own. Against exactly one, the bared side still moves
    /// (it may bare the other in reply). An ended game has no moves: perft counts none below it.
    #[inline(always)]
    pub fn is_over(&self, p: &Position<T::Bitboard>) -> bool {
        self.bare_king && {
            let us = p.by_color[p.to_move as usize].count();
            let them = p.by_color[!p.to_move as usize].count();
            (them <= 1 && us >= 2) || (us <= 1 && them >= 3)
        }
    }

    /// Where [`Game::blockable_from`] holds the squares from which a `piece` of `color` has
    /// blockable paths to `square`.
    #[inline(always)]
    fn blockable_index(piece: usize, color: Color, square: usize) -> usize {
        (piece * 2 + color as usize) * T::FILES * T::RANKS + square
    }

    #[inline(always)]
    fn royal_square(&self, p: &Position<T::Bitboard>, color: Color) -> usize {
        (p.by_type[self.royal] & p.by_color[color as usize]).lowest_index().expect("one royal piece a side")
    }

    /// Whether `by` attacks `square` given `occupied`.
    fn attacked(&self, p: &Position<T::Bitboard>, square: usize, by: Color, occupied: T::Bitboard) -> bool {
        let theirs = p.by_color[by as usize] & occupied;
        let sets = self.attack_sets(p);
        match by {
            Color::White => self.attacked_by::<0>(&sets, square, occupied, theirs),
            Color::Black => self.attacked_by::<1>(&sets, square, occupied, theirs),
        }
    }

    /// `p`'s square sets by piece as the search for attackers reads them: a piece found
    /// through two others ([`Game::unions`]) stands in their sets and has none of its own.
    #[inline(always)]
    fn attack_sets(&self, p: &Position<T::Bitboard>) -> [T::Bitboard; MAX_PIECE_TYPES] {
        let mut sets = p.by_type;
        for &(piece, [a, b]) in &self.unions {
            sets[a] |= p.by_type[piece];
            sets[b] |= p.by_type[piece];
            sets[piece] = T::Bitboard::EMPTY;
        }
        sets
    }

    /// Whether the royal pieces on `a` and `b` face each other on a file with nothing between
    /// them given `occupied`.
    #[inline(always)]
    fn generals_face(&self, a: usize, b: usize, occupied: T::Bitboard) -> bool {
        a % T::FILES == b % T::FILES && (self.file_between(a, b) & occupied).is_empty()
    }

    /// The squares strictly between `a` and `b` on their file (they share one).
    fn file_between(&self, a: usize, b: usize) -> T::Bitboard {
        let (low, high) = (a.min(b), a.max(b));
        (low + T::FILES..high).step_by(T::FILES).fold(T::Bitboard::EMPTY, |set, s| set | bit(s))
    }

    /// Whether `m`, a pseudo-legal move, leaves the mover's royal piece safe: the position
    /// after it is made and asked.
    fn safe_after(&self, p: &Position<T::Bitboard>, m: Move) -> bool {
        let us = p.to_move;
        let after = self.play(p, m);
        let king = self.royal_square(&after, us);
        let their_king = self.royal_square(&after, !us);
        let occupied = after.occupied();
        !(self.attacked(&after, king, !us, occupied)
            || (self.flying_general && self.generals_face(king, their_king, occupied)))
    }

    /// The position after `m`, one of `p`'s legal moves.
    #[inline(always)]
    pub fn play(&self, p: &Position<T::Bitboard>, m: Move) -> Position<T::Bitboard> {
        let mut next = *p;
        self.play_onto(p, m, &mut next);
        next
    }

    /// Makes `next`, a copy of `p` ([`Game::copy_onto`]), the position after `m`.
    #[inline(always)]
    fn play_onto(&self, p: &Position<T::Bitboard>, m: Move, next: &mut Position<T::Bitboard>) {
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
                    for set in &mut next.by_type[..T::PIECES] {
                        *set &= !taken_bit;
                    }
                }
                let piece = m.piece as usize;
                next.by_type[piece] &= !from_bit;
                next.by_color[us] = (next.by_color[us] & !from_bit) | to_bit;
                next.by_type[m.promotion.map_or(piece, usize::from)] |= to_bit;
                if self.pieces[piece].en_passant
                    && m.kind == MoveKind::Normal
                    && !p.by_color[them].has_index(to)
                    && self.pieces[piece].first[us].has_index(from)
                {
                    let passed = T::between(piece, p.to_move, from, to);
                    if !passed.is_empty() {
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
            // Indexed, not `iter_mut().flatten()`: the flattening iterator did not unroll.
            for side in 0..2 {
                for i in 0..2 {
                    if next.castling[side][i] == m.from || next.castling[side][i] == m.to {
                        next.castling[side][i] = NO_ROOK;
                    }
                }
            }
        }
        next.to_move = !p.to_move;
    }

    /// Copies `p` onto `next`: the square sets of the game's pieces alone, not the whole array,
    /// which perft would otherwise copy (through `memmove`) for every move.
    #[inline(always)]
    fn copy_onto(p: &Position<T::Bitboard>, next: &mut Position<T::Bitboard>) {
        next.by_type[..T::PIECES].copy_from_slice(&p.by_type[..T::PIECES]);
        next.by_color = p.by_color;
        next.to_move = p.to_move;
        next.castling = p.castling;
        next.en_passant = p.en_passant;
        next.victim = p.victim;
    }

    /// Counts the leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, p: &Position<T::Bitboard>, depth: u32, last: LastPly) -> u64 {
        match (depth, last) {
            (0, _) => 1,
            (1, LastPly::Bulk) => self.count_moves(p),
            _ => {
                let mut moves = MoveList::default();
                self.generate(p, &mut moves);
                let mut next = *p;
                let mut nodes = 0;
                for &m in moves.as_slice() {
                    Self::copy_onto(p, &mut next);
                    self.play_onto(p, m, &mut next);
                    // The last ply counted here, not in a call with a move list of its own.
                    nodes += match (depth, last) {
                        (2, LastPly::Bulk) => self.count_moves(black_box(&next)),
                        _ => self.perft(black_box(&next), depth - 1, last),
                    };
                }
                nodes
            }
        }
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
