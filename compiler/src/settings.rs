//! Compiler settings as typed values: what a variant file's `option` lines and the command
//! line's flags both become, and how they change [`Settings`]. A name that is not a setting, or a
//! value out of its range, is an error here, never a silent default.

use fairy_magic_runtime::Index;

use crate::lookups::Optimize;
use crate::Settings;

/// One setting, with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `max-bits`: the most index bits a lookup may use; fixes every piece's budget.
    MaxBits(u32),
    /// `max-probes`: the most probes a query may make.
    MaxProbes(usize),
    /// `max-paths`: the most path moves a piece may have from one square.
    MaxPaths(usize),
    /// `cache-kib`: the cache budget of `optimize speed`, in KiB.
    CacheKib(usize),
    /// `effort`: `2^effort` magic candidates a table width.
    Effort(u32),
    /// `seed`: mixed into every magic search.
    Seed(u64),
    /// `index`: how probes form their index.
    Index(Index),
    /// `optimize`: what the cost model makes small.
    Optimize(Optimize),
    /// `max-occupancies`: the most occupancies the magic search may enumerate.
    MaxOccupancies(u64),
    /// `max-trials`: the most occupancies (in millions) it may test against candidates.
    MaxTrials(u64),
    /// `max-verify`: the most work (in millions of steps) verifying the tables may take.
    MaxVerify(u64),
}

/// A numeric setting: its name, its smallest and largest value, and how to build it.
type Number = (&'static str, u64, u64, fn(u64) -> Setting);

/// The most occupancies a compile may enumerate: at about 120 bytes each, 2^23 of them take
/// 1 GiB, half the memory a compile may use on the smallest machine it is built for.
pub const CAP_OCCUPANCIES: u64 = 1 << 23;
/// The most trials (in millions) the magic search may make: some 100 million a second, so
/// about a minute of one core.
pub const CAP_MILLION_TRIALS: u64 = 6_000;
/// The most verification steps (in millions): some 30 million a second, so about a minute.
pub const CAP_MILLION_STEPS: u64 = 1_800;

/// The numeric settings. The work limits are capped at what a machine does in about a minute
/// and a GiB: a value past the cap is an error that names it, never an hour's run.
const NUMBERS: [Number; 9] = [
    ("max-bits", 1, 20, |v| Setting::MaxBits(v as u32)),
    ("max-probes", 1, 64, |v| Setting::MaxProbes(v as usize)),
    ("max-paths", 1, 1 << 30, |v| Setting::MaxPaths(v as usize)),
    ("cache-kib", 1, 1 << 20, |v| Setting::CacheKib(v as usize)),
    ("effort", 4, 30, |v| Setting::Effort(v as u32)),
    ("seed", 0, u64::MAX, Setting::Seed),
    ("max-occupancies", 1, CAP_OCCUPANCIES, Setting::MaxOccupancies),
    ("max-trials", 1, CAP_MILLION_TRIALS, Setting::MaxTrials),
    ("max-verify", 1, CAP_MILLION_STEPS, Setting::MaxVerify),
];

/// The settings whose cap is what the machine can do, not what the notion allows.
const WORK_LIMITS: [&str; 3] = ["max-occupancies", "max-trials", "max-verify"];

/// The words `index` takes.
pub const INDEXES: [(&str, Index); 3] = [("magic", Index::Magic), ("split32", Index::Split32), ("pext", Index::Pext)];

/// The words `optimize` takes.
pub const OPTIMIZE: [(&str, Optimize); 2] = [("speed", Optimize::Speed), ("size", Optimize::Size)];

/// Why `option <name> <value>` is not a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// No setting has this name; the message lists those that do.
    Name(String),
    /// The value is not one this setting takes; the message says which it takes.
    Value(String),
}

impl Setting {
    /// The setting `name` with the value written `value`.
    pub fn parse(name: &str, value: &str) -> Result<Setting, SettingError> {
        let word = |words: &[(&str, Setting)]| {
            words.iter().find(|(w, _)| *w == value).map(|&(_, s)| s).ok_or_else(|| {
                let all: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
                SettingError::Value(format!("option `{name}` is one of {}", all.join(", ")))
            })
        };
        match name {
            "index" => word(&INDEXES.map(|(w, i)| (w, Setting::Index(i)))),
            "optimize" => word(&OPTIMIZE.map(|(w, o)| (w, Setting::Optimize(o)))),
            _ => {
                let Some(&(_, low, high, make)) = NUMBERS.iter().find(|(n, ..)| *n == name) else {
                    let known: Vec<&str> =
                        NUMBERS.iter().map(|(n, ..)| *n).chain(["index", "optimize", "probes"]).collect();
                    return Err(SettingError::Name(format!(
                        "unknown option `{name}`: the options are {}",
                        known.join(", ")
                    )));
                };
                match value.parse::<u64>() {
                    Ok(v) if (low..=high).contains(&v) => Ok(make(v)),
                    _ if WORK_LIMITS.contains(&name) => Err(SettingError::Value(format!(
                        "option `{name}` takes a value from {low} to {high}, the most a compile may take (about a minute, 1 GiB)"
                    ))),
                    _ => Err(SettingError::Value(format!("option `{name}` takes a value from {low} to {high}"))),
                }
            }
        }
    }

    /// The name an `option` line gives it.
    pub fn name(self) -> &'static str {
        match self {
            Setting::MaxBits(_) => "max-bits",
            Setting::MaxProbes(_) => "max-probes",
            Setting::MaxPaths(_) => "max-paths",
            Setting::CacheKib(_) => "cache-kib",
            Setting::Effort(_) => "effort",
            Setting::Seed(_) => "seed",
            Setting::Index(_) => "index",
            Setting::Optimize(_) => "optimize",
            Setting::MaxOccupancies(_) => "max-occupancies",
            Setting::MaxTrials(_) => "max-trials",
            Setting::MaxVerify(_) => "max-verify",
        }
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
                Setting::CacheKib(v) => o.cache_bytes = v * 1024,
                Setting::Effort(v) => o.effort = v,
                Setting::Seed(v) => o.seed = v,
                Setting::Index(v) => o.index = v,
                Setting::Optimize(v) => o.optimize = v,
                Setting::MaxOccupancies(v) => o.budget.occupancies = v,
                Setting::MaxTrials(v) => o.budget.million_trials = v,
                Setting::MaxVerify(v) => o.budget.million_steps = v,
            }
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values_are_checked() {
        assert_eq!(Setting::parse("max-bits", "10"), Ok(Setting::MaxBits(10)));
        assert_eq!(Setting::parse("index", "pext"), Ok(Setting::Index(Index::Pext)));
        assert_eq!(Setting::parse("optimize", "size"), Ok(Setting::Optimize(Optimize::Size)));
        assert!(matches!(Setting::parse("max-path", "5"), Err(SettingError::Name(m)) if m.contains("max-paths")));
        assert!(
            matches!(Setting::parse("index", "7"), Err(SettingError::Value(m)) if m.contains("magic, split32, pext"))
        );
        assert!(matches!(Setting::parse("max-bits", "21"), Err(SettingError::Value(_))));
        assert!(matches!(Setting::parse("seed", "-1"), Err(SettingError::Value(_))));
        assert!(
            matches!(Setting::parse("max-verify", "1099511627776"), Err(SettingError::Value(m)) if m.contains("1 to 1800"))
        );
        assert!(
            matches!(Setting::parse("max-occupancies", "8388609"), Err(SettingError::Value(m)) if m.contains("8388608"))
        );
        let o = Settings::default().with(&[Setting::Seed(5), Setting::CacheKib(2)]);
        assert_eq!((o.seed, o.cache_bytes), (5, 2048));
    }
}
