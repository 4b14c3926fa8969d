//! `cargo bench -p fairy-magic-runtime --bench u128_index`
//!
//! Which index formula should 128-square boards use? The runtime hashes each 64-bit half with
//! its own half of the magic and mixes the two products (`LookupBits for u128`); the obvious
//! alternative is one 128-bit multiply (three multiplies on x86-64). This benchmark finds magics
//! for both on the same rook lookups of a 10x10 board, checks both tables, then times random
//! lookups in one process: independent queries (throughput) and a dependent chain (latency).
//! It reports nanoseconds a lookup and the ratio of the alternative to the runtime's formula.

use std::hint::black_box;
use std::time::Instant;

use fairy_magic_runtime::LookupBits;

const FILES: i32 = 10;
const RANKS: i32 = 10;
const QUERIES: usize = 1 << 20;

#[path = "../src/test_rng.rs"]
mod test_rng;
use test_rng::XorShift;

impl XorShift {
    fn sparse128(&mut self) -> u128 {
        let lo = self.next() & self.next() & self.next();
        let hi = self.next() & self.next() & self.next();
        (hi as u128) << 64 | lo as u128
    }
}

fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r * FILES + f)
}

/// One lookup: the mask (the rook's vertical or horizontal rays without the edges) and the
/// attack set for every subset of it.
fn rays(square: i32, vertical: bool) -> (u128, Vec<(u128, u128)>) {
    let (f0, r0) = (square % FILES, square / FILES);
    let dirs: [(i32, i32); 2] = if vertical { [(0, 1), (0, -1)] } else { [(1, 0), (-1, 0)] };
    let inside = |f: i32, r: i32| (0..FILES).contains(&f) && (0..RANKS).contains(&r);
    let mut mask = 0;
    for (dx, dy) in dirs {
        let (mut f, mut r) = (f0 + dx, r0 + dy);
        while inside(f + dx, r + dy) {
            mask |= bit(f, r);
            f += dx;
            r += dy;
        }
    }
    let attacks = |occ: u128| {
        let mut a = 0;
        for (dx, dy) in dirs {
            let (mut f, mut r) = (f0 + dx, r0 + dy);
            while inside(f, r) {
                a |= bit(f, r);
                if occ & bit(f, r) != 0 {
                    break;
                }
                f += dx;
                r += dy;
            }
        }
        a
    };
    let mut subsets = Vec::new();
    let mut s: u128 = 0;
    loop {
        subsets.push((s, attacks(s)));
        s = s.wrapping_sub(mask) & mask;
        if s == 0 {
            break;
        }
    }
    (mask, subsets)
}

/// The alternative: one 128-bit product.
fn wide_hash(x: u128, magic: u128, shift: u8) -> usize {
    (x.wrapping_mul(magic) >> shift) as usize
}

fn split_hash(x: u128, magic: u128, shift: u8) -> usize {
    x.magic_hash(magic, shift)
}

struct Table {
    masks: Vec<u128>,
    magics: Vec<u128>,
    shifts: Vec<u8>,
    offsets: Vec<usize>,
    entries: Vec<u128>,
    tries: u64,
}

fn build(lookups: &[(u128, Vec<(u128, u128)>)], hash: fn(u128, u128, u8) -> usize, seed: u64) -> Table {
    let mut rng = XorShift(seed);
    let mut t = Table { masks: vec![], magics: vec![], shifts: vec![], offsets: vec![], entries: vec![], tries: 0 };
    for (mask, subsets) in lookups {
        let bits = mask.count_ones();
        let shift = (128 - bits) as u8;
        let mut slot = vec![None; 1 << bits];
        let magic = loop {
            t.tries += 1;
            let magic = rng.sparse128();
            slot.iter_mut().for_each(|s| *s = None);
            let ok = subsets.iter().all(|&(occ, att)| {
                let i = hash(occ, magic, shift);
                match slot[i] {
                    None => {
                        slot[i] = Some(att);
                        true
                    }
                    Some(a) => a == att,
                }
            });
            if ok {
                break magic;
            }
        };
        t.masks.push(*mask);
        t.magics.push(magic);
        t.shifts.push(shift);
        t.offsets.push(t.entries.len());
        t.entries.extend(slot.into_iter().map(|s| s.unwrap_or(0)));
    }
    // Both tables must answer every subset right before they are timed.
    for (i, (_, subsets)) in lookups.iter().enumerate() {
        for &(occ, att) in subsets {
            assert_eq!(t.entries[t.offsets[i] + hash(occ, t.magics[i], t.shifts[i])], att);
        }
    }
    t
}

/// The hash is a type parameter, not a pointer: each formula is compiled inline, as in a
/// generated module.
trait Hash: Copy {
    fn hash(self, x: u128, magic: u128, shift: u8) -> usize;
}

#[derive(Clone, Copy)]
struct Split;
#[derive(Clone, Copy)]
struct Wide;

impl Hash for Split {
    #[inline(always)]
    fn hash(self, x: u128, magic: u128, shift: u8) -> usize {
        split_hash(x, magic, shift)
    }
}

impl Hash for Wide {
    #[inline(always)]
    fn hash(self, x: u128, magic: u128, shift: u8) -> usize {
        wide_hash(x, magic, shift)
    }
}

#[inline(always)]
fn probe(t: &Table, hash: impl Hash, i: usize, occ: u128) -> u128 {
    t.entries[t.offsets[i] + hash.hash(occ & t.masks[i], t.magics[i], t.shifts[i])]
}

fn throughput(t: &Table, hash: impl Hash, queries: &[(usize, u128)]) -> u128 {
    queries.iter().fold(0u128, |acc, &(i, occ)| acc ^ probe(t, hash, i, occ))
}

/// Each query's occupancy depends on the previous answer: no overlap between lookups.
fn latency(t: &Table, hash: impl Hash, queries: &[(usize, u128)]) -> u128 {
    let mut last = 0u128;
    for &(i, occ) in queries {
        last = probe(t, hash, i, occ ^ (last & 1));
    }
    last
}

fn time(label: &str, mut f: impl FnMut() -> u128) -> f64 {
    // Best of five runs, to keep other work on the machine out of the figure.
    let best = (0..5)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed().as_secs_f64() / QUERIES as f64 * 1e9
        })
        .fold(f64::MAX, f64::min);
    println!("{label:44} {best:6.2} ns a lookup");
    best
}

fn main() {
    let lookups: Vec<_> = (0..FILES * RANKS).flat_map(|sq| [rays(sq, true), rays(sq, false)]).collect();
    let split = build(&lookups, split_hash, 0x1234_5678);
    let wide = build(&lookups, wide_hash, 0x1234_5678);
    println!(
        "{} rook lookups on 10x10; magic candidates tried: split {}, wide {}",
        lookups.len(),
        split.tries,
        wide.tries
    );

    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let queries: Vec<(usize, u128)> = (0..QUERIES)
        .map(|_| ((rng.next() % lookups.len() as u64) as usize, (rng.next() as u128) << 64 | rng.next() as u128))
        .collect();
    let queries = &queries;

    let a = time("split halves (runtime), independent", || throughput(&split, Split, queries));
    let b = time("one 128-bit product, independent", || throughput(&wide, Wide, queries));
    let c = time("split halves (runtime), dependent chain", || latency(&split, Split, queries));
    let d = time("one 128-bit product, dependent chain", || latency(&wide, Wide, queries));
    println!("one 128-bit product / split halves: throughput {:.2}x, latency {:.2}x", b / a, d / c);
}
