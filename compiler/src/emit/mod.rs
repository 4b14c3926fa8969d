//! Stage 7: tables → a Rust module, in three parts named for what they write: the header
//! (`header.rs`: how the module was made and what it costs), the code (`api.rs`: types,
//! functions and statics, built with `quote!` and printed by prettyplease) and the data
//! (`data.rs`: the statics' contents, printed here so that a regenerated file diffs readably).
//! Each of `api.rs`'s item functions returns its code with a placeholder for each static's data
//! and that data beside it; this fills them in after prettyplease has printed the code.

pub(crate) mod api;
mod data;
mod game;
mod header;

pub(crate) use header::{inert, piece_figures};

use std::fmt::{self, Write as _};

use crate::between::Between;
use crate::board::Word;
use crate::cost::Cost;
use crate::error::Error;
use crate::indices::Indices;
use crate::lookups::Plan;
use crate::reads::Tally;
use crate::tables::Tables;
use crate::variant::Variant;

/// What the header says about how the module was made.
#[derive(Clone, Debug)]
pub struct Provenance {
    /// The variant file as the user named it.
    pub source: String,
    /// The command that regenerates this file.
    pub regenerate: String,
    /// Where that command is run, which the paths in it and in `source` are relative to.
    pub regenerate_in: crate::RegenerateIn,
    /// The seed mixed into every magic search ([`Settings::seed`](crate::Settings::seed)).
    pub seed: u64,
    /// The bit budget fixed by an option, or `None` when the cost model chose per piece.
    pub max_bits: Option<u32>,
    /// What the cost model made small ([`Settings::optimize`](crate::Settings::optimize)).
    pub optimize: crate::cost::Optimize,
    /// Whether lines may be computed.
    pub lines: crate::lookups::LineChoice,
    /// The cache size, in bytes ([`Settings::cache_bytes`](crate::Settings::cache_bytes)).
    pub cache_bytes: usize,
    /// The most probes one query may make ([`Settings::max_probes`](crate::Settings::max_probes)).
    pub max_probes: usize,
    /// How hard the magic search tried ([`Settings::effort`](crate::Settings::effort)).
    pub effort: u32,
}

/// Everything one module is written from.
pub struct Input<'a, B> {
    /// The variant the module is for.
    pub variant: &'a Variant,
    /// Its tables, which the module's statics hold.
    pub tables: &'a Tables<B>,
    /// The plan the tables were built from: its lookups, for the header's figures.
    pub plan: &'a Plan,
    /// Each piece's bit budget and what it costs, in piece order, for the header.
    pub piece_costs: &'a [Cost],
    /// The squares between two squares on each piece's paths, for the module's `between`.
    pub between: &'a Between,
    /// Each piece's dense indices of potential attacks (NNUE threat inputs) and potential moves
    /// (policy heads).
    pub indices: &'a Indices,
    /// How the module was made, for its header.
    pub made: &'a Provenance,
    /// What plain fancy magic would need (`baseline.rs`), reported beside these tables.
    pub fancy_entries: f64,
}

/// What a module's tables cost, as its header reports them.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// Squares on the board.
    pub squares: usize,
    /// Pieces of the variant.
    pub pieces: usize,
    /// Distinct lookups (magic-indexed tables) before packing.
    pub lookups: usize,
    /// Entries of the packed attack table, and their bytes.
    pub attack_entries: usize,
    /// Bytes of the packed attack table.
    pub attack_bytes: usize,
    /// Bytes of the per-square slots (leaps and probes).
    pub slot_bytes: usize,
    /// Plain checks (moves no table covers), and their bytes.
    pub checks: usize,
    /// Bytes of the plain checks.
    pub check_bytes: usize,
    /// Computed lines (slides and hops with no table), padding included; rank reads are not
    /// among them.
    pub lines: usize,
    /// Bytes of the computed lines.
    pub line_bytes: usize,
    /// Bytes of the rank table, which every rank read shares (0 where there is none).
    pub rank_bytes: usize,
    /// Bytes of `between`'s sets and grids.
    pub between_bytes: usize,
    /// What plain fancy magic would take for the same pieces, in bytes (`baseline.rs`).
    pub fancy_magic_bytes: f64,
}

impl Statistics {
    /// Every byte of the module's data.
    pub fn total_bytes(&self) -> usize {
        self.attack_bytes + self.slot_bytes + self.check_bytes + self.line_bytes + self.rank_bytes + self.between_bytes
    }
}

/// The figures of one module.
fn statistics<B: Word>(m: &Input<B>) -> Statistics {
    let word = std::mem::size_of::<B>();
    let squares = m.variant.board.squares();
    // What every block's reads store, counted from the same lists the code is printed from.
    let tally = m.tables.blocks.iter().fold(Tally::default(), |t, b| t.plus(Tally::of::<B>(&b.reads, squares)));
    let (set_bytes, grid_bytes) = header::between_bytes::<B>(squares, m.between);
    Statistics {
        squares,
        pieces: m.variant.pieces.len(),
        lookups: m.plan.lookups.len(),
        attack_entries: m.tables.table.len(),
        attack_bytes: match &m.tables.numbered {
            None => m.tables.table.len() * word,
            Some(n) => n.entries.len() * n.entries.entry_bytes() + n.sets.len() * word,
        },
        slot_bytes: tally.slot_bytes,
        checks: tally.checks,
        check_bytes: tally.check_bytes::<B>(),
        lines: tally.lines,
        line_bytes: tally.line_bytes::<B>(),
        rank_bytes: m.tables.ranks.as_ref().map_or(0, |r| r.entries.len() * r.entry_bytes()),
        between_bytes: set_bytes + grid_bytes,
        fancy_magic_bytes: m.fancy_entries * word as f64,
    }
}

/// The module: its text, and what its tables cost.
pub fn module<B: Word>(m: &Input<B>) -> Result<crate::Module, Error> {
    let failed = |_: fmt::Error| Error::Internal("the emitter could not write the module's text".into());
    let statistics = statistics(m);
    let header = header_text(m, &statistics).map_err(failed)?;
    let code = api::code::<B>(m.variant, m.tables, m.between, m.indices, &m.made.regenerate).map_err(failed)?;
    let file: syn::File = syn::parse2(code.tokens)
        .map_err(|e| Error::Internal(format!("the emitter built code that is not Rust: {e}")))?;
    let mut text = prettyplease::unparse(&file);
    for (placeholder, data) in code.data {
        // Whole words only: `BLOCK_1` is not the start of `BLOCK_12`.
        let Some(at) = data::find_word(&text, &placeholder) else {
            return Err(Error::Internal(format!("the emitted code has no place for {placeholder}")));
        };
        text.replace_range(at..at + placeholder.len(), &data);
    }
    if let Some(at) = text.find("__FAIRY_MAGIC_") {
        let rest: String = text[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        return Err(Error::Internal(format!("the emitted code has no data for {rest}")));
    }
    Ok(crate::Module { text: format!("{header}\n{text}"), statistics })
}

fn header_text<B: Word>(m: &Input<B>, statistics: &Statistics) -> Result<String, fmt::Error> {
    let mut text = header::header(m.variant, m.tables, m.plan, m.piece_costs, m.made)?;
    writeln!(text, "{}", header::data_report(statistics, m.tables.blocks.len()))?;
    if let Some(over) = header::cache_report(statistics, m.made) {
        writeln!(text, "{over}")?;
    }
    writeln!(text, "{}", header::reverse_report(m.variant, m.tables, m.plan, m.between))?;
    let ours = statistics.attack_bytes + statistics.line_bytes + statistics.rank_bytes;
    writeln!(text, "{}", header::fancy_report::<B>(m.fancy_entries, ours))?;
    writeln!(text, "//\n{}", header::indices_report::<B>(m.variant, m.indices)?)?;
    Ok(text)
}
