use std::collections::HashSet;

use fairy_magic::stages::board::{bit, Board, Square, Squares};
use fairy_magic::stages::calibration::{Cache, FormCosts};
use fairy_magic::stages::cost::cost;
use fairy_magic::stages::lookups::*;
use fairy_magic::stages::paths::{Condition, Gate, PathMove};
use fairy_magic::stages::{betza, legs, paths};
use fairy_magic_runtime::Color;

const BOARD: Board = Board { files: 8, ranks: 8 };

fn moves_of(text: &str, square: &str) -> Vec<PathMove> {
    let moves = legs::moves(&betza::parse(text).unwrap(), Color::White).unwrap();
    paths::path_moves(BOARD, &moves, BOARD.parse_square(square).unwrap())
}

/// The first way merging was written: every pair scored again after every merge.
fn merge_by_rescanning(groups: &mut Vec<Vec<Gate>>, max_bits: u32, limit: usize) {
    let total = groups.iter().fold(Squares::EMPTY, |m, g| m | mask_of(g)).count_ones();
    let target = total as f64 / (total as f64 / max_bits as f64).ceil().max(1.0);
    while groups.len() > limit {
        let masks: Vec<Squares> = groups.iter().map(|g| mask_of(g)).collect();
        let mut best: Option<(u32, u64, usize, usize)> = None;
        for i in 0..groups.len() {
            for j in i + 1..groups.len() {
                let bits = (masks[i] | masks[j]).count_ones();
                if bits > max_bits {
                    continue;
                }
                let shared = (masks[i] & masks[j]).count_ones();
                let off = ((bits as f64 - target).abs() * 1000.0) as u64;
                if best.is_none_or(|(s, o, _, _)| shared > s || (shared == s && off < o)) {
                    best = Some((shared, off, i, j));
                }
            }
        }
        let Some((_, _, i, j)) = best else { return };
        let merged = groups.remove(j);
        groups[i].extend(merged);
    }
}

#[test]
fn merging_remembers_partners_and_chooses_as_a_full_rescan_does() {
    let mut rng = fairy_magic::stages::splitmix::SplitMix64::new(0x2545_f491_4f6c_dd1d);
    let mut next = move || rng.next_u64();
    for case in 0..300usize {
        // Few squares, so that ties (same shared count, same distance) are common, moved
        // across the words of a 256-square set.
        let squares = 6 + (case % 20) as u64;
        let at = 61 * (case % 4) as u32;
        let gates: Vec<Vec<Gate>> = (0..2 + case % 40)
            .map(|dest| {
                let path = Squares::from((next() & next() | 1 << (next() % squares)) & ((1 << squares) - 1)) << at;
                vec![Gate { dest: Square::new(dest), path, required: Squares::EMPTY, condition: Condition::Exact }]
            })
            .collect();
        let (bits, limit) = (4 + (case % 9) as u32, case % 13);
        let (mut fast, mut slow) = (gates.clone(), gates);
        merge_greedily(&mut fast, bits, limit);
        merge_by_rescanning(&mut slow, bits, limit);
        assert_eq!(fast, slow, "case {case}");
    }
}

#[test]
fn every_line_computed_is_offered_only_where_lines_may_be_computed() {
    let rook = [moves_of("R", "d4")];
    let uses = |reads: Reads| {
        let costs = sweep(&rook, |_| 0, 1, reads, 8, 1, |_, _, _| 0);
        costs[0].iter().map(|c| (c.lines, c.line_bytes > 0)).collect::<HashSet<_>>()
    };
    let dear = Reads {
        max_probes: 8,
        forms: FormCosts { probe: 10, line: 60, slide: 1, rank: u32::MAX, check: 10 },
        block: 1,
    };
    // Lines measured dearer than a probe: as measured, none; offered as a way down, both.
    let offered = uses(dear);
    assert!(offered.contains(&(LineUse::AsMeasured, false)) && offered.contains(&(LineUse::Always, true)));
    // `lines never`: no plan computes a line, however far over the cache its tables are.
    assert_eq!(uses(Reads::tables_only(8)), [(LineUse::AsMeasured, false)].into_iter().collect());
    // Planned with every line, under `lines never`, the slot still keeps its tables.
    let never = plan_with(&rook, &[12], &[LineUse::Always], Reads::tables_only(8), Cache::Hot);
    assert!(never.slots[0].lines.is_empty() && !never.lookups.is_empty());
}

#[test]
fn lines_replace_tables_where_they_measure_cheaper_and_only_there() {
    let cheap =
        Reads { max_probes: 8, forms: FormCosts { probe: 10, line: 4, slide: 1, rank: u32::MAX, check: 10 }, block: 1 };
    let rook = plan(&[moves_of("R", "d4")], &[12], cheap, Cache::Hot);
    assert_eq!((rook.slots[0].lines.len(), rook.slots[0].lookups.len()), (2, 0), "two lines beat a probe");
    assert!(rook.lookups.is_empty());
    let dear =
        Reads { max_probes: 8, forms: FormCosts { probe: 10, line: 6, slide: 1, rank: u32::MAX, check: 10 }, block: 1 };
    let rook = plan(&[moves_of("R", "d4")], &[12], dear, Cache::Hot);
    assert_eq!((rook.slots[0].lines.len(), rook.slots[0].lookups.len()), (0, 1), "one probe beats two lines");
    // Cut to 4-bit tables the rook needs three probes: its lines win again.
    let rook = plan(&[moves_of("R", "d4")], &[4], dear, Cache::Hot);
    assert_eq!(rook.slots[0].lines.len(), 2);
    // A knight has no line; a leaper and a slider share a slot: the leaps stay leaps.
    let mixed = plan(&[moves_of("RN", "d4")], &[12], cheap, Cache::Hot);
    assert_eq!(mixed.slots[0].lines.len(), 2);
    assert_eq!(mixed.slots[0].leaps.count_ones(), 8 + 4);
}

#[test]
fn a_block_reads_one_form_when_its_squares_would_pad_a_mix() {
    // At 10 bits a central rook is one probe (10 ps, under its two lines' 12) and an edge
    // rook two (20, over 12). Chosen square by square, the block would read a probe and two
    // lines on every square (22); as a block, two lines everywhere (12).
    let squares: Vec<String> = BOARD.each().map(|s| BOARD.name(s)).collect();
    let rooks: Vec<Vec<PathMove>> = squares.iter().map(|s| moves_of("R", s)).collect();
    let forms = FormCosts { probe: 10, line: 6, slide: 1, rank: u32::MAX, check: 10 };
    let by_square = plan(&rooks, &[10; 64], Reads { max_probes: 8, forms, block: 1 }, Cache::Hot);
    assert!(by_square.slots.iter().any(|s| s.lines.is_empty()) && by_square.slots.iter().any(|s| !s.lines.is_empty()));
    let reads = Reads { max_probes: 8, forms, block: 64 };
    let by_block = plan(&rooks, &[10; 64], reads, Cache::Hot);
    assert!(by_block.slots.iter().all(|s| !s.lines.is_empty() && s.lookups.is_empty()));
    assert!(cost(&by_block, 10, 8, reads).picos < cost(&by_square, 10, 8, reads).picos);
    assert_eq!(cost(&by_block, 10, 8, reads).picos, 64 * 12);
}

#[test]
fn a_rook_is_one_lookup_with_the_classic_mask() {
    let plan = plan(&[moves_of("R", "a1")], &[12], Reads::tables_only(8), Cache::Hot);
    assert_eq!(plan.slots[0].lookups.len(), 1);
    assert_eq!(plan.lookups[0].mask.count_ones(), 12);
    // The adjacent squares are always reached: leaps.
    assert_eq!(plan.slots[0].leaps, bit(Square::new(1)) | bit(Square::new(8)));
}

#[test]
fn a_queen_reuses_the_rook_and_bishop_tables() {
    let plan = plan(
        &[moves_of("Q", "d4"), moves_of("R", "d4"), moves_of("B", "d4")],
        &[12; 3],
        Reads::tables_only(8),
        Cache::Hot,
    );
    assert_eq!(plan.lookups.len(), 2);
    let mut queen = plan.slots[0].lookups.clone();
    queen.sort();
    let mut rook_bishop = vec![plan.slots[1].lookups[0], plan.slots[2].lookups[0]];
    rook_bishop.sort();
    assert_eq!(queen, rook_bishop);
}

#[test]
fn detours_and_duplicates_go() {
    // Two ways to the same square, one needing a subset of what the other needs.
    let short = Gate {
        dest: Square::new(9),
        path: Squares::from(0b10u64),
        required: Squares::EMPTY,
        condition: Condition::Exact,
    };
    let long = Gate {
        dest: Square::new(9),
        path: Squares::from(0b110u64),
        required: Squares::EMPTY,
        condition: Condition::Exact,
    };
    assert!(long.is_detour_of(&short));
    assert!(!short.is_detour_of(&long));
    let pm = |g: Gate| PathMove {
        dest: g.dest,
        path: g.path,
        required: g.required,
        condition: g.condition,
        kinds: 3,
        initial: false,
    };
    let (leaps, gates) = split_leaps(&[pm(long), pm(short), pm(short)]);
    assert_eq!((leaps, gates), (Squares::EMPTY, vec![short]));
}

#[test]
fn the_budget_splits_big_masks_evenly() {
    let plan = plan(&[moves_of("Q", "a1")], &[8], Reads::tables_only(8), Cache::Hot);
    let bits: Vec<u32> = plan.slots[0].lookups.iter().map(|&i| plan.lookups[i].mask.count_ones()).collect();
    assert!(bits.iter().all(|&b| b <= 8), "{bits:?}");
    assert_eq!(bits.len(), 3, "{bits:?}");
}

#[test]
fn moves_beyond_the_budget_become_checks() {
    // A 7-square ride with a 4-bit budget: the last three destinations are checks.
    let plan = plan(&[moves_of("fR", "a1")], &[4], Reads::tables_only(8), Cache::Hot);
    assert_eq!(plan.slots[0].checks.len(), 2);
    let one_probe =
        fairy_magic::stages::lookups::plan(&[moves_of("Q", "d4")], &[12], Reads::tables_only(1), Cache::Hot);
    assert_eq!(one_probe.slots[0].lookups.len(), 1);
    assert!(!one_probe.slots[0].checks.is_empty());
}
