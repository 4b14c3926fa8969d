//! Masks that hold the top square of two or more 64-bit words of a u128 or 256-square board: the
//! magic and PEXT indexes must have a magic for them (bit 63 and bit 127 each reach only the top
//! bit of their word's product, and the index once could not tell them apart: `[W?sR]` on 16x8
//! had no magic). On 16x16 the top squares of the four words are p4, p8, p12 and p16.

use fairy_magic::{Options, Source};

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
