//! Default settings compile every variant the compiler accepts: the limits on a compilation's
//! work shape the plan (a piece gives way to a smaller budget) instead of refusing it. Only a
//! piece that no table can hold (the path-move limit) is an error.

use crate::common::XorShift;
use fairy_magic::stages::pipeline;
use fairy_magic::{compile, Error, Options, Source};

/// The gallery's pieces as `piece` lines, one each.
fn gallery_pieces() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/gallery.variant");
    let text = std::fs::read_to_string(path).unwrap();
    let (gallery, _) = pipeline::read(&Source { file: "gallery.variant", text: &text }).unwrap();
    gallery.pieces.iter().map(|p| format!("piece {} {} {}\n", p.letter, p.name, p.betza_text)).collect()
}

fn compile_text(file: &str, text: &str) -> Result<fairy_magic::Module, Error> {
    compile(&Source { file, text }, &Options::new())
}

/// Every gallery piece alone on `board`, with default settings.
fn every_gallery_piece_compiles_alone_on(board: &str) {
    for piece in gallery_pieces() {
        let text = format!("variant alone\nboard {board}\n{piece}");
        if let Err(e) = compile_text("alone.variant", &text) {
            panic!("{board}, {}: {e}", piece.trim_end());
        }
    }
}

// One board for each width of bitboard the compiler picks, the wide ones as large as their width
// holds, where the limits bind hardest. A second board of one width (there was a 14x14 beside
// 16x16, both `Bitboard256`) takes seconds and tests no code the first does not.

/// `u64`.
#[test]
fn every_gallery_piece_compiles_alone_on_8x8() {
    every_gallery_piece_compiles_alone_on("8x8");
}

/// `u128`.
#[test]
fn every_gallery_piece_compiles_alone_on_12x10() {
    every_gallery_piece_compiles_alone_on("12x10");
}

/// `Bitboard192`, every bit of it a square.
#[test]
fn every_gallery_piece_compiles_alone_on_16x12() {
    every_gallery_piece_compiles_alone_on("16x12");
}

/// `Bitboard256`.
#[test]
fn every_gallery_piece_compiles_alone_on_16x16() {
    every_gallery_piece_compiles_alone_on("16x16");
}

fn data_file(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A hook mover's thousand paths a square would take minutes to verify at 12 bits: it gives way
/// to the verification limit, and the header says so.
#[test]
fn a_hook_mover_gives_way_to_the_verification_limit() {
    // Tables only: with lines, its slides are computed and its verification is lighter.
    let tables = data_file("hook.variant").replace("board 12x10\n", "board 12x10\noption lines never\n");
    let module = compile_text("hook.variant", &tables).unwrap();
    let hook = module.text.lines().find(|l| l.starts_with("// | H hook |")).unwrap();
    assert!(hook.contains("gave way to the verification limit (max-verify)"), "{hook}");
}

/// With lines, as the file is: the hook's turns are lines too (its first leg's rays, and each
/// turn's first step a slide then a step), each checked under hundreds of occupancies, and the
/// verification estimate once put it past the limit even at 4 bits: a legal file refused.
#[test]
fn a_hook_mover_compiles_with_default_settings() {
    let module = compile_text("hook.variant", &data_file("hook.variant")).unwrap();
    let hook = module.text.lines().find(|l| l.starts_with("// | H hook |")).unwrap();
    assert!(hook.contains("gave way to the verification limit (max-verify)"), "{hook}");
}

/// Fourteen-square lines of riders and hoppers would need more occupancies than the magic
/// search may enumerate: their slides and hops are computed lines, and so are the griffon's and
/// grasshopper's reverse lookups (a slide then a step, a screened slide), so no piece keeps a
/// table and the module stays small (it was 20.5 MB of source, its tables over the cache budget).
#[test]
fn ordinary_pieces_on_14x14_and_16x16_compute_their_lines() {
    for file in ["ordinary14.variant", "ordinary16.variant"] {
        let module = compile_text(file, &data_file(file)).unwrap();
        let row =
            |letter: &str| module.text.lines().find(|l| l.starts_with(&format!("// | {letter} "))).unwrap().to_string();
        // | piece | XBetza | bits | why | probes | lines | checks | lookups | entries |
        let column = |letter: &str, n: usize| row(letter).split('|').nth(n).unwrap().trim().parse::<usize>().unwrap();
        for (letter, expected) in [("Q", 4), ("A", 2), ("C", 2), ("X", 2), ("G", 6), ("H", 4)] {
            assert_eq!(column(letter, 6), expected, "{file}: {}", row(letter));
            assert_eq!(column(letter, 5), 0, "{file}: {}", row(letter));
        }
        // Their tables (the pawn's, the nightrider's) keep to the default cache size.
        let data = module.text.lines().find(|l| l.starts_with("// Data: ")).unwrap();
        let bytes: usize = data.split('(').nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(bytes <= 128 * 1024, "{file}: {data}");
        // The bound on the module's source.
        assert!(module.text.len() < 5_000_000, "{file}: {} bytes of source", module.text.len());
    }
}

/// Tables within the cache budget say nothing of it.
#[test]
fn tables_within_the_cache_budget_have_no_over_budget_line() {
    let module = compile_text("small.variant", "variant small\nboard 8x8\npiece K king K\npiece R rook R\n").unwrap();
    assert!(!module.text.contains("Over the cache budget"));
}

/// A fixed --max-bits binds: a plan it makes too large is an error at the line of the piece
/// that uses the most, which says how to let the cost model choose instead.
#[test]
fn a_fixed_max_bits_over_a_limit_is_an_error_at_the_piece() {
    let text =
        "variant fixed\nboard 14x14\noption max-bits 12\noption lines never\npiece K king K\npiece Q queen Q\npiece G griffon [F?R]\n";
    let e = compile_text("fixed.variant", text).unwrap_err().summary();
    assert!(e.starts_with("fixed.variant:7:1: error: the griffon's lookups have"), "{e}");
    assert!(e.contains("--max-bits (or `option max-bits`) fixes every piece's budget"), "{e}");
}

/// A limit so low that even the smallest budgets exceed it is an error at the piece that uses
/// the most of it, naming the limit.
#[test]
fn a_limit_no_budget_keeps_to_is_an_error_at_the_piece() {
    let text =
        "variant low\nboard 8x8\noption max-occupancies 100\noption lines never\npiece N knight N\npiece R rook R\n";
    let e = compile_text("low.variant", text).unwrap_err().summary();
    assert!(e.starts_with("low.variant:6:1: error: the rook's lookups have"), "{e}");
    assert!(e.contains("more than the limit of 100, even with every piece at the smallest budget"), "{e}");
    assert!(e.contains("--max-occupancies"), "{e}");
}

/// Random variants of gallery pieces on random boards up to 16x16: each compiles with default
/// settings, or is refused by the path-move limit alone.
#[test]
fn random_variants_of_gallery_pieces_compile_with_defaults() {
    let pieces = gallery_pieces();
    let mut rng = XorShift(0x2402_2026_0001);
    for case in 0..5 {
        let (files, ranks) = loop {
            let (f, r) = (rng.next() % 16 + 1, rng.next() % 16 + 1);
            if f * r >= 2 {
                break (f, r);
            }
        };
        let chosen: Vec<&String> = (0..3).map(|_| &pieces[rng.next() as usize % pieces.len()]).collect();
        let mut text = format!("variant random\nboard {files}x{ranks}\n");
        let mut letters = Vec::new();
        for piece in chosen {
            let letter = piece.split(' ').nth(1).unwrap();
            if !letters.contains(&letter) {
                letters.push(letter);
                text.push_str(piece);
            }
        }
        match compile_text("random.variant", &text) {
            Ok(_) => {}
            Err(e) if e.summary().contains("paths from") => {}
            Err(e) => panic!("case {case}:\n{text}\n{e}"),
        }
    }
}

/// `option probes` asks the cost model for a budget, which a fixed max-bits turns off: the
/// error points at the `option probes` line.
#[test]
fn a_probe_target_with_a_fixed_max_bits_is_an_error_at_the_target() {
    let text = "variant both\nboard 8x8\noption max-bits 8\noption probes R 2\npiece R rook R\n";
    let e = compile_text("both.variant", text).unwrap_err().summary();
    assert!(e.starts_with("both.variant:4:1: error: `option probes` asks the cost model"), "{e}");
}

/// Each `optimize` plans lines by its own measure and the header says which: the default by the
/// move generator's loop under cache pressure, `throughput` by the same loop plain, `latency` by
/// the dependent chain.
#[test]
fn each_optimize_weighs_its_measure_and_the_header_says_which() {
    let text = "variant line\nboard 9x10\npiece R chariot R\n";
    let module = |extra: &str| {
        let text = format!("{text}{extra}");
        compile(&Source { file: "line.variant", text: &text }, &Options::new()).unwrap().text
    };
    let pressure =
        "cost in a move generator's loop under cache pressure (32 queries and 4 random lines of 64 MiB a node)";
    let default = module("");
    assert!(default.contains("Bit budgets (optimize speed)"), "{}", &default[..2000]);
    assert!(default.contains(&format!("cheaper so, by the {pressure}")), "{}", &default[..2000]);
    let throughput = module("option optimize throughput\n");
    assert!(throughput.contains("Bit budgets (optimize throughput)"), "{}", &throughput[..2000]);
    assert!(
        throughput.contains("by the cost in a move generator's loop (32 queries a node, nothing else in the cache)")
    );
    let latency = module("option optimize latency\n");
    assert!(latency.contains("Bit budgets (optimize latency)"), "{}", &latency[..2000]);
    assert!(latency.contains("cheaper so, by the latency in a dependent chain"));
}
