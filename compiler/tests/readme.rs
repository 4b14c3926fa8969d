//! The README's build-script snippets are the files of `compiler/examples/build-script`, which CI
//! builds and runs, and its profile lines are the workspace's own: pasted, they work as CI
//! checked, and they cannot drift from what is built.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The README's fenced blocks of one language tag, in order.
fn blocks(readme: &str, tag: &str) -> Vec<String> {
    let fence = format!("```{tag}\n");
    readme
        .split(fence.as_str())
        .skip(1)
        .map(|rest| rest.split("```").next().expect("a fenced block ends").to_string())
        .collect()
}

fn toml_blocks() -> Vec<String> {
    blocks(&read("README.md"), "toml")
}

#[test]
fn the_build_script_is_the_examples() {
    let build = read("compiler/examples/build-script/build.rs");
    let rust = blocks(&read("README.md"), "rust,ignore");
    assert!(rust.contains(&build), "the README's build.rs is not compiler/examples/build-script/build.rs");
    assert!(build.contains("fn main()"), "a build script pasted as it is needs its fn main");
    let main = read("compiler/examples/build-script/src/main.rs");
    let include = rust.iter().find(|b| b.contains("include!(concat!(env!(\"OUT_DIR\")")).expect("an include! snippet");
    let code: String =
        include.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{l}\n")).collect();
    assert!(main.contains(&code), "the README's include! is not the example's:\n{code}");
}

#[test]
fn the_profile_lines_are_the_workspaces() {
    let workspace = read("Cargo.toml");
    let mut sections = 0;
    for block in toml_blocks() {
        let lines: Vec<&str> = block.lines().collect();
        for pair in lines.windows(2) {
            if pair[0].starts_with("[profile.") {
                assert!(!pair[0].contains("build-override"), "{}: optimises every build dependency", pair[0]);
                let section = format!("{}\n{}\n", pair[0], pair[1]);
                assert!(workspace.contains(&section), "the README's\n{section}is not in the workspace's Cargo.toml");
                sections += 1;
            }
        }
    }
    // The compiler, the runtime and pest, for dev and release builds.
    assert_eq!(sections, 6);
}

#[test]
fn the_dependencies_name_crates_of_this_repository() {
    let example = read("compiler/examples/build-script/Cargo.toml");
    let mut seen = Vec::new();
    for block in toml_blocks() {
        for line in block.lines().filter(|l| l.contains("path = ")) {
            let (name, rest) = line.split_once(" = ").unwrap();
            let path = rest.split("path = \"").nth(1).unwrap().split('"').next().unwrap();
            // The README's paths assume a checkout named fairy-magic beside the user's project.
            let dir = path.strip_prefix("../fairy-magic/").unwrap_or_else(|| panic!("{line}"));
            let manifest = read(&format!("{dir}/Cargo.toml"));
            assert!(manifest.contains(&format!("name = \"{name}\"")), "{dir} is not the crate {name}");
            // The example depends on the crate the same way, but for the path.
            let features = rest.contains("default-features = false");
            let theirs = example.lines().find(|l| l.starts_with(&format!("{name} = "))).expect("the example uses it");
            assert_eq!(theirs.contains("default-features = false"), features, "{line} against {theirs}");
            seen.push(name.to_string());
        }
    }
    assert_eq!(seen, ["fairy-magic-runtime", "fairy-magic"]);
}

/// The README's two commands, verbatim: CI and a hook look for them.
#[test]
fn the_two_commands_are_there() {
    let readme = read("README.md");
    assert!(readme.contains("\ncargo xtask gen chess "), "`cargo xtask gen chess` is gone");
    assert!(readme.contains("\ncargo test --workspace "), "`cargo test --workspace` is gone");
}

/// The README guides; figures and their history live in docs/benchmarks.md.
#[test]
fn the_readme_stays_a_guide() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 450, "the README has {lines} lines: move reference text to docs/");
}

/// Nothing in the README or a manifest stands for what is not true yet: the crates are not
/// on crates.io (so docs.rs has no page for them) and the repository's address is not known.
#[test]
fn no_placeholder_stands_for_a_fact() {
    let readme = read("README.md");
    for placeholder in ["<this repository", "docs.rs/fairy-magic"] {
        assert!(!readme.contains(placeholder), "README.md: {placeholder}");
    }
    for manifest in ["Cargo.toml", "compiler/Cargo.toml", "runtime/Cargo.toml", "generated/Cargo.toml"] {
        let text = read(manifest);
        assert!(!text.contains("docs.rs/"), "{manifest} points at docs.rs before the crate is published");
    }
}

/// The cells of the Markdown table whose header row starts with `header`, row by row.
fn table_rows(text: &str, header: &str) -> Vec<Vec<String>> {
    let start = text.find(header).unwrap_or_else(|| panic!("no table headed {header}"));
    text[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect())
        .collect()
}

/// A page's size as the README writes it: kilobytes (1000 bytes) below a megabyte, rounded;
/// megabytes with one decimal above.
fn page_size(bytes: usize) -> String {
    match bytes < 999_500 {
        true => format!("{} KB", (bytes + 500) / 1000),
        false => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

/// The README's page sizes are the pages `show --html` writes today (they had drifted: Xiangqi
/// was 195 KB in the README and 190 KB on disk).
#[test]
fn the_page_sizes_are_the_pages() {
    let rows = table_rows(&read("README.md"), "| variant | board | page |");
    assert!(rows.len() >= 3, "{rows:?}");
    for row in rows {
        let file = format!("variants/{}.variant", row[0]);
        let text = read(&file);
        let page = fairy_magic::page(&fairy_magic::Source { file: &file, text: &text }, &fairy_magic::Options::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(row[2], page_size(page.len()), "{file}: the README's page size is not the page's");
    }
}

/// docs/xbetza.md's board sizes and bitboard widths are the compiler's: each width it names
/// holds boards up to the squares it says, and the next board up takes the next width. (It
/// once said "at most 128 squares", after 192- and 256-square boards had come.)
#[test]
fn the_boards_docs_are_the_compilers() {
    let doc = read("docs/xbetza.md");
    assert!(doc.contains("Boards from 1x1 to 16x16"), "docs/xbetza.md no longer gives the board sizes");
    let sentence = doc.split("the bitboards are").nth(1).expect("docs/xbetza.md names the bitboard widths");
    let sentence = sentence.split('.').next().unwrap().replace('\n', " ");
    let widths: Vec<(String, usize)> = sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .zip(sentence.split('`').skip(2).step_by(2))
        .map(|(width, rest)| {
            let squares = rest.split("up to ").nth(1).expect("each width says up to how many squares");
            let squares: String = squares.chars().take_while(char::is_ascii_digit).collect();
            (width.to_string(), squares.parse().unwrap())
        })
        .collect();
    assert_eq!(widths.iter().map(|w| w.0.as_str()).collect::<Vec<_>>(), ["u64", "u128", "Bitboard192", "Bitboard256"]);
    assert_eq!(widths.last().unwrap().1, 256);
    let bitboard_of = |files: usize, ranks: usize| {
        let text = format!("variant w\nboard {files}x{ranks}\npiece K king K\n");
        let module =
            fairy_magic::compile(&fairy_magic::Source { file: "w.variant", text: &text }, &fairy_magic::Options::new())
                .unwrap_or_else(|e| panic!("{files}x{ranks}: {e}"));
        let board = "fairy_magic_runtime::board!(bitboard: ";
        let line = module.text.lines().find(|l| l.starts_with(board)).expect("a board! invocation").to_string();
        line[board.len()..].split(',').next().unwrap().to_string()
    };
    for (i, (width, squares)) in widths.iter().enumerate() {
        assert_eq!(&bitboard_of(16, squares / 16), width, "{squares} squares");
        if let Some((next, _)) = widths.get(i + 1) {
            assert_eq!(&bitboard_of(16, squares / 16 + 1), next, "{} squares", squares + 16);
        }
    }
}

/// docs/tables.md's table of the shipped variants gives what each checked-in module's header
/// says: its lookups, attack entries and their bytes, and its tables, lines and slots together
/// (every `(N bytes` of the header's `Data:` lines).
#[test]
fn the_shipped_variants_sizes_are_their_headers() {
    let rows = table_rows(&read("docs/tables.md"), "| variant | board | lookups |");
    assert!(rows.len() >= 10, "{rows:?}");
    let number = |cell: &str| -> u64 { cell.replace(',', "").parse().unwrap_or_else(|_| panic!("{cell}")) };
    for row in rows {
        let name = row[0].split_whitespace().next().unwrap();
        let module = read(&format!("generated/src/{name}.rs"));
        let start = module.find("// Data: ").unwrap_or_else(|| panic!("{name}: no Data line"));
        let data: String = module[start..]
            .lines()
            .take_while(|l| l.starts_with("// ") && !l.starts_with("// Reverse") && !l.starts_with("// Between"))
            .collect::<Vec<_>>()
            .join(" ");
        let words: Vec<&str> = data.split_whitespace().collect();
        // "Data: 270 lookups in 2244 attack entries (35904 bytes, ..."
        assert_eq!(number(&row[2]), number(words[2]), "{name}: lookups");
        assert_eq!(number(&row[3]), number(words[5]), "{name}: attack entries");
        assert_eq!(number(&row[4]), number(words[8].trim_start_matches('(')), "{name}: table bytes");
        let total: u64 =
            data.split('(').skip(1).filter_map(|part| part.split_once(" bytes")?.0.parse::<u64>().ok()).sum();
        assert_eq!(number(&row[7]), total, "{name}: tables, lines and slots");
    }
}

/// docs/indices.md's table gives what each checked-in module's header says of its indices:
/// threat features, the bytes of `move_index` and `threat_index`, the full table's shape and
/// bytes and the ratio, `vector_index`'s bytes, and the full policy table's bytes.
#[test]
fn the_index_sizes_are_their_headers() {
    let rows = table_rows(&read("docs/indices.md"), "| variant | threat features |");
    assert!(rows.len() >= 10, "{rows:?}");
    let digits = |s: &str| -> String { s.chars().filter(char::is_ascii_digit).collect() };
    for row in rows {
        // "u128_split32, u128_pext": the first names the module read.
        let name = row[0].split([',', ' ']).next().unwrap();
        let module = read(&format!("generated/src/{name}.rs"));
        let start = module.find("// vector_index: ").unwrap_or_else(|| panic!("{name}: no indices lines"));
        let text: String = module[start..]
            .lines()
            .take_while(|l| l.starts_with("//"))
            .map(|l| l.trim_start_matches("// "))
            .collect::<Vec<_>>()
            .join(" ");
        let after = |marker: &str| -> String {
            let rest = text.split(marker).nth(1).unwrap_or_else(|| panic!("{name}: no `{marker}` in {text}"));
            digits(rest.split([' ', ')', '.']).find(|w| !digits(w).is_empty()).unwrap())
        };
        assert_eq!(digits(&row[1]), after("Threat features: "), "{name}: threat features");
        assert_eq!(digits(&row[2]), after("these "), "{name}: move_index + threat_index bytes");
        let (shape, full) = row[3].split_once(": ").unwrap();
        assert!(text.contains(&format!("A {shape} table")), "{name}: {shape} in {text}");
        assert_eq!(digits(full), after("would take "), "{name}: full table bytes");
        assert_eq!(digits(&row[4]), after("bytes: "), "{name}: ratio");
        assert_eq!(digits(&row[5]), after("entries in all ("), "{name}: vector_index bytes");
        let policy = text.split("policy_index:").nth(1).unwrap_or_else(|| panic!("{name}: no policy_index line"));
        let policy_full = policy.split("would take ").nth(1).unwrap().split(' ').next().unwrap();
        assert_eq!(digits(&row[7]), digits(policy_full), "{name}: full policy table bytes");
    }
}
