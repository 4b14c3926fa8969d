//! The runtime half of fairy-magic: the few types that generated move tables are read through.
//!
//! A generated module holds, for every (move kind, piece, colour), a block of one [`Slot`] per
//! square: the squares reached whatever the occupancy (`leaps`) plus `N` [`Probe`]s into one
//! shared attack table, the same `N` for every square of the block so that the compiler unrolls
//! the probes and no count or pointer has to be read first. A probe is the classic
//! magic-bitboard index, `offset + ((occupied & mask) * magic >> shift)`, and the answer is the
//! union of what the probes find. The rare move whose path is longer than any table may index is
//! a [`PlainCheck`], answered by [`plain_checks`]. The compiler verifies every table through
//! [`lookup`] and [`plain_checks`], the functions the generated code calls, so the code that
//! builds the tables and the code that reads them cannot disagree about an index. Where every
//! square's leaps can be folded into the entries its probes read, the block stores the probes
//! alone ([`Probes`], read by [`lookup_probes`]): one load and one union fewer a lookup.
//!
//! Bitboards are `u64` (boards of up to 64 squares), `u128` (up to 128), [`Bitboard192`] (up to
//! 192: 12x12, 13x13) or [`Bitboard256`] (up to 256: 14x14, 16x16), all behind the
//! [`BitboardExt`] trait with the square helpers an engine wants (iteration, lowest-square pop),
//! on raw square indices, and the [`LookupBits`] trait with what the lookups read them with
//! (hashes, slide cuts), which modules do not re-export. Every module invokes [`board!`] for
//! its typed `Square`, the same helpers on it (`SquareSet`, with a diagram of its board) and
//! `line`, and [`indices!`] for its index functions (`vector_index`, `move_index`,
//! `policy_index`, `threat_index`) over the tables it declares. Modules on over 128 squares
//! (the shipped `chu`, 12x12, and `big16`, 16x16) number their table's sets, read by
//! [`lookup_numbered`].
//!
//! The modules: `bitboard` (the two traits, their `u64` and `u128` impls), `wide`
//! ([`Bitboard192`] and [`Bitboard256`], from one macro), `board` ([`board!`], the code every
//! module has the same of), `indices` ([`indices!`], the index functions, the same in every
//! module too), `probe` (index formulas, slots, checks, the lookup functions), `line` ([`Line`]: slides, hops and vaults along a line computed with no table,
//! and the screened slides and slides-then-steps that answer their reverse lookups, read by
//! [`lines`], or by [`slides`] or [`hops`] for a block of one form, where the compiler chose
//! lines over a table); this file re-exports them and holds [`Color`] and [`FORMAT`].
//!
//! `#![no_std]`, no dependencies, and no `unsafe` but the one `PEXT` call that exists only in builds
//! for CPUs with BMI2: vendor this directory as it is.
#![no_std]
#![warn(missing_docs)]
// One `unsafe` call exists, and only in builds for CPUs with BMI2: the PEXT instruction.
#![cfg_attr(not(all(target_arch = "x86_64", target_feature = "bmi2")), forbid(unsafe_code))]
#![cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), deny(unsafe_code))]

mod bitboard;
mod board;
mod game;
mod indices;
mod line;
mod probe;
mod rank;
#[cfg(test)]
mod test_rng;
mod wide;

pub use bitboard::{BitboardExt, Diagram, IndexIter, LookupBits};
pub use board::line_through;
pub use game::{Castling, FirstMoves, Need, Promotion, PromotionLimit, Rules, Tables};
pub use line::{hops, lines, reached_slides, slides, Line, LineForm};
pub use probe::{
    lookup, lookup_numbered, lookup_probes, plain_checks, Index, PlainCheck, Probe, Probes, SetNumber, Slot,
};
pub use rank::{rank_slide, rank_table_entry, rank_table_len};
pub use wide::{Bitboard192, Bitboard256};

/// The version of the hash formulas and the data layout a module is read with: the split32
/// folds, the `u128` fold, the 192- and 256-bit folds (the word mixing and the split32 parts),
/// the bitboard types a module may name (5: [`Bitboard192`] for 129 to 192 squares), the
/// functions it may call (6: [`rank_slide`]; 7: [`board!`], with [`LookupBits`] split from
/// [`BitboardExt`]; 8: [`indices!`], with [`LookupBits::place_of`]; 9: [`Probes`] and
/// [`lookup_probes`], for squares whose leaps are folded into their entries) and the layout of
/// [`Slot`], [`Probes`], [`Probe`],
/// [`PlainCheck`] and [`Line`]. The compiler finds its magics through these
/// formulas, so a module is right only with a runtime of the same format: every generated
/// module asserts at compile time that `fairy_magic_runtime::FORMAT` is the number it was
/// generated for, and a vendored runtime that differs is a build error naming the command that
/// regenerates the module, not wrong attack sets at run time. Any change to a formula or to
/// the layout raises it.
///
/// ```compile_fail
/// // What a module built against another format meets.
/// const _: () = assert!(fairy_magic_runtime::FORMAT == fairy_magic_runtime::FORMAT + 1, "regenerate");
/// ```
pub const FORMAT: u32 = 9;

/// The side a piece belongs to. Moves are written for White; Black's are White's turned 180°.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side whose moves are written as given (forward is up the ranks).
    White = 0,
    /// The side whose moves are White's turned 180°.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The other side: `!color`, as [`Color::opposite`] gives it.
impl core::ops::Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}
