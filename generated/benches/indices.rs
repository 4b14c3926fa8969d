//! `cargo bench -p fairy-magic-generated --bench indices`
//!
//! `vector_index`, `move_index` and `threat_index` of the Xiangqi and chess modules against full
//! look-up tables of the same layout (`[piece-colour][from][to]` for the first two,
//! `[attacker][from][to][victim]` for threats), built from the module's own answers, in one
//! process: 1M pseudo-random queries, each a potential attack (as NNUE threat inputs ask them),
//! best of seven, as nanoseconds a query and as the ratio computed / table (lower is faster).

use fairy_magic_generated::{chess, xiangqi};
use fairy_magic_runtime::Color;

#[path = "../tests/rng/mod.rs"]
mod rng;
mod timing;
use rng::XorShift;
use timing::{time, QUERIES};

/// One variant's indices, pieces, colours and squares as numbers (each square converted to the
/// module's with `Square::new_unchecked`, which costs nothing); closures (not function pointers), so
/// that each call inlines as an engine's would.
struct Indices<V, M, T> {
    name: &'static str,
    pieces: usize,
    squares: usize,
    vector: V,
    moves: M,
    threat: T,
}

/// (attacker piece-colour, from, victim piece-colour, to), `to` a potential attack; bytes, so
/// that the queries stream through the cache in 4 MB and leave it to the tables.
type Query = (u8, u8, u8, u8);

/// Every query's answer added up, so that none can be skipped.
fn sum(queries: &[Query], f: impl Fn(usize, usize, usize, usize) -> u64) -> u64 {
    queries
        .iter()
        .fold(0u64, |acc, &(a, from, v, to)| acc.wrapping_add(f(a as usize, from as usize, v as usize, to as usize)))
}

fn colour(pc: usize) -> Color {
    Color::ALL[pc % 2]
}

fn bench<V, M, T>(ix: &Indices<V, M, T>)
where
    V: Fn(usize, Color, usize, usize) -> Option<u16>,
    M: Fn(usize, Color, usize, usize) -> Option<u16>,
    T: Fn(usize, Color, usize, usize, Color, usize) -> Option<u32>,
{
    let (pcs, sq) = (ix.pieces * 2, ix.squares);
    // Every potential attack, then queries drawn from them with a random victim.
    let mut attacks = Vec::new();
    for a in 0..pcs {
        for from in 0..sq {
            for to in 0..sq {
                if (ix.moves)(a / 2, colour(a), from, to).is_some() {
                    attacks.push((a, from, to));
                }
            }
        }
    }
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let queries: Vec<Query> = (0..QUERIES)
        .map(|_| {
            let (a, from, to) = attacks[(rng.next() % attacks.len() as u64) as usize];
            (a as u8, from as u8, (rng.next() % pcs as u64) as u8, to as u8)
        })
        .collect();
    // The full tables, as the module answers.
    let mut vector_table = vec![u16::MAX; pcs * sq * sq];
    let mut move_table = vec![u16::MAX; pcs * sq * sq];
    let mut threat_table = vec![u32::MAX; pcs * sq * sq * pcs];
    for a in 0..pcs {
        for from in 0..sq {
            for to in 0..sq {
                let at = (a * sq + from) * sq + to;
                vector_table[at] = (ix.vector)(a / 2, colour(a), from, to).unwrap_or(u16::MAX);
                move_table[at] = (ix.moves)(a / 2, colour(a), from, to).unwrap_or(u16::MAX);
                for v in 0..pcs {
                    threat_table[at * pcs + v] =
                        (ix.threat)(a / 2, colour(a), from, v / 2, colour(v), to).unwrap_or(u32::MAX);
                }
            }
        }
    }
    let q = &queries[..];
    let rows = [
        (
            "vector_index",
            time(|| sum(q, |a, from, _, to| (ix.vector)(a / 2, colour(a), from, to).unwrap_or(0) as u64)),
            time(|| sum(q, |a, from, _, to| vector_table[(a * sq + from) * sq + to] as u64)),
            vector_table.len() * 2,
        ),
        (
            "move_index",
            time(|| sum(q, |a, from, _, to| (ix.moves)(a / 2, colour(a), from, to).unwrap_or(0) as u64)),
            time(|| sum(q, |a, from, _, to| move_table[(a * sq + from) * sq + to] as u64)),
            move_table.len() * 2,
        ),
        (
            "threat_index",
            time(|| {
                sum(q, |a, from, v, to| (ix.threat)(a / 2, colour(a), from, v / 2, colour(v), to).unwrap_or(0) as u64)
            }),
            time(|| sum(q, |a, from, v, to| threat_table[((a * sq + from) * sq + to) * pcs + v] as u64)),
            threat_table.len() * 4,
        ),
    ];
    println!("{}: {} potential attacks, {QUERIES} queries", ix.name, attacks.len());
    println!("{:14} {:>12} {:>12} {:>9} {:>14}", "", "ns computed", "ns table", "x", "table bytes");
    for (name, computed, table, bytes) in rows {
        println!("{name:14} {computed:12.2} {table:12.2} {:9.2} {bytes:>14}", computed / table);
    }
    println!();
}

fn main() {
    bench(&Indices {
        name: "xiangqi",
        pieces: xiangqi::Piece::ALL.len(),
        squares: xiangqi::SQUARES,
        vector: |p, c, f, t| {
            xiangqi::vector_index(
                xiangqi::Piece::ALL[p],
                c,
                xiangqi::Square::new_unchecked(f),
                xiangqi::Square::new_unchecked(t),
            )
            .map(u16::from)
        },
        moves: |p, c, f, t| {
            xiangqi::move_index(
                xiangqi::Piece::ALL[p],
                c,
                xiangqi::Square::new_unchecked(f),
                xiangqi::Square::new_unchecked(t),
            )
        },
        threat: |p, c, f, v, vc, t| {
            let (from, to) = (xiangqi::Square::new_unchecked(f), xiangqi::Square::new_unchecked(t));
            xiangqi::threat_index(xiangqi::Piece::ALL[p], c, from, xiangqi::Piece::ALL[v], vc, to)
        },
    });
    bench(&Indices {
        name: "chess",
        pieces: chess::Piece::ALL.len(),
        squares: chess::SQUARES,
        vector: |p, c, f, t| {
            chess::vector_index(
                chess::Piece::ALL[p],
                c,
                chess::Square::new_unchecked(f),
                chess::Square::new_unchecked(t),
            )
            .map(u16::from)
        },
        moves: |p, c, f, t| {
            chess::move_index(chess::Piece::ALL[p], c, chess::Square::new_unchecked(f), chess::Square::new_unchecked(t))
        },
        threat: |p, c, f, v, vc, t| {
            let (from, to) = (chess::Square::new_unchecked(f), chess::Square::new_unchecked(t));
            chess::threat_index(chess::Piece::ALL[p], c, from, chess::Piece::ALL[v], vc, to)
        },
    });
}
