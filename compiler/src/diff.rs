//! `fairy-magic diff`: what changed in meaning between two variant files. Pieces are matched
//! by letter and name; moves are compared as sets of path moves (destination, path squares,
//! required occupancy, condition) for every square, colour and table kind; where the sets differ,
//! every occupancy of the squares their paths look at decides whether the moves differ, so the
//! comparison holds for every occupancy, not for samples. When no move changed, both files are compiled and
//! their tables' figures compared: a layout change.

use std::fmt::Write as _;

use fairy_magic_runtime::{BitboardExt, Color};
use serde::Serialize;

use crate::board::{bit, squares_of, Board, Squares};
use crate::error::{Error, Source};
use crate::files;
use crate::paths::{Condition, PathMove};
use crate::pipeline;
use crate::regions::PieceMoves;
use crate::show::Mark;
use crate::table_kind::TableKind;
use crate::variant::Variant;

/// One side of a comparison: a file's name (for errors) and its text.
pub struct Side<'a> {
    /// How errors and the report name it.
    pub name: &'a str,
    /// Its text.
    pub text: &'a str,
}

/// What changed between two variant files.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    /// The names of the old and the new file.
    pub old: String,
    /// See [`Report::old`].
    pub new: String,
    /// `Some((old, new))` when the board changed (moves are then not compared square by square).
    pub board: Option<(String, String)>,
    /// Pieces added, removed, renamed or re-lettered.
    pub pieces: Vec<PieceChange>,
    /// Per piece, colour and kind: the squares from which the moves differ.
    pub moves: Vec<MoveChange>,
    /// For the first move change: its square and the moves only on one side.
    pub first: Option<Witness>,
    /// Regions added, removed or changed, and confinement or zone changes.
    pub regions: Vec<String>,
    /// When nothing changed in meaning: the table figures that changed (empty: none).
    pub layout: Vec<LayoutChange>,
}

impl Report {
    /// Whether anything changed in meaning (pieces, moves, regions, board): exit status 1.
    pub fn changed(&self) -> bool {
        self.board.is_some() || !self.pieces.is_empty() || !self.moves.is_empty() || !self.regions.is_empty()
    }
}

/// A piece that is not on both sides under the same letter and name.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum PieceChange {
    /// Only in NEW.
    Added {
        /// `A archbishop`.
        piece: String,
        /// Its XBetza.
        betza: String,
    },
    /// Only in OLD.
    Removed {
        /// `A archbishop`.
        piece: String,
        /// Its XBetza.
        betza: String,
    },
    /// The same letter, another name.
    Renamed {
        /// Its letter.
        letter: String,
        /// The old name.
        from: String,
        /// The new name.
        to: String,
    },
    /// The same name, another letter.
    Relettered {
        /// Its name.
        name: String,
        /// The old letter.
        from: String,
        /// The new letter.
        to: String,
    },
}

/// The squares from which one piece's moves of one kind and colour differ.
#[derive(Clone, Debug, Serialize)]
pub struct MoveChange {
    /// The piece as NEW names it: `P pawn`.
    pub piece: String,
    /// `white` or `black`.
    pub color: String,
    /// `quiet`, `capture`, `initial quiet`...
    pub kind: String,
    /// The squares, in square order.
    pub squares: Vec<String>,
    /// Whether `squares` is every square of the board: Markdown then says so, not 100 names.
    pub every_square: bool,
}

/// The first differing square of the first move change, under an occupancy that shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Witness {
    /// Which change this draws (an index into [`Report::moves`]).
    pub change: usize,
    /// The square the piece stands on.
    pub from: String,
    /// The occupied squares (besides the piece) under which the two sides disagree.
    pub occupied: Vec<String>,
    /// Destinations only OLD reaches under that occupancy.
    pub only_old: Vec<String>,
    /// Destinations only NEW reaches under that occupancy.
    pub only_new: Vec<String>,
    /// The diagrams, OLD then NEW, as `show` draws them.
    pub diagrams: [String; 2],
}

/// One table figure of one piece (or of the whole module) that changed.
#[derive(Clone, Debug, Serialize)]
pub struct LayoutChange {
    /// `R rook`, or `module`.
    pub what: String,
    /// `bit budget`, `probes a square (max)`, `table entries`, `bytes`.
    pub figure: String,
    /// Old value.
    pub old: String,
    /// New value.
    pub new: String,
}

/// Whether to compile both files for the layout comparison when no move changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Compile both (the file's own options) and compare the tables' figures.
    Compare,
    /// Skip it (compiling a large variant takes a while).
    Skip,
}

/// One parsed side: its variant and every piece's moves.
struct Parsed {
    variant: Variant,
    moves: Vec<[PieceMoves; 2]>,
}

fn parse(side: &Side) -> Result<Parsed, Error> {
    let (variant, moves) = pipeline::read(&Source { file: side.name, text: side.text })?;
    Ok(Parsed { variant, moves })
}

/// Compares two variant files; errors name the file, line and column.
pub fn compare(old: &Side, new: &Side, layout: Layout, ascii: bool) -> Result<Report, Error> {
    let (a, b) = (parse(old)?, parse(new)?);
    let mut report = Report { old: old.name.into(), new: new.name.into(), ..Report::default() };
    let (pairs, pieces) = match_pieces(&a.variant, &b.variant);
    report.pieces = pieces;
    report.regions = region_changes(&a.variant, &b.variant, &pairs);
    let (ba, bb) = (a.variant.board, b.variant.board);
    if ba != bb {
        report.board = Some((format!("{}x{}", ba.files, ba.ranks), format!("{}x{}", bb.files, bb.ranks)));
    } else {
        compare_moves(&a, &b, &pairs, ascii, &mut report)?;
    }
    if !report.changed() && layout == Layout::Compare && !same_tables(&a, &b) {
        report.layout = layout_changes(old, new)?;
    }
    Ok(report)
}

/// Pairs OLD's pieces with NEW's: the same letter and name, then the same letter (renamed),
/// then the same name (re-lettered). The rest were added or removed.
fn match_pieces(a: &Variant, b: &Variant) -> (Vec<(usize, usize)>, Vec<PieceChange>) {
    let mut pairs = Vec::new();
    let (mut left_a, mut left_b): (Vec<bool>, Vec<bool>) = (vec![true; a.pieces.len()], vec![true; b.pieces.len()]);
    let mut changes = Vec::new();
    let passes: [&dyn Fn(usize, usize) -> bool; 3] = [
        &|i, j| a.pieces[i].letter == b.pieces[j].letter && a.pieces[i].name == b.pieces[j].name,
        &|i, j| a.pieces[i].letter == b.pieces[j].letter,
        &|i, j| a.pieces[i].name == b.pieces[j].name,
    ];
    for (pass, same) in passes.iter().enumerate() {
        #[allow(clippy::needless_range_loop)] // `i` indexes both `left_a` and the pieces.
        for i in 0..a.pieces.len() {
            let Some(j) = (0..b.pieces.len()).find(|&j| left_a[i] && left_b[j] && same(i, j)) else { continue };
            (left_a[i], left_b[j]) = (false, false);
            pairs.push((i, j));
            let (p, q) = (&a.pieces[i], &b.pieces[j]);
            match pass {
                1 => changes.push(PieceChange::Renamed {
                    letter: p.letter.clone(),
                    from: p.name.clone(),
                    to: q.name.clone(),
                }),
                2 => changes.push(PieceChange::Relettered {
                    name: p.name.clone(),
                    from: p.letter.clone(),
                    to: q.letter.clone(),
                }),
                _ => {}
            }
        }
    }
    let label = |p: &crate::variant::Piece| format!("{} {}", p.letter, p.name);
    for (_, p) in a.pieces.iter().enumerate().filter(|&(i, _)| left_a[i]) {
        changes.push(PieceChange::Removed { piece: label(p), betza: p.betza_text.clone() });
    }
    for (_, q) in b.pieces.iter().enumerate().filter(|&(j, _)| left_b[j]) {
        changes.push(PieceChange::Added { piece: label(q), betza: q.betza_text.clone() });
    }
    (pairs, changes)
}

fn names(board: Board, set: Squares) -> Vec<String> {
    squares_of(set).map(|s| board.name(s)).collect()
}

/// A variant's regions by name (the first of a name, as a search from the start finds it).
fn regions_by_name(v: &Variant) -> std::collections::HashMap<&str, &crate::variant::Region> {
    let mut map = std::collections::HashMap::with_capacity(v.regions.len());
    for r in &v.regions {
        map.entry(r.name.as_str()).or_insert(r);
    }
    map
}

/// Regions by name: added, removed, other squares (White's); and each paired piece's
/// confinement and zones, by region name. Each side's regions are looked up by name in a map,
/// so that files of many regions compare in linear time; the report keeps the files' order.
fn region_changes(a: &Variant, b: &Variant, pairs: &[(usize, usize)]) -> Vec<String> {
    let (in_a, in_b) = (regions_by_name(a), regions_by_name(b));
    let mut out = Vec::new();
    for r in &a.regions {
        match in_b.get(r.name.as_str()) {
            None => out.push(format!("region `{}` removed", r.name)),
            Some(s) if s.squares != r.squares || a.board != b.board => {
                let (gone, came) = (r.squares[0] & !s.squares[0], s.squares[0] & !r.squares[0]);
                let list = |board: Board, set: Squares| names(board, set).join(" ");
                let mut line = format!("region `{}` changed:", r.name);
                if !gone.is_empty() {
                    let _ = write!(line, " without {}", list(a.board, gone));
                }
                if !came.is_empty() {
                    let _ = write!(line, " with {}", list(b.board, came));
                }
                if gone.is_empty() && came.is_empty() {
                    line.push_str(" Black's squares");
                }
                out.push(line);
            }
            Some(_) => {}
        }
    }
    for s in b.regions.iter().filter(|s| !in_a.contains_key(s.name.as_str())) {
        out.push(format!("region `{}` added: {}", s.name, names(b.board, s.squares[0]).join(" ")));
    }
    for &(i, j) in pairs {
        let (p, q) = (&a.pieces[i], &b.pieces[j]);
        let confine = |v: &Variant, c: Option<usize>| c.map(|r| v.regions[r].name.clone());
        let (was, is) = (confine(a, p.confine), confine(b, q.confine));
        if was != is {
            let say = |c: &Option<String>| c.as_ref().map_or("nowhere".to_string(), |n| format!("`{n}`"));
            out.push(format!("{} {}: confined to {} → {}", q.letter, q.name, say(&was), say(&is)));
        }
        let zones = |v: &Variant, z: &[crate::variant::Zone]| -> Vec<(String, String)> {
            z.iter().map(|z| (v.regions[z.region].name.clone(), z.betza_text.clone())).collect()
        };
        let (was, is) = (zones(a, &p.zones), zones(b, &q.zones));
        if was != is {
            let say = |z: &[(String, String)]| {
                if z.is_empty() {
                    "none".to_string()
                } else {
                    z.iter().map(|(r, m)| format!("`{m}` in `{r}`")).collect::<Vec<_>>().join(", ")
                }
            };
            out.push(format!("{} {}: zone moves {} → {}", q.letter, q.name, say(&was), say(&is)));
        }
    }
    out
}

/// A path move without its kinds: what a table of one kind holds of it.
type Key = (u8, Squares, Squares, Condition);

/// The path moves of one kind from one square, as a sorted set.
fn keys(moves: &[PathMove], kind: TableKind) -> Vec<Key> {
    let mut out: Vec<Key> = moves
        .iter()
        .filter(|m| m.initial == kind.initial() && m.kinds & kind.kinds() != 0)
        .map(|m| (m.dest, m.path, m.required, m.condition))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether a path move fires under `occupied`, its destination as `kind` needs it.
fn fires(key: &Key, occupied: Squares, kind: TableKind) -> bool {
    let (dest, path, required, condition) = *key;
    let dest_occupied = occupied.has_index(dest as usize);
    let dest_ok = dest_occupied == (kind.kinds() != crate::legs::QUIET);
    dest_ok
        && match condition {
            Condition::Exact => occupied & path == required,
            Condition::OneOf => (occupied & path).count_ones() == 1,
        }
}

/// The destinations a set of path moves reaches under `occupied`.
fn reach(keys: &[Key], occupied: Squares, kind: TableKind) -> Squares {
    keys.iter().filter(|k| fires(k, occupied, kind)).fold(Squares::EMPTY, |s, k| s | bit(k.0))
}

/// The occupancy a path move needs, its destination occupied for a capture.
fn needs(key: &Key, kind: TableKind) -> Squares {
    let (dest, path, required, condition) = *key;
    let held = match condition {
        Condition::Exact => required,
        Condition::OneOf => squares_of(path).next().map_or(Squares::EMPTY, bit),
    };
    if kind.kinds() == crate::legs::QUIET {
        held
    } else {
        held | bit(dest)
    }
}

/// Every paired piece's path moves compared, square by square, colour and kind.
fn compare_moves(
    a: &Parsed,
    b: &Parsed,
    pairs: &[(usize, usize)],
    ascii: bool,
    report: &mut Report,
) -> Result<(), Error> {
    let board = b.variant.board;
    let max = crate::DEFAULT_MAX_PATHS;
    let paths_a = crate::slots::all_paths(&a.variant, &a.moves, max)?;
    let paths_b = crate::slots::all_paths(&b.variant, &b.moves, max)?;
    for &(i, j) in pairs {
        let q = &b.variant.pieces[j];
        for color in [Color::White, Color::Black] {
            let (pa, pb) = (paths_a.get(i, color), paths_b.get(j, color));
            // The forward kinds: reverse kinds are the same moves, seen from the target.
            for kind in TableKind::ALL.into_iter().filter(|k| !k.is_reverse()) {
                let mut squares = Squares::EMPTY;
                for s in 0..board.squares() {
                    let (ka, kb) = (keys(&pa[s], kind), keys(&pb[s], kind));
                    if ka == kb {
                        continue;
                    }
                    let Some(occupied) = disagreement(&ka, &kb, kind) else { continue };
                    squares |= bit(s as u8);
                    if report.first.is_none() {
                        let change = report.moves.len();
                        let w = witness(board, s as u8, occupied, &ka, &kb, kind, &q.letter, ascii, change);
                        report.first = Some(w);
                    }
                }
                if !squares.is_empty() {
                    let squares = names(board, squares);
                    report.moves.push(MoveChange {
                        piece: format!("{} {}", q.letter, q.name),
                        color: if color == Color::White { "white" } else { "black" }.into(),
                        kind: kind.name().into(),
                        every_square: squares.len() == usize::from(board.files) * usize::from(board.ranks),
                        squares,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The most squares whose every occupancy is tried for one destination; past it the sets'
/// difference stands, with the occupancy the lone path move needs.
const ENUMERATED: u32 = 16;

/// An occupancy (the piece's square left out) under which the two sets reach different
/// destinations, or `None` when they reach the same ones under every occupancy: sets that
/// differ only by redundant path moves (a lame leap beside the plain one) mean the same.
fn disagreement(ka: &[Key], kb: &[Key], kind: TableKind) -> Option<Squares> {
    let mut dests: Vec<u8> = ka.iter().chain(kb).map(|k| k.0).collect();
    dests.dedup();
    dests.sort_unstable();
    dests.dedup();
    for dest in dests {
        let (da, db): (Vec<Key>, Vec<Key>) = (
            ka.iter().filter(|k| k.0 == dest).copied().collect(),
            kb.iter().filter(|k| k.0 == dest).copied().collect(),
        );
        if da == db {
            continue;
        }
        let mask = da.iter().chain(&db).fold(Squares::EMPTY, |m, k| m | k.1) & !bit(dest);
        let target = if kind.kinds() == crate::legs::QUIET { Squares::EMPTY } else { bit(dest) };
        if mask.count_ones() > ENUMERATED {
            let lone = da.iter().find(|k| !db.contains(k)).or_else(|| db.iter().find(|k| !da.contains(k)));
            return lone.map(|k| needs(k, kind));
        }
        let reaches = |keys: &[Key], occupied: Squares| keys.iter().any(|k| fires(k, occupied, kind));
        if let Some(sub) =
            crate::board::subsets(mask).find(|&sub| reaches(&da, sub | target) != reaches(&db, sub | target))
        {
            return Some(sub | target);
        }
    }
    None
}

/// What each side reaches from `from` under `occupied`, drawn as `show` draws a piece.
#[allow(clippy::too_many_arguments)]
fn witness(
    board: Board,
    from: u8,
    occupied: Squares,
    ka: &[Key],
    kb: &[Key],
    kind: TableKind,
    letter: &str,
    ascii: bool,
    change: usize,
) -> Witness {
    let occupied = occupied & !bit(from);
    let (ra, rb) = (reach(ka, occupied, kind), reach(kb, occupied, kind));
    let draw = |only: Squares| {
        let marks: Vec<Mark> = (0..board.squares())
            .map(|s| match s {
                s if s == from as usize => Mark::Piece,
                s if only.has_index(s) && occupied.has_index(s) => Mark::Capture,
                s if only.has_index(s) => Mark::Quiet,
                s if occupied.has_index(s) => Mark::Foe,
                _ => Mark::Empty,
            })
            .collect();
        crate::show::text(board, &marks, letter, ascii)
    };
    Witness {
        change,
        from: board.name(from),
        occupied: names(board, occupied),
        only_old: names(board, ra & !rb),
        only_new: names(board, rb & !ra),
        diagrams: [draw(ra & !rb), draw(rb & !ra)],
    }
}

/// Whether both files must give the same tables: the same board, moves, letters, options and
/// probe targets (the compiler is deterministic in these).
fn same_tables(a: &Parsed, b: &Parsed) -> bool {
    let letters = |v: &Variant| v.pieces.iter().map(|p| p.letter.clone()).collect::<Vec<_>>();
    let targets = |v: &Variant| v.probe_targets.iter().map(|t| (t.letter.clone(), t.probes)).collect::<Vec<_>>();
    a.variant.board == b.variant.board
        && a.moves == b.moves
        && letters(&a.variant) == letters(&b.variant)
        && a.variant.options == b.variant.options
        && targets(&a.variant) == targets(&b.variant)
}

/// Both files compiled as `fairy-magic compile` would (their own options): each piece's
/// figures as the module's header reports them, and the module's totals, where they differ.
fn layout_changes(old: &Side, new: &Side) -> Result<Vec<LayoutChange>, Error> {
    let (a, b) = (figures(old)?, figures(new)?);
    let mut out = Vec::new();
    for (what, fa) in &a {
        let Some((_, fb)) = b.iter().find(|(w, _)| w == what) else { continue };
        for ((figure, va), (_, vb)) in fa.iter().zip(fb) {
            if va != vb {
                out.push(LayoutChange {
                    what: what.clone(),
                    figure: figure.to_string(),
                    old: va.clone(),
                    new: vb.clone(),
                });
            }
        }
    }
    Ok(out)
}

/// A figure's name and value.
type Figures = Vec<(&'static str, String)>;

/// One file compiled as `compile` would (its own options, built once): per piece (`K king`)
/// and for `module`, its figures.
fn figures(side: &Side) -> Result<Vec<(String, Figures)>, Error> {
    let source = Source { file: side.name, text: side.text };
    let options = crate::Options::new();
    let (variant, moves, settings) = pipeline::front(&source, &options)?;
    let made = pipeline::provenance(&source, &options, &settings);
    let names: Vec<String> = variant.pieces.iter().map(|p| format!("{} {}", p.letter, p.name)).collect();
    let (pieces, module) = pipeline::with_word!(variant.board, |B| compiled_figures(
        &pipeline::build::<B>(variant, moves, &settings)?,
        &made
    )?);
    let mut all: Vec<(String, Figures)> = names.into_iter().zip(pieces).collect();
    all.push((
        "module".into(),
        vec![
            ("lookups", module.lookups.to_string()),
            ("attack entries", module.attack_entries.to_string()),
            ("bytes", module.total_bytes().to_string()),
        ],
    ));
    Ok(all)
}

/// Each piece's bit budget, probes a square (most), own table entries and their bytes, as the
/// header's table counts them (a lookup belongs to the first piece that probes it); and the
/// module's statistics, from the same tables.
fn compiled_figures<B: crate::board::Word>(
    c: &pipeline::Compiled<B>,
    made: &crate::emit::Provenance,
) -> Result<(Vec<Figures>, crate::emit::Statistics), Error> {
    let word = c.variant.board.word_bits() as usize / 8;
    let fig = crate::emit::piece_figures(&c.variant, &c.tables, &c.plan);
    let pieces = fig
        .iter()
        .zip(&c.budgets)
        .map(|(f, cost)| {
            vec![
                ("bit budget", if f.most == 0 { "-".to_string() } else { cost.bits.to_string() }),
                ("probes a square (max)", f.most.to_string()),
                ("table entries", f.own_entries.to_string()),
                ("bytes", (f.own_entries * word).to_string()),
            ]
        })
        .collect();
    Ok((pieces, pipeline::emit_module(c, made)?.statistics))
}

/// The report as Markdown, for a pull-request comment.
pub fn markdown(r: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## fairy-magic diff: {} → {}\n", code_span(&r.old), code_span(&r.new));
    if !r.changed() {
        let tables = if r.layout.is_empty() { " No table changed." } else { " The tables' layout changed (below)." };
        let _ = writeln!(s, "**No move changed.**{tables}");
    } else {
        let mut what = Vec::new();
        if r.board.is_some() {
            what.push("the board".to_string());
        }
        if !r.pieces.is_empty() {
            what.push(format!("{} piece change(s)", r.pieces.len()));
        }
        if !r.moves.is_empty() {
            what.push(format!("moves of {} piece/colour/kind(s)", r.moves.len()));
        }
        if !r.regions.is_empty() {
            what.push(format!("{} region change(s)", r.regions.len()));
        }
        let _ = writeln!(s, "**Meaning changed:** {}.", what.join(", "));
    }
    if let Some((a, b)) = &r.board {
        let _ = writeln!(s, "\n### Board\n\n{a} → {b} (moves not compared square by square)");
    }
    if !r.pieces.is_empty() {
        let _ = writeln!(s, "\n### Pieces\n");
        for p in &r.pieces {
            let _ = match p {
                PieceChange::Added { piece, betza } => writeln!(s, "- added: `{piece}` `{betza}`"),
                PieceChange::Removed { piece, betza } => writeln!(s, "- removed: `{piece}` `{betza}`"),
                PieceChange::Renamed { letter, from, to } => writeln!(s, "- renamed: `{letter}` {from} → {to}"),
                PieceChange::Relettered { name, from, to } => writeln!(s, "- re-lettered: {name} `{from}` → `{to}`"),
            };
        }
    }
    if !r.moves.is_empty() {
        let _ = writeln!(s, "\n### Moves\n\n| piece | colour | kind | from squares |\n|---|---|---|---|");
        for m in &r.moves {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} ({}) |",
                m.piece,
                m.color,
                m.kind,
                if m.every_square { "every square".to_string() } else { m.squares.join(" ") },
                m.squares.len()
            );
        }
    }
    if let Some(w) = &r.first {
        let m = &r.moves[w.change];
        let occupied =
            if w.occupied.is_empty() { "nothing else on the board".to_string() } else { w.occupied.join(" ") };
        let _ = writeln!(
            s,
            "\n{} ({}, {}) from {}, occupied: {}. Only in OLD: {}. Only in NEW: {}.\n",
            m.piece,
            m.color,
            m.kind,
            w.from,
            occupied,
            list_or_none(&w.only_old),
            list_or_none(&w.only_new)
        );
        let _ = writeln!(s, "OLD:\n```\n{}```\nNEW:\n```\n{}```", w.diagrams[0], w.diagrams[1]);
    }
    if !r.regions.is_empty() {
        let _ = writeln!(s, "\n### Regions and confinement\n");
        for line in &r.regions {
            let _ = writeln!(s, "- {line}");
        }
    }
    if !r.layout.is_empty() {
        let _ = writeln!(s, "\n### Layout only (no move changed)\n\n| piece | figure | old | new |\n|---|---|---|---|");
        for l in &r.layout {
            let _ = writeln!(s, "| {} | {} | {} | {} |", l.what, l.figure, l.old, l.new);
        }
    }
    s
}

/// `text` as one Markdown code span on one line, whatever it holds: a file's name is the
/// user's, and a backtick in it would end the span, a newline the heading. Control and bidi
/// characters are escaped as in a module's comments; the fence is one backtick longer than
/// the longest run of them in `text`, and spaced off a backtick at either end (CommonMark).
pub fn code_span(text: &str) -> String {
    let text = crate::emit::inert(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{text}{pad}{fence}")
}

fn list_or_none(names: &[String]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(" ")
    }
}

/// The text of `file` at git revision `rev`, and the name to give it: `git show REV:PATH`
/// with PATH relative to the repository's root, found from the file's own folder, so that it
/// works from any folder of a clone. The revision is refused when empty (git would read the
/// staging area, and an unset `$BASE` in a script would pass) or when it starts with `-`, and
/// it comes after `--end-of-options`, so that no value is ever an option of git's.
pub fn at_revision(file: &std::path::Path, rev: &str) -> Result<(String, String), Error> {
    let failed = |what: &str, e: String| Error::Revision {
        file: file.display().to_string(),
        rev: rev.to_string(),
        message: format!("{what}: {e}"),
    };
    if rev.is_empty() || rev.starts_with('-') {
        return Err(failed(
            "not a revision",
            "a revision names a commit (HEAD~1, main, a hash); an empty one, or one starting with `-`, is refused"
                .into(),
        ));
    }
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let folder = folder.canonicalize().map_err(|e| failed("its folder", e.to_string()))?;
    let git = |args: &[&str]| -> Result<String, Error> {
        let out = git_output(&folder, args).map_err(|e| failed("cannot run git", e.to_string()))?;
        match out {
            Git::Done { status, stdout, .. } if status.success() => Ok(String::from_utf8_lossy(&stdout).into_owned()),
            Git::Done { stderr, .. } => {
                Err(failed(&format!("git {}", args[0]), String::from_utf8_lossy(&stderr).trim().to_string()))
            }
            Git::TooLong => Err(failed(
                &format!("git {}", args[0]),
                format!("its output is longer than the limit of {} MiB for an input file", files::MAX_INPUT >> 20),
            )),
        }
    };
    let root = std::path::PathBuf::from(git(&["rev-parse", "--show-toplevel"])?.trim_end_matches(['\n', '\r']));
    let root = root.canonicalize().map_err(|e| failed("the repository root", e.to_string()))?;
    let name = file.file_name().ok_or_else(|| failed("not a file", String::new()))?;
    let relative = folder.join(name);
    let relative = relative.strip_prefix(&root).map_err(|_| failed("outside the repository", String::new()))?;
    let relative = relative.to_string_lossy().replace('\\', "/");
    let spec = format!("{rev}:{relative}");
    let text = git(&["show", "--end-of-options", &spec])?;
    Ok((spec, text))
}

/// What a run of git gave.
enum Git {
    /// It ended: its status, its output and (the first 64 KiB of) its errors.
    Done { status: std::process::ExitStatus, stdout: Vec<u8>, stderr: Vec<u8> },
    /// Its output passed [`files::MAX_INPUT`] bytes, and it was stopped.
    TooLong,
}

/// Runs git with `args` in `folder`, reading its output up to [`files::MAX_INPUT`] bytes as it
/// comes: past that git is killed, so that an old blob of a gigabyte is an error, not a
/// gigabyte held. Its errors are read beside, so that neither pipe can fill and stall it.
fn git_output(folder: &std::path::Path, args: &[&str]) -> std::io::Result<Git> {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = std::process::Command::new("git")
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut errors = child.stderr.take().expect("stderr is piped");
    let errors = std::thread::spawn(move || {
        let mut kept = Vec::new();
        let _ = (&mut errors).take(64 << 10).read_to_end(&mut kept);
        let _ = std::io::copy(&mut errors, &mut std::io::sink());
        kept
    });
    let mut stdout = Vec::new();
    let read = child.stdout.take().expect("stdout is piped").take(files::MAX_INPUT + 1).read_to_end(&mut stdout);
    let too_long = stdout.len() as u64 > files::MAX_INPUT;
    if too_long || read.is_err() {
        // Stopped, not waited out: it may have much more to write.
        let _ = child.kill();
    }
    let status = child.wait()?;
    let stderr = errors.join().unwrap_or_default();
    read?;
    Ok(if too_long { Git::TooLong } else { Git::Done { status, stdout, stderr } })
}
