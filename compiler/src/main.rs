//! The `fairy-magic` command line: `fairy-magic compile <file.variant> -o <module.rs>`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fairy_magic::error::Error;
use fairy_magic::Options;

#[derive(Parser)]
#[command(
    name = "fairy-magic",
    version,
    about = "Compiles chess-variant pieces (XBetza) into verified magic-bitboard tables as a Rust module"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a variant file into a Rust module.
    ///
    /// Example: fairy-magic compile variants/chess.variant -o src/chess.rs
    Compile {
        /// The variant description (`variant`, `board` and `piece` lines).
        file: PathBuf,
        /// Where to write the module; standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The most index bits one lookup may use.
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=20))]
        max_bits: u32,
        /// Seed mixed into the magic search; the same seed gives the same bytes.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            match e {
                Error::Internal(_) => ExitCode::from(2),
                _ => ExitCode::from(1),
            }
        }
    }
}

fn run(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Compile { file, output, max_bits, seed } => {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).map_err(|e| Error::Limit(format!("cannot read {name}: {e}")))?;
            let regenerate = match &output {
                Some(out) => format!("fairy-magic compile {name} -o {}", out.display()),
                None => format!("fairy-magic compile {name}"),
            };
            let module = fairy_magic::compile(&name, &text, &regenerate, &Options { max_bits, seed })?;
            match output {
                Some(out) => write_atomically(&out, &module)
                    .map_err(|e| Error::Limit(format!("cannot write {}: {e}", out.display()))),
                None => {
                    print!("{module}");
                    Ok(())
                }
            }
        }
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a module.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let tmp = path.with_extension("rs.tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}
