//! Board geometry: dimensions, square numbering and names.
//!
//! Squares are numbered densely, `rank * files + file`, a1 = 0: a [`Square`] is that number,
//! whatever the board, and its board turns it into coordinates ([`Board::file_rank`]) and back
//! ([`Board::square`]). Coordinates are signed, so that a step off the board is one a
//! [`Board::square`] refuses, never a square. Inside the compiler every set of squares is a
//! 256-bit [`Squares`] whatever the board; the emitter narrows to the board's own width.

use fairy_magic_runtime::{Bitboard192, BitboardExt, LookupBits};

use crate::splitmix::SplitMix64;

/// A set of squares of any supported board: the runtime's 256-bit bitboard, which behaves as
/// a 256-bit integer (bit operators, shifts, ordering, `count_ones`, `trailing_zeros`).
pub type Squares = fairy_magic_runtime::Bitboard256;

/// A square of some board: its number, `rank * files + file` (a1 = 0), below [`MAX_SQUARES`].
///
/// One type for every board, as the compiler handles boards of every size in one run; a
/// [`Board`] gives its coordinates and name. It orders, hashes and prints as its number, so a
/// table sorted or keyed by squares is the same as by numbers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square numbered `index`; it must be below [`MAX_SQUARES`].
    #[inline]
    pub const fn new(index: usize) -> Square {
        debug_assert!(index < MAX_SQUARES);
        Square(index as u8)
    }

    /// Its number, `rank * files + file`: the bit it is in a bitboard, and its place in a
    /// per-square table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its number as one byte, as the emitted module and the seed's hash store a square.
    #[inline]
    pub const fn byte(self) -> u8 {
        self.0
    }
}

impl std::fmt::Debug for Square {
    /// Its number: a square knows no board, so it has no name of its own ([`Board::name`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The set holding `square` alone.
#[inline]
pub fn bit(square: Square) -> Squares {
    Squares::from_index(square.index())
}

/// The most squares a board may have: the width of the widest bitboard.
pub const MAX_SQUARES: usize = 256;
/// The widest board side we name squares for (files a..p).
pub const MAX_SIDE: u32 = 16;

/// A rectangular board of at most [`MAX_SQUARES`] squares, each side at most [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of files (columns, a, b, c ...).
    pub files: u8,
    /// The number of ranks (rows, 1, 2, 3 ...).
    pub ranks: u8,
}

impl Board {
    /// The number of squares, `files * ranks`.
    pub fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The bits of the bitboard the emitted module uses: 64 (`u64`), 128 (`u128`), 192
    /// (`Bitboard192`) or 256 (`Bitboard256`).
    pub fn word_bits(self) -> u32 {
        match self.squares() {
            0..=64 => 64,
            65..=128 => 128,
            129..=192 => 192,
            _ => 256,
        }
    }

    /// The square at (file, rank), or `None` off the board.
    #[inline]
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        // A negative coordinate wraps to a large unsigned one: one comparison an axis.
        let inside = (file as u32) < self.files as u32 && (rank as u32) < self.ranks as u32;
        inside.then(|| Square((rank * self.files as i32 + file) as u8))
    }

    /// The (file, rank) of a square, both from 0: the inverse of [`Board::square`]. Signed, so
    /// that a step added to them may leave the board.
    #[inline]
    pub fn file_rank(self, square: Square) -> (i32, i32) {
        (square.0 as i32 % self.files as i32, square.0 as i32 / self.files as i32)
    }

    /// Every square of the board, a1 first.
    pub fn each(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(Square::new)
    }

    /// All squares of the board.
    pub fn all(self) -> Squares {
        Squares::below(self.squares())
    }

    /// `a1`, `j10`...
    pub fn name(self, square: Square) -> String {
        let (file, rank) = self.file_rank(square);
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// Parses `a1`...`p16`; `None` if malformed or off this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(file as i32 - 'a' as i32, rank - 1)
    }
}

/// The squares of a set, in ascending order.
pub fn squares_of(set: Squares) -> impl Iterator<Item = Square> {
    set.indices().map(Square::new)
}

/// The lowest square of a set; `None` if it is empty.
#[inline]
pub fn lowest(set: Squares) -> Option<Square> {
    set.lowest_index().map(Square::new)
}

/// Every subset of `mask`, the empty set first and `mask` itself last (carry-rippler order).
pub fn subsets(mask: Squares) -> impl Iterator<Item = Squares> {
    let mut next = Some(Squares::EMPTY);
    std::iter::from_fn(move || {
        let subset = next?;
        let after = subset.wrapping_sub(mask) & mask;
        next = (!after.is_empty()).then_some(after);
        Some(subset)
    })
}

/// The type a board's bitboards are emitted as: `u64`, `u128`, `Bitboard192` or `Bitboard256`.
pub trait Word: LookupBits + std::hash::Hash + Send + Sync {
    /// The type's name in the emitted module.
    const TYPE: &'static str;
    /// The set as this word; squares beyond its width are dropped (its boards have none).
    fn from_squares(squares: Squares) -> Self;
    /// The set as the compiler's own [`Squares`].
    fn to_squares(self) -> Squares;
    /// A random number with few bits set: such multipliers make good magics.
    fn sparse(rng: &mut SplitMix64) -> Self;
    /// A magic as it is kept for a mask: unchanged, but for the 192- and 256-square hashes, whose
    /// multiplier words for words the mask does not touch multiply nothing and are set to 0.
    fn for_mask(self, _mask: Self) -> Self {
        self
    }
}

impl Word for u64 {
    const TYPE: &'static str = "u64";
    fn from_squares(squares: Squares) -> Self {
        squares.0[0]
    }
    fn to_squares(self) -> Squares {
        Squares::from(self)
    }
    fn sparse(rng: &mut SplitMix64) -> Self {
        rng.next_u64() & rng.next_u64() & rng.next_u64()
    }
}

impl Word for u128 {
    const TYPE: &'static str = "u128";
    fn from_squares(squares: Squares) -> Self {
        squares.low_u128()
    }
    fn to_squares(self) -> Squares {
        Squares::from(self)
    }
    fn sparse(rng: &mut SplitMix64) -> Self {
        (u64::sparse(rng) as u128) << 64 | u64::sparse(rng) as u128
    }
}

impl Word for Bitboard192 {
    const TYPE: &'static str = "Bitboard192";
    fn from_squares(squares: Squares) -> Self {
        let [w0, w1, w2, _] = squares.0;
        Bitboard192([w0, w1, w2])
    }
    fn to_squares(self) -> Squares {
        Squares::from(self)
    }
    fn sparse(rng: &mut SplitMix64) -> Self {
        Bitboard192([(); 3].map(|_| u64::sparse(rng)))
    }
    fn for_mask(self, mask: Self) -> Self {
        Bitboard192([0, 1, 2].map(|w| if mask.0[w] == 0 { 0 } else { self.0[w] }))
    }
}

impl Word for Squares {
    const TYPE: &'static str = "Bitboard256";
    fn from_squares(squares: Squares) -> Self {
        squares
    }
    fn to_squares(self) -> Squares {
        self
    }
    fn sparse(rng: &mut SplitMix64) -> Self {
        Squares::new([(); 4].map(|_| u64::sparse(rng)))
    }
    fn for_mask(self, mask: Self) -> Self {
        Squares::new([0, 1, 2, 3].map(|w| if mask.0[w] == 0 { 0 } else { self.0[w] }))
    }
}
