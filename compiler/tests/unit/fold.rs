use fairy_magic::stages::board::Squares;
use fairy_magic::stages::fold::*;
use fairy_magic::stages::lookups::SlotPlan;
use fairy_magic::stages::reads::{Entries, Read};
use fairy_magic::stages::tables::Block;

fn slot(lookups: &[usize]) -> SlotPlan {
    SlotPlan { leaps: Squares::EMPTY, lines: vec![], lookups: lookups.to_vec(), checks: vec![] }
}

fn block(leaps: &[u64]) -> Block<u64> {
    let probes = 1;
    Block {
        probes_per_square: probes,
        checks_per_square: 0,
        lines_per_square: 0,
        leaps: leaps.to_vec(),
        stored_leaps: leaps.to_vec(),
        probes: vec![],
        checks: vec![],
        lines: vec![],
        reads: vec![Read::Slot { probes, entries: Entries::Sets }],
        stored_per_square: 0,
        stored: vec![],
    }
}

#[test]
fn a_lookup_takes_in_the_leaps_of_the_one_square_that_reads_it() {
    let slots = [slot(&[0]), slot(&[1]), slot(&[])];
    let b = block(&[0b1, 0, 0b100]);
    let folding = folding(&[(&slots[..], &b)], 2);
    assert_eq!(folding, Folding { folds: vec![true], taken_in: vec![0b1, 0], alone: vec![0b100] });
}

#[test]
fn a_lookup_shared_by_different_leaps_takes_in_neither() {
    // Two blocks read lookup 0 alone with different leaps: both store theirs. A third,
    // whose square has no leaps, still folds.
    let slots = [slot(&[0])];
    let (one, other, none) = (block(&[0b1]), block(&[0b10]), block(&[0]));
    let folding = folding(&[(&slots[..], &one), (&slots[..], &other), (&slots[..], &none)], 1);
    assert_eq!(folding.folds, [false, false, true]);
    assert_eq!(folding.taken_in, [0]);
}

#[test]
fn lookups_take_in_the_leaps_all_their_readers_have() {
    // A bishop reads lookup 0, a rook lookup 1, and a queen both: the bishop's and the
    // rook's leaps go to their lookups, and the queen's are the two together. A knight-queen
    // whose lookups are the same has a leap neither may take in: it keeps its leaps.
    let (bishop, rook, queen) = ([slot(&[0])], [slot(&[1])], [slot(&[1, 0])]);
    let (b, r, q, nq) = (block(&[0b1]), block(&[0b10]), block(&[0b11]), block(&[0b111]));
    let folding = folding(&[(&queen[..], &q), (&bishop[..], &b), (&rook[..], &r), (&queen[..], &nq)], 2);
    assert_eq!(folding.folds, [true, true, true, false]);
    assert_eq!(folding.taken_in, [0b1, 0b10]);
}

#[test]
fn a_shared_lookup_asked_for_leaps_and_for_none_takes_in_none() {
    // Both blocks read lookup 0 and nothing else; only one has leaps: it stores them, and
    // the other, with none to fold, reads its probes alone.
    let slots = [slot(&[0])];
    let (one, other) = (block(&[0b1]), block(&[0]));
    let folding = folding(&[(&slots[..], &one), (&slots[..], &other)], 1);
    assert_eq!(folding.folds, [false, true]);
    assert_eq!(folding.taken_in, [0]);
}
