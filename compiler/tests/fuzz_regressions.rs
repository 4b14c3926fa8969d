//! The fuzz target's corpus and every crash it found, replayed in `cargo test`: CI runs these,
//! not the fuzzer (`compiler/fuzz`, see the README's "Fuzzing").

#[path = "fuzz-regressions/one.rs"]
mod one;

#[test]
fn every_kept_fuzz_input_ends_in_an_answer_or_a_user_error() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions/corpus");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "the corpus is kept in {}", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| one::run(&data));
        assert!(matches!(outcome, Ok(Ok(()))), "{}: {outcome:?}", path.display());
    }
}
