//! Part of stage 6 (tables): every lookup's table laid into one array. A table goes at the
//! lowest offset where each entry it uses either falls on a free place or equals what is already
//! there, so tables interleave through each other's unused entries and share equal ones (the
//! overlap Volker Annuss's compact rook and bishop tables use).
//!
//! Magic tables indexed by exactly their masks' bits come out almost full (every entry of
//! chess's tables is used), so on the shipped variants most of what packing saves (0.5-2%) is
//! equal entries shared between tables.
//!
//! Pure and deterministic: the same tables in the same order give the same array.

use crate::board::Squares;
use crate::fxhash::FxHashMap;

/// The packed array and where each table starts in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    /// Every entry; places no table uses hold `0`.
    pub entries: Vec<Squares>,
    /// Where each table starts in `entries`, in the order the tables were given.
    pub offsets: Vec<u32>,
}

/// `tables[t]` lists the entries table `t` uses, as `(index, value)` pairs; its other entries
/// are never read, so anything may sit there. Larger tables are placed first (they are the
/// hardest to fit), ties in the order given. Each goes at the lowest fitting offset among the
/// first `TRIES` candidates, or else at the end.
pub fn pack(tables: &[Vec<(usize, Squares)>]) -> Packed {
    // Values as small numbers (0 is a free place), so that trying an offset reads few bytes.
    let mut ids: FxHashMap<Squares, u32> = FxHashMap::default();
    let mut values: Vec<Squares> = vec![Squares::EMPTY];
    let tables: Vec<Vec<(usize, u32)>> = tables
        .iter()
        .map(|t| {
            t.iter()
                .map(|&(i, v)| {
                    let id = *ids.entry(v).or_insert_with(|| {
                        values.push(v);
                        values.len() as u32 - 1
                    });
                    (i, id)
                })
                .collect()
        })
        .collect();
    let mut order: Vec<usize> = (0..tables.len()).collect();
    order.sort_by_key(|&t| (std::cmp::Reverse(tables[t].len()), t));
    let mut array = Array::default();
    let mut offsets = vec![0u32; tables.len()];
    for t in order {
        let offset = array.lowest_fit(&tables[t]);
        array.place(offset, &tables[t]);
        offsets[t] = offset as u32;
    }
    Packed { entries: array.held.iter().map(|&id| values[id as usize]).collect(), offsets }
}

/// Offsets tried inside the array before a table goes at its end: it keeps packing linear in the
/// number of tables. A large table rarely fits among others' holes; small ones fit early.
const TRIES: usize = 4096;

#[derive(Default)]
struct Array {
    /// The value id at each place; 0 where no table uses it.
    held: Vec<u32>,
    /// One bit a place below `held.len()`: set while no table uses it.
    free: Vec<u64>,
    /// Where each value sits, to find places a table can share.
    places: FxHashMap<u32, Vec<usize>>,
}

impl Array {
    fn fits(&self, offset: usize, used: &[(usize, u32)]) -> bool {
        used.iter().all(|&(i, v)| self.held.get(offset + i).is_none_or(|&h| h == 0 || h == v))
    }

    /// Free places from `from` on, in increasing order.
    fn free_from(&self, from: usize) -> impl Iterator<Item = usize> + '_ {
        let first = from / 64;
        self.free.iter().enumerate().skip(first).flat_map(move |(w, &bits)| {
            let bits = if w == first { bits & (u64::MAX << (from % 64)) } else { bits };
            BitIter(bits).map(move |b| w * 64 + b)
        })
    }

    /// Every fitting offset puts the table's rarest value on a free place, on an equal value,
    /// or past the end: only those offsets are tried, in increasing order.
    fn lowest_fit(&self, used: &[(usize, u32)]) -> usize {
        let Some(&(key, value)) = used.iter().min_by_key(|&&(i, v)| (self.places.get(&v).map_or(0, Vec::len), i))
        else {
            return self.held.len();
        };
        let end = self.held.len().saturating_sub(key);
        let mut sharing: Vec<usize> =
            self.places.get(&value).into_iter().flatten().filter(|&&p| p >= key).map(|&p| p - key).collect();
        sharing.sort_unstable();
        let free = self.free_from(key).map(move |p| p - key);
        merge(free, sharing.into_iter())
            .filter(|&o| o < end)
            .take(TRIES)
            .chain(end..)
            .find(|&o| self.fits(o, used))
            .expect("the end is free")
    }

    fn place(&mut self, offset: usize, used: &[(usize, u32)]) {
        let top = used.iter().map(|&(i, _)| offset + i + 1).max().unwrap_or(0);
        if self.held.len() < top {
            for p in self.held.len()..top {
                if p / 64 == self.free.len() {
                    self.free.push(0);
                }
                self.free[p / 64] |= 1 << (p % 64);
            }
            self.held.resize(top, 0);
        }
        for &(i, v) in used {
            let p = offset + i;
            if self.held[p] == 0 {
                self.held[p] = v;
                self.free[p / 64] &= !(1 << (p % 64));
                self.places.entry(v).or_default().push(p);
            }
        }
    }
}

/// The set bits of a word, lowest first.
struct BitIter(u64);

impl Iterator for BitIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            b
        })
    }
}

/// Two increasing sequences as one.
fn merge(a: impl Iterator<Item = usize>, b: impl Iterator<Item = usize>) -> impl Iterator<Item = usize> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    std::iter::from_fn(move || match (a.peek(), b.peek()) {
        (Some(&x), Some(&y)) if y < x => b.next(),
        (Some(_), _) => a.next(),
        (None, _) => b.next(),
    })
}
