//! The tests' one small deterministic generator.

/// Marsaglia's xorshift64 from `seed` (not 0): variety the same on every machine.
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}
