//! Regions: named sets of squares that confine a piece (the Xiangqi palace) or give it other
//! moves from inside them (the soldier across the river). Both are decided per square before
//! paths are walked, so a confined or zoned piece is still answered by one lookup.

use fairy_magic_runtime::Bitboard;

use crate::board::{bit, squares_of, Board, Squares};
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
    pub fn at(&self, square: u8) -> &[Move] {
        if !self.confined.has(square as usize) {
            return &[];
        }
        self.zones.iter().find(|(zone, _)| zone.has(square as usize)).map_or(&self.moves, |(_, moves)| moves)
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
    let last = board.squares() - 1;
    squares_of(squares & board.all()).fold(Squares::EMPTY, |set, s| set | bit((last - s as usize) as u8))
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
    let mut set = Squares::EMPTY;
    for f in f0.min(f1)..=f0.max(f1) {
        for r in r0.min(r1)..=r0.max(r1) {
            set |= bit(board.square(f, r).expect("inside the rectangle"));
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_and_turning() {
        let board = Board { files: 9, ranks: 10 };
        let palace = parse_item(board, "d1-f3").unwrap();
        assert_eq!(palace.count_ones(), 9);
        assert_eq!(parse_item(board, "f3-d1").unwrap(), palace);
        let black = turned(board, palace);
        assert_eq!(black, parse_item(board, "d8-f10").unwrap());
        assert_eq!(turned(board, black), palace);
        assert!(parse_item(board, "j1").unwrap_err().contains("not a square"));
    }
}
