//! Board geometry: dimensions, square numbering and names.
//!
//! Squares are numbered densely, `rank * files + file`, a1 = 0. Inside the compiler every set of
//! squares is a `u128` whatever the board; the emitter narrows to the board's own width.

/// A set of squares of any supported board.
pub type Squares = u128;

/// The most squares a board may have: the width of the widest bitboard.
pub const MAX_SQUARES: usize = 128;
/// The widest board side we name squares for (files a..p).
pub const MAX_SIDE: u32 = 16;

/// A rectangular board of at most [`MAX_SQUARES`] squares, each side at most [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The number of files (columns, a, b, c ...).
    pub files: u8,
    /// The number of ranks (rows, 1, 2, 3 ...).
    pub ranks: u8,
}

impl Board {
    /// The number of squares, `files * ranks`.
    pub fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// The bitboard width the emitted module uses: 64 or 128.
    pub fn width(self) -> u32 {
        if self.squares() <= 64 {
            64
        } else {
            128
        }
    }

    /// The square at (file, rank), or `None` off the board.
    pub fn square(self, file: i32, rank: i32) -> Option<u8> {
        let inside = (0..self.files as i32).contains(&file) && (0..self.ranks as i32).contains(&rank);
        inside.then(|| (rank * self.files as i32 + file) as u8)
    }

    /// The (file, rank) of a square, both from 0: the inverse of [`Board::square`].
    pub fn file_rank(self, square: u8) -> (i32, i32) {
        (square as i32 % self.files as i32, square as i32 / self.files as i32)
    }

    /// All squares of the board.
    pub fn all(self) -> Squares {
        if self.squares() == 128 {
            u128::MAX
        } else {
            (1u128 << self.squares()) - 1
        }
    }

    /// `a1`, `j10`...
    pub fn name(self, square: u8) -> String {
        let (file, rank) = self.file_rank(square);
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    /// Parses `a1`...`p16`; `None` if malformed or off this board.
    pub fn parse_square(self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        self.square(file as i32 - 'a' as i32, rank - 1)
    }
}

/// The squares of a set, in ascending order.
pub fn squares_of(mut set: Squares) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as u8;
            set &= set - 1;
            square
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_a_tall_board() {
        let board = Board { files: 9, ranks: 10 };
        for square in 0..board.squares() as u8 {
            assert_eq!(board.parse_square(&board.name(square)), Some(square));
        }
        assert_eq!(board.name(89), "i10");
        assert_eq!(board.parse_square("j1"), None);
        assert_eq!(board.parse_square("a0"), None);
        assert_eq!(board.parse_square("a01"), None);
    }

    #[test]
    fn all_covers_exactly_the_board() {
        assert_eq!(Board { files: 8, ranks: 8 }.all(), u64::MAX as u128);
        assert_eq!(Board { files: 16, ranks: 8 }.all(), u128::MAX);
        assert_eq!(Board { files: 3, ranks: 1 }.all(), 0b111);
    }
}
