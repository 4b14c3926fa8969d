//! Stage 2: XBetza syntax → legs. Each move becomes a list of legs with concrete step vectors,
//! written for the given colour (Black's vectors are White's turned 180°).
//!
//! Everything the notation means is decided here; later stages only walk vectors.

use crate::betza::{AtomRun, Betza, BetzaError, Body, BracketLeg, Letter, Part, Range, Separator};
use crate::dial;
use fairy_magic_runtime::Color;

/// What a move may do on its destination square, as a bit set.
pub type Kinds = u8;
/// `m`: move to an empty square.
pub const QUIET: Kinds = 1;
/// `c`: capture an enemy.
pub const CAPTURE: Kinds = 2;
/// `d`: capture a friend.
pub const FRIENDLY: Kinds = 4;

/// One way a piece can move: legs walked one after the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The legs in the order they are walked; the last one ends on the destination.
    pub legs: Vec<Leg>,
    /// `i`: only as the piece's first move.
    pub initial: bool,
}

/// One leg of a move: a step repeated up to `range` times, how it treats the squares it
/// passes, and what it needs where it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leg {
    /// One repetition of the leap, (files right, ranks up) from White's side of the board.
    pub step: (i8, i8),
    /// The most repetitions: 1 for a leap, `UNLIMITED` for a rider with no limit.
    pub range: u8,
    /// `i` on a later `a` leg: exactly as many repetitions as the previous leg made.
    pub iso: bool,
    /// How the leg treats the squares it passes over and lands on.
    pub sweep: Sweep,
    /// What the move may do where this leg ends: a destination of these kinds. Always set on
    /// the last leg; on an earlier leg only with `?`.
    pub kinds: Kinds,
    /// How the move goes on from where this leg ends (not the last leg).
    pub onward: Onward,
}

/// A rider's range with no limit: longer than any board.
pub const UNLIMITED: u8 = u8::MAX;

/// How a leg treats the squares it passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sweep {
    /// Leaps jump over whatever lies between; a ride stops at the first occupied landing square.
    Plain,
    /// `n`: every square a leap passes over must be empty too.
    Lame,
    /// `j` on a leap: every square passed must be occupied. On a rider: the first landing square
    /// is skipped whatever is on it (and is no destination).
    Jump,
    /// `p` on the last leg: exactly one occupied square on the way (the hurdle).
    Hop,
    /// `g` on the last leg: slides to the first occupied square and lands right behind it.
    Grasshop,
}

/// What the square where a leg ends must hold for the next leg to start there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Onward {
    /// Empty (the default, `m`).
    Empty,
    /// Occupied, and left where it is (`p`, `g`): a slider leg ends on the first one it meets.
    Hurdle,
    /// Either (`mp`): the square does not matter.
    Any,
}

/// Every move of one piece for one colour.
pub fn moves(betza: &Betza, color: Color) -> Result<Vec<Move>, BetzaError> {
    let mut all = Vec::new();
    for part in &betza.parts {
        let built = match &part.body {
            Body::Simple(run) if part.mods.iter().any(|l| l.ch == 'a') => chain_moves(&part.mods, run)?,
            Body::Simple(run) => simple_moves(&part.mods, run)?,
            Body::Bracket(legs) => bracket_moves(part, legs)?,
        };
        validate_chains(all.len() + built.len(), part.offset)?;
        all.extend(built);
    }
    if color == Color::Black {
        for m in &mut all {
            for leg in &mut m.legs {
                leg.step = (-leg.step.0, -leg.step.1);
            }
        }
    }
    all.sort();
    all.dedup();
    Ok(all)
}

/// How an atom's moves are picked from the 16-point dial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// 8 moves on the odd points (N, C, Z ...).
    Oblique,
    /// 4 moves on f, r, b, l (W, D, H, R ...).
    Orthogonal,
    /// 4 moves on the diagonal points (F, A, G, B ...).
    Diagonal,
    /// 8 moves on the even points: orthogonal steps and diagonal steps (K, Q).
    KingQueen,
}

/// An atom's meaning: its leap (short, long) and the system its directions are read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The shorter coordinate of the leap (1 for N = (1, 2)).
    pub short: u8,
    /// The longer coordinate of the leap (2 for N = (1, 2)).
    pub long: u8,
    /// How the atom's directions are read on the dial, which decides what `f`, `s`, `v` ... pick.
    pub system: System,
    /// R, B, Q ride when no range is written.
    pub rides: bool,
}

impl Atom {
    /// Every symmetric image of the leap.
    pub fn images(self) -> Vec<(i8, i8)> {
        let (s, l) = (self.short as i8, self.long as i8);
        let mut out: Vec<(i8, i8)> = match self.system {
            System::KingQueen => vec![(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
            _ => [(s, l), (l, s)].into_iter().flat_map(|(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)]).collect(),
        };
        out.sort();
        out.dedup();
        out
    }
}

/// The meaning of an atom as written, with its X / Y extensions (`X`: 3 longer; `Y`: 2 longer
/// on both coordinates). Fails for letters that are not atoms or not table moves (`O`, `U`,
/// `I`), and for leaps longer than 15 squares.
pub fn atom(run: &AtomRun) -> Result<Atom, BetzaError> {
    let mut letters = run.atom.chars();
    let base = letters.next().unwrap();
    let suffixes = letters.as_str();
    let (short, long, system, rides) = match base {
        'W' => (0, 1, None, false),
        'F' => (1, 1, None, false),
        'D' => (0, 2, None, false),
        'N' => (1, 2, None, false),
        'A' => (2, 2, None, false),
        'H' => (0, 3, None, false),
        'C' | 'L' => (1, 3, None, false),
        'Z' | 'J' => (2, 3, None, false),
        'G' => (3, 3, None, false),
        'K' => (0, 1, Some(System::KingQueen), false),
        'Q' => (0, 1, Some(System::KingQueen), true),
        'R' => (0, 1, None, true),
        'B' => (1, 1, None, true),
        'O' => {
            return Err(BetzaError::new(
                run.offset,
                "`O` (castling) moves two pieces and needs game state that an attack table cannot hold",
            ))
        }
        'U' => {
            return Err(BetzaError::new(run.offset, "`U` (the universal leaper, to any square) is not a table move"))
        }
        'I' => {
            return Err(BetzaError::new(run.offset, "`I` (imitator / null move) needs rules beyond an attack table"))
        }
        other => {
            return Err(BetzaError::new(
                run.offset,
                format!("`{other}` is not an atom: expected one of W F D N A H C L Z J G K Q R B"),
            ))
        }
    };
    if !suffixes.is_empty() && matches!(base, 'K' | 'Q' | 'R' | 'B') {
        return Err(BetzaError::new(
            run.offset + 1,
            format!("`{base}` takes no X / Y extension: extend W or F instead"),
        ));
    }
    let (mut short, mut long): (u32, u32) = (short, long);
    for s in suffixes.chars() {
        match s {
            'X' => long += 3,
            _ => {
                short += 2;
                long += 2;
            }
        }
    }
    if long > 15 {
        return Err(BetzaError::new(
            run.offset,
            format!("`{}` leaps {long} squares: longer than any supported board (16)", run.atom),
        ));
    }
    let system = system.unwrap_or(if short == 0 {
        System::Orthogonal
    } else if short == long {
        System::Diagonal
    } else {
        System::Oblique
    });
    Ok(Atom { short: short as u8, long: long as u8, system, rides })
}

fn range_of(run: &AtomRun, atom: Atom) -> u8 {
    match (run.range, atom.rides) {
        (Range::Default, true) | (Range::Unlimited, _) => UNLIMITED,
        (Range::Default, false) => 1,
        (Range::Limited(n), _) => n,
    }
}

/// The letters written before one atom (or one leg), sorted by what they do.
#[derive(Clone, Debug, Default)]
struct Letters {
    directions: Vec<Letter>,
    modes: Vec<Letter>,
    initial: Option<Letter>,
    sweep: Option<(Sweep, Letter)>,
}

impl Letters {
    fn kinds(&self) -> Kinds {
        let kinds = self.modes.iter().fold(0, |k, l| {
            k | match l.ch {
                'm' => QUIET,
                'c' => CAPTURE,
                'd' => FRIENDLY,
                _ => 0,
            }
        });
        if kinds == 0 {
            QUIET | CAPTURE
        } else {
            kinds
        }
    }

    fn has_mode(&self, ch: char) -> bool {
        self.modes.iter().any(|l| l.ch == ch)
    }
}

/// Sorts letters; `modes` says which mode letters this place accepts.
fn sort_letters(mods: &[Letter], modes: &str) -> Result<Letters, BetzaError> {
    let mut out = Letters::default();
    for &letter in mods {
        match letter.ch {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => out.directions.push(letter),
            'i' => out.initial = Some(letter),
            'n' | 'j' | 'p' | 'g' if !modes.contains(letter.ch) => {
                if let Some((_, first)) = out.sweep {
                    return Err(BetzaError::new(
                        letter.offset,
                        format!(
                            "`{}` and `{}` on one atom: a leg is lame, jumping, hopping or a grasshopper, not two of them",
                            first.ch, letter.ch
                        ),
                    ));
                }
                let s = match letter.ch {
                    'n' => Sweep::Lame,
                    'j' => Sweep::Jump,
                    'p' => Sweep::Hop,
                    _ => Sweep::Grasshop,
                };
                out.sweep = Some((s, letter));
            }
            c if modes.contains(c) => out.modes.push(letter),
            _ => return Err(unsupported_letter(letter)),
        }
    }
    Ok(out)
}

fn validate_sweep(sweep: Sweep, letter: Letter, atom: Atom, range: u8) -> Result<Sweep, BetzaError> {
    let err = |why: &str| Err(BetzaError::new(letter.offset, why.to_string()));
    let passes_squares = atom.system != System::Oblique && atom.long > 1;
    match sweep {
        Sweep::Lame if atom.system == System::Oblique => {
            err("`n` on an oblique leap: its way is not unique; write the path as legs (`[W-F]` is the Xiangqi horse)")
        }
        Sweep::Jump if range == 1 && atom.system == System::Oblique => {
            err("`j` on an oblique leap: the squares it passes are not defined")
        }
        Sweep::Jump if range == 1 && !passes_squares => err("`j` on a one-step leap: there is no square to jump over"),
        Sweep::Hop | Sweep::Grasshop if range == 1 => {
            err("`p` and `g` need a rider (e.g. `pR`, `gQ`): a leap with no range has no way to hop along")
        }
        _ => Ok(sweep),
    }
}

fn sweep_of(letters: &Letters, atom: Atom, range: u8) -> Result<Sweep, BetzaError> {
    match letters.sweep {
        None => Ok(Sweep::Plain),
        Some((s, letter)) => validate_sweep(s, letter, atom, range),
    }
}

/// Whether the two moves either side of forward are equally forward, for a leg of `next`'s
/// system after a leg of `prev`'s (docs/xbetza.md, "Multi-leg moves: brackets"); `None` where
/// it is an error.
fn two_forward(prev: System, next: System) -> Option<bool> {
    use System::*;
    match (prev, next) {
        (Oblique, KingQueen) => Some(true),
        (Oblique, _) => Some(false),
        (KingQueen, Diagonal | Orthogonal) => None,
        (_, Oblique) => Some(true),
        (Diagonal, Orthogonal) | (Orthogonal, Diagonal) => Some(true),
        _ => Some(false),
    }
}

/// The step vectors of a first leg or simple move: the dial as seen from White's side.
fn absolute_steps(directions: &[Letter], atom: Atom) -> Result<Vec<(i8, i8)>, BetzaError> {
    let layout = dial::layout((0, 1), two_forward(System::Orthogonal, atom.system).unwrap(), &atom.images());
    Ok(dial::select(&layout, dial::points(directions, layout.reading)?))
}

fn simple_moves(mods: &[Letter], run: &AtomRun) -> Result<Vec<Move>, BetzaError> {
    let atom = atom(run)?;
    let letters = sort_letters(mods, "mcd")?;
    let range = range_of(run, atom);
    let sweep = sweep_of(&letters, atom, range)?;
    let kinds = letters.kinds();
    let initial = letters.initial.is_some();
    Ok(absolute_steps(&letters.directions, atom)?
        .into_iter()
        .map(|step| Move { legs: vec![Leg { step, range, iso: false, sweep, kinds, onward: Onward::Empty }], initial })
        .collect())
}

// ---- Brackets: [A-B], [A?B], with relative directions and an outward default ----

struct BracketLegSpec {
    atom: Atom,
    atom_offset: usize,
    letters: Letters,
    leg: Leg,
}

fn bracket_moves(part: &Part, legs: &[(BracketLeg, Option<Separator>)]) -> Result<Vec<Move>, BetzaError> {
    if legs.len() < 2 {
        return Err(BetzaError::new(
            part.offset,
            "a bracket holds at least two legs (`[W-F]`); write one leg without brackets",
        ));
    }
    validate_legs(legs.len(), part.offset)?;
    let prefix = sort_letters(&part.mods, "")?;
    if let Some((_, l)) = prefix.sweep {
        return Err(BetzaError::new(l.offset, format!("`{}` goes on a leg inside the brackets", l.ch)));
    }
    let mut specs = Vec::new();
    for (i, (leg, separator)) in legs.iter().enumerate() {
        let last = i + 1 == legs.len();
        let atom = atom(&leg.run)?;
        let letters = sort_letters(&leg.mods, "mcd")?;
        if let (Some(l), true) = (letters.initial, i > 0) {
            return Err(BetzaError::new(
                l.offset,
                "`i` (first move only) belongs before the brackets or on the first leg",
            ));
        }
        let range = range_of(&leg.run, atom);
        let (sweep, onward) = match letters.sweep {
            Some((Sweep::Hop, _)) if !last => (Sweep::Plain, Onward::Hurdle),
            Some((Sweep::Grasshop, l)) if !last => {
                return Err(BetzaError::new(l.offset, "`g` on a leg that is not the last: write the grasshopper's hop as `p` and its landing as the next leg"));
            }
            _ => (sweep_of(&letters, atom, range)?, Onward::Empty),
        };
        let kinds = match separator {
            None => letters.kinds(),
            Some(Separator::MayStop) => letters.kinds(),
            Some(Separator::Continue) => {
                if let Some(l) = letters.modes.iter().find(|l| l.ch != 'm') {
                    return Err(locust(*l));
                }
                0
            }
        };
        specs.push(BracketLegSpec {
            atom,
            atom_offset: leg.run.offset,
            letters,
            leg: Leg { step: (0, 0), range, iso: false, sweep, kinds, onward },
        });
    }
    let initial = prefix.initial.is_some() || specs[0].letters.initial.is_some();
    let first = absolute_steps(&specs[0].letters.directions, specs[0].atom)?;
    let mut chains: Vec<Vec<Leg>> = first.into_iter().map(|step| vec![Leg { step, ..specs[0].leg }]).collect();
    for i in 1..specs.len() {
        chains = extend_bracket(&specs[i - 1], &specs[i], chains, part.offset)?;
    }
    let moves: Vec<Move> = chains.into_iter().map(|legs| Move { legs, initial }).collect();
    if prefix.directions.is_empty() {
        return Ok(moves);
    }
    // The prefix keeps whole paths by the shape of the first leg plus one step of the second.
    let keep = dial::points(&prefix.directions, dial::Reading::Odd)?;
    let mut kept = Vec::new();
    for m in moves {
        let (a, b) = (m.legs[0].step, m.legs[1].step);
        let shape = (a.0 as i32 + b.0 as i32, a.1 as i32 + b.1 as i32);
        let Some(point) = dial::shape_point(shape) else {
            return Err(BetzaError::new(
                part.offset,
                "a direction prefix needs the first leg plus one step of the second to make an oblique shape (as in `v[F?R]`); this bracket's shapes are straight",
            ));
        };
        if keep & (1 << point) != 0 {
            kept.push(m);
        }
    }
    Ok(kept)
}

/// The chains of legs so far, each extended by every direction `spec`'s leg may take after its
/// last leg (`prev`'s). The chains are counted before they are built: a bracket of many legs
/// multiplies them, and past [`MAX_CHAINS`] it is an error at the bracket (`offset`).
fn extend_bracket(
    prev: &BracketLegSpec,
    spec: &BracketLegSpec,
    chains: Vec<Vec<Leg>>,
    offset: usize,
) -> Result<Vec<Vec<Leg>>, BetzaError> {
    let two = two_forward(prev.atom.system, spec.atom.system).ok_or_else(|| {
        BetzaError::new(
            spec.atom_offset,
            "after a K or Q leg the next leg must be oblique or K / Q: which way is forward is not defined for this atom",
        )
    })?;
    // No direction written: outward, the most forward move(s), which is what `f` names.
    let outward = [Letter { ch: 'f', offset: spec.atom_offset }];
    let directions = if spec.letters.directions.is_empty() { &outward[..] } else { &spec.letters.directions };
    let mut steps = Vec::with_capacity(chains.len());
    for legs in &chains {
        let forward = legs.last().unwrap().step;
        let layout = dial::layout((forward.0 as i32, forward.1 as i32), two, &spec.atom.images());
        steps.push(dial::select(&layout, dial::points(directions, layout.reading)?));
    }
    validate_chains(steps.iter().map(Vec::len).sum(), offset)?;
    let mut out = Vec::new();
    for (legs, steps) in chains.into_iter().zip(steps) {
        for step in steps {
            let mut more = Vec::with_capacity(legs.len() + 1);
            more.extend_from_slice(&legs);
            more.push(Leg { step, ..spec.leg });
            out.push(more);
        }
    }
    Ok(out)
}

/// The most moves (chains of legs) one part of a piece's XBetza may make, and one piece in all.
/// A real piece has a few hundred at most; a chain of many `a` legs or a bracket of many legs
/// multiplies them (`mafs` 50 times is 3^50), so they are counted before they are built.
pub const MAX_CHAINS: usize = 10_000;

/// The most legs one move may have: walking a move recurses once a leg.
pub const MAX_LEGS: usize = 32;

/// `count` chains of legs, or an error at `offset` when that is more than [`MAX_CHAINS`].
fn validate_chains(count: usize, offset: usize) -> Result<(), BetzaError> {
    if count <= MAX_CHAINS {
        return Ok(());
    }
    Err(BetzaError::new(
        offset,
        format!(
            "these moves make at least {count} chains of legs, more than the limit of {MAX_CHAINS} a piece (the leg stage's limit): write fewer legs or fewer directions"
        ),
    ))
}

/// An error at `offset` when a move of `legs` legs is longer than [`MAX_LEGS`].
fn validate_legs(legs: usize, offset: usize) -> Result<(), BetzaError> {
    if legs <= MAX_LEGS {
        return Ok(());
    }
    Err(BetzaError::new(
        offset,
        format!("a move of {legs} legs: at most {MAX_LEGS} legs a move are supported (the leg stage's limit)"),
    ))
}

fn locust(letter: Letter) -> BetzaError {
    BetzaError::new(
        letter.offset,
        format!(
            "`{}` on a leg that is not the last is a capture on the way (a locust move), which an attack table cannot hold",
            letter.ch
        ),
    )
}

// ---- `a` chains: mafsW, FyafsF, DmpafyafsW ----

/// The 8 compass directions, clockwise from forward.
const COMPASS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

fn chain_moves(mods: &[Letter], run: &AtomRun) -> Result<Vec<Move>, BetzaError> {
    let atom = atom(run)?;
    if atom.system == System::Oblique {
        return Err(BetzaError::new(
            run.offset,
            "an oblique atom in an `a` chain: a 45° turn of an oblique leap is not defined",
        ));
    }
    let start = mods.first().map_or(run.offset, |l| l.offset);
    let places = chain_letters(mods, start)?;
    let initial = places[0].initial.is_some();
    let explicit_range = match run.range {
        Range::Default => None,
        Range::Limited(n) => Some(n),
        Range::Unlimited => Some(UNLIMITED),
    };
    let ride_range = explicit_range.unwrap_or(UNLIMITED);
    let range = |rides: bool| if rides { ride_range } else { 1 };
    let mut rides = atom.rides || explicit_range.is_some();
    let mut chains: Vec<Chain> = absolute_steps(&places[0].directions, atom)?.into_iter().map(Chain::start).collect();
    let (last, earlier) = places.split_last().expect("an `a` chain has legs");
    for (i, letters) in earlier.iter().enumerate() {
        let (onward, switch) = chain_mode(letters)?;
        // The next leg's directions are turns in the 8-point K system: as many from every chain.
        let points = dial::points(&places[i + 1].directions, dial::Reading::Even)?;
        let turns: Vec<usize> = (0..8).filter(|t| points & (1 << (2 * t)) != 0).collect();
        validate_chains(chains.len().saturating_mul(turns.len()), start)?;
        // On a leg that is not the last, `p` and `g` say how it ends (`onward`); only `n` and
        // `j` are about the squares it passes.
        let passing = letters.sweep.filter(|(s, _)| matches!(s, Sweep::Lame | Sweep::Jump));
        let iso = i > 0 && letters.initial.is_some();
        let place = ChainLeg { range: range(rides), iso, kinds: 0, onward, passing };
        let mut next = Vec::with_capacity(chains.len() * turns.len());
        for chain in chains {
            let leg = place.leg(chain.step, atom)?;
            next.extend(chain.turned(leg, &turns, atom.long as i8));
        }
        chains = next;
        rides = rides != switch;
    }
    let iso = !earlier.is_empty() && last.initial.is_some();
    let place = ChainLeg { range: range(rides), iso, kinds: last.kinds(), onward: Onward::Empty, passing: last.sweep };
    chains
        .into_iter()
        .map(|chain| {
            let leg = place.leg(chain.step, atom)?;
            Ok(chain.finish(leg, initial))
        })
        .collect()
}

/// The letters of each leg of an `a` chain (`mods` split at each `a`), checked for what may
/// stand where; `start` is where the chain is written.
fn chain_letters(mods: &[Letter], start: usize) -> Result<Vec<Letters>, BetzaError> {
    let groups: Vec<&[Letter]> = mods.split(|l| l.ch == 'a').collect();
    let count = groups.len();
    validate_legs(count, start)?;
    let mut places = Vec::with_capacity(count);
    for (i, group) in groups.iter().enumerate() {
        let last = i + 1 == count;
        let letters = sort_letters(group, if last { "mcd" } else { "mcdyeg" })?;
        if i > 0 && letters.directions.is_empty() {
            let at = mods.iter().filter(|l| l.ch == 'a').nth(i - 1).unwrap();
            return Err(BetzaError::new(
                at.offset,
                "a later `a` leg with no direction letter: the reference programs disagree on its meaning; write `f` for straight on",
            ));
        }
        places.push(letters);
    }
    Ok(places)
}

/// An `a` chain as far as it is built: its legs, each complete, and the step its next leg
/// takes, which that leg's letters complete.
struct Chain {
    legs: Vec<Leg>,
    /// The next leg's step.
    step: (i8, i8),
    /// The compass point of `step` (an index into [`COMPASS`]): the leg after turns from it.
    compass: usize,
}

impl Chain {
    /// A chain whose first leg takes `step`.
    fn start(step: (i8, i8)) -> Chain {
        let unit = (step.0.signum(), step.1.signum());
        let compass = COMPASS.iter().position(|&c| c == unit).expect("an `a` chain's atom steps along the compass");
        Chain { legs: Vec::new(), step, compass }
    }

    /// The chains this one makes with `leg` (which takes its step) added: one for each turn (in
    /// eighths, clockwise) the next leg may take, each a leap of `long` along the compass.
    fn turned(self, leg: Leg, turns: &[usize], long: i8) -> impl Iterator<Item = Chain> + '_ {
        let mut legs = self.legs;
        legs.push(leg);
        turns.iter().map(move |turn| {
            let compass = (self.compass + turn) % 8;
            let unit = COMPASS[compass];
            Chain { legs: legs.clone(), step: (unit.0 * long, unit.1 * long), compass }
        })
    }

    /// The move this chain makes with `leg`, its last.
    fn finish(self, leg: Leg, initial: bool) -> Move {
        let mut legs = self.legs;
        legs.push(leg);
        Move { legs, initial }
    }
}

/// What one `a` leg's letters make of that leg in every chain: all of it but the step, which is
/// each chain's own.
struct ChainLeg {
    range: u8,
    iso: bool,
    kinds: Kinds,
    onward: Onward,
    /// The `n` or `j` that says how the leg treats the squares it passes, if any.
    passing: Option<(Sweep, Letter)>,
}

impl ChainLeg {
    /// The leg taking `step`; an error where its letters do not fit the atom.
    fn leg(&self, step: (i8, i8), atom: Atom) -> Result<Leg, BetzaError> {
        let sweep = match self.passing {
            None => Sweep::Plain,
            Some((s, letter)) => validate_sweep(s, letter, atom, self.range)?,
        };
        Ok(Leg { step, range: self.range, iso: self.iso, sweep, kinds: self.kinds, onward: self.onward })
    }
}

/// How a non-final `a` leg ends: (what the next leg needs there, whether slider ↔ leaper
/// switches for the later legs).
fn chain_mode(letters: &Letters) -> Result<(Onward, bool), BetzaError> {
    if let Some(l) = letters.modes.iter().find(|l| matches!(l.ch, 'c' | 'd' | 'e')) {
        return Err(locust(*l));
    }
    let hop = matches!(letters.sweep, Some((Sweep::Hop, _)));
    let grasshop = matches!(letters.sweep, Some((Sweep::Grasshop, _)));
    let y = letters.has_mode('y');
    let g = letters.has_mode('g') || grasshop;
    let m = letters.has_mode('m');
    Ok(match (m, hop, g) {
        (true, true, _) => (Onward::Any, y),
        (_, true, _) => (Onward::Hurdle, y),
        (_, _, true) => (Onward::Hurdle, !y),
        _ => (Onward::Empty, y),
    })
}

fn unsupported_letter(letter: Letter) -> BetzaError {
    let why = match letter.ch {
        'e' => "`e` (en passant) needs the previous move, game state that an attack table cannot hold",
        'x' => "`x` (relay / exchange moves) needs rules beyond an attack table",
        'k' => "`k` (moves that depend on giving check) needs the kings' position, which an attack table cannot hold",
        'u' => "`u` (unload: moving another piece) changes other squares and needs rules beyond an attack table",
        't' => "`t` (moves restricted by other pieces' moves) needs rules beyond an attack table",
        'o' => "`o` (cylindrical board wrap) is not supported: fairy-magic boards have edges",
        'z' => "`z` (crooked / zig-zag moves) is not supported",
        'q' => "`q` (circular moves) is not supported",
        'y' => "`y` only has a meaning on a leg of an `a` chain that is not the last",
        'a' => "`a` chains the legs of one move; it is not allowed here",
        'm' | 'c' | 'd' => "mode letters go on the legs inside the brackets",
        _ => "",
    };
    let message = if why.is_empty() {
        format!("`{}` is not a modifier that fairy-magic knows", letter.ch)
    } else {
        why.to_string()
    };
    BetzaError::new(letter.offset, message)
}
