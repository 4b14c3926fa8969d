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
use crate::reads::{self, Read};
use crate::table_kind::TableKind;
use crate::tables::{Block, Tables};
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
        prelude_code::<B>(variant, tables, regenerate),
        Code::plain(piece_code(variant)),
        Code::plain(named_squares_code(variant.board.files, variant.board.ranks)),
        Code::plain(functions_code(variant, tables)),
        Code::plain(colorless_code(variant, tables)),
        Code::plain(super::game::rules_code(variant)),
        Code::plain(super::game::tables_code(&tables.kinds, has_first_moves(tables))),
        between_code::<B>(variant, between)?,
        indices_code::<B>(variant, indices, has_first_moves(tables))?,
        lookup_code(variant, tables)?,
        Code::plain(pad_code(tables)),
        block_statics(variant, tables)?,
        attack_statics(tables)?,
        rank_statics(tables)?,
    ]))
}

/// Whether some piece has first moves (XBetza `i`): a block of an `initial` kind that reads
/// something. Without them the module has no `initial_*` functions, whose answers would all be
/// empty.
pub(super) fn has_first_moves<B: Word>(tables: &Tables<B>) -> bool {
    let reads_something = |b: &Block<B>| !b.reads.is_empty();
    let initial = tables.kinds.iter().zip(&tables.block_of).filter(|(kind, _)| kind.initial());
    initial.flat_map(|(_, per_piece)| per_piece.iter().flatten()).any(|&b| reads_something(&tables.blocks[b]))
}

/// Whether some block makes probes into the attack table.
fn any_probes<B>(tables: &Tables<B>) -> bool {
    tables.blocks.iter().any(|b| b.reads.iter().any(|r| matches!(r, Read::Slot { .. } | Read::Probes { .. })))
}

/// The runtime type the module's `Bitboard` names (`u64` ... `Bitboard256`), as an identifier.
fn word_ident<B: Word>() -> Ident {
    Ident::new(B::TYPE, Span::call_site())
}

/// The imports, the format check, `Bitboard` and the board's constants.
fn prelude_code<B: Word>(variant: &Variant, tables: &Tables<B>, regenerate: &str) -> Code {
    let word = word_ident::<B>();
    let name = &variant.name;
    let mut imports = vec![];
    if B::BITS > 128 {
        imports.push(quote!(#word));
    }
    let reads: Vec<Read> = tables.blocks.iter().flat_map(|b| b.reads.iter().copied()).collect();
    imports.extend(reads::imports(&reads));
    let imports = if imports.is_empty() { quote!() } else { quote!(use fairy_magic_runtime::{ #(#imports),* };) };
    let format_check = format_check(regenerate);
    // `board!`'s arguments, written as a person would: prettyplease spaces a macro's tokens
    // (`files : 8`), so they go in as text, like the statics' data.
    let mut data = Vec::new();
    let (files, ranks) = (variant.board.files, variant.board.ranks);
    let board = placeholder(&mut data, "BOARD", format!("bitboard: {}, files: {files}, ranks: {ranks}", B::TYPE));
    let tokens = quote! {
        #[allow(unused_imports)]
        pub use fairy_magic_runtime::Color;
        /// The runtime's helpers of [`Bitboard`] on raw square indices (`indices()`,
        /// `has_index`, `from_index`, `pop_lowest_index`) and the rest (`count`, `is_empty`...);
        /// [`SquareSet`] has the same on [`Square`]s. `use` this module's `BitboardExt`, or `*`,
        /// to call them.
        #[allow(unused_imports)]
        pub use fairy_magic_runtime::BitboardExt;
        #imports

        #format_check

        fairy_magic_runtime::board!(#board);

        /// The variant's name.
        #[allow(dead_code)]
        pub const NAME: &str = #name;
    };
    Code { tokens, data }
}

/// `Square::A1`, `Square::B1`...: each square of the board by its name, for boards of at most
/// 16 files (files `a` to `p`), the widest a bitboard holds.
fn named_squares_code(files: u8, ranks: u8) -> TokenStream {
    if files > 16 {
        return quote!();
    }
    let squares = (0..ranks).flat_map(|rank| (0..files).map(move |file| (file, rank)));
    let consts = squares.map(|(file, rank)| {
        let name = format!("{}{}", (b'a' + file) as char, rank + 1);
        let ident = Ident::new(&name.to_uppercase(), Span::call_site());
        let index = Literal::usize_unsuffixed(usize::from(rank) * usize::from(files) + usize::from(file));
        let doc = format!(" `{name}`");
        quote!(#[doc = #doc] pub const #ident: Square = Square(#index);)
    });
    quote! {
        /// The board's squares by name (`Square::E4`), a1 first.
        #[allow(dead_code)]
        impl Square {
            #( #consts )*
        }
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
    let fen_letters = variant.rules.fen_letters(&letters);
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

            /// The letter a FEN writes it with, upper case (White's): its letter, or the one a
            /// `fen` line gives it.
            pub const fn fen_letter(self) -> &'static str {
                match self { #( Piece::#idents => #fen_letters, )* }
            }
        }

        /// A letter that is no piece's FEN letter.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(dead_code)]
        pub struct ParsePieceError;

        impl core::fmt::Display for ParsePieceError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "no piece of {} is written so in a FEN", NAME)
            }
        }

        impl core::str::FromStr for Piece {
            type Err = ParsePieceError;

            /// The piece a FEN letter stands for ([`Piece::fen_letter`]), in either case: in a FEN
            /// the case is the colour, upper case White, which is the caller's to read.
            fn from_str(letter: &str) -> Result<Piece, ParsePieceError> {
                Piece::ALL.into_iter().find(|p| p.fen_letter().eq_ignore_ascii_case(letter)).ok_or(ParsePieceError)
            }
        }
    }
}

/// One public function per table kind (`attacks`, `quiets`, `attackers`...), each a lookup.
fn functions_code<B: Word>(variant: &Variant, tables: &Tables<B>) -> TokenStream {
    let number = Literal::usize_unsuffixed;
    let example = example_piece(variant, tables);
    let first_moves = has_first_moves(tables);
    let kinds = tables.kinds.iter().enumerate().filter(|(_, kind)| first_moves || !kind.initial());
    let functions = kinds.map(|(k, &kind)| {
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
    // One arm a block: its reads (`reads.rs`) united, or nothing for a block without moves.
    // An empty answer: `0`, or the multi-word `Bitboard`'s empty literal.
    let nothing: TokenStream = data::short(B::EMPTY).parse().expect("a literal");
    let arms = tables.blocks.iter().enumerate().map(|(n, block)| {
        let answer = reads::print(&block.reads, n).unwrap_or_else(|| nothing.clone());
        let number = number(n);
        quote!(#number => #answer,)
    });
    // A variant of leapers only reads no occupancy; one of no moves at all (a lone king on
    // 1x1) reads no square either.
    let reads = || tables.blocks.iter().flat_map(|b| b.reads.iter().copied());
    let unused_occupancy = match (reads().any(Read::reads_occupancy), reads().next().is_some()) {
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
            // The colour picks between two constants rather than indexing `BLOCKS` with it: when
            // the kind and piece are constants and the colour is not (a pawn's attacks), the
            // match below folds to the two colours' reads, where an index from memory would
            // leave a jump through a table of every block.
            let [white, black] = BLOCKS[kind][piece as usize];
            let block = match color {
                Color::White => white,
                Color::Black => black,
            };
            match block {
                #( #arms )*
                _ => unreachable!(),
            }
        }

        /// Which block serves each (kind, piece, colour).
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        const BLOCKS: [[[#block_number; 2]; PIECES]; KINDS] = #blocks;
    };
    Ok(Code { tokens, data })
}

/// `PAD`, the probe that pads a square out to its block's number of probes, when some block
/// needs it.
fn pad_code<B: Word>(tables: &Tables<B>) -> TokenStream {
    if !tables.blocks.iter().any(|b| b.probes.contains(&tables.padding)) {
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

/// Each block's statics: one for each of its reads (`reads.rs`) but the rank table's, which
/// the blocks share; the first names the block's users.
fn block_statics<B: Word>(variant: &Variant, tables: &Tables<B>) -> Result<Code, fmt::Error> {
    let mut data = Vec::new();
    let mut statics = Vec::new();
    for (n, block) in tables.blocks.iter().enumerate() {
        let mut users = Some(docs(&format!("Block {n}: {}.", block_users(variant, tables, n))));
        for &read in &block.reads {
            let Some(ty) = reads::static_type(read) else { continue };
            let (what, text) = match read {
                Read::Leaps => (
                    quote!(#[doc = " Leaps only: no occupancy blocks them."]),
                    data::block_data(variant, block, &tables.padding)?,
                ),
                Read::Slot { .. } => (quote!(), data::block_data(variant, block, &tables.padding)?),
                Read::Probes { .. } => (
                    quote!(#[doc = " Block's probes alone: the entries they read hold its leaps."]),
                    data::block_data(variant, block, &tables.padding)?,
                ),
                Read::Lines { .. } => (
                    quote!(#[doc = " Block's slides and hops along lines, computed from the occupancy with no table."]),
                    data::lines_data(variant, block)?,
                ),
                Read::PlainChecks { .. } => (
                    quote!(#[doc = " Block's moves whose paths are too long for a lookup, checked one by one."]),
                    data::checks_data(variant, block)?,
                ),
                Read::RankSlide => continue,
            };
            let name = reads::static_name(read, n);
            let contents = placeholder(&mut data, &name.to_string(), text);
            let users = users.take();
            statics.push(quote! {
                #users
                #what
                #[rustfmt::skip]
                #[allow(clippy::unreadable_literal)]
                static #name: #ty = #contents;
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
    let name = reads::static_name(Read::RankSlide, 0);
    let table = placeholder(&mut data, &name.to_string(), data::rank_data(ranks)?);
    let tokens = quote! {
        /// Where a slide along a whole rank stops, for every rank and piece: by the piece's
        /// file, then by the occupancy of the rank's inner squares, the rank's squares reached
        /// (file `a` lowest), which `rank_slide` shifts onto the piece's rank.
        #[rustfmt::skip]
        #[allow(clippy::unreadable_literal)]
        static #name: [#entry; #entries] = #table;
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
pub fn doc_lines(text: &str) -> Vec<String> {
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

/// For each piece whose moves are the same for both colours (one block serves both in every
/// table kind), `quiets` and `attacks` without a colour: `rook_attacks(square, occupied)`.
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

/// Whether one block serves both colours of piece `p` in every kind.
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
    // Padded with empty sets to a power of two (`Between::table_len`): the masked cell needs no
    // bounds check.
    let padded = between.table_len();
    let (sets, mask) = (number(padded), number(padded - 1));
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
                grid => BETWEEN[BETWEEN_GRIDS[grid as usize - 1][from.index()][to.index()] as usize & #mask],
            }
        }

        /// Which grid serves `between` for each (piece, colour): 0 for none, else its number + 1.
        const BETWEEN_OF: [[u8; 2]; PIECES] = [ #( #of ),* ];

        /// Every distinct set of squares between, the empty set first, then empty sets up to a
        /// power of two.
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

/// `vector_index`, `move_index`, `threat_index`, `policy_index`, their counts and the statics
/// they read.
fn indices_code<B: Word>(variant: &Variant, indices: &Indices, first_moves: bool) -> Result<Code, fmt::Error> {
    Ok(Code::join([
        Code::plain(index_counts(variant, indices)),
        index_functions(first_moves),
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

/// `vector_index`, `move_index`, `threat_index` and `policy_index`: the runtime's
/// `indices!`, the same code in every module, over the statics declared beside it. Their docs
/// name the `initial_*` functions where the module has them (`first_moves`).
fn index_functions(first_moves: bool) -> Code {
    // Its argument goes in as text, as `board!`'s do: prettyplease would space the colon.
    let mut data = Vec::new();
    let arguments = placeholder(&mut data, "INDICES", format!("first_moves: {first_moves}"));
    let tokens = quote! {
        fairy_magic_runtime::indices!(#arguments);
    };
    Code { tokens, data }
}

/// What `vector_index` reads: the padded numbering's rank width and each piece's hash (the
/// runtime's `indices!` declares its type, `VectorHash`) with its table.
fn vector_statics(variant: &Variant, indices: &Indices) -> Result<Code, fmt::Error> {
    let pad = Literal::usize_unsuffixed(indices.pad as usize);
    let (hashes, _) = indices.hashes();
    let entries = Literal::usize_unsuffixed(hashes.iter().map(|h| h.table.len()).sum());
    let mut data = Vec::new();
    let hash_data = placeholder(&mut data, "VECTOR_HASHES", data::vector_hashes_data(variant, indices)?);
    let entry_data = placeholder(&mut data, "VECTOR_ENTRIES", data::vector_entries_data(variant, indices)?);
    let tokens = quote! {
        /// The rank width of the padded numbering: twice the files or more, so that no file
        /// difference reaches into the next rank.
        const INDEX_PAD: usize = #pad;

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
