//! `cargo xtask gen <variant>` | `cargo xtask gen --all` | `cargo xtask check` | `cargo xtask calibrate`
//! | `cargo xtask bench`
//!
//! `gen` compiles `variants/<variant>.variant` into `generated/src/<variant>.rs` and rewrites
//! `generated/src/lib.rs` and `generated/tests/shipped.rs` (the list the tests iterate) to list
//! every variant, writing only the files whose text changed
//! (the others it calls unchanged); `check` does the same in memory and fails,
//! naming every file, if anything checked in differs (it writes nothing). `calibrate` runs the
//! runtime's calibration bench on this machine and rewrites `compiler/calibration.txt`, the
//! measured costs the planner weighs (then `gen --all` replans every module with them).
//! `bench` runs the benchmarks behind the README's headline table and prints that table.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairy_magic::{Options, Source};

const USAGE: &str = "usage: cargo xtask gen <variant>... | cargo xtask gen --all | cargo xtask check | cargo xtask calibrate | cargo xtask bench";

mod bench;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let result = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["gen", "--all"] => all_variants(&root).and_then(|names| gen(&root, &names)).map(drop),
        ["gen", names @ ..] if !names.is_empty() => {
            gen(&root, &names.iter().map(|s| s.to_string()).collect::<Vec<_>>()).map(drop)
        }
        ["check"] => check(&root),
        ["calibrate"] => calibrate(&root),
        ["bench"] => bench::run(&root),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// What `compiler/calibration.txt` says of itself above its figures.
const CALIBRATION_HEADER: &str = "\
# What each lookup form costs on the machine the shipped modules are planned for, in
# picoseconds of the thread's CPU time, each the fastest of three runs: `form width picoseconds`,
# the latency of a dependent chain; `form-engine width picoseconds`, what a query adds to a move
# generator's loop (positions in a search's order, a move made and unmade at each node); and
# `form-pressure width picoseconds`, the same loop where each node also reads 4 cache lines at
# random from 64 MiB, as a search engine's transposition table and NNUE accumulators do. A
# `-cold` probe reads a table past the caches; `slide` and `rank` are what a rank's slide adds
# to a square's other lines, read with them or from the rank table. The planner weighs them
# (lookups::block_lines, pipeline::rank_table): the pressure figures under `optimize speed` (the
# default), the engine ones under `optimize throughput`, the latencies under `optimize latency`.
# The same figures give the same modules on any machine.
# Written by `cargo xtask calibrate` (runtime/benches/calibrate.rs); do not edit by hand.
";

/// How many times `calibrate` runs the bench: each figure is the fastest of these runs, since
/// the machine's noise (another process, a frequency step) only ever adds time, and one run's
/// figures differed from the next by up to a third on the 2-core development machine.
const CALIBRATION_RUNS: usize = 3;

/// Runs the calibration bench [`CALIBRATION_RUNS`] times and writes each figure's fastest,
/// checked for the form the compiler reads.
fn calibrate(root: &Path) -> Result<(), String> {
    let mut fastest: Vec<(String, u32, u32)> = Vec::new();
    for run in 0..CALIBRATION_RUNS {
        let figures = calibration_run(root)?;
        let parsed: Vec<(String, u32, u32)> =
            fairy_magic::stages::calibration::parse(&figures).map(|(f, b, p)| (f.to_string(), b, p)).collect();
        if run == 0 {
            fastest = parsed;
        } else if parsed.iter().map(|(f, b, _)| (f, b)).ne(fastest.iter().map(|(f, b, _)| (f, b))) {
            return Err("the calibration bench printed other forms from one run to the next".to_string());
        } else {
            fastest.iter_mut().zip(&parsed).for_each(|(kept, this)| kept.2 = kept.2.min(this.2));
        }
    }
    let figures: String = fastest.iter().map(|(form, bits, picos)| format!("{form} {bits} {picos}\n")).collect();
    let path = root.join("compiler/calibration.txt");
    fairy_magic::stages::files::write_atomically(&path, &format!("{CALIBRATION_HEADER}{figures}"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!(
        "wrote {} ({} figures, each the fastest of {CALIBRATION_RUNS} runs); `cargo xtask gen --all` replans the modules",
        path.display(),
        fastest.len()
    );
    Ok(())
}

/// One run of the calibration bench: its figures, checked to be nothing else.
fn calibration_run(root: &Path) -> Result<String, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = std::process::Command::new(cargo)
        .args(["bench", "--quiet", "-p", "fairy-magic-runtime", "--bench", "calibrate"])
        .current_dir(root)
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run the calibration bench: {e}"))?;
    let figures = String::from_utf8(output.stdout).map_err(|_| "the bench printed no text".to_string())?;
    if !output.status.success() {
        return Err(format!("the calibration bench failed ({})", output.status));
    }
    let lines = figures.lines().filter(|l| !l.trim().is_empty()).count();
    if lines == 0 || fairy_magic::stages::calibration::parse(&figures).count() != lines {
        return Err(format!("the calibration bench printed something other than figures:\n{figures}"));
    }
    Ok(figures)
}

fn all_variants(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join("variants");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "variant").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The module text for one variant, exactly as `gen` writes it.
fn generate(root: &Path, name: &str) -> Result<String, String> {
    let relative = format!("variants/{name}.variant");
    let text = std::fs::read_to_string(root.join(&relative)).map_err(|e| {
        format!("cannot read {relative}: {e} (the variants are: {})", all_variants(root).unwrap_or_default().join(", "))
    })?;
    eprintln!("generating {name}...");
    let started = std::time::Instant::now();
    let module = fairy_magic::compile(
        &Source { file: &relative, text: &text },
        &Options::new().regenerate(&format!("cargo xtask gen {name}")),
    )
    .map_err(|e| e.to_string())?
    .text;
    eprintln!("generated {name} in {:.2?}", started.elapsed());
    Ok(module)
}

/// `generated/src/lib.rs`: one module per variant file.
fn library(names: &[String]) -> String {
    let mut s = String::from(LIBRARY_HEADER);
    for name in names {
        s.push_str(&format!(
            "/// Move tables for `{name}`, from `variants/{name}.variant`; the file's header says how it was made.\n#[rustfmt::skip]\npub mod {name};\n"
        ));
    }
    s
}

const LIBRARY_HEADER: &str = r#"//! Move tables generated by fairy-magic, one module per file in `variants/`.
//!
//! DO NOT EDIT: `cargo xtask gen --all` rewrites this file and every module.
//!
//! Every module has the same shape; with orthodox chess:
//!
//! ```
//! use fairy_magic_generated::chess::*;
//!
//! let occupied: Bitboard = 0xffff_0000_0000_ffff; // the start position
//! let [e2, e3, e4, g1]: [Square; 4] = ["e2", "e3", "e4", "g1"].map(|name| name.parse().unwrap());
//! let pushes = quiets(Piece::Pawn, Color::White, e2, occupied) & !occupied;
//! let doubles = initial_quiets(Piece::Pawn, Color::White, e2, occupied) & !occupied;
//! let knight = attacks(Piece::Knight, Color::White, g1, occupied) & !occupied;
//! assert_eq!(pushes, Bitboard::from_square(e3));
//! assert_eq!(doubles.lowest(), Some(e4));
//! assert!(knight.squares().map(|to| to.to_string()).eq(["f3", "h3"]));
//! ```
//!
//! What the lookups compute with stays theirs: a glob import brings no hash onto `u64`,
//!
//! ```compile_fail
//! use fairy_magic_generated::chess::*;
//! let _ = 0u64.magic_hash(1, 60);
//! ```
//!
//! which takes the runtime's `LookupBits` by name:
//!
//! ```
//! use fairy_magic_runtime::LookupBits;
//! let _ = 0u64.magic_hash(1, 60);
//! ```
#![no_std]

"#;

/// How a module computes a table index, as far as the tests care: pext modules are tested again
/// in a build with the instruction (`tests/pext.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Index {
    Pext,
    Other,
}

impl Index {
    /// The index the module's header names (`index pext (x86-64 BMI2; ...)`).
    fn of(module: &str) -> Index {
        if module.lines().take_while(|l| l.starts_with("//")).any(|l| l.contains("; index pext ")) {
            Index::Pext
        } else {
            Index::Other
        }
    }
}

/// What the tests must know of a module beyond its name: which optional functions it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    /// Every lookup but friendly captures, `initial_*` included.
    Plain,
    /// Friendly-capture tables too (`friendly_attacks`, `initial_friendly_attacks`).
    Friendly,
    /// No `initial_*` functions: no piece has an `i` move.
    WithoutFirstMoves,
}

impl Marker {
    /// Which functions the module's text declares. A module with friendly captures keeps its
    /// first moves in every shipped file; should one lack them, friendly wins and the build of
    /// the tests says so.
    fn of(module: &str) -> Marker {
        if module.contains("pub fn friendly_attacks(") {
            Marker::Friendly
        } else if !module.contains("pub fn initial_quiets(") {
            Marker::WithoutFirstMoves
        } else {
            Marker::Plain
        }
    }

    /// The marker as the tests' macros match it.
    fn argument(self) -> &'static str {
        match self {
            Marker::Plain => "",
            Marker::Friendly => ", friendly",
            Marker::WithoutFirstMoves => ", without_first_moves",
        }
    }
}

/// `generated/tests/shipped.rs`: the macro through which the generated crate's tests visit every
/// module, so that a file added to `variants/` is tested without a test edited. Each module is
/// listed with its [`Marker`], since the optional functions differ from module to module.
fn shipped(modules: &[(String, Marker, Index)]) -> String {
    let mut s = String::from(SHIPPED_HEADER);
    for (name, marker, _) in modules {
        s.push_str(&format!("        $callback!({name}{});\n", marker.argument()));
    }
    s.push_str("    };\n}\n\npub(crate) use for_each_module;\n");
    s.push_str(SHIPPED_PEXT_HEADER);
    for (name, marker, _) in modules.iter().filter(|(_, _, index)| *index == Index::Pext) {
        s.push_str(&format!("        $callback!({name}{});\n", marker.argument()));
    }
    s.push_str("    };\n}\n\n#[allow(unused_imports)]\npub(crate) use for_each_pext_module;\n");
    s
}

/// The second macro of `shipped.rs`: the pext modules alone, for `tests/pext.rs`, the binary
/// CI builds with BMI2 to run them through the instruction (a build of `tests/all.rs` would
/// compile every module's tests for the five that read pext).
const SHIPPED_PEXT_HEADER: &str = r#"
/// Calls `$callback!` as [`for_each_module`] does, for the modules whose index is pext alone
/// (`pext.rs`; `all.rs` visits every module).
#[allow(unused_macros)]
macro_rules! for_each_pext_module {
    ($callback:ident) => {
"#;

const SHIPPED_HEADER: &str = r#"//! Every module of `generated/src`, for the tests that check each one (`exhaustive.rs`,
//! `independent.rs`) and the perft tool that plays each one (`generated/perft`).
//!
//! DO NOT EDIT: `cargo xtask gen` rewrites this file from `variants/`, and `cargo xtask check`
//! fails when it is stale.

/// Calls `$callback!(module)` for every module; `$callback!(module, friendly)` for a module with
/// friendly-capture tables (`friendly_attacks` and `initial_friendly_attacks`), and
/// `$callback!(module, without_first_moves)` for one without `initial_*` functions.
macro_rules! for_each_module {
    ($callback:ident) => {
"#;

fn targets(root: &Path, names: &[String]) -> Result<Vec<(PathBuf, String)>, String> {
    let mut files = Vec::new();
    for name in names {
        files.push((root.join(format!("generated/src/{name}.rs")), generate(root, name)?));
    }
    let all = all_variants(root)?;
    // A module not regenerated now is read as it is on disk; one missing there is stale anyway.
    let listed: Vec<(String, Marker, Index)> = all
        .iter()
        .map(|name| {
            let path = root.join(format!("generated/src/{name}.rs"));
            let fresh = files.iter().find(|(p, _)| *p == path).map(|(_, text)| text.clone());
            let text = fresh.or_else(|| std::fs::read_to_string(&path).ok()).unwrap_or_default();
            (name.clone(), Marker::of(&text), Index::of(&text))
        })
        .collect();
    files.push((root.join("generated/src/lib.rs"), library(&all)));
    files.push((root.join("generated/tests/shipped.rs"), shipped(&listed)));
    Ok(files)
}

/// What `gen` did with one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Written,
    /// The file already held the text: left alone, so its timestamp stays and cargo rebuilds
    /// nothing for it.
    Unchanged,
}

fn gen(root: &Path, names: &[String]) -> Result<Vec<Outcome>, String> {
    let mut outcomes = Vec::new();
    for (path, text) in targets(root, names)? {
        let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        if same_text(std::fs::read_to_string(&path).ok().as_deref(), &text) {
            eprintln!("{shown} unchanged");
            outcomes.push(Outcome::Unchanged);
            continue;
        }
        // The compiler's own atomic write: an exclusively created temporary beside the target,
        // so no other file in generated/src is ever replaced or removed.
        fairy_magic::stages::files::write_atomically(&path, &text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {shown}");
        outcomes.push(Outcome::Written);
    }
    Ok(outcomes)
}

fn check(root: &Path) -> Result<(), String> {
    let names = all_variants(root)?;
    let mut stale = Vec::new();
    for (path, text) in targets(root, &names)? {
        if !same_text(std::fs::read_to_string(&path).ok().as_deref(), &text) {
            stale.push(path.strip_prefix(root).unwrap_or(&path).display().to_string());
        }
    }
    if stale.is_empty() {
        eprintln!("generated/ is up to date ({} variants)", names.len());
        Ok(())
    } else {
        Err(format!("stale generated files (run `cargo xtask gen --all`):\n  {}", stale.join("\n  ")))
    }
}

/// Whether a checked-in file holds `expected`, reading CR LF as LF: a checkout that converts
/// line endings (Git's `core.autocrlf` on Windows) is not stale.
fn same_text(file: Option<&str>, expected: &str) -> bool {
    file.is_some_and(|text| text == expected || text.replace("\r\n", "\n") == expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_checkouts_are_up_to_date() {
        assert!(same_text(Some("a\r\nb\r\n"), "a\nb\n"));
        assert!(same_text(Some("a\nb\n"), "a\nb\n"));
        assert!(!same_text(Some("a\r\nc\r\n"), "a\nb\n"));
        assert!(!same_text(None, "a\n"));
    }

    /// `check` on a copy of the tree: up to date after `gen`, then stale (naming the file) when
    /// a module is edited by hand, when a variant has no module yet, and when one is missing.
    #[test]
    fn check_names_every_stale_file() {
        let root = std::env::temp_dir().join(format!("fairy-magic-xtask-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("variants")).unwrap();
        std::fs::create_dir_all(root.join("generated/src")).unwrap();
        std::fs::create_dir_all(root.join("generated/tests")).unwrap();
        let small = "variant small\nboard 4x4\npiece R rook R\npiece N knight N\n";
        std::fs::write(root.join("variants/small.variant"), small).unwrap();
        gen(&root, &["small".to_string()]).unwrap();
        check(&root).unwrap();
        let module = root.join("generated/src/small.rs");
        let text = std::fs::read_to_string(&module).unwrap();
        // One table entry changed by hand.
        let edited = text.replacen("0x0000", "0x0001", 1);
        assert_ne!(edited, text);
        std::fs::write(&module, &edited).unwrap();
        let stale = check(&root).unwrap_err();
        assert!(stale.contains("generated/src/small.rs") && !stale.contains("lib.rs"), "{stale}");
        std::fs::write(&module, &text).unwrap();
        check(&root).unwrap();
        // A new variant without its module: the module, lib.rs and the tests' list are stale.
        std::fs::write(root.join("variants/other.variant"), small.replace("small", "other")).unwrap();
        let stale = check(&root).unwrap_err();
        for file in ["generated/src/other.rs", "generated/src/lib.rs", "generated/tests/shipped.rs"] {
            assert!(stale.contains(file), "{file}: {stale}");
        }
        gen(&root, &["other".to_string()]).unwrap();
        check(&root).unwrap();
        // A module deleted.
        std::fs::remove_file(&module).unwrap();
        assert!(check(&root).unwrap_err().contains("generated/src/small.rs"));
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// A second `gen` of the same files writes nothing: the files keep their timestamps, so
    /// cargo does not rebuild the generated crate.
    #[test]
    fn gen_leaves_unchanged_files_alone() {
        let root = std::env::temp_dir().join(format!("fairy-magic-xtask-same-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("variants")).unwrap();
        std::fs::create_dir_all(root.join("generated/src")).unwrap();
        std::fs::create_dir_all(root.join("generated/tests")).unwrap();
        std::fs::write(root.join("variants/small.variant"), "variant small\nboard 4x4\npiece R rook R\n").unwrap();
        let names = ["small".to_string()];
        assert_eq!(gen(&root, &names).unwrap(), [Outcome::Written; 3]);
        let module = root.join("generated/src/small.rs");
        let written = std::fs::metadata(&module).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(gen(&root, &names).unwrap(), [Outcome::Unchanged; 3]);
        assert_eq!(std::fs::metadata(&module).unwrap().modified().unwrap(), written);
        // A changed variant rewrites its module only.
        std::fs::write(root.join("variants/small.variant"), "variant small\nboard 4x4\npiece B bishop B\n").unwrap();
        assert_eq!(gen(&root, &names).unwrap(), [Outcome::Written, Outcome::Unchanged, Outcome::Unchanged]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// The tests' list names every module, in order, with the optional functions it lacks or has.
    #[test]
    fn the_tests_list_marks_friendly_modules_and_those_without_first_moves() {
        let modules = [
            ("chess".to_string(), Marker::Plain, Index::Other),
            ("chess_pext".to_string(), Marker::Plain, Index::Pext),
            ("friendly".to_string(), Marker::Friendly, Index::Other),
            ("xiangqi".to_string(), Marker::WithoutFirstMoves, Index::Other),
        ];
        let list = shipped(&modules);
        let expected = "$callback!(chess);\n        $callback!(chess_pext);\n        $callback!(friendly, friendly);\n        $callback!(xiangqi, without_first_moves);\n";
        assert!(list.contains(expected), "{list}");
        // The pext modules again, alone, in the second macro.
        let pext = list.split("macro_rules! for_each_pext_module").nth(1).expect("the pext macro");
        assert!(pext.contains("$callback!(chess_pext);\n    };"), "{list}");
        let first = "pub fn initial_quiets(piece: Piece";
        assert_eq!(Marker::of(&format!("pub fn friendly_attacks(piece: Piece\n{first}")), Marker::Friendly);
        assert_eq!(Marker::of(&format!("pub fn attacks(piece: Piece\n{first}")), Marker::Plain);
        assert_eq!(Marker::of("pub fn attacks(piece: Piece"), Marker::WithoutFirstMoves);
    }

    #[test]
    fn a_module_s_header_names_its_index() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let read = |name: &str| std::fs::read_to_string(root.join(format!("generated/src/{name}.rs"))).unwrap();
        assert_eq!(Index::of(&read("chess_pext")), Index::Pext);
        assert_eq!(Index::of(&read("u128_pext")), Index::Pext);
        assert_eq!(Index::of(&read("chess")), Index::Other);
    }

    #[test]
    fn generation_is_deterministic() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        assert_eq!(generate(root, "chess").unwrap(), generate(root, "chess").unwrap());
    }
}
