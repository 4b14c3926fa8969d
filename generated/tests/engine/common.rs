//! What the chess and Xiangqi engines share: a fixed-size move list, perft, and the board field
//! of a FEN. Squares are the modules' own `Square`s and square sets their `Bitboard`s, read
//! through each module's `SquareSet`: the engines use the public API alone.

use std::hint::black_box;
use std::mem::MaybeUninit;

/// More moves than any position with 16 pieces a side (what the FEN readers accept) can have:
/// fifteen queens and a king make at most 15 * 27 + 8 = 413 in chess; Xiangqi's most mobile
/// pieces, the chariot and cannon, reach at most 17 squares each.
pub const MAX_MOVES: usize = 512;

/// The most pieces a side has in a FEN the engines accept: a full set.
pub const MAX_PIECES: u32 = 16;

/// A move list on the stack: perft allocates nothing per node, and leaves the unused slots
/// unwritten.
pub struct MoveList<M> {
    moves: [MaybeUninit<M>; MAX_MOVES],
    len: usize,
}

impl<M: Copy> MoveList<M> {
    #[inline(always)]
    pub fn new() -> Self {
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }

    /// Panics when the list is full.
    #[inline(always)]
    pub fn push(&mut self, m: M) {
        self.moves[self.len].write(m);
        self.len += 1;
    }

    /// Pushes every move `moves` yields, counting in a local so that the length is stored once,
    /// not at every move. Panics when the list is full.
    #[inline(always)]
    pub fn extend(&mut self, moves: impl Iterator<Item = M>) {
        let mut len = self.len;
        for m in moves {
            self.moves[len].write(m);
            len += 1;
        }
        self.len = len;
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: `push` wrote the first `len` slots, and `MaybeUninit<M>` has `M`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A position of a game whose legal moves an engine generates.
pub trait Game: Copy {
    type Move: Copy;
    /// Appends every legal move to `out`.
    fn generate(&self, out: &mut MoveList<Self::Move>);
    /// Plays `m`, which must be one of the legal moves, on this position.
    fn make(&mut self, m: Self::Move);

    /// Every legal move, as a vector.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = MoveList::new();
        self.generate(&mut moves);
        moves.as_slice().to_vec()
    }

    /// The position after `m`, one of the legal moves.
    fn play(&self, m: Self::Move) -> Self {
        let mut next = *self;
        next.make(m);
        next
    }
}

/// Counts the leaves of the legal move tree `depth` plies deep, playing every move, the last
/// ply's too (no bulk counting: the same work as cozy-chess's `perft` without `--bulk`).
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    position.generate(&mut moves);
    let mut nodes = 0;
    for &m in moves.as_slice() {
        // Copy, then make the move on the copy (copy-make: nothing to undo).
        let mut child = *position;
        child.make(m);
        // `black_box` keeps the optimiser from skipping the last ply's moves, whose positions
        // nothing reads.
        nodes += perft(black_box(&child), depth - 1);
    }
    nodes
}

/// How perft treats the last ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastPly {
    /// Play every move of the last ply (the work of cozy-chess's `perft` without `--bulk`).
    Play,
    /// Count the last ply's legal moves without playing them, as `go perft` does in
    /// Stockfish and Pikafish.
    Bulk,
}

/// Counts the leaves of the legal move tree `depth` plies deep, treating the last ply as
/// `last` says. Both modes give the same count: a leaf is a legal move of its parent.
pub fn perft_with<G: Game>(position: &G, depth: u32, last: LastPly) -> u64 {
    match (depth, last) {
        (0, _) => 1,
        (_, LastPly::Play) => perft(position, depth),
        (1, LastPly::Bulk) => {
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            moves.len() as u64
        }
        (_, LastPly::Bulk) => {
            let mut moves = MoveList::new();
            position.generate(&mut moves);
            moves.as_slice().iter().map(|&m| perft_with(black_box(&position.play(m)), depth - 1, last)).sum()
        }
    }
}

/// The board field of a FEN: ranks from the last one down, separated by `/`; a number skips
/// that many empty squares. Calls `put(letter, square)` for every piece, `square` being
/// `rank * files + file` (the first file of the first rank = 0).
pub fn parse_board(
    field: &str,
    files: usize,
    ranks: usize,
    mut put: impl FnMut(char, usize) -> Result<(), String>,
) -> Result<(), String> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks {
        return Err(format!("{ranks} ranks expected, found {}: {field}", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
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
                if file >= files {
                    return Err(format!("more than {files} files in a rank: {row}"));
                }
                put(c, rank * files + file)?;
                file += 1;
            }
            if file > files {
                return Err(format!("more than {files} files in a rank: {row}"));
            }
        }
        if file != files {
            return Err(format!("{files} files expected in a rank, found {file}: {row}"));
        }
    }
    Ok(())
}

/// The halfmove clock and move number, when present, are numbers; nothing follows them.
pub fn check_counters(fields: &[&str]) -> Result<(), String> {
    if fields.len() > 2 {
        return Err(format!("unexpected text after the move counters: {}", fields[2..].join(" ")));
    }
    match fields.iter().find(|f| f.parse::<u32>().is_err()) {
        Some(f) => Err(format!("not a move counter: {f}")),
        None => Ok(()),
    }
}
