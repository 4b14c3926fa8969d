//! The `fairy-magic` command line: `fairy-magic compile <file.variant> -o <module.rs>`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use fairy_magic::stages::board::{squares_of, Squares};
use fairy_magic::stages::error::{Access, Bound, Error};
use fairy_magic::stages::query::{self, Batch, Question, Reverse, Via};
use fairy_magic::stages::settings::{Spec, Values, SETTINGS};
use fairy_magic::{Options, Setting, Source};
use fairy_magic_runtime::Color;

#[derive(Parser)]
#[command(
    name = "fairy-magic",
    version,
    about = "Compiles chess-variant pieces (XBetza) into verified magic-bitboard tables as a Rust module"
)]
#[command(after_help = "Exit status: 0 success, 1 a user error (bad input, bad arguments), 2 an internal error.")]
struct Cli {
    /// Print nothing but errors on standard error.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Say what is being done and how long it took, on standard error.
    #[arg(short, long, global = true)]
    verbose: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a variant file into a Rust module.
    ///
    /// Example: fairy-magic compile variants/chess.variant -o src/chess.rs
    Compile(CompileArgs),
    /// Draw a piece of a variant on its board: its moves, captures and blocked squares.
    ///
    /// Example: fairy-magic show variants/gallery.variant griffon --from d4 --foes c3 --friends e5
    Show(ShowArgs),
    /// What changed in meaning between two variant files: pieces, moves (compared exactly, as
    /// path moves, for every square, colour and kind), regions; when no move changed, the
    /// tables' layout. Markdown for a pull-request comment, or --json.
    ///
    /// Examples: fairy-magic diff old.variant new.variant;
    /// fairy-magic diff variants/chess.variant --rev HEAD~1 (from any folder of the clone).
    ///
    /// Exit status (unlike the other commands): 0 nothing changed in meaning, 1 pieces, moves or
    /// regions changed, 2 an error (bad input included). With --git (git's external diff,
    /// which stops on a non-zero status) it is 0 unless there was an error.
    Diff(DiffArgs),
    /// Convert a section of a Fairy-Stockfish variants.ini into a variant file.
    ///
    /// Example: fairy-magic import variants.ini --section capablanca -o my-capablanca.variant
    Import(ImportArgs),
    /// Show where one piece may go from one square: empty squares it may move to and foes it
    /// may capture, in square order.
    ///
    /// Example: fairy-magic moves '[F?R]' --board 8x8 --from d4 --foes d6 --friends f6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"8x8","betza":"N","from":"d4","friends":[],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"dest":[...]} or {"error":"..."} line for each. A key
    /// it does not know is an error (`id`, `note`, `sources` and `dest` may be there, unread).
    Moves(MovesArgs),
    /// Show every square from which one piece captures on a target square (the target holds
    /// one of its foes), in square order.
    ///
    /// Example: fairy-magic attackers '[W-F]' --board 9x10 --to e5 --friends e6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"9x10","betza":"[W-F]","to":"e5","friends":["e6"],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"from":[...]} or {"error":"..."} line for each.
    Attackers(AttackersArgs),
    /// Show the squares strictly between two squares on a piece's paths: what must be empty
    /// (or hold a hopper's screen) for the move, and what blocks a check or pins.
    ///
    /// Example: fairy-magic between '[W-F]' --board 9x10 --from e5 --to d7
    Between(BetweenArgs),
}

/// `fairy-magic compile`'s arguments.
#[derive(Args)]
struct CompileArgs {
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
    /// How many threads to compile with [default: one a core]. The module is the same for
    /// any number, so the header's command leaves it out.
    #[arg(long)]
    threads: Option<std::num::NonZeroUsize>,
}

/// The compile settings as flags, one a [`Setting`], in the order of settings' own list
/// ([`SETTINGS`]), which gives each flag's name, values and help: a flag beats the file's
/// `option` line of the same name.
#[derive(Clone, Debug, Default)]
struct SettingFlags {
    /// The settings given, in [`SETTINGS`]' order.
    settings: Vec<Setting>,
}

impl SettingFlags {
    /// The flags that give these settings, as the header's regenerate command writes them.
    fn words(&self) -> String {
        self.settings.iter().map(|s| format!(" --{} {}", s.name(), s.value())).collect()
    }
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

/// `fairy-magic show`'s arguments.
#[derive(Args)]
struct ShowArgs {
    /// The variant file.
    file: PathBuf,
    /// The piece: its letter, or its name in any case (`horse`, `Horse`); not needed with --html.
    #[arg(required_unless_present = "html")]
    piece: Option<String>,
    /// The piece's square [default: the middle of the board].
    #[arg(long)]
    from: Option<String>,
    #[command(flatten)]
    around: Around,
    /// Plain ASCII, even where the terminal shows Unicode.
    #[arg(long)]
    ascii: bool,
    /// Also write the diagram as an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Instead of moves, draw the relative index (`vector_index`) of each square the piece
    /// attacks under some occupancy, as generated modules number them for NNUE threat
    /// inputs and policy heads.
    #[arg(long, conflicts_with = "svg")]
    indices: bool,
    /// Instead, write the whole variant as one self-contained interactive page: place
    /// pieces, toggle friends and foes, and see moves, attackers and `between` drawn live
    /// from the module's own tables.
    #[arg(long, conflicts_with_all = ["svg", "indices"])]
    html: Option<PathBuf>,
}

/// `fairy-magic import`'s arguments.
#[derive(Args)]
struct ImportArgs {
    /// The Fairy-Stockfish configuration file.
    file: PathBuf,
    /// The section (variant) to convert; `[child:parent]` inheritance is followed.
    #[arg(long)]
    section: String,
    /// Where to write the variant file; standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// `fairy-magic moves`' arguments.
#[derive(Args)]
struct MovesArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    #[arg(required_unless_present = "batch")]
    betza: Option<String>,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board", "batch"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// The piece's square, e.g. d4 or a10.
    #[arg(long, required_unless_present = "batch")]
    from: Option<String>,
    #[command(flatten)]
    around: Around,
    /// Answer through the compiled magic tables or through the reference walker.
    #[arg(long, value_enum, default_value_t = ViaArg::Tables)]
    via: ViaArg,
    /// Print {"dest":[...],"quiet":[...],"capture":[...]}.
    #[arg(long)]
    json: bool,
    /// Answer JSON lines from standard input, one output line for each input line (blank
    /// and malformed lines get an {"error":"..."} line). Each line carries its own board,
    /// squares and colour, so the flags that set them (and --json) do not go with it.
    #[arg(long, conflicts_with_all = ["betza", "from", "board", "json", "friends", "foes", "black", "moved"])]
    batch: bool,
}

/// `fairy-magic attackers`' arguments.
#[derive(Args)]
struct AttackersArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    #[arg(required_unless_present = "batch")]
    betza: Option<String>,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board", "batch"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// The target square, e.g. e5.
    #[arg(long, required_unless_present = "batch")]
    to: Option<String>,
    /// The rest of the occupancy, seen from the attacking piece's side.
    #[command(flatten)]
    around: Around,
    /// Answer through the compiled reverse tables or through the reference walker, run
    /// forwards from every square.
    #[arg(long, value_enum, default_value_t = ViaArg::Tables)]
    via: ViaArg,
    /// Print {"from":[...]}.
    #[arg(long, conflicts_with = "batch")]
    json: bool,
    /// Answer JSON lines from standard input, one output line for each input line. Each line
    /// carries its own board, squares and colour, so the flags that set them do not go with it.
    #[arg(long, conflicts_with_all = ["betza", "to", "board", "friends", "foes", "black", "moved"])]
    batch: bool,
}

/// `fairy-magic between`'s arguments.
#[derive(Args)]
struct BetweenArgs {
    /// The piece's moves in XBetza (quote it for the shell).
    betza: String,
    /// Ask about a piece of this variant file, on its board with its regions and confinement:
    /// BETZA is then the piece's letter or name.
    #[arg(long, conflicts_with_all = ["board"])]
    variant: Option<PathBuf>,
    #[command(flatten)]
    board: BoardArg,
    /// Where the piece stands.
    #[arg(long)]
    from: String,
    /// Where it goes.
    #[arg(long)]
    to: String,
    /// The piece is Black (its moves turn 180°).
    #[arg(long)]
    black: bool,
}

/// The board of a one-piece question.
#[derive(Args)]
struct BoardArg {
    // Its help comes from the board's own limits.
    #[arg(long, default_value = "8x8", help = board_help())]
    board: String,
}

/// `--board`'s help, from the board's own limits.
fn board_help() -> String {
    use fairy_magic::stages::board::{MAX_SIDE, MAX_SQUARES};
    format!("<files>x<ranks>, each side 1 to {MAX_SIDE}, up to {MAX_SQUARES} squares in all")
}

/// `fairy-magic diff`'s arguments.
#[derive(Args)]
struct DiffArgs {
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
fn diff(args: DiffArgs) -> ExitCode {
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
    // git passes /dev/null for the side of an added or deleted file: nothing to compare.
    if args.git && args.files.len() == 7 && args.files.iter().any(|f| f == std::path::Path::new("/dev/null")) {
        let what = if args.files[1] == std::path::Path::new("/dev/null") { "added" } else { "deleted" };
        write_stdout(&format!("{}: file {what}\n", args.files[0].display()))?;
        return Ok(true);
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

/// What stands around a piece, for `moves` and `show`.
#[derive(Args)]
struct Around {
    /// Squares of the piece's own side, comma-separated.
    #[arg(long, value_delimiter = ',')]
    friends: Vec<String>,
    /// Squares of the other side, comma-separated.
    #[arg(long, value_delimiter = ',')]
    foes: Vec<String>,
    /// The piece is Black (its moves turn 180°).
    #[arg(long)]
    black: bool,
    /// The piece has moved: its initial (`i`) moves do not count.
    #[arg(long)]
    moved: bool,
}

impl Around {
    fn question(&self, board: String, betza: String, from: String) -> Question {
        Question {
            board,
            betza,
            from,
            friends: self.friends.clone(),
            foes: self.foes.clone(),
            color: if self.black { Color::Black } else { Color::White },
            initial: !self.moved,
        }
    }
}

/// Whether the terminal shows Unicode: the locale says UTF-8.
fn unicode_terminal() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .is_some_and(|s| s.to_ascii_uppercase().contains("UTF-8") || s.to_ascii_uppercase().contains("UTF8"))
}

#[derive(Clone, Copy, ValueEnum)]
enum ViaArg {
    Tables,
    Reference,
}

impl ViaArg {
    fn via(self) -> Via {
        match self {
            ViaArg::Tables => Via::Tables,
            ViaArg::Reference => Via::Reference,
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are successes; a wrong argument is a user error (1), not
            // clap's usual 2, which here means an internal error.
            let _ = e.print();
            // `diff` reports every error as 2 (its 1 means "changed").
            if std::env::args().skip(1).find(|a| !a.starts_with('-')).as_deref() == Some("diff") && e.use_stderr() {
                return ExitCode::from(2);
            }
            return if e.use_stderr() { ExitCode::from(1) } else { ExitCode::SUCCESS };
        }
    };
    // `diff` has its own exit statuses (1 means "changed"), so it reports its own errors.
    let cli = match cli.command {
        Command::Diff(args) => return diff(args),
        command => Cli { command, ..cli },
    };
    // Fault injection for the tests of exit status 2: no input makes the compiler contradict
    // itself (that is what status 2 reports), so a test asks for an internal error this way.
    let result = match std::env::var("FAIRY_MAGIC_FAULT").as_deref() {
        Ok("internal") => Err(Error::Internal("a fault injected by FAIRY_MAGIC_FAULT=internal".into())),
        _ => run(cli),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            use std::io::IsTerminal;
            to_stderr(&e.render(std::io::stderr().is_terminal()));
            match e {
                Error::Internal(_) => ExitCode::from(2),
                _ => ExitCode::from(1),
            }
        }
    }
}

/// Prints a progress line on standard error if `what` is still running after a second.
fn progress<T>(talk: Talk, what: &str, work: impl FnOnce() -> T) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let started = std::time::Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    let watcher = (!talk.quiet).then(|| {
        let (done, what) = (done.clone(), what.to_string());
        std::thread::spawn(move || {
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

/// Runs every subcommand but `diff`, which `main` runs itself for its own exit statuses.
fn run(cli: Cli) -> Result<(), Error> {
    let talk = Talk { quiet: cli.quiet, verbose: cli.verbose };
    match cli.command {
        Command::Diff(_) => unreachable!("main runs diff itself"),
        Command::Compile(args) => compile(args, talk),
        Command::Show(args) => show(args),
        Command::Import(args) => import(args, talk),
        Command::Moves(args) => moves(args),
        Command::Attackers(args) => attackers(args),
        Command::Between(args) => between(args),
    }
}

/// How much the command says on standard error beside its errors.
#[derive(Clone, Copy)]
struct Talk {
    /// Nothing but errors.
    quiet: bool,
    /// What is done and how long it took.
    verbose: bool,
}

/// `fairy-magic compile`: the module on standard output or in `-o`, or with `--check`, whether
/// `-o` already holds it.
fn compile(args: CompileArgs, talk: Talk) -> Result<(), Error> {
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    let regenerate = regenerate_command(&name, args.output.as_deref(), &args.settings);
    let options = args.settings.settings.into_iter().fold(Options::new().regenerate(&regenerate), Options::set);
    let options = match args.threads {
        Some(threads) => options.threads(threads),
        None => options,
    };
    let module = progress(talk, &format!("compiling {name}"), || {
        fairy_magic::compile(&Source { file: &name, text: &text }, &options).map(|module| module.text)
    })?;
    match args.output {
        Some(out) if args.check => {
            let now = std::fs::read(&out).map(|b| String::from_utf8_lossy(&b).replace("\r\n", "\n"));
            match now {
                Ok(now) if now == module => Ok(()),
                Ok(_) => Err(Error::Stale { path: out.display().to_string(), regenerate }),
                Err(e) => Err(Error::io(Some(&out.display().to_string()), Access::Compare, e)),
            }
        }
        Some(out) => write_file(&out, &module),
        None => write_stdout(&module),
    }
}

/// The command the header gives for regenerating the module: this one, with every setting
/// flag that shaped it (the thread count does not, so it is left out).
fn regenerate_command(file: &str, output: Option<&std::path::Path>, settings: &SettingFlags) -> String {
    let output = output.map(|out| format!(" -o {}", shell_word(&out.display().to_string()))).unwrap_or_default();
    format!("fairy-magic compile {}{output}{}", shell_word(file), settings.words())
}

/// `fairy-magic import`: the converted variant file, and notes on what did not carry over.
fn import(args: ImportArgs, talk: Talk) -> Result<(), Error> {
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    // `import` compiles what it converts: a file it hands over always compiles.
    let (variant, notes) = fairy_magic::stages::import::import(&name, &text, &args.section)?;
    if !talk.quiet {
        for n in notes {
            to_stderr(&format!("note: {n}"));
        }
    }
    match args.output {
        Some(out) => write_file(&out, &variant),
        None => write_stdout(&variant),
    }
}

/// `fairy-magic show`: a piece drawn on its board, its indices, or the whole variant's page.
fn show(args: ShowArgs) -> Result<(), Error> {
    use fairy_magic::stages::show;
    let name = args.file.display().to_string();
    let text = read_text(&name, &args.file)?;
    if let Some(out) = &args.html {
        let page = fairy_magic::page(&Source { file: &name, text: &text }, &Options::new())?;
        return write_file(out, &page);
    }
    let piece = args.piece.as_deref().expect("clap requires the piece without --html");
    let (variant, _) = fairy_magic::stages::pipeline::read(&Source { file: &name, text: &text })?;
    let board = variant.board;
    let index = piece_index(&variant, &name, piece)?;
    let p = &variant.pieces[index];
    // A board one square wide has its middle on that file (or rank).
    let middle = (board.files as i32 / 2 - 1).max(0);
    let centre = (board.ranks as i32 / 2 - 1).max(0);
    let middle = board.name(board.square(middle, centre).expect("the middle of a board is on it"));
    let question = args.around.question(board_name(board), p.betza_text.clone(), args.from.clone().unwrap_or(middle));
    let here = query::position(board, &question)?;
    let source = Source { file: &name, text: &text };
    let ascii = args.ascii || !unicode_terminal();
    if args.indices {
        let alone = fairy_magic::stages::variant::Variant { pieces: vec![p.clone()], ..variant.clone() };
        let moves = &fairy_magic::piece_moves(&alone, &source)?[0][here.color as usize];
        let max_paths = fairy_magic::DEFAULT_MAX_PATHS;
        let paths = fairy_magic::stages::indices::piece_paths(board, moves, max_paths).ok_or_else(|| {
            Error::limit(
                Bound::PathsFromSquare,
                format!("the {} has more than {max_paths} paths from some square", p.name),
            )
        })?;
        let numbers = fairy_magic::stages::indices::PieceIndices::new(board, &paths, here.color);
        return write_stdout(&show::indices_text(board, here.from, &numbers, &p.letter, ascii));
    }
    // The same piece alone on the board: what it would reach if nothing blocked it.
    let alone = query::position(board, &Question { friends: vec![], foes: vec![], ..question })?;
    let compiled = query::compile_variant_piece(&variant, index, &source, Via::Tables, Reverse::Skip)?;
    let now = compiled.answer(board, &here);
    let open = compiled.answer(board, &alone);
    let color = here.color as usize;
    let regions = p.confine.iter().chain(p.zones.iter().map(|z| &z.region));
    let regions = regions.fold(Squares::EMPTY, |set, &r| set | variant.regions[r].squares[color]);
    let marks = show::marks(board, &here, &now, &open, regions);
    write_stdout(&show::text(board, &marks, &p.letter, ascii))?;
    match &args.svg {
        Some(out) => write_file(out, &show::svg(board, &marks, &p.letter)),
        None => Ok(()),
    }
}

/// `fairy-magic moves`: where one piece goes from one square, or `--batch` answers.
fn moves(args: MovesArgs) -> Result<(), Error> {
    let via = args.via.via();
    if args.batch {
        let mut answers = Batch::new(via);
        return answer_lines(|line| answers.line(line));
    }
    let (board, compiled, position) = asked_piece(
        args.variant.as_deref(),
        args.board.board,
        args.betza.unwrap_or_default(),
        args.from.unwrap_or_default(),
        &args.around,
        via,
        Reverse::Skip,
    )?;
    let answer = compiled.answer(board, &position);
    if args.json {
        write_stdout(&format!("{}\n", serde_json::to_string(&answer).expect("an answer is plain data")))
    } else {
        write_stdout(&format!("{}\n", answer.dest.join(" ")))
    }
}

/// `fairy-magic attackers`: every square from which one piece captures on a target, or
/// `--batch` answers.
fn attackers(args: AttackersArgs) -> Result<(), Error> {
    let via = args.via.via();
    if args.batch {
        let mut answers = query::AttackerBatch::new(via);
        return answer_lines(|line| answers.line(line));
    }
    let (board, compiled, p) = asked_piece(
        args.variant.as_deref(),
        args.board.board,
        args.betza.unwrap_or_default(),
        args.to.unwrap_or_default(),
        &args.around,
        via,
        Reverse::Build,
    )?;
    let found = query::sources(&compiled, board, &p, query::Onto::Capture);
    let names: Vec<String> = squares_of(found).map(|s| board.name(s)).collect();
    if args.json {
        write_stdout(&format!("{}\n", serde_json::json!({ "from": names })))
    } else {
        write_stdout(&format!("{}\n", names.join(" ")))
    }
}

/// `fairy-magic between`: the squares strictly between two squares on a piece's paths.
fn between(args: BetweenArgs) -> Result<(), Error> {
    let asked = args.variant.as_deref().map(|file| VariantPiece::read(file, &args.betza)).transpose()?;
    let board = match &asked {
        Some(asked) => asked.variant.board,
        None => query::parse_board(&args.board.board)?,
    };
    let square = |name: &str| {
        board.parse_square(name).ok_or_else(|| {
            Error::Argument(format!("`{name}` is not a square of a {}x{} board", board.files, board.ranks))
        })
    };
    let color = if args.black { Color::Black } else { Color::White };
    let (from, to) = (square(&args.from)?, square(&args.to)?);
    let found = match &asked {
        Some(asked) => query::variant_between(&asked.variant, asked.index, &asked.source(), color, from, to)?,
        None => query::between(board, &args.betza, color, from, to)?,
    };
    write_stdout(&format!("{}\n", squares_of(found).map(|s| board.name(s)).collect::<Vec<_>>().join(" ")))
}

/// The piece a one-piece question asks about, compiled (its reverse lookups as `reverse` says),
/// with the position around `square`: XBetza on `board`, or with `--variant` a piece of that
/// file, on its board with its regions and confinement.
fn asked_piece(
    variant: Option<&std::path::Path>,
    board: String,
    piece: String,
    square: String,
    around: &Around,
    via: Via,
    reverse: Reverse,
) -> Result<(fairy_magic::stages::board::Board, query::CompiledPiece, query::Position), Error> {
    match variant {
        Some(file) => {
            let asked = VariantPiece::read(file, &piece)?;
            let board = asked.variant.board;
            let position = query::position(board, &around.question(board_name(board), String::new(), square))?;
            let compiled = query::compile_variant_piece(&asked.variant, asked.index, &asked.source(), via, reverse)?;
            Ok((board, compiled, position))
        }
        None => {
            let size = query::parse_board(&board)?;
            let question = around.question(board, piece, square);
            let position = query::position(size, &question)?;
            let compiled = match reverse {
                Reverse::Skip => query::compile_piece(size, &question.betza, via)?,
                Reverse::Build => query::compile_piece_with_reverse(size, &question.betza, via)?,
            };
            Ok((size, compiled, position))
        }
    }
}

/// A piece of a variant file that `moves`, `attackers` or `between --variant` asks about.
struct VariantPiece {
    name: String,
    text: String,
    variant: fairy_magic::stages::variant::Variant,
    index: usize,
}

impl VariantPiece {
    /// Reads `file` and finds `wanted` in it, as `show` does.
    fn read(file: &std::path::Path, wanted: &str) -> Result<VariantPiece, Error> {
        let name = file.display().to_string();
        let text = read_text(&name, file)?;
        let (variant, _) = fairy_magic::stages::pipeline::read(&Source { file: &name, text: &text })?;
        let index = piece_index(&variant, &name, wanted)?;
        Ok(VariantPiece { name, text, variant, index })
    }

    fn source(&self) -> Source<'_> {
        Source { file: &self.name, text: &self.text }
    }
}

/// The position in `variant` of the piece a user asked for, or an error listing its pieces.
fn piece_index(variant: &fairy_magic::stages::variant::Variant, name: &str, wanted: &str) -> Result<usize, Error> {
    let found = fairy_magic::stages::show::find_piece(&variant.pieces, wanted);
    let index = found.and_then(|p| variant.pieces.iter().position(|q| q.letter == p.letter));
    index.ok_or_else(|| {
        let known: Vec<String> = variant.pieces.iter().map(|p| format!("{} {}", p.letter, p.name)).collect();
        Error::UnknownPiece { piece: wanted.to_string(), file: name.to_string(), known }
    })
}

/// A board as `moves --board` spells it.
fn board_name(board: fairy_magic::stages::board::Board) -> String {
    format!("{}x{}", board.files, board.ranks)
}

/// Writes a file the command makes (see [`write_atomically`]).
fn write_file(path: &std::path::Path, text: &str) -> Result<(), Error> {
    write_atomically(path, text).map_err(|e| Error::io(Some(&path.display().to_string()), Access::Write, e))
}

/// A failed write to standard output: a reader that went away (`| head`) ends the program
/// quietly, as it does for other Unix tools; anything else is an error.
fn written(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Error::io(None, Access::Write, e)
}

/// Prints `text` on standard output (see [`written`]): `print!` would panic on a closed pipe.
fn write_stdout(text: &str) -> Result<(), Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(written)
}

/// A variant or configuration file as text; bytes that are not UTF-8 are an error at their
/// line and column.
fn read_text(name: &str, file: &std::path::Path) -> Result<String, Error> {
    let bytes = fairy_magic::stages::files::read_capped(file).map_err(|e| Error::io(Some(name), Access::Read, e))?;
    fairy_magic::stages::error::utf8(name, &bytes).map(str::to_string)
}

/// A path as one word of a shell command: quoted when it holds anything but plain characters.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:=@%,".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a module; no file
/// but the target is touched.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    fairy_magic::stages::files::write_atomically(path, text)
}

/// Writes one line on standard error. A failed write (stderr on a full disk, a closed pipe) is
/// ignored: the exit status already says what happened, and `eprintln!` would panic instead.
fn to_stderr(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// The longest question line `--batch` reads, in bytes; a longer line is answered with an
/// error and the batch goes on with the next line.
const MAX_QUESTION: usize = 64 << 10;

/// Answers JSON lines from standard input, one output line for each input line, blank ones
/// included, so that answers line up with questions. Each answer is flushed as it is written,
/// so a program can ask one question at a time. A line that is not UTF-8 or is longer than
/// [`MAX_QUESTION`] bytes is answered with an error line, and the lines after it are answered.
fn answer_lines(mut answer: impl FnMut(&str) -> String) -> Result<(), Error> {
    use std::io::Write;
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
