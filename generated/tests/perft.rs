//! The generated chess tables drive a legal move generator to the published perft counts.

use crate::engine;
use crate::engine::chess::{Position, KIWIPETE};
use crate::engine::common::{perft, perft_with, Game, LastPly};

#[test]
fn start_position_perft_4() {
    let start = Position::start();
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 2), 400);
    assert_eq!(perft(&start, 3), 8_902);
    assert_eq!(perft(&start, 4), 197_281);
}

#[test]
fn kiwipete_perft_3() {
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    assert_eq!(perft(&kiwipete, 1), 48);
    assert_eq!(perft(&kiwipete, 2), 2_039);
    assert_eq!(perft(&kiwipete, 3), 97_862);
}

#[test]
fn en_passant_and_promotion_positions() {
    // Positions 3 and 4 of the Chess Programming Wiki's perft results.
    let three = Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    assert_eq!(perft(&three, 4), 43_238);
    let four = Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1").unwrap();
    assert_eq!(perft(&four, 3), 9_467);
    // Position 3 at depth 5 holds the rank pin through an en passant capture.
    assert_eq!(perft(&three, 5), 674_624);
}

#[test]
fn positions_five_and_six() {
    // Positions 5 and 6 of the Chess Programming Wiki's perft results.
    let five = Position::from_fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8").unwrap();
    assert_eq!(perft(&five, 3), 62_379);
    let six = Position::from_fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10").unwrap();
    assert_eq!(perft(&six, 3), 89_890);
}

#[test]
fn bad_fens_are_errors() {
    for fen in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/7Q/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_err(), "{fen}");
    }
}

#[test]
fn checkmate_and_stalemate_have_no_legal_moves() {
    let fools_mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    assert!(fools_mate.in_check(fools_mate.to_move));
    assert!(fools_mate.legal_moves().is_empty());
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(!stalemate.in_check(stalemate.to_move));
    assert!(stalemate.legal_moves().is_empty());
    assert_eq!(Position::start().legal_moves().len(), 20);
}

/// Every one-character change and every cut of some FENs is read without a panic, and the
/// positions that are read play two plies without one.
#[test]
fn mangled_fens_never_panic() {
    for fen in [KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"] {
        let chars: Vec<char> = fen.chars().collect();
        let mut mangled: Vec<String> = (0..=chars.len()).map(|i| chars[..i].iter().collect()).collect();
        for i in 0..chars.len() {
            for c in "12890 /-kKqQrRpPnNbBxwe3".chars() {
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

/// Along random games from the perft positions, the engine's legal moves are cozy-chess's, ply
/// after ply (castling compared as cozy-chess writes it, king takes rook).
#[test]
fn agrees_with_cozy_chess_along_random_games() {
    type Key = (usize, usize, Option<char>);
    fn promotion_letter(piece: Option<cozy_chess::Piece>) -> Option<char> {
        piece.map(|p| p.to_string().chars().next().unwrap())
    }
    let mut rng = crate::rng::XorShift(0x2545_f491_4f6c_dd1d);
    let mut random = move |n: usize| rng.below(n);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        for game in 0..20 {
            let mut ours = Position::from_fen(fen).unwrap();
            let mut theirs = cozy_chess::Board::from_fen(fen, false).unwrap();
            for ply in 0..100 {
                let mut mine: Vec<(Key, engine::chess::Move)> = ours
                    .legal_moves()
                    .into_iter()
                    .map(|m| {
                        let (from, mut to) = (m.from.index(), m.to.index());
                        if m.piece == fairy_magic_generated::chess_throughput::Piece::King && from.abs_diff(to) == 2 {
                            to = if to > from { from + 3 } else { from - 4 };
                        }
                        let promotion = m.promotion.map(|p| p.letter().to_ascii_lowercase().chars().next().unwrap());
                        ((from, to, promotion), m)
                    })
                    .collect();
                let mut cozy: Vec<(Key, cozy_chess::Move)> = Vec::new();
                theirs.generate_moves(|moves| {
                    cozy.extend(
                        moves.into_iter().map(|m| ((m.from as usize, m.to as usize, promotion_letter(m.promotion)), m)),
                    );
                    false
                });
                mine.sort_by_key(|&(key, _)| key);
                cozy.sort_by_key(|&(key, _)| key);
                let (mine_keys, cozy_keys): (Vec<Key>, Vec<Key>) =
                    (mine.iter().map(|m| m.0).collect(), cozy.iter().map(|m| m.0).collect());
                assert_eq!(mine_keys, cozy_keys, "{fen}, game {game}, ply {ply}: {theirs}");
                if mine.is_empty() {
                    break;
                }
                let pick = random(mine.len());
                ours = ours.play(mine[pick].1);
                theirs.play_unchecked(cozy[pick].1);
            }
        }
    }
}

#[test]
fn bulk_counts_agree_with_playing_every_move() {
    let start = Position::start();
    assert_eq!(perft_with(&start, 4, LastPly::Bulk), 197_281);
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    for depth in 0..=3 {
        assert_eq!(perft_with(&kiwipete, depth, LastPly::Bulk), perft(&kiwipete, depth));
    }
}
