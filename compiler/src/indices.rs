//! Dense indices of a piece's potential attacks, for NNUE threat inputs and policy heads.
//!
//! A *potential attack* of a piece on a square is a square it attacks under some occupancy: the
//! destination of any of its capture path moves (first-move captures included), inside the
//! region it is confined to. For most pieces that is its attacks on an empty board; a hopper's
//! are the squares it reaches once a screen stands in between.
//!
//! A *potential move* is a square it moves to under some occupancy, by a move of any kind:
//! quiet, capture, friendly capture, each with or without `i`. A pawn's push, double step and
//! captures are all potential moves; only its captures are potential attacks.
//!
//! Four numberings are computed here and emitted into every module:
//!
//! - the *vector index* `j` of a move depends only on its vector `to - from`: the difference of
//!   the two squares in a padded numbering (`rank * PAD + file`, 0x88 on boards of up to eight
//!   files), then a subset of its bits that tells every vector of the piece apart, gathered by
//!   one multiply and shift into a short table that holds `j` and the vector it belongs to (so
//!   a vector the piece never makes is refused). The subset and the multiplier are searched for
//!   per piece and colour (`find_hash`); where the gather needs more bits than the subset has,
//!   the header says so.
//! - the *move index* `i` numbers the potential attacks of a piece from every square one after
//!   the other: an offset for the square plus how many of its potential attacks lie below `to`.
//! - the *threat index* of (attacker, its square, victim, its square): for each (attacker piece
//!   and colour, victim piece and colour) a block of the attacker's move indices.
//! - the *policy index* numbers the potential moves the way the move index numbers potential
//!   attacks, for policy heads: every move a piece can make has one. It is a numbering of its
//!   own rather than an extension of the move index, so that the threat index (built on the
//!   move index) keeps its features to moves that can capture.
//!
//! Both square-by-square numberings read grids of sets, one set a square; a grid of potential
//! moves equal to one of potential attacks (a rook's, a knight's) is that grid, so the policy
//! index costs tables only for pieces whose moves and captures differ.
//!
//! Everything here is small pure functions over path moves; the emitter writes the results.

use std::collections::{BTreeMap, BTreeSet};

use fairy_magic_runtime::{BitboardExt, Color};

use crate::board::{bit, squares_of, Board, Square, Squares};
use crate::by_piece::ByPiece;
use crate::legs::CAPTURE;
use crate::paths::PathMove;
use crate::regions::PieceMoves;

/// How `j` is computed for one piece and colour: `((d & mask) * multiplier) >> (32 - index_bits)`
/// indexes a table of `1 << index_bits` entries, where `d` is the padded difference `to - from` as
/// a 32-bit two's complement number.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VectorHash {
    /// The bits of the difference looked at.
    pub mask: u32,
    /// What the masked difference is multiplied by before its top `index_bits` bits are taken.
    pub multiplier: u32,
    /// Index bits: the table has `1 << index_bits` entries. At least 1.
    pub index_bits: u32,
    /// The fewest bits of the difference that tell the vectors apart.
    pub subset: u32,
    /// `table[h]`: the vector (as its padded difference) and its `j` found at `h`, if any.
    pub table: Vec<Option<(i32, u16)>>,
}

/// The indices of one piece of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceIndices {
    /// Its potential attacks from each square: what the move index numbers.
    pub potential: Vec<Squares>,
    /// Its potential moves of every kind from each square: what the policy index numbers.
    pub policy: Vec<Squares>,
    /// Its potential attack vectors `(files, ranks)`, in the order of their `j`.
    pub vectors: Vec<(i32, i32)>,
    /// How a vector's `j` is computed without a search.
    pub hash: VectorHash,
}

impl PieceIndices {
    /// The indices of one piece of one colour, from its path moves from each square.
    pub fn new(board: Board, paths: &[Vec<PathMove>], color: Color) -> PieceIndices {
        PieceIndices::with(board, paths, color, &mut BTreeMap::new())
    }

    /// The same, with the hashes already found for other pieces' vectors.
    fn with(
        board: Board,
        paths: &[Vec<PathMove>],
        color: Color,
        found: &mut BTreeMap<Vec<i32>, VectorHash>,
    ) -> PieceIndices {
        let potential = potential(paths);
        let policy = potential_moves(paths);
        let vectors = ordered(&vectors(board, &potential), color);
        let differences: Vec<i32> = vectors.iter().map(|&v| difference(board, v)).collect();
        let hash = found.entry(differences.clone()).or_insert_with(|| find_hash(&differences)).clone();
        PieceIndices { potential, policy, vectors, hash }
    }

    /// How many move indices it has: its potential attacks from every square together.
    pub fn moves(&self) -> usize {
        count(&self.potential)
    }

    /// The first move index from each square.
    pub fn offsets(&self) -> Vec<usize> {
        offsets(&self.potential)
    }

    /// How many policy indices it has: its potential moves from every square together.
    pub fn policy_moves(&self) -> usize {
        count(&self.policy)
    }

    /// `j` of the vector `(files, ranks)`, if it is one of its potential attack vectors.
    pub fn vector_index(&self, vector: (i32, i32)) -> Option<usize> {
        self.vectors.iter().position(|&v| v == vector)
    }
}

/// The indices of every piece of a variant: `pieces[piece][colour]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indices {
    /// The padded numbering's rank stride: 16 (0x88) for up to 8 files, else 32.
    pub pad: i32,
    /// Each piece's indices, `[piece][colour]`.
    pub pieces: Vec<[PieceIndices; 2]>,
}

/// The padded numbering's rank stride for a board: twice the files rounded up to a power of
/// two, at least 16, so that a file difference never reaches the next rank.
pub fn pad(board: Board) -> i32 {
    (2 * board.files as u32).next_power_of_two().max(16) as i32
}

/// `to - from` in the padded numbering.
pub fn difference(board: Board, vector: (i32, i32)) -> i32 {
    vector.1 * pad(board) + vector.0
}

/// Potential attacks from each square, given each square's path moves (a confined piece's
/// already inside its region).
pub fn potential(paths: &[Vec<PathMove>]) -> Vec<Squares> {
    destinations(paths, |m| m.kinds & CAPTURE != 0)
}

/// Potential moves of every kind from each square, given each square's path moves: where the
/// piece can go at all, which a policy head numbers.
pub fn potential_moves(paths: &[Vec<PathMove>]) -> Vec<Squares> {
    destinations(paths, |_| true)
}

/// The destinations of the path moves `keep` takes, from each square.
fn destinations(paths: &[Vec<PathMove>], keep: impl Fn(&PathMove) -> bool) -> Vec<Squares> {
    paths.iter().map(|ms| ms.iter().filter(|m| keep(m)).fold(Squares::EMPTY, |s, m| s | bit(m.dest))).collect()
}

/// How many squares a grid numbers: its sets' squares, every square's together.
pub fn count(grid: &[Squares]) -> usize {
    grid.iter().map(|s| s.count_ones() as usize).sum()
}

/// The first index from each square of a grid numbered square by square: how many squares the
/// sets of the squares before it hold.
pub fn offsets(grid: &[Squares]) -> Vec<usize> {
    grid.iter()
        .scan(0, |next, s| {
            let here = *next;
            *next += s.count_ones() as usize;
            Some(here)
        })
        .collect()
}

/// Each square's path moves of one piece, its region applied (`fairy-magic show` walks one
/// piece alone), as a compilation finds them; `None` past `max_paths` from some square.
pub fn piece_paths(board: Board, moves: &PieceMoves, max_paths: usize) -> Option<Vec<Vec<PathMove>>> {
    crate::slots::paths_from_every_square(board, moves, "piece", max_paths).ok()
}

/// Every vector `(files, ranks)` from a square to one of its potential attacks.
pub fn vectors(board: Board, potential: &[Squares]) -> BTreeSet<(i32, i32)> {
    let mut all = BTreeSet::new();
    for (from, &set) in potential.iter().enumerate() {
        let (f, r) = board.file_rank(Square::new(from));
        for to in squares_of(set) {
            let (tf, tr) = board.file_rank(to);
            all.insert((tf - f, tr - r));
        }
    }
    all
}

/// The order of `j`: by ranks, then files, as seen by the piece's side: White's vectors
/// upwards from its back rank, Black's the same turned 180°, so that a piece whose moves mirror
/// gives a black vector the `j` of its mirror for White.
pub fn ordered(vectors: &BTreeSet<(i32, i32)>, color: Color) -> Vec<(i32, i32)> {
    let mut all: Vec<(i32, i32)> = vectors.iter().copied().collect();
    let sign = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    all.sort_by_key(|&(x, y)| (sign * y, sign * x));
    all
}

/// The bits `mask` selects of `x`, packed into the low bits (a portable PEXT).
pub fn gather(x: u32, mask: u32) -> u32 {
    Squares::from(u64::from(mask)).indices().enumerate().fold(0, |acc, (i, bit)| acc | (x >> bit & 1) << i)
}

/// Whether `key` takes a different value on each of `values`.
fn separates(values: &[u32], key: impl Fn(u32) -> u32, seen: &mut [u64]) -> bool {
    seen.iter_mut().for_each(|w| *w = 0);
    for &v in values {
        let k = key(v) as usize;
        if seen[k / 64] >> (k % 64) & 1 == 1 {
            return false;
        }
        seen[k / 64] |= 1 << (k % 64);
    }
    true
}

/// The smallest subsets of the low `bits` bits that tell all `values` apart, in a fixed order,
/// at most `limit` of them.
pub fn separating_subsets(values: &[u32], bits: u32, limit: usize) -> Vec<u32> {
    let least = (values.len().max(1) as u32).next_power_of_two().trailing_zeros();
    let mut seen = vec![0u64; (1usize << bits).div_ceil(64)];
    for size in least..=bits {
        let found: Vec<u32> = (0u32..1 << bits)
            .filter(|m| m.count_ones() == size)
            .filter(|&m| separates(values, |v| gather(v, m), &mut seen))
            .take(limit)
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    unreachable!("all the bits tell distinct values apart")
}

/// Multiplier candidates tried a subset and a number of index bits.
const CANDIDATES: usize = 1 << 12;
/// Subsets of the smallest size a multiplier is sought for at the subset's own size in bits.
const SUBSETS: usize = 16;

/// The hash of one piece's vectors (their padded differences, in the order of `j`): the
/// smallest subset of the difference's bits that tells them apart, and a multiplier that
/// gathers it into as few index bits as it has (more when none is found).
pub fn find_hash(differences: &[i32]) -> VectorHash {
    let values: Vec<u32> = differences.iter().map(|&d| d as u32).collect();
    // Two's complement bits up to the sign: higher bits repeat it.
    let bits = values.iter().map(|&v| 33 - (v as i32).unsigned_abs().leading_zeros()).max().unwrap_or(1).min(31);
    let subsets = separating_subsets(&values, bits, SUBSETS);
    let mut rng =
        Rng(0x9e37_79b9_7f4a_7c15 ^ values.iter().fold(0, |h, &v| (h ^ v as u64).wrapping_mul(0x100_0000_01b3)));
    let mut seen = vec![0u64; 1 << 10];
    let size = subsets[0].count_ones().max(1);
    let least = (values.len().max(2) as u32).next_power_of_two().trailing_zeros();
    let all_bits = (1u32 << bits) - 1;
    // Narrower than the subset first: a multiply that hashes rather than gathers, when one
    // is found; then the subset's own size in bits, gathered; then wider.
    let tries = (least..size)
        .flat_map(|index_bits| [(index_bits, subsets[0]), (index_bits, all_bits)])
        .chain(subsets.iter().map(|&mask| (size, mask)))
        .chain((size + 1..=size + 3).map(|index_bits| (index_bits, subsets[0])));
    for (index_bits, mask) in tries {
        let hash = |m: u32| move |v: u32| (v & mask).wrapping_mul(m) >> (32 - index_bits);
        // The exact gather first: each selected bit sent to its place among the top bits.
        let gather_multiplier = Squares::from(u64::from(mask))
            .indices()
            .enumerate()
            .filter(|&(i, _)| (i as u32) < index_bits)
            .fold(0u32, |m, (i, bit)| m | 1u32.wrapping_shl(32 - index_bits + i as u32 - bit as u32));
        let candidates = std::iter::once(gather_multiplier).chain((0..CANDIDATES).map(|n| match n % 2 {
            0 => rng.next() as u32 & rng.next() as u32,
            _ => rng.next() as u32 & rng.next() as u32 & rng.next() as u32,
        }));
        for multiplier in candidates {
            if separates(&values, hash(multiplier), &mut seen) {
                let mut table = vec![None; 1 << index_bits];
                for (j, &v) in values.iter().enumerate() {
                    table[hash(multiplier)(v) as usize] = Some((v as i32, j as u16));
                }
                return VectorHash { mask, multiplier, index_bits, table, subset: subsets[0].count_ones() };
            }
        }
    }
    // Every bit, spread out: the difference itself, shifted up, indexes the table.
    let index_bits = bits.max(1);
    let hash = |v: u32| (v & ((1u32 << bits) - 1)) << (32 - index_bits) >> (32 - index_bits);
    let mut table = vec![None; 1 << index_bits];
    for (j, &v) in values.iter().enumerate() {
        table[hash(v) as usize] = Some((v as i32, j as u16));
    }
    VectorHash { mask: (1 << bits) - 1, multiplier: 1 << (32 - index_bits), index_bits, table, subset: bits }
}

/// The distinct values of `key` over every (piece, colour) in order of first use, and which
/// one each uses.
fn distinct<'a, T: PartialEq + ?Sized>(
    pieces: &'a [[PieceIndices; 2]],
    key: impl Fn(&'a PieceIndices) -> &'a T,
) -> (Vec<&'a T>, Vec<[usize; 2]>) {
    let mut all = Vec::new();
    let uses = distinct_after(&mut all, pieces, key);
    (all, uses)
}

/// The same, after the values already in `all`: new ones are added to it, and a value equal
/// to an earlier one is that one.
fn distinct_after<'a, T: PartialEq + ?Sized>(
    all: &mut Vec<&'a T>,
    pieces: &'a [[PieceIndices; 2]],
    key: impl Fn(&'a PieceIndices) -> &'a T,
) -> Vec<[usize; 2]> {
    pieces
        .iter()
        .map(|both| {
            [0, 1].map(|c| {
                let k = key(&both[c]);
                all.iter().position(|&x| x == k).unwrap_or_else(|| {
                    all.push(k);
                    all.len() - 1
                })
            })
        })
        .collect()
}

/// The grids of sets `move_index` and `policy_index` read, each distinct grid once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachGrids<'a> {
    /// The potential-attack grids first, in order of first use (so the move index reads the
    /// grids it read before policy indices were added), then the potential-move grids that
    /// equal none of them.
    pub grids: Vec<&'a [Squares]>,
    /// How many of `grids`, the first ones, hold potential attacks.
    pub attack_grids: usize,
    /// The grid of each `[piece][colour]`'s potential attacks.
    pub attacks: Vec<[usize; 2]>,
    /// The grid of each `[piece][colour]`'s potential moves.
    pub moves: Vec<[usize; 2]>,
}

/// The small generator of the multiplier search (Marsaglia's xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

impl VectorHash {
    /// The table slot the padded difference `d` falls on.
    pub fn slot(&self, d: i32) -> usize {
        ((d as u32 & self.mask).wrapping_mul(self.multiplier) >> (32 - self.index_bits)) as usize
    }

    /// `j` of the padded difference `d`, as the emitted code computes it.
    pub fn lookup(&self, d: i32) -> Option<u16> {
        self.table[self.slot(d)].filter(|&(v, _)| v == d).map(|(_, j)| j)
    }

    /// The bits of the difference the mask selects, for the header: `0,1,4,6`.
    pub fn bits(&self) -> String {
        let bits: Vec<String> = Squares::from(u64::from(self.mask)).indices().map(|b| b.to_string()).collect();
        if bits.is_empty() {
            "none".into()
        } else {
            bits.join(",")
        }
    }
}

impl Indices {
    /// The indices of every piece, from each piece's and colour's path moves from every square
    /// (`get(piece, color)[square]`, as `lib.rs` walks them).
    pub fn new(board: Board, all_paths: &ByPiece<Vec<Vec<PathMove>>>) -> Indices {
        // The same vectors, in the same order, give the same hash: search each once.
        let mut found: BTreeMap<Vec<i32>, VectorHash> = BTreeMap::new();
        let pieces = all_paths
            .pairs()
            .map(|both| {
                [Color::White, Color::Black].map(|c| PieceIndices::with(board, both[c as usize], c, &mut found))
            })
            .collect();
        Indices { pad: pad(board), pieces }
    }

    /// Move indices of all pieces and colours: what a threat block of each attacker holds.
    pub fn moves(&self) -> usize {
        self.pieces.iter().flatten().map(PieceIndices::moves).sum()
    }

    /// The distinct grids of potential attacks and potential moves, and which ones each
    /// `[piece][colour]` uses.
    pub fn reach_grids(&self) -> ReachGrids<'_> {
        let (mut grids, attacks) = distinct(&self.pieces, |p| p.potential.as_slice());
        let attack_grids = grids.len();
        let moves = distinct_after(&mut grids, &self.pieces, |p| p.policy.as_slice());
        ReachGrids { grids, attack_grids, attacks, moves }
    }

    /// Policy indices of all pieces and colours.
    pub fn policy_moves(&self) -> usize {
        self.pieces.iter().flatten().map(PieceIndices::policy_moves).sum()
    }

    /// The distinct vector hashes, and which one each `[piece][colour]` uses.
    pub fn hashes(&self) -> (Vec<&VectorHash>, Vec<[usize; 2]>) {
        distinct(&self.pieces, |p| &p.hash)
    }

    /// The most vectors any piece has.
    pub fn most_vectors(&self) -> usize {
        self.pieces.iter().flatten().map(|p| p.vectors.len()).max().unwrap_or(0)
    }

    /// Where each attacker's (piece, colour) threat blocks begin, `[piece][colour]`.
    pub fn threat_bases(&self) -> Vec<[usize; 2]> {
        let victims = self.pieces.len() * 2;
        let mut next = 0;
        let mut bases = Vec::new();
        for both in &self.pieces {
            let mut pair = [0; 2];
            for (c, p) in both.iter().enumerate() {
                pair[c] = next;
                next += p.moves() * victims;
            }
            bases.push(pair);
        }
        bases
    }

    /// Threat features: for each (attacker piece and colour, victim piece and colour) a block
    /// of the attacker's move indices.
    pub fn threat_features(&self) -> usize {
        self.moves() * self.pieces.len() * 2
    }
}
