//! Stage 3 arranged for the tables: every piece's path moves from every square, and each slot's
//! path moves (a slot is one kind, piece, colour and square): the piece's own moves from the
//! square for a forward kind, everyone's moves onto it, read backwards, for a reverse kind.

use fairy_magic_runtime::{BitboardExt, Color};

use crate::board::{self, Board};
use crate::by_piece::ByPiece;
use crate::error::{Bound, Error};
use crate::legs::QUIET;
use crate::paths::{self, Condition, PathMove};
use crate::regions::PieceMoves;
use crate::table_kind::TableKind;
use crate::variant::Variant;

/// The slots of a variant in a fixed order: kind, then piece, then colour, then square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotId {
    /// An index into [`Tables::kinds`](crate::tables::Tables::kinds), not a [`TableKind`].
    pub kind_index: usize,
    /// An index into the variant's pieces.
    pub piece: usize,
    /// The piece's colour.
    pub color: Color,
    /// The square, `rank * files + file`: the piece's square, or the target of a reverse kind.
    pub square: u8,
}

/// The order of a variant's slots: kind, then piece, then colour, then square. Plans, tables,
/// the emitter and the tests all read slots in this order; this type is the one place that
/// knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotOrder {
    /// The number of table kinds.
    pub kinds: usize,
    /// The number of pieces.
    pub pieces: usize,
    /// The number of squares of the board.
    pub squares: usize,
}

impl SlotOrder {
    /// The order of `kinds` kinds of `pieces` pieces on `board`.
    pub fn new(kinds: usize, pieces: usize, board: Board) -> SlotOrder {
        SlotOrder { kinds, pieces, squares: board.squares() }
    }

    /// How many runs of `squares` slots there are: one a (kind, piece, colour).
    pub fn runs(self) -> usize {
        self.kinds * self.pieces * 2
    }

    /// Every slot, in order.
    pub fn ids(self) -> impl Iterator<Item = SlotId> {
        (0..self.kinds * self.pieces * 2 * self.squares).map(move |i| self.id(i))
    }

    /// The slot at `index` of the order.
    pub fn id(self, index: usize) -> SlotId {
        let (run, square) = (index / self.squares, index % self.squares);
        let (kind, piece, color) = self.run(run);
        SlotId { kind_index: kind, piece, color, square: square as u8 }
    }

    /// The run a slot belongs to: the inverse of [`SlotOrder::run`].
    pub fn run_of(self, id: SlotId) -> usize {
        (id.kind_index * self.pieces + id.piece) * 2 + id.color as usize
    }

    /// Who owns the `n`th run of `squares` consecutive slots (a block's worth).
    pub fn run(self, n: usize) -> (usize, usize, Color) {
        let color = if n % 2 == 0 { Color::White } else { Color::Black };
        (n / 2 / self.pieces, n / 2 % self.pieces, color)
    }
}

/// Every slot of a variant, in `SlotOrder`.
pub fn slot_ids(kinds: usize, pieces: usize, board: Board) -> impl Iterator<Item = SlotId> {
    SlotOrder::new(kinds, pieces, board).ids()
}

/// The most path moves one piece of one colour may have over all squares together: a path
/// move of a 256-square board takes some 70 bytes, so this keeps a piece's paths near 70 MB.
/// `max-paths` bounds one square; a piece of several sliding legs on a large board stays under
/// it on every square and still has more paths in all than memory holds.
pub const MAX_PIECE_PATHS: usize = 1 << 20;

/// Every path move of one piece of one colour from every square, its region applied: moves
/// that would end outside the region it is confined to are no moves.
pub fn paths_from_every_square(
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
            found.retain(|m| moves.confined.has_index(m.dest as usize));
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

/// Every piece's path moves from every square, for each colour: `get(piece, color)[square]`.
pub(crate) fn all_paths(
    variant: &Variant,
    moves: &[[PieceMoves; 2]],
    max_paths: usize,
) -> Result<ByPiece<Vec<Vec<PathMove>>>, Error> {
    ByPiece::try_from_fn(moves.len(), |p, color| {
        let piece = &variant.pieces[p];
        // At the piece's line when it has one (not for `fairy-magic moves`).
        paths_from_every_square(variant.board, &moves[p][color as usize], &piece.name, max_paths).map_err(|e| match e {
            Error::Limit { bound, at: None, message } => Error::Limit { bound, at: piece.at.clone(), message },
            e => e,
        })
    })
}

/// The path moves of every slot, in the order `order` numbers the slots.
pub fn slot_moves(
    all_paths: &ByPiece<Vec<Vec<PathMove>>>,
    kinds: &[TableKind],
    order: SlotOrder,
) -> Vec<Vec<PathMove>> {
    (0..order.runs()).flat_map(|run| run_moves(all_paths, kinds, order, run)).collect()
}

/// The path moves of one run of slots (one kind, piece and colour, every square): the piece's
/// own from each square, or, for a reverse kind, everyone else's onto it.
fn run_moves(
    all_paths: &ByPiece<Vec<Vec<PathMove>>>,
    kinds: &[TableKind],
    order: SlotOrder,
    run: usize,
) -> Vec<Vec<PathMove>> {
    let (kind, piece, color) = order.run(run);
    let kind = kinds[kind];
    let from_every_square = all_paths.get(piece, color);
    match kind.is_reverse() {
        true => reversed(from_every_square, kind),
        false => from_every_square.iter().map(|ms| ms.iter().filter(|m| answers(kind, m)).copied().collect()).collect(),
    }
}

/// Whether a path move is one that a table of this kind answers (read forwards).
pub(crate) fn answers(kind: TableKind, m: &PathMove) -> bool {
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
            let condition = match (m.path.has_index(m.dest as usize), m.condition) {
                (false, condition) => condition,
                (true, Condition::Exact) if m.required.has_index(m.dest as usize) == target_occupied => {
                    Condition::Exact
                }
                (true, Condition::Exact) => continue,
                // A hopper whose hurdle is the target itself: no other square may be occupied.
                (true, Condition::OneOf) if target_occupied => Condition::Exact,
                (true, Condition::OneOf) => Condition::OneOf,
            };
            by_target[m.dest as usize].push(PathMove { dest: origin as u8, path, required, condition, ..*m });
        }
    }
    for moves in &mut by_target {
        moves.sort();
        moves.dedup();
    }
    by_target
}
