//! `fairy-magic import`: a section of a Fairy-Stockfish `variants.ini` as a variant file.
//!
//! Only what moves pieces is taken: the board (`maxFile`, `maxRank`), predefined piece types
//! (`knight = n`) with their XBetza, `customPieceN = x:BETZA` and `king = k[:BETZA]`, and
//! `[child:parent]` inheritance. Game rules are left out and listed in the output's comments.
//! Strings that Fairy-Stockfish itself reads only partly (its Betza subset) are reported, since
//! there the engine and the generated tables would disagree.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::betza::{self, Body, Range};
use crate::error::{Error, Source};

/// Fairy-Stockfish's predefined piece types and their moves (its pawn's `e` is a game rule,
/// and its double step is written as `ifmnD` where the variant allows it).
const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfcF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "ffN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "[W-F]"),
    ("elephant", "nA"),
    ("janggiElephant", "[W-F-F]"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// Fairy-Stockfish's built-in variants that sections commonly inherit from.
const BUILT_IN: &[(&str, &str)] = &[
    ("chess", "maxFile = 8\nmaxRank = 8\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n"),
    ("fairy", "maxFile = 8\nmaxRank = 8\n"),
];

/// The sections of an ini file: name → (parent, key/value lines with their byte offsets).
type Sections<'a> = BTreeMap<String, (Option<String>, Vec<(&'a str, &'a str, usize)>)>;

fn sections<'a>(source: &Source<'a>) -> Result<Sections<'a>, Error> {
    let mut out: Sections = BTreeMap::new();
    let mut current: Option<String> = None;
    let mut offset = 0;
    for line in source.text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let text = line.split(['#', ';']).next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        if let Some(header) = text.strip_prefix('[') {
            let inner = header.strip_suffix(']').ok_or_else(|| {
                source.error(at + line.len() - line.trim_start().len(), "a section header ends with `]`")
            })?;
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim().to_string(), Some(p.trim().to_string())),
                None => (inner.trim().to_string(), None),
            };
            out.insert(name.clone(), (parent, Vec::new()));
            current = Some(name);
            continue;
        }
        let Some(name) = &current else {
            return Err(source.error(at, "a setting before any [section]"));
        };
        let (key, value) =
            text.split_once('=').ok_or_else(|| source.error(at, "expected `key = value` or a [section]"))?;
        let after = &line[line.find('=').unwrap() + 1..];
        let value_at = at + line.len() - after.len() + (after.len() - after.trim_start().len());
        out.get_mut(name).unwrap().1.push((key.trim(), value.trim(), value_at));
    }
    Ok(out)
}

/// One piece as imported: letter, name, XBetza, and where its value stood.
struct Imported {
    letter: char,
    name: String,
    betza: String,
    /// The key it was defined by (`king`, `customPiece1`): what `mobilityRegion*` keys name.
    key: String,
}

/// Converts one section; returns the variant file's text and the warnings it reports.
pub fn import(file: &str, text: &str, section: &str) -> Result<(String, Vec<String>), Error> {
    let source = Source { file, text };
    let all = sections(&source)?;
    // The chain of sections from the oldest ancestor down to the one asked for.
    let mut chain: Vec<&str> = Vec::new();
    let mut name = section.to_string();
    let built_in_text: String;
    let mut base: Option<&str> = None;
    loop {
        if chain.contains(&name.as_str()) || chain.len() > 32 {
            return Err(Error::Limit(format!("section `{section}` inherits from itself")));
        }
        match all.get_key_value(&name) {
            Some((key, (parent, _))) => {
                chain.push(key);
                match parent {
                    Some(p) => name = p.clone(),
                    None => break,
                }
            }
            None if chain.is_empty() => {
                let known: Vec<&str> = all.keys().map(String::as_str).collect();
                return Err(Error::Limit(format!("no section [{name}] in {file}; it has: {}", known.join(", "))));
            }
            None => match BUILT_IN.iter().find(|(n, _)| *n == name) {
                Some((n, _)) => {
                    base = Some(n);
                    break;
                }
                None => {
                    return Err(Error::Limit(format!(
                        "[{}] inherits from `{name}`, a built-in variant of Fairy-Stockfish that fairy-magic does not know; copy its pieces into the file",
                        chain.last().unwrap()
                    )))
                }
            },
        }
    }
    let mut settings: BTreeMap<String, (String, Option<usize>)> = BTreeMap::new();
    if let Some(b) = base {
        built_in_text = BUILT_IN.iter().find(|(n, _)| *n == b).unwrap().1.to_string();
        for line in built_in_text.lines() {
            let (k, v) = line.split_once(" = ").unwrap();
            settings.insert(k.to_string(), (v.to_string(), None));
        }
    }
    for name in chain.iter().rev() {
        for &(k, v, at) in &all[*name].1 {
            settings.insert(k.to_string(), (v.to_string(), Some(at)));
        }
    }
    let number = |key: &str, default: u32| -> Result<u32, Error> {
        match settings.get(key) {
            None => Ok(default),
            Some((v, at)) => {
                let parsed = v.parse::<u32>().ok().or_else(|| {
                    let c = v.chars().next()?;
                    (v.len() == 1 && c.is_ascii_lowercase()).then(|| c as u32 - 'a' as u32 + 1)
                });
                parsed.filter(|n| (1..=16).contains(n)).ok_or_else(|| {
                    let message = format!("`{key} = {v}`: expected 1 to 16 (or a file letter)");
                    match at {
                        Some(at) => source.error(*at, message),
                        None => Error::Limit(message),
                    }
                })
            }
        }
    };
    let (files, ranks) = (number("maxFile", 8)?, number("maxRank", 8)?);
    let double_step = settings.get("doubleStep").is_none_or(|(v, _)| v != "false");

    let mut pieces: Vec<Imported> = Vec::new();
    let mut warnings = Vec::new();
    let mut ignored = Vec::new();
    for (key, (value, at)) in &settings {
        let locate = |message: String| match at {
            Some(at) => source.error(*at, message),
            None => Error::Limit(message),
        };
        let (letter_text, custom) = match value.split_once(':') {
            Some((l, b)) => (l.trim(), Some(b.trim())),
            None => (value.trim(), None),
        };
        let predefined = PREDEFINED.iter().find(|(n, _)| n == key);
        let is_custom = key.starts_with("customPiece");
        if predefined.is_none() && !is_custom {
            if !matches!(key.as_str(), "maxFile" | "maxRank") && !key.starts_with("mobilityRegion") {
                ignored.push(key.clone());
            }
            continue;
        }
        let mut chars = letter_text.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(locate(format!("`{key} = {value}`: expected one piece letter")));
        };
        if letter == '-' || letter == '*' {
            continue;
        }
        let betza = match (custom, predefined) {
            (Some(b), _) => b.to_string(),
            (None, Some(&("pawn", _))) if double_step => "fmWfcFifmnD".to_string(),
            (None, Some((_, b))) => b.to_string(),
            (None, None) => return Err(locate(format!("`{key} = {value}`: a custom piece needs `letter:BETZA`"))),
        };
        if let Some(why) = fairy_stockfish_misreads(&betza) {
            warnings.push(format!("{key} = {value}: {why}"));
        }
        let name = if is_custom { format!("custom-{}", key.trim_start_matches("customPiece")) } else { key.clone() };
        if pieces.iter().any(|p| p.letter.eq_ignore_ascii_case(&letter)) {
            return Err(locate(format!("`{key}`: the letter `{letter}` is already used")));
        }
        pieces.push(Imported { letter, name, betza, key: key.clone() });
    }
    let regions = mobility_regions(&settings, &pieces, files, ranks)?;
    let mut out = String::new();
    let _ = writeln!(out, "# Imported from {file}, section [{section}], by `fairy-magic import`.");
    if !ignored.is_empty() {
        let _ = writeln!(out, "# Rules that are not piece moves were left out: {}.", ignored.join(", "));
    }
    for w in &warnings {
        let _ = writeln!(out, "# Fairy-Stockfish reads this differently: {w}");
    }
    let _ = writeln!(out, "variant {}", section.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "-"));
    let _ = writeln!(out, "board {files}x{ranks}");
    for p in &pieces {
        let _ = writeln!(out, "piece {} {} {}", p.letter.to_ascii_uppercase(), camel_to_kebab(&p.name), p.betza);
    }
    for line in regions {
        let _ = writeln!(out, "{line}");
    }
    Ok((out, warnings))
}

/// Fairy-Stockfish's `mobilityRegionWhiteKing = d1 e1 f1 ...` keys as `region` and `confine`
/// lines: a piece type's squares for each colour (a colour without a key may go anywhere).
fn mobility_regions(
    settings: &BTreeMap<String, (String, Option<usize>)>,
    pieces: &[Imported],
    files: u32,
    ranks: u32,
) -> Result<Vec<String>, Error> {
    let mut lines = Vec::new();
    for p in pieces {
        let type_name = {
            let mut chars = p.key.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        };
        let [white, black] = ["White", "Black"].map(|side| settings.get(&format!("mobilityRegion{side}{type_name}")));
        if white.is_none() && black.is_none() {
            continue;
        }
        let squares = |value: Option<&(String, Option<usize>)>| -> Result<String, Error> {
            match value {
                None => Ok(format!("a1-{}{ranks}", (b'a' + files as u8 - 1) as char)),
                Some((text, _)) => region_items(text, files, ranks),
            }
        };
        let name = format!("{}-region", camel_to_kebab(&p.name));
        lines.push(format!("region {name} {} black {}", squares(white)?, squares(black)?));
        lines.push(format!("confine {} {name}", p.letter.to_ascii_uppercase()));
    }
    Ok(lines)
}

/// A Fairy-Stockfish square set (`d1 e1 f1`, `*1` for a whole rank, `a*` for a whole file) as
/// a region's items.
fn region_items(text: &str, files: u32, ranks: u32) -> Result<String, Error> {
    let last_file = (b'a' + files as u8 - 1) as char;
    let items: Vec<String> = text
        .split_whitespace()
        .map(|item| match (item.strip_prefix('*'), item.strip_suffix('*')) {
            (Some(rank), _) => format!("a{rank}-{last_file}{rank}"),
            (_, Some(file)) => format!("{file}1-{file}{ranks}"),
            _ => item.to_string(),
        })
        .collect();
    if items.is_empty() {
        return Err(Error::Limit("an empty mobility region: a piece would have nowhere to stand".into()));
    }
    Ok(items.join(" "))
}

fn camel_to_kebab(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            s.push('-');
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    s
}

/// Why Fairy-Stockfish's Betza subset would not read a string as XBETZA.md does, if it would
/// not: riders only of W, F and N, hoppers only `pR pB gR gB`, lame leaps only `nN nA nZ nD`,
/// no multi-leg moves.
pub fn fairy_stockfish_misreads(text: &str) -> Option<String> {
    let parsed = betza::parse(text).ok()?;
    for part in &parsed.parts {
        let Body::Simple(run) = &part.body else {
            return Some("multi-leg moves ([...]) are not in its Betza subset".into());
        };
        let letters: String = part.mods.iter().map(|l| l.ch).collect();
        if letters.contains('a') {
            return Some("`a` chains are not in its Betza subset".into());
        }
        let atom = run.atom.as_str();
        let rides = run.range != Range::Default;
        if rides && !matches!(atom, "W" | "F" | "N" | "R" | "B" | "Q") {
            return Some(format!("`{atom}` as a rider: it rides only W, F and N"));
        }
        if (letters.contains('p') || letters.contains('g')) && !matches!(atom, "R" | "B") {
            return Some(format!("hopping `{atom}`: it hops only as pR, pB, gR and gB"));
        }
        if letters.contains('n') && matches!(atom, "N" | "Z") {
            return Some(format!(
                "lame `{atom}` is its own reading (orthogonal step first); fairy-magic wants the path as legs, e.g. {}",
                if atom == "N" { "[W-F]" } else { "[W-F-F]" }
            ));
        }
        if letters.contains('n') && !matches!(atom, "A" | "D") {
            return Some(format!("lame `{atom}`: it knows lame N, A, Z and D only"));
        }
        if letters.contains('j') {
            return Some("`j` (jumping) is not in its Betza subset".into());
        }
    }
    None
}
