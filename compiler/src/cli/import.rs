//! `fairy-magic import`: a Fairy-Stockfish variants.ini section into a variant file.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::error::Error;

use super::io::{read_text, to_stderr, write_file, write_stdout};
use super::Talk;

/// `fairy-magic import`'s arguments.
#[derive(Args)]
pub(crate) struct ImportArgs {
    /// The Fairy-Stockfish configuration file.
    file: PathBuf,
    /// The section (variant) to convert; `[child:parent]` inheritance is followed.
    #[arg(long)]
    section: String,
    /// Where to write the variant file; standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// `fairy-magic import`: the converted variant file, and notes on what did not carry over.
pub(crate) fn run(args: ImportArgs, talk: Talk) -> Result<(), Error> {
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    // `import` compiles what it converts: a file it hands over always compiles.
    let (variant, notes) = fairy_magic::stages::import::import(&name, &text, &args.section)?;
    if !talk.quiet {
        for n in notes {
            to_stderr(&format!("note: {n}"));
        }
    }
    match args.output {
        Some(out) => write_file(&out, &variant, &args.file),
        None => write_stdout(&variant),
    }
}
