//! The reverse lookups (`attackers`, `movers`, `initial_attackers`, `initial_movers`) and
//! `between` of every checked-in module, read through the module's public functions, against
//! the compiler's reference walker run forwards from every square of the board.
//!
//! A reverse answer is the set of squares from which the reference, walking the piece's legs
//! forwards, reaches the target (an enemy on it for captures, empty for quiet moves). The
//! reference walks from every square on random occupancies; through every occupancy of each
//! probe's mask the module's own forward lookups, which `exhaustive.rs` holds to the same
//! reference, stand in for it. `between` is checked by what it means: every square it gives can
//! decide whether the move is made.

use fairy_magic::stages::board::{bit, squares_of, Board, Square, Squares};
use fairy_magic::stages::magics::Word;
use fairy_magic::stages::reference;
use fairy_magic::stages::regions::PieceMoves;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::stages::tables::slot_ids;
use fairy_magic::stages::verify::Verify;
use fairy_magic::{Settings, Source};
use fairy_magic_runtime::BitboardExt;
use fairy_magic_runtime::Color;

use crate::rng::XorShift;

/// Mask subsets tried a probe: all of them up to this many, random ones beyond.
const SUBSETS: usize = 32;
/// Random occupancies walked by the reference from every square, on one target in `SPREAD`.
const RANDOM: usize = 2;
const SPREAD: usize = 3;

struct Module<'a> {
    name: &'a str,
    /// `reverse(kind, piece, colour, target, occupied)` through the module.
    reverse: &'a dyn Fn(TableKind, usize, Color, usize, Squares) -> Squares,
    /// `forward(kind, piece, colour, square, occupied)` through the module.
    forward: &'a dyn Fn(TableKind, usize, Color, usize, Squares) -> Squares,
    /// `between(piece, colour, from, to)` through the module.
    between: &'a dyn Fn(usize, Color, usize, usize) -> Squares,
}

fn compiled<B: fairy_magic::stages::magics::Word>(name: &str) -> fairy_magic::Compiled<B> {
    let file = format!("{}/../variants/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap();
    let (variant, moves) = fairy_magic::stages::pipeline::read(&Source { file: &file, text: &text }).unwrap();
    // Compiled again for its plan (which probes each slot reads), not for its check: what this
    // test checks is the module, and `cargo xtask check` holds the module to this compile.
    let settings = Settings::default().with(&variant.options).with_verify(Verify::Sampled(1));
    fairy_magic::build::<B>(variant, moves, &settings).unwrap()
}

fn check_reverse<B: fairy_magic::stages::magics::Word>(module: &Module, c: &fairy_magic::Compiled<B>) -> usize {
    let board = c.variant.board;
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for id in
        slot_ids(c.tables.kinds.len(), c.moves.len(), board).filter(|id| c.tables.kinds[id.kind_index].is_reverse())
    {
        let kind = c.tables.kinds[id.kind_index];
        let moves = &c.moves[id.piece][id.color as usize];
        let target = id.square.index();
        let walked = |occupied: Squares| reference::reach_back(board, moves, id.square, occupied, kind, board.all());
        let looked_up = |occupied: Squares| {
            let quiet = kind == TableKind::Movers || kind == TableKind::InitialMovers;
            let occupied = if quiet { occupied & !bit(id.square) } else { occupied | bit(id.square) };
            (0..board.squares())
                .filter(|&o| {
                    o != target && (module.forward)(kind.forward(), id.piece, id.color, o, occupied).has_index(target)
                })
                .fold(Squares::EMPTY, |set: Squares, o| set | bit(Square::new(o)))
        };
        let mut compare = |occupied: Squares, expected: &dyn Fn(Squares) -> Squares| {
            let occupied = occupied & board.all();
            let actual = (module.reverse)(kind, id.piece, id.color, target, occupied);
            assert_eq!(
                actual,
                expected(occupied),
                "{}: piece {} {:?} {kind:?} onto {}, occupied {occupied:#x}",
                module.name,
                id.piece,
                id.color,
                board.name(id.square)
            );
            checked += 1;
        };
        for _ in 0..if target % SPREAD == 0 { RANDOM } else { 0 } {
            compare(rng.squares(), &walked);
        }
        for probe in c.tables.block(id).probes(id.square) {
            let mask = probe.mask.to_squares();
            if mask.count_ones() as usize <= SUBSETS.ilog2() as usize {
                let mut subset = Squares::EMPTY;
                loop {
                    compare(subset | (rng.squares() & !mask), &looked_up);
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset.is_empty() {
                        break;
                    }
                }
            } else {
                for _ in 0..SUBSETS {
                    compare(rng.squares(), &looked_up);
                }
            }
        }
    }
    checked
}

/// Which kinds of move the reference makes from `from` to `to`, given `occupied` (the target
/// empty for quiet moves, occupied for captures), one bit a kind.
fn reaches(board: Board, moves: &PieceMoves, from: Square, to: Square, occupied: Squares) -> u32 {
    let to_bit = bit(to);
    let forward = TableKind::ALL.into_iter().filter(|k| !k.is_reverse());
    forward.enumerate().fold(0, |kinds, (i, kind)| {
        let quiet = kind == TableKind::Quiet || kind == TableKind::InitialQuiet;
        let occupied = if quiet { occupied & !to_bit } else { occupied | to_bit };
        kinds | u32::from(reference::reach_piece(board, moves, from, occupied, kind).has_index(to.index())) << i
    })
}

/// Origin squares checked a piece and colour, and occupancies of the squares between a pair.
const ORIGINS: usize = 6;
const OCCUPANCIES: usize = 8;

/// Every square `between` gives can decide whether the move is made: for some occupancy of the
/// squares between (the rest of the board empty, or random), flipping it changes the answer.
fn check_between<B: fairy_magic::stages::magics::Word>(module: &Module, c: &fairy_magic::Compiled<B>) -> usize {
    let board = c.variant.board;
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for (piece, both) in c.moves.iter().enumerate() {
        for color in Color::ALL {
            let moves = &both[color as usize];
            for _ in 0..ORIGINS {
                let from = Square::new((rng.next() % board.squares() as u64) as usize);
                for to in board.each().filter(|&to| to != from) {
                    let between = (module.between)(piece, color, from.index(), to.index());
                    let name = || {
                        format!("{}: piece {piece} {color:?} {} to {}", module.name, board.name(from), board.name(to))
                    };
                    assert!((between & (bit(from) | bit(to))).is_empty(), "{}: the ends are not between", name());
                    let mut decides = Squares::EMPTY;
                    let all = between.count_ones() <= OCCUPANCIES.ilog2();
                    // Beyond every subset, one square or all but one: a hopper's lone screen, a
                    // grasshopper's hurdle with its path empty.
                    let mut bases: Vec<Squares> =
                        squares_of(between).flat_map(|s| [bit(s), between & !bit(s)]).collect();
                    let mut subset = Squares::EMPTY;
                    for _ in 0..OCCUPANCIES.min(1 << between.count_ones()) {
                        bases.push(subset);
                        subset = if all { subset.wrapping_sub(between) & between } else { rng.squares() & between };
                    }
                    for subset in bases {
                        let outside = rng.squares() & board.all() & !between;
                        for base in [subset, subset | outside] {
                            let now = reaches(board, moves, from, to, base);
                            for s in squares_of(between) {
                                if reaches(board, moves, from, to, base ^ bit(s)) != now {
                                    decides |= bit(s);
                                }
                            }
                        }
                    }
                    assert_eq!(decides, between, "{}: squares that decide the move", name());
                    checked += 1;
                }
            }
        }
    }
    checked
}

/// The checks of `$module`; `without_first_moves` marks a module with no `initial_*` functions,
/// whose first moves are none.
macro_rules! reverse {
    ($reverse:ident, $between:ident, $module:ident, $word:ty) => {
        reverse!(
            $reverse,
            $between,
            $module,
            $word,
            [m::initial_movers, m::initial_attackers, m::initial_quiets, m::initial_attacks]
        );
    };
    ($reverse:ident, $between:ident, $module:ident, $word:ty, without_first_moves) => {
        reverse!($reverse, $between, $module, $word, [nothing, nothing, nothing, nothing]);
    };
    ($reverse:ident, $between:ident, $module:ident, $word:ty, [$movers:expr, $attackers:expr, $quiets:expr, $attacks:expr]) => {
        fn $module() -> Module<'static> {
            use fairy_magic_generated::$module as m;
            /// The compiler numbers squares; the module takes its own `Square`.
            fn at(index: usize) -> m::Square {
                m::Square::new(index).expect("a square of the board")
            }
            /// A lookup the module does not have: it answers nothing.
            #[allow(dead_code)]
            fn nothing(_: m::Piece, _: m::Color, _: m::Square, _: m::Bitboard) -> m::Bitboard {
                <m::Bitboard as fairy_magic_runtime::BitboardExt>::EMPTY
            }
            type Lookup = fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard;
            const INITIAL_MOVERS: Lookup = $movers;
            const INITIAL_ATTACKERS: Lookup = $attackers;
            const INITIAL_QUIETS: Lookup = $quiets;
            const INITIAL_ATTACKS: Lookup = $attacks;
            Module {
                name: stringify!($module),
                reverse: &|kind, piece, color, target, occupied| {
                    let (piece, occupied) = (m::Piece::ALL[piece], <m::Bitboard as Word>::from_squares(occupied));
                    let target = at(target);
                    (match kind {
                        TableKind::Attackers => m::attackers(piece, color, target, occupied),
                        TableKind::Movers => m::movers(piece, color, target, occupied),
                        TableKind::InitialAttackers => INITIAL_ATTACKERS(piece, color, target, occupied),
                        TableKind::InitialMovers => INITIAL_MOVERS(piece, color, target, occupied),
                        other => panic!("{other:?} is not a reverse kind"),
                    })
                    .to_squares()
                },
                forward: &|kind, piece, color, square, occupied| {
                    let (piece, occupied) = (m::Piece::ALL[piece], <m::Bitboard as Word>::from_squares(occupied));
                    let square = at(square);
                    (match kind {
                        TableKind::Quiet => m::quiets(piece, color, square, occupied),
                        TableKind::Capture => m::attacks(piece, color, square, occupied),
                        TableKind::InitialQuiet => INITIAL_QUIETS(piece, color, square, occupied),
                        TableKind::InitialCapture => INITIAL_ATTACKS(piece, color, square, occupied),
                        other => panic!("{other:?} is not a forward kind here"),
                    })
                    .to_squares()
                },
                between: &|piece, color, from, to| {
                    m::between(m::Piece::ALL[piece], color, at(from), at(to)).to_squares()
                },
            }
        }

        mod $module {
            /// Compiled once for both tests of the module.
            pub fn compiled() -> &'static fairy_magic::Compiled<$word> {
                static COMPILED: std::sync::OnceLock<fairy_magic::Compiled<$word>> = std::sync::OnceLock::new();
                COMPILED.get_or_init(|| super::compiled::<$word>(stringify!($module)))
            }
        }

        #[test]
        fn $reverse() {
            assert!(check_reverse::<$word>(&$module(), $module::compiled()) > 1_000);
        }

        #[test]
        fn $between() {
            assert!(check_between::<$word>(&$module(), $module::compiled()) > 100);
        }
    };
}

reverse!(chess_reverse, chess_between, chess, u64);
reverse!(chess_pext_reverse, chess_pext_between, chess_pext, u64);
reverse!(chess_split32_reverse, chess_split32_between, chess_split32, u64);
reverse!(chess_throughput_reverse, chess_throughput_between, chess_throughput, u64);
reverse!(gallery_reverse, gallery_between, gallery, u64);
reverse!(fairy_reverse, fairy_between, fairy, u64, without_first_moves);
reverse!(xiangqi_reverse, xiangqi_between, xiangqi, u128, without_first_moves);
reverse!(janggi_reverse, janggi_between, janggi, u128, without_first_moves);
reverse!(shogi_reverse, shogi_between, shogi, u128, without_first_moves);
reverse!(capablanca_reverse, capablanca_between, capablanca, u128);
reverse!(grand_reverse, grand_between, grand, u128);
reverse!(bentriders_reverse, bentriders_between, bentriders, u128, without_first_moves);
reverse!(chu_reverse, chu_between, chu, fairy_magic_runtime::Bitboard192, without_first_moves);
reverse!(big16_reverse, big16_between, big16, fairy_magic::stages::board::Squares);
