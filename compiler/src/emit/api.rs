//! The module's code: its types, its public functions and the statics they read, built with
//! `quote!`, one function per item. A static's data is printed by `data.rs` (numbers written
//! short, a comment a run) and stands in the code as a placeholder until prettyplease has printed
//! it; the function that declares a static makes its data in the same place ([`Code`]). Data
//! items carry `#[rustfmt::skip]` and allow `clippy::unreadable_literal`: their numbers are
//! written short, without separators, to keep the file small, and a user's `clippy::pedantic`
//! would otherwise bury real warnings under hundreds of thousands about them.

use std::fmt;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

use super::inert;
use crate::between::Between;
use crate::board::Word;
use crate::indices::Indices;
use crate::table_kind::TableKind;
use crate::tables::{Block, LineRead, Storage, Tables};
use crate::variant::{camel_case, snake_case, Variant};
use fairy_magic_runtime::Index;

use super::data;

/// A part of the module's code, with the data of every static it declares: the function that
/// declares a static makes its data too, so that each placeholder is filled where it is made.
pub(super) struct Code {
    /// The items, holding a placeholder where each static's data goes.
    pub(super) tokens: TokenStream,
    /// Each placeholder with its data, as `data.rs` prints it.
    pub(super) data: Vec<(String, String)>,
}

impl Code {
    /// Items that declare no static data.
    fn plain(tokens: TokenStream) -> Code {
        Code { tokens, data: Vec::new() }
    }

    /// The parts in order: their items one after another, and all their data.
    fn join(parts: impl IntoIterator<Item = Code>) -> Code {
        let mut all = Code::plain(TokenStream::new());
        for part in parts {
            all.tokens.extend(part.tokens);
            all.data.extend(part.data);
        }
        all
    }
}

/// The placeholder `__FAIRY_MAGIC_{name}` for a static's data, recorded in `data` with `text`.
fn placeholder(data: &mut Vec<(String, String)>, name: &str, text: String) -> Ident {
    let placeholder = format!("__FAIRY_MAGIC_{name}");
    let ident = Ident::new(&placeholder, Span::call_site());
    data.push((placeholder, text));
    ident
}

/// The whole module's code, item by item in the order of the file.
pub(super) fn code<B: Word>(
    variant: &Variant,
    tables: &Tables<B>,
    between: &Between,
    indices: &Indices,
    regenerate: &str,
) -> Result<Code, fmt::Error> {
    Ok(Code::join([
        Code::plain(prelude_code::<B>(variant, tables, regenerate)),
        Code::plain(piece_code(variant)),
        Code::plain(square_code(variant.board.files)),
        Code::plain(square_set_code::<B>()),
        Code::plain(functions_code(variant, tables)),
        Code::plain(colorless_code(variant, tables)),
        Code::plain(super::game::rules_code(variant)),
        Code::plain(super::game::tables_code(&tables.kinds)),
        between_code::<B>(variant, between)?,
        indices_code::<B>(variant, indices)?,
        lookup_code(variant, tables)?,
        Code::plain(pad_code(tables)),
        block_statics(variant, tables)?,
        attack_statics(tables)?,
        rank_statics(tables)?,
    ]))
}

/// Whether some block makes probes into the attack table.
fn any_probes<B>(tables: &Tables<B>) -> bool {
    tables.blocks.iter().any(|b| b.probes_per_square > 0)
}

/// Whether some block has plain checks.
fn any_checks<B>(tables: &Tables<B>) -> bool {
    tables.blocks.iter().any(|b| b.checks_per_square > 0)
}

/// Whether some block computes lines (a rank read is no computed line).
fn any_lines<B: Word>(tables: &Tables<B>) -> bool {
    tables.blocks.iter().any(|b| b.stored_per_square > 0)
}

/// The runtime type the module's `Bitboard` names (`u64` ... `Bitboard256`), as an identifier.
fn word_ident<B: Word>() -> Ident {
    Ident::new(B::TYPE, Span::call_site())
}

/// The imports, the format check, `Bitboard` and the board's constants.
fn prelude_code<B: Word>(variant: &Variant, tables: &Tables<B>, regenerate: &str) -> TokenStream {
    let word = word_ident::<B>();
    let name = &variant.name;
    let number = Literal::usize_unsuffixed;
    let files = number(variant.board.files as usize);
    let ranks = number(variant.board.ranks as usize);
    let squares = number(variant.board.squares());
    let mut imports = vec![];
    if B::BITS > 128 {
        imports.push(quote!(#word));
    }
    if any_checks(tables) {
        imports.push(quote!(plain_checks));
        imports.push(quote!(PlainCheck));
    }
    if any_probes(tables) {
        imports.push(quote!(Index));
        imports.push(quote!(Probe));
        imports.push(quote!(Slot));
    }
    if any_lines(tables) {
        // Blocks of whole slides are read with `slides` (or `reached_slides` where each must be
        // masked by its reach), of hops with `hops`, the others with `lines`.
        let reads = |read: LineRead| tables.blocks.iter().any(|b| b.stored_per_square > 0 && b.read == read);
        if reads(LineRead::Hops) {
            imports.push(quote!(hops));
        }
        if reads(LineRead::Lines) {
            imports.push(quote!(lines));
        }
        if reads(LineRead::Slides) {
            imports.push(quote!(slides));
        }
        if reads(LineRead::ReachedSlides) {
            imports.push(quote!(reached_slides));
        }
        imports.push(quote!(Line));
        imports.push(quote!(LineForm));
    }
    if tables.ranks.is_some() {
        imports.push(quote!(rank_slide));
    }
    let imports = if imports.is_empty() { quote!() } else { quote!(use fairy_magic_runtime::{ #(#imports),* };) };
    let format_check = format_check(regenerate);
    quote! {
        #[allow(unused_imports)]
        pub use fairy_magic_runtime::Color;
        /// The runtime's helpers of [`Bitboard`] on raw square indices (`indices()`,
        /// `has_index`, `from_index`, `pop_lowest_index`) and the rest (`count`, `is_empty`,
        /// `diagram`...); [`SquareSet`] has the same on [`Square`]s. `use` this module's
        /// `BitboardExt`, or `*`, to call them.
        #[allow(unused_imports)]
        pub use fairy_magic_runtime::BitboardExt;
        #imports

        #format_check

        /// A set of squares: bit `rank * FILES + file` is set for each square in it (a1 = bit 0).
        #[allow(dead_code)]
        pub type Bitboard = #word;

        /// The variant's name.
        #[allow(dead_code)]
        pub const NAME: &str = #name;
        /// Files (columns) of the board: a, b, c...
        #[allow(dead_code)]
        pub const FILES: usize = #files;
        /// Ranks (rows) of the board: 1, 2, 3...
        #[allow(dead_code)]
        pub const RANKS: usize = #ranks;
        /// Squares on the board.
        pub const SQUARES: usize = #squares;
    }
}

/// `Piece`: one variant per piece of the file, with its letter, name and XBetza.
fn piece_code(variant: &Variant) -> TokenStream {
    let number = Literal::usize_unsuffixed;
    let pieces = number(variant.pieces.len());
    let idents: Vec<Ident> =
        variant.pieces.iter().map(|p| Ident::new(&camel_case(&p.name), Span::call_site())).collect();
    let letters: Vec<&str> = variant.pieces.iter().map(|p| p.letter.as_str()).collect();
    let names: Vec<&str> = variant.pieces.iter().map(|p| p.name.as_str()).collect();
    let betzas: Vec<&str> = variant.pieces.iter().map(|p| p.betza_text.as_str()).collect();
    let piece_docs: Vec<String> = variant
        .pieces
        .iter()
        .map(|p| inert(&format!(" `{}` {}: `{}`", p.letter, p.name, p.betza_text)).into())
        .collect();
    let numbers: Vec<Literal> = (0..variant.pieces.len()).map(number).collect();
    quote! {
        /// The variant's pieces.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        // The variants are the file's piece names: one may end in `Piece`, or all share a word.
        #[allow(dead_code, clippy::enum_variant_names)]
        pub enum Piece {
            #( #[doc = #piece_docs] #idents = #numbers, )*
        }

        #[allow(dead_code)]
        impl Piece {
            /// Every piece, in the order of the variant file.
            pub const ALL: [Piece; #pieces] = [ #( Piece::#idents ),* ];

            /// The letter the variant file gives it.
            pub const fn letter(self) -> &'static str {
                match self { #( Piece::#idents => #letters, )* }
            }

            /// The name the variant file gives it.
            pub const fn name(self) -> &'static str {
                match self { #( Piece::#idents => #names, )* }
            }

            /// Its moves in XBetza, as written in the variant file.
            pub const fn betza(self) -> &'static str {
                match self { #( Piece::#idents => #betzas, )* }
            }
        }
    }
}

/// One public function per table kind (`attacks`, `quiets`, `attackers`...), each a lookup.
fn functions_code<B: Word>(variant: &Variant, tables: &Tables<B>) -> TokenStream {
    let number = Literal::usize_unsuffixed;
    let example = example_piece(variant, tables);
    let functions = tables.kinds.iter().enumerate().map(|(k, &kind)| {
        let (fname, text) = (function_name(kind), function_text(kind, &example));
        let doc = docs(&text);
        let fname = Ident::new(fname, Span::call_site());
        let k = number(k);
        if kind.is_reverse() {
            quote! {
                #doc
                #[inline]
                #[allow(dead_code)]
                pub fn #fname(piece: Piece, color: Color, target: Square, occupied: Bitboard) -> Bitboard {
                    lookup(#k, piece, color, target.index(), occupied)
                }
            }
        } else {
            quote! {
                #doc
                #[inline]
                #[allow(dead_code)]
                pub fn #fname(piece: Piece, color: Color, square: Square, occupied: Bitboard) -> Bitboard {
                    lookup(#k, piece, color, square.index(), occupied)
                }
            }
        }
    });
    quote!( #( #functions )* )
}

/// `lookup`, which every public function calls, and `BLOCKS`, the block of each (kind, piece,
/// colour) it reads.
fn lookup_code<B: Word>(variant: &Variant, tables: &Tables<B>) -> Result<Code, fmt::Error> {
    let number = Literal::usize_unsuffixed;
    let pieces = number(variant.pieces.len());
    let kinds = number(tables.kinds.len());
    let block_number = if tables.blocks.len() <= u8::MAX as usize + 1 { quote!(u8) } else { quote!(u16) };
    // One arm a block: its static (or nothing, for a block without moves), read at `square`.
    // An empty answer: `0`, or the multi-word `Bitboard`'s empty literal.
    let nothing: TokenStream = data::short(B::EMPTY).parse().expect("a literal");
    let arms = tables.blocks.iter().enumerate().map(|(n, block)| {
        let number = number(n);
        let name = block_ident(n);
        // The block's parts that it has, united: its slots (or leaps), lines and plain checks.
        let mut parts = Vec::new();
        match block.storage() {
            Storage::Nothing => {}
            Storage::Leaps => parts.push(quote!(#name[square])),
            Storage::Slots if tables.numbered.is_some() => {
                parts.push(quote!(#name[square].lookup_numbered(INDEX, &ATTACKS, &SETS, occupied)))
            }
            Storage::Slots => parts.push(quote!(#name[square].lookup(INDEX, &ATTACKS, occupied))),
        }
        if block.reads_rank {
            parts.push(quote!(rank_slide(&RANK_SLIDES, FILES, square, occupied)));
        }
        if block.stored_per_square > 0 {
            let lines = lines_ident(n);
            match block.read {
                LineRead::Slides => parts.push(quote!(slides(&#lines[square], occupied))),
                LineRead::ReachedSlides => parts.push(quote!(reached_slides(&#lines[square], occupied))),
                LineRead::Hops => parts.push(quote!(hops(&#lines[square], occupied))),
                LineRead::Lines => parts.push(quote!(lines(&#lines[square], occupied))),
            }
        }
        if block.checks_per_square > 0 {
            let checks = checks_ident(n);
            parts.push(quote!(plain_checks(&#checks[square], occupied)));
        }
        match parts.is_empty() {
            true => quote!(#number => #nothing,),
            false => quote!(#number => #( #parts )|*,),
        }
    });
    // A variant of leapers only reads no occupancy; one of no moves at all (a lone king on
    // 1x1) reads no square either.
    let reads_square = tables
        .blocks
        .iter()
        .any(|b| b.storage() != Storage::Nothing || b.lines_per_square > 0 || b.checks_per_square > 0);
    let reads_occupancy = any_probes(tables) || any_checks(tables) || any_lines(tables) || tables.ranks.is_some();
    let unused_occupancy = match (reads_occupancy, reads_square) {
        (true, _) => quote!(),
        (false, true) => quote!(let _ = occupied;),
        (false, false) => quote!(let _ = (square, occupied);),
    };
    let mut data = Vec::new();
    let blocks = placeholder(&mut data, "BLOCKS", data::blocks_data(variant, tables)?);
    let tokens = quote! {
        const PIECES: usize = #pieces;
        const KINDS: usize = #kinds;

        #[inline(always)]
        #[allow(dead_code)]
        fn lookup(kind: usize, piece: Piece, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
            #unused_occupancy
            match BLOCKS[kind][piece as usize][color as usize] {
                #( #arms )*
                _ => unreachable!(),
            }
        }

        /// Which block answers each (kind, piece, colour).
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        const BLOCKS: [[[#block_number; 2]; PIECES]; KINDS] = #blocks;
    };
    Ok(Code { tokens, data })
}

/// `PAD`, the probe that pads a square out to its block's number of probes, when some block
/// needs it.
fn pad_code<B: Word>(tables: &Tables<B>) -> TokenStream {
    if !tables.blocks.iter().any(|b| b.probes.iter().any(Block::is_padding)) {
        return quote!();
    }
    let number = Literal::usize_unsuffixed;
    let empty = number(tables.padding.offset as usize);
    let shift = number(tables.padding.shift as usize);
    let zero: TokenStream = data::short(B::EMPTY).parse().expect("a literal");
    quote! {
        /// Pads a square out to its block's number of probes: it looks at no square and reads
        /// an empty entry.
        const PAD: Probe<Bitboard> = Probe::new(#zero, #zero, #shift, #empty);
    }
}

/// Each block's static (none for a block without moves) and its plain checks.
fn block_statics<B: Word>(variant: &Variant, tables: &Tables<B>) -> Result<Code, fmt::Error> {
    let number = Literal::usize_unsuffixed;
    let mut data = Vec::new();
    let mut statics = Vec::new();
    for (n, block) in tables.blocks.iter().enumerate() {
        let name = block_ident(n);
        let doc = docs(&format!("Block {n}: {}.", block_users(variant, tables, n)));
        let probes = number(block.probes_per_square);
        statics.push(match block.storage() {
            Storage::Nothing => quote!(),
            Storage::Leaps => {
                let slots = placeholder(&mut data, &format!("BLOCK_{n}"), data::block_data(variant, block)?);
                quote! {
                    #doc
                    /// Leaps only: no occupancy blocks them.
                    #[rustfmt::skip]
                    #[allow(clippy::unreadable_literal)]
                    static #name: [Bitboard; SQUARES] = #slots;
                }
            }
            Storage::Slots => {
                let slots = placeholder(&mut data, &format!("BLOCK_{n}"), data::block_data(variant, block)?);
                quote! {
                    #doc
                    #[rustfmt::skip]
                    #[allow(clippy::unreadable_literal)]
                    static #name: [Slot<Bitboard, #probes>; SQUARES] = #slots;
                }
            }
        });
        // A block that stores no leaps (a rook's, a bishop's) names its users on its first
        // static of lines or plain checks.
        let mut users = match block.storage() {
            Storage::Nothing => Some(doc),
            Storage::Leaps | Storage::Slots => None,
        };
        if block.stored_per_square > 0 {
            let lname = lines_ident(n);
            let lines = placeholder(&mut data, &format!("LINES_{n}"), data::lines_data(variant, block)?);
            let lwidth = number(block.stored_per_square);
            let users = users.take();
            statics.push(quote! {
                #users
                /// Block's slides and hops along lines, computed from the occupancy with no table.
                #[rustfmt::skip]
                #[allow(clippy::unreadable_literal)]
                static #lname: [[Line<Bitboard>; #lwidth]; SQUARES] = #lines;
            });
        }
        if block.checks_per_square > 0 {
            let cname = checks_ident(n);
            let checks = placeholder(&mut data, &format!("CHECKS_{n}"), data::checks_data(variant, block)?);
            let cwidth = number(block.checks_per_square);
            let users = users.take();
            statics.push(quote! {
                #users
                /// Block's moves whose paths are too long for a lookup, checked one by one.
                #[rustfmt::skip]
                #[allow(clippy::unreadable_literal)]
                static #cname: [[PlainCheck<Bitboard>; #cwidth]; SQUARES] = #checks;
            });
        }
    }
    Ok(Code { tokens: quote!( #( #statics )* ), data })
}

/// `INDEX`, `ATTACKS` (every lookup's table) and, when the entries number their sets, `SETS`:
/// nothing when no block makes probes.
fn attack_statics<B: Word>(tables: &Tables<B>) -> Result<Code, fmt::Error> {
    if !any_probes(tables) {
        return Ok(Code::plain(quote!()));
    }
    let attacks = Literal::usize_unsuffixed(tables.table.len());
    let index = match tables.index {
        Index::Magic => quote!(Index::Magic),
        Index::Split32 => quote!(Index::Split32),
        Index::Pext => quote!(Index::Pext),
    };
    let mut data = Vec::new();
    let table = placeholder(&mut data, "ATTACKS", data::attacks_data(tables)?);
    let tokens = match &tables.numbered {
        None => quote! {
            /// How every probe forms its index: the magics below were found for it.
            const INDEX: Index = #index;

            /// Every lookup's table, overlapping where their entries agree.
            #[rustfmt::skip]
            #[allow(clippy::unreadable_literal)]
            static ATTACKS: [Bitboard; #attacks] = #table;
        },
        Some(numbered) => {
            let sets = Literal::usize_unsuffixed(numbered.sets.len());
            let entry = Ident::new(numbered.entries.type_name(), Span::call_site());
            let set_data = placeholder(&mut data, "SETS", data::sets_data(numbered)?);
            quote! {
                /// How every probe forms its index: the magics below were found for it.
                const INDEX: Index = #index;

                /// Every lookup's table, overlapping where their entries agree; an entry is the
                /// number of its set in `SETS`, which keeps the tables small enough for the caches.
                #[rustfmt::skip]
                #[allow(clippy::unreadable_literal)]
                static ATTACKS: [#entry; #attacks] = #table;

                /// The distinct sets of `ATTACKS`, in the order they first appear.
                #[rustfmt::skip]
                #[allow(clippy::unreadable_literal)]
                static SETS: [Bitboard; #sets] = #set_data;
            }
        }
    };
    Ok(Code { tokens, data })
}

/// `RANK_SLIDES`, the rank table that the blocks reading ranks share: nothing when none does.
fn rank_statics<B>(tables: &Tables<B>) -> Result<Code, fmt::Error> {
    let Some(ranks) = &tables.ranks else { return Ok(Code::plain(quote!())) };
    let entries = Literal::usize_unsuffixed(ranks.entries.len());
    let entry = Ident::new(ranks.type_name(), Span::call_site());
    let mut data = Vec::new();
    let table = placeholder(&mut data, "RANK_SLIDES", data::rank_data(ranks)?);
    let tokens = quote! {
        /// Where a slide along a whole rank stops, for every rank and piece: by the piece's
        /// file, then by the occupancy of the rank's inner squares, the rank's squares reached
        /// (file `a` lowest), which `rank_slide` shifts onto the piece's rank.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static RANK_SLIDES: [#entry; #entries] = #table;
    };
    Ok(Code { tokens, data })
}

/// The compile-time check that the runtime reads tables with the hash formulas and layout the
/// module was generated for ([`fairy_magic_runtime::FORMAT`]): a vendored runtime of another
/// format would return wrong sets without a word, so it is a build error that says what to do.
fn format_check(regenerate: &str) -> TokenStream {
    let format = Literal::u32_unsuffixed(fairy_magic_runtime::FORMAT);
    // The message is `assert!`'s format string: braces in the command are written doubled.
    let message = format!(
        "this module was generated for fairy-magic-runtime format {n}: regenerate it with `{regenerate}` or vendor the runtime of format {n}",
        n = fairy_magic_runtime::FORMAT,
        regenerate = inert(regenerate),
    )
    .replace('{', "{{")
    .replace('}', "}}");
    quote! {
        const _: () = assert!(fairy_magic_runtime::FORMAT == #format, #message);
    }
}

/// Doc comment lines for `text`: paragraphs split at blank lines, each wrapped to fit a line of
/// about 100 columns, so that prettyplease prints plain `///` lines.
fn docs(text: &str) -> TokenStream {
    let lines = doc_lines(text);
    quote!( #( #[doc = #lines] )* )
}

/// `text` wrapped into doc lines of at most about 88 columns, paragraphs split at blank lines.
/// A line breaks only between code spans, never inside one: a span broken across lines is
/// unbalanced backticks to rustdoc and clippy, and a continuation that begins `* INDEX_PAD`
/// reads as a Markdown bullet.
fn doc_lines(text: &str) -> Vec<String> {
    const WIDTH: usize = 88;
    let mut lines: Vec<String> = Vec::new();
    for (i, paragraph) in text.split("\n\n").enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        let mut line = String::new();
        for word in unbreakable_words(paragraph) {
            if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
                lines.push(std::mem::take(&mut line));
            }
            line.push(' ');
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

/// The paragraph's words, a code span's words joined into one.
fn unbreakable_words(paragraph: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut in_code = false;
    for word in paragraph.split_whitespace() {
        match words.last_mut() {
            Some(last) if in_code => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        // An odd number of backticks opens or closes a span that the next word continues.
        in_code ^= word.matches('`').count() % 2 == 1;
    }
    words
}

/// A kind's public function.
pub(super) fn function_name(kind: TableKind) -> &'static str {
    match kind {
        TableKind::Quiet => "quiets",
        TableKind::Capture => "attacks",
        TableKind::InitialQuiet => "initial_quiets",
        TableKind::InitialCapture => "initial_attacks",
        TableKind::Friendly => "friendly_attacks",
        TableKind::InitialFriendly => "initial_friendly_attacks",
        TableKind::Attackers => "attackers",
        TableKind::Movers => "movers",
        TableKind::InitialAttackers => "initial_attackers",
        TableKind::InitialMovers => "initial_movers",
    }
}

/// What a kind's function's doc says; the `attackers` example names `example`, a piece the
/// module has.
fn function_text(kind: TableKind, example: &ExamplePiece) -> String {
    match kind {
        TableKind::Quiet => "The squares `piece` may move to without capturing, from `square`, given the `occupied` squares.\n\nMask the result with the empty squares: a move to an occupied square is not quiet.".to_string(),
        TableKind::Capture => "The squares `piece` attacks from `square` (where it could capture), given the `occupied` squares.\n\nMask the result with the enemy pieces to get its captures.".to_string(),
        TableKind::InitialQuiet => "The quiet moves `piece` has only as its first move (XBetza `i`), in addition to [`quiets`].\n\nMask the result with the empty squares. Empty for pieces without such moves.".to_string(),
        TableKind::InitialCapture => "The captures `piece` has only as its first move (XBetza `i`), in addition to [`attacks`].\n\nMask the result with the enemy pieces. Empty for pieces without such moves.".to_string(),
        TableKind::Friendly => "The squares where `piece` may capture one of its own side (XBetza `d`), from `square`.\n\nMask the result with the friendly pieces.".to_string(),
        TableKind::InitialFriendly => "The friendly captures (XBetza `d`) `piece` has only as its first move.".to_string(),
        TableKind::Attackers => format!("The squares from which a `piece` of `color` captures on `target`, given the `occupied` squares: [`attacks`] read backwards.\n\nThe target counts as an enemy piece, and whether the attacker's own square is in `occupied` does not matter. Mask the result with the squares of such pieces: with `theirs` the squares of the enemy's {name} pieces, `attackers(Piece::{ident}, them, king, occupied) & theirs` are those that give check.", name = example.name, ident = example.ident),
        TableKind::Movers => "The squares from which a `piece` of `color` moves without capturing onto the empty `target`, given the `occupied` squares: [`quiets`] read backwards (who can step in to block).".to_string(),
        TableKind::InitialAttackers => "The squares from which a `piece` of `color` captures on `target` with a first move (XBetza `i`): [`initial_attacks`] read backwards.".to_string(),
        TableKind::InitialMovers => "The squares from which a `piece` of `color` moves onto the empty `target` with a first move (XBetza `i`): [`initial_quiets`] read backwards.".to_string(),
    }
}

/// The piece a doc example names: its name and its `Piece` variant.
struct ExamplePiece {
    name: String,
    ident: String,
}

/// The piece whose attacks make the most probes (the longest-reaching slider, the piece a
/// check along a line is about), the first in the file on a tie and the first piece when no
/// piece has lookups: always one the module has, and the same on every run.
fn example_piece<B: Word>(variant: &Variant, tables: &Tables<B>) -> ExamplePiece {
    let captures = tables.kinds.iter().position(|&k| k == TableKind::Capture);
    let probes = |p: usize| captures.map_or(0, |k| tables.blocks[tables.block_of[k][p][0]].probes_per_square);
    // `max_by_key` keeps the last of equals: reversed, that is the first in the file.
    let p = (0..variant.pieces.len()).rev().max_by_key(|&p| probes(p)).unwrap_or(0);
    let piece = &variant.pieces[p];
    ExamplePiece { name: piece.name.clone(), ident: camel_case(&piece.name) }
}

/// `Square`: a checked square of the board, with its name (`e4`) parsed and displayed.
/// `Square`. On a board of one file every square's file is `index % 1`: clippy's `modulo_one`
/// is right that it is always 0, and the code stays the same for every board.
fn square_code(files: u8) -> TokenStream {
    let one_file = one_file_allow(files);
    quote! {
        /// A square of the board, what every function here takes: its index is
        /// `rank * FILES + file` (a1 = 0). Made only for squares the board has; parsed from and
        /// shown as its name: files `a`, `b`..., ranks from 1 (`e4`, `p16`). One byte, and its
        /// index is the byte: an engine that holds raw indices converts with
        /// [`Square::new_unchecked`] and [`Square::index`] at no cost.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(dead_code)]
        pub struct Square(u8);

        #[allow(dead_code)]
        impl Square {
            /// The square with this index, if the board has it.
            pub const fn new(index: usize) -> Option<Square> {
                if index < SQUARES { Some(Square(index as u8)) } else { None }
            }

            /// The square on this file and rank (both counted from 0), if the board has it.
            pub const fn at(file: usize, rank: usize) -> Option<Square> {
                if file < FILES && rank < RANKS { Some(Square((rank * FILES + file) as u8)) } else { None }
            }

            /// The square with this index, which must be below [`SQUARES`], with no check in
            /// release builds: for an engine that holds raw indices, converting costs nothing.
            /// Debug builds panic on an index off the board; release builds give a square whose
            /// answers mean nothing (or a lookup that panics), never undefined behaviour.
            #[inline(always)]
            pub const fn new_unchecked(index: usize) -> Square {
                debug_assert!(index < SQUARES, "a square index off the board");
                Square(index as u8)
            }

            /// Its index, `rank * FILES + file`.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// Its file, from 0 (file a).
            #one_file
            pub const fn file(self) -> usize {
                self.index() % FILES
            }

            /// Its rank, from 0 (rank 1).
            pub const fn rank(self) -> usize {
                self.index() / FILES
            }

            /// Every square of the board, a1 first, in index order.
            pub fn all() -> impl Iterator<Item = Square> {
                (0..SQUARES).map(|index| Square(index as u8))
            }
        }

        impl From<Square> for usize {
            #[inline(always)]
            fn from(square: Square) -> usize {
                square.index()
            }
        }

        /// A name that is not a square of this board.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(dead_code)]
        pub struct ParseSquareError;

        impl core::fmt::Display for ParseSquareError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "not a square of a {FILES}x{RANKS} board")
            }
        }

        impl core::str::FromStr for Square {
            type Err = ParseSquareError;

            /// A file letter then a rank number with no leading zero: `a1`, `e4`.
            fn from_str(name: &str) -> Result<Square, ParseSquareError> {
                let (file, rank) = name.split_at_checked(1).ok_or(ParseSquareError)?;
                let file = file.as_bytes()[0].wrapping_sub(b'a') as usize;
                if rank.starts_with('0') || !rank.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(ParseSquareError);
                }
                let rank: usize = rank.parse().map_err(|_| ParseSquareError)?;
                Square::at(file, rank.wrapping_sub(1)).ok_or(ParseSquareError)
            }
        }

        impl core::fmt::Display for Square {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank() + 1)
            }
        }
    }
}

/// `SquareSet`, the square helpers of `Bitboard` on the module's `Square`, and `SquareIter`, its
/// iterator. Each module has its own, since each has its own `Square`; they wrap the runtime's
/// raw-index helpers (`BitboardExt`), which keep index names so that `use module::*` brings both
/// traits with no method of the same name.
fn square_set_code<B: Word>() -> TokenStream {
    // Every square of the board: a bitboard wider than the board has bits that are no square.
    let word = word_ident::<B>();
    let on_board = match B::BITS > 128 {
        true => quote!(#word::below(SQUARES)),
        false => quote!(!0 >> (Bitboard::BITS - SQUARES as u32)),
    };
    quote! {
        /// The squares of the board, as a set: a [`Bitboard`] wider than the board also has bits
        /// that are no square (`!occupied` sets them).
        #[allow(dead_code)]
        const ON_BOARD: Bitboard = #on_board;

        /// The square helpers of [`Bitboard`] on this board's [`Square`]s: `use` this module's
        /// `SquareSet`, or `*`, to call them. The runtime's [`BitboardExt`], re-exported beside
        /// it, has the same helpers on raw indices under other names (`from_index`, `has_index`,
        /// `lowest_index`, `pop_lowest_index`, `indices`) and the rest (`count`, `is_empty`,
        /// `diagram`...).
        ///
        /// Bits of a `Bitboard` beyond the board's squares are no squares:
        /// [`squares`](SquareSet::squares), [`lowest`](SquareSet::lowest) and
        /// [`pop_lowest`](SquareSet::pop_lowest) pass them by.
        #[allow(dead_code)]
        pub trait SquareSet: Sized {
            /// The set holding `square` alone.
            fn from_square(square: Square) -> Self;
            /// Whether `square` is in the set.
            fn has(self, square: Square) -> bool;
            /// The lowest square of the set, `None` when it holds none.
            fn lowest(self) -> Option<Square>;
            /// Removes the lowest square from the set and returns it, `None` when it holds none.
            fn pop_lowest(&mut self) -> Option<Square>;
            /// The squares of the set, lowest first.
            fn squares(self) -> SquareIter;
        }

        impl SquareSet for Bitboard {
            #[inline(always)]
            fn from_square(square: Square) -> Self {
                BitboardExt::from_index(square.index())
            }
            #[inline(always)]
            fn has(self, square: Square) -> bool {
                self.has_index(square.index())
            }
            #[inline(always)]
            fn lowest(self) -> Option<Square> {
                // Off the board only when no square of the board is in the set.
                self.lowest_index().filter(|&index| index < SQUARES).map(Square::new_unchecked)
            }
            #[inline(always)]
            fn pop_lowest(&mut self) -> Option<Square> {
                let square = self.lowest()?;
                self.pop_lowest_index();
                Some(square)
            }
            #[inline(always)]
            fn squares(self) -> SquareIter {
                SquareIter(self & ON_BOARD)
            }
        }

        /// The squares of a set, lowest first: see [`SquareSet::squares`].
        #[derive(Clone, Debug)]
        #[allow(dead_code)]
        pub struct SquareIter(Bitboard);

        impl Iterator for SquareIter {
            type Item = Square;
            #[inline(always)]
            fn next(&mut self) -> Option<Square> {
                // Only squares of the board are left in the set.
                self.0.pop_lowest_index().map(Square::new_unchecked)
            }
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for SquareIter {}

        impl core::iter::FusedIterator for SquareIter {}
    }
}

/// For each piece whose moves are the same for both colours (every table kind answers both
/// from one block), `quiets` and `attacks` without a colour: `rook_attacks(square, occupied)`.
fn colorless_code<B: Word>(variant: &Variant, tables: &Tables<B>) -> TokenStream {
    let kinds: Vec<(usize, TableKind)> = tables
        .kinds
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, k)| matches!(k, TableKind::Quiet | TableKind::Capture))
        .collect();
    let functions = variant.pieces.iter().enumerate().filter(|&(p, _)| colorless(tables, p)).flat_map(|(_, piece)| {
        let ident = Ident::new(&camel_case(&piece.name), Span::call_site());
        // Names start with a letter (the grammar says so), so the snake case is an identifier.
        let snake = snake_case(&piece.name);
        kinds.iter().filter_map(move |&(_, kind)| {
            let fname = function_name(kind);
            // A piece named `initial` would make a second `initial_attacks`: it keeps its colour.
            let taken = TableKind::ALL.iter().any(|&k| function_name(k) == format!("{snake}_{fname}"));
            if taken {
                return None;
            }
            let generic = Ident::new(fname, Span::call_site());
            let name = Ident::new(&format!("{snake}_{fname}"), Span::call_site());
            let doc = docs(&format!(
                "[`{fname}`] of the {} (`{}`), whose moves are the same for both colours.",
                piece.name, piece.letter
            ));
            Some(quote! {
                #doc
                #[inline]
                #[allow(dead_code)]
                pub fn #name(square: Square, occupied: Bitboard) -> Bitboard {
                    #generic(Piece::#ident, Color::White, square, occupied)
                }
            })
        })
    });
    quote!( #( #functions )* )
}

/// Whether one block answers both colours of piece `p` for every kind.
fn colorless<B>(tables: &Tables<B>, p: usize) -> bool {
    tables.block_of.iter().all(|per_piece| per_piece[p][0] == per_piece[p][1])
}

/// `between`, and the statics it reads when some piece has squares between.
fn between_code<B: Word>(variant: &Variant, between: &Between) -> Result<Code, fmt::Error> {
    let nothing: TokenStream = data::short(B::EMPTY).parse().expect("a literal");
    let doc = docs("The squares strictly between `from` and `to` on the paths of a `piece` of `color` from `from` to `to`: the squares that must be empty (or, for a hopper, hold its one screen) for the move to be made. Several paths reaching `to` give the union of their squares; a lame leaper gives the square it passes; a plain leap, or a `to` the piece never reaches, gives nothing.\n\nThis is what pins and blocking a check are computed from.");
    if between.grids.is_empty() {
        return Ok(Code::plain(quote! {
            #doc
            #[inline]
            #[allow(dead_code)]
            pub fn between(piece: Piece, color: Color, from: Square, to: Square) -> Bitboard {
                let _ = (piece, color, from, to);
                #nothing
            }
        }));
    }
    let number = Literal::usize_unsuffixed;
    let grids = number(between.grids.len());
    let sets = number(between.sets.len());
    let cell = Ident::new(
        match between.sets.len() {
            0..=256 => "u8",
            257..=65536 => "u16",
            _ => "u32",
        },
        Span::call_site(),
    );
    let of = variant.pieces.iter().enumerate().map(|(p, _)| {
        let [w, b] = between.grid_of[p].map(|g| number(g.map_or(0, |g| g + 1)));
        quote!([#w, #b])
    });
    let mut data = Vec::new();
    let set_data = placeholder(&mut data, "BETWEEN", data::between_sets_data::<B>(between)?);
    let grid_data = placeholder(&mut data, "BETWEEN_GRIDS", data::between_grids_data(variant, between)?);
    let tokens = quote! {
        #doc
        #[inline]
        #[allow(dead_code)]
        pub fn between(piece: Piece, color: Color, from: Square, to: Square) -> Bitboard {
            match BETWEEN_OF[piece as usize][color as usize] {
                0 => #nothing,
                grid => BETWEEN[BETWEEN_GRIDS[grid as usize - 1][from.index()][to.index()] as usize],
            }
        }

        /// Which grid answers `between` for each (piece, colour): 0 for none, else its number + 1.
        const BETWEEN_OF: [[u8; 2]; PIECES] = [ #( #of ),* ];

        /// Every distinct set of squares between, the empty set first.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static BETWEEN: [Bitboard; #sets] = #set_data;

        /// `BETWEEN_GRIDS[grid][from][to]`: where the set between `from` and `to` is in `BETWEEN`.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static BETWEEN_GRIDS: [[[#cell; SQUARES]; SQUARES]; #grids] = #grid_data;
    };
    Ok(Code { tokens, data })
}

/// The allow a one-file board's `% FILES` needs (see [`square_code`]).
fn one_file_allow(files: u8) -> TokenStream {
    match files {
        1 => quote!(#[allow(clippy::modulo_one)]),
        _ => quote!(),
    }
}

/// `vector_index`, `move_index`, `threat_index`, `policy_index`, their counts and the statics
/// they read.
fn indices_code<B: Word>(variant: &Variant, indices: &Indices) -> Result<Code, fmt::Error> {
    Ok(Code::join([
        Code::plain(index_counts(variant, indices)),
        Code::plain(index_functions::<B>()),
        vector_statics(variant, indices)?,
        move_statics::<B>(variant, indices)?,
    ]))
}

/// `[[white, black], ...]`, one pair a piece: `f(piece, colour)` for each.
fn per_piece(pieces: usize, f: impl Fn(usize, usize) -> usize) -> TokenStream {
    let number = Literal::usize_unsuffixed;
    let rows = (0..pieces).map(|p| {
        let [w, b] = [0, 1].map(|c| number(f(p, c)));
        quote!([#w, #b])
    });
    quote!([ #( #rows ),* ])
}

/// `VECTORS`, `MOVES`, `THREAT_FEATURES`, `POLICY_MOVES` and `VectorIndex`: what the index
/// functions number.
fn index_counts(variant: &Variant, indices: &Indices) -> TokenStream {
    let pieces = variant.pieces.len();
    let vectors = per_piece(pieces, |p, c| indices.pieces[p][c].vectors.len());
    let moves = per_piece(pieces, |p, c| indices.pieces[p][c].moves());
    let policy = per_piece(pieces, |p, c| indices.pieces[p][c].policy_moves());
    let features = Literal::usize_unsuffixed(indices.threat_features());
    let index_type = Ident::new(if indices.most_vectors() <= 256 { "u8" } else { "u16" }, Span::call_site());
    let vectors_doc = docs("How many potential attack vectors each piece has, `VECTORS[piece][colour]`: [`vector_index`] numbers them `0..VECTORS[piece][colour]`.");
    let moves_doc = docs("How many potential attacks each piece has from all squares together, `MOVES[piece][colour]`: [`move_index`] numbers them `0..MOVES[piece][colour]`. [`POLICY_MOVES`] counts every move, quiet ones included.");
    let policy_doc = docs("How many potential moves of every kind each piece has from all squares together, `POLICY_MOVES[piece][colour]`: [`policy_index`] numbers them `0..POLICY_MOVES[piece][colour]`.");
    let features_doc = docs("How many threat features [`threat_index`] numbers: for each (attacker piece and colour, victim piece and colour) a block of the attacker's `MOVES`.");
    let type_doc = docs("What [`vector_index`] returns: `u8` when every piece has at most 256 vectors.");
    quote! {
        #vectors_doc
        #[allow(dead_code)]
        pub const VECTORS: [[usize; 2]; PIECES] = #vectors;

        #moves_doc
        #[allow(dead_code)]
        pub const MOVES: [[usize; 2]; PIECES] = #moves;

        #features_doc
        #[allow(dead_code)]
        pub const THREAT_FEATURES: usize = #features;

        #policy_doc
        #[allow(dead_code)]
        pub const POLICY_MOVES: [[usize; 2]; PIECES] = #policy;

        #type_doc
        #[allow(dead_code)]
        pub type VectorIndex = #index_type;
    }
}

/// `vector_index`, `move_index`, `threat_index` and `policy_index`.
fn index_functions<B: Word>() -> TokenStream {
    // `to`'s place among the squares of `reach`: the ones below it. A multi-word `Bitboard`
    // is no integer, so it has no `1 << to` and asks for the squares below `to` by name.
    let word = word_ident::<B>();
    let counted = match B::BITS > 128 {
        false => quote! {
            let bit: Bitboard = 1 << to;
            (reach & bit != 0).then(|| MOVE_OFFSETS[grid][from] + (reach & (bit - 1)).count_ones() as u16)
        },
        true => quote! {
            reach.has_index(to)
                .then(|| MOVE_OFFSETS[grid][from] + (reach & #word::below(to)).count_ones() as u16)
        },
    };
    let vector_doc = docs("The relative index of the move from `from` to `to` of a `piece` of `color` among its potential attack vectors: it depends only on the vector `to - from`, and is `Some(j)`, `j < VECTORS[piece][colour]`, exactly when some square's potential attacks (the squares it attacks under some occupancy, [`attacks`] or [`initial_attacks`]) include that vector. White's vectors are numbered by ranks then files from the bottom left, Black's the same turned 180°, so a piece whose Black moves mirror White's gives mirrored vectors the same `j`.\n\nComputed without a square-by-square table: the difference of the squares numbered `rank * INDEX_PAD + file`, the bits of it that tell the piece's vectors apart gathered by one multiply, and a short table that gives `j` and the vector it stands for (so any other vector gives `None`). `fairy-magic show --indices` draws the numbering.");
    let move_doc = docs("The dense index of the move from `from` to `to` of a `piece` of `color`: `Some(i)`, `i < MOVES[piece][colour]`, exactly when `to` is one of its potential attacks from `from` (a square it attacks under some occupancy). The moves are numbered square by square: an offset for `from` plus how many of its potential attacks lie below `to`. [`threat_index`] is built on it; [`policy_index`] numbers every move, quiet ones included.");
    let policy_doc = docs("The dense index of the move from `from` to `to` of a `piece` of `color`, for a policy head: `Some(i)`, `i < POLICY_MOVES[piece][colour]`, exactly when the piece goes from `from` to `to` under some occupancy by a move of any kind: quiet ([`quiets`]), capture ([`attacks`]), first moves ([`initial_quiets`], [`initial_attacks`]) and friendly captures (`d`) where it has them. So a pawn's push, its double step and each of its captures have one each, and a king's step, both quiet move and capture, has one. Numbered as [`move_index`] numbers potential attacks: square by square, an offset for `from` plus how many of its potential moves lie below `to`. On a piece whose every move can capture, it equals [`move_index`].");
    let threat_doc = docs("The NNUE threat feature of an `attacker` of `attacker_color` on `from` that attacks a `victim` of `victim_color` on `to`: `Some(index)`, `index < THREAT_FEATURES`, exactly when `to` is a potential attack of the attacker from `from` (whatever the occupancy; whether it attacks now is the caller's question, as [`attacks`] answers it). Layout: for each attacker (piece, colour) in the order of [`Piece::ALL`], White first, and for each victim (piece, colour) in the same order, a block of the attacker's `MOVES` features indexed by [`move_index`].");
    quote! {
        #vector_doc
        #[inline]
        #[allow(dead_code)]
        pub fn vector_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<VectorIndex> {
            let (from, to) = (from.index(), to.index());
            let d = padded(to).wrapping_sub(padded(from));
            let hash = VECTOR_HASHES[piece as usize][color as usize];
            let slot = (d & hash.mask).wrapping_mul(hash.multiplier) >> hash.shift;
            let entry = VECTOR_ENTRIES[hash.offset as usize + slot as usize];
            (entry as u16 == d as u16).then_some((entry >> 16) as VectorIndex)
        }

        #move_doc
        #[inline]
        #[allow(dead_code)]
        pub fn move_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<u16> {
            numbered(MOVE_GRIDS[piece as usize][color as usize] as usize, from, to)
        }

        #policy_doc
        #[inline]
        #[allow(dead_code)]
        pub fn policy_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<u16> {
            numbered(POLICY_GRIDS[piece as usize][color as usize] as usize, from, to)
        }

        /// `to`'s number in a grid numbered square by square: the offset of `from` plus how
        /// many squares of `REACH[grid][from]` lie below `to`; `None` when `to` is not one.
        #[inline(always)]
        #[allow(dead_code)]
        fn numbered(grid: usize, from: Square, to: Square) -> Option<u16> {
            let (from, to) = (from.index(), to.index());
            let reach = REACH[grid][from];
            #counted
        }

        #threat_doc
        #[inline]
        #[allow(dead_code)]
        pub fn threat_index(
            attacker: Piece,
            attacker_color: Color,
            from: Square,
            victim: Piece,
            victim_color: Color,
            to: Square,
        ) -> Option<u32> {
            let i = move_index(attacker, attacker_color, from, to)? as u32;
            let (a, c) = (attacker as usize, attacker_color as usize);
            let victim = (victim as usize * 2 + victim_color as usize) as u32;
            Some(THREAT_BASES[a][c] + victim * MOVES[a][c] as u32 + i)
        }
    }
}

/// What `vector_index` reads: the padded numbering and each piece's hash with its table.
fn vector_statics(variant: &Variant, indices: &Indices) -> Result<Code, fmt::Error> {
    let one_file = one_file_allow(variant.board.files);
    let pad = Literal::usize_unsuffixed(indices.pad as usize);
    let (hashes, _) = indices.hashes();
    let entries = Literal::usize_unsuffixed(hashes.iter().map(|h| h.table.len()).sum());
    let mut data = Vec::new();
    let hash_data = placeholder(&mut data, "VECTOR_HASHES", data::vector_hashes_data(variant, indices)?);
    let entry_data = placeholder(&mut data, "VECTOR_ENTRIES", data::vector_entries_data(variant, indices)?);
    let tokens = quote! {
        /// A square in the numbering `vector_index` takes differences in: `rank * INDEX_PAD + file`.
        #[inline(always)]
        #[allow(dead_code)]
        #one_file
        const fn padded(square: usize) -> u32 {
            (square / FILES * INDEX_PAD + square % FILES) as u32
        }

        /// The rank width of the padded numbering: twice the files or more, so that no file
        /// difference reaches into the next rank.
        const INDEX_PAD: usize = #pad;

        /// How `vector_index` hashes a difference for one piece and colour.
        #[derive(Clone, Copy)]
        #[allow(dead_code)]
        struct VectorHash {
            /// The bits of the difference that tell the piece's vectors apart.
            mask: u32,
            /// Gathers the masked bits into the top bits.
            multiplier: u32,
            /// 32 minus the index bits.
            shift: u32,
            /// Where its table starts in `VECTOR_ENTRIES`.
            offset: u32,
        }

        impl VectorHash {
            #[allow(dead_code)]
            const fn new(mask: u32, multiplier: u32, shift: u32, offset: u32) -> Self {
                VectorHash { mask, multiplier, shift, offset }
            }
        }

        /// `VECTOR_HASHES[piece][colour]`.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        const VECTOR_HASHES: [[VectorHash; 2]; PIECES] = #hash_data;

        /// Every hash's table: `j << 16 | difference as u16`; `0x8000` (no difference) where empty.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static VECTOR_ENTRIES: [u32; #entries] = #entry_data;
    };
    Ok(Code { tokens, data })
}

/// What `move_index`, `threat_index` and `policy_index` read: the grids of potential attacks
/// and of potential moves, the offsets of their squares, which grids each piece reads, and
/// where its threat blocks begin.
fn move_statics<B: Word>(variant: &Variant, indices: &Indices) -> Result<Code, fmt::Error> {
    let pieces = variant.pieces.len();
    let bases = indices.threat_bases();
    let bases = per_piece(pieces, |p, c| bases[p][c]);
    let reach = indices.reach_grids();
    let grid_cell = Ident::new(if reach.grids.len() <= 256 { "u8" } else { "u16" }, Span::call_site());
    let grid_of = per_piece(pieces, |p, c| reach.attacks[p][c]);
    let policy_grid_of = per_piece(pieces, |p, c| reach.moves[p][c]);
    let grids = Literal::usize_unsuffixed(reach.grids.len());
    let mut data = Vec::new();
    let reach_data = placeholder(&mut data, "REACH", data::reach_data::<B>(variant, indices)?);
    let offset_data = placeholder(&mut data, "MOVE_OFFSETS", data::move_offsets_data(variant, indices)?);
    let tokens = quote! {
        /// Which grid of `REACH` and `MOVE_OFFSETS` each (piece, colour) reads for
        /// `move_index`: its potential attacks.
        const MOVE_GRIDS: [[#grid_cell; 2]; PIECES] = #grid_of;

        /// Which grid each (piece, colour) reads for `policy_index`: its potential moves,
        /// the grid of its potential attacks where they are the same.
        const POLICY_GRIDS: [[#grid_cell; 2]; PIECES] = #policy_grid_of;

        /// `REACH[grid][from]`: the potential attacks (the grids `MOVE_GRIDS` names, first)
        /// or the potential moves from `from`.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static REACH: [[Bitboard; SQUARES]; #grids] = #reach_data;

        /// `MOVE_OFFSETS[grid][from]`: the index of the first square of `REACH[grid][from]`.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static MOVE_OFFSETS: [[u16; SQUARES]; #grids] = #offset_data;

        /// Where each attacker's threat blocks begin, `THREAT_BASES[piece][colour]`.
        const THREAT_BASES: [[u32; 2]; PIECES] = #bases;
    };
    Ok(Code { tokens, data })
}

pub(super) fn block_ident(n: usize) -> Ident {
    Ident::new(&format!("BLOCK_{n}"), Span::call_site())
}

pub(super) fn lines_ident(n: usize) -> Ident {
    Ident::new(&format!("BLOCK_{n}_LINES"), Span::call_site())
}

pub(super) fn checks_ident(n: usize) -> Ident {
    Ident::new(&format!("BLOCK_{n}_CHECKS"), Span::call_site())
}

/// Who reads block `n`: "rook white quiet, rook black quiet, ...".
pub(super) fn block_users<B: Word>(variant: &Variant, tables: &Tables<B>, n: usize) -> String {
    let mut users = Vec::new();
    for (k, per_piece) in tables.block_of.iter().enumerate() {
        for (p, colors) in per_piece.iter().enumerate() {
            for (c, &b) in colors.iter().enumerate() {
                if b == n {
                    users.push(format!(
                        "{} {} {}",
                        variant.pieces[p].name,
                        ["white", "black"][c],
                        tables.kinds[k].name()
                    ));
                }
            }
        }
    }
    users.join(", ")
}

#[cfg(test)]
mod tests {
    use super::doc_lines;

    /// The `vector_index` doc once wrapped inside `rank * INDEX_PAD + file`: its second line
    /// began `* INDEX_PAD`, a bullet, and both lines had unbalanced backticks.
    #[test]
    fn doc_lines_never_break_a_code_span() {
        let text = format!("{} `rank * INDEX_PAD + file` and then `a b c` `d`.", "word ".repeat(15));
        let lines = doc_lines(&text);
        assert!(lines.len() > 1, "{lines:?}");
        for line in &lines {
            assert_eq!(line.matches('`').count() % 2, 0, "{lines:?}");
            assert!(!line.trim_start().starts_with("* "), "{lines:?}");
        }
        assert!(lines.iter().any(|l| l.contains("`rank * INDEX_PAD + file`")), "{lines:?}");
    }
}
