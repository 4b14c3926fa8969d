//! Stage 4: path moves → lookups. For every (table kind, piece, colour, square) slot, decide
//! which destinations are plain leaps and how the rest are grouped into magic lookups, under a
//! budget of index bits. Identical lookups anywhere in the variant become one table.
//!
//! The steps follow H.G. Muller's design (docs/design.md, "Slots and lookups"): drop duplicates and detours,
//! take leaps out, absorb every ride into the longest ride that contains it, then choose the
//! grouping with the fewest probes and, among those, the fewest new table entries. Tables that
//! an earlier slot already made cost nothing, so slots with fewer moves are planned first: a
//! queen then reuses the rook's and the bishop's tables.

use fairy_magic_runtime::BitboardExt;

use crate::board::{bit, Square, Squares};
use crate::calibration::{Cache, FormCosts};
use crate::cost::{cost, Cost};
use crate::fxhash::{FxHashMap, FxHashSet};
use crate::lines::{self, ComputedLine};
use crate::parallel;
use crate::paths::{Condition, Gate, PathMove};
pub use crate::settings::LineChoice;
use crate::settings::{MAX_BITS, MIN_BITS};

/// One magic lookup: the squares it looks at and the gates it covers. The gates (sorted)
/// are its identity: two lookups with the same gates are the same table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lookup {
    /// The squares the lookup looks at: the union of its gates' paths, whose occupancy decides
    /// the answer.
    pub mask: Squares,
    /// The gates it covers, sorted.
    pub gates: Vec<Gate>,
}

impl Lookup {
    fn new(mut gates: Vec<Gate>) -> Lookup {
        gates.sort();
        Lookup { mask: gates.iter().fold(Squares::EMPTY, |m, g| m | g.path), gates }
    }

    /// What the table entry for this occupancy holds.
    pub fn answer(&self, occupied: Squares) -> Squares {
        self.gates.iter().filter(|g| g.open(occupied)).fold(Squares::EMPTY, |set, g| set | bit(g.dest))
    }
}

/// How one slot is read: plain leaps, lines computed from the occupancy, probes into shared
/// lookups, and plain checks for moves that look at more squares than a lookup may (or that
/// did not fit the probes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SlotPlan {
    /// Destinations reached whatever the board holds: given without a probe.
    pub leaps: Squares,
    /// Slides and hops along lines, computed with no table where that measures cheaper.
    pub lines: Vec<ComputedLine>,
    /// Indices into `Plan::lookups`.
    pub lookups: Vec<usize>,
    /// Moves covered by plain checks, one by one, rather than by a lookup.
    pub checks: Vec<PlannedCheck>,
}

impl SlotPlan {
    /// What the cost model and `option probes` count of a slot: its probes and plain checks
    /// (a check costs about what a probe does). Lines are chosen before budgets are, where
    /// they measure cheaper than the probes they replace, so they are not counted again.
    pub fn probes_and_checks(&self) -> usize {
        self.lookups.len() + self.checks.len()
    }

    /// Everything the slot reads at run time: probes, lines and plain checks.
    pub fn reads(&self) -> usize {
        self.lookups.len() + self.lines.len() + self.checks.len()
    }

    /// What the slot reads, by form.
    pub(crate) fn counts(&self) -> Counts {
        Counts { probes: self.lookups.len(), lines: self.lines.len(), checks: self.checks.len() }
    }
}

/// Destinations reached when `occupied & path == required`, tested one by one at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlannedCheck {
    /// The squares the check looks at.
    pub path: Squares,
    /// The squares of `path` that must be occupied; the rest must be empty.
    pub required: Squares,
    /// The destinations the check adds when it passes: every square with this same condition.
    pub dest: Squares,
}

/// The lookups of a whole variant and how each slot uses them.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Every distinct lookup, in the order slots first needed them.
    pub lookups: Vec<Lookup>,
    /// One plan per slot, in the order the slots were given.
    pub slots: Vec<SlotPlan>,
    /// Whose probe costs weighed lines against tables: cached tables', or uncached ones' where
    /// the tables were over the cache size (the header says which).
    pub cache: Cache,
}

/// About the bytes of a plan's tables: every lookup's `2^mask` entries, before any packing or
/// narrower magic (what decides whether they fit the cache size).
pub fn table_bytes(plan: &Plan, word_bytes: usize) -> usize {
    plan.lookups.iter().map(|l| (1usize << l.mask.count_ones().max(1)) * word_bytes).sum()
}

/// What every budget from `MIN_BITS` to `MAX_BITS` would cost each piece, its lines as
/// measured and, for a piece that has lines, with every line computed ([`LineUse`]):
/// `costs[piece]`, each piece planned alone over its own slots (`piece_of(slot)`).
/// `steps(slot plan, lookups, path moves)` is what verifying one slot so planned would take.
pub fn sweep(
    slots: &[Vec<PathMove>],
    piece_of: impl Fn(usize) -> usize,
    pieces: usize,
    reads: Reads,
    word_bytes: usize,
    threads: usize,
    steps: impl Fn(&SlotPlan, &[Lookup], usize) -> u64 + Sync,
) -> Vec<Vec<Cost>> {
    let own_slots: Vec<Vec<usize>> =
        (0..pieces).map(|p| (0..slots.len()).filter(|&i| piece_of(i) == p).collect()).collect();
    // Leaps, gates and lines do not depend on the budget: split once, planned at every budget.
    let own: Vec<Vec<Split>> =
        own_slots.iter().map(|mine| Split::all(mine.iter().map(|&i| slots[i].as_slice()))).collect();
    // A piece without lines plans the same either way, and `lines never` computes none: once
    // is enough.
    let uses = |p: usize| match reads.may_compute_lines() && own[p].iter().any(|s| !s.lines.is_empty()) {
        true => &[LineUse::AsMeasured, LineUse::Always][..],
        false => &[LineUse::AsMeasured][..],
    };
    // Every (piece, budget, line use) is planned on its own: spread them over the cores.
    let each: Vec<(usize, u32, LineUse)> = (0..pieces)
        .flat_map(|p| uses(p).iter().flat_map(move |&using| (MIN_BITS..=MAX_BITS).map(move |bits| (p, bits, using))))
        .collect();
    let costs = parallel::map(&each, threads, |&(p, bits, using)| {
        let plan = plan_gates(&own[p], &vec![bits; own[p].len()], &vec![using; own[p].len()], reads);
        let verify_steps =
            plan.slots.iter().zip(&own_slots[p]).map(|(slot, &i)| steps(slot, &plan.lookups, slots[i].len())).sum();
        Cost { verify_steps, lines: using, ..cost(&plan, bits, word_bytes, reads) }
    });
    let mut by_piece: Vec<Vec<Cost>> = vec![Vec::new(); pieces];
    for ((p, _, _), cost) in each.iter().zip(costs) {
        by_piece[*p].push(cost);
    }
    by_piece
}

/// Exhaustive grouping is exact up to this many rides; greedy merging brings larger sets down.
const EXACT_GROUPING_LIMIT: usize = 12;

/// What a slot may read, besides its leaps: at most `max_probes` probes, and lines where the
/// measured `forms` say they cost less than the probes they replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// The most probes one slot may make (`max-probes`); plain checks take the rest.
    pub max_probes: usize,
    /// What each form costs on the module's bitboard width.
    pub forms: FormCosts,
    /// How many consecutive slots of those planned make one block (numbered by
    /// [`crate::slots::SlotOrder::block_index`]): a kind, piece and colour on every square of the
    /// board. Every square of a block makes as many probes, lines and checks as its busiest
    /// square (padding ones answer nothing but take their time), so lines are chosen, and reads
    /// priced, block by block. The slots planned must be whole blocks.
    pub block: usize,
}

impl Reads {
    /// Reads that never choose a line: every slide is a table, as before lines existed
    /// (`option lines never`, and the tests of table grouping). Blocks of one slot.
    pub fn tables_only(max_probes: usize) -> Reads {
        Reads {
            max_probes,
            forms: FormCosts { probe: 1, line: u32::MAX, slide: 1, rank: u32::MAX, check: 1 },
            block: 1,
        }
    }

    /// Whether these reads may compute a line at all (not under [`Reads::tables_only`]).
    pub fn may_compute_lines(&self) -> bool {
        self.forms.line != u32::MAX
    }

    /// What a slot may read under these settings: `forms` where lines are measured. Blocks of
    /// one slot until [`Reads::in_blocks`].
    pub fn new(max_probes: usize, forms: FormCosts, lines: LineChoice) -> Reads {
        match lines {
            LineChoice::Measured => Reads { max_probes, forms, block: 1 },
            LineChoice::Never => Reads::tables_only(max_probes),
        }
    }

    /// These reads, for slots planned in blocks of `squares` (a board's squares).
    pub fn in_blocks(self, squares: usize) -> Reads {
        Reads { block: squares.max(1), ..self }
    }

    /// What one slot's reads measure.
    fn picos(&self, c: Counts) -> u64 {
        self.forms.picos(c.probes, c.lines, c.checks)
    }

    /// What slots' reads measure, planned in blocks of [`Reads::block`] consecutive slots: each
    /// slot reads as many probes, lines and checks as the busiest slot of its block.
    pub(crate) fn padded_picos(&self, slots: &[Counts]) -> u64 {
        slots
            .chunks(self.block)
            .map(|block| {
                let most = |of: fn(&Counts) -> usize| block.iter().map(of).max().unwrap_or(0);
                let widest =
                    Counts { probes: most(|c| c.probes), lines: most(|c| c.lines), checks: most(|c| c.checks) };
                block.len() as u64 * self.picos(widest)
            })
            .sum()
    }
}

/// Plans every slot. `slots[i]` is the list of path moves that slot holds; it gets at
/// most `reads.max_probes` lookups of at most `budgets[i]` index bits each, and computed lines
/// where `reads.forms` says its block ([`Reads::block`] slots; `slots` are whole blocks) costs
/// less with them than with the lookups they replace. `cache` only records which figures
/// `reads` holds.
pub fn plan(slots: &[Vec<PathMove>], budgets: &[u32], reads: Reads, cache: Cache) -> Plan {
    plan_with(slots, budgets, &vec![LineUse::AsMeasured; slots.len()], reads, cache)
}

/// [`plan`], with each slot's [`LineUse`]: `lines[i]` for `slots[i]`.
pub fn plan_with(slots: &[Vec<PathMove>], budgets: &[u32], lines: &[LineUse], reads: Reads, cache: Cache) -> Plan {
    let split = Split::all(slots.iter().map(Vec::as_slice));
    Plan { cache, ..plan_gates(&split, budgets, lines, reads) }
}

/// Whether a slot computes its lines where the measured forms say so, or wherever it can.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LineUse {
    /// Where its block measures faster with them (`block_lines`).
    #[default]
    AsMeasured,
    /// Every line the slot has: what a piece whose tables do not fit the cache size gives way
    /// to, since a computed line keeps no table ([`crate::cost::choose_budgets`]).
    Always,
}

/// [`plan`] of slots already split ([`Split::all`]).
fn plan_gates(split: &[Split], budgets: &[u32], lines: &[LineUse], reads: Reads) -> Plan {
    let measured = block_lines(split, budgets, reads);
    let with_lines: Vec<bool> = measured
        .iter()
        .zip(lines)
        .map(|(&measured, &using)| measured || (using == LineUse::Always && reads.may_compute_lines()))
        .collect();
    let mut order: Vec<usize> = (0..split.len()).collect();
    order.sort_by_key(|&i| split[i].gates.len());

    let mut plan = Plan { lookups: Vec::new(), slots: vec![SlotPlan::default(); split.len()], cache: Cache::Hot };
    let mut known = Known::default();
    // Slots with the same gates, budget and choice of lines get the same reads: plan them once.
    type SlotReads = (Vec<ComputedLine>, Vec<usize>, Vec<PlannedCheck>);
    let mut memo: FxHashMap<(usize, u32, bool), SlotReads> = FxHashMap::default();
    for i in order {
        let slot = &split[i];
        let key = (slot.alike, budgets[i], with_lines[i]);
        let (lines, ids, checks) = match memo.get(&key) {
            Some(done) => done.clone(),
            None => {
                let (lines, tabled) = match with_lines[i] {
                    true => (slot.lines.clone(), slot.unlined.as_slice()),
                    false => (Vec::new(), slot.gates.as_slice()),
                };
                let (groups, checks) = table_reads(tabled, budgets[i], reads.max_probes, &known);
                let ids: Vec<usize> = groups
                    .into_iter()
                    .map(|g| {
                        let lookup = Lookup::new(g);
                        known.masks.insert(lookup.mask);
                        *known.lookups.entry(lookup.gates.clone()).or_insert_with(|| {
                            plan.lookups.push(lookup);
                            plan.lookups.len() - 1
                        })
                    })
                    .collect();
                memo.insert(key, (lines.clone(), ids.clone(), checks.clone()));
                (lines, ids, checks)
            }
        };
        plan.slots[i] = SlotPlan { leaps: slot.leaps, lines, lookups: ids, checks };
    }
    plan
}

/// The lookups and plain checks that cover `tabled` gates: groups of at most `max_bits`
/// squares, the `max_probes` groups covering the most moves probed, the rest (and every gate
/// looking at more than `max_bits` squares) checked.
fn table_reads(
    tabled: &[Gate],
    max_bits: u32,
    max_probes: usize,
    known: &Known,
) -> (Vec<Vec<Gate>>, Vec<PlannedCheck>) {
    let (wide, narrow): (Vec<Gate>, Vec<Gate>) = tabled.iter().partition(|g| g.path.count_ones() > max_bits);
    let mut groups = group(&narrow, max_bits, known);
    let mut by_value: Vec<usize> = (0..groups.len()).collect();
    by_value.sort_by_key(|&g| std::cmp::Reverse(groups[g].len()));
    let mut unprobed: Vec<Gate> = wide;
    for &g in by_value.iter().skip(max_probes) {
        unprobed.append(&mut groups[g]);
    }
    groups.retain(|g| !g.is_empty());
    (groups, plain_checks(&unprobed))
}

/// One slot's moves as the planner reads them, whatever the budget: its leaps, its gates, and
/// the lines it could compute ([`lines::find`]) with the gates those leave to tables.
struct Split {
    /// Destinations always open.
    leaps: Squares,
    /// Every other move's gate, each covered by a table or a plain check if not by a line.
    gates: Vec<Gate>,
    /// The lines found among `gates`.
    lines: Vec<ComputedLine>,
    /// The gates of `gates` no line covers.
    unlined: Vec<Gate>,
    /// The first slot of the list with the same gates (this one's own index if none came
    /// before): slots alike are planned once, keyed by this number rather than by their gates,
    /// which took a tenth of a 16x16 compilation to hash again at every budget.
    alike: usize,
}

impl Split {
    /// Each slot's moves split, and numbered by the first slot with the same gates. Slots
    /// alike share their lines, found once.
    fn all<'m>(slots: impl Iterator<Item = &'m [PathMove]>) -> Vec<Split> {
        let mut first: FxHashMap<Vec<Gate>, usize> = FxHashMap::default();
        let mut splits: Vec<Split> = Vec::new();
        for (i, moves) in slots.enumerate() {
            let (leaps, gates) = split_leaps(moves);
            let split = match first.get(&gates) {
                Some(&alike) => {
                    let earlier = &splits[alike];
                    Split { leaps, lines: earlier.lines.clone(), unlined: earlier.unlined.clone(), alike, gates }
                }
                None => {
                    first.insert(gates.clone(), i);
                    let found = lines::find(&gates);
                    let lined: FxHashSet<&Gate> = found.gates.iter().collect();
                    let unlined = gates.iter().filter(|g| !lined.contains(g)).copied().collect();
                    Split { leaps, lines: found.lines, unlined, alike: i, gates }
                }
            };
            splits.push(split);
        }
        splits
    }
}

/// What one slot reads: the counts a block is priced by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    probes: usize,
    lines: usize,
    checks: usize,
}

/// Which slots compute their lines, chosen a block at a time ([`Reads::block`]) by what the
/// block's padded reads measure at `reads.forms`' figures: every slot's lines, no lines, or
/// each slot by its own reads, whichever measures least (a tie to the first, which holds
/// fewer tables). A block of rook squares where one probe beats two lines on some squares and
/// loses on others would otherwise read a probe and two lines on every square.
fn block_lines(split: &[Split], budgets: &[u32], reads: Reads) -> Vec<bool> {
    debug_assert_eq!(split.len() % reads.block, 0, "slots planned in whole blocks");
    // Probes are counted as if no table existed yet: a probe costs its time whether or not an
    // earlier slot made its table, and the grouping's count of probes hardly depends on it.
    let known = Known::default();
    // Each slot's reads with its lines and without them; slots alike are counted once.
    let mut memo: FxHashMap<(usize, u32), [Counts; 2]> = FxHashMap::default();
    let mut counts: Vec<[Counts; 2]> = Vec::with_capacity(split.len());
    for (slot, &bits) in split.iter().zip(budgets) {
        let both = *memo.entry((slot.alike, bits)).or_insert_with(|| {
            let count = |lines: usize, tabled: &[Gate]| {
                let (groups, checks) = table_reads(tabled, bits, reads.max_probes, &known);
                Counts { probes: groups.len(), lines, checks: checks.len() }
            };
            let without = count(0, &slot.gates);
            let with = if slot.lines.is_empty() { without } else { count(slot.lines.len(), &slot.unlined) };
            [with, without]
        });
        counts.push(both);
    }
    let mut chosen = Vec::with_capacity(split.len());
    for block in counts.chunks(reads.block) {
        let each: Vec<bool> = block.iter().map(|[with, without]| reads.picos(*with) <= reads.picos(*without)).collect();
        let options = [vec![true; block.len()], each, vec![false; block.len()]];
        let price = |option: &Vec<bool>| {
            let read: Vec<Counts> =
                block.iter().zip(option).map(|(&[with, without], &lines)| if lines { with } else { without }).collect();
            reads.padded_picos(&read)
        };
        let best = options.iter().min_by_key(|o| price(o)).expect("three options");
        chosen.extend_from_slice(best);
    }
    chosen
}

/// Gates as plain checks, one per distinct (path, required), a hopper's hurdle spelled out.
fn plain_checks(gates: &[Gate]) -> Vec<PlannedCheck> {
    let mut exact: Vec<(Squares, Squares, Square)> = Vec::new();
    for g in gates {
        match g.condition {
            Condition::Exact => exact.push((g.path, g.required, g.dest)),
            Condition::OneOf => {
                exact.extend(crate::board::squares_of(g.path).map(|h| (g.path, bit(h), g.dest)));
            }
        }
    }
    exact.sort();
    let mut checks: Vec<PlannedCheck> = Vec::new();
    for (path, required, dest) in exact {
        match checks.last_mut() {
            Some(c) if c.path == path && c.required == required => c.dest |= bit(dest),
            _ => checks.push(PlannedCheck { path, required, dest: bit(dest) }),
        }
    }
    checks
}

/// Removes duplicates and detours; returns the leaps (always open) and the gates left.
pub fn split_leaps(moves: &[PathMove]) -> (Squares, Vec<Gate>) {
    let mut gates: Vec<Gate> = moves.iter().map(Gate::of).collect();
    gates.sort();
    gates.dedup();
    // Sorted gates come a destination at a time; a detour is one of the same destination.
    let kept: Vec<Gate> = gates
        .chunk_by(|a, b| a.dest == b.dest)
        .flat_map(|same| same.iter().filter(|g| !same.iter().any(|o| g.is_detour_of(o))))
        .copied()
        .collect();
    let leaps = kept
        .iter()
        .filter(|g| g.path.is_empty() && g.condition == Condition::Exact)
        .fold(Squares::EMPTY, |s, g| s | bit(g.dest));
    // A gate with an empty path is a leap; a hopper needs a hurdle, so with no path it never opens.
    (leaps, kept.into_iter().filter(|g| !g.path.is_empty()).collect())
}

/// The lookups a plan has made so far: a group equal to one of them costs no new entries.
#[derive(Default)]
struct Known {
    /// Each lookup's number, by its gates (sorted).
    lookups: FxHashMap<Vec<Gate>, usize>,
    /// Their masks: a group whose mask is not among them is no known lookup, which the
    /// partition search tells without sorting the group's gates.
    masks: FxHashSet<Squares>,
}

/// Groups one slot's gates into lookups.
fn group(gates: &[Gate], max_bits: u32, known: &Known) -> Vec<Vec<Gate>> {
    let mut rides = absorb_rides(gates);
    merge_greedily(&mut rides, max_bits, EXACT_GROUPING_LIMIT);
    best_partition(&rides, max_bits, known)
}

/// A ride's shorter moves look at a subset of the squares of its longest: one lookup holds them
/// all at no cost in index bits.
fn absorb_rides(gates: &[Gate]) -> Vec<Vec<Gate>> {
    let mut by_size: Vec<Gate> = gates.to_vec();
    by_size.sort_by_key(|g| std::cmp::Reverse(g.path.count_ones()));
    let mut groups: Vec<(Squares, Vec<Gate>)> = Vec::new();
    for g in by_size {
        match groups.iter_mut().find(|(mask, _)| (g.path & !*mask).is_empty()) {
            Some((_, members)) => members.push(g),
            None => groups.push((g.path, vec![g])),
        }
    }
    groups.into_iter().map(|(_, members)| members).collect()
}

/// Every square the gates look at.
pub fn mask_of(gates: &[Gate]) -> Squares {
    gates.iter().fold(Squares::EMPTY, |m, g| m | g.path)
}

/// Merges the pair sharing the most squares (then: whose union is closest to an even share of
/// the bits; then the first pair in order) until at most `limit` groups remain or no pair fits
/// the budget.
///
/// Each group remembers its best partner among the groups after it, so a merge rescans only the
/// rows it touched: a piece with thousands of rides (`[Q-sQ-sQ]` on 8x8) once spent minutes here
/// rescanning every pair after every merge.
pub fn merge_greedily(groups: &mut Vec<Vec<Gate>>, max_bits: u32, limit: usize) {
    let mut masks: Vec<Squares> = groups.iter().map(|g| mask_of(g)).collect();
    let total = masks.iter().fold(Squares::EMPTY, |m, &g| m | g).count_ones();
    let target = total as f64 / (total as f64 / max_bits as f64).ceil().max(1.0);
    let score = |a: Squares, b: Squares| -> Option<PairScore> {
        let bits = (a | b).count_ones();
        // Lower `off` is better: the scaled distance from the even share.
        (bits <= max_bits)
            .then(|| PairScore { shared: (a & b).count_ones(), off: ((bits as f64 - target).abs() * 1000.0) as u64 })
    };
    let row = |masks: &[Squares], i: usize| -> Option<(PairScore, usize)> {
        (i + 1..masks.len())
            .filter_map(|j| score(masks[i], masks[j]).map(|s| (s, j)))
            .fold(None, |best, next| keep_first_best(best, Some(next)))
    };
    let mut partners: Vec<Option<(PairScore, usize)>> = (0..masks.len()).map(|i| row(&masks, i)).collect();
    while groups.len() > limit {
        let best = partners
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|(s, j)| (s, (i, j))))
            .fold(None, |best, next| keep_first_best(best, Some(next)));
        let Some((_, (i, j))) = best else { return };
        let merged = groups.remove(j);
        groups[i].extend(merged);
        let removed = masks.remove(j);
        masks[i] |= removed;
        partners.remove(j);
        // Positions after `j` move down one.
        let shift = |found: Option<(PairScore, usize)>| found.map(|(s, p)| (s, if p > j { p - 1 } else { p }));
        for k in 0..partners.len() {
            partners[k] = match partners[k] {
                // Its partner is gone or has changed: look again.
                Some((_, p)) if p == j || (k < i && p == i) => row(&masks, k),
                // The merged group may now be a better partner for a group before it.
                found if k < i => keep_first_best(shift(found), score(masks[k], masks[i]).map(|s| (s, i))),
                found => shift(found),
            };
        }
        partners[i] = row(&masks, i);
    }
}

/// How good a merge of two groups is: more shared squares, then a union closer to the even share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PairScore {
    shared: u32,
    off: u64,
}

impl PairScore {
    fn beats(self, other: PairScore) -> bool {
        self.shared > other.shared || (self.shared == other.shared && self.off < other.off)
    }
}

/// The better of two candidates, the earlier (`best`, or the lower position) on a tie.
fn keep_first_best<T: Ord + Copy>(
    best: Option<(PairScore, T)>,
    next: Option<(PairScore, T)>,
) -> Option<(PairScore, T)> {
    match (best, next) {
        (Some(b), Some(n)) if n.0.beats(b.0) || (!b.0.beats(n.0) && n.1 < b.1) => Some(n),
        (None, n) => n,
        (b, _) => b,
    }
}

/// The partition of the rides into lookups with the fewest lookups, then the fewest new table
/// entries (tables that already exist are free), each lookup within the bit budget. A single
/// ride over the budget stays a lookup of its own.
fn best_partition(rides: &[Vec<Gate>], max_bits: u32, known: &Known) -> Vec<Vec<Gate>> {
    let n = rides.len();
    if n <= 1 || n > EXACT_GROUPING_LIMIT {
        // Greedy merging could not bring the rides down to a size worth an exact search: every
        // pair left is over the budget, so each ride is a lookup of its own.
        return rides.to_vec();
    }
    let full = (1usize << n) - 1;
    // masks[set]: the squares of the rides in `set`, each from a smaller set's and one ride's.
    let ride_masks: Vec<Squares> = rides.iter().map(|r| mask_of(r)).collect();
    let mut masks = vec![Squares::EMPTY; full + 1];
    for set in 1..=full {
        masks[set] = masks[set & (set - 1)] | ride_masks[set.trailing_zeros() as usize];
    }
    // Cost of each subset as one lookup: None where it does not fit.
    let cost: Vec<Option<u64>> = (0..=full)
        .map(|set| {
            let bits = masks[set].count_ones();
            if set == 0 || (bits > max_bits && set.count_ones() > 1) {
                return None;
            }
            let is_known = known.masks.contains(&masks[set]) && {
                let mut key: Vec<Gate> =
                    (0..n).filter(|i| set >> i & 1 == 1).flat_map(|i| rides[i].iter().copied()).collect();
                key.sort();
                known.lookups.contains_key(&key)
            };
            Some(if is_known { 0 } else { 1u64 << bits })
        })
        .collect();
    // best[set] = (lookups, entries, the group taken first).
    let mut best: Vec<(u32, u64, usize)> = vec![(u32::MAX, u64::MAX, 0); full + 1];
    best[0] = (0, 0, 0);
    for set in 1..=full {
        let low = set & set.wrapping_neg();
        let rest = set ^ low;
        // Every subset of `rest`, each joined with `low`.
        let mut sub = rest;
        loop {
            let group = sub | low;
            if let Some(c) = cost[group] {
                let (count, entries, _) = best[set ^ group];
                if count != u32::MAX {
                    let candidate = (count + 1, entries + c, group);
                    if (candidate.0, candidate.1) < (best[set].0, best[set].1) {
                        best[set] = candidate;
                    }
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
    }
    let mut out = Vec::new();
    let mut set = full;
    while set != 0 {
        let group = best[set].2;
        out.push((0..n).filter(|i| group >> i & 1 == 1).flat_map(|i| rides[i].iter().copied()).collect());
        set ^= group;
    }
    out
}
