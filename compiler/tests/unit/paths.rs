use fairy_magic::stages::board::{bit, Board, Square, Squares};
use fairy_magic::stages::paths::*;
use fairy_magic::stages::{betza, legs};
use fairy_magic_runtime::Color;

fn paths(text: &str, from: &str) -> Vec<PathMove> {
    let board = Board { files: 8, ranks: 8 };
    let moves = legs::moves(&betza::parse(text).unwrap(), Color::White).unwrap();
    path_moves(board, &moves, board.parse_square(from).unwrap())
}

fn sq(name: &str) -> Squares {
    bit(Board { files: 8, ranks: 8 }.parse_square(name).unwrap())
}

#[test]
fn rook_paths_are_the_squares_before_the_destination() {
    let p = paths("fR", "a1");
    assert_eq!(p.len(), 7);
    assert_eq!(p[0].path, Squares::EMPTY);
    assert_eq!(p[2].path, sq("a2") | sq("a3"));
    assert!(p.iter().all(|m| m.required == Squares::EMPTY && m.condition == Condition::Exact));
}

#[test]
fn lame_and_jumping_leaps_look_at_the_square_passed() {
    let lame = paths("fnD", "e2");
    assert_eq!((lame[0].path, lame[0].required), (sq("e3"), Squares::EMPTY));
    let jump = paths("fjD", "e2");
    assert_eq!((jump[0].path, jump[0].required), (sq("e3"), sq("e3")));
    let lame_alfil = paths("frnA", "a1");
    assert_eq!(lame_alfil[0].path, sq("b2"));
}

#[test]
fn hoppers_and_grasshoppers() {
    let cannon = paths("fpR", "a1");
    assert_eq!(cannon.len(), 6);
    assert_eq!((cannon[0].dest, cannon[0].path, cannon[0].condition), (Square::new(16), sq("a2"), Condition::OneOf));
    let grasshopper = paths("fgR", "a1");
    assert_eq!((grasshopper[1].path, grasshopper[1].required), (sq("a2") | sq("a3"), sq("a3")));
    let skip = paths("fjR", "a1");
    assert_eq!((skip[0].dest, skip[0].path), (Square::new(16), Squares::EMPTY));
    assert_eq!(skip[1].path, sq("a3"));
}

#[test]
fn a_bent_rider_passes_its_turning_square() {
    // Griffon [F?R] from a1: b2 is a destination and, empty, the corner of two rook rides.
    let griffon = paths("[F?R]", "a1");
    let b2 = griffon.iter().find(|m| m.dest == Square::new(9)).unwrap();
    assert_eq!(b2.path, Squares::EMPTY);
    let b4 = griffon.iter().find(|m| m.dest == Square::new(25)).unwrap();
    assert_eq!(b4.path, sq("b2") | sq("b3"));
}
