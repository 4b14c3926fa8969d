//! Stage 2: XBetza syntax → legs. Each move becomes a list of legs with concrete step vectors,
//! written for the given colour (Black's vectors are White's turned 180°).
//!
//! Everything the notation means is decided here; later stages only walk vectors.

use crate::betza::{AtomRun, Betza, BetzaError, Body, Letter, Range};
use fairy_magic_runtime::Color;

/// What a move may do on its destination square, as a bit set.
pub type Kinds = u8;
/// `m`: move to an empty square.
pub const QUIET: Kinds = 1;
/// `c`: capture an enemy.
pub const CAPTURE: Kinds = 2;
/// `d`: capture a friend.
pub const FRIENDLY: Kinds = 4;

/// The kinds of table a generated module answers: one per move kind, with or without `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TableKind {
    Quiet,
    Capture,
    InitialQuiet,
    InitialCapture,
    Friendly,
    InitialFriendly,
}

impl TableKind {
    pub const ALL: [TableKind; 6] = [
        TableKind::Quiet,
        TableKind::Capture,
        TableKind::InitialQuiet,
        TableKind::InitialCapture,
        TableKind::Friendly,
        TableKind::InitialFriendly,
    ];

    /// The move kind this table answers for.
    pub fn kinds(self) -> Kinds {
        match self {
            TableKind::Quiet | TableKind::InitialQuiet => QUIET,
            TableKind::Capture | TableKind::InitialCapture => CAPTURE,
            TableKind::Friendly | TableKind::InitialFriendly => FRIENDLY,
        }
    }

    /// Whether this table holds only the `i` (first move) moves.
    pub fn initial(self) -> bool {
        matches!(self, TableKind::InitialQuiet | TableKind::InitialCapture | TableKind::InitialFriendly)
    }
}

/// One way a piece can move: legs walked one after the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub legs: Vec<Leg>,
    /// `i`: only as the piece's first move.
    pub initial: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// One repetition of the leap, (files right, ranks up) from White's side of the board.
    pub step: (i8, i8),
    /// The most repetitions: 1 for a leap, `UNLIMITED` for a rider with no limit.
    pub range: u8,
    pub sweep: Sweep,
    /// What the move may do where this leg ends.
    pub stop: Kinds,
}

/// A rider's range with no limit: longer than any board.
pub const UNLIMITED: u8 = u8::MAX;

/// How a leg treats the squares it passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sweep {
    /// Leaps jump over whatever lies between; a ride stops at the first occupied landing square.
    Plain,
    /// `n`: every square a leap passes over must be empty too.
    Lame,
    /// `j` on a leap: every square passed must be occupied. On a rider: the first landing square
    /// is skipped whatever is on it (and is no destination).
    Jump,
    /// `p`: exactly one occupied square on the way (the hurdle), counting the whole ride.
    Hop,
    /// `g`: slides to the first occupied square and lands right behind it.
    Grasshop,
}

/// Every move of one piece for one colour.
pub fn moves(betza: &Betza, color: Color) -> Result<Vec<Move>, BetzaError> {
    let mut all = Vec::new();
    for part in &betza.parts {
        match &part.body {
            Body::Simple(run) => all.extend(simple_moves(&part.mods, run)?),
            Body::Bracket(_) => {
                return Err(BetzaError::new(
                    part.offset,
                    "multi-leg moves (`[...]`) are not supported yet: write the piece with single-leg atoms",
                ));
            }
        }
    }
    if color == Color::Black {
        for m in &mut all {
            for leg in &mut m.legs {
                leg.step = (-leg.step.0, -leg.step.1);
            }
        }
    }
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
    pub short: u8,
    pub long: u8,
    pub system: System,
    /// R, B, Q ride when no range is written.
    pub rides: bool,
}

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

fn simple_moves(mods: &[Letter], run: &AtomRun) -> Result<Vec<Move>, BetzaError> {
    let atom = atom(run)?;
    let mut directions: Vec<Letter> = Vec::new();
    let mut stop: Kinds = 0;
    let mut initial = false;
    let mut sweep: Option<(Sweep, Letter)> = None;
    for &letter in mods {
        match letter.ch {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => directions.push(letter),
            'm' => stop |= QUIET,
            'c' => stop |= CAPTURE,
            'd' => stop |= FRIENDLY,
            'i' => initial = true,
            'n' | 'j' | 'p' | 'g' => {
                if let Some((_, first)) = sweep {
                    return Err(BetzaError::new(letter.offset, format!("`{}` and `{}` on one atom: a leg is lame, jumping, hopping or a grasshopper, not two of them", first.ch, letter.ch)));
                }
                let s = match letter.ch {
                    'n' => Sweep::Lame,
                    'j' => Sweep::Jump,
                    'p' => Sweep::Hop,
                    _ => Sweep::Grasshop,
                };
                sweep = Some((s, letter));
            }
            _ => return Err(unsupported_letter(letter)),
        }
    }
    let range = match (run.range, atom.rides) {
        (Range::Default, true) | (Range::Unlimited, _) => UNLIMITED,
        (Range::Default, false) => 1,
        (Range::Limited(n), _) => n,
    };
    let sweep = match sweep {
        None => Sweep::Plain,
        Some((s, letter)) => check_sweep(s, letter, atom, range)?,
    };
    let stop = if stop == 0 { QUIET | CAPTURE } else { stop };
    let points = dial(&directions, atom.system)?;
    Ok(vectors(points, atom)
        .into_iter()
        .map(|step| Move { legs: vec![Leg { step, range, sweep, stop }], initial })
        .collect())
}

fn check_sweep(sweep: Sweep, letter: Letter, atom: Atom, range: u8) -> Result<Sweep, BetzaError> {
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
        'a' => "`a` (chained legs) is not supported yet",
        'y' => "`y` only has a meaning inside an `a` chain",
        'w' => "`w` is not an XBetza modifier that fairy-magic knows",
        _ => "",
    };
    let message = if why.is_empty() {
        format!("`{}` is not a modifier that fairy-magic knows", letter.ch)
    } else {
        why.to_string()
    };
    BetzaError::new(letter.offset, message)
}

// ---- The 16-point dial (DESIGN.md, "Directions") ----
// Point p is 22.5° * p clockwise from forward: 0 = f, 2 = f.r, 4 = r, ..., 1 = rf (1,2), 3 = fr (2,1).

const ALL_POINTS: u16 = u16::MAX;

fn point_of(letter: char) -> i32 {
    match letter {
        'f' => 0,
        'r' => 4,
        'b' => 8,
        _ => 12, // 'l'
    }
}

fn points(list: &[i32]) -> u16 {
    list.iter().fold(0, |set, &p| set | 1 << p.rem_euclid(16))
}

fn is_forward_axis(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn perpendicular(a: char, b: char) -> bool {
    a != 'h' && b != 'h' && is_forward_axis(a) != is_forward_axis(b)
}

fn spread(c: char) -> &'static [char] {
    match c {
        'v' => &['f', 'b'],
        's' => &['l', 'r'],
        'f' => &['f'],
        'b' => &['b'],
        'l' => &['l'],
        _ => &['r'],
    }
}

/// The dial points named by a run of direction letters (all points when there are none).
pub fn dial(letters: &[Letter], system: System) -> Result<u16, BetzaError> {
    if letters.is_empty() {
        return Ok(ALL_POINTS);
    }
    let mut set = 0u16;
    let mut i = 0;
    while i < letters.len() {
        let a = letters[i];
        let b = letters.get(i + 1).copied();
        let h_error = |at: Letter| {
            BetzaError::new(at.offset, "`h` (half plane / chiral) is only defined on oblique atoms (N, C, Z ...); with other atoms HGM's programs read it differently")
        };
        match (a.ch, b.map(|l| l.ch)) {
            ('h', Some(c @ ('r' | 'l'))) => {
                if system != System::Oblique {
                    return Err(h_error(a));
                }
                set |= if c == 'r' { points(&[1, 5, 9, 13]) } else { points(&[15, 3, 7, 11]) };
                i += 2;
            }
            (c @ ('f' | 'b' | 'l' | 'r'), Some('h')) => {
                if system != System::Oblique {
                    return Err(h_error(letters[i + 1]));
                }
                let p = point_of(c);
                set |= points(&(p - 3..=p + 3).collect::<Vec<_>>());
                i += 2;
            }
            ('h', _) => {
                return Err(BetzaError::new(
                    a.offset,
                    "`h` needs a partner: `fh`, `bh`, `lh`, `rh` (half planes) or `hr`, `hl` (chiral)",
                ))
            }
            (x, Some(y)) if x == y => {
                set |= single(x);
                i += 2;
            }
            (x, Some(y)) if perpendicular(x, y) => {
                if system == System::Oblique && matches!(x, 'v' | 's') {
                    return Err(BetzaError::new(a.offset, format!("`{x}{y}` on an oblique atom is ambiguous (HGM's programs read it differently): write `{y}{x}`")));
                }
                for &p in spread(x) {
                    for &q in spread(y) {
                        set |= pair(p, q);
                    }
                }
                i += 2;
            }
            (x, _) => {
                set |= single(x);
                i += 1;
            }
        }
    }
    Ok(set)
}

fn single(c: char) -> u16 {
    spread(c).iter().fold(0, |set, &d| {
        let p = point_of(d);
        set | points(&[p - 1, p, p + 1])
    })
}

/// `fr` = {f.r, fr}: the diagonal point between the two letters and the odd point next to it on
/// the second letter's side; `rf` = {rf, f.r}.
fn pair(first: char, second: char) -> u16 {
    let (p, q) = (point_of(first), point_of(second));
    let clockwise = (q - p).rem_euclid(16) == 4;
    let mid = if clockwise { p + 2 } else { p - 2 };
    let toward_second = if clockwise { mid + 1 } else { mid - 1 };
    points(&[mid, toward_second])
}

/// The step vectors an atom makes on a set of dial points.
pub fn vectors(points: u16, atom: Atom) -> Vec<(i8, i8)> {
    let (s, l) = (atom.short as i8, atom.long as i8);
    let has = |p: i32| points & (1 << p.rem_euclid(16)) != 0;
    // Unit directions of the even points, clockwise from forward.
    const EVEN: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    // Knight-shaped directions of the odd points: 1 = (1,2), 3 = (2,1), ...
    const ODD: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let scale = |v: i8| v.signum() * if v.abs() == 1 { s } else { l };
    let mut out = Vec::new();
    match atom.system {
        System::Oblique => {
            for (k, &(x, y)) in ODD.iter().enumerate() {
                if has(2 * k as i32 + 1) {
                    out.push((scale(x), scale(y)));
                }
            }
        }
        System::KingQueen => {
            for (k, &v) in EVEN.iter().enumerate() {
                if has(2 * k as i32) {
                    out.push(v);
                }
            }
        }
        System::Orthogonal | System::Diagonal => {
            // A point of the other kind splits into its two neighbours of this kind.
            let want_diagonal = atom.system == System::Diagonal;
            for (k, &(x, y)) in EVEN.iter().enumerate() {
                let p = 2 * k as i32;
                let diagonal = k % 2 == 1;
                if diagonal == want_diagonal && (has(p) || has(p - 2) || has(p + 2)) {
                    out.push((x * l, y * l));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza;

    fn steps(text: &str) -> Vec<(i8, i8)> {
        let b = betza::parse(text).unwrap();
        let mut v: Vec<(i8, i8)> = moves(&b, Color::White).unwrap().iter().map(|m| m.legs[0].step).collect();
        v.sort();
        v
    }

    fn sorted(mut v: Vec<(i8, i8)>) -> Vec<(i8, i8)> {
        v.sort();
        v
    }

    #[test]
    fn oblique_directions_follow_the_contract() {
        assert_eq!(steps("fN"), sorted(vec![(-1, 2), (1, 2)]));
        assert_eq!(steps("frN"), [(2, 1)]);
        assert_eq!(steps("rfN"), [(1, 2)]);
        assert_eq!(steps("ffN"), steps("fN"));
        assert_eq!(steps("rrN"), sorted(vec![(2, 1), (2, -1)]));
        assert_eq!(steps("fsN"), sorted(vec![(2, 1), (-2, 1)]));
        assert_eq!(steps("lvN"), sorted(vec![(-1, 2), (-1, -2)]));
        assert_eq!(steps("fhN"), sorted(vec![(-1, 2), (1, 2), (2, 1), (-2, 1)]));
        assert_eq!(steps("hrN"), sorted(vec![(1, 2), (2, -1), (-1, -2), (-2, 1)]));
        assert_eq!(steps("N").len(), 8);
        assert_eq!(steps("fZ"), sorted(vec![(-2, 3), (2, 3)]));
    }

    #[test]
    fn four_fold_and_eight_fold_directions() {
        assert_eq!(steps("frW"), sorted(vec![(0, 1), (1, 0)]));
        assert_eq!(steps("fW"), [(0, 1)]);
        assert_eq!(steps("fF"), sorted(vec![(-1, 1), (1, 1)]));
        assert_eq!(steps("frF"), [(1, 1)]);
        assert_eq!(steps("fK"), [(0, 1)]);
        assert_eq!(steps("frK"), [(1, 1)]);
        assert_eq!(steps("vW"), sorted(vec![(0, 1), (0, -1)]));
        assert_eq!(steps("sR"), sorted(vec![(-1, 0), (1, 0)]));
        assert_eq!(steps("lfrbB"), sorted(vec![(-1, 1), (1, -1)]));
        assert_eq!(steps("frlR"), sorted(vec![(0, 1), (1, 0), (-1, 0)]));
        assert_eq!(steps("fbW"), sorted(vec![(0, 1), (0, -1)]));
        assert_eq!(steps("K").len(), 8);
        assert_eq!(steps("fmD"), [(0, 2)]);
    }

    #[test]
    fn extended_atoms() {
        assert_eq!(atom(&run("FX")).unwrap(), Atom { short: 1, long: 4, system: System::Oblique, rides: false });
        assert_eq!(atom(&run("WX")).unwrap().long, 4);
        assert_eq!(atom(&run("NX")).unwrap(), Atom { short: 1, long: 5, system: System::Oblique, rides: false });
        assert_eq!(atom(&run("NY")).unwrap(), Atom { short: 3, long: 4, system: System::Oblique, rides: false });
        assert_eq!(atom(&run("J")).unwrap(), atom(&run("Z")).unwrap());
    }

    fn run(atom: &str) -> AtomRun {
        AtomRun { atom: atom.into(), offset: 0, range: Range::Default }
    }

    #[test]
    fn black_is_white_turned_around() {
        let b = betza::parse("fmWfcF").unwrap();
        let black: Vec<(i8, i8)> = moves(&b, Color::Black).unwrap().iter().map(|m| m.legs[0].step).collect();
        assert_eq!(sorted(black), sorted(vec![(0, -1), (-1, -1), (1, -1)]));
    }

    fn error(text: &str) -> BetzaError {
        let b = betza::parse(text).unwrap();
        moves(&b, Color::White).unwrap_err()
    }

    #[test]
    fn unsupported_and_ambiguous_forms_are_errors() {
        for (text, offset, word) in [
            ("fmWfceF", 5, "en passant"),
            ("nN", 0, "oblique"),
            ("pN", 0, "rider"),
            ("gK", 0, "rider"),
            ("fhW", 1, "only defined on oblique"),
            ("sfN", 0, "ambiguous"),
            ("vlN", 0, "ambiguous"),
            ("jW", 0, "no square"),
            ("KX", 1, "extension"),
            ("O", 0, "castling"),
            ("xN", 0, "relay"),
            ("kN", 0, "check"),
            ("hN", 0, "partner"),
            ("njD", 1, "not two"),
        ] {
            let e = error(text);
            assert_eq!(e.offset, offset, "{text}: {e:?}");
            assert!(e.message.contains(word), "{text}: {e:?}");
        }
    }
}
