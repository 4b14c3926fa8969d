//! Fairy-Stockfish's inheritance and override rules for the settings that move pieces.
//!
//! A variant starts as a copy of its parent (or of the empty template: 8x8, no pieces) and each
//! section's settings are applied to it in Fairy-Stockfish's order: the board first, then every
//! piece type in its type order, so that a letter given to a second type moves to it and the
//! first type is gone; `pawn = -` removes a type; `customPieceN = x:BETZA` is a type of its own.
//! The game's rules (`GameSettings`) follow the same order, after the pieces: a setting that
//! names pieces by letter reads the letters as they stand once the section's pieces are read.

use std::collections::{BTreeMap, BTreeSet};

use super::builtins::{CUSTOM_SLOTS, PIECE_TYPES};
use crate::error::Error;
use fairy_magic_runtime::Need;

/// One `key = value` line; `at` is the value's byte offset in the ini file (`None` for a
/// built-in variant's facts).
#[derive(Clone, Copy, Debug)]
pub struct IniLine<'a> {
    /// The key, as written.
    pub key: &'a str,
    /// The value, as written.
    pub value: &'a str,
    /// The value's byte offset in the ini file.
    pub at: Option<usize>,
}

/// A value with the place it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed<T> {
    /// The value.
    pub value: T,
    /// Its byte offset in the ini file (`None`: a built-in variant's fact).
    pub at: Option<usize>,
}

/// Everything about a variant that decides how its pieces move.
#[derive(Clone, Debug)]
pub struct IniVariant {
    /// The board's files (`maxFile`).
    pub files: u32,
    /// The board's ranks (`maxRank`).
    pub ranks: u32,
    /// Piece type index (see `type_key`) → its letter, lower case.
    pub letters: BTreeMap<usize, Placed<char>>,
    /// Custom slot type index → its Betza, kept when the slot loses its letter, as there.
    pub custom: BTreeMap<usize, Placed<String>>,
    /// The king's own Betza (`king = k:BETZA`), or `None` for a plain king.
    pub king: Option<Placed<String>>,
    /// (type index, 0 White / 1 Black) → squares in Fairy-Stockfish's syntax.
    pub regions: BTreeMap<(usize, usize), Placed<String>>,
    /// Whether pawns may step twice from their first rank (`doubleStep`).
    pub double_step: bool,
    /// Below this relative rank a soldier moves like a shogi pawn.
    pub soldier_rank: u32,
    /// The game's rules.
    pub game: GameSettings,
    /// The built-in variant, this one or an ancestor, whose rules are not transcribed
    /// (`BUILT_IN_RULES`): then the game's rules are unknown and none are written.
    pub rules_unknown: Option<&'static str>,
    /// Settings that are game rules, left out of the variant file.
    pub ignored: BTreeSet<String>,
}

/// The game's rules as Fairy-Stockfish's settings state them, with its defaults (those of
/// its `Variant`, which chess keeps): pieces are type indices, squares its square lists.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// `startFen`.
    pub start: Placed<String>,
    /// `promotionRegionWhite`, `promotionRegionBlack` (or the older `promotionRank`).
    pub promotion_region: [String; 2],
    /// `promotionPawnTypes`: the types that promote.
    pub promotion_pawns: BTreeSet<usize>,
    /// `promotionPieceTypes`: what they become.
    pub promotion_pieces: BTreeSet<usize>,
    /// `mandatoryPawnPromotion`.
    pub promotion_forced: bool,
    /// `promotionLimit = q:1 r:2`: type → the most of it a side may have by promotion.
    pub promotion_limits: BTreeMap<usize, u32>,
    /// `doubleStepRegionWhite`, `doubleStepRegionBlack` (or `doubleStepRank`): where first
    /// moves (the pawn's double step, any XBetza `i`) are made.
    pub first_move_region: [String; 2],
    /// `enPassantTypes`.
    pub en_passant: BTreeSet<usize>,
    /// `castling` and where it goes.
    pub castling: Option<CastlingFiles>,
    /// `flyingGeneral`.
    pub flying_general: bool,
    /// `extinction*`: the game ends when a side has few enough of some pieces.
    pub extinction: Extinction,
    /// `pieceDrops`, `pass`...: rules the language names but does not state.
    pub needs: Vec<Need>,
    /// Settings of special goals and move rules the engine does not play (`mustCapture`...).
    pub special: BTreeSet<String>,
}

/// Fairy-Stockfish's extinction settings as a section states them: the game ends when a side
/// has at most `count` of one of `types` while the other has at least `opponent_count` (one
/// more against the side to move under `claim`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extinction {
    /// `extinctionValue` (`loss`, `win`, `draw`), `None` while it is `none` or unset: then the
    /// rule is off.
    pub value: Option<String>,
    /// `extinctionClaim`.
    pub claim: bool,
    /// `extinctionPseudoRoyal`.
    pub pseudo_royal: bool,
    /// `extinctionPieceTypes`, as written (`*`: every piece together).
    pub types: String,
    /// `extinctionPieceCount`.
    pub count: u32,
    /// `extinctionOpponentPieceCount`.
    pub opponent_count: u32,
}

impl Extinction {
    /// Whether the settings are the rule `bare-king` states, Shatranj's and Courier's in
    /// Fairy-Stockfish: a side with one piece of all (its king) loses, claimed by the side to
    /// move, against two or more.
    pub fn is_bare_king(&self) -> bool {
        self.value.as_deref() == Some("loss")
            && self.claim
            && !self.pseudo_royal
            && self.types.trim() == "*"
            && self.count == 1
            && self.opponent_count == 2
    }
}

/// `castlingKingFile`, `castlingKingsideFile`... as files from 0 and a rank from 1.
#[derive(Clone, Copy, Debug)]
pub struct CastlingFiles {
    /// The rank castling happens on, from 1 (`castlingRank`).
    pub rank: u32,
    /// The king's file before castling (`castlingKingFile`).
    pub king: u32,
    /// The king's file after castling kingside (`castlingKingsideFile`).
    pub king_kingside: u32,
    /// The king's file after castling queenside (`castlingQueensideFile`).
    pub king_queenside: u32,
    /// `None`: the last file.
    pub rook_kingside: Option<u32>,
    /// The queenside rook's file (`castlingRookQueensideFile`).
    pub rook_queenside: u32,
}

impl Default for CastlingFiles {
    fn default() -> Self {
        CastlingFiles { rank: 1, king: 4, king_kingside: 6, king_queenside: 2, rook_kingside: None, rook_queenside: 0 }
    }
}

/// The start position of Fairy-Stockfish's template, chess's.
pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Settings that make a game the engine cannot play: special goals and move rules. A value of
/// `false`, `-`, `none` or nothing turns one off (`checking` is off when `false`: then it is on).
const SPECIAL: &[&str] = &[
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "whiteFlag",
    "blackFlag",
    "checkCounting",
    "mustCapture",
    "mustDrop",
    "blastOnCapture",
    "petrifyOnCaptureTypes",
    "gating",
    "seirawanGating",
    "wallingRule",
    "cambodianMoves",
    "makpongRule",
    "sittuyinPromotion",
    "promotedPieceType",
    "connectN",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
];

/// The type index of a predefined type's setting name.
pub fn type_of(key: &str) -> usize {
    PIECE_TYPES.iter().position(|(k, _)| *k == key).expect("a predefined piece type")
}

impl Default for GameSettings {
    fn default() -> Self {
        let set = |keys: &[&str]| keys.iter().map(|k| type_of(k)).collect();
        GameSettings {
            start: Placed { value: CHESS_START.to_string(), at: None },
            promotion_region: ["*8".to_string(), "*1".to_string()],
            promotion_pawns: set(&["pawn"]),
            promotion_pieces: set(&["queen", "rook", "bishop", "knight"]),
            promotion_forced: true,
            promotion_limits: BTreeMap::new(),
            first_move_region: ["*2".to_string(), "*7".to_string()],
            en_passant: set(&["pawn"]),
            castling: Some(CastlingFiles::default()),
            flying_general: false,
            extinction: Extinction::default(),
            needs: Vec::new(),
            special: BTreeSet::new(),
        }
    }
}

impl IniVariant {
    /// Fairy-Stockfish's empty template: an 8x8 board and no pieces.
    pub fn empty() -> IniVariant {
        IniVariant {
            files: 8,
            ranks: 8,
            letters: BTreeMap::new(),
            custom: BTreeMap::new(),
            king: None,
            regions: BTreeMap::new(),
            double_step: true,
            soldier_rank: 1,
            game: GameSettings::default(),
            rules_unknown: None,
            ignored: BTreeSet::new(),
        }
    }
}

/// The number of piece types, the king last.
pub fn type_count() -> usize {
    PIECE_TYPES.len() + CUSTOM_SLOTS + 1
}

/// The setting name of a piece type: `pawn`, `customPiece3`, `king`.
pub fn type_key(index: usize) -> String {
    let custom = index.checked_sub(PIECE_TYPES.len());
    match custom {
        None => PIECE_TYPES[index].0.to_string(),
        Some(n) if n < CUSTOM_SLOTS => format!("customPiece{}", n + 1),
        Some(_) => "king".to_string(),
    }
}

/// Whether a piece type index is one of the custom slots (`customPiece1`...).
pub fn is_custom(index: usize) -> bool {
    (PIECE_TYPES.len()..PIECE_TYPES.len() + CUSTOM_SLOTS).contains(&index)
}

/// Whether a piece type index is the king's.
pub fn is_king(index: usize) -> bool {
    index == type_count() - 1
}

/// Where an error about a setting is reported: at its value, or (a built-in) without a place.
pub type Locate<'a> = dyn Fn(Option<usize>, String) -> Error + 'a;

/// Applies one section's lines (a later line for the same key wins) to `state`.
pub fn apply(state: &mut IniVariant, lines: &[IniLine], locate: &Locate) -> Result<(), Error> {
    let mut by_key: BTreeMap<&str, IniLine> = BTreeMap::new();
    for line in lines {
        by_key.insert(line.key, *line);
    }
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut take = |key: &str| {
        used.insert(key.to_string());
        by_key.get(key).copied()
    };
    if let Some(l) = take("maxRank") {
        state.ranks = board_size(l, locate)?;
    }
    if let Some(l) = take("maxFile") {
        state.files = board_size(l, locate)?;
    }
    for index in 0..type_count() {
        let key = type_key(index);
        if let Some(l) = take(&key).filter(|l| !l.value.is_empty()) {
            define(state, index, l);
        }
        for (colour, side) in ["White", "Black"].into_iter().enumerate() {
            let mut name = key.clone();
            name[..1].make_ascii_uppercase();
            if let Some(l) = take(&format!("mobilityRegion{side}{name}")) {
                state.regions.insert((index, colour), Placed { value: l.value.to_string(), at: l.at });
            }
        }
    }
    if let Some(l) = take("doubleStep") {
        state.double_step = l.value != "false";
    }
    if let Some(l) = take("soldierPromotionRank") {
        state.soldier_rank = l
            .value
            .parse()
            .map_err(|_| locate(l.at, format!("`soldierPromotionRank = {}`: expected a rank number", l.value)))?;
    }
    game_settings(state, &mut take, locate)?;
    state.ignored.extend(by_key.keys().filter(|k| !used.contains(**k)).map(|k| k.to_string()));
    Ok(())
}

/// The game's rules among a section's lines (`take` marks a key read).
fn game_settings<'a>(
    state: &mut IniVariant,
    take: &mut dyn FnMut(&str) -> Option<IniLine<'a>>,
    locate: &Locate,
) -> Result<(), Error> {
    let ranks = state.ranks;
    let flag = |l: IniLine| -> Result<bool, Error> {
        match l.value {
            "true" => Ok(true),
            "false" => Ok(false),
            v => Err(locate(l.at, format!("`{} = {v}`: expected true or false", l.key))),
        }
    };
    let number = |l: IniLine| -> Result<u32, Error> {
        l.value.parse().map_err(|_| locate(l.at, format!("`{} = {}`: expected a number", l.key, l.value)))
    };
    let file = |l: IniLine| -> Result<u32, Error> {
        single_letter(l.value)
            .filter(|f| *f < 16)
            .ok_or_else(|| locate(l.at, format!("`{} = {}`: expected a file letter, a to p", l.key, l.value)))
    };
    let game = &mut state.game;
    if let Some(l) = take("startFen") {
        game.start = Placed { value: l.value.to_string(), at: l.at };
    }
    if let Some(l) = take("promotionRank") {
        let r = number(l)?;
        game.promotion_region = [ranks_from(r, ranks), ranks_from(1, (ranks + 1).saturating_sub(r))];
    }
    for (colour, side) in ["White", "Black"].into_iter().enumerate() {
        if let Some(l) = take(&format!("promotionRegion{side}")) {
            game.promotion_region[colour] = l.value.to_string();
        }
        if let Some(l) = take(&format!("doubleStepRegion{side}")) {
            game.first_move_region[colour] = l.value.to_string();
        }
    }
    if let Some(l) = take("doubleStepRank") {
        let r = number(l)?;
        game.first_move_region = [format!("*{r}"), format!("*{}", (ranks + 1).saturating_sub(r))];
    }
    let letters = state.letters.clone();
    let types = |l: IniLine| piece_types(&letters, l, locate);
    for key in ["promotionPawnTypes", "pawnTypes"] {
        if let Some(l) = take(key) {
            game.promotion_pawns = types(l)?;
        }
    }
    for key in ["promotionPieceTypes", "promotionPieceTypesWhite"] {
        if let Some(l) = take(key) {
            game.promotion_pieces = types(l)?;
        }
    }
    if let Some(l) = take("mandatoryPawnPromotion") {
        game.promotion_forced = flag(l)?;
    }
    if let Some(l) = take("promotionLimit") {
        game.promotion_limits = limits(&letters, l, locate)?;
    }
    for key in ["enPassantTypes", "enPassantTypesWhite"] {
        if let Some(l) = take(key) {
            game.en_passant = types(l)?;
        }
    }
    if let Some(l) = take("castling") {
        game.castling = flag(l)?.then(|| game.castling.unwrap_or_default());
    }
    if let Some(c) = game.castling.as_mut() {
        if let Some(l) = take("castlingRank") {
            c.rank = number(l)?;
        }
        if let Some(l) = take("castlingKingFile") {
            c.king = file(l)?;
        }
        if let Some(l) = take("castlingKingsideFile") {
            c.king_kingside = file(l)?;
        }
        if let Some(l) = take("castlingQueensideFile") {
            c.king_queenside = file(l)?;
        }
        if let Some(l) = take("castlingRookKingsideFile") {
            c.rook_kingside = Some(file(l)?);
        }
        if let Some(l) = take("castlingRookQueensideFile") {
            c.rook_queenside = file(l)?;
        }
    }
    if let Some(l) = take("flyingGeneral") {
        game.flying_general = flag(l)?;
    }
    extinction(&mut game.extinction, take, &flag, &number)?;
    let mut need = |n: Need, on: bool| {
        if on && !game.needs.contains(&n) {
            game.needs.push(n);
        }
    };
    if let Some(l) = take("pieceDrops") {
        need(Need::Drops, flag(l)?);
    }
    for key in ["pass", "passWhite", "passBlack", "passOnStalemate", "passOnStalemateWhite", "passOnStalemateBlack"] {
        if let Some(l) = take(key) {
            need(Need::Passing, flag(l)?);
        }
    }
    for key in SPECIAL {
        if let Some(l) = take(key) {
            if !matches!(l.value, "false" | "-" | "none" | "") {
                game.special.insert(key.to_string());
            }
        }
    }
    if let Some(l) = take("checking") {
        if !flag(l)? {
            game.special.insert("checking".to_string());
        }
    }
    Ok(())
}

/// The `extinction*` settings among a section's lines.
fn extinction<'a>(
    e: &mut Extinction,
    take: &mut dyn FnMut(&str) -> Option<IniLine<'a>>,
    flag: &dyn Fn(IniLine) -> Result<bool, Error>,
    number: &dyn Fn(IniLine) -> Result<u32, Error>,
) -> Result<(), Error> {
    if let Some(l) = take("extinctionValue") {
        e.value = (l.value != "none" && !l.value.is_empty()).then(|| l.value.to_string());
    }
    if let Some(l) = take("extinctionClaim") {
        e.claim = flag(l)?;
    }
    if let Some(l) = take("extinctionPseudoRoyal") {
        e.pseudo_royal = flag(l)?;
    }
    if let Some(l) = take("extinctionPieceTypes") {
        e.types = l.value.to_string();
    }
    if let Some(l) = take("extinctionPieceCount") {
        e.count = number(l)?;
    }
    if let Some(l) = take("extinctionOpponentPieceCount") {
        e.opponent_count = number(l)?;
    }
    Ok(())
}

/// `*from ... *to`: the ranks from `from` to `to`, in Fairy-Stockfish's square lists.
fn ranks_from(from: u32, to: u32) -> String {
    (from.max(1)..=to).map(|r| format!("*{r}")).collect::<Vec<_>>().join(" ")
}

/// The type of a piece letter as the section's pieces stand.
fn type_of_letter(letters: &BTreeMap<usize, Placed<char>>, c: char) -> Option<usize> {
    letters.iter().find(|(_, l)| l.value == c.to_ascii_lowercase()).map(|(&i, _)| i)
}

/// A list of piece letters (`qrbn`, `-` for none) as types.
fn piece_types(letters: &BTreeMap<usize, Placed<char>>, l: IniLine, locate: &Locate) -> Result<BTreeSet<usize>, Error> {
    l.value
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| {
            type_of_letter(letters, c).ok_or_else(|| {
                locate(l.at, format!("`{} = {}`: `{c}` is not the letter of a piece of this variant", l.key, l.value))
            })
        })
        .collect()
}

/// `promotionLimit = q:1 r:2`.
fn limits(letters: &BTreeMap<usize, Placed<char>>, l: IniLine, locate: &Locate) -> Result<BTreeMap<usize, u32>, Error> {
    let bad = || locate(l.at, format!("`promotionLimit = {}`: expected letter:count pairs (`q:1 r:2`)", l.value));
    l.value
        .split_whitespace()
        .map(|pair| {
            let (letter, n) = pair.split_once(':').ok_or_else(bad)?;
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else { return Err(bad()) };
            let piece = type_of_letter(letters, c).ok_or_else(bad)?;
            Ok((piece, n.parse().map_err(|_| bad())?))
        })
        .collect()
}

/// A piece type's line: a letter gives the type that letter (taking it from any other type),
/// anything else (`-`) removes the type; custom pieces and the king may carry Betza after `x:`.
fn define(state: &mut IniVariant, index: usize, line: IniLine) {
    let first = line.value.chars().next().unwrap_or('-');
    if !first.is_ascii_alphabetic() {
        state.letters.remove(&index);
        return;
    }
    let letter = first.to_ascii_lowercase();
    state.letters.retain(|_, l| l.value != letter);
    state.letters.insert(index, Placed { value: letter, at: line.at });
    let betza = line.value.get(2..).filter(|_| line.value.len() > 1);
    let at = line.at.map(|a| a + 2);
    if is_custom(index) {
        if let Some(b) = betza {
            state.custom.insert(index, Placed { value: b.to_string(), at });
        }
    } else if is_king(index) {
        state.king = betza.map(|b| Placed { value: b.to_string(), at });
    }
}

/// `maxFile` / `maxRank`: a number, or for files a letter (`j` = 10).
fn board_size(line: IniLine, locate: &Locate) -> Result<u32, Error> {
    let v = line.value;
    let parsed = v.parse::<u32>().ok().or_else(|| {
        let mut chars = v.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Some(c as u32 - 'a' as u32 + 1),
            _ => None,
        }
    });
    parsed
        .filter(|n| (1..=16).contains(n))
        .ok_or_else(|| locate(line.at, format!("`{} = {v}`: expected 1 to 16 (or a file letter, a to p)", line.key)))
}

/// A Fairy-Stockfish square list (`d1 e1`, `*1` a whole rank, `a*` a whole file, `-` none) as
/// the items of a `region` line, keeping only squares on the board. `Ok(None)`: no squares,
/// which Fairy-Stockfish reads as no restriction.
pub fn region_items(text: &str, files: u32, ranks: u32) -> Result<Option<String>, String> {
    let last_file = (b'a' + files as u8 - 1) as char;
    let mut items = Vec::new();
    for item in text.split_whitespace() {
        if item == "-" {
            break;
        }
        let bad = || format!("`{item}`: expected a square (`e4`), a rank (`*1`) or a file (`a*`)");
        if let Some(rank) = item.strip_prefix('*') {
            let r: u32 = rank.parse().map_err(|_| bad())?;
            if (1..=ranks).contains(&r) {
                items.push(format!("a{r}-{last_file}{r}"));
            }
        } else if let Some(file) = item.strip_suffix('*') {
            let f = single_letter(file).ok_or_else(bad)?;
            if f < files {
                let c = (b'a' + f as u8) as char;
                items.push(format!("{c}1-{c}{ranks}"));
            }
        } else {
            let split = item.char_indices().nth(1).map_or(item.len(), |(i, _)| i);
            let f = single_letter(&item[..split]).ok_or_else(bad)?;
            let r: u32 = item[split..].parse().map_err(|_| bad())?;
            if f < files && (1..=ranks).contains(&r) {
                items.push(item.to_ascii_lowercase());
            }
        }
    }
    Ok((!items.is_empty()).then(|| items.join(" ")))
}

fn single_letter(text: &str) -> Option<u32> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase() as u32 - 'a' as u32),
        _ => None,
    }
}
