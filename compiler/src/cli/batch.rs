//! `--batch`: JSON questions on standard input, one answer line for each, for `moves` and
//! `attackers`.

use fairy_magic::stages::error::{Access, Error};

use super::io::{stdout_open, written};

/// The longest question line `--batch` reads, in bytes; a longer line is answered with an
/// error and the batch goes on with the next line.
const MAX_QUESTION: usize = 64 << 10;

/// Answers JSON lines from standard input, one output line for each input line, blank ones
/// included, so that answers line up with questions. Each answer is flushed as it is written,
/// so a program can ask one question at a time. A line that is not UTF-8 or is longer than
/// [`MAX_QUESTION`] bytes is answered with an error line, and the lines after it are answered.
pub(crate) fn answer_lines(mut answer: impl FnMut(&str) -> String) -> Result<(), Error> {
    use std::io::Write;
    stdout_open()?;
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut number = 0usize;
    while let Some(line) = read_question(&mut input)? {
        number += 1;
        let answered = match line {
            InputLine::TooLong => {
                format!(r#"{{"error":"line {number} is longer than the limit of {MAX_QUESTION} bytes a question"}}"#)
            }
            InputLine::Text(line) => match std::str::from_utf8(&line) {
                Err(e) => format!(
                    r#"{{"error":"line {number}: the byte 0x{:02x} at column {} is not UTF-8"}}"#,
                    line[e.valid_up_to()],
                    e.valid_up_to() + 1
                ),
                Ok(text) if text.trim().is_empty() => {
                    r#"{"error":"a blank line: every line is one JSON question"}"#.to_string()
                }
                Ok(text) => answer(text),
            },
        };
        writeln!(out, "{answered}").and_then(|()| out.flush()).map_err(written)?;
    }
    Ok(())
}

/// One line of `--batch` input, without its line end.
enum InputLine {
    /// The line's bytes, at most [`MAX_QUESTION`] of them.
    Text(Vec<u8>),
    /// A line longer than that; its bytes were skipped, never held.
    TooLong,
}

/// The next line of `input`, `None` at its end; a line past [`MAX_QUESTION`] bytes is read to
/// its end without being kept.
fn read_question(input: &mut impl std::io::BufRead) -> Result<Option<InputLine>, Error> {
    let failed = |e: std::io::Error| Error::io(None, Access::Read, e);
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf().map_err(failed)?;
        if buffer.is_empty() {
            return Ok(match (line.is_empty() && !too_long, too_long) {
                (true, _) => None,
                (_, true) => Some(InputLine::TooLong),
                _ => Some(InputLine::Text(line)),
            });
        }
        let (chunk, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        if !too_long && line.len() + chunk.len() <= MAX_QUESTION {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line = Vec::new();
        }
        let used = ended.unwrap_or(buffer.len());
        input.consume(used);
        if ended.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(if too_long { InputLine::TooLong } else { InputLine::Text(line) }));
        }
    }
}
