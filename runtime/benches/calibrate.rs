//! `cargo bench -p fairy-magic-runtime --bench calibrate` (`cargo xtask calibrate` runs it and
//! writes its figures to `compiler/calibration.txt`, which the planner reads).
//!
//! What each lookup form costs on this machine, in picoseconds, measured two ways: its latency
//! in a dependent chain (each query's occupancy depends on the previous answer, as a slider's
//! ray walk or a search along a line does; `optimize speed` weighs these) and its throughput
//! over independent queries (a move generator asking for each of its pieces in turn, whose
//! queries overlap in the CPU; `optimize throughput` weighs these). The forms: a probe under
//! each index formula into a hot table (a rook-sized one of 4096 entries) and into a cold one
//! (2^20 entries, far past the caches: what a probe costs in a module whose tables are over the
//! cache size), a computed line (a rook's two lines, the cost halved), a rank read (the
//! rook's rank from the board's shared rank table, [`rank_slide`]), and a plain check, on `u64`,
//! `u128`, `Bitboard192` and `Bitboard256`.
//!
//! Prints `form width picoseconds` for the latency and `form-throughput width picoseconds` for
//! the throughput of each form, best of several runs.

use std::hint::black_box;
use std::time::Instant;

use fairy_magic_runtime::{
    lines, rank_slide, rank_table_entry, rank_table_len, slides, Bitboard192, Bitboard256, Index, Line, LineForm,
    LookupBits, PlainCheck, Probe,
};

/// Steps of one timed chain.
const STEPS: usize = 1 << 21;
/// Timed chains a figure; the best counts (the others met interrupts).
const RUNS: usize = 7;
/// Entries of the hot table: a 12-bit rook's.
const HOT: usize = 1 << 12;
/// Entries of the cold table: megabytes, past every cache.
const COLD: usize = 1 << 20;

#[path = "../src/test_rng.rs"]
mod test_rng;
use test_rng::XorShift;

impl XorShift {
    fn set<B: LookupBits>(&mut self, squares: usize, density: u32) -> B {
        (0..squares).filter(|_| self.next() % 8 < u64::from(density)).fold(B::EMPTY, |b, s| b | B::from_index(s))
    }
}

/// A board's rook from a central square: its two lines and its classic mask.
struct Rook<B> {
    lines: [Line<B>; 2],
    mask: B,
}

fn rook<B: LookupBits>(files: usize, ranks: usize) -> Rook<B> {
    rook_on(files, ranks, files / 2, ranks / 2)
}

/// The rook of one square of a board.
fn rook_on<B: LookupBits>(files: usize, ranks: usize, file: usize, rank: usize) -> Rook<B> {
    let at = |f: usize, r: usize| B::from_index(r * files + f);
    let collect = |squares: &mut dyn Iterator<Item = (usize, usize)>| squares.fold(B::EMPTY, |b, (f, r)| b | at(f, r));
    let east = collect(&mut (file + 1..files).map(|f| (f, rank)));
    let west = collect(&mut (0..file).map(|f| (f, rank)));
    let north = collect(&mut (rank + 1..ranks).map(|r| (file, r)));
    let south = collect(&mut (0..rank).map(|r| (file, r)));
    let rank_line = Line::new(east, west, east | west, LineForm::Slide);
    let file_line = Line::new(north, south, north | south, LineForm::Slide);
    // The classic mask, edges off, cut to 12 squares: a table of 4096 entries.
    let mut mask = B::EMPTY;
    for s in (east | west | north | south).indices().take(12) {
        mask |= B::from_index(s);
    }
    Rook { lines: [rank_line, file_line], mask }
}

/// Picoseconds a step of a chain of `f`, best of `RUNS`: each step's occupancy is a random one
/// xored with the previous answer.
fn chain<B: LookupBits>(occupancies: &[B], f: &mut impl FnMut(B, usize) -> B) -> u64 {
    best_of_runs(|| {
        let mut found = B::EMPTY;
        for i in 0..STEPS {
            found = f(occupancies[i & 63] ^ found, i);
        }
        black_box(found);
    })
}

/// Picoseconds a query of `f` when no query waits for another, best of `RUNS`: the answers are
/// only xored together, so the CPU may run several queries at once.
fn independent<B: LookupBits>(occupancies: &[B], f: &mut impl FnMut(B, usize) -> B) -> u64 {
    best_of_runs(|| {
        let mut all = B::EMPTY;
        for i in 0..STEPS {
            all ^= f(occupancies[i & 63], i);
        }
        black_box(all);
    })
}

/// Picoseconds a step of `run` (which makes `STEPS` steps), the best of `RUNS` timings: the
/// others met interrupts.
fn best_of_runs(mut run: impl FnMut()) -> u64 {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            run();
            (start.elapsed().as_nanos() * 1000 / STEPS as u128) as u64
        })
        .min()
        .unwrap_or(u64::MAX)
}

/// Prints both figures of one form: `f` answers `per_call` reads of it.
fn report<B: LookupBits>(form: &str, width: &str, occupancies: &[B], per_call: u64, mut f: impl FnMut(B, usize) -> B) {
    println!("{form} {width} {}", chain(occupancies, &mut f) / per_call);
    println!("{form}-throughput {width} {}", independent(occupancies, &mut f) / per_call);
}

/// The `slide` and `rank` figures: what a rook's rank adds to its file, read as a slide (the
/// rook's lines through `slides`, as modules read them) or from the board's rank table
/// ([`rank_slide`]), each priced as what it adds to the file's slide alone in the same loop, so
/// the planner compares like with like: a rank read replaces one slide. Unlike the other
/// figures these read every square's lines, as a module does: the square of each query is a
/// random one, and in the chain it takes a bit of the last answer. Read from one square, the
/// lines stayed in registers and a slide cost next to nothing, where a module loads its
/// square's lines and a rank read spares one of them (the `chess` rook took 2.30 ns
/// independent as two slides, 2.10 as a slide and a rank read, in the lookups bench).
fn rank_and_slide<B: LookupBits, const FILES: usize>(name: &str, ranks: usize, occupancies: &[B], rng: &mut XorShift) {
    let squares = FILES * ranks;
    let rooks: Vec<Rook<B>> = (0..squares).map(|s| rook_on(FILES, ranks, s % FILES, s / FILES)).collect();
    let both: Vec<[Line<B>; 2]> = rooks.iter().map(|r| r.lines).collect();
    let file: Vec<[Line<B>; 1]> = rooks.iter().map(|r| [r.lines[1]]).collect();
    // Every board here has an even number of squares, so flipping the lowest bit of a square
    // index stays on the board.
    let picks: Vec<usize> = (0..1024).map(|_| (rng.next() % squares as u64) as usize).collect();
    let square = |occupied: B, i: usize| picks[i & 1023] ^ (occupied.low_word() & 1) as usize;
    let mut file_alone = |occupied: B, i| slides(&file[square(occupied, i)], occupied);
    let mut file_and_rank = |occupied: B, i| slides(&both[square(occupied, i)], occupied);
    // In bytes where a rank's squares fit them, as a module stores the table.
    let bytes: Vec<u8> = if FILES <= 8 { rank_table(FILES) } else { Vec::new() };
    let words: Vec<u16> = if FILES <= 8 { Vec::new() } else { rank_table(FILES) };
    let mut file_and_read = |occupied: B, i| {
        let at = square(occupied, i);
        let read = match FILES <= 8 {
            true => rank_slide(&bytes, FILES, at, occupied),
            false => rank_slide(&words, FILES, at, occupied),
        };
        slides(&file[at], occupied) | read
    };
    let added = |with: u64, without: u64| with.saturating_sub(without).max(1);
    let alone = (chain(occupancies, &mut file_alone), independent(occupancies, &mut file_alone));
    let slide = (chain(occupancies, &mut file_and_rank), independent(occupancies, &mut file_and_rank));
    let rank = (chain(occupancies, &mut file_and_read), independent(occupancies, &mut file_and_read));
    println!("slide {name} {}", added(slide.0, alone.0));
    println!("slide-throughput {name} {}", added(slide.1, alone.1));
    println!("rank {name} {}", added(rank.0, alone.0));
    println!("rank-throughput {name} {}", added(rank.1, alone.1));
}

/// A board's rank table ([`rank_slide`]), in entries of `E`.
fn rank_table<E: TryFrom<u64>>(files: usize) -> Vec<E> {
    let entry = |i: usize| E::try_from(rank_table_entry(files, i)).ok().expect("fits");
    (0..rank_table_len(files)).map(entry).collect()
}

/// Every figure of one width, on a board of `FILES` files (a constant, as in a module, where the
/// rank read's `% files` is a multiply, not a division) and `ranks` ranks.
fn calibrate<B: LookupBits, const FILES: usize>(name: &str, ranks: usize, rng: &mut XorShift) {
    let files = FILES;
    let squares = files * ranks;
    let occupancies: Vec<B> = (0..64).map(|_| rng.set(squares, 3)).collect();
    let hot: Vec<B> = (0..HOT).map(|_| rng.set(squares, 2)).collect();
    // Cold entries need not differ: only where they lie matters.
    let cold: Vec<B> = (0..COLD).map(|i| hot[i % HOT]).collect();
    let rook = rook::<B>(files, ranks);
    for (form, index) in [("magic", Index::Magic), ("split32", Index::Split32), ("pext", Index::Pext)] {
        let magic = rng.set::<B>(squares, 1);
        let probe = Probe::new(rook.mask, magic, (B::BITS - 12) as u8, 0);
        // The index is masked into the table: a random magic is no real one, but it costs the same.
        report(&format!("probe-{form}"), name, &occupancies, 1, |occupied, _| {
            hot[black_box(probe).index(index, occupied) & (HOT - 1)]
        });
        // Spread over the cold table by the step, and by the index, so that each read depends on
        // the last and few repeat.
        let spread = |occupied: B, i: usize| (black_box(probe).index(index, occupied) ^ i.wrapping_mul(40_503)) % COLD;
        report(&format!("probe-{form}-cold"), name, &occupancies, 1, |occupied, i| cold[spread(occupied, i)]);
    }
    report("line", name, &occupancies, 2, |occupied, _| lines(black_box(&rook.lines), occupied));
    rank_and_slide::<B, FILES>(name, ranks, &occupancies, rng);
    let check = PlainCheck::new(rook.mask, B::EMPTY, rook.lines[0].reach);
    report("check", name, &occupancies, 1, |occupied, _| {
        fairy_magic_runtime::plain_checks(black_box(&[check]), occupied)
    });
}

fn main() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    calibrate::<u64, 8>("64", 8, &mut rng);
    calibrate::<u128, 9>("128", 10, &mut rng);
    calibrate::<Bitboard192, 12>("192", 12, &mut rng);
    calibrate::<Bitboard256, 16>("256", 16, &mut rng);
}
