//! Part of stage 6 (tables): which blocks store their probes alone, each square's leaps folded
//! into the entries of one of its probes ([`Read::Probes`]), and so what each lookup's entries
//! take in. A lookup's entries hold one answer an occupancy, shared by every slot that probes
//! it, so they take in only squares that every such slot reaches anyway. A bishop's first
//! diagonal steps (leaps, which every occupancy leaves reachable) then cost no load and no
//! union at run time.
//!
//! Pure: plain data in, plain data out; `tables::lay_out` packs and places what it says.

use crate::board::Word;
use crate::lookups::SlotPlan;
use crate::magics;
use crate::reads::{Entries, Read};
use crate::tables::Block;

/// What folding decides for a module's blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folding<B> {
    /// One a block: whether it stores its probes alone, its leaps in its entries.
    pub folds: Vec<bool>,
    /// One a lookup: the leaps its entries take in (empty for none).
    pub taken_in: Vec<B>,
    /// The leaps of squares, in folding blocks, that have no probe of their own to take them
    /// in: each distinct set once, in the order first met, for an entry of its own that a
    /// padding probe reads.
    pub alone: Vec<B>,
}

impl<B: Word> Folding<B> {
    /// The entries to pack: every lookup's `used` entries (in lookup order) with the leaps they
    /// take in, then one entry for each set of leaps [`Folding::alone`] lists.
    pub fn entries(&self, used: Vec<magics::Entries>) -> Vec<magics::Entries> {
        let taken = used
            .into_iter()
            .zip(&self.taken_in)
            .map(|(used, leaps)| used.into_iter().map(|(i, set)| (i, set | leaps.to_squares())).collect());
        taken.chain(self.alone.iter().map(|leaps| vec![(0, leaps.to_squares())])).collect()
    }
}

/// Decides which of `blocks` (each with the slots it was laid out from) fold, given `lookups`
/// lookups. Only blocks whose entries are sets fold, not numbered ones (see below).
///
/// A lookup may take in the squares that every slot reading it has among its leaps: they are
/// in each reader's answer anyway, from the lookup or from where it stores them. A block folds
/// where each square's leaps are all among what its lookups may take in, or it has no probe
/// (an entry of their own takes them). A queen whose probes share the rook's and the bishop's
/// lookups so folds its orthogonal steps into the one and its diagonal steps into the other.
pub fn folding<B: Word>(blocks: &[(&[SlotPlan], &Block<B>)], lookups: usize) -> Folding<B> {
    let mut allowed = vec![!B::EMPTY; lookups];
    for (slot, &leaps) in blocks.iter().flat_map(|(slots, block)| slots.iter().zip(&block.stored_leaps)) {
        for &id in &slot.lookups {
            allowed[id] &= leaps;
        }
    }
    let may_take = |slot: &SlotPlan| slot.lookups.iter().fold(B::EMPTY, |may, &id| may | allowed[id]);
    // Numbered entries name sets that lookups share, which a square's own leaps would make
    // distinct: on 14x14 that grew a module's sets by a quarter, past its cache size.
    let folds: Vec<bool> = blocks
        .iter()
        .map(|(slots, block)| {
            let folds =
                |(slot, &leaps): (&SlotPlan, &B)| slot.lookups.is_empty() || leaps & !may_take(slot) == B::EMPTY;
            block.reads.iter().any(|r| matches!(r, Read::Slot { entries: Entries::Sets, .. }))
                && slots.iter().zip(&block.stored_leaps).all(folds)
        })
        .collect();
    let mut taken_in = vec![B::EMPTY; lookups];
    for ((slots, block), _) in blocks.iter().zip(&folds).filter(|(_, &folds)| folds) {
        for (slot, &leaps) in slots.iter().zip(&block.stored_leaps) {
            for &id in &slot.lookups {
                taken_in[id] |= leaps & allowed[id];
            }
        }
    }
    let alone = alone(blocks, &folds);
    Folding { folds, taken_in, alone }
}

/// The distinct leaps of folding blocks' squares with no probe, in the order first met.
fn alone<B: Word>(blocks: &[(&[SlotPlan], &Block<B>)], folds: &[bool]) -> Vec<B> {
    let mut alone = Vec::new();
    for ((slots, block), _) in blocks.iter().zip(folds).filter(|(_, &folds)| folds) {
        for (slot, &leaps) in slots.iter().zip(&block.stored_leaps) {
            if slot.lookups.is_empty() && leaps != B::EMPTY && !alone.contains(&leaps) {
                alone.push(leaps);
            }
        }
    }
    alone
}
