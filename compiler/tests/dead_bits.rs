//! Masks that hold the top square of two or more 64-bit words of a u128 or 256-square board: the
//! magic and PEXT indexes must have a magic for them (bit 63 and bit 127 each reach only the top
//! bit of their word's product, and the index once could not tell them apart: `[W?sR]` on 16x8
//! had no magic). On 16x16 the top squares of the four words are p4, p8, p12 and p16.

use fairy_magic::{Options, Source};
use fairy_magic_runtime::Index;

fn compiles(board: &str, max_bits: u32, pieces: &str, index: &str) {
    let text = format!(
        "variant dead-bits\nboard {board}\noption max-bits {max_bits}\noption effort 10\noption index {index}\n{pieces}"
    );
    if let Err(e) = fairy_magic::compile(&Source { file: "dead-bits.variant", text: &text }, &Options::new()) {
        panic!("{board}, index {index}: {e}");
    }
}

/// Bent riders that look along the lines through the top square of each half (p4 and p8 on
/// 16x8, h8 and h16 on 8x16), and a hopper whose paths hold both.
const PIECES: &str = "piece A bent-a [W?sR]\npiece B bent-b [W-sR]\npiece C cannon mRcpR\n";

#[test]
fn every_index_kind_separates_the_top_squares_of_both_halves() {
    for board in ["16x8", "8x16", "11x11"] {
        // split32 still has a dead combination on u128 ({p4, p7} against {p5, p6} on 16x8:
        // each 32-bit part's top bit reaches only bit 31 of the mix); issue 13 tracks it.
        for index in ["magic", "pext"] {
            compiles(board, 10, PIECES, index);
        }
    }
}

/// On 256 squares a cannon's file lookups run through the top squares of three words (p3 to
/// p10 on 16x16 at 8 bits: p4 and p8), and a bent rider's through all four. The first fold of
/// the 256-bit hash (by 8, 16 and 24 bits) mapped the p-file onto itself, and a file lookup
/// there had no magic. Eight index bits keep the tables of these boards small enough to test.
#[test]
fn every_index_kind_separates_the_top_squares_of_the_four_words() {
    for board in ["16x16", "12x12", "13x13"] {
        for index in ["magic", "pext"] {
            compiles(board, 8, "piece A bent-a [W?sR]\npiece C cannon mRcpR\n", index);
        }
    }
}

/// Every lookup of every gallery piece (67 pieces, forward kinds) finds a magic on the three
/// boards whose lines cross the 64-bit boundary in every way: 16x8 (a rank ends on each word's
/// top square), 8x16 (a file does) and 11x11 (neither). The lookups are of 8 bits: the cost
/// model's own budgets would need more occupancies than the search allows on 128 squares.
/// Only the magic index searches (PEXT has nothing to find), and the verification is sampled:
/// what is tested is the search, not the tables, which the shipped modules' tests check.
#[test]
fn every_gallery_mask_has_a_magic_on_boards_across_the_word_boundary() {
    use fairy_magic::stages::tables::Verify;
    use fairy_magic::stages::{error, variant};
    use fairy_magic::{build, piece_moves, Settings};
    let gallery = include_str!("../../variants/gallery.variant");
    for board in ["16x8", "8x16", "11x11"] {
        let text = gallery.replace("\nboard 8x8\n", &format!("\nboard {board}\n"));
        let v = variant::parse("gallery.variant", &text).unwrap();
        let moves = piece_moves(&v, &error::Source { file: "gallery.variant", text: &text }).unwrap();
        let settings = Settings {
            max_bits: Some(8),
            effort: 10,
            reverse: false,
            verify: Verify::Sampled(16),
            index: Index::Magic,
            ..Settings::default()
        };
        if let Err(e) = build::<u128>(v, moves, &settings) {
            panic!("the gallery on {board}: {e}");
        }
    }
}
