use fairy_magic::{compile, Options, Source};

/// Build scripts `include!(concat!(env!("OUT_DIR"), ...))` a module, where an inner doc
/// comment or inner attribute is an error (E0753): a module holds neither, on any board.
#[test]
fn a_module_can_be_included() {
    for board in ["5x5", "10x10", "12x12"] {
        let text = format!("variant inc\nboard {board}\npiece K king K\npiece R rook R\n");
        let module = compile(&Source { file: "inc.variant", text: &text }, &Options::new()).unwrap();
        let inner =
            module.text.lines().find(|l| l.trim_start().starts_with("//!") || l.trim_start().starts_with("#!["));
        assert_eq!(inner, None, "{board}");
    }
}

/// Every doc line of a module reads as rustdoc means it: no code span broken across
/// lines (clippy's `doc_markdown` reports its backticks as unbalanced) and no line that
/// Markdown takes for a bullet, on every board width the index numbering has.
#[test]
fn a_modules_docs_are_clean_markdown() {
    for board in ["8x8", "9x10", "12x12", "16x16"] {
        let text = format!("variant docs\nboard {board}\npiece K king K\npiece R rook R\npiece P pawn fmWfcF\n");
        let module = compile(&Source { file: "docs.variant", text: &text }, &Options::new()).unwrap();
        for doc in module.text.lines().filter_map(|l| l.trim_start().strip_prefix("///")) {
            assert_eq!(doc.matches('`').count() % 2, 0, "{board}: unbalanced backticks in {doc:?}");
            let start = doc.trim_start();
            assert!(!["* ", "- ", "+ "].iter().any(|b| start.starts_with(b)), "{board}: a bullet: {doc:?}");
        }
    }
}
