//! Stage 5: lookups → magics. For every lookup, a multiplier that sends every occupancy of its
//! mask to an index whose entry is right for it (two occupancies may share an entry only when
//! their answers agree), then all tables laid end to end in one array.
//!
//! Candidates come from a SplitMix64 generator seeded from the lookup's own contents and the
//! user's seed, so the same lookup gets the same magic on every machine and in every variant.

use std::sync::atomic::{AtomicU64, Ordering};

use fairy_magic_runtime::{Index, Probe};

pub use crate::board::Word;
use crate::board::{subsets, Squares};
use crate::error::{Bound, Error};
use crate::fxhash::FxHashMap;
use crate::limits::SearchLimits;
use crate::lookups::Lookup;
use crate::parallel;
use crate::splitmix::SplitMix64;

/// A lookup's magic and the size of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found<B> {
    /// The multiplier; unused (zero) with [`Index::Pext`], which gathers the mask's bits instead.
    pub magic: B,
    /// Index bits: the table has `1 << bits` entries.
    pub bits: u32,
}

impl<B: Word> Found<B> {
    /// The probe's `shift` field under this index.
    pub fn shift(&self, how: Index) -> u8 {
        shift_for::<B>(how, self.bits)
    }

    /// The probe the generated code makes for `lookup`, its table at `offset`.
    pub fn probe(&self, how: Index, lookup: &Lookup, offset: u32) -> Probe<B> {
        Probe::new(B::from_squares(lookup.mask), self.magic, self.shift(how), offset)
    }
}

fn shift_for<B: Word>(how: Index, bits: u32) -> u8 {
    match how {
        Index::Magic => (B::BITS - bits) as u8,
        Index::Split32 => (32 - bits) as u8,
        Index::Pext => 0,
    }
}

/// How many extra index bits beyond the mask's own may be tried before giving up.
const EXTRA_BITS: u32 = 6;

/// What the magic searches of one compilation have spent, shared by the threads that run them.
/// Each search counts its trials itself and adds them to the total a batch at a time, so that
/// threads do not contend on every candidate.
#[derive(Debug)]
struct Spending {
    /// The most trials all searches together may make.
    limit: u64,
    total: AtomicU64,
}

/// The trial limit was reached: the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OutOfTrials;

/// One search's trials: all it has made, and those not yet added to the total.
struct Tally<'s> {
    spending: &'s Spending,
    made: u64,
    unadded: u64,
}

/// Trials a search counts before it adds them to the total: a few milliseconds of work.
const TALLY_BATCH: u64 = 1 << 18;

impl Spending {
    /// Counts trials from `spent` on. The plan was held to the occupancy limit when the budgets
    /// were chosen, so nothing is allocated for a search that cannot finish.
    fn from(limits: SearchLimits, spent: u64) -> Spending {
        Spending { limit: limits.million_trials.saturating_mul(1_000_000), total: AtomicU64::new(spent) }
    }

    fn tally(&self) -> Tally<'_> {
        Tally { spending: self, made: 0, unadded: 0 }
    }

    fn add(&self, trials: u64) -> Result<(), OutOfTrials> {
        match self.total.fetch_add(trials, Ordering::Relaxed) + trials > self.limit {
            true => Err(OutOfTrials),
            false => Ok(()),
        }
    }
}

impl Tally<'_> {
    fn spend(&mut self, trials: u64) -> Result<(), OutOfTrials> {
        self.made += trials;
        self.unadded += trials;
        match self.unadded >= TALLY_BATCH {
            true => self.flush(),
            false => Ok(()),
        }
    }

    fn flush(&mut self) -> Result<(), OutOfTrials> {
        self.spending.add(std::mem::take(&mut self.unadded))
    }
}

/// The error of a compilation whose searches ran out of trials.
fn out_of_trials(limits: SearchLimits) -> Error {
    Error::limit(Bound::Trials, format!(
        "the magic search made more than {} million trials (occupancies tested against a candidate magic, about 100 million a second): lower --effort (or a fixed --max-bits), or raise the limit with --max-trials or `option max-trials`",
        limits.million_trials
    ))
}

/// The error of a lookup for which no magic turned up within the widths tried.
fn no_magic(lookup: &Lookup) -> Error {
    let bits = lookup.mask.count_ones().max(1);
    Error::NoMagic { bits, widest: bits + EXTRA_BITS, mask: format!("{:#x}", lookup.mask) }
}

/// The entries a lookup's table uses: `(index, answer)` pairs, sorted and without repeats.
pub type Entries = Vec<(usize, Squares)>;

/// How one lookup's search ended.
enum Searched<B> {
    /// Its magic and its table's entries, after this many trials.
    Found(Found<B>, Entries, u64),
    /// No magic turned up within the widths tried, after this many trials.
    NoMagic(u64),
    /// The compilation reached its trial limit while it searched.
    OutOfTrials,
}

/// Why the searches stopped: the error, and the lookup (in the order given) that met it, so that
/// the caller can name the piece that probes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The first lookup, in order, that ran out of trials or found no magic.
    pub lookup: usize,
    /// What stopped it.
    pub error: Error,
}

/// Every lookup's magic, with the entries its table uses. The searches run on `threads`
/// threads; each is seeded by its own lookup, so the magics do not depend on which thread
/// found them.
///
/// The result and any error are those of searching the lookups in order, each adding its
/// trials to one limit. Threads search ahead of that order, so when the limit is reached the
/// searches are gone through in order: one that finished counts its trials, one that the
/// limit cut short (or that never started) is searched again with what those before it
/// spent, and the first to go over the limit, or to find no magic, is the error.
pub fn find_all<B: Word>(
    how: Index,
    lookups: &[Lookup],
    seed: u64,
    effort: u32,
    limits: SearchLimits,
    threads: usize,
) -> Result<Vec<(Found<B>, Entries)>, Stopped> {
    let search = |lookup: &Lookup, spending: &Spending| -> Searched<B> {
        let answers = occupancies(lookup);
        let mut tally = spending.tally();
        let found = find::<B>(how, lookup, &answers, seed, effort, &mut tally);
        match found.and_then(|found| tally.flush().map(|()| found)) {
            Err(OutOfTrials) => Searched::OutOfTrials,
            Ok(None) => Searched::NoMagic(tally.made),
            Ok(Some(found)) => {
                let probe = found.probe(how, lookup, 0);
                let index = |occupied: Squares| probe.index(how, B::from_squares(occupied));
                let mut entries: Entries = answers.into_iter().map(|(occupied, a)| (index(occupied), a)).collect();
                entries.sort_unstable();
                entries.dedup();
                Searched::Found(found, entries, tally.made)
            }
        }
    };
    let shared = Spending::from(limits, 0);
    let start: Vec<usize> = (0..lookups.len()).collect();
    let ahead = parallel::map_until(
        lookups,
        &start,
        threads,
        |lookup| search(lookup, &shared),
        |searched| !matches!(searched, Searched::Found(..)),
    );
    let mut spent = 0u64;
    let mut all = Vec::with_capacity(lookups.len());
    for (i, (lookup, searched)) in lookups.iter().zip(ahead).enumerate() {
        let searched = match searched {
            Some(Searched::OutOfTrials) | None => search(lookup, &Spending::from(limits, spent)),
            Some(finished) => finished,
        };
        match searched {
            Searched::Found(found, entries, trials) if spent + trials <= shared.limit => {
                spent += trials;
                all.push((found, entries));
            }
            Searched::NoMagic(trials) if spent + trials <= shared.limit => {
                return Err(Stopped { lookup: i, error: no_magic(lookup) })
            }
            _ => return Err(Stopped { lookup: i, error: out_of_trials(limits) }),
        }
    }
    Ok(all)
}

/// Every occupancy of `mask` (carry-rippler order) with the answer the lookup gives for it.
pub fn occupancies(lookup: &Lookup) -> Vec<(Squares, Squares)> {
    subsets(lookup.mask).map(|subset| (subset, lookup.answer(subset))).collect()
}

/// Finds a magic for one lookup: first at the mask's own width, trying `1 << effort` candidates
/// at each width before allowing one more bit; then, where constructive collisions (occupancies
/// with the same answer) leave room, at fewer bits than the mask has, one bit at a time with
/// `1 << (effort - SHRINK_HANDICAP)` candidates each, keeping the narrowest that worked.
///
/// With [`Index::Pext`] there is nothing to search: the index is the mask's bits, gathered.
///
/// `answers` is `occupancies(lookup)`, which the caller needs too. `None`: no magic turned up
/// within [`EXTRA_BITS`] more bits than the mask has.
fn find<B: Word>(
    how: Index,
    lookup: &Lookup,
    answers: &[(Squares, Squares)],
    seed: u64,
    effort: u32,
    tally: &mut Tally,
) -> Result<Option<Found<B>>, OutOfTrials> {
    let min_bits = lookup.mask.count_ones().max(1);
    if how == Index::Pext {
        return Ok(Some(Found { magic: B::EMPTY, bits: min_bits }));
    }
    // A 32-bit product has at most 32 index bits.
    let widest = match how {
        Index::Split32 => 31,
        _ => B::BITS - 1,
    };
    let mut search = Search::<B>::new(how, lookup, answers, seed);
    let mut found = None;
    for bits in min_bits..=(min_bits + EXTRA_BITS).min(widest) {
        // Checked: `effort` past 63 (a caller of this stage alone, past `Settings::check`) means
        // candidates without end, which the trial limit stops, not an overflow.
        if let Some(magic) = search.try_width(bits, 1u64.checked_shl(effort).unwrap_or(u64::MAX), tally)? {
            found = Some(Found { magic, bits });
            break;
        }
    }
    let Some(mut found) = found else {
        return Ok(None);
    };
    // No table can have fewer entries than the lookup has distinct answers.
    let floor = search.distinct.next_power_of_two().trailing_zeros().max(1);
    let tries = 1u64.checked_shl(effort.saturating_sub(SHRINK_HANDICAP)).unwrap_or(u64::MAX);
    while found.bits > floor {
        match search.try_width(found.bits - 1, tries, tally)? {
            Some(magic) => found = Found { magic, bits: found.bits - 1 },
            None => break,
        }
    }
    Ok(Some(found))
}

/// A width below the mask's is rarely hit by a random multiplier (a few lookups in a hundred, the
/// ones whose answers collide in a pattern a product can follow), so it gets a small share of
/// the effort: `1 << (effort - this)` candidates a width.
const SHRINK_HANDICAP: u32 = 8;

/// One lookup's candidate stream and the scratch space its trials reuse.
struct Search<B> {
    how: Index,
    mask: B,
    rng: SplitMix64,
    /// Every occupancy of the mask as the word the probe reads, with its answer's number: a
    /// candidate is tested many times over, so nothing is converted or compared wide in the loop.
    tests: Vec<(B, u32)>,
    /// How many distinct answers the occupancies have.
    distinct: usize,
    /// Per entry: the attempt that last wrote it, and the answer it then took.
    entries: Vec<(u32, u32)>,
    attempt: u32,
}

impl<B: Word> Search<B> {
    fn new(how: Index, lookup: &Lookup, answers: &[(Squares, Squares)], seed: u64) -> Self {
        let mut number_of: FxHashMap<Squares, u32> = FxHashMap::default();
        let tests = answers
            .iter()
            .map(|&(occupied, answer)| {
                let next = number_of.len() as u32;
                (B::from_squares(occupied), *number_of.entry(answer).or_insert(next))
            })
            .collect();
        Search {
            how,
            mask: B::from_squares(lookup.mask),
            rng: SplitMix64::new(seed ^ fingerprint(lookup)),
            tests,
            distinct: number_of.len(),
            entries: Vec::new(),
            attempt: 0,
        }
    }

    /// A magic under which occupancies with different answers never share one of `1 << bits`
    /// entries, if one turns up within `tries` candidates. Every occupancy tested is a trial
    /// spent, counted a candidate at a time.
    fn try_width(&mut self, bits: u32, tries: u64, spending: &mut Tally) -> Result<Option<B>, OutOfTrials> {
        self.entries.clear();
        self.entries.resize(1usize << bits, (0, 0));
        self.attempt = 0;
        let shift = shift_for::<B>(self.how, bits);
        'candidates: for _ in 0..tries {
            let magic = B::sparse(&mut self.rng).for_mask(self.mask);
            // The top byte of mask * magic should carry many bits, or the index spreads badly.
            let top = Probe::new(self.mask, magic, shift_for::<B>(self.how, 8), 0);
            if bits >= 8 && top.index(self.how, self.mask).count_ones() < 4 {
                // Counted too: at a high --effort these alone would take minutes.
                spending.spend(1)?;
                continue;
            }
            self.attempt = self.attempt.wrapping_add(1);
            if self.attempt == 0 {
                // Past 2^32 candidates at one width (only a caller of this stage alone, with no
                // trial limit, gets here): stamps of 0 would read as this attempt's, so clear them.
                self.entries.fill((0, 0));
                self.attempt = 1;
            }
            let probe = Probe::new(self.mask, magic, shift, 0);
            for (tested, &(occupied, answer)) in self.tests.iter().enumerate() {
                let entry = &mut self.entries[probe.index(self.how, occupied)];
                if entry.0 != self.attempt {
                    *entry = (self.attempt, answer);
                } else if entry.1 != answer {
                    spending.spend(tested as u64 + 1)?;
                    continue 'candidates;
                }
            }
            spending.spend(self.tests.len() as u64)?;
            return Ok(Some(magic));
        }
        Ok(None)
    }
}

/// FNV-1a over the lookup's gates: a seed that depends on nothing but the lookup itself.
fn fingerprint(lookup: &Lookup) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for g in &lookup.gates {
        eat(&[g.dest, g.condition as u8]);
        // The low 128 squares as they always were (so the magics of smaller boards stay as
        // they are), the high ones only where a gate has some.
        for set in [g.path, g.required] {
            eat(&set.low_u128().to_le_bytes());
            let high = (set >> 128).low_u128();
            if high != 0 {
                eat(&high.to_le_bytes());
            }
        }
    }
    hash
}
