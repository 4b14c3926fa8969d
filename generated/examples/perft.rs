//! `cargo run --release -p fairy-magic-generated --example perft [depth-start] [depth-kiwipete]`
//!
//! Perft from the start position (depth 6 = 119,060,324) and Kiwipete (depth 5 = 193,690,690)
//! through the generated chess tables, with nodes per second.

// The engine is shared with the tests, which use more of it than perft does.
#[allow(dead_code)]
#[path = "../tests/engine/mod.rs"]
mod engine;

use engine::{perft, Position, KIWIPETE};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let start_depth = args.first().copied().unwrap_or(6);
    let kiwipete_depth = args.get(1).copied().unwrap_or(5);
    let mut failed = false;
    for (name, fen, depth, expected) in [
        ("start", None, start_depth, [1u64, 20, 400, 8_902, 197_281, 4_865_609, 119_060_324, 3_195_901_860]),
        ("kiwipete", Some(KIWIPETE), kiwipete_depth, [1, 48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685, 0]),
    ] {
        let position = fen.map_or_else(Position::start, |f| Position::from_fen(f).unwrap());
        let started = Instant::now();
        let nodes = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        let want = expected.get(depth as usize).copied().unwrap_or(0);
        let verdict = if want == 0 {
            "no published count here"
        } else if nodes == want {
            "correct"
        } else {
            failed = true;
            "WRONG"
        };
        println!(
            "{name:9} depth {depth}: {nodes:>13} nodes in {seconds:7.2} s, {:6.1} M nodes/s ({verdict})",
            nodes as f64 / seconds / 1e6
        );
    }
    if failed {
        std::process::exit(1);
    }
}
