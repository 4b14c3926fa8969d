//! `fairy-magic compile`: a variant file into a module, and the regenerate command its header
//! records.

use std::path::PathBuf;

use clap::Args;
use fairy_magic::stages::error::{Access, Error};
use fairy_magic::stages::settings::{Spec, Values, SETTINGS};
use fairy_magic::{Options, Setting, Source};

use super::io::{read_text, to_stderr, write_file, write_stdout};
use super::Talk;

/// `fairy-magic compile`'s arguments.
#[derive(Args)]
pub(crate) struct CompileArgs {
    /// The variant description (`variant`, `board` and `piece` lines).
    file: PathBuf,
    /// Where to write the module; standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Write nothing; exit 1, naming the file, if the -o file is not what this command
    /// would write (for CI).
    #[arg(long, requires = "output")]
    check: bool,
    #[command(flatten)]
    settings: SettingFlags,
    /// How many threads to compile with [default: one a core]; at most 256 run, and fewer where
    /// the system gives fewer. The module is the same for any number, so the header's command
    /// leaves it out.
    #[arg(long)]
    threads: Option<std::num::NonZeroUsize>,
}

/// The compile settings as flags, one a [`Setting`], in the order of settings' own list
/// ([`SETTINGS`]), which gives each flag's name, values and help: a flag beats the file's
/// `option` line of the same name.
#[derive(Clone, Debug, Default)]
pub(crate) struct SettingFlags {
    /// The settings given, in [`SETTINGS`]' order.
    settings: Vec<Setting>,
}

/// The flag of one setting: numbers through clap's range check, words as its possible values.
fn setting_flag(spec: &'static Spec) -> clap::Arg {
    let arg = clap::Arg::new(spec.name)
        .long(spec.name)
        .value_name(spec.name.to_uppercase().replace('-', "_"))
        .help(spec.help_text())
        .help_heading("Settings (each overrides the file's `option` line of its name)");
    match spec.values {
        Values::Number { low, high, .. } => arg.value_parser(clap::value_parser!(u64).range(low..=high)),
        Values::Words(words) => {
            arg.value_parser(clap::builder::PossibleValuesParser::new(words.iter().map(|&(w, _)| w)))
        }
    }
}

impl clap::FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = SETTINGS.iter().filter_map(|spec| match spec.values {
            Values::Number { make, .. } => matches.get_one::<u64>(spec.name).map(|&v| make(v)),
            // clap let only the spec's own words through.
            Values::Words(_) => matches.get_one::<String>(spec.name).map(|w| spec.parse(w).expect("a possible value")),
        });
        Ok(SettingFlags { settings: given.collect() })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for SettingFlags {
    fn augment_args(command: clap::Command) -> clap::Command {
        SETTINGS.iter().fold(command, |command, spec| command.arg(setting_flag(spec)))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// Prints a progress line on standard error if `what` is still running after a second.
fn progress<T>(talk: Talk, what: &str, work: impl FnOnce() -> T) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let started = std::time::Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    // A thread the system refuses only costs the progress line.
    let watcher = (!talk.quiet).then(|| {
        let (done, what) = (done.clone(), what.to_string());
        std::thread::Builder::new().spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(1));
            if !done.load(Ordering::SeqCst) {
                to_stderr(&format!("fairy-magic: {what}…"));
            }
        })
    });
    let result = work();
    done.store(true, Ordering::SeqCst);
    drop(watcher);
    if talk.verbose {
        to_stderr(&format!("fairy-magic: {what}: {:.2?}", started.elapsed()));
    }
    result
}

/// `fairy-magic compile`: the module on standard output or in `-o`, or with `--check`, whether
/// `-o` already holds it.
pub(crate) fn run(args: CompileArgs, talk: Talk) -> Result<(), Error> {
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    let flags = shaping_flags(&name, &text, &args.settings.settings);
    let options = match &args.output {
        Some(out) => {
            let recorded = recorded_command(&args.file, out, &flags)?;
            let folder = fairy_magic::RegenerateIn::ModuleFolder { source: recorded.source };
            Options::new().regenerate_in(&recorded.command, folder)
        }
        // Standard output has no folder: the command is as it was typed.
        None => Options::new().regenerate(&regenerate_command(&args.file, None, &flags).command),
    };
    let options = args.settings.settings.into_iter().fold(options, Options::set);
    let options = match args.threads {
        Some(threads) => options.threads(threads),
        None => options,
    };
    let module = progress(talk, &format!("compiling {name}"), || {
        fairy_magic::compile(&Source { file: &name, text: &text }, &options).map(|module| module.text)
    })?;
    match args.output {
        Some(out) if args.check => match holds(&out, &module) {
            Ok(true) => Ok(()),
            Ok(false) => {
                let typed = regenerate_command(&args.file, Some(&out), &flags);
                Err(Error::Stale { path: out.display().to_string(), regenerate: typed.command })
            }
            Err(e) => Err(Error::io(Some(&out.display().to_string()), Access::Compare, e)),
        },
        Some(out) => write_file(&out, &module, &args.file),
        None => write_stdout(&module),
    }
}

/// Whether `path` holds `module`, reading CR LF as LF (a checkout may convert line ends). No
/// more is read than such a file can take, so `--check` against `/dev/zero` or a huge file
/// answers "stale" at once instead of reading until memory runs out.
fn holds(path: &std::path::Path, module: &str) -> std::io::Result<bool> {
    use std::io::Read;
    // Every line end of the module written as CR LF, and one byte more to tell a longer file.
    let cap = module.len() + module.matches('\n').count() + 1;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(cap as u64).read_to_end(&mut bytes)?;
    Ok(bytes.len() < cap && String::from_utf8_lossy(&bytes).replace("\r\n", "\n") == module)
}

/// The setting flags that shape the module beyond the file's own `option` lines: a flag that
/// gives the value the file (or the default) already gives changes nothing, so the recorded
/// command leaves it out and `--seed 0` makes the same module, header and all, as no flag.
/// A file that does not parse keeps every flag: its compile fails with the file's errors.
fn shaping_flags(name: &str, text: &str, flags: &[Setting]) -> Vec<Setting> {
    let Some(variant) = fairy_magic::stages::variant::parse(name, text).variant else {
        return flags.to_vec();
    };
    let file = fairy_magic::Settings::default().with(&variant.options);
    flags.iter().copied().filter(|&flag| (flag.spec().current)(&file) != Some(flag)).collect()
}

/// The header's regenerate command and source file, spelt the same whatever folder the
/// compile ran in and however its paths were written.
struct Recorded {
    /// The variant file's path in `command`.
    source: String,
    /// The whole command.
    command: String,
}

/// The command the header records for a module written to `output`: its paths relative to
/// the module's folder (run there), so that `compile ./x.variant -o ./x.rs`, absolute paths and
/// a run from another folder all make the same module, and no folder of the user's machine
/// lands in a vendored file.
fn recorded_command(file: &std::path::Path, output: &std::path::Path, flags: &[Setting]) -> Result<Recorded, Error> {
    let absolute = |path: &std::path::Path| {
        std::path::absolute(path)
            .map(|p| normal(&p))
            .map_err(|e| Error::io(Some(&path.display().to_string()), Access::Read, e))
    };
    let out = absolute(output)?;
    let (Some(folder), Some(name)) = (out.parent(), out.file_name()) else {
        return Err(Error::Argument(format!("-o {}: not a file's path", output.display())));
    };
    let source = relative(&absolute(file)?, folder);
    Ok(regenerate_command(&source, Some(std::path::Path::new(name)), flags))
}

/// `path` with its `.` components dropped and each `..` taking away the component before it,
/// as the user's shell would read it from an absolute path.
fn normal(path: &std::path::Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut out = std::path::PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `path` (absolute and normal) as seen from the folder `from` (the same); as it is where the
/// two share no root (another drive), since no relative path leads there.
fn relative(path: &std::path::Path, from: &std::path::Path) -> std::path::PathBuf {
    let shared = path.components().zip(from.components()).take_while(|(a, b)| a == b).count();
    if shared == 0 {
        return path.to_path_buf();
    }
    let ups = from.components().count() - shared;
    let mut out: std::path::PathBuf = std::iter::repeat_n("..", ups).collect();
    out.extend(path.components().skip(shared));
    out
}

/// The command that regenerates the module: `fairy-magic compile` with these paths and every
/// setting flag that shaped it (the thread count does not, so it is left out).
fn regenerate_command(file: &std::path::Path, output: Option<&std::path::Path>, flags: &[Setting]) -> Recorded {
    let source = file.display().to_string();
    let output = output.map(|out| format!(" -o {}", shell_word(&out.display().to_string()))).unwrap_or_default();
    let flags: String = flags.iter().map(|s| format!(" --{} {}", s.name(), s.value())).collect();
    let command = format!("fairy-magic compile {}{output}{flags}", shell_word(&source));
    Recorded { source, command }
}

/// A path as one word of a shell command: quoted when it holds anything but plain characters.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:=@%,".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}
