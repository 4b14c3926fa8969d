//! Stage 6: magics → the data a generated module holds, checked entry by entry against the
//! independent reference walker (`reference.rs`) through the runtime's own lookup code.

use std::collections::{HashMap, HashSet};

use fairy_magic_runtime::{Check as PlainCheck, Color, Magic, Slot};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{squares_of, Board, Squares};
use crate::error::Error;
use crate::legs::{Move, TableKind};
use crate::lookups::{PlainCheck as PlannedCheck, Plan, SlotPlan};
use crate::magics::{self, Found, Word};
use crate::{reference, Options};

/// Everything the emitter writes, in the runtime's own types.
#[derive(Clone, Debug)]
pub struct Tables<B> {
    /// The kinds the module answers, in the order of `blocks`.
    pub kinds: Vec<TableKind>,
    /// `blocks[kind][piece][colour]`: which block of `squares` slots answers it.
    pub blocks: Vec<Vec<[usize; 2]>>,
    /// Blocks of one slot per square, laid end to end.
    pub slots: Vec<Slot<B>>,
    pub probes: Vec<Magic<B>>,
    pub checks: Vec<PlainCheck<B>>,
    pub table: Vec<B>,
    /// Per lookup of the plan: its magic and where its table starts.
    pub found: Vec<(Found<B>, u32)>,
}

/// The slots of a variant in a fixed order: kind, then piece, then colour, then square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotId {
    pub kind: usize,
    pub piece: usize,
    pub color: Color,
    pub square: u8,
}

pub fn slot_ids(kinds: usize, pieces: usize, board: Board) -> impl Iterator<Item = SlotId> {
    (0..kinds).flat_map(move |kind| {
        (0..pieces).flat_map(move |piece| {
            Color::ALL.into_iter().flat_map(move |color| {
                (0..board.squares() as u8).map(move |square| SlotId { kind, piece, color, square })
            })
        })
    })
}

/// Random occupancies tried for a slot besides its probes' masks.
const RANDOM_SAMPLES: usize = 64;

/// How thoroughly the tables are checked against the reference walker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Every occupancy of every probe's mask, with random occupancy elsewhere: for anything
    /// that is written.
    Exhaustive,
    /// This many random occupancies a slot: for a one-off question (`fairy-magic moves`),
    /// whose answer is not kept.
    Sampled(usize),
}

pub fn build<B: Word>(
    board: Board,
    pieces: &[String],
    moves: &[[Vec<Move>; 2]],
    kinds: &[TableKind],
    plan: &Plan,
    options: &Options,
) -> Result<Tables<B>, Error> {
    // Tables end to end, each at the next free offset.
    let mut found = Vec::with_capacity(plan.lookups.len());
    let mut table: Vec<B> = Vec::new();
    for lookup in &plan.lookups {
        let f = magics::find::<B>(lookup, options.seed, options.effort)?;
        let offset = table.len();
        table.resize(offset + (1 << f.bits), B::EMPTY);
        for (occupied, answer) in magics::occupancies(lookup) {
            let probe = Magic::new(B::from_squares(lookup.mask), f.magic, f.shift(), offset as u32);
            table[probe.index(B::from_squares(occupied))] = B::from_squares(answer);
        }
        found.push((f, offset as u32));
    }

    // Identical blocks of slots (a symmetric piece's two colours, its quiet and capture tables
    // when it moves as it captures, every table of a piece without such moves) are stored once.
    let squares = board.squares();
    let piece_count = moves.len();
    let mut block_of: HashMap<&[SlotPlan], usize> = HashMap::new();
    let mut blocks = vec![vec![[0usize; 2]; piece_count]; kinds.len()];
    let mut slots: Vec<Slot<B>> = Vec::new();
    let mut probes: Vec<Magic<B>> = Vec::new();
    let mut checks: Vec<PlainCheck<B>> = Vec::new();
    // A run of probes (or checks) that several slots need is laid out once.
    let mut probe_runs: HashMap<&[usize], u32> = HashMap::new();
    let mut check_runs: HashMap<&[PlannedCheck], u32> = HashMap::new();
    for (i, chunk) in plan.slots.chunks(squares).enumerate() {
        let (kind, piece, color) = (i / (piece_count * 2), i / 2 % piece_count, i % 2);
        let next = block_of.len();
        let block = *block_of.entry(chunk).or_insert_with(|| {
            for slot in chunk {
                let first = *probe_runs.entry(&slot.lookups).or_insert_with(|| {
                    let first = probes.len() as u32;
                    for &id in &slot.lookups {
                        let (f, offset) = found[id];
                        probes.push(Magic::new(B::from_squares(plan.lookups[id].mask), f.magic, f.shift(), offset));
                    }
                    first
                });
                let first_check = *check_runs.entry(&slot.checks).or_insert_with(|| {
                    let first = checks.len() as u32;
                    checks.extend(slot.checks.iter().map(|c| {
                        PlainCheck::new(B::from_squares(c.path), B::from_squares(c.required), B::from_squares(c.dest))
                    }));
                    first
                });
                slots.push(Slot::new(
                    B::from_squares(slot.leaps),
                    first,
                    slot.lookups.len() as u16,
                    first_check,
                    slot.checks.len() as u16,
                ));
            }
            next
        });
        blocks[kind][piece][color] = block;
    }
    if plan.slots.iter().any(|s| s.checks.len() > u16::MAX as usize) {
        return Err(Error::Limit(
            "a square needs more than 65535 plain checks: raise --max-bits or --max-probes".into(),
        ));
    }
    let tables = Tables { kinds: kinds.to_vec(), blocks, slots, probes, checks, table, found };
    verify(board, pieces, moves, &tables, options.check)?;
    Ok(tables)
}

impl<B: Word> Tables<B> {
    pub fn slot(&self, id: SlotId, squares: usize) -> &Slot<B> {
        &self.slots[self.blocks[id.kind][id.piece][id.color as usize] * squares + id.square as usize]
    }

    /// The answer of the generated code for one query.
    pub fn lookup(&self, id: SlotId, squares: usize, occupied: Squares) -> Squares {
        self.slot(id, squares).lookup(&self.probes, &self.table, &self.checks, B::from_squares(occupied)).to_squares()
    }
}

/// Checks every slot against the reference walker: for each probe, every occupancy of its mask
/// combined with random occupancy everywhere else (the piece's own square included).
fn verify<B: Word>(
    board: Board,
    pieces: &[String],
    moves: &[[Vec<Move>; 2]],
    tables: &Tables<B>,
    thoroughness: Check,
) -> Result<(), Error> {
    let squares = board.squares();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_f00d);
    let mut random = move || ((rng.next_u64() as u128) << 64 | rng.next_u64() as u128) & board.all();
    // A queen's quiet and capture slots, or a knight's two colours, are the same check.
    let mut done: HashSet<(usize, u8, Vec<Move>)> = HashSet::new();
    for id in slot_ids(tables.kinds.len(), moves.len(), board) {
        let kind = tables.kinds[id.kind];
        let mut relevant: Vec<Move> = moves[id.piece][id.color as usize]
            .iter()
            .filter(|m| m.initial == kind.initial() && m.legs.last().unwrap().stop & kind.kinds() != 0)
            .cloned()
            .collect();
        relevant.sort_by_key(|m| format!("{m:?}"));
        let block = tables.blocks[id.kind][id.piece][id.color as usize];
        if !done.insert((block, id.square, relevant.clone())) {
            continue;
        }
        let slot = tables.slot(id, squares);
        let check = |occupied: Squares| -> Result<(), Error> {
            let expected = reference::reach(board, &relevant, id.square, occupied, kind);
            let actual = tables.lookup(id, squares, occupied);
            if expected == actual {
                return Ok(());
            }
            let names = |set: Squares| squares_of(set).map(|s| board.name(s)).collect::<Vec<_>>().join(" ");
            Err(Error::Internal(format!(
                "the {} table disagrees with the reference: {:?} {:?} on {}, occupied [{}]: the table gives [{}], the reference [{}]",
                pieces[id.piece],
                id.color,
                kind,
                board.name(id.square),
                names(occupied),
                names(actual),
                names(expected),
            )))
        };
        let probes = &tables.probes[slot.first as usize..slot.first as usize + slot.probes as usize];
        if let Check::Sampled(samples) = thoroughness {
            for _ in 0..samples {
                check(random())?;
            }
            continue;
        }
        for _ in 0..RANDOM_SAMPLES {
            check(random())?;
        }
        // A plain check on its edge: exactly what it requires, then each square of it flipped.
        for c in &tables.checks[slot.first_check as usize..slot.first_check as usize + slot.checks as usize] {
            let (path, required) = (c.path.to_squares(), c.required.to_squares());
            let base = required | (random() & !path);
            check(base)?;
            for square in squares_of(path) {
                check(base ^ 1 << square)?;
            }
        }
        for probe in probes {
            let mask = probe.mask.to_squares();
            let mut subset: Squares = 0;
            loop {
                check(subset | (random() & !mask))?;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{betza, legs, lookups, paths};

    /// The check must be able to fail: a table with one wrong entry is refused.
    #[test]
    fn verification_catches_a_wrong_entry() {
        let board = Board { files: 5, ranks: 5 };
        let moves: Vec<[Vec<Move>; 2]> =
            vec![[Color::White, Color::Black].map(|c| legs::moves(&betza::parse("mRcpR").unwrap(), c).unwrap())];
        let kinds = [TableKind::Quiet, TableKind::Capture];
        let slots: Vec<Vec<paths::PathMove>> = slot_ids(kinds.len(), 1, board)
            .map(|id| {
                let ms = paths::path_moves(board, &moves[0][id.color as usize], id.square);
                ms.into_iter().filter(|m| m.kinds & kinds[id.kind].kinds() != 0).collect()
            })
            .collect();
        let plan = lookups::plan(&slots, &vec![12; slots.len()], 8);
        let names = ["cannon".to_string()];
        let mut tables = build::<u64>(board, &names, &moves, &kinds, &plan, &Options::default()).unwrap();
        verify(board, &names, &moves, &tables, Check::Exhaustive).unwrap();
        let used = tables.table.iter().position(|&e| e != 0).unwrap();
        tables.table[used] ^= 1 << 24;
        let error = verify(board, &names, &moves, &tables, Check::Exhaustive).unwrap_err().to_string();
        assert!(error.contains("the cannon table disagrees with the reference"), "{error}");
    }
}
