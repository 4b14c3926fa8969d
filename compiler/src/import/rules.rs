//! Fairy-Stockfish's inheritance and override rules for the settings that move pieces.
//!
//! A variant starts as a copy of its parent (or of the empty template: 8x8, no pieces) and each
//! section's settings are applied to it in Fairy-Stockfish's order: the board first, then every
//! piece type in its type order, so that a letter given to a second type moves to it and the
//! first type is gone; `pawn = -` removes a type; `customPieceN = x:BETZA` is a type of its own.

use std::collections::{BTreeMap, BTreeSet};

use super::builtins::{CUSTOM_SLOTS, PIECE_TYPES};
use crate::error::Error;

/// One `key = value` line; `at` is the value's byte offset in the ini file (`None` for a
/// built-in variant's facts).
#[derive(Clone, Copy, Debug)]
pub struct IniLine<'a> {
    pub key: &'a str,
    pub value: &'a str,
    pub at: Option<usize>,
}

/// A value with the place it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed<T> {
    pub value: T,
    pub at: Option<usize>,
}

/// Everything about a variant that decides how its pieces move.
#[derive(Clone, Debug)]
pub struct IniVariant {
    pub files: u32,
    pub ranks: u32,
    /// Piece type index (see `type_key`) → its letter, lower case.
    pub letters: BTreeMap<usize, Placed<char>>,
    /// Custom slot type index → its Betza, kept when the slot loses its letter, as there.
    pub custom: BTreeMap<usize, Placed<String>>,
    /// The king's own Betza (`king = k:BETZA`), or `None` for a plain king.
    pub king: Option<Placed<String>>,
    /// (type index, 0 White / 1 Black) → squares in Fairy-Stockfish's syntax.
    pub regions: BTreeMap<(usize, usize), Placed<String>>,
    pub double_step: bool,
    /// Below this relative rank a soldier moves like a shogi pawn.
    pub soldier_rank: u32,
    /// Settings that are game rules, left out of the variant file.
    pub ignored: BTreeSet<String>,
}

impl IniVariant {
    /// Fairy-Stockfish's empty template: an 8x8 board and no pieces.
    pub fn empty() -> IniVariant {
        IniVariant {
            files: 8,
            ranks: 8,
            letters: BTreeMap::new(),
            custom: BTreeMap::new(),
            king: None,
            regions: BTreeMap::new(),
            double_step: true,
            soldier_rank: 1,
            ignored: BTreeSet::new(),
        }
    }
}

/// The number of piece types, the king last.
pub fn type_count() -> usize {
    PIECE_TYPES.len() + CUSTOM_SLOTS + 1
}

/// The setting name of a piece type: `pawn`, `customPiece3`, `king`.
pub fn type_key(index: usize) -> String {
    let custom = index.checked_sub(PIECE_TYPES.len());
    match custom {
        None => PIECE_TYPES[index].0.to_string(),
        Some(n) if n < CUSTOM_SLOTS => format!("customPiece{}", n + 1),
        Some(_) => "king".to_string(),
    }
}

pub fn is_custom(index: usize) -> bool {
    (PIECE_TYPES.len()..PIECE_TYPES.len() + CUSTOM_SLOTS).contains(&index)
}

pub fn is_king(index: usize) -> bool {
    index == type_count() - 1
}

/// Where an error about a setting is reported: at its value, or (a built-in) without a place.
pub type Locate<'a> = dyn Fn(Option<usize>, String) -> Error + 'a;

/// Applies one section's lines (a later line for the same key wins) to `state`.
pub fn apply(state: &mut IniVariant, lines: &[IniLine], locate: &Locate) -> Result<(), Error> {
    let mut by_key: BTreeMap<&str, IniLine> = BTreeMap::new();
    for line in lines {
        by_key.insert(line.key, *line);
    }
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut take = |key: &str| {
        used.insert(key.to_string());
        by_key.get(key).copied()
    };
    if let Some(l) = take("maxRank") {
        state.ranks = board_size(l, locate)?;
    }
    if let Some(l) = take("maxFile") {
        state.files = board_size(l, locate)?;
    }
    for index in 0..type_count() {
        let key = type_key(index);
        if let Some(l) = take(&key).filter(|l| !l.value.is_empty()) {
            define(state, index, l);
        }
        for (colour, side) in ["White", "Black"].into_iter().enumerate() {
            let mut name = key.clone();
            name[..1].make_ascii_uppercase();
            if let Some(l) = take(&format!("mobilityRegion{side}{name}")) {
                state.regions.insert((index, colour), Placed { value: l.value.to_string(), at: l.at });
            }
        }
    }
    if let Some(l) = take("doubleStep") {
        state.double_step = l.value != "false";
    }
    if let Some(l) = take("soldierPromotionRank") {
        state.soldier_rank = l
            .value
            .parse()
            .map_err(|_| locate(l.at, format!("`soldierPromotionRank = {}`: expected a rank number", l.value)))?;
    }
    state.ignored.extend(by_key.keys().filter(|k| !used.contains(**k)).map(|k| k.to_string()));
    Ok(())
}

/// A piece type's line: a letter gives the type that letter (taking it from any other type),
/// anything else (`-`) removes the type; custom pieces and the king may carry Betza after `x:`.
fn define(state: &mut IniVariant, index: usize, line: IniLine) {
    let first = line.value.chars().next().unwrap_or('-');
    if !first.is_ascii_alphabetic() {
        state.letters.remove(&index);
        return;
    }
    let letter = first.to_ascii_lowercase();
    state.letters.retain(|_, l| l.value != letter);
    state.letters.insert(index, Placed { value: letter, at: line.at });
    let betza = line.value.get(2..).filter(|_| line.value.len() > 1);
    let at = line.at.map(|a| a + 2);
    if is_custom(index) {
        if let Some(b) = betza {
            state.custom.insert(index, Placed { value: b.to_string(), at });
        }
    } else if is_king(index) {
        state.king = betza.map(|b| Placed { value: b.to_string(), at });
    }
}

/// `maxFile` / `maxRank`: a number, or for files a letter (`j` = 10).
fn board_size(line: IniLine, locate: &Locate) -> Result<u32, Error> {
    let v = line.value;
    let parsed = v.parse::<u32>().ok().or_else(|| {
        let mut chars = v.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Some(c as u32 - 'a' as u32 + 1),
            _ => None,
        }
    });
    parsed
        .filter(|n| (1..=16).contains(n))
        .ok_or_else(|| locate(line.at, format!("`{} = {v}`: expected 1 to 16 (or a file letter, a to p)", line.key)))
}

/// A Fairy-Stockfish square list (`d1 e1`, `*1` a whole rank, `a*` a whole file, `-` none) as
/// the items of a `region` line, keeping only squares on the board. `Ok(None)`: no squares,
/// which Fairy-Stockfish reads as no restriction.
pub fn region_items(text: &str, files: u32, ranks: u32) -> Result<Option<String>, String> {
    let last_file = (b'a' + files as u8 - 1) as char;
    let mut items = Vec::new();
    for item in text.split_whitespace() {
        if item == "-" {
            break;
        }
        let bad = || format!("`{item}`: expected a square (`e4`), a rank (`*1`) or a file (`a*`)");
        if let Some(rank) = item.strip_prefix('*') {
            let r: u32 = rank.parse().map_err(|_| bad())?;
            if (1..=ranks).contains(&r) {
                items.push(format!("a{r}-{last_file}{r}"));
            }
        } else if let Some(file) = item.strip_suffix('*') {
            let f = single_letter(file).ok_or_else(bad)?;
            if f < files {
                let c = (b'a' + f as u8) as char;
                items.push(format!("{c}1-{c}{ranks}"));
            }
        } else {
            let split = item.char_indices().nth(1).map_or(item.len(), |(i, _)| i);
            let f = single_letter(&item[..split]).ok_or_else(bad)?;
            let r: u32 = item[split..].parse().map_err(|_| bad())?;
            if f < files && (1..=ranks).contains(&r) {
                items.push(item.to_ascii_lowercase());
            }
        }
    }
    Ok((!items.is_empty()).then(|| items.join(" ")))
}

fn single_letter(text: &str) -> Option<u32> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase() as u32 - 'a' as u32),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<IniLine<'_>> {
        text.lines()
            .map(|l| {
                let (k, v) = l.split_once(" = ").unwrap();
                IniLine { key: k, value: v, at: None }
            })
            .collect()
    }

    fn applied(text: &str) -> IniVariant {
        let mut s = IniVariant::empty();
        apply(&mut s, &lines(text), &|_, m| Error::Unsupported(m)).unwrap();
        s
    }

    #[test]
    fn a_later_type_takes_the_letter() {
        let s = applied("pawn = p\ncustomPiece1 = p:mWfceFifmnD\nknight = n");
        let keys: Vec<String> = s.letters.keys().map(|&i| type_key(i)).collect();
        assert_eq!(keys, ["knight", "customPiece1"]);
        assert_eq!(s.custom.values().next().unwrap().value, "mWfceFifmnD");
    }

    #[test]
    fn a_dash_removes_and_the_king_may_have_moves() {
        let s = applied("pawn = p\nking = k:W\nrook = -");
        assert_eq!(s.letters.len(), 2);
        assert_eq!(s.king.unwrap().value, "W");
        let s = applied("pawn = -");
        assert!(s.letters.is_empty());
    }

    #[test]
    fn regions_keep_squares_on_the_board() {
        assert_eq!(region_items("*1 a* e4 z9", 8, 8).unwrap().unwrap(), "a1-h1 a1-a8 e4");
        assert_eq!(region_items("-", 8, 8).unwrap(), None);
        assert!(region_items("4e", 8, 8).is_err());
    }
}
