//! `fairy-magic diff`: what changed in meaning between two variant files, with its own exit
//! statuses.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use fairy_magic::stages::error::Error;

use super::io::{read_text, to_stderr, unicode_terminal, write_stdout};

/// `fairy-magic diff`'s arguments.
#[derive(Args)]
pub(crate) struct DiffArgs {
    /// OLD NEW; or FILE with --rev; or, with --git, git's seven arguments (path old-file
    /// old-hex old-mode new-file new-hex new-mode).
    #[arg(num_args = 1..=7, required = true)]
    files: Vec<PathBuf>,
    /// Compare FILE at this git revision (OLD) with FILE as it is (NEW).
    #[arg(long, conflicts_with = "git")]
    rev: Option<String>,
    /// The arguments are git's external-diff seven (`git config diff.fairy-magic.command`).
    #[arg(long)]
    git: bool,
    /// Print the report as JSON, for tools.
    #[arg(long)]
    json: bool,
    /// Whether to compile both files to compare their tables when no move changed.
    #[arg(long, value_enum, default_value_t = LayoutArg::Compare)]
    layout: LayoutArg,
    /// Plain ASCII diagrams.
    #[arg(long)]
    ascii: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum LayoutArg {
    Compare,
    Skip,
}

/// `fairy-magic diff`: its report on standard output, and its own exit status (0 no change in
/// meaning, 1 a change, 2 an error).
pub(crate) fn run(args: DiffArgs) -> ExitCode {
    match diff_report(&args) {
        Ok(changed) => ExitCode::from(u8::from(changed && !args.git)),
        Err(e) => {
            use std::io::IsTerminal;
            to_stderr(&e.render(std::io::stderr().is_terminal()));
            ExitCode::from(2)
        }
    }
}

/// The two sides' names and texts as the arguments give them.
fn diff_sides(args: &DiffArgs) -> Result<[(String, String); 2], Error> {
    let read = |file: &std::path::Path, name: String| read_text(&name, file).map(|text| (name, text));
    let shown = |file: &PathBuf| file.display().to_string();
    match (&args.rev, args.git, args.files.as_slice()) {
        (Some(rev), _, [file]) => {
            let (name, text) = fairy_magic::stages::diff::at_revision(file, rev)?;
            Ok([(name, text), read(file, shown(file))?])
        }
        (None, false, [old, new]) => Ok([read(old, shown(old))?, read(new, shown(new))?]),
        (None, true, [path, old, _, _, new, _, _]) => {
            let path = shown(path);
            Ok([read(old, format!("a/{path}"))?, read(new, format!("b/{path}"))?])
        }
        (Some(_), _, _) => Err(Error::Argument("diff --rev REV takes one file".into())),
        (None, true, _) => Err(Error::Argument("diff --git takes git's seven external-diff arguments".into())),
        (None, false, _) => Err(Error::Argument("diff takes two files, OLD and NEW (or one with --rev)".into())),
    }
}

/// Prints the report; whether anything changed in meaning.
fn diff_report(args: &DiffArgs) -> Result<bool, Error> {
    use fairy_magic::stages::diff::{compare, markdown, Layout, Side};
    // git passes /dev/null as the old file (its second argument) of an added file and as the
    // new file (its fifth) of a deleted one: nothing to compare. The path, hashes and modes are
    // no files, whatever they say.
    if let (true, [path, old, _, _, new, _, _]) = (args.git, args.files.as_slice()) {
        let null = |f: &PathBuf| f == std::path::Path::new("/dev/null");
        let what = match (null(old), null(new)) {
            (true, true) => {
                return Err(Error::Argument("diff --git: both the old and the new file are /dev/null".into()))
            }
            (true, false) => Some("added"),
            (false, true) => Some("deleted"),
            (false, false) => None,
        };
        if let Some(what) = what {
            let path = fairy_magic::stages::diff::code_span(&path.display().to_string());
            write_stdout(&format!("{path}: file {what}\n"))?;
            return Ok(true);
        }
    }
    let [(old_name, old), (new_name, new)] = diff_sides(args)?;
    let layout = match args.layout {
        LayoutArg::Compare => Layout::Compare,
        LayoutArg::Skip => Layout::Skip,
    };
    let report = compare(
        &Side { name: &old_name, text: &old },
        &Side { name: &new_name, text: &new },
        layout,
        args.ascii || (!args.json && !unicode_terminal()),
    )?;
    if args.json {
        write_stdout(&format!("{}\n", serde_json::to_string_pretty(&report).expect("a report is plain data")))?;
    } else {
        write_stdout(&markdown(&report))?;
    }
    Ok(report.changed())
}
