//! Reading the tables: how a probe forms its index ([`Index`], [`Probe`]), the slots and plain
//! checks a generated module stores ([`Slot`], [`PlainCheck`]), and the two functions its lookups
//! call ([`lookup`], [`plain_checks`]).

use crate::bitboard::LookupBits;

/// How a probe turns the occupancy of its mask into a table index. It is chosen when the
/// tables are generated (the magics depend on it) and is the same for a whole module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Index {
    /// `(occupied & mask) * magic >> shift`, with 64-bit multiplies (on 128 squares and more,
    /// one for each 64-bit word, mixed): the default.
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
pub struct Probe<B> {
    /// The squares whose occupancy this probe's answer depends on.
    pub mask: B,
    /// The multiplier of the hash (a 64-bit word for each word of the board, 32-bit parts under
    /// [`Index::Split32`]); unused by [`Index::Pext`].
    pub magic: B,
    /// How far the hash is shifted right: the width it is formed in (64, 128, 192 or 256 for
    /// [`Index::Magic`], 32 for [`Index::Split32`]) minus the index bits. Unused by
    /// [`Index::Pext`].
    pub shift: u8,
    /// Where this probe's entries start in the attack table.
    pub offset: u32,
}

impl<B: LookupBits> Probe<B> {
    /// Builds a probe; `const` so that generated tables are plain static data.
    pub const fn new(mask: B, magic: B, shift: u8, offset: u32) -> Self {
        Probe { mask, magic, shift, offset }
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
pub struct PlainCheck<B> {
    /// The squares the move looks at on its way.
    pub path: B,
    /// Which of `path` must be occupied (hurdles); the rest of `path` must be empty.
    pub required: B,
    /// Where the move goes when the path is as required.
    pub dest: B,
}

impl<B: LookupBits> PlainCheck<B> {
    /// Builds a plain check; `const` so that generated tables are plain static data.
    pub const fn new(path: B, required: B, dest: B) -> Self {
        PlainCheck { path, required, dest }
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
    pub probes: [Probe<B>; N],
}

impl<B: LookupBits, const N: usize> Slot<B, N> {
    /// Builds a slot; `const` so that generated tables are plain static data.
    pub const fn new(leaps: B, probes: [Probe<B>; N]) -> Self {
        Slot { leaps, probes }
    }

    /// The destinations for this occupancy: see [`lookup`].
    #[inline(always)]
    pub fn lookup(&self, how: Index, table: &[B], occupied: B) -> B {
        lookup(how, self.leaps, &self.probes, table, occupied)
    }

    /// The destinations for this occupancy from numbered entries: see [`lookup_numbered`].
    #[inline(always)]
    pub fn lookup_numbered<E: SetNumber>(&self, how: Index, entries: &[E], sets: &[B], occupied: B) -> B {
        lookup_numbered(how, self.leaps, &self.probes, entries, sets, occupied)
    }
}

/// One square's probes alone, for a block whose leaps the compiler folded into its entries.
///
/// Aligned to 32 bytes so that a square's one or two `u64` probes (24 bytes each), or its one
/// `u128` probe (48 bytes), sit in one cache line and are found with a shift: packed tight,
/// every third `u64` probe straddled two lines, which cost the generic engine's chess perft 6%
/// on a Zen 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub struct Probes<B, const N: usize>(pub [Probe<B>; N]);

impl<B: LookupBits, const N: usize> Probes<B, N> {
    /// Builds a square's probes; `const` so that generated tables are plain static data.
    pub const fn new(probes: [Probe<B>; N]) -> Self {
        Probes(probes)
    }

    /// The destinations for this occupancy: see [`lookup_probes`].
    #[inline(always)]
    pub fn lookup(&self, how: Index, table: &[B], occupied: B) -> B {
        lookup_probes(how, &self.0, table, occupied)
    }
}

/// `leaps` plus what every probe finds in `table` for this occupancy.
///
/// The result says where the piece may go given what blocks it; the caller still masks it
/// with the empty squares (quiet moves) or the enemy pieces (captures).
#[inline(always)]
pub fn lookup<B: LookupBits>(how: Index, leaps: B, probes: &[Probe<B>], table: &[B], occupied: B) -> B {
    let mut found = leaps;
    for p in probes {
        found |= table[p.index(how, occupied)];
    }
    found
}

/// What every probe finds in `table` for this occupancy: a square whose leaps the compiler
/// folded into its entries, so that no leaps are loaded and united (a probe takes in the leaps
/// of every square it serves wherever those agree, which they do for nearly every slider).
#[inline(always)]
pub fn lookup_probes<B: LookupBits>(how: Index, probes: &[Probe<B>], table: &[B], occupied: B) -> B {
    // A plain loop: `Iterator::fold` is a call LLVM may leave out of line, which cost a
    // swapped-in chess module 15% of cozy-chess's perft.
    let mut found = B::EMPTY;
    for p in probes {
        found |= table[p.index(how, occupied)];
    }
    found
}

/// The number of a set in a numbered table: `u16` while the table has at most 65,536 distinct
/// sets, `u32` beyond (a module says which in its `ATTACKS` static).
pub trait SetNumber: Copy {
    /// The number as an index into the sets.
    fn index(self) -> usize;
}

impl SetNumber for u16 {
    #[inline(always)]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl SetNumber for u32 {
    #[inline(always)]
    fn index(self) -> usize {
        // Lossless wherever the table exists: one that needs `u32` numbers has over 65,536
        // entries, more than a 16-bit target can address.
        self as usize
    }
}

/// `leaps` plus the set every probe's entry names: each entry is the number of its set in
/// `sets`, the table's distinct answers. Modules on boards of over 128 squares store their
/// tables so: a 24- or 32-byte set an entry makes tables too large for any cache, and a lookup's
/// entries hold few distinct sets (a slider's answer depends only on the first blocker of
/// each of its lines, not on the squares behind it).
#[inline(always)]
pub fn lookup_numbered<B: LookupBits, N: SetNumber>(
    how: Index,
    leaps: B,
    probes: &[Probe<B>],
    entries: &[N],
    sets: &[B],
    occupied: B,
) -> B {
    let mut found = leaps;
    for p in probes {
        found |= sets[entries[p.index(how, occupied)].index()];
    }
    found
}

/// The destinations of every plain check that passes: `occupied & path == required`.
#[inline(always)]
pub fn plain_checks<B: LookupBits>(checks: &[PlainCheck<B>], occupied: B) -> B {
    let mut found = B::EMPTY;
    for c in checks {
        if occupied & c.path == c.required {
            found |= c.dest;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::pext64;
    use crate::test_rng::xorshift;
    use crate::BitboardExt;

    #[test]
    fn index_is_offset_plus_hash_of_masked_occupancy() {
        let m = Probe::new(0b1010u64, 1u64 << 62, 62, 100);
        // Only the masked bits matter: bit 0 is outside the mask.
        assert_eq!(m.index(Index::Magic, 0b0001), 100);
        assert_eq!(m.index(Index::Magic, 0b0010), 100 + ((0b0010u64 << 62) >> 62) as usize);
        assert_eq!(m.index(Index::Magic, u64::MAX), m.index(Index::Magic, 0b1010));
    }

    #[test]
    fn slot_unites_leaps_and_probes() {
        let table = [0b100u64, 0b1000];
        let slot = Slot::new(0b1u64, [Probe::new(0b10u64, 1 << 62, 63, 0)]);
        assert_eq!(slot.lookup(Index::Magic, &table, 0), 0b101);
        assert_eq!(slot.lookup(Index::Magic, &table, 0b10), 0b1001);
        // A padding probe (empty mask) always lands on its offset.
        let padded = Slot::new(0b1u64, [Probe::new(0b10u64, 1 << 62, 63, 0), Probe::new(0, 0, 63, 0)]);
        assert_eq!(padded.lookup(Index::Magic, &table, 0b10), 0b1101);
        assert_eq!(Slot::<u64, 0>::new(0b1, []).lookup(Index::Magic, &table, u64::MAX), 0b1);
    }

    #[test]
    fn numbered_entries_read_their_sets() {
        let (entries, sets) = ([1u16, 0], [0b100u64, 0b1000]);
        let slot = Slot::new(0b1u64, [Probe::new(0b10u64, 1 << 62, 63, 0)]);
        assert_eq!(slot.lookup_numbered(Index::Magic, &entries, &sets, 0), 0b1001);
        assert_eq!(slot.lookup_numbered(Index::Magic, &entries, &sets, 0b10), 0b101);
        // Wide numbers read the same sets: a number past u16 indexes as itself.
        let wide: [u32; 2] = entries.map(u32::from);
        assert_eq!(slot.lookup_numbered(Index::Magic, &wide, &sets, 0), 0b1001);
        assert_eq!(70_000u32.index(), 70_000);
    }

    #[test]
    fn a_squares_probes_sit_in_one_cache_line() {
        assert_eq!(core::mem::size_of::<Probes<u64, 1>>(), 32);
        assert_eq!(core::mem::size_of::<Probes<u64, 2>>(), 64);
        assert_eq!(core::mem::size_of::<Probes<u128, 1>>(), 64);
    }

    #[test]
    fn probes_alone_read_what_a_slot_without_leaps_reads() {
        // The entries hold the leap (bit 0) as a module whose leaps are folded stores them.
        let table = [0b101u64, 0b1001, 0b1];
        let probes = [Probe::new(0b10u64, 1 << 62, 63, 0), Probe::new(0, 0, 63, 2)];
        let slot = Slot::new(0, probes);
        for occupied in [0, 0b10, u64::MAX] {
            let expected = slot.lookup(Index::Magic, &table, occupied);
            assert_eq!(lookup_probes(Index::Magic, &probes, &table, occupied), expected);
            assert_eq!(Probes::new(probes).lookup(Index::Magic, &table, occupied), expected);
        }
        assert_eq!(lookup_probes(Index::Magic, &probes, &table, 0b10), 0b1001);
        assert_eq!(lookup_probes::<u64>(Index::Magic, &[], &table, u64::MAX), 0, "no probes find nothing");
    }

    #[test]
    fn checks_pass_on_exactly_what_they_require() {
        let checks = [PlainCheck::new(0b11_0000u64, 0b01_0000, 1 << 40), PlainCheck::new(0b1, 0, 1 << 41)];
        assert_eq!(plain_checks(&checks, 0), 1 << 41);
        assert_eq!(plain_checks(&checks, 0b01_0000), 1 << 40 | 1 << 41);
        assert_eq!(plain_checks(&checks, 0b11_0001), 0);
    }

    #[test]
    fn u128_hash_mixes_both_halves() {
        // Bit 0 of each half is moved to the top of its 64-bit product and the two are mixed.
        let m = Probe::new(u128::MAX, 1u128 << 127 | 1 << 63, 127, 0);
        assert_eq!(m.index(Index::Magic, 1), 1);
        assert_eq!(m.index(Index::Magic, 1 << 64), 1);
        assert_eq!(m.index(Index::Magic, 1 << 64 | 1), 0);
        assert_eq!(m.index(Index::Magic, 2), 0);
    }

    #[test]
    fn the_top_square_of_each_half_is_not_dead() {
        // Bit 127 folds into bit 126 of the high half as well, which a magic of 1 takes to bit
        // 62 of the mix; bit 63 reaches bit 63 alone.
        let m = Probe::new(1u128 << 127 | 1 << 63, 1u128 << 64 | 1, 126, 0);
        let indices = [0, 1u128 << 63, 1 << 127, 1 << 127 | 1 << 63].map(|occupied| m.index(Index::Magic, occupied));
        assert_eq!(indices, [0, 2, 3, 1]);
    }

    #[test]
    fn split32_hash_uses_32_bit_parts() {
        // Bit 0 of each 32-bit part is moved to the top of its 32-bit product.
        let m = Probe::new(u64::MAX, 1u64 << 63 | 1 << 31, 31, 0);
        assert_eq!(m.index(Index::Split32, 1), 1);
        assert_eq!(m.index(Index::Split32, 1 << 32), 1);
        assert_eq!(m.index(Index::Split32, 1 << 32 | 1), 0);
        // Carries out of a part's product are lost, as on a 32-bit machine.
        assert_eq!(m.index(Index::Split32, 2), 0);
        let wide = Probe::new(u128::MAX, 1u128 << 127 | 1 << 31, 31, 0);
        assert_eq!(wide.index(Index::Split32, 1 << 96), 1);
        assert_eq!(wide.index(Index::Split32, 1 << 96 | 1), 0);
    }

    /// Whether some split32 magic tells apart all four occupancies of two squares with a 2-bit
    /// index (`shift` 30): a perfect magic for the two-square mask.
    fn split32_separates<B: LookupBits>(one: B, other: B, mut magic: impl FnMut() -> B) -> bool {
        let mask = one | other;
        (0..20_000).any(|_| {
            let m = Probe::new(mask, magic(), 30, 0);
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

    /// The folds (`part ^ part >> by`) are why a mask holding the top squares of two 32-bit
    /// parts has a split32 magic at all: without them each top bit can only reach the top bit
    /// of its own product, and the two squares collide whatever the magic.
    #[test]
    fn split32_folds_separate_the_top_bits_of_the_parts() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        assert!(split32_separates(1u64 << 31, 1 << 63, &mut next), "h4 and h8 on 8x8 (u64)");
        let mut wide = || (next() as u128) << 64 | next() as u128;
        for (low, high) in [(31, 63), (63, 95), (95, 127), (31, 127)] {
            assert!(split32_separates(1u128 << low, 1 << high, &mut wide), "bits {low} and {high} (u128)");
        }
        // The folds exactly: bit `by` of a part reaches bit 0 of the same part, where a magic
        // of 1 << 31 moves it to the top; by 13, 19, 23 and 29 in parts 0 to 3.
        let m = Probe::new(u64::MAX, 1u64 << 63 | 1 << 31, 31, 0);
        assert_eq!(m.index(Index::Split32, 1 << 13), 1, "part 0");
        assert_eq!(m.index(Index::Split32, 1 << (32 + 19)), 1, "part 1");
        assert_eq!(m.index(Index::Split32, 1 << 12), 0, "a bit below the fold stays put");
        let wide = Probe::new(u128::MAX, 1u128 << 127 | 1 << 95 | 1 << 63 | 1 << 31, 31, 0);
        for (part, by) in [(0, 13), (1, 19), (2, 23), (3, 29)] {
            assert_eq!(wide.index(Index::Split32, 1 << (32 * part + by)), 1, "part {part}");
        }
        // Folded by xor, not or: a part's bit 0 with its bit `by` cancels.
        assert_eq!(m.index(Index::Split32, 1 << 13 | 1), 0);
    }

    /// A probe on 192 squares indexes as the same probe on 256 squares with word 3 empty,
    /// under every formula (a magic shift counts from the bitboard's width, so it is 64 less),
    /// and a numbered lookup reads 192-square sets as it reads any.
    #[test]
    fn probes_on_192_squares_index_as_on_256() {
        use crate::{Bitboard192, Bitboard256};
        let mut next = xorshift(0x0192_5107_0000_0001);
        let widened = |b: Bitboard192| Bitboard256([b.0[0], b.0[1], b.0[2], 0]);
        for _ in 0..2_000 {
            // A mask of about 12 squares and a sparse magic, as the compiler's are.
            let mut sparse = || Bitboard192([0; 3].map(|_| next() & next() & next() & next()));
            let (mask, magic, occupied) = (sparse(), sparse(), sparse());
            let bits = (next() % 20 + 1) as u8;
            let narrow = Probe::new(mask, magic, 192 - bits, 7);
            let wide = Probe::new(widened(mask), widened(magic), narrow.shift + 64, 7);
            assert_eq!(narrow.index(Index::Magic, occupied), wide.index(Index::Magic, widened(occupied)));
            assert_eq!(narrow.index(Index::Pext, occupied), wide.index(Index::Pext, widened(occupied)));
            let (narrow, wide) = (Probe { shift: 32 - bits, ..narrow }, Probe { shift: 32 - bits, ..wide });
            assert_eq!(narrow.index(Index::Split32, occupied), wide.index(Index::Split32, widened(occupied)));
        }
        let sets = [Bitboard192::from_index(170), Bitboard192::from_index(5)];
        let slot = Slot::new(
            Bitboard192::from_index(191),
            [Probe::new(Bitboard192::from_index(130), Bitboard192::EMPTY, 191, 0)],
        );
        let entries = [1u16, 0];
        let found = slot.lookup_numbered(Index::Pext, &entries, &sets, Bitboard192::from_index(130));
        assert_eq!(found, Bitboard192::from_index(191) | Bitboard192::from_index(170));
        assert!(slot.lookup_numbered(Index::Pext, &entries, &sets, Bitboard192::EMPTY).indices().eq([5, 191]));
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
        let m = Probe::new(0b1010_0100u64, 0, 0, 10);
        assert_eq!(m.index(Index::Pext, 0), 10);
        assert_eq!(m.index(Index::Pext, 0b0000_0100), 11);
        assert_eq!(m.index(Index::Pext, 0b1000_0000), 14);
        assert_eq!(m.index(Index::Pext, u64::MAX), 17);
        // On 128 squares the high half's bits follow the low half's.
        let wide = Probe::new(1u128 << 100 | 1 << 3, 0, 0, 0);
        assert_eq!(wide.index(Index::Pext, 1 << 100), 2);
        assert_eq!(wide.index(Index::Pext, 1 << 3), 1);
    }
}
