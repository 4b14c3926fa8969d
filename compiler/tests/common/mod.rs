//! What more than one test file needs.

/// The workspace's one test generator (Marsaglia's xorshift64), so a failing case is the same on
/// every machine.
#[path = "../../../runtime/src/test_rng.rs"]
mod test_rng;
pub use test_rng::XorShift;
