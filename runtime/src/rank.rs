//! [`rank_slide`]: a slide along a piece's whole rank, both ways, read from one small table that
//! every rank and every piece shares.
//!
//! A rank's squares are consecutive bits (`rank * files + file`), so the rank's occupancy,
//! shifted down, indexes a table directly, with no hash; and a slide along it depends on the
//! piece's file and the rank's occupancy, never on which rank it is. Only the inner squares of
//! the rank can block (a slide always reaches an end square, occupied or not), so the table
//! holds `2^(files - 2)` entries a file: 512 bytes on 8 files, where the rank's squares fit a
//! `u8`, and 5 KB on 10 files in `u16`s. The answer is shifted back onto the piece's rank.

use crate::LookupBits;

/// The squares a slide along the whole rank of `square` reaches both ways, up to and including
/// the first blocker each way, on a board of `files` files (at least 2).
///
/// `table[file << (files - 2) | inner]` holds that answer as the rank's bits (file 0 lowest) for
/// a piece on `file` when the rank's inner squares (files 1 to `files - 2`) are occupied as
/// the bits of `inner`; a generated module holds one such table for every rank and piece.
#[inline(always)]
pub fn rank_slide<B: LookupBits, E: Copy + Into<u64>>(table: &[E], files: usize, square: usize, occupied: B) -> B {
    let file = square % files;
    let start = (square - file) as u32;
    let inner_bits = files as u32 - 2;
    let inner = (occupied >> (start + 1)).low_word() & ((1 << inner_bits) - 1);
    B::from_low_word(table[file << inner_bits | inner as usize].into()) << start
}

/// How many entries the rank table of a board of `files` files holds (see [`rank_slide`]).
pub const fn rank_table_len(files: usize) -> usize {
    files << (files - 2)
}

/// Entry `index` of the rank table of a board of `files` files (see [`rank_slide`], whose
/// layout this reads back): the squares of the rank, as bits, that a slide from the entry's
/// file reaches both ways when the inner squares are occupied as the bits of its `inner`.
/// The compiler fills a module's table with it; at run time nothing calls it.
pub const fn rank_table_entry(files: usize, index: usize) -> u64 {
    let inner_bits = files - 2;
    let (file, inner) = (index >> inner_bits, index & ((1 << inner_bits) - 1));
    // The whole rank's occupancy: the inner squares one file up.
    let occupied = inner << 1;
    let mut reached = 0;
    let mut to = file + 1;
    while to < files {
        reached |= 1 << to;
        if occupied >> to & 1 == 1 {
            break;
        }
        to += 1;
    }
    let mut to = file;
    while to > 0 {
        to -= 1;
        reached |= 1 << to;
        if occupied >> to & 1 == 1 {
            break;
        }
    }
    reached
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;
    use crate::test_rng::xorshift;
    use crate::{Bitboard192, Bitboard256};

    /// The table of a board of `files` files, entry by entry from [`rank_table_entry`].
    fn table(files: usize) -> Vec<u16> {
        (0..rank_table_len(files)).map(|i| rank_table_entry(files, i) as u16).collect()
    }

    /// The slide walked square by square, each way up to and including the first blocker, as a
    /// reference.
    fn walked<B: LookupBits>(files: usize, square: usize, occupied: B) -> B {
        let (file, start) = (square % files, square - square % files);
        let ways: [Vec<usize>; 2] = [(file + 1..files).collect(), (0..file).rev().collect()];
        let mut reached = B::EMPTY;
        for way in ways {
            for to in way {
                reached |= B::from_index(start + to);
                if occupied.has_index(start + to) {
                    break;
                }
            }
        }
        reached
    }

    /// Every file count up to 12, every square of a rank placed at every rank of a board of its
    /// width, every occupancy of that rank's squares, and random occupancies of the others.
    fn every_rank_occupancy<B: LookupBits>(most_files: usize) {
        let mut rng = xorshift(0x7f4a_7c15_9e37_79b9);
        for files in 2..=most_files {
            let ranks = B::BITS as usize / files;
            let table = table(files);
            for rank in [0, ranks / 2, ranks - 1] {
                let start = rank * files;
                for file in 0..files {
                    let square = start + file;
                    for rank_occupancy in 0..1u64 << files {
                        // Random squares around the rank (and low on the board) besides its own.
                        let around = B::from_low_word(rng()) << start.saturating_sub(32) as u32;
                        let mut occupied = around ^ B::from_low_word(rng());
                        for f in 0..files {
                            let bit = B::from_index(start + f);
                            occupied = if rank_occupancy >> f & 1 == 1 { occupied | bit } else { occupied & !bit };
                        }
                        let read = rank_slide(&table, files, square, occupied);
                        assert_eq!(read, walked(files, square, occupied), "{files} files, square {square}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_rank_slide_is_the_walk_on_every_width() {
        every_rank_occupancy::<u64>(12);
        every_rank_occupancy::<u128>(12);
        every_rank_occupancy::<Bitboard192>(12);
        every_rank_occupancy::<Bitboard256>(12);
    }

    #[test]
    fn a_table_of_eight_files_fits_bytes() {
        let table = table(8);
        assert_eq!(table.len(), 512);
        assert!(table.iter().all(|&e| e <= u16::from(u8::MAX)));
        let bytes: Vec<u8> = table.iter().map(|&e| e as u8).collect();
        // d1 with c1 and g1 occupied: c1 to g1 but d1 itself.
        let occupied: u64 = 1 << 2 | 1 << 6;
        assert_eq!(rank_slide(&bytes, 8, 3, occupied), 0b0111_0100);
        // The same on the eighth rank.
        assert_eq!(rank_slide(&bytes, 8, 59, occupied << 56), 0b0111_0100 << 56);
    }
}
