//! The cost model: what a plan costs ([`cost`]), and each piece's bit budget ([`piece_costs`]),
//! fixed by `max-bits` or chosen by [`choose_budgets`] from [`lookups::sweep`]'s plans at every
//! budget, then lowered by [`limits::fit_limits`] until the plan keeps to the limits.

use crate::board::Word;
use crate::calibration::Measure;
use crate::error::Error;
use crate::fxhash::FxHashSet;
use crate::limits;
use crate::limits::Limit;
use crate::lookups::{self, LineUse, Plan, Reads, SlotPlan};
use crate::paths::{Gate, PathMove};
pub use crate::settings::{Optimize, MAX_BITS, MIN_BITS};
use crate::slots::SlotOrder;
use crate::variant::{self, Variant};
use crate::Settings;

/// Each piece's bit budget: fixed by `max-bits`, or chosen by the cost model.
pub fn piece_costs<B: Word>(
    variant: &Variant,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    settings: &Settings,
    reads: lookups::Reads,
) -> Result<Vec<Cost>, Error> {
    let word = std::mem::size_of::<B>();
    let pieces = variant.pieces.len();
    let target_of = |p: &variant::Piece| variant.probe_targets.iter().find(|t| t.letter == p.letter);
    let targets: Vec<Option<usize>> = variant.pieces.iter().map(|p| target_of(p).map(|t| t.probes)).collect();
    match (settings.max_bits, variant.probe_targets.first()) {
        (Some(_), Some(target)) => Err(Error::input(
            target.at.clone(),
            "`option probes` asks the cost model for a piece's budget, and a fixed max-bits turns the cost model off: drop one of them",
        )),
        (Some(bits), None) => {
            let all = lookups::plan(slots, &vec![bits; slots.len()], reads, Default::default());
            Ok(vec![cost(&all, bits, word, reads); pieces])
        }
        (None, _) => {
            let threads = settings.thread_count();
            let costs = lookups::sweep(
                slots,
                |i| order.id(i).piece,
                pieces,
                reads,
                word,
                threads,
                limits::verification_steps,
            );
            let chosen = choose_budgets(&costs, &targets, settings.optimize, settings.cache_bytes, word)
                .map_err(|p| {
                    let least = costs[p].iter().map(|c| c.most).min().unwrap_or(0);
                    let target = target_of(&variant.pieces[p]).expect("only a target can be missed");
                    Error::input(
                        target.at.clone(),
                        format!(
                            "the {} needs {least} probes on some square even with {}-bit tables, the largest budget: `option probes {} {}` cannot be met",
                            variant.pieces[p].name,
                            MAX_BITS,
                            variant.pieces[p].letter,
                            target.probes
                        ),
                    )
                })?;
            limits::fit_limits(&costs, chosen, &targets, limits::limit_values(settings))
                .map_err(|u| limits::limit_error(variant, u.piece, u.used, u.total, u.bits, u.limit, settings))
        }
    }
}

impl Optimize {
    /// Which measured cost of the forms the planner weighs.
    pub fn measure(self) -> Measure {
        match self {
            Optimize::Speed => Measure::Pressure,
            Optimize::Throughput => Measure::Engine,
            Optimize::Latency | Optimize::Size => Measure::Latency,
        }
    }
}

/// Why a piece got its budget: the header of a generated module says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// `max-bits` fixed it for every piece.
    Fixed,
    /// Speed or throughput: the budget whose reads measure fastest, and the tables fit the
    /// cache size.
    Fastest,
    /// Speed or throughput: lowered from its fastest so that all tables fit the cache size.
    GaveWay,
    /// Lowered, after the cost model chose, so that the plan keeps to a limit.
    Limit(Limit),
    /// `option probes`: the smallest budget that meets it.
    Target(usize),
    /// Size: the budget with its fewest bytes.
    Smallest,
}

/// What one piece's tables cost under one budget, planned on their own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cost {
    /// The budget: the most index bits any of the piece's lookups may use.
    pub bits: u32,
    /// Why this budget was chosen (`Fixed` until `choose_budgets` says otherwise).
    pub why: Why,
    /// Probes and plain checks summed over the piece's slots: the work of an average query,
    /// times the slots (a check costs about what a probe does).
    pub probes: usize,
    /// Probes and plain checks of the busiest slot: the work of the slowest query.
    pub most: usize,
    /// What the reads of all the piece's slots measure (probes, lines and plain checks, in the
    /// forms' picoseconds under the planned measure): what speed and throughput choose by.
    pub picos: u64,
    /// Attack entries, plain checks and computed lines, in bytes.
    pub bytes: usize,
    /// The piece's lookups (their gates) and their index bits, to count shared tables once.
    pub lookups: Vec<(Vec<Gate>, u32)>,
    /// The bytes of the plain checks alone (also counted in `bytes`): never shared, unlike lookups.
    pub check_bytes: usize,
    /// The bytes of the computed lines alone (also counted in `bytes`): per square, never shared.
    pub line_bytes: usize,
    /// What verifying the piece's tables would take (see [`Limit::Verification`]); 0 where
    /// nobody estimated it.
    pub verify_steps: u64,
    /// Whether its lines are computed where measured faster, or wherever it has them.
    pub lines: LineUse,
}

/// The cost of a plan: probes and checks over all slots, what its reads measure at the forms'
/// costs, and bytes of tables, checks and lines.
pub fn cost(plan: &Plan, bits: u32, word_bytes: usize, reads: Reads) -> Cost {
    let entries: usize = plan.lookups.iter().map(|l| 1usize << l.mask.count_ones().max(1)).sum();
    let checks: usize = plan.slots.iter().map(|s| s.checks.len()).sum();
    let lines: usize = plan.slots.iter().map(|s| s.lines.len()).sum();
    let probes: usize = plan.slots.iter().map(SlotPlan::probes_and_checks).sum();
    let most: usize = plan.slots.iter().map(SlotPlan::probes_and_checks).max().unwrap_or(0);
    Cost {
        bits,
        why: Why::Fixed,
        probes,
        most,
        picos: reads.padded_picos(&plan.slots.iter().map(SlotPlan::counts).collect::<Vec<_>>()),
        bytes: (entries + 3 * checks + 3 * lines) * word_bytes,
        lookups: plan.lookups.iter().map(|l| (l.gates.clone(), l.mask.count_ones().max(1))).collect(),
        check_bytes: 3 * checks * word_bytes,
        line_bytes: 3 * lines * word_bytes,
        verify_steps: 0,
        lines: LineUse::AsMeasured,
    }
}

/// The bytes of several pieces' tables together: a lookup two pieces share is counted once.
fn joint_bytes<'a>(chosen: impl Iterator<Item = &'a Cost>, word_bytes: usize) -> usize {
    let mut seen: FxHashSet<&[Gate]> = FxHashSet::default();
    let mut bytes = 0;
    for c in chosen {
        bytes += c.check_bytes + c.line_bytes;
        for (gates, bits) in &c.lookups {
            if seen.insert(gates) {
                bytes += (1usize << bits) * word_bytes;
            }
        }
    }
    bytes
}

/// Chooses each piece's bit budget from its costs at every budget (`costs[piece]`: each budget
/// from MIN_BITS to MAX_BITS with its lines as measured, and with all its lines computed).
/// Speed and throughput: each piece starts at the budget whose reads measure fastest
/// (`Cost::picos`, fewest bytes on a tie, lines as measured), and while the tables together
/// are over `cache_bytes` the piece whose smaller budget, or all of whose lines computed, save
/// the most bytes per picosecond added gives way, as long as no plain check is added. Size: each piece at its fewest
/// bytes.
///
/// A piece with a target (`targets[piece]`, at most that many probes on every square) takes its
/// smallest budget that meets it, never gives way and is not counted against `cache_bytes`;
/// `Err(piece)` when no budget meets it.
pub fn choose_budgets(
    costs: &[Vec<Cost>],
    targets: &[Option<usize>],
    optimize: Optimize,
    cache_bytes: usize,
    word_bytes: usize,
) -> Result<Vec<Cost>, usize> {
    let meets = |p: usize, c: &Cost| targets[p].is_none_or(|most| c.most <= most);
    let by = |key: fn(&Cost) -> (usize, usize), why: Why| -> Result<Vec<Cost>, usize> {
        costs
            .iter()
            .enumerate()
            .map(|(p, c)| {
                // Every line computed is only a way to give way (below), never a first choice:
                // where it measures faster, the plan as measured computes the lines already.
                let fit = c.iter().filter(|x| x.lines == LineUse::AsMeasured && meets(p, x));
                let (best, why) = match targets[p] {
                    Some(most) => {
                        (fit.min_by_key(|x| (x.bytes, x.probes, std::cmp::Reverse(x.bits))), Why::Target(most))
                    }
                    None => (fit.min_by_key(|x| (key(x), std::cmp::Reverse(x.bits))), why),
                };
                best.map(|b| Cost { why, ..b.clone() }).ok_or(p)
            })
            .collect()
    };
    if optimize == Optimize::Size {
        return by(|c| (c.bytes, c.probes), Why::Smallest);
    }
    // Not by probes alone: at one budget a slide may be two computed lines (no probe), at the
    // next one probe, and which is faster is what the measured forms say.
    let mut chosen = by(|c| (c.picos as usize, c.bytes), Why::Fastest)?;
    // A piece with a target is outside the budget: the others fit it as if it were not there.
    let budgeted = |chosen: &[Cost]| -> usize {
        joint_bytes(chosen.iter().enumerate().filter(|&(p, _)| targets[p].is_none()).map(|(_, c)| c), word_bytes)
    };
    while budgeted(&chosen) > cache_bytes {
        let mut best: Option<(f64, usize, &Cost)> = None;
        for (p, now) in chosen.iter().enumerate().filter(|&(p, _)| targets[p].is_none()) {
            // Speed never trades a lookup for plain checks: a budget below a piece's longest path
            // is left to --optimize size. Computing every line keeps no table for them: a piece
            // gives way to that at its budget or a smaller one, and never back.
            let smaller =
                |c: &Cost| c.lines >= now.lines && (c.bits < now.bits || (c.bits == now.bits && c.lines > now.lines));
            let candidates =
                costs[p].iter().filter(|c| smaller(c) && c.bytes < now.bytes && c.check_bytes <= now.check_bytes);
            for option in candidates {
                // By the time it adds, as measured: computed lines add no probe, yet cost time.
                let saved = (now.bytes - option.bytes) as f64;
                let added = option.picos.saturating_sub(now.picos).max(1) as f64;
                if best.as_ref().is_none_or(|(ratio, _, _)| saved / added > *ratio) {
                    best = Some((saved / added, p, option));
                }
            }
        }
        match best {
            Some((_, p, option)) => chosen[p] = Cost { why: Why::GaveWay, ..option.clone() },
            None => break,
        }
    }
    Ok(chosen)
}
