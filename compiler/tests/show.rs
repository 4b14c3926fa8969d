//! `fairy-magic show` draws a piece as a checked-in snapshot says (text, ASCII and SVG).

use std::process::Command;

fn show(args: &[&str], unicode: bool) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .arg("show")
        .args(args)
        .env("LANG", if unicode { "C.UTF-8" } else { "C" })
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

const GRIFFON: [&str; 8] = ["variants/gallery.variant", "griffon", "--from", "d4", "--foes", "c3", "--friends", "e5"];

#[test]
fn the_griffon_diagram_matches_its_snapshot() {
    assert_eq!(show(&GRIFFON, true), include_str!("snapshots/griffon.txt"));
    // A terminal without UTF-8 gets ASCII, as --ascii asks anywhere.
    assert_eq!(show(&GRIFFON, false), include_str!("snapshots/griffon-ascii.txt"));
    let mut ascii = GRIFFON.to_vec();
    ascii.push("--ascii");
    assert_eq!(show(&ascii, true), include_str!("snapshots/griffon-ascii.txt"));
}

#[test]
fn the_griffon_picture_matches_its_snapshot() {
    let path = std::env::temp_dir().join(format!("fairy-magic-griffon-{}.svg", std::process::id()));
    let mut args = GRIFFON.to_vec();
    let path_text = path.display().to_string();
    args.extend(["--svg", &path_text]);
    show(&args, true);
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg, include_str!("snapshots/griffon.svg"));
}
