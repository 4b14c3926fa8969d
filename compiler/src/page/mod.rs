//! `show --html`: one self-contained page that draws a variant's moves live from the module's
//! own tables. The tables are serialised as the emitter holds them ([`Tables`]: each block's
//! list of reads with the leaps, probes, lines and plain checks they read, the packed or
//! numbered attack table, the rank table) and the page's script interprets each block's reads
//! as the module makes them (`reads.rs`), through the runtime's arithmetic, so what it draws is
//! what an engine on the module gets, not a second interpretation of the XBetza.

use std::fmt::Write as _;

use fairy_magic_runtime::{Index, LineForm};

use crate::board::Word;
use crate::reads::{self, Tally};
use crate::tables::{Numbered, Numbers, Tables};
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
/// slot: its real probes (padding left out) and what its blocks' reads store ([`Tally`]).
fn piece_cost<B: Word>(t: &Tables<B>, piece: usize) -> (usize, usize) {
    let mut seen = Vec::new();
    let (mut probes, mut bytes) = (0, 0);
    for kind in &t.block_of {
        for &b in &kind[piece] {
            if seen.contains(&b) {
                continue;
            }
            seen.push(b);
            let block = &t.blocks[b];
            probes += block.probes.iter().filter(|p| !crate::tables::Block::is_padding(p)).count();
            bytes += Tally::of::<B>(&block.reads, block.leaps.len()).bytes::<B>();
        }
    }
    (probes, bytes)
}

/// The attack table as JSON, always numbered: the distinct sets as hexadecimal, and one number an
/// entry, little-endian in base64. A module that stores its sets whole is numbered here as a
/// numbered module is ([`Numbered::new`]): entry `i` is the same set either way, and the page is a
/// fifth or less of the size (bentriders: 10.2 MB of JSON sets, about 2 MB numbered).
fn attack_json<B: Word>(t: &Tables<B>) -> String {
    let numbered;
    let n = match &t.numbered {
        Some(n) => n,
        None => {
            numbered = Numbered::new(&t.table);
            &numbered
        }
    };
    let bytes: Vec<u8> = match &n.entries {
        Numbers::U16(e) => e.iter().flat_map(|x| x.to_le_bytes()).collect(),
        Numbers::U32(e) => e.iter().flat_map(|x| x.to_le_bytes()).collect(),
    };
    format!(
        "{{\"entryBytes\":{},\"entries\":\"{}\",\"sets\":{}}}",
        n.entries.entry_bytes(),
        base64(&bytes),
        list(&n.sets, |&s| string(&hex(s)))
    )
}

/// Standard base64 with padding, which the page's `atob` reads.
pub fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(DIGITS[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The tables as JSON, as the module stores them: each block's list of reads (`reads.rs`) and
/// the statics they read (its leaps, probes, lines and plain checks), the attack table and the
/// rank table. The page's script interprets each read as [`reads::evaluate`] does.
fn tables_json<B: Word>(c: &Compiled<B>) -> String {
    let t = &c.tables;
    let v = &c.variant;
    let board = v.board;
    let kinds = list(&t.kinds, |k| string(&format!("{k:?}")));
    let block_of = list(&t.block_of, |kind| list(kind, |pair| format!("[{},{}]", pair[0], pair[1])));
    let blocks = list(&t.blocks, |b| {
        format!(
            "{{\"reads\":{},\"leaps\":{},\"probes\":{},\"checks\":{},\"lines\":{}}}",
            reads::json(&b.reads),
            list(&b.stored_leaps, |&l| string(&hex(l))),
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
            list(&b.stored, |l| {
                // The form's name, and the step of a slide that then steps (0 for the rest).
                let (form, step) = match l.form {
                    LineForm::SlideThenStep(step) => ("SlideThenStep".to_string(), step),
                    form => (format!("{form:?}"), 0),
                };
                format!(
                    "[{},{},{},{},{step}]",
                    string(&hex(l.up)),
                    string(&hex(l.down)),
                    string(&hex(l.reach)),
                    string(&form)
                )
            }),
        )
    });
    let rank_slides = t.ranks.as_ref().map_or("null".to_string(), |r| list(&r.entries, u16::to_string));
    let table = attack_json(t);
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
        "{{\"name\":{},\"files\":{},\"ranks\":{},\"bits\":{},\"index\":\"{}\",\"kinds\":{kinds},\"blockOf\":{block_of},\"blocks\":{blocks},\"attack\":{table},\"rankSlides\":{rank_slides},\"pieces\":{pieces},\"regions\":{regions},\"between\":{between}}}",
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
