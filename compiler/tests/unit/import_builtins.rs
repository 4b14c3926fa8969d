/// Fairy-Stockfish's own variants.ini has no `[capablanca]`: the variant is built in. The
/// README's `import variants.ini --section capablanca` once failed there with "no section".
#[test]
fn a_built_in_variant_imports_by_name_from_a_file_without_its_section() {
    let ini = "# Fairy-Stockfish's variants.ini holds only variants that are not built in\n[mine:chess]\nmaxFile = 9\n";
    let (text, _) = fairy_magic::stages::import::import("variants.ini", ini, "capablanca").unwrap();
    assert!(text.contains("built-in variant `capablanca`"), "{text}");
    assert!(text.contains("variant capablanca\nboard 10x8\n"), "{text}");
    assert!(text.contains("archbishop") && text.contains("chancellor"), "{text}");
    // A name neither in the file nor built in is still an error that lists the sections.
    let e = fairy_magic::stages::import::import("variants.ini", ini, "capablance").unwrap_err().to_string();
    assert!(e.contains("no section [capablance]") && e.contains("mine"), "{e}");
}
