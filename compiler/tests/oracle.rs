//! Destination lists nobody here wrote: `tests/data/oracle-sample.jsonl` (see ORACLE-SAMPLE.md
//! beside it) holds pieces and positions whose destinations at least two of XBoard, the
//! Interactive Diagram and Fairy-Stockfish agree on. Every line must come out the same through
//! the magic tables and through the reference walker, as `fairy-magic moves --batch` answers.

use fairy_magic::stages::query::{Batch, Via};

fn sample() -> Vec<(String, serde_json::Value)> {
    let text = include_str!("data/oracle-sample.jsonl");
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| (l.to_string(), serde_json::from_str(l).unwrap())).collect()
}

fn agree(via: Via) {
    let mut batch = Batch::new(via);
    let mut wrong = Vec::new();
    let lines = sample();
    for (line, question) in &lines {
        let answer: serde_json::Value = serde_json::from_str(&batch.line(line)).unwrap();
        if answer.get("dest") != question.get("dest") {
            wrong.push(format!("{}: {} gave {answer}, oracle {}", question["id"], question["betza"], question["dest"]));
        }
    }
    assert!(lines.len() >= 681);
    assert!(wrong.is_empty(), "{} of {} lines disagree:\n{}", wrong.len(), lines.len(), wrong.join("\n"));
}

#[test]
fn the_tables_agree_with_the_oracle_sample() {
    agree(Via::Tables);
}

#[test]
fn the_reference_agrees_with_the_oracle_sample() {
    agree(Via::Reference);
}
