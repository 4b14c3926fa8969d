//! `cargo bench -p fairy-magic --bench generate`
//!
//! How long `cargo xtask gen` takes for each shipped variant: parse, plan, search magics, pack,
//! verify every entry against the reference walker, and print the module, exactly as the xtask
//! does it, best of five runs in one process, on every core the machine has. Reported in
//! seconds and as a ratio to chess, with the targets: chess under 0.1 s, every variant under
//! 2 s, but the boards of over 128 squares (`chu`, `big16`) under 5 s.

use std::time::Instant;

use fairy_magic::{Options, Source};

fn main() {
    let root = format!("{}/..", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(format!("{root}/variants"))
        .expect("variants/ is beside the compiler")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    files.sort();
    let mut rows = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let file = format!("variants/{name}.variant");
        let best = (0..5)
            .map(|_| {
                let start = Instant::now();
                let module = fairy_magic::compile(&Source { file: &file, text: &text }, &Options::new())
                    .expect("a shipped variant compiles");
                std::hint::black_box(module);
                start.elapsed().as_secs_f64()
            })
            .fold(f64::MAX, f64::min);
        rows.push((name, best));
    }
    let chess = rows.iter().find(|(n, _)| n == "chess").map_or(1.0, |r| r.1);
    println!("{:16} {:>9} {:>9}  target", "variant", "seconds", "x chess");
    for (name, seconds) in &rows {
        let limit = match name.as_str() {
            "chess" => 0.1,
            "chu" | "big16" => 5.0,
            _ => 2.0,
        };
        let verdict = if *seconds < limit { "met" } else { "MISSED" };
        println!("{name:16} {seconds:9.3} {:9.2}  < {limit} s {verdict}", seconds / chess);
    }
}
