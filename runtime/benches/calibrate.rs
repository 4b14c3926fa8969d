//! `cargo bench -p fairy-magic-runtime --bench calibrate` (`cargo xtask calibrate` runs it and
//! writes its figures to `compiler/calibration.txt`, which the planner reads).
//!
//! What each lookup form costs on this machine, in picoseconds, measured three ways: its latency
//! in a dependent chain (each query's occupancy depends on the previous answer, as a slider's
//! ray walk or a search along a line does; `optimize latency` weighs these), and its cost inside
//! a move generator's loop ([`engine`]: many positions, a move made and unmade at each, every
//! piece's query interleaved with that work), once plain (a perft tool; `optimize throughput`)
//! and once under cache pressure (each node also reads a few cache lines at random from a buffer
//! of tens of megabytes, as a search engine's transposition table and NNUE accumulators do; the
//! default, `optimize speed`). The forms: a probe under each index formula into a hot table and
//! a cold one, a computed line (a rook's two lines, the cost halved), what a rank's slide adds
//! read as a slide or from the board's rank table ([`rank_slide`]), and a plain check, on `u64`,
//! `u128`, `Bitboard192` and `Bitboard256`. In the chain the hot table is a rook-sized one of
//! 4096 entries and the cold one 2^20 entries, far past the caches; in the engine loop, where
//! every square has its own probe as in a module, the hot table fills an L2 of 1 MiB (the
//! cache size a plan keeps to) and the cold one is 16 MiB.
//!
//! Prints `form width picoseconds` for the latency, `form-engine width picoseconds` and
//! `form-pressure width picoseconds` for the loop, plain and under pressure, best of several
//! runs.

use std::hint::black_box;
#[cfg(not(target_os = "linux"))]
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
    best_of_runs(STEPS, || {
        let mut found = B::EMPTY;
        for i in 0..STEPS {
            found = f(occupancies[i & 63] ^ found, i);
        }
        black_box(found);
    })
}

/// Picoseconds a step of `run` (which makes `steps` steps), the best of `RUNS` timings: the
/// others met interrupts.
fn best_of_runs(steps: usize, mut run: impl FnMut()) -> u64 {
    (0..RUNS)
        .map(|_| {
            let start = Clock::now();
            run();
            start.elapsed_nanos() * 1000 / steps as u64
        })
        .min()
        .unwrap_or(u64::MAX)
}

/// This thread's CPU time where Linux gives it, else the wall clock: on a machine shared with
/// other work a wall clock also counts the time the thread waited for a core, which made one
/// run's figures up to five times another's on the 2-core development machine.
struct Clock {
    #[cfg(target_os = "linux")]
    start: u64,
    #[cfg(not(target_os = "linux"))]
    start: Instant,
}

impl Clock {
    #[cfg(target_os = "linux")]
    fn now() -> Clock {
        Clock { start: thread_nanos() }
    }

    #[cfg(target_os = "linux")]
    fn elapsed_nanos(&self) -> u64 {
        thread_nanos() - self.start
    }

    #[cfg(not(target_os = "linux"))]
    fn now() -> Clock {
        Clock { start: Instant::now() }
    }

    #[cfg(not(target_os = "linux"))]
    fn elapsed_nanos(&self) -> u64 {
        self.start.elapsed().as_nanos() as u64
    }
}

/// Nanoseconds of CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(target_os = "linux")]
fn thread_nanos() -> u64 {
    /// `struct timespec` on 64-bit Linux.
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { seconds: 0, nanos: 0 };
    // SAFETY: `time` is a valid, writable timespec, and this clock exists on every Linux.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    time.seconds as u64 * 1_000_000_000 + time.nanos as u64
}

/// Prints the latency of one form: `f` answers `per_call` reads of it.
fn report<B: LookupBits>(form: &str, width: &str, occupancies: &[B], per_call: u64, mut f: impl FnMut(B, usize) -> B) {
    println!("{form} {width} {}", chain(occupancies, &mut f) / per_call);
}

/// The `slide` and `rank` latencies: what a rook's rank adds to its file, read as a slide (the
/// rook's lines through `slides`, as modules read them) or from the board's rank table
/// ([`rank_slide`]), each priced as what it adds to the file's slide alone in the same chain,
/// so the planner compares like with like: a rank read replaces one slide. Unlike the other
/// chains these read every square's lines, as a module does: the square of each query is a
/// random one that takes a bit of the last answer. Read from one square, the lines stayed in
/// registers and a slide cost next to nothing, where a module loads its square's lines and a
/// rank read spares one of them.
fn rank_and_slide<B: LookupBits, const FILES: usize>(
    name: &str,
    board: &Board<B>,
    occupancies: &[B],
    rng: &mut XorShift,
) {
    let squares = board.rooks.len();
    // Every board here has an even number of squares, so flipping the lowest bit of a square
    // index stays on the board.
    let picks: Vec<usize> = (0..1024).map(|_| (rng.next() % squares as u64) as usize).collect();
    let square = |occupied: B, i: usize| picks[i & 1023] ^ (occupied.low_word() & 1) as usize;
    let alone = chain(occupancies, &mut |o, i| board.file(o, square(o, i)));
    let slide = chain(occupancies, &mut |o, i| board.file_and_rank(o, square(o, i)));
    let rank = chain(occupancies, &mut |o, i| board.file_and_read::<FILES>(o, square(o, i)));
    let added = |with: u64, without: u64| with.saturating_sub(without).max(1);
    println!("slide {name} {}", added(slide, alone));
    println!("rank {name} {}", added(rank, alone));
}

/// A board's lookups as a module stores them, one of each per square: a rook's lines and
/// classic mask ([`Rook`]), the rank table ([`rank_slide`]), and a plain check.
struct Board<B> {
    rooks: Vec<Rook<B>>,
    /// The rank table, in bytes where a rank's squares fit them, as a module stores it.
    bytes: Vec<u8>,
    /// The same in 16-bit words, for boards of more than 8 files.
    words: Vec<u16>,
}

impl<B: LookupBits> Board<B> {
    fn new(files: usize, ranks: usize) -> Self {
        Board {
            rooks: (0..files * ranks).map(|s| rook_on(files, ranks, s % files, s / files)).collect(),
            bytes: if files <= 8 { rank_table(files) } else { Vec::new() },
            words: if files <= 8 { Vec::new() } else { rank_table(files) },
        }
    }

    /// A rook's file alone: what the `slide` and `rank` figures are measured against.
    fn file(&self, occupied: B, at: usize) -> B {
        slides(&self.rooks[at].lines[1..], occupied)
    }

    /// A rook's file and rank as two slides.
    fn file_and_rank(&self, occupied: B, at: usize) -> B {
        slides(&self.rooks[at].lines, occupied)
    }

    /// A rook's file, its rank read from the rank table.
    fn file_and_read<const FILES: usize>(&self, occupied: B, at: usize) -> B {
        let read = match FILES <= 8 {
            true => rank_slide(&self.bytes, FILES, at, occupied),
            false => rank_slide(&self.words, FILES, at, occupied),
        };
        self.file(occupied, at) | read
    }
}

/// Nodes of one timed engine loop.
const NODES: usize = 1 << 17;
/// Nodes the loop walks through, in a search's order ([`nodes`]), each visited many times.
const POSITIONS: usize = 1 << 14;
/// Queries a node makes: about what cozy-chess's legal move generator asks at each node (each
/// of a side's pieces, the checkers and pins seen from its king, the attackers of each square
/// the king may go to). With 8 a node the 4 pressure reads weighed four times what they do in
/// an engine's loop, and the loop called a probe twice a line's cost where cozy-chess's perft
/// with the same 4 reads a node ran faster on one probe a slider than on lines.
const PIECES: usize = 32;
/// Bytes of the buffer a node reads at random under cache pressure: tens of megabytes, a
/// transposition table's and NNUE accumulators' stand-in.
const PRESSURE_BYTES: usize = 64 << 20;
/// Cache lines a node reads from it: a transposition-table probe and accumulator updates.
const PRESSURE_LINES: usize = 4;
/// Bytes of the loop's hot probe table: an L2 of 1 MiB, which a plan's tables may fill.
const ENGINE_HOT_BYTES: usize = 1 << 20;
/// Bytes of its cold one: past the L2 and most of the L3.
const ENGINE_COLD_BYTES: usize = 16 << 20;

/// One node of the loop: its parent's position, the move made there to reach it (and unmade
/// after), the pieces asked about.
#[derive(Clone, Copy)]
struct Node<B> {
    occupied: B,
    /// The squares the move leaves and reaches: making it and unmaking it xor them in and out.
    moved: B,
    pieces: [u8; PIECES],
}

/// The nodes of a search, in the order it visits them: from each of a few random roots, every
/// node makes `BRANCHES` moves (a piece to an empty square) and searches each to `DEPTH`, so
/// that a node's position is its parent's but for one move, as in an engine, and the same
/// squares and occupancies come back as they do there. The pieces are `PIECES` of the
/// occupied squares.
fn nodes<B: LookupBits>(squares: usize, rng: &mut XorShift) -> Vec<Node<B>> {
    let mut nodes = Vec::new();
    while nodes.len() < POSITIONS {
        let occupied: B = rng.set(squares, 3);
        let on: Vec<usize> = occupied.indices().collect();
        let pieces = [0; PIECES].map(|_| on.get(rng.next() as usize % on.len().max(1)).map_or(0, |&s| s as u8));
        search(Node { occupied, moved: B::EMPTY, pieces }, DEPTH, squares, rng, &mut nodes);
    }
    nodes
}

/// Moves each searched node makes.
const BRANCHES: usize = 3;
/// How deep each root is searched: `BRANCHES^DEPTH` leaves.
const DEPTH: usize = 7;

/// Visits `node`, then each of its children: one piece moved to an empty square.
fn search<B: LookupBits>(node: Node<B>, depth: usize, squares: usize, rng: &mut XorShift, nodes: &mut Vec<Node<B>>) {
    nodes.push(node);
    if depth == 0 {
        return;
    }
    let here = node.occupied ^ node.moved;
    for _ in 0..BRANCHES {
        let piece = rng.next() as usize % PIECES;
        let from = usize::from(node.pieces[piece]);
        let to = rng.next() as usize % squares;
        if here.has_index(to) {
            continue;
        }
        let mut pieces = node.pieces;
        pieces[piece] = to as u8;
        let child = Node { occupied: here, moved: B::from_index(from) | B::from_index(to), pieces };
        search(child, depth - 1, squares, rng, nodes);
    }
}

/// Picoseconds a query of `form` adds to a move generator's loop, best of `RUNS`: at each node
/// the move is made (its squares xored into the occupancy), under `pressure` the node reads
/// `PRESSURE_LINES` lines of it at random (by a hash of the position, as a table probe would),
/// every piece's moves are counted (`form` and a leap read from a 64-entry-a-square table, as a
/// knight's, masked with the empty squares), and the move is unmade. The same loop with no
/// form, only the leap, is timed alike and taken off: what is left is the form's share.
fn engine<B: LookupBits>(loop_: &Loop<B>, pressure: Option<&[u64]>, form: impl Fn(B, usize) -> B) -> u64 {
    // Timed in turns, each with-form run beside a run without, and the median difference
    // taken: under pressure a run waits on memory that other work shares, and a turn's two runs
    // share its conditions where the best of each, taken apart, came from different ones.
    let mut added: Vec<i64> = (0..ENGINE_TURNS)
        .map(|_| {
            let with = engine_run(loop_, pressure, &form);
            let without = engine_run(loop_, pressure, |_, _| B::EMPTY);
            with as i64 - without as i64
        })
        .collect();
    added.sort_unstable();
    added[ENGINE_TURNS / 2].max(1) as u64
}

/// Turns of an engine figure ([`engine`]): an odd number, for a median.
const ENGINE_TURNS: usize = 9;

/// What the loop's nodes ask besides the form: the nodes and each square's leap.
struct Loop<B> {
    nodes: Vec<Node<B>>,
    leaps: Vec<B>,
}

/// Picoseconds a query of one timed engine loop with `form` (see [`engine`]).
fn engine_run<B: LookupBits>(loop_: &Loop<B>, pressure: Option<&[u64]>, form: impl Fn(B, usize) -> B) -> u64 {
    let (nodes, leaps) = (&loop_.nodes, &loop_.leaps);
    let start = Clock::now();
    let (mut moves, mut read) = (0u32, 0u64);
    for i in 0..NODES {
        let node = &nodes[i % nodes.len()];
        let occupied = node.occupied ^ node.moved;
        if let Some(buffer) = pressure {
            let mut hash = (occupied.low_word() ^ i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for _ in 0..PRESSURE_LINES {
                hash = hash.rotate_left(23).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                read = read.wrapping_add(buffer[(hash as usize >> 8) % buffer.len()]);
            }
        }
        for &at in &node.pieces {
            let at = usize::from(at);
            moves += ((form(occupied, at) | leaps[at]) & !occupied).count();
        }
    }
    black_box((moves, read));
    start.elapsed_nanos() * 1000 / (NODES * PIECES) as u64
}

/// Every form's figure in the engine loop, plain (`-engine`) and under cache pressure
/// (`-pressure`).
fn engine_figures<B: LookupBits, const FILES: usize>(
    name: &str,
    board: &Board<B>,
    pressure: &[u64],
    rng: &mut XorShift,
) {
    let squares = board.rooks.len();
    let loop_ = Loop { nodes: nodes::<B>(squares, rng), leaps: (0..squares).map(|_| rng.set(squares, 1)).collect() };
    let entries = |bytes: usize| (bytes / std::mem::size_of::<B>()).next_power_of_two();
    let cold = entries(ENGINE_COLD_BYTES);
    let table: Vec<B> = (0..cold).map(|_| rng.set(squares, 2)).collect();
    let checks: Vec<[PlainCheck<B>; 1]> =
        board.rooks.iter().map(|r| [PlainCheck::new(r.mask, B::EMPTY, r.lines[0].reach)]).collect();
    for (measure, pressure) in [("engine", None), ("pressure", Some(pressure))] {
        for (form, index) in [("magic", Index::Magic), ("split32", Index::Split32), ("pext", Index::Pext)] {
            for (suffix, bytes) in [("", ENGINE_HOT_BYTES), ("-cold", ENGINE_COLD_BYTES)] {
                // Each square's probe has its own part of the table, spread over all of it, as a
                // module's are; a random magic is no real one, but it costs the same.
                let len = entries(bytes);
                let stride = len / squares;
                let probes: Vec<Probe<B>> = (0..squares)
                    .map(|s| {
                        Probe::new(board.rooks[s].mask, rng.set(squares, 1), (B::BITS - 12) as u8, (s * stride) as u32)
                    })
                    .collect();
                let table = &table[..len];
                // The index formula a constant, as a module's `INDEX` is: a formula chosen at
                // run time branched in every probe and cost more than the probe's own work.
                let picos = match index {
                    Index::Magic => engine(&loop_, pressure, |occupied, at| {
                        table[probes[at].index(Index::Magic, occupied) & (len - 1)]
                    }),
                    Index::Split32 => engine(&loop_, pressure, |occupied, at| {
                        table[probes[at].index(Index::Split32, occupied) & (len - 1)]
                    }),
                    Index::Pext => engine(&loop_, pressure, |occupied, at| {
                        table[probes[at].index(Index::Pext, occupied) & (len - 1)]
                    }),
                };
                println!("probe-{form}{suffix}-{measure} {name} {picos}");
            }
        }
        println!("line-{measure} {name} {}", engine(&loop_, pressure, |o, at| board.file_and_rank(o, at)) / 2);
        let alone = engine(&loop_, pressure, |o, at| board.file(o, at));
        let added = |with: u64| with.saturating_sub(alone).max(1);
        println!("slide-{measure} {name} {}", added(engine(&loop_, pressure, |o, at| board.file_and_rank(o, at))));
        println!(
            "rank-{measure} {name} {}",
            added(engine(&loop_, pressure, |o, at| board.file_and_read::<FILES>(o, at)))
        );
        let check = engine(&loop_, pressure, |o, at| fairy_magic_runtime::plain_checks(&checks[at], o));
        println!("check-{measure} {name} {check}");
    }
}

/// A board's rank table ([`rank_slide`]), in entries of `E`.
fn rank_table<E: TryFrom<u64>>(files: usize) -> Vec<E> {
    let entry = |i: usize| E::try_from(rank_table_entry(files, i)).ok().expect("fits");
    (0..rank_table_len(files)).map(entry).collect()
}

/// Every figure of one width, on a board of `FILES` files (a constant, as in a module, where the
/// rank read's `% files` is a multiply, not a division) and `ranks` ranks.
fn calibrate<B: LookupBits, const FILES: usize>(name: &str, ranks: usize, pressure: &[u64], rng: &mut XorShift) {
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
    let board = Board::<B>::new(files, ranks);
    rank_and_slide::<B, FILES>(name, &board, &occupancies, rng);
    let check = PlainCheck::new(rook.mask, B::EMPTY, rook.lines[0].reach);
    report("check", name, &occupancies, 1, |occupied, _| {
        fairy_magic_runtime::plain_checks(black_box(&[check]), occupied)
    });
    engine_figures::<B, FILES>(name, &board, pressure, rng);
}

fn main() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let pressure: Vec<u64> = (0..PRESSURE_BYTES / 8).map(|_| rng.next()).collect();
    calibrate::<u64, 8>("64", 8, &pressure, &mut rng);
    calibrate::<u128, 9>("128", 10, &pressure, &mut rng);
    calibrate::<Bitboard192, 12>("192", 12, &pressure, &mut rng);
    calibrate::<Bitboard256, 16>("256", 16, &pressure, &mut rng);
}
