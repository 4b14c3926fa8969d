//! A property: every module `compile` accepts builds clean in a user's crate. Random valid
//! variant files (boards of one file, one rank or one square among them, and piece names at the
//! edges of the grammar) are compiled; each accepted module goes into one crate, as a library's
//! public module and as a binary's private one, which must pass `cargo clippy --all-targets`
//! under `-D warnings -D clippy::all`. A file the compiler refuses must be refused at a place
//! (file, line and column), never with a module that does not build.

use std::path::{Path, PathBuf};
use std::process::Command;

use fairy_magic::{Options, Source};

/// A small deterministic generator (xorshift64*), so a failure names a reproducible file.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Moves of every family the compiler plans differently: leaps, slides, hoppers, bent and lame
/// riders, pawns, and moves that leave a small board at once.
const MOVES: [&str; 16] =
    ["K", "N", "R", "B", "Q", "fmWfcFifmnD", "[F?R]", "mRcpR", "gQ", "W", "D", "fR", "NN", "[W-F]", "vRsW", "mQ3cK"];

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
        return rng.pick(&NAMES).to_string();
    }
    const FIRST: &[u8] = b"abcxyzABCXYZ";
    const REST: &[u8] = b"abzAZ09_-";
    let mut name = String::from(FIRST[rng.below(FIRST.len())] as char);
    for _ in 0..rng.below(6) {
        name.push(REST[rng.below(REST.len())] as char);
    }
    name
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
        let _ = std::fmt::Write::write_fmt(&mut text, format_args!("piece {letter} {name} {}\n", rng.pick(moves)));
    }
    text
}

/// The scratch crate's folder, in this workspace's own target folder: not the machine's temp
/// folder, which may be small or shared with other builds, and whose name by process number
/// another machine's process may hold.
fn crate_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("modules-build-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    dir
}

#[test]
fn every_accepted_module_builds_clean_in_a_library_and_a_binary() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let dir = crate_dir();
    let (mut accepted, mut refused) = (Vec::new(), Vec::new());
    for index in 0..36 {
        let text = random_variant(&mut rng, index);
        let file = format!("random{index}.variant");
        match fairy_magic::compile(&Source { file: &file, text: &text }, &Options::new()) {
            Ok(module) => {
                std::fs::write(dir.join(format!("src/m{index}.rs")), module.text).unwrap();
                accepted.push(index);
            }
            Err(e) => {
                let message = e.to_string();
                let located = message.contains(&format!("{file}:"));
                assert!(located, "refused without a place:\n{text}\n{message}");
                refused.push(message);
            }
        }
    }
    // Most files are accepted, the edge boards among them: the property is about them.
    assert!(
        accepted.len() >= 30 && accepted.starts_with(&[0, 1, 2, 3]),
        "{accepted:?}; refused:\n{}",
        refused.join("\n")
    );
    write_crate(&dir, &accepted);
    let out = Command::new(env!("CARGO"))
        .args(["clippy", "--quiet", "--offline", "--all-targets", "--", "-D", "warnings", "-D", "clippy::all"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        // One build, checked once: incremental state would only take space (over 100 MB).
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the modules do not build clean (crate kept at {}):\n{stderr}", dir.display());
    // The property held; a folder left behind is no failure of it.
    let _ = std::fs::remove_dir_all(&dir);
}

/// A crate with each module public in `lib.rs` and private in `main.rs` (where unused items
/// would warn if a module did not allow its own).
fn write_crate(dir: &Path, modules: &[usize]) {
    let runtime = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime").canonicalize().unwrap();
    let manifest = format!(
        "[package]\nname = \"modules-build\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\nfairy-magic-runtime = {{ path = {:?} }}\n\n[workspace]\n",
        runtime.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    let lib: String = modules.iter().map(|i| format!("pub mod m{i};\n")).collect();
    std::fs::write(dir.join("src/lib.rs"), format!("//! Generated modules, public.\n{lib}")).unwrap();
    let bin: String = modules.iter().map(|i| format!("#[path = \"m{i}.rs\"]\nmod m{i};\n")).collect();
    std::fs::write(dir.join("src/main.rs"), format!("//! The same modules, private.\n{bin}\nfn main() {{}}\n"))
        .unwrap();
}
