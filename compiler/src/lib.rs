//! fairy-magic: compiles chess-variant pieces written in XBetza into magic-bitboard tables.
//!
//! The pipeline runs one way, one module a stage, plain data between stages:
//!
//! ```text
//! variant  (variant.rs, betza.rs)  text → Variant, each piece's XBetza as a syntax tree
//! legs     (legs.rs)               XBetza → moves as legs with concrete step vectors
//! paths    (paths.rs)              legs × square → path moves (dest, path, required)
//! lookups  (lookups.rs)            path moves → leaps + grouped lookups, shared across pieces
//! magics   (magics.rs)             lookups → multipliers and table sizes
//! tables   (tables.rs, pack.rs)    magics → runtime data in one packed array, verified against
//!                                  reference.rs
//! emit     (emit/)                 data → a Rust module: header.rs, api.rs (code), data.rs
//! ```

#![warn(missing_docs)]

mod baseline;
mod between;
mod betza;
mod board;
mod dial;
mod diff;
mod emit;
mod error;
mod files;
mod fxhash;
mod import;
mod indices;
mod legs;
mod lookups;
mod magics;
mod pack;
mod page;
mod parallel;
mod paths;
mod query;
mod reference;
mod regions;
mod settings;
mod show;
mod splitmix;
mod tables;
mod variant;

/// The compiler's stages and tools, one module each, as docs/design.md describes them. The CLI,
/// the tests and tools that look inside a compilation use them; a build script needs only what
/// the crate root has ([`compile`], [`Options`], [`Setting`], [`Module`]). Their items follow
/// the design and may change with it.
pub mod stages {
    /// What plain fancy magic would take for the same pieces: the figure headers compare with.
    pub mod baseline {
        pub use crate::baseline::*;
    }
    /// The squares between two squares on a piece's paths (`between` in generated modules).
    pub mod between {
        pub use crate::between::*;
    }
    /// XBetza: the grammar (`betza.pest`) and the syntax tree of one piece's moves.
    pub mod betza {
        pub use crate::betza::*;
    }
    /// Board geometry: square numbering (`rank * files + file`), names, and square sets.
    pub mod board {
        pub use crate::board::*;
    }
    /// `fairy-magic diff`: what changed in meaning between two variant files.
    pub mod diff {
        pub use crate::diff::*;
    }
    /// The direction dial: which of a piece's step vectors a direction modifier keeps.
    pub mod dial {
        pub use crate::dial::*;
    }
    /// Stage 7: compiled tables to the text of a Rust module (header, code, data).
    pub mod emit {
        pub use crate::emit::*;
    }
    /// Errors with their place in the input (file, line, column), and how they print.
    pub mod error {
        pub use crate::error::*;
    }
    /// Input files read up to a cap; output files written atomically, touching nothing else.
    pub mod files {
        pub use crate::files::*;
    }
    /// `fairy-magic import`: a section of a Fairy-Stockfish `variants.ini` as a variant file.
    pub mod import {
        pub use crate::import::*;
    }
    /// Dense indices of each piece's potential attacks (`vector_index`, `move_index`,
    /// `threat_index` in generated modules), for NNUE threat inputs and policy heads.
    pub mod indices {
        pub use crate::indices::*;
    }
    /// Stage 2: XBetza to moves as legs with concrete step vectors, and the table kinds.
    pub mod legs {
        pub use crate::legs::*;
    }
    /// Stage 4: path moves to plain leaps and grouped lookups, and the cost model.
    pub mod lookups {
        pub use crate::lookups::*;
    }
    /// Stage 5: a multiplier (magic) for every lookup, found by a deterministic search.
    pub mod magics {
        pub use crate::magics::*;
    }
    /// Packing every lookup's entries into one array, overlapping where they agree.
    pub mod pack {
        pub use crate::pack::*;
    }
    /// Stage 3: legs from a square to path moves (destination, squares looked at, hurdles).
    pub mod paths {
        pub use crate::paths::*;
    }
    /// One-off questions (`fairy-magic moves`, `attackers`, `between`) about one piece.
    pub mod query {
        pub use crate::query::*;
    }
    /// The reference walker: legs walked on a mailbox board, which every table is checked against.
    pub mod reference {
        pub use crate::reference::*;
    }
    /// Regions (palace, river): where a piece may stand and which moves it has where.
    pub mod regions {
        pub use crate::regions::*;
    }
    /// Settings as typed values: what `option` lines and command-line flags become.
    pub mod settings {
        pub use crate::settings::*;
    }
    /// `fairy-magic show`: a piece's moves drawn on a board diagram.
    pub mod show {
        pub use crate::show::*;
    }
    /// Stage 6: magics to the runtime's data (slots, probes, checks), verified against [`mod@reference`].
    pub mod tables {
        pub use crate::tables::*;
    }
    /// Stage 1: a variant file parsed (board, regions, pieces, options).
    pub mod variant {
        pub use crate::variant::*;
    }
}

use std::num::NonZeroUsize;

use fairy_magic_runtime::{BitboardExt, Color};

use crate::between::Between;
use crate::board::Board;
use crate::board::Squares;
use crate::error::Bound;
pub use crate::error::{Error, Source};
use crate::legs::{TableKind, FRIENDLY, QUIET};
use crate::lookups::{Limit, Plan};
use crate::magics::Word;
use crate::paths::{PathMove, Rule};
use crate::regions::PieceMoves;
pub use crate::settings::Setting;
use crate::tables::{SlotOrder, Tables};
use crate::variant::Variant;

/// Every setting of a compilation, resolved: the defaults (what `cargo xtask gen` uses), then
/// the variant file's `option` lines, then the caller's [`Options`].
#[derive(Clone, Debug)]
pub struct Settings {
    /// The most index bits one lookup may use (its table has at most `1 << max_bits` entries);
    /// `None`: the cost model chooses a budget for each piece (`optimize`).
    pub max_bits: Option<u32>,
    /// What the cost model makes small when it chooses the budgets.
    pub optimize: lookups::Optimize,
    /// With `Optimize::Speed`: the bytes of tables that should stay in cache.
    pub cache_bytes: usize,
    /// Mixed into every magic search's seed; the same seed gives the same bytes.
    pub seed: u64,
    /// `1 << effort` magic candidates are tried at each index width before a lookup may use
    /// one more index bit (a table twice the size). Higher: smaller tables, slower builds.
    pub effort: u32,
    /// The most probes one (kind, piece, colour, square) query may make; moves beyond them are
    /// answered by plain checks.
    pub max_probes: usize,
    /// The most path moves a piece may have from one square: beyond it a compile would take
    /// minutes and tables would not fit anywhere, so it stops with an error.
    pub max_paths: usize,
    /// How thoroughly every table is checked against the reference walker.
    pub verify: tables::Verify,
    /// How probes form their index: magic multiplies (64- or 32-bit) or PEXT.
    pub index: fairy_magic_runtime::Index,
    /// How much the magic search may enumerate and try before it stops with an error.
    pub budget: magics::Budget,
    /// Whether to build the reverse lookups (`attackers`, `movers`): every module has them; a
    /// one-off `moves` question does not need them.
    pub reverse: bool,
    /// How many threads the magic searches, the cost model and the verification use; `None`:
    /// one a core the process may use. Any number gives the same bytes and the same errors.
    pub threads: Option<NonZeroUsize>,
}

impl Settings {
    /// The threads to use: [`Settings::threads`], or one a core.
    pub fn thread_count(&self) -> usize {
        self.threads.map_or_else(parallel::available, NonZeroUsize::get)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_bits: None,
            optimize: lookups::Optimize::Speed,
            cache_bytes: DEFAULT_CACHE_BYTES,
            seed: 0,
            effort: 18,
            max_probes: 8,
            max_paths: DEFAULT_MAX_PATHS,
            verify: tables::Verify::Exhaustive,
            index: fairy_magic_runtime::Index::Magic,
            budget: DEFAULT_BUDGET,
            reverse: true,
            threads: None,
        }
    }
}

/// What the magic search may spend unless told otherwise. The shipped variants, reverse tables
/// included, need at most 600,000 occupancies and 100 million trials; these limits stop a search
/// at about 250 MB, or after about 40 s of search on one core of the 2-core development machine
/// (110 million trials a second; threads share one budget, so on both cores it takes about
/// half as long). A 128-square board of riders at a fixed 12 bits needs 2.9 million occupancies:
/// such a compile raises the limit (`max-occupancies`).
pub const DEFAULT_BUDGET: magics::Budget =
    magics::Budget { occupancies: 1 << 21, million_trials: 4_000, million_steps: 1_000 };

/// Path moves a piece may have from one square unless told otherwise.
pub const DEFAULT_MAX_PATHS: usize = 20_000;

/// The most path moves one piece of one colour may have over all squares together: a path
/// move of a 256-square board takes some 70 bytes, so this keeps a piece's paths near 70 MB.
/// `max-paths` bounds one square; a piece of several sliding legs on a large board stays under
/// it on every square and still has more paths in all than memory holds.
pub const MAX_PIECE_PATHS: usize = 1 << 20;

/// Tables a query touches should stay in the fastest caches; 128 KiB is half of a small L2.
pub const DEFAULT_CACHE_BYTES: usize = 128 * 1024;

/// A compiled variant, before emission: everything the emitter and the tests need.
#[derive(Clone, Debug)]
pub struct Compiled<B> {
    /// The variant as parsed.
    pub variant: Variant,
    /// `moves[piece][colour]`.
    pub moves: Vec<[PieceMoves; 2]>,
    /// The lookups of every slot and how each slot uses them.
    pub plan: Plan,
    /// The data the emitted module holds.
    pub tables: Tables<B>,
    /// The squares between two squares on each piece's paths.
    pub between: Between,
    /// The bit budget of each piece and what it was estimated to cost.
    pub budgets: Vec<lookups::Cost>,
    /// Dense indices of every piece's potential attacks (NNUE threat inputs, policy heads).
    pub indices: indices::Indices,
}

/// The moves of every piece of a variant, both colours, with its regions applied; errors point
/// into the variant file.
pub fn piece_moves(variant: &Variant, source: &Source) -> Result<Vec<[PieceMoves; 2]>, Error> {
    let mut errors = Vec::new();
    let mut all = Vec::new();
    for p in &variant.pieces {
        let of = |betza, offset: usize, color| {
            legs::moves(betza, color).map_err(|e: betza::BetzaError| source.error(offset + e.offset, e.message))
        };
        let colour = |color: Color| -> Result<PieceMoves, Error> {
            let mut moves = PieceMoves::anywhere(of(&p.betza, p.betza_offset, color)?);
            for zone in &p.zones {
                let squares = variant.regions[zone.region].squares[color as usize];
                moves.zones.push((squares, of(&zone.betza, zone.betza_offset, color)?));
            }
            if let Some(region) = p.confine {
                moves.confined = variant.regions[region].squares[color as usize];
            }
            Ok(moves)
        };
        match (colour(Color::White), colour(Color::Black)) {
            (Ok(white), Ok(black)) => all.push([white, black]),
            (Err(e), _) | (_, Err(e)) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(all)
    } else {
        Err(Error::all(errors))
    }
}

/// The table kinds a variant's module answers: quiet and capture moves, their first-move-only
/// versions, friendly captures where some piece has them, and the reverse lookups if asked.
pub fn table_kinds(moves: &[[PieceMoves; 2]], reverse: bool) -> Vec<TableKind> {
    let friendly =
        moves.iter().flatten().flat_map(PieceMoves::all).any(|m| m.legs.iter().any(|l| l.stop & FRIENDLY != 0));
    TableKind::ALL
        .into_iter()
        .filter(|k| friendly || k.kinds() != FRIENDLY)
        .filter(|k| reverse || !k.is_reverse())
        .collect()
}

/// Every path move of one piece of one colour from every square, its region applied: moves
/// that would end outside the region it is confined to are no moves.
fn paths_from_every_square(
    board: Board,
    moves: &PieceMoves,
    name: &str,
    max_paths: usize,
) -> Result<Vec<Vec<PathMove>>, Error> {
    let mut total = 0usize;
    (0..board.squares())
        .map(|square| square as u8)
        .map(|square| {
            let Some(mut found) = paths::path_moves_within(board, moves.at(square), square, max_paths) else {
                return Err(Error::limit(Bound::PathsFromSquare, format!(
                    "the {name} has more than {max_paths} paths from {}: raise the limit with --max-paths or `option max-paths`",
                    board.name(square)
                )));
            };
            found.retain(|m| moves.confined.has(m.dest as usize));
            total += found.len();
            if total > MAX_PIECE_PATHS {
                return Err(Error::limit(Bound::PathsOfPiece, format!(
                    "the {name} has more than {MAX_PIECE_PATHS} path moves over the whole board (the limit of a piece, about 70 MB), {total} by {}: write fewer sliding legs, or use a smaller board",
                    board.name(square)
                )));
            }
            Ok(found)
        })
        .collect()
}

/// Every piece's path moves from every square: `[piece * 2 + colour][square]`.
pub(crate) fn all_paths(
    variant: &Variant,
    moves: &[[PieceMoves; 2]],
    max_paths: usize,
) -> Result<Vec<Vec<Vec<PathMove>>>, Error> {
    moves
        .iter()
        .enumerate()
        .flat_map(|(p, both)| both.iter().map(move |m| (p, m)))
        .map(|(p, m)| {
            let piece = &variant.pieces[p];
            // At the piece's line when it has one (not for `fairy-magic moves`).
            paths_from_every_square(variant.board, m, &piece.name, max_paths).map_err(|e| match e {
                Error::Limit { bound, at: None, message } => Error::Limit { bound, at: piece.at.clone(), message },
                e => e,
            })
        })
        .collect()
}

/// The squares between two squares on every piece's paths, without building any table.
pub fn between_of(variant: &Variant, moves: &[[PieceMoves; 2]], max_paths: usize) -> Result<Between, Error> {
    Ok(Between::new(variant.board, &all_paths(variant, moves, max_paths)?))
}

/// Whether a path move is one that a table of this kind answers (read forwards).
fn answers(kind: TableKind, m: &PathMove) -> bool {
    m.initial == kind.initial() && m.kinds & kind.kinds() != 0
}

/// The path moves of a reverse kind's slots, one list a target: every path move of the forward
/// kind, read backwards, so that its destination is the square it starts from. The target holds
/// the enemy a capture takes and is empty for a quiet move: it leaves the path, and the answer
/// does not depend on what the occupancy says of it. One pass over every origin's moves, each
/// move filed under its target.
fn reversed(from_every_square: &[Vec<PathMove>], kind: TableKind) -> Vec<Vec<PathMove>> {
    let target_occupied = kind.kinds() != QUIET;
    let mut by_target: Vec<Vec<PathMove>> = vec![Vec::new(); from_every_square.len()];
    for (origin, moves) in from_every_square.iter().enumerate() {
        for m in moves.iter().filter(|m| answers(kind.forward(), m)) {
            let bit = board::bit(m.dest);
            let (path, required) = (m.path & !bit, m.required & !bit);
            let rule = match (m.path.has(m.dest as usize), m.rule) {
                (false, rule) => rule,
                (true, Rule::Exact) if m.required.has(m.dest as usize) == target_occupied => Rule::Exact,
                (true, Rule::Exact) => continue,
                // A hopper whose hurdle is the target itself: no other square may be occupied.
                (true, Rule::OneOf) if target_occupied => Rule::Exact,
                (true, Rule::OneOf) => Rule::OneOf,
            };
            by_target[m.dest as usize].push(PathMove { dest: origin as u8, path, required, rule, ..*m });
        }
    }
    for moves in &mut by_target {
        moves.sort();
        moves.dedup();
    }
    by_target
}

/// Plans, searches and verifies the tables of a parsed variant.
pub fn build<B: Word>(
    variant: Variant,
    moves: Vec<[PieceMoves; 2]>,
    settings: &Settings,
) -> Result<Compiled<B>, Error> {
    let board: Board = variant.board;
    let kinds = table_kinds(&moves, settings.reverse);
    let order = SlotOrder::new(kinds.len(), moves.len(), board);
    let all_paths = all_paths(&variant, &moves, settings.max_paths)?;
    let slots: Vec<Vec<PathMove>> =
        (0..order.runs()).flat_map(|run| run_moves(&all_paths, &kinds, order, run)).collect();
    let budgets = budgets::<B>(&variant, &slots, order, settings)?;
    let per_slot: Vec<u32> = (0..slots.len()).map(|i| budgets[order.id(i).piece].bits).collect();
    let plan = lookups::plan(&slots, &per_slot, settings.max_probes);
    // The cost model kept each piece planned alone within the limits; planned together they
    // share tables and so use no more. A fixed --max-bits gets here unchecked.
    for limit in limits(settings) {
        check_limit(&variant, &plan, &slots, order, &budgets, settings, limit)?;
    }
    let names: Vec<String> = variant.pieces.iter().map(|p| p.name.clone()).collect();
    // Where each piece may go from each square under some occupancy: the origins a reverse
    // table is checked from.
    let reach: Vec<Vec<Squares>> = all_paths
        .iter()
        .map(|per_square| {
            per_square.iter().map(|ms| ms.iter().fold(Squares::EMPTY, |s, m| s | board::bit(m.dest))).collect()
        })
        .collect();
    let tables = tables::build::<B>(board, &names, &moves, &kinds, &plan, &reach, settings)?;
    let between = Between::new(board, &all_paths);
    let indices = indices::Indices::new(board, &all_paths);
    Ok(Compiled { variant, moves, plan, tables, budgets, between, indices })
}

/// The limits a compilation keeps to: verification only where it walks every occupancy.
fn limits(settings: &Settings) -> impl Iterator<Item = Limit> {
    let exhaustive = settings.verify == tables::Verify::Exhaustive;
    Limit::ALL.into_iter().filter(move |&l| exhaustive || l != Limit::Verification)
}

/// The most of each limit a compilation may use, from its settings.
fn limit_values(settings: &Settings) -> lookups::Limits {
    let exhaustive = settings.verify == tables::Verify::Exhaustive;
    lookups::Limits {
        occupancies: settings.budget.occupancies,
        verify_steps: if exhaustive { settings.budget.million_steps.saturating_mul(1_000_000) } else { u64::MAX },
    }
}

/// How much of a limit each piece's part of a plan uses: a lookup counts for the first piece
/// that probes it.
fn used_by_piece(plan: &Plan, slots: &[Vec<PathMove>], order: SlotOrder, pieces: usize, limit: Limit) -> Vec<u64> {
    let mut used = vec![0u64; pieces];
    match limit {
        Limit::Occupancies => {
            let mut counted = vec![false; plan.lookups.len()];
            for (i, slot) in plan.slots.iter().enumerate() {
                for &l in &slot.lookups {
                    if !std::mem::replace(&mut counted[l], true) {
                        used[order.id(i).piece] += 1u64 << plan.lookups[l].mask.count_ones();
                    }
                }
            }
        }
        Limit::Verification => {
            for (i, steps) in tables::verification_work(plan, slots).into_iter().enumerate() {
                used[order.id(i).piece] += steps;
            }
        }
    }
    used
}

/// Refuses a plan over a limit before any table is built, at the line of the piece that uses
/// the most of it.
fn check_limit(
    variant: &Variant,
    plan: &Plan,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    budgets: &[lookups::Cost],
    settings: &Settings,
    limit: Limit,
) -> Result<(), Error> {
    let used = used_by_piece(plan, slots, order, variant.pieces.len(), limit);
    let total: u64 = used.iter().sum();
    if total <= limit_values(settings).of(limit) {
        return Ok(());
    }
    let worst =
        (0..used.len()).max_by_key(|&p| (used[p], std::cmp::Reverse(p))).expect("a limit is used by some piece");
    Err(limit_error(variant, worst, used[worst], total, budgets[worst].bits, limit, settings))
}

/// The error for a limit that no budget the compiler may choose keeps to, at the piece's line.
fn limit_error(
    variant: &Variant,
    piece: usize,
    used: u64,
    total: u64,
    bits: u32,
    limit: Limit,
    settings: &Settings,
) -> Error {
    let name = &variant.pieces[piece].name;
    let most = limit_values(settings).of(limit);
    let what = match limit {
        Limit::Occupancies => format!(
            "the {name}'s lookups have {used} occupancies at {bits} index bits ({total} for every piece), more than the limit of {most}"
        ),
        Limit::Verification => format!(
            "verifying the {name}'s tables would take about {} million steps at {bits} index bits ({} million for every piece; a step is a path walked or a probe read for one occupancy, some 30 million a second), more than the limit of {} million",
            used / 1_000_000,
            total / 1_000_000,
            most / 1_000_000
        ),
    };
    let raise = match limit {
        Limit::Occupancies => {
            "--max-occupancies or `option max-occupancies` (each takes about 120 bytes while compiling)"
        }
        Limit::Verification => "--max-verify or `option max-verify`",
    };
    let message = match settings.max_bits {
        Some(_) => format!("{what}: --max-bits (or `option max-bits`) fixes every piece's budget; drop it and the cost model lowers the budgets until they fit, or raise the limit with {raise}"),
        None => format!("{what}, even with every piece at the smallest budget it may take: raise the limit with {raise}"),
    };
    let bound = match limit {
        Limit::Occupancies => Bound::Occupancies,
        Limit::Verification => Bound::Verification,
    };
    Error::Limit { bound, at: variant.pieces[piece].at.clone(), message }
}

/// The path moves of one run of slots (one kind, piece and colour, every square): the piece's
/// own from each square, or, for a reverse kind, everyone else's onto it.
fn run_moves(
    all_paths: &[Vec<Vec<PathMove>>],
    kinds: &[TableKind],
    order: SlotOrder,
    run: usize,
) -> Vec<Vec<PathMove>> {
    let (kind, piece, color) = order.run(run);
    let kind = kinds[kind];
    let from_every_square = &all_paths[piece * 2 + color as usize];
    match kind.is_reverse() {
        true => reversed(from_every_square, kind),
        false => from_every_square.iter().map(|ms| ms.iter().filter(|m| answers(kind, m)).copied().collect()).collect(),
    }
}

/// Each piece's bit budget: fixed by `max-bits`, or chosen by the cost model.
fn budgets<B: Word>(
    variant: &Variant,
    slots: &[Vec<PathMove>],
    order: SlotOrder,
    settings: &Settings,
) -> Result<Vec<lookups::Cost>, Error> {
    let word = std::mem::size_of::<B>();
    let pieces = variant.pieces.len();
    let target_of = |p: &variant::Piece| variant.probe_targets.iter().find(|t| t.letter == p.letter);
    let targets: Vec<Option<usize>> = variant.pieces.iter().map(|p| target_of(p).map(|t| t.probes)).collect();
    match (settings.max_bits, variant.probe_targets.first()) {
        (Some(_), Some(target)) => Err(Error::input(
            target.at.clone(),
            "`option probes` asks the cost model for a piece's budget, and a fixed max-bits turns the cost model off: drop one of them",
        )),
        (Some(bits), None) => {
            let all = lookups::plan(slots, &vec![bits; slots.len()], settings.max_probes);
            Ok(vec![lookups::cost(&all, bits, word); pieces])
        }
        (None, _) => {
            let threads = settings.thread_count();
            let costs = lookups::sweep(
                slots,
                |i| order.id(i).piece,
                pieces,
                settings.max_probes,
                word,
                threads,
                tables::verification_steps,
            );
            let chosen = lookups::choose_budgets(&costs, &targets, settings.optimize, settings.cache_bytes, word)
                .map_err(|p| {
                    let least = costs[p].iter().map(|c| c.most).min().unwrap_or(0);
                    let target = target_of(&variant.pieces[p]).expect("only a target can be missed");
                    Error::input(
                        target.at.clone(),
                        format!(
                            "the {} needs {least} probes on some square even with {}-bit tables, the largest budget: `option probes {} {}` cannot be met",
                            variant.pieces[p].name,
                            lookups::MAX_BITS,
                            variant.pieces[p].letter,
                            target.probes
                        ),
                    )
                })?;
            lookups::fit_limits(&costs, chosen, &targets, limit_values(settings))
                .map_err(|u| limit_error(variant, u.piece, u.used, u.total, u.bits, u.limit, settings))
        }
    }
}

/// What a caller asks of a compilation beyond the variant file itself.
///
/// ```
/// use fairy_magic::{Options, Setting, Source};
///
/// let text = "variant mini\nboard 5x5\npiece K king K\npiece R rook R\n";
/// let options = Options::new().set(Setting::Seed(7)).regenerate("cargo build");
/// let module = fairy_magic::compile(&Source { file: "mini.variant", text }, &options).unwrap();
/// assert!(module.text.contains("`cargo build`"));
/// assert_eq!(module.statistics.squares, 25);
/// ```
///
/// Its fields are private and it is `#[non_exhaustive]`: it is built with [`Options::new`] and
/// the methods after it, so that a new option is not a breaking change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Settings applied over the file's `option` lines, in order (a command line's flags).
    settings: Vec<Setting>,
    /// The command the module's header tells readers to run to regenerate it; `None` gives
    /// `fairy-magic compile FILE`.
    regenerate: Option<String>,
    /// How many threads to compile with; `None`: one a core. Not a [`Setting`]: it changes how
    /// long a compilation takes, never what it writes, so no file or header records it. A build
    /// script that runs beside other jobs may want fewer.
    threads: Option<NonZeroUsize>,
}

impl Options {
    /// No settings beyond the file's, and the default regenerate command.
    pub fn new() -> Options {
        Options::default()
    }

    /// These options and one more setting, applied after those already given.
    pub fn set(mut self, setting: Setting) -> Options {
        self.settings.push(setting);
        self
    }

    /// These options with the command the header gives for regenerating the module.
    pub fn regenerate(mut self, command: &str) -> Options {
        self.regenerate = Some(command.to_string());
        self
    }

    /// These options compiling on at most `threads` threads.
    pub fn threads(mut self, threads: NonZeroUsize) -> Options {
        self.threads = Some(threads);
        self
    }

    /// The settings given, in the order they apply.
    pub fn settings(&self) -> &[Setting] {
        &self.settings
    }
}

/// A generated module: the text to write, and what its tables cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// The Rust source of the module, header included.
    pub text: String,
    /// The figures its header reports.
    pub statistics: emit::Statistics,
}

/// Compiles a variant file into a Rust module. Settings come from the defaults, then the
/// file's `option` lines, then `options`. Errors name the file, line and column.
pub fn compile(source: &Source, options: &Options) -> Result<Module, Error> {
    let variant = variant::parse(source.file, source.text)?;
    let settings =
        &Settings { threads: options.threads, ..Settings::default().with(&variant.options).with(&options.settings) };
    let moves = piece_moves(&variant, source)?;
    let made = provenance(source, options, settings);
    match variant.board.width() {
        64 => emit_module(&build::<u64>(variant, moves, settings)?, &made),
        128 => emit_module(&build::<u128>(variant, moves, settings)?, &made),
        _ => emit_module(&build::<Squares>(variant, moves, settings)?, &made),
    }
}

/// What the header says made the module: the file, the command that remakes it, the settings.
pub(crate) fn provenance(source: &Source, options: &Options, settings: &Settings) -> emit::Provenance {
    emit::Provenance {
        source: source.file.to_string(),
        regenerate: options.regenerate.clone().unwrap_or_else(|| format!("fairy-magic compile {}", source.file)),
        seed: settings.seed,
        max_bits: settings.max_bits,
        optimize: settings.optimize,
        cache_bytes: settings.cache_bytes,
        max_probes: settings.max_probes,
        effort: settings.effort,
    }
}

/// `show --html`: the variant's module built as `compile` builds it, drawn as one
/// self-contained interactive page that reads the module's own tables (`page/`).
pub fn page(source: &Source, options: &Options) -> Result<String, Error> {
    let variant = variant::parse(source.file, source.text)?;
    let settings =
        &Settings { threads: options.threads, ..Settings::default().with(&variant.options).with(&options.settings) };
    let moves = piece_moves(&variant, source)?;
    Ok(match variant.board.width() {
        64 => page::html(&build::<u64>(variant, moves, settings)?),
        128 => page::html(&build::<u128>(variant, moves, settings)?),
        _ => page::html(&build::<Squares>(variant, moves, settings)?),
    })
}

pub(crate) fn emit_module<B: Word>(c: &Compiled<B>, made: &emit::Provenance) -> Result<Module, Error> {
    let module = emit::Module {
        variant: &c.variant,
        tables: &c.tables,
        plan: &c.plan,
        budgets: &c.budgets,
        between: &c.between,
        indices: &c.indices,
        made,
        fancy_entries: baseline::fancy_magic_entries(&c.variant),
    };
    emit::module(&module)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn betza_errors_point_into_the_piece_line() {
        let text = "variant a\nboard 8x8\npiece P pawn   fmWfceF\n";
        let e = compile(&Source { file: "x.variant", text }, &Options::new()).unwrap_err().summary();
        assert!(e.starts_with("x.variant:3:21: error:"), "{e}");
        assert!(e.contains("en passant"), "{e}");
    }
}
