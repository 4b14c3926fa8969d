//! Compiler settings as typed values: what a variant file's `option` lines and the command
//! line's flags both become, and how they change [`Settings`]. A name that is not a setting, or a
//! value out of its range, is an error here, never a silent default.
//!
//! [`SETTINGS`] is the one list of them: a setting's name (the `option` word and the `--flag`),
//! the values it takes, its help and where [`Settings`] keeps it. The command line builds its
//! flags, their help and the header's regenerate command from it, so no setting is spelled twice.
//!
//! The types of settings' values ([`Optimize`], [`LineChoice`], [`Verify`], [`SearchLimits`],
//! [`Cap`]) are defined here too, so that this module, which `variant` reads `option` lines
//! into, imports no later stage: every import between them runs from a later stage to this one.

use std::num::NonZeroUsize;

use fairy_magic_runtime::Index;

use crate::parallel;

// The values of settings (see the module's note): `cost`, `lookups`, `limits` and `verify`
// re-export them, as the stages that act on them.

/// What a planner is asked to make small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Optimize {
    /// The reads (probes, lines and plain checks) that cost least in a move generator's loop
    /// under cache pressure (`Measure::Pressure`), as in a search engine whose transposition
    /// table and NNUE accumulators evict the tables, with tables that all stay within a cache
    /// size: the default.
    Speed,
    /// As [`Optimize::Speed`], by the same loop with nothing else in the cache
    /// (`Measure::Engine`): for perft and move generators.
    Throughput,
    /// As [`Optimize::Speed`], by each form's latency in a dependent chain
    /// (`Measure::Latency`): for searches along lines, where each query waits for the last.
    Latency,
    /// The fewest bytes, probes second (firmware).
    Size,
}

/// The smallest budget the cost model tries; below it plain checks take over.
pub const MIN_BITS: u32 = 4;

/// The largest budget the cost model tries.
pub const MAX_BITS: u32 = 12;

/// Whether the planner may compute lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineChoice {
    /// Where the measured figures say a line costs no more than the probes it replaces.
    #[default]
    Measured,
    /// Never: every move is a leap, a probe or a plain check.
    Never,
}

/// How thoroughly the tables are checked against the reference walker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verify {
    /// Every occupancy of every probe's mask, with random occupancy elsewhere: for anything
    /// that is written.
    Exhaustive,
    /// This many random occupancies a slot: for a one-off question (`fairy-magic moves`),
    /// whose answer is not kept.
    Sampled(usize),
}

/// How much work the magic search and the verification of one compilation may do, so that a
/// large `--max-bits` or a piece of thousands of paths ends in an error naming the limit
/// instead of a run of hours and gigabytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// The most occupancies all lookups together may have (each lookup has `1 << bits` of its
    /// mask): every one is enumerated, kept with its table entry and verified.
    pub occupancies: u64,
    /// The most candidate trials, in millions of occupancies tested, the search may make.
    pub million_trials: u64,
    /// The most verification steps, in millions: see [`verification_work`](crate::limits::verification_work).
    pub million_steps: u64,
}

/// The most trials (in millions) the magic search may make: some 100 million a second, so
/// about 40 s of one core, 20 s on two. With the verification's cap, a compilation that sets
/// both to their most stays within a minute on two cores (each was 6,000 once: a file that set
/// every limit to its cap took 75 s).
pub const CAP_MILLION_TRIALS: u64 = 4_000;

/// The most verification steps (in millions): at least 100 million a second on one core (128 to
/// 500 million measured, chu slowest and the hook mover fastest), so at most 40 s of one core,
/// 20 s on two.
pub const CAP_MILLION_STEPS: u64 = 4_000;

/// What bounds a numeric setting's largest value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// What the notion allows (a table of more than 2^20 entries, 64 probes).
    Notion,
    /// What a machine does within a minute and 2 GiB on two cores: a work limit. A value past it is an
    /// error that says so, never an hour's run.
    Machine,
}

/// Every setting of a compilation, resolved: the defaults (what `cargo xtask gen` uses), then
/// the variant file's `option` lines, then the caller's [`Options`](crate::Options).
///
/// It is `#[non_exhaustive]`, so that a new setting is not a breaking change: a caller starts
/// from [`Settings::default`] and changes fields with [`Settings::with`] or the `with_` methods
/// after it (`Settings::default().with_effort(10).with_reverse(false)`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Settings {
    /// The most index bits one lookup may use (its table has at most `1 << max_bits` entries);
    /// `None`: the cost model chooses a budget for each piece (`optimize`).
    pub max_bits: Option<u32>,
    /// What the cost model makes small when it chooses the budgets.
    pub optimize: Optimize,
    /// Whether slides and hops along lines may be computed rather than looked up.
    pub lines: LineChoice,
    /// Under every `Optimize` but `Size`: the bytes of tables that should stay in cache, the
    /// target CPU's (`cache-kib`).
    pub cache_bytes: usize,
    /// Mixed into every magic search's seed; the same seed gives the same bytes.
    pub seed: u64,
    /// `1 << effort` magic candidates are tried at each number of index bits before a lookup may use
    /// one more index bit (a table twice the size). Higher: smaller tables, slower builds.
    pub effort: u32,
    /// The most probes one (kind, piece, colour, square) query may make; moves beyond them are
    /// covered by plain checks.
    pub max_probes: usize,
    /// The most path moves a piece may have from one square: beyond it a compile would take
    /// minutes and tables would not fit anywhere, so it stops with an error.
    pub max_paths: usize,
    /// How thoroughly every table is checked against the reference walker.
    pub verify: Verify,
    /// How probes form their index: magic multiplies (64- or 32-bit) or PEXT.
    pub index: Index,
    /// How much the magic search may enumerate and try before it stops with an error.
    pub search_limits: SearchLimits,
    /// Whether to build the reverse lookups (`attackers`, `movers`): every module has them; a
    /// one-off `moves` question does not need them.
    pub reverse: bool,
    /// How many threads the magic searches, the cost model and the verification use; `None`:
    /// one a core the process may use. Any number gives the same bytes and the same errors.
    pub threads: Option<NonZeroUsize>,
}

impl Settings {
    /// The threads to use: [`Settings::threads`], or one a core; at most [`MAX_THREADS`].
    pub fn thread_count(&self) -> usize {
        self.threads.map_or_else(parallel::available, NonZeroUsize::get).min(MAX_THREADS)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_bits: None,
            optimize: Optimize::Speed,
            lines: LineChoice::Measured,
            cache_bytes: DEFAULT_CACHE_BYTES,
            seed: 0,
            effort: 18,
            max_probes: 8,
            max_paths: DEFAULT_MAX_PATHS,
            verify: Verify::Exhaustive,
            index: Index::Magic,
            search_limits: DEFAULT_SEARCH_LIMITS,
            reverse: true,
            threads: None,
        }
    }
}

/// What the magic search may spend unless told otherwise. The shipped variants, reverse tables
/// included, need at most 600,000 occupancies and 100 million trials; these limits stop a search
/// at about 250 MB, or after about 40 s of search on one core of the 2-core development machine
/// (110 million trials a second; threads share one limit, so on both cores it takes about
/// half as long). A 128-square board of riders at a fixed 12 bits needs 2.9 million occupancies:
/// such a compile raises the limit (`max-occupancies`).
pub const DEFAULT_SEARCH_LIMITS: SearchLimits =
    SearchLimits { occupancies: 1 << 21, million_trials: 4_000, million_steps: 2_000 };

/// The most threads a compilation runs, whatever it is asked: each holds a stack and its share
/// of the work's memory, and more threads than cores only wait for them. A thread the system
/// refuses below this is one fewer, never an error.
pub const MAX_THREADS: usize = 256;

/// Path moves a piece may have from one square unless told otherwise.
pub const DEFAULT_MAX_PATHS: usize = 20_000;

/// Tables a query touches should stay in the fastest caches; 128 KiB is half of a small L2.
pub const DEFAULT_CACHE_BYTES: usize = 128 * 1024;

/// One setting, with its value. `#[non_exhaustive]`: a new setting is not a breaking change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Setting {
    /// `max-bits`: the most index bits a lookup may use; fixes every piece's budget.
    MaxBits(u32),
    /// `max-probes`: the most probes a query may make.
    MaxProbes(usize),
    /// `max-paths`: the most path moves a piece may have from one square.
    MaxPaths(usize),
    /// `cache-kib`: the cache size of `optimize speed`, `throughput` and `latency`, in KiB:
    /// the target CPU's cache the tables should stay in.
    CacheKib(usize),
    /// `effort`: `2^effort` magic candidates a number of index bits.
    Effort(u32),
    /// `seed`: mixed into every magic search.
    Seed(u64),
    /// `index`: how probes form their index.
    Index(Index),
    /// `optimize`: what the cost model makes small.
    Optimize(Optimize),
    /// `lines`: whether slides and hops along lines may be computed rather than looked up.
    Lines(LineChoice),
    /// `max-occupancies`: the most occupancies the magic search may enumerate.
    MaxOccupancies(u64),
    /// `max-trials`: the most occupancies (in millions) it may test against candidates.
    MaxTrials(u64),
    /// `max-verify`: the most work (in millions of steps) verifying the tables may take.
    MaxVerify(u64),
}

/// The most occupancies a compile may enumerate: at about 120 bytes each, 2^22 of them take
/// 512 MiB, which beside the path moves' most ([`MAX_PATH_BYTES`](crate::stages::pipeline::MAX_PATH_BYTES),
/// 768 MiB) keeps a compilation within the 2 GiB of the smallest machine it is built for.
pub const CAP_OCCUPANCIES: u64 = 1 << 22;
/// The values a setting takes.
#[derive(Clone, Copy, Debug)]
pub enum Values {
    /// A number from `low` to `high`, made into the setting by `make`.
    Number {
        /// The smallest value.
        low: u64,
        /// The largest value.
        high: u64,
        /// What bounds `high`.
        cap: Cap,
        /// The setting with this value (within `low..=high`).
        make: fn(u64) -> Setting,
    },
    /// One of these words, each naming the setting it makes.
    Words(&'static [(&'static str, Setting)]),
}

/// One setting as `option` lines and command-line flags (`--name`) both name it.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The `option` line's word and the flag's name without its `--`.
    pub name: &'static str,
    /// The values it takes.
    pub values: Values,
    /// What it does, for `--help` (the default is added from [`Settings::default`]).
    pub help: &'static str,
    /// The setting as these settings hold it; `None` where it is unset (`max-bits`).
    pub current: fn(&Settings) -> Option<Setting>,
}

/// The words `index` takes.
pub const INDEXES: [(&str, Setting); 3] = [
    ("magic", Setting::Index(Index::Magic)),
    ("split32", Setting::Index(Index::Split32)),
    ("pext", Setting::Index(Index::Pext)),
];

/// The words `optimize` takes.
pub const OPTIMIZE: [(&str, Setting); 4] = [
    ("speed", Setting::Optimize(Optimize::Speed)),
    ("throughput", Setting::Optimize(Optimize::Throughput)),
    ("latency", Setting::Optimize(Optimize::Latency)),
    ("size", Setting::Optimize(Optimize::Size)),
];

/// The word `optimize` takes for this setting, as the header writes it.
pub fn optimize_word(optimize: Optimize) -> &'static str {
    let word = OPTIMIZE.iter().find(|(_, s)| *s == Setting::Optimize(optimize)).map(|(word, _)| *word);
    word.expect("every optimize setting has its word")
}

/// The words `lines` takes.
pub const LINES: [(&str, Setting); 2] =
    [("measured", Setting::Lines(LineChoice::Measured)), ("never", Setting::Lines(LineChoice::Never))];

/// Every setting, in the order the header's regenerate command writes them.
pub const SETTINGS: [Spec; 12] = [
    Spec {
        name: "max-bits",
        values: Values::Number { low: 1, high: 20, cap: Cap::Notion, make: |v| Setting::MaxBits(v as u32) },
        help: "Fixes every piece's bit budget (the most index bits one lookup may use) and turns the cost model off",
        current: |s| s.max_bits.map(Setting::MaxBits),
    },
    Spec {
        name: "optimize",
        values: Values::Words(&OPTIMIZE),
        help: "What the cost model makes small: speed (the reads, probes, lines and plain checks, that cost least in a move generator's loop under cache pressure, as in a search engine with a transposition table and NNUE, with tables that fit the cache size), throughput (the same in the loop with nothing else in the cache: for perft and move generators), latency (the same by the latency of a dependent chain) or size (the fewest bytes)",
        current: |s| Some(Setting::Optimize(s.optimize)),
    },
    Spec {
        name: "lines",
        values: Values::Words(&LINES),
        help: "Whether a slide or hop along a line may be computed with no table: measured (where compiler/calibration.txt says it costs less than the probes it replaces) or never (every move a table, as before lines)",
        current: |s| Some(Setting::Lines(s.lines)),
    },
    Spec {
        name: "max-paths",
        values: Values::Number { low: 1, high: 1 << 30, cap: Cap::Notion, make: |v| Setting::MaxPaths(v as usize) },
        help: "The most path moves a piece may have from one square",
        current: |s| Some(Setting::MaxPaths(s.max_paths)),
    },
    Spec {
        name: "cache-kib",
        values: Values::Number { low: 1, high: 1 << 20, cap: Cap::Notion, make: |v| Setting::CacheKib(v as usize) },
        help: "The cache size of --optimize speed, throughput and latency, in KiB: the cache of the target CPU the tables should stay in (chess under --optimize throughput takes one probe a slider, 862 KB, from 2048)",
        current: |s| Some(Setting::CacheKib(s.cache_bytes / 1024)),
    },
    Spec {
        name: "max-probes",
        values: Values::Number { low: 1, high: 64, cap: Cap::Notion, make: |v| Setting::MaxProbes(v as usize) },
        help: "The most probes one query may make; further moves become plain checks",
        current: |s| Some(Setting::MaxProbes(s.max_probes)),
    },
    Spec {
        name: "seed",
        values: Values::Number { low: 0, high: u64::MAX, cap: Cap::Notion, make: Setting::Seed },
        help: "Seed mixed into the magic search; the same seed gives the same bytes",
        current: |s| Some(Setting::Seed(s.seed)),
    },
    Spec {
        name: "effort",
        values: Values::Number { low: 4, high: 30, cap: Cap::Notion, make: |v| Setting::Effort(v as u32) },
        help: "Try 2^effort magic candidates per number of index bits before allowing a bigger table",
        current: |s| Some(Setting::Effort(s.effort)),
    },
    Spec {
        name: "index",
        values: Values::Words(&INDEXES),
        help: "How probes form their index: magic (64-bit multiplies), split32 (32-bit multiplies only, for microcontrollers) or pext (x86-64 BMI2)",
        current: |s| Some(Setting::Index(s.index)),
    },
    Spec {
        name: "max-occupancies",
        values: Values::Number { low: 1, high: CAP_OCCUPANCIES, cap: Cap::Machine, make: Setting::MaxOccupancies },
        help: "The most occupancies all lookups together may have; each is enumerated and kept while compiling (about 120 bytes each)",
        current: |s| Some(Setting::MaxOccupancies(s.search_limits.occupancies)),
    },
    Spec {
        name: "max-trials",
        values: Values::Number { low: 1, high: CAP_MILLION_TRIALS, cap: Cap::Machine, make: Setting::MaxTrials },
        help: "The most trials the magic search may make, in millions of occupancies tested against a candidate (about 100 million a second)",
        current: |s| Some(Setting::MaxTrials(s.search_limits.million_trials)),
    },
    Spec {
        name: "max-verify",
        values: Values::Number { low: 1, high: CAP_MILLION_STEPS, cap: Cap::Machine, make: Setting::MaxVerify },
        help: "The most work verifying the tables may take, in millions of steps: a path move walked or a probe read for one occupancy (at least 100 million a second on one core)",
        current: |s| Some(Setting::MaxVerify(s.search_limits.million_steps)),
    },
];

/// Why `option <name> <value>` is not a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// No setting has this name; the message lists those that do.
    Name(String),
    /// The value is not one this setting takes; the message says which it takes.
    Value(String),
}

impl Spec {
    /// The spec of the setting `name`.
    pub fn named(name: &str) -> Option<&'static Spec> {
        SETTINGS.iter().find(|s| s.name == name)
    }

    /// Whether `setting` is one of this spec's: the same variant as a value it makes.
    fn holds(&self, setting: Setting) -> bool {
        let example = match self.values {
            Values::Number { low, make, .. } => make(low),
            Values::Words(words) => words[0].1,
        };
        std::mem::discriminant(&example) == std::mem::discriminant(&setting)
    }

    /// The setting written `value`.
    pub fn parse(&self, value: &str) -> Result<Setting, SettingError> {
        let name = self.name;
        match self.values {
            Values::Words(words) => words.iter().find(|(w, _)| *w == value).map(|&(_, s)| s).ok_or_else(|| {
                let all: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
                SettingError::Value(format!("option `{name}` is one of {}", all.join(", ")))
            }),
            Values::Number { make, .. } => match value.parse::<u64>() {
                Ok(v) if self.admits(v) => Ok(make(v)),
                _ => Err(SettingError::Value(format!("option `{name}` {}", self.range()))),
            },
        }
    }

    /// Whether a numeric setting of this row may have the value `v`: the one range check, which
    /// `option` lines, the command line's flags and a library caller's settings all go through
    /// ([`Spec::parse`], [`Setting::validated`]; clap checks the flags against the same bounds).
    fn admits(&self, v: u64) -> bool {
        match self.values {
            Values::Number { low, high, .. } => (low..=high).contains(&v),
            Values::Words(_) => false,
        }
    }

    /// The values a numeric setting takes, in words: "takes a value from 1 to 20".
    fn range(&self) -> String {
        match self.values {
            Values::Number { low, high, cap: Cap::Machine, .. } => {
                format!("takes a value from {low} to {high}, the most a compile may take (within a minute and 2 GiB on two cores)")
            }
            Values::Number { low, high, .. } => format!("takes a value from {low} to {high}"),
            Values::Words(words) => {
                let all: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
                format!("is one of {}", all.join(", "))
            }
        }
    }

    /// Its help with its default (and, for a work limit, its cap), as `--help` shows it.
    pub fn help_text(&self) -> String {
        let default = match (self.current)(&Settings::default()) {
            Some(setting) => setting.value(),
            // Only `max-bits` is unset by default: the cost model chooses it for each piece.
            None => format!("none: the cost model chooses each piece's budget, from {MIN_BITS} to {MAX_BITS} bits"),
        };
        match self.values {
            Values::Number { high, cap: Cap::Machine, .. } => {
                format!("{} [default: {default}, at most {high}]", self.help)
            }
            _ => format!("{} [default: {default}]", self.help),
        }
    }
}

impl Setting {
    /// The setting `name` with the value written `value`.
    pub fn parse(name: &str, value: &str) -> Result<Setting, SettingError> {
        let Some(spec) = Spec::named(name) else {
            let known: Vec<&str> = SETTINGS.iter().map(|s| s.name).chain(["probes"]).collect();
            return Err(SettingError::Name(format!("unknown option `{name}`: the options are {}", known.join(", "))));
        };
        spec.parse(value)
    }

    /// Its entry in [`SETTINGS`].
    pub fn spec(self) -> &'static Spec {
        SETTINGS.iter().find(|s| s.holds(self)).expect("every setting is in SETTINGS")
    }

    /// The name an `option` line gives it (and its flag, after `--`).
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Its number, for a numeric setting; `None` for a word.
    fn number(self) -> Option<u64> {
        match self {
            Setting::Index(_) | Setting::Optimize(_) | Setting::Lines(_) => None,
            Setting::MaxBits(v) | Setting::Effort(v) => Some(u64::from(v)),
            Setting::MaxProbes(v) | Setting::MaxPaths(v) | Setting::CacheKib(v) => {
                u64::try_from(v).ok().or(Some(u64::MAX))
            }
            Setting::Seed(v) | Setting::MaxOccupancies(v) | Setting::MaxTrials(v) | Setting::MaxVerify(v) => Some(v),
        }
    }

    /// This setting, if its value is one its row of [`SETTINGS`] takes: a library caller's
    /// settings are held to the ranges an `option` line and a flag are.
    pub fn validated(self) -> Result<Setting, SettingError> {
        let spec = self.spec();
        match self.number() {
            Some(v) if !spec.admits(v) => {
                Err(SettingError::Value(format!("the setting `{}` is {v}: it {}", spec.name, spec.range())))
            }
            _ => Ok(self),
        }
    }

    /// Its value as an `option` line or a flag writes it.
    pub fn value(self) -> String {
        match self {
            Setting::Index(_) | Setting::Optimize(_) | Setting::Lines(_) => match self.spec().values {
                Values::Words(words) => words.iter().find(|&&(_, s)| s == self).map(|(w, _)| w.to_string()),
                Values::Number { .. } => None,
            }
            .expect("a word setting's value is one of its words"),
            Setting::MaxBits(v) | Setting::Effort(v) => v.to_string(),
            Setting::MaxProbes(v) | Setting::MaxPaths(v) | Setting::CacheKib(v) => v.to_string(),
            Setting::Seed(v) | Setting::MaxOccupancies(v) | Setting::MaxTrials(v) | Setting::MaxVerify(v) => {
                v.to_string()
            }
        }
    }
}

/// These settings with one field changed: [`Settings`] is `#[non_exhaustive]`, so a caller
/// outside the crate builds it from [`Settings::default`] with these, not with a struct literal.
impl Settings {
    /// With [`Settings::max_bits`]: `None` lets the cost model choose each piece's budget.
    pub fn with_max_bits(mut self, max_bits: Option<u32>) -> Settings {
        self.max_bits = max_bits;
        self
    }

    /// With [`Settings::effort`].
    pub fn with_effort(mut self, effort: u32) -> Settings {
        self.effort = effort;
        self
    }

    /// With [`Settings::verify`].
    pub fn with_verify(mut self, verify: Verify) -> Settings {
        self.verify = verify;
        self
    }

    /// With [`Settings::index`].
    pub fn with_index(mut self, index: Index) -> Settings {
        self.index = index;
        self
    }

    /// With [`Settings::reverse`].
    pub fn with_reverse(mut self, reverse: bool) -> Settings {
        self.reverse = reverse;
        self
    }

    /// With [`Settings::threads`]: `None` uses one a core.
    pub fn with_threads(mut self, threads: Option<NonZeroUsize>) -> Settings {
        self.threads = threads;
        self
    }
}

impl Settings {
    /// These settings with `settings` applied in order.
    pub fn with(&self, settings: &[Setting]) -> Settings {
        let mut o = self.clone();
        for &s in settings {
            match s {
                Setting::MaxBits(v) => o.max_bits = Some(v),
                Setting::MaxProbes(v) => o.max_probes = v,
                Setting::MaxPaths(v) => o.max_paths = v,
                // Saturating: an out-of-range value is refused by `check`, not an overflow here.
                Setting::CacheKib(v) => o.cache_bytes = v.saturating_mul(1024),
                Setting::Effort(v) => o.effort = v,
                Setting::Seed(v) => o.seed = v,
                Setting::Index(v) => o.index = v,
                Setting::Optimize(v) => o.optimize = v,
                Setting::Lines(v) => o.lines = v,
                Setting::MaxOccupancies(v) => o.search_limits.occupancies = v,
                Setting::MaxTrials(v) => o.search_limits.million_trials = v,
                Setting::MaxVerify(v) => o.search_limits.million_steps = v,
            }
        }
        o
    }

    /// Every setting within its range, as [`Setting::validated`] holds it; the first that is
    /// not (in [`SETTINGS`]' order) is an argument error naming it and its range. A compilation
    /// checks its settings before any stage, whether they came from `option` lines, flags or a
    /// library caller's [`Options`](crate::Options) and `with_` methods.
    pub fn validate(&self) -> Result<(), crate::Error> {
        let current = SETTINGS.iter().filter_map(|spec| (spec.current)(self));
        current.map(Setting::validated).try_for_each(|checked| match checked {
            Ok(_) => Ok(()),
            Err(SettingError::Value(m) | SettingError::Name(m)) => Err(crate::Error::Argument(m)),
        })
    }
}
