use fairy_magic::stages::dial::*;

const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

#[test]
fn a_knight_from_the_front_sits_on_the_odd_points() {
    let l = layout((0, 1), true, &KNIGHT);
    assert_eq!(l.reading, Reading::Odd);
    assert_eq!(l.places[0], (1, (1, 2)));
    assert_eq!(l.places[1], (3, (2, 1)));
    assert_eq!(l.places[7], (15, (-1, 2)));
}

#[test]
fn a_knight_after_a_knight_has_the_same_leap_forward() {
    let l = layout((1, 2), false, &KNIGHT);
    assert_eq!(l.reading, Reading::Even);
    assert_eq!(l.places[0], (0, (1, 2)));
    assert_eq!(l.places[1], (2, (2, 1)));
}

#[test]
fn shapes_classify_like_knight_leaps() {
    assert_eq!(shape_point((1, 2)), Some(1));
    assert_eq!(shape_point((2, 1)), Some(3));
    assert_eq!(shape_point((-1, 2)), Some(15));
    assert_eq!(shape_point((1, -3)), Some(7));
    assert_eq!(shape_point((2, 2)), None);
    assert_eq!(shape_point((0, 2)), None);
}
