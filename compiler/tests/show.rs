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

#[test]
fn the_index_diagrams_match_their_snapshots() {
    // The horse's eight leaps, numbered as `vector_index` numbers them, ASCII where the terminal
    // has no UTF-8.
    let horse = ["variants/xiangqi.variant", "horse", "--from", "e5", "--indices"];
    assert_eq!(show(&horse, false), include_str!("snapshots/xiangqi-horse-indices-ascii.txt"));
    // The cannon's potential attacks need a screen: not the squares next to it.
    let cannon = ["variants/xiangqi.variant", "cannon", "--from", "b3", "--indices"];
    assert_eq!(show(&cannon, true), include_str!("snapshots/xiangqi-cannon-indices.txt"));
    // Black's numbers are White's turned 180°: its captures down the board are 0 and 1.
    let pawn = ["variants/chess.variant", "pawn", "--from", "e2", "--black", "--indices"];
    assert_eq!(show(&pawn, true), include_str!("snapshots/chess-black-pawn-indices.txt"));
}

#[test]
fn ascii_marks_cannot_be_read_as_a_piece_letter() {
    // Pieces lettered as the old marks were (F for friend, E for foe, X, O): each square of the
    // diagram is either the piece's letter or a mark that is no letter at all.
    let dir = std::env::temp_dir().join(format!("fairy-magic-marks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("marks.variant");
    std::fs::write(&file, "variant marks\nboard 8x8\npiece F fers F\npiece E elephant FA\npiece X x W\npiece O o R\n")
        .unwrap();
    let file_text = file.display().to_string();
    for letter in ["F", "E", "X", "O"] {
        let text =
            show(&[&file_text, letter, "--from", "d4", "--friends", "d5,c5", "--foes", "e5,e4", "--ascii"], true);
        let board: String = text.lines().take(8).flat_map(|l| l.chars().skip(3)).collect();
        let letters: Vec<char> = board.chars().filter(|c| c.is_alphabetic()).collect();
        assert_eq!(letters, [letter.chars().next().unwrap()], "{letter}:\n{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_piece_is_found_by_its_name_in_any_case_or_its_letter() {
    let expected = show(&["variants/xiangqi.variant", "horse", "--from", "e5", "--ascii"], true);
    for spelling in ["Horse", "HORSE", "H", "h"] {
        assert_eq!(
            show(&["variants/xiangqi.variant", spelling, "--from", "e5", "--ascii"], true),
            expected,
            "{spelling}"
        );
    }
}

#[test]
fn the_picture_has_a_legend_of_its_marks() {
    let path = std::env::temp_dir().join(format!("fairy-magic-legend-{}.svg", std::process::id()));
    let path_text = path.display().to_string();
    show(&["variants/xiangqi.variant", "advisor", "--from", "e2", "--friends", "d1", "--svg", &path_text], true);
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    for label in [">move<", ">capture<", ">friend<", ">its region<"] {
        assert!(svg.contains(label), "{label} missing:\n{svg}");
    }
    // No foe on the board, so the legend does not explain one.
    assert!(!svg.contains(">foe<"));
}

/// `show --html`: one page that needs nothing from outside, with the module's tables as JSON
/// that says which lookup reads them. (Its behaviour is tested in a browser,
/// `compiler/tests/browser/`.)
#[test]
fn the_page_is_self_contained_and_carries_its_tables() {
    let dir = std::env::temp_dir().join(format!("fairy-magic-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("xiangqi.html");
    show(&["variants/xiangqi.variant", "--html", out.to_str().unwrap()], true);
    let page = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    for outside in ["http:", "https:", "src=", "@import", "url("] {
        assert!(!page.contains(outside), "the page reaches outside with {outside}");
    }
    let start = page.find(r#"<script type="application/json" id="data">"#).unwrap();
    let json = &page[start..].split_once('>').unwrap().1;
    let data: serde_json::Value = serde_json::from_str(json.split_once("</script>").unwrap().0).unwrap();
    assert_eq!((data["files"].as_u64(), data["ranks"].as_u64(), data["bits"].as_u64()), (Some(9), Some(10), Some(128)));
    let pieces: Vec<&str> = data["pieces"].as_array().unwrap().iter().map(|p| p["letter"].as_str().unwrap()).collect();
    assert_eq!(pieces, ["K", "A", "E", "H", "R", "C", "P"]);
    let regions: Vec<&str> = data["regions"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(regions, ["palace", "own-side", "across"]);
    assert!(data["attack"]["entries"].as_str().unwrap().len() > 1000);
}
