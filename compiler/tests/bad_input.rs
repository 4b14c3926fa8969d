//! Every file in `tests/bad-input/` is a malformed variant or XBetza string; its error message,
//! exactly as the compiler prints it, is checked in beside it (`.expected`). Run with
//! `FAIRY_MAGIC_UPDATE_SNAPSHOTS=1` to rewrite the snapshots after a deliberate change, then
//! read the diff.

use std::path::Path;

use fairy_magic::{Options, Source};

#[test]
fn every_bad_input_gets_its_checked_in_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-input");
    let update = std::env::var_os("FAIRY_MAGIC_UPDATE_SNAPSHOTS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "only {} bad inputs", files.len());
    let mut wrong = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let outcome =
            std::panic::catch_unwind(|| fairy_magic::compile(&Source { file: name, text: &text }, &Options::new()));
        let message = match outcome {
            Ok(Ok(_)) => panic!("{name} compiled, but it is meant to be wrong"),
            Ok(Err(e)) => format!("{e}\n"),
            Err(_) => panic!("{name} made the compiler panic"),
        };
        let expected_path = path.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &message).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != message {
            wrong.push(format!("{name}:\n--- expected\n{expected}--- got\n{message}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_readme_counts_the_bad_inputs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-input");
    let count = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|e| e == "variant"))
        .count();
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).unwrap();
    let claim = format!("`compiler/tests/bad-input/` holds {count} malformed files");
    assert!(readme.contains(&claim), "the README should say: {claim}");
}
