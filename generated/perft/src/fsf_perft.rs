//! Fairy-Stockfish's own perft suite (`tests/perft.sh`), the lines whose variant the generic
//! engine plays, grouped by variant: each count is a fact about the game, checked here with
//! bulk counting (the last ply's moves counted, not played: the same count, in a fraction of the
//! time). For orthodox chess the suite's positions are run two plies shallower than there,
//! against the Chess Programming Wiki's published counts at those depths, to keep `cargo test`
//! fast; every other line is at the suite's own depth. A few shallow lines are also played
//! out (`LastPly::Play`), so that the playing path is held to the same counts.
//! Berolina's en-passant fields name two squares (`c5d6`): the square passed and the pawn's.

use fairy_magic_engine::{Game, LastPly};
use fairy_magic_generated as modules;
use fairy_magic_runtime::Tables;

/// Checks `(fen, depth, nodes)` lines on module `T`; `None` for the start position.
fn check<T: Tables>(lines: &[(Option<&str>, u32, u64)]) {
    let game = Game::<T>::new().unwrap_or_else(|e| panic!("{}: {e}", T::NAME));
    for &(fen, depth, nodes) in lines {
        let fen = fen.or(T::RULES.start).expect("a start position");
        let position = game.position(fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", T::NAME));
        assert_eq!(game.perft(&position, depth, LastPly::Bulk), nodes, "{} {fen} depth {depth}", T::NAME);
    }
}

/// Checks a line with every move played, the last ply's too.
fn check_played<T: Tables>(fen: Option<&str>, depth: u32, nodes: u64) {
    let game = Game::<T>::new().unwrap();
    let position = game.position(fen.or(T::RULES.start).unwrap()).unwrap();
    assert_eq!(game.perft(&position, depth, LastPly::Play), nodes, "{} depth {depth}, played", T::NAME);
}

#[test]
fn chess() {
    check::<modules::chess::Tables>(&[
        (None, 4, 197_281),
        (Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"), 3, 97_862),
        (Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -"), 4, 43_238),
        (Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"), 3, 9_467),
        (Some("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"), 3, 62_379),
        (Some("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"), 3, 89_890),
    ]);
    check_played::<modules::chess::Tables>(
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"),
        2,
        2_039,
    );
}

#[test]
fn chess_builds_of_other_plans_agree() {
    check::<modules::chess_pext::Tables>(&[(None, 3, 8_902)]);
    check::<modules::chess_split32::Tables>(&[(None, 3, 8_902)]);
    check::<modules::chess_throughput::Tables>(&[(None, 3, 8_902)]);
}

#[test]
fn losalamos() {
    check::<modules::losalamos::Tables>(&[(None, 5, 191_846), (Some("6/2P3/6/1K1k2/6/6 w - - 0 1"), 6, 187_431)]);
}

#[test]
fn berolina() {
    check::<modules::berolina::Tables>(&[
        (Some("rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"), 3, 46_643),
        (Some("k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1"), 3, 1_983),
        (Some("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1"), 2, 1_047),
    ]);
    // An en-passant field is squares run together, and nothing else.
    let game = Game::<modules::berolina::Tables>::new().unwrap();
    for field in ["3e4", "e", "z9", "d6x", "d6c"] {
        let fen = format!("rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq {field} 0 1");
        assert!(game.position(&fen).is_err(), "{field}");
    }
}

#[test]
fn makruk() {
    check::<modules::makruk::Tables>(&[(None, 4, 273_026)]);
}

#[test]
fn shatranj() {
    check::<modules::shatranj::Tables>(&[(None, 4, 68_122)]);
    check_played::<modules::shatranj::Tables>(None, 4, 68_122);
}

#[test]
fn amazon() {
    check::<modules::amazon::Tables>(&[(None, 4, 318_185)]);
}

#[test]
fn nightrider() {
    check::<modules::nightrider::Tables>(&[(None, 4, 419_019)]);
}

#[test]
fn grasshopper() {
    check::<modules::grasshopper::Tables>(&[(None, 4, 635_298)]);
}

#[test]
fn knightmate() {
    check::<modules::knightmate::Tables>(&[(None, 4, 139_774)]);
}

#[test]
fn capablanca() {
    check::<modules::capablanca::Tables>(&[(None, 4, 805_128)]);
}

#[test]
fn embassy() {
    check::<modules::embassy::Tables>(&[(None, 4, 809_539)]);
}

#[test]
fn janus() {
    check::<modules::janus::Tables>(&[(None, 4, 772_074)]);
}

#[test]
fn modern() {
    check::<modules::modern::Tables>(&[(None, 4, 433_729)]);
}

#[test]
fn chancellor() {
    check::<modules::chancellor::Tables>(&[(None, 4, 436_656)]);
}

#[test]
fn courier() {
    check::<modules::courier::Tables>(&[(None, 4, 500_337)]);
}

#[test]
fn grand() {
    check::<modules::grand::Tables>(&[
        (None, 3, 259_514),
        (Some("r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3"), 2, 5_768),
    ]);
}

#[test]
fn shako() {
    check::<modules::shako::Tables>(&[
        (Some("4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9"), 3, 26_325),
        (Some("4ncr1k1/1cr2P4/pp2p2pp1/P7PN/2Ep1p4/B3P1eN2/2P1n1P3/1B1P1K4/9p/5C2CR w - - 0 1"), 3, 180_467),
        (Some("r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35"), 2, 4_940),
        (Some("10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1"), 2, 460),
    ]);
}

#[test]
fn xiangqi() {
    check::<modules::xiangqi::Tables>(&[
        (None, 4, 3_290_240),
        (Some("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"), 4, 4_485_547),
        (Some("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"), 4, 92_741),
    ]);
    check_played::<modules::xiangqi::Tables>(None, 3, 79_666);
}

#[test]
fn games_the_engine_cannot_play_are_refused_with_the_rule() {
    let refusal = |e: Result<(), fairy_magic_engine::Unplayable>| e.unwrap_err().to_string();
    assert!(refusal(Game::<modules::shogi::Tables>::new().map(|_| ())).contains("drops"));
    assert!(refusal(Game::<modules::janggi::Tables>::new().map(|_| ())).contains("passing"));
    assert!(refusal(Game::<modules::fairy::Tables>::new().map(|_| ())).contains("royal"));
}
