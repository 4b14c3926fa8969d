//! How a generated module reads a block, written once as plain data: each block holds a list of
//! [`Read`]s, the same for every square of the block, and its answer for a square is the union
//! of what they read there. Beside the model, as rust-analyzer keeps `ast_src.rs` beside its
//! generators, are the three things made of it:
//!
//! - [`evaluate`]: the answer, through the runtime's own functions on the tables as the module
//!   stores them. Verification checks every table through it, so what it checks is the list
//!   the emitted code was printed from;
//! - [`print`]: the module's code for the list, one expression a block in `lookup`'s match, and
//!   [`static_type`], the type of the static each read reads;
//! - [`json`]: the list as the page carries it, whose script interprets each item as
//!   [`evaluate`] does;
//!
//! and what the list stores, which the header's and page's figures count ([`Tally`]).

use fairy_magic_runtime::{Line, PlainCheck, Probe};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use crate::board::Square;
use crate::magics::Word;
use crate::tables::{read_probes, Block, Tables};

/// One read of a block: a static of the block (or the module's shared rank table) and the
/// runtime function that reads it at the square. A block's reads are listed in the order the
/// module unites them: leaps, a slot or probes, the rank, lines, plain checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Read {
    /// Leaps only: one bitboard a square, which no occupancy blocks.
    Leaps,
    /// A `Slot` a square: its leaps and `probes` probes into the attack table, whose entries
    /// are stored as `entries` says.
    Slot {
        /// Probes a square, padded to the block's busiest square.
        probes: usize,
        /// How the attack table stores its entries.
        entries: Entries,
    },
    /// `probes` probes a square and no leaps: the block's leaps are folded into the entries its
    /// probes read (on a square with no probe of its own, into an entry of their own that a
    /// padding probe reads), which saves a load and a union on every lookup. Only where the
    /// entries are sets ([`Entries::Sets`]; `fold.rs` says why).
    Probes {
        /// Probes a square, padded to the block's busiest square.
        probes: usize,
    },
    /// The slide along the square's whole rank, from the rank table every such block shares.
    RankSlide,
    /// Lines computed from the occupancy, `per_square` a square, through the runtime function
    /// `read` names.
    Lines {
        /// Lines a square, padded with [`Line::empty`].
        per_square: usize,
        /// Which function reads them.
        read: LineRead,
    },
    /// Plain checks, `per_square` a square: moves whose paths are too long for a lookup.
    PlainChecks {
        /// Checks a square, padded with checks that pass and add nothing.
        per_square: usize,
    },
}

/// How the attack table stores its entries, which decides the function a slot is read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entries {
    /// Each entry its set (`Slot::lookup`).
    Sets,
    /// Each entry the number of its set among the table's distinct sets (`Slot::lookup_numbered`),
    /// on boards of over 128 squares ([`crate::tables::stores_numbered`]).
    Numbered,
}

/// Which runtime function reads a block's lines: the one with the least work that gives every
/// square of the block the answer its lines give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRead {
    /// `slides`: every line a slide, and the squares the rays pass without reaching them among
    /// the square's leaps (no form, no reach).
    Slides,
    /// `reached_slides`: every line a slide, each masked by its reach (no branch on the form).
    ReachedSlides,
    /// `hops`: every line a hop or padding (no branch on the form).
    Hops,
    /// `lines`: a branch on each line's form.
    Lines,
}

impl LineRead {
    /// What `lines` answer under `occupied`, through the runtime function this names.
    pub fn answer<B: Word>(self, lines: &[Line<B>], occupied: B) -> B {
        match self {
            LineRead::Slides => fairy_magic_runtime::slides(lines, occupied),
            LineRead::ReachedSlides => fairy_magic_runtime::reached_slides(lines, occupied),
            LineRead::Hops => fairy_magic_runtime::hops(lines, occupied),
            LineRead::Lines => fairy_magic_runtime::lines(lines, occupied),
        }
    }

    /// The runtime function's name.
    fn function(self) -> &'static str {
        match self {
            LineRead::Slides => "slides",
            LineRead::ReachedSlides => "reached_slides",
            LineRead::Hops => "hops",
            LineRead::Lines => "lines",
        }
    }
}

impl Read {
    /// Whether the read looks at the occupancy (leaps alone do not).
    pub fn reads_occupancy(self) -> bool {
        self != Read::Leaps
    }
}

/// The answer of `block` at `square` under `occupied`: the union of its reads, each through
/// the runtime function the module calls, on the data as the module stores it.
pub fn evaluate<B: Word>(block: &Block<B>, tables: &Tables<B>, square: Square, occupied: B) -> B {
    block.reads.iter().fold(B::EMPTY, |found, &read| found | evaluate_one(read, block, tables, square, occupied))
}

/// What one read gives at `square`.
fn evaluate_one<B: Word>(read: Read, block: &Block<B>, tables: &Tables<B>, square: Square, occupied: B) -> B {
    match read {
        Read::Leaps => block.stored_leaps[square.index()],
        Read::Slot { probes, entries } => {
            let probes: &[Probe<B>] = per_square(&block.probes, probes, square);
            let numbered = match entries {
                Entries::Sets => None,
                Entries::Numbered => Some(tables.numbered.as_ref().expect("a block reads numbered entries")),
            };
            read_probes(tables.index, block.stored_leaps[square.index()], probes, &tables.table, numbered, occupied)
        }
        Read::Probes { probes } => {
            let probes: &[Probe<B>] = per_square(&block.probes, probes, square);
            fairy_magic_runtime::lookup_probes(tables.index, probes, &tables.table, occupied)
        }
        Read::RankSlide => tables.ranks.as_ref().expect("a block reads the rank table").read(square, occupied),
        Read::Lines { per_square: count, read } => read.answer(per_square(&block.stored, count, square), occupied),
        Read::PlainChecks { per_square: count } => {
            let checks: &[PlainCheck<B>] = per_square(&block.checks, count, square);
            fairy_magic_runtime::plain_checks(checks, occupied)
        }
    }
}

/// The `count` items of `square` in data laid out `count` a square.
pub fn per_square<T>(data: &[T], count: usize, square: Square) -> &[T] {
    let first = square.index() * count;
    &data[first..first + count]
}

/// The expression block `block`'s arm of `lookup` answers with: its reads united, each the
/// runtime call on its static at `square`; `None` for a block of no reads, whose answer is empty.
pub fn print(reads: &[Read], block: usize) -> Option<TokenStream> {
    let parts = reads.iter().map(|&read| {
        let name = static_name(read, block);
        match read {
            Read::Leaps => quote!(#name[square]),
            Read::Slot { entries: Entries::Sets, .. } => quote!(#name[square].lookup(INDEX, &ATTACKS, occupied)),
            Read::Slot { entries: Entries::Numbered, .. } => {
                quote!(#name[square].lookup_numbered(INDEX, &ATTACKS, &SETS, occupied))
            }
            Read::Probes { .. } => quote!(#name[square].lookup(INDEX, &ATTACKS, occupied)),
            Read::RankSlide => quote!(rank_slide(&#name, FILES, square, occupied)),
            Read::Lines { read, .. } => {
                let function = Ident::new(read.function(), Span::call_site());
                quote!(#function(&#name[square], occupied))
            }
            Read::PlainChecks { .. } => quote!(plain_checks(&#name[square], occupied)),
        }
    });
    let parts: Vec<TokenStream> = parts.collect();
    (!parts.is_empty()).then(|| quote!(#( #parts )|*))
}

/// The static `read` reads for block `block`: the block's own, or the rank table all share.
pub fn static_name(read: Read, block: usize) -> Ident {
    let name = match read {
        Read::Leaps | Read::Slot { .. } | Read::Probes { .. } => format!("BLOCK_{block}"),
        Read::RankSlide => "RANK_SLIDES".to_string(),
        Read::Lines { .. } => format!("BLOCK_{block}_LINES"),
        Read::PlainChecks { .. } => format!("BLOCK_{block}_CHECKS"),
    };
    Ident::new(&name, Span::call_site())
}

/// The type of the block's own static that `read` reads, `None` for the shared rank table.
pub fn static_type(read: Read) -> Option<TokenStream> {
    let number = Literal::usize_unsuffixed;
    match read {
        Read::Leaps => Some(quote!([Bitboard; SQUARES])),
        Read::Slot { probes, .. } => {
            let probes = number(probes);
            Some(quote!([Slot<Bitboard, #probes>; SQUARES]))
        }
        Read::Probes { probes, .. } => {
            let probes = number(probes);
            Some(quote!([Probes<Bitboard, #probes>; SQUARES]))
        }
        Read::RankSlide => None,
        Read::Lines { per_square, .. } => {
            let width = number(per_square);
            Some(quote!([[Line<Bitboard>; #width]; SQUARES]))
        }
        Read::PlainChecks { per_square } => {
            let width = number(per_square);
            Some(quote!([[PlainCheck<Bitboard>; #width]; SQUARES]))
        }
    }
}

/// The runtime's items the module imports for `reads` (every block's), in a fixed order.
pub fn imports(reads: &[Read]) -> Vec<TokenStream> {
    let has = |wanted: fn(&Read) -> bool| reads.iter().any(wanted);
    let mut imports = Vec::new();
    if has(|r| matches!(r, Read::PlainChecks { .. })) {
        imports.extend([quote!(plain_checks), quote!(PlainCheck)]);
    }
    let slots = has(|r| matches!(r, Read::Slot { .. }));
    if slots || has(|r| matches!(r, Read::Probes { .. })) {
        imports.extend([quote!(Index), quote!(Probe)]);
    }
    if slots {
        imports.push(quote!(Slot));
    }
    if has(|r| matches!(r, Read::Probes { .. })) {
        imports.push(quote!(Probes));
    }
    for lines in [LineRead::Hops, LineRead::Lines, LineRead::Slides, LineRead::ReachedSlides] {
        if reads.iter().any(|r| matches!(r, Read::Lines { read, .. } if *read == lines)) {
            let function = Ident::new(lines.function(), Span::call_site());
            imports.push(quote!(#function));
        }
    }
    if has(|r| matches!(r, Read::Lines { .. })) {
        imports.extend([quote!(Line), quote!(LineForm)]);
    }
    if has(|r| *r == Read::RankSlide) {
        imports.push(quote!(rank_slide));
    }
    imports
}

/// The list as a JSON array, for the page's script: `{"read": name, ...widths}` an item.
pub fn json(reads: &[Read]) -> String {
    let items: Vec<String> = reads
        .iter()
        .map(|&read| match read {
            Read::Leaps => r#"{"read":"Leaps"}"#.to_string(),
            Read::Slot { probes, .. } => format!(r#"{{"read":"Slot","probes":{probes}}}"#),
            Read::Probes { probes, .. } => format!(r#"{{"read":"Probes","probes":{probes}}}"#),
            Read::RankSlide => r#"{"read":"RankSlide"}"#.to_string(),
            Read::Lines { per_square, read } => {
                format!(r#"{{"read":"Lines","perSquare":{per_square},"lines":"{read:?}"}}"#)
            }
            Read::PlainChecks { per_square } => format!(r#"{{"read":"PlainChecks","perSquare":{per_square}}}"#),
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// What a block's reads store, in the module's own types: the figures the header and the page
/// count. The rank table is the module's, not a block's: it counts once, apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Bytes of the block's leaps, slots or probes; a `Slot` is padded to 16 bytes, a square's
    /// `Probes` to 32.
    pub slot_bytes: usize,
    /// Computed lines, padding included.
    pub lines: usize,
    /// Plain checks, padding included.
    pub checks: usize,
}

impl Tally {
    /// What `reads` store for a block of `squares` squares of `B`.
    pub fn of<B>(reads: &[Read], squares: usize) -> Tally {
        let word = std::mem::size_of::<B>();
        reads.iter().fold(Tally::default(), |t, &read| match read {
            Read::Leaps => Tally { slot_bytes: t.slot_bytes + squares * word, ..t },
            Read::Slot { probes, .. } => {
                let slot = (word + probes * std::mem::size_of::<Probe<B>>()).next_multiple_of(16);
                Tally { slot_bytes: t.slot_bytes + squares * slot, ..t }
            }
            Read::Probes { probes } => {
                let square = (probes * std::mem::size_of::<Probe<B>>()).next_multiple_of(32);
                Tally { slot_bytes: t.slot_bytes + squares * square, ..t }
            }
            Read::RankSlide => t,
            Read::Lines { per_square, .. } => Tally { lines: t.lines + squares * per_square, ..t },
            Read::PlainChecks { per_square } => Tally { checks: t.checks + squares * per_square, ..t },
        })
    }

    /// The sum of two tallies.
    pub fn plus(self, other: Tally) -> Tally {
        Tally {
            slot_bytes: self.slot_bytes + other.slot_bytes,
            lines: self.lines + other.lines,
            checks: self.checks + other.checks,
        }
    }

    /// Bytes of the lines.
    pub fn line_bytes<B>(self) -> usize {
        self.lines * std::mem::size_of::<Line<B>>()
    }

    /// Bytes of the plain checks.
    pub fn check_bytes<B>(self) -> usize {
        self.checks * std::mem::size_of::<PlainCheck<B>>()
    }

    /// Every byte.
    pub fn bytes<B>(self) -> usize {
        self.slot_bytes + self.line_bytes::<B>() + self.check_bytes::<B>()
    }
}
