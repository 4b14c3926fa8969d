//! The [`BitboardExt`] trait (the square helpers a user calls), the [`LookupBits`] trait (the
//! bit operations the lookups read a set with, which users never name), their impls for `u64`
//! and `u128`, and a printed diagram.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares, one bit per square, square index = `rank * files + file`.
///
/// Implemented for `u64` (boards of up to 64 squares), `u128` (up to 128 squares),
/// [`Bitboard192`](crate::Bitboard192) (up to 192 squares) and [`Bitboard256`](crate::Bitboard256)
/// (up to 256 squares); a generated module's `Bitboard` type is the narrowest that holds its
/// board. An extension trait on those types, named `...Ext` as Rust's convention has it, so that
/// it never clashes with a module's `Bitboard`: every module re-exports it, and `use module::*`
/// (or `use module::BitboardExt`) brings its helpers.
///
/// Its helpers take and give raw square indices (`usize`), and are named for them
/// (`from_index`, `has_index`, `indices`...): the runtime knows no board. Every module adds
/// its own trait beside this one whose helpers take and give that module's typed `Square`
/// under the plain names (`from_square`, `has`, `squares`...), so the two never clash. What the
/// lookups need beyond these is [`LookupBits`], which no module re-exports.
pub trait BitboardExt:
    Copy
    + Eq
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No squares.
    const EMPTY: Self;
    /// The number of squares it can hold: 64, 128, 192 or 256.
    const BITS: u32;

    /// The set holding the square of index `index` alone. Panics (in debug builds) when
    /// `index >= Self::BITS`.
    fn from_index(index: usize) -> Self;
    /// The squares of index below `index` (a board's squares when `index` is its size); every
    /// square when `index >= Self::BITS`.
    fn below(index: usize) -> Self;
    /// Whether the square of index `index` is in the set; `false` for any `index >= Self::BITS`.
    fn has_index(self, index: usize) -> bool;
    /// How many squares the set holds.
    fn count(self) -> u32;
    /// The index of the lowest square of the set, `None` when it is empty.
    fn lowest_index(self) -> Option<usize>;

    /// Whether the set holds no square.
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Removes the lowest square from the set and returns its index, `None` when it is empty.
    #[inline(always)]
    fn pop_lowest_index(&mut self) -> Option<usize> {
        let index = self.lowest_index()?;
        *self ^= Self::from_index(index);
        Some(index)
    }
    /// The indices of the set's squares, lowest first.
    #[inline(always)]
    fn indices(self) -> IndexIter<Self> {
        IndexIter(self)
    }
}

/// The bit operations the lookups read a bitboard with: its low word, the cuts that stop a
/// slide at its first blocker, and the three index hashes. The generated code calls them only
/// through the runtime's lookup functions, and no module re-exports this trait, so
/// `use module::*` does not put them on every `u64` of a user's code; the compiler, which finds
/// the magics these hashes read, names it.
pub trait LookupBits: BitboardExt {
    /// The set's squares of index 0 to 63, as the bits of a `u64`.
    fn low_word(self) -> u64;
    /// The set of the squares of index 0 to 63 whose bits `word` holds.
    fn from_low_word(word: u64) -> Self;

    /// The squares up to and including the lowest of the set; every square when it is empty.
    /// Cut at the first blocker, the squares a slide meets as their indices rise.
    fn up_to_lowest(self) -> Self;
    /// The squares from the highest of the set up; every square when it is empty. Cut at the
    /// first blocker, the squares a slide meets as their indices fall.
    fn down_to_highest(self) -> Self;

    /// The magic hash `(self * magic) >> shift` (wrapping multiply), as a table index. Wider
    /// than 64 bits it multiplies each 64-bit word by its own word of the magic and mixes the
    /// products; `shift` still counts from `Self::BITS`.
    fn magic_hash(self, magic: Self, shift: u8) -> usize;
    /// The magic hash formed with 32-bit multiplies only: each 32-bit part of `self`, folded
    /// onto itself (`part ^ part >> k`, a different `k` for each part), times the same part of
    /// `magic`, the products mixed (xor) and shifted right by `shift`.
    fn split32_hash(self, magic: Self, shift: u8) -> usize;
    /// The bits of `self` under `mask`, gathered at the bottom (x86-64 BMI2 `PEXT`).
    fn pext(self, mask: Self) -> usize;

    /// The place of the square of index `index` (below `Self::BITS`) among the set's squares:
    /// `Some(how many of them lie below it)` when it is one, `None` when not. What a module's
    /// `move_index` and `policy_index` count a move's destination with.
    fn place_of(self, index: usize) -> Option<u32>;
}

/// The indices of a set's squares, lowest first: see [`BitboardExt::indices`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexIter<B>(pub B);

impl<B: BitboardExt> Iterator for IndexIter<B> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lowest_index()
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: BitboardExt> ExactSizeIterator for IndexIter<B> {}

/// A set drawn as a board of `files` x `ranks`, rank 1 at the bottom: `x` for a square in it,
/// `.` for one not, one line a rank. A module's `SquareSet::diagram` makes one for its board.
#[derive(Clone, Copy, Debug)]
pub struct Diagram<B> {
    set: B,
    files: usize,
    ranks: usize,
}

impl<B> Diagram<B> {
    /// `set` drawn as a board of `files` x `ranks`.
    pub const fn new(set: B, files: usize, ranks: usize) -> Self {
        Diagram { set, files, ranks }
    }
}

impl<B: BitboardExt> fmt::Display for Diagram<B> {
    /// One line a rank, the highest first, squares separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.ranks).rev() {
            for file in 0..self.files {
                let mark = if self.set.has_index(rank * self.files + file) { 'x' } else { '.' };
                let gap = if file + 1 < self.files { " " } else { "\n" };
                write!(f, "{mark}{gap}")?;
            }
        }
        Ok(())
    }
}

macro_rules! primitive_squares {
    () => {
        #[inline(always)]
        fn from_index(index: usize) -> Self {
            1 << index
        }
        #[inline(always)]
        fn below(index: usize) -> Self {
            match index {
                0 => 0,
                // `!0 >> (BITS - index)` rather than `(1 << index) - 1`: no shift by `BITS`.
                _ => !0 >> (Self::BITS as usize - index.min(Self::BITS as usize)),
            }
        }
        #[inline(always)]
        fn has_index(self, index: usize) -> bool {
            index < Self::BITS as usize && self >> index & 1 == 1
        }
        #[inline(always)]
        fn count(self) -> u32 {
            self.count_ones()
        }
        #[inline(always)]
        fn lowest_index(self) -> Option<usize> {
            (self != 0).then(|| self.trailing_zeros() as usize)
        }
    };
}

macro_rules! primitive_lookup_bits {
    () => {
        #[inline(always)]
        fn low_word(self) -> u64 {
            self as u64
        }
        #[inline(always)]
        fn from_low_word(word: u64) -> Self {
            Self::from(word)
        }
        #[inline(always)]
        fn up_to_lowest(self) -> Self {
            self ^ self.wrapping_sub(1)
        }
        #[inline(always)]
        fn place_of(self, index: usize) -> Option<u32> {
            // One bit for the test and, less one, for the squares below: no `below`, whose
            // guard against a shift by `BITS` a square of the board never needs.
            let bit: Self = 1 << index;
            (self & bit != 0).then(|| (self & (bit - 1)).count_ones())
        }
    };
}

/// [`LookupBits::down_to_highest`] of one 64-bit word: every bit from its highest set bit up,
/// or every bit when it is empty (`| 1`: the empty word's "highest" is bit 0).
#[inline(always)]
const fn word_down_to_highest(word: u64) -> u64 {
    !0 << (63 - (word | 1).leading_zeros())
}

/// [`LookupBits::down_to_highest`] of a bitboard of several 64-bit words, lowest word first.
///
/// A word above the highest occupied word is kept whole, the word holding the highest occupied
/// square is cut below it, and every word below that is empty. Each word's cut is its own
/// (no bit crosses a word), so all of them are made at once and only the one-bit "a word above
/// is occupied" flags chain from word to word: no multi-word shift and no branch, where the
/// whole-bitboard form (leading zeros, then a shift by them) chains a compare, a select and a
/// double-word shift after the count.
#[inline(always)]
pub(crate) fn words_down_to_highest<const N: usize>(words: [u64; N]) -> [u64; N] {
    let mut out = [0; N];
    let mut above_occupied = 0u64;
    let mut w = N;
    while w > 0 {
        w -= 1;
        // All ones while no word above holds a square, then none.
        let keep = above_occupied.wrapping_sub(1);
        out[w] = word_down_to_highest(words[w]) & keep;
        above_occupied |= u64::from(words[w] != 0);
    }
    out
}

/// How far [`LookupBits::split32_hash`] folds each 32-bit part onto itself, part 0 first.
const SPLIT32_FOLDS: [u32; 8] = [13, 19, 23, 29, 13, 19, 23, 29];

/// Part `i` of a split32 hash folded onto itself: `part ^ part >> SPLIT32_FOLDS[i]`. A part's
/// top bit alone would reach only the top bit of its product, so a mask holding the top squares
/// of two parts (h4 and h8 on 8x8) could have no magic; folded (invertibly: nothing is lost) it
/// also reaches further down, to a different depth in each part. The distances are not
/// multiples of 8 or 16: a fold by the period of a line (16 on 16x8, as first tried, with each
/// part taking in the part below it) maps the line onto itself and leaves combinations of its
/// squares that no magic separates (`compiler/tests/dead_bits.rs`).
#[inline(always)]
pub(crate) fn split32_fold(i: usize, part: u32) -> u32 {
    part ^ part >> SPLIT32_FOLDS[i]
}

impl BitboardExt for u64 {
    const EMPTY: Self = 0;
    const BITS: u32 = 64;
    primitive_squares!();
    #[inline(always)]
    fn pop_lowest_index(&mut self) -> Option<usize> {
        let index = self.lowest_index()?;
        *self &= *self - 1;
        Some(index)
    }
}

impl LookupBits for u64 {
    primitive_lookup_bits!();
    #[inline(always)]
    fn down_to_highest(self) -> Self {
        word_down_to_highest(self)
    }
    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        (self.wrapping_mul(magic) >> shift) as usize
    }
    #[inline(always)]
    fn split32_hash(self, magic: Self, shift: u8) -> usize {
        let times = |i: usize| split32_fold(i, (self >> (32 * i)) as u32).wrapping_mul((magic >> (32 * i)) as u32);
        ((times(0) ^ times(1)) >> shift) as usize
    }
    #[inline(always)]
    fn pext(self, mask: Self) -> usize {
        pext64(self, mask) as usize
    }
}

impl BitboardExt for u128 {
    const EMPTY: Self = 0;
    const BITS: u32 = 128;
    primitive_squares!();
    /// A word at a time: the low word while it holds a square, then the high one. The
    /// whole-width form (two trailing-zero counts and a select, then a 128-bit decrement with
    /// borrow) took twice the instructions a square in move generation loops.
    #[inline(always)]
    fn pop_lowest_index(&mut self) -> Option<usize> {
        let (low, high) = (*self as u64, (*self >> 64) as u64);
        if low != 0 {
            *self = u128::from(high) << 64 | u128::from(low & (low - 1));
            return Some(low.trailing_zeros() as usize);
        }
        if high != 0 {
            *self = u128::from(high & (high - 1)) << 64;
            return Some(64 + high.trailing_zeros() as usize);
        }
        None
    }
}

/// On 128 squares the hash multiplies each 64-bit half by its own half of the magic and mixes
/// the two products (the high half's bits first folded into their neighbours): two 64-bit
/// multiplies instead of a 128-bit one (three on x86-64), and a magic search as easy as on 64
/// squares. `shift` counts from 128, as for any bitboard: the
/// index is the top `128 - shift` bits of the mixed 64-bit product.
impl LookupBits for u128 {
    primitive_lookup_bits!();
    #[inline(always)]
    fn down_to_highest(self) -> Self {
        let [lo, hi] = words_down_to_highest([self as u64, (self >> 64) as u64]);
        u128::from(hi) << 64 | u128::from(lo)
    }
    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        let (lo, hi) = (self as u64, (self >> 64) as u64);
        // Bit 63 and bit 127 would each reach only the top bit of their own product, the same
        // bit of the index, and no magic could separate a mask holding both (a file through
        // the top square of each half, on 16x8). Folding each bit of the high half into the one
        // below (an invertible map: nothing is lost) gives bit 127 a second bit to reach.
        let low = lo.wrapping_mul(magic as u64);
        let high = (hi ^ hi >> 1).wrapping_mul((magic >> 64) as u64);
        ((low ^ high) >> (shift - 64)) as usize
    }
    #[inline(always)]
    fn split32_hash(self, magic: Self, shift: u8) -> usize {
        let times = |i: usize| split32_fold(i, (self >> (32 * i)) as u32).wrapping_mul((magic >> (32 * i)) as u32);
        ((times(0) ^ times(1) ^ times(2) ^ times(3)) >> shift) as usize
    }
    #[inline(always)]
    fn pext(self, mask: Self) -> usize {
        let low = pext64(self as u64, mask as u64);
        let high = pext64((self >> 64) as u64, (mask >> 64) as u64);
        // A mask is a lookup's squares, never all 64 of a half (an index has at most 20 bits),
        // so the shift stays below 64.
        (low | high << (mask as u64).count_ones()) as usize
    }
}

/// `PEXT` where the build targets CPUs that have it.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[allow(unsafe_code)]
#[inline(always)]
pub(crate) fn pext64(value: u64, mask: u64) -> u64 {
    // SAFETY: this is compiled only when BMI2 is enabled for the whole build (for instance
    // `-C target-feature=+bmi2`), and such a build already requires every CPU it runs on to
    // have the instruction.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

/// The same, a bit at a time, everywhere else: correct but slow, so the PEXT index is for
/// builds with BMI2.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline(always)]
pub(crate) fn pext64(value: u64, mut mask: u64) -> u64 {
    let mut gathered = 0;
    let mut bit = 1;
    while mask != 0 {
        if value & mask & mask.wrapping_neg() != 0 {
            gathered |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    gathered
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard192, Bitboard256};

    /// The helpers answer alike on every width.
    fn helpers<B: LookupBits>() {
        let set = B::from_index(0) | B::from_index(9) | B::from_index(63);
        assert_eq!(set.count(), 3);
        assert!(set.has_index(9) && !set.has_index(8) && !set.has_index(B::BITS as usize));
        assert!(set.indices().eq([0, 9, 63]));
        assert_eq!(set.lowest_index(), Some(0));
        let mut rest = set;
        assert_eq!(rest.pop_lowest_index(), Some(0));
        assert_eq!(rest.pop_lowest_index(), Some(9));
        assert_eq!(rest.pop_lowest_index(), Some(63));
        assert_eq!(rest.pop_lowest_index(), None);
        assert!(rest.is_empty() && !set.is_empty());
        assert_eq!(B::from_index(1) << 8, B::from_index(9));
        assert_eq!(set >> 9, B::from_index(0) | B::from_index(54));
        assert_eq!(!B::EMPTY & set, set);
        assert_eq!(set ^ B::from_index(9), B::from_index(0) | B::from_index(63));
        let (nine, sixty) = (B::from_index(9), B::from_index(60));
        let zero_to_nine = (nine | sixty).up_to_lowest();
        assert!(
            zero_to_nine.count() == 10
                && zero_to_nine.has_index(0)
                && zero_to_nine.has_index(9)
                && !zero_to_nine.has_index(10)
        );
        assert_eq!(B::EMPTY.up_to_lowest(), !B::EMPTY);
        assert_eq!((nine | B::from_index(3)).down_to_highest(), !(zero_to_nine ^ nine), "squares 9 up");
        assert_eq!(B::EMPTY.down_to_highest(), !B::EMPTY);
        assert_eq!(B::from_index(0).down_to_highest(), !B::EMPTY);
        let top = B::from_index(B::BITS as usize - 1);
        assert_eq!((top | nine).down_to_highest(), top);
        assert_eq!(top.up_to_lowest(), !B::EMPTY);
        let places = [0, 9, 63].map(|index| set.place_of(index));
        assert_eq!(places, [Some(0), Some(1), Some(2)]);
        assert_eq!((set.place_of(8), (top | nine).place_of(B::BITS as usize - 1)), (None, Some(1)));
    }

    /// `down_to_highest` against its definition: every square from the highest of the set up.
    fn down_to_highest_as_defined<B: LookupBits>(random_words: &mut impl FnMut() -> u64) {
        let defined = |set: B| match set.indices().last() {
            Some(highest) => (highest..B::BITS as usize).fold(B::EMPTY, |s, i| s | B::from_index(i)),
            None => !B::EMPTY,
        };
        let bits = B::BITS as usize;
        let check = |set: B| assert_eq!(set.down_to_highest(), defined(set));
        check(B::EMPTY);
        (0..bits).for_each(|i| check(B::from_index(i)));
        // Sparse sets over every word, and pairs of squares anywhere.
        for _ in 0..2000 {
            let (a, b, c) = (random_words(), random_words(), random_words());
            let sparse = (0..bits).filter(|&i| (a & b & c) >> (i % 64) & 1 == 1 && i % 3 == (a % 3) as usize);
            check(sparse.fold(B::EMPTY, |s, i| s | B::from_index(i)));
            check(B::from_index((a % bits as u64) as usize) | B::from_index((b % bits as u64) as usize));
        }
    }

    #[test]
    fn down_to_highest_cuts_below_the_highest_square_on_every_width() {
        let mut random = crate::test_rng::xorshift(0x1234_5678_9abc_def1);
        down_to_highest_as_defined::<u64>(&mut random);
        down_to_highest_as_defined::<u128>(&mut random);
        down_to_highest_as_defined::<Bitboard192>(&mut random);
        down_to_highest_as_defined::<Bitboard256>(&mut random);
    }

    /// Popping the lowest square again and again yields every square of the set, lowest first,
    /// on sets in the low word, the high words and across them.
    fn pops_in_order<B: BitboardExt>(random_words: &mut impl FnMut() -> u64) {
        extern crate std;
        let bits = B::BITS as usize;
        for _ in 0..500 {
            // About one square in eight, and the last square of the board.
            let words: std::vec::Vec<u64> =
                (0..bits / 64).map(|_| random_words() & random_words() & random_words()).collect();
            let expected: std::vec::Vec<usize> =
                (0..bits).filter(|&i| words[i / 64] >> (i % 64) & 1 == 1 || i == bits - 1).collect();
            let mut set = expected.iter().fold(B::EMPTY, |s, &i| s | B::from_index(i));
            let mut popped = std::vec::Vec::new();
            while let Some(i) = set.pop_lowest_index() {
                popped.push(i);
            }
            assert_eq!(popped, expected);
            assert_eq!(set, B::EMPTY);
        }
    }

    #[test]
    fn popping_yields_every_square_lowest_first_on_every_width() {
        let mut random = crate::test_rng::xorshift(0x0bad_5eed_2026_1204);
        pops_in_order::<u64>(&mut random);
        pops_in_order::<u128>(&mut random);
        pops_in_order::<Bitboard192>(&mut random);
        pops_in_order::<Bitboard256>(&mut random);
    }

    #[test]
    fn helpers_on_every_width() {
        helpers::<u64>();
        helpers::<u128>();
        helpers::<Bitboard192>();
        helpers::<Bitboard256>();
    }

    #[test]
    fn a_diagram_has_rank_1_at_the_bottom() {
        extern crate std;
        let set = 1u64 | 1 << 5;
        assert_eq!(std::format!("{}", Diagram::new(set, 3, 2)), ". . x\nx . .\n");
        let wide = Bitboard256::from_index(255);
        assert!(std::format!("{}", Diagram::new(wide, 16, 16)).starts_with(". . . . . . . . . . . . . . . x\n"));
        let twelve = Bitboard192::from_index(143) | Bitboard192::from_index(0);
        let drawn = std::format!("{}", Diagram::new(twelve, 12, 12));
        assert!(drawn.starts_with(". . . . . . . . . . . x\n") && drawn.ends_with("\nx . . . . . . . . . . .\n"));
    }
}
