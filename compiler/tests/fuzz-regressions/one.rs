//! One fuzz input, as the fuzz target (`compiler/fuzz`) and the regression test
//! (`tests/fuzz_regressions.rs`) both run it: the first byte says whether the rest is a variant
//! file (even) or one piece's XBetza on an 8x8 board (odd). The outcome must be an answer or a
//! user error: a panic, an internal error, a hang or unbounded memory is a bug, and the fuzzer's
//! `-timeout` and `-rss_limit_mb` catch the last two.

use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{self, Via};
use fairy_magic::Source;

/// Runs one input; `Err` says why it is a bug.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Some((&mode, rest)) = data.split_first() else { return Ok(()) };
    let Ok(text) = std::str::from_utf8(rest) else { return Ok(()) };
    let outcome = if mode % 2 == 0 {
        fairy_magic::stages::pipeline::read(&Source { file: "fuzz.variant", text }).map(drop)
    } else {
        let board = fairy_magic::stages::board::Board { files: 8, ranks: 8 };
        query::compile_piece(board, text, Via::Reference).map(drop)
    };
    match outcome {
        Err(e @ Error::Internal(_)) => Err(format!("an internal error: {e}")),
        _ => Ok(()),
    }
}
