//! Errors: every input error names the file, line and column and says what was expected.

use std::fmt;

/// A place in an input file, 1-based like an editor's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// The whole text of that line, shown under the message.
    pub line_text: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input is wrong: a user error.
    Input { at: Location, message: String },
    /// The input is fine but exceeds what the compiler can do (board size, effort...).
    Limit(String),
    /// The compiler contradicted itself (a table disagreed with the reference): a bug.
    Internal(String),
    /// Several input errors, in file order.
    Many(Vec<Error>),
}

impl Error {
    pub fn input(at: Location, message: impl Into<String>) -> Self {
        Error::Input { at, message: message.into() }
    }

    /// One error as itself, several as `Many`.
    pub fn all(mut errors: Vec<Error>) -> Self {
        if errors.len() == 1 {
            errors.pop().unwrap()
        } else {
            Error::Many(errors)
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input { at, message } => {
                writeln!(f, "{}:{}:{}: error: {}", at.file, at.line, at.column, message)?;
                let gutter = at.line.to_string().len();
                writeln!(f, "{:gutter$} |", "")?;
                writeln!(f, "{} | {}", at.line, at.line_text)?;
                // Tabs keep their width so that the caret lines up under the character.
                let pad: String = at
                    .line_text
                    .chars()
                    .take(at.column.saturating_sub(1))
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "{:gutter$} | {pad}^", "")
            }
            Error::Limit(message) => write!(f, "error: {message}"),
            Error::Internal(message) => write!(f, "internal error (a bug in fairy-magic): {message}"),
            Error::Many(errors) => {
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                        writeln!(f)?;
                    }
                    write!(f, "{e}")?;
                }
                write!(f, "\n\n{} errors", errors.len())
            }
        }
    }
}

impl std::error::Error for Error {}

/// Locates byte offsets of one source text as file/line/column.
#[derive(Clone, Debug)]
pub struct Source<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl Source<'_> {
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

    pub fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        Error::input(self.locate(offset), message)
    }
}
