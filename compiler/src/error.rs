//! Errors: every input error names the file, line and column and says what was expected.

use std::fmt;

pub use crate::limits::Bound;

/// A place in an input file, 1-based like an editor's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name as the user gave it (`<XBetza>` for a string on the command line).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters (not bytes).
    pub column: usize,
    /// The whole text of that line, shown under the message.
    pub line_text: String,
}

/// Everything that can go wrong in a compilation or a query, by kind, so that a caller (a
/// build script) can tell a bad file from a limit or a search that found no magic. `Display`
/// gives the message the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The input is wrong: a user error.
    Input {
        /// Where the input is wrong.
        at: Location,
        /// What is wrong and, where it can, what was expected instead.
        message: String,
    },
    /// A file or a standard stream could not be read or written.
    Io {
        /// The file as the user named it; `None`: standard input (reading) or output (writing).
        path: Option<String>,
        /// What was being done with it.
        access: Access,
        /// What the system said.
        source: IoError,
    },
    /// The file is not what `compile --check` would write: it needs regenerating.
    Stale {
        /// The file checked.
        path: String,
        /// The command that regenerates it.
        regenerate: String,
    },
    /// A piece asked for by letter or name is not in the variant.
    UnknownPiece {
        /// The letter or name asked for.
        piece: String,
        /// The variant file.
        file: String,
        /// Its pieces, each `letter name`.
        known: Vec<String>,
    },
    /// A section asked for is not in the Fairy-Stockfish configuration file.
    UnknownSection {
        /// The section asked for.
        section: String,
        /// The configuration file.
        file: String,
        /// Its sections.
        known: Vec<String>,
    },
    /// A file could not be read at a git revision (`diff --rev`).
    Revision {
        /// The file.
        file: String,
        /// The revision.
        rev: String,
        /// The step that failed and what it said.
        message: String,
    },
    /// A value given to a command (a board, a square, a colour, a count of files) is not one
    /// it takes; there is no file line to point at.
    Argument(String),
    /// A Fairy-Stockfish setting of no line of its own (a built-in piece) that fairy-magic
    /// cannot express.
    Unsupported(String),
    /// The input is fine but needs more than a limit allows (paths, occupancies, verification
    /// work, magic-search trials): raising the limit, or a smaller board, makes it compile.
    Limit {
        /// Which limit.
        bound: Bound,
        /// The piece's line, where the limit is one piece's and it has one.
        at: Option<Location>,
        /// What was needed and how to raise the limit.
        message: String,
    },
    /// No magic multiplier turned up for a lookup within the index widths tried: more effort
    /// (or a larger budget) may find one.
    NoMagic {
        /// The lookup's mask bits.
        bits: u32,
        /// The widest index tried, in bits.
        widest: u32,
        /// The lookup's mask, in hexadecimal.
        mask: String,
    },
    /// The compiler contradicted itself (a table disagreed with the reference): a bug.
    Internal(String),
    /// Several input errors, in file order: the first [`Errors::SHOWN`] of them, and how many
    /// more there were (a file of a million bad lines reports twenty, and the count of the rest).
    Many {
        /// The first errors, in file order.
        errors: Vec<Error>,
        /// How many errors came after them, not kept.
        more: usize,
    },
}

/// What was being done with a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Access {
    /// Reading an input.
    Read,
    /// Writing an output.
    Write,
    /// Reading the file `compile --check` compares with.
    Compare,
}

/// An I/O error as an [`Error`] holds it: shared, so that errors stay `Clone`, and equal when
/// of the same kind and message.
#[derive(Clone, Debug)]
pub struct IoError(pub std::sync::Arc<std::io::Error>);

impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<std::io::Error> for IoError {
    fn from(e: std::io::Error) -> Self {
        IoError(std::sync::Arc::new(e))
    }
}

impl Error {
    /// An input error at `at`.
    pub fn input(at: Location, message: impl Into<String>) -> Self {
        Error::Input { at, message: message.into() }
    }

    /// An I/O error on the file `path` (`None`: a standard stream).
    pub fn io(path: Option<&str>, access: Access, source: std::io::Error) -> Self {
        Error::Io { path: path.map(str::to_string), access, source: source.into() }
    }

    /// A limit of no one piece's line.
    pub fn limit(bound: Bound, message: impl Into<String>) -> Self {
        Error::Limit { bound, at: None, message: message.into() }
    }

    /// Where in an input file the error is, if it is at one place.
    pub fn at(&self) -> Option<&Location> {
        match self {
            Error::Input { at, .. } | Error::Limit { at: Some(at), .. } => Some(at),
            _ => None,
        }
    }

    /// The message alone, without its place or the `error:` before it.
    pub fn message(&self) -> String {
        match self {
            Error::Input { message, .. } | Error::Limit { message, .. } => message.clone(),
            Error::Io { path, access, source } => match (path, access) {
                (Some(path), Access::Read) => format!("cannot read {path}: {source}"),
                (Some(path), Access::Write) => format!("cannot write {path}: {source}"),
                (Some(path), Access::Compare) => format!("{path} is stale: cannot read it: {source}"),
                (None, Access::Write) => format!("cannot write to standard output: {source}"),
                (None, _) => format!("cannot read standard input: {source}"),
            },
            Error::Stale { path, regenerate } => format!("{path} is stale: run `{regenerate}`"),
            Error::UnknownPiece { piece, file, known } => {
                format!("no piece `{piece}` in {file}; it has: {}", known.join(", "))
            }
            Error::UnknownSection { section, file, known } => {
                format!("no section [{section}] in {file}; it has: {}", known.join(", "))
            }
            Error::Revision { file, rev, message } => format!("cannot read {file} at {rev}: {message}"),
            Error::Argument(message) | Error::Unsupported(message) | Error::Internal(message) => message.clone(),
            Error::NoMagic { bits, widest, mask } => format!(
                "no magic found for a lookup of {bits} bits (mask {mask}) within {widest} index bits; raise --effort (or lower a fixed --max-bits)"
            ),
            Error::Many { .. } => self.summary(),
        }
    }

    /// One error as itself, several as `Many`.
    pub fn all(mut errors: Vec<Error>) -> Self {
        if errors.len() == 1 {
            errors.pop().unwrap()
        } else {
            Error::Many { errors, more: 0 }
        }
    }
}

/// Collects a file's errors: the first [`Errors::SHOWN`], and a count of the rest, so that
/// reporting them takes memory and time bounded by that number, not by the file.
#[derive(Clone, Debug, Default)]
pub struct Errors {
    shown: Vec<Error>,
    more: usize,
}

impl Errors {
    /// How many errors a report shows before it only counts them.
    pub const SHOWN: usize = 20;

    /// Adds an error; past the first [`Errors::SHOWN`] it is only counted.
    pub fn push(&mut self, error: Error) {
        if self.shown.len() < Self::SHOWN {
            self.shown.push(error);
        } else {
            self.more += 1;
        }
    }

    /// Adds the error `make` builds, building it only when it will be shown: a file of a
    /// million bad lines costs a count for most of them, not a message each.
    pub fn push_with(&mut self, make: impl FnOnce() -> Error) {
        if self.shown.len() < Self::SHOWN {
            self.shown.push(make());
        } else {
            self.more += 1;
        }
    }

    /// Whether every error added from now on will only be counted.
    pub fn full(&self) -> bool {
        self.shown.len() >= Self::SHOWN
    }

    /// Counts one more error once the report is [full](Errors::full), without building it.
    pub fn count_unshown(&mut self) {
        debug_assert!(self.full(), "an error that would be shown is built and pushed");
        self.more += 1;
    }

    /// Whether no error has been added.
    pub fn is_empty(&self) -> bool {
        self.shown.is_empty()
    }

    /// These errors with `others` among them, both in file order, as one report in file order:
    /// a later stage's errors at lines of their own (the legs stage's, at `piece` lines) join
    /// the lines' errors where they belong. Past [`Errors::SHOWN`] they are only counted.
    pub fn merged(self, others: Vec<Error>) -> Errors {
        let place = |e: &Error| e.at().map(|at| (at.line, at.column));
        let mut out = Errors { shown: Vec::new(), more: self.more };
        let mut mine = self.shown.into_iter().peekable();
        let mut theirs = others.into_iter().peekable();
        loop {
            let take_mine = match (mine.peek(), theirs.peek()) {
                (Some(a), Some(b)) => place(a) <= place(b),
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => return out,
            };
            let next = if take_mine { mine.next() } else { theirs.next() };
            out.push(next.expect("peeked"));
        }
    }

    /// These errors, then `later`'s.
    pub fn then(mut self, later: Errors) -> Errors {
        self.more += later.more;
        for error in later.shown {
            self.push(error);
        }
        self
    }

    /// The errors as one: itself for a single one, `Many` for several; `None` for none.
    pub fn error(self) -> Option<Error> {
        match (self.shown.len(), self.more) {
            (0, _) => None,
            (_, 0) => Some(Error::all(self.shown)),
            _ => Some(Error::Many { errors: self.shown, more: self.more }),
        }
    }
}

impl Error {
    /// The error as rustc would show it: the message, where, the line, a caret under the
    /// character. `styled` adds terminal colours.
    pub fn render(&self, styled: bool) -> String {
        match self {
            Error::Internal(message) => format!("internal error (a bug in fairy-magic): {message}"),
            Error::Many { errors, more: 0 } => {
                let all: Vec<String> = errors.iter().map(|e| e.render(styled)).collect();
                format!("{}\n\n{} errors", all.join("\n\n"), errors.len())
            }
            Error::Many { errors, more } => {
                let all: Vec<String> = errors.iter().map(|e| e.render(styled)).collect();
                format!("{}\n\nand {more} more errors ({} in all)", all.join("\n\n"), errors.len() + more)
            }
            other => match other.at() {
                Some(at) => snippet(at, &other.message(), styled),
                None => format!("error: {}", other.message()),
            },
        }
    }
}

/// A message shown as rustc shows one: where, the line, a caret under the character.
fn snippet(at: &Location, message: &str, styled: bool) -> String {
    use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
    let text = at.line_text.as_str();
    let start = text.char_indices().nth(at.column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    let end = text[start..].chars().next().map_or(start, |c| start + c.len_utf8());
    let report = &[Level::ERROR.primary_title(message).element(
        Snippet::source(text)
            .line_start(at.line)
            .path(at.file.as_str())
            .annotation(AnnotationKind::Primary.span(start..end)),
    )];
    let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
    renderer.render(report)
}

impl Error {
    /// One line an error, `file:line:column: error: message`, as editors and grep read them.
    pub fn summary(&self) -> String {
        match self {
            Error::Many { errors, more } => {
                let mut lines: Vec<String> = errors.iter().map(Error::summary).collect();
                if *more > 0 {
                    lines.push(format!("and {more} more errors"));
                }
                lines.join("\n")
            }
            other => match other.at() {
                Some(at) => format!("{}:{}:{}: error: {}", at.file, at.line, at.column, other.message()),
                None => other.render(false),
            },
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source.0.as_ref()),
            _ => None,
        }
    }
}

/// Locates byte offsets of one source text as file/line/column.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    /// The file's name, as errors show it.
    pub file: &'a str,
    /// The file's whole text, which offsets index.
    pub text: &'a str,
}

impl Source<'_> {
    /// The line and column of a byte offset into `text`; an offset past the end is the end.
    pub fn locate(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line_start = shown_start(self.text, before.rfind('\n').map_or(0, |i| i + 1));
        let line_end = self.text[offset..].find('\n').map_or(self.text.len(), |i| offset + i);
        Location {
            file: self.file.to_string(),
            line: before.matches('\n').count() + 1,
            column: self.text[line_start.min(offset)..offset].chars().count() + 1,
            line_text: self.text[line_start..line_end].trim_end_matches('\r').to_string(),
        }
    }

    /// An input error at a byte offset into `text`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::input(self.locate(offset), message)
    }
}

/// Where every line of a text starts, so that locating an offset takes time for its line only,
/// not for the text before it: a file of many bad lines is reported in time linear in the file.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    source: Source<'a>,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// The lines of `source`'s text.
    pub fn new(source: Source<'a>) -> Self {
        let starts = std::iter::once(0).chain(source.text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Lines { source, starts }
    }

    /// The line and column of a byte offset; an offset past the end is the end.
    pub fn locate(&self, offset: usize) -> Location {
        let text = self.source.text;
        let offset = offset.min(text.len());
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = shown_start(text, self.starts[line - 1]);
        let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        Location {
            file: self.source.file.to_string(),
            line,
            column: text[line_start.min(offset)..offset].chars().count() + 1,
            line_text: text[line_start..line_end].trim_end_matches('\r').to_string(),
        }
    }

    /// An input error at a byte offset into the text.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::input(self.locate(offset), message)
    }
}

/// Where the shown part of the line starting at `line_start` starts: after the byte-order mark
/// a file may open with, which editors do not show, so that columns count as theirs do.
fn shown_start(text: &str, line_start: usize) -> usize {
    match line_start {
        0 if text.starts_with(BYTE_ORDER_MARK) => BYTE_ORDER_MARK.len_utf8(),
        _ => line_start,
    }
}

/// The byte-order mark a UTF-8 file may start with (U+FEFF), which carries no text.
pub const BYTE_ORDER_MARK: char = '\u{feff}';

/// `bytes` as text, or an error at the line and column of the first byte that is not UTF-8.
pub fn utf8<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, Error> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line_end = bytes[line_start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| line_start + i);
        // The good bytes are text, so the mark, if it opens them, ends on a character boundary.
        let line_start = std::str::from_utf8(good).map_or(line_start, |good| shown_start(good, line_start));
        let before = std::str::from_utf8(&good[line_start..]).unwrap_or_default();
        let at = Location {
            file: file.to_string(),
            line: good.iter().filter(|&&b| b == b'\n').count() + 1,
            column: before.chars().count() + 1,
            line_text: String::from_utf8_lossy(&bytes[line_start..line_end]).trim_end_matches('\r').to_string(),
        };
        let byte = bytes[e.valid_up_to()];
        Error::input(at, format!("the byte 0x{byte:02x} is not UTF-8: save the file as UTF-8 text"))
    })
}
