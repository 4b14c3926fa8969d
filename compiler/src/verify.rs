//! Verification: every table checked against the independent reference walker
//! (`reference.rs`) through the runtime's own lookup code, before anything is written. What
//! that takes is estimated before anything is built, beside the other limits (`limits.rs`).

use std::collections::HashSet;

use fairy_magic_runtime::{BitboardExt, Line, PlainCheck, Probe};

use crate::board::{bit, squares_of, subsets, Board, Square, Squares, Word};
use crate::by_piece::ByPiece;
use crate::error::Error;
use crate::fxhash::FxHashMap;
use crate::limits::{EXHAUSTIVE_MASK, LONG_MASK_SAMPLES, RANDOM_SAMPLES};
use crate::regions::PieceMoves;
use crate::slots::{SlotId, SlotOrder};
use crate::splitmix::SplitMix64;
use crate::table_kind::TableKind;
use crate::tables::{read_probes, Block, Tables};
use crate::{parallel, reference};

pub use crate::settings::Verify;

/// Checks every slot against the reference walker: for each probe, every occupancy of its mask
/// combined with random occupancy everywhere else (the piece's own square included). A reverse
/// slot is walked forwards from every square whose moves can reach its target under some
/// occupancy (`reach.get(piece, color)[square]`); its random occupancies are walked a block at
/// a time (`verify_reverse_samples`).
///
/// The checks run on every core, each with its own random stream, and fail with the first
/// disagreement in slot order: the same error, or none, on any machine.
pub fn verify<B: Word>(
    board: Board,
    pieces: &[String],
    moves: &[[PieceMoves; 2]],
    reach: &ByPiece<Vec<Squares>>,
    tables: &Tables<B>,
    thoroughness: Verify,
    threads: usize,
) -> Result<(), Error> {
    let order = SlotOrder::new(tables.kinds.len(), moves.len(), board);
    let checker = Checker {
        board,
        pieces,
        moves,
        tables,
        thoroughness,
        origins: reach.map(|r| origins_of(r)),
        // Only the exhaustive checks read a reverse slot off the forward tables.
        can_give: match thoroughness {
            Verify::Exhaustive => can_give(tables),
            Verify::Sampled(_) => FxHashMap::default(),
        },
    };
    let repeated = repeated_blocks(order, moves, tables);
    let slots = order.ids().filter(|&id| !repeated[order.block_index(id)]).map(Task::Slot);
    let reverse_blocks = (0..order.blocks())
        .filter(|&block| !repeated[block] && thoroughness == Verify::Exhaustive)
        .map(|block| order.block_owner(block))
        .filter(|&(kind, _, _)| tables.kinds[kind].is_reverse())
        .map(|(kind, piece, color)| {
            Task::ReverseSamples(SlotId { kind_index: kind, piece, color, square: Square::new(0) })
        });
    let tasks: Vec<(u64, Task)> = (0..).zip(slots.chain(reverse_blocks)).collect();
    // A reverse block's samples walk every origin of every target: the largest tasks, started first.
    let slot_tasks = tasks.iter().take_while(|(_, task)| matches!(task, Task::Slot(_))).count();
    let start: Vec<usize> = (slot_tasks..tasks.len()).chain(0..slot_tasks).collect();
    parallel::try_map_started(&tasks, &start, threads, |&(n, task)| {
        // A stream a task, from a seed mixed out of its place in the order.
        let mut rng = SplitMix64::new(SplitMix64::new(VERIFY_SEED ^ n).next_u64());
        let mut random = || random_squares(&mut rng, board);
        match task {
            Task::Slot(id) => checker.slot(id, &mut random),
            Task::ReverseSamples(block) => checker.reverse_samples(block, &mut random),
        }
    })
    .map(drop)
}

/// Where the random streams of verification start.
const VERIFY_SEED: u64 = 0x5eed_f00d;

/// One unit of verification, run on whichever core is free.
#[derive(Clone, Copy, Debug)]
enum Task {
    /// One slot: its probes' masks exhaustively, its plain checks' edges, random samples.
    Slot(SlotId),
    /// A reverse block's random samples, walked for every target at once.
    ReverseSamples(SlotId),
}

/// What verification reads, built once and shared by every task.
struct Checker<'a, B> {
    board: Board,
    pieces: &'a [String],
    moves: &'a [[PieceMoves; 2]],
    tables: &'a Tables<B>,
    thoroughness: Verify,
    /// `origins.get(piece, color)[target]`: the squares whose moves can reach the target.
    origins: ByPiece<Vec<Squares>>,
    /// What each lookup's table can give, by its offset ([`can_give`]).
    can_give: FxHashMap<u32, Squares>,
}

impl<B: Word> Checker<'_, B> {
    /// Checks one slot against the reference walker.
    fn slot(&self, id: SlotId, random: &mut impl FnMut() -> Squares) -> Result<(), Error> {
        let (board, tables) = (self.board, self.tables);
        let kind = tables.kinds[id.kind_index];
        let piece_moves = &self.moves[id.piece][id.color as usize];
        let origins = self.origins.get(id.piece, id.color)[id.square.index()];
        // The reference walks a reverse slot forwards from every origin; through the occupancies
        // of its masks, which are many, the forward tables (checked against the same walker
        // above, kinds in order) stand in for it.
        let walked = |occupied: Squares| match kind.is_reverse() {
            true => reference::reach_back(board, piece_moves, id.square, occupied, kind, origins),
            false => reference::reach_piece(board, piece_moves, id.square, occupied, kind),
        };
        let block = tables.block(id);
        let compare = |occupied: Squares, expected: Squares| -> Result<(), Error> {
            let actual = tables.lookup(id, occupied);
            match expected == actual {
                true => Ok(()),
                false => Err(disagreement(board, self.pieces, tables, id, occupied, actual, expected)),
            }
        };
        let walk = |occupied: Squares| compare(occupied, walked(occupied));
        let square = id.square;
        if let Verify::Sampled(samples) = self.thoroughness {
            for _ in 0..samples {
                walk(random())?;
            }
            return Ok(());
        }
        let by_tables =
            kind.is_reverse().then(|| ReverseByTables::new(tables, tables.forward_of(id), origins, &self.can_give));
        let looked_up = |occupied: Squares| match &by_tables {
            Some(reverse) => reverse.answer(occupied),
            None => walked(occupied),
        };
        let verify_at = |occupied: Squares| compare(occupied, looked_up(occupied));
        if !kind.is_reverse() {
            for _ in 0..RANDOM_SAMPLES {
                walk(random())?;
            }
        }
        // A plain check on its edge: exactly what it requires, then each square of it flipped.
        for c in block.checks(square) {
            let (path, required) = (c.path.to_squares(), c.required.to_squares());
            let base = required | (random() & !path);
            verify_at(base)?;
            for square in squares_of(path) {
                verify_at(base ^ bit(square))?;
            }
        }
        // Every subset of a probe's mask; a line's, as [`mask_occupancies`] gives them.
        let probed = block.probes(square).iter().filter(|p| !Block::is_padding(p)).map(|p| p.mask.to_squares());
        let probed = probed.map(|mask| (mask, Box::new(subsets(mask)) as Box<dyn Iterator<Item = Squares>>));
        let lined = block.lines(square).iter().map(|l| (l.up | l.down).to_squares()).filter(|m| !m.is_empty());
        for (mask, occupancies) in probed.chain(lined.map(|mask| (mask, mask_occupancies(mask)))) {
            match &by_tables {
                Some(reverse) => reverse.verify_subsets(mask, occupancies, random, compare)?,
                None => {
                    for subset in occupancies {
                        verify_at(subset | (random() & !mask))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks a reverse block's random samples ([`verify_reverse_samples`]).
    fn reverse_samples(&self, block: SlotId, random: &mut impl FnMut() -> Squares) -> Result<(), Error> {
        let origins = self.origins.get(block.piece, block.color);
        verify_reverse_samples(self.board, self.pieces, self.moves, origins, self.tables, block, random)
    }
}

/// A random occupancy of `board`: one 64-bit draw for each word the board's squares take, the
/// highest word first, and at least two, so that a board of up to 128 squares gets the samples
/// it got when squares were a `u128`.
fn random_squares(rng: &mut SplitMix64, board: Board) -> Squares {
    let mut words = [0; 4];
    for w in (0..board.squares().div_ceil(64).max(2)).rev() {
        words[w] = rng.next_u64();
    }
    Squares::new(words) & board.all()
}

/// The occupancies of `mask` a probe or line is checked under: every subset where the mask has
/// at most [`EXHAUSTIVE_MASK`] squares. A longer mask is a computed line's, whose answer turns
/// on the first two pieces of each ray: it gets every subset of at most two squares (every
/// placement of the pieces that decide a ray, and one piece on each ray) and
/// [`LONG_MASK_SAMPLES`] random ones of every density, the same on every machine.
fn mask_occupancies(mask: Squares) -> Box<dyn Iterator<Item = Squares>> {
    if mask.count_ones() <= EXHAUSTIVE_MASK {
        return Box::new(subsets(mask));
    }
    let squares: Vec<Square> = squares_of(mask).collect();
    let n = squares.len();
    let mut small = vec![Squares::EMPTY];
    for a in 0..n {
        small.push(bit(squares[a]));
        for b in a + 1..n {
            small.push(bit(squares[a]) | bit(squares[b]));
        }
    }
    let mut rng = SplitMix64::new(LONG_MASK_SEED ^ squares[0].index() as u64);
    let random = (0..LONG_MASK_SAMPLES).map(move |i| {
        // Densities from 1 in 2 down to 1 in 16 of the mask's squares.
        let draws = 1 + i % 4;
        let keep = (0..draws).fold(u64::MAX, |k, _| k & rng.next_u64());
        squares
            .iter()
            .enumerate()
            .filter(|&(j, _)| keep >> (j % 64) & 1 == 1)
            .fold(Squares::EMPTY, |s, (_, &q)| s | bit(q))
    });
    Box::new(small.into_iter().chain(random))
}

/// Where the random subsets of long masks start.
const LONG_MASK_SEED: u64 = 0x1012_2026;

/// `reach` turned round: for each target, the squares whose moves can reach it under some
/// occupancy (`reach[origin]` holds the target), the origins a reverse slot is checked from.
fn origins_of(reach: &[Squares]) -> Vec<Squares> {
    let mut origins = vec![Squares::EMPTY; reach.len()];
    for (origin, &targets) in reach.iter().enumerate() {
        for target in squares_of(targets) {
            origins[target.index()] |= bit(Square::new(origin));
        }
    }
    origins
}

/// The random occupancies of one reverse block (`block`'s square aside), walked a sample at a time
/// rather than a slot at a time: one walk from every square the piece moves from serves every
/// target at once, where walking each slot alone walks each origin again for every target.
///
/// Samples come in pairs, an occupancy and its complement, and a target is checked with the
/// one that fits its kind (holding the enemy a capture takes, empty for a quiet move): every
/// slot gets `RANDOM_SAMPLES` independent random occupancies, as a forward slot does. Its table
/// is asked with the target's own square both ways, which it must ignore. `origins[target]`
/// is where the reference walks from (`origins_of`).
pub fn verify_reverse_samples<B: Word>(
    board: Board,
    pieces: &[String],
    moves: &[[PieceMoves; 2]],
    origins: &[Squares],
    tables: &Tables<B>,
    block: SlotId,
    random: &mut impl FnMut() -> Squares,
) -> Result<(), Error> {
    let kind = tables.kinds[block.kind_index];
    let piece_moves = &moves[block.piece][block.color as usize];
    let squares = board.squares();
    let starts: Squares = origins.iter().fold(Squares::EMPTY, |set, &o| set | o);
    let mut reached: Vec<Squares> = vec![Squares::EMPTY; squares];
    for _ in 0..RANDOM_SAMPLES {
        let sample = random();
        for occupied in [sample, !sample & board.all()] {
            for origin in squares_of(starts) {
                reached[origin.index()] = reference::reach_piece(board, piece_moves, origin, occupied, kind.forward());
            }
            let targets = if kind.kinds() == crate::legs::QUIET { !occupied & board.all() } else { occupied };
            for target in squares_of(targets) {
                let bit = bit(target);
                let expected = squares_of(origins[target.index()] & !bit)
                    .filter(|&origin| reached[origin.index()].has_index(target.index()))
                    .fold(Squares::EMPTY, |set, origin| set | crate::board::bit(origin));
                let id = SlotId { square: target, ..block };
                for asked in [occupied, occupied ^ bit] {
                    let actual = tables.lookup(id, asked);
                    if actual != expected {
                        return Err(disagreement(board, pieces, tables, id, asked, actual, expected));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The error of a table entry that the reference does not give.
fn disagreement<B: Word>(
    board: Board,
    pieces: &[String],
    tables: &Tables<B>,
    id: SlotId,
    occupied: Squares,
    actual: Squares,
    expected: Squares,
) -> Error {
    let names = |set: Squares| squares_of(set).map(|s| board.name(s)).collect::<Vec<_>>().join(" ");
    Error::Internal(format!(
        "the {} table disagrees with the reference: {:?} {:?} on {}, occupied [{}]: the table gives [{}], the reference [{}]",
        pieces[id.piece],
        id.color,
        tables.kinds[id.kind_index],
        board.name(id.square),
        names(occupied),
        names(actual),
        names(expected),
    ))
}

/// Every square some entry of a lookup's table holds, by where the table starts: a superset of
/// what its probe can give (packed tables overlap, and a range may hold other lookups' entries),
/// so that a probe it rules out for a square never gives that square.
pub fn can_give<B: Word>(tables: &Tables<B>) -> FxHashMap<u32, Squares> {
    let mut can_give: FxHashMap<u32, Squares> = FxHashMap::default();
    for (found, offset) in &tables.found {
        let start = (*offset as usize).min(tables.table.len());
        let end = (start + (1usize << found.bits)).min(tables.table.len());
        let held = tables.table[start..end].iter().fold(Squares::EMPTY, |set, e| set | e.to_squares());
        *can_give.entry(*offset).or_insert(Squares::EMPTY) |= held;
    }
    can_give
}

/// A reverse slot's answer read off the forward tables: the origins whose forward lookup
/// reaches the target, which holds an enemy for captures and is empty for quiet moves. Built
/// once a slot and asked for each of its occupancies, it keeps of each origin only what can
/// decide whether the target is reached: the answer is a union, so a leap to the target always
/// does, and of the probes only those whose tables can give the target (a queen's line through
/// it, not its other three) are read, through the runtime's own functions.
pub struct ReverseByTables<'t, B> {
    tables: &'t Tables<B>,
    target: Square,
    quiet: bool,
    /// What each origin's forward answer can hold of the target.
    pub origins: Vec<Origin<B>>,
}

/// What of one origin's forward answer can hold the target.
pub struct Origin<B> {
    square: Square,
    /// A leap reaches the target: the origin is in every answer.
    leaps: bool,
    /// The probes whose tables can give the target.
    probes: Vec<Probe<B>>,
    /// The plain checks that add the target when they pass.
    checks: Vec<PlainCheck<B>>,
    /// The computed lines that can reach the target.
    lines: Vec<Line<B>>,
    /// The squares those probes, checks and lines read: the origin's answer depends on nothing else.
    pub reads: Squares,
}

/// Random occupancies of the squares outside a reverse probe's mask are drawn once for this
/// many of the mask's subsets, so that the origins which read none of the mask are asked once
/// a draw rather than once a subset. Every subset of the mask is still checked; what is drawn
/// less often is the rest of the board, which the slot's other probes and plain checks see
/// through their own subsets and edges.
const SUBSETS_A_DRAW: usize = 64;

impl<'t, B: Word> ReverseByTables<'t, B> {
    /// For the forward slot `forward` (its square the target) from each of `origins`.
    pub fn new(tables: &'t Tables<B>, forward: SlotId, origins: Squares, can_give: &FxHashMap<u32, Squares>) -> Self {
        let target = forward.square;
        let block = tables.block(forward);
        let gives = |probe: &&Probe<B>| can_give.get(&probe.offset).is_none_or(|set| set.has_index(target.index()));
        let origins = squares_of(origins & !bit(target))
            .map(|origin| {
                let square = origin;
                let probes: Vec<Probe<B>> = block.probes(square).iter().filter(gives).copied().collect();
                let checks: Vec<PlainCheck<B>> =
                    block.checks(square).iter().filter(|c| c.dest.has_index(target.index())).copied().collect();
                let lines: Vec<Line<B>> =
                    block.lines(square).iter().filter(|l| l.reach.has_index(target.index())).copied().collect();
                let reads = probes
                    .iter()
                    .map(|p| p.mask)
                    .chain(checks.iter().map(|c| c.path))
                    .chain(lines.iter().map(|l| l.up | l.down));
                Origin {
                    square: origin,
                    leaps: block.leaps[square.index()].has_index(target.index()),
                    reads: reads.fold(Squares::EMPTY, |set, read| set | read.to_squares()),
                    probes,
                    checks,
                    lines,
                }
            })
            .collect();
        let quiet = tables.kinds[forward.kind_index].kinds() == crate::legs::QUIET;
        ReverseByTables { tables, target, quiet, origins }
    }

    /// The origins that reach the target under `occupied`.
    pub fn answer(&self, occupied: Squares) -> Squares {
        self.answer_from(self.origins.iter(), occupied)
    }

    /// Those of `origins` that reach the target under `occupied`.
    fn answer_from<'o>(&self, origins: impl Iterator<Item = &'o Origin<B>>, occupied: Squares) -> Squares
    where
        B: 'o,
    {
        origins.filter(|origin| self.reaches(origin, occupied)).fold(Squares::EMPTY, |set, o| set | bit(o.square))
    }

    /// Whether `origin`'s forward answer under `occupied` holds the target: what the module's
    /// forward lookup reads, with the target occupied for a capture and empty for a quiet move.
    fn reaches(&self, origin: &Origin<B>, occupied: Squares) -> bool {
        let (tables, target) = (self.tables, self.target.index());
        let occupied = if self.quiet { occupied & !bit(self.target) } else { occupied | bit(self.target) };
        let occupied = B::from_squares(occupied & !bit(origin.square));
        let read = |probe: &Probe<B>| {
            let probe = std::slice::from_ref(probe);
            read_probes(tables.index, B::EMPTY, probe, &tables.table, tables.numbered.as_ref(), occupied)
        };
        origin.leaps
            || fairy_magic_runtime::plain_checks(&origin.checks, occupied).has_index(target)
            || fairy_magic_runtime::lines(&origin.lines, occupied).has_index(target)
            || origin.probes.iter().any(|p| read(p).has_index(target))
    }

    /// Checks a reverse probe or line: `compare(occupied, expected)` for every one of
    /// `occupancies` (subsets of its `mask`), with random occupancy outside it. An origin's
    /// answer turns only on the squares it reads: the origins that read none of `mask` answer
    /// alike for every subset of one draw, so they are asked once a draw, and the others are
    /// asked again only for a subset that occupies a square they read (a long line's subsets,
    /// a piece or two on dozens of squares, leave most origins as the draw found them).
    pub fn verify_subsets(
        &self,
        mask: Squares,
        occupancies: impl Iterator<Item = Squares>,
        random: &mut impl FnMut() -> Squares,
        compare: impl Fn(Squares, Squares) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let (varying, settled): (Vec<&Origin<B>>, Vec<&Origin<B>>) =
            self.origins.iter().partition(|o| !(o.reads & mask).is_empty());
        let mut subsets = occupancies.peekable();
        while subsets.peek().is_some() {
            let outside = random() & !mask;
            let settled = self.answer_from(settled.iter().copied(), outside);
            // Each varying origin's answer with the mask empty, kept for the subsets that leave
            // its squares empty.
            let with_mask_empty: Vec<bool> = varying.iter().map(|o| self.reaches(o, outside)).collect();
            for subset in subsets.by_ref().take(SUBSETS_A_DRAW) {
                let occupied = subset | outside;
                let mut expected = settled;
                for (origin, &kept) in varying.iter().zip(&with_mask_empty) {
                    let reaches =
                        if (origin.reads & subset).is_empty() { kept } else { self.reaches(origin, occupied) };
                    if reaches {
                        expected |= bit(origin.square);
                    }
                }
                compare(occupied, expected)?;
            }
        }
        Ok(())
    }
}

/// Which blocks of slots (one a kind, piece and colour) check exactly what an earlier block checks:
/// a queen's quiet and capture blocks, or a knight's two colours. They share a stored block, a
/// reverse block reads its target alike only with the same kind, and the moves the kind holds are
/// the same. Decided once a block, not once a slot: the moves are cloned and hashed here.
fn repeated_blocks<B: Word>(order: SlotOrder, moves: &[[PieceMoves; 2]], tables: &Tables<B>) -> Vec<bool> {
    let mut seen: HashSet<(usize, Option<TableKind>, PieceMoves)> = HashSet::new();
    (0..order.blocks())
        .map(|block| {
            let (kind, piece, color) = order.block_owner(block);
            let stored = tables.block_of[kind][piece][color as usize];
            let kind = tables.kinds[kind];
            let reverse = kind.is_reverse().then_some(kind);
            !seen.insert((stored, reverse, relevant(&moves[piece][color as usize], kind)))
        })
        .collect()
}

/// The moves of `moves` that a table of `kind` holds, everything else as it is.
fn relevant(moves: &PieceMoves, kind: TableKind) -> PieceMoves {
    let keep = |list: &Vec<crate::legs::Move>| -> Vec<crate::legs::Move> {
        let answers =
            |m: &&crate::legs::Move| m.initial == kind.initial() && m.legs.last().unwrap().kinds & kind.kinds() != 0;
        list.iter().filter(answers).cloned().collect()
    };
    PieceMoves {
        moves: keep(&moves.moves),
        zones: moves.zones.iter().map(|(squares, list)| (*squares, keep(list))).collect(),
        confined: moves.confined,
    }
}
