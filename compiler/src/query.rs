//! `fairy-magic moves`: where does one piece go from one square, given friends and foes?
//!
//! The answer comes either through compiled magic tables, read exactly as emitted code reads
//! them (`Via::Tables`), or through the reference walker (`Via::Reference`). Designers use it to
//! check a piece; the tests use it to hold the compiler to destination lists nobody here wrote.

#[cfg(feature = "cli")]
use std::collections::VecDeque;

use fairy_magic_runtime::{Bitboard192, BitboardExt, Color};
use serde::{Deserialize, Serialize};

use crate::board::{bit, squares_of, Board, Square, Squares, Word, MAX_SIDE, MAX_SQUARES};
use crate::error::{Bound, Error, Source};
use crate::pipeline::{build, with_word};
use crate::regions::PieceMoves;
use crate::slots::SlotId;
use crate::table_kind::TableKind;
use crate::tables::Tables;
use crate::variant::{Piece, Variant};
use crate::verify::Verify;
use crate::{reference, Settings, DEFAULT_MAX_PATHS};

/// How a [`CompiledPiece`] answers: through magic tables or through the reference walker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// Through compiled magic tables, read exactly as emitted code reads them.
    Tables,
    /// Through the reference walker over the piece's legs: no tables are built.
    Reference,
}

/// One question, as the `--batch` JSON lines spell it.
#[derive(Clone, Debug, Deserialize)]
pub struct Question {
    /// The board, as `<files>x<ranks>` (`8x8`).
    pub board: String,
    /// The piece's moves in XBetza.
    pub betza: String,
    /// The square the piece stands on (`e4`).
    pub from: String,
    /// The names of the squares holding friendly pieces; none if left out.
    #[serde(default)]
    pub friends: Vec<String>,
    /// The names of the squares holding enemy pieces; none if left out.
    #[serde(default)]
    pub foes: Vec<String>,
    /// The piece's side, written `white` or `black`; White if left out.
    #[serde(default = "white", deserialize_with = "color_word")]
    pub color: Color,
    /// Whether the piece has not moved yet, so that its initial (`i`) moves count; yes if left
    /// out. `virgin`, the oracle files' word for it, is read as this key too, so that their
    /// lines can be asked as they are.
    #[serde(default = "yes", alias = "virgin")]
    pub unmoved: bool,
}

impl Question {
    /// A White piece that has not moved, alone on the board.
    pub fn new(board: &str, betza: &str, from: &str) -> Question {
        Question {
            board: board.into(),
            betza: betza.into(),
            from: from.into(),
            friends: Vec::new(),
            foes: Vec::new(),
            color: white(),
            unmoved: true,
        }
    }

    /// This question with friends and foes on these squares.
    pub fn around(self, friends: &[&str], foes: &[&str]) -> Question {
        let names = |squares: &[&str]| squares.iter().map(|s| s.to_string()).collect();
        Question { friends: names(friends), foes: names(foes), ..self }
    }
}

fn white() -> Color {
    Color::White
}

/// A colour as a question writes it: `white` or `black`.
fn color_word<'de, D: serde::Deserializer<'de>>(words: D) -> Result<Color, D::Error> {
    match String::deserialize(words)?.as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => Err(serde::de::Error::custom(format!("colour `{other}`: write white or black"))),
    }
}

fn yes() -> bool {
    true
}

/// Destinations: where it may go (`dest` = `quiet` + `capture`), square names in index order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// Every destination: `quiet` and `capture` together.
    pub dest: Vec<String>,
    /// The empty squares it may move to.
    pub quiet: Vec<String>,
    /// The enemy-held squares it may capture on.
    pub capture: Vec<String>,
}

/// `8x8` → a board, with the same limits as a variant file.
pub fn parse_board(text: &str) -> Result<Board, Error> {
    let bad = || Error::Argument(format!("`{text}` is not a board: write <files>x<ranks>, e.g. 8x8 or 12x10"));
    let (f, r) = text.split_once('x').ok_or_else(bad)?;
    let (f, r): (u32, u32) = (f.parse().map_err(|_| bad())?, r.parse().map_err(|_| bad())?);
    if f == 0 || r == 0 || f > MAX_SIDE || r > MAX_SIDE {
        return Err(Error::Argument(format!("a {text} board: each side must be 1 to {MAX_SIDE} squares")));
    }
    if (f * r) as usize > MAX_SQUARES {
        return Err(Error::Argument(format!(
            "a {text} board has {} squares: fairy-magic supports at most {MAX_SQUARES}",
            f * r
        )));
    }
    Ok(Board { files: f as u8, ranks: r as u8 })
}

/// One piece compiled for one board, ready to answer any number of questions.
/// How it answers is fixed when it is compiled (`compile_piece`'s `via`).
pub enum CompiledPiece {
    /// Only the legs: enough for the reference walker.
    Legs([PieceMoves; 2]),
    /// Tables with 64-bit bitboards, for boards of at most 64 squares.
    U64(Tables<u64>),
    /// Tables with 128-bit bitboards, for boards of more than 64 squares.
    U128(Tables<u128>),
    /// Boards of 129 to 192 squares.
    Bitboard192(Tables<Bitboard192>),
    /// Boards of 193 to 256 squares.
    Bitboard256(Tables<Squares>),
}

/// The bit budget of a query's tables: no cost model, the answer is all that matters.
const QUERY_BITS: u32 = 10;
/// Magic candidates per number of index bits when compiling for a query (as a power of two).
const QUERY_EFFORT: u32 = 10;
/// Random occupancies a slot is checked with when compiling for a query.
const QUERY_SAMPLES: usize = 256;

/// Compiles a lone piece (its tables only when they will be asked); XBetza errors point into
/// the string (`<XBetza>:1:column`).
pub fn compile_piece(board: Board, betza: &str, via: Via) -> Result<CompiledPiece, Error> {
    let source = Source { file: "<XBetza>", text: betza };
    let variant = lone_piece(board, betza, &source)?;
    compile_alone(variant, &source, via, Reverse::Skip)
}

/// Compiles a lone piece with its reverse lookups too, for `attackers` questions.
pub fn compile_piece_with_reverse(board: Board, betza: &str, via: Via) -> Result<CompiledPiece, Error> {
    let source = Source { file: "<XBetza>", text: betza };
    let variant = lone_piece(board, betza, &source)?;
    compile_alone(variant, &source, via, Reverse::Build)
}

/// A variant of one piece, `X`, on `board`; XBetza errors point into `source`.
fn lone_piece(board: Board, betza: &str, source: &Source) -> Result<Variant, Error> {
    let parsed = crate::betza::parse(betza).map_err(|e| source.error(e.offset, e.message))?;
    let piece = Piece {
        letter: "X".into(),
        name: "piece".into(),
        betza_text: betza.into(),
        betza_offset: 0,
        betza: parsed,
        at: None,
        confine: None,
        zones: Vec::new(),
    };
    Ok(Variant {
        name: "query".into(),
        board,
        pieces: vec![piece],
        options: Vec::new(),
        probe_targets: Vec::new(),
        regions: Vec::new(),
        rules: Default::default(),
    })
}

/// Compiles one piece of a variant, with its regions, as `compile_piece` does a lone one (and
/// its reverse lookups as `reverse` says, for `attackers` questions).
pub fn compile_variant_piece(
    variant: &Variant,
    piece: usize,
    source: &Source,
    via: Via,
    reverse: Reverse,
) -> Result<CompiledPiece, Error> {
    let alone = Variant { pieces: vec![variant.pieces[piece].clone()], rules: Default::default(), ..variant.clone() };
    compile_alone(alone, source, via, reverse)
}

/// Whether a lone piece's tables include the reverse lookups (`attackers`, `movers`), which
/// only `attackers` questions read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reverse {
    /// Forward lookups only.
    Skip,
    /// The reverse lookups too.
    Build,
}

/// The most path moves (one colour, every square) a query builds tables for. Planning a piece's
/// lookups takes time and memory about in proportion to its path moves, and a query's tables
/// are built anew for every question of a new piece: a heavy rider on 16x16 (`QmasQ`, some
/// 170,000 path moves) took a minute and a GiB, where `[R-R-R]` (116,480) takes a few
/// seconds. Past this, the reference walker answers the same question without tables.
pub const QUERY_MAX_PATHS: usize = 1 << 17;

/// `variant` holds one piece; its reverse lookups are built as `reverse` says.
fn compile_alone(variant: Variant, source: &Source, via: Via, reverse: Reverse) -> Result<CompiledPiece, Error> {
    let board = variant.board;
    let moves = crate::pipeline::piece_moves(&variant, source)?;
    if via == Via::Reference {
        return Ok(CompiledPiece::Legs(moves.into_iter().next().unwrap()));
    }
    let piece = &variant.pieces[0];
    // At the piece's line in a variant file, or at the XBetza given on the command line.
    let at = piece.at.clone().unwrap_or_else(|| source.locate(0));
    let paths = crate::slots::paths_from_every_square(board, &moves[0][0], &piece.name, DEFAULT_MAX_PATHS)
        .map_err(|e| for_a_query(e, &at))?;
    let count: usize = paths.iter().map(Vec::len).sum();
    if count > QUERY_MAX_PATHS {
        let message = format!(
            "the {} has {count} path moves from all squares together, more than the {QUERY_MAX_PATHS} a query builds tables for",
            piece.name
        );
        return Err(for_a_query(Error::limit(Bound::PathsOfPiece, message), &at));
    }
    // The tables only have to be right, not small: a short magic search will do. Nothing is
    // written, so a sampled check against the reference stands in for the exhaustive one. No
    // cache size: planning again for tables out of cache would only take twice as long.
    let settings = Settings::default()
        .with(&[crate::Setting::CacheKib(1 << 20)])
        .with_max_bits(Some(QUERY_BITS))
        .with_effort(QUERY_EFFORT)
        .with_verify(Verify::Sampled(QUERY_SAMPLES))
        .with_reverse(reverse == Reverse::Build);
    let built = with_word!(board, |B| build::<B>(variant, moves, &settings).map(|c| CompiledPiece::from(c.tables)));
    built.map_err(|e| for_a_query(e, &at))
}

/// A limit error of a query's compilation, at the piece (`at`) and with the advice a query can
/// take: a query fixes its own budget and limits and has none of `compile`'s flags for them
/// (`--max-bits`, `--max-occupancies`, …), so it names the piece and the limit and points to
/// `--via reference`, which walks the piece's moves without tables. The message up to its first
/// `:` says what went over the limit; what follows is `compile`'s advice.
fn for_a_query(error: Error, at: &crate::error::Location) -> Error {
    match error {
        Error::Limit { bound, at: place, message } => {
            let what = message.split(':').next().unwrap_or_default().trim_end();
            Error::Limit {
                bound,
                at: Some(place.unwrap_or_else(|| at.clone())),
                message: format!(
                    "{what}: a query builds its tables within fixed limits ({QUERY_BITS} index bits); ask with --via reference, which answers by walking the piece's moves"
                ),
            }
        }
        other => other,
    }
}

impl From<Tables<u64>> for CompiledPiece {
    fn from(tables: Tables<u64>) -> CompiledPiece {
        CompiledPiece::U64(tables)
    }
}

impl From<Tables<u128>> for CompiledPiece {
    fn from(tables: Tables<u128>) -> CompiledPiece {
        CompiledPiece::U128(tables)
    }
}

impl From<Tables<Bitboard192>> for CompiledPiece {
    fn from(tables: Tables<Bitboard192>) -> CompiledPiece {
        CompiledPiece::Bitboard192(tables)
    }
}

impl From<Tables<Squares>> for CompiledPiece {
    fn from(tables: Tables<Squares>) -> CompiledPiece {
        CompiledPiece::Bitboard256(tables)
    }
}

/// The squares of one position, checked against the board.
pub struct Position {
    /// The piece's square (the target square, for [`sources`]).
    pub from: Square,
    /// The squares of friendly pieces, never `from`.
    pub friends: Squares,
    /// The squares of enemy pieces, never `from`.
    pub foes: Squares,
    /// The piece's colour.
    pub color: Color,
    /// Whether the piece has not moved yet, so that its initial (`i`) moves count.
    pub unmoved: bool,
}

/// The position a question describes, on `board`. Fails for a square off the board, a square
/// that is both a friend and a foe, and a friend or foe on `from`, which the piece itself holds:
/// dropping it silently would answer another question than the one asked.
pub fn position(board: Board, q: &Question) -> Result<Position, Error> {
    let square = |name: &str| {
        board.parse_square(name).ok_or_else(|| {
            Error::Argument(format!("`{name}` is not a square of a {}x{} board", board.files, board.ranks))
        })
    };
    let set = |names: &[String]| -> Result<Squares, Error> {
        names.iter().try_fold(Squares::EMPTY, |s, n| Ok(s | bit(square(n)?)))
    };
    let from = square(&q.from)?;
    let (friends, foes) = (set(&q.friends)?, set(&q.foes)?);
    if !((friends | foes) & bit(from)).is_empty() {
        let side = if (friends & bit(from)).is_empty() { "foe" } else { "friend" };
        return Err(Error::Argument(format!("`{}` is the piece's own square: it cannot hold a {side} too", q.from)));
    }
    if !(friends & foes).is_empty() {
        return Err(Error::Argument("a square is both a friend and a foe".into()));
    }
    Ok(Position { from, friends, foes, color: q.color, unmoved: q.unmoved })
}

impl CompiledPiece {
    /// Where the piece may go: through its tables as emitted code would answer, or through
    /// the reference walker, as it was compiled to.
    pub fn answer(&self, board: Board, p: &Position) -> Answer {
        // The piece stands on its square, as it does in an engine's occupancy.
        let occupied = p.friends | p.foes | bit(p.from);
        match self {
            CompiledPiece::Legs(moves) => answer_with(board, p, |kind| {
                reference::reach_piece(board, &moves[p.color as usize], p.from, occupied, kind)
            }),
            CompiledPiece::U64(t) => answer_with(board, p, |kind| look(t, p, kind, occupied)),
            CompiledPiece::U128(t) => answer_with(board, p, |kind| look(t, p, kind, occupied)),
            CompiledPiece::Bitboard192(t) => answer_with(board, p, |kind| look(t, p, kind, occupied)),
            CompiledPiece::Bitboard256(t) => answer_with(board, p, |kind| look(t, p, kind, occupied)),
        }
    }
}

impl CompiledPiece {
    /// About the bytes it holds on the heap: its tables (the entries, every block's probes,
    /// checks and lines, the numbered sets), or for the reference walker its legs (their size
    /// alone: they are small). An estimate for bounding a cache,
    /// never less than its largest parts.
    pub fn bytes(&self) -> usize {
        match self {
            CompiledPiece::Legs(moves) => std::mem::size_of_val(moves),
            CompiledPiece::U64(t) => tables_bytes(t),
            CompiledPiece::U128(t) => tables_bytes(t),
            CompiledPiece::Bitboard192(t) => tables_bytes(t),
            CompiledPiece::Bitboard256(t) => tables_bytes(t),
        }
    }
}

/// The heap bytes of a piece's tables, as [`CompiledPiece::bytes`] counts them.
fn tables_bytes<B: Word>(t: &Tables<B>) -> usize {
    use std::mem::size_of_val;
    let block = |b: &crate::tables::Block<B>| {
        size_of_val(&b.leaps[..])
            + size_of_val(&b.stored_leaps[..])
            + size_of_val(&b.probes[..])
            + size_of_val(&b.checks[..])
            + size_of_val(&b.lines[..])
            + size_of_val(&b.stored[..])
    };
    let numbered = t.numbered.as_ref().map_or(0, |n| {
        size_of_val(&n.sets[..])
            + match &n.entries {
                crate::tables::Numbers::U16(e) => size_of_val(&e[..]),
                crate::tables::Numbers::U32(e) => size_of_val(&e[..]),
            }
    });
    let block_of: usize = t.block_of.iter().map(|b| size_of_val(&b[..])).sum();
    size_of_val(&t.table[..])
        + t.blocks.iter().map(block).sum::<usize>()
        + numbered
        + size_of_val(&t.found[..])
        + block_of
}

fn look<B: Word>(tables: &Tables<B>, p: &Position, kind: TableKind, occupied: Squares) -> Squares {
    match tables.kinds.iter().position(|&k| k == kind) {
        None => Squares::EMPTY,
        Some(k) => tables.lookup(SlotId { kind_index: k, piece: 0, color: p.color, square: p.from }, occupied),
    }
}

fn answer_with(board: Board, p: &Position, mut reach: impl FnMut(TableKind) -> Squares) -> Answer {
    let empty = board.all() & !(p.friends | p.foes | bit(p.from));
    let mut quiet = reach(TableKind::Quiet);
    let mut capture = reach(TableKind::Capture);
    if p.unmoved {
        quiet |= reach(TableKind::InitialQuiet);
        capture |= reach(TableKind::InitialCapture);
    }
    let (quiet, capture) = (quiet & empty, capture & p.foes);
    let names = |set: Squares| squares_of(set).map(|s| board.name(s)).collect::<Vec<_>>();
    Answer { dest: names(quiet | capture), quiet: names(quiet), capture: names(capture) }
}

/// The keys of a `--batch` question.
#[cfg(feature = "cli")]
const QUESTION_KEYS: [&str; 8] = ["board", "betza", "from", "friends", "foes", "color", "unmoved", "virgin"];

/// Keys a `--batch` line may carry for its own records (the oracle sample's), never read.
#[cfg(feature = "cli")]
const NOTE_KEYS: [&str; 4] = ["id", "note", "sources", "dest"];

/// The most compiled pieces a batch keeps: a batch asks about a few pieces many times.
#[cfg(feature = "cli")]
const CACHED_PIECES: usize = 16;

/// The most bytes the compiled pieces a batch keeps may take: a piece on a large board holds
/// up to hundreds of megabytes of tables, so a count alone does not bound them.
#[cfg(feature = "cli")]
const CACHED_BYTES: usize = 256 << 20;

/// The pieces a batch has compiled, keyed by the board (as parsed, so `016x16` is `16x16`)
/// and the XBetza; past `CACHED_PIECES` or `CACHED_BYTES` the oldest are dropped, so memory
/// stays bounded however many distinct questions come: at most the budget and the newest piece.
#[cfg(feature = "cli")]
pub struct PieceCache {
    /// The kept pieces, oldest first, each by its board and XBetza.
    pub pieces: VecDeque<((Board, String), Result<CompiledPiece, String>)>,
    /// What the kept pieces take, by [`CompiledPiece::bytes`].
    pub bytes: usize,
    /// The most bytes they may take: `CACHED_BYTES`.
    pub budget: usize,
}

#[cfg(feature = "cli")]
impl Default for PieceCache {
    /// An empty cache of the default budget, `CACHED_BYTES`.
    fn default() -> Self {
        PieceCache { pieces: VecDeque::new(), bytes: 0, budget: CACHED_BYTES }
    }
}

#[cfg(feature = "cli")]
impl PieceCache {
    /// Drops the oldest pieces until one more of `adding` bytes keeps within the count and the
    /// bytes (or none is left to drop).
    fn make_room(&mut self, adding: usize) {
        while self.pieces.len() >= CACHED_PIECES
            || (!self.pieces.is_empty() && self.bytes.saturating_add(adding) > self.budget)
        {
            let (_, dropped) = self.pieces.pop_front().expect("a piece to drop");
            self.bytes -= kept_bytes(&dropped);
        }
    }

    /// The piece `betza` on the board `q.board`, with `compile` run only if it is not kept;
    /// the board as parsed, or the error of the board or of the piece.
    pub fn get(
        &mut self,
        q: &Question,
        compile: impl FnOnce(Board, &str) -> Result<CompiledPiece, Error>,
    ) -> Result<(Board, &CompiledPiece), String> {
        let board = parse_board(&q.board).map_err(|e| e.to_string())?;
        let key = (board, q.betza.clone());
        let found = match self.pieces.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                let compiled = compile(board, &q.betza).map_err(|e| e.to_string());
                let bytes = kept_bytes(&compiled);
                self.make_room(bytes);
                self.bytes += bytes;
                self.pieces.push_back((key, compiled));
                self.pieces.len() - 1
            }
        };
        self.pieces[found].1.as_ref().map(|c| (board, c)).map_err(|e| e.clone())
    }
}

/// What a kept compilation takes: its tables, or its error's text.
#[cfg(feature = "cli")]
pub fn kept_bytes(kept: &Result<CompiledPiece, String>) -> usize {
    match kept {
        Ok(piece) => piece.bytes(),
        Err(e) => e.len(),
    }
}

/// Answers `--batch` lines, compiling each distinct (board, XBetza) once while it is among
/// the last 16 asked (`CACHED_PIECES`) and they fit `CACHED_BYTES`. JSON needs `serde_json`, which comes with the `cli`
/// feature.
#[cfg(feature = "cli")]
pub struct Batch {
    compiled: PieceCache,
    via: Via,
}

#[cfg(feature = "cli")]
impl Batch {
    /// An empty batch answering through `via`.
    pub fn new(via: Via) -> Batch {
        Batch { compiled: PieceCache::default(), via }
    }

    /// One JSON line in, one JSON line out: `{"dest":[...]}` or `{"error":"..."}`.
    pub fn line(&mut self, line: &str) -> String {
        let result = self.answer(line);
        match result {
            Ok(a) => serde_json::json!({ "dest": a.dest }).to_string(),
            Err(e) => serde_json::json!({ "error": e }).to_string(),
        }
    }

    fn answer(&mut self, line: &str) -> Result<Answer, String> {
        let q = question(json_object(line)?, "from")?;
        let via = self.via;
        let (board, compiled) = self.compiled.get(&q, |board, betza| compile_piece(board, betza, via))?;
        let p = position(board, &q).map_err(|e| e.to_string())?;
        Ok(compiled.answer(board, &p))
    }
}

/// The squares from which the piece captures on (`quiet`: moves onto) `target` given the
/// occupied squares: through its reverse tables, or through the reference walker run forwards
/// from every square, as it was compiled. The target is `at.from`, every friend and foe of
/// `at` is occupied, and a piece that has not moved (`at.unmoved`) has its initial (`i`)
/// moves too.
pub fn sources(compiled: &CompiledPiece, board: Board, at: &Position, onto: Onto) -> Squares {
    let kinds = match onto {
        Onto::Capture => [TableKind::Attackers, TableKind::InitialAttackers],
        Onto::Quiet => [TableKind::Movers, TableKind::InitialMovers],
    };
    let (color, target, occupied, unmoved) = (at.color, at.from, at.friends | at.foes, at.unmoved);
    let p = Position { from: target, friends: Squares::EMPTY, foes: Squares::EMPTY, color, unmoved };
    let reach = |kind: TableKind| match compiled {
        CompiledPiece::Legs(moves) => {
            reference::reach_back(board, &moves[color as usize], target, occupied, kind, board.all())
        }
        CompiledPiece::U64(t) => look(t, &p, kind, occupied),
        CompiledPiece::U128(t) => look(t, &p, kind, occupied),
        CompiledPiece::Bitboard192(t) => look(t, &p, kind, occupied),
        CompiledPiece::Bitboard256(t) => look(t, &p, kind, occupied),
    };
    reach(kinds[0]) | if unmoved { reach(kinds[1]) } else { Squares::EMPTY }
}

/// Which moves onto a target [`sources`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Onto {
    /// Captures of a foe standing on it (`attackers`).
    Capture,
    /// Quiet moves onto it, empty (`movers`).
    Quiet,
}

/// The squares between `from` and `to` on a lone piece's paths (`between` in a module).
pub fn between(board: Board, betza: &str, color: Color, from: Square, to: Square) -> Result<Squares, Error> {
    let source = Source { file: "<XBetza>", text: betza };
    variant_between(&lone_piece(board, betza, &source)?, 0, &source, color, from, to)
}

/// The squares between `from` and `to` on the paths of one piece of a variant, its regions
/// and confinement applied (`between` in the variant's module).
pub fn variant_between(
    variant: &Variant,
    piece: usize,
    source: &Source,
    color: Color,
    from: Square,
    to: Square,
) -> Result<Squares, Error> {
    let alone = Variant { pieces: vec![variant.pieces[piece].clone()], rules: Default::default(), ..variant.clone() };
    let moves = crate::pipeline::piece_moves(&alone, source)?;
    let between = crate::pipeline::between_of(&alone, &moves, DEFAULT_MAX_PATHS)?;
    Ok(between.get(alone.board, 0, color as usize, from, to))
}

/// Answers `attackers --batch` lines, compiling each distinct (board, XBetza) once (with the
/// `cli` feature, which brings `serde_json`).
#[cfg(feature = "cli")]
pub struct AttackerBatch {
    compiled: PieceCache,
    via: Via,
}

#[cfg(feature = "cli")]
impl AttackerBatch {
    /// An empty batch answering through `via`.
    pub fn new(via: Via) -> AttackerBatch {
        AttackerBatch { compiled: PieceCache::default(), via }
    }

    /// One JSON line in, one JSON line out: `{"from":[...]}` or `{"error":"..."}`.
    pub fn line(&mut self, line: &str) -> String {
        match self.answer(line) {
            Ok(from) => serde_json::json!({ "from": from }).to_string(),
            Err(e) => serde_json::json!({ "error": e }).to_string(),
        }
    }

    fn answer(&mut self, line: &str) -> Result<Vec<String>, String> {
        // The same question as `moves --batch` asks, about a target (`to`) instead of an origin.
        let mut fields = json_object(line)?;
        if fields.contains_key("from") {
            return Err("an attackers question names its target with `to`, not `from`".into());
        }
        let to = fields.remove("to").ok_or("not a question: missing field `to`")?;
        fields.insert("from".into(), to);
        let q = question(fields, "to")?;
        let via = self.via;
        let (board, compiled) = self.compiled.get(&q, |board, betza| compile_piece_with_reverse(board, betza, via))?;
        let p = position(board, &q).map_err(|e| e.to_string())?;
        let found = sources(compiled, board, &p, Onto::Capture);
        Ok(squares_of(found).map(|s| board.name(s)).collect())
    }
}

/// One JSON line as an object of keys, each key once.
#[cfg(feature = "cli")]
pub fn json_object(line: &str) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    serde_json::from_str::<UniqueKeys>(line).map(|keys| keys.0).map_err(|e| format!("not a question: {e}"))
}

/// A JSON object whose every key is written once: serde's own map keeps the last of a repeated
/// key, so `{"from":"a1","from":"h8"}` would be answered for h8 without a word.
#[cfg(feature = "cli")]
struct UniqueKeys(serde_json::Map<String, serde_json::Value>);

#[cfg(feature = "cli")]
impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = UniqueKeys;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
                let mut keys = serde_json::Map::new();
                while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
                    if keys.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("the key `{key}` is given twice")));
                    }
                    keys.insert(key, value);
                }
                Ok(UniqueKeys(keys))
            }
        }
        deserializer.deserialize_map(Keys)
    }
}

/// The question these keys ask; a misspelt key (`colour`) is an error, where serde would
/// ignore it and answer its default. `square` is what the asker calls `from` (`to` for
/// attackers).
#[cfg(feature = "cli")]
pub fn question(fields: serde_json::Map<String, serde_json::Value>, square: &str) -> Result<Question, String> {
    if let Some(key) = fields.keys().find(|k| !QUESTION_KEYS.contains(&k.as_str()) && !NOTE_KEYS.contains(&k.as_str()))
    {
        let keys: Vec<&str> = QUESTION_KEYS.iter().map(|&k| if k == "from" { square } else { k }).collect();
        return Err(format!(
            "unknown key `{key}`: a question has {} (and {}, which are not read)",
            keys.join(", "),
            NOTE_KEYS.join(", ")
        ));
    }
    serde_json::from_value(serde_json::Value::Object(fields)).map_err(|e| format!("not a question: {e}"))
}
