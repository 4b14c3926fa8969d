//! `fairy-magic show`: a piece's moves drawn on its board, as text or as an SVG picture.
//!
//! The squares come from the compiled tables (as `moves` gives them); squares the piece would
//! reach on an empty board but cannot now are marked as blocked.

use std::fmt::Write as _;

use fairy_magic_runtime::BitboardExt;

use crate::board::{bit, Board, Square, Squares};
use crate::indices::PieceIndices;
use crate::query::{Answer, Position};
use crate::variant::{camel_case, Piece};

/// The piece a user asked for: by its letter exactly, else by its name or its enum variant's
/// name (`horse`, `Horse`, `HORSE`), else by its letter in any case when only one piece has it.
pub fn find_piece<'a>(pieces: &'a [Piece], wanted: &str) -> Option<&'a Piece> {
    let by_letter = pieces.iter().find(|p| p.letter == wanted);
    let by_name = || {
        pieces.iter().find(|p| p.name.eq_ignore_ascii_case(wanted) || camel_case(&p.name).eq_ignore_ascii_case(wanted))
    };
    let by_letter_any_case = || {
        let mut same = pieces.iter().filter(|p| p.letter.eq_ignore_ascii_case(wanted));
        match (same.next(), same.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    };
    by_letter.or_else(by_name).or_else(by_letter_any_case)
}

/// What each square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// An empty square the piece cannot reach, even on an empty board, outside its regions.
    Empty,
    /// The piece's own square.
    Piece,
    /// A square holding a friendly piece.
    Friend,
    /// A square holding an enemy piece the piece cannot capture.
    Foe,
    /// An empty square the piece may move to.
    Quiet,
    /// An enemy-held square the piece may capture on.
    Capture,
    /// An empty square the piece would reach on an empty board, but not now.
    Blocked,
    /// An empty square of one of the piece's regions (where it is confined, or moves otherwise).
    Region,
}

/// The marks of every square, index = square. `regions` are the squares of the piece's regions.
pub fn marks(board: Board, p: &Position, now: &Answer, empty_board: &Answer, regions: Squares) -> Vec<Mark> {
    let set = |names: &[String]| names.iter().fold(Squares::EMPTY, |s, n| s | bit(board.parse_square(n).unwrap()));
    let (quiet, capture, open) = (set(&now.quiet), set(&now.capture), set(&empty_board.dest));
    let blocked: Squares = open & !(quiet | capture | p.friends | p.foes);
    (0..board.squares())
        .map(|s| {
            if s == p.from.index() {
                Mark::Piece
            } else if capture.has_index(s) {
                Mark::Capture
            } else if quiet.has_index(s) {
                Mark::Quiet
            } else if p.friends.has_index(s) {
                Mark::Friend
            } else if p.foes.has_index(s) {
                Mark::Foe
            } else if blocked.has_index(s) {
                Mark::Blocked
            } else if regions.has_index(s) {
                Mark::Region
            } else {
                Mark::Empty
            }
        })
        .collect()
}

/// The board as text, rank by rank from the top, with a legend.
pub fn text(board: Board, marks: &[Mark], letter: &str, ascii: bool) -> String {
    let glyph = |m: Mark| match (m, ascii) {
        (Mark::Empty, true) => ".",
        (Mark::Empty, false) => "·",
        // ASCII marks are never letters, so no piece letter can be read as one.
        (Mark::Friend, true) => "+",
        (Mark::Friend, false) => "▲",
        (Mark::Foe, true) => "=",
        (Mark::Foe, false) => "▼",
        (Mark::Quiet, true) => "*",
        (Mark::Quiet, false) => "●",
        (Mark::Capture, true) => "#",
        (Mark::Capture, false) => "✕",
        (Mark::Blocked, true) => "-",
        (Mark::Blocked, false) => "◌",
        (Mark::Region, true) => ":",
        (Mark::Region, false) => "□",
        (Mark::Piece, _) => "@",
    };
    let mut s = String::new();
    for rank in (0..board.ranks as i32).rev() {
        let _ = write!(s, "{:>2} ", rank + 1);
        for file in 0..board.files as i32 {
            let m = marks[board.square(file, rank).unwrap().index()];
            let g = if m == Mark::Piece { symbol(letter) } else { glyph(m).into() };
            let _ = write!(s, " {g}");
        }
        s.push('\n');
    }
    s.push_str("   ");
    for file in 0..board.files {
        let _ = write!(s, " {}", (b'a' + file) as char);
    }
    s.push('\n');
    let _ = writeln!(
        s,
        "{} move  {} capture  {} blocked  {} friend  {} foe",
        glyph(Mark::Quiet),
        glyph(Mark::Capture),
        glyph(Mark::Blocked),
        glyph(Mark::Friend),
        glyph(Mark::Foe)
    );
    if marks.contains(&Mark::Region) {
        let _ = writeln!(s, "{} its region", glyph(Mark::Region));
    }
    s
}

/// The relative indices (`vector_index`) of a piece's potential attacks from `from`, each on
/// its square, with what `move_index` gives them; for a network author to see the numbering.
pub fn indices_text(board: Board, from: Square, piece: &PieceIndices, letter: &str, ascii: bool) -> String {
    let width = piece.vectors.len().saturating_sub(1).to_string().len().max(1) + 1;
    let (f0, r0) = board.file_rank(from);
    let reach = piece.potential[from.index()];
    let mut s = String::new();
    for rank in (0..board.ranks as i32).rev() {
        let _ = write!(s, "{:>2} ", rank + 1);
        for file in 0..board.files as i32 {
            let to = board.square(file, rank).expect("on the board");
            let cell = if to == from {
                symbol(letter)
            } else if reach.has_index(to.index()) {
                let j = piece.vector_index((file - f0, rank - r0)).expect("a potential attack has a vector");
                j.to_string()
            } else if ascii {
                ".".into()
            } else {
                "·".into()
            };
            let _ = write!(s, "{cell:>width$}");
        }
        s.push('\n');
    }
    s.push_str("   ");
    for file in 0..board.files {
        let _ = write!(s, "{:>width$}", (b'a' + file) as char);
    }
    s.push('\n');
    let here = reach.count_ones();
    let first = piece.offsets()[from.index()];
    let _ = writeln!(
        s,
        "vector_index of each potential attack from {} ({here} here, {} vectors from any square);",
        board.name(from),
        piece.vectors.len()
    );
    let _ = match here {
        0 => writeln!(s, "move_index: none from here ({} in all)", piece.moves()),
        _ => writeln!(
            s,
            "move_index from here: {first}..{} in square order from a1 ({} in all)",
            first + here as usize - 1,
            piece.moves()
        ),
    };
    s
}

/// The same diagram as an SVG picture: 40 units a square, files left to right, rank 1 at the
/// bottom, and a legend of the marks it uses below the board.
pub fn svg(board: Board, marks: &[Mark], letter: &str) -> String {
    const CELL: i32 = 40;
    const LEGEND_ROW: i32 = 22;
    let legend = legend(marks);
    let (w, h) = (board.files as i32 * CELL, board.ranks as i32 * CELL);
    // Room for the rank numbers on the left, the file letters below, then the legend's rows.
    let width = (w + 20).max(130);
    let height = h + 25 + LEGEND_ROW * legend.len() as i32;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    for rank in 0..board.ranks as i32 {
        for file in 0..board.files as i32 {
            let mark = marks[board.square(file, rank).unwrap().index()];
            let (x, y) = (20 + file * CELL, (board.ranks as i32 - 1 - rank) * CELL);
            let _ = writeln!(
                s,
                r##"  <rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
                square_fill(mark, (file + rank) % 2 == 0)
            );
            s.push_str(&svg_mark(mark, x + CELL / 2, y + CELL / 2, letter));
        }
    }
    for rank in 0..board.ranks as i32 {
        let y = (board.ranks as i32 - 1 - rank) * CELL + CELL / 2 + 5;
        let _ = writeln!(s, r#"  <text x="10" y="{y}" text-anchor="middle" font-size="12">{}</text>"#, rank + 1);
    }
    for file in 0..board.files as i32 {
        let x = 20 + file * CELL + CELL / 2;
        let _ = writeln!(
            s,
            r#"  <text x="{x}" y="{}" text-anchor="middle" font-size="12">{}</text>"#,
            h + 15,
            (b'a' + file as u8) as char
        );
    }
    for (row, (mark, label)) in legend.iter().enumerate() {
        let cy = h + 25 + LEGEND_ROW * row as i32 + LEGEND_ROW / 2;
        // Marks drawn on their own square colour, at half size, so the legend reads as the board.
        let _ = writeln!(
            s,
            r##"  <g transform="translate(30 {cy}) scale(0.5)"><rect x="-20" y="-20" width="40" height="40" fill="{}"/>{}</g>"##,
            square_fill(*mark, false),
            svg_mark(*mark, 0, 0, letter).trim()
        );
        let _ = writeln!(s, r#"  <text x="46" y="{}" font-size="12">{label}</text>"#, cy + 4);
    }
    s.push_str("</svg>\n");
    s
}

/// The marks a diagram shows, each with what it means, in a fixed order.
fn legend(marks: &[Mark]) -> Vec<(Mark, &'static str)> {
    const ALL: [(Mark, &str); 7] = [
        (Mark::Piece, "the piece"),
        (Mark::Quiet, "move"),
        (Mark::Capture, "capture"),
        (Mark::Blocked, "blocked"),
        (Mark::Friend, "friend"),
        (Mark::Foe, "foe"),
        (Mark::Region, "its region"),
    ];
    ALL.into_iter()
        .filter(|(m, _)| matches!(m, Mark::Piece | Mark::Quiet | Mark::Capture) || marks.contains(m))
        .collect()
}

fn square_fill(mark: Mark, dark: bool) -> &'static str {
    match (mark, dark) {
        (Mark::Region, true) => "#8fa86a",
        (Mark::Region, false) => "#c8dca5",
        (_, true) => "#b58863",
        (_, false) => "#f0d9b5",
    }
}

/// What one square draws over its colour, centred on (`cx`, `cy`); empty for a plain square.
fn svg_mark(mark: Mark, cx: i32, cy: i32, letter: &str) -> String {
    match mark {
        Mark::Empty | Mark::Region => String::new(),
        Mark::Piece => format!(
            r##"  <circle cx="{cx}" cy="{cy}" r="16" fill="#fff" stroke="#000"/><text x="{cx}" y="{}" text-anchor="middle" font-size="18">{}</text>
"##,
            cy + 6,
            xml(letter)
        ),
        Mark::Quiet => format!(
            r##"  <circle cx="{cx}" cy="{cy}" r="8" fill="#2a7d2a"/>
"##
        ),
        Mark::Capture => format!(
            r##"  <path d="M{} {} L{} {} M{} {} L{} {}" stroke="#c0392b" stroke-width="5"/>
"##,
            cx - 10,
            cy - 10,
            cx + 10,
            cy + 10,
            cx + 10,
            cy - 10,
            cx - 10,
            cy + 10
        ),
        Mark::Blocked => format!(
            r##"  <circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#555" stroke-dasharray="3 3"/>
"##
        ),
        Mark::Friend => format!(
            r##"  <circle cx="{cx}" cy="{cy}" r="14" fill="#3465a4"/>
"##
        ),
        Mark::Foe => format!(
            r##"  <circle cx="{cx}" cy="{cy}" r="14" fill="#222"/>
"##
        ),
    }
}

/// One character for the piece on a text board: its letter without `+` or `'`.
fn symbol(letter: &str) -> String {
    letter.chars().find(|c| c.is_alphabetic()).unwrap_or('@').to_string()
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
