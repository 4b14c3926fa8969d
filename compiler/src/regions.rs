//! Regions: named sets of squares that confine a piece (the Xiangqi palace) or give it other
//! moves from inside them (the soldier across the river). Both are decided per square before
//! paths are walked, so a confined or zoned piece is still read through one lookup.

use fairy_magic_runtime::BitboardExt;

use crate::board::{bit, Board, Square, Squares};
use crate::legs::Move;

/// Everything one piece of one colour can do, square by square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// Its moves from squares outside every zone.
    pub moves: Vec<Move>,
    /// From a square of a zone it has that zone's moves instead; the first zone holding the
    /// square wins.
    pub zones: Vec<(Squares, Vec<Move>)>,
    /// Where it may stand: its moves start and end only here (every square when it is not
    /// confined).
    pub confined: Squares,
}

impl PieceMoves {
    /// A piece that moves the same from everywhere, to anywhere.
    pub fn anywhere(moves: Vec<Move>) -> PieceMoves {
        PieceMoves { moves, zones: Vec::new(), confined: Squares::ALL }
    }

    /// Its moves from `square`: none where it cannot stand.
    pub fn at(&self, square: Square) -> &[Move] {
        if !self.confined.has_index(square.index()) {
            return &[];
        }
        self.zones.iter().find(|(zone, _)| zone.has_index(square.index())).map_or(&self.moves, |(_, moves)| moves)
    }

    /// Every move it has from anywhere.
    pub fn all(&self) -> impl Iterator<Item = &Move> {
        self.moves.iter().chain(self.zones.iter().flat_map(|(_, moves)| moves))
    }
}

/// A named set of squares, for each colour (Black's is White's turned 180° unless given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The name the `region` line gives it, by which `confine` and `moves` lines refer to it.
    pub name: String,
    /// `[white, black]`.
    pub squares: [Squares; 2],
}

/// `squares` turned 180° on `board`: what a region written for White is for Black.
pub fn turned(board: Board, squares: Squares) -> Squares {
    // Square `s` becomes `last - s`: the board's bits in reverse order. Reversing all 256 bits
    // puts square 0 at bit 255, so the shift brings the board's last square down to bit 0.
    let [a, b, c, d] = (squares & board.all()).0;
    let reversed = Squares::new([d.reverse_bits(), c.reverse_bits(), b.reverse_bits(), a.reverse_bits()]);
    reversed >> (256 - board.squares() as u32)
}

/// One item of a region's square list: `e4`, or a rectangle `d1-f3` (corners in any order).
/// The error says what is wrong.
pub fn parse_item(board: Board, text: &str) -> Result<Squares, String> {
    let square = |name: &str| {
        board
            .parse_square(name)
            .ok_or_else(|| format!("`{name}` is not a square of a {}x{} board", board.files, board.ranks))
    };
    let Some((from, to)) = text.split_once('-') else {
        return Ok(bit(square(text)?));
    };
    let ((f0, r0), (f1, r1)) = (board.file_rank(square(from)?), board.file_rank(square(to)?));
    // A run of files a rank, shifted up to each rank's first file.
    let (first, span) = (f0.min(f1), f0.abs_diff(f1) as usize + 1);
    let run = Squares::below(span);
    Ok((r0.min(r1)..=r0.max(r1)).fold(Squares::EMPTY, |set, r| {
        set | run << board.square(first, r).expect("inside the rectangle").index() as u32
    }))
}
