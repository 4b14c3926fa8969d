//! The `fairy-magic` command line: `fairy-magic compile <file.variant> -o <module.rs>`. This
//! file parses the arguments and dispatches: each subcommand is a file of `cli/`.

// The command's only `unsafe` code, its few calls into the system, is in `os`.
#![deny(unsafe_code)]

use std::process::ExitCode;

mod cli;
#[allow(unsafe_code)]
mod os;

use clap::{Parser, Subcommand};
use cli::{to_stderr, Talk};
use fairy_magic::stages::error::Error;

#[derive(Parser)]
#[command(
    name = "fairy-magic",
    version,
    about = "Compiles chess-variant pieces (XBetza) into verified magic-bitboard tables as a Rust module"
)]
#[command(after_help = "Exit status: 0 success, 1 a user error (bad input, bad arguments), 2 an internal error.")]
struct Cli {
    /// Print nothing but errors on standard error.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Say what is being done and how long it took, on standard error.
    #[arg(short, long, global = true)]
    verbose: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a variant file into a Rust module.
    ///
    /// Example: fairy-magic compile variants/chess.variant -o src/chess.rs
    Compile(cli::compile::CompileArgs),
    /// Draw a piece of a variant on its board: its moves, captures and blocked squares.
    ///
    /// Example: fairy-magic show variants/gallery.variant griffon --from d4 --foes c3 --friends e5
    Show(cli::show::ShowArgs),
    /// What changed in meaning between two variant files: pieces, moves (compared exactly, as
    /// path moves, for every square, colour and kind), regions; when no move changed, the
    /// tables' layout. Markdown for a pull-request comment, or --json.
    ///
    /// Examples: fairy-magic diff old.variant new.variant;
    /// fairy-magic diff variants/chess.variant --rev HEAD~1 (from any folder of the clone).
    ///
    /// Exit status (unlike the other commands): 0 nothing changed in meaning, 1 pieces, moves or
    /// regions changed, 2 an error (bad input included). With --git (git's external diff,
    /// which stops on a non-zero status) it is 0 unless there was an error.
    Diff(cli::diff::DiffArgs),
    /// Convert a section of a Fairy-Stockfish variants.ini into a variant file.
    ///
    /// Example: fairy-magic import variants.ini --section capablanca -o my-capablanca.variant
    Import(cli::import::ImportArgs),
    /// Show where one piece may go from one square: empty squares it may move to and foes it
    /// may capture, in square order.
    ///
    /// Example: fairy-magic moves '[F?R]' --board 8x8 --from d4 --foes d6 --friends f6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"8x8","betza":"N","from":"d4","friends":[],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"dest":[...]} or {"error":"..."} line for each. A key
    /// it does not know is an error (`id`, `note`, `sources` and `dest` may be there, unread).
    Moves(cli::moves::MovesArgs),
    /// Show every square from which one piece captures on a target square (the target holds
    /// one of its foes), in square order.
    ///
    /// Example: fairy-magic attackers '[W-F]' --board 9x10 --to e5 --friends e6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"9x10","betza":"[W-F]","to":"e5","friends":["e6"],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"from":[...]} or {"error":"..."} line for each.
    Attackers(cli::attackers::AttackersArgs),
    /// Show the squares strictly between two squares on a piece's paths: what must be empty
    /// (or hold a hopper's screen) for the move, and what blocks a check or pins.
    ///
    /// Example: fairy-magic between '[W-F]' --board 9x10 --from e5 --to d7
    Between(cli::between::BetweenArgs),
}

fn main() -> ExitCode {
    os::set_up_signals();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are successes; a wrong argument is a user error (1), not
            // clap's usual 2, which here means an internal error.
            let _ = e.print();
            // `diff` reports every error as 2 (its 1 means "changed").
            if std::env::args().skip(1).find(|a| !a.starts_with('-')).as_deref() == Some("diff") && e.use_stderr() {
                return ExitCode::from(2);
            }
            return if e.use_stderr() { ExitCode::from(1) } else { ExitCode::SUCCESS };
        }
    };
    // `diff` has its own exit statuses (1 means "changed"), so it reports its own errors.
    let cli = match cli.command {
        Command::Diff(args) => return cli::diff::run(args),
        command => Cli { command, ..cli },
    };
    let result = match injected_fault() {
        Some(fault) => Err(fault),
        None => run(cli),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            use std::io::IsTerminal;
            to_stderr(&e.render(std::io::stderr().is_terminal()));
            match e {
                Error::Internal(_) => ExitCode::from(2),
                _ => ExitCode::from(1),
            }
        }
    }
}

/// Fault injection for the tests of exit status 2: no input makes the compiler contradict
/// itself (that is what status 2 reports), so a test asks for an internal error with
/// `FAIRY_MAGIC_FAULT=internal`. Only builds with debug assertions (the dev profile `cargo test`
/// builds the binary in) read it: a release binary has no switch that makes it fail.
#[cfg(debug_assertions)]
fn injected_fault() -> Option<Error> {
    (std::env::var("FAIRY_MAGIC_FAULT").as_deref() == Ok("internal"))
        .then(|| Error::Internal("a fault injected by FAIRY_MAGIC_FAULT=internal".into()))
}

/// A release binary injects no fault.
#[cfg(not(debug_assertions))]
fn injected_fault() -> Option<Error> {
    None
}

/// Runs every subcommand but `diff`, which `main` runs itself for its own exit statuses.
fn run(cli: Cli) -> Result<(), Error> {
    let talk = Talk { quiet: cli.quiet, verbose: cli.verbose };
    match cli.command {
        Command::Diff(_) => unreachable!("main runs diff itself"),
        Command::Compile(args) => cli::compile::run(args, talk),
        Command::Show(args) => cli::show::run(args),
        Command::Import(args) => cli::import::run(args, talk),
        Command::Moves(args) => cli::moves::run(args, talk),
        Command::Attackers(args) => cli::attackers::run(args, talk),
        Command::Between(args) => cli::between::run(args, talk),
    }
}
