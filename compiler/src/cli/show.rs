//! `fairy-magic show`: a piece drawn on its board, its indices, or the variant's page.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::board::Squares;
use fairy_magic::stages::error::{Bound, Error};
use fairy_magic::stages::query::{self, Question, Reverse, Via};
use fairy_magic::{Options, Source};

use super::io::{read_text, unicode_terminal, write_file, write_stdout};
use super::piece::{board_name, piece_index, Around};

/// `fairy-magic show`'s arguments.
#[derive(Args)]
pub(crate) struct ShowArgs {
    /// The variant file.
    file: PathBuf,
    /// The piece: its letter, or its name in any case (`horse`, `Horse`); not needed with --html.
    #[arg(required_unless_present = "html")]
    piece: Option<String>,
    /// The piece's square [default: the middle of the board].
    #[arg(long)]
    from: Option<String>,
    #[command(flatten)]
    around: Around,
    /// Plain ASCII, even where the terminal shows Unicode.
    #[arg(long)]
    ascii: bool,
    /// Also write the diagram as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Instead of moves, draw the relative index (`vector_index`) of each square the piece
    /// attacks under some occupancy, as generated modules number them for NNUE threat
    /// inputs and policy heads.
    #[arg(long, conflicts_with = "svg")]
    indices: bool,
    /// Instead, write the whole variant as one self-contained interactive page: place
    /// pieces, toggle friends and foes, and see moves, attackers and `between` drawn live
    /// from the module's own tables.
    #[arg(long, conflicts_with_all = ["svg", "indices"])]
    html: Option<PathBuf>,
}

/// `fairy-magic show`: a piece drawn on its board, its indices, or the whole variant's page.
pub(crate) fn run(args: ShowArgs) -> Result<(), Error> {
    use fairy_magic::stages::show;
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    if let Some(out) = &args.html {
        let page = fairy_magic::page(&Source { file: &name, text: &text }, &Options::new())?;
        return write_file(out, &page, &args.file);
    }
    let piece = args.piece.as_deref().expect("clap requires the piece without --html");
    let (variant, _) = fairy_magic::stages::pipeline::read(&Source { file: &name, text: &text })?;
    let board = variant.board;
    let index = piece_index(&variant, &name, piece)?;
    let p = &variant.pieces[index];
    // A board one square wide has its middle on that file (or rank).
    let middle = (board.files as i32 / 2 - 1).max(0);
    let centre = (board.ranks as i32 / 2 - 1).max(0);
    let middle = board.name(board.square(middle, centre).expect("the middle of a board is on it"));
    let question = args.around.question(board_name(board), p.betza_text.clone(), args.from.clone().unwrap_or(middle));
    let here = query::position(board, &question)?;
    let source = Source { file: &name, text: &text };
    let ascii = args.ascii || !unicode_terminal();
    if args.indices {
        let alone = fairy_magic::stages::variant::Variant { pieces: vec![p.clone()], ..variant.clone() };
        let moves = &fairy_magic::piece_moves(&alone, &source)?[0][here.color as usize];
        let max_paths = fairy_magic::DEFAULT_MAX_PATHS;
        let paths = fairy_magic::stages::indices::piece_paths(board, moves, max_paths).ok_or_else(|| {
            Error::limit(
                Bound::PathsFromSquare,
                format!("the {} has more than {max_paths} paths from some square", p.name),
            )
        })?;
        let numbers = fairy_magic::stages::indices::PieceIndices::new(board, &paths, here.color);
        return write_stdout(&show::indices_text(board, here.from, &numbers, &p.letter, ascii));
    }
    // The same piece alone on the board: what it would reach if nothing blocked it.
    let alone = query::position(board, &Question { friends: vec![], foes: vec![], ..question })?;
    let compiled = query::compile_variant_piece(&variant, index, &source, Via::Tables, Reverse::Skip)?;
    let now = compiled.answer(board, &here);
    let open = compiled.answer(board, &alone);
    let color = here.color as usize;
    let regions = p.confine.iter().chain(p.zones.iter().map(|z| &z.region));
    let regions = regions.fold(Squares::EMPTY, |set, &r| set | variant.regions[r].squares[color]);
    let marks = show::marks(board, &here, &now, &open, regions);
    write_stdout(&show::text(board, &marks, &p.letter, ascii))?;
    match &args.svg {
        Some(out) => write_file(out, &show::svg(board, &marks, &p.letter), &args.file),
        None => Ok(()),
    }
}
