//! Board geometry: dimensions, square numbering and names.
//!
//! Squares are numbered densely, `rank * files + file`, a1 = 0. Inside the compiler every set of
//! squares is a 256-bit [`Squares`] whatever the board; the emitter narrows to the board's own
//! width.

use fairy_magic_runtime::{Bitboard192, BitboardExt};

use crate::splitmix::SplitMix64;

/// A set of squares of any supported board: the runtime's 256-bit bitboard, which behaves as
/// a 256-bit integer (bit operators, shifts, ordering, `count_ones`, `trailing_zeros`).
pub type Squares = fairy_magic_runtime::Bitboard256;

/// The set holding `square` alone.
#[inline]
pub fn bit(square: u8) -> Squares {
    Squares::from_index(square as usize)
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
    pub fn square(self, file: i32, rank: i32) -> Option<u8> {
        // A negative coordinate wraps to a large unsigned one: one comparison an axis.
        let inside = (file as u32) < self.files as u32 && (rank as u32) < self.ranks as u32;
        inside.then(|| (rank * self.files as i32 + file) as u8)
    }

    /// The (file, rank) of a square, both from 0: the inverse of [`Board::square`].
    pub fn file_rank(self, square: u8) -> (i32, i32) {
        (square as i32 % self.files as i32, square as i32 / self.files as i32)
    }

    /// All squares of the board.
    pub fn all(self) -> Squares {
        Squares::below(self.squares())
    }

    /// `a1`, `j10`...
    pub fn name(self, square: u8) -> String {
        let (file, rank) = self.file_rank(square);
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// Parses `a1`...`p16`; `None` if malformed or off this board.
    pub fn parse_square(self, text: &str) -> Option<u8> {
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
pub fn squares_of(set: Squares) -> impl Iterator<Item = u8> {
    set.indices().map(|square| square as u8)
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
pub trait Word: BitboardExt + std::hash::Hash + Send + Sync {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_a_mask_are_each_there_once() {
        let mask = bit(3) | bit(70) | bit(200);
        let all: Vec<Squares> = subsets(mask).collect();
        assert_eq!(all.len(), 8);
        assert_eq!((all[0], all[7]), (Squares::EMPTY, mask));
        assert!(all.iter().all(|&s| s & !mask == Squares::EMPTY));
        assert_eq!(all.iter().collect::<std::collections::HashSet<_>>().len(), 8);
        assert_eq!(subsets(Squares::EMPTY).collect::<Vec<_>>(), vec![Squares::EMPTY]);
    }

    #[test]
    fn names_round_trip_on_a_tall_board() {
        let board = Board { files: 9, ranks: 10 };
        for square in 0..board.squares() as u8 {
            assert_eq!(board.parse_square(&board.name(square)), Some(square));
        }
        assert_eq!(board.name(89), "i10");
        assert_eq!(board.parse_square("j1"), None);
        assert_eq!(board.parse_square("a0"), None);
        assert_eq!(board.parse_square("a01"), None);
    }

    #[test]
    fn all_covers_exactly_the_board() {
        assert_eq!(Board { files: 8, ranks: 8 }.all(), Squares::from(u64::MAX));
        assert_eq!(Board { files: 16, ranks: 8 }.all(), Squares::from(u128::MAX));
        assert_eq!(Board { files: 16, ranks: 16 }.all(), Squares::ALL);
        assert_eq!(Board { files: 3, ranks: 1 }.all(), Squares::from(0b111u64));
    }
}
