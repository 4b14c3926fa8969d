use fairy_magic::stages::board::{bit, Square, Squares};
use fairy_magic::stages::cost::*;
use fairy_magic::stages::lookups::LineUse;
use fairy_magic::stages::paths::{Condition, Gate};

/// A piece's cost at one budget: one table of `1 << log2` entries, its own.
pub(crate) fn cost_at(piece: u8, bits: u32, most: usize, log2: u32) -> Cost {
    let gate = Gate {
        dest: Square::new(piece.into()),
        path: bit(Square::new(bits as usize)),
        required: Squares::EMPTY,
        condition: Condition::Exact,
    };
    let lookups = vec![(vec![gate], log2)];
    Cost {
        bits,
        why: Why::Fixed,
        probes: most * 64,
        most,
        picos: most as u64 * 64,
        bytes: 8 << log2,
        lookups,
        check_bytes: 0,
        line_bytes: 0,
        verify_steps: 0,
        lines: LineUse::AsMeasured,
    }
}

#[test]
fn speed_takes_the_budget_whose_reads_measure_fastest_not_the_fewest_probes() {
    // The nightrider in `fairy`: at 4 bits one probe and three lines a square, at 12 bits
    // one probe and two lines. The probes are the same; the time is not.
    let small = Cost { picos: 64 * (4_000 + 3 * 1_600), ..cost_at(0, 4, 1, 4) };
    let large = Cost { picos: 64 * (4_000 + 2 * 1_600), ..cost_at(0, 12, 1, 9) };
    assert_eq!(small.probes, large.probes);
    let chosen = choose_budgets(&[vec![small, large]], &[None], Optimize::Speed, 128 * 1024, 8).unwrap();
    assert_eq!((chosen[0].bits, chosen[0].why), (12, Why::Fastest));
}

#[test]
fn over_the_cache_size_a_piece_gives_way_to_its_lines_but_never_starts_there() {
    // The bentriders' griffon: probes measure faster than its lines at every budget, and even
    // its smallest tables with no plain check (8 bits, 2 MiB) are over the cache size. All
    // its lines computed keep 1 KiB of lines and no table.
    let probes =
        |bits: u32, log2: u32| Cost { picos: 64 * (3_000 + 100 * u64::from(12 - bits)), ..cost_at(0, bits, 2, log2) };
    let lines = |bits: u32| Cost {
        picos: 64 * 6 * 2_200,
        lines: LineUse::Always,
        bytes: 1024,
        line_bytes: 1024,
        lookups: Vec::new(),
        ..cost_at(0, bits, 0, 0)
    };
    let smallest_without_checks = Cost { check_bytes: 8, ..probes(4, 13) };
    let griffon = vec![smallest_without_checks, probes(8, 18), probes(12, 20), lines(4), lines(8), lines(12)];
    let chosen = |cache_kib: usize| {
        choose_budgets(std::slice::from_ref(&griffon), &[None], Optimize::Speed, cache_kib * 1024, 8)
    };
    // Within the cache: the probes, as measured; the lines are only a way down.
    let fits = chosen(16 * 1024).unwrap();
    assert_eq!((fits[0].bits, fits[0].lines, fits[0].why), (12, LineUse::AsMeasured, Why::Fastest));
    // Over it: the lines, not the 2 MiB of 8-bit tables that were the only way down before.
    let over = chosen(128).unwrap();
    assert_eq!((over[0].lines, over[0].bytes, over[0].why), (LineUse::Always, 1024, Why::GaveWay));
}

#[test]
fn a_probe_target_takes_its_smallest_budget_outside_the_cache_budget() {
    // The griffon needs 10 bits (1 MB) for two probes; the queen fits the cache at 7 bits.
    let griffon = vec![cost_at(0, 6, 4, 13), cost_at(0, 8, 3, 15), cost_at(0, 10, 2, 17), cost_at(0, 12, 2, 18)];
    let queen = vec![cost_at(1, 6, 4, 12), cost_at(1, 7, 3, 13)];
    let costs = [griffon, queen];
    let bits = |chosen: Vec<Cost>| chosen.iter().map(|c| c.bits).collect::<Vec<_>>();
    let cache = 128 * 1024;
    // Sharing the cache size, the griffon gives way until both fit: 64 KiB + 64 KiB.
    assert_eq!(bits(choose_budgets(&costs, &[None, None], Optimize::Speed, cache, 8).unwrap()), [6, 7]);
    // Held to two probes, the griffon takes 10 bits and the queen has the budget to itself.
    assert_eq!(bits(choose_budgets(&costs, &[Some(2), None], Optimize::Speed, cache, 8).unwrap()), [10, 7]);
    assert_eq!(bits(choose_budgets(&costs, &[Some(3), None], Optimize::Size, cache, 8).unwrap()), [8, 6]);
    assert_eq!(choose_budgets(&costs, &[Some(1), None], Optimize::Speed, cache, 8), Err(0));
}
