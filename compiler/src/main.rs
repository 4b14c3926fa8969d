//! The `fairy-magic` command line: `fairy-magic compile <file.variant> -o <module.rs>`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use fairy_magic::stages::board::{squares_of, Squares};
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{self, Batch, Question, Via};
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
    Compile {
        /// The variant description (`variant`, `board` and `piece` lines).
        file: PathBuf,
        /// Where to write the module; standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Write nothing; exit 1, naming the file, if the -o file is not what this command
        /// would write (for CI).
        #[arg(long, requires = "output")]
        check: bool,
        /// Fixes every piece's bit budget (the most index bits one lookup may use) and turns the cost
        /// model off; without it (or the file's `option max-bits`) the cost model chooses each
        /// piece's budget, from 4 to 12 bits, within the limits.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=20))]
        max_bits: Option<u64>,
        /// What the cost model makes small when it chooses each piece's bit budget: speed (the
        /// fewest probes whose tables fit the cache budget) or size (the fewest bytes).
        #[arg(long, value_enum)]
        optimize: Option<OptimizeArg>,
        /// The most path moves a piece may have from one square [default: 20000].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1073741824))]
        max_paths: Option<u64>,
        /// The cache budget of --optimize speed, in KiB [default: 128].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1048576))]
        cache_kib: Option<u64>,
        /// The most probes one query may make; further moves become plain checks [default: 8].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
        max_probes: Option<u64>,
        /// Seed mixed into the magic search; the same seed gives the same bytes [default: 0].
        #[arg(long)]
        seed: Option<u64>,
        /// Try 2^effort magic candidates per index width before allowing a bigger table
        /// [default: 18].
        #[arg(long, value_parser = clap::value_parser!(u64).range(4..=30))]
        effort: Option<u64>,
        /// The most occupancies all lookups together may have; each is enumerated and kept
        /// while compiling (about 120 bytes each) [default: 2097152, at most 8388608].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=fairy_magic::stages::settings::CAP_OCCUPANCIES))]
        max_occupancies: Option<u64>,
        /// The most trials the magic search may make, in millions of occupancies tested
        /// against a candidate (about 100 million a second) [default: 4000, at most 6000].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=fairy_magic::stages::settings::CAP_MILLION_TRIALS))]
        max_trials: Option<u64>,
        /// The most work verifying the tables may take, in millions of steps: a path move
        /// walked or a probe read for one occupancy (about 30 million a second) [default: 1000, at most 1800].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=fairy_magic::stages::settings::CAP_MILLION_STEPS))]
        max_verify: Option<u64>,
        /// How probes form their index: magic (64-bit multiplies), split32 (32-bit multiplies
        /// only, for microcontrollers) or pext (x86-64 BMI2) [default: magic, or the file's
        /// `option index`].
        #[arg(long, value_enum)]
        index: Option<IndexArg>,
        /// How many threads to compile with [default: one a core]. The module is the same for
        /// any number, so the header's command leaves it out.
        #[arg(long)]
        threads: Option<std::num::NonZeroUsize>,
    },
    /// Draw a piece of a variant on its board: its moves, captures and blocked squares.
    ///
    /// Example: fairy-magic show variants/gallery.variant griffon --from d4 --foes c3 --friends e5
    Show {
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
    },
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
    Import {
        /// The Fairy-Stockfish configuration file.
        file: PathBuf,
        /// The section (variant) to convert; `[child:parent]` inheritance is followed.
        #[arg(long)]
        section: String,
        /// Where to write the variant file; standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Show where one piece may go from one square: empty squares it may move to and foes it
    /// may capture, in square order.
    ///
    /// Example: fairy-magic moves '[F?R]' --board 8x8 --from d4 --foes d6 --friends f6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"8x8","betza":"N","from":"d4","friends":[],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"dest":[...]} or {"error":"..."} line for each. A key
    /// it does not know is an error (`id`, `note`, `sources` and `dest` may be there, unread).
    Moves {
        /// The piece's moves in XBetza (quote it for the shell).
        #[arg(required_unless_present = "batch")]
        betza: Option<String>,
        /// Ask about a piece of this variant file, on its board with its regions and
        /// confinement: BETZA is then the piece's letter or name.
        #[arg(long, conflicts_with_all = ["board", "batch"])]
        variant: Option<PathBuf>,
        /// <files>x<ranks>, up to 256 squares (16x16).
        #[arg(long, default_value = "8x8")]
        board: String,
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
    },
    /// Show every square from which one piece captures on a target square (the target holds
    /// one of its foes), in square order.
    ///
    /// Example: fairy-magic attackers '[W-F]' --board 9x10 --to e5 --friends e6
    ///
    /// With --batch, reads JSON lines such as
    /// {"board":"9x10","betza":"[W-F]","to":"e5","friends":["e6"],"foes":[],"color":"white","virgin":true}
    /// from standard input and writes one {"from":[...]} or {"error":"..."} line for each.
    Attackers {
        /// The piece's moves in XBetza (quote it for the shell).
        #[arg(required_unless_present = "batch")]
        betza: Option<String>,
        /// Ask about a piece of this variant file, on its board with its regions and
        /// confinement: BETZA is then the piece's letter or name.
        #[arg(long, conflicts_with_all = ["board", "batch"])]
        variant: Option<PathBuf>,
        /// <files>x<ranks>, up to 256 squares (16x16).
        #[arg(long, default_value = "8x8")]
        board: String,
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
    },
    /// Show the squares strictly between two squares on a piece's paths: what must be empty
    /// (or hold a hopper's screen) for the move, and what blocks a check or pins.
    ///
    /// Example: fairy-magic between '[W-F]' --board 9x10 --from e5 --to d7
    Between {
        /// The piece's moves in XBetza (quote it for the shell).
        betza: String,
        /// Ask about a piece of this variant file, on its board with its regions and
        /// confinement: BETZA is then the piece's letter or name.
        #[arg(long, conflicts_with_all = ["board"])]
        variant: Option<PathBuf>,
        /// <files>x<ranks>, up to 256 squares (16x16).
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Where the piece stands.
        #[arg(long)]
        from: String,
        /// Where it goes.
        #[arg(long)]
        to: String,
        /// The piece is Black (its moves turn 180°).
        #[arg(long)]
        black: bool,
    },
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
        (Some(_), _, _) => Err(Error::Limit("diff --rev REV takes one file".into())),
        (None, true, _) => Err(Error::Limit("diff --git takes git's seven external-diff arguments".into())),
        (None, false, _) => Err(Error::Limit("diff takes two files, OLD and NEW (or one with --rev)".into())),
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
    /// The piece has moved: no first-move-only (`i`) moves.
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
            color: if self.black { "black" } else { "white" }.into(),
            virgin: !self.moved,
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
enum IndexArg {
    Magic,
    Split32,
    Pext,
}

impl IndexArg {
    fn index(self) -> fairy_magic_runtime::Index {
        match self {
            IndexArg::Magic => fairy_magic_runtime::Index::Magic,
            IndexArg::Split32 => fairy_magic_runtime::Index::Split32,
            IndexArg::Pext => fairy_magic_runtime::Index::Pext,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum OptimizeArg {
    Speed,
    Size,
}

impl OptimizeArg {
    fn optimize(self) -> fairy_magic::stages::lookups::Optimize {
        match self {
            OptimizeArg::Speed => fairy_magic::stages::lookups::Optimize::Speed,
            OptimizeArg::Size => fairy_magic::stages::lookups::Optimize::Size,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum ViaArg {
    Tables,
    Reference,
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
fn progress<T>(quiet: bool, verbose: bool, what: &str, work: impl FnOnce() -> T) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let started = std::time::Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    let watcher = (!quiet).then(|| {
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
    if verbose {
        to_stderr(&format!("fairy-magic: {what}: {:.2?}", started.elapsed()));
    }
    result
}

fn run(cli: Cli) -> Result<(), Error> {
    let (quiet, verbose) = (cli.quiet, cli.verbose);
    match cli.command {
        Command::Diff(_) => unreachable!("main runs diff itself"),
        Command::Import { file, section, output } => {
            let name = file.display().to_string();
            let text = read_text(&name, &file)?;
            // `import` compiles what it converts: a file it hands over always compiles.
            let (variant, notes) = fairy_magic::stages::import::import(&name, &text, &section)?;
            if !quiet {
                for n in notes {
                    to_stderr(&format!("note: {n}"));
                }
            }
            match output {
                Some(out) => write_atomically(&out, &variant)
                    .map_err(|e| Error::Limit(format!("cannot write {}: {e}", out.display()))),
                None => write_stdout(&variant),
            }
        }
        Command::Show { file, piece, from, around, ascii, svg, indices, html } => {
            let name = file.display().to_string();
            let text = read_text(&name, &file)?;
            if let Some(out) = html {
                let page = fairy_magic::page(&Source { file: &name, text: &text }, &Options::new())?;
                return write_atomically(&out, &page)
                    .map_err(|e| Error::Limit(format!("cannot write {}: {e}", out.display())));
            }
            let piece = piece.expect("clap requires the piece without --html");
            let variant = fairy_magic::stages::variant::parse(&name, &text)?;
            let board = variant.board;
            let index = piece_index(&variant, &name, &piece)?;
            let p = &variant.pieces[index];
            // A board one square wide has its middle on that file (or rank).
            let middle = (board.files as i32 / 2 - 1).max(0);
            let centre = (board.ranks as i32 / 2 - 1).max(0);
            let middle = board.name(board.square(middle, centre).expect("the middle of a board is on it"));
            let question = around.question(board_name(board), p.betza_text.clone(), from.unwrap_or(middle));
            let here = query::position(board, &question)?;
            if indices {
                let source = fairy_magic::stages::error::Source { file: &name, text: &text };
                let alone = fairy_magic::stages::variant::Variant { pieces: vec![p.clone()], ..variant.clone() };
                let moves = &fairy_magic::piece_moves(&alone, &source)?[0][here.color as usize];
                let max_paths = fairy_magic::DEFAULT_MAX_PATHS;
                let paths = fairy_magic::stages::indices::piece_paths(board, moves, max_paths).ok_or_else(|| {
                    Error::Limit(format!("the {} has more than {max_paths} paths from some square", p.name))
                })?;
                let numbers =
                    fairy_magic::stages::indices::PieceIndices::new(board, &paths, here.color == Color::Black);
                let ascii = ascii || !unicode_terminal();
                return write_stdout(&fairy_magic::stages::show::indices_text(
                    board, here.from, &numbers, &p.letter, ascii,
                ));
            }
            // The same piece alone on the board: what it would reach if nothing blocked it.
            let alone = query::position(board, &Question { friends: vec![], foes: vec![], ..question })?;
            let source = fairy_magic::stages::error::Source { file: &name, text: &text };
            let compiled = query::compile_variant_piece(&variant, index, &source, Via::Tables)?;
            let now = compiled.answer(board, &here);
            let open = compiled.answer(board, &alone);
            let color = here.color as usize;
            let regions = p.confine.iter().chain(p.zones.iter().map(|z| &z.region));
            let regions = regions.fold(Squares::EMPTY, |set, &r| set | variant.regions[r].squares[color]);
            let marks = fairy_magic::stages::show::marks(board, &here, &now, &open, regions);
            write_stdout(&fairy_magic::stages::show::text(board, &marks, &p.letter, ascii || !unicode_terminal()))?;
            if let Some(out) = svg {
                write_atomically(&out, &fairy_magic::stages::show::svg(board, &marks, &p.letter))
                    .map_err(|e| Error::Limit(format!("cannot write {}: {e}", out.display())))?;
            }
            Ok(())
        }
        Command::Moves { betza, variant, board, from, around, via, json, batch } => {
            let via = match via {
                ViaArg::Tables => Via::Tables,
                ViaArg::Reference => Via::Reference,
            };
            if batch {
                let mut answers = Batch::new(via);
                return answer_lines(|line| answers.line(line));
            }
            let piece = betza.unwrap_or_default();
            let (board_size, compiled, position) = match variant {
                Some(file) => {
                    let asked = VariantPiece::read(&file, &piece)?;
                    let board = asked.variant.board;
                    let question = around.question(board_name(board), String::new(), from.unwrap_or_default());
                    let position = query::position(board, &question)?;
                    (board, query::compile_variant_piece(&asked.variant, asked.index, &asked.source(), via)?, position)
                }
                None => {
                    let board_size = query::parse_board(&board)?;
                    let question = around.question(board, piece, from.unwrap_or_default());
                    let position = query::position(board_size, &question)?;
                    (board_size, query::compile_piece(board_size, &question.betza, via)?, position)
                }
            };
            let answer = compiled.answer(board_size, &position);
            if json {
                write_stdout(&format!("{}\n", serde_json::to_string(&answer).expect("an answer is plain data")))
            } else {
                write_stdout(&format!("{}\n", answer.dest.join(" ")))
            }
        }
        Command::Attackers { betza, variant, board, to, around, via, json, batch } => {
            let via = match via {
                ViaArg::Tables => Via::Tables,
                ViaArg::Reference => Via::Reference,
            };
            if batch {
                let mut answers = query::AttackerBatch::new(via);
                return answer_lines(|line| answers.line(line));
            }
            let piece = betza.unwrap_or_default();
            let (board_size, compiled, p) = match variant {
                Some(file) => {
                    let asked = VariantPiece::read(&file, &piece)?;
                    let board = asked.variant.board;
                    let question = around.question(board_name(board), String::new(), to.unwrap_or_default());
                    let p = query::position(board, &question)?;
                    let source = asked.source();
                    (board, query::compile_variant_piece_with_reverse(&asked.variant, asked.index, &source, via)?, p)
                }
                None => {
                    let board_size = query::parse_board(&board)?;
                    let question = around.question(board, piece, to.unwrap_or_default());
                    let p = query::position(board_size, &question)?;
                    (board_size, query::compile_piece_with_reverse(board_size, &question.betza, via)?, p)
                }
            };
            let found = query::sources(&compiled, board_size, p.color, p.from, p.friends | p.foes, p.virgin, false);
            let names: Vec<String> = squares_of(found).map(|s| board_size.name(s)).collect();
            if json {
                write_stdout(&format!("{}\n", serde_json::json!({ "from": names })))
            } else {
                write_stdout(&format!("{}\n", names.join(" ")))
            }
        }
        Command::Between { betza, variant, board, from, to, black } => {
            let asked = variant.map(|file| VariantPiece::read(&file, &betza)).transpose()?;
            let board_size = match &asked {
                Some(asked) => asked.variant.board,
                None => query::parse_board(&board)?,
            };
            let square = |name: &str| {
                board_size.parse_square(name).ok_or_else(|| {
                    Error::Limit(format!(
                        "`{name}` is not a square of a {}x{} board",
                        board_size.files, board_size.ranks
                    ))
                })
            };
            let color = if black { Color::Black } else { Color::White };
            let (from, to) = (square(&from)?, square(&to)?);
            let found = match &asked {
                Some(asked) => query::variant_between(&asked.variant, asked.index, &asked.source(), color, from, to)?,
                None => query::between(board_size, &betza, color, from, to)?,
            };
            write_stdout(&format!("{}\n", squares_of(found).map(|s| board_size.name(s)).collect::<Vec<_>>().join(" ")))
        }
        Command::Compile {
            file,
            output,
            check,
            max_bits,
            max_paths,
            optimize,
            cache_kib,
            max_probes,
            seed,
            effort,
            index,
            max_occupancies,
            max_trials,
            max_verify,
            threads,
        } => {
            let name = file.display().to_string();
            let text = read_text(&name, &file)?;
            // The header's command reproduces the file: every flag that shaped it is in it.
            let mut regenerate = match &output {
                Some(out) => {
                    format!("fairy-magic compile {} -o {}", shell_word(&name), shell_word(&out.display().to_string()))
                }
                None => format!("fairy-magic compile {}", shell_word(&name)),
            };
            let named = |v: Option<clap::builder::PossibleValue>| v.map(|p| p.get_name().to_string());
            for (flag, value) in [
                ("--max-bits", max_bits.map(|v| v.to_string())),
                ("--optimize", named(optimize.and_then(|o| o.to_possible_value()))),
                ("--max-paths", max_paths.map(|v| v.to_string())),
                ("--cache-kib", cache_kib.map(|v| v.to_string())),
                ("--max-probes", max_probes.map(|v| v.to_string())),
                ("--seed", seed.map(|v| v.to_string())),
                ("--effort", effort.map(|v| v.to_string())),
                ("--index", named(index.and_then(|i| i.to_possible_value()))),
                ("--max-occupancies", max_occupancies.map(|v| v.to_string())),
                ("--max-trials", max_trials.map(|v| v.to_string())),
                ("--max-verify", max_verify.map(|v| v.to_string())),
            ] {
                if let Some(value) = value {
                    regenerate.push_str(&format!(" {flag} {value}"));
                }
            }
            let overrides: Vec<Setting> = [
                max_bits.map(|v| Setting::MaxBits(v as u32)),
                max_probes.map(|v| Setting::MaxProbes(v as usize)),
                max_paths.map(|v| Setting::MaxPaths(v as usize)),
                seed.map(Setting::Seed),
                effort.map(|v| Setting::Effort(v as u32)),
                cache_kib.map(|v| Setting::CacheKib(v as usize)),
                optimize.map(|o| Setting::Optimize(o.optimize())),
                index.map(|i| Setting::Index(i.index())),
                max_occupancies.map(Setting::MaxOccupancies),
                max_trials.map(Setting::MaxTrials),
                max_verify.map(Setting::MaxVerify),
            ]
            .into_iter()
            .flatten()
            .collect();
            let module = progress(quiet, verbose, &format!("compiling {name}"), || {
                fairy_magic::compile(
                    &Source { file: &name, text: &text },
                    &Options { settings: overrides.clone(), regenerate: Some(regenerate.clone()), threads },
                )
                .map(|module| module.text)
            })?;
            match output {
                Some(out) if check => {
                    let now = std::fs::read(&out).map(|b| String::from_utf8_lossy(&b).replace("\r\n", "\n"));
                    match now {
                        Ok(now) if now == module => Ok(()),
                        Ok(_) => Err(Error::Limit(format!("{} is stale: run `{regenerate}`", out.display()))),
                        Err(e) => Err(Error::Limit(format!("{} is stale: cannot read it: {e}", out.display()))),
                    }
                }
                Some(out) => write_atomically(&out, &module)
                    .map_err(|e| Error::Limit(format!("cannot write {}: {e}", out.display()))),
                None => write_stdout(&module),
            }
        }
    }
}

/// A failed write to standard output: a reader that went away (`| head`) ends the program
/// quietly, as it does for other Unix tools; anything else is an error.
fn written(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    Error::Limit(format!("cannot write to standard output: {e}"))
}

/// Prints `text` on standard output (see [`written`]): `print!` would panic on a closed pipe.
fn write_stdout(text: &str) -> Result<(), Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(written)
}

/// A variant or configuration file as text; bytes that are not UTF-8 are an error at their
/// line and column.
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
        let variant = fairy_magic::stages::variant::parse(&name, &text)?;
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
        Error::Limit(format!("no piece `{wanted}` in {name}; it has: {}", known.join(", ")))
    })
}

/// A board as `moves --board` spells it.
fn board_name(board: fairy_magic::stages::board::Board) -> String {
    format!("{}x{}", board.files, board.ranks)
}

fn read_text(name: &str, file: &std::path::Path) -> Result<String, Error> {
    let bytes =
        fairy_magic::stages::files::read_capped(file).map_err(|e| Error::Limit(format!("cannot read {name}: {e}")))?;
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
    let failed = |e: std::io::Error| Error::Limit(format!("cannot read standard input: {e}"));
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
