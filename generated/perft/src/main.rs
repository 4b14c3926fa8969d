//! Perft through the generated tables, for any module by name, with the generic engine
//! (`fairy-magic-engine`):
//!
//! ```text
//! cargo run --release -p fairy-magic-perft -- --variant <name> [--fen '<FEN>'] [--depth <n>] [--bulk] [--engine generic|hand]
//! ```
//!
//! Without `--fen`, the variant file's start position (`start`); the FEN is in
//! Fairy-Stockfish's notation. Without `--depth`, depth 1. Prints the time and nodes a second,
//! then, as its last line, `nodes <N>`. A module whose game the engine cannot play is refused
//! with the rule it lacks; an unknown variant, a bad FEN or a bad argument is a one-line error
//! on stderr and exit code 1. Every move is played, the last ply's too, unless `--bulk`: then
//! the last ply's legal moves are counted without being played, as `go perft` does.
//! `chess` and `xiangqi` run on their hand-written engines (shared with the tests), as they
//! always have here, unless `--engine generic`; `--engine hand` asks for them by name.
//!
//! Published counts: chess start position depth 6 = 119,060,324; Xiangqi start position
//! depth 4 = 3,290,240, depth 5 = 133,312,995.

// The hand-written engines are shared with the tests, which use more of them than perft does.
#[allow(dead_code)]
#[path = "../../tests/engine/mod.rs"]
mod engine;
#[path = "../../tests/shipped.rs"]
mod shipped;

// The generic engine held to Fairy-Stockfish's counts (`cargo test -p fairy-magic-perft`).
#[cfg(test)]
mod fsf_perft;
#[cfg(test)]
mod fsf_positions;

use engine::common::{perft_with, Game, LastPly};
use fairy_magic_engine::LastPly as GenericLastPly;
use fairy_magic_runtime::Tables;
use std::process::exit;
use std::time::Instant;

struct Args {
    variant: String,
    fen: Option<String>,
    depth: u32,
    last: LastPly,
    /// `--engine`: `Some(true)` hand-written, `Some(false)` generic, `None` as the variant has.
    hand: Option<bool>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let (mut variant, mut fen, mut depth, mut last, mut hand) = (None, None, 1, LastPly::Play, None);
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
            "--engine" => match value()?.as_str() {
                "hand" => hand = Some(true),
                "generic" => hand = Some(false),
                other => return Err(format!("--engine is generic or hand, not {other:?}")),
            },
            _ => return Err(format!("unknown argument {flag:?} (--variant, --fen, --depth, --bulk, --engine)")),
        }
    }
    let variant = variant.ok_or("--variant <name> is required")?;
    Ok(Args { variant, fen, depth, last, hand })
}

fn report(depth: u32, started: Instant, nodes: u64) {
    let seconds = started.elapsed().as_secs_f64();
    println!("depth {depth}: {seconds:.3} s, {:.1} M nodes/s", nodes as f64 / seconds / 1e6);
    println!("nodes {nodes}");
}

fn run_hand<G: Game>(position: G, depth: u32, last: LastPly) {
    let started = Instant::now();
    let nodes = perft_with(&position, depth, last);
    report(depth, started, nodes);
}

/// Perft with the generic engine on module `T`.
fn run_generic<T: Tables>(args: &Args) -> Result<(), String> {
    let game = fairy_magic_engine::Game::<T>::new().map_err(|e| format!("{} cannot be played: {e}", T::NAME))?;
    let fen = match (&args.fen, T::RULES.start) {
        (Some(fen), _) => fen.as_str(),
        (None, Some(start)) => start,
        (None, None) => return Err(format!("{} has no start position (`start <FEN>`): give --fen", T::NAME)),
    };
    let position = game.position(fen)?;
    let last = match args.last {
        LastPly::Play => GenericLastPly::Play,
        LastPly::Bulk => GenericLastPly::Bulk,
    };
    let started = Instant::now();
    let nodes = game.perft(&position, args.depth, last);
    report(args.depth, started, nodes);
    Ok(())
}

/// Runs the generic engine on the module named `name`: every module of the crate, as
/// `shipped.rs` (written by `cargo xtask gen`) lists them, so a variant added is playable here.
fn run_generic_by_name(name: &str, args: &Args) -> Result<(), String> {
    macro_rules! run_if_named {
        ($module:ident $(, $marker:ident)?) => {
            if name == stringify!($module) {
                return run_generic::<fairy_magic_generated::$module::Tables>(args);
            }
        };
    }
    shipped::for_each_module!(run_if_named);
    let mut names = Vec::new();
    macro_rules! add_name {
        ($module:ident $(, $marker:ident)?) => {
            names.push(stringify!($module));
        };
    }
    shipped::for_each_module!(add_name);
    Err(format!("unknown variant {name:?} (the modules: {})", names.join(", ")))
}

fn main() {
    let result = parse_args().and_then(|args| {
        let fen = args.fen.as_deref();
        let hand = args.hand.unwrap_or(matches!(args.variant.as_str(), "chess" | "xiangqi"));
        match (hand, args.variant.as_str()) {
            (true, "chess") => {
                let position =
                    fen.map_or_else(|| Ok(engine::chess::Position::start()), engine::chess::Position::from_fen)?;
                run_hand(position, args.depth, args.last);
                Ok(())
            }
            (true, "xiangqi") => {
                let position =
                    fen.map_or_else(|| Ok(engine::xiangqi::Position::start()), engine::xiangqi::Position::from_fen)?;
                run_hand(position, args.depth, args.last);
                Ok(())
            }
            (true, other) => Err(format!("no hand-written engine plays {other:?} (chess or xiangqi)")),
            (false, name) => run_generic_by_name(name, &args),
        }
    });
    if let Err(message) = result {
        eprintln!("error: {message}");
        exit(1);
    }
}
