//! Fairy-Stockfish's Betza, read as Fairy-Stockfish reads it, and written in fairy-magic's XBetza.
//!
//! Fairy-Stockfish reads its move strings one letter at a time and skips what it does not know
//! (`e`, `j`, brackets, `a`), so a string can mean one thing there and another (or nothing) here:
//! its `nN` is the xiangqi horse, its `pW` a cannon on rook lines, its `fK` three forward steps.
//! The importer keeps a string as written when fairy-magic gives it the same moves, and otherwise
//! writes the moves Fairy-Stockfish plays, in a form this compiler reads, with a note.

use std::collections::{BTreeMap, BTreeSet};

use fairy_magic_runtime::Color;

use crate::betza;
use crate::legs;

/// How one of Fairy-Stockfish's move families goes, after its reading of the letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Sweep {
    Leap,
    /// `n`: every square on its way (orthogonal steps first, as Fairy-Stockfish walks) empty.
    Lame,
    /// A rider; 0 = no limit.
    Ride(u8),
    /// A hopper landing at most this many squares behind its hurdle; 0 = no limit (`p`),
    /// 1 = right behind it (`g`).
    Hop(u8),
}

/// What Fairy-Stockfish keeps for each move: (table, first move only, quiet?, step) → distance.
/// Its later letters overwrite an earlier distance for the same step, as its maps do.
type Reading = BTreeMap<(Table, bool, bool, (i8, i8)), i32>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Table {
    Step,
    Slide,
    Hop,
}

/// The leaps Fairy-Stockfish knows, as (long, short); K and Q are two atoms each.
fn leaps(atom: char) -> Option<(&'static [(i8, i8)], bool)> {
    const K: &[(i8, i8)] = &[(1, 0), (1, 1)];
    let (list, rides): (&[(i8, i8)], bool) = match atom {
        'W' | 'R' => (&[(1, 0)], atom == 'R'),
        'F' | 'B' => (&[(1, 1)], atom == 'B'),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' | 'Q' => (K, atom == 'Q'),
        _ => return None,
    };
    Some((list, rides))
}

/// The eight images of a leap (long, short) and, for each, the direction pairs that select it
/// in Fairy-Stockfish (a single letter counts as doubled: `f` = `ff`). Steps are
/// (files right, ranks forward).
fn images(long: i8, short: i8) -> [((i8, i8), [&'static str; 7]); 8] {
    let (a, b) = (long, short);
    [
        ((b, a), ["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), ["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), ["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), ["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), ["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), ["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), ["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), ["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

const VERTICAL: &str = "fbvh";
const HORIZONTAL: &str = "rlsh";

/// Reads a string letter by letter as Fairy-Stockfish does; letters it does not know are skipped.
fn read(text: &str) -> Reading {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Reading::new();
    let (mut modes, mut dirs): (Vec<bool>, Vec<String>) = (Vec::new(), Vec::new());
    let (mut hopper, mut grass, mut lame, mut initial) = (false, false, false, false);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' | 'c' => modes.push(c == 'm'),
            'p' | 'g' => {
                hopper = true;
                grass |= c == 'g';
            }
            'n' => lame = true,
            'i' => initial = true,
            _ if VERTICAL.contains(c) || HORIZONTAL.contains(c) => {
                let next = chars.get(i + 1).copied().unwrap_or(' ');
                let pairs = next == c
                    || (VERTICAL.contains(c) && HORIZONTAL.contains(next))
                    || (HORIZONTAL.contains(c) && VERTICAL.contains(next));
                if pairs {
                    dirs.push([c, next].iter().collect());
                    i += 1;
                } else {
                    dirs.push([c, c].iter().collect());
                }
            }
            _ => {
                if let Some((atoms, mut rider)) = leaps(c) {
                    let mut distance = i32::from(grass);
                    if let Some(&next) = chars.get(i + 1) {
                        if next.is_ascii_digit() || next == c {
                            rider = true;
                            distance = next.to_digit(10).map_or(distance, |d| d as i32);
                            i += 1;
                        }
                    }
                    if !rider && lame {
                        distance = -1;
                    }
                    let table = if hopper {
                        Table::Hop
                    } else if rider {
                        Table::Slide
                    } else {
                        Table::Step
                    };
                    let modes_now = if modes.is_empty() { vec![true, false] } else { modes.clone() };
                    for &(long, short) in atoms {
                        for step in selected(long, short, atoms.len() == 1, &dirs) {
                            for &quiet in &modes_now {
                                out.insert((table, initial, quiet, step), distance);
                            }
                        }
                    }
                    modes.clear();
                    dirs.clear();
                    (hopper, grass, lame, initial) = (false, false, false, false);
                }
            }
        }
        i += 1;
    }
    out
}

/// The images of one leap that a run of direction pairs selects (all of them with no pairs).
/// For a single orthogonal atom a mixed pair counts as its two letters (`fsW` = `fW` + `sW`).
fn selected(long: i8, short: i8, single: bool, dirs: &[String]) -> Vec<(i8, i8)> {
    let split: Vec<String> = dirs
        .iter()
        .flat_map(|d| {
            let b = d.as_bytes();
            if single && short == 0 && b[0] != b[1] {
                vec![String::from_utf8(vec![b[0], b[0]]).unwrap(), String::from_utf8(vec![b[1], b[1]]).unwrap()]
            } else {
                vec![d.clone()]
            }
        })
        .collect();
    let mut out: Vec<(i8, i8)> = images(long, short)
        .into_iter()
        .filter(|(_, names)| split.is_empty() || names.iter().any(|n| split.iter().any(|d| d == n)))
        .map(|(step, _)| step)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// One family of moves: everything with the same sweep, leap shape, modes and `i`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Family {
    initial: bool,
    /// "" (both), "m" or "c".
    mode: &'static str,
    sweep: Sweep,
    /// (long, short) of the leap.
    shape: (i8, i8),
}

/// Fairy-Stockfish's reading grouped into families, each with the steps it takes. Moves its
/// walk never makes (a rider or hopper whose step is longer than two squares) are dropped.
fn families(reading: &Reading) -> BTreeMap<Family, BTreeSet<(i8, i8)>> {
    // (first move only, sweep, step) → (quiet, capture)
    type Modes = BTreeMap<(bool, Sweep, (i8, i8)), (bool, bool)>;
    let mut modes = Modes::new();
    for (&(table, initial, quiet, step), &distance) in reading {
        let long = step.0.abs().max(step.1.abs());
        let sweep = match table {
            Table::Step if distance < 0 && long > 1 => Sweep::Lame,
            Table::Step => Sweep::Leap,
            _ if long > 2 => continue,
            // A ride of one step is a leap.
            Table::Slide if distance == 1 => Sweep::Leap,
            Table::Slide => Sweep::Ride(distance.max(0) as u8),
            Table::Hop => Sweep::Hop(distance.max(0) as u8),
        };
        let entry = modes.entry((initial, sweep, step)).or_default();
        if quiet {
            entry.0 = true;
        } else {
            entry.1 = true;
        }
    }
    let mut out: BTreeMap<Family, BTreeSet<(i8, i8)>> = BTreeMap::new();
    for ((initial, sweep, step), (quiet, capture)) in modes {
        let mode = match (quiet, capture) {
            (true, true) => "",
            (true, false) => "m",
            _ => "c",
        };
        let (x, y) = (step.0.abs(), step.1.abs());
        let family = Family { initial, mode, sweep, shape: (x.max(y), x.min(y)) };
        out.entry(family).or_default().insert(step);
    }
    out
}

/// The atom letter of a leap (long, short).
fn atom(shape: (i8, i8)) -> char {
    match shape {
        (1, 0) => 'W',
        (1, 1) => 'F',
        (2, 0) => 'D',
        (2, 1) => 'N',
        (2, 2) => 'A',
        (3, 0) => 'H',
        (3, 1) => 'C',
        (3, 2) => 'Z',
        _ => 'G',
    }
}

/// The atom that rides a leap: R, B, or the doubled leap (`NN`).
fn rider(shape: (i8, i8)) -> String {
    match shape {
        (1, 0) => "R".into(),
        (1, 1) => "B".into(),
        _ => format!("{0}{0}", atom(shape)),
    }
}

/// A family written in fairy-magic's XBetza with the direction letters `d`. Lame oblique leaps
/// are legs (Fairy-Stockfish walks the longer axis first); a hopper with a limit is a hop leg and
/// a limited leg behind it.
fn spell(f: &Family, d: &str) -> String {
    let (i, m) = (if f.initial { "i" } else { "" }, f.mode);
    let x = atom(f.shape);
    match f.sweep {
        Sweep::Leap => format!("{i}{m}{d}{x}"),
        Sweep::Lame => match f.shape {
            (2, 1) => format!("{i}{d}[W-{m}F]"),
            (3, 1) => format!("{i}{d}[nD-{m}F]"),
            (3, 2) => format!("{i}{d}[W-F-{m}F]"),
            _ => format!("{i}{m}{d}n{x}"),
        },
        Sweep::Ride(0) => format!("{i}{m}{d}{}", rider(f.shape)),
        Sweep::Ride(n) => format!("{i}{m}{d}{x}{n}"),
        Sweep::Hop(0) => format!("{i}{m}{d}p{}", rider(f.shape)),
        Sweep::Hop(1) => format!("{i}{m}{d}g{}", rider(f.shape)),
        // Inside brackets a doubled atom is not a rider: `N0` is.
        Sweep::Hop(n) if matches!(f.shape, (1, 0) | (1, 1)) => format!("{i}[{d}p{}-{m}{x}{n}]", rider(f.shape)),
        Sweep::Hop(n) => format!("{i}[{d}p{x}0-{m}{x}{n}]"),
    }
}

/// The moves fairy-magic reads in a string, White's and Black's; `None` if it refuses it. A
/// move that may end quietly or capturing counts as two, so that `mQcQ` and `Q` compare equal.
fn ours(text: &str) -> Option<[Vec<legs::Move>; 2]> {
    let parsed = betza::parse(text).ok()?;
    let split = |moves: Vec<legs::Move>| -> Vec<legs::Move> {
        let mut out: Vec<legs::Move> = moves.into_iter().flat_map(one_kind_each).collect();
        out.sort();
        out.dedup();
        out
    };
    Some([split(legs::moves(&parsed, Color::White).ok()?), split(legs::moves(&parsed, Color::Black).ok()?)])
}

/// A move once for each kind its last leg may end as.
fn one_kind_each(m: legs::Move) -> Vec<legs::Move> {
    let Some(last) = m.legs.last().copied() else { return vec![m] };
    let kinds = [legs::QUIET, legs::CAPTURE, legs::FRIENDLY].into_iter().filter(|k| last.kinds & k != 0);
    let mut out: Vec<legs::Move> = kinds
        .map(|k| {
            let mut one = m.clone();
            one.legs.last_mut().unwrap().kinds = k;
            one
        })
        .collect();
    if out.is_empty() {
        out.push(m);
    }
    out
}

/// Which way each of a string's moves goes, as a step with no common factor (White's moves).
pub fn ways(text: &str) -> Option<BTreeSet<(i8, i8)>> {
    let [white, _] = ours(text)?;
    let mut out = BTreeSet::new();
    for m in white {
        let sum = m.legs.iter().fold((0i32, 0i32), |s, l| (s.0 + l.step.0 as i32, s.1 + l.step.1 as i32));
        let g = gcd(sum.0.unsigned_abs(), sum.1.unsigned_abs()).max(1) as i32;
        out.insert(((sum.0 / g) as i8, (sum.1 / g) as i8));
    }
    Some(out)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn reduced(steps: &BTreeSet<(i8, i8)>) -> BTreeSet<(i8, i8)> {
    steps
        .iter()
        .map(|&(x, y)| {
            let g = gcd(x.unsigned_abs() as u32, y.unsigned_abs() as u32).max(1) as i8;
            (x / g, y / g)
        })
        .collect()
}

/// Direction letters fairy-magic reads, two letters each so that they can be run together
/// without pairing across (`ff` = `f`).
const DIRECTIONS: &[&str] = &[
    "ff", "bb", "ll", "rr", "vv", "ss", "fh", "bh", "lh", "rh", "hr", "hl", "fr", "fl", "br", "bl", "rf", "lf", "rb",
    "lb",
];

/// One family in fairy-magic's XBetza: the fewest direction letters that select exactly its steps.
fn write_family(f: &Family, steps: &BTreeSet<(i8, i8)>) -> Result<String, String> {
    let want = reduced(steps);
    if ways(&spell(f, "")).as_ref() == Some(&want) {
        return Ok(spell(f, ""));
    }
    let candidates: Vec<(&str, BTreeSet<(i8, i8)>)> = DIRECTIONS
        .iter()
        .filter_map(|d| ways(&spell(f, d)).map(|w| (*d, w)))
        .filter(|(_, w)| !w.is_empty() && w.is_subset(&want))
        .collect();
    let (mut chosen, mut covered): (Vec<&str>, BTreeSet<(i8, i8)>) = (Vec::new(), BTreeSet::new());
    while covered != want {
        let best = candidates
            .iter()
            .filter(|(_, w)| !w.is_subset(&covered))
            .max_by_key(|(_, w)| w.difference(&covered).count())
            .ok_or_else(|| format!("no direction letters of fairy-magic select the moves of `{}`", spell(f, "")))?;
        chosen.push(best.0);
        covered.extend(best.1.iter().copied());
    }
    let joined = match chosen.as_slice() {
        [one] if one.as_bytes()[0] == one.as_bytes()[1] => one[..1].to_string(),
        _ => chosen.concat(),
    };
    if ways(&spell(f, &joined)).as_ref() == Some(&want) {
        Ok(spell(f, &joined))
    } else {
        Ok(chosen.iter().map(|d| spell(f, d)).collect())
    }
}

/// A piece's moves as the importer writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The XBetza for the piece line; empty when Fairy-Stockfish gives the piece no moves.
    pub betza: String,
    /// What was changed and why, for the output's comments.
    pub notes: Vec<String>,
}

/// `text` as Fairy-Stockfish means it, in a form fairy-magic compiles: as written when the two
/// read it alike (en passant `e`, a game rule, taken out), else rewritten with a note.
pub fn translate(text: &str) -> Result<Written, String> {
    let mut notes = Vec::new();
    let mut canonical = String::new();
    for (family, steps) in families(&read(text)) {
        let part = write_family(&family, &steps)?;
        // `N` then `N2` would read as one rider `NN2`: the second gets its (default) `mc`.
        if part.chars().next().is_some_and(|c| c.is_ascii_uppercase() && canonical.ends_with(c)) {
            canonical.push_str("mc");
        }
        canonical.push_str(&part);
    }
    if canonical.is_empty() {
        return Ok(Written { betza: String::new(), notes });
    }
    let want = ours(&canonical)
        .ok_or_else(|| format!("`{text}` was rewritten as `{canonical}`, which fairy-magic does not read"))?;
    let without_ep: String = text.chars().filter(|&c| c != 'e').collect();
    if without_ep != text {
        notes.push(format!("`{text}`: en passant (`e`) is a game rule; the move is kept without it"));
    }
    if ours(&without_ep).as_ref() == Some(&want) {
        return Ok(Written { betza: without_ep, notes });
    }
    notes.push(format!("Fairy-Stockfish reads `{text}` as `{canonical}`"));
    Ok(Written { betza: canonical, notes })
}
