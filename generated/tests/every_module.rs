//! Every module in `generated/src` is tested, and what every module must hold: the tests visit
//! the modules `tests/shipped.rs` lists, which `cargo xtask gen` writes beside `src/lib.rs`.

use std::path::Path;

/// The modules `lib.rs` declares (`pub mod NAME;`), which `cargo xtask gen` writes from `variants/`.
fn modules() -> Vec<String> {
    let lib = read("src/lib.rs");
    lib.lines().filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';')).map(str::to_string).collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The modules `shipped.rs` lists (`$callback!(NAME)` or `$callback!(NAME, friendly)`).
fn listed(shipped: &str) -> Vec<String> {
    let names = shipped.lines().filter_map(|l| l.trim().strip_prefix("$callback!(")?.strip_suffix(");"));
    names.map(|args| args.split(',').next().unwrap_or_default().trim().to_string()).collect()
}

/// `exhaustive.rs` and `independent.rs` test each module `shipped.rs` lists: the two lists are
/// the same (`cargo xtask gen` writes both), so no module builds and passes untested.
#[test]
fn every_module_is_in_the_tests_list() {
    let modules = modules();
    // A check that found nothing would pass for the wrong reason.
    assert!(modules.len() >= 10 && modules.iter().any(|m| m == "chess"), "{modules:?}");
    assert_eq!(listed(&read("tests/shipped.rs")), modules, "run `cargo xtask gen --all`");
}

#[test]
fn the_list_is_read_one_module_a_line() {
    let list = "macro_rules! for_each_module {\n    ($callback:ident) => {\n        $callback!(chess);\n        $callback!(friendly, friendly);\n    };\n}\n";
    assert_eq!(listed(list), ["chess", "friendly"]);
}

/// The variants of a module's `pub enum Piece { ... }`.
fn piece_variants(module: &str) -> Vec<String> {
    let body =
        module.split_once("pub enum Piece {").map_or("", |(_, rest)| rest.split_once('}').map_or("", |(b, _)| b));
    body.lines().filter_map(|l| l.trim().split_once(" = ")).map(|(name, _)| name.to_string()).collect()
}

/// The pieces named `Piece::Name` in a module's doc comments (`Piece::ALL` is no piece).
fn pieces_in_docs(module: &str) -> Vec<String> {
    let docs = module.lines().filter_map(|l| l.trim_start().strip_prefix("///"));
    docs.flat_map(|l| {
        l.split("Piece::")
            .skip(1)
            .map(|rest| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>())
            .collect::<Vec<_>>()
    })
    .filter(|name| name != "ALL")
    .collect()
}

/// A doc example must compile against the module it is in: one naming `Piece::Rook` in Xiangqi
/// (whose rook is the chariot) would not.
#[test]
fn every_module_docs_only_its_own_pieces() {
    let mut wrong = Vec::new();
    for m in modules() {
        let text = read(&format!("src/{m}.rs"));
        let pieces = piece_variants(&text);
        assert!(!pieces.is_empty(), "{m}: no pieces found");
        let named = pieces_in_docs(&text);
        // `attackers`' example names a piece in every module that has reverse lookups.
        assert!(!named.is_empty() || !text.contains("pub fn attackers("), "{m}: no doc names a piece");
        wrong.extend(named.into_iter().filter(|p| !pieces.contains(p)).map(|p| format!("{m}: Piece::{p}")));
    }
    assert!(wrong.is_empty(), "docs name pieces their module lacks:\n{}", wrong.join("\n"));
}

#[test]
fn a_piece_the_module_lacks_is_found_in_its_docs() {
    let module =
        "pub enum Piece {\n    /// `R` chariot: `R`\n    Chariot = 0,\n}\n/// `attackers(Piece::Rook, them)`\n";
    assert_eq!(piece_variants(module), ["Chariot"]);
    assert_eq!(pieces_in_docs(module), ["Rook"]);
}

/// Every module checks at compile time that its runtime has the format it was generated for.
#[test]
fn every_module_asserts_the_runtime_format() {
    let check = format!("assert!(\n    fairy_magic_runtime::FORMAT == {},", fairy_magic_runtime::FORMAT);
    let missing: Vec<String> =
        modules().into_iter().filter(|m| !read(&format!("src/{m}.rs")).contains(&check)).collect();
    assert!(missing.is_empty(), "no format check in: {missing:?}");
}
