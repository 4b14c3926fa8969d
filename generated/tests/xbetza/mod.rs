//! A second XBetza interpreter, written for the tests from the contract (`/work/shared/XBETZA.md`,
//! and DESIGN.md's 16-point dial) alone. It shares no code with the compiler's `betza.rs`,
//! `dial.rs`, `legs.rs`, `paths.rs` or `reference.rs`: it parses the string itself and walks the
//! board square by square, so a wrong reading there (black moves mirrored rather than turned, a
//! hopper without its hurdle) shows up as a disagreement with the generated modules.
//!
//! It covers what the shipped variants and the tests use: the atoms W F D N A H C L Z J G K Q R B
//! with X / Y extensions, ranges and doubled riders; direction letters, pairs, `h` half planes
//! and chiral sets, `v` / `s` distributed; m c d i n j p g; brackets with `-` and `?` (any number
//! of legs, relative later legs, the outward default, the direction prefix filter); `a` chains
//! with m p g y and iso legs. Anything else panics: a test must not quietly skip a piece.

#![allow(dead_code)]

use std::collections::BTreeMap;

use fairy_magic_runtime::{Bitboard256, BitboardExt};

pub const QUIET: u8 = 1;
pub const CAPTURE: u8 = 2;
pub const FRIENDLY: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Orth,
    Diag,
    Oblique,
    King,
}

#[derive(Clone, Debug)]
struct Leg {
    /// The leap as (short, long) before any direction: W = (0, 1), N = (1, 2).
    leap: (i32, i32),
    class: Class,
    /// 1 = a leap, 0 = unlimited, n = at most n repetitions.
    range: u32,
    /// Dial points (bit p = point p), `None` when no direction letter was written.
    dirs: Option<u16>,
    /// The m / c / d letters written on the leg, as QUIET | CAPTURE | FRIENDLY; 0 = none.
    modes: u8,
    hop: bool,
    grass: bool,
    lame: bool,
    jump: bool,
    /// `a` chains: the stop rule of a non-final leg.
    stop: Stop,
    /// `a` chains: an iso leg rides as many steps as the previous one.
    iso: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Empty,
    Occupied,
    Either,
}

#[derive(Clone, Debug)]
struct Move {
    legs: Vec<Leg>,
    /// `?` after leg k: the move may also end there.
    may_end: Vec<bool>,
    /// A direction prefix on a bracket: dial points the path's shape must be on.
    prefix: Option<u16>,
    initial: bool,
    /// `a` chain: later legs read in the 8-point K system, the atom turning on 45° turns.
    chain: bool,
}

/// A parsed piece.
#[derive(Clone, Debug)]
pub struct Piece {
    moves: Vec<Move>,
}

/// Destinations by square: QUIET | CAPTURE | FRIENDLY.
pub type Reach = BTreeMap<usize, u8>;

const ALL: u16 = 0xffff;
/// The letter `f`: f, rf, lf.
const FORWARD: u16 = 1 << 15 | 1 | 1 << 1;

fn rotate(points: u16, by: u32) -> u16 {
    points.rotate_left(by % 16)
}

/// One direction letter alone.
fn single(c: u8) -> u16 {
    match c {
        b'f' => FORWARD,
        b'r' => rotate(FORWARD, 4),
        b'b' => rotate(FORWARD, 8),
        b'l' => rotate(FORWARD, 12),
        b'v' => single(b'f') | single(b'b'),
        b's' => single(b'l') | single(b'r'),
        _ => panic!("not a direction letter: {}", c as char),
    }
}

fn expand(c: u8) -> Vec<u8> {
    match c {
        b'v' => vec![b'f', b'b'],
        b's' => vec![b'l', b'r'],
        c => vec![c],
    }
}

/// Two perpendicular letters: the second names the pair of points, the first the member.
fn pair(a: u8, b: u8) -> u16 {
    if a == b {
        return single(a);
    }
    if a == b'v' || a == b's' || b == b'v' || b == b's' {
        let mut set = 0;
        for x in expand(a) {
            for y in expand(b) {
                set |= pair(x, y);
            }
        }
        return set;
    }
    let points: &[u32] = match (a, b) {
        (b'r', b'f') => &[1, 2],
        (b'f', b'r') => &[2, 3],
        (b'b', b'r') => &[5, 6],
        (b'r', b'b') => &[6, 7],
        (b'l', b'b') => &[9, 10],
        (b'b', b'l') => &[10, 11],
        (b'f', b'l') => &[13, 14],
        (b'l', b'f') => &[14, 15],
        _ => panic!("not a pair: {}{}", a as char, b as char),
    };
    points.iter().fold(0, |s, p| s | 1 << p)
}

fn perpendicular(a: u8, b: u8) -> bool {
    let vertical = |c| matches!(c, b'f' | b'b' | b'v');
    let sideways = |c| matches!(c, b'l' | b'r' | b's');
    (vertical(a) && sideways(b)) || (sideways(a) && vertical(b))
}

/// A run of direction letters, read left to right; `None` when there is none.
fn directions(letters: &[u8]) -> Option<u16> {
    if letters.is_empty() {
        return None;
    }
    let (mut set, mut i) = (0u16, 0);
    let range = |from: u32, to: u32| (from..=to).fold(0u16, |s, p| s | 1 << (p % 16));
    while i < letters.len() {
        let c = letters[i];
        let next = letters.get(i + 1).copied();
        if c == b'h' {
            set |= match next {
                Some(b'r') => 1 << 1 | 1 << 5 | 1 << 9 | 1 << 13,
                Some(b'l') => 1 << 15 | 1 << 3 | 1 << 7 | 1 << 11,
                _ => panic!("h without r or l"),
            };
            i += 2;
        } else if next == Some(b'h') {
            set |= match c {
                b'f' => range(13, 19),
                b'r' => range(1, 7),
                b'b' => range(5, 11),
                b'l' => range(9, 15),
                _ => panic!("{}h", c as char),
            };
            i += 2;
        } else if next.is_some_and(|n| n == c || perpendicular(c, n)) {
            set |= pair(c, next.unwrap());
            i += 2;
        } else {
            set |= single(c);
            i += 1;
        }
    }
    Some(set)
}

/// The unit vector of an even dial point.
fn unit(p: u32) -> (i32, i32) {
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)][(p % 16 / 2) as usize]
}

/// The leap (short, long) at an odd dial point.
fn oblique(p: u32, (s, l): (i32, i32)) -> (i32, i32) {
    match p % 16 {
        1 => (s, l),
        3 => (l, s),
        5 => (l, -s),
        7 => (s, -l),
        9 => (-s, -l),
        11 => (-l, -s),
        13 => (-l, s),
        15 => (-s, l),
        _ => unreachable!(),
    }
}

/// The dial point a vector points at (obliques by which coordinate is longer).
fn point_of((x, y): (i32, i32)) -> u32 {
    let (ax, ay) = (x.abs(), y.abs());
    if x == 0 {
        return if y > 0 { 0 } else { 8 };
    }
    if y == 0 {
        return if x > 0 { 4 } else { 12 };
    }
    match (x > 0, y > 0, ax == ay, ay > ax) {
        (true, true, true, _) => 2,
        (true, false, true, _) => 6,
        (false, false, true, _) => 10,
        (false, true, true, _) => 14,
        (true, true, _, true) => 1,
        (true, true, _, false) => 3,
        (true, false, _, false) => 5,
        (true, false, _, true) => 7,
        (false, false, _, true) => 9,
        (false, false, _, false) => 11,
        (false, true, _, false) => 13,
        (false, true, _, true) => 15,
    }
}

/// The moves of a leg at the given dial points (already turned to the board).
fn vectors(points: u16, leg: &Leg) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let mut add = |v| {
        if !out.contains(&v) {
            out.push(v)
        }
    };
    let long = leg.leap.1;
    for p in 0..16u32 {
        if points >> p & 1 == 0 {
            continue;
        }
        match leg.class {
            Class::Oblique if p % 2 == 1 => add(oblique(p, leg.leap)),
            Class::King if p % 2 == 0 => add(unit(p)),
            Class::Orth if p % 4 == 0 => add(scale(unit(p), long)),
            Class::Orth if p % 4 == 2 => {
                add(scale(unit(p + 14), long));
                add(scale(unit(p + 2), long));
            }
            Class::Diag if p % 4 == 2 => add(scale(unit(p), long)),
            Class::Diag if p % 4 == 0 => {
                add(scale(unit(p + 14), long));
                add(scale(unit(p + 2), long));
            }
            _ => {}
        }
    }
    out
}

fn scale((x, y): (i32, i32), k: i32) -> (i32, i32) {
    (x * k, y * k)
}

/// An atom letter, with X / Y extensions, as (leap, class).
fn atom(text: &[u8], at: &mut usize) -> ((i32, i32), Class, u32) {
    let c = text[*at];
    *at += 1;
    let (mut leap, rider) = match c {
        b'W' => ((0, 1), false),
        b'F' => ((1, 1), false),
        b'D' => ((0, 2), false),
        b'N' => ((1, 2), false),
        b'A' => ((2, 2), false),
        b'H' => ((0, 3), false),
        b'C' | b'L' => ((1, 3), false),
        b'Z' | b'J' => ((2, 3), false),
        b'G' => ((3, 3), false),
        b'K' => ((0, 0), false),
        b'Q' => ((0, 0), true),
        b'R' => ((0, 1), true),
        b'B' => ((1, 1), true),
        _ => panic!("no atom {}", c as char),
    };
    while *at < text.len() && matches!(text[*at], b'X' | b'Y') {
        if text[*at] == b'X' {
            leap.1 += 3;
        } else {
            leap = (leap.0 + 2, leap.1 + 2);
        }
        *at += 1;
    }
    let class = if matches!(c, b'K' | b'Q') {
        Class::King
    } else if leap.0 == 0 {
        Class::Orth
    } else if leap.0 == leap.1 {
        Class::Diag
    } else {
        Class::Oblique
    };
    let mut range = if rider { 0 } else { 1 };
    if !rider && *at < text.len() && text[*at] == c {
        range = 0;
        *at += 1;
    }
    let start = *at;
    while *at < text.len() && text[*at].is_ascii_digit() {
        *at += 1;
    }
    if *at > start {
        range = std::str::from_utf8(&text[start..*at]).unwrap().parse().unwrap();
    }
    (leap, class, range)
}

/// Modifier letters into a leg; direction letters are returned.
fn leg(mods: &[u8], text: &[u8], at: &mut usize) -> (Leg, bool) {
    let (leap, class, range) = atom(text, at);
    let mut leg = Leg {
        leap,
        class,
        range,
        dirs: None,
        modes: 0,
        hop: false,
        grass: false,
        lame: false,
        jump: false,
        stop: Stop::Empty,
        iso: false,
    };
    let mut initial = false;
    let mut dirs = Vec::new();
    for &m in mods {
        match m {
            b'm' => leg.modes |= QUIET,
            b'c' => leg.modes |= CAPTURE,
            b'd' => leg.modes |= FRIENDLY,
            b'i' => initial = true,
            b'n' => leg.lame = true,
            b'j' => leg.jump = true,
            b'p' => leg.hop = true,
            b'g' => leg.grass = true,
            b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => dirs.push(m),
            _ => panic!("modifier {} is not for this interpreter", m as char),
        }
    }
    leg.dirs = directions(&dirs);
    (leg, initial)
}

/// Parses an XBetza string.
pub fn parse(betza: &str) -> Piece {
    let text = betza.as_bytes();
    let mut at = 0;
    let mut moves = Vec::new();
    while at < text.len() {
        let start = at;
        while at < text.len() && text[at].is_ascii_lowercase() {
            at += 1;
        }
        let prefix = &text[start..at];
        if at < text.len() && text[at] == b'[' {
            at += 1;
            let mut legs = Vec::new();
            let mut may_end = Vec::new();
            let mut initial = prefix.contains(&b'i');
            loop {
                let s = at;
                while text[at].is_ascii_lowercase() {
                    at += 1;
                }
                let (l, i) = leg(&text[s..at], text, &mut at);
                initial |= i;
                legs.push(l);
                match text[at] {
                    b'-' => may_end.push(false),
                    b'?' => may_end.push(true),
                    b']' => break,
                    c => panic!("{betza}: {} in a bracket", c as char),
                }
                at += 1;
            }
            at += 1;
            let dirs: Vec<u8> = prefix.iter().copied().filter(|&c| c != b'i').collect();
            moves.push(Move { legs, may_end, prefix: directions(&dirs), initial, chain: false });
        } else if prefix.contains(&b'a') {
            moves.push(chain(prefix, text, &mut at));
        } else {
            let (l, initial) = leg(prefix, text, &mut at);
            moves.push(Move { legs: vec![l], may_end: vec![], prefix: None, initial, chain: false });
        }
    }
    Piece { moves }
}

/// An `a` chain: the modifier groups between `a`s, one atom for every leg.
fn chain(prefix: &[u8], text: &[u8], at: &mut usize) -> Move {
    let groups: Vec<&[u8]> = prefix.split(|&c| c == b'a').collect();
    let (base, _) = leg(&[], text, at);
    let mut legs = Vec::new();
    let mut initial = false;
    for (k, g) in groups.iter().enumerate() {
        let last = k + 1 == groups.len();
        let mut l = base.clone();
        let mut dirs = Vec::new();
        let (mut m, mut p, mut y, mut gr) = (false, false, false, false);
        for &c in *g {
            match c {
                b'm' => m = true,
                b'c' => l.modes |= CAPTURE,
                b'd' => l.modes |= FRIENDLY,
                b'p' => p = true,
                b'g' => gr = true,
                b'y' => y = true,
                b'n' => l.lame = true,
                b'j' => l.jump = true,
                b'i' if k == 0 => initial = true,
                b'i' => l.iso = true,
                b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => dirs.push(c),
                _ => panic!("modifier {} in a chain", c as char),
            }
        }
        l.dirs = directions(&dirs);
        if last {
            if m {
                l.modes |= QUIET;
            }
            l.hop = p;
            l.grass = gr;
        } else {
            l.stop = match (m, p || gr) {
                (true, true) => Stop::Either,
                (_, true) => Stop::Occupied,
                _ => Stop::Empty,
            };
            // y and g switch slider and leaper for the later legs: kept on this leg as a mark.
            l.grass = y || gr;
        }
        legs.push(l);
    }
    let n = legs.len();
    Move { legs, may_end: vec![false; n - 1], prefix: None, initial, chain: true }
}

/// A position: the board and what stands on it.
pub struct Position {
    pub files: i32,
    pub ranks: i32,
    pub friends: Bitboard256,
    pub foes: Bitboard256,
    pub from: usize,
    pub black: bool,
}

impl Position {
    fn square(&self, (f, r): (i32, i32)) -> Option<usize> {
        (f >= 0 && r >= 0 && f < self.files && r < self.ranks).then(|| (r * self.files + f) as usize)
    }
    fn occupied(&self, s: usize) -> bool {
        s != self.from && (self.friends | self.foes).has_index(s)
    }
    /// The kinds a move ending on `s` with `modes` makes here.
    fn end(&self, s: usize, modes: u8, out: &mut Reach) {
        if s == self.from {
            return;
        }
        let modes = if modes == 0 { QUIET | CAPTURE } else { modes };
        let kind = if self.friends.has_index(s) {
            FRIENDLY
        } else if self.foes.has_index(s) {
            CAPTURE
        } else {
            QUIET
        };
        if modes & kind != 0 {
            *out.entry(s).or_default() |= kind;
        }
    }
}

impl Piece {
    /// Where the piece goes: (moves it always has, moves only as its first move).
    pub fn reach(&self, p: &Position) -> (Reach, Reach) {
        let (mut always, mut initial) = (Reach::new(), Reach::new());
        let (f, r) = (p.from as i32 % p.files, p.from as i32 / p.files);
        for m in &self.moves {
            let out = if m.initial { &mut initial } else { &mut always };
            if m.chain {
                chain_walk(p, m, 0, (f, r), None, 0, out);
            } else {
                walk(p, m, 0, (f, r), None, None, out);
            }
        }
        (always, initial)
    }
}

/// Turns a White vector to the mover's side: Black's moves are turned through 180°.
fn side(p: &Position, (x, y): (i32, i32)) -> (i32, i32) {
    if p.black {
        (-x, -y)
    } else {
        (x, y)
    }
}

fn add((a, b): (i32, i32), (x, y): (i32, i32)) -> (i32, i32) {
    (a + x, b + y)
}

/// The dial turn that makes "forward" of leg `leg` follow the previous leg `prev` (White frame).
fn turn(prev: (i32, i32), leg: &Leg) -> u32 {
    let p = point_of(prev);
    if p % 2 == 1 {
        let (x, y) = prev;
        match leg.class {
            // Forward = the oblique's long direction.
            Class::Orth if y.abs() > x.abs() => point_of((0, y)),
            Class::Orth => point_of((x, 0)),
            // Forward = the diagonal in the oblique's quadrant.
            Class::Diag => point_of((x.signum(), y.signum())),
            _ => p,
        }
    } else {
        p
    }
}

/// Bracket moves and simple moves: leg `k` from `at`; `prev` is the previous leg's vector,
/// `first` the first leg's (both White frame).
fn walk(
    p: &Position,
    m: &Move,
    k: usize,
    at: (i32, i32),
    prev: Option<(i32, i32)>,
    first: Option<(i32, i32)>,
    out: &mut Reach,
) {
    let leg = &m.legs[k];
    let last = k + 1 == m.legs.len();
    let points = match prev {
        None => leg.dirs.unwrap_or(ALL),
        Some(v) => rotate(leg.dirs.unwrap_or(FORWARD), turn(v, leg)),
    };
    for v in vectors(points, leg) {
        // The prefix filter: the shape of the first leg plus one step of the second.
        if let (Some(filter), Some(first), 1) = (m.prefix, first, k) {
            let shape = add(first, v);
            if filter >> point_of(shape) & 1 == 0 || point_of(shape) % 2 == 0 {
                continue;
            }
        }
        // A first leg that may end here but then must pass the filter with some next step.
        let keep_end = || -> bool {
            match (m.prefix, k) {
                (Some(filter), 0) if m.legs.len() > 1 => {
                    let next = &m.legs[1];
                    let points = rotate(next.dirs.unwrap_or(FORWARD), turn(v, next));
                    vectors(points, next).into_iter().any(|w| {
                        let s = point_of(add(v, w));
                        s % 2 == 1 && filter >> s & 1 == 1
                    })
                }
                _ => true,
            }
        };
        let board = side(p, v);
        let steps = if leg.range == 0 { i32::MAX } else { leg.range as i32 };
        let mut hurdle = false;
        let mut t = 0;
        while t < steps {
            t += 1;
            let xy = (at.0 + board.0 * t, at.1 + board.1 * t);
            let Some(s) = p.square(xy) else { break };
            let occupied = p.occupied(s);
            // Lame and jumping leaps look at the squares on the way.
            if leg.range == 1 && (leg.lame || leg.jump) {
                let n = leg.leap.1.max(1);
                let step = (board.0 / n, board.1 / n);
                let passed: Vec<bool> = (1..n)
                    .map(|i| p.square((at.0 + step.0 * i, at.1 + step.1 * i)).is_some_and(|q| p.occupied(q)))
                    .collect();
                if leg.lame && passed.iter().any(|&o| o) {
                    break;
                }
                if leg.jump && !passed.iter().all(|&o| o) {
                    break;
                }
            }
            // A jumping slider passes its first square whatever stands there.
            if leg.jump && leg.range != 1 && t == 1 {
                continue;
            }
            if leg.grass {
                if occupied {
                    if let Some(land) = p.square((xy.0 + board.0, xy.1 + board.1)) {
                        if last {
                            p.end(land, leg.modes, out);
                        }
                    }
                    break;
                }
                continue;
            }
            if leg.hop && !hurdle {
                if occupied {
                    if last {
                        hurdle = true;
                        continue;
                    }
                    walk(p, m, k + 1, xy, Some(v), first.or(Some(v)), out);
                    break;
                }
                continue;
            }
            if last {
                p.end(s, leg.modes, out);
            } else {
                if m.may_end[k] && keep_end() {
                    p.end(s, leg.modes, out);
                }
                if !occupied {
                    walk(p, m, k + 1, xy, Some(v), first.or(Some(v)), out);
                }
            }
            if occupied {
                break;
            }
        }
    }
}

/// `a` chains: later legs in the 8-point K system relative to the previous leg; a 45° turn
/// turns the atom (W / F, R / B, D / A, H / G); after a `y` or `g` leg, slider and leaper
/// swap. `steps` is the previous leg's number of steps (for iso legs).
fn chain_walk(
    p: &Position,
    m: &Move,
    k: usize,
    at: (i32, i32),
    prev: Option<(i32, i32)>,
    steps_before: i32,
    out: &mut Reach,
) {
    let template = &m.legs[k];
    let last = k + 1 == m.legs.len();
    // The unit step, its length and whether it rides, for each direction of this leg.
    let mut options: Vec<((i32, i32), bool)> = Vec::new();
    let switched = m.legs[..k].iter().filter(|l| l.grass).count() % 2 == 1;
    let base_rides = template.range != 1;
    let rides = base_rides != switched;
    match prev {
        None => {
            for v in vectors(template.dirs.unwrap_or(ALL), template) {
                options.push((v, rides));
            }
        }
        Some(pv) => {
            let dirs = template.dirs.expect("a later chain leg names its directions");
            // In the K system: even points of the letters, turned to follow the previous leg.
            for q in (0..16).step_by(2) {
                if dirs >> q & 1 == 0 {
                    continue;
                }
                // The previous leg's vector, turned by q (multiples of 45°).
                options.push((turn_vector(pv, q), rides));
            }
        }
    }
    let range = if template.range == 0 || template.range == 1 { 0 } else { template.range as i32 };
    for (v, ride) in options {
        let board = side(p, v);
        let max = if template.iso {
            steps_before
        } else if ride {
            if range == 0 {
                i32::MAX
            } else {
                range
            }
        } else {
            1
        };
        let mut hurdle = false;
        for t in 1..=max {
            let xy = (at.0 + board.0 * t, at.1 + board.1 * t);
            let Some(s) = p.square(xy) else { break };
            let occupied = p.occupied(s);
            if template.iso && t < max {
                if occupied {
                    break;
                }
                continue;
            }
            if last {
                if template.hop && !hurdle {
                    if occupied {
                        hurdle = true;
                    }
                    continue;
                }
                if template.grass {
                    panic!("g on a last chain leg");
                }
                p.end(s, template.modes, out);
                if occupied {
                    break;
                }
                continue;
            }
            let go = match template.stop {
                Stop::Empty => !occupied,
                Stop::Occupied => occupied,
                Stop::Either => true,
            };
            if go {
                chain_walk(p, m, k + 1, xy, Some(v), t, out);
            }
            if occupied {
                break;
            }
        }
    }
}

/// A vector turned clockwise by `q` dial points (a multiple of 2: 45° each); a 45° turn of an
/// orthogonal leap (0, n) gives the diagonal (n, n) and back.
fn turn_vector(v: (i32, i32), q: u32) -> (i32, i32) {
    let mut v = v;
    for _ in 0..q / 2 {
        let (x, y) = v;
        v = if x == 0 || y == 0 {
            // Orthogonal to diagonal: (0, n) → (n, n); (n, 0) → (n, -n).
            let n = x.abs().max(y.abs());
            let u = (x.signum(), y.signum());
            let d = match u {
                (0, 1) => (1, 1),
                (1, 0) => (1, -1),
                (0, -1) => (-1, -1),
                _ => (-1, 1),
            };
            (d.0 * n, d.1 * n)
        } else {
            // Diagonal to orthogonal: (n, n) → (n, 0).
            let n = x.abs();
            let d = match (x.signum(), y.signum()) {
                (1, 1) => (1, 0),
                (1, -1) => (0, -1),
                (-1, -1) => (-1, 0),
                _ => (0, 1),
            };
            (d.0 * n, d.1 * n)
        };
    }
    v
}

/// Square names: a1, j10...
pub fn square_name(files: i32, s: usize) -> String {
    format!("{}{}", (b'a' + (s as i32 % files) as u8) as char, s as i32 / files + 1)
}

pub fn parse_square(files: i32, name: &str) -> usize {
    let f = (name.as_bytes()[0] - b'a') as i32;
    let r: i32 = name[1..].parse().unwrap();
    ((r - 1) * files + f) as usize
}
