//! The subcommands, one file each (`main.rs` parses the arguments and dispatches), and what
//! they share: the piece a question asks about (`piece`), input and output (`io`), and
//! `--batch` (`batch`).

pub(crate) mod attackers;
mod batch;
pub(crate) mod between;
pub(crate) mod compile;
pub(crate) mod diff;
pub(crate) mod import;
mod io;
pub(crate) mod moves;
mod piece;
pub(crate) mod show;

pub(crate) use io::to_stderr;

/// How much the command says on standard error beside its errors.
#[derive(Clone, Copy)]
pub(crate) struct Talk {
    /// Nothing but errors.
    pub(crate) quiet: bool,
    /// What is done and how long it took.
    pub(crate) verbose: bool,
}
