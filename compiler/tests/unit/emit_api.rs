use fairy_magic::stages::emit::api::doc_lines;

/// The `vector_index` doc once wrapped inside `rank * INDEX_PAD + file`: its second line
/// began `* INDEX_PAD`, a bullet, and both lines had unbalanced backticks.
#[test]
fn doc_lines_never_break_a_code_span() {
    let text = format!("{} `rank * INDEX_PAD + file` and then `a b c` `d`.", "word ".repeat(15));
    let lines = doc_lines(&text);
    assert!(lines.len() > 1, "{lines:?}");
    for line in &lines {
        assert_eq!(line.matches('`').count() % 2, 0, "{lines:?}");
        assert!(!line.trim_start().starts_with("* "), "{lines:?}");
    }
    assert!(lines.iter().any(|l| l.contains("`rank * INDEX_PAD + file`")), "{lines:?}");
}
