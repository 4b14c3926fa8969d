//! The measured costs of the lookup forms, which the planner weighs when it chooses between a
//! computed line and a table (`lookups::block_lines`): each form's latency in a dependent
//! chain, and its cost inside a move generator's loop, plain and under cache pressure. The
//! figures are checked in
//! (`compiler/calibration.txt`), so that the same variant gives the same module on every
//! machine; `cargo xtask calibrate` measures this machine and rewrites them.

use fairy_magic_runtime::Index;

/// The checked-in figures: `form width picoseconds` a line (a form's latency; its cost in the
/// engine loop is `form-engine`, and under cache pressure `form-pressure`), `#` comments.
pub const FIGURES: &str = include_str!("../calibration.txt");

/// What one read of each form costs on one bitboard width, in picoseconds, by one [`Measure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormCosts {
    /// A probe into a table, under the module's index formula.
    pub probe: u32,
    /// A computed line (one rising and one falling ray).
    pub line: u32,
    /// What a slide along a rank adds to a square's other lines, read with them by `slides`.
    pub slide: u32,
    /// What the same slide adds read from the board's rank table instead
    /// ([`fairy_magic_runtime::rank_slide`]): the two are measured alike, every square's lines
    /// read as a module reads them, so that the rank read is taken where it beats the slide.
    pub rank: u32,
    /// A plain check.
    pub check: u32,
}

impl FormCosts {
    /// What `probes` probes, `lines` lines and `checks` plain checks cost together.
    pub fn picos(&self, probes: usize, lines: usize, checks: usize) -> u64 {
        let each = |count: usize, picos: u32| count as u64 * u64::from(picos);
        each(probes, self.probe) + each(lines, self.line) + each(checks, self.check)
    }
}

/// Where a module's tables are read from, which decides what a probe costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cache {
    /// The tables fit the cache size: a probe reads a cached entry.
    #[default]
    Hot,
    /// The tables are over the cache size: a probe may wait on memory.
    Cold,
}

/// Which cost of a form the planner weighs: each is measured by `cargo xtask calibrate`
/// (`runtime/benches/calibrate.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Measure {
    /// The time from occupancy to answer, in a chain where each query waits for the last (a
    /// search along a line, a slider's ray walk): what `optimize latency` makes small.
    Latency,
    /// What a query adds to a move generator's loop over many positions, each piece's query
    /// interleaved with making and unmaking a move, nothing else in the cache (a perft tool):
    /// what `optimize throughput` makes small.
    Engine,
    /// The same loop where each node also reads a few cache lines at random from tens of
    /// megabytes, as a search engine's transposition table and NNUE accumulators do: what the
    /// default, `optimize speed`, makes small.
    #[default]
    Pressure,
}

impl Measure {
    /// Every measure, in the order the figures list them.
    pub const ALL: [Measure; 3] = [Measure::Latency, Measure::Engine, Measure::Pressure];

    /// What its figures' forms end in: `probe-magic-engine`.
    fn suffix(self) -> &'static str {
        match self {
            Measure::Latency => "",
            Measure::Engine => "-engine",
            Measure::Pressure => "-pressure",
        }
    }
}

/// The figures for a module of `bits`-bit bitboards whose probes index by `index` and read
/// tables that are `cache`, by `measure`.
pub fn form_costs(bits: u32, index: Index, cache: Cache, measure: Measure) -> FormCosts {
    let probe = match index {
        Index::Magic => "probe-magic",
        Index::Split32 => "probe-split32",
        Index::Pext => "probe-pext",
    };
    let probe = match cache {
        Cache::Hot => probe.to_string(),
        Cache::Cold => format!("{probe}-cold"),
    };
    let figure = |form: &str| figure(&format!("{form}{}", measure.suffix()), bits);
    FormCosts {
        probe: figure(&probe),
        line: figure("line"),
        slide: figure("slide"),
        rank: figure("rank"),
        check: figure("check"),
    }
}

/// One figure of [`FIGURES`]; its absence is a broken checkout, caught by this module's tests.
fn figure(form: &str, bits: u32) -> u32 {
    parse(FIGURES).find(|&(f, b, _)| f == form && b == bits).map(|(_, _, picos)| picos).unwrap_or_else(|| {
        panic!("compiler/calibration.txt has no `{form} {bits}` figure: run `cargo xtask calibrate`")
    })
}

/// The figures of a calibration text: `(form, width, picoseconds)`, malformed lines skipped
/// (the tests hold the checked-in text to have none).
pub fn parse(text: &str) -> impl Iterator<Item = (&str, u32, u32)> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|line| {
        let mut words = line.split_whitespace();
        let (form, bits, picos) = (words.next()?, words.next()?.parse().ok()?, words.next()?.parse().ok()?);
        words.next().is_none().then_some((form, bits, picos))
    })
}
