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
    // `for_each_module`'s list, up to `for_each_pext_module`'s (the pext modules again).
    let every = shipped.split("macro_rules! for_each_pext_module").next().unwrap_or_default();
    let names = every.lines().filter_map(|l| l.trim().strip_prefix("$callback!(")?.strip_suffix(");"));
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
    let pext =
        "macro_rules! for_each_pext_module {\n    ($callback:ident) => {\n        $callback!(chess_pext);\n    };\n}\n";
    assert_eq!(listed(&format!("{list}{pext}")), ["chess", "friendly"]);
}

/// The variants of a module's `pub enum Piece { ... }`.
fn piece_variants(module: &str) -> Vec<String> {
    let body =
        module.split_once("pub enum Piece {").map_or("", |(_, rest)| rest.split_once('}').map_or("", |(b, _)| b));
    body.lines().filter_map(|l| l.trim().split_once(" = ")).map(|(name, _)| name.to_string()).collect()
}

/// The pieces named `Piece::Name` in a module's doc comments (`Piece::ALL` is no piece, nor a
/// method such as `Piece::fen_letter`).
fn pieces_in_docs(module: &str) -> Vec<String> {
    let docs = module.lines().filter_map(|l| l.trim_start().strip_prefix("///"));
    docs.flat_map(|l| {
        l.split("Piece::")
            .skip(1)
            .map(|rest| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>())
            .collect::<Vec<_>>()
    })
    .filter(|name| name != "ALL" && name.starts_with(|c: char| c.is_ascii_uppercase()))
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

/// The XBetza of each piece, from the docs of a module's `pub enum Piece`: ``/// `N` knight: `N` ``.
fn piece_betzas(module: &str) -> Vec<String> {
    let body =
        module.split_once("pub enum Piece {").map_or("", |(_, rest)| rest.split_once('}').map_or("", |(b, _)| b));
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("///")?.rsplit_once(": `")?.1.strip_suffix('`').map(str::to_string))
        .collect()
}

/// A module offers `initial_quiets`, `initial_attacks` and the rest exactly when some piece has
/// a first move (XBetza `i`): without one they could only answer nothing.
#[test]
fn initial_lookups_only_where_some_piece_has_first_moves() {
    let mut wrong = Vec::new();
    for m in modules() {
        let text = read(&format!("src/{m}.rs"));
        let betzas = piece_betzas(&text);
        assert!(!betzas.is_empty(), "{m}: no pieces found");
        let first_moves = betzas.iter().any(|b| b.contains('i'));
        for function in ["initial_quiets", "initial_attacks", "initial_attackers", "initial_movers"] {
            if text.contains(&format!("pub fn {function}(")) != first_moves {
                wrong.push(format!("{m}: {function} (first moves: {first_moves})"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(piece_betzas("pub enum Piece {\n    /// `P` pawn: `fmWifmnD`\n    Pawn = 0,\n}"), ["fmWifmnD"]);
    // A module without them still answers the runtime's `Tables`: no first moves.
    use fairy_magic_generated::xiangqi;
    use fairy_magic_runtime::{Color, Tables};
    let soldier = xiangqi::Piece::Soldier as usize;
    assert_eq!(<xiangqi::Tables as Tables>::initial_quiets(soldier, Color::White, 27, 0), 0);
    assert_eq!(<xiangqi::Tables as Tables>::initial_attackers(soldier, Color::Black, 45, 0), 0);
}
