//! The cost model's driver: each piece's bit budget, fixed by `max-bits` or chosen by
//! [`lookups::sweep`] and [`lookups::choose_budgets`] within the limits, and the limits a plan
//! is held to before any table is built (occupancies the magic search enumerates, steps the
//! verification walks). Its errors name the piece that uses the most.

use crate::error::{Bound, Error};
use crate::lookups::{self, Limit, Plan};
use crate::magics::Word;
use crate::paths::PathMove;
use crate::tables::SlotOrder;
use crate::variant::{self, Variant};
use crate::verify;
use crate::Settings;

/// Each piece's bit budget: fixed by `max-bits`, or chosen by the cost model.
pub fn budgets<B: Word>(
    variant: &Variant,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    settings: &Settings,
    reads: lookups::Reads,
) -> Result<Vec<lookups::Cost>, Error> {
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
            Ok(vec![lookups::cost(&all, bits, word, reads); pieces])
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
                verify::verification_steps,
            );
            let chosen = lookups::choose_budgets(&costs, &targets, settings.optimize, settings.cache_bytes, word)
                .map_err(|p| {
                    let least = costs[p].iter().map(|c| c.most).min().unwrap_or(0);
                    let target = target_of(&variant.pieces[p]).expect("only a target can be missed");
                    Error::input(
                        target.at.clone(),
                        format!(
                            "the {} needs {least} probes on some square even with {}-bit tables, the largest budget: `option probes {} {}` cannot be met",
                            variant.pieces[p].name,
                            lookups::MAX_BITS,
                            variant.pieces[p].letter,
                            target.probes
                        ),
                    )
                })?;
            lookups::fit_limits(&costs, chosen, &targets, limit_values(settings))
                .map_err(|u| limit_error(variant, u.piece, u.used, u.total, u.bits, u.limit, settings))
        }
    }
}

/// Refuses a plan over any limit a compilation keeps to (verification only where it walks every
/// occupancy). The cost model kept each piece planned alone within the limits; planned together
/// they share tables and so use no more, but a fixed `max-bits` gets here unchecked.
pub fn enforce_limits(
    variant: &Variant,
    plan: &Plan,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    budgets: &[lookups::Cost],
    settings: &Settings,
) -> Result<(), Error> {
    limits(settings).try_for_each(|limit| enforce_limit(variant, plan, slots, order, budgets, settings, limit))
}

/// The limits a compilation keeps to: verification only where it walks every occupancy.
fn limits(settings: &Settings) -> impl Iterator<Item = Limit> {
    let exhaustive = settings.verify == verify::Verify::Exhaustive;
    Limit::ALL.into_iter().filter(move |&l| exhaustive || l != Limit::Verification)
}

/// The most of each limit a compilation may use, from its settings.
fn limit_values(settings: &Settings) -> lookups::Limits {
    let exhaustive = settings.verify == verify::Verify::Exhaustive;
    lookups::Limits {
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
            for (i, steps) in verify::verification_work(plan, slots).into_iter().enumerate() {
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
    budgets: &[lookups::Cost],
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
    Err(limit_error(variant, worst, used[worst], total, budgets[worst].bits, limit, settings))
}

/// The error for a limit that no budget the compiler may choose keeps to, at the piece's line.
fn limit_error(
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
