//! The gallery (`variants/gallery.variant`): real pieces from published variants, each with a
//! destination list on an empty board and on one board with blockers, both checked by hand
//! from the pieces' published descriptions (the bent riders square by square). The lists are
//! read through the generated module as an engine would: quiet moves masked with the empty
//! squares, captures with the enemies.

use fairy_magic_generated::gallery::{
    attacks, initial_attacks, initial_quiets, quiets, Bitboard, Color, Piece, Square, SquareSet,
};

const FRIENDS: [&str; 4] = ["c4", "e3", "d2", "e4"];
const FOES: [&str; 6] = ["d6", "f6", "b2", "g4", "c5", "d5"];

/// (piece name, XBetza, destinations from d4 on an empty board, with FRIENDS and FOES).
const GALLERY: &[(&str, &str, &str, &str)] = &[
    ("king", "K", "c3 d3 e3 c4 e4 c5 d5 e5", "c3 d3 c5 d5 e5"),
    (
        "queen",
        "Q",
        "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 h4 c5 d5 e5 b6 d6 f6 a7 d7 g7 d8 h8",
        "b2 c3 d3 c5 d5 e5 f6",
    ),
    ("rook", "R", "d1 d2 d3 a4 b4 c4 e4 f4 g4 h4 d5 d6 d7 d8", "d3 d5"),
    ("bishop", "B", "a1 g1 b2 f2 c3 e3 c5 e5 b6 f6 a7 g7 h8", "b2 c3 c5 e5 f6"),
    ("knight", "N", "c2 e2 b3 f3 b5 f5 c6 e6", "c2 e2 b3 f3 b5 f5 c6 e6"),
    ("pawn", "fmWfcFifmnD", "d5 d6", "c5"),
    (
        "archbishop",
        "BN",
        "a1 g1 b2 c2 e2 f2 b3 c3 e3 f3 b5 c5 e5 f5 b6 c6 e6 f6 a7 g7 h8",
        "b2 c2 e2 b3 c3 f3 b5 c5 e5 f5 c6 e6 f6",
    ),
    (
        "chancellor",
        "RN",
        "d1 c2 d2 e2 b3 d3 f3 a4 b4 c4 e4 f4 g4 h4 b5 d5 f5 c6 d6 e6 d7 d8",
        "c2 e2 b3 d3 f3 b5 d5 f5 c6 e6",
    ),
    ("ferz", "F", "c3 e3 c5 e5", "c3 c5 e5"),
    ("alfil", "A", "b2 f2 b6 f6", "b2 f2 b6 f6"),
    ("wazir", "W", "d3 c4 e4 d5", "d3 d5"),
    ("shatranj-pawn", "fmWfcF", "d5", "c5"),
    ("mann", "K", "c3 d3 e3 c4 e4 c5 d5 e5", "c3 d3 c5 d5 e5"),
    ("xiangqi-horse", "[W-F]", "c2 e2 b3 f3 b5 f5 c6 e6", "c2 e2"),
    ("xiangqi-elephant", "nA", "b2 f2 b6 f6", "b2 f6"),
    ("xiangqi-cannon", "mRcpR", "d1 d2 d3 a4 b4 c4 e4 f4 g4 h4 d5 d6 d7 d8", "d3 g4 d6"),
    ("soldier", "fsW", "c4 e4 d5", "d5"),
    ("janggi-cannon", "pR", "", "d1 a4 b4 f4 g4 d6"),
    ("janggi-elephant", "[W-F-F]", "b1 f1 a2 g2 a6 g6 b7 f7", "b1 f1"),
    ("gold", "WfF", "d3 c4 e4 c5 d5 e5", "d3 c5 d5 e5"),
    ("silver", "FfW", "c3 e3 c5 d5 e5", "c3 c5 d5 e5"),
    ("lance", "fR", "d5 d6 d7 d8", "d5"),
    ("shogi-knight", "ffN", "c6 e6", "c6 e6"),
    ("dragon-king", "RF", "d1 d2 c3 d3 e3 a4 b4 c4 e4 f4 g4 h4 c5 d5 e5 d6 d7 d8", "c3 d3 c5 d5 e5"),
    ("dragon-horse", "BW", "a1 g1 b2 f2 c3 d3 e3 c4 e4 c5 d5 e5 b6 f6 a7 g7 h8", "b2 c3 d3 c5 d5 e5 f6"),
    ("phoenix", "WA", "b2 f2 d3 c4 e4 d5 b6 f6", "b2 f2 d3 d5 b6 f6"),
    ("crane", "FvW", "c3 d3 e3 c5 d5 e5", "c3 d3 c5 d5 e5"),
    ("pheasant", "fDbF", "c3 e3 d6", "c3 d6"),
    ("falcon", "FfsW", "c3 e3 c4 e4 c5 d5 e5", "c3 c5 d5 e5"),
    ("swallow", "fW", "d5", "d5"),
    ("yari-knight", "fRffN", "d5 c6 d6 e6 d7 d8", "d5 c6 e6"),
    ("yari-bishop", "fRfF", "c5 d5 e5 d6 d7 d8", "c5 d5 e5"),
    ("drunk-elephant", "FfsW", "c3 e3 c4 e4 c5 d5 e5", "c3 c5 d5 e5"),
    ("blind-tiger", "FbsW", "c3 d3 e3 c4 e4 c5 e5", "c3 d3 c5 e5"),
    ("ferocious-leopard", "FvW", "c3 d3 e3 c5 d5 e5", "c3 d3 c5 d5 e5"),
    ("vertical-mover", "vRsW", "d1 d2 d3 c4 e4 d5 d6 d7 d8", "d3 d5"),
    ("side-mover", "sRvW", "d3 a4 b4 c4 e4 f4 g4 h4 d5", "d3 d5"),
    ("reverse-chariot", "vR", "d1 d2 d3 d5 d6 d7 d8", "d3 d5"),
    ("go-between", "vW", "d3 d5", "d3 d5"),
    ("kirin", "FD", "d2 c3 e3 b4 f4 c5 e5 d6", "c3 b4 f4 c5 e5 d6"),
    ("camel", "C", "c1 e1 a3 g3 a5 g5 c7 e7", "c1 e1 a3 g3 a5 g5 c7 e7"),
    ("zebra", "Z", "b1 f1 a2 g2 a6 g6 b7 f7", "b1 f1 a2 g2 a6 g6 b7 f7"),
    ("giraffe", "FX", "h3 h5 c8 e8", "h3 h5 c8 e8"),
    (
        "amazon",
        "QN",
        "a1 d1 g1 b2 c2 d2 e2 f2 b3 c3 d3 e3 f3 a4 b4 c4 e4 f4 g4 h4 b5 c5 d5 e5 f5 b6 c6 d6 e6 f6 a7 d7 g7 d8 h8",
        "b2 c2 e2 b3 c3 d3 f3 b5 c5 d5 e5 f5 c6 e6 f6",
    ),
    ("centaur", "KN", "c2 e2 b3 c3 d3 e3 f3 c4 e4 b5 c5 d5 e5 f5 c6 e6", "c2 e2 b3 c3 d3 f3 b5 c5 d5 e5 f5 c6 e6"),
    (
        "wildebeest",
        "NC",
        "c1 e1 c2 e2 a3 b3 f3 g3 a5 b5 f5 g5 c6 e6 c7 e7",
        "c1 e1 c2 e2 a3 b3 f3 g3 a5 b5 f5 g5 c6 e6 c7 e7",
    ),
    ("champion", "WAD", "b2 d2 f2 d3 b4 c4 e4 f4 d5 b6 d6 f6", "b2 f2 d3 b4 f4 d5 b6 d6 f6"),
    ("wizard", "FC", "c1 e1 a3 c3 e3 g3 a5 c5 e5 g5 c7 e7", "c1 e1 a3 c3 g3 a5 c5 e5 g5 c7 e7"),
    ("nightrider", "NN", "c2 e2 h2 b3 f3 b5 f5 c6 e6 h6 b8 f8", "c2 e2 h2 b3 f3 b5 f5 c6 e6 h6 b8 f8"),
    ("dabbaba-rider", "DD", "d2 b4 f4 h4 d6 d8", "b4 f4 h4 d6"),
    ("grasshopper", "gQ", "", "a1 d1 f2 b4 f4 b6 d6 g7"),
    ("vao", "mBcpB", "a1 g1 b2 f2 c3 e3 c5 e5 b6 f6 a7 g7 h8", "c3 e5"),
    (
        "leo",
        "mQcpQ",
        "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 h4 c5 d5 e5 b6 d6 f6 a7 d7 g7 d8 h8",
        "c3 d3 g4 e5 d6",
    ),
    ("iron-cannon", "pB", "", "a1 g1 f2 b6 a7 g7 h8"),
    (
        "griffon",
        "[F?R]",
        "c1 e1 c2 e2 a3 b3 c3 e3 f3 g3 h3 a5 b5 c5 e5 f5 g5 h5 c6 e6 c7 e7 c8 e8",
        "c1 c2 a3 b3 c3 c5 e5 f5 g5 h5 e6 e7 e8",
    ),
    ("rhino", "[W?B]", "b1 f1 h1 a2 c2 e2 g2 b3 d3 f3 c4 e4 b5 d5 f5 a6 c6 e6 g6 b7 f7 h7 a8 g8", "b1 f1 c2 e2 d3 d5"),
    ("osprey", "[D?B]", "c1 e1 d2 h2 a3 g3 b4 f4 a5 g5 d6 h6 c7 e7 b8 f8", "h2 a3 g3 b4 f4 a5 g5 d6 h6"),
    ("ship", "v[F?R]", "c1 e1 c2 e2 c3 e3 c5 e5 c6 e6 c7 e7 c8 e8", "c1 c2 c3 c5 e5 e6 e7 e8"),
    ("snake", "v[W?B]", "b1 f1 c2 e2 d3 d5 c6 e6 b7 f7 a8 g8", "b1 f1 c2 e2 d3 d5"),
    ("picket", "[F-B]", "a1 g1 b2 f2 b6 f6 a7 g7 h8", "b2 f6"),
    ("ski-rook", "[W-R]", "d1 d2 a4 b4 f4 g4 h4 d6 d7 d8", ""),
    ("unicorn", "[N-B]", "b1 f1 h1 a2 g2 a6 g6 b7 f7 h7 a8 g8", "b1 f1 h1 a2 g2 a6 g6 b7 f7 h7 a8 g8"),
    ("moa", "[F-W]", "c2 e2 b3 f3 b5 f5 c6 e6", "c2 b3 f5 e6"),
    ("right-knight", "hrN", "c2 f3 b5 e6", "c2 f3 b5 e6"),
    ("left-knight", "hlN", "e2 b3 f5 c6", "e2 b3 f5 c6"),
    ("berolina-pawn", "fmFfcWifmnA", "c5 e5 b6 f6", "d5 e5"),
    ("crab", "ffNbsN", "b3 f3 c6 e6", "b3 f3 c6 e6"),
];

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().fold(0, |s, n| s | Bitboard::from_square(square(n)))
}

fn names(set: Bitboard) -> String {
    set.squares().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

/// Where a white piece on d4 that has not moved may go.
fn destinations(piece: Piece, friends: Bitboard, foes: Bitboard) -> String {
    let from = square("d4");
    let occupied = friends | foes | Bitboard::from_square(from);
    let white = Color::White;
    let quiet = (quiets(piece, white, from, occupied) | initial_quiets(piece, white, from, occupied)) & !occupied;
    let capture = (attacks(piece, white, from, occupied) | initial_attacks(piece, white, from, occupied)) & foes;
    names(quiet | capture)
}

#[test]
fn the_gallery_has_every_piece_with_its_moves() {
    assert!(GALLERY.len() >= 60);
    assert_eq!(GALLERY.len(), Piece::ALL.len());
    for (&(name, betza, _, _), piece) in GALLERY.iter().zip(Piece::ALL) {
        assert_eq!((piece.name(), piece.betza()), (name, betza));
    }
}

#[test]
fn destinations_on_an_empty_board() {
    for (&(name, betza, empty, _), piece) in GALLERY.iter().zip(Piece::ALL) {
        assert_eq!(destinations(piece, 0, 0), empty, "{name} {betza}");
    }
}

#[test]
fn destinations_among_blockers() {
    for (&(name, betza, _, blocked), piece) in GALLERY.iter().zip(Piece::ALL) {
        assert_eq!(destinations(piece, set(&FRIENDS), set(&FOES)), blocked, "{name} {betza}");
    }
}

#[test]
fn black_pieces_move_the_other_way() {
    let from = square("d4");
    assert_eq!(names(quiets(Piece::Pawn, Color::Black, from, 0)), "d3");
    assert_eq!(names(initial_quiets(Piece::Pawn, Color::Black, from, 0)), "d2");
    assert_eq!(names(attacks(Piece::ShogiKnight, Color::Black, from, 0)), "c2 e2");
    // A chiral knight turned 180° is itself.
    assert_eq!(names(attacks(Piece::RightKnight, Color::Black, from, 0)), "c2 f3 b5 e6");
    assert_eq!(names(attacks(Piece::RightKnight, Color::White, from, 0)), "c2 f3 b5 e6");
}
