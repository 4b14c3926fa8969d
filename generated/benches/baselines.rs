//! `cargo bench -p fairy-magic-generated --bench baselines`
//!
//! Our large-board lookups against the layouts engines for large boards use, built here at
//! start-up from the published formulas (no engine code is copied):
//!
//! - plain fancy magic as Pikafish (and Fairy-Stockfish with LARGEBOARDS) has it: one table a
//!   square with `1 << popcount(mask)` entries of full attack sets, indexed by the full 128-bit
//!   multiply `((occupied & mask) * magic) >> (128 - bits)`, magics found by a random search;
//! - the same tables indexed by `pext(occupied, mask)` (the BMI2 instruction when the build
//!   enables it, the runtime's portable loop otherwise: the output says which ran);
//! - bent riders on 12x10 composed as Fairy-Stockfish composes riders, from its separate
//!   horizontal and vertical rook tables and its bishop table: the griffon `[F?R]` takes, for
//!   each diagonal step onto an empty square, both rook tables from that square masked to the
//!   rays going outward: eight probes a query; the rhino `[W?B]` takes one bishop probe for
//!   each orthogonal step: four.
//!
//! Every baseline is built from a slow reference (ray walking, in this file) and checked
//! against our generated tables on a sample before anything is timed. The same 1M
//! pseudo-random (square, occupancy) pairs for everyone on a board, best of 7 runs, as
//! independent queries (throughput) and as a dependent chain where each query's square comes
//! from the previous answer (latency). Reported as nanoseconds a lookup, ratios against each
//! group's baseline row, and table bytes (entries x 16 plus the per-square records).

use std::hint::black_box;
use std::mem::size_of;
use std::time::Instant;

use fairy_magic_generated::{bentriders, chess, grand, xiangqi};
use fairy_magic_runtime::{Color, Line, LookupBits as _, Probe};

#[path = "../tests/rng/mod.rs"]
mod rng;
mod timing;
use rng::XorShift;
use timing::{time, QUERIES};

/// Magic candidates tried at one index width before the table of that square doubles.
const TRIES_A_WIDTH: usize = 2048;

// ---------------------------------------------------------------------------------------------
// Boards and the slow reference.

#[derive(Clone, Copy)]
struct Board {
    files: i32,
    ranks: i32,
}

impl Board {
    fn squares(self) -> usize {
        (self.files * self.ranks) as usize
    }
    fn at(self, sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
        let (f, r) = (sq as i32 % self.files + df, sq as i32 / self.files + dr);
        ((0..self.files).contains(&f) && (0..self.ranks).contains(&r)).then(|| (r * self.files + f) as usize)
    }
    /// The squares from `sq` in direction `d`, nearest first, to the edge.
    fn ray(self, sq: usize, d: (i32, i32)) -> Vec<usize> {
        let mut out = vec![];
        let mut s = sq;
        while let Some(n) = self.at(s, d) {
            out.push(n);
            s = n;
        }
        out
    }
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const HORIZONTAL: [(i32, i32); 2] = [(1, 0), (-1, 0)];
const VERTICAL: [(i32, i32); 2] = [(0, 1), (0, -1)];

fn bit(sq: usize) -> u128 {
    1 << sq
}

/// A slider's attacks: each ray up to and including the first occupied square.
fn slide(b: Board, sq: usize, dirs: &[(i32, i32)], occ: u128) -> u128 {
    let mut a = 0;
    for &d in dirs {
        for s in b.ray(sq, d) {
            a |= bit(s);
            if occ & bit(s) != 0 {
                break;
            }
        }
    }
    a
}

/// The squares whose occupancy a slider's answer depends on: its rays without the last square.
fn slide_mask(b: Board, sq: usize, dirs: &[(i32, i32)]) -> u128 {
    dirs.iter()
        .map(|&d| b.ray(sq, d))
        .map(|r| r[..r.len().saturating_sub(1)].iter().fold(0, |m, &s| m | bit(s)))
        .fold(0, |m, r| m | r)
}

/// The Xiangqi cannon's capture set (`cpR`) as engines store it: on each ray, past the first
/// occupied square (the screen), every square up to and including the next occupied one. The
/// caller masks it with the enemy pieces, so its mask is the rook's (the last square of a ray
/// is in the set whether or not it is occupied).
fn cannon_captures(b: Board, sq: usize, occ: u128) -> u128 {
    let mut a = 0;
    for d in ORTHO {
        let mut screened = false;
        for s in b.ray(sq, d) {
            if screened {
                a |= bit(s);
            }
            if occ & bit(s) != 0 {
                if screened {
                    break;
                }
                screened = true;
            }
        }
    }
    a
}

/// The Xiangqi horse `[W-F]`: an orthogonal step onto an empty square, then a diagonal step
/// outward.
fn horse(b: Board, sq: usize, occ: u128) -> u128 {
    let mut a = 0;
    for (df, dr) in ORTHO {
        if let Some(leg) = b.at(sq, (df, dr)).filter(|&l| occ & bit(l) == 0) {
            let outward = if df == 0 { [(1, dr), (-1, dr)] } else { [(df, 1), (df, -1)] };
            for d in outward {
                a |= b.at(leg, d).map_or(0, bit);
            }
        }
    }
    a
}

fn horse_mask(b: Board, sq: usize) -> u128 {
    ORTHO.iter().filter_map(|&d| b.at(sq, d)).fold(0, |m, s| m | bit(s))
}

/// The directions a bent rider continues in after its first step `(df, dr)`: for a diagonal
/// step, the two orthogonal directions going on outward; for an orthogonal one, the two
/// diagonals.
fn outward((df, dr): (i32, i32)) -> [(i32, i32); 2] {
    if df != 0 && dr != 0 {
        [(df, 0), (0, dr)]
    } else if df == 0 {
        [(1, dr), (-1, dr)]
    } else {
        [(df, 1), (df, -1)]
    }
}

/// A bent rider `[X?Y]`: the first step (always reached), and from there, when it is empty,
/// the slides outward.
fn bent(b: Board, sq: usize, first: &[(i32, i32)], occ: u128) -> u128 {
    let mut a = 0;
    for &d in first {
        if let Some(s) = b.at(sq, d) {
            a |= bit(s);
            if occ & bit(s) == 0 {
                a |= slide(b, s, &outward(d), occ);
            }
        }
    }
    a
}

// ---------------------------------------------------------------------------------------------
// The baseline layouts.

/// One square's record: the mask, the multiplier (unused for PEXT), the shift and where its
/// entries start.
#[derive(Clone, Copy)]
struct Entry {
    mask: u128,
    magic: u128,
    shift: u32,
    offset: usize,
}

/// One table a square of full attack sets, indexed by the 128-bit magic multiply
/// (`PEXT == false`) or by `pext(occupied, mask)`.
struct Tables<const PEXT: bool> {
    squares: Vec<Entry>,
    attacks: Vec<u128>,
    /// Squares whose magic search gave up on `popcount(mask)` bits and took more.
    grown: usize,
}

impl<const PEXT: bool> Tables<PEXT> {
    #[inline(always)]
    fn index(e: &Entry, occ: u128) -> usize {
        if PEXT {
            occ.pext(e.mask)
        } else {
            ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize
        }
    }

    #[inline(always)]
    fn get(&self, sq: usize, occ: u128) -> u128 {
        let e = &self.squares[sq];
        self.attacks[e.offset + Self::index(e, occ)]
    }

    /// Builds every square's table from its mask and the reference, searching magics
    /// (sparse random 128-bit multipliers, exactly `popcount(mask)` index bits) if needed.
    fn build(
        b: Board,
        mask: impl Fn(usize) -> u128,
        reference: impl Fn(usize, u128) -> u128,
        rng: &mut XorShift,
    ) -> Self {
        let mut squares = vec![];
        let mut attacks = vec![];
        let mut stamp = vec![];
        let mut epoch = 0u32;
        let mut grown = 0;
        for sq in 0..b.squares() {
            let m = mask(sq);
            let bits = m.count_ones();
            let size = 1usize << bits;
            let subsets = subsets_of(m, |sub| reference(sq, sub));
            let mut e = Entry { mask: m, magic: 0, shift: 128 - bits, offset: attacks.len() };
            if PEXT || bits == 0 {
                // PEXT needs no search; a mask of no squares has one entry, at index 0.
                attacks.resize(e.offset + size, 0);
                e.shift = e.shift.min(127);
                for &(occ, a) in &subsets {
                    attacks[e.offset + Self::index(&e, occ)] = a;
                }
            } else {
                let mut width = bits;
                let mut tries = 0;
                'search: loop {
                    // xorshift64* outputs (consecutive xorshift states are too alike), a bit in
                    // eight set, as Stockfish's sparse_rand.
                    let mut r = || rng.next().wrapping_mul(0x2545_f491_4f6c_dd1d);
                    e.magic = (r() & r() & r()) as u128 | ((r() & r() & r()) as u128) << 64;
                    // Stockfish's quick rejection: the mask must spread over the top bits.
                    if bits >= 8 && (m.wrapping_mul(e.magic) >> 120).count_ones() < 6 {
                        continue;
                    }
                    tries += 1;
                    if tries % TRIES_A_WIDTH == 0 {
                        width += 1;
                    }
                    e.shift = 128 - width;
                    attacks.resize(e.offset + (1 << width), 0);
                    stamp.resize(stamp.len().max(1 << width), 0);
                    epoch += 1;
                    for &(occ, a) in &subsets {
                        let i = Self::index(&e, occ);
                        if stamp[i] == epoch {
                            if attacks[e.offset + i] != a {
                                continue 'search;
                            }
                        } else {
                            stamp[i] = epoch;
                            attacks[e.offset + i] = a;
                        }
                    }
                    grown += (width > bits) as usize;
                    break;
                }
            }
            squares.push(e);
        }
        Tables { squares, attacks, grown }
    }

    /// How the row names its index, with the squares whose magic needed more bits.
    fn how(&self) -> String {
        if PEXT {
            "pext".into()
        } else {
            format!("fancy magic, 128-bit multiply, {} sq. wider", self.grown)
        }
    }

    fn bytes(&self) -> usize {
        self.attacks.len() * 16 + self.squares.len() * size_of::<Entry>()
    }
}

/// A bent rider composed of rider tables, one record per (square, first step): where the step
/// lands, and the outward rays from there (zero where the step leaves the board).
struct Bent<const PEXT: bool> {
    steps: Vec<[(usize, u128, u128); 4]>,
    leaps: Vec<u128>,
    /// The rider tables probed from each landing square: Fairy-Stockfish's horizontal and
    /// vertical rook tables for the griffon, its bishop table for the rhino.
    tables: Vec<Tables<PEXT>>,
}

impl<const PEXT: bool> Bent<PEXT> {
    fn new(b: Board, first: [(i32, i32); 4], tables: Vec<Tables<PEXT>>) -> Self {
        let mut steps = vec![];
        let mut leaps = vec![];
        for sq in 0..b.squares() {
            let mut rec = [(sq, 0, 0); 4];
            let mut l = 0;
            for (i, &d) in first.iter().enumerate() {
                if let Some(s) = b.at(sq, d) {
                    l |= bit(s);
                    let out = outward(d).iter().flat_map(|&o| b.ray(s, o)).fold(0, |m, t| m | bit(t));
                    rec[i] = (s, bit(s), out);
                }
            }
            steps.push(rec);
            leaps.push(l);
        }
        Bent { steps, leaps, tables }
    }

    /// Every table probed from each landing square (branch-free: a blocked or missing step
    /// masks its answer away), so a query is `4 x tables` probes.
    #[inline(always)]
    fn get(&self, sq: usize, occ: u128) -> u128 {
        let mut a = self.leaps[sq];
        for &(s, sbit, out) in &self.steps[sq] {
            let keep = if occ & sbit == 0 { out } else { 0 };
            let mut found = 0;
            for t in &self.tables {
                found |= t.get(s, occ);
            }
            a |= found & keep;
        }
        a
    }

    fn probes(&self) -> usize {
        4 * self.tables.len()
    }

    /// The number of probes, the index and the squares of its tables that took more bits.
    fn how(&self) -> String {
        let grown: usize = self.tables.iter().map(|t| t.grown).sum();
        format!(
            "{} probes, {}",
            self.probes(),
            if PEXT { "pext".into() } else { format!("magic 128-bit, {grown} wider") }
        )
    }

    fn bytes(&self) -> usize {
        self.tables.iter().map(Tables::bytes).sum::<usize>()
            + self.steps.len() * size_of::<[(usize, u128, u128); 4]>()
            + self.leaps.len() * 16
    }
}

/// Every subset of `mask` (carry-rippler), lowest first, with `answer` for it.
fn subsets_of<T>(mask: u128, answer: impl Fn(u128) -> T) -> Vec<(u128, T)> {
    let mut subsets = vec![];
    let mut sub = 0u128;
    loop {
        subsets.push((sub, answer(sub)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            return subsets;
        }
    }
}

/// A magic indexing `subsets` (occupancy, answer) with exactly `bits` bits (1 to 64) through
/// the runtime's u128 hash, found by a random search that never widens the table (the rook
/// tables it serves always have one): its table is appended to `entries`. Returns the magic,
/// the shift and where the table starts.
fn exact_magic<T: Copy + Default + PartialEq>(
    subsets: &[(u128, T)],
    bits: u32,
    entries: &mut Vec<T>,
    rng: &mut XorShift,
) -> (u128, u8, u32) {
    let (offset, shift) = (entries.len(), (128 - bits) as u8);
    entries.resize(offset + (1 << bits), T::default());
    let mut stamp = vec![0u32; 1 << bits];
    let mut epoch = 0;
    let magic = 'search: loop {
        let mut r = || rng.next().wrapping_mul(0x2545_f491_4f6c_dd1d);
        let magic = (r() & r() & r()) as u128 | ((r() & r() & r()) as u128) << 64;
        epoch += 1;
        for &(occ, a) in subsets {
            let i = occ.magic_hash(magic, shift);
            if stamp[i] == epoch {
                if entries[offset + i] != a {
                    continue 'search;
                }
            } else {
                stamp[i] = epoch;
                entries[offset + i] = a;
            }
        }
        break magic;
    };
    (magic, shift, offset as u32)
}

/// A prototype, not a layout any engine uses: our chariot's two probes (the rank and the file)
/// with 2-byte entries instead of 16-byte ones. The rank probe stores the rank's bits, shifted
/// into place; the file probe stores the file's bits, spread onto the file through a 1,024-entry
/// table. The index is the runtime's u128 magic hash.
struct Narrow {
    files: usize,
    probes: Vec<[(u128, u128, u8, u32); 2]>,
    entries: Vec<u16>,
    spread: Vec<u128>,
}

impl Narrow {
    fn build(b: Board, rng: &mut XorShift) -> Self {
        let files = b.files as usize;
        let mut probes = vec![];
        let mut entries: Vec<u16> = vec![];
        for sq in 0..b.squares() {
            let (file, rank) = (sq % files, sq / files);
            let mut rec = [(0, 0, 0, 0); 2];
            for (k, dirs) in [HORIZONTAL, VERTICAL].iter().enumerate() {
                let m = slide_mask(b, sq, dirs);
                let bits = m.count_ones().max(1);
                let narrow = |a: u128| -> u16 {
                    if k == 0 {
                        (a >> (rank * files)) as u16
                    } else {
                        (0..b.ranks as usize).filter(|r| a >> (r * files + file) & 1 != 0).fold(0, |v, r| v | 1 << r)
                    }
                };
                let subsets = subsets_of(m, |sub| narrow(slide(b, sq, dirs, sub)));
                let (magic, shift, offset) = exact_magic(&subsets, bits, &mut entries, rng);
                rec[k] = (m, magic, shift, offset);
            }
            probes.push(rec);
        }
        let spread = (0..1usize << b.ranks)
            .map(|v| (0..b.ranks as usize).filter(|r| v >> r & 1 != 0).fold(0u128, |s, r| s | 1 << (r * files)))
            .collect();
        Narrow { files, probes, entries, spread }
    }

    #[inline(always)]
    fn get(&self, sq: usize, occ: u128) -> u128 {
        let [(hm, hg, hs, ho), (vm, vg, vs, vo)] = self.probes[sq];
        let h = self.entries[ho as usize + (occ & hm).magic_hash(hg, hs)] as u128;
        let v = self.entries[vo as usize + (occ & vm).magic_hash(vg, vs)] as usize;
        h << (sq / self.files * self.files) | self.spread[v] << (sq % self.files)
    }

    fn bytes(&self) -> usize {
        self.entries.len() * 2 + self.spread.len() * 16 + self.probes.len() * size_of::<[(u128, u128, u8, u32); 2]>()
    }
}

/// A prototype, not a layout any engine uses: a rook's rank and file answers are translates of
/// one another from square to square, so one table for each file serves the whole of that file
/// of squares, and one for each rank the whole rank. The rank probe needs no hash: the rank's
/// inner squares, `occupied >> (rank * files + 1)`, index 2-byte entries of the answer's bits
/// along the rank. The file probe hashes `occupied >> file` with the a-file square's mask and
/// magic of that rank, into 16-byte entries of that square's answer, shifted back by `file`.
/// Every table together is a few tens of KB, near L1's size, at the price of four variable
/// shifts.
struct Shared {
    inner_mask: usize,
    squares: Vec<SharedSquare>,
    along: Vec<u16>,
    up: Vec<u128>,
}

/// One square's record for [`Shared`]: its rank's start and its file (the two shifts), where
/// its file's rank table starts (`along_at`), and the a-file square's file probe on its rank
/// (`mask`, `magic`, `shift`, and `up_at` where its entries start).
#[derive(Clone, Copy)]
struct SharedSquare {
    mask: u128,
    magic: u128,
    shift: u8,
    rank_at: u32,
    file: u32,
    along_at: u32,
    up_at: u32,
}

impl Shared {
    fn build(b: Board, rng: &mut XorShift) -> Self {
        let (files, inner) = (b.files as usize, b.files as u32 - 2);
        // The rank tables: a rook on the first rank, every occupancy of b1 to the next-to-last file.
        let mut along: Vec<u16> = vec![];
        for file in 0..files {
            along.extend((0..1u128 << inner).map(|v| slide(b, file, &HORIZONTAL, v << 1) as u16));
        }
        // The file tables: a rook on the a-file, one magic for each rank.
        let mut up: Vec<u128> = vec![];
        let on_a_file: Vec<_> = (0..b.ranks as usize)
            .map(|rank| {
                let sq = rank * files;
                let mask = slide_mask(b, sq, &VERTICAL);
                let subsets = subsets_of(mask, |sub| slide(b, sq, &VERTICAL, sub));
                let (magic, shift, at) = exact_magic(&subsets, mask.count_ones().max(1), &mut up, rng);
                (mask, magic, shift, at)
            })
            .collect();
        let squares = (0..b.squares())
            .map(|sq| {
                let (file, rank) = (sq % files, sq / files);
                let (mask, magic, shift, up_at) = on_a_file[rank];
                let (rank_at, along_at) = ((rank * files) as u32, (file << inner) as u32);
                SharedSquare { mask, magic, shift, rank_at, file: file as u32, along_at, up_at }
            })
            .collect();
        Shared { inner_mask: (1 << inner) - 1, squares, along, up }
    }

    #[inline(always)]
    fn get(&self, sq: usize, occ: u128) -> u128 {
        let s = &self.squares[sq];
        let along = self.along[s.along_at as usize + ((occ >> (s.rank_at + 1)) as usize & self.inner_mask)] as u128;
        // Masked with 63, the shift is known to be under 64, and the compiler drops the test
        // for a shift by a whole word from both of these.
        let file = s.file & 63;
        let up = self.up[s.up_at as usize + ((occ >> file) & s.mask).magic_hash(s.magic, s.shift)];
        along << s.rank_at | up << file
    }

    fn bytes(&self) -> usize {
        self.along.len() * 2 + self.up.len() * 16 + self.squares.len() * size_of::<SharedSquare>()
    }
}

/// A prototype of what the compiler could emit for the same sharing, every probe alike: the
/// rank probe too hashes its occupancy (`occupied >> by`, masked as the square `by` below it)
/// into 16-byte entries, shifted back by `by`. Shifts stay under 64 (a shift the compiler
/// knows is under 64 needs no test for a whole word), so the ranks are cut into groups of as
/// many as fit in 64 squares (`per_group`), each sharing its lowest rank's tables: two groups
/// on these boards.
struct Translated {
    squares: Vec<[TranslatedProbe; 2]>,
    entries: Vec<u128>,
}

/// A [`Translated`] probe: mask, magic, shift, where its entries start, and how far its square
/// lies from the square whose table it reads.
type TranslatedProbe = (u128, u128, u8, u32, u32);

impl Translated {
    fn build(b: Board, rng: &mut XorShift) -> Self {
        let files = b.files as usize;
        let per_group = 63 / files + 1;
        let mut entries: Vec<u128> = vec![];
        // The probe of the square `base` for `dirs`, found once and then shared.
        let mut found = std::collections::HashMap::new();
        let squares = (0..b.squares())
            .map(|sq| {
                let (file, rank) = (sq % files, sq / files);
                let bases = [(rank - rank % per_group) * files + file, rank * files];
                let mut probes = [(0, 0, 0, 0, 0); 2];
                for (k, dirs) in [HORIZONTAL, VERTICAL].iter().enumerate() {
                    let base = bases[k];
                    let (mask, magic, shift, offset) = *found.entry((k, base)).or_insert_with(|| {
                        let mask = slide_mask(b, base, dirs);
                        let subsets = subsets_of(mask, |sub| slide(b, base, dirs, sub));
                        let (magic, shift, offset) = exact_magic(&subsets, mask.count_ones().max(1), &mut entries, rng);
                        (mask, magic, shift, offset)
                    });
                    probes[k] = (mask, magic, shift, offset, (sq - base) as u32);
                }
                probes
            })
            .collect();
        Translated { squares, entries }
    }

    #[inline(always)]
    fn get(&self, sq: usize, occ: u128) -> u128 {
        let mut found = 0;
        for &(mask, magic, shift, offset, by) in &self.squares[sq] {
            let by = by & 63;
            found |= self.entries[offset as usize + ((occ >> by) & mask).magic_hash(magic, shift)] << by;
        }
        found
    }

    fn bytes(&self) -> usize {
        self.entries.len() * 16 + self.squares.len() * size_of::<[TranslatedProbe; 2]>()
    }
}

// ---------------------------------------------------------------------------------------------
// Timing.

fn independent<B: Copy + Into<u128>>(queries: &[(usize, B)], lookup: impl Fn(usize, B) -> B) -> u128 {
    queries.iter().fold(0, |acc, &(sq, occ)| acc ^ lookup(sq, occ).into())
}

/// The next square depends on the last answer, so no two lookups overlap. Squares are drawn
/// below the last one, so `sq + 1` is still on the board and no modulo lengthens the chain.
fn chained<B: Copy + Into<u128>>(queries: &[(usize, B)], lookup: impl Fn(usize, B) -> B) -> u128 {
    let mut last = 0u128;
    for &(sq, occ) in queries {
        last = lookup(sq + (last & 1) as usize, occ).into();
    }
    last
}

/// Pseudo-random queries: a square below the board's last, occupancies about as dense as a
/// middlegame (each square 3/8 of the time).
fn queries(b: Board, rng: &mut XorShift) -> Vec<(usize, u128)> {
    let board = if b.squares() == 128 { !0 } else { (1u128 << b.squares()) - 1 };
    (0..QUERIES)
        .map(|_| {
            (
                (rng.next() % (b.squares() as u64 - 1)) as usize,
                (rng.squares() & (rng.squares() | rng.squares())).low_u128() & board,
            )
        })
        .collect()
}

/// A row's two measurements, not yet timed: see `side_by_side`.
struct Timed<'a> {
    name: String,
    bytes: usize,
    independent: Box<dyn Fn() -> u128 + 'a>,
    chain: Box<dyn Fn() -> u128 + 'a>,
}

/// Times rows side by side: seven rounds, each running every row's independent and chained
/// queries once, and each measurement's best. Rows timed one after another see the machine's
/// load change between them (the chess rook's chain moved by a fifth between two rows on the
/// loaded development machine); interleaved, the ratios between rows stay fair.
fn side_by_side(rows: Vec<Timed>) -> Vec<Row> {
    let once = |f: &dyn Fn() -> u128| {
        let start = Instant::now();
        black_box(f());
        start.elapsed().as_secs_f64() / QUERIES as f64 * 1e9
    };
    let mut best = vec![(f64::MAX, f64::MAX); rows.len()];
    for _ in 0..7 {
        for (b, r) in best.iter_mut().zip(&rows) {
            b.0 = b.0.min(once(&*r.independent));
            b.1 = b.1.min(once(&*r.chain));
        }
    }
    rows.into_iter()
        .zip(best)
        .map(|(r, (independent, chain))| Row { name: r.name, independent, chain, bytes: r.bytes })
        .collect()
}

struct Row {
    name: String,
    independent: f64,
    chain: f64,
    bytes: usize,
}

fn report(title: &str, rows: &[Row], baseline: usize) {
    let b = &rows[baseline];
    println!("{title}");
    println!(
        "{:66} {:>9} {:>9} {:>8} {:>8} {:>12} {:>8}",
        "", "ns indep", "ns chain", "x indep", "x chain", "bytes", "x bytes"
    );
    for r in rows {
        println!(
            "{:66} {:9.2} {:9.2} {:8.2} {:8.2} {:>12} {:8.3}",
            r.name,
            r.independent,
            r.chain,
            r.independent / b.independent,
            r.chain / b.chain,
            r.bytes,
            r.bytes as f64 / b.bytes as f64
        );
    }
    println!();
}

/// Checks a lookup against the reference on a sample of the queries.
fn check(
    name: &str,
    q: &[(usize, u128)],
    lookup: impl Fn(usize, u128) -> u128,
    reference: impl Fn(usize, u128) -> u128,
) {
    for &(sq, occ) in q.iter().take(20_000) {
        let (got, want) = (lookup(sq, occ), reference(sq, occ));
        assert_eq!(got, want, "{name}: square {sq}, occupancy {occ:#x}");
    }
}

fn main() {
    let start = Instant::now();
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let xq = Board { files: 9, ranks: 10 };
    let gr = Board { files: 10, ranks: 10 };
    let bt = Board { files: 12, ranks: 10 };
    let w = Color::White;

    // The baselines.
    let rook = |b: Board| move |sq: usize, occ: u128| slide(b, sq, &ORTHO, occ);
    let chariot_magic = Tables::<false>::build(xq, |s| slide_mask(xq, s, &ORTHO), rook(xq), &mut rng);
    let chariot_pext = Tables::<true>::build(xq, |s| slide_mask(xq, s, &ORTHO), rook(xq), &mut rng);
    let cannon_magic =
        Tables::<false>::build(xq, |s| slide_mask(xq, s, &ORTHO), |s, o| cannon_captures(xq, s, o), &mut rng);
    let cannon_pext =
        Tables::<true>::build(xq, |s| slide_mask(xq, s, &ORTHO), |s, o| cannon_captures(xq, s, o), &mut rng);
    let horse_magic = Tables::<false>::build(xq, |s| horse_mask(xq, s), |s, o| horse(xq, s, o), &mut rng);
    let horse_pext = Tables::<true>::build(xq, |s| horse_mask(xq, s), |s, o| horse(xq, s, o), &mut rng);
    let grook_magic = Tables::<false>::build(gr, |s| slide_mask(gr, s, &ORTHO), rook(gr), &mut rng);
    let grook_pext = Tables::<true>::build(gr, |s| slide_mask(gr, s, &ORTHO), rook(gr), &mut rng);
    let bishop = |b: Board| move |sq: usize, occ: u128| slide(b, sq, &DIAG, occ);
    let gbishop_magic = Tables::<false>::build(gr, |s| slide_mask(gr, s, &DIAG), bishop(gr), &mut rng);
    let gbishop_pext = Tables::<true>::build(gr, |s| slide_mask(gr, s, &DIAG), bishop(gr), &mut rng);
    // Bent riders: Fairy-Stockfish's rider tables on 12x10.
    fn riders<const P: bool>(bt: Board, rng: &mut XorShift) -> (Vec<Tables<P>>, Vec<Tables<P>>) {
        let h = Tables::<P>::build(bt, |s| slide_mask(bt, s, &HORIZONTAL), |s, o| slide(bt, s, &HORIZONTAL, o), rng);
        let v = Tables::<P>::build(bt, |s| slide_mask(bt, s, &VERTICAL), |s, o| slide(bt, s, &VERTICAL, o), rng);
        let b = Tables::<P>::build(bt, |s| slide_mask(bt, s, &DIAG), |s, o| slide(bt, s, &DIAG, o), rng);
        (vec![h, v], vec![b])
    }
    let (rook_hv, bishop_t) = riders::<false>(bt, &mut rng);
    let griffon_magic = Bent::new(bt, DIAG, rook_hv);
    let rhino_magic = Bent::new(bt, ORTHO, bishop_t);
    let (rook_hv, bishop_t) = riders::<true>(bt, &mut rng);
    let griffon_pext = Bent::new(bt, DIAG, rook_hv);
    let rhino_pext = Bent::new(bt, ORTHO, bishop_t);
    let narrow_chariot = Narrow::build(xq, &mut rng);
    let narrow_grook = Narrow::build(gr, &mut rng);
    let shared_chariot = Shared::build(xq, &mut rng);
    let shared_grook = Shared::build(gr, &mut rng);
    let translated_chariot = Translated::build(xq, &mut rng);
    let translated_grook = Translated::build(gr, &mut rng);
    let built = start.elapsed().as_secs_f64();

    // Our lookups.
    let chariot = |sq, occ| xiangqi::attacks(xiangqi::Piece::Chariot, w, xiangqi::Square::new_unchecked(sq), occ);
    let cannon = |sq, occ| xiangqi::attacks(xiangqi::Piece::Cannon, w, xiangqi::Square::new_unchecked(sq), occ);
    let cannon_quiet = |sq, occ| xiangqi::quiets(xiangqi::Piece::Cannon, w, xiangqi::Square::new_unchecked(sq), occ);
    let xhorse = |sq, occ| xiangqi::attacks(xiangqi::Piece::Horse, w, xiangqi::Square::new_unchecked(sq), occ);
    let grook = |sq, occ| grand::attacks(grand::Piece::Rook, w, grand::Square::new_unchecked(sq), occ);
    let gbishop = |sq, occ| grand::attacks(grand::Piece::Bishop, w, grand::Square::new_unchecked(sq), occ);
    let griffon =
        |sq, occ| bentriders::attacks(bentriders::Piece::Griffon, w, bentriders::Square::new_unchecked(sq), occ);
    let rhino = |sq, occ| bentriders::attacks(bentriders::Piece::Rhino, w, bentriders::Square::new_unchecked(sq), occ);

    let qx = queries(xq, &mut rng);
    let qg = queries(gr, &mut rng);
    let qb = queries(bt, &mut rng);

    // Everyone must agree with the reference before anyone is timed. Our cannon's captures
    // may list the empty squares between screen and target (the caller masks with enemies).
    check("chariot", &qx, chariot, rook(xq));
    check("chariot magic", &qx, |s, o| chariot_magic.get(s, o), rook(xq));
    check("chariot pext", &qx, |s, o| chariot_pext.get(s, o), rook(xq));
    check("cannon quiets", &qx, cannon_quiet, rook(xq));
    check("cannon", &qx, |s, o| cannon(s, o) & o, |s, o| cannon_captures(xq, s, o) & o);
    check("cannon magic", &qx, |s, o| cannon_magic.get(s, o) & o, |s, o| cannon(s, o) & o);
    check("cannon pext", &qx, |s, o| cannon_pext.get(s, o) & o, |s, o| cannon(s, o) & o);
    check("horse", &qx, xhorse, |s, o| horse(xq, s, o));
    check("horse magic", &qx, |s, o| horse_magic.get(s, o), |s, o| horse(xq, s, o));
    check("horse pext", &qx, |s, o| horse_pext.get(s, o), |s, o| horse(xq, s, o));
    check("grand rook", &qg, grook, rook(gr));
    check("chariot, 2-byte entries", &qx, |s, o| narrow_chariot.get(s, o), rook(xq));
    check("grand rook, 2-byte entries", &qg, |s, o| narrow_grook.get(s, o), rook(gr));
    check("chariot, shared tables", &qx, |s, o| shared_chariot.get(s, o), rook(xq));
    check("grand rook, shared tables", &qg, |s, o| shared_grook.get(s, o), rook(gr));
    check("chariot, translated probes", &qx, |s, o| translated_chariot.get(s, o), rook(xq));
    check("grand rook, translated probes", &qg, |s, o| translated_grook.get(s, o), rook(gr));
    check("grand rook magic", &qg, |s, o| grook_magic.get(s, o), rook(gr));
    check("grand rook pext", &qg, |s, o| grook_pext.get(s, o), rook(gr));
    check("grand bishop", &qg, gbishop, bishop(gr));
    check("grand bishop magic", &qg, |s, o| gbishop_magic.get(s, o), bishop(gr));
    check("grand bishop pext", &qg, |s, o| gbishop_pext.get(s, o), bishop(gr));
    let griffon_ref = |s, o| bent(bt, s, &DIAG, o);
    let rhino_ref = |s, o| bent(bt, s, &ORTHO, o);
    check("griffon", &qb, griffon, griffon_ref);
    check("griffon composed", &qb, |s, o| griffon_magic.get(s, o), griffon_ref);
    check("griffon composed pext", &qb, |s, o| griffon_pext.get(s, o), griffon_ref);
    check("rhino", &qb, rhino, rhino_ref);
    check("rhino composed", &qb, |s, o| rhino_magic.get(s, o), rhino_ref);
    check("rhino composed pext", &qb, |s, o| rhino_pext.get(s, o), rhino_ref);

    println!(
        "{QUERIES} queries of each kind, best of 7 runs; baselines built and checked in {built:.1} s; PEXT: {}\n",
        if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
            "the BMI2 instruction"
        } else {
            "the runtime's portable loop (run with RUSTFLAGS=\"-C target-feature=+bmi2\" for the instruction)"
        }
    );

    macro_rules! row {
        ($q:expr, $name:expr, $bytes:expr, $f:expr) => {{
            let f = $f;
            Row {
                name: $name.to_string(),
                independent: time(|| independent($q, &f)),
                chain: time(|| chained($q, &f)),
                bytes: $bytes,
            }
        }};
    }

    // Our bytes, read from the generated sources (see `ours`).
    let src_x = include_str!("../src/xiangqi.rs");
    let src_g = include_str!("../src/grand.rs");
    let src_b = include_str!("../src/bentriders.rs");
    let src_c = include_str!("../src/chess.rs");
    let ours_bytes = |src: &str, kind: usize, piece: usize, word: usize| ours(src, kind, piece, word);
    let (quiet, capture) = (0, 1);

    // u128 against the chess rook: our tables only, in one run.
    let qc: Vec<(usize, u64)> =
        (0..QUERIES).map(|_| ((rng.next() % 63) as usize, rng.next() & (rng.next() | rng.next()))).collect();
    let chess_rook = |s, o| chess::attacks(chess::Piece::Rook, w, chess::Square::new_unchecked(s), o);
    let (chariot_id, cannon_id) = (xiangqi::Piece::Chariot as usize, xiangqi::Piece::Cannon as usize);
    // The same chariot code over e5-i5 alone (e5-h5 drawn, i5 reached by the chain's `+ 1`):
    // their tables fit L1, so this row against the full board's says how much of the chariot's
    // latency is the size of its tables rather than its arithmetic.
    let q_few: Vec<(usize, u128)> = qx.iter().map(|&(sq, occ)| (40 + sq % 4, occ)).collect();
    // Each row's queries, timed side by side (see `side_by_side`).
    macro_rules! timed {
        ($q:expr, $name:expr, $bytes:expr, $f:expr) => {{
            let (q, f) = ($q, $f);
            Timed {
                name: $name.to_string(),
                bytes: $bytes,
                independent: Box::new(move || independent(q, &f)),
                chain: Box::new(move || chained(q, &f)),
            }
        }};
    }
    report(
        "u128 lookups against the chess rook (our tables, timed side by side)",
        &side_by_side(vec![
            timed!(
                &qc,
                "rook, chess 8x8 u64 (baseline)",
                ours_bytes(src_c, capture, chess::Piece::Rook as usize, 8),
                chess_rook
            ),
            timed!(&qx, "chariot, xiangqi 9x10 u128", ours_bytes(src_x, capture, chariot_id, 16), chariot),
            timed!(&qx, "cannon captures, xiangqi 9x10 u128", ours_bytes(src_x, capture, cannon_id, 16), cannon),
            timed!(&qg, "rook, grand 10x10 u128", ours_bytes(src_g, capture, grand::Piece::Rook as usize, 16), grook),
            timed!(
                &q_few,
                "chariot, e5-i5 only: their tables fit L1",
                ours_on(src_x, capture, chariot_id, 16, 40..45),
                chariot
            ),
            timed!(&qx, "prototype: chariot, 2 probes, 2-byte entries", narrow_chariot.bytes(), |s, o| narrow_chariot
                .get(s, o)),
            timed!(&qg, "prototype: grand rook, 2 probes, 2-byte entries", narrow_grook.bytes(), |s, o| narrow_grook
                .get(s, o)),
            timed!(&qx, "prototype: chariot, rank and file tables shared", shared_chariot.bytes(), |s, o| {
                shared_chariot.get(s, o)
            }),
            timed!(&qg, "prototype: grand rook, rank and file tables shared", shared_grook.bytes(), |s, o| {
                shared_grook.get(s, o)
            }),
            timed!(&qx, "prototype: chariot, translated probes", translated_chariot.bytes(), |s, o| {
                translated_chariot.get(s, o)
            }),
            timed!(&qg, "prototype: grand rook, translated probes", translated_grook.bytes(), |s, o| {
                translated_grook.get(s, o)
            }),
        ]),
        0,
    );
    report(
        "xiangqi chariot R (9x10)",
        &[
            row!(&qx, format!("chariot: {} (baseline)", chariot_magic.how()), chariot_magic.bytes(), |s, o| {
                chariot_magic.get(s, o)
            }),
            row!(&qx, "chariot: pext, full attack sets", chariot_pext.bytes(), |s, o| chariot_pext.get(s, o)),
            row!(
                &qx,
                "chariot: ours, xiangqi",
                ours_bytes(src_x, capture, xiangqi::Piece::Chariot as usize, 16),
                chariot
            ),
            row!(
                &qx,
                "cannon quiets (mR): ours, xiangqi",
                ours_bytes(src_x, quiet, xiangqi::Piece::Cannon as usize, 16),
                cannon_quiet
            ),
        ],
        0,
    );
    report(
        "xiangqi cannon captures cpR (9x10)",
        &[
            row!(&qx, format!("cannon: {} (baseline)", cannon_magic.how()), cannon_magic.bytes(), |s, o| cannon_magic
                .get(s, o)),
            row!(&qx, "cannon: pext, full attack sets", cannon_pext.bytes(), |s, o| cannon_pext.get(s, o)),
            row!(&qx, "cannon: ours, xiangqi", ours_bytes(src_x, capture, xiangqi::Piece::Cannon as usize, 16), cannon),
        ],
        0,
    );
    report(
        "xiangqi horse [W-F] (9x10)",
        &[
            row!(&qx, format!("horse: {} (baseline)", horse_magic.how()), horse_magic.bytes(), |s, o| horse_magic
                .get(s, o)),
            row!(&qx, "horse: pext, full attack sets", horse_pext.bytes(), |s, o| horse_pext.get(s, o)),
            row!(&qx, "horse: ours, xiangqi", ours_bytes(src_x, capture, xiangqi::Piece::Horse as usize, 16), xhorse),
        ],
        0,
    );
    report(
        "grand rook R (10x10)",
        &[
            row!(&qg, format!("rook: {} (baseline)", grook_magic.how()), grook_magic.bytes(), |s, o| grook_magic
                .get(s, o)),
            row!(&qg, "rook: pext, full attack sets", grook_pext.bytes(), |s, o| grook_pext.get(s, o)),
            row!(&qg, "rook: ours, grand", ours_bytes(src_g, capture, grand::Piece::Rook as usize, 16), grook),
        ],
        0,
    );
    report(
        "grand bishop B (10x10)",
        &[
            row!(&qg, format!("bishop: {} (baseline)", gbishop_magic.how()), gbishop_magic.bytes(), |s, o| {
                gbishop_magic.get(s, o)
            }),
            row!(&qg, "bishop: pext, full attack sets", gbishop_pext.bytes(), |s, o| gbishop_pext.get(s, o)),
            row!(&qg, "bishop: ours, grand", ours_bytes(src_g, capture, grand::Piece::Bishop as usize, 16), gbishop),
        ],
        0,
    );
    let g = bentriders::Piece::Griffon as usize;
    report(
        "griffon [F?R] (12x10)",
        &[
            row!(
                &qb,
                format!("griffon: composed, {} (baseline)", griffon_magic.how()),
                griffon_magic.bytes(),
                |s, o| griffon_magic.get(s, o)
            ),
            row!(&qb, format!("griffon: composed, {}", griffon_pext.how()), griffon_pext.bytes(), |s, o| griffon_pext
                .get(s, o)),
            row!(&qb, "griffon: ours, bentriders (computed lines)", ours_bytes(src_b, capture, g, 16), griffon),
        ],
        0,
    );
    let r = bentriders::Piece::Rhino as usize;
    report(
        "rhino [W?B] (12x10)",
        &[
            row!(&qb, format!("rhino: composed, {} (baseline)", rhino_magic.how()), rhino_magic.bytes(), |s, o| {
                rhino_magic.get(s, o)
            }),
            row!(&qb, format!("rhino: composed, {}", rhino_pext.how()), rhino_pext.bytes(), |s, o| rhino_pext
                .get(s, o)),
            row!(&qb, "rhino: ours, bentriders (computed lines)", ours_bytes(src_b, capture, r, 16), rhino),
        ],
        0,
    );
}

/// Our bytes for one (kind, piece), White, read from a generated module's source: every
/// distinct table its probes index (`1 << index bits` entries of `word` bytes, counted whole
/// even where the packing overlaps it with other tables, so an upper bound), its block of
/// slots (`size_of::<Slot<Bitboard, N>>()` a square), its computed lines
/// (`size_of::<Line<Bitboard>>()` each) and the rank table where it reads one.
fn ours(src: &str, kind: usize, piece: usize, word: usize) -> usize {
    ours_on(src, kind, piece, word, 0..usize::MAX)
}

/// The same for the squares in `on` only.
fn ours_on(src: &str, kind: usize, piece: usize, word: usize, on: std::ops::Range<usize>) -> usize {
    // `const BLOCKS`: one line a kind, `[white, black]` a piece.
    let blocks = &src[src.find("const BLOCKS").expect("BLOCKS")..];
    let line =
        blocks.lines().filter(|l| l.trim_start().starts_with('[') && l.contains("], [")).nth(kind).expect("kind");
    let pairs: Vec<usize> = line
        .split("//")
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    let block = pairs[2 * piece];
    lines_and_ranks(src, block, word, on.clone())
        + match src.find(&format!("static BLOCK_{block}: [Slot<Bitboard, ")) {
            Some(at) => slots_and_tables(&src[at..], word, on),
            None => 0, // a block of plain sets or nothing: no probes
        }
}

/// The bytes of block `block`'s computed lines on the squares in `on`, and of the module's rank
/// table where the block's arm of `lookup` reads it.
fn lines_and_ranks(src: &str, block: usize, word: usize, on: std::ops::Range<usize>) -> usize {
    let squares = src["const SQUARES: usize = ".len() + src.find("const SQUARES: usize = ").expect("SQUARES")..]
        .split(';')
        .next()
        .unwrap()
        .parse::<usize>()
        .unwrap();
    let counted = on.start.min(squares)..on.end.min(squares);
    let line = if word == 8 { size_of::<Line<u64>>() } else { size_of::<Line<u128>>() };
    let lines = src
        .find(&format!("static BLOCK_{block}_LINES: [[Line<Bitboard>; "))
        .map(|at| src[at..].split("; ").nth(1).unwrap().trim_end_matches(']').parse::<usize>().unwrap())
        .unwrap_or(0);
    // The block's arm of `lookup`: from after `N => ` to the next arm's `=>`.
    let lookup = &src[src.find("fn lookup(").expect("lookup")..];
    let head = format!(" {block} => ");
    let arm = &lookup[lookup.find(&head).expect("the block's arm") + head.len()..];
    let arm = &arm[..arm.find(" => ").unwrap_or(arm.len())];
    let ranks = match arm.contains("RANK_SLIDES") {
        true => {
            let at = src.find("static RANK_SLIDES: [").expect("the rank table");
            let (entry, len) = src[at + "static RANK_SLIDES: [".len()..].split_once("; ").unwrap();
            let len: usize = len.split(']').next().unwrap().parse().unwrap();
            len * if entry == "u8" { 1 } else { 2 }
        }
        false => 0,
    };
    lines * counted.len() * line + ranks
}

/// The bytes of a block of slots (the source from its `static`) and of the tables its probes
/// index, on the squares in `on`.
fn slots_and_tables(src: &str, word: usize, on: std::ops::Range<usize>) -> usize {
    let body = src;
    let probes: usize = body["static BLOCK_".len()..]
        .split("Slot<Bitboard, ")
        .nth(1)
        .unwrap()
        .split('>')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let body = &body[..body.find("\n];").unwrap()];
    let mut tables = std::collections::BTreeMap::new();
    // Slots seen so far: a probe line belongs to the last of them.
    let (mut seen, mut squares) = (0, 0);
    let counted = |seen: usize| seen.checked_sub(1).is_some_and(|square| on.contains(&square));
    for l in body.lines() {
        if l.trim_start().starts_with("Slot::new(") {
            seen += 1;
            squares += counted(seen) as usize;
        }
        if let Some(args) = l.trim_start().strip_prefix("Probe::new(").filter(|_| counted(seen)) {
            let a: Vec<&str> = args.trim_end_matches("),").split(", ").collect();
            let shift: u32 = a[2].parse().unwrap();
            let offset: usize = a[3].parse().unwrap();
            tables.insert(offset, 1usize << (word as u32 * 8 - shift));
        }
    }
    let magic = if word == 8 { size_of::<Probe<u64>>() } else { size_of::<Probe<u128>>() };
    let slot = (word + probes * magic).div_ceil(16) * 16;
    tables.values().sum::<usize>() * word + squares * slot
}
