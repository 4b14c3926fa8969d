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
