//! Errors: every input error names the file, line and column and says what was expected.

use std::fmt;

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

/// Everything that can go wrong in a compilation or a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input is wrong: a user error.
    Input {
        /// Where the input is wrong.
        at: Location,
        /// What is wrong and, where it can, what was expected instead.
        message: String,
    },
    /// The input is fine but exceeds what the compiler can do (board size, effort...).
    Limit(String),
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

impl Error {
    /// An input error at `at`.
    pub fn input(at: Location, message: impl Into<String>) -> Self {
        Error::Input { at, message: message.into() }
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
            Error::Input { at, message } => {
                use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
                let text = at.line_text.as_str();
                let start = text.char_indices().nth(at.column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
                let end = text[start..].chars().next().map_or(start, |c| start + c.len_utf8());
                let report = &[Level::ERROR.primary_title(message.as_str()).element(
                    Snippet::source(text)
                        .line_start(at.line)
                        .path(at.file.as_str())
                        .annotation(AnnotationKind::Primary.span(start..end)),
                )];
                let renderer = if styled { Renderer::styled() } else { Renderer::plain() };
                renderer.render(report)
            }
            Error::Limit(message) => format!("error: {message}"),
            Error::Internal(message) => format!("internal error (a bug in fairy-magic): {message}"),
            Error::Many { errors, more: 0 } => {
                let all: Vec<String> = errors.iter().map(|e| e.render(styled)).collect();
                format!("{}\n\n{} errors", all.join("\n\n"), errors.len())
            }
            Error::Many { errors, more } => {
                let all: Vec<String> = errors.iter().map(|e| e.render(styled)).collect();
                format!("{}\n\nand {more} more errors ({} in all)", all.join("\n\n"), errors.len() + more)
            }
        }
    }
}

impl Error {
    /// One line an error, `file:line:column: error: message`, as editors and grep read them.
    pub fn summary(&self) -> String {
        match self {
            Error::Input { at, message } => format!("{}:{}:{}: error: {message}", at.file, at.line, at.column),
            Error::Many { errors, more } => {
                let mut lines: Vec<String> = errors.iter().map(Error::summary).collect();
                if *more > 0 {
                    lines.push(format!("and {more} more errors"));
                }
                lines.join("\n")
            }
            other => other.render(false),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Error {}

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
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[offset..].find('\n').map_or(self.text.len(), |i| offset + i);
        Location {
            file: self.file.to_string(),
            line: before.matches('\n').count() + 1,
            column: self.text[line_start..offset].chars().count() + 1,
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
        let line_start = self.starts[line - 1];
        let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        Location {
            file: self.source.file.to_string(),
            line,
            column: text[line_start..offset].chars().count() + 1,
            line_text: text[line_start..line_end].trim_end_matches('\r').to_string(),
        }
    }

    /// An input error at a byte offset into the text.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::input(self.locate(offset), message)
    }
}

/// `bytes` as text, or an error at the line and column of the first byte that is not UTF-8.
pub fn utf8<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, Error> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line_end = bytes[line_start..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| line_start + i);
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
