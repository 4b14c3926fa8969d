//! The module's data, printed here rather than by prettyplease: several literals a line, at
//! most about 100 columns, each run named in a comment, so that a regenerated file diffs
//! readably and a one-entry change shows as a one-line change.

use std::fmt::{self, Write as _};
use std::iter;

use fairy_magic_runtime::Probe;

use crate::between::Between;
use crate::board::{Square, Word};
use crate::indices::{offsets, Indices};
use crate::reads::Read;
use crate::tables::{Block, Numbered, RankTable, Tables};
use crate::variant::Variant;

/// A set as a fixed-width hexadecimal literal of the module's `Bitboard` (masks and magics line
/// up): `0x…` on `u64` and `u128`; `Bitboard192([w0, w1, w2])` or `Bitboard256([w0, w1, w2,
/// w3])` on wider boards, word 0 (squares 0-63) first, a word with no square written `0`, so
/// that a mask or magic shows at a glance which words it touches.
pub(super) fn literal<B: Word>(set: B) -> String {
    let [w0, w1, _, _] = set.to_squares().0;
    match B::BITS {
        64 => format!("0x{w0:016x}"),
        128 => format!("0x{w1:016x}{w0:016x}"),
        _ => words_literal::<B>(set, |w| if w == 0 { "0".to_string() } else { format!("0x{w:016x}") }),
    }
}

/// A set as the shortest literal of the module's `Bitboard` (attack entries, most of a module).
pub(super) fn short<B: Word>(set: B) -> String {
    let [w0, w1, _, _] = set.to_squares().0;
    match B::BITS {
        64 | 128 => short_hex(u128::from(w1) << 64 | u128::from(w0)),
        _ => words_literal::<B>(set, |w| short_hex(u128::from(w))),
    }
}

/// A set of a multi-word `Bitboard` as its constructor, `Bitboard192([…])` or
/// `Bitboard256([…])`, each of its words written by `word`.
fn words_literal<B: Word>(set: B, word: impl Fn(u64) -> String) -> String {
    let words = (B::BITS / 64) as usize;
    let written: Vec<String> = set.to_squares().0[..words].iter().map(|&w| word(w)).collect();
    format!("{}([{}])", B::TYPE, written.join(", "))
}

/// `0`, or the number in hexadecimal without leading zeros.
fn short_hex(n: u128) -> String {
    match n {
        0 => "0".to_string(),
        n => format!("{n:#x}"),
    }
}

/// How wide a data line may grow before the next literal goes on a line of its own.
const COLUMNS: usize = 100;

/// `cells` as lines of `indent` plus as many comma-separated cells as fit in `COLUMNS`, the
/// first line ending in `// comment`.
fn wrapped(out: &mut String, indent: &str, cells: &[String], comment: &str) -> fmt::Result {
    let mut line = String::from(indent);
    let mut first = true;
    for cell in cells {
        let tail = if first { comment.len() + 4 } else { 0 };
        if line.len() > indent.len() && line.len() + cell.len() + 2 + tail > COLUMNS {
            end_line(out, &line, first, comment)?;
            first = false;
            line = String::from(indent);
        }
        write!(line, "{cell}, ")?;
    }
    end_line(out, &line, first, comment)
}

fn end_line(out: &mut String, line: &str, with_comment: bool, comment: &str) -> fmt::Result {
    match with_comment && !comment.is_empty() {
        true => writeln!(out, "{line}// {comment}"),
        false => writeln!(out, "{}", line.trim_end()),
    }
}

/// `BLOCKS[kind][piece][colour]`, a kind at a time, eight pieces a line.
pub(super) fn blocks_data<B: Word>(variant: &Variant, tables: &Tables<B>) -> Result<String, fmt::Error> {
    let mut s = String::from("[\n");
    for (k, per_piece) in tables.block_of.iter().enumerate() {
        writeln!(s, "    // {}", tables.kinds[k].name())?;
        s.push_str("    [\n");
        for (row, pieces) in per_piece.chunks(8).enumerate() {
            let cells: Vec<String> = pieces.iter().map(|[w, b]| format!("[{w}, {b}]")).collect();
            let letters: Vec<&str> =
                variant.pieces[row * 8..row * 8 + pieces.len()].iter().map(|p| p.letter.as_str()).collect();
            wrapped(&mut s, "        ", &cells, &letters.join(" "))?;
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}

/// One square's slot: `Slot::new(leaps, [probes])` with a probe a line, its probes alone where
/// the block folds its leaps into them (`Probes::new([probes])`), or just its leaps. `padding`
/// prints as `PAD`.
pub(super) fn block_data<B: Word>(
    variant: &Variant,
    block: &Block<B>,
    padding: &Probe<B>,
) -> Result<String, fmt::Error> {
    let board = variant.board;
    let folded = block.reads.iter().any(|r| matches!(r, Read::Probes { .. }));
    let mut s = String::from("[\n");
    for square in block.squares() {
        let leaps = literal(block.stored_leaps[square.index()]);
        let name = board.name(square);
        match (block.probes_per_square, folded) {
            (0, _) => {
                writeln!(s, "    {leaps}, // {name}")?;
                continue;
            }
            (_, true) => writeln!(s, "    Probes::new([ // {name}")?,
            (_, false) => writeln!(s, "    Slot::new({leaps}, [ // {name}")?,
        }
        for m in block.probes(square) {
            match m == padding {
                true => writeln!(s, "        PAD,")?,
                false => call(
                    &mut s,
                    "Probe::new",
                    &[literal(m.mask), literal(m.magic), format!("{}, {}", m.shift, m.offset)],
                    B::BITS,
                )?,
            }
        }
        s.push_str("    ]),\n");
    }
    s.push(']');
    Ok(s)
}

/// `name(args),` at the indent of a slot's probes: on one line, or on boards of over 128
/// squares, whose literals are long, an argument a line.
fn call(out: &mut String, name: &str, args: &[String], bits: u32) -> fmt::Result {
    match bits > 128 {
        false => writeln!(out, "        {name}({}),", args.join(", ")),
        true => writeln!(out, "        {name}(\n            {},\n        ),", args.join(",\n            ")),
    }
}

/// One square's plain checks, a check a line.
pub(super) fn checks_data<B: Word>(variant: &Variant, block: &Block<B>) -> Result<String, fmt::Error> {
    let mut s = String::from("[\n");
    for square in block.squares() {
        writeln!(s, "    [ // {}", variant.board.name(square))?;
        for c in block.checks(square) {
            call(&mut s, "PlainCheck::new", &[literal(c.path), literal(c.required), literal(c.dest)], B::BITS)?;
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}

/// One square's computed lines, a line a line: `Line::new(up, down, reach, form)`, or
/// `Line::empty()` where a square has fewer lines than its block's width. Each is one line
/// whatever its width (a changed line is one changed line), and on over 128 squares its sets are
/// written short, as attack entries are: a module of long-line pieces on 16x16 holds thousands
/// of lines, which at full width and an argument a line were most of its source.
pub(super) fn lines_data<B: Word>(variant: &Variant, block: &Block<B>) -> Result<String, fmt::Error> {
    let mut s = String::from("[\n");
    let set = |b: B| if B::BITS > 128 { short(b) } else { literal(b) };
    for square in block.squares() {
        writeln!(s, "    [ // {}", variant.board.name(square))?;
        for l in block.stored_lines(square) {
            if Block::is_padding_line(l) {
                writeln!(s, "        Line::empty(),")?;
                continue;
            }
            let args = [set(l.up), set(l.down), set(l.reach), format!("LineForm::{:?}", l.form)];
            writeln!(s, "        Line::new({}),", args.join(", "))?;
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}

/// A rank table's entries in runs of [`RUN`], as the rank's bits in binary (file `a` the last digit,
/// the lowest bit), so that a reader sees the squares reached.
pub(super) fn rank_data(ranks: &RankTable) -> Result<String, fmt::Error> {
    let cells: Vec<String> = ranks.entries.iter().map(|&e| format!("0b{e:b}")).collect();
    runs(&cells)
}

/// Whole words only: `BLOCK_1` is not the start of `BLOCK_12`.
pub(super) fn find_word(text: &str, word: &str) -> Option<usize> {
    text.match_indices(word)
        .map(|(at, _)| at)
        .find(|&at| !text[at + word.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Entries a run: a changed entry rewrites only its run's lines.
const RUN: usize = 8;

/// Attack entries are most of a module: written short (`0x1c`, `0`) so the file stays small,
/// in runs of eight named by the index of their first entry.
/// A numbered table's entries are its set numbers.
pub(super) fn attacks_data<B: Word>(tables: &Tables<B>) -> Result<String, fmt::Error> {
    let cells: Vec<String> = match &tables.numbered {
        None => tables.table.iter().map(|&w| short(w)).collect(),
        Some(n) => n.entries.to_vec().iter().map(u32::to_string).collect(),
    };
    runs(&cells)
}

/// A numbered table's distinct sets, written short like attack entries.
pub(super) fn sets_data<B: Word>(numbered: &Numbered<B>) -> Result<String, fmt::Error> {
    runs(&numbered.sets.iter().map(|&w| short(w)).collect::<Vec<_>>())
}

/// Cells in runs of [`RUN`], each run named by the index of its first cell.
fn runs(cells: &[String]) -> Result<String, fmt::Error> {
    let mut s = String::from("[\n");
    for (i, run) in cells.chunks(RUN).enumerate() {
        wrapped(&mut s, "    ", run, &(i * RUN).to_string())?;
    }
    s.push(']');
    Ok(s)
}

/// The distinct between sets, in runs of four, then empty sets up to [`Between::table_len`].
pub(super) fn between_sets_data<B: Word>(between: &Between) -> Result<String, fmt::Error> {
    let mut s = String::from("[\n");
    let padding = iter::repeat_n(&between.sets[0], between.table_len() - between.sets.len());
    let sets: Vec<_> = between.sets.iter().chain(padding).copied().collect();
    for (i, run) in sets.chunks(4).enumerate() {
        let cells: Vec<String> = run.iter().map(|&set| literal(B::from_squares(set))).collect();
        wrapped(&mut s, "    ", &cells, &(i * 4).to_string())?;
    }
    s.push(']');
    Ok(s)
}

/// One grid after the other, each `from` square's row of `to` cells in runs of twelve.
pub(super) fn between_grids_data(variant: &Variant, between: &Between) -> Result<String, fmt::Error> {
    let board = variant.board;
    let squares = board.squares();
    let mut s = String::from("[\n");
    for (g, grid) in between.grids.iter().enumerate() {
        writeln!(s, "    // grid {g}\n    [")?;
        for (from, row) in grid.chunks(squares).enumerate() {
            writeln!(s, "        [ // from {}", board.name(Square::new(from)))?;
            for cells in row.chunks(12) {
                let cells: Vec<String> = cells.iter().map(u32::to_string).collect();
                writeln!(s, "            {},", cells.join(", "))?;
            }
            s.push_str("        ],\n");
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}

/// `VECTOR_HASHES[piece][colour]`, a piece a line; each distinct hash's table follows the one
/// before in `VECTOR_ENTRIES`.
pub(super) fn vector_hashes_data(variant: &Variant, indices: &Indices) -> Result<String, fmt::Error> {
    let (hashes, uses) = indices.hashes();
    let offsets: Vec<usize> =
        hashes.iter().scan(0, |next, h| Some(std::mem::replace(next, *next + h.table.len()))).collect();
    let mut s = String::from("[\n");
    for (p, both) in uses.iter().enumerate() {
        let cells: Vec<String> = both
            .iter()
            .map(|&h| {
                let hash = hashes[h];
                format!(
                    "VectorHash::new({:#x}, {:#010x}, {}, {})",
                    hash.mask,
                    hash.multiplier,
                    32 - hash.index_bits,
                    offsets[h]
                )
            })
            .collect();
        writeln!(s, "    [{}], // {}", cells.join(", "), variant.pieces[p].letter)?;
    }
    s.push(']');
    Ok(s)
}

/// Each distinct hash's table in turn, eight entries a line, each table's first line naming
/// its users.
pub(super) fn vector_entries_data(variant: &Variant, indices: &Indices) -> Result<String, fmt::Error> {
    let (hashes, uses) = indices.hashes();
    let mut s = String::from("[\n");
    for (h, hash) in hashes.iter().enumerate() {
        let users: Vec<String> = uses
            .iter()
            .enumerate()
            .flat_map(|(p, both)| {
                (0..2)
                    .filter(move |&c| both[c] == h)
                    .map(move |c| format!("{} {}", variant.pieces[p].letter, ["white", "black"][c]))
            })
            .collect();
        let cells: Vec<String> = hash
            .table
            .iter()
            .map(|e| match e {
                Some((d, j)) => format!("{:#x}", (*j as u32) << 16 | (*d as u16) as u32),
                None => "0x8000".to_string(),
            })
            .collect();
        for (i, run) in cells.chunks(RUN).enumerate() {
            let comment = if i == 0 { format!("{} (bits {})", users.join(", "), hash.bits()) } else { String::new() };
            wrapped(&mut s, "    ", run, &comment)?;
        }
    }
    s.push(']');
    Ok(s)
}

/// `REACH[grid][from]`, as many squares a line as fit (four on u64, two on u128), each line
/// named by its first square.
pub(super) fn reach_data<B: Word>(variant: &Variant, indices: &Indices) -> Result<String, fmt::Error> {
    let board = variant.board;
    let grids = indices.reach_grids().grids;
    let per_line = if B::BITS > 64 { 2 } else { 4 };
    let mut s = String::from("[\n");
    for (g, grid) in grids.iter().enumerate() {
        writeln!(s, "    // grid {g}\n    [")?;
        for (i, run) in grid.chunks(per_line).enumerate() {
            let cells: Vec<String> = run.iter().map(|&set| literal(B::from_squares(set))).collect();
            wrapped(&mut s, "        ", &cells, &format!("from {}", board.name(Square::new(i * per_line))))?;
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}

/// `MOVE_OFFSETS[grid][from]`, a rank a line.
pub(super) fn move_offsets_data(variant: &Variant, indices: &Indices) -> Result<String, fmt::Error> {
    let board = variant.board;
    let mut s = String::from("[\n");
    for (g, grid) in indices.reach_grids().grids.iter().enumerate() {
        writeln!(s, "    // grid {g}\n    [")?;
        for (r, rank) in offsets(grid).chunks(board.files as usize).enumerate() {
            let cells: Vec<String> = rank.iter().map(usize::to_string).collect();
            wrapped(&mut s, "        ", &cells, &format!("rank {}", r + 1))?;
        }
        s.push_str("    ],\n");
    }
    s.push(']');
    Ok(s)
}
