//! The clock every benchmark of this crate reads: one query count, and the best of seven runs,
//! so that ratios taken in one process compare like with like.

use std::hint::black_box;
use std::time::Instant;

/// Queries in one run of a measurement.
pub const QUERIES: usize = 1 << 20;

/// The best of seven runs of `f` (which makes `QUERIES` queries), in nanoseconds a query.
pub fn time<T>(f: impl Fn() -> T) -> f64 {
    (0..7)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64() / QUERIES as f64 * 1e9
        })
        .fold(f64::MAX, f64::min)
}
