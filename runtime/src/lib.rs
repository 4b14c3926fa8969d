//! The runtime half of fairy-magic: the few types that generated move tables are read through.
//!
//! A generated module holds, for every (move kind, piece, colour, square), one [`Slot`]: the
//! squares reached whatever the occupancy (`leaps`) plus a run of [`Magic`] probes into one shared
//! attack table. A probe is the classic magic-bitboard index,
//! `offset + ((occupied & mask) * magic >> shift)`, and the answer is the union of what the probes
//! find. The rare move whose path is longer than any table may index is a plain [`Check`]. The compiler verifies every table through these very functions, so the code that builds
//! the tables and the code that reads them cannot disagree about an index.
//!
//! `#![no_std]`, no dependencies, no `unsafe`: vendor this file as it is.
#![no_std]
#![forbid(unsafe_code)]

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
}

impl Bitboard for u64 {
    const EMPTY: Self = 0;
    const BITS: u32 = 64;
    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        (self.wrapping_mul(magic) >> shift) as usize
    }
}

/// On 128 squares the hash multiplies each 64-bit half by its own half of the magic and mixes
/// the two products: two 64-bit multiplies instead of a 128-bit one (three on x86-64), and a
/// magic search as easy as on 64 squares. `shift` counts from 128, as for any `Bitboard`: the
/// index is the top `128 - shift` bits of the mixed 64-bit product.
impl Bitboard for u128 {
    const EMPTY: Self = 0;
    const BITS: u32 = 128;
    #[inline(always)]
    fn magic_hash(self, magic: Self, shift: u8) -> usize {
        let low = (self as u64).wrapping_mul(magic as u64);
        let high = ((self >> 64) as u64).wrapping_mul((magic >> 64) as u64);
        ((low ^ high) >> (shift - 64)) as usize
    }
}

/// One magic probe: the squares it looks at (`mask`), the multiplier, and where its part of the
/// shared attack table starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic<B> {
    pub mask: B,
    pub magic: B,
    /// `B::BITS` minus the number of index bits.
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
    pub fn index(&self, occupied: B) -> usize {
        self.offset as usize + (occupied & self.mask).magic_hash(self.magic, self.shift)
    }
}

/// A move that no lookup answers because it looks at more squares than a table may index:
/// its destinations are reached when `occupied & path == required`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check<B> {
    pub path: B,
    pub required: B,
    pub dest: B,
}

impl<B: Bitboard> Check<B> {
    /// Builds a check; `const` so that generated tables are plain static data.
    pub const fn new(path: B, required: B, dest: B) -> Self {
        Check { path, required, dest }
    }
}

/// Everything needed to answer one (move kind, piece, colour, square) query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot<B> {
    /// Destinations that no occupancy can block (plain leaps).
    pub leaps: B,
    /// The first of this slot's probes in the module's probe array.
    pub first: u32,
    /// The first of this slot's checks in the module's check array.
    pub first_check: u32,
    /// How many probes follow `first` (0 for a slot without lookups).
    pub probes: u16,
    /// How many checks follow `first_check` (almost always 0).
    pub checks: u16,
}

impl<B: Bitboard> Slot<B> {
    /// Builds a slot; `const` so that generated tables are plain static data.
    pub const fn new(leaps: B, first: u32, probes: u16, first_check: u32, checks: u16) -> Self {
        Slot { leaps, first, first_check, probes, checks }
    }

    /// The destinations for this occupancy: `leaps`, plus what every probe finds, plus every
    /// check that passes.
    ///
    /// The result says where the piece may go given what blocks it; the caller still masks it
    /// with the empty squares (quiet moves) or the enemy pieces (captures).
    #[inline(always)]
    pub fn lookup(&self, probes: &[Magic<B>], table: &[B], checks: &[Check<B>], occupied: B) -> B {
        let start = self.first as usize;
        let mut found = self.leaps;
        for probe in &probes[start..start + self.probes as usize] {
            found |= table[probe.index(occupied)];
        }
        if self.checks != 0 {
            let start = self.first_check as usize;
            for check in &checks[start..start + self.checks as usize] {
                if occupied & check.path == check.required {
                    found |= check.dest;
                }
            }
        }
        found
    }
}

/// The side a piece belongs to. Moves are written for White; Black's are White's turned 180°.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
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
        assert_eq!(m.index(0b0001), 100);
        assert_eq!(m.index(0b0010), 100 + ((0b0010u64 << 62) >> 62) as usize);
        assert_eq!(m.index(u64::MAX), m.index(0b1010));
    }

    #[test]
    fn slot_unites_leaps_probes_and_checks() {
        let probes = [Magic::new(0b10u64, 1 << 62, 63, 0)];
        let table = [0b100u64, 0b1000];
        let checks = [Check::new(0b11_0000u64, 0b01_0000, 1 << 40)];
        let slot = Slot::new(0b1u64, 0, 1, 0, 1);
        assert_eq!(slot.lookup(&probes, &table, &checks, 0), 0b101);
        assert_eq!(slot.lookup(&probes, &table, &checks, 0b10), 0b1001);
        assert_eq!(slot.lookup(&probes, &table, &checks, 0b01_0000), 1 << 40 | 0b101);
        assert_eq!(slot.lookup(&probes, &table, &checks, 0b11_0000), 0b101);
        let leap_only = Slot::new(0b1u64, 1, 0, 1, 0);
        assert_eq!(leap_only.lookup(&probes, &table, &checks, u64::MAX), 0b1);
    }

    #[test]
    fn u128_hash_mixes_both_halves() {
        // Bit 0 of each half is moved to the top of the 64-bit product by its half of the magic.
        let m = Magic::new(u128::MAX, 1u128 << 127 | 1 << 63, 127, 0);
        assert_eq!(m.index(1), 1);
        assert_eq!(m.index(1 << 64), 1);
        assert_eq!(m.index(1 << 64 | 1), 0);
        assert_eq!(m.index(2), 0);
    }
}
