//! Stage 1a: the variant file → `Variant` (name, board, pieces with their parsed XBetza).

use pest::Parser;

use crate::betza::{self, Betza};
use crate::board::{Board, Squares, MAX_SIDE, MAX_SQUARES};
use crate::error::{Error, Errors, LineStarts, Location, BYTE_ORDER_MARK};
pub use crate::game::GameRules;
use crate::game::{self, RuleLine};
pub use crate::regions::Region;
use crate::regions::{parse_item, turned};
pub use crate::settings::Setting;
use crate::settings::SettingError;

pub use grammar::Rule;
use grammar::VariantParser;

/// The parser pest derives from `variant.pest`. It sits in a module of its own so that
/// `missing_docs` can be allowed there: pest documents `Rule` and its variants (from the
/// grammar's doc comments) but not `Rule::all_rules`.
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "variant.pest"]
    pub struct VariantParser;
}

/// A parsed variant file: its name, board, pieces and the settings and regions it declares.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The name from the `variant <name>` line.
    pub name: String,
    /// The board from the `board <files>x<ranks>` line.
    pub board: Board,
    /// The `piece` lines, in the order of the file.
    pub pieces: Vec<Piece>,
    /// `option <name> <value>` lines: compiler settings that travel with the variant.
    pub options: Vec<Setting>,
    /// `option probes <letter> <n>` lines: pieces that must answer in at most `n` probes.
    pub probe_targets: Vec<ProbeTarget>,
    /// `region` lines, in the order of the file.
    pub regions: Vec<Region>,
    /// The game's rules beyond piece moves: `royal`, `promote`, `castling`...
    pub rules: GameRules,
}

/// A piece whose bit budget must give it at most `probes` probes on every square, however
/// much table that takes: for the pieces an engine asks about most.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeTarget {
    /// The piece's letter, as its `piece` line writes it.
    pub letter: String,
    /// The most probes the piece may make on any square.
    pub probes: usize,
    /// The `option probes` line, where an error about the target points.
    pub at: Location,
}

/// One `piece <letter> <name> <XBetza>` line, with the region rules that name its letter.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The letter as written (`N`, `+R`).
    pub letter: String,
    /// The name as written (`knight`); the generated enum variant is its CamelCase form.
    pub name: String,
    /// The XBetza text as written.
    pub betza_text: String,
    /// Where the XBetza text starts in the file (byte offset), for errors found in later stages.
    pub betza_offset: usize,
    /// The parsed XBetza, checked only for syntax so far (meanings are checked in `legs.rs`).
    pub betza: Betza,
    /// The `piece` line, for errors about the whole piece (too many paths); `None` for a piece
    /// that comes from no file (`fairy-magic moves`).
    pub at: Option<Location>,
    /// `confine <letter> <region>`: the region (an index into `Variant::regions`) every move
    /// must end in.
    pub confine: Option<usize>,
    /// `moves <letter> in <region> <XBetza>` lines: other moves from the region's squares.
    pub zones: Vec<Zone>,
}

/// Moves a piece has instead of its own from the squares of a region.
#[derive(Clone, Debug)]
pub struct Zone {
    /// An index into `Variant::regions`.
    pub region: usize,
    /// The XBetza text as written on the `moves` line.
    pub betza_text: String,
    /// Where the XBetza text starts in the file (byte offset), for errors found in later stages.
    pub betza_offset: usize,
    /// The parsed XBetza of these moves.
    pub betza: Betza,
}

/// The longest statement a line may hold, comments aside: room for the longest XBetza
/// ([`betza::MAX_LEN`]) and for a region listing each square of a 256-square board, and
/// short enough that a file of such lines is read in a few seconds.
pub const MAX_STATEMENT: usize = 4096;

/// A variant file as far as it parsed, with what is wrong with it. The meaning of each
/// XBetza is the legs stage's to check: the driver runs it on [`Parsed::variant`] and gives its
/// errors to [`Parsed::report`], which puts them in the same report as the file's own.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The variant, when the file has a `variant` and a `board` line: with errors elsewhere,
    /// it holds the pieces whose lines parsed (regions attached where they resolve).
    pub variant: Option<Variant>,
    /// The errors of single lines, in file order.
    line_errors: Errors,
    /// The errors of the file as a whole (missing declarations, `option probes` naming no
    /// piece, regions), which a report gives after every line's.
    file_errors: Errors,
}

impl Parsed {
    /// The variant, or every error of the file in one report: its lines' errors with
    /// `meaning` (the legs stage's, each at a line of its own, in file order) among them, then
    /// the file's own.
    pub fn report(self, meaning: Vec<Error>) -> Result<Variant, Error> {
        match self.line_errors.merged(meaning).then(self.file_errors).error() {
            Some(error) => Err(error),
            None => Ok(self.variant.expect("a file without a variant or a board line has an error")),
        }
    }
}

/// Parses a whole variant file. `file` is only used to name the file in errors. Every line is
/// read, so that one run reports every error in the file, not only the first.
pub fn parse(file: &str, text: &str) -> Parsed {
    let source = LineStarts::new(crate::error::Source { file, text });
    let mut state = Declared::default();
    let mut errors = Errors::default();
    let keywords = statement_keywords();
    let mut base = 0;
    for line in text.split_inclusive('\n') {
        // The parser never sees a comment: `#` starts one wherever it stands (no name, number
        // or XBetza holds it), and a long comment would cost it time for nothing.
        let content = line.trim_end_matches(['\n', '\r']);
        // Editors on Windows may start a UTF-8 file with a byte-order mark, which shows as
        // nothing: it is no part of the first statement, whose offsets start after it.
        let (content, mark) = match content.strip_prefix(BYTE_ORDER_MARK) {
            Some(rest) if base == 0 => (rest, BYTE_ORDER_MARK.len_utf8()),
            _ => (content, 0),
        };
        let here = Here { source: &source, base: base + mark };
        base += line.len();
        // Lines end in LF or CR LF. A CR alone (old Mac line ends) would leave the whole file
        // one line, read as one statement or hidden in one comment: say what it is, once.
        if let Some(cr) = content.find('\r') {
            errors.push_with(|| {
                here.error(
                    cr,
                    "a bare carriage return (CR) line end: lines end with LF or CR LF (convert the file's line ends)",
                )
            });
            continue;
        }
        let content = content.split_once('#').map_or(content, |(statement, _)| statement);
        if content.len() > MAX_STATEMENT {
            errors.push_with(|| {
                here.error(
                    MAX_STATEMENT,
                    format!(
                        "this line is {} bytes long before any comment, more than the limit of {MAX_STATEMENT} bytes a statement",
                        content.len()
                    ),
                )
            });
            continue;
        }
        if errors.full() && !may_be_statement(content, &keywords) {
            // Only counted now, and certainly wrong: spare the parser a file of junk lines.
            errors.count_unshown();
            continue;
        }
        match VariantParser::parse(Rule::single, content) {
            Err(e) => errors.push_with(|| syntax_error(&here, content, e)),
            Ok(mut pairs) => {
                for statement in pairs.next().unwrap().into_inner() {
                    if let Err(e) = state.statement(&here, statement) {
                        errors.push(e);
                    }
                }
            }
        }
    }
    // A missing declaration is only worth saying when no line failed: a broken `board` line
    // is not a missing one.
    let complete = errors.is_empty();
    let line_errors = errors;
    let mut errors = Errors::default();
    if complete && state.name.is_none() {
        errors.push(source.error(0, "no `variant <name>` line: every file names its variant"));
    }
    if complete && state.board.is_none() {
        // At the `variant` line, or the start: the end of the file is past its last line.
        errors.push(source.error(state.name_offset, "no `board <files>x<ranks>` line (e.g. `board 8x8`)"));
    }
    if complete && state.pieces.is_empty() {
        errors
            .push(source.error(state.name_offset, "no `piece <letter> <name> <XBetza>` line: a variant needs pieces"));
    }
    for (target, offset) in &state.probe_targets {
        if !state.pieces.iter().any(|p| p.letter == target.letter) {
            errors.push(
                source
                    .error(*offset, format!("`option probes` names `{}`, which no piece line declares", target.letter)),
            );
        }
    }
    // Resolved whatever failed, so that each zone's moves reach the legs stage; where a line
    // failed, what does not resolve is likely its doing and goes unsaid.
    let mut unsaid = Errors::default();
    let regions = match state.board {
        Some(board) => state.resolve_regions(&source, text, board, if complete { &mut errors } else { &mut unsaid }),
        None => Vec::new(),
    };
    let rules = match state.board {
        Some(board) => {
            let letters: Vec<&str> = state.pieces.iter().map(|p| p.letter.as_str()).collect();
            let context = game::Context { source: &source, board, letters: &letters, regions: &regions };
            game::resolve(&state.rules, &context, if complete { &mut errors } else { &mut unsaid })
        }
        None => GameRules::default(),
    };
    let variant = match state {
        Declared { name: Some(name), board: Some(board), pieces, options, probe_targets, .. } => Some(Variant {
            name,
            board,
            pieces,
            options,
            probe_targets: probe_targets.into_iter().map(|(t, _)| t).collect(),
            regions,
            rules,
        }),
        _ => None,
    };
    Parsed { variant, line_errors, file_errors: errors }
}

/// Offsets within one line, turned into places in the whole file.
struct Here<'a> {
    source: &'a LineStarts<'a>,
    base: usize,
}

impl Here<'_> {
    fn error(&self, offset: usize, message: impl Into<String>) -> Error {
        self.source.error(self.base + offset, message)
    }
}

/// What the lines read so far have declared.
#[derive(Default)]
struct Declared {
    name: Option<String>,
    /// Where the `variant` line is (0 without one): missing declarations are reported there.
    name_offset: usize,
    board: Option<Board>,
    pieces: Vec<Piece>,
    options: Vec<Setting>,
    /// With where each letter was written, to point at one that names no piece.
    probe_targets: Vec<(ProbeTarget, usize)>,
    /// `region` lines as written: resolved once the board is known.
    regions: Vec<RegionLine>,
    /// `confine` lines: (letter, region name, where each was written).
    confines: Vec<(Named, Named)>,
    /// `moves ... in` lines: (letter, region name, the zone with its region not yet known).
    zones: Vec<(Named, Named, Zone)>,
    /// The game's rule lines, resolved once the pieces and regions are known.
    rules: Vec<RuleLine>,
}

/// A word of the file with the byte offset it was written at.
type Named = (String, usize);

/// A `region` line before the board is known: its name, and where its squares are written.
/// The squares stay as a span of the file, to be read once the board is known: a file of many
/// regions then holds a few words a line, not a string an item.
struct RegionLine {
    name: Named,
    /// The byte range of the file after the name: the areas, maybe `black` and more areas.
    areas: std::ops::Range<usize>,
}

/// The words of `text` (spaces and tabs between them) with their offsets, `base` added.
fn words(text: &str, base: usize) -> impl Iterator<Item = (usize, &str)> {
    text.split([' ', '\t'])
        .scan(base, |at, word| {
            let here = *at;
            *at += word.len() + 1;
            Some((here, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// One part of a statement as the grammar gives it.
type Part<'i> = pest::iterators::Pair<'i, Rule>;

impl Here<'_> {
    /// A word of the line with where it stands in the file.
    fn named(&self, part: Part) -> Named {
        (part.as_str().to_string(), self.base + part.as_span().start())
    }
}

impl Declared {
    /// Reads one statement of a line: one function a kind, each given the statement's parts
    /// (spaces left out) and where the statement starts in the line.
    fn statement(&mut self, here: &Here, statement: Part) -> Result<(), Error> {
        let offset = statement.as_span().start();
        let rule = statement.as_rule();
        let mut parts = statement.into_inner().filter(|p| !matches!(p.as_rule(), Rule::gap | Rule::by));
        let mut part = || parts.next().expect("the grammar gives a statement all its parts");
        match rule {
            Rule::variant => self.variant(here, offset, part()),
            Rule::board => self.board(here, offset, part(), part()),
            Rule::piece => self.piece(here, offset, part(), part(), part()),
            Rule::probes => self.probes(here, offset, part(), part()),
            Rule::option => self.option(here, offset, part(), part()),
            Rule::region => {
                let name = part();
                self.region(here, name, parts);
                Ok(())
            }
            Rule::confine => {
                let (letter, region) = (part(), part());
                self.confines.push((here.named(letter), here.named(region)));
                Ok(())
            }
            Rule::zone => self.zone(here, part(), part(), part()),
            Rule::royal => {
                self.rules.push(RuleLine::Royal(here.named(part())));
                Ok(())
            }
            Rule::promote => {
                let (piece, region) = (here.named(part()), here.named(part()));
                let mut to = Vec::new();
                let mut forced = true;
                for p in parts {
                    match p.as_rule() {
                        Rule::optional => forced = false,
                        _ => to.push(here.named(p)),
                    }
                }
                self.rules.push(RuleLine::Promote { piece, region, to, forced });
                Ok(())
            }
            Rule::limit => {
                let (letter, number) = (here.named(part()), part());
                let most = match number.as_str().parse::<u8>() {
                    Ok(n @ 1..) => n,
                    _ => {
                        return Err(here.error(number.as_span().start(), "a promotion limit is a number from 1 to 255"))
                    }
                };
                self.rules.push(RuleLine::Limit(letter, most));
                Ok(())
            }
            Rule::initial => {
                let (letter, region) = (here.named(part()), here.named(part()));
                self.rules.push(RuleLine::Initial(letter, region));
                Ok(())
            }
            Rule::passant => {
                self.rules.push(RuleLine::Passant(here.named(part())));
                Ok(())
            }
            Rule::castling => {
                let (king, kf, kt) = (here.named(part()), here.named(part()), here.named(part()));
                let (rook, rf, rt) = (here.named(part()), here.named(part()), here.named(part()));
                self.rules.push(RuleLine::Castling { king, king_squares: [kf, kt], rook, rook_squares: [rf, rt] });
                Ok(())
            }
            Rule::flying => {
                self.rules.push(RuleLine::Flying(here.base + offset));
                Ok(())
            }
            Rule::bare => {
                self.rules.push(RuleLine::BareKing(here.base + offset));
                Ok(())
            }
            Rule::fen => {
                let (letter, fen) = (here.named(part()), part());
                let c = fen.as_str().chars().next().expect("the grammar gives a FEN letter one letter");
                self.rules.push(RuleLine::Fen(letter, c));
                Ok(())
            }
            Rule::start => {
                self.rules.push(RuleLine::Start(here.named(part())));
                Ok(())
            }
            Rule::needs => {
                let word = part();
                let need = game::need(word.as_str()).map_err(|m| here.error(word.as_span().start(), m))?;
                self.rules.push(RuleLine::Needs(need));
                Ok(())
            }
            Rule::EOI => Ok(()),
            other => unreachable!("the grammar yields no {other:?} at the top level"),
        }
    }

    /// `variant <name>`.
    fn variant(&mut self, here: &Here, offset: usize, name: Part) -> Result<(), Error> {
        if self.name.is_some() {
            return Err(here.error(offset, "a second `variant` line; a file describes one variant"));
        }
        self.name = Some(name.as_str().to_string());
        self.name_offset = here.base + offset;
        Ok(())
    }

    /// `board <files>x<ranks>`.
    fn board(&mut self, here: &Here, offset: usize, files: Part, ranks: Part) -> Result<(), Error> {
        if self.board.is_some() {
            return Err(here.error(offset, "a second `board` line; a variant has one board"));
        }
        self.board = Some(parse_board(here, files, ranks)?);
        Ok(())
    }

    /// `piece <letter> <name> <XBetza>`.
    fn piece(&mut self, here: &Here, offset: usize, letter: Part, name: Part, betza_part: Part) -> Result<(), Error> {
        self.validate_new_piece(here, &letter, &name)?;
        let start = betza_part.as_span().start();
        // Only the syntax: what the letters mean is the legs stage's to say (Parsed::report).
        let betza = betza::parse(betza_part.as_str()).map_err(|e| here.error(start + e.offset, e.message))?;
        self.pieces.push(Piece {
            letter: letter.as_str().to_string(),
            name: name.as_str().to_string(),
            betza_text: betza_part.as_str().to_string(),
            betza_offset: here.base + start,
            betza,
            at: Some(here.source.locate(here.base + offset)),
            confine: None,
            zones: Vec::new(),
        });
        Ok(())
    }

    /// An error unless a new piece's letter and name are its own: a letter names one piece, and
    /// a name makes Rust names (`Knight`, `knight_...`) that no other piece's makes.
    fn validate_new_piece(&self, here: &Here, letter: &Part, name: &Part) -> Result<(), Error> {
        if let Some(other) = self.pieces.iter().find(|p| p.letter == letter.as_str()) {
            return Err(here.error(
                letter.as_span().start(),
                format!("the letter `{}` is already used by the {}", other.letter, other.name),
            ));
        }
        let (camel, snake) = (camel_case(name.as_str()), snake_case(name.as_str()));
        if camel == "Self" {
            return Err(here.error(
                name.as_span().start(),
                format!("the name `{}` would make the Rust keyword `Self`: choose another", name.as_str()),
            ));
        }
        let same = |p: &&Piece| camel_case(&p.name) == camel || snake_case(&p.name) == snake;
        if let Some(other) = self.pieces.iter().find(same) {
            return Err(here.error(
                name.as_span().start(),
                format!(
                    "the name `{}` makes the same Rust names (`{camel}`, `{snake}_...`) as the {} (`{}`)",
                    name.as_str(),
                    other.name,
                    other.letter
                ),
            ));
        }
        Ok(())
    }

    /// `option probes <letter> <n>`.
    fn probes(&mut self, here: &Here, offset: usize, letter: Part, value: Part) -> Result<(), Error> {
        let probes = match value.as_str().parse::<usize>() {
            Ok(n @ 1..=64) => n,
            _ => return Err(here.error(value.as_span().start(), "option `probes` takes a value from 1 to 64")),
        };
        if self.probe_targets.iter().any(|(t, _)| t.letter == letter.as_str()) {
            return Err(here.error(offset, format!("option `probes` is set twice for `{}`", letter.as_str())));
        }
        let at = here.source.locate(here.base + offset);
        let target = ProbeTarget { letter: letter.as_str().to_string(), probes, at };
        self.probe_targets.push((target, here.base + letter.as_span().start()));
        Ok(())
    }

    /// `option <name> <value>`.
    fn option(&mut self, here: &Here, offset: usize, key: Part, value: Part) -> Result<(), Error> {
        let setting = Setting::parse(key.as_str(), value.as_str()).map_err(|e| match e {
            SettingError::Name(m) => here.error(key.as_span().start(), m),
            SettingError::Value(m) => here.error(value.as_span().start(), m),
        })?;
        if self.options.iter().any(|o| o.name() == setting.name()) {
            return Err(here.error(offset, format!("option `{}` is set twice", key.as_str())));
        }
        self.options.push(setting);
        Ok(())
    }

    /// `region <name> <areas>`: kept as the span of its areas until the board is known.
    fn region<'i>(&mut self, here: &Here, name: Part<'i>, areas: impl Iterator<Item = Part<'i>>) {
        let (start, end) = areas.fold((usize::MAX, 0), |(start, end), part| {
            let span = part.as_span();
            (start.min(span.start()), end.max(span.end()))
        });
        let areas = here.base + start..here.base + end;
        self.regions.push(RegionLine { name: here.named(name), areas });
    }

    /// `moves <letter> in <region> <XBetza>`: kept until the regions are known.
    fn zone(&mut self, here: &Here, letter: Part, region: Part, betza_part: Part) -> Result<(), Error> {
        let start = betza_part.as_span().start();
        let betza = betza::parse(betza_part.as_str()).map_err(|e| here.error(start + e.offset, e.message))?;
        let zone =
            Zone { region: 0, betza_text: betza_part.as_str().to_string(), betza_offset: here.base + start, betza };
        self.zones.push((here.named(letter), here.named(region), zone));
        Ok(())
    }
}

impl Declared {
    /// The regions of the file's `region` lines on `board`, with every `confine` and `moves ...
    /// in` line attached to its piece; what does not resolve is added to `errors`.
    fn resolve_regions(&mut self, source: &LineStarts, text: &str, board: Board, errors: &mut Errors) -> Vec<Region> {
        let mut regions: Vec<Region> = Vec::new();
        // By name, so that a file of many regions is read in time linear in the file.
        let mut by_name: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for line in &self.regions {
            // White's squares, then Black's after the `black` keyword (the grammar allows one).
            let mut sets = [Squares::EMPTY; 2];
            let mut black = false;
            for (at, word) in words(&text[line.areas.clone()], line.areas.start) {
                if word == "black" {
                    black = true;
                    continue;
                }
                match parse_item(board, word) {
                    Ok(s) => sets[usize::from(black)] |= s,
                    Err(e) => errors.push_with(|| source.error(at, e)),
                }
            }
            let [white, written_black] = sets;
            let black = if black { written_black } else { turned(board, white) };
            if by_name.contains_key(line.name.0.as_str()) {
                errors
                    .push_with(|| source.error(line.name.1, format!("the region `{}` is defined twice", line.name.0)));
                continue;
            }
            by_name.insert(&line.name.0, regions.len());
            regions.push(Region { name: line.name.0.clone(), squares: [white, black] });
        }
        let find =
            |(name, at): &Named, errors: &mut Errors| {
                let found = by_name.get(name.as_str()).copied();
                if found.is_none() {
                    errors.push(source.error(
                        *at,
                        format!("the region `{name}` is used but never defined (`region {name} <squares>`)"),
                    ));
                }
                found
            };
        let piece_of = |pieces: &[Piece], (letter, at): &Named, errors: &mut Errors| {
            let found = pieces.iter().position(|p| &p.letter == letter);
            if found.is_none() {
                errors.push(source.error(*at, format!("`{letter}` is not the letter of any piece line")));
            }
            found
        };
        for (letter, region) in &self.confines {
            let (Some(p), Some(r)) = (piece_of(&self.pieces, letter, errors), find(region, errors)) else { continue };
            if self.pieces[p].confine.replace(r).is_some() {
                errors.push(source.error(letter.1, format!("the piece `{}` is confined twice", letter.0)));
            }
        }
        for (letter, region, zone) in &self.zones {
            let (Some(p), Some(r)) = (piece_of(&self.pieces, letter, errors), find(region, errors)) else { continue };
            self.pieces[p].zones.push(Zone { region: r, ..zone.clone() });
        }
        regions
    }
}

fn parse_board(
    source: &Here,
    files: pest::iterators::Pair<Rule>,
    ranks: pest::iterators::Pair<Rule>,
) -> Result<Board, Error> {
    // Each side is named as the user wrote it (`board 10x20`: the ranks are 20), with the
    // names its squares would need.
    let side = |pair: &pest::iterators::Pair<Rule>, side: &str, names: &str| -> Result<u32, Error> {
        let at = pair.as_span().start();
        let value: u32 = pair.as_str().parse().unwrap_or(u32::MAX);
        if value == 0 {
            return Err(source.error(at, format!("a board of 0 {side}: a board has at least 1x1 squares")));
        }
        if value > MAX_SIDE {
            return Err(source.error(
                at,
                format!("a board of {} {side}: at most {MAX_SIDE} are supported ({names})", pair.as_str()),
            ));
        }
        Ok(value)
    };
    let (f, r) = (side(&files, "files", "files a..p")?, side(&ranks, "ranks", "ranks 1..16")?);
    if (f * r) as usize > MAX_SQUARES {
        return Err(source.error(
            files.as_span().start(),
            format!(
                "a {f}x{r} board has {} squares: fairy-magic supports at most {MAX_SQUARES} (256-square bitboards)",
                f * r
            ),
        ));
    }
    Ok(Board { files: f as u8, ranks: r as u8 })
}

/// `knight` → `knight`, `dragon-horse` → `dragon_horse`, `QUEEN` → `queen`, `rook-` → `rook`,
/// `x__y` → `x_y`: the words of a name, lowercase, joined by single underscores, as the module's
/// function names (`dragon_horse_attacks`) take it.
pub fn snake_case(name: &str) -> String {
    name.split(['-', '_']).filter(|w| !w.is_empty()).map(str::to_lowercase).collect::<Vec<_>>().join("_")
}

/// `knight` → `Knight`, `dragon-horse` → `DragonHorse`, `gold_general` → `GoldGeneral`,
/// `QUEEN` → `Queen`, `a-b-c` → `Abc`. A word in capitals is capitalised only (`ALL` would hide
/// the module's `Piece::ALL`), and so is a whole name that would be capitals: clippy refuses
/// an enum variant in capitals (`upper_case_acronyms`).
pub fn camel_case(name: &str) -> String {
    let capitalised = |w: &str| {
        let mut chars = w.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase());
        first.into_iter().chain(chars.map(|c| c.to_ascii_lowercase())).collect::<String>()
    };
    let in_capitals =
        |w: &str| !w.chars().any(|c| c.is_ascii_lowercase()) && w.chars().filter(char::is_ascii_uppercase).count() > 1;
    let joined: String = name
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| match in_capitals(w) {
            true => capitalised(w),
            false => {
                let mut chars = w.chars();
                let first = chars.next().unwrap().to_ascii_uppercase();
                std::iter::once(first).chain(chars).collect::<String>()
            }
        })
        .collect();
    match in_capitals(&joined) {
        true => capitalised(&joined),
        false => joined,
    }
}

/// Whether a line could parse: blank, a comment, or a statement's keyword first. A line that
/// cannot is an error whatever follows, as the grammar's `line` rule says.
fn may_be_statement(line: &str, keywords: &[&str]) -> bool {
    let line = line.trim_start_matches([' ', '\t']);
    line.is_empty() || line.starts_with('#') || keywords.iter().any(|k| line.starts_with(k))
}

/// The words statements begin with, the grammar's (`statement_forms`).
fn statement_keywords() -> Vec<&'static str> {
    statement_forms().iter().filter_map(|form| form.split(' ').next()).collect()
}

/// Every statement's form (`confine <letter> <region>`), in the order of the grammar's
/// `statement` rule, each as the doc comment of its own rule begins. Read from `variant.pest`
/// itself, so that the list an unknown statement is answered with names every kind the parser
/// takes, and cannot fall behind a new one (`statement_forms_are_the_grammars` holds it whole).
pub fn statement_forms() -> Vec<&'static str> {
    const GRAMMAR: &str = include_str!("variant.pest");
    let lines: Vec<&str> = GRAMMAR.lines().collect();
    // The rule may run over several lines: its alternatives are all between its braces.
    let alternatives = GRAMMAR
        .split_once("\nstatement")
        .and_then(|(_, rest)| rest.split_once('{'))
        .and_then(|(_, rest)| rest.split_once('}'))
        .map_or("", |(body, _)| body);
    alternatives
        .split('|')
        .filter_map(|name| {
            let name = name.trim();
            let at = lines
                .iter()
                .position(|l| l.strip_prefix(name).is_some_and(|rest| rest.trim_start().starts_with('=')))?;
            let doc = lines[..at].last()?.strip_prefix("/// `")?;
            doc.split_once('`').map(|(form, _)| form)
        })
        .collect()
}

/// What an unknown statement is told: every statement's form.
fn any_statement() -> String {
    let forms: Vec<String> = statement_forms().iter().map(|form| format!("`{form}`")).collect();
    match forms.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("a statement ({} or {last})", rest.join(", ")),
        _ => format!("a statement ({})", forms.join("")),
    }
}

fn syntax_error(source: &Here, text: &str, error: pest::error::Error<Rule>) -> Error {
    use pest::error::{ErrorVariant, InputLocation};
    let offset = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let rest = &text[offset.min(text.len())..];
    let found = match rest.split(|c: char| c.is_whitespace()).next().unwrap_or("") {
        "" if rest.starts_with([' ', '\t']) => "a space".to_string(),
        "" => "the end of the line".to_string(),
        word => format!("`{word}`"),
    };
    let expected = match &error.variant {
        // A statement cut short: name the word it lacks, not the space before it.
        ErrorVariant::ParsingError { positives, .. }
            if positives == &[Rule::gap] && rest.trim().is_empty() && missing_word(&text[..offset]).is_some() =>
        {
            missing_word(&text[..offset]).unwrap_or_default().to_string()
        }
        // Nothing on the line matched: no statement starts with what is there.
        ErrorVariant::ParsingError { positives, .. }
            if positives.iter().all(|r| matches!(r, Rule::EOI | Rule::single))
                && text[..offset.min(text.len())].trim().is_empty() =>
        {
            describe(Rule::statement)
        }
        ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut names: Vec<String> = positives.iter().map(|r| describe(*r)).collect();
            names.sort();
            names.dedup();
            names.join(", or ")
        }
        ErrorVariant::ParsingError { .. } => "a statement".to_string(),
        ErrorVariant::CustomError { message } => message.clone(),
    };
    source.error(offset, format!("expected {expected}, found {found}"))
}

/// The word a statement needs next, when `before` (the line up to the end) is a keyword and
/// fewer words than its form has: `piece K king` lacks the moves.
fn missing_word(before: &str) -> Option<&'static str> {
    let words: Vec<&str> = before.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let form: &[&str] = match words.first().copied()? {
        "variant" => &["the variant's name"],
        "board" => &["the board's size (`<files>x<ranks>`, e.g. `8x8`)"],
        "piece" => &[
            "the piece's letter (e.g. `N`, `+R`)",
            "the piece's name (e.g. `knight`)",
            "the piece's moves in XBetza (e.g. `N`, `fmWfcF`)",
        ],
        "option" if words.get(1) == Some(&"probes") => {
            &["`probes`", "the piece's letter", "the most probes a query (a number)"]
        }
        "option" => &["the option's name (e.g. `max-bits`)", "the option's value"],
        "region" => &["the region's name", "its squares (`e4`) or rectangles (`d1-f3`)"],
        "confine" => &["the piece's letter", "the region's name"],
        "moves" => &["the piece's letter", "`in`", "the region's name", "the piece's moves there in XBetza"],
        "royal" | "en-passant" => &["the piece's letter"],
        "promote" => {
            &["the piece's letter", "`in`", "the region's name", "`to`", "the letters of the pieces it becomes"]
        }
        "limit" => &["the piece's letter", "the most of it a side may promote to (a number)"],
        "initial" => &["the piece's letter", "the region's name"],
        "castling" => &[
            "the king's letter",
            "the king's square",
            "the king's square after castling",
            "the rook's letter",
            "the rook's square",
            "the rook's square after castling",
        ],
        "fen" => &["the piece's letter", "its letter in a FEN"],
        "needs" => &["the rule (`drops` or `passing`)"],
        "start" => &["the start position's FEN"],
        _ => return None,
    };
    form.get(words.len() - 1).copied()
}

fn describe(rule: Rule) -> String {
    match rule {
        Rule::variant
        | Rule::board
        | Rule::piece
        | Rule::option
        | Rule::probes
        | Rule::statement
        | Rule::region
        | Rule::confine
        | Rule::zone
        | Rule::royal
        | Rule::promote
        | Rule::limit
        | Rule::initial
        | Rule::passant
        | Rule::castling
        | Rule::flying
        | Rule::bare
        | Rule::fen
        | Rule::needs
        | Rule::start => any_statement(),
        Rule::name => "a name (a letter, then letters, digits, `_` or `-`)".to_string(),
        Rule::number => "a number".to_string(),
        Rule::letter => "a piece letter (e.g. `N`, `+R`)".to_string(),
        Rule::betza => "the piece's moves in XBetza (e.g. `N`, `fmWfcF`)".to_string(),
        Rule::gap => "a space".to_string(),
        Rule::area => "a square (`e4`) or a rectangle of squares (`d1-f3`)".to_string(),
        Rule::black => "`black`, then Black's squares".to_string(),
        Rule::by => "`x` between the files and the ranks (e.g. `8x8`)".to_string(),
        Rule::optional => "`optional`".to_string(),
        Rule::square => "a square (e.g. `e1`)".to_string(),
        Rule::fen_letter => "one letter".to_string(),
        Rule::fen_text => "a FEN".to_string(),
        Rule::EOI | Rule::single | Rule::comment | Rule::space | Rule::line => "the end of the line".to_string(),
    }
}
