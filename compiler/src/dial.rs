//! The 16-point direction dial (docs/xbetza.md, "Directions"), shared by every way XBetza names a
//! direction: simple moves, bracket legs read relative to the previous leg, `a`-chain turns and
//! the direction prefix on a bracket.
//!
//! Point p lies 22.5° × p clockwise from forward: 0 = f, 2 = f.r, 4 = r, 8 = b, 12 = l; the odd
//! points are the knight-like directions between them (1 = rf, 3 = fr, ...).

use crate::betza::{BetzaError, Letter};

/// A set of dial points, bit p for point p.
pub type Points = u16;

/// Every point of the dial: no direction restriction.
pub const ALL_POINTS: Points = u16::MAX;

/// How a set of candidate moves sits on the dial, which decides how letters select them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// 8 moves on the odd points (oblique leaps; K/Q after an oblique leg).
    Odd,
    /// 8 moves on the even points (K, Q; a knight after a knight).
    Even,
    /// 4 moves on every fourth point; a letter between two of them names both.
    Four,
}

/// The candidate moves of one leg, each on its dial point.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Each candidate's dial point (0..16, clockwise from forward) and its step vector.
    pub places: Vec<(i32, (i8, i8))>,
    /// How the candidates sit on the dial, which decides how letters select them.
    pub reading: Reading,
}

/// Lays `candidates` (all the leap's symmetric images) on a dial whose forward is `forward`.
/// With `two_forward`, the two candidates either side of forward are equally forward (a knight
/// seen from an orthogonal leg: `rf` and `lf`); otherwise the one nearest forward is `f`.
pub fn layout(forward: (i32, i32), two_forward: bool, candidates: &[(i8, i8)]) -> Layout {
    let base = angle(forward);
    let mut turned: Vec<(f64, (i8, i8))> = candidates
        .iter()
        .map(|&v| {
            let a = (angle((v.0 as i32, v.1 as i32)) - base).rem_euclid(360.0);
            // Round away float noise so that exactly-forward stays 0.
            ((a * 1e6).round() / 1e6 % 360.0, v)
        })
        .collect();
    turned.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = turned.len();
    let spacing = (16 / n) as i32;
    let signed = |a: f64| if a > 180.0 { a - 360.0 } else { a };
    let first = if two_forward {
        // The first candidate clockwise of forward sits half a spacing right of it.
        turned.iter().position(|(a, _)| *a > 0.0).unwrap_or(0)
    } else {
        (0..n).min_by(|&i, &j| signed(turned[i].0).abs().total_cmp(&signed(turned[j].0).abs())).unwrap()
    };
    let offset = if two_forward { spacing / 2 } else { 0 };
    let places = (0..n).map(|j| (j as i32 * spacing + offset, turned[(first + j) % n].1)).collect();
    let reading = match (n, two_forward) {
        (8, true) => Reading::Odd,
        (8, false) => Reading::Even,
        _ => Reading::Four,
    };
    Layout { places, reading }
}

/// Clockwise angle from forward (0, 1), in degrees.
fn angle(v: (i32, i32)) -> f64 {
    (v.0 as f64).atan2(v.1 as f64).to_degrees().rem_euclid(360.0)
}

/// The candidates a set of points selects.
pub fn select(layout: &Layout, points: Points) -> Vec<(i8, i8)> {
    let has = |p: i32| points & (1 << p.rem_euclid(16)) != 0;
    layout
        .places
        .iter()
        .filter(|&&(p, _)| has(p) || (layout.reading == Reading::Four && (has(p - 2) || has(p + 2))))
        .map(|&(_, v)| v)
        .collect()
}

/// The odd dial point of an oblique shape (`None` if the shape is orthogonal or diagonal).
pub fn shape_point(v: (i32, i32)) -> Option<i32> {
    if v.0 == 0 || v.1 == 0 || v.0.abs() == v.1.abs() {
        return None;
    }
    Some(2 * (angle(v) / 45.0).floor() as i32 + 1)
}

fn point_of(letter: char) -> i32 {
    match letter {
        'f' => 0,
        'r' => 4,
        'b' => 8,
        _ => 12, // 'l'
    }
}

fn set(list: impl IntoIterator<Item = i32>) -> Points {
    list.into_iter().fold(0, |s, p| s | 1 << p.rem_euclid(16))
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
///
/// Read left to right: a letter pairs with the next when they are perpendicular (`fr`) or
/// equal (`ff`); `fh`..`rh` are half planes and `hr`, `hl` the chiral sets. On an `Odd`
/// reading a pair that starts with `v` or `s` is ambiguous; elsewhere `h` is.
pub fn points(letters: &[Letter], reading: Reading) -> Result<Points, BetzaError> {
    if letters.is_empty() {
        return Ok(ALL_POINTS);
    }
    let oblique = reading == Reading::Odd;
    let h_error = |at: Letter| {
        BetzaError::new(
            at.offset,
            "`h` (half plane / chiral) is only defined where the moves are oblique (N, C, Z ...); with other atoms HGM's programs read it differently",
        )
    };
    let mut result = 0;
    let mut i = 0;
    while i < letters.len() {
        let a = letters[i];
        let b = letters.get(i + 1).copied();
        match (a.ch, b.map(|l| l.ch)) {
            ('h', Some(c @ ('r' | 'l'))) => {
                if !oblique {
                    return Err(h_error(a));
                }
                result |= if c == 'r' { set([1, 5, 9, 13]) } else { set([15, 3, 7, 11]) };
                i += 2;
            }
            (c @ ('f' | 'b' | 'l' | 'r'), Some('h')) => {
                if !oblique {
                    return Err(h_error(letters[i + 1]));
                }
                let p = point_of(c);
                result |= set(p - 3..=p + 3);
                i += 2;
            }
            ('h', _) => {
                return Err(BetzaError::new(
                    a.offset,
                    "`h` needs a partner: `fh`, `bh`, `lh`, `rh` (half planes) or `hr`, `hl` (chiral)",
                ))
            }
            (x, Some(y)) if x == y => {
                result |= single(x);
                i += 2;
            }
            (x, Some(y)) if perpendicular(x, y) => {
                if oblique && matches!(x, 'v' | 's') {
                    return Err(BetzaError::new(
                        a.offset,
                        format!("`{x}{y}` on oblique moves is ambiguous (HGM's programs read it differently): write `{y}{x}`"),
                    ));
                }
                for &p in spread(x) {
                    for &q in spread(y) {
                        result |= pair(p, q);
                    }
                }
                i += 2;
            }
            (x, _) => {
                result |= single(x);
                i += 1;
            }
        }
    }
    Ok(result)
}

fn single(c: char) -> Points {
    spread(c).iter().fold(0, |s, &d| {
        let p = point_of(d);
        s | set([p - 1, p, p + 1])
    })
}

/// `fr` = {f.r, fr}: the diagonal point between the two letters and the odd point next to it on
/// the second letter's side; `rf` = {rf, f.r}.
fn pair(first: char, second: char) -> Points {
    let (p, q) = (point_of(first), point_of(second));
    let clockwise = (q - p).rem_euclid(16) == 4;
    let mid = if clockwise { p + 2 } else { p - 2 };
    set([mid, if clockwise { mid + 1 } else { mid - 1 }])
}
