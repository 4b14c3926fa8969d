//! `cargo bench -p fairy-magic-generated --bench perft [-- depth]`
//!
//! Perft from the chess start position without bulk counting (every move played, the last
//! ply's too), through the engine on the generated tables and through cozy-chess, in this one
//! process: each is run three times, alternating, and its best time kept. Prints both speeds
//! and their ratio (engine speed / cozy-chess speed; above 1 means the engine is faster), by
//! the wall clock and by the thread's CPU time (Linux; steadier on a shared machine, where
//! the wall clock also counts the time other processes had the core).
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

/// This thread's CPU time in seconds (user + system), from `/proc/thread-self/stat` in clock
/// ticks of 1/100 s; `None` where that file is not to be read.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command name, which is in parentheses: utime and stime are the
    // 12th and 13th of them.
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// Times `f`, keeping the best wall and CPU times in `best`; returns what it counted.
fn time(best: &mut (f64, f64), f: impl Fn() -> u64) -> u64 {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let nodes = f();
    best.0 = best.0.min(wall.elapsed().as_secs_f64());
    if let (Some(before), Some(after)) = (cpu, cpu_seconds()) {
        best.1 = best.1.min(after - before);
    }
    nodes
}

fn main() {
    // `cargo bench` passes `--bench`; a number is the depth.
    let depth = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(6);
    let start = Position::start();
    let board = cozy_chess::Board::default();
    let (mut ours, mut cozy) = ((f64::MAX, f64::MAX), (f64::MAX, f64::MAX));
    let (mut our_nodes, mut cozy_nodes) = (0, 0);
    for _ in 0..3 {
        our_nodes = time(&mut ours, || perft(&start, depth));
        cozy_nodes = time(&mut cozy, || cozy_perft(&board, depth));
    }
    assert_eq!(our_nodes, cozy_nodes, "the two perfts disagree");
    let speed = |s: f64| our_nodes as f64 / s / 1e6;
    println!("start position perft {depth} without bulk counting: {our_nodes} nodes, best of 3");
    println!("                    wall s  M nodes/s    CPU s  M nodes/s");
    for (name, (wall, cpu)) in [("fairy-magic engine", ours), ("cozy-chess", cozy)] {
        println!("{name:18} {wall:7.3} {:10.1} {cpu:8.2} {:10.1}", speed(wall), speed(cpu));
    }
    let cpu = if ours.1 < f64::MAX { format!("{:.2}", cozy.1 / ours.1) } else { "not measured here".into() };
    println!("ratio (engine speed / cozy-chess speed): wall {:.2}, CPU {cpu}", cozy.0 / ours.0);
}
