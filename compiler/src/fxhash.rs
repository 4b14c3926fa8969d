//! The hash of the compiler's own maps: rustc's Fx hash, a rotate, xor and multiply a word.
//!
//! The planner and the packer key maps by gate lists, slot plans and bitboards, millions of
//! times a compile; std's SipHash spent a tenth of a run on them. Nothing here meets untrusted
//! keys that could be chosen to collide, and nothing iterates these maps to produce output, so
//! a fast hash changes no byte that is generated.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with the Fx hash: make one with `FxHashMap::default()`.
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with the Fx hash: make one with `FxHashSet::default()`.
pub type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

/// The Fx hasher: each word is mixed into the state with one multiply.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher {
    hash: u64,
}

/// An odd constant with well-spread bits (rustc's).
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}
