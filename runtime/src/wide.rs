//! The bitboards of boards of over 128 squares, as 64-bit words: [`Bitboard192`] (three words,
//! up to 192 squares: 12x12, 13x13) and [`Bitboard256`] (four, up to 256: 14x14, 16x16). One
//! macro writes both, so that the two cannot drift apart: they differ only in their number of
//! words, and [`Bitboard192`]'s hashes are [`Bitboard256`]'s with a fourth word that is empty.

use core::cmp::Ordering;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::bitboard::{pext64, split32_fold, BitboardExt, LookupBits};

/// How far [`LookupBits::magic_hash`] folds words 1 to 3 onto themselves (word 0 is not
/// folded). The top bit of each word reaches only the top bit of its own product, so with the
/// words multiplied as they are the four top squares (p4, p8, p12, p16 on 16x16) would all land
/// on one index bit and no magic could separate a mask holding two of them. Folded onto itself
/// (invertibly: nothing is lost), a word's top bit also reaches further down, each word's to a
/// different depth. The distances are primes above 17: a file or diagonal repeats every 8 to 17
/// squares, and a fold by a multiple of its period (16 on 16x16, as first tried) maps the line
/// onto itself and leaves the top bit as dead as before (`compiler/tests/dead_bits.rs`). A
/// narrower bitboard takes the first of them, so that its hash is the wider one's with the
/// missing words empty.
const WORD_FOLDS: [u32; 3] = [19, 23, 29];

/// A bitboard of `$words` 64-bit words, square `s` at bit `s % 64` of word `s / 64`, with the
/// integer-like API (operators, shifts, ordering, `count_ones`...) and [`BitboardExt`].
macro_rules! wide_bitboard {
    ($(#[$doc:meta])* $name:ident, $words:literal, $bits:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub [u64; $words]);

        impl $name {
            /// No squares.
            pub const EMPTY: Self = $name([0; $words]);
            /// Every square.
            pub const ALL: Self = $name([u64::MAX; $words]);

            /// The set of these words, word 0 (squares 0-63) first.
            pub const fn new(words: [u64; $words]) -> Self {
                $name(words)
            }

            #[doc = concat!(
                "The squares below `squares` (a board's squares when `squares` is its size); every square\n",
                "from ", $bits, " on."
            )]
            pub const fn below(squares: usize) -> Self {
                let mut words = [0; $words];
                let mut w = 0;
                while w < $words {
                    let start = w * 64;
                    words[w] = if squares >= start + 64 {
                        u64::MAX
                    } else if squares > start {
                        (1 << (squares - start)) - 1
                    } else {
                        0
                    };
                    w += 1;
                }
                $name(words)
            }

            /// The low 128 squares as a `u128`.
            pub const fn low_u128(self) -> u128 {
                (self.0[1] as u128) << 64 | self.0[0] as u128
            }

            /// The set of a `u128`'s squares (the squares from 128 on empty).
            pub const fn from_u128(set: u128) -> Self {
                let mut words = [0; $words];
                words[0] = set as u64;
                words[1] = (set >> 64) as u64;
                $name(words)
            }

            /// How many squares the set holds (as on the integer types).
            pub const fn count_ones(self) -> u32 {
                let mut count = 0;
                let mut w = 0;
                while w < $words {
                    count += self.0[w].count_ones();
                    w += 1;
                }
                count
            }

            #[doc = concat!("The lowest square, or ", $bits, " for the empty set (as on the integer types).")]
            pub const fn trailing_zeros(self) -> u32 {
                let mut w = 0;
                while w < $words {
                    if self.0[w] != 0 {
                        return w as u32 * 64 + self.0[w].trailing_zeros();
                    }
                    w += 1;
                }
                $bits
            }

            #[doc = concat!(
                "The highest square's distance from the top, or ", $bits, " for the empty set (as on the\n",
                "integer types)."
            )]
            pub const fn leading_zeros(self) -> u32 {
                let mut w = $words;
                while w > 0 {
                    w -= 1;
                    if self.0[w] != 0 {
                        return ($words - 1 - w as u32) * 64 + self.0[w].leading_zeros();
                    }
                }
                $bits
            }

            #[doc = concat!(
                "`self - other` modulo 2^", $bits, ", as a number: with `& mask` it steps through a mask's\n",
                "subsets (the carry-rippler trick)."
            )]
            pub const fn wrapping_sub(self, other: Self) -> Self {
                let mut out = [0; $words];
                let mut borrow = false;
                let mut w = 0;
                while w < $words {
                    let (d, b1) = self.0[w].overflowing_sub(other.0[w]);
                    let (d, b2) = d.overflowing_sub(borrow as u64);
                    out[w] = d;
                    borrow = b1 || b2;
                    w += 1;
                }
                $name(out)
            }
        }

        impl From<u128> for $name {
            fn from(set: u128) -> Self {
                $name::from_u128(set)
            }
        }

        impl From<u64> for $name {
            fn from(set: u64) -> Self {
                let mut words = [0; $words];
                words[0] = set;
                $name(words)
            }
        }

        /// As numbers: the highest word decides first.
        impl Ord for $name {
            fn cmp(&self, other: &Self) -> Ordering {
                self.0.iter().rev().cmp(other.0.iter().rev())
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        /// As a hexadecimal number, without leading zeros (`{:#x}` adds `0x`).
        impl fmt::LowerHex for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // 16 digits a word, written into a fixed buffer: no allocation in `no_std`.
                const DIGITS: usize = 16 * $words;
                let mut digits = [b'0'; DIGITS];
                for (w, word) in self.0.iter().enumerate() {
                    for d in 0..16 {
                        let nibble = (word >> (4 * d) & 0xf) as usize;
                        digits[DIGITS - 1 - (w * 16 + d)] = b"0123456789abcdef"[nibble];
                    }
                }
                let first = digits.iter().position(|&d| d != b'0').unwrap_or(DIGITS - 1);
                let text = core::str::from_utf8(&digits[first..]).map_err(|_| fmt::Error)?;
                f.pad_integral(true, "0x", text)
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({:#x})"), self)
            }
        }

        wordwise!($name, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        wordwise!($name, BitOr, bitor, BitOrAssign, bitor_assign, |);
        wordwise!($name, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl Not for $name {
            type Output = Self;
            #[inline(always)]
            fn not(self) -> Self {
                $name(self.0.map(|w| !w))
            }
        }

        #[doc = concat!("Towards higher squares; shifting by ", $bits, " or more leaves the empty set.")]
        impl Shl<u32> for $name {
            type Output = Self;
            #[inline]
            fn shl(self, by: u32) -> Self {
                let (words, bits) = ((by / 64) as usize, by % 64);
                let mut out = [0; $words];
                for (w, slot) in out.iter_mut().enumerate().skip(words.min($words)) {
                    let from = w - words;
                    *slot = self.0[from] << bits;
                    if bits > 0 && from > 0 {
                        *slot |= self.0[from - 1] >> (64 - bits);
                    }
                }
                $name(out)
            }
        }

        #[doc = concat!("Towards lower squares; shifting by ", $bits, " or more leaves the empty set.")]
        impl Shr<u32> for $name {
            type Output = Self;
            #[inline]
            fn shr(self, by: u32) -> Self {
                let (words, bits) = ((by / 64) as usize, by % 64);
                let mut out = [0; $words];
                for (w, slot) in out.iter_mut().enumerate().take(($words as usize).saturating_sub(words)) {
                    let from = w + words;
                    *slot = self.0[from] >> bits;
                    if bits > 0 && from + 1 < $words {
                        *slot |= self.0[from + 1] << (64 - bits);
                    }
                }
                $name(out)
            }
        }

        impl BitboardExt for $name {
            const EMPTY: Self = $name::EMPTY;
            const BITS: u32 = $bits;

            #[inline(always)]
            fn from_index(index: usize) -> Self {
                debug_assert!(index < $bits, concat!("square {} is off a ", $bits, "-square bitboard"), index);
                let mut words = [0; $words];
                // An index off the board (a bug the debug build catches) lands in the top word
                // rather than out of the array: a compare, not the `% 3` a modulo costs on 192.
                words[(index / 64).min($words - 1)] = 1 << (index % 64);
                $name(words)
            }
            #[inline(always)]
            fn below(index: usize) -> Self {
                $name::below(index)
            }
            #[inline(always)]
            fn has_index(self, index: usize) -> bool {
                index < $bits && self.0[index / 64] >> (index % 64) & 1 == 1
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest_index(self) -> Option<usize> {
                (self != Self::EMPTY).then(|| self.trailing_zeros() as usize)
            }
            #[inline(always)]
            fn pop_lowest_index(&mut self) -> Option<usize> {
                for w in 0..$words {
                    let word = self.0[w];
                    if word != 0 {
                        self.0[w] = word & (word - 1);
                        return Some(w * 64 + word.trailing_zeros() as usize);
                    }
                }
                None
            }
        }

        /// The magic hash multiplies each 64-bit word by its own word of the magic and mixes the
        /// products: independent multiplies, so a lookup waits for one multiply as on `u128`. The
        /// compiler leaves a magic's words at 0 where the mask has no square, so that they read as
        /// what they are.
        impl LookupBits for $name {
            #[inline(always)]
            fn low_word(self) -> u64 {
                self.0[0]
            }
            #[inline(always)]
            fn from_low_word(word: u64) -> Self {
                let mut words = [0; $words];
                words[0] = word;
                $name(words)
            }
            #[inline(always)]
            fn up_to_lowest(self) -> Self {
                self ^ self.wrapping_sub(Self::from(1u64))
            }
            #[inline(always)]
            fn down_to_highest(self) -> Self {
                $name(crate::bitboard::words_down_to_highest(self.0))
            }

            #[inline(always)]
            fn magic_hash(self, magic: Self, shift: u8) -> usize {
                // Words 1 on folded first, so that their top bits are not dead: see `WORD_FOLDS`.
                let mut mixed = self.0[0].wrapping_mul(magic.0[0]);
                for w in 1..$words {
                    let word = self.0[w];
                    mixed ^= (word ^ word >> WORD_FOLDS[w - 1]).wrapping_mul(magic.0[w]);
                }
                (mixed >> (u32::from(shift) - (Self::BITS - 64))) as usize
            }

            /// Its 32-bit parts, two a word, as on `u128` with four: each folded onto itself, and
            /// the products mixed.
            #[inline(always)]
            fn split32_hash(self, magic: Self, shift: u8) -> usize {
                let part = |b: Self, i: usize| (b.0[i / 2] >> (32 * (i % 2))) as u32;
                let times = |i: usize| split32_fold(i, part(self, i)).wrapping_mul(part(magic, i));
                ((0..2 * $words).fold(0, |mixed, i| mixed ^ times(i)) >> shift) as usize
            }

            #[inline(always)]
            fn pext(self, mask: Self) -> usize {
                // Each word's bits gathered, then placed after the lower words' (an index has at
                // most about 20 bits, so every shift stays below 64).
                let mut gathered = 0;
                let mut at = 0;
                for w in 0..$words {
                    gathered |= pext64(self.0[w], mask.0[w]) << at;
                    at += mask.0[w].count_ones();
                }
                gathered as usize
            }

            #[inline(always)]
            fn place_of(self, index: usize) -> Option<u32> {
                self.has_index(index).then(|| (self & $name::below(index)).count_ones())
            }
        }
    };
}

/// One bitwise operator and its assigning form, word by word.
macro_rules! wordwise {
    ($name:ident, $op:ident, $method:ident, $assign:ident, $assign_method:ident, $sym:tt) => {
        impl $op for $name {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                $name(core::array::from_fn(|w| self.0[w] $sym other.0[w]))
            }
        }
        impl $assign for $name {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                *self = *self $sym other;
            }
        }
    };
}

wide_bitboard!(
    /// A set of up to 192 squares: three 64-bit words, square `s` at bit `s % 64` of word `s / 64`
    /// (word 0 holds squares 0-63). It behaves as a 192-bit unsigned integer: the bit operators,
    /// shifts by a square count, ordering, and [`BitboardExt`]'s square helpers.
    ///
    /// The bitboard of boards of 129 to 192 squares (12x12, 13x13), whose lines and tables would
    /// otherwise carry a fourth word that is always empty. Its hashes are [`Bitboard256`]'s with
    /// that word empty ([`LookupBits::magic_hash`]'s `shift` 64 smaller, as it counts from
    /// [`BitboardExt::BITS`]), so that a magic found for either serves the other.
    ///
    /// Generated modules write its values as `Bitboard192([w0, w1, w2])`, word 0 first.
    Bitboard192,
    3,
    192
);

wide_bitboard!(
    /// A set of up to 256 squares: four 64-bit words, square `s` at bit `s % 64` of word `s / 64`
    /// (word 0 holds squares 0-63). It behaves as a 256-bit unsigned integer: the bit operators,
    /// shifts by a square count, ordering, and [`BitboardExt`]'s square helpers.
    ///
    /// The bitboard of boards of 193 to 256 squares (14x14, 16x16).
    ///
    /// Generated modules write its values as `Bitboard256([w0, w1, w2, w3])`, word 0 first.
    Bitboard256,
    4,
    256
);

/// The same squares on the wider board type: the fourth word empty.
impl From<Bitboard192> for Bitboard256 {
    #[inline(always)]
    fn from(set: Bitboard192) -> Self {
        let [w0, w1, w2] = set.0;
        Bitboard256([w0, w1, w2, 0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    /// The same set as a pair of `u128` halves, for checking against the integer operators.
    fn halves(b: Bitboard256) -> (u128, u128) {
        ((b >> 128).low_u128(), b.low_u128())
    }

    #[test]
    fn operators_agree_with_two_u128_halves() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..2_000 {
            let (a, b) = (Bitboard256([next(), next(), next(), next()]), Bitboard256([next(), next(), next(), next()]));
            let ((ah, al), (bh, bl)) = (halves(a), halves(b));
            assert_eq!(halves(a & b), (ah & bh, al & bl));
            assert_eq!(halves(a | b), (ah | bh, al | bl));
            assert_eq!(halves(a ^ b), (ah ^ bh, al ^ bl));
            assert_eq!(halves(!a), (!ah, !al));
            assert_eq!(a.count_ones(), ah.count_ones() + al.count_ones());
            assert_eq!(a.cmp(&b), (ah, al).cmp(&(bh, bl)));
            let (low, borrow) = al.overflowing_sub(bl);
            assert_eq!(halves(a.wrapping_sub(b)), (ah.wrapping_sub(bh).wrapping_sub(borrow as u128), low));
            let by = (next() % 300) as u32;
            let shifted_left = match by {
                0 => (ah, al),
                1..128 => (ah << by | al >> (128 - by), al << by),
                128..256 => (al << (by - 128), 0),
                _ => (0, 0),
            };
            assert_eq!(halves(a << by), shifted_left, "a << {by}");
            let shifted_right = match by {
                0 => (ah, al),
                1..128 => (ah >> by, al >> by | ah << (128 - by)),
                128..256 => (0, ah >> (by - 128)),
                _ => (0, 0),
            };
            assert_eq!(halves(a >> by), shifted_right, "a >> {by}");
        }
    }

    #[test]
    fn squares_in_and_out() {
        for square in [0, 1, 63, 64, 127, 128, 200, 255] {
            let one = Bitboard256::from_index(square);
            assert_eq!(one.count(), 1);
            assert!(one.has_index(square) && !one.has_index(square ^ 1) && !one.has_index(256));
            assert_eq!(one.lowest_index(), Some(square));
            assert_eq!(one.trailing_zeros() as usize, square);
            assert_eq!(Bitboard256::from_index(0) << square as u32, one);
        }
        let set = Bitboard256::from_index(3) | Bitboard256::from_index(130) | Bitboard256::from_index(255);
        assert!(set.indices().eq([3, 130, 255]));
        assert_eq!(set.indices().len(), 3);
        let mut popped = set;
        assert_eq!(popped.pop_lowest_index(), Some(3));
        assert_eq!(popped, Bitboard256::from_index(130) | Bitboard256::from_index(255));
        assert_eq!(Bitboard256::EMPTY.lowest_index(), None);
        assert_eq!(Bitboard256::EMPTY.trailing_zeros(), 256);
        assert_eq!(Bitboard256::below(144).count(), 144);
        assert_eq!(Bitboard256::below(256), Bitboard256::ALL);
        assert_eq!(Bitboard256::below(64), Bitboard256([u64::MAX, 0, 0, 0]));
        assert_eq!(Bitboard256::from(5u128 << 100).low_u128(), 5 << 100);
    }

    #[test]
    fn hex_is_the_number() {
        extern crate std;
        use std::format;
        assert_eq!(format!("{:#x}", Bitboard256::EMPTY), "0x0");
        assert_eq!(
            format!("{:x}", Bitboard256::from_index(200) | Bitboard256::from_index(4)),
            format!("{:x}{:032x}", 1u128 << 72, 1u128 << 4)
        );
        assert_eq!(format!("{:#x}", Bitboard256::from_u128(0x1c)), "0x1c");
        assert_eq!(format!("{:?}", Bitboard256::from_u128(0xff)), "Bitboard256(0xff)");
    }

    /// The four top squares (p4, p8, p12, p16 on 16x16): some magic gives each of their 16
    /// occupancies its own 4-bit index, which no magic could with the words multiplied unfolded.
    #[test]
    fn the_top_square_of_each_word_is_not_dead() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let tops = [63, 127, 191, 255].map(Bitboard256::from_index);
        let mask = tops.iter().fold(Bitboard256::EMPTY, |m, &t| m | t);
        let separates = |magic: Bitboard256| {
            let mut seen = [false; 16];
            (0..16u32).all(|subset| {
                let occupied = (0..4).filter(|i| subset >> i & 1 == 1).fold(Bitboard256::EMPTY, |o, i| o | tops[i]);
                let index = (occupied & mask).magic_hash(magic, 252);
                !core::mem::replace(&mut seen[index], true)
            })
        };
        let found = (0..10_000)
            .any(|_| separates(Bitboard256([next() & next(), next() & next(), next() & next(), next() & next()])));
        assert!(found, "no magic separates the four top squares");
    }

    #[test]
    fn pext_places_each_word_after_the_lower_ones() {
        let mask = Bitboard256([0b110, 0, 1 << 5, 1 << 63]);
        assert_eq!(Bitboard256([0b100, 0, 0, 0]).pext(mask), 0b10);
        assert_eq!(Bitboard256([0, 0, 1 << 5, 0]).pext(mask), 0b100);
        assert_eq!(Bitboard256([0, 0, 0, 1 << 63]).pext(mask), 0b1000);
        assert_eq!(Bitboard256::ALL.pext(mask), 0b1111);
    }

    #[test]
    fn split32_reads_all_eight_parts() {
        // Bit 0 of each part is moved to the top of its product by a magic of 1 << 31.
        let magic = Bitboard256([1 << 63 | 1 << 31; 4]);
        for part in 0..8 {
            let one = Bitboard256::from_index(32 * part);
            assert_eq!(one.split32_hash(magic, 31), 1, "part {part}");
        }
        assert_eq!((Bitboard256::from_index(0) | Bitboard256::from_index(224)).split32_hash(magic, 31), 0);
    }

    /// A 192-square set as the 256-square set of the same words, word 3 empty.
    fn widened(b: Bitboard192) -> Bitboard256 {
        let [w0, w1, w2] = b.0;
        Bitboard256([w0, w1, w2, 0])
    }

    /// The low three words of a 256-square set: what a 192-square one keeps of it.
    fn narrowed(b: Bitboard256) -> Bitboard192 {
        let [w0, w1, w2, _] = b.0;
        Bitboard192([w0, w1, w2])
    }

    /// Bitboard192 is Bitboard256 cut to three words: every operator and helper answers as the
    /// wider one does on the same words with word 3 empty.
    #[test]
    fn bitboard192_agrees_with_bitboard256_with_word_3_empty() {
        let mut next = xorshift(0x5eed_0192_d1ce_cafe);
        for round in 0..2_000 {
            // Dense words, and sparse ones so that whole words are often empty.
            let mut word = || if round % 2 == 0 { next() } else { next() & next() & next() & next() };
            let (a, b) = (Bitboard192([word(), word(), word()]), Bitboard192([word(), word(), word()]));
            let (wa, wb) = (widened(a), widened(b));
            assert_eq!(widened(a & b), wa & wb);
            assert_eq!(widened(a | b), wa | wb);
            assert_eq!(widened(a ^ b), wa ^ wb);
            assert_eq!(narrowed(!wa), !a);
            let mut assigned = a;
            assigned &= b;
            assigned |= Bitboard192::from_index(100);
            assigned ^= a;
            assert_eq!(widened(assigned), (wa & wb | Bitboard256::from_index(100)) ^ wa);
            assert_eq!(a.count_ones(), wa.count_ones());
            assert_eq!(a.trailing_zeros(), wa.trailing_zeros().min(192));
            assert_eq!(a.leading_zeros() + 64, wa.leading_zeros());
            assert_eq!(a.cmp(&b), wa.cmp(&wb));
            assert_eq!(a.low_u128(), wa.low_u128());
            assert_eq!(narrowed(wa.wrapping_sub(wb)), a.wrapping_sub(b));
            let by = (next() % 260) as u32;
            assert_eq!(narrowed(wa << by), a << by, "a << {by}");
            assert_eq!(widened(a >> by), wa >> by, "a >> {by}");
            assert_eq!(narrowed(wa.up_to_lowest()), a.up_to_lowest());
            assert_eq!(narrowed(wa.down_to_highest()), a.down_to_highest());
            // A lookup's mask: a few squares a word, so that the index fits a `usize`.
            let mask = Bitboard192([0; 3].map(|_| next() & next() & next() & next()));
            assert_eq!(a.pext(mask), wa.pext(widened(mask)));
            assert_eq!(a.lowest_index(), wa.lowest_index());
            let square = (next() % 192) as usize;
            assert_eq!(a.has_index(square), wa.has_index(square));
            assert_eq!(widened(Bitboard192::from_index(square)), Bitboard256::from_index(square));
            assert_eq!(widened(Bitboard192::below(square)), Bitboard256::below(square));
            let (mut popped, mut wide_popped) = (a, wa);
            assert_eq!(popped.pop_lowest_index(), wide_popped.pop_lowest_index());
            assert_eq!(widened(popped), wide_popped);
            let set = u128::from(next()) << 64 | u128::from(next());
            assert_eq!(widened(Bitboard192::from(set)), Bitboard256::from(set));
            assert_eq!(widened(Bitboard192::from(set as u64)), Bitboard256::from(set as u64));
        }
        assert_eq!(Bitboard192::below(192), Bitboard192::ALL);
        assert_eq!(Bitboard192::below(1000), Bitboard192::ALL);
        assert_eq!((Bitboard192::ALL << 192, Bitboard192::ALL >> 192), (Bitboard192::EMPTY, Bitboard192::EMPTY));
        assert_eq!(Bitboard192::new([1, 2, 3]), Bitboard192([1, 2, 3]));
        assert_eq!(Bitboard192::default(), Bitboard192::EMPTY);
    }

    /// The compiler finds a 192-square magic as a 256-square one: the same words and magic,
    /// word 3 empty and the shift 64 larger, give the same index; and split32 on the same shift.
    #[test]
    fn bitboard192_hashes_are_bitboard256_hashes_with_word_3_empty() {
        let mut next = xorshift(0x0192_0256_4a5b_6c7d);
        for round in 0..20_000 {
            let mut word = || if round % 2 == 0 { next() } else { next() & next() & next() };
            let (x, m) = (Bitboard192([word(), word(), word()]), Bitboard192([word(), word(), word()]));
            // Whatever the magic's word 3: the empty word 3 of the set meets it in no product.
            let wide_magic = Bitboard256([m.0[0], m.0[1], m.0[2], next()]);
            let shift = 128 + (next() % 64) as u8;
            assert_eq!(x.magic_hash(m, shift), widened(x).magic_hash(wide_magic, shift + 64), "{x:?} {m:?} {shift}");
            let shift = (next() % 32) as u8;
            assert_eq!(x.split32_hash(m, shift), widened(x).split32_hash(wide_magic, shift), "{x:?} {m:?} {shift}");
        }
    }

    #[test]
    fn bitboard192_squares_in_and_out() {
        for square in [0, 1, 63, 64, 127, 128, 143, 168, 191] {
            let one = Bitboard192::from_index(square);
            assert_eq!(one.count(), 1);
            assert!(one.has_index(square) && !one.has_index(square ^ 1) && !one.has_index(192));
            assert_eq!(one.lowest_index(), Some(square));
            assert_eq!(one.trailing_zeros() as usize, square);
            assert_eq!(one.leading_zeros() as usize, 191 - square);
            assert_eq!(Bitboard192::from_index(0) << square as u32, one);
            assert_eq!(one >> square as u32, Bitboard192::from_index(0));
        }
        let set = Bitboard192::from_index(3) | Bitboard192::from_index(130) | Bitboard192::from_index(191);
        assert!(set.indices().eq([3, 130, 191]));
        assert_eq!(set.indices().len(), 3);
        assert!(!set.has_index(255) && !set.has_index(usize::MAX));
        assert_eq!(Bitboard192::EMPTY.lowest_index(), None);
        assert_eq!(Bitboard192::EMPTY.trailing_zeros(), 192);
        assert_eq!(Bitboard192::EMPTY.leading_zeros(), 192);
        assert_eq!(Bitboard192::below(144).count(), 144);
        assert_eq!(Bitboard192::below(169).count(), 169);
        assert_eq!(Bitboard192::ALL.count(), 192);
        assert_eq!(Bitboard192::below(64), Bitboard192([u64::MAX, 0, 0]));
        assert_eq!(Bitboard192::from(5u128 << 100).low_u128(), 5 << 100);
        assert_eq!(Bitboard192::EMPTY.wrapping_sub(Bitboard192::from(1u64)), Bitboard192::ALL);
        assert_eq!(<Bitboard192 as BitboardExt>::BITS, 192);
    }

    #[test]
    fn bitboard192_hex_is_the_number() {
        extern crate std;
        use std::format;
        assert_eq!(format!("{:#x}", Bitboard192::EMPTY), "0x0");
        assert_eq!(
            format!("{:x}", Bitboard192::from_index(190) | Bitboard192::from_index(4)),
            format!("{:x}{:032x}", 1u128 << 62, 1u128 << 4)
        );
        assert_eq!(format!("{:x}", Bitboard192::ALL), "f".repeat(48));
        assert_eq!(format!("{:#x}", Bitboard192::from_u128(0x1c)), "0x1c");
        assert_eq!(format!("{:?}", Bitboard192::from_u128(0xff)), "Bitboard192(0xff)");
        assert_eq!(format!("{:>6x}", Bitboard192::from(0xabu64)), "    ab");
    }

    /// The top square of each word (63, 127, 191): as on 256 squares, some magic gives each of
    /// their 8 occupancies its own 3-bit index, which the folds make possible.
    #[test]
    fn bitboard192_top_square_of_each_word_is_not_dead() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let tops = [63, 127, 191].map(Bitboard192::from_index);
        let mask = tops.iter().fold(Bitboard192::EMPTY, |m, &t| m | t);
        let separates = |magic: Bitboard192| {
            let mut seen = [false; 8];
            (0..8u32).all(|subset| {
                let occupied = (0..3).filter(|i| subset >> i & 1 == 1).fold(Bitboard192::EMPTY, |o, i| o | tops[i]);
                let index = (occupied & mask).magic_hash(magic, 189);
                !core::mem::replace(&mut seen[index], true)
            })
        };
        let found = (0..10_000).any(|_| separates(Bitboard192([next() & next(), next() & next(), next() & next()])));
        assert!(found, "no magic separates the three top squares");
    }

    #[test]
    fn bitboard192_pext_places_each_word_after_the_lower_ones() {
        let mask = Bitboard192([0b110, 0, 1 << 5 | 1 << 63]);
        assert_eq!(Bitboard192([0b100, 0, 0]).pext(mask), 0b10);
        assert_eq!(Bitboard192([0, 0, 1 << 5]).pext(mask), 0b100);
        assert_eq!(Bitboard192([0, 0, 1 << 63]).pext(mask), 0b1000);
        assert_eq!(Bitboard192::ALL.pext(mask), 0b1111);
    }

    #[test]
    fn bitboard192_split32_reads_all_six_parts() {
        // Bit 0 of each part is moved to the top of its product by a magic of 1 << 31.
        let magic = Bitboard192([1 << 63 | 1 << 31; 3]);
        for part in 0..6 {
            let one = Bitboard192::from_index(32 * part);
            assert_eq!(one.split32_hash(magic, 31), 1, "part {part}");
        }
        assert_eq!((Bitboard192::from_index(0) | Bitboard192::from_index(160)).split32_hash(magic, 31), 0);
    }
}
