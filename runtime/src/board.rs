//! What every generated module has the same of, written once: its board's `Square` type, the
//! square helpers on its `Bitboard` and `line`, all from [`board!`](crate::board!), and
//! [`line_through`], which `line` reads.
//!
//! A module invokes `board!` with its bitboard type and its board's size, then adds only what
//! is its own: its pieces, its named squares (`Square::E4`), its lookups and their data.

use crate::BitboardExt;

/// The squares of the rank, file or diagonal through the squares of index `a` and `b` on a
/// board of `files` x `ranks`, edge to edge and both squares included: empty when `a == b` or
/// when no such line holds both (a knight's step apart, say).
///
/// Walked a square at a time, with no table: at most one line's squares, for the pins and
/// alignments an engine asks about outside its innermost loop.
pub fn line_through<B: BitboardExt>(files: usize, ranks: usize, a: usize, b: usize) -> B {
    let at = |square: usize| ((square % files) as isize, (square / files) as isize);
    let ((file_a, rank_a), (file_b, rank_b)) = (at(a), at(b));
    let (df, dr) = (file_b - file_a, rank_b - rank_a);
    let aligned = df == 0 || dr == 0 || df.abs() == dr.abs();
    if a == b || !aligned {
        return B::EMPTY;
    }
    let (step_file, step_rank) = (df.signum(), dr.signum());
    let on_board =
        |file: isize, rank: isize| (0..files as isize).contains(&file) && (0..ranks as isize).contains(&rank);
    // Back from `a` to the edge, then forward across the whole board.
    let (mut file, mut rank) = (file_a, rank_a);
    while on_board(file - step_file, rank - step_rank) {
        (file, rank) = (file - step_file, rank - step_rank);
    }
    let mut line = B::EMPTY;
    while on_board(file, rank) {
        line |= B::from_index(rank as usize * files + file as usize);
        (file, rank) = (file + step_file, rank + step_rank);
    }
    line
}

/// The items every generated module has the same of, for its bitboard type and board size:
///
/// ```
/// mod chess {
///     fairy_magic_runtime::board!(bitboard: u64, files: 8, ranks: 8);
/// }
/// use chess::{Square, SquareSet};
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!((e4.file(), e4.rank(), e4.index()), (4, 3, 28));
/// assert_eq!(format!("{e4:?}"), "e4");
/// let diagonal = chess::line(e4, "f5".parse().unwrap()); // b1 to h7
/// assert_eq!(diagonal.count_ones(), 7);
/// assert!(diagonal.has(e4) && diagonal.has(Square::at(1, 0).unwrap()));
/// ```
///
/// # The items `board!` writes
///
/// - `Bitboard` (the bitboard type given), `FILES`, `RANKS` and `SQUARES`;
/// - `Square`, a square of the board: made only for squares the board has (`new`, `at`, or
///   `new_unchecked` from a raw index at no cost), parsed from and shown as its name (`e4`),
///   by `Display` and `Debug` alike, so that a failed `assert_eq!` names its squares;
///   `ParseSquareError` for a name that is no square of the board;
/// - `SquareSet`, the helpers of `Bitboard` on `Square`s (`from_square`, `has`, `lowest`,
///   `pop_lowest`, `squares`, and `diagram`, which draws the set on this board), and
///   `SquareIter`, the iterator `squares` returns. The raw-index helpers are the runtime's
///   [`BitboardExt`](crate::BitboardExt), under other names, so `use module::*` brings both
///   with no clash;
/// - `line(a, b)`, the rank, file or diagonal through two squares ([`line_through`]).
///
/// Plain code, the same tokens in every module: a macro rather than generic types because
/// each module's `Square` must be its own type, so that a square of one board cannot be passed
/// to another board's lookups. `Square`'s field is private to the invoking module, which
/// names its squares (`Square::E4`) with it.
#[macro_export]
macro_rules! board {
    (bitboard: $bitboard:ty, files: $files:literal, ranks: $ranks:literal $(,)?) => {
        /// A set of squares: bit `rank * FILES + file` is set for each square in it (a1 = bit 0).
        #[allow(dead_code)]
        pub type Bitboard = $bitboard;
        /// Files (columns) of the board: a, b, c...
        #[allow(dead_code)]
        pub const FILES: usize = $files;
        /// Ranks (rows) of the board: 1, 2, 3...
        #[allow(dead_code)]
        pub const RANKS: usize = $ranks;
        /// Squares on the board.
        #[allow(dead_code)]
        pub const SQUARES: usize = FILES * RANKS;

        /// A square of the board, what every function here takes: its index is
        /// `rank * FILES + file` (a1 = 0). Made only for squares the board has; parsed from and
        /// shown as its name: files `a`, `b`..., ranks from 1 (`e4`, `p16`), by `Debug` too. One
        /// byte, and its index is the byte: an engine that holds raw indices converts with
        /// [`Square::new_unchecked`] and [`Square::index`] at no cost.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(dead_code)]
        pub struct Square(u8);

        #[allow(dead_code)]
        impl Square {
            /// The square with this index, if the board has it.
            pub const fn new(index: usize) -> Option<Square> {
                if index < SQUARES {
                    Some(Square(index as u8))
                } else {
                    None
                }
            }

            /// The square on this file and rank (both counted from 0), if the board has it.
            pub const fn at(file: usize, rank: usize) -> Option<Square> {
                if file < FILES && rank < RANKS {
                    Some(Square((rank * FILES + file) as u8))
                } else {
                    None
                }
            }

            /// The square with this index, which must be below [`SQUARES`], with no check in
            /// release builds: for an engine that holds raw indices, converting costs nothing.
            /// Debug builds panic on an index off the board; release builds give a square whose
            /// answers mean nothing (or a lookup that panics), never undefined behaviour.
            #[inline(always)]
            pub const fn new_unchecked(index: usize) -> Square {
                debug_assert!(index < SQUARES, "a square index off the board");
                Square(index as u8)
            }

            /// Its index, `rank * FILES + file`.
            #[inline(always)]
            pub const fn index(self) -> usize {
                // On a board of a power-of-two number of squares the mask changes no square the
                // board has, and it tells the compiler the index is below `SQUARES`: a read of a
                // table of `SQUARES` entries then needs no bounds check (one `and`, or nothing
                // when the caller's index is known to be in range, against a compare and branch
                // on every lookup).
                if SQUARES.is_power_of_two() {
                    self.0 as usize & (SQUARES - 1)
                } else {
                    self.0 as usize
                }
            }

            /// Its file, from 0 (file a).
            // On a board of one file this is `index % 1`, always 0, as clippy says: the code
            // stays the same for every board.
            #[allow(clippy::modulo_one)]
            pub const fn file(self) -> usize {
                self.index() % FILES
            }

            /// Its rank, from 0 (rank 1).
            pub const fn rank(self) -> usize {
                self.index() / FILES
            }

            /// Every square of the board, a1 first, in index order.
            pub fn all() -> impl Iterator<Item = Square> {
                (0..SQUARES).map(|index| Square(index as u8))
            }
        }

        impl From<Square> for usize {
            #[inline(always)]
            fn from(square: Square) -> usize {
                square.index()
            }
        }

        /// A name that is not a square of this board.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(dead_code)]
        pub struct ParseSquareError;

        impl ::core::fmt::Display for ParseSquareError {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "not a square of a {FILES}x{RANKS} board")
            }
        }

        impl ::core::str::FromStr for Square {
            type Err = ParseSquareError;

            /// A file letter then a rank number with no leading zero: `a1`, `e4`.
            fn from_str(name: &str) -> Result<Square, ParseSquareError> {
                let (file, rank) = name.split_at_checked(1).ok_or(ParseSquareError)?;
                let file = file.as_bytes()[0].wrapping_sub(b'a') as usize;
                if rank.starts_with('0') || !rank.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(ParseSquareError);
                }
                let rank: usize = rank.parse().map_err(|_| ParseSquareError)?;
                Square::at(file, rank.wrapping_sub(1)).ok_or(ParseSquareError)
            }
        }

        impl ::core::fmt::Display for Square {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank() + 1)
            }
        }

        /// Its name, as `Display` gives it: `e4`, not `Square(28)`.
        impl ::core::fmt::Debug for Square {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(self, f)
            }
        }

        /// The square helpers of [`Bitboard`] on this board's [`Square`]s: `use` this module's
        /// `SquareSet`, or `*`, to call them. The runtime's [`BitboardExt`], re-exported beside
        /// it, has the same helpers on raw indices under other names (`from_index`, `has_index`,
        /// `lowest_index`, `pop_lowest_index`, `indices`) and the rest (`count`, `is_empty`...).
        ///
        /// Bits of a `Bitboard` beyond the board's squares are no squares:
        /// [`squares`](SquareSet::squares), [`lowest`](SquareSet::lowest) and
        /// [`pop_lowest`](SquareSet::pop_lowest) pass them by.
        #[allow(dead_code)]
        pub trait SquareSet: Sized {
            /// The set holding `square` alone.
            fn from_square(square: Square) -> Self;
            /// Whether `square` is in the set.
            fn has(self, square: Square) -> bool;
            /// The lowest square of the set, `None` when it holds none.
            fn lowest(self) -> Option<Square>;
            /// Removes the lowest square from the set and returns it, `None` when it holds none.
            fn pop_lowest(&mut self) -> Option<Square>;
            /// The squares of the set, lowest first.
            fn squares(self) -> SquareIter;
            /// The set drawn as this board, rank 1 at the bottom: `x` for a square in it, `.`
            /// for one not (`println!("{}", set.diagram())`).
            fn diagram(self) -> $crate::Diagram<Self>;
        }

        impl SquareSet for Bitboard {
            #[inline(always)]
            fn from_square(square: Square) -> Self {
                <Bitboard as $crate::BitboardExt>::from_index(square.index())
            }
            #[inline(always)]
            fn has(self, square: Square) -> bool {
                $crate::BitboardExt::has_index(self, square.index())
            }
            #[inline(always)]
            fn lowest(self) -> Option<Square> {
                // Off the board only when no square of the board is in the set.
                $crate::BitboardExt::lowest_index(self).filter(|&index| index < SQUARES).map(Square::new_unchecked)
            }
            #[inline(always)]
            fn pop_lowest(&mut self) -> Option<Square> {
                let square = self.lowest()?;
                $crate::BitboardExt::pop_lowest_index(self);
                Some(square)
            }
            #[inline(always)]
            fn squares(self) -> SquareIter {
                // A bitboard wider than the board has bits that are no square (`!occupied` sets
                // them): they are dropped here, once.
                SquareIter(self & <Bitboard as $crate::BitboardExt>::below(SQUARES))
            }
            fn diagram(self) -> $crate::Diagram<Self> {
                $crate::Diagram::new(self, FILES, RANKS)
            }
        }

        /// The squares of a set, lowest first: see [`SquareSet::squares`].
        #[derive(Clone, Debug)]
        #[allow(dead_code)]
        pub struct SquareIter(Bitboard);

        impl Iterator for SquareIter {
            type Item = Square;
            #[inline(always)]
            fn next(&mut self) -> Option<Square> {
                // Only squares of the board are left in the set.
                $crate::BitboardExt::pop_lowest_index(&mut self.0).map(Square::new_unchecked)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = $crate::BitboardExt::count(self.0) as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for SquareIter {}

        impl ::core::iter::FusedIterator for SquareIter {}

        /// The whole rank, file or diagonal through `a` and `b`, edge to edge and both
        /// included; empty when `a == b` or when they share no such line. [`between`] gives the
        /// squares a piece's path crosses from one to the other.
        #[allow(dead_code)]
        pub fn line(a: Square, b: Square) -> Bitboard {
            $crate::line_through(FILES, RANKS, a.index(), b.index())
        }
    };
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::ToString;
    use std::vec::Vec;

    use super::line_through;
    use crate::{Bitboard256, BitboardExt};

    mod chess {
        crate::board!(bitboard: u64, files: 8, ranks: 8);
    }
    mod xiangqi {
        crate::board!(bitboard: u128, files: 9, ranks: 10);
    }
    mod big16 {
        crate::board!(bitboard: crate::Bitboard256, files: 16, ranks: 16);
    }

    /// The squares `line_through` should give, by their definition: every square `s` such that
    /// `a`, `b` and `s` lie on one rank, file or diagonal.
    fn line_as_defined(files: usize, ranks: usize, a: usize, b: usize) -> Vec<usize> {
        let at = |s: usize| ((s % files) as isize, (s / files) as isize);
        let same_line = |(f1, r1): (isize, isize), (f2, r2): (isize, isize)| {
            let (df, dr) = (f2 - f1, r2 - r1);
            df == 0 || dr == 0 || df.abs() == dr.abs()
        };
        if a == b || !same_line(at(a), at(b)) {
            return Vec::new();
        }
        let (fa, ra) = at(a);
        let (df, dr) = (at(b).0 - fa, at(b).1 - ra);
        (0..files * ranks)
            .filter(|&s| {
                let (ds_f, ds_r) = (at(s).0 - fa, at(s).1 - ra);
                // Collinear with the step (df, dr): the cross product is zero.
                ds_f * dr == ds_r * df
            })
            .collect()
    }

    #[test]
    fn line_through_is_the_whole_line_on_every_board() {
        for (files, ranks) in [(8, 8), (9, 10), (16, 16), (1, 5), (5, 1), (12, 3)] {
            for a in 0..files * ranks {
                for b in 0..files * ranks {
                    let line: Bitboard256 = line_through(files, ranks, a, b);
                    let expected = line_as_defined(files, ranks, a, b);
                    assert!(line.indices().eq(expected.iter().copied()), "{files}x{ranks} {a} {b}: {line:?}");
                }
            }
        }
    }

    #[test]
    fn a_square_debugs_as_its_name() {
        let e5: chess::Square = "e5".parse().unwrap();
        assert_eq!(format!("{e5:?}"), "e5");
        assert_eq!(format!("{:?}", [Some(e5), None]), "[Some(e5), None]");
        let p16 = big16::Square::new(255).unwrap();
        assert_eq!(format!("{p16:?} {p16}"), "p16 p16");
    }

    #[test]
    fn a_diagram_knows_its_board() {
        use chess::SquareSet;
        let set = chess::Bitboard::from_square("a1".parse().unwrap()) | 1 << 63;
        let drawn = set.diagram().to_string();
        assert_eq!(drawn.lines().count(), 8);
        assert!(drawn.starts_with(". . . . . . . x\n") && drawn.ends_with("\nx . . . . . . .\n"), "{drawn}");
        use xiangqi::SquareSet as _;
        let corner = xiangqi::Bitboard::from_square(xiangqi::Square::new(89).unwrap());
        let drawn = corner.diagram().to_string();
        assert_eq!(drawn.lines().count(), 10);
        assert!(drawn.starts_with(". . . . . . . . x\n") && drawn.lines().all(|l| l.len() == 17), "{drawn}");
    }

    #[test]
    fn line_beside_the_squares() {
        use chess::{line, Square, SquareSet};
        let name = |s: &str| s.parse::<Square>().unwrap();
        let rank: Vec<Square> = line(name("b2"), name("e2")).squares().collect();
        assert_eq!(
            rank.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]
        );
        assert_eq!(line(name("a1"), name("b3")), 0, "a knight's step apart");
        assert_eq!(line(name("d4"), name("d4")), 0);
        assert_eq!(line(name("h1"), name("a8")).count(), 8);
        let x = xiangqi::line(xiangqi::Square::at(0, 9).unwrap(), xiangqi::Square::at(1, 8).unwrap());
        assert_eq!(x.count(), 9, "a9x10 anti-diagonal from a10 runs to i2");
    }
}
