//! `vector_index`, `move_index`, `threat_index` and `policy_index` of every checked-in module,
//! exhaustively over (piece, colour, from, to), against potential attacks and potential moves
//! computed here from the compiler's path moves and each confirmed by its reference walker.
//!
//! A potential attack is a square a piece attacks under some occupancy; a potential move, a
//! square it goes to under some occupancy by a move of any kind (quiet, capture, friendly
//! capture, with or without `i`). The path moves say which occupancy: each destination's path
//! move is replayed through the reference walker on the squares it requires occupied (for a
//! one-leg hopper, one square of its path), and must be reached. The other way round, what the
//! reference and the module's own lookups reach on random boards must be potential attacks or
//! moves. The indices must then be defined on exactly those moves and number them as
//! documented: `move_index` and `policy_index` square by square from `0`, each `from`'s moves in
//! square order; a vector index for every vector some square's potential attacks have, the same
//! for the same vector from anywhere; and threat features in their documented blocks, every one
//! of them as it was before policy indices were added (a checksum pinned per module).

use std::collections::{BTreeMap, BTreeSet};

use fairy_magic::stages::board::{bit, squares_of, Board, Square, Squares};
use fairy_magic::stages::legs::QUIET;
use fairy_magic::stages::paths::{path_moves, Condition, PathMove};
use fairy_magic::stages::reference;
use fairy_magic::stages::regions::PieceMoves;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::Source;
use fairy_magic_runtime::{BitboardExt, Color};

use crate::rng::{Narrow, XorShift};

/// A module's indices, through its public functions; pieces by number.
struct Module {
    name: &'static str,
    vector: fn(usize, Color, usize, usize) -> Option<usize>,
    moves: fn(usize, Color, usize, usize) -> Option<usize>,
    threat: fn(usize, Color, usize, usize, Color, usize) -> Option<usize>,
    policy: fn(usize, Color, usize, usize) -> Option<usize>,
    attacks: fn(usize, Color, usize, Squares) -> Squares,
    /// Every forward lookup together: `quiets`, `attacks`, `initial_quiets`, `initial_attacks`.
    reaches: fn(usize, Color, usize, Squares) -> Squares,
    /// `VECTORS`, `MOVES`, `POLICY_MOVES` (all `[piece][colour]`) and `THREAT_FEATURES`.
    vectors: fn(usize, Color) -> usize,
    move_count: fn(usize, Color) -> usize,
    policy_count: fn(usize, Color) -> usize,
    features: usize,
    /// [`threat_checksum`] of the module's `threat_index` before `policy_index` was added.
    threats: u64,
}

fn piece_moves(name: &str) -> (Board, Vec<[PieceMoves; 2]>) {
    let file = format!("{}/../variants/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap();
    let (variant, moves) = fairy_magic::stages::pipeline::read(&Source { file: &file, text: &text }).unwrap();
    (variant.board, moves)
}

/// Random boards the reference and the module walk from every square, beside the empty one.
const RANDOM: usize = 4;

/// The kinds whose moves are potential attacks: what `move_index` numbers.
const ATTACKS: [TableKind; 2] = [TableKind::Capture, TableKind::InitialCapture];

/// Every forward kind: its moves are the potential moves `policy_index` numbers.
const MOVES: [TableKind; 6] = [
    TableKind::Quiet,
    TableKind::Capture,
    TableKind::InitialQuiet,
    TableKind::InitialCapture,
    TableKind::Friendly,
    TableKind::InitialFriendly,
];

/// The first of `kinds` a path move is a move of.
fn kind_of(m: &PathMove, kinds: &[TableKind]) -> Option<TableKind> {
    kinds.iter().copied().find(|k| m.kinds & k.kinds() != 0 && m.initial == k.initial())
}

/// Where one piece goes from each square by moves of `kinds` under some occupancy, each square
/// confirmed by the reference.
fn potential(board: Board, moves: &PieceMoves, kinds: &[TableKind], rng: &mut XorShift, name: &str) -> Vec<Squares> {
    board
        .each()
        .map(|from| {
            let mut witnesses = BTreeMap::new();
            for m in path_moves(board, moves.at(from), from) {
                if let Some(kind) = kind_of(&m, kinds).filter(|_| moves.confined.has_index(m.dest.index())) {
                    witnesses.entry(m.dest).or_insert((m, kind));
                }
            }
            for (&dest, (m, kind)) in &witnesses {
                let screen = match m.condition {
                    Condition::Exact => Squares::EMPTY,
                    Condition::OneOf => m.path.lowest_index().map_or(Squares::EMPTY, Squares::from_index),
                };
                // A capture's target holds a piece; a quiet move's is empty.
                let target = if kind.kinds() == QUIET { Squares::EMPTY } else { bit(dest) };
                let occupied = m.required | screen | target;
                let reached = reference::reach_piece(board, moves, from, occupied, *kind);
                assert!(
                    reached.has_index(dest.index()),
                    "{name}: {} to {} ({}) under {occupied:?}",
                    board.name(from),
                    board.name(dest),
                    kind.name()
                );
            }
            let set = witnesses.keys().fold(Squares::EMPTY, |s, &d| s | bit(d));
            for occupied in [Squares::EMPTY].into_iter().chain((0..RANDOM).map(|_| rng.board(board.squares(), 30))) {
                for &kind in kinds {
                    let reached = reference::reach_piece(board, moves, from, occupied, kind);
                    assert_eq!(reached & !set, Squares::EMPTY, "{name}: {} under {occupied:?}", board.name(from));
                }
            }
            set
        })
        .collect()
}

/// That `index` numbers the squares of `potential` as documented: square by square from `0`,
/// each `from`'s squares in square order, nothing else; so densely, once each, `0..total`.
fn numbered(
    board: Board,
    potential: &[Squares],
    total: usize,
    index: impl Fn(usize, usize) -> Option<usize>,
    name: &str,
) {
    let mut next = 0;
    for (from, &reach) in potential.iter().enumerate() {
        for to in 0..board.squares() {
            let expected = reach.has_index(to).then(|| {
                next += 1;
                next - 1
            });
            let at = || format!("{name} from {} to {}", board.name(Square::new(from)), board.name(Square::new(to)));
            assert_eq!(index(from, to), expected, "{}", at());
        }
    }
    assert_eq!(next, total, "{name}: the count");
}

/// Every answer of a module's `threat_index`, in the order of its arguments, folded by FNV-1a:
/// any change to one feature changes it.
fn threat_checksum(module: &Module, pieces: usize, squares: usize) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for a in 0..pieces * 2 {
        for from in 0..squares {
            for v in 0..pieces * 2 {
                for to in 0..squares {
                    let answer = (module.threat)(a / 2, Color::ALL[a % 2], from, v / 2, Color::ALL[v % 2], to);
                    for byte in answer.map_or(u64::MAX, |i| i as u64).to_le_bytes() {
                        hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
                    }
                }
            }
        }
    }
    hash
}

fn check(module: &Module) {
    let (board, moves) = piece_moves(module.name);
    let squares = board.squares();
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut bases = Vec::new();
    let mut next_base = 0;
    let victims = moves.len() * 2;
    let mut white_numbers = Vec::new();
    for (piece, both) in moves.iter().enumerate() {
        for color in Color::ALL {
            let name = format!("{}: piece {piece} {color:?}", module.name);
            let potential = potential(board, &both[color as usize], &ATTACKS, &mut rng, &name);
            let total: usize = potential.iter().map(|s| s.count_ones() as usize).sum();
            assert_eq!((module.move_count)(piece, color), total, "{name}: MOVES");
            numbered(board, &potential, total, |from, to| (module.moves)(piece, color, from, to), &name);
            bases.push(next_base);
            next_base += total * victims;
            let policy = self::potential(board, &both[color as usize], &MOVES, &mut rng, &name);
            let policy_total: usize = policy.iter().map(|s| s.count_ones() as usize).sum();
            assert_eq!((module.policy_count)(piece, color), policy_total, "{name}: POLICY_MOVES");
            let policy_name = format!("{name} policy");
            numbered(board, &policy, policy_total, |from, to| (module.policy)(piece, color, from, to), &policy_name);
            let mut numbers: BTreeMap<(i32, i32), usize> = BTreeMap::new();
            let vectors: BTreeSet<(i32, i32)> = (0..squares)
                .flat_map(|from| squares_of(potential[from]).map(move |to| (from, to.index())))
                .map(|(from, to)| vector(board, from, to))
                .collect();
            for from in 0..squares {
                for to in 0..squares {
                    let vector = vector(board, from, to);
                    let at =
                        || format!("{name} from {} to {}", board.name(Square::new(from)), board.name(Square::new(to)));
                    let j = (module.vector)(piece, color, from, to);
                    assert_eq!(j.is_some(), vectors.contains(&vector), "{}: vector index", at());
                    if let Some(j) = j {
                        assert_eq!(*numbers.entry(vector).or_insert(j), j, "{}: {vector:?} numbered twice", at());
                    }
                }
            }
            // One number a vector, every number once, `0..VECTORS`.
            let distinct: BTreeSet<usize> = numbers.values().copied().collect();
            assert_eq!(numbers.len(), vectors.len(), "{name}");
            assert_eq!(distinct, (0..vectors.len()).collect(), "{name}: vector indices");
            assert_eq!((module.vectors)(piece, color), vectors.len(), "{name}: VECTORS");
            // Black's moves turned 180° give each vector its White mirror's number.
            match color {
                Color::White => white_numbers.push(numbers),
                Color::Black => {
                    let white = &white_numbers[piece];
                    let mirrored: BTreeMap<(i32, i32), usize> =
                        white.iter().map(|(&(x, y), &j)| ((-x, -y), j)).collect();
                    if mirrored.keys().eq(numbers.keys()) {
                        assert_eq!(mirrored, numbers, "{name}: Black's numbers mirror White's");
                    }
                }
            }
            // The module's own attacks are potential attacks, and its moves potential moves.
            for from in 0..squares {
                for occupied in [Squares::EMPTY, rng.board(squares, 25)] {
                    let attacks = (module.attacks)(piece, color, from, occupied);
                    assert_eq!(
                        attacks & !potential[from],
                        Squares::EMPTY,
                        "{name} from {}",
                        board.name(Square::new(from))
                    );
                    let reaches = (module.reaches)(piece, color, from, occupied);
                    assert_eq!(
                        reaches & !policy[from],
                        Squares::EMPTY,
                        "{name} from {}",
                        board.name(Square::new(from))
                    );
                }
            }
        }
    }
    assert_eq!(module.features, next_base, "{}: THREAT_FEATURES", module.name);
    assert_eq!(threat_checksum(module, moves.len(), squares), module.threats, "{}: threat_index changed", module.name);
    // Threat features: each (attacker, victim) pair's block, every `to` from one `from` a pair.
    for (a, &base) in bases.iter().enumerate() {
        let (piece, color) = (a / 2, Color::ALL[a % 2]);
        let total = (module.move_count)(piece, color);
        for v in 0..victims {
            let (victim, victim_color) = (v / 2, Color::ALL[v % 2]);
            let from = (a * 7 + v * 13) % squares;
            for to in 0..squares {
                let expected = (module.moves)(piece, color, from, to).map(|i| base + v * total + i);
                let got = (module.threat)(piece, color, from, victim, victim_color, to);
                assert_eq!(got, expected, "{}: threat {a} on {v}, {from} to {to}", module.name);
            }
        }
    }
}

fn vector(board: Board, from: usize, to: usize) -> (i32, i32) {
    let ((f0, r0), (f1, r1)) = (board.file_rank(Square::new(from)), board.file_rank(Square::new(to)));
    (f1 - f0, r1 - r0)
}

macro_rules! indices {
    ($test:ident, $module:ident, $threats:literal) => {
        #[test]
        fn $test() {
            use fairy_magic_generated::$module as m;
            /// The compiler numbers squares; the module takes its own `Square`.
            fn at(index: usize) -> m::Square {
                m::Square::new(index).expect("a square of the board")
            }
            check(&Module {
                name: stringify!($module),
                vector: |p, c, from, to| m::vector_index(m::Piece::ALL[p], c, at(from), at(to)).map(usize::from),
                moves: |p, c, from, to| m::move_index(m::Piece::ALL[p], c, at(from), at(to)).map(usize::from),
                threat: |p, c, from, v, vc, to| {
                    m::threat_index(m::Piece::ALL[p], c, at(from), m::Piece::ALL[v], vc, at(to)).map(|i| i as usize)
                },
                policy: |p, c, from, to| m::policy_index(m::Piece::ALL[p], c, at(from), at(to)).map(usize::from),
                attacks: |p, c, from, occupied| {
                    Squares::from(m::attacks(m::Piece::ALL[p], c, at(from), Narrow::narrow(occupied)))
                },
                reaches: |p, c, from, occupied| {
                    // First moves through the runtime's `Tables`, which answers none for a module
                    // that has no `initial_*` functions.
                    use fairy_magic_runtime::Tables;
                    let occupied = Narrow::narrow(occupied);
                    Squares::from(
                        m::Tables::quiets(p, c, from, occupied)
                            | m::Tables::attacks(p, c, from, occupied)
                            | m::Tables::initial_quiets(p, c, from, occupied)
                            | m::Tables::initial_attacks(p, c, from, occupied),
                    )
                },
                vectors: |p, c| m::VECTORS[p][c as usize],
                move_count: |p, c| m::MOVES[p][c as usize],
                policy_count: |p, c| m::POLICY_MOVES[p][c as usize],
                features: m::THREAT_FEATURES,
                threats: $threats,
            });
        }
    };
}

// Each checksum is of `threat_index` as it was before `policy_index` came (the modules of
// commit 2d710d2): adding policy indices left every threat feature where it was.
indices!(chess_indices, chess, 0xe6d7_b7d0_b112_afb9);
indices!(chess_pext_indices, chess_pext, 0xe6d7_b7d0_b112_afb9);
indices!(chess_split32_indices, chess_split32, 0xe6d7_b7d0_b112_afb9);
indices!(chess_throughput_indices, chess_throughput, 0xe6d7_b7d0_b112_afb9);
indices!(fairy_indices, fairy, 0xf1ee_e492_ca3b_dac1);
indices!(friendly_indices, friendly, 0xd001_6663_36eb_9989);
indices!(gallery_indices, gallery, 0xcd8f_5679_53c9_cef1);
indices!(capablanca_indices, capablanca, 0x29f2_8a79_b35a_a075);
indices!(wide_indices, wide, 0x0cd3_3f73_58c9_a0ad);
indices!(u128_pext_indices, u128_pext, 0x9564_d949_20e8_9e51);
indices!(u128_split32_indices, u128_split32, 0x9564_d949_20e8_9e51);
indices!(grand_indices, grand, 0xd4ce_00f5_af7d_416d);
indices!(xiangqi_indices, xiangqi, 0xb682_e772_26ab_62fd);
indices!(janggi_indices, janggi, 0xbb40_c73b_9c59_86a5);
indices!(shogi_indices, shogi, 0x18d0_3371_9c56_8f69);
indices!(bentriders_indices, bentriders, 0x6417_aaeb_84e3_3ac9);
indices!(big16_indices, big16, 0x93c2_a9c6_3aca_1419);
indices!(chu_indices, chu, 0xdfb1_7271_e8f6_7e7d);

/// The README's example, as written there.
#[test]
fn the_readme_example() {
    use fairy_magic_generated::xiangqi::{move_index, threat_index, vector_index, Color, Piece, Square};
    use fairy_magic_generated::xiangqi::{MOVES, THREAT_FEATURES, VECTORS};

    let [e5, e6, d7, f7]: [Square; 4] = ["e5", "e6", "d7", "f7"].map(|name| name.parse().unwrap());
    assert_eq!(vector_index(Piece::Horse, Color::White, e5, d7), Some(6)); // the same from anywhere
    assert_eq!(vector_index(Piece::Horse, Color::White, e5, e6), None); // not a horse vector
    assert_eq!(VECTORS[Piece::Horse as usize][0], 8);
    assert_eq!(move_index(Piece::Horse, Color::White, e5, f7), Some(227));
    assert!(MOVES[Piece::Horse as usize][0] == 508);
    let feature = threat_index(Piece::Horse, Color::White, e5, Piece::Chariot, Color::Black, d7);
    assert!(feature.unwrap() < THREAT_FEATURES as u32);
}

/// The README's policy example, as written there.
#[test]
fn the_readme_policy_example() {
    use fairy_magic_generated::chess::{move_index, policy_index, Color, Piece, Square, POLICY_MOVES};

    let [e2, d3, e3, e4]: [Square; 4] = ["e2", "d3", "e3", "e4"].map(|name| name.parse().unwrap());
    assert_eq!(policy_index(Piece::Pawn, Color::White, e2, d3), Some(45)); // a capture
    assert_eq!(policy_index(Piece::Pawn, Color::White, e2, e3), Some(46)); // the push
    assert_eq!(policy_index(Piece::Pawn, Color::White, e2, e4), Some(48)); // the double step
    assert_eq!(move_index(Piece::Pawn, Color::White, e2, e4), None); // no capture
    assert_eq!(POLICY_MOVES[Piece::Pawn as usize][0], 202);
}
