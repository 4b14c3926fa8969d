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
//! covers only `d2..dk`.
//!
//! A line holds one rising ray and one falling ray of the same form; the planner
//! ([`lookups`](crate::lookups)) decides, by measured cost, whether a slot computes them or
//! leaves their gates to tables.

use fairy_magic_runtime::{BitboardExt, LineForm};

use crate::board::{bit, lowest, squares_of, Square, Squares};
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
    /// The squares the gates it covers open onto.
    pub reach: Squares,
    /// What the rays ask of the squares they pass.
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

/// A slot's lines and the gates they cover.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotLines {
    /// The lines, rays paired up and down within a form, in a fixed order.
    pub lines: Vec<ComputedLine>,
    /// The gates they cover (the rest of the slot's gates go to tables).
    pub gates: Vec<Gate>,
}

/// One ray found in the gates.
#[derive(Clone, Copy)]
struct Ray {
    squares: Squares,
    reach: Squares,
    rising: bool,
    form: LineForm,
    /// How many gates it covers.
    gates: usize,
}

/// The form whose condition `gate` asks of its path, on a ray that starts at `first` and passed
/// `last` last, if any. A ray's first gate asks the same of a vault and of a screened slide
/// (its one square occupied): [`find`] takes it for a vault until the next gate tells.
fn form_of(gate: &Gate, first: Square, last: Square) -> Option<LineForm> {
    match gate.condition {
        Condition::OneOf => Some(LineForm::Hop),
        Condition::Exact if gate.required.is_empty() => Some(LineForm::Slide),
        Condition::Exact if gate.required == bit(last) => Some(LineForm::Vault),
        Condition::Exact if gate.required == bit(first) => Some(LineForm::Screened),
        Condition::Exact => None,
    }
}

/// Every ray in `gates` (a slot's gates, leaps already out) and the lines they pair into.
/// Each gate joins at most one ray. Rays that step off their line go first: the first gate of
/// such a ray (one square looked at, the step beyond it) would otherwise start a ray of its own.
pub fn find(gates: &[Gate]) -> SlotLines {
    let mut used = vec![false; gates.len()];
    let mut rays = stepped_rays(gates, &mut used);
    rays.extend(straight_rays(gates, &mut used));
    let covered: Vec<Gate> = gates.iter().zip(&used).filter(|(_, &u)| u).map(|(g, _)| *g).collect();
    SlotLines { lines: pair(rays), gates: covered }
}

/// The rays whose gates end on the line they look along: a slide, a hop, a vault or a screened
/// slide, each gate looking at the squares before its destination.
fn straight_rays(gates: &[Gate], used: &mut [bool]) -> Vec<Ray> {
    // Gates by the squares they look at: a ray's next gate looks at the squares it has passed.
    let mut by_path: FxHashMap<Squares, Vec<usize>> = FxHashMap::default();
    for (i, g) in gates.iter().enumerate() {
        by_path.entry(g.path).or_default().push(i);
    }
    let mut rays = Vec::new();
    for (start, g) in gates.iter().enumerate() {
        if used[start] || g.path.count_ones() != 1 {
            continue;
        }
        let first = lowest(g.path).expect("one square");
        let Some(form) = form_of(g, first, first) else { continue };
        if g.dest == first {
            continue;
        }
        used[start] = true;
        let (squares, reach, rising) = (g.path | bit(g.dest), bit(g.dest), g.dest > first);
        let mut ray = Ray { squares, reach, rising, form, gates: 1 };
        let mut last = g.dest;
        while let Some((next, form)) = continuation(gates, &by_path, used, &ray, first, last) {
            used[next] = true;
            last = gates[next].dest;
            ray.form = form;
            ray.squares |= bit(last);
            ray.reach |= bit(last);
            ray.gates += 1;
        }
        rays.push(ray);
    }
    rays
}

/// The unused gate that extends `ray` (from `first`) past `last`, and the ray's form with it: it
/// looks at exactly the ray's squares, asks the ray's form of them, and goes on the way the
/// ray's indices go. A ray of one gate taken for a vault may go on as a screened slide.
fn continuation(
    gates: &[Gate],
    by_path: &FxHashMap<Squares, Vec<usize>>,
    used: &[bool],
    ray: &Ray,
    first: Square,
    last: Square,
) -> Option<(usize, LineForm)> {
    let one_gate = ray.gates == 1;
    let candidates = by_path.get(&ray.squares)?;
    candidates.iter().find_map(|&i| {
        let g = &gates[i];
        let form = form_of(g, first, last)?;
        let same = form == ray.form || one_gate && ray.form == LineForm::Vault && form == LineForm::Screened;
        let onward = (g.dest > last) == ray.rising && g.dest != last;
        (!used[i] && same && onward).then_some((i, form))
    })
}

/// The rays whose moves step off their line (the reverse of the griffon): gate `k` looks at
/// squares `s1..sk` of a line, asks them all empty, and ends on `sk` moved on by one fixed
/// number of indices. A run where that step is the line's own (`s(k+1) = sk + step`) is a
/// plain slide and is left to [`straight_rays`], as is a run of one gate.
fn stepped_rays(gates: &[Gate], used: &mut [bool]) -> Vec<Ray> {
    let empty_path = |g: &Gate| g.condition == Condition::Exact && g.required.is_empty() && !g.path.is_empty();
    // Each gate by the squares it looks at less one, `s`, and its step off `s`.
    let mut by_rest: FxHashMap<(Squares, i32), Vec<usize>> = FxHashMap::default();
    for (i, g) in gates.iter().enumerate().filter(|(_, g)| empty_path(g) && g.path.count_ones() > 1) {
        for s in squares_of(g.path) {
            by_rest.entry((g.path & !bit(s), g.dest.index() as i32 - s.index() as i32)).or_default().push(i);
        }
    }
    let mut rays = Vec::new();
    for (start, g) in gates.iter().enumerate() {
        if used[start] || !empty_path(g) || g.path.count_ones() != 1 {
            continue;
        }
        let first = lowest(g.path).expect("one square").index() as i32;
        let step = g.dest.index() as i32 - first;
        let (chain, squares) = stepped_chain(gates, &by_rest, used, start, step);
        let second = chain.get(1).map(|&i| gates[i].dest.index() as i32 - step);
        let Some(second) = second.filter(|&s| s != first + step) else { continue };
        for &i in &chain {
            used[i] = true;
        }
        let reach = chain.iter().fold(Squares::EMPTY, |r, &i| r | bit(gates[i].dest));
        let rising = second > first;
        let step = i16::try_from(step).expect("a step between two squares of a 256-square board");
        rays.push(Ray { squares, reach, rising, form: LineForm::SlideThenStep(step), gates: chain.len() });
    }
    rays
}

/// The gates of a stepped ray from `start` (one square looked at, `step` beyond it), nearest
/// first, and the squares they look at: each next gate looks at the squares before it and one
/// more, further the same way, and ends `step` beyond that one.
fn stepped_chain(
    gates: &[Gate],
    by_rest: &FxHashMap<(Squares, i32), Vec<usize>>,
    used: &[bool],
    start: usize,
    step: i32,
) -> (Vec<usize>, Squares) {
    // The square each gate looks at last: its destination less the step.
    let beyond = |i: usize| gates[i].dest.index() as i32 - step;
    let (mut chain, mut squares, mut last, mut rising) = (vec![start], gates[start].path, beyond(start), None);
    while let Some(next) = by_rest.get(&(squares, step)).and_then(|found| {
        let onward = |&i: &usize| beyond(i) != last && rising.is_none_or(|up| (beyond(i) > last) == up);
        found.iter().copied().find(|i| !used[*i] && !chain.contains(i) && onward(i))
    }) {
        rising = Some(beyond(next) > last);
        last = beyond(next);
        squares |= bit(Square::new(last as usize));
        chain.push(next);
    }
    (chain, squares)
}

/// Rays into lines: within each form, each rising ray with the first falling one left that
/// shares no square with it (a line's reach serves both rays, so a square one ray only passes
/// must not be one the other reaches; rays out of one square the opposite ways never share).
/// Forms go in the order their first rays were found, so the same gates give the same lines.
/// A ray of one gate fits more than one form ([`one_gate_as`]), and one of one square either
/// side of a line: they fill the lines the others leave half empty.
fn pair(mut rays: Vec<Ray>) -> Vec<ComputedLine> {
    let longer: Vec<LineForm> = rays.iter().filter(|r| r.gates > 1).map(|r| r.form).collect();
    for r in rays.iter_mut().filter(|r| r.gates == 1) {
        *r = one_gate_as(*r, &longer);
    }
    let mut forms: Vec<LineForm> = Vec::new();
    for r in &rays {
        if !forms.contains(&r.form) {
            forms.push(r.form);
        }
    }
    let mut lines = Vec::new();
    for form in forms {
        let of_form = rays.iter().filter(|r| r.form == form);
        let (mut either, fixed): (Vec<&Ray>, Vec<&Ray>) = of_form.partition(|r| r.squares.count_ones() == 1);
        let (up, mut down): (Vec<&Ray>, Vec<&Ray>) = fixed.into_iter().partition(|r| r.rising);
        let mut halves: Vec<(Option<&Ray>, Option<&Ray>)> = Vec::new();
        for u in up {
            let partner = down.iter().position(|d| (d.squares & u.squares).is_empty()).map(|k| down.remove(k));
            halves.push((Some(u), partner));
        }
        halves.extend(down.into_iter().map(|d| (None, Some(d))));
        // A one-square ray cuts at its own square either way: it fills whichever side is empty.
        for (u, d) in &mut halves {
            let taken = u.or(*d).expect("a line has a ray").squares;
            if u.is_none() || d.is_none() {
                if let Some(k) = either.iter().position(|e| (e.squares & taken).is_empty()) {
                    *(if u.is_none() { u } else { d }) = Some(either.remove(k));
                }
            }
        }
        while !either.is_empty() {
            let u = either.remove(0);
            let d = either.iter().position(|e| (e.squares & u.squares).is_empty()).map(|k| either.remove(k));
            halves.push((Some(u), d));
        }
        let side = |r: Option<&Ray>| r.map_or((Squares::EMPTY, Squares::EMPTY), |r| (r.squares, r.reach));
        for (u, d) in halves {
            let ((up, up_reach), (down, down_reach)) = (side(u), side(d));
            lines.push(ComputedLine { up, down, reach: up_reach | down_reach, form });
        }
    }
    lines
}

/// A ray of one gate in the form of the longer rays beside it where it fits theirs, so that
/// it can share their lines: a vault's first gate is a screened slide's too, and a slide's
/// (`d1` empty, then `d2`) a slide-then-step's of step `d2 - d1` over `d1` alone, which pairs
/// with any ray of that step (or with another such gate) beside slides that step off.
fn one_gate_as(ray: Ray, longer: &[LineForm]) -> Ray {
    match ray.form {
        LineForm::Vault if longer.contains(&LineForm::Screened) => Ray { form: LineForm::Screened, ..ray },
        LineForm::Slide => {
            let low = lowest(ray.squares).expect("two squares");
            let high = lowest(ray.squares & !bit(low)).expect("two squares");
            let (passed, dest) = match ray.rising {
                true => (low, high),
                false => (high, low),
            };
            let stepping = longer.iter().any(|f| matches!(f, LineForm::SlideThenStep(_)));
            match i16::try_from(dest.index() as i32 - passed.index() as i32)
                .ok()
                .map(LineForm::SlideThenStep)
                .filter(|_| stepping)
            {
                Some(form) => Ray { squares: bit(passed), form, ..ray },
                None => ray,
            }
        }
        _ => ray,
    }
}
