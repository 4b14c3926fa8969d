//! `cargo xtask bench`: runs what the README's headline table is measured with and prints the
//! table, each figure beside the command it came from. The Pikafish and Stockfish rows are
//! taken by hand (docs/benchmarks.md says how): they need engines built outside this project.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use fairy_magic::{Options, Source};

/// The lookups bench as docs/benchmarks.md takes it: a release build with fat LTO and one
/// codegen unit, only the tables the headline needs.
const LOOKUPS: [&str; 8] = ["bench", "--quiet", "-p", "fairy-magic-generated", "--bench", "lookups", "--", "chess"];

/// One row of the lookups bench: nanoseconds a query among independent ones and in a
/// dependent chain, and both as ratios to its table's baseline (the table's first row).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub independent_ns: f64,
    pub chain_ns: f64,
    pub independent_ratio: f64,
    pub chain_ratio: f64,
}

/// The rows of the lookups bench's output, every table's in order. Lines that are not a row
/// (the tables' headings, notes, blank lines) are passed by: a row ends in four numbers.
pub fn parse_lookups(output: &str) -> Vec<Row> {
    output
        .lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (name, figures) = words.split_at(words.len().checked_sub(4)?);
            let figures: Vec<f64> = figures.iter().map(|w| w.parse().ok()).collect::<Option<_>>()?;
            (!name.is_empty()).then(|| Row {
                name: name.join(" "),
                independent_ns: figures[0],
                chain_ns: figures[1],
                independent_ratio: figures[2],
                chain_ratio: figures[3],
            })
        })
        .collect()
}

/// The first row named `name`.
fn row<'a>(rows: &'a [Row], name: &str) -> Result<&'a Row, String> {
    rows.iter().find(|r| r.name == name).ok_or_else(|| format!("the lookups bench printed no row `{name}`"))
}

/// The bytes of a module's tables, computed lines and slots, as its header's `Data:` lines
/// give them: every `(N bytes` there (attack entries, slots, lines, plain checks, and on 8x8
/// the rank table).
pub fn data_bytes(module: &str) -> Result<u64, String> {
    let start = module.find("// Data: ").ok_or("the module's header has no `Data:` line")?;
    let data: String = module[start..]
        .lines()
        .take_while(|l| l.starts_with("// "))
        .take_while(|l| !l.starts_with("// Reverse") && !l.starts_with("// Between"))
        .collect::<Vec<_>>()
        .join(" ");
    let bytes: Vec<u64> =
        data.split('(').skip(1).filter_map(|part| part.split_once(" bytes")?.0.parse().ok()).collect();
    match bytes.is_empty() {
        true => Err("the module's `Data:` line gives no bytes".to_string()),
        false => Ok(bytes.iter().sum()),
    }
}

/// One line of the headline table.
struct Goal {
    goal: &'static str,
    target: &'static str,
    measured: String,
    command: &'static str,
}

fn goal_table(goals: &[Goal]) -> String {
    let mut s = String::from("| goal | target | measured | command |\n| --- | --- | --- | --- |\n");
    for g in goals {
        let _ = writeln!(s, "| {} | {} | {} | `{}` |", g.goal, g.target, g.measured, g.command);
    }
    s
}

/// The goals the lookups bench measures.
pub fn lookup_goals(rows: &[Row]) -> Result<Vec<String>, String> {
    let chess = row(rows, "rook: fairy-magic chess")?;
    let throughput = row(rows, "rook: fairy-magic chess_throughput")?;
    let chariot = row(rows, "chariot 9x10: xiangqi, u128")?;
    let grand = row(rows, "rook 10x10: grand, u128")?;
    let chu = row(rows, "rook 12x12: chu, Bitboard192")?;
    Ok(vec![
        format!("{:.2}x", chess.chain_ratio),
        format!("{:.2}x", throughput.independent_ratio),
        format!("{:.2}x (Xiangqi), {:.2}x (Grand)", chariot.chain_ratio, grand.chain_ratio),
        format!("{:.2}x", chu.chain_ns / grand.chain_ns),
    ])
}

/// Compiles one file with default settings, as `fairy-magic compile FILE -o OUT` does: its
/// wall time and module bytes.
fn compile_file(root: &Path, relative: &str) -> Result<(f64, usize), String> {
    let text = std::fs::read_to_string(root.join(relative)).map_err(|e| format!("cannot read {relative}: {e}"))?;
    let started = Instant::now();
    let module =
        fairy_magic::compile(&Source { file: relative, text: &text }, &Options::new()).map_err(|e| e.to_string())?;
    Ok((started.elapsed().as_secs_f64(), module.text.len()))
}

/// This process's peak resident memory so far, where Linux says it (`VmHWM`).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: u64 =
        status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(format!("{} MB", kib * 1024 / 1_000_000))
}

pub fn run(root: &Path) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    eprintln!("running `cargo {} wide` (a release build with LTO; minutes)...", LOOKUPS.join(" "));
    let output = Command::new(cargo)
        .args(LOOKUPS)
        .arg("wide")
        .env("CARGO_PROFILE_BENCH_LTO", "fat")
        .env("CARGO_PROFILE_BENCH_CODEGEN_UNITS", "1")
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the lookups bench: {e}"))?;
    let printed = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!("the lookups bench failed ({})", output.status));
    }
    eprintln!("{printed}");
    let lookups = lookup_goals(&parse_lookups(&printed))?;
    let xiangqi = std::fs::read_to_string(root.join("generated/src/xiangqi.rs"))
        .map_err(|e| format!("cannot read generated/src/xiangqi.rs: {e}"))?;
    let xiangqi_bytes = data_bytes(&xiangqi)?;
    eprintln!("compiling the 14x14 and 16x16 files with default settings...");
    let (t14, b14) = compile_file(root, "compiler/tests/data/ordinary14.variant")?;
    let (t16, b16) = compile_file(root, "compiler/tests/data/ordinary16.variant")?;
    let peak = peak_memory().unwrap_or_else(|| "peak memory unknown".to_string());
    let lookups_command = "cargo xtask bench (cargo bench -p fairy-magic-generated --bench lookups -- chess wide)";
    let [chain, independent, wide, chu] = <[String; 4]>::try_from(lookups).expect("four lookup goals");
    let goals = [
        Goal {
            goal: "chess rook chain against cozy-chess",
            target: "at most 0.65x",
            measured: chain,
            command: lookups_command,
        },
        Goal {
            goal: "chess rook independent queries against cozy-chess, `optimize throughput`",
            target: "at most 1.0x",
            measured: independent,
            command: lookups_command,
        },
        Goal {
            goal: "`u128` rooks' chain against the chess rook",
            target: "at most 1.2x",
            measured: wide,
            command: lookups_command,
        },
        Goal {
            goal: "12x12 rook chain against the 10x10 rook",
            target: "at most 1.15x",
            measured: chu,
            command: lookups_command,
        },
        Goal {
            goal: "Xiangqi's tables, lines and slots",
            target: "at most 128 KiB",
            measured: format!("{xiangqi_bytes} bytes"),
            command: "the `Data:` lines of generated/src/xiangqi.rs",
        },
        Goal {
            goal: "14x14 and 16x16 ordinary pieces, default settings",
            target: "5 s, 1 GiB, 5 MB",
            measured: format!(
                "{t14:.1} s, {:.1} MB; {t16:.1} s, {:.1} MB; {peak} at most",
                b14 as f64 / 1e6,
                b16 as f64 / 1e6
            ),
            command: "fairy-magic compile compiler/tests/data/ordinary{14,16}.variant",
        },
        Goal {
            goal: "Xiangqi perft 5 and chess perft 6, bulk, against Pikafish and Stockfish",
            target: "at least 1.2x",
            measured: "taken by hand".to_string(),
            command: "see docs/benchmarks.md",
        },
    ];
    print!("{}", goal_table(&goals));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the lookups bench printed on the development machine (cut to the rows used).
    const SAMPLE: &str = "\
1000000 queries of each kind, best of 7 runs

chess_pext computes PEXT a bit at a time: run with RUSTFLAGS=\"-C target-feature=+bmi2\"

                                                    ns indep.   ns chain  x indep.   x chain
rook: cozy-chess (baseline)                              1.82      10.62      1.00      1.00
rook: shakmaty                                           1.30      10.60      0.71      1.00
rook: fairy-magic chess                                  1.99       4.92      1.09      0.46
rook: fairy-magic chess_throughput                       1.80       4.90      0.99      0.46

                                                    ns indep.   ns chain  x indep.   x chain
rook 8x8: chess, u64 (baseline)                          1.99       4.92      1.00      1.00
chariot 9x10: xiangqi, u128                              5.05       6.56      2.54      1.33
rook 10x10: grand, u128                                  5.07       6.58      2.55      1.34
rook 12x12: chu, Bitboard192                             8.37       7.34      4.21      1.49

                                                    ns indep.   ns chain  x indep.   x chain
rook 10x10: grand, u128 (baseline)                       5.07       6.58      1.00      1.00
rook 12x12: chu, Bitboard192                             8.37       7.34      1.65      1.12
";

    #[test]
    fn reads_the_lookups_benchs_rows() {
        let rows = parse_lookups(SAMPLE);
        assert_eq!(rows.len(), 10);
        assert_eq!(
            rows[2],
            Row {
                name: "rook: fairy-magic chess".to_string(),
                independent_ns: 1.99,
                chain_ns: 4.92,
                independent_ratio: 1.09,
                chain_ratio: 0.46
            }
        );
        assert_eq!(rows[4].name, "rook 8x8: chess, u64 (baseline)");
    }

    #[test]
    fn the_goals_come_from_their_rows() {
        let goals = lookup_goals(&parse_lookups(SAMPLE)).unwrap();
        assert_eq!(goals, ["0.46x", "0.99x", "1.33x (Xiangqi), 1.34x (Grand)", "1.12x"]);
        let missing = lookup_goals(&parse_lookups(&SAMPLE.replace("chariot", "horse"))).unwrap_err();
        assert!(missing.contains("chariot 9x10"), "{missing}");
    }

    #[test]
    fn xiangqis_bytes_are_its_headers() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let module = std::fs::read_to_string(root.join("generated/src/xiangqi.rs")).unwrap();
        let header = "// Data: 270 lookups in 2244 attack entries (35904 bytes, overlapping where their entries agree);\n\
                      // 15 blocks of 90 slots (34560 bytes); 360 computed lines (23040 bytes); 0 plain checks (0 bytes).\n\
                      // Reverse lookups: (99 bytes)\n";
        assert_eq!(data_bytes(header).unwrap(), 93_504);
        assert!(data_bytes(&module).unwrap() > 0);
        assert!(data_bytes("// no data\n").is_err());
    }
}
