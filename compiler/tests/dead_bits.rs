//! Masks that hold the top square of two or more 64-bit words of a u128, 192- or 256-square board: the
//! magic and PEXT indexes must have a magic for them (bit 63 and bit 127 each reach only the top
//! bit of their word's product, and the index once could not tell them apart: `[W?sR]` on 16x8
//! had no magic). On 16x16 the top squares of the four words are p4, p8, p12 and p16.

use fairy_magic::stages::verify::Verify;
use fairy_magic::stages::{error, pipeline};
use fairy_magic::{build, Settings};
use fairy_magic_runtime::{Bitboard192, Bitboard256, Index};

/// Compiles `text` (a board of up to 256 squares, on its own width) at `max_bits` with a short search. What is tested is
/// that every lookup finds a magic: forward tables only, and a sampled check of their entries
/// (the shipped modules' tests check tables exhaustively).
fn compiles(text: &str, max_bits: u32, index: Index) -> Result<(), String> {
    let (v, moves) = pipeline::read(&error::Source { file: "dead-bits.variant", text }).map_err(|e| e.to_string())?;
    let settings = Settings::default()
        .with_max_bits(Some(max_bits))
        .with_effort(10)
        .with_reverse(false)
        .with_verify(Verify::Sampled(16))
        .with_index(index);
    let built = match v.board.word_bits() {
        128 => build::<u128>(v, moves, &settings).map(|_| ()),
        192 => build::<Bitboard192>(v, moves, &settings).map(|_| ()),
        _ => build::<Bitboard256>(v, moves, &settings).map(|_| ()),
    };
    built.map_err(|e| e.to_string())
}

/// Bent riders that look along the lines through the top square of each half (p4 and p8 on
/// 16x8, h8 and h16 on 8x16), and a hopper whose paths hold both.
const PIECES: &str = "piece A bent-a [W?sR]\npiece B bent-b [W-sR]\npiece C cannon mRcpR\n";

#[test]
fn every_index_kind_separates_the_top_squares_of_both_halves() {
    for board in ["16x8", "8x16", "11x11"] {
        // split32 once had a dead combination here ({p4, p7} against {p5, p6} on 16x8: each
        // part took in the part below it shifted by 16, the period of a file).
        for index in [Index::Magic, Index::Split32, Index::Pext] {
            let text = format!("variant dead-bits\nboard {board}\n{PIECES}");
            compiles(&text, 10, index).unwrap_or_else(|e| panic!("{board}, index {index:?}: {e}"));
        }
    }
}

/// On 256 squares a cannon's file lookups run through the top squares of three words (p3 to
/// p10 on 16x16 at 8 bits: p4 and p8), and a bent rider's through all four; 12x12 and 13x13
/// take three words (`Bitboard192`), folded as the first three of 256. The first fold of
/// the 256-bit hash (by 8, 16 and 24 bits) mapped the p-file onto itself, and a file lookup
/// there had no magic. Eight index bits keep the tables of these boards small enough to test.
#[test]
fn every_index_kind_separates_the_top_squares_of_the_four_words() {
    for board in ["16x16", "12x12", "13x13", "16x12"] {
        for index in [Index::Magic, Index::Split32, Index::Pext] {
            let text = format!("variant dead-bits\nboard {board}\npiece A bent-a [W?sR]\npiece C cannon mRcpR\n");
            compiles(&text, 8, index).unwrap_or_else(|e| panic!("{board}, index {index:?}: {e}"));
        }
    }
}

/// Every lookup of every gallery piece (67 pieces, forward kinds) finds a magic on the three
/// boards whose lines cross the 64-bit boundary in every way: 16x8 (a rank ends on each word's
/// top square), 8x16 (a file does) and 11x11 (neither). The lookups are of 8 bits: the cost
/// model's own budgets would need more occupancies than the search allows on 128 squares.
/// The magic and split32 indexes search (PEXT has nothing to find).
#[test]
fn every_gallery_mask_has_a_magic_on_boards_across_the_word_boundary() {
    let gallery = include_str!("../../variants/gallery.variant");
    for board in ["16x8", "8x16", "11x11"] {
        let text = gallery.replace("\nboard 8x8\n", &format!("\nboard {board}\n"));
        for index in [Index::Magic, Index::Split32] {
            compiles(&text, 8, index).unwrap_or_else(|e| panic!("the gallery on {board}, index {index:?}: {e}"));
        }
    }
}
