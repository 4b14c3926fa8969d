//! The piece a one-piece question (`moves`, `attackers`, `between`, `show`) asks about: the
//! flags that name it and what stands around it, and the piece compiled.

use clap::{Args, ValueEnum};
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{self, Question, Reverse, Via};
use fairy_magic::Source;
use fairy_magic_runtime::Color;

use super::io::read_text;

/// What stands around a piece, for `moves` and `show`.
#[derive(Args)]
pub(crate) struct Around {
    /// Squares of the piece's own side, comma-separated.
    #[arg(long, value_delimiter = ',')]
    friends: Vec<String>,
    /// Squares of the other side, comma-separated.
    #[arg(long, value_delimiter = ',')]
    foes: Vec<String>,
    /// The piece is Black (its moves turn 180°).
    #[arg(long)]
    black: bool,
    /// The piece has moved: its initial (`i`) moves do not count.
    #[arg(long)]
    moved: bool,
}

impl Around {
    pub(crate) fn question(&self, board: String, betza: String, from: String) -> Question {
        Question {
            board,
            betza,
            from,
            friends: self.friends.clone(),
            foes: self.foes.clone(),
            color: if self.black { Color::Black } else { Color::White },
            initial: !self.moved,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ViaArg {
    Tables,
    Reference,
}

impl ViaArg {
    pub(crate) fn via(self) -> Via {
        match self {
            ViaArg::Tables => Via::Tables,
            ViaArg::Reference => Via::Reference,
        }
    }
}

/// The board of a one-piece question.
#[derive(Args)]
pub(crate) struct BoardArg {
    // Its help comes from the board's own limits.
    #[arg(long, default_value = "8x8", help = board_help())]
    pub(crate) board: String,
}

/// `--board`'s help, from the board's own limits.
fn board_help() -> String {
    use fairy_magic::stages::board::{MAX_SIDE, MAX_SQUARES};
    format!("<files>x<ranks>, each side 1 to {MAX_SIDE}, up to {MAX_SQUARES} squares in all")
}

/// The piece a one-piece question asks about, compiled (its reverse lookups as `reverse` says),
/// with the position around `square`: XBetza on `board`, or with `--variant` a piece of that
/// file, on its board with its regions and confinement.
pub(crate) fn asked_piece(
    variant: Option<&std::path::Path>,
    board: String,
    piece: String,
    square: String,
    around: &Around,
    via: Via,
    reverse: Reverse,
) -> Result<(fairy_magic::stages::board::Board, query::CompiledPiece, query::Position), Error> {
    match variant {
        Some(file) => {
            let asked = VariantPiece::read(file, &piece)?;
            let board = asked.variant.board;
            let position = query::position(board, &around.question(board_name(board), String::new(), square))?;
            let compiled = query::compile_variant_piece(&asked.variant, asked.index, &asked.source(), via, reverse)?;
            Ok((board, compiled, position))
        }
        None => {
            let size = query::parse_board(&board)?;
            let question = around.question(board, piece, square);
            let position = query::position(size, &question)?;
            let compiled = match reverse {
                Reverse::Skip => query::compile_piece(size, &question.betza, via)?,
                Reverse::Build => query::compile_piece_with_reverse(size, &question.betza, via)?,
            };
            Ok((size, compiled, position))
        }
    }
}

/// A piece of a variant file that `moves`, `attackers` or `between --variant` asks about.
pub(crate) struct VariantPiece {
    name: String,
    text: String,
    pub(crate) variant: fairy_magic::stages::variant::Variant,
    pub(crate) index: usize,
}

impl VariantPiece {
    /// Reads `file` and finds `wanted` in it, as `show` does.
    pub(crate) fn read(file: &std::path::Path, wanted: &str) -> Result<VariantPiece, Error> {
        let name = file.display().to_string();
        let text = read_text(&name, file)?;
        let (variant, _) = fairy_magic::stages::pipeline::read(&Source { file: &name, text: &text })?;
        let index = piece_index(&variant, &name, wanted)?;
        Ok(VariantPiece { name, text, variant, index })
    }

    pub(crate) fn source(&self) -> Source<'_> {
        Source { file: &self.name, text: &self.text }
    }
}

/// The position in `variant` of the piece a user asked for, or an error listing its pieces.
pub(crate) fn piece_index(
    variant: &fairy_magic::stages::variant::Variant,
    name: &str,
    wanted: &str,
) -> Result<usize, Error> {
    let found = fairy_magic::stages::show::find_piece(&variant.pieces, wanted);
    let index = found.and_then(|p| variant.pieces.iter().position(|q| q.letter == p.letter));
    index.ok_or_else(|| {
        let known: Vec<String> = variant.pieces.iter().map(|p| format!("{} {}", p.letter, p.name)).collect();
        Error::UnknownPiece { piece: wanted.to_string(), file: name.to_string(), known }
    })
}

/// A board as `moves --board` spells it.
pub(crate) fn board_name(board: fairy_magic::stages::board::Board) -> String {
    format!("{}x{}", board.files, board.ranks)
}
