//! Every `--max-bits` the command line accepts either compiles or stops soon with an error
//! naming the limit it hit and how to raise it: never hours of search and gigabytes of memory.

use std::process::Command;
use std::time::{Duration, Instant};

fn compile(args: &[&str]) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    // A file of this test's own: `-o /dev/null` is tested in cli_inputs.rs.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let output = std::env::temp_dir().join(format!("fairy-magic-limits-{}-{call}.rs", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["-q", "compile", "variants/chess.variant", "-o"])
        .arg(&output)
        .args(args)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&output);
    (out.status.code(), String::from_utf8(out.stderr).unwrap(), started.elapsed())
}

#[test]
fn a_wide_max_bits_stops_at_the_occupancy_limit_at_once() {
    let (code, err, took) = compile(&["--max-bits", "20"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("more than the limit of 2097152") && err.contains("--max-occupancies"), "{err}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_long_search_stops_at_the_trial_limit() {
    let (code, err, _) = compile(&["--max-bits", "15", "--max-trials", "20"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("more than 20 million trials") && err.contains("--max-trials"), "{err}");
    let file = std::env::temp_dir().join(format!("fairy-magic-limits-{}.variant", std::process::id()));
    std::fs::write(&file, "variant a\nboard 8x8\noption max-trials 1\noption max-occupancies 100\npiece Q queen Q\n")
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
        let (code, err, took) = compile(&["--max-bits", &bits.to_string(), "--max-trials", "200"]);
        match code {
            Some(0) => {}
            Some(1) => assert!(err.contains("--max-occupancies") || err.contains("--max-trials"), "{bits}: {err}"),
            _ => panic!("--max-bits {bits}: {code:?} {err}"),
        }
        assert!(took < Duration::from_secs(30), "--max-bits {bits} took {took:?}");
    }
}
