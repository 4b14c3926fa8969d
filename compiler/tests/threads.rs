//! A compilation runs its magic searches, its cost model and its verification on several
//! threads; how many must change nothing it writes or says. Modules and errors are compared
//! across thread counts, one included, through the library as a build script calls it.

use std::num::NonZeroUsize;

use fairy_magic::stages::lookups::LineChoice;
use fairy_magic::{Options, Setting, Source};

fn compile(file: &str, options: Options) -> Result<String, String> {
    let text = std::fs::read_to_string(format!("{}/../{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    fairy_magic::compile(&Source { file, text: &text }, &options).map(|m| m.text).map_err(|e| e.summary())
}

fn threads(n: usize) -> Options {
    Options::new().threads(NonZeroUsize::new(n).unwrap())
}

/// Bent riders, hoppers and reverse lookups on 12x10 (`fairy`), and Xiangqi's regions.
#[test]
fn every_thread_count_writes_the_same_module() {
    for file in ["variants/fairy.variant", "variants/xiangqi.variant"] {
        let one = compile(file, threads(1)).unwrap();
        for n in [2, 3, 8] {
            assert!(compile(file, threads(n)).unwrap() == one, "{file} on {n} threads differs from one thread");
        }
    }
}

/// The shared trial budget runs out while threads search ahead of the order: the error is the
/// one searching in order gives.
#[test]
fn every_thread_count_stops_with_the_same_error() {
    // Tables only: with lines the chess pieces search no magic at all.
    let error = the_same_error("variants/chess.variant", &[Setting::MaxTrials(1), Setting::Lines(LineChoice::Never)]);
    assert!(error.contains("more than 1 million trials"), "{error}");
}

/// A lookup with no magic among the few candidates of `effort 4`: the error names the first such
/// lookup in order, though threads may meet a later one first.
#[test]
fn every_thread_count_names_the_same_lookup_without_a_magic() {
    // Tables only: with lines (the reverse griffon's and grasshopper's among them) the gallery's
    // few remaining tables all find a magic among so few candidates.
    let error = the_same_error("variants/gallery.variant", &[Setting::Effort(4), Setting::Lines(LineChoice::Never)]);
    assert!(error.contains("no magic found for a lookup"), "{error}");
}

/// The error compiling `file` with `settings` gives on one thread, having checked that two and
/// five threads give it too.
fn the_same_error(file: &str, settings: &[Setting]) -> String {
    let with = |n: usize| settings.iter().fold(threads(n), |options, &s| options.set(s));
    let one = compile(file, with(1)).unwrap_err();
    for n in [2, 5] {
        assert_eq!(compile(file, with(n)).unwrap_err(), one, "{file} on {n} threads");
    }
    one
}

/// A thread count past what a compilation runs ([`fairy_magic::MAX_THREADS`]) or what the
/// system gives writes the same module as one thread.
#[test]
fn a_huge_thread_count_writes_the_same_module() {
    let file = "variants/chess.variant";
    assert!(compile(file, threads(100_000)).unwrap() == compile(file, threads(1)).unwrap());
}
