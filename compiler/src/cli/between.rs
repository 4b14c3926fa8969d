//! `fairy-magic between`: the squares strictly between two squares on a piece's paths.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::board::squares_of;
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query;
use fairy_magic_runtime::Color;

use super::io::write_squares;
use super::piece::{BoardArg, VariantPiece};
use super::Talk;

/// `fairy-magic between`'s arguments.
#[derive(Args)]
pub(crate) struct BetweenArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    betza: String,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// Where the piece stands.
    #[arg(long)]
    from: String,
    /// Where it goes.
    #[arg(long)]
    to: String,
    /// The piece is Black (its moves turn 180°).
    #[arg(long)]
    black: bool,
}

/// `fairy-magic between`: the squares strictly between two squares on a piece's paths.
pub(crate) fn run(args: BetweenArgs, talk: Talk) -> Result<(), Error> {
    let asked = args.variant.as_deref().map(|file| VariantPiece::read(file, &args.betza)).transpose()?;
    let board = match &asked {
        Some(asked) => asked.variant.board,
        None => query::parse_board(&args.board.board)?,
    };
    let square = |name: &str| {
        board.parse_square(name).ok_or_else(|| {
            Error::Argument(format!("`{name}` is not a square of a {}x{} board", board.files, board.ranks))
        })
    };
    let color = if args.black { Color::Black } else { Color::White };
    let (from, to) = (square(&args.from)?, square(&args.to)?);
    let found = match &asked {
        Some(asked) => query::variant_between(&asked.variant, asked.index, &asked.source(), color, from, to)?,
        None => query::between(board, &args.betza, color, from, to)?,
    };
    let names: Vec<String> = squares_of(found).map(|s| board.name(s)).collect();
    write_squares(&names, talk, || format!("no square lies between {} and {} on the piece's paths", args.from, args.to))
}
