//! `show --html`: one self-contained page that draws a variant's moves live from the module's
//! own tables. The tables are serialised as the emitter holds them ([`Tables`]: blocks of leaps,
//! probes and plain checks, the packed or numbered attack table) and the page's script reads
//! them as the runtime does (`runtime/src/probe.rs`), so what it draws is what an engine on the
//! module gets, not a second interpretation of the XBetza.

use std::fmt::Write as _;

use fairy_magic_runtime::Index;

use crate::magics::Word;
use crate::tables::{Numbers, Tables};
use crate::Compiled;

const HTML: &str = include_str!("page.html");
const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// A set as a hexadecimal literal the page turns into a `BigInt` (square `s` is bit `s`).
fn hex<B: Word>(b: B) -> String {
    let words = b.to_squares().0;
    let mut s = String::from("0x");
    let mut started = false;
    for w in words.iter().rev() {
        if started {
            let _ = write!(s, "{w:016x}");
        } else if *w != 0 {
            let _ = write!(s, "{w:x}");
            started = true;
        }
    }
    if !started {
        s.push('0');
    }
    s
}

/// A JSON string: the names and XBetza of a variant file may hold quotes or backslashes.
fn string(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '<' => s.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

fn list<T>(items: impl IntoIterator<Item = T>, each: impl Fn(T) -> String) -> String {
    let parts: Vec<String> = items.into_iter().map(each).collect();
    format!("[{}]", parts.join(","))
}

fn index_name(index: Index) -> &'static str {
    match index {
        Index::Magic => "magic",
        Index::Split32 => "split32",
        Index::Pext => "pext",
    }
}

/// Probes and bytes of one piece (both colours, every kind), counted as the header counts a
/// slot: its real probes (padding left out) and the words and checks its blocks store.
fn piece_cost<B: Word>(t: &Tables<B>, piece: usize) -> (usize, usize) {
    let word = std::mem::size_of::<B>();
    let mut seen = Vec::new();
    let (mut probes, mut bytes) = (0, 0);
    for kind in &t.blocks {
        for &b in &kind[piece] {
            if seen.contains(&b) {
                continue;
            }
            seen.push(b);
            let block = &t.answers[b];
            probes += block.probes.iter().filter(|p| !crate::tables::Block::is_padding(p)).count();
            bytes += block.leaps.len() * word
                + block.probes.len() * std::mem::size_of::<fairy_magic_runtime::Probe<B>>()
                + block.checks.len() * std::mem::size_of::<fairy_magic_runtime::Check<B>>();
        }
    }
    (probes, bytes)
}

/// The tables as JSON: exactly the data the module's statics hold.
fn tables_json<B: Word>(c: &Compiled<B>) -> String {
    let t = &c.tables;
    let v = &c.variant;
    let board = v.board;
    let kinds = list(&t.kinds, |k| string(&format!("{k:?}")));
    let blocks = list(&t.blocks, |kind| list(kind, |pair| format!("[{},{}]", pair[0], pair[1])));
    let answers = list(&t.answers, |b| {
        format!(
            "{{\"width\":{},\"checkWidth\":{},\"leaps\":{},\"probes\":{},\"checks\":{}}}",
            b.width,
            b.check_width,
            list(&b.leaps, |&l| string(&hex(l))),
            list(&b.probes, |p| format!(
                "[{},{},{},{}]",
                string(&hex(p.mask)),
                string(&hex(p.magic)),
                p.shift,
                p.offset
            )),
            list(&b.checks, |k| format!(
                "[{},{},{}]",
                string(&hex(k.path)),
                string(&hex(k.required)),
                string(&hex(k.dest))
            )),
        )
    });
    let table = match &t.numbered {
        None => format!("{{\"table\":{}}}", list(&t.table, |&e| string(&hex(e)))),
        Some(n) => {
            let entries = match &n.entries {
                Numbers::U16(e) => list(e, |x| x.to_string()),
                Numbers::U32(e) => list(e, |x| x.to_string()),
            };
            format!("{{\"entries\":{entries},\"sets\":{}}}", list(&n.sets, |&s| string(&hex(s))))
        }
    };
    let pieces = list(v.pieces.iter().enumerate(), |(i, p)| {
        let (probes, bytes) = piece_cost(t, i);
        format!(
            "{{\"letter\":{},\"name\":{},\"betza\":{},\"probes\":{probes},\"bytes\":{bytes}}}",
            string(&p.letter),
            string(&p.name),
            string(&p.betza_text)
        )
    });
    let regions = list(&v.regions, |r| {
        format!(
            "{{\"name\":{},\"squares\":[{},{}]}}",
            string(&r.name),
            string(&hex(B::from_squares(r.squares[0]))),
            string(&hex(B::from_squares(r.squares[1])))
        )
    });
    // `between` as the module stores it: distinct sets, grids of set numbers, a grid a piece
    // and colour (`null` where nothing is ever between).
    let b = &c.between;
    let between = format!(
        "{{\"sets\":{},\"grids\":{},\"gridOf\":{}}}",
        list(&b.sets, |&s| string(&hex(B::from_squares(s)))),
        list(&b.grids, |g| list(g, |x| x.to_string())),
        list(&b.grid_of, |pair| list(pair, |g| g.map_or("null".to_string(), |g| g.to_string()))),
    );
    format!(
        "{{\"name\":{},\"files\":{},\"ranks\":{},\"bits\":{},\"index\":\"{}\",\"kinds\":{kinds},\"blocks\":{blocks},\"answers\":{answers},\"attack\":{table},\"pieces\":{pieces},\"regions\":{regions},\"between\":{between}}}",
        string(&v.name),
        board.files,
        board.ranks,
        B::BITS,
        index_name(t.index),
    )
}

/// The page: the template with its style, script and the tables filled in.
pub fn html<B: Word>(c: &Compiled<B>) -> String {
    let title = c.variant.name.replace('&', "&amp;").replace('<', "&lt;");
    HTML.replace("{{TITLE}}", &title).replace("{{CSS}}", CSS).replace("{{DATA}}", &tables_json(c)).replace("{{JS}}", JS)
}
