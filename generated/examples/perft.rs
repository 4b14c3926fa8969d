//! Perft through the generated tables, for chess or Xiangqi:
//!
//! ```text
//! cargo run --release -p fairy-magic-generated --example perft -- --variant <chess|xiangqi> [--fen '<FEN>'] [--depth <n>] [--bulk]
//! ```
//!
//! Without `--fen`, the start position; without `--depth`, depth 1. Prints the time and nodes
//! a second, then, as its last line, `nodes <N>`. An unknown variant, a bad FEN or a bad
//! argument is a one-line error on stderr and exit code 1. Every move is played, the last
//! ply's too, unless `--bulk`: then the last ply's legal moves are counted without being
//! played, as `go perft` does in Stockfish and Pikafish.
//!
//! Published counts: chess start position depth 6 = 119,060,324; Xiangqi start position
//! depth 4 = 3,290,240, depth 5 = 133,312,995.

// The engine is shared with the tests, which use more of it than perft does.
#[allow(dead_code)]
#[path = "../tests/engine/mod.rs"]
mod engine;

use engine::common::{perft_with, Game, LastPly};
use std::process::exit;
use std::time::Instant;

struct Args {
    variant: String,
    fen: Option<String>,
    depth: u32,
    last: LastPly,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let (mut variant, mut fen, mut depth, mut last) = (None, None, 1, LastPly::Play);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--variant" => variant = Some(value()?),
            "--fen" => fen = Some(value()?),
            "--depth" => {
                let text = value()?;
                depth = text.parse().map_err(|_| format!("--depth takes a number, not {text:?}"))?;
            }
            "--bulk" => last = LastPly::Bulk,
            _ => return Err(format!("unknown argument {flag:?} (--variant, --fen, --depth, --bulk)")),
        }
    }
    let variant = variant.ok_or("--variant chess or --variant xiangqi is required")?;
    Ok(Args { variant, fen, depth, last })
}

fn run<G: Game>(position: G, depth: u32, last: LastPly) {
    let started = Instant::now();
    let nodes = perft_with(&position, depth, last);
    let seconds = started.elapsed().as_secs_f64();
    println!("depth {depth}: {seconds:.3} s, {:.1} M nodes/s", nodes as f64 / seconds / 1e6);
    println!("nodes {nodes}");
}

fn main() {
    let result = parse_args().and_then(|args| {
        let fen = args.fen.as_deref();
        match args.variant.as_str() {
            "chess" => {
                let position =
                    fen.map_or_else(|| Ok(engine::chess::Position::start()), engine::chess::Position::from_fen)?;
                run(position, args.depth, args.last);
            }
            "xiangqi" => {
                let position =
                    fen.map_or_else(|| Ok(engine::xiangqi::Position::start()), engine::xiangqi::Position::from_fen)?;
                run(position, args.depth, args.last);
            }
            other => return Err(format!("unknown variant {other:?} (chess or xiangqi)")),
        }
        Ok(())
    });
    if let Err(message) = result {
        eprintln!("error: {message}");
        exit(1);
    }
}
