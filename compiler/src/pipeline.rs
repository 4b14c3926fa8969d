//! The driver: one compilation, every stage called once, in order. This is the one map of the
//! pipeline (`lib.rs`, the README and docs/design.md point here; design.md says how each stage
//! works): the call, its files, and what it turns into what.
//!
//! ```text
//! variant::parse          variant.rs, betza.rs   text → Variant (board, options, regions, pieces
//!                                                with their XBetza trees), with its errors
//! piece_moves             legs.rs, dial.rs,      XBetza → legs with concrete step vectors, per
//!                         regions.rs             colour; a confined piece's moves only from inside
//!                                                its region, a zone's instead of its own there;
//!                                                `read` puts the legs' errors in the file's
//!                                                report, then the settings are resolved
//! slots::all_paths        paths.rs               legs × square → path moves (destination, squares
//!                                                on the way, what they hold)
//! slots::slot_moves       slots.rs,              path moves per slot (kind, piece, colour,
//!                         table_kind.rs          square), read backwards for the reverse kinds
//! cost::piece_costs       cost.rs                each piece's bit budget, by the cost model
//! lookups::plan           lookups.rs, lines.rs,  slots → leaps, computed lines (where the measured
//!                         calibration.rs         forms say so), probes into shared lookups, plain
//!                                                checks
//! limits::enforce_limits  limits.rs              the plan within every limit, before any search
//! magics::find_all        magics.rs              a multiplier and index bits for every lookup
//!                                                (none to search under PEXT)
//! tables::lay_out         tables.rs, fold.rs,    every table in one packed array, slots in
//!                         pack.rs, reads.rs      blocks, each with the list of reads the module
//!                                                makes of it; a block may read whole-rank slides
//!                                                from one shared rank table (rank_table), and
//!                                                its leaps from its probes' entries (folding)
//! verify::verify          verify.rs,             every table against the reference walker,
//!                         reference.rs           through the runtime's own lookup code
//! Between, Indices        between.rs, indices.rs the module's `between` and NNUE indices
//! emit_module             emit/                  everything → the module's text: header.rs,
//!                                                api.rs (code), data.rs
//! ```

use fairy_magic_runtime::Color;

use crate::between::Between;
use crate::board::{self, Squares, Word};
use crate::by_piece::ByPiece;
use crate::calibration::Cache;
use crate::error::{Bound, Error, Source};
use crate::legs::Move;
use crate::lookups::{self, Plan};
use crate::paths::PathMove;
use crate::regions::PieceMoves;
use crate::slots::SlotOrder;
use crate::table_kind::table_kinds;
use crate::tables::{self, Tables};
use crate::variant::{Piece, Variant};
use crate::RegenerateIn;
use crate::{
    baseline, betza, calibration, cost, emit, indices, legs, limits, magics, slots, variant, verify, Module, Options,
    Settings,
};

/// Runs `$body` with `$B` naming the bitboard type of `$board`: `u64` up to 64 squares, `u128`
/// up to 128, `Bitboard192` up to 192, [`Squares`] up to 256. The one place a board's width picks the word.
macro_rules! with_word {
    ($board:expr, |$B:ident| $body:expr) => {
        match $board.word_bits() {
            64 => {
                type $B = u64;
                $body
            }
            128 => {
                type $B = u128;
                $body
            }
            192 => {
                type $B = fairy_magic_runtime::Bitboard192;
                $body
            }
            _ => {
                type $B = $crate::board::Squares;
                $body
            }
        }
    };
}
pub(crate) use with_word;

/// A variant file compiled into a Rust module: parsed, built, emitted.
pub(crate) fn compile(source: &Source, options: &Options) -> Result<Module, Error> {
    let (variant, moves, settings) = front(source, options)?;
    let made = provenance(source, options, &settings);
    with_word!(variant.board, |B| emit_module(&build::<B>(variant, moves, &settings)?, &made))
}

/// A variant file built as [`compile`] builds it, drawn as a page instead of emitted.
pub(crate) fn page(source: &Source, options: &Options) -> Result<String, Error> {
    let (variant, moves, settings) = front(source, options)?;
    with_word!(variant.board, |B| Ok(crate::page::html(&build::<B>(variant, moves, &settings)?)))
}

/// The stages before the tables: the file read ([`read`]), its settings resolved (defaults,
/// then its `option` lines, then `options`).
pub(crate) fn front(source: &Source, options: &Options) -> Result<(Variant, Vec<[PieceMoves; 2]>, Settings), Error> {
    let (variant, moves) = read(source)?;
    let settings = Settings::default().with(&variant.options).with(&options.settings).with_threads(options.threads);
    Ok((variant, moves, settings))
}

/// The variant stage, then the legs stage, once each: the file parsed and every piece's moves.
/// What an XBetza means is the legs stage's to say; its errors join the file's own in one
/// report, each at its line, so that a file's every error shows in one run.
pub fn read(source: &Source) -> Result<(Variant, Vec<[PieceMoves; 2]>), Error> {
    let parsed = variant::parse(source.file, source.text);
    let (moves, meaning) = match &parsed.variant {
        Some(variant) => moves_and_errors(variant, source),
        None => (Vec::new(), Vec::new()),
    };
    Ok((parsed.report(meaning)?, moves))
}

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
    pub piece_costs: Vec<cost::Cost>,
    /// Dense indices of every piece's potential attacks (NNUE threat inputs) and potential
    /// moves (policy heads).
    pub indices: indices::Indices,
}

/// The moves of every piece of a variant, both colours, with its regions applied; errors point
/// into the variant file.
pub fn piece_moves(variant: &Variant, source: &Source) -> Result<Vec<[PieceMoves; 2]>, Error> {
    match moves_and_errors(variant, source) {
        (moves, errors) if errors.is_empty() => Ok(moves),
        (_, errors) => Err(Error::all(errors)),
    }
}

/// Every piece's moves with its regions applied, and the errors of every XBetza written (a
/// piece's own or a zone's) whose letters mean nothing a table can hold, in file order: a
/// piece with one has no moves.
fn moves_and_errors(variant: &Variant, source: &Source) -> (Vec<[PieceMoves; 2]>, Vec<Error>) {
    let mut all = Vec::new();
    let mut errors = Vec::new();
    for piece in &variant.pieces {
        let zones = piece.zones.iter().map(|z| (&z.betza, z.betza_offset));
        let written = std::iter::once((&piece.betza, piece.betza_offset)).chain(zones);
        let (legs, failed): (Vec<_>, Vec<_>) = written.map(|(b, at)| legs_of(b, at, source)).partition(Result::is_ok);
        if failed.is_empty() {
            all.push(placed(variant, piece, legs.into_iter().map(Result::unwrap).collect()));
        }
        errors.extend(failed.into_iter().filter_map(Result::err));
    }
    errors.sort_by_key(|e| e.at().map(|at| (at.line, at.column)));
    (all, errors)
}

/// One XBetza's moves for White and for Black; an error at its place in the file (`offset`,
/// where it starts) when its letters mean nothing a table can hold.
fn legs_of(betza: &betza::Betza, offset: usize, source: &Source) -> Result<[Vec<Move>; 2], Error> {
    let at = |e: betza::BetzaError| source.error(offset + e.offset, e.message);
    Ok([legs::moves(betza, Color::White).map_err(at)?, legs::moves(betza, Color::Black).map_err(at)?])
}

/// A piece's moves for each colour with its regions applied: `legs` holds its own moves, then
/// each zone's, as the piece lists its zones.
fn placed(variant: &Variant, piece: &Piece, legs: Vec<[Vec<Move>; 2]>) -> [PieceMoves; 2] {
    let region = |r: usize, color: Color| variant.regions[r].squares[color as usize];
    [Color::White, Color::Black].map(|color| {
        let mut own_then_zones = legs.iter().map(|both| both[color as usize].clone());
        let mut moves = PieceMoves::anywhere(own_then_zones.next().expect("a piece's own moves come first"));
        moves.zones = piece.zones.iter().zip(own_then_zones).map(|(z, m)| (region(z.region, color), m)).collect();
        if let Some(r) = piece.confine {
            moves.confined = region(r, color);
        }
        moves
    })
}

/// Plans, searches and verifies the tables of a parsed variant: the stages after parsing, in
/// order.
pub fn build<B: Word>(
    variant: Variant,
    moves: Vec<[PieceMoves; 2]>,
    settings: &Settings,
) -> Result<Compiled<B>, Error> {
    settings.validate()?;
    let board = variant.board;
    let kinds = table_kinds(&moves, settings.reverse);
    let order = SlotOrder::new(kinds.len(), moves.len(), board);
    let all_paths = paths_within_memory(&variant, &moves, &kinds, settings.max_paths)?;
    let slots = slots::slot_moves(&all_paths, &kinds, order);
    // Planned as if the tables were cached; where they then are over the cache size, again
    // with what a probe costs when they are not, which turns more slides into lines.
    let plan_for = |cache| -> Result<(Vec<cost::Cost>, Plan), Error> {
        let forms = calibration::form_costs(B::BITS, settings.index, cache, settings.optimize.measure());
        let reads = lookups::Reads::new(settings.max_probes, forms, settings.lines).in_blocks(board.squares());
        let piece_costs = cost::piece_costs::<B>(&variant, &slots, order, settings, reads)?;
        let of_slot = |i: usize| &piece_costs[order.id(i).piece];
        let per_slot: Vec<u32> = (0..slots.len()).map(|i| of_slot(i).bits).collect();
        let lines: Vec<lookups::LineUse> = (0..slots.len()).map(|i| of_slot(i).lines).collect();
        Ok((piece_costs, lookups::plan_with(&slots, &per_slot, &lines, reads, cache)))
    };
    let (mut piece_costs, mut plan) = plan_for(Cache::Hot)?;
    if lookups::table_bytes(&plan, std::mem::size_of::<B>()) > settings.cache_bytes {
        (piece_costs, plan) = plan_for(Cache::Cold)?;
    }
    limits::enforce_limits(&variant, &plan, &slots, order, &piece_costs, settings)?;
    let names: Vec<String> = variant.pieces.iter().map(|p| p.name.clone()).collect();
    let reach = reach(&all_paths);
    let threads = settings.thread_count();
    let magics = magics::find_all::<B>(
        settings.index,
        &plan.lookups,
        settings.seed,
        settings.effort,
        settings.search_limits,
        threads,
    )
    .map_err(|stopped| at_piece(&variant, &plan, order, stopped))?;
    let ranks = rank_table(board, B::BITS, settings, plan.cache);
    let tables = tables::lay_out::<B>(board, moves.len(), &kinds, &plan, magics, settings.index, ranks);
    verify::verify(board, &names, &moves, &reach, &tables, settings.verify, threads)?;
    let between = Between::new(board, &all_paths);
    let indices = indices::Indices::new(board, &all_paths);
    Ok(Compiled { variant, moves, plan, tables, piece_costs, between, indices })
}

/// The most bytes the path moves of a compilation may take: every piece's from every square,
/// and the slots' copies of them, one for each kind of table that holds them (a reverse kind
/// files them under their targets before it drops repeats). They stay in memory until the
/// tables are verified, beside the magic search's occupancies (at most
/// [`CAP_OCCUPANCIES`](crate::stages::settings::CAP_OCCUPANCIES) of them), so this and those keep a
/// compilation within 2 GiB. Twenty pieces `[R-R-R]` on 16x16 would take 2 GiB here alone.
pub const MAX_PATH_BYTES: usize = 768 << 20;

/// Every piece's path moves from every square ([`slots::all_paths`]), counted as they are
/// found with the copies [`slots::slot_moves`] will make of them: the first piece that takes
/// the total past [`MAX_PATH_BYTES`] is an error at its line, before the rest are found or any
/// copy is made.
fn paths_within_memory(
    variant: &Variant,
    moves: &[[PieceMoves; 2]],
    kinds: &[crate::table_kind::TableKind],
    max_paths: usize,
) -> Result<ByPiece<Vec<Vec<PathMove>>>, Error> {
    let mut total = 0usize;
    ByPiece::try_from_fn(moves.len(), |p, color| {
        let piece = &variant.pieces[p];
        let found = slots::paths_from_every_square(variant.board, &moves[p][color as usize], &piece.name, max_paths)
            .map_err(|e| match e {
                // At the piece's line when it has one (not for `fairy-magic moves`).
                Error::Limit { bound, at: None, message } => Error::Limit { bound, at: piece.at.clone(), message },
                e => e,
            })?;
        let own = path_bytes(&found, kinds);
        total = total.saturating_add(own);
        match total > MAX_PATH_BYTES {
            true => Err(Error::Limit {
                bound: Bound::PathsOfVariant,
                at: piece.at.clone(),
                message: format!(
                    "the {}'s path moves and the tables' copies of them take {} MiB ({} MiB with the pieces before it), more than the limit of {} MiB all pieces' together may take: give it fewer sliding legs, or use fewer such pieces or a smaller board",
                    piece.name,
                    own >> 20,
                    total >> 20,
                    MAX_PATH_BYTES >> 20
                ),
            }),
            false => Ok(found),
        }
    })
}

/// The bytes one piece's path moves of one colour take with the copies the slots make: one in
/// every kind of table that holds each (forward, or reverse before repeats are dropped).
fn path_bytes(from_every_square: &[Vec<PathMove>], kinds: &[crate::table_kind::TableKind]) -> usize {
    let holding = |m: &PathMove| kinds.iter().filter(|k| slots::holds(k.forward(), m)).count();
    let copies: usize = from_every_square.iter().flatten().map(|m| 1 + holding(m)).sum();
    copies.saturating_mul(std::mem::size_of::<PathMove>())
}

/// A search's limit error at the line of the first piece that probes the lookup it stopped at,
/// naming that piece: the trials are all lookups' together, and the piece whose search went
/// over is the one whose tables a lower budget or effort would make cheapest.
fn at_piece(variant: &Variant, plan: &Plan, order: SlotOrder, stopped: magics::Stopped) -> Error {
    let probes = |slot: &lookups::SlotPlan| slot.lookups.contains(&stopped.lookup);
    let piece = plan.slots.iter().position(probes).map(|i| &variant.pieces[order.id(i).piece]);
    match (stopped.error, piece) {
        (Error::Limit { bound, at: None, message }, Some(piece)) => Error::Limit {
            bound,
            at: piece.at.clone(),
            message: format!("{message} (it went over searching a lookup of the {})", piece.name),
        },
        (error, _) => error,
    }
}

/// The board's rank table where whole-rank slides are to be read from it: where lines are
/// measured at all, and the figures of the plan's measure say a rank read adds less to a
/// square's reads than the slide it replaces ([`tables::RankTable`] says which boards one can
/// serve).
fn rank_table(board: board::Board, bits: u32, settings: &Settings, cache: Cache) -> Option<tables::RankTable> {
    let forms = calibration::form_costs(bits, settings.index, cache, settings.optimize.measure());
    let cheaper = settings.lines == lookups::LineChoice::Measured && forms.rank < forms.slide;
    cheaper.then(|| tables::RankTable::of(board)).flatten()
}

/// Where each piece may go from each square under some occupancy: the origins a reverse table
/// is checked from.
fn reach(all_paths: &ByPiece<Vec<Vec<PathMove>>>) -> ByPiece<Vec<Squares>> {
    let reached = |moves: &Vec<PathMove>| moves.iter().fold(Squares::EMPTY, |s, m| s | board::bit(m.dest));
    all_paths.map(|per_square| per_square.iter().map(reached).collect())
}

/// The squares between two squares on every piece's paths, without building any table.
pub fn between_of(variant: &Variant, moves: &[[PieceMoves; 2]], max_paths: usize) -> Result<Between, Error> {
    Ok(Between::new(variant.board, &slots::all_paths(variant, moves, max_paths)?))
}

/// What the header says made the module: the file, the command that remakes it, the settings.
pub(crate) fn provenance(source: &Source, options: &Options, settings: &Settings) -> emit::Provenance {
    emit::Provenance {
        source: match &options.regenerate_in {
            RegenerateIn::Anywhere => source.file.to_string(),
            RegenerateIn::ModuleFolder { source } => source.clone(),
        },
        regenerate: options.regenerate.clone().unwrap_or_else(|| format!("fairy-magic compile {}", source.file)),
        regenerate_in: options.regenerate_in.clone(),
        seed: settings.seed,
        max_bits: settings.max_bits,
        optimize: settings.optimize,
        lines: settings.lines,
        cache_bytes: settings.cache_bytes,
        max_probes: settings.max_probes,
        effort: settings.effort,
    }
}

pub(crate) fn emit_module<B: Word>(c: &Compiled<B>, made: &emit::Provenance) -> Result<Module, Error> {
    let input = emit::Input {
        variant: &c.variant,
        tables: &c.tables,
        plan: &c.plan,
        piece_costs: &c.piece_costs,
        between: &c.between,
        indices: &c.indices,
        made,
        fancy_entries: baseline::fancy_magic_entries(&c.variant, &c.moves),
    };
    emit::module(&input)
}
