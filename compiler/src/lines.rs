//! Stage 4, first step: the gates of a slot that run along a line and are computed rather than
//! looked up (the runtime's [`Line`](fairy_magic_runtime::Line)).
//!
//! Lines are found in the gates' structure, never from a piece's letters. A ray is a run of
//! gates to squares `d1, d2, .., dk` in which the gate to `d(i+1)` looks at exactly `d1..di`
//! and asks of them what one form asks: all empty (a slide), exactly one occupied (a hop, the
//! cannon's capture), or `di` occupied and the rest empty (a vault, the grasshopper). Where the
//! squares' indices rise (or fall) along the ray, the first blocker is the lowest (or highest)
//! occupied square of the ray, which two bit tricks find with no table; so a rook's four rays,
//! a lance's one, a nightrider's eight, a griffon's eight bent ones after their first step, a
//! ranged slide and a slide cut by a region all qualify, and a ray whose indices turn back
//! stops where they do. The first square `d1` is a leap or passed (a ski slide): the line
//! answers only `d2..dk`.
//!
//! A line holds one rising ray and one falling ray of the same form; the planner
//! ([`lookups`](crate::lookups)) decides, by measured cost, whether a slot computes them or
//! leaves their gates to tables.

use fairy_magic_runtime::{BitboardExt, LineForm};

use crate::board::{bit, Squares};
use crate::fxhash::FxHashMap;
use crate::paths::Condition;
use crate::paths::Gate;

/// One computed line of a slot: up to two rays of one form, as the runtime's `Line` holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComputedLine {
    /// The ray whose squares' indices rise along it (empty if none).
    pub up: Squares,
    /// The ray whose squares' indices fall along it (empty if none).
    pub down: Squares,
    /// The squares the gates it answers open onto.
    pub reach: Squares,
    /// What the rays answer.
    pub form: LineForm,
}

impl ComputedLine {
    /// The squares whose occupancy decides the answer.
    pub fn mask(&self) -> Squares {
        self.up | self.down
    }

    /// The answer on this occupancy, through the runtime's own computation.
    pub fn answer(&self, occupied: Squares) -> Squares {
        fairy_magic_runtime::Line::new(self.up, self.down, self.reach, self.form).attacks(occupied)
    }
}

/// A slot's lines and the gates they answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// The lines, rays paired up and down within a form, in a fixed order.
    pub lines: Vec<ComputedLine>,
    /// The gates they answer (the rest of the slot's gates go to tables).
    pub gates: Vec<Gate>,
}

/// One ray found in the gates.
struct Ray {
    squares: Squares,
    reach: Squares,
    rising: bool,
    form: LineForm,
}

/// The form whose condition `gate` asks of its path after the ray passed `last` last, if any.
fn form_of(gate: &Gate, last: u8) -> Option<LineForm> {
    match gate.condition {
        Condition::OneOf => Some(LineForm::Hop),
        Condition::Exact if gate.required.is_empty() => Some(LineForm::Slide),
        Condition::Exact if gate.required == bit(last) => Some(LineForm::Vault),
        Condition::Exact => None,
    }
}

/// Every ray in `gates` (a slot's gates, leaps already out) and the lines they pair into.
/// Each gate joins at most one ray.
pub fn find(gates: &[Gate]) -> Lines {
    // Gates by the squares they look at: a ray's next gate looks at the squares it has passed.
    let mut by_path: FxHashMap<Squares, Vec<usize>> = FxHashMap::default();
    for (i, g) in gates.iter().enumerate() {
        by_path.entry(g.path).or_default().push(i);
    }
    let mut used = vec![false; gates.len()];
    let mut rays = Vec::new();
    for (start, g) in gates.iter().enumerate() {
        if used[start] || g.path.count_ones() != 1 {
            continue;
        }
        let first = g.path.lowest_index().expect("one square") as u8;
        let Some(form) = form_of(g, first) else { continue };
        if g.dest == first {
            continue;
        }
        let rising = g.dest > first;
        used[start] = true;
        let mut ray = Ray { squares: g.path | bit(g.dest), reach: bit(g.dest), rising, form };
        let mut last = g.dest;
        while let Some(next) = continuation(gates, &by_path, &used, &ray, last) {
            used[next] = true;
            last = gates[next].dest;
            ray.squares |= bit(last);
            ray.reach |= bit(last);
        }
        rays.push(ray);
    }
    let answered: Vec<Gate> = gates.iter().zip(&used).filter(|(_, &u)| u).map(|(g, _)| *g).collect();
    Lines { lines: pair(rays), gates: answered }
}

/// The unused gate that extends `ray` past `last`: it looks at exactly the ray's squares, asks
/// the ray's form of them, and goes on the way the ray's indices go.
fn continuation(
    gates: &[Gate],
    by_path: &FxHashMap<Squares, Vec<usize>>,
    used: &[bool],
    ray: &Ray,
    last: u8,
) -> Option<usize> {
    let candidates = by_path.get(&ray.squares)?;
    candidates.iter().copied().find(|&i| {
        let g = &gates[i];
        !used[i] && form_of(g, last) == Some(ray.form) && (g.dest > last) == ray.rising && g.dest != last
    })
}

/// Rays into lines: within each form, each rising ray with the first falling one left that
/// shares no square with it (a line's reach serves both rays, so a square one ray only passes
/// must not be one the other reaches; rays out of one square the opposite ways never share).
fn pair(rays: Vec<Ray>) -> Vec<ComputedLine> {
    let mut lines = Vec::new();
    for form in [LineForm::Slide, LineForm::Hop, LineForm::Vault] {
        let (up, mut down): (Vec<&Ray>, Vec<&Ray>) = rays.iter().filter(|r| r.form == form).partition(|r| r.rising);
        for u in up {
            let partner = down.iter().position(|d| (d.squares & u.squares).is_empty()).map(|k| down.remove(k));
            let (squares, reach) = partner.map_or((Squares::EMPTY, Squares::EMPTY), |d| (d.squares, d.reach));
            lines.push(ComputedLine { up: u.squares, down: squares, reach: u.reach | reach, form });
        }
        for d in down {
            lines.push(ComputedLine { up: Squares::EMPTY, down: d.squares, reach: d.reach, form });
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{subsets, Board};
    use crate::paths::Gate;

    /// The gates of `betza` from `square` on `board`, leaps out.
    fn gates(board: Board, betza: &str, square: &str) -> Vec<Gate> {
        let parsed = crate::betza::parse(betza).expect("XBetza");
        let moves = crate::legs::moves(&parsed, fairy_magic_runtime::Color::White).expect("moves");
        let from = board.parse_square(square).expect("a square");
        let mut gates: Vec<Gate> = crate::paths::path_moves(board, &moves, from).iter().map(Gate::of).collect();
        gates.sort();
        gates.dedup();
        gates.retain(|g| !g.path.is_empty());
        gates
    }

    /// Every occupancy of each line's mask, with other squares of the lines filled in several
    /// ways: the lines open exactly the gates they answer.
    fn answers_its_gates(found: &Lines) {
        let all = found.lines.iter().fold(Squares::EMPTY, |m, l| m | l.mask());
        let mut rng = crate::splitmix::SplitMix64::new(7);
        for line in &found.lines {
            for subset in subsets(line.mask()) {
                let elsewhere = Squares::new([rng.next_u64(), rng.next_u64(), 0, 0]) & all & !line.mask();
                let occupied = subset | elsewhere;
                let computed = found.lines.iter().fold(Squares::EMPTY, |s, l| s | l.answer(occupied));
                let gated =
                    found.gates.iter().filter(|g| g.open(occupied)).fold(Squares::EMPTY, |s, g| s | bit(g.dest));
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
        answers_its_gates(&found);
    }

    #[test]
    fn hoppers_vaulters_lances_and_bent_riders_are_lines() {
        let board = Board { files: 9, ranks: 10 };
        for (betza, lines) in [("cpR", 2), ("gQ", 4), ("fR", 1), ("NN", 4), ("[F?R]", 4), ("mR4", 2)] {
            let all = gates(board, betza, "e5");
            let found = find(&all);
            assert_eq!(found.gates.len(), all.len(), "{betza}: every gate on a line");
            assert_eq!(found.lines.len(), lines, "{betza}");
            answers_its_gates(&found);
        }
    }

    #[test]
    fn rays_that_cross_are_never_one_line() {
        // `fsabscR` from a1: one ray passes a2 to reach b1, another passes b1 to reach a2.
        let board = Board { files: 10, ranks: 8 };
        let all = gates(board, "fsabscR", "a1");
        let found = find(&all);
        assert!(found.lines.iter().all(|l| (l.up & l.down).is_empty()));
        answers_its_gates(&found);
    }

    #[test]
    fn a_lame_leaper_is_rays_of_one_gate() {
        let board = Board { files: 9, ranks: 10 };
        let all = gates(board, "[W-F]", "e5");
        let found = find(&all);
        assert_eq!(found.gates.len(), 8);
        answers_its_gates(&found);
    }
}
