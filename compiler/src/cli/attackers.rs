//! `fairy-magic attackers`: every square from which one piece captures on a target.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::board::squares_of;
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{self, Reverse};

use super::batch::answer_lines;
use super::io::{write_squares, write_stdout};
use super::piece::{asked_piece, Around, BoardArg, ViaArg};
use super::Talk;

/// `fairy-magic attackers`' arguments.
#[derive(Args)]
pub(crate) struct AttackersArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    #[arg(required_unless_present = "batch")]
    betza: Option<String>,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board", "batch"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// The target square, e.g. e5.
    #[arg(long, required_unless_present = "batch")]
    to: Option<String>,
    /// The rest of the occupancy, seen from the attacking piece's side.
    #[command(flatten)]
    around: Around,
    /// Answer through the compiled reverse tables or through the reference walker, run
    /// forwards from every square.
    #[arg(long, value_enum, default_value_t = ViaArg::Tables)]
    via: ViaArg,
    /// Print {"from":[...]}.
    #[arg(long, conflicts_with = "batch")]
    json: bool,
    /// Answer JSON lines from standard input, one output line for each input line. Each line
    /// carries its own board, squares and colour, so the flags that set them do not go with it.
    #[arg(long, conflicts_with_all = ["betza", "to", "board", "friends", "foes", "black", "moved"])]
    batch: bool,
}

/// `fairy-magic attackers`: every square from which one piece captures on a target, or
/// `--batch` answers.
pub(crate) fn run(args: AttackersArgs, talk: Talk) -> Result<(), Error> {
    let via = args.via.via();
    if args.batch {
        let mut answers = query::AttackerBatch::new(via);
        return answer_lines(|line| answers.line(line));
    }
    let to = args.to.unwrap_or_default();
    let (board, compiled, p) = asked_piece(
        args.variant.as_deref(),
        args.board.board,
        args.betza.unwrap_or_default(),
        to.clone(),
        &args.around,
        via,
        Reverse::Build,
    )?;
    let found = query::sources(&compiled, board, &p, query::Onto::Capture);
    let names: Vec<String> = squares_of(found).map(|s| board.name(s)).collect();
    if args.json {
        write_stdout(&format!("{}\n", serde_json::json!({ "from": names })))
    } else {
        write_squares(&names, talk, || format!("the piece captures on {to} from no square"))
    }
}
