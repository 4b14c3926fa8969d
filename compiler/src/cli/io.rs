//! What every subcommand reads and writes: input files, standard output (a closed pipe ends the
//! command quietly), files written atomically, and notes on standard error.

use fairy_magic::stages::error::{Access, Error};

use super::Talk;
use crate::os;

/// Writes a file the command makes (see [`write_atomically`]), never over `input`, the file
/// it was made from: the same file under any name (a link, `./`) is refused, and nothing is
/// written.
pub(crate) fn write_file(path: &std::path::Path, text: &str, input: &std::path::Path) -> Result<(), Error> {
    let failed = |e| Error::io(Some(&path.display().to_string()), Access::Write, e);
    if fairy_magic::stages::files::same_file(path, input) {
        let why = format!("it is the input file {}, which it would replace: write elsewhere", input.display());
        return Err(failed(std::io::Error::new(std::io::ErrorKind::InvalidInput, why)));
    }
    write_atomically(path, text).map_err(failed)
}

/// Prints the squares of an answer of `moves`, `attackers` or `between` on one line. No
/// squares print nothing, not a blank line, so that a script reading the words gets none; a
/// note on standard error (`none()` says what is empty) tells a reader, unless `-q`.
pub(crate) fn write_squares(names: &[String], talk: Talk, none: impl FnOnce() -> String) -> Result<(), Error> {
    if names.is_empty() {
        if !talk.quiet {
            to_stderr(&format!("note: no squares: {}", none()));
        }
        return Ok(());
    }
    write_stdout(&format!("{}\n", names.join(" ")))
}

/// A failed write to standard output: a reader that went away (`| head`) ends the program
/// quietly, as it does for other Unix tools; anything else is an error.
pub(crate) fn written(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Error::io(None, Access::Write, e)
}

/// Prints `text` on standard output (see [`written`]): `print!` would panic on a closed pipe.
pub(crate) fn write_stdout(text: &str) -> Result<(), Error> {
    use std::io::Write;
    stdout_open()?;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(written)
}

/// An error if standard output was closed when the command started: what it prints would be
/// lost, and the exit status would not say so.
pub(crate) fn stdout_open() -> Result<(), Error> {
    if os::stdout_was_closed() {
        return Err(written(std::io::Error::other("it was closed when the command started")));
    }
    Ok(())
}

/// A variant or configuration file as text; bytes that are not UTF-8 are an error at their
/// line and column.
pub(crate) fn read_text(name: &str, file: &std::path::Path) -> Result<String, Error> {
    let bytes = fairy_magic::stages::files::read_capped(file).map_err(|e| Error::io(Some(name), Access::Read, e))?;
    fairy_magic::stages::error::utf8(name, &bytes).map(str::to_string)
}

/// Writes through a temporary file and a rename, so a reader never sees half a module; no file
/// but the target is touched, and a signal that stops the command removes the temporary file.
pub(crate) fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    os::write_watched(|watch| fairy_magic::stages::files::write_atomically_watched(path, text, watch))
}

/// Writes one line on standard error. A failed write (stderr on a full disk, a closed pipe) is
/// ignored: the exit status already says what happened, and `eprintln!` would panic instead.
pub(crate) fn to_stderr(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// Whether the terminal shows Unicode: the locale says UTF-8.
pub(crate) fn unicode_terminal() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .is_some_and(|s| s.to_ascii_uppercase().contains("UTF-8") || s.to_ascii_uppercase().contains("UTF8"))
}
