//! What more than one test file needs.

/// Marsaglia's xorshift64: a tiny deterministic generator, so a failing case is the same on
/// every machine.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number of the sequence (the state must not be zero).
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
