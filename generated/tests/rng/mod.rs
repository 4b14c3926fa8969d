//! The workspace's one test generator (`runtime/src/test_rng.rs`), with what the tests and
//! benchmarks of this crate draw from it: sets of squares are `Bitboard256`, which holds every
//! board; [`Narrow`] turns one into a module's own `Bitboard`.

use fairy_magic_runtime::{Bitboard192, Bitboard256};

#[path = "../../../runtime/src/test_rng.rs"]
mod test_rng;
pub use test_rng::XorShift;

#[allow(dead_code)]
impl XorShift {
    /// 256 random bits, as a set of squares.
    pub fn squares(&mut self) -> Bitboard256 {
        Bitboard256([(); 4].map(|_| self.next()))
    }

    /// A board of `squares` squares, each occupied with `density` percent likelihood.
    pub fn board(&mut self, squares: usize, density: u32) -> Bitboard256 {
        (0..squares).filter(|_| self.next() % 100 < density as u64).fold(Bitboard256::EMPTY, |b, s| b | one(s))
    }
}

/// The set of one square.
#[allow(dead_code)]
pub fn one(square: usize) -> Bitboard256 {
    Bitboard256::from_u128(1) << square as u32
}

/// A module's `Bitboard` (`u64`, `u128`, `Bitboard192` or `Bitboard256`) from a set of the board's squares;
/// the other way is `Bitboard256::from`.
#[allow(dead_code)]
pub trait Narrow {
    fn narrow(set: Bitboard256) -> Self;
}

impl Narrow for u64 {
    fn narrow(set: Bitboard256) -> Self {
        set.0[0]
    }
}

impl Narrow for u128 {
    fn narrow(set: Bitboard256) -> Self {
        set.low_u128()
    }
}

impl Narrow for Bitboard192 {
    fn narrow(set: Bitboard256) -> Self {
        let [w0, w1, w2, _] = set.0;
        Bitboard192([w0, w1, w2])
    }
}

impl Narrow for Bitboard256 {
    fn narrow(set: Bitboard256) -> Self {
        set
    }
}
