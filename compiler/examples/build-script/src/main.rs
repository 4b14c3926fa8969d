//! The tables `build.rs` generated, used as an engine would: where the pieces of the
//! shatranj start position can go.

mod shatranj {
    include!(concat!(env!("OUT_DIR"), "/shatranj.rs"));
}

mod leapers {
    include!(concat!(env!("OUT_DIR"), "/leapers.rs"));
}

use shatranj::{attacks, between, quiets, Bitboard, Color, Piece};

fn main() {
    let occupied: Bitboard = 0xffff_0000_0000_ffff;
    let (b1, c1) = (1, 2);
    let knight = quiets(Piece::Knight, Color::White, b1, occupied) & !occupied;
    let alfil = quiets(Piece::Alfil, Color::White, c1, occupied) & !occupied;
    println!("knight from b1: {knight:#x}, alfil from c1: {alfil:#x}");
    assert_eq!(knight, 1 << 16 | 1 << 18);
    // The alfil leaps: it reaches a3 and e3 over the full second rank, and nothing lies between.
    assert_eq!(alfil, 1 << 16 | 1 << 20);
    assert_eq!(attacks(Piece::Alfil, Color::White, c1, occupied), 1 << 16 | 1 << 20);
    assert_eq!(between(Piece::Alfil, Color::White, c1, 20), 0);
    let camel = leapers::attacks(leapers::Piece::Camel, Color::White, 0, 0);
    assert_eq!(camel, 1 << 11 | 1 << 25); // d2 and b4
}
