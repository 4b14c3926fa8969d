use fairy_magic::stages::board::{bit, subsets, Board, Squares};
use fairy_magic::stages::lines::*;
use fairy_magic::stages::paths::Gate;
use fairy_magic_runtime::{BitboardExt, LineForm};

/// The gates of `betza` from `square` on `board`, leaps out.
fn gates(board: Board, betza: &str, square: &str) -> Vec<Gate> {
    let parsed = fairy_magic::stages::betza::parse(betza).expect("XBetza");
    let moves = fairy_magic::stages::legs::moves(&parsed, fairy_magic_runtime::Color::White).expect("moves");
    let from = board.parse_square(square).expect("a square");
    let mut gates: Vec<Gate> =
        fairy_magic::stages::paths::path_moves(board, &moves, from).iter().map(Gate::of).collect();
    gates.sort();
    gates.dedup();
    gates.retain(|g| !g.path.is_empty());
    gates
}

/// The gates onto `square` of every move of `betza` on `board`, read backwards (the gates of
/// a reverse kind, as `attackers` asks them), leaps out.
pub(super) fn reverse_gates(board: Board, betza: &str, square: &str) -> Vec<Gate> {
    let parsed = fairy_magic::stages::betza::parse(betza).expect("XBetza");
    let moves = fairy_magic::stages::legs::moves(&parsed, fairy_magic_runtime::Color::White).expect("moves");
    let target = board.parse_square(square).expect("a square");
    let mut gates: Vec<Gate> = board
        .each()
        .flat_map(|origin| {
            let onto =
                fairy_magic::stages::paths::path_moves(board, &moves, origin).into_iter().filter(|m| m.dest == target);
            onto.map(move |m| Gate { dest: origin, ..Gate::of(&m) }).collect::<Vec<_>>()
        })
        .collect();
    gates.sort();
    gates.dedup();
    gates.retain(|g| !g.path.is_empty());
    gates
}

/// Every occupancy of each line's mask, with other squares of the lines filled in several
/// ways: the lines open exactly the gates they cover.
fn opens_its_gates(found: &SlotLines) {
    let all = found.lines.iter().fold(Squares::EMPTY, |m, l| m | l.mask());
    let mut rng = fairy_magic::stages::splitmix::SplitMix64::new(7);
    for line in &found.lines {
        for subset in subsets(line.mask()) {
            let elsewhere = Squares::new([rng.next_u64(), rng.next_u64(), 0, 0]) & all & !line.mask();
            let occupied = subset | elsewhere;
            let computed = found.lines.iter().fold(Squares::EMPTY, |s, l| s | l.answer(occupied));
            let gated = found.gates.iter().filter(|g| g.open(occupied)).fold(Squares::EMPTY, |s, g| s | bit(g.dest));
            assert_eq!(computed, gated, "{occupied:?}");
        }
    }
}

#[test]
fn a_rook_is_two_lines_of_every_gate() {
    let board = Board { files: 8, ranks: 8 };
    let all = gates(board, "R", "d4");
    let found = find(&all);
    assert_eq!(found.lines.len(), 2);
    assert_eq!(found.gates.len(), all.len());
    assert!(found.lines.iter().all(|l| l.form == LineForm::Slide && !l.up.is_empty() && !l.down.is_empty()));
    opens_its_gates(&found);
}

#[test]
fn hoppers_vaulters_lances_and_bent_riders_are_lines() {
    let board = Board { files: 9, ranks: 10 };
    for (betza, lines) in [("cpR", 2), ("gQ", 4), ("fR", 1), ("NN", 4), ("[F?R]", 4), ("mR4", 2)] {
        let all = gates(board, betza, "e5");
        let found = find(&all);
        assert_eq!(found.gates.len(), all.len(), "{betza}: every gate on a line");
        assert_eq!(found.lines.len(), lines, "{betza}");
        opens_its_gates(&found);
    }
}

#[test]
fn reverse_vaulters_and_reverse_griffons_are_lines() {
    // From where a grasshopper may vault onto e5: four screened lines. From where a griffon
    // may reach it: its eight rays back to a corner, each a slide then a step, paired where
    // a rising and a falling one take the same step (two pairs: six lines; on b2 only the
    // four rising rays have room to step).
    for board in [Board { files: 9, ranks: 10 }, Board { files: 16, ranks: 16 }] {
        for (betza, square, lines, form) in [
            ("gQ", "e5", 4, LineForm::Screened),
            ("gQ", "a1", 3, LineForm::Screened),
            ("[F?R]", "e5", 6, LineForm::SlideThenStep(0)),
            ("[F?R]", "b2", 4, LineForm::SlideThenStep(0)),
        ] {
            let all = reverse_gates(board, betza, square);
            let found = find(&all);
            assert_eq!(found.gates.len(), all.len(), "{betza} {square}: every gate on a line");
            assert_eq!(found.lines.len(), lines, "{betza} {square}");
            let same = |l: &ComputedLine| std::mem::discriminant(&l.form) == std::mem::discriminant(&form);
            assert!(found.lines.iter().all(same), "{betza} {square}: {:?}", found.lines);
            opens_its_gates(&found);
        }
    }
}

#[test]
fn rays_that_cross_are_never_one_line() {
    // `fsabscR` from a1: one ray passes a2 to reach b1, another passes b1 to reach a2.
    let board = Board { files: 10, ranks: 8 };
    let all = gates(board, "fsabscR", "a1");
    let found = find(&all);
    assert!(found.lines.iter().all(|l| (l.up & l.down).is_empty()));
    opens_its_gates(&found);
}

#[test]
fn a_lame_leaper_is_rays_of_one_gate() {
    let board = Board { files: 9, ranks: 10 };
    let all = gates(board, "[W-F]", "e5");
    let found = find(&all);
    assert_eq!(found.gates.len(), 8);
    opens_its_gates(&found);
}
