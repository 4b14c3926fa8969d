//! The one small deterministic generator of the workspace's tests and benches: they need
//! variety that is the same on every machine, not a crate. The runtime's unit tests take it as
//! a module; the compiler's tests (`tests/common`), the generated crate's tests and benches
//! (`tests/rng`) and the runtime's benches include this file by its path.

// Each includer uses part of it.
#![allow(dead_code)]

/// Marsaglia's xorshift64; the state must not be 0.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (not 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// [`XorShift`] from `seed` (not 0) as a function to call.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = XorShift(seed);
    move || rng.next()
}
