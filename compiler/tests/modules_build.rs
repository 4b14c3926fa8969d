//! Two properties of every module `compile` accepts, checked in one crate built once:
//!
//! 1. It builds clean in a user's crate. Random valid variant files (boards of one file, one
//!    rank or one square among them, and piece names at the edges of the grammar) are compiled;
//!    each accepted module goes into one crate, as a library's public module, which must pass
//!    `cargo clippy` under `-D warnings -D clippy::all`, and as a binary's private one, which
//!    must build under `deny(warnings)` (a module used in part warns of nothing unused). A file
//!    the compiler refuses must be refused at a place (file, line and column), never with a
//!    module that does not build.
//! 2. Its emitted code answers as the compiler's reference walker does (issue #43): random
//!    variants of gallery pieces and random XBetza within the grammar, on boards of every
//!    bitboard width (`u64`, `u128`, `Bitboard192`, `Bitboard256`), join the files above; a
//!    third target of the same crate asks every module's forward lookups (quiet moves, captures,
//!    their first-move versions, friendly captures) on random squares and occupancies, and each
//!    answer is compared with the walker's. Verification checks the compiler's model of a block's
//!    read; this checks the code the module runs, for variants nobody shipped.
//!
//! The draws are the same on every run; `FAIRY_MAGIC_PROPERTY_SEED=<number>` draws others, and
//! a failure names the seed and the variant file.

use std::path::{Path, PathBuf};
use std::process::Command;

use fairy_magic::stages::board::{Square, Squares};
use fairy_magic::stages::pipeline;
use fairy_magic::stages::reference;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::{Options, Source};

use crate::common::XorShift as Rng;

/// Moves of every family the compiler plans differently: leaps, slides, hoppers, bent and lame
/// riders, pawns, moves that leave a small board at once, and a rider whose leaps the lookups
/// it shares with a queen cannot take in (`QN`: its block keeps a `Slot`).
const MOVES: [&str; 17] = [
    "K",
    "N",
    "R",
    "B",
    "Q",
    "fmWfcFifmnD",
    "[F?R]",
    "mRcpR",
    "gQ",
    "W",
    "D",
    "fR",
    "NN",
    "[W-F]",
    "vRsW",
    "mQ3cK",
    "QN",
];

/// Names at the edges of what the grammar allows: one letter, capitals, digits, `_` and `-` in
/// runs and at the end, and words the module itself defines.
const NAMES: [&str; 16] = [
    "a",
    "Z",
    "x9",
    "rook-",
    "Q_",
    "x__y",
    "ALL",
    "Piece",
    "Color",
    "SQUARES",
    "a-b-c",
    "king2",
    "NAME",
    "Files",
    "Square",
    "SquareSet",
];

fn random_name(rng: &mut Rng) -> String {
    if rng.below(2) == 0 {
        return pick(rng, &NAMES).to_string();
    }
    const FIRST: &[u8] = b"abcxyzABCXYZ";
    const REST: &[u8] = b"abzAZ09_-";
    let mut name = String::from(FIRST[rng.below(FIRST.len())] as char);
    for _ in 0..rng.below(6) {
        name.push(REST[rng.below(REST.len())] as char);
    }
    name
}

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

fn random_variant(rng: &mut Rng, index: usize) -> String {
    // The first files pin the edge boards; the rest are random, up to 10x10.
    let (files, ranks) = match index {
        0 => (1, 1),
        1 => (1, 16),
        2 => (16, 1),
        3 => (16, 16),
        _ => (1 + rng.below(10), 1 + rng.below(10)),
    };
    let mut text = format!("variant random{index}\nboard {files}x{ranks}\n");
    let letters = ["K", "Q", "R", "B", "N", "P", "+R", "N'"];
    // A board of over 128 squares keeps to leaps, so the test stays small.
    let moves: &[&str] = if files * ranks > 128 { &["K", "N", "W", "D"] } else { &MOVES };
    let mut words: Vec<String> = Vec::new();
    for letter in letters.iter().take(1 + rng.below(4)) {
        // Names whose words agree (`rook-` and `Rook`) are refused as the same Rust names;
        // that refusal has its own test (bad-input), so this one draws names that differ.
        let name = loop {
            let name = random_name(rng);
            let key: String = name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase();
            if !words.contains(&key) {
                words.push(key);
                break name;
            }
        };
        let _ = std::fmt::Write::write_fmt(&mut text, format_args!("piece {letter} {name} {}\n", pick(rng, moves)));
    }
    text
}

/// Boards of every bitboard width, one variant each: two of 64 squares or fewer (`u64`), two
/// of 65 to 128 (`u128`), two of 129 to 192 (`Bitboard192`) and two of 193 to 256
/// (`Bitboard256`), each width's largest board among them.
const WIDTH_BOARDS: [(usize, usize); 8] = [(8, 8), (5, 9), (12, 10), (16, 8), (16, 12), (13, 11), (16, 16), (15, 14)];

/// A move of XBetza drawn from the grammar (README, "XBetza"): modifiers, an atom and a range,
/// or a bent path of legs in brackets.
fn random_xbetza(rng: &mut Rng) -> String {
    const MODIFIERS: [&str; 16] = ["", "", "", "m", "c", "f", "b", "s", "v", "fs", "l", "rf", "p", "g", "n", "i"];
    const LEAPERS: [&str; 9] = ["W", "F", "D", "N", "A", "H", "C", "Z", "K"];
    const RIDERS: [&str; 4] = ["R", "B", "Q", "N"];
    const BENT: [&str; 6] = ["[F?R]", "[W?B]", "[W-F]", "[F-R]", "[D?B]", "[W-R]"];
    let modifier = pick(rng, &MODIFIERS);
    match rng.below(3) {
        0 => format!("{modifier}{}", pick(rng, &LEAPERS)),
        1 => {
            let range = ["", "", "2", "3", "4"][rng.below(5)];
            let rider = pick(rng, &RIDERS);
            // A rider's letter doubled (NN) is its unlimited ride; `R`, `B`, `Q` ride already.
            let rider = if rider == "N" { "NN" } else { rider };
            format!("{modifier}{rider}{range}")
        }
        _ => format!("{}{}", ["", "", "v", "f", "s"][rng.below(5)], pick(rng, &BENT)),
    }
}

/// A variant for the reference property: one board of [`WIDTH_BOARDS`] and two or three pieces,
/// each a gallery piece or one to two random XBetza moves.
fn random_reference_variant(rng: &mut Rng, index: usize, gallery: &[String]) -> String {
    let (files, ranks) = WIDTH_BOARDS[index % WIDTH_BOARDS.len()];
    let mut text = format!("variant reference{index}\nboard {files}x{ranks}\n");
    for letter in ["K", "Q", "R"].iter().take(2 + rng.below(2)) {
        let betza = if rng.below(2) == 0 {
            gallery[rng.below(gallery.len())].clone()
        } else {
            (0..1 + rng.below(2)).map(|_| random_xbetza(rng)).collect()
        };
        text.push_str(&format!("piece {letter} piece{} {betza}\n", letter.to_lowercase()));
    }
    text
}

/// The gallery's XBetza strings.
fn gallery_moves() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/gallery.variant");
    let text = std::fs::read_to_string(path).unwrap();
    let (gallery, _) = pipeline::read(&Source { file: "gallery.variant", text: &text }).unwrap();
    gallery.pieces.iter().map(|p| p.betza_text.to_string()).collect()
}

/// The seed of this run's draws: fixed, unless `FAIRY_MAGIC_PROPERTY_SEED` names another.
fn seed() -> u64 {
    let Ok(text) = std::env::var("FAIRY_MAGIC_PROPERTY_SEED") else { return 0x9e37_79b9_7f4a_7c15 };
    let seed: u64 = text.trim().parse().unwrap_or_else(|_| panic!("FAIRY_MAGIC_PROPERTY_SEED={text}: not a number"));
    // The generator's state must not be 0.
    seed.max(1)
}

/// An accepted module in the scratch crate: its variant file and what its code was asked.
struct Accepted {
    index: usize,
    text: String,
    /// The lookups the module has, in the order the answers binary numbers them.
    kinds: Vec<TableKind>,
}

/// The forward lookups a module's text defines, each with its function's name.
const LOOKUPS: [(TableKind, &str); 6] = [
    (TableKind::Quiet, "quiets"),
    (TableKind::Capture, "attacks"),
    (TableKind::InitialQuiet, "initial_quiets"),
    (TableKind::InitialCapture, "initial_attacks"),
    (TableKind::Friendly, "friendly_attacks"),
    (TableKind::InitialFriendly, "initial_friendly_attacks"),
];

#[test]
fn every_accepted_module_builds_clean_and_answers_as_the_reference() {
    let seed = seed();
    let mut rng = Rng(seed);
    let dir = crate_dir();
    let (mut accepted, mut refused) = (Vec::new(), Vec::new());
    let gallery = gallery_moves();
    let mut bitboards = std::collections::BTreeSet::new();
    for index in 0..36 + WIDTH_BOARDS.len() {
        let file = format!("random{index}.variant");
        let compile = |text: &str| fairy_magic::compile(&Source { file: &file, text }, &Options::new());
        let (text, result) = if index < 36 {
            let text = random_variant(&mut rng, index);
            let result = compile(&text);
            (text, result)
        } else {
            // Drawn until one is accepted, so that every width has its modules whatever the seed.
            let draws = std::iter::repeat_with(|| random_reference_variant(&mut rng, index - 36, &gallery));
            let compiled = draws.take(20).map(|text| (compile(&text), text)).find(|(result, _)| result.is_ok());
            let (result, text) = compiled.expect("one of 20 random variants is accepted");
            (text, result)
        };
        match result {
            Ok(module) => {
                let kinds = LOOKUPS
                    .iter()
                    .filter(|(_, name)| module.text.contains(&format!("pub fn {name}(")))
                    .map(|&(kind, _)| kind)
                    .collect();
                bitboards.insert(bitboard_type(&module.text).to_string());
                std::fs::write(dir.join(format!("src/m{index}.rs")), module.text).unwrap();
                accepted.push(Accepted { index, text, kinds });
            }
            Err(e) => {
                let message = e.to_string();
                let located = message.contains(&format!("{file}:"));
                assert!(located, "refused without a place:\n{text}\n{message}");
                refused.push(message);
            }
        }
    }
    let indices: Vec<usize> = accepted.iter().map(|a| a.index).collect();
    // Most files are accepted, the edge boards among them, and every bitboard width: the
    // properties are about them.
    assert!(
        indices.len() >= 30 + WIDTH_BOARDS.len() && indices.starts_with(&[0, 1, 2, 3]),
        "seed {seed}: {indices:?}; refused:\n{}",
        refused.join("\n")
    );
    assert_eq!(bitboards.len(), 4, "seed {seed}: the accepted modules' bitboards: {bitboards:?}");
    let mut questions = Vec::new();
    for module in &accepted {
        questions.extend(questions_for(module, &mut rng));
    }
    write_crate(&dir, &accepted);
    let query_file = dir.join("questions.txt");
    std::fs::write(&query_file, questions.iter().map(|q| q.line.as_str()).collect::<String>()).unwrap();
    // Clippy checks the library alone, not the binaries or the test harnesses: those would
    // check every module again (a harness twice more), and a module has no code that only a
    // test build sees. The crate's `clippy.toml` lints the public modules as private ones (no
    // exported-API exemptions), so the lints a private copy would draw fall on these; the
    // private copies' own check is rustc's, in the build below. Clippy on the binary as well
    // took a third of this test's time.
    let stderr = cargo(&dir, &["clippy", "--quiet", "--offline", "--lib", "--", "-D", "warnings", "-D", "clippy::all"]);
    assert!(stderr.is_none(), "the modules do not lint clean (crate kept at {}):\n{}", dir.display(), stderr.unwrap());
    let stderr = cargo(&dir, &["build", "--quiet", "--offline", "--bins"]);
    assert!(stderr.is_none(), "the modules do not build clean (crate kept at {}):\n{}", dir.display(), stderr.unwrap());
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--offline", "--bin", "answers", "--"])
        .arg(&query_file)
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    assert!(out.status.success(), "the answers binary failed:\n{}", String::from_utf8_lossy(&out.stderr));
    let answers = String::from_utf8(out.stdout).unwrap();
    assert_eq!(answers.lines().count(), questions.len(), "one answer a question");
    for (question, answer) in questions.iter().zip(answers.lines()) {
        let answer = parse_words(answer);
        if answer != question.expected {
            let module = accepted.iter().find(|a| a.index == question.module).unwrap();
            panic!(
                "seed {seed}: m{}.rs answers `{}` (module, lookup, piece, colour, square, occupancy) with \
                 {answer:x?}, the reference walker with {:x?}; the file:\n{}",
                question.module,
                question.line.trim_end(),
                question.expected,
                module.text
            );
        }
    }
    // Both properties held; a folder left behind is no failure of them.
    let _ = std::fs::remove_dir_all(&dir);
}

/// A module's `Bitboard` type, as its text declares it: the runtime's `board!` invocation
/// (`fairy_magic_runtime::board!(bitboard: u64, files: 8, ranks: 8);`) names it.
fn bitboard_type(module: &str) -> &str {
    module
        .lines()
        .find_map(|l| l.strip_prefix("fairy_magic_runtime::board!(bitboard: ")?.split(',').next())
        .expect("a module declares its Bitboard")
}

/// One question to a module's code: its line for the answers binary (`module kind piece white
/// square` and the occupancy's four words) and the reference walker's answer.
struct Question {
    module: usize,
    line: String,
    expected: [u64; 4],
}

/// Each piece, colour and lookup of a module, on random squares and occupancies of four
/// densities (none, a quarter, a half, three quarters of the squares).
fn questions_for(module: &Accepted, rng: &mut Rng) -> Vec<Question> {
    let file = format!("random{}.variant", module.index);
    let (variant, moves) = pipeline::read(&Source { file: &file, text: &module.text }).unwrap();
    let board = variant.board;
    let squares = board.squares();
    let mut questions = Vec::new();
    for (piece, colours) in moves.iter().enumerate() {
        for (colour, piece_moves) in colours.iter().enumerate() {
            for _ in 0..12 {
                let square = rng.below(squares);
                let random = fairy_magic_runtime::Bitboard256([(); 4].map(|_| rng.next()));
                let other = fairy_magic_runtime::Bitboard256([(); 4].map(|_| rng.next()));
                for occupied in [Squares::EMPTY, random & other, random, random | other] {
                    let occupied = occupied & board.all();
                    for (k, &kind) in module.kinds.iter().enumerate() {
                        let expected =
                            reference::reach_piece(board, piece_moves, Square::new(square), occupied, kind).0;
                        let [w0, w1, w2, w3] = occupied.0;
                        let line =
                            format!("{} {k} {piece} {colour} {square} {w0:x} {w1:x} {w2:x} {w3:x}\n", module.index);
                        questions.push(Question { module: module.index, line, expected });
                    }
                }
            }
        }
    }
    questions
}

/// Four hexadecimal words.
fn parse_words(line: &str) -> [u64; 4] {
    let mut words = line.split(' ').map(|w| u64::from_str_radix(w, 16).unwrap());
    [(); 4].map(|_| words.next().unwrap())
}

/// Runs cargo in the scratch crate: `None` when it succeeds, its standard error when not.
fn cargo(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        // One build, checked once: incremental state would only take space (over 100 MB).
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The scratch crate's folder, in this workspace's own target folder: not the machine's temp
/// folder, which may be small or shared with other builds, and whose name by process number
/// another machine's process may hold.
fn crate_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("modules-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    dir
}

/// A crate with each module public in `lib.rs` and private in `main.rs` (where unused items
/// would warn if a module did not allow its own, and `deny(warnings)` makes a warning fail the
/// build), and `src/bin/answers.rs`, which answers the questions of a file through the
/// library's modules. Its `clippy.toml` turns off clippy's exemptions for public items
/// (`avoid-breaking-exported-api`: names and signatures a fix would change for a crate's
/// users), so linting the library covers what linting the private copies would.
fn write_crate(dir: &Path, modules: &[Accepted]) {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime").canonicalize().unwrap();
    let manifest = format!(
        "[package]\nname = \"modules-build\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nfairy-magic-runtime = {{ path = {:?} }}\n\n[workspace]\n",
        runtime.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("clippy.toml"), "avoid-breaking-exported-api = false\n").unwrap();
    let lib: String = modules.iter().map(|m| format!("pub mod m{};\n", m.index)).collect();
    std::fs::write(dir.join("src/lib.rs"), format!("//! Generated modules, public.\n{lib}")).unwrap();
    let bin: String = modules.iter().map(|m| format!("#[path = \"m{i}.rs\"]\nmod m{i};\n", i = m.index)).collect();
    std::fs::write(
        dir.join("src/main.rs"),
        format!("//! The same modules, private.\n#![deny(warnings)]\n{bin}\nfn main() {{}}\n"),
    )
    .unwrap();
    let module_text = |m: &Accepted| std::fs::read_to_string(dir.join(format!("src/m{}.rs", m.index))).unwrap();
    let answers: String = modules.iter().map(|m| answer_function(m, bitboard_type(&module_text(m)))).collect();
    let arms: String = modules.iter().map(|m| format!("            {i} => m{i}(question),\n", i = m.index)).collect();
    std::fs::write(dir.join("src/bin/answers.rs"), format!("{ANSWERS_MAIN}{arms}{ANSWERS_END}{answers}")).unwrap();
}

/// The answers binary's `main`, up to the arms that pick a module's function.
const ANSWERS_MAIN: &str = r#"//! Answers each question of a file (`module kind piece colour square` and the occupancy's four
//! hexadecimal words, one a line) with four hexadecimal words, through the modules' code.

/// One question, read.
struct Question {
    kind: usize,
    piece: usize,
    white: bool,
    square: usize,
    occupied: [u64; 4],
}

fn main() {
    let path = std::env::args().nth(1).expect("the questions' file");
    let text = std::fs::read_to_string(path).expect("the questions");
    let mut out = String::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let number = |i: usize| fields[i].parse::<usize>().expect("a number");
        let word = |i: usize| u64::from_str_radix(fields[i], 16).expect("a hexadecimal word");
        let question = Question {
            kind: number(1),
            piece: number(2),
            white: number(3) == 0,
            square: number(4),
            occupied: [word(5), word(6), word(7), word(8)],
        };
        let [w0, w1, w2, w3] = match number(0) {
"#;

const ANSWERS_END: &str = r#"            other => panic!("no module m{other}"),
        };
        out.push_str(&format!("{w0:x} {w1:x} {w2:x} {w3:x}
"));
    }
    print!("{out}");
}
"#;

/// The answers binary's function for one module: its lookups in the order of `kinds`, the
/// occupancy narrowed to the module's `Bitboard` and the answer widened back.
fn answer_function(module: &Accepted, bitboard: &str) -> String {
    let (narrow, widen) = match bitboard {
        "u64" => ("q.occupied[0]", "[answer, 0, 0, 0]"),
        "u128" => (
            "u128::from(q.occupied[0]) | (u128::from(q.occupied[1]) << 64)",
            "[answer as u64, (answer >> 64) as u64, 0, 0]",
        ),
        "Bitboard192" => (
            "fairy_magic_runtime::Bitboard192([q.occupied[0], q.occupied[1], q.occupied[2]])",
            "[answer.0[0], answer.0[1], answer.0[2], 0]",
        ),
        "Bitboard256" => ("fairy_magic_runtime::Bitboard256(q.occupied)", "answer.0"),
        other => panic!("a module's Bitboard is {other}"),
    };
    let name = |kind: TableKind| LOOKUPS.iter().find(|l| l.0 == kind).unwrap().1;
    let arms: String = module
        .kinds
        .iter()
        .enumerate()
        .map(|(k, &kind)| format!("        {k} => m::{}(piece, color, square, occupied),\n", name(kind)))
        .collect();
    format!(
        "\nfn m{i}(q: Question) -> [u64; 4] {{\n    use modules_build::m{i} as m;\n    \
         let piece = m::Piece::ALL[q.piece];\n    \
         let color = if q.white {{ m::Color::White }} else {{ m::Color::Black }};\n    \
         let square = m::Square::new(q.square).expect(\"a square of the board\");\n    \
         let occupied: m::Bitboard = {narrow};\n    \
         let answer = match q.kind {{\n{arms}        other => panic!(\"no lookup {{other}}\"),\n    }};\n    {widen}\n}}\n",
        i = module.index
    )
}
