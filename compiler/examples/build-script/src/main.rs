//! The tables `build.rs` generated, used as an engine would: where the pieces of the
//! shatranj start position can go.

mod shatranj {
    include!(concat!(env!("OUT_DIR"), "/shatranj.rs"));
}

mod leapers {
    include!(concat!(env!("OUT_DIR"), "/leapers.rs"));
}

use shatranj::{attacks, between, quiets, Bitboard, Color, Piece, Square, SquareSet};

fn main() {
    let occupied: Bitboard = 0xffff_0000_0000_ffff;
    let (b1, c1, e3) = (Square::B1, Square::C1, Square::E3);
    assert_eq!("b1".parse::<Square>(), Ok(b1));
    let knight = quiets(Piece::Knight, Color::White, b1, occupied) & !occupied;
    let alfil = quiets(Piece::Alfil, Color::White, c1, occupied) & !occupied;
    let names = |set: Bitboard| set.squares().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
    println!("knight from b1: {}, alfil from c1: {}", names(knight), names(alfil));
    assert_eq!(names(knight), "a3 c3");
    // The alfil leaps: it reaches a3 and e3 over the full second rank, and nothing lies between.
    assert_eq!(names(alfil), "a3 e3");
    assert_eq!(attacks(Piece::Alfil, Color::White, c1, occupied), alfil);
    assert_eq!(between(Piece::Alfil, Color::White, c1, e3), 0);
    let camel = leapers::attacks(leapers::Piece::Camel, Color::White, leapers::Square::A1, 0);
    assert_eq!(camel, 1 << 11 | 1 << 25); // d2 and b4
    println!("the camel from a1:\n{}", leapers::SquareSet::diagram(camel));
}
