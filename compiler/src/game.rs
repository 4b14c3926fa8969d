//! The game rules a variant file states beyond its pieces' moves (`royal`, `promote`, `limit`,
//! `initial`, `en-passant`, `castling`, `flying-general`, `bare-king`, `fen`, `needs`): read as
//! the lines come, and resolved to pieces, regions and squares once the whole file is known,
//! each error at the word it is about. The module exports them as the runtime's `Rules`.

use crate::board::{Board, Square};
use crate::error::{Errors, LineStarts};
use crate::regions::Region;
pub use fairy_magic_runtime::Need;

/// A word of the file with the byte offset it was written at.
pub type Named = (String, usize);

/// The game's rules, resolved: pieces are indices into the file's pieces, regions into its
/// regions, squares board indices (White's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRules {
    /// `royal <letter>`.
    pub royal: Option<usize>,
    /// `promote` lines.
    pub promotions: Vec<Promotion>,
    /// `limit <letter> <n>` lines: (piece, n).
    pub limits: Vec<(usize, u8)>,
    /// `initial <letter> <region>` lines: (piece, region).
    pub first_moves: Vec<(usize, usize)>,
    /// `en-passant <letter>` lines.
    pub en_passant: Vec<usize>,
    /// `castling` lines.
    pub castlings: Vec<Castling>,
    /// `flying-general`.
    pub flying_general: bool,
    /// `bare-king`.
    pub bare_king: bool,
    /// `fen <letter> <FEN letter>` lines: (piece, its FEN letter, upper case).
    pub fen_letters: Vec<(usize, char)>,
    /// `needs <rule>` lines.
    pub needs: Vec<Need>,
    /// `start <FEN>`.
    pub start: Option<String>,
}

/// `promote <letter> in <region> to <letters> [optional]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The piece that promotes.
    pub piece: usize,
    /// The region its moves must end in.
    pub region: usize,
    /// What it may become.
    pub to: Vec<usize>,
    /// Whether it must.
    pub forced: bool,
}

/// `castling <king> <from> <to> <rook> <from> <to>`, White's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The king piece.
    pub king: usize,
    /// The king's squares, from and to.
    pub king_squares: [Square; 2],
    /// The rook piece.
    pub rook: usize,
    /// The rook's squares, from and to.
    pub rook_squares: [Square; 2],
}

/// A rule line as read, before pieces, regions and squares are known.
#[derive(Clone, Debug)]
pub enum RuleLine {
    /// `royal <letter>`.
    Royal(Named),
    /// `promote <letter> in <region> to <letters> [optional]`.
    Promote {
        /// The piece that promotes.
        piece: Named,
        /// Where it promotes.
        region: Named,
        /// What it may become.
        to: Vec<Named>,
        /// Whether it must (no `optional`).
        forced: bool,
    },
    /// `limit <letter> <n>`.
    Limit(Named, u8),
    /// `initial <letter> <region>`.
    Initial(Named, Named),
    /// `en-passant <letter>`.
    Passant(Named),
    /// `castling <king> <from> <to> <rook> <from> <to>`.
    Castling {
        /// The king piece.
        king: Named,
        /// The king's squares, from and to.
        king_squares: [Named; 2],
        /// The rook piece.
        rook: Named,
        /// The rook's squares, from and to.
        rook_squares: [Named; 2],
    },
    /// `flying-general`, at its offset.
    Flying(usize),
    /// `bare-king`, at its offset.
    BareKing(usize),
    /// `fen <letter> <FEN letter>`.
    Fen(Named, char),
    /// `needs <rule>`.
    Needs(Need),
    /// `start <FEN>`, at its offset.
    Start(Named),
}

/// The rule `needs` names, or an error listing those it knows.
pub fn need(word: &str) -> Result<Need, String> {
    [Need::Drops, Need::Passing, Need::SpecialRules].into_iter().find(|n| n.name() == word).ok_or_else(|| {
        format!("unknown rule `{word}` after `needs`: the rules a file may say it needs are `drops`, `passing` and `special-rules`")
    })
}

/// What rule lines are resolved against.
pub struct Context<'a> {
    /// The file, for errors.
    pub source: &'a LineStarts<'a>,
    /// The board.
    pub board: Board,
    /// The piece letters, in file order.
    pub letters: &'a [&'a str],
    /// The regions, in file order.
    pub regions: &'a [Region],
}

impl Context<'_> {
    fn piece(&self, (letter, at): &Named, errors: &mut Errors) -> Option<usize> {
        let found = self.letters.iter().position(|l| l == letter);
        if found.is_none() {
            errors.push(self.source.error(*at, format!("`{letter}` is not the letter of any piece line")));
        }
        found
    }

    fn region(&self, (name, at): &Named, errors: &mut Errors) -> Option<usize> {
        let found = self.regions.iter().position(|r| &r.name == name);
        if found.is_none() {
            errors.push(
                self.source
                    .error(*at, format!("the region `{name}` is used but never defined (`region {name} <squares>`)")),
            );
        }
        found
    }

    fn square(&self, (name, at): &Named, errors: &mut Errors) -> Option<Square> {
        let found = self.board.parse_square(name);
        if found.is_none() {
            errors.push(
                self.source.error(
                    *at,
                    format!("`{name}` is not a square of a {}x{} board", self.board.files, self.board.ranks),
                ),
            );
        }
        found
    }
}

/// The rules of `lines`, with every error (unknown letters, regions and squares, a rule stated
/// twice) added to `errors`.
pub fn resolve(lines: &[RuleLine], context: &Context, errors: &mut Errors) -> GameRules {
    let mut rules = GameRules::default();
    let twice = |what: &str, at: usize, errors: &mut Errors| {
        errors.push(context.source.error(at, format!("{what} is stated twice")));
    };
    for line in lines {
        match line {
            RuleLine::Royal(letter) => {
                let Some(piece) = context.piece(letter, errors) else { continue };
                if rules.royal.replace(piece).is_some() {
                    twice("the royal piece", letter.1, errors);
                }
            }
            RuleLine::Promote { piece, region, to, forced } => {
                let (p, r) = (context.piece(piece, errors), context.region(region, errors));
                let to: Vec<Option<usize>> = to.iter().map(|t| context.piece(t, errors)).collect();
                let (Some(p), Some(r)) = (p, r) else { continue };
                if rules.promotions.iter().any(|q| q.piece == p) {
                    twice(&format!("the promotion of `{}`", piece.0), piece.1, errors);
                    continue;
                }
                rules.promotions.push(Promotion {
                    piece: p,
                    region: r,
                    to: to.into_iter().flatten().collect(),
                    forced: *forced,
                });
            }
            RuleLine::Limit(letter, most) => {
                let Some(p) = context.piece(letter, errors) else { continue };
                if rules.limits.iter().any(|(q, _)| *q == p) {
                    twice(&format!("the promotion limit of `{}`", letter.0), letter.1, errors);
                    continue;
                }
                rules.limits.push((p, *most));
            }
            RuleLine::Initial(letter, region) => {
                let (Some(p), Some(r)) = (context.piece(letter, errors), context.region(region, errors)) else {
                    continue;
                };
                if rules.first_moves.iter().any(|(q, _)| *q == p) {
                    twice(&format!("where `{}` makes its first moves", letter.0), letter.1, errors);
                    continue;
                }
                rules.first_moves.push((p, r));
            }
            RuleLine::Passant(letter) => {
                let Some(p) = context.piece(letter, errors) else { continue };
                if rules.en_passant.contains(&p) {
                    twice(&format!("en passant for `{}`", letter.0), letter.1, errors);
                    continue;
                }
                rules.en_passant.push(p);
            }
            RuleLine::Castling { king, king_squares, rook, rook_squares } => {
                let (k, r) = (context.piece(king, errors), context.piece(rook, errors));
                let squares: Vec<Option<Square>> =
                    king_squares.iter().chain(rook_squares).map(|s| context.square(s, errors)).collect();
                let (Some(k), Some(r), [Some(kf), Some(kt), Some(rf), Some(rt)]) = (k, r, squares.as_slice()) else {
                    continue;
                };
                if kf == rf || context.board.file_rank(*kf).1 != context.board.file_rank(*rf).1 {
                    errors.push(context.source.error(
                        rook_squares[0].1,
                        "the rook of a castling stands on the king's rank, on another square",
                    ));
                    continue;
                }
                let castling = Castling { king: k, king_squares: [*kf, *kt], rook: r, rook_squares: [*rf, *rt] };
                let side = |c: &Castling| c.king_squares[1] > c.king_squares[0];
                if rules.castlings.iter().any(|c| side(c) == side(&castling)) {
                    twice("a castling to that side", king.1, errors);
                    continue;
                }
                rules.castlings.push(castling);
            }
            RuleLine::Flying(at) => {
                if std::mem::replace(&mut rules.flying_general, true) {
                    twice("`flying-general`", *at, errors);
                }
            }
            RuleLine::BareKing(at) => {
                if std::mem::replace(&mut rules.bare_king, true) {
                    twice("`bare-king`", *at, errors);
                }
            }
            RuleLine::Fen(letter, fen) => {
                let Some(p) = context.piece(letter, errors) else { continue };
                if rules.fen_letters.iter().any(|(q, _)| *q == p) {
                    twice(&format!("the FEN letter of `{}`", letter.0), letter.1, errors);
                    continue;
                }
                rules.fen_letters.push((p, fen.to_ascii_uppercase()));
            }
            RuleLine::Start((fen, at)) => {
                if rules.start.replace(fen.trim().to_string()).is_some() {
                    twice("the start position", *at, errors);
                }
            }
            RuleLine::Needs(need) => {
                if !rules.needs.contains(need) {
                    rules.needs.push(*need);
                }
            }
        }
    }
    rules
}

impl GameRules {
    /// Each piece's FEN letter, upper case, in file order: a `fen` line's, or the piece's own.
    pub fn fen_letters(&self, letters: &[&str]) -> Vec<String> {
        letters
            .iter()
            .enumerate()
            .map(|(p, letter)| match self.fen_letters.iter().find(|(q, _)| *q == p) {
                Some((_, c)) => c.to_string(),
                None => letter.to_ascii_uppercase(),
            })
            .collect()
    }
}
