//! Every limit a compilation keeps to, in one place: the kinds an error names ([`Bound`]), the
//! caps on settings' values ([`Cap`]), the magic search's and verification's limits
//! ([`SearchLimits`]; these two are settings' values, defined in `settings.rs`, which names no
//! later stage, and re-exported here), the limits the cost model plans within ([`Limit`], [`Limits`],
//! [`fit_limits`]) and holds a plan to before any table is built ([`enforce_limits`]), and the
//! estimate of verification's work that the last is measured in.

use crate::board::Squares;
use crate::cost::{Cost, Why};
use crate::error::Error;
use crate::fxhash::FxHashSet;
use crate::lookups::{Lookup, Plan, SlotPlan};
use crate::paths::{Gate, PathMove};
pub use crate::settings::{Cap, SearchLimits, CAP_MILLION_STEPS, CAP_MILLION_TRIALS};
use crate::slots::SlotOrder;
use crate::variant::Variant;
use crate::verify;
use crate::Settings;

/// Which limit a [`Error::Limit`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Bound {
    /// `max-paths`: path moves of one piece from one square.
    PathsFromSquare,
    /// Path moves of one piece over the whole board (a fixed limit, about 70 MB).
    PathsOfPiece,
    /// Path moves of every piece and the slots' copies of them together (a fixed limit on the
    /// memory they take, [`MAX_PATH_BYTES`](crate::stages::pipeline::MAX_PATH_BYTES)).
    PathsOfVariant,
    /// `max-occupancies`: occupancies every lookup together enumerates.
    Occupancies,
    /// `max-verify`: the work of verifying the tables.
    Verification,
    /// `max-trials`: the magic search's trials.
    Trials,
}

/// A limit on a compilation's work, which a plan must keep to whatever the cost model prefers:
/// each keeps a compile within memory and minutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `max-occupancies`: the occupancies the magic searches enumerate, every lookup's
    /// `1 << bits` together (a lookup two pieces share counts once).
    Occupancies,
    /// `max-verify`: the steps verification takes, a path walked or a probe read for one
    /// occupancy.
    Verification,
}

impl Limit {
    /// Every limit, in the order they are kept to.
    pub const ALL: [Limit; 2] = [Limit::Occupancies, Limit::Verification];

    /// How much of the limit these pieces' tables use together.
    pub fn used<'a>(self, chosen: impl Iterator<Item = &'a Cost>) -> u64 {
        match self {
            Limit::Occupancies => {
                let mut seen: FxHashSet<&[Gate]> = FxHashSet::default();
                chosen
                    .flat_map(|c| &c.lookups)
                    .filter(|(gates, _)| seen.insert(gates))
                    .map(|(_, bits)| 1u64 << bits)
                    .sum()
            }
            Limit::Verification => chosen.map(|c| c.verify_steps).sum(),
        }
    }
}

/// The most a compilation may use of each [`Limit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// For [`Limit::Occupancies`].
    pub occupancies: u64,
    /// For [`Limit::Verification`].
    pub verify_steps: u64,
}

impl Limits {
    /// The most this limit allows.
    pub fn of(&self, limit: Limit) -> u64 {
        match limit {
            Limit::Occupancies => self.occupancies,
            Limit::Verification => self.verify_steps,
        }
    }
}

/// A limit that no budget the cost model may choose keeps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfit {
    /// The piece that uses the most of it, at the smallest budget it could take.
    pub piece: usize,
    /// The limit.
    pub limit: Limit,
    /// How much of it the piece uses.
    pub used: u64,
    /// How much every piece uses together.
    pub total: u64,
    /// The piece's budget then.
    pub bits: u32,
}

/// Lowers budgets until the chosen plan keeps to every limit: while one is exceeded, the piece
/// that uses the most of it takes its next smaller budget that uses less (more probes, or plain
/// checks where no lookup fits). Pieces with a target (`option probes`) keep their budget.
///
/// `Err` when no piece can give way any further, naming the piece that uses the most.
pub fn fit_limits(
    costs: &[Vec<Cost>],
    mut chosen: Vec<Cost>,
    targets: &[Option<usize>],
    limits: Limits,
) -> Result<Vec<Cost>, Unfit> {
    while let Some(limit) = Limit::ALL.into_iter().find(|&l| l.used(chosen.iter()) > limits.of(l)) {
        let used = |c: &Cost| limit.used(std::iter::once(c));
        let lower = |p: usize| {
            let now = used(&chosen[p]);
            costs[p]
                .iter()
                .filter(|c| c.lines == chosen[p].lines && c.bits < chosen[p].bits && used(c) < now)
                .max_by_key(|c| c.bits)
        };
        let giver = (0..chosen.len())
            .filter(|&p| targets[p].is_none())
            .filter_map(|p| lower(p).map(|c| (p, c)))
            .max_by_key(|&(p, _)| (used(&chosen[p]), std::cmp::Reverse(p)));
        match giver {
            Some((p, c)) => chosen[p] = Cost { why: Why::Limit(limit), ..c.clone() },
            None => {
                let worst = (0..chosen.len()).max_by_key(|&p| (used(&chosen[p]), std::cmp::Reverse(p)));
                let piece = worst.expect("a limit is only exceeded by some piece");
                let (used, total) = (used(&chosen[piece]), limit.used(chosen.iter()));
                return Err(Unfit { piece, limit, used, total, bits: chosen[piece].bits });
            }
        }
    }
    Ok(chosen)
}

/// Refuses a plan over any limit a compilation keeps to (verification only where it walks every
/// occupancy). The cost model kept each piece planned alone within the limits; planned together
/// they share tables and so use no more, but a fixed `max-bits` gets here unchecked.
pub fn enforce_limits(
    variant: &Variant,
    plan: &Plan,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    piece_costs: &[Cost],
    settings: &Settings,
) -> Result<(), Error> {
    limits(settings).try_for_each(|limit| enforce_limit(variant, plan, slots, order, piece_costs, settings, limit))
}

/// The limits a compilation keeps to: verification only where it walks every occupancy.
fn limits(settings: &Settings) -> impl Iterator<Item = Limit> {
    let exhaustive = settings.verify == verify::Verify::Exhaustive;
    Limit::ALL.into_iter().filter(move |&l| exhaustive || l != Limit::Verification)
}

/// The most of each limit a compilation may use, from its settings.
pub(crate) fn limit_values(settings: &Settings) -> Limits {
    let exhaustive = settings.verify == verify::Verify::Exhaustive;
    Limits {
        occupancies: settings.search_limits.occupancies,
        verify_steps: if exhaustive {
            settings.search_limits.million_steps.saturating_mul(1_000_000)
        } else {
            u64::MAX
        },
    }
}

/// How much of a limit each piece's part of a plan uses: a lookup counts for the first piece
/// that probes it.
fn used_by_piece(plan: &Plan, slots: &[Vec<PathMove>], order: SlotOrder, pieces: usize, limit: Limit) -> Vec<u64> {
    let mut used = vec![0u64; pieces];
    match limit {
        Limit::Occupancies => {
            let mut counted = vec![false; plan.lookups.len()];
            for (i, slot) in plan.slots.iter().enumerate() {
                for &l in &slot.lookups {
                    if !std::mem::replace(&mut counted[l], true) {
                        used[order.id(i).piece] += 1u64 << plan.lookups[l].mask.count_ones();
                    }
                }
            }
        }
        Limit::Verification => {
            for (i, steps) in verification_work(plan, slots).into_iter().enumerate() {
                used[order.id(i).piece] += steps;
            }
        }
    }
    used
}

/// Refuses a plan over a limit before any table is built, at the line of the piece that uses
/// the most of it.
fn enforce_limit(
    variant: &Variant,
    plan: &Plan,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    piece_costs: &[Cost],
    settings: &Settings,
    limit: Limit,
) -> Result<(), Error> {
    let used = used_by_piece(plan, slots, order, variant.pieces.len(), limit);
    let total: u64 = used.iter().sum();
    if total <= limit_values(settings).of(limit) {
        return Ok(());
    }
    let worst =
        (0..used.len()).max_by_key(|&p| (used[p], std::cmp::Reverse(p))).expect("a limit is used by some piece");
    Err(limit_error(variant, worst, used[worst], total, piece_costs[worst].bits, limit, settings))
}

/// The error for a limit that no budget the compiler may choose keeps to, at the piece's line.
pub(crate) fn limit_error(
    variant: &Variant,
    piece: usize,
    used: u64,
    total: u64,
    bits: u32,
    limit: Limit,
    settings: &Settings,
) -> Error {
    let name = &variant.pieces[piece].name;
    let most = limit_values(settings).of(limit);
    let what = match limit {
        Limit::Occupancies => format!(
            "the {name}'s lookups have {used} occupancies at {bits} index bits ({total} for every piece), more than the limit of {most}"
        ),
        Limit::Verification => format!(
            "verifying the {name}'s tables would take about {} million steps at {bits} index bits ({} million for every piece; a step is a path walked or a probe read for one occupancy, at least 100 million a second on one core), more than the limit of {} million",
            used / 1_000_000,
            total / 1_000_000,
            most / 1_000_000
        ),
    };
    let raise = match limit {
        Limit::Occupancies => {
            "--max-occupancies or `option max-occupancies` (each takes about 120 bytes while compiling)"
        }
        Limit::Verification => "--max-verify or `option max-verify`",
    };
    let message = match settings.max_bits {
        Some(_) => format!("{what}: --max-bits (or `option max-bits`) fixes every piece's budget; drop it and the cost model lowers the budgets until they fit, or raise the limit with {raise}"),
        None => format!("{what}, even with every piece at the smallest budget it may take: raise the limit with {raise}"),
    };
    let bound = match limit {
        Limit::Occupancies => Bound::Occupancies,
        Limit::Verification => Bound::Verification,
    };
    Error::Limit { bound, at: variant.pieces[piece].at.clone(), message }
}

/// Random occupancies verification tries for a slot besides its probes' masks.
pub(crate) const RANDOM_SAMPLES: usize = 64;

/// A line's mask of at most this many squares is checked under every subset (a probe's always
/// is); a longer one (a rank of more than 9 files, both ways) as `verify::mask_occupancies` says.
pub(crate) const EXHAUSTIVE_MASK: u32 = 8;

/// Random subsets a long line's mask is checked under, besides its small ones.
pub(crate) const LONG_MASK_SAMPLES: usize = 256;

/// How many occupancies `verify::mask_occupancies` gives for a mask.
fn mask_occupancy_count(mask: Squares) -> u64 {
    let n = u64::from(mask.count_ones());
    match n <= u64::from(EXHAUSTIVE_MASK) {
        true => 1 << n,
        false => 1 + n + n * (n - 1) / 2 + LONG_MASK_SAMPLES as u64,
    }
}

/// About how much work exhaustive verification does for each slot, in steps (a path move
/// walked, a probe or a plain check read, for one occupancy), known before anything is built:
/// the occupancies the slot is checked with (the random samples, each plain check's edge, every
/// subset of each probe's mask) times what one check costs there. An upper bound: a run that
/// repeats an earlier one is counted although it is skipped.
pub fn verification_work(plan: &Plan, slots: &[Vec<PathMove>]) -> Vec<u64> {
    plan.slots.iter().zip(slots).map(|(slot, moves)| verification_steps(slot, &plan.lookups, moves.len())).collect()
}

/// What verifying one slot takes: every occupancy it is checked under (each probe's whole mask,
/// each line's mask (`mask_occupancies`), each plain check's edges, the random samples),
/// times the path moves walked and the probes, lines and checks read for each.
pub fn verification_steps(slot: &SlotPlan, lookups: &[Lookup], moves: usize) -> u64 {
    let masks = slot.lookups.iter().map(|&l| 1u64 << lookups[l].mask.count_ones());
    let lines = slot.lines.iter().map(|l| mask_occupancy_count(l.mask()));
    let edges = slot.checks.iter().map(|c| c.path.count_ones() as u64 + 1);
    let occupancies = RANDOM_SAMPLES as u64 + masks.sum::<u64>() + lines.sum::<u64>() + edges.sum::<u64>();
    occupancies * (moves + slot.reads()) as u64
}
