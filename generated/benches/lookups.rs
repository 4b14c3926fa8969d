//! `cargo bench -p fairy-magic-generated --bench lookups`
//!
//! Rook, bishop and queen attack lookups on 8x8 through the generated chess module (and its
//! PEXT and 32-bit twins, and its plan for throughput), cozy-chess and shakmaty; and a griffon, osprey and nightrider against
//! the queen, from the gallery and from `fairy` (where the griffon is held to at most two
//! probes, and takes none: its rays are computed lines): the
//! same 1M pseudo-random (square, occupancy) pairs for everyone, in one process, as
//! independent queries (throughput) and as a dependent chain where each query's square comes
//! from the previous answer (latency). Reported as nanoseconds a lookup and as ratios.
//! Then rooks on larger boards against the chess rook: the Xiangqi chariot and the Grand rook
//! (`u128`) and the Chu Shogi rook (`Bitboard192`), and the 12x12 rook against the 10x10. Last,
//! what typed squares cost: the chess rook with its squares held as the module's `Square`s and
//! found with its typed helpers, against raw indices found with the runtime's index helpers and
//! converted with `Square::new_unchecked` at each call.
//!
//! Every lookup takes the module's `Square`; the rows above hold raw indices, as the
//! comparison crates take them, and convert with `Square::new_unchecked` at each call.
//!
//! Arguments that are not flags choose the tables by name: `chess`, `gallery`, `fairy`, `wide`,
//! `squares` (`cargo bench -p fairy-magic-generated --bench lookups -- squares`); none runs all.

use fairy_magic_generated::chess::SquareSet;
use fairy_magic_generated::{chess, chess_pext, chess_split32, chess_throughput, chu, fairy, gallery, grand, xiangqi};
use std::hint::black_box;

use fairy_magic_runtime::{Bitboard192, BitboardExt};

#[path = "../tests/rng/mod.rs"]
mod rng;
mod timing;
use rng::XorShift;
use timing::{time, QUERIES};

// `black_box(queries)`: a loop that cannot panic is a pure function of its queries, and LLVM
// otherwise runs it once for all seven timed runs (the chess rook's chain measured 0.00 ns).
//
// Each loop is its own function, compiled once for each lookup, which is inlined into it as an
// engine's move generator inlines it (the assembly of these loops holds no call but to panic).
// A closure bound once and passed to two loops stays inlined only while it is small: chu's
// lookup, on `Bitboard256` then, was not, was compiled as a call that returned its 32 bytes
// through memory (grand's 16 come back in registers), and that row measured the call, 1.65x
// grand's chain, where the lookup itself took 1.45-1.48x. The two boards' closures are written out at each
// use for that reason.
#[inline(never)]
fn independent<S: Copy, B: BitboardExt>(queries: &[(S, B)], lookup: impl Fn(S, B) -> B) -> B {
    black_box(queries).iter().fold(B::EMPTY, |acc, &(sq, occ)| acc ^ lookup(sq, occ))
}

/// The next square depends on the last answer, so no two lookups overlap. The query's square
/// plus one bit of the last answer wraps to 0 past the last square with a compare and a
/// select, the same on every board: `% SQUARES` cost a mask on 8x8 but a multiply on 9x10 and
/// larger, which the 10x10 and 12x12 rows' chains then carried and the chess row's did not.
#[inline(never)]
fn chained<const SQUARES: usize, B: BitboardExt>(queries: &[(usize, B)], lookup: impl Fn(usize, B) -> B) -> B {
    let mut last = B::EMPTY;
    for &(sq, occ) in black_box(queries) {
        let next = sq + last.has_index(0) as usize;
        last = lookup(if next == SQUARES { 0 } else { next }, occ);
    }
    last
}

/// A white piece's attacks through one generated module, from a raw square index as the
/// comparison crates take it (a macro, so that each use is a closure of its own that the loop
/// inlines).
macro_rules! attacks {
    ($module:ident, $piece:ident, $bitboard:ty) => {
        |sq: usize, occ: $bitboard| {
            let square = $module::Square::new_unchecked(sq);
            $module::attacks($module::Piece::$piece, $module::Color::White, square, occ)
        }
    };
}

/// Rooks on larger boards against the chess rook (`u64`): the Xiangqi chariot (9x10) and the
/// Grand rook (10x10) on `u128`, and the Chu Shogi rook (12x12) on `Bitboard192`, occupancies
/// as dense as above; then the 12x12 rook against the 10x10 one.
fn wide_boards() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut dense = || rng.next() & (rng.next() | rng.next());
    let mut u128_queries = |squares: u64| -> Vec<(usize, u128)> {
        (0..QUERIES)
            .map(|_| ((dense() % squares) as usize, ((dense() as u128) << 64 | dense() as u128) & ((1 << squares) - 1)))
            .collect()
    };
    let (ninety, ten) = (u128_queries(90), u128_queries(100));
    let eight: Vec<(usize, u64)> = (0..QUERIES).map(|_| ((dense() % 64) as usize, dense())).collect();
    let twelve: Vec<(usize, Bitboard192)> =
        (0..QUERIES).map(|_| ((dense() % 144) as usize, Bitboard192([dense(), dense(), dense() & 0xffff]))).collect();
    let rows = [
        (
            "rook 8x8: chess, u64 (baseline)",
            time(|| independent(&eight, attacks!(chess, Rook, u64))),
            time(|| chained::<64, _>(&eight, attacks!(chess, Rook, u64))),
        ),
        (
            "chariot 9x10: xiangqi, u128",
            time(|| independent(&ninety, attacks!(xiangqi, Chariot, u128))),
            time(|| chained::<90, _>(&ninety, attacks!(xiangqi, Chariot, u128))),
        ),
        (
            "rook 10x10: grand, u128",
            time(|| independent(&ten, attacks!(grand, Rook, u128))),
            time(|| chained::<100, _>(&ten, attacks!(grand, Rook, u128))),
        ),
        (
            "rook 12x12: chu, Bitboard192",
            time(|| independent(&twelve, attacks!(chu, Rook, Bitboard192))),
            time(|| chained::<144, _>(&twelve, attacks!(chu, Rook, Bitboard192))),
        ),
    ];
    report(&rows, 0);
    report(&rows[2..], 0);
}

/// A chain of chess rook lookups on typed squares: each starts from the lowest square the last
/// answer shares with its occupancy (the nearest piece the last rook attacked), or from the
/// query's own square when there is none, so no two lookups overlap.
#[inline(never)]
fn typed_chain(queries: &[(chess::Square, u64)]) -> u64 {
    let mut last = 0;
    for &(square, occupied) in black_box(queries) {
        let from = (last & occupied).lowest().unwrap_or(square);
        last = chess::rook_attacks(from, occupied);
    }
    last
}

/// The same chain on raw indices, each converted to the lookup's `Square` at the call.
#[inline(never)]
fn raw_chain(queries: &[(usize, u64)]) -> u64 {
    let mut last = 0;
    for &(index, occupied) in black_box(queries) {
        let from = (last & occupied).lowest_index().unwrap_or(index);
        last = chess::rook_attacks(chess::Square::new_unchecked(from), occupied);
    }
    last
}

/// The chess rook on typed squares against raw indices converted at each call: the same
/// queries, the same answers.
fn typed_squares(raw: &[(usize, u64)]) {
    let typed: Vec<(chess::Square, u64)> =
        raw.iter().map(|&(index, occupied)| (chess::Square::new(index).expect("a chess square"), occupied)).collect();
    assert_eq!(typed_chain(&typed), raw_chain(raw));
    let raw_rook = |index: usize, occupied: u64| chess::rook_attacks(chess::Square::new_unchecked(index), occupied);
    report(
        &[
            (
                "rook, chess: raw index, new_unchecked (baseline)",
                time(|| independent(raw, raw_rook)),
                time(|| raw_chain(raw)),
            ),
            (
                "rook, chess: typed Square",
                time(|| independent(&typed, chess::rook_attacks)),
                time(|| typed_chain(&typed)),
            ),
        ],
        0,
    );
}

/// Whether the table `name` was asked for: every argument that is not a flag names one (cargo
/// passes `--bench`), and none asks for all.
fn wanted(name: &str) -> bool {
    let names: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    names.is_empty() || names.iter().any(|n| n == name)
}

fn report(rows: &[(&str, f64, f64)], baseline: usize) {
    let (_, bt, bl) = rows[baseline];
    println!("{:50} {:>10} {:>10} {:>9} {:>9}", "", "ns indep.", "ns chain", "x indep.", "x chain");
    for &(name, t, l) in rows {
        println!("{name:50} {t:10.2} {l:10.2} {:9.2} {:9.2}", t / bt, l / bl);
    }
    println!();
}

fn main() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    // Occupancies about as dense as a middlegame: each square a third of the time.
    let queries: Vec<(usize, u64)> =
        (0..QUERIES).map(|_| ((rng.next() % 64) as usize, rng.next() & (rng.next() | rng.next()))).collect();
    let q = &queries;

    let cozy_sq = |sq: usize| cozy_chess::Square::index(sq);
    let cozy_rook = |sq: usize, occ: u64| cozy_chess::get_rook_moves(cozy_sq(sq), cozy_chess::BitBoard(occ)).0;
    let cozy_bishop = |sq: usize, occ: u64| cozy_chess::get_bishop_moves(cozy_sq(sq), cozy_chess::BitBoard(occ)).0;
    let cozy_queen = |sq: usize, occ: u64| cozy_rook(sq, occ) | cozy_bishop(sq, occ);
    let sh_sq = |sq: usize| shakmaty::Square::new(sq as u32);
    let sh_rook = |sq: usize, occ: u64| shakmaty::attacks::rook_attacks(sh_sq(sq), shakmaty::Bitboard(occ)).0;
    let sh_bishop = |sq: usize, occ: u64| shakmaty::attacks::bishop_attacks(sh_sq(sq), shakmaty::Bitboard(occ)).0;
    let sh_queen = |sq: usize, occ: u64| shakmaty::attacks::queen_attacks(sh_sq(sq), shakmaty::Bitboard(occ)).0;

    // Everyone must agree before anyone is timed.
    for &(sq, occ) in q.iter().take(100_000) {
        assert_eq!(attacks!(chess, Rook, u64)(sq, occ), cozy_rook(sq, occ));
        assert_eq!(attacks!(chess_pext, Queen, u64)(sq, occ), sh_queen(sq, occ));
        assert_eq!(attacks!(chess_split32, Queen, u64)(sq, occ), sh_queen(sq, occ));
        assert_eq!(attacks!(chess_throughput, Queen, u64)(sq, occ), sh_queen(sq, occ));
        assert_eq!(attacks!(chess, Bishop, u64)(sq, occ), sh_bishop(sq, occ));
        assert_eq!(attacks!(chess, Queen, u64)(sq, occ), sh_queen(sq, occ));
    }

    macro_rules! row {
        ($name:expr, $f:expr) => {
            ($name, time(|| independent(q, $f)), time(|| chained::<64, _>(q, $f)))
        };
    }
    println!("{} queries of each kind, best of 7 runs\n", QUERIES);
    if !cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
        println!("chess_pext computes PEXT a bit at a time: run with RUSTFLAGS=\"-C target-feature=+bmi2\"\n");
    }
    if wanted("chess") {
        report(
            &[
                row!("rook: cozy-chess (baseline)", cozy_rook),
                row!("rook: shakmaty", sh_rook),
                row!("rook: fairy-magic chess", attacks!(chess, Rook, u64)),
                row!("rook: fairy-magic chess_pext", attacks!(chess_pext, Rook, u64)),
                row!("rook: fairy-magic chess_split32", attacks!(chess_split32, Rook, u64)),
                row!("rook: fairy-magic chess_throughput", attacks!(chess_throughput, Rook, u64)),
                row!("bishop: cozy-chess", cozy_bishop),
                row!("bishop: shakmaty", sh_bishop),
                row!("bishop: fairy-magic chess", attacks!(chess, Bishop, u64)),
                row!("bishop: fairy-magic chess_pext", attacks!(chess_pext, Bishop, u64)),
                row!("bishop: fairy-magic chess_split32", attacks!(chess_split32, Bishop, u64)),
                row!("queen: cozy-chess (rook | bishop)", cozy_queen),
                row!("queen: shakmaty", sh_queen),
                row!("queen: fairy-magic chess", attacks!(chess, Queen, u64)),
                row!("queen: fairy-magic chess_pext", attacks!(chess_pext, Queen, u64)),
                row!("queen: fairy-magic chess_split32", attacks!(chess_split32, Queen, u64)),
                row!("queen: fairy-magic chess_throughput", attacks!(chess_throughput, Queen, u64)),
            ],
            0,
        );
    }
    if wanted("gallery") {
        report(
            &[
                row!("queen: fairy-magic gallery (baseline)", attacks!(gallery, Queen, u64)),
                row!("griffon [F?R], gallery", attacks!(gallery, Griffon, u64)),
                row!("osprey [D?B], gallery", attacks!(gallery, Osprey, u64)),
                row!("nightrider NN, gallery", attacks!(gallery, Nightrider, u64)),
            ],
            0,
        );
    }
    if wanted("fairy") {
        report(
            &[
                row!("queen: fairy-magic fairy (baseline)", attacks!(fairy, Queen, u64)),
                row!("griffon [F?R], fairy", attacks!(fairy, Griffon, u64)),
                row!("osprey [D?B], fairy", attacks!(fairy, Osprey, u64)),
                row!("nightrider NN, fairy", attacks!(fairy, Nightrider, u64)),
            ],
            0,
        );
    }
    if wanted("wide") {
        wide_boards();
    }
    if wanted("squares") {
        typed_squares(q);
    }
}
