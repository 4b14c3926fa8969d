//! One value for each piece and colour of a variant, read by (piece, [`Color`]).

use fairy_magic_runtime::Color;

/// One `T` for each piece and colour: each piece's path moves, its reach, its origins. Where
/// the values are laid out (White's then Black's, piece after piece) is this type's alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByPiece<T> {
    /// `values[piece * 2 + colour]`.
    values: Vec<T>,
}

impl<T> ByPiece<T> {
    /// `make(piece, color)` for each of `pieces` pieces and both colours.
    pub fn from_fn(pieces: usize, mut make: impl FnMut(usize, Color) -> T) -> ByPiece<T> {
        match ByPiece::try_from_fn(pieces, |p, c| Ok::<T, std::convert::Infallible>(make(p, c))) {
            Ok(values) => values,
        }
    }

    /// As [`ByPiece::from_fn`], stopping at the first error (pieces in order, White first).
    pub fn try_from_fn<E>(pieces: usize, mut make: impl FnMut(usize, Color) -> Result<T, E>) -> Result<ByPiece<T>, E> {
        let values = (0..pieces).flat_map(|p| [Color::White, Color::Black].map(|c| (p, c))).map(|(p, c)| make(p, c));
        Ok(ByPiece { values: values.collect::<Result<_, E>>()? })
    }

    /// The value of `piece` for `color`.
    pub fn get(&self, piece: usize, color: Color) -> &T {
        &self.values[piece * 2 + color as usize]
    }

    /// How many pieces there are values for.
    pub fn pieces(&self) -> usize {
        self.values.len() / 2
    }

    /// Each piece's values, White's then Black's, in piece order.
    pub fn pairs(&self) -> impl Iterator<Item = [&T; 2]> {
        self.values.chunks_exact(2).map(|both| [&both[0], &both[1]])
    }

    /// Every value made into another, each in its place.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> ByPiece<U> {
        ByPiece { values: self.values.iter().map(f).collect() }
    }
}
