//! Xiangqi's regions and reverse lookups through the generated module, on positions whose
//! answers come from the rules of the game (the palace, the river, the horse's leg), not from
//! the compiler.

use fairy_magic_generated::xiangqi::{attackers, between, movers, quiets, Bitboard, Color, Piece, Square, SquareSet};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &str) -> Bitboard {
    names.split_whitespace().fold(0, |s, n| s | Bitboard::from_square(sq(n)))
}

#[test]
fn the_general_and_the_advisors_stay_in_the_palace() {
    assert_eq!(quiets(Piece::General, Color::White, sq("e1"), 0), set("d1 f1 e2"));
    assert_eq!(quiets(Piece::General, Color::White, sq("d3"), 0), set("d2 e3"));
    assert_eq!(quiets(Piece::General, Color::Black, sq("f8"), 0), set("e8 f9"));
    assert_eq!(quiets(Piece::Advisor, Color::White, sq("d1"), 0), set("e2"));
    assert_eq!(quiets(Piece::Advisor, Color::Black, sq("e9"), 0), set("d8 f8 d10 f10"));
}

#[test]
fn elephants_stay_on_their_side_and_soldiers_turn_sideways_across_the_river() {
    assert_eq!(quiets(Piece::Elephant, Color::White, sq("c5"), 0), set("a3 e3"));
    assert_eq!(quiets(Piece::Elephant, Color::Black, sq("g6"), 0), set("i8 e8"));
    // The elephant's eye: a piece on d4 blocks c5-e3.
    assert_eq!(quiets(Piece::Elephant, Color::White, sq("c5"), set("d4")), set("a3"));
    assert_eq!(quiets(Piece::Soldier, Color::White, sq("e4"), 0), set("e5"));
    assert_eq!(quiets(Piece::Soldier, Color::White, sq("e6"), 0), set("e7 d6 f6"));
    assert_eq!(quiets(Piece::Soldier, Color::Black, sq("e7"), 0), set("e6"));
    assert_eq!(quiets(Piece::Soldier, Color::Black, sq("e5"), 0), set("e4 d5 f5"));
}

#[test]
fn attackers_are_not_the_other_colours_attacks() {
    // A horse on d7 reaches e5 over d6; a horse on e5 is blocked towards d7 by e6.
    let occupied = set("e6");
    assert_ne!(attackers(Piece::Horse, Color::Black, sq("e5"), occupied) & set("d7"), 0);
    assert_eq!(attackers(Piece::Horse, Color::White, sq("d7"), occupied | set("e5")) & set("e5"), 0);
    // Soldiers attack only forwards before the river and sideways after it.
    assert_eq!(attackers(Piece::Soldier, Color::White, sq("e6"), 0), set("e5 d6 f6"));
    assert_eq!(attackers(Piece::Soldier, Color::White, sq("e5"), 0), set("e4"));
    // The general attacks only inside its palace.
    assert_eq!(attackers(Piece::General, Color::White, sq("e4"), 0), 0);
    assert_eq!(attackers(Piece::General, Color::White, sq("e3"), 0), set("d3 f3 e2"));
    // The cannon needs exactly one screen.
    assert_eq!(attackers(Piece::Cannon, Color::White, sq("e10"), set("e5")) & set("e1 e2 e3 e4"), set("e1 e2 e3 e4"));
    assert_eq!(attackers(Piece::Cannon, Color::White, sq("e10"), 0), 0);
    assert_eq!(
        movers(Piece::Chariot, Color::White, sq("e5"), set("e3")),
        set("e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5") & !set("e3") | set("e3")
    );
}

#[test]
fn between_gives_legs_lines_and_screens() {
    assert_eq!(between(Piece::Horse, Color::White, sq("e5"), sq("d7")), set("e6"));
    assert_eq!(between(Piece::Chariot, Color::White, sq("a1"), sq("a5")), set("a2 a3 a4"));
    assert_eq!(between(Piece::Cannon, Color::Black, sq("b8"), sq("b3")), set("b4 b5 b6 b7"));
    assert_eq!(between(Piece::Elephant, Color::White, sq("c5"), sq("e3")), set("d4"));
    assert_eq!(between(Piece::Advisor, Color::White, sq("d1"), sq("e2")), 0);
    assert_eq!(between(Piece::Chariot, Color::White, sq("a1"), sq("b3")), 0);
}

/// The README's example, as written there.
#[test]
fn the_readme_example() {
    let [e5, e6, d7, d6]: [Square; 4] = ["e5", "e6", "d7", "d6"].map(|name| name.parse().unwrap());
    let leg = Bitboard::from_square(e6);
    assert!(attackers(Piece::Horse, Color::Black, e5, leg).has(d7));
    assert!(!quiets(Piece::Horse, Color::White, e5, leg).has(d7));
    assert_eq!(between(Piece::Horse, Color::Black, d7, e5), Bitboard::from_square(d6));
}
