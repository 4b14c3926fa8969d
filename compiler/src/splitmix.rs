//! SplitMix64 (Steele, Lea and Flood, 2014): the compiler's one random number generator, for
//! magic candidates and for the random occupancies of verification.
//!
//! A few arithmetic operations a number, where ChaCha8 spent a large share of the magic search
//! making candidates; its statistical quality is ample for both uses. Its output is fixed by its
//! seed alone, on every machine, so the same seed gives the same magics and the same bytes.

/// The generator's state: a counter that advances by the golden-ratio increment.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose whole output is decided by `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next number: the advanced counter, mixed.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
