//! Stage 5: lookups → magics. For every lookup, a multiplier that sends every occupancy of its
//! mask to an index whose entry is right for it (two occupancies may share an entry only when
//! their answers agree), then all tables laid end to end in one array.
//!
//! Candidates come from a ChaCha8 generator seeded from the lookup's own contents and the
//! user's seed, so the same lookup gets the same magic on every machine and in every variant.

use fairy_magic_runtime::Bitboard;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::Squares;
use crate::error::Error;
use crate::lookups::Lookup;

/// The integer a board's bitboards are emitted as: `u64` or `u128`.
pub trait Word: Bitboard {
    fn from_squares(squares: Squares) -> Self;
    fn to_squares(self) -> Squares;
    /// A random number with few bits set: such multipliers make good magics.
    fn sparse(rng: &mut ChaCha8Rng) -> Self;
    /// A fixed-width hexadecimal literal.
    fn literal(self) -> String;
}

impl Word for u64 {
    fn from_squares(squares: Squares) -> Self {
        squares as u64
    }
    fn to_squares(self) -> Squares {
        self as Squares
    }
    fn sparse(rng: &mut ChaCha8Rng) -> Self {
        rng.next_u64() & rng.next_u64() & rng.next_u64()
    }
    fn literal(self) -> String {
        format!("0x{self:016x}")
    }
}

impl Word for u128 {
    fn from_squares(squares: Squares) -> Self {
        squares
    }
    fn to_squares(self) -> Squares {
        self
    }
    fn sparse(rng: &mut ChaCha8Rng) -> Self {
        (u64::sparse(rng) as u128) << 64 | u64::sparse(rng) as u128
    }
    fn literal(self) -> String {
        format!("0x{self:032x}")
    }
}

/// A lookup's magic and the size of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found<B> {
    pub magic: B,
    /// Index bits: the table has `1 << bits` entries.
    pub bits: u32,
}

impl<B: Word> Found<B> {
    pub fn shift(&self) -> u8 {
        (B::BITS - self.bits) as u8
    }
}

/// How many extra index bits beyond the mask's own may be tried before giving up.
const EXTRA_BITS: u32 = 6;

/// Every occupancy of `mask` (carry-rippler order) with the answer the lookup gives for it.
pub fn occupancies(lookup: &Lookup) -> Vec<(Squares, Squares)> {
    let mut out = Vec::with_capacity(1 << lookup.mask.count_ones());
    let mut subset: Squares = 0;
    loop {
        out.push((subset, lookup.answer(subset)));
        subset = subset.wrapping_sub(lookup.mask) & lookup.mask;
        if subset == 0 {
            return out;
        }
    }
}

/// Finds a magic for one lookup, trying `1 << effort` candidates at each index width before
/// allowing one more bit.
pub fn find<B: Word>(lookup: &Lookup, seed: u64, effort: u32) -> Result<Found<B>, Error> {
    let answers = occupancies(lookup);
    let mask = B::from_squares(lookup.mask);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ fingerprint(lookup));
    let min_bits = lookup.mask.count_ones().max(1);
    let mut stamp: Vec<u32> = Vec::new();
    let mut held: Vec<Squares> = Vec::new();
    let mut attempt: u32 = 0;
    for bits in min_bits..=min_bits + EXTRA_BITS {
        let size = 1usize << bits;
        stamp.clear();
        stamp.resize(size, 0);
        held.clear();
        held.resize(size, 0);
        let shift = (B::BITS - bits) as u8;
        'candidates: for _ in 0..1u64 << effort {
            let magic = B::sparse(&mut rng);
            // The top byte of mask * magic should carry many bits, or the index spreads badly.
            if bits >= 8 && mask.magic_hash(magic, (B::BITS - 8) as u8).count_ones() < 4 {
                continue;
            }
            attempt += 1;
            for &(occupied, answer) in &answers {
                let index = B::from_squares(occupied).magic_hash(magic, shift);
                if stamp[index] == attempt {
                    if held[index] != answer {
                        continue 'candidates;
                    }
                } else {
                    stamp[index] = attempt;
                    held[index] = answer;
                }
            }
            return Ok(Found { magic, bits });
        }
    }
    Err(Error::Limit(format!(
        "no magic found for a lookup of {min_bits} bits (mask {:#x}) within {} index bits; raise --effort or lower --max-bits",
        lookup.mask,
        min_bits + EXTRA_BITS
    )))
}

/// FNV-1a over the lookup's gates: a seed that depends on nothing but the lookup itself.
fn fingerprint(lookup: &Lookup) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for g in &lookup.gates {
        eat(&[g.dest, g.rule as u8]);
        eat(&g.path.to_le_bytes());
        eat(&g.required.to_le_bytes());
    }
    hash
}
