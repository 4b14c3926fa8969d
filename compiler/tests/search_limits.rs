//! Every `--max-bits` the command line accepts either compiles or stops soon with an error
//! naming the limit it hit and how to raise it: never hours of search and gigabytes of memory.

use std::process::Command;

fn compile(args: &[&str]) -> (Option<i32>, String) {
    // A file of this test's own: `-o /dev/null` is tested in cli_inputs.rs.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let output = std::env::temp_dir().join(format!("fairy-magic-limits-{}-{call}.rs", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["-q", "compile", "variants/chess.variant", "--lines", "never", "-o"])
        .arg(&output)
        .args(args)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&output);
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_wide_max_bits_stops_at_the_occupancy_limit_at_once() {
    let (code, err) = compile(&["--max-bits", "20"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("more than the limit of 2097152") && err.contains("--max-occupancies"), "{err}");
}

#[test]
fn a_long_search_stops_at_the_trial_limit() {
    let (code, err) = compile(&["--max-bits", "15", "--max-trials", "20"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("more than 20 million trials") && err.contains("--max-trials"), "{err}");
    let file = std::env::temp_dir().join(format!("fairy-magic-limits-{}.variant", std::process::id()));
    std::fs::write(
        &file,
        "variant a\nboard 8x8\noption max-trials 1\noption max-occupancies 100\noption lines never\npiece Q queen Q\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .args(["compile", &file.display().to_string()])
        .output()
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("limit of 100"), "the file's options are read: {err}");
}

#[test]
fn every_accepted_max_bits_finishes_or_names_a_limit() {
    for bits in 1..=20 {
        let (code, err) = compile(&["--max-bits", &bits.to_string(), "--max-trials", "200"]);
        match code {
            Some(0) => {}
            Some(1) => assert!(
                ["--max-occupancies", "--max-trials", "--max-verify"].iter().any(|flag| err.contains(flag)),
                "{bits}: {err}"
            ),
            _ => panic!("--max-bits {bits}: {code:?} {err}"),
        }
    }
}

/// A queen of three legs has thousands of paths a square, each walked for every occupancy of
/// every probe: verifying its tables on 8x8 once took five minutes. The estimate stops it before
/// anything is built, at the piece's line; `option max-verify` moves the limit.
#[test]
fn a_piece_of_thousands_of_paths_stops_at_the_verification_limit_at_once() {
    let run = |options: &str| {
        let file =
            std::env::temp_dir().join(format!("fairy-magic-verify-{}-{}.variant", std::process::id(), options.len()));
        std::fs::write(&file, format!("variant a\nboard 8x8\n{options}piece K king K\npiece X heavy [Q-sQ-sQ]\n"))
            .unwrap();
        let output = file.with_extension("rs");
        let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
            .args(["-q", "compile"])
            .arg(&file)
            .arg("-o")
            .arg(&output)
            .output()
            .unwrap();
        std::fs::remove_file(&file).unwrap();
        let _ = std::fs::remove_file(&output);
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    let (code, err) = run("");
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("verifying the heavy's tables")
            && err.contains("limit of 2000 million")
            && err.contains("--max-verify"),
        "{err}"
    );
    assert!(err.contains(":4:1"), "at the heavy's line: {err}");
    let (code, err) = run("option max-verify 4000\noption max-occupancies 1\n");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--max-occupancies"), "past the raised verification limit, the next one: {err}");
}

/// The trial limit is all lookups' together, but the error is at the line of the piece whose
/// search went over it, and names it.
#[test]
fn the_trial_limit_is_at_the_piece_that_went_over() {
    let (code, err) = compile(&["--max-bits", "15", "--max-trials", "20"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--> variants/chess.variant:"), "located: {err}");
    assert!(err.contains("it went over searching a lookup of the "), "names the piece: {err}");
}

/// A library caller's settings are held to the ranges `option` lines and flags are, in the one
/// check every compilation goes through: no overflow, no unbounded search, an error naming the
/// setting and its range.
#[test]
fn a_library_caller_s_settings_are_range_checked() {
    use fairy_magic::{Error, Options, Setting, Source};
    let text = "variant a\nboard 8x8\npiece K king K\n";
    let compile =
        |setting: Setting| fairy_magic::compile(&Source { file: "a.variant", text }, &Options::new().set(setting));
    for (setting, name, range) in [
        (Setting::Effort(64), "effort", "from 4 to 30"),
        (Setting::Effort(0), "effort", "from 4 to 30"),
        (Setting::CacheKib(usize::MAX), "cache-kib", "from 1 to 1048576"),
        (Setting::MaxBits(0), "max-bits", "from 1 to 20"),
        (Setting::MaxProbes(65), "max-probes", "from 1 to 64"),
        (Setting::MaxPaths(0), "max-paths", "from 1 to"),
        (Setting::MaxOccupancies(u64::MAX), "max-occupancies", "from 1 to"),
        (Setting::MaxTrials(u64::MAX), "max-trials", "from 1 to"),
        (Setting::MaxVerify(u64::MAX), "max-verify", "from 1 to"),
        (Setting::MaxVerify(0), "max-verify", "from 1 to"),
    ] {
        match compile(setting) {
            Err(Error::Argument(m)) => {
                assert!(m.contains(&format!("`{name}`")) && m.contains(range), "{setting:?}: {m}")
            }
            other => panic!("{setting:?}: {other:?}"),
        }
    }
    // The same settings through `with_` are checked too, and values in range compile.
    let settings = fairy_magic::Settings::default().with_effort(31);
    assert!(matches!(settings.validate(), Err(Error::Argument(m)) if m.contains("`effort` is 31")));
    assert!(compile(Setting::Effort(4)).is_ok() && compile(Setting::CacheKib(1 << 20)).is_ok());
}
