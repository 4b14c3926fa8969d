//! `cargo bench -p fairy-magic-generated --bench perft [-- depth]`
//!
//! Perft from the chess start position without bulk counting (every move played, the last
//! ply's too), through the engine on the generated tables and through cozy-chess, in this one
//! process: each is run three times, alternating, and its best time kept. Prints both speeds
//! and their ratio (engine speed / cozy-chess speed; above 1 means the engine is faster).
//!
//! cozy-chess is timed as its own `examples/perft.rs` does without `--bulk`: `generate_moves`,
//! then a clone of the board and `play_unchecked` for every move, recursing to depth 0.

#[allow(dead_code)]
#[path = "../tests/engine/mod.rs"]
mod engine;

use std::time::Instant;

use engine::chess::Position;
use engine::common::perft;

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The best of `runs` timings of `f`, in seconds, and what it counted.
fn best(seconds: &mut f64, f: impl Fn() -> u64) -> u64 {
    let started = Instant::now();
    let nodes = f();
    *seconds = seconds.min(started.elapsed().as_secs_f64());
    nodes
}

fn main() {
    // `cargo bench` passes `--bench`; a number is the depth.
    let depth = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(6);
    let start = Position::start();
    let board = cozy_chess::Board::default();
    let (mut ours, mut cozy) = (f64::MAX, f64::MAX);
    let (mut our_nodes, mut cozy_nodes) = (0, 0);
    for _ in 0..3 {
        our_nodes = best(&mut ours, || perft(&start, depth));
        cozy_nodes = best(&mut cozy, || cozy_perft(&board, depth));
    }
    assert_eq!(our_nodes, cozy_nodes, "the two perfts disagree");
    let speed = |s: f64| our_nodes as f64 / s / 1e6;
    println!("start position perft {depth} without bulk counting: {our_nodes} nodes, best of 3");
    println!("fairy-magic engine: {ours:7.3} s {:7.1} M nodes/s", speed(ours));
    println!("cozy-chess:         {cozy:7.3} s {:7.1} M nodes/s", speed(cozy));
    println!("ratio (engine speed / cozy-chess speed): {:.2}", cozy / ours);
}
