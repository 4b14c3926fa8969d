//! [`Bitboard256`]: the bitboard of boards of 129 to 256 squares (12x12, 14x14, 16x16).

use core::cmp::Ordering;
use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::bitboard::{pext64, split32_fold, BitboardExt};

/// A set of up to 256 squares: four 64-bit words, square `s` at bit `s % 64` of word `s / 64`
/// (word 0 holds squares 0-63). It behaves as a 256-bit unsigned integer: the bit operators,
/// shifts by a square count, ordering, and [`BitboardExt`]'s square helpers.
///
/// Generated modules write its values as `Bitboard256([w0, w1, w2, w3])`, word 0 first.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard256(pub [u64; 4]);

impl Bitboard256 {
    /// No squares.
    pub const EMPTY: Self = Bitboard256([0; 4]);
    /// Every square.
    pub const ALL: Self = Bitboard256([u64::MAX; 4]);

    /// The set of these four words, word 0 (squares 0-63) first.
    pub const fn new(words: [u64; 4]) -> Self {
        Bitboard256(words)
    }

    /// The squares below `squares` (a board's squares when `squares` is its size); every square
    /// from 256 on.
    pub const fn below(squares: usize) -> Self {
        let mut words = [0; 4];
        let mut w = 0;
        while w < 4 {
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
        Bitboard256(words)
    }

    /// The low 128 squares as a `u128`.
    pub const fn low_u128(self) -> u128 {
        (self.0[1] as u128) << 64 | self.0[0] as u128
    }

    /// The set of a `u128`'s squares (squares 128 to 255 empty).
    pub const fn from_u128(set: u128) -> Self {
        Bitboard256([set as u64, (set >> 64) as u64, 0, 0])
    }

    /// How many squares the set holds (as on the integer types).
    pub const fn count_ones(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones() + self.0[3].count_ones()
    }

    /// The lowest square, or 256 for the empty set (as on the integer types).
    pub const fn trailing_zeros(self) -> u32 {
        let mut w = 0;
        while w < 4 {
            if self.0[w] != 0 {
                return w as u32 * 64 + self.0[w].trailing_zeros();
            }
            w += 1;
        }
        256
    }

    /// The highest square's distance from the top, or 256 for the empty set (as on the integer
    /// types).
    pub const fn leading_zeros(self) -> u32 {
        let mut w = 4;
        while w > 0 {
            w -= 1;
            if self.0[w] != 0 {
                return (3 - w as u32) * 64 + self.0[w].leading_zeros();
            }
        }
        256
    }

    /// `self - other` modulo 2^256, as a number: with `& mask` it steps through a mask's
    /// subsets (the carry-rippler trick).
    pub const fn wrapping_sub(self, other: Self) -> Self {
        let mut out = [0; 4];
        let mut borrow = false;
        let mut w = 0;
        while w < 4 {
            let (d, b1) = self.0[w].overflowing_sub(other.0[w]);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            out[w] = d;
            borrow = b1 || b2;
            w += 1;
        }
        Bitboard256(out)
    }
}

impl From<u128> for Bitboard256 {
    fn from(set: u128) -> Self {
        Bitboard256::from_u128(set)
    }
}

impl From<u64> for Bitboard256 {
    fn from(set: u64) -> Self {
        Bitboard256([set, 0, 0, 0])
    }
}

/// As numbers: the highest word decides first.
impl Ord for Bitboard256 {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Bitboard256 {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// As a hexadecimal number, without leading zeros (`{:#x}` adds `0x`).
impl fmt::LowerHex for Bitboard256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 64 digits at most, written into a fixed buffer: no allocation in `no_std`.
        let mut digits = [b'0'; 64];
        for (w, word) in self.0.iter().enumerate() {
            for d in 0..16 {
                let nibble = (word >> (4 * d) & 0xf) as usize;
                digits[63 - (w * 16 + d)] = b"0123456789abcdef"[nibble];
            }
        }
        let first = digits.iter().position(|&d| d != b'0').unwrap_or(63);
        let text = core::str::from_utf8(&digits[first..]).map_err(|_| fmt::Error)?;
        f.pad_integral(true, "0x", text)
    }
}

impl fmt::Debug for Bitboard256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard256({self:#x})")
    }
}

macro_rules! wordwise {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $sym:tt) => {
        impl $op for Bitboard256 {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                let [a, b] = [self.0, other.0];
                Bitboard256([a[0] $sym b[0], a[1] $sym b[1], a[2] $sym b[2], a[3] $sym b[3]])
            }
        }
        impl $assign for Bitboard256 {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                *self = *self $sym other;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard256 {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard256(self.0.map(|w| !w))
    }
}

/// Towards higher squares; shifting by 256 or more leaves the empty set.
impl Shl<u32> for Bitboard256 {
    type Output = Self;
    #[inline]
    fn shl(self, by: u32) -> Self {
        let (words, bits) = ((by / 64) as usize, by % 64);
        let mut out = [0; 4];
        for (w, slot) in out.iter_mut().enumerate().skip(words.min(4)) {
            let from = w - words;
            *slot = self.0[from] << bits;
            if bits > 0 && from > 0 {
                *slot |= self.0[from - 1] >> (64 - bits);
            }
        }
        Bitboard256(out)
    }
}

/// Towards lower squares; shifting by 256 or more leaves the empty set.
impl Shr<u32> for Bitboard256 {
    type Output = Self;
    #[inline]
    fn shr(self, by: u32) -> Self {
        let (words, bits) = ((by / 64) as usize, by % 64);
        let mut out = [0; 4];
        for (w, slot) in out.iter_mut().enumerate().take(4usize.saturating_sub(words)) {
            let from = w + words;
            *slot = self.0[from] >> bits;
            if bits > 0 && from + 1 < 4 {
                *slot |= self.0[from + 1] << (64 - bits);
            }
        }
        Bitboard256(out)
    }
}

/// The magic hash multiplies each 64-bit word by its own word of the magic and mixes the four
/// products: four independent multiplies, so a lookup waits for one multiply as on `u128`. The
/// compiler leaves a magic's words at 0 where the mask has no square, so that they read as
/// what they are.
impl BitboardExt for Bitboard256 {
    const EMPTY: Self = Bitboard256::EMPTY;
    const BITS: u32 = 256;

    #[inline(always)]
    fn from_index(index: usize) -> Self {
        debug_assert!(index < 256, "square {index} is off a 256-square bitboard");
        let mut words = [0; 4];
        words[index / 64 % 4] = 1 << (index % 64);
        Bitboard256(words)
    }
    #[inline(always)]
    fn has_index(self, index: usize) -> bool {
        index < 256 && self.0[index / 64] >> (index % 64) & 1 == 1
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
        for w in 0..4 {
            let word = self.0[w];
            if word != 0 {
                self.0[w] = word & (word - 1);
                return Some(w * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }
    #[inline(always)]
    fn up_to_lowest(self) -> Self {
        self ^ self.wrapping_sub(Bitboard256([1, 0, 0, 0]))
    }
    #[inline(always)]
    fn down_to_highest(self) -> Self {
        Bitboard256(crate::bitboard::words_down_to_highest(self.0))
    }

    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        let [w0, w1, w2, w3] = self.0;
        let [m0, m1, m2, m3] = magic.0;
        // The top bit of each word reaches only the top bit of its own product, so with the
        // words multiplied as they are the four top squares (p4, p8, p12, p16 on 16x16) would
        // all land on one index bit and no magic could separate a mask holding two of them.
        // Words 1-3 are first folded onto themselves 19, 23 and 29 bits lower (invertible:
        // nothing is lost), so their top bits also reach further down, each to a different
        // depth. The distances are primes above 17: a file or diagonal repeats every 8 to 17
        // squares, and a fold by a multiple of its period (16 on 16x16, as first tried) maps
        // the line onto itself and leaves the top bit as dead as before
        // (`compiler/tests/dead_bits.rs`).
        let mixed = w0.wrapping_mul(m0)
            ^ (w1 ^ w1 >> 19).wrapping_mul(m1)
            ^ (w2 ^ w2 >> 23).wrapping_mul(m2)
            ^ (w3 ^ w3 >> 29).wrapping_mul(m3);
        (mixed >> (shift - 192)) as usize
    }

    /// Eight 32-bit parts, as on `u128` with four: each folded onto itself, and the eight
    /// products mixed.
    #[inline(always)]
    fn split32_hash(self, magic: Self, shift: u8) -> usize {
        let part = |b: Self, i: usize| (b.0[i / 2] >> (32 * (i % 2))) as u32;
        let times = |i: usize| split32_fold(i, part(self, i)).wrapping_mul(part(magic, i));
        ((0..8).fold(0, |mixed, i| mixed ^ times(i)) >> shift) as usize
    }

    #[inline(always)]
    fn pext(self, mask: Self) -> usize {
        // Each word's bits gathered, then placed after the lower words' (an index has at most
        // about 20 bits, so every shift stays below 64).
        let mut gathered = 0;
        let mut at = 0;
        for w in 0..4 {
            gathered |= pext64(self.0[w], mask.0[w]) << at;
            at += mask.0[w].count_ones();
        }
        gathered as usize
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
}
