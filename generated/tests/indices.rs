//! `vector_index`, `move_index` and `threat_index` of every checked-in module, exhaustively over
//! (piece, colour, from, to), against potential attacks computed here from the compiler's path
//! moves and each confirmed by its reference walker.
//!
//! A potential attack is a square a piece attacks under some occupancy. The path moves say
//! which occupancy: each destination's path move is replayed through the reference walker on
//! the squares it requires occupied (for a one-leg hopper, one square of its path), and must be
//! reached. The other way round, what the reference and the module's `attacks` reach on random
//! boards must be potential attacks. The indices must then be defined on exactly those moves,
//! dense and unique: a move index for every potential attack, a vector index for every vector
//! some square's potential attacks have, the same for the same vector from anywhere, and threat
//! features in their documented blocks.

use std::collections::{BTreeMap, BTreeSet};

use fairy_magic::stages::board::{bit, squares_of, Board, Squares};
use fairy_magic::stages::legs::CAPTURE;
use fairy_magic::stages::paths::{path_moves, Condition};
use fairy_magic::stages::reference;
use fairy_magic::stages::regions::PieceMoves;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::Source;
use fairy_magic_runtime::{BitboardExt, Color};

mod rng;
use rng::{Narrow, XorShift};

/// A module's indices, through its public functions; pieces by number.
struct Module {
    name: &'static str,
    vector: fn(usize, Color, usize, usize) -> Option<usize>,
    moves: fn(usize, Color, usize, usize) -> Option<usize>,
    threat: fn(usize, Color, usize, usize, Color, usize) -> Option<usize>,
    attacks: fn(usize, Color, usize, Squares) -> Squares,
    /// `VECTORS`, `MOVES` (both `[piece][colour]`) and `THREAT_FEATURES`.
    vectors: fn(usize, Color) -> usize,
    move_count: fn(usize, Color) -> usize,
    features: usize,
}

fn piece_moves(name: &str) -> (Board, Vec<[PieceMoves; 2]>) {
    let file = format!("{}/../variants/{name}.variant", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&file).unwrap();
    let (variant, moves) = fairy_magic::stages::pipeline::read(&Source { file: &file, text: &text }).unwrap();
    (variant.board, moves)
}

/// Random boards the reference and the module walk from every square, beside the empty one.
const RANDOM: usize = 4;

/// The potential attacks of one piece from each square, each one confirmed by the reference.
fn potential(board: Board, moves: &PieceMoves, rng: &mut XorShift, name: &str) -> Vec<Squares> {
    (0..board.squares())
        .map(|from| from as u8)
        .map(|from| {
            let mut witnesses = BTreeMap::new();
            for m in path_moves(board, moves.at(from), from) {
                if m.kinds & CAPTURE != 0 && moves.confined.has(m.dest as usize) {
                    witnesses.entry(m.dest).or_insert(m);
                }
            }
            for (&dest, m) in &witnesses {
                let screen = match m.condition {
                    Condition::Exact => Squares::EMPTY,
                    Condition::OneOf => m.path.lowest().map_or(Squares::EMPTY, Squares::from_square),
                };
                let kind = if m.initial { TableKind::InitialCapture } else { TableKind::Capture };
                let occupied = m.required | screen | bit(dest);
                let reached = reference::reach_piece(board, moves, from, occupied, kind);
                assert!(
                    reached.has(dest as usize),
                    "{name}: {} to {} under {occupied:?}",
                    board.name(from),
                    board.name(dest)
                );
            }
            let set = witnesses.keys().fold(Squares::EMPTY, |s, &d| s | bit(d));
            for occupied in [Squares::EMPTY].into_iter().chain((0..RANDOM).map(|_| rng.board(board.squares(), 30))) {
                for kind in [TableKind::Capture, TableKind::InitialCapture] {
                    let reached = reference::reach_piece(board, moves, from, occupied, kind);
                    assert_eq!(reached & !set, Squares::EMPTY, "{name}: {} under {occupied:?}", board.name(from));
                }
            }
            set
        })
        .collect()
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
            let potential = potential(board, &both[color as usize], &mut rng, &name);
            let total: usize = potential.iter().map(|s| s.count_ones() as usize).sum();
            assert_eq!((module.move_count)(piece, color), total, "{name}: MOVES");
            bases.push(next_base);
            next_base += total * victims;
            let mut seen = vec![false; total];
            let mut numbers: BTreeMap<(i32, i32), usize> = BTreeMap::new();
            let vectors: BTreeSet<(i32, i32)> = (0..squares)
                .flat_map(|from| squares_of(potential[from]).map(move |to| (from, to as usize)))
                .map(|(from, to)| vector(board, from, to))
                .collect();
            for (from, &reach) in potential.iter().enumerate() {
                for to in 0..squares {
                    let (vector, attack) = (vector(board, from, to), reach.has(to));
                    let at = || format!("{name} from {} to {}", board.name(from as u8), board.name(to as u8));
                    let i = (module.moves)(piece, color, from, to);
                    assert_eq!(i.is_some(), attack, "{}: move index", at());
                    if let Some(i) = i {
                        assert!(i < total && !seen[i], "{}: move index {i} of {total}", at());
                        seen[i] = true;
                    }
                    let j = (module.vector)(piece, color, from, to);
                    assert_eq!(j.is_some(), vectors.contains(&vector), "{}: vector index", at());
                    if let Some(j) = j {
                        assert_eq!(*numbers.entry(vector).or_insert(j), j, "{}: {vector:?} numbered twice", at());
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{name}: move indices are not dense");
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
            // The module's own attacks are potential attacks.
            for (from, &reach) in potential.iter().enumerate() {
                for occupied in [Squares::EMPTY, rng.board(squares, 25)] {
                    let attacks = (module.attacks)(piece, color, from, occupied);
                    assert_eq!(attacks & !reach, Squares::EMPTY, "{name} from {}", board.name(from as u8));
                }
            }
        }
    }
    assert_eq!(module.features, next_base, "{}: THREAT_FEATURES", module.name);
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
    let ((f0, r0), (f1, r1)) = (board.file_rank(from as u8), board.file_rank(to as u8));
    (f1 - f0, r1 - r0)
}

macro_rules! indices {
    ($test:ident, $module:ident) => {
        #[test]
        fn $test() {
            use fairy_magic_generated::$module as m;
            check(&Module {
                name: stringify!($module),
                vector: |p, c, from, to| m::vector_index(m::Piece::ALL[p], c, from, to).map(usize::from),
                moves: |p, c, from, to| m::move_index(m::Piece::ALL[p], c, from, to).map(usize::from),
                threat: |p, c, from, v, vc, to| {
                    m::threat_index(m::Piece::ALL[p], c, from, m::Piece::ALL[v], vc, to).map(|i| i as usize)
                },
                attacks: |p, c, from, occupied| {
                    Squares::from(m::attacks(m::Piece::ALL[p], c, from, Narrow::narrow(occupied)))
                },
                vectors: |p, c| m::VECTORS[p][c as usize],
                move_count: |p, c| m::MOVES[p][c as usize],
                features: m::THREAT_FEATURES,
            });
        }
    };
}

indices!(chess_indices, chess);
indices!(chess_pext_indices, chess_pext);
indices!(chess_split32_indices, chess_split32);
indices!(fairy_indices, fairy);
indices!(friendly_indices, friendly);
indices!(gallery_indices, gallery);
indices!(capablanca_indices, capablanca);
indices!(wide_indices, wide);
indices!(wide_pext_indices, wide_pext);
indices!(wide_split32_indices, wide_split32);
indices!(grand_indices, grand);
indices!(xiangqi_indices, xiangqi);
indices!(janggi_indices, janggi);
indices!(shogi_indices, shogi);
indices!(bentriders_indices, bentriders);

/// The README's example, as written there.
#[test]
fn the_readme_example() {
    use fairy_magic_generated::xiangqi::{move_index, threat_index, vector_index, Color, Piece};
    use fairy_magic_generated::xiangqi::{MOVES, THREAT_FEATURES, VECTORS};

    let (e5, d7, f7) = (40, 57, 59);
    assert_eq!(vector_index(Piece::Horse, Color::White, e5, d7), Some(6)); // the same from anywhere
    assert_eq!(vector_index(Piece::Horse, Color::White, e5, e5 + 9), None); // not a horse vector
    assert_eq!(VECTORS[Piece::Horse as usize][0], 8);
    assert_eq!(move_index(Piece::Horse, Color::White, e5, f7), Some(227));
    assert!(MOVES[Piece::Horse as usize][0] == 508);
    let feature = threat_index(Piece::Horse, Color::White, e5, Piece::Chariot, Color::Black, d7);
    assert!(feature.unwrap() < THREAT_FEATURES as u32);
}
