//! The one small deterministic generator the tests and benchmarks of this crate share: they
//! need variety and repeatable runs, not a crate.

/// Marsaglia's xorshift64; the state must not be 0.
pub struct XorShift(pub u64);

#[allow(dead_code)]
impl XorShift {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// 128 random bits, as a set of squares.
    pub fn squares(&mut self) -> u128 {
        (self.next() as u128) << 64 | self.next() as u128
    }

    /// A board of `squares` squares, each occupied with `density` percent likelihood.
    pub fn board(&mut self, squares: usize, density: u32) -> u128 {
        (0..squares).filter(|_| self.next() % 100 < density as u64).fold(0, |b, s| b | 1 << s)
    }
}
