//! Stage 1b: an XBetza string → its syntax tree. Meanings are given in `legs.rs`.

use pest::Parser;

use grammar::BetzaParser;
pub use grammar::Rule;

/// The parser pest derives from `betza.pest`. It sits in a module of its own so that
/// `missing_docs` can be allowed there: pest documents `Rule` and its variants (from the
/// grammar's doc comments) but not `Rule::all_rules`.
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "betza.pest"]
    pub struct BetzaParser;
}

/// A whole XBetza string: a concatenation of parts (`BN` = `B` + `N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    /// The parts in written order; a doubled atom (`NN`) is already merged into one part.
    pub parts: Vec<Part>,
}

/// One simple move (`fmW`) or one bracketed leg sequence with its prefix (`v[F?R]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Byte offset of the part's first character (its first modifier, or its atom or `[`).
    pub offset: usize,
    /// The modifiers written before the atom or the `[`; for a bracket they apply to every leg.
    pub mods: Vec<Letter>,
    /// The atom run, or the bracketed legs.
    pub body: Body,
}

/// What follows a part's modifiers: one atom run, or a bracketed leg sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A single atom with its range (`W`, `R4`, `NN`).
    Simple(AtomRun),
    /// Legs with the separator that follows each one (none after the last).
    Bracket(Vec<(BracketLeg, Option<Separator>)>),
}

/// One leg inside brackets: its own modifiers and its atom run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketLeg {
    /// The modifiers written directly before this leg's atom.
    pub mods: Vec<Letter>,
    /// The leg's atom and range.
    pub run: AtomRun,
}

/// What separates two legs inside brackets, and so whether the move may stop between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    /// `-`: the move must continue.
    Continue,
    /// `?`: the move may also end here.
    MayStop,
}

/// A letter with its byte offset in the XBetza string, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The letter itself.
    pub ch: char,
    /// Byte offset of the letter in the XBetza string.
    pub offset: usize,
}

/// An atom as written, with its extensions and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtomRun {
    /// The atom letter and its X / Y extensions, as written (`N`, `NX`, `WXX`).
    pub atom: String,
    /// Byte offset of the atom's letter in the XBetza string.
    pub offset: usize,
    /// How far the atom may repeat.
    pub range: Range,
}

/// How many times an atom may repeat in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// Nothing written: a leap, or the atom's own range (R, B, Q ride).
    Default,
    /// At most this many repetitions.
    Limited(u8),
    /// `0` or a doubled atom (`NN`).
    Unlimited,
}

/// A syntax error: byte offset into the XBetza string and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset of the offending character (the string's length when it ended too early).
    pub offset: usize,
    /// What was wrong and, where it can, what was expected instead.
    pub message: String,
}

impl BetzaError {
    /// A syntax error at `offset` with `message`.
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        BetzaError { offset, message: message.into() }
    }
}

/// The longest XBetza string a piece may have, in bytes. The pieces of every known variant are
/// under 100; the limit keeps the syntax tree, and the legs built from it, small whatever the
/// input.
pub const MAX_LEN: usize = 1024;

/// Parses an XBetza string into its syntax tree, merging doubled atoms (`NN`) into riders.
///
/// Only the syntax is checked here: whether each letter means something supported is left to
/// `legs.rs`. Fails with the byte offset of the first problem.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    if text.len() > MAX_LEN {
        return Err(BetzaError::new(
            MAX_LEN,
            format!(
                "the moves are {} bytes long, more than the limit of {MAX_LEN} bytes of XBetza a piece",
                text.len()
            ),
        ));
    }
    if let Some((offset, ch)) = text.char_indices().find(|&(_, c)| !(c.is_ascii_alphanumeric() || "[]-?".contains(c))) {
        let why = match ch {
            '@' => "`@` (drops) needs a piece in hand, which an attack table cannot hold".to_string(),
            _ => format!("`{ch}` is not part of XBetza (letters, digits, `[`, `]`, `-`, `?`)"),
        };
        return Err(BetzaError::new(offset, why));
    }
    let tree = BetzaParser::parse(Rule::betza, text).map_err(|e| syntax_error(text, e))?;
    let mut parts = Vec::new();
    for pair in tree.into_iter().next().unwrap().into_inner() {
        if pair.as_rule() != Rule::part {
            continue;
        }
        let offset = pair.as_span().start();
        let mut inner = pair.into_inner();
        let mods = letters(inner.next().unwrap());
        let body_pair = inner.next().unwrap();
        let body = match body_pair.as_rule() {
            Rule::atom_run => Body::Simple(atom_run(body_pair.into_inner())?),
            Rule::bracket => {
                let mut legs: Vec<(BracketLeg, Option<Separator>)> = Vec::new();
                for item in body_pair.into_inner() {
                    match item.as_rule() {
                        Rule::leg => {
                            let mut leg = item.into_inner();
                            let mods = letters(leg.next().unwrap());
                            legs.push((BracketLeg { mods, run: atom_run(leg)? }, None));
                        }
                        Rule::separator => {
                            let sep = if item.as_str() == "-" { Separator::Continue } else { Separator::MayStop };
                            legs.last_mut().unwrap().1 = Some(sep);
                        }
                        other => unreachable!("no {other:?} inside brackets"),
                    }
                }
                Body::Bracket(legs)
            }
            other => unreachable!("no {other:?} as a part body"),
        };
        parts.push(Part { offset, mods, body });
    }
    merge_doubled_atoms(parts).map(|parts| Betza { parts })
}

fn letters(pair: pest::iterators::Pair<Rule>) -> Vec<Letter> {
    pair.into_inner().map(|m| Letter { ch: m.as_str().chars().next().unwrap(), offset: m.as_span().start() }).collect()
}

fn atom_run(mut pairs: pest::iterators::Pairs<Rule>) -> Result<AtomRun, BetzaError> {
    let atom = pairs.next().unwrap();
    let range = match pairs.next() {
        None => Range::Default,
        Some(r) => match r.as_str().parse::<u8>() {
            Ok(0) => Range::Unlimited,
            Ok(n) => Range::Limited(n),
            Err(_) => {
                return Err(BetzaError::new(
                    r.as_span().start(),
                    format!("range `{}` is too large: at most 255, or 0 for unlimited", r.as_str()),
                ))
            }
        },
    };
    Ok(AtomRun { atom: atom.as_str().to_string(), offset: atom.as_span().start(), range })
}

/// `NN` is the nightrider, not two knights: an atom written twice running, with nothing between,
/// is one unlimited rider.
fn merge_doubled_atoms(parts: Vec<Part>) -> Result<Vec<Part>, BetzaError> {
    let mut merged: Vec<Part> = Vec::new();
    for part in parts {
        if let (Some(prev), Body::Simple(run)) = (merged.last_mut(), &part.body) {
            if let Body::Simple(prev_run) = &mut prev.body {
                if part.mods.is_empty() && prev_run.range == Range::Default && prev_run.atom == run.atom {
                    if matches!(run.atom.as_str(), "K" | "Q" | "R" | "B") {
                        return Err(BetzaError::new(
                            run.offset,
                            format!("`{0}{0}`: K, Q, R and B are never doubled (R and B already ride)", run.atom),
                        ));
                    }
                    if run.range != Range::Default {
                        return Err(BetzaError::new(
                            run.offset,
                            "a doubled atom is already unlimited: no range after it",
                        ));
                    }
                    prev_run.range = Range::Unlimited;
                    continue;
                }
            }
        }
        merged.push(part);
    }
    Ok(merged)
}

fn syntax_error(text: &str, error: pest::error::Error<Rule>) -> BetzaError {
    use pest::error::InputLocation;
    let offset = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let message = match text[offset..].chars().next() {
        None if text.is_empty() => "an empty move: expected an atom such as `W`, `N` or `R`".to_string(),
        None if text.matches('[').count() > text.matches(']').count() => {
            "a `[` is never closed: expected `-` or `?` and another leg, or `]`".to_string()
        }
        None => "the moves end after modifiers: expected an atom (an upper-case letter such as `W`)".to_string(),
        Some(']') => "expected an atom before `]`".to_string(),
        Some('[') => "a `[` inside brackets: brackets do not nest".to_string(),
        Some(c @ ('-' | '?')) => format!("`{c}` only separates legs inside brackets, after an atom"),
        Some(c) if c.is_ascii_digit() => format!("a range `{c}` must follow an atom"),
        Some(c) => format!("unexpected `{c}`: expected a modifier, an atom or `[`"),
    };
    BetzaError::new(offset, message)
}
