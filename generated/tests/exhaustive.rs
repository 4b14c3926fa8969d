//! Every checked-in table, read through the module's public functions, equals the compiler's
//! independent reference walker: for every probe of every (kind, piece, colour, square), every
//! occupancy of the probe's mask with random occupancy outside it, and random occupancies where
//! a slot needs no probe. A computed line is walked through every subset of its squares where
//! it has at most [`EVERY_SUBSET`] of them (every line of a board of up to 12 files); a longer
//! one (a 16x16 rank line has 2^15 subsets) through every placement of the first two pieces
//! on each of its rays ([`first_two_placements`]), which is all its answer reads, and
//! [`RANDOM_SUBSETS`] random occupancies.

use fairy_magic::stages::board::{bit, squares_of, Squares};
use fairy_magic::stages::magics::Word;
use fairy_magic::stages::reference;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::stages::tables::slot_ids;
use fairy_magic::stages::verify::Verify;
use fairy_magic::{Settings, Source};

use crate::rng::XorShift;

/// The most squares a computed line may have for every subset of them to be walked: a straight
/// line across a board of up to 12 files and ranks has at most 11.
const EVERY_SUBSET: u32 = 12;
/// Random occupancies of each of two kinds (of the whole board, and of the line's squares with
/// the rest of the board apart) walked for a longer line. A long line is read by the runtime's
/// line functions, which verification calls on the same lines with as many random subsets as
/// this (`LONG_MASK_SAMPLES` in the compiler's `verify.rs`), and every answer they can give is
/// already reached by [`first_two_placements`]: more random draws (there were 4,096 of each
/// kind, two thirds of this test's time) would walk the same entries again.
const RANDOM_SUBSETS: usize = 256;

/// Checks one variant; `query(kind, piece, white, square, occupied)` answers through the module.
fn check_variant<B: fairy_magic::stages::magics::Word>(
    name: &str,
    query: &dyn Fn(TableKind, usize, bool, usize, Squares) -> Squares,
) -> usize {
    let file = format!("{}/../variants/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap();
    let (variant, moves) = fairy_magic::stages::pipeline::read(&Source { file: &file, text: &text }).unwrap();
    let board = variant.board;
    // Compiled again for its plan (which probes each slot reads), not for its check: what this
    // test checks is the module, and `cargo xtask check` holds the module to this compile.
    let settings = Settings::default().with(&variant.options).with_verify(Verify::Sampled(1));
    let compiled = fairy_magic::build::<B>(variant, moves, &settings).unwrap();
    let tables = &compiled.tables;
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for id in slot_ids(tables.kinds.len(), compiled.moves.len(), board) {
        let kind = tables.kinds[id.kind_index];
        // Reverse lookups have their own test (`reverse.rs`).
        if kind.is_reverse() {
            continue;
        }
        let moves = &compiled.moves[id.piece][id.color as usize];
        let block = tables.block(id);
        let square = id.square;
        // Every probe's mask and every computed line's squares, each walked through all its subsets.
        let probed = block.probes(square).iter().map(|p| p.mask.to_squares());
        let (lined, long): (Vec<Rays>, Vec<Rays>) = block
            .lines(square)
            .iter()
            .map(|l| Rays { up: l.up.to_squares(), down: l.down.to_squares() })
            .partition(|l| (l.up | l.down).count_ones() <= EVERY_SUBSET);
        let masks: Vec<Squares> = probed.chain(lined.iter().map(|l| l.up | l.down)).collect();
        let white = id.color == fairy_magic_runtime::Color::White;
        let mut compare = |occupied: Squares| {
            let occupied = occupied & board.all();
            let expected = reference::reach_piece(board, moves, id.square, occupied, kind);
            let actual = query(kind, id.piece, white, id.square.index(), occupied);
            assert_eq!(
                actual,
                expected,
                "{name}: piece {} {:?} {kind:?} on {}, occupied {occupied:#x}",
                id.piece,
                id.color,
                board.name(id.square)
            );
            checked += 1;
        };
        for _ in 0..32 {
            compare(rng.squares());
        }
        // Plain checks, on their edges: exactly what each requires, then each square flipped.
        for c in block.checks(square) {
            let (path, required) = (c.path.to_squares(), c.required.to_squares());
            let base = required | (rng.squares() & !path);
            compare(base);
            for square in squares_of(path) {
                compare(base ^ bit(square));
            }
        }
        for line in long {
            let mask = line.up | line.down;
            for _ in 0..RANDOM_SUBSETS {
                compare(rng.squares());
                compare(rng.squares() & mask | rng.squares() & !mask);
            }
            let [up, down] = line.nearest_first();
            let (ups, downs) = (first_two_placements(&up), first_two_placements(&down));
            for up in &ups {
                for down in &downs {
                    compare(up.occupied | down.occupied | (rng.squares() & !(up.decided | down.decided)));
                }
            }
        }
        for mask in masks {
            let mut subset = Squares::EMPTY;
            loop {
                compare(subset | (rng.squares() & !mask));
                subset = subset.wrapping_sub(mask) & mask;
                if subset == Squares::EMPTY {
                    break;
                }
            }
        }
    }
    checked
}

/// The two rays of a computed line, as sets of squares.
struct Rays {
    /// The ray whose squares' indices rise with the distance from the piece.
    up: Squares,
    /// The ray whose squares' indices fall with the distance from the piece.
    down: Squares,
}

impl Rays {
    /// Each ray's squares, nearest the piece first.
    fn nearest_first(&self) -> [Vec<Squares>; 2] {
        let up = squares_of(self.up).map(bit).collect();
        let mut down: Vec<Squares> = squares_of(self.down).map(bit).collect();
        down.reverse();
        [up, down]
    }
}

/// Where pieces stand on one ray: on `occupied`, and nowhere else within `decided`.
struct Placement {
    occupied: Squares,
    decided: Squares,
}

/// Every placement of the first two pieces (none, one, or two) on a ray of these squares,
/// nearest the piece first. Each line form (a slide, a hop, a vault, a screened slide, a slide
/// then a step) answers by a ray's first two pieces at most, so the squares past the second
/// are left out of `decided`, for random occupancy. A ray of n squares has 1 + n + n(n-1)/2
/// placements.
fn first_two_placements(along: &[Squares]) -> Vec<Placement> {
    let up_to = |last: usize| along[..=last].iter().fold(Squares::EMPTY, |d, &s| d | s);
    let ray = along.iter().fold(Squares::EMPTY, |d, &s| d | s);
    let mut placements = vec![Placement { occupied: Squares::EMPTY, decided: ray }];
    for (first, &a) in along.iter().enumerate() {
        placements.push(Placement { occupied: a, decided: ray });
        for (second, &b) in along.iter().enumerate().skip(first + 1) {
            placements.push(Placement { occupied: a | b, decided: up_to(second) });
        }
    }
    placements
}

/// One test per shipped module (`shipped.rs`): `exhaustive::NAME::tables_equal_the_reference`.
macro_rules! exhaustive {
    ($module:ident) => {
        exhaustive!($module, |_, _, _, _| panic!("no friendly tables in this module"), |_, _, _, _| {
            panic!("no friendly tables in this module")
        });
    };
    // The first moves are read through the runtime's `Tables`, which has them for every module.
    ($module:ident, without_first_moves) => {
        exhaustive!($module);
    };
    ($module:ident, friendly) => {
        exhaustive!(
            $module,
            fairy_magic_generated::$module::friendly_attacks,
            fairy_magic_generated::$module::initial_friendly_attacks
        );
    };
    ($module:ident, $friendly:expr, $initial_friendly:expr) => {
        mod $module {
            use super::*;

            #[test]
            fn tables_equal_the_reference() {
                use fairy_magic_generated::$module as m;
                use fairy_magic_runtime::Tables;
                let checked =
                    check_variant::<m::Bitboard>(stringify!($module), &|kind, piece, white, square, occupied| {
                        let piece = m::Piece::ALL[piece];
                        let color = if white { m::Color::White } else { m::Color::Black };
                        let occupied = <m::Bitboard as Word>::from_squares(occupied);
                        let square = m::Square::new(square).expect("a square of the board");
                        let found = match kind {
                            TableKind::Quiet => m::quiets(piece, color, square, occupied),
                            TableKind::Capture => m::attacks(piece, color, square, occupied),
                            // Through the runtime's `Tables`, which answers no first moves for a
                            // module without `initial_*` functions (no piece has an `i` move).
                            TableKind::InitialQuiet => {
                                <m::Tables as Tables>::initial_quiets(piece as usize, color, square.index(), occupied)
                            }
                            TableKind::InitialCapture => {
                                <m::Tables as Tables>::initial_attacks(piece as usize, color, square.index(), occupied)
                            }
                            TableKind::Friendly => {
                                let friendly: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard = $friendly;
                                friendly(piece, color, square, occupied)
                            }
                            TableKind::InitialFriendly => {
                                let friendly: fn(m::Piece, m::Color, m::Square, m::Bitboard) -> m::Bitboard =
                                    $initial_friendly;
                                friendly(piece, color, square, occupied)
                            }
                            other => {
                                unreachable!("{other:?}: reverse lookups are skipped here (reverse.rs checks them)")
                            }
                        };
                        found.to_squares()
                    });
                // The smallest, losalamos (6x6, its riders' slides computed lines), checks 80,512.
                assert!(checked > 50_000, "only {checked} queries were checked");
            }
        }
    };
}

crate::shipped::for_each_module!(exhaustive);
