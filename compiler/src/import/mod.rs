//! `fairy-magic import`: a section of a Fairy-Stockfish `variants.ini` as a variant file.
//!
//! What moves pieces is taken: the board (`maxFile`, `maxRank`), the piece types with their letters
//! and moves, `mobilityRegion*` squares, and the soldier's rank of promotion; and the game's rules
//! as rule statements: the royal king, promotion (`promotion*`, `mandatoryPawnPromotion`,
//! `promotionLimit`), the double step and en passant (`doubleStep*`, `enPassantTypes`), castling
//! (`castling*`), `flyingGeneral`, Shatranj's bare king (`extinction*` as Fairy-Stockfish sets them
//! for it), `startFen`, and `needs` for drops, passing and special goals or move rules (`needs
//! special-rules`). A setting the import does not read is left out and listed in the output's
//! comments; a built-in parent whose rules `builtins.rs` does not transcribe gives no rule
//! statements, and says so. A piece's FEN letter is its letter there, so no `fen` line is needed.
//! Inheritance follows Fairy-Stockfish: a parent is one of its built-in variants (`builtins.rs`) or
//! a section above, and each section overrides its parent by its rules (`rules.rs`). Move strings
//! are written as Fairy-Stockfish plays them (`notation.rs`). The result is compiled before it is
//! handed back, so an import that succeeds always gives a file that `compile` accepts.

pub(crate) mod builtins;
pub(crate) mod notation;
pub(crate) mod rules;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::emit::inert;
use crate::error::{Error, Location, Source};
use builtins::{built_in, built_in_rules, PIECE_TYPES};
use rules::{apply, is_custom, is_king, region_items, type_count, type_key, type_of, IniLine, IniVariant, Placed};

pub use notation::{translate, Written};

/// One `[name:parent]` section of the ini file.
struct Section<'a> {
    parent: Option<&'a str>,
    /// Where the header starts, and its place among the sections.
    at: usize,
    order: usize,
    /// Where a second section of the same name starts, if one does.
    again: Option<usize>,
    lines: Vec<IniLine<'a>>,
}

/// The sections of an ini file. As in Fairy-Stockfish, comments are whole lines starting with
/// `#` or `;`; a second section of the same name is kept apart (Fairy-Stockfish ignores it) and
/// is an error once the import reads that name.
fn sections<'a>(source: &Source<'a>) -> Result<BTreeMap<&'a str, Section<'a>>, Error> {
    let mut out: BTreeMap<&str, Section> = BTreeMap::new();
    let mut current: Option<&str> = None;
    let mut offset = 0;
    for line in source.text.split_inclusive('\n') {
        let at = offset + line.len() - line.trim_start().len();
        offset += line.len();
        let text = line.trim();
        if text.is_empty() || text.starts_with(['#', ';']) {
            continue;
        }
        if let Some(header) = text.strip_prefix('[') {
            let inner = header.split(']').next().filter(|_| header.contains(']'));
            let inner = inner.ok_or_else(|| source.error(at, "a section header ends with `]`"))?;
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (inner.trim(), None),
            };
            let order = out.len();
            let section = out.entry(name).or_insert(Section { parent, at, order, again: None, lines: Vec::new() });
            section.again = section.again.or(Some(at).filter(|&a| a != section.at));
            current = Some(name).filter(|n| out[n].at == at);
            continue;
        }
        let Some(name) = current else {
            if out.is_empty() {
                return Err(source.error(at, "a setting before any [section]"));
            }
            continue;
        };
        let (key, value) =
            text.split_once('=').ok_or_else(|| source.error(at, "expected `key = value` or a [section]"))?;
        let after = &line[line.find('=').unwrap_or(0) + 1..];
        let value_at = offset - after.len() + (after.len() - after.trim_start().len());
        out.get_mut(name).unwrap().lines.push(IniLine { key: key.trim(), value: value.trim(), at: Some(value_at) });
    }
    Ok(out)
}

/// The section's variant: its built-in ancestor's facts, then every section of its line from
/// the oldest down.
fn resolve(source: &Source, all: &BTreeMap<&str, Section>, section: &str) -> Result<IniVariant, Error> {
    let Some(mut here) = all.get(section) else {
        // Fairy-Stockfish's own variants.ini has no section for its built-in variants
        // (capablanca, xiangqi, ...): the name alone is the variant, as Fairy-Stockfish plays it.
        if built_in(section).is_some() {
            return built_in_state(section);
        }
        let known = all.keys().map(|k| k.to_string()).collect();
        return Err(Error::UnknownSection { section: section.to_string(), file: source.file.to_string(), known });
    };
    if built_in(section).is_some() {
        return Err(source.error(
            here.at,
            format!("Fairy-Stockfish has a built-in variant `{section}` and ignores this section; rename it"),
        ));
    }
    let mut chain = vec![here];
    let mut base = None;
    once(source, section, here)?;
    while let Some(parent) = here.parent {
        if let Some(b) = built_in(parent) {
            base = Some(b);
            break;
        }
        match all.get(parent).filter(|p| p.order < here.order) {
            Some(p) => {
                once(source, parent, p)?;
                chain.push(p);
                here = p;
            }
            None => {
                return Err(source.error(
                    here.at,
                    format!("the parent `{parent}` is neither a built-in variant of Fairy-Stockfish nor a section above this one"),
                ))
            }
        }
    }
    let mut state = match base {
        Some(b) => built_in_state(b.name)?,
        None => IniVariant::empty(),
    };
    let locate = |at: Option<usize>, message: String| match at {
        Some(at) => source.error(at, message),
        None => Error::Unsupported(message),
    };
    for s in chain.iter().rev() {
        apply(&mut state, &s.lines, &locate)?;
    }
    Ok(state)
}

/// The section `name` is written once: Fairy-Stockfish ignores a second section of the same
/// name (with "already exists" on its error output), so its lines would be lost without a word.
fn once(source: &Source, name: &str, section: &Section) -> Result<(), Error> {
    match section.again {
        None => Ok(()),
        Some(again) => Err(source.error(
            again,
            format!(
                "a second section [{name}] (the first is at line {}): Fairy-Stockfish ignores it, so its settings would be lost; merge the two or rename one",
                source.locate(section.at).line
            ),
        )),
    }
}

/// A built-in variant's state: its ancestors' facts applied in order. Its game rules are not
/// listed as left out (the section did not write them).
fn built_in_state(name: &str) -> Result<IniVariant, Error> {
    let mut line_of = vec![];
    let mut next = built_in(name);
    while let Some(b) = next {
        line_of.push(b);
        next = b.parent.and_then(built_in);
    }
    let mut state = IniVariant::empty();
    for b in line_of.iter().rev() {
        let rules = built_in_rules(b.name);
        if rules.is_none() {
            state.rules_unknown = state.rules_unknown.or(Some(b.name));
        }
        let lines: Vec<IniLine> = b
            .settings
            .lines()
            .chain(rules.unwrap_or_default().lines())
            .filter_map(|l| l.split_once(" = "))
            .map(|(key, value)| IniLine { key, value, at: None })
            .collect();
        apply(&mut state, &lines, &|_, m| Error::Internal(format!("built-in variant `{}`: {m}", b.name)))?;
    }
    state.ignored.clear();
    Ok(state)
}

/// The variant file, line by line, each with the ini offset it came from (for errors).
#[derive(Default)]
pub struct Output {
    lines: Vec<(String, Option<usize>)>,
    notes: Vec<String>,
    /// The written pieces with first moves (XBetza `i`), by type index.
    first_movers: Vec<usize>,
}

impl Output {
    fn push(&mut self, line: String, at: Option<usize>) {
        self.lines.push((line, at));
    }
}

/// Converts one section; returns the variant file's text and the notes it reports (moves
/// rewritten to mean what Fairy-Stockfish means, pieces left out).
pub fn import(file: &str, text: &str, section: &str) -> Result<(String, Vec<String>), Error> {
    let source = Source { file, text };
    let (whole, out, head_lines) = convert(&source, section)?;
    let generated = format!("{}.variant", variant_name(section));
    if let Err(e) = crate::compile(&Source { file: &generated, text: &whole }, &crate::Options::new()) {
        return Err(rejected(e, &out, head_lines, &source, section));
    }
    Ok((whole, out.notes))
}

/// The variant file's text, its lines' origins and the number of comment lines heading it.
pub fn convert(source: &Source, section: &str) -> Result<(String, Output, usize), Error> {
    let file = source.file;
    let all = sections(source)?;
    let state = resolve(source, &all, section)?;
    let header_at = all.get(section).map_or(0, |s| s.at);
    let mut out = Output::default();
    let name = variant_name(section);
    out.push(format!("variant {name}"), None);
    out.push(format!("board {}x{}", state.files, state.ranks), None);
    let mut moving = Vec::new();
    for (&index, letter) in &state.letters {
        if piece(&state, index, letter, source, &mut out)? {
            moving.push(index);
        }
    }
    if moving.is_empty() {
        return Err(source.error(
            header_at,
            format!("[{section}] has no piece that moves (its pieces are only dropped or stand still): there are no move tables to make"),
        ));
    }
    regions(&state, &moving, &mut out, source)?;
    game_rules(&state, &moving, &mut out, source)?;
    // The head's comments quote the ini's path, section and keys: escaped, a newline in any
    // of them cannot add a line (a piece) to the variant file.
    let (file, named) = (inert(file), inert(section));
    let origin = match all.contains_key(section) {
        true => format!("{file}, section [{named}]"),
        false => format!("Fairy-Stockfish's built-in variant `{named}` ({file} has no section of that name)"),
    };
    let mut head = format!("# Imported from {origin}, by `fairy-magic import`.\n");
    if !state.ignored.is_empty() {
        let rules: Vec<&str> = state.ignored.iter().map(String::as_str).collect();
        let _ = writeln!(head, "# Rules that are not piece moves were left out: {}.", inert(&rules.join(", ")));
    }
    for n in &out.notes {
        let _ = writeln!(head, "# {}", inert(n));
    }
    let body: String = out.lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let head_lines = head.lines().count();
    Ok((head + &body, out, head_lines))
}

/// One piece line (or none, with a note, for a piece without moves); whether it was written.
fn piece(
    state: &IniVariant,
    index: usize,
    letter: &Placed<char>,
    source: &Source,
    out: &mut Output,
) -> Result<bool, Error> {
    let key = type_key(index);
    let (fsf, at, own) = if is_custom(index) {
        state.custom.get(&index).map_or(("", letter.at, true), |c| (c.value.as_str(), c.at, true))
    } else if is_king(index) {
        state.king.as_ref().map_or(("K", letter.at, false), |k| (k.value.as_str(), k.at, true))
    } else {
        (PIECE_TYPES[index].1, letter.at, false)
    };
    let locate = |message: String| match at {
        Some(at) => source.error(at, message),
        None => Error::Unsupported(format!("`{key}`: {message}")),
    };
    let written = translate(fsf).map_err(&locate)?;
    if own {
        out.notes.extend(written.notes.iter().map(|n| format!("{key}: {n}")));
    }
    let upper = letter.value.to_ascii_uppercase();
    if written.betza.is_empty() {
        out.notes.push(format!("{key} = {}: it has no moves in Fairy-Stockfish, so it is left out", letter.value));
        return Ok(false);
    }
    let name = piece_name(&key);
    let mut betza = written.betza;
    if key == "pawn" && state.double_step {
        betza.push_str("ifmnD");
    }
    if betza.contains('i') {
        out.first_movers.push(index);
    }
    if key == "soldier" && state.soldier_rank > 1 {
        soldier(state, upper, &name, &betza, at, out);
    } else {
        out.push(format!("piece {upper} {name} {betza}"), at);
    }
    Ok(true)
}

/// Xiangqi's soldier (`soldierPromotionRank`): below that rank it steps only forward, from it on
/// it has all its moves (with the rank past the board, never).
fn soldier(state: &IniVariant, upper: char, name: &str, betza: &str, at: Option<usize>, out: &mut Output) {
    out.push(format!("piece {upper} {name} fW"), at);
    let across = state.soldier_rank;
    if across <= state.ranks {
        let last = (b'a' + state.files as u8 - 1) as char;
        let black_to = state.ranks + 1 - across;
        out.push(format!("region {name}-across a{across}-{last}{} black a1-{last}{black_to}", state.ranks), None);
        out.push(format!("moves {upper} in {name}-across {betza}"), at);
    }
}

/// `region` and `confine` lines for the written pieces (`moving`) that have mobility regions.
fn regions(state: &IniVariant, moving: &[usize], out: &mut Output, source: &Source) -> Result<(), Error> {
    let whole = format!("a1-{}{}", (b'a' + state.files as u8 - 1) as char, state.ranks);
    for (index, letter) in moving.iter().map(|i| (*i, &state.letters[i])) {
        let side = |colour: usize| -> Result<(Option<String>, Option<usize>), Error> {
            let Some(r) = state.regions.get(&(index, colour)) else { return Ok((None, None)) };
            let items = region_items(&r.value, state.files, state.ranks).map_err(|m| match r.at {
                Some(at) => source.error(at, m),
                None => Error::Internal(m),
            })?;
            Ok((items, r.at))
        };
        let ((white, white_at), (black, black_at)) = (side(0)?, side(1)?);
        if white.is_none() && black.is_none() {
            continue;
        }
        let name = format!("{}-region", piece_name(&type_key(index)));
        let (white, black) = (white.unwrap_or(whole.clone()), black.unwrap_or(whole.clone()));
        out.push(format!("region {name} {white} black {black}"), white_at.or(black_at));
        out.push(format!("confine {} {name}", letter.value.to_ascii_uppercase()), white_at.or(black_at));
    }
    Ok(())
}

/// The rule statements (`royal`, `promote`, `castling`...) of the game's settings, for the
/// written pieces (`moving`); none, with a note, where a built-in ancestor's rules are unknown.
fn game_rules(state: &IniVariant, moving: &[usize], out: &mut Output, source: &Source) -> Result<(), Error> {
    if let Some(name) = state.rules_unknown {
        out.notes.push(format!(
            "the rules of Fairy-Stockfish's built-in `{name}` are not transcribed here: no rule statements are written, so an engine refuses the game (no royal piece)"
        ));
        return Ok(());
    }
    let game = &state.game;
    let letter = |t: usize| moving.contains(&t).then(|| state.letters[&t].value.to_ascii_uppercase());
    let letters = |types: &mut dyn Iterator<Item = &usize>| -> Vec<char> { types.filter_map(|&t| letter(t)).collect() };
    let region = |name: &str, sides: &[String; 2], at: Option<usize>, out: &mut Output| -> Result<bool, Error> {
        let items = |text: &str| {
            region_items(text, state.files, state.ranks).map_err(|m| match at {
                Some(at) => source.error(at, m),
                None => Error::Internal(m),
            })
        };
        let (Some(white), Some(black)) = (items(&sides[0])?, items(&sides[1])?) else { return Ok(false) };
        out.push(format!("region {name} {white} black {black}"), at);
        Ok(true)
    };
    let king = type_count() - 1;
    if let Some(k) = letter(king) {
        out.push(format!("royal {k}"), None);
    }
    let first: Vec<usize> = out.first_movers.clone();
    if !first.is_empty() && state.double_step && region("first-moves", &game.first_move_region, None, out)? {
        for &t in &first {
            out.push(format!("initial {} first-moves", letter(t).unwrap_or('?')), None);
        }
        for t in first.iter().filter(|t| game.en_passant.contains(t)) {
            out.push(format!("en-passant {}", letter(*t).unwrap_or('?')), None);
        }
    }
    // Fairy-Stockfish's type order runs from the pawn up; the strongest first reads as chess's.
    let to = letters(&mut game.promotion_pieces.iter().rev());
    let pawns = letters(&mut game.promotion_pawns.iter());
    if !to.is_empty() && !pawns.is_empty() && region("promotion", &game.promotion_region, None, out)? {
        let to: Vec<String> = to.iter().map(char::to_string).collect();
        let optional = if game.promotion_forced { "" } else { " optional" };
        for p in pawns {
            out.push(format!("promote {p} in promotion to {}{optional}", to.join(" ")), None);
        }
        for (&t, n) in &game.promotion_limits {
            if let Some(l) = letter(t) {
                out.push(format!("limit {l} {n}"), None);
            }
        }
    }
    if let (Some(c), Some(k), Some(r)) = (game.castling, letter(king), letter(type_of("rook"))) {
        castlings(state, c, k, r, out);
    }
    if game.flying_general {
        out.push("flying-general".to_string(), None);
    }
    let bare_king = game.extinction.is_bare_king();
    if bare_king {
        out.push("bare-king".to_string(), None);
    }
    match fen_fits(&game.start.value, state.files, state.ranks) {
        true => out.push(format!("start {}", game.start.value), game.start.at),
        false => out.notes.push(format!(
            "the start position `{}` does not fit a {}x{} board: no `start` line",
            game.start.value, state.files, state.ranks
        )),
    }
    for need in &game.needs {
        out.push(format!("needs {}", need.name()), None);
    }
    // Extinction settings other than the bare king's are a goal the language does not state.
    let mut special = game.special.clone();
    if game.extinction.value.is_some() && !bare_king {
        special.insert("extinctionValue".to_string());
    }
    if !special.is_empty() {
        let settings: Vec<&str> = special.iter().map(String::as_str).collect();
        out.notes.push(format!(
            "{}: special goals or move rules the language does not state, so `needs special-rules`",
            settings.join(", ")
        ));
        out.push("needs special-rules".to_string(), None);
    }
    Ok(())
}

/// The two castlings, kingside first, where their squares are on the board. The king castles
/// from where the start position has it on the castling rank, as Fairy-Stockfish reads it.
fn castlings(state: &IniVariant, c: rules::CastlingFiles, king: char, rook: char, out: &mut Output) {
    let start_file = start_rank(&state.game.start.value, state.ranks, c.rank)
        .and_then(|row| row.iter().position(|&p| p == Some(king)))
        .map_or(c.king, |f| f as u32);
    let square = |file: u32| {
        (file < state.files && (1..=state.ranks).contains(&c.rank))
            .then(|| format!("{}{}", (b'a' + file as u8) as char, c.rank))
    };
    let kingside_rook = c.rook_kingside.unwrap_or(state.files.saturating_sub(1));
    let sides = [
        (c.king_kingside, kingside_rook, c.king_kingside.checked_sub(1)),
        (c.king_queenside, c.rook_queenside, Some(c.king_queenside + 1)),
    ];
    for (king_to, rook_from, rook_to) in sides {
        let squares = (square(start_file), square(king_to), square(rook_from), rook_to.and_then(square));
        match squares {
            (Some(kf), Some(kt), Some(rf), Some(rt)) if rook_from != start_file => {
                out.push(format!("castling {king} {kf} {kt} {rook} {rf} {rt}"), None);
            }
            _ => out.notes.push(format!("a castling off the {}x{} board is left out", state.files, state.ranks)),
        }
    }
}

/// The pieces (upper-case letters, White's as written) of the start position's rank `rank`
/// (from 1), or `None` if the FEN's board does not read.
fn start_rank(fen: &str, ranks: u32, rank: u32) -> Option<Vec<Option<char>>> {
    let board = fen.split_whitespace().next()?.split('[').next()?;
    let row = board.split('/').nth(ranks.checked_sub(rank)? as usize)?;
    let mut squares = Vec::new();
    let mut digits = String::new();
    for ch in row.chars().chain([' ']) {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            squares.extend(std::iter::repeat_n(None, digits.parse::<usize>().ok()?.min(256)));
            digits.clear();
        }
        if ch.is_ascii_alphabetic() {
            squares.push(Some(ch));
        } else if ch != ' ' && ch != '+' {
            return None;
        }
    }
    Some(squares)
}

/// Whether the FEN's board has the board's ranks, each of its files.
fn fen_fits(fen: &str, files: u32, ranks: u32) -> bool {
    let board = fen.split_whitespace().next().unwrap_or("").split('[').next().unwrap_or("");
    board.split('/').count() == ranks as usize
        && (1..=ranks).all(|r| start_rank(fen, ranks, r).is_some_and(|row| row.len() == files as usize))
}

/// A compile error of the generated file, told at the ini line the rejected line came from.
fn rejected(e: Error, out: &Output, head_lines: usize, source: &Source, section: &str) -> Error {
    // The generated line and the ini place it came from; or its text, where it came from none.
    let origin = |at: &Location| match at.line.checked_sub(head_lines + 1).and_then(|i| out.lines.get(i)) {
        Some((line, Some(offset))) => Ok((line.to_string(), source.locate(*offset))),
        _ => Err(at.line_text.clone()),
    };
    let converts =
        |line: &str, message: &str| format!("this converts to `{line}`, which fairy-magic rejects: {message}");
    let section_converts = |text: &str, message: &str| {
        format!("section [{section}] converts into `{text}`, which fairy-magic rejects: {message}")
    };
    match e {
        Error::Input { at, message } => match origin(&at) {
            Ok((line, at)) => Error::input(at, converts(&line, &message)),
            Err(text) => Error::Unsupported(section_converts(&text, &message)),
        },
        Error::Limit { bound, at: Some(at), message } => match origin(&at) {
            Ok((line, at)) => Error::Limit { bound, at: Some(at), message: converts(&line, &message) },
            Err(text) => Error::limit(bound, section_converts(&text, &message)),
        },
        Error::Limit { bound, at: None, message } => Error::limit(
            bound,
            format!("section [{section}] converts into a variant fairy-magic cannot compile: {message}"),
        ),
        Error::Many { errors, more } => Error::Many {
            errors: errors.into_iter().map(|e| rejected(e, out, head_lines, source, section)).collect(),
            more,
        },
        other => other,
    }
}

/// The section's name as a variant name (a letter first; letters, digits and `-`).
fn variant_name(section: &str) -> String {
    let name = section.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "-");
    if name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        name
    } else {
        format!("fsf-{name}")
    }
}

/// `shogiKnight` → `shogi-knight`, `customPiece3` → `custom-3`.
fn piece_name(key: &str) -> String {
    if let Some(n) = key.strip_prefix("customPiece") {
        return format!("custom-{n}");
    }
    let mut s = String::new();
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            s.push('-');
        }
        s.push(c.to_ascii_lowercase());
    }
    s
}
