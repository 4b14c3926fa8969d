//! fairy-magic: compiles chess-variant pieces written in XBetza into magic-bitboard tables.
//!
//! The pipeline runs one way, one module a stage, plain data between stages. This file is the
//! public API; `pipeline.rs` is the driver, which calls each stage once, in order: its module
//! doc is the map of the stages.

#![warn(missing_docs)]

mod baseline;
mod between;
mod betza;
mod board;
mod by_piece;
mod calibration;
mod cost;
mod dial;
mod diff;
mod emit;
mod error;
mod files;
mod fold;
mod fxhash;
mod game;
mod import;
mod indices;
mod legs;
mod limits;
mod lines;
mod lookups;
mod magics;
mod pack;
mod page;
mod parallel;
mod paths;
mod pipeline;
mod query;
mod reads;
mod reference;
mod regions;
mod settings;
mod show;
mod slots;
mod splitmix;
mod table_kind;
mod tables;
mod variant;
mod verify;

/// The compiler's stages and tools, one module each, as docs/design.md describes them. The CLI,
/// the tests and tools that look inside a compilation use them; a build script needs only what
/// the crate root has ([`compile`], [`Options`], [`Setting`], [`Module`]). Their items follow
/// the design and may change with it, so they are hidden from the API docs: they are not part of
/// the crate's stable surface.
#[doc(hidden)]
pub mod stages {
    /// What plain fancy magic would take for the same pieces: the figure headers compare with.
    pub mod baseline {
        pub use crate::baseline::*;
    }
    /// The squares between two squares on a piece's paths (`between` in generated modules).
    pub mod between {
        pub use crate::between::*;
    }
    /// XBetza: the grammar (`betza.pest`) and the syntax tree of one piece's moves.
    pub mod betza {
        pub use crate::betza::*;
    }
    /// The measured costs of the lookup forms, which the planner weighs.
    pub mod calibration {
        pub use crate::calibration::*;
    }
    /// Board geometry: square numbering (`rank * files + file`), names, and square sets.
    pub mod board {
        pub use crate::board::*;
    }
    /// One value for each piece and colour, read by (piece, colour).
    pub mod by_piece {
        pub use crate::by_piece::*;
    }
    /// `fairy-magic diff`: what changed in meaning between two variant files.
    pub mod diff {
        pub use crate::diff::*;
    }
    /// The direction dial: which of a piece's step vectors a direction modifier keeps.
    pub mod dial {
        pub use crate::dial::*;
    }
    /// Stage 7: compiled tables to the text of a Rust module (header, code, data).
    pub mod emit {
        pub use crate::emit::*;
        /// The module's code: types, functions and statics, built with `quote!`.
        pub mod api {
            pub use crate::emit::api::*;
        }
    }
    /// The game's rules beyond piece moves (`royal`, `promote`, `castling`...), resolved.
    pub mod game {
        pub use crate::game::*;
    }
    /// Which blocks store their probes alone, and the leaps folded into their entries.
    pub mod fold {
        pub use crate::fold::*;
    }
    /// `show --html`: the page that draws a variant's moves from its module's tables.
    pub mod page {
        pub use crate::page::*;
    }
    /// Independent pieces of work spread over the machine's cores, in a fixed order.
    pub mod parallel {
        pub use crate::parallel::*;
    }
    /// SplitMix64, the compiler's one random number generator.
    pub mod splitmix {
        pub use crate::splitmix::*;
    }
    /// Errors with their place in the input (file, line, column), and how they print.
    pub mod error {
        pub use crate::error::*;
    }
    /// Input files read up to a cap; output files written atomically, touching nothing else.
    pub mod files {
        pub use crate::files::*;
    }
    /// `fairy-magic import`: a section of a Fairy-Stockfish `variants.ini` as a variant file.
    pub mod import {
        pub use crate::import::*;
        /// Fairy-Stockfish's built-in variants, imported by name.
        pub mod builtins {
            pub use crate::import::builtins::*;
        }
        /// Fairy-Stockfish's Betza strings in the notation fairy-magic reads.
        pub mod notation {
            pub use crate::import::notation::*;
        }
        /// A section's rules (promotion, castling, regions) as variant-file lines.
        pub mod rules {
            pub use crate::import::rules::*;
        }
    }
    /// Dense indices of each piece's potential attacks and moves (`vector_index`, `move_index`,
    /// `threat_index`, `policy_index` in generated modules), for NNUE threat inputs and policy
    /// heads.
    pub mod indices {
        pub use crate::indices::*;
    }
    /// Stage 2: XBetza to moves as legs with concrete step vectors, and the table kinds.
    pub mod legs {
        pub use crate::legs::*;
    }
    /// Stage 4, first step: the gates that run along a line, computed with no table.
    pub mod lines {
        pub use crate::lines::*;
    }
    /// Stage 4: path moves to plain leaps and grouped lookups, and the cost model.
    pub mod lookups {
        pub use crate::lookups::*;
    }
    /// Stage 5: a multiplier (magic) for every lookup, found by a deterministic search.
    pub mod magics {
        pub use crate::magics::*;
    }
    /// Packing every lookup's entries into one array, overlapping where they agree.
    pub mod pack {
        pub use crate::pack::*;
    }
    /// Stage 3: legs from a square to path moves (destination, squares looked at, hurdles).
    pub mod paths {
        pub use crate::paths::*;
    }
    /// One-off questions (`fairy-magic moves`, `attackers`, `between`) about one piece.
    pub mod query {
        pub use crate::query::*;
    }
    /// The reference walker: legs walked on a mailbox board, which every table is checked against.
    pub mod reference {
        pub use crate::reference::*;
    }
    /// Regions (palace, river): where a piece may stand and which moves it has where.
    pub mod regions {
        pub use crate::regions::*;
    }
    /// Settings as typed values: what `option` lines and command-line flags become.
    pub mod settings {
        pub use crate::settings::*;
    }
    /// `fairy-magic show`: a piece's moves drawn on a board diagram.
    pub mod show {
        pub use crate::show::*;
    }
    /// The driver: every stage of one compilation, called once, in order.
    pub mod pipeline {
        pub use crate::pipeline::*;
    }
    /// Every slot's path moves: forward kinds from each square, reverse kinds onto it.
    pub mod slots {
        pub use crate::slots::*;
    }
    /// The cost model: what a plan costs, and each piece's bit budget.
    pub mod cost {
        pub use crate::cost::*;
    }
    /// Every limit a compilation keeps to, and the estimate of verification's work.
    pub mod limits {
        pub use crate::limits::*;
    }
    /// The kinds of table a module has, forward and reverse.
    pub mod table_kind {
        pub use crate::table_kind::*;
    }
    /// Stage 6: magics to the runtime's data (slots, probes, checks), verified against [`mod@reference`].
    pub mod tables {
        pub use crate::tables::*;
    }
    /// How a module reads a block, as a list of reads: their answer, their code, their JSON.
    pub mod reads {
        pub use crate::reads::*;
    }
    /// Every table checked against the reference walker before it is written.
    pub mod verify {
        pub use crate::verify::*;
    }
    /// Stage 1: a variant file parsed (board, regions, pieces, options).
    pub mod variant {
        pub use crate::variant::*;
    }
}

use std::num::NonZeroUsize;

pub use crate::error::{Error, Source};
pub use crate::pipeline::{build, piece_moves, Compiled};
pub use crate::settings::{
    Setting, Settings, DEFAULT_CACHE_BYTES, DEFAULT_MAX_PATHS, DEFAULT_SEARCH_LIMITS, MAX_THREADS,
};
pub use crate::slots::MAX_PIECE_PATHS;

/// What a caller asks of a compilation beyond the variant file itself.
///
/// ```
/// use fairy_magic::{Options, Setting, Source};
///
/// let text = "variant mini\nboard 5x5\npiece K king K\npiece R rook R\n";
/// let options = Options::new().set(Setting::Seed(7)).regenerate("cargo build");
/// let module = fairy_magic::compile(&Source { file: "mini.variant", text }, &options).unwrap();
/// assert!(module.text.contains("`cargo build`"));
/// assert_eq!(module.statistics.squares, 25);
/// ```
///
/// Its fields are private and it is `#[non_exhaustive]`: it is built with [`Options::new`] and
/// the methods after it, so that a new option is not a breaking change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Settings applied over the file's `option` lines, in order (a command line's flags).
    settings: Vec<Setting>,
    /// The command the module's header tells readers to run to regenerate it; `None` gives
    /// `fairy-magic compile FILE`.
    regenerate: Option<String>,
    /// Where the regenerate command is run: its paths are relative to that folder.
    regenerate_in: RegenerateIn,
    /// How many threads to compile with; `None`: one a core. Not a [`Setting`]: it changes how
    /// long a compilation takes, never what it writes, so no file or header records it. A build
    /// script that runs beside other jobs may want fewer.
    threads: Option<NonZeroUsize>,
}

impl Options {
    /// No settings beyond the file's, and the default regenerate command.
    pub fn new() -> Options {
        Options::default()
    }

    /// These options and one more setting, applied after those already given.
    pub fn set(mut self, setting: Setting) -> Options {
        self.settings.push(setting);
        self
    }

    /// These options with the command the header gives for regenerating the module, run from
    /// anywhere (`cargo xtask gen chess`) or from where the file's name is given.
    pub fn regenerate(self, command: &str) -> Options {
        self.regenerate_in(command, RegenerateIn::Anywhere)
    }

    /// These options with the command the header gives for regenerating the module, and the
    /// folder it is run in (which the paths in it and the file's name are relative to).
    pub fn regenerate_in(mut self, command: &str, folder: RegenerateIn) -> Options {
        self.regenerate = Some(command.to_string());
        self.regenerate_in = folder;
        self
    }

    /// These options compiling on at most `threads` threads.
    pub fn threads(mut self, threads: NonZeroUsize) -> Options {
        self.threads = Some(threads);
        self
    }

    /// The settings given, in the order they apply.
    pub fn settings(&self) -> &[Setting] {
        &self.settings
    }
}

/// Where the header's regenerate command is run, which the paths in it are relative to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RegenerateIn {
    /// Anywhere: a command that finds its files itself (`cargo xtask gen chess`), or one whose
    /// paths are as the caller gave them; the header names the file as [`Source::file`] does.
    #[default]
    Anywhere,
    /// The module's own folder: `fairy-magic compile -o` records its paths relative to it, so
    /// that the header is the same from whatever folder, and with whichever spelling of the
    /// paths, the module was made, and names no folder of the machine it was made on.
    ModuleFolder {
        /// The variant file's path from the module's folder, as the header names it (errors
        /// still name it as [`Source::file`] does, as the user wrote it).
        source: String,
    },
}

/// A generated module: the text to write, and what its tables cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// The Rust source of the module, header included.
    pub text: String,
    /// The figures its header reports.
    pub statistics: emit::Statistics,
}

/// Compiles a variant file into a Rust module. Settings come from the defaults, then the
/// file's `option` lines, then `options`. Errors name the file, line and column.
pub fn compile(source: &Source, options: &Options) -> Result<Module, Error> {
    pipeline::compile(source, options)
}

/// `show --html`: the variant's module built as `compile` builds it, drawn as one
/// self-contained interactive page that reads the module's own tables (`page/`).
pub fn page(source: &Source, options: &Options) -> Result<String, Error> {
    pipeline::page(source, options)
}
