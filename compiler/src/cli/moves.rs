//! `fairy-magic moves`: where one piece goes from one square.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{Batch, Reverse};

use super::batch::answer_lines;
use super::io::{write_squares, write_stdout};
use super::piece::{asked_piece, Around, BoardArg, ViaArg};
use super::Talk;

/// `fairy-magic moves`' arguments.
#[derive(Args)]
pub(crate) struct MovesArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    #[arg(required_unless_present = "batch")]
    betza: Option<String>,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board", "batch"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// The piece's square, e.g. d4 or a10.
    #[arg(long, required_unless_present = "batch")]
    from: Option<String>,
    #[command(flatten)]
    around: Around,
    /// Answer through the compiled magic tables or through the reference walker.
    #[arg(long, value_enum, default_value_t = ViaArg::Tables)]
    via: ViaArg,
    /// Print {"dest":[...],"quiet":[...],"capture":[...]}.
    #[arg(long)]
    json: bool,
    /// Answer JSON lines from standard input, one output line for each input line (blank
    /// and malformed lines get an {"error":"..."} line). Each line carries its own board,
    /// squares and colour, so the flags that set them (and --json) do not go with it.
    #[arg(long, conflicts_with_all = ["betza", "from", "board", "json", "friends", "foes", "black", "moved"])]
    batch: bool,
}

/// `fairy-magic moves`: where one piece goes from one square, or `--batch` answers.
pub(crate) fn run(args: MovesArgs, talk: Talk) -> Result<(), Error> {
    let via = args.via.via();
    if args.batch {
        let mut answers = Batch::new(via);
        return answer_lines(|line| answers.line(line));
    }
    let from = args.from.unwrap_or_default();
    let (board, compiled, position) = asked_piece(
        args.variant.as_deref(),
        args.board.board,
        args.betza.unwrap_or_default(),
        from.clone(),
        &args.around,
        via,
        Reverse::Skip,
    )?;
    let answer = compiled.answer(board, &position);
    if args.json {
        write_stdout(&format!("{}\n", serde_json::to_string(&answer).expect("an answer is plain data")))
    } else {
        write_squares(&answer.dest, talk, || format!("the piece has no move from {from}"))
    }
}
