//! The runtime half of fairy-magic: the few types that generated move tables are read through.
//!
//! A generated module holds, for every (move kind, piece, colour), a block of one [`Slot`] per
//! square: the squares reached whatever the occupancy (`leaps`) plus `N` [`Magic`] probes into one
//! shared attack table, the same `N` for every square of the block so that the compiler unrolls
//! the probes and no count or pointer has to be read first. A probe is the classic
//! magic-bitboard index, `offset + ((occupied & mask) * magic >> shift)`, and the answer is the
//! union of what the probes find. The rare move whose path is longer than any table may index is
//! a plain [`Check`]. The compiler verifies every table through [`probe`] and [`check`], the
//! functions the generated code calls, so the code that builds the tables and the code that reads
//! them cannot disagree about an index.
//!
//! `#![no_std]`, no dependencies, and no `unsafe` but the one `PEXT` call that exists only in builds
//! for CPUs with BMI2: vendor this file as it is.
#![no_std]
#![warn(missing_docs)]
// One `unsafe` call exists, and only in builds for CPUs with BMI2: the PEXT instruction.
#![cfg_attr(not(all(target_arch = "x86_64", target_feature = "bmi2")), forbid(unsafe_code))]
#![cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), deny(unsafe_code))]

use core::ops::{BitAnd, BitOr, BitOrAssign};

/// A set of squares, one bit per square, square index = `rank * files + file`.
///
/// Implemented for `u64` (boards of up to 64 squares) and `u128` (up to 128 squares).
pub trait Bitboard: Copy + Eq + core::fmt::Debug + BitAnd<Output = Self> + BitOr<Output = Self> + BitOrAssign {
    /// No squares.
    const EMPTY: Self;
    /// The width of the integer: 64 or 128.
    const BITS: u32;
    /// The magic hash `(self * magic) >> shift` (wrapping multiply), as a table index.
    fn magic_hash(self, magic: Self, shift: u8) -> usize;
    /// The magic hash formed with 32-bit multiplies only: each 32-bit part of `self` times the
    /// same part of `magic`, the products mixed (xor) and shifted right by `shift`. Each part
    /// but the first also takes in the top half of the part below it: a part's top bit can only
    /// reach the top bit of its product, and without that a mask holding the top square of two
    /// parts (h4 and h8 on 8x8) could have no magic at all.
    fn split32_hash(self, magic: Self, shift: u8) -> usize;
    /// The bits of `self` under `mask`, gathered at the bottom (x86-64 BMI2 `PEXT`).
    fn pext(self, mask: Self) -> usize;
}

impl Bitboard for u64 {
    const EMPTY: Self = 0;
    const BITS: u32 = 64;
    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        (self.wrapping_mul(magic) >> shift) as usize
    }
    #[inline(always)]
    fn split32_hash(self, magic: Self, shift: u8) -> usize {
        let (low, high) = (self as u32, (self >> 32) as u32);
        let mixed = (low.wrapping_mul(magic as u32)) ^ (high ^ low >> 16).wrapping_mul((magic >> 32) as u32);
        (mixed >> shift) as usize
    }
    #[inline(always)]
    fn pext(self, mask: Self) -> usize {
        pext64(self, mask) as usize
    }
}

/// On 128 squares the hash multiplies each 64-bit half by its own half of the magic and mixes
/// the two products (the high half's bits first folded into their neighbours): two 64-bit
/// multiplies instead of a 128-bit one (three on x86-64), and a magic search as easy as on 64
/// squares. `shift` counts from 128, as for any `Bitboard`: the
/// index is the top `128 - shift` bits of the mixed 64-bit product.
impl Bitboard for u128 {
    const EMPTY: Self = 0;
    const BITS: u32 = 128;
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
        let part = |i: u32| (self >> (32 * i)) as u32;
        let times = |i: u32, p: u32| p.wrapping_mul((magic >> (32 * i)) as u32);
        let mixed = times(0, part(0))
            ^ times(1, part(1) ^ part(0) >> 16)
            ^ times(2, part(2) ^ part(1) >> 16)
            ^ times(3, part(3) ^ part(2) >> 16);
        (mixed >> shift) as usize
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
fn pext64(value: u64, mask: u64) -> u64 {
    // SAFETY: this is compiled only when BMI2 is enabled for the whole build (for instance
    // `-C target-feature=+bmi2`), and such a build already requires every CPU it runs on to
    // have the instruction.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

/// The same, a bit at a time, everywhere else: correct but slow, so the PEXT index is for
/// builds with BMI2.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
#[inline(always)]
fn pext64(value: u64, mut mask: u64) -> u64 {
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

/// How a probe turns the occupancy of its mask into a table index. It is chosen when the
/// tables are generated (the magics depend on it) and is the same for a whole module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Index {
    /// `(occupied & mask) * magic >> shift`, with 64-bit multiplies (on 128 squares, one for
    /// each half, mixed): the default.
    Magic,
    /// The same hash formed from 32-bit multiplies only, for processors without a fast 64-bit
    /// multiply (most microcontrollers); `shift` counts from 32.
    Split32,
    /// `pext(occupied, mask)`: no magic, and tables exactly as large as their masks allow. One
    /// instruction on x86-64 built with BMI2 (fast from Intel Haswell and AMD Zen 3 on);
    /// without BMI2 it is computed a bit at a time.
    Pext,
}

/// One magic probe: the squares it looks at (`mask`), the multiplier, and where its part of the
/// shared attack table starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic<B> {
    /// The squares whose occupancy this probe's answer depends on.
    pub mask: B,
    /// The multiplier of the hash (two 64-bit halves on 128 squares, two 32-bit parts under
    /// [`Index::Split32`]); unused by [`Index::Pext`].
    pub magic: B,
    /// How far the hash is shifted right: the width it is formed in (64 or 128 for
    /// [`Index::Magic`], 32 for [`Index::Split32`]) minus the index bits. Unused by
    /// [`Index::Pext`].
    pub shift: u8,
    /// Where this probe's entries start in the attack table.
    pub offset: u32,
}

impl<B: Bitboard> Magic<B> {
    /// Builds a probe; `const` so that generated tables are plain static data.
    pub const fn new(mask: B, magic: B, shift: u8, offset: u32) -> Self {
        Magic { mask, magic, shift, offset }
    }

    /// The attack-table index for this occupancy.
    #[inline(always)]
    pub fn index(&self, how: Index, occupied: B) -> usize {
        self.offset as usize
            + match how {
                Index::Magic => (occupied & self.mask).magic_hash(self.magic, self.shift),
                Index::Split32 => (occupied & self.mask).split32_hash(self.magic, self.shift),
                Index::Pext => occupied.pext(self.mask),
            }
    }
}

/// A move that no lookup answers because it looks at more squares than a table may index:
/// its destinations are reached when `occupied & path == required`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check<B> {
    /// The squares the move looks at on its way.
    pub path: B,
    /// Which of `path` must be occupied (hurdles); the rest of `path` must be empty.
    pub required: B,
    /// Where the move goes when the path is as required.
    pub dest: B,
}

impl<B: Bitboard> Check<B> {
    /// Builds a check; `const` so that generated tables are plain static data.
    pub const fn new(path: B, required: B, dest: B) -> Self {
        Check { path, required, dest }
    }
}

/// One (kind, piece, colour, square)'s answer: plain leaps plus `N` probes.
///
/// A square that needs fewer probes than its block's `N` is padded with probes whose mask is
/// empty and whose entry is empty: they add nothing and cost one load of a cached line.
///
/// Aligned to 16 bytes so that a rook's slot (two probes on 64 squares) is 64 bytes long and is
/// found with a shift rather than a multiply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(16))]
pub struct Slot<B, const N: usize> {
    /// Destinations that no occupancy can block (plain leaps).
    pub leaps: B,
    /// The lookups into the attack table, padded to `N` for every square of a block.
    pub probes: [Magic<B>; N],
}

impl<B: Bitboard, const N: usize> Slot<B, N> {
    /// Builds a slot; `const` so that generated tables are plain static data.
    pub const fn new(leaps: B, probes: [Magic<B>; N]) -> Self {
        Slot { leaps, probes }
    }

    /// The destinations for this occupancy: see [`probe`].
    #[inline(always)]
    pub fn lookup(&self, how: Index, table: &[B], occupied: B) -> B {
        probe(how, self.leaps, &self.probes, table, occupied)
    }
}

/// `leaps` plus what every probe finds in `table` for this occupancy.
///
/// The result says where the piece may go given what blocks it; the caller still masks it
/// with the empty squares (quiet moves) or the enemy pieces (captures).
#[inline(always)]
pub fn probe<B: Bitboard>(how: Index, leaps: B, probes: &[Magic<B>], table: &[B], occupied: B) -> B {
    let mut found = leaps;
    for p in probes {
        found |= table[p.index(how, occupied)];
    }
    found
}

/// The destinations of every check that passes: `occupied & path == required`.
#[inline(always)]
pub fn check<B: Bitboard>(checks: &[Check<B>], occupied: B) -> B {
    let mut found = B::EMPTY;
    for c in checks {
        if occupied & c.path == c.required {
            found |= c.dest;
        }
    }
    found
}

/// The side a piece belongs to. Moves are written for White; Black's are White's turned 180°.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side whose moves are written as given (forward is up the ranks).
    White = 0,
    /// The side whose moves are White's turned 180°.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_offset_plus_hash_of_masked_occupancy() {
        let m = Magic::new(0b1010u64, 1u64 << 62, 62, 100);
        // Only the masked bits matter: bit 0 is outside the mask.
        assert_eq!(m.index(Index::Magic, 0b0001), 100);
        assert_eq!(m.index(Index::Magic, 0b0010), 100 + ((0b0010u64 << 62) >> 62) as usize);
        assert_eq!(m.index(Index::Magic, u64::MAX), m.index(Index::Magic, 0b1010));
    }

    #[test]
    fn slot_unites_leaps_and_probes() {
        let table = [0b100u64, 0b1000];
        let slot = Slot::new(0b1u64, [Magic::new(0b10u64, 1 << 62, 63, 0)]);
        assert_eq!(slot.lookup(Index::Magic, &table, 0), 0b101);
        assert_eq!(slot.lookup(Index::Magic, &table, 0b10), 0b1001);
        // A padding probe (empty mask) always lands on its offset.
        let padded = Slot::new(0b1u64, [Magic::new(0b10u64, 1 << 62, 63, 0), Magic::new(0, 0, 63, 0)]);
        assert_eq!(padded.lookup(Index::Magic, &table, 0b10), 0b1101);
        assert_eq!(Slot::<u64, 0>::new(0b1, []).lookup(Index::Magic, &table, u64::MAX), 0b1);
    }

    #[test]
    fn checks_pass_on_exactly_what_they_require() {
        let checks = [Check::new(0b11_0000u64, 0b01_0000, 1 << 40), Check::new(0b1, 0, 1 << 41)];
        assert_eq!(check(&checks, 0), 1 << 41);
        assert_eq!(check(&checks, 0b01_0000), 1 << 40 | 1 << 41);
        assert_eq!(check(&checks, 0b11_0001), 0);
    }

    #[test]
    fn u128_hash_mixes_both_halves() {
        // Bit 0 of each half is moved to the top of its 64-bit product and the two are mixed.
        let m = Magic::new(u128::MAX, 1u128 << 127 | 1 << 63, 127, 0);
        assert_eq!(m.index(Index::Magic, 1), 1);
        assert_eq!(m.index(Index::Magic, 1 << 64), 1);
        assert_eq!(m.index(Index::Magic, 1 << 64 | 1), 0);
        assert_eq!(m.index(Index::Magic, 2), 0);
    }

    #[test]
    fn the_top_square_of_each_half_is_not_dead() {
        // Bit 127 folds into bit 126 of the high half as well, which a magic of 1 takes to bit
        // 62 of the mix; bit 63 reaches bit 63 alone.
        let m = Magic::new(1u128 << 127 | 1 << 63, 1u128 << 64 | 1, 126, 0);
        let indices = [0, 1u128 << 63, 1 << 127, 1 << 127 | 1 << 63].map(|occupied| m.index(Index::Magic, occupied));
        assert_eq!(indices, [0, 2, 3, 1]);
    }

    #[test]
    fn split32_hash_uses_32_bit_parts() {
        // Bit 0 of each 32-bit part is moved to the top of its 32-bit product.
        let m = Magic::new(u64::MAX, 1u64 << 63 | 1 << 31, 31, 0);
        assert_eq!(m.index(Index::Split32, 1), 1);
        assert_eq!(m.index(Index::Split32, 1 << 32), 1);
        assert_eq!(m.index(Index::Split32, 1 << 32 | 1), 0);
        // Carries out of a part's product are lost, as on a 32-bit machine.
        assert_eq!(m.index(Index::Split32, 2), 0);
        let wide = Magic::new(u128::MAX, 1u128 << 127 | 1 << 31, 31, 0);
        assert_eq!(wide.index(Index::Split32, 1 << 96), 1);
        assert_eq!(wide.index(Index::Split32, 1 << 96 | 1), 0);
    }

    /// A small deterministic generator for the tests below.
    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// Whether some split32 magic tells apart all four occupancies of two squares with a 2-bit
    /// index (`shift` 30): a perfect magic for the two-square mask.
    fn split32_separates<B: Bitboard>(one: B, other: B, mut magic: impl FnMut() -> B) -> bool {
        let mask = one | other;
        (0..20_000).any(|_| {
            let m = Magic::new(mask, magic(), 30, 0);
            let mut seen = [false; 4];
            for occ in [B::EMPTY, one, other, mask] {
                let i = m.index(Index::Split32, occ);
                if i >= 4 || seen[i] {
                    return false;
                }
                seen[i] = true;
            }
            true
        })
    }

    /// The cross terms (`high ^ low >> 16`) are why a mask holding the top squares of two
    /// 32-bit parts has a split32 magic at all: without them each top bit can only reach the
    /// top bit of its own product, and the two squares collide whatever the magic.
    #[test]
    fn split32_cross_terms_separate_the_top_bits_of_neighbouring_parts() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        assert!(split32_separates(1u64 << 31, 1 << 63, &mut next), "h4 and h8 on 8x8 (u64)");
        let mut wide = || (next() as u128) << 64 | next() as u128;
        for (low, high) in [(31, 63), (63, 95), (95, 127)] {
            assert!(split32_separates(1u128 << low, 1 << high, &mut wide), "bits {low} and {high} (u128)");
        }
        // The cross term exactly: bit 16 of the low part reaches the high part's product.
        let m = Magic::new(u64::MAX, 1u64 << 63, 31, 0);
        assert_eq!(m.index(Index::Split32, 1 << 16), 1);
        let wide = Magic::new(u128::MAX, 1u128 << 127 | 1 << 95 | 1 << 63, 31, 0);
        assert_eq!(wide.index(Index::Split32, 1 << 16), 1, "part 0 into part 1");
        assert_eq!(wide.index(Index::Split32, 1 << 48), 1, "part 1 into part 2");
        assert_eq!(wide.index(Index::Split32, 1 << 80), 1, "part 2 into part 3");
        // Mixed in by xor, not or: the same bit from the part below cancels.
        assert_eq!(m.index(Index::Split32, 1 << 16 | 1 << 32), 0);
        for low in [16, 48, 80] {
            assert_eq!(wide.index(Index::Split32, 1 << low | 1 << (low + 16)), 0, "bit {low} cancels bit {}", low + 16);
        }
    }

    /// Whichever `pext64` this build has (the instruction with BMI2, the loop without) gathers
    /// what a plain bit-by-bit walk gathers.
    #[test]
    fn pext_matches_a_walk_over_the_mask() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..10_000 {
            let (value, mask) = (next(), next() & next());
            let mut walked = 0u64;
            let mut out_bit = 0;
            for bit in 0..64 {
                if mask >> bit & 1 == 1 {
                    walked |= (value >> bit & 1) << out_bit;
                    out_bit += 1;
                }
            }
            assert_eq!(pext64(value, mask), walked, "value {value:#x} mask {mask:#x}");
        }
    }

    #[test]
    fn pext_gathers_the_masked_bits() {
        let m = Magic::new(0b1010_0100u64, 0, 0, 10);
        assert_eq!(m.index(Index::Pext, 0), 10);
        assert_eq!(m.index(Index::Pext, 0b0000_0100), 11);
        assert_eq!(m.index(Index::Pext, 0b1000_0000), 14);
        assert_eq!(m.index(Index::Pext, u64::MAX), 17);
        // On 128 squares the high half's bits follow the low half's.
        let wide = Magic::new(1u128 << 100 | 1 << 3, 0, 0, 0);
        assert_eq!(wide.index(Index::Pext, 1 << 100), 2);
        assert_eq!(wide.index(Index::Pext, 1 << 3), 1);
    }
}
