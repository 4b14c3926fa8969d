//! The generated Xiangqi tables drive a legal move generator to the published perft counts.

use crate::engine::common::{perft, perft_with, Game, LastPly};
use crate::engine::xiangqi::Position;
use crate::{engine, rng};

/// Positions 2 to 11 of the Chess Programming Wiki's Chinese Chess Perft Results (as listed in
/// PikaCat-OuO/ChineseChess's test/perfttest.cpp).
const PUBLISHED: [&str; 10] = [
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w",
];

#[test]
fn start_position_perft_3() {
    let start = Position::start();
    assert_eq!(perft(&start, 1), 44);
    assert_eq!(perft(&start, 2), 1_920);
    assert_eq!(perft(&start, 3), 79_666);
}

/// The published positions, to depth 3.
#[test]
fn published_positions_perft_3() {
    let counts = [
        [38, 1_128, 43_929],
        [7, 281, 8_620],
        [25, 424, 9_850],
        [28, 516, 14_808],
        [21, 364, 7_626],
        [28, 222, 6_241],
        [23, 345, 8_124],
        [21, 195, 3_883],
        [30, 830, 22_787],
        [19, 583, 11_714],
    ];
    for (fen, counts) in PUBLISHED.into_iter().zip(counts) {
        let position = Position::from_fen(fen).unwrap();
        for (depth, want) in (1..).zip(counts) {
            assert_eq!(perft(&position, depth), want, "{fen} depth {depth}");
        }
    }
}

#[test]
fn the_generals_may_not_face_each_other() {
    // The red general may not step onto the open e-file, where the black one stands.
    let position = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").unwrap();
    let moves = position.legal_moves();
    assert!(moves.iter().all(|m| m.to.file() != 4), "{moves:?}");
    assert_eq!(moves.len(), 1); // d1-d2 only: e1 faces the black general, c1 leaves the palace.
                                // The only piece between the generals may not leave the file: a horse has no move.
    let pinned = Position::from_fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1").unwrap();
    let moves = pinned.legal_moves();
    assert!(moves.iter().all(|m| m.from.to_string() != "e2"), "{moves:?}");
    // Facing generals with the side not to move "in check" is no position.
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").is_err());
}

#[test]
fn checkmate_has_no_legal_moves() {
    // Three chariots: e8 checks, d9 and f1 guard every square the black general could reach.
    let mated = Position::from_fen("4k4/3R5/4R4/9/9/9/9/9/9/3K1R3 b - - 0 1").unwrap();
    assert!(mated.in_check(mated.to_move));
    assert!(mated.legal_moves().is_empty());
}

#[test]
fn bad_fens_are_errors() {
    for fen in [
        "",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1",
        "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/99999999999999999999999/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/R8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_err(), "{fen}");
    }
}

/// Every one-character change and every cut of some FENs is read without a panic, and the
/// positions that are read play two plies without one.
#[test]
fn mangled_fens_never_panic() {
    for fen in [
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
    ] {
        let chars: Vec<char> = fen.chars().collect();
        let mut mangled: Vec<String> = (0..=chars.len()).map(|i| chars[..i].iter().collect()).collect();
        for i in 0..chars.len() {
            for c in "1890 /-kKaArRpPnNbBcCwx".chars() {
                let mut changed = chars.clone();
                changed[i] = c;
                mangled.push(changed.into_iter().collect());
            }
        }
        for text in mangled {
            if let Ok(position) = Position::from_fen(&text) {
                perft(&position, 2);
            }
        }
    }
}

#[test]
fn bulk_counts_agree_with_playing_every_move() {
    let start = Position::start();
    for (depth, want) in [(1, 44), (2, 1_920), (3, 79_666)] {
        assert_eq!(perft_with(&start, depth, LastPly::Bulk), want, "depth {depth}");
    }
}

/// The fast generator's moves are the slow reference's, position by position, along random
/// games from the start and the published positions: a wrong shortcut in the legality test
/// shows here even where perft counts happen to balance.
#[test]
fn generated_moves_are_the_ones_found_by_trial() {
    let mut random = rng::XorShift(0x5eed_c0de_2026_1204);
    let key = |m: &engine::xiangqi::Move| (m.from.index(), m.to.index());
    let mut positions = 0;
    for fen in std::iter::once(engine::xiangqi::START).chain(PUBLISHED) {
        for _ in 0..40 {
            let mut position = Position::from_fen(fen).unwrap();
            for _ in 0..150 {
                let mut fast = position.legal_moves();
                let mut slow = position.legal_by_trial();
                fast.sort_by_key(key);
                slow.sort_by_key(key);
                assert_eq!(fast, slow, "{fen}, then {positions} positions");
                positions += 1;
                if fast.is_empty() {
                    break;
                }
                position = position.play(fast[(random.next() % fast.len() as u64) as usize]);
            }
        }
    }
    assert!(positions > 20_000, "{positions}");
}
