//! [`Line`]: a slide along a line, or a hop along one, computed from the occupancy with no table.
//!
//! Squares are numbered `rank * files + file`, so along any straight line (a rank, a file, a
//! diagonal, a nightrider's line) the squares' indices rise or fall steadily with the distance
//! from the piece. The squares of a line above the piece's square are met lowest index first, so
//! the first blocker is the lowest occupied one; below it, the highest. Two bit tricks cut a line
//! at its first blocker with no loop and no table ([`LookupBits::up_to_lowest`],
//! [`LookupBits::down_to_highest`]), on `u64`, `u128`, `Bitboard192` and `Bitboard256` alike.
//! The same cut answers the reverse of a vault (a [`LineForm::Screened`] line) and of a step off
//! the end of a slide (a [`LineForm::SlideThenStep`] line), so that `attackers` of a grasshopper
//! or a griffon need no table either.

use crate::LookupBits;

/// What a [`Line`] answers: the squares where a move along it may end, given the occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineForm {
    /// A slide: every square up to and including the first blocker (a rook, a lance).
    Slide,
    /// A hop over one screen: every square past the first blocker up to and including the
    /// second (the cannon's capture: the caller keeps the enemy).
    Hop,
    /// A vault: the one square just past the first blocker (the grasshopper).
    Vault,
    /// A slide from behind a screen on the nearest square: nothing unless each ray's first
    /// square is occupied, then every square past it up to and including the next blocker.
    /// The reverse of a vault: where a grasshopper may stand to land on the piece's square.
    Screened,
    /// A slide that then steps off its line: each empty square of a ray before its first
    /// blocker, moved on by this many square indices (back, when negative). The reverse of a
    /// step then a slide: where a griffon `[F?R]` may stand to reach the piece's square along
    /// the rays that lead back to its corner square. Both rays of such a line take the same step.
    SlideThenStep(i16),
}

/// Up to two rays of one line through a piece's square, one each way, answered by computation.
///
/// `up` holds the ray whose squares' indices rise with the distance from the piece, `down` the
/// one whose indices fall; either may be empty (a lance has one ray). Each holds only squares
/// the move looks at, in order along the ray, so a ranged slide holds just its range. `reach` is
/// where the move may end: the rays' squares, less any that it only passes (the first square
/// of a ski slide must be empty but is no destination).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line<B> {
    /// The ray whose indices rise with distance.
    pub up: B,
    /// The ray whose indices fall with distance.
    pub down: B,
    /// The squares the move may end on.
    pub reach: B,
    /// What the line answers.
    pub form: LineForm,
}

impl<B: LookupBits> Line<B> {
    /// A line of these rays, reach and form (the generated tables are written this way).
    pub const fn new(up: B, down: B, reach: B, form: LineForm) -> Self {
        Line { up, down, reach, form }
    }

    /// A line that answers nothing: it pads a square out to its block's width.
    pub const fn empty() -> Self {
        Line { up: B::EMPTY, down: B::EMPTY, reach: B::EMPTY, form: LineForm::Slide }
    }

    /// A slide's squares up to and including each ray's first blocker, with no mask by the
    /// reach: [`Line::attacks`] of a [`LineForm::Slide`] plus whichever squares of the rays it
    /// only passes (not in `reach`) are not cut off. Where those squares are answered anyway
    /// (a rook's first step, which the compiler plans as a leap), this is the slide's answer
    /// in fewer instructions; it is no answer for a hop or a vault. It always holds each ray's
    /// nearest square, so a ray of one square answers that square on every occupancy: the
    /// compiler stores a leap so where a line has a ray to spare.
    #[inline(always)]
    pub fn slide_attacks(&self, occupied: B) -> B {
        let (up, down) = (self.up & occupied, self.down & occupied);
        self.up & up.up_to_lowest() | self.down & down.down_to_highest()
    }

    /// A hop's squares past the first blocker of each ray up to and including the next, before
    /// the mask by the reach: [`Line::attacks`] of a [`LineForm::Hop`] with no branch on the form.
    #[inline(always)]
    pub fn hop_attacks(&self, occupied: B) -> B {
        let (up, down) = (self.up & occupied, self.down & occupied);
        // Past the screen (none past a missing one), then up to the next blocker.
        let (up_screen, down_screen) = (up.up_to_lowest(), down.down_to_highest());
        let up_rest = up & !up_screen;
        let down_rest = down & !down_screen;
        self.up & !up_screen & up_rest.up_to_lowest() | self.down & !down_screen & down_rest.down_to_highest()
    }

    /// Where the move may end on this occupancy.
    #[inline(always)]
    pub fn attacks(&self, occupied: B) -> B {
        let found = match self.form {
            LineForm::Slide => self.slide_attacks(occupied),
            LineForm::Hop => self.hop_attacks(occupied),
            LineForm::Vault => {
                let (up, down) = (self.up & occupied, self.down & occupied);
                let up_past = self.up & !up.up_to_lowest();
                let down_past = self.down & !down.down_to_highest();
                // The nearest square of each: the lowest above, the highest below.
                up_past & up_past.up_to_lowest() | down_past & down_past.down_to_highest()
            }
            LineForm::Screened => {
                // Each ray's nearest square (its lowest above, its highest below) and the rest.
                let (up_first, down_first) =
                    (self.up & self.up.up_to_lowest(), self.down & self.down.down_to_highest());
                let (up_rest, down_rest) = (self.up & !up_first, self.down & !down_first);
                // A slide over the rest, kept only past an occupied first square: the squares
                // past a set bit are what is not up to it (or down to it), and none past none.
                let up_slide = up_rest & (up_rest & occupied).up_to_lowest() & !(up_first & occupied).up_to_lowest();
                let down_slide =
                    down_rest & (down_rest & occupied).down_to_highest() & !(down_first & occupied).down_to_highest();
                up_slide | down_slide
            }
            LineForm::SlideThenStep(step) => {
                // The empty squares before each ray's first blocker, moved on by the step; every
                // square moved onto is a destination, so nothing crosses the board's edge.
                let run = self.slide_attacks(occupied) & !occupied;
                match step >= 0 {
                    true => run << step as u32,
                    false => run >> step.unsigned_abs() as u32,
                }
            }
        };
        found & self.reach
    }
}

/// Where the moves along `lines` may end on this occupancy: the union of each line's answer.
/// Generated modules call it for the slides and hops their planner computes rather than looks
/// up; a padding line ([`Line::empty`]) adds nothing.
#[inline(always)]
pub fn lines<B: LookupBits>(lines: &[Line<B>], occupied: B) -> B {
    union(lines, |line| line.attacks(occupied))
}

/// The union of [`Line::slide_attacks`]: [`lines`] with no branch on each line's form and no
/// mask by its reach, so that a rook's or bishop's lines are only their rays' arithmetic.
/// Generated modules call it for a block whose lines are all slides and whose squares passed
/// but not reached are among each square's leaps (so the union with the leaps is the same),
/// and the compiler verifies those blocks through it.
#[inline(always)]
pub fn slides<B: LookupBits>(lines: &[Line<B>], occupied: B) -> B {
    union(lines, |line| line.slide_attacks(occupied))
}

/// [`lines`] of slides only, with no branch on each line's form: each slide masked by its
/// reach. Generated modules call it for a block whose lines are all slides but pass squares
/// they do not reach that no leap answers (a pawn's double step passes its single step), and
/// the compiler verifies those blocks through it.
#[inline(always)]
pub fn reached_slides<B: LookupBits>(lines: &[Line<B>], occupied: B) -> B {
    union(lines, |line| line.slide_attacks(occupied) & line.reach)
}

/// [`lines`] of hops only, with no branch on each line's form: a cannon's captures, or where a
/// cannon may capture from. Generated modules call it for a block whose lines are all hops (a
/// padding line answers nothing here either), and the compiler verifies those blocks through it.
#[inline(always)]
pub fn hops<B: LookupBits>(lines: &[Line<B>], occupied: B) -> B {
    union(lines, |line| line.hop_attacks(occupied) & line.reach)
}

/// The union of `answer` over `lines`: the one loop every reading above shares.
#[inline(always)]
fn union<B: LookupBits>(lines: &[Line<B>], answer: impl Fn(&Line<B>) -> B) -> B {
    let mut found = B::EMPTY;
    for line in lines {
        found |= answer(line);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;
    use crate::{Bitboard192, Bitboard256};

    /// A board's geometry, for walking rays square by square as a reference.
    #[derive(Clone, Copy)]
    struct Board {
        files: i32,
        ranks: i32,
    }

    impl Board {
        fn step(self, square: usize, (df, dr): (i32, i32)) -> Option<usize> {
            let (file, rank) = (square as i32 % self.files + df, square as i32 / self.files + dr);
            let on = (0..self.files).contains(&file) && (0..self.ranks).contains(&rank);
            on.then(|| (rank * self.files + file) as usize)
        }

        /// The first `range` squares from `square` along `v`, nearest first.
        fn ray(self, square: usize, v: (i32, i32), range: usize) -> impl Iterator<Item = usize> {
            core::iter::successors(self.step(square, v), move |&s| self.step(s, v)).take(range)
        }
    }

    /// Where a move of `form` along the ray may end, walked square by square; a
    /// [`LineForm::SlideThenStep`] steps by the board vector `step`.
    fn walked<B: LookupBits>(
        board: Board,
        ray: impl Iterator<Item = usize>,
        (form, step): (LineForm, (i32, i32)),
        occupied: B,
    ) -> B {
        let mut found = B::EMPTY;
        let mut screens = 0;
        for square in ray {
            let blocked = occupied.has_index(square);
            match (form, screens) {
                (LineForm::Slide, _) => found |= B::from_index(square),
                (LineForm::Hop, 1) => found |= B::from_index(square),
                (LineForm::Vault, 1) => return found | B::from_index(square),
                (LineForm::Screened, 1) => found |= B::from_index(square),
                (LineForm::Screened, 0) if !blocked => return found,
                (LineForm::SlideThenStep(_), 0) if !blocked => {
                    found |=
                        B::from_index(board.step(square, step).expect("the ray stops where a step leaves the board"))
                }
                _ => {}
            }
            screens += usize::from(blocked);
            let done = match form {
                LineForm::Slide | LineForm::SlideThenStep(_) => screens == 1,
                LineForm::Hop | LineForm::Vault | LineForm::Screened => screens == 2,
            };
            if done {
                break;
            }
        }
        found
    }

    /// The squares of the ray from `square` along `v`, at most `range` of them, and for a
    /// [`LineForm::SlideThenStep`] only as far as its step stays on the board.
    fn ray(
        board: Board,
        square: usize,
        v: (i32, i32),
        range: usize,
        (form, step): (LineForm, (i32, i32)),
    ) -> impl Iterator<Item = usize> {
        let stepped = matches!(form, LineForm::SlideThenStep(_));
        board.ray(square, v, range).take_while(move |&s| !stepped || board.step(s, step).is_some())
    }

    /// The line along `v` and `-v` from `square`, each ray cut to `range` squares, on the ray
    /// of rising indices or falling as the vector says; `skip` squares of each ray are passed,
    /// never reached.
    fn line<B: LookupBits>(
        board: Board,
        square: usize,
        v: (i32, i32),
        range: usize,
        skip: usize,
        shape: (LineForm, (i32, i32)),
    ) -> Line<B> {
        let rising = v.1 * board.files + v.0 > 0;
        let (up_v, down_v) = if rising { (v, (-v.0, -v.1)) } else { ((-v.0, -v.1), v) };
        let set = |v| ray(board, square, v, range, shape).fold(B::EMPTY, |s, q| s | B::from_index(q));
        // Where the move ends from each square of the ray (a step off it, for a slide-then-step).
        let end = |q: usize| match shape.0 {
            LineForm::SlideThenStep(_) => board.step(q, shape.1).expect("on the board"),
            _ => q,
        };
        let reached = |v| {
            let squares = ray(board, square, v, range, shape);
            squares.skip(skip).fold(B::EMPTY, |s, q| s | B::from_index(end(q)))
        };
        let (up, down) = (set(up_v), set(down_v));
        Line { up, down, reach: reached(up_v) | reached(down_v), form: shape.0 }
    }

    /// Each form with the board vector of its step (only a slide-then-step has one).
    fn shapes(board: Board) -> [(LineForm, (i32, i32)); 6] {
        let stepping = |(df, dr): (i32, i32)| (LineForm::SlideThenStep((dr * board.files + df) as i16), (df, dr));
        let plain = |form| (form, (0, 0));
        [
            plain(LineForm::Slide),
            plain(LineForm::Hop),
            plain(LineForm::Vault),
            plain(LineForm::Screened),
            stepping((1, 1)),
            stepping((-1, 2)),
        ]
    }

    /// Every subset of the line's squares, with random occupancy elsewhere, on every square and
    /// every form: the computed answer is the walked one.
    fn every_square_agrees<B: LookupBits>(board: Board, random_draws: usize) {
        // Random occupancies, drawn once and reused in turn: drawing a 256-square one bit by bit
        // for every subset took most of the test's time.
        let mut random = xorshift(0x11e5_2026);
        let mut pool = [B::EMPTY; 61];
        for drawn in &mut pool {
            let words = [random(), random(), random(), random()];
            *drawn = (0..B::BITS as usize)
                .filter(|&s| words[s / 64] >> (s % 64) & 1 == 1)
                .fold(B::EMPTY, |b, s| b | B::from_index(s));
        }
        let mut turn = 0;
        let mut noise = || {
            turn += 1;
            pool[turn % pool.len()]
        };
        let vectors = [(1, 0), (0, 1), (1, 1), (1, -1), (2, 1), (1, 2), (-1, 2), (2, -1)];
        let squares = (board.files * board.ranks) as usize;
        for square in 0..squares {
            for v in vectors {
                for (range, skip) in [(usize::MAX, 0), (3, 0), (usize::MAX, 1)] {
                    for shape in shapes(board) {
                        let form = shape.0;
                        let l = line::<B>(board, square, v, range, skip, shape);
                        let mask = l.up | l.down;
                        // The two rays' squares, found once for all the occupancies below: walking
                        // the board's geometry for each was most of the test's time.
                        let (mut rays, mut lengths) = ([[0; 16]; 2], [0; 2]);
                        for (r, along) in [v, (-v.0, -v.1)].into_iter().enumerate() {
                            for square in ray(board, square, along, range, shape) {
                                rays[r][lengths[r]] = square;
                                lengths[r] += 1;
                            }
                        }
                        let expect = |occupied: B| {
                            let walk = |r: usize| walked(board, rays[r][..lengths[r]].iter().copied(), shape, occupied);
                            (walk(0) | walk(1)) & l.reach
                        };
                        let check = |occupied: B| {
                            let expected = expect(occupied);
                            assert_eq!(l.attacks(occupied), expected, "{square} {v:?} {form:?}");
                            if form == LineForm::Hop {
                                assert_eq!(hops(&[l, Line::empty()], occupied), expected, "{square} {v:?}");
                            }
                            if form == LineForm::Slide {
                                let reached = reached_slides(&[l, Line::empty()], occupied);
                                assert_eq!(reached, expected, "{square} {v:?}");
                                // Unmasked, a slide adds only squares it passes, where reached.
                                let unmasked = slides(&[l, Line::empty()], occupied);
                                assert_eq!(unmasked & l.reach, expected, "{square} {v:?}");
                                assert_eq!(unmasked & !l.reach & !mask, B::EMPTY, "{square} {v:?}");
                            }
                        };
                        if mask.count() <= 14 {
                            // Every subset of the mask (the carry-rippler walk), noise outside.
                            let mut subset = B::EMPTY;
                            loop {
                                check(subset | noise() & !mask);
                                subset = next_subset(subset, mask);
                                if subset == B::EMPTY {
                                    break;
                                }
                            }
                        }
                        for _ in 0..random_draws {
                            check(noise());
                        }
                    }
                }
            }
        }
    }

    /// The next subset of `mask` after `subset` in counting order; empty after the last.
    fn next_subset<B: LookupBits>(subset: B, mask: B) -> B {
        // (subset - mask) & mask without subtraction on the trait: set the lowest clear bit of
        // the mask above the carried ones.
        let mut bits = mask.indices();
        let mut next = subset;
        loop {
            let Some(s) = bits.next() else { return B::EMPTY };
            let b = B::from_index(s);
            if next & b == B::EMPTY {
                return next | b;
            }
            next ^= b;
        }
    }

    #[test]
    fn lines_agree_with_walking_on_u64_boards() {
        every_square_agrees::<u64>(Board { files: 8, ranks: 8 }, 4);
        every_square_agrees::<u64>(Board { files: 1, ranks: 16 }, 4);
        every_square_agrees::<u64>(Board { files: 7, ranks: 9 }, 4);
    }

    #[test]
    fn lines_agree_with_walking_on_u128_boards() {
        every_square_agrees::<u128>(Board { files: 9, ranks: 10 }, 4);
        every_square_agrees::<u128>(Board { files: 12, ranks: 10 }, 4);
        every_square_agrees::<u128>(Board { files: 16, ranks: 8 }, 4);
    }

    /// Square boards of 144 and 169 squares, and 16x12, which fills all 192 squares (its last
    /// is the top bit of the top word, where a cut is easiest to get wrong).
    #[test]
    fn lines_agree_with_walking_on_192_square_boards() {
        every_square_agrees::<Bitboard192>(Board { files: 12, ranks: 12 }, 4);
        every_square_agrees::<Bitboard192>(Board { files: 13, ranks: 13 }, 4);
        every_square_agrees::<Bitboard192>(Board { files: 16, ranks: 12 }, 4);
    }

    #[test]
    fn lines_agree_with_walking_on_256_square_boards() {
        every_square_agrees::<Bitboard256>(Board { files: 12, ranks: 12 }, 4);
        every_square_agrees::<Bitboard256>(Board { files: 16, ranks: 16 }, 16);
    }

    #[test]
    fn a_padding_line_answers_nothing() {
        assert_eq!(slides(&[Line::<u64>::empty()], u64::MAX), 0);
        assert_eq!(reached_slides(&[Line::<u64>::empty()], u64::MAX), 0);
        assert_eq!(Line::<u128>::empty().attacks(0), 0);
        assert_eq!(Line::<u64>::empty().attacks(u64::MAX), 0);
    }

    #[test]
    fn lines_unite_their_answers() {
        let board = Board { files: 8, ranks: 8 };
        let slide = (LineForm::Slide, (0, 0));
        let rank = line::<u64>(board, 27, (1, 0), usize::MAX, 0, slide);
        let file = line::<u64>(board, 27, (0, 1), usize::MAX, 0, slide);
        let occupied = 1 << 29 | 1 << 43;
        assert_eq!(lines(&[rank, file, Line::empty()], occupied), rank.attacks(occupied) | file.attacks(occupied));
        assert_eq!(lines::<u64>(&[], occupied), 0);
        assert_eq!(Line::new(rank.up, rank.down, rank.reach, rank.form), rank);
    }
}
