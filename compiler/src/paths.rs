//! Stage 3: legs × start square → path moves. A path move says: the piece reaches `dest` when
//! the squares of `path` hold exactly `required` (or, for a hopper, exactly one piece).
//!
//! This is H.G. Muller's NextLeg recursion: walk each leg step by step, collect every square the
//! move passes with the state it needs there, emit a path move wherever the move may end, and
//! go on with the next leg wherever it may start. Lookups and tables only see the sets: a
//! [`Gate`] is a path move without its kinds, what lookups, lines and `between` group.

use std::ops::ControlFlow;

use fairy_magic_runtime::BitboardExt;

use crate::board::{bit, Board, Square, Squares};
use crate::legs::{Kinds, Leg, Move, Onward, Sweep};

/// How a path move's condition on the squares of its path is tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Condition {
    /// Valid when `occupied & path == required`.
    Exact,
    /// Valid when exactly one square of `path` is occupied (a one-leg `p` hopper's hurdle).
    OneOf,
}

/// A destination and the condition on the board that opens it: a path move without its kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gate {
    /// The square the gate opens.
    pub dest: Square,
    /// The squares whose contents decide whether the gate is open.
    pub path: Squares,
    /// The squares of `path` that must be occupied for [`Condition::Exact`]; the rest must be empty.
    pub required: Squares,
    /// How `path` and `required` are tested.
    pub condition: Condition,
}

impl Gate {
    /// The gate of a path move: its destination and condition, without its kinds.
    pub fn of(m: &PathMove) -> Gate {
        Gate { dest: m.dest, path: m.path, required: m.required, condition: m.condition }
    }

    /// Whether the gate is open on a board where `occupied` is the set of occupied squares.
    pub fn open(&self, occupied: Squares) -> bool {
        match self.condition {
            Condition::Exact => occupied & self.path == self.required,
            Condition::OneOf => (occupied & self.path).count_ones() == 1,
        }
    }

    /// `other` is open whenever `self` is, so `self` adds nothing to a lookup that has `other`.
    pub fn is_detour_of(&self, other: &Gate) -> bool {
        self.dest == other.dest
            && self != other
            && self.condition == Condition::Exact
            && other.condition == Condition::Exact
            && (other.path & !self.path).is_empty()
            && self.required & other.path == other.required
    }
}

/// One way a piece reaches one square from its start square, and what the board must hold on the
/// way there. Squares are numbered `rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PathMove {
    /// The square the move ends on.
    pub dest: Square,
    /// The squares the move passes before `dest` whose contents matter (never the start square).
    pub path: Squares,
    /// The squares of `path` that must be occupied; the others in `path` must be empty. Unused
    /// with [`Condition::OneOf`].
    pub required: Squares,
    /// How `path` and `required` are tested against the board.
    pub condition: Condition,
    /// What the move may do on `dest`: a set of [`QUIET`](crate::legs::QUIET),
    /// [`CAPTURE`](crate::legs::CAPTURE) and [`FRIENDLY`](crate::legs::FRIENDLY).
    pub kinds: Kinds,
    /// `i`: only as the piece's first move.
    pub initial: bool,
}

/// The squares a move has passed so far and what each must hold.
#[derive(Clone, Copy, Debug, Default)]
struct Trail {
    path: Squares,
    required: Squares,
}

impl Trail {
    /// Adds a square that must be empty or occupied; `None` if the move already needs the
    /// opposite there. The piece's own square has left: it is empty and never joins a path.
    fn with(self, square: Square, occupied: bool, origin: Square) -> Option<Trail> {
        if square == origin {
            return (!occupied).then_some(self);
        }
        let bit = bit(square);
        let state = if occupied { bit } else { Squares::EMPTY };
        if self.path & bit != Squares::EMPTY {
            return (self.required & bit == state).then_some(self);
        }
        Some(Trail { path: self.path | bit, required: self.required | state })
    }
}

/// All path moves of a piece's moves from one square.
pub fn path_moves(board: Board, moves: &[Move], from: Square) -> Vec<PathMove> {
    path_moves_within(board, moves, from, usize::MAX).expect("no limit")
}

/// All path moves from one square, or `None` as soon as there are more than `limit`: a piece
/// of several sliding legs can have more paths than any table should hold.
pub fn path_moves_within(board: Board, moves: &[Move], from: Square, limit: usize) -> Option<Vec<PathMove>> {
    let mut out = Vec::new();
    for m in moves {
        let mut walk = Walk { board, origin: from, initial: m.initial, limit, out: &mut out };
        if walk.legs(&m.legs, from, Trail::default(), 0).is_break() {
            return None;
        }
    }
    Some(out)
}

/// The squares a straight leap passes over on its way (none for oblique leaps and single steps).
pub fn passed_over(step: (i8, i8)) -> Vec<(i32, i32)> {
    let (dx, dy) = (step.0 as i32, step.1 as i32);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    (1..dx.abs().max(dy.abs())).map(|t| (dx.signum() * t, dy.signum() * t)).collect()
}

/// Whether a walk goes on: it breaks, all the way up, once the limit of path moves is reached.
type Flow = ControlFlow<()>;

/// What stays the same through the walk of one move: where its path moves go and what they
/// carry.
struct Walk<'a> {
    board: Board,
    /// The square the piece stands on: it has left it, so it is empty and never joins a path.
    origin: Square,
    /// Whether the move is an `i` move (first move only).
    initial: bool,
    /// The most path moves `out` may hold.
    limit: usize,
    out: &'a mut Vec<PathMove>,
}

/// How the landing squares of a leg become path moves, decided once a leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The last leg of a plain, lame or jumping move: each landing the ride reaches.
    Land,
    /// A move of one `p` leg: each landing past the first, with exactly one hurdle before it,
    /// wherever it stands ([`Condition::OneOf`]).
    OneHurdle,
    /// The last leg of a multi-leg `p` move: each landing after one of the ride's hurdles, the
    /// squares before the hurdle empty as the earlier legs left them.
    Hop,
    /// The last leg of a `g` move: the landing right behind the ride's first occupied square.
    Grasshop,
    /// A leg before the last: a destination only with `?`, and the next leg starts from it.
    Onward,
}

impl Ending {
    /// How `legs[0]` ends; `fresh` when it starts on the origin with nothing on the way yet.
    fn of(legs: &[Leg], fresh: bool) -> Ending {
        match (legs.len() == 1, legs[0].sweep) {
            (false, _) => Ending::Onward,
            (true, Sweep::Hop) if fresh => Ending::OneHurdle,
            (true, Sweep::Hop) => Ending::Hop,
            (true, Sweep::Grasshop) => Ending::Grasshop,
            (true, _) => Ending::Land,
        }
    }
}

/// One landing square of a leg and how the move reaches it.
#[derive(Clone, Copy, Debug)]
struct Landing {
    square: Square,
    /// The repetitions of the leg's step that reach it (1 for the first landing).
    steps: u32,
    /// The trail up to the square, past whatever the leap passes over; `None` when the ride
    /// cannot reach it (an occupied square on the way, or one passed that must be otherwise).
    before: Option<Trail>,
    /// Whether a move may end or go on here: always, except that an `i` leg of an `a` chain
    /// makes exactly as many steps as the leg before it.
    counts: bool,
}

/// A leg's ride so far, one landing square at a time.
#[derive(Clone, Debug)]
struct Ride {
    /// The trail with every landing square so far empty, which the ride goes on along; `None`
    /// once it has met an occupied one.
    open: Option<Trail>,
    /// A multi-leg hopper's trails in which one landing square so far was the hurdle and the
    /// rest were empty.
    hurdles: Vec<Trail>,
    /// The previous landing square with the trail that reached it: a grasshopper's hurdle.
    previous: Option<(Square, Trail)>,
}

impl Ride {
    fn new(trail: Trail) -> Ride {
        Ride { open: Some(trail), hurdles: Vec::new(), previous: None }
    }

    /// The trail of a grasshopper that hops the previous landing square, occupied.
    fn hopped(&self, origin: Square) -> Option<Trail> {
        self.previous.and_then(|(square, t)| t.with(square, true, origin))
    }

    /// A hopper's rides past `landing`: each with a hurdle so far finds it empty, and the open
    /// ride may find its hurdle there.
    fn pass_hurdle(&mut self, landing: Landing, origin: Square) {
        let square = landing.square;
        self.hurdles.retain_mut(|h| match h.with(square, false, origin) {
            Some(t) => {
                *h = t;
                true
            }
            None => false,
        });
        self.hurdles.extend(landing.before.and_then(|b| b.with(square, true, origin)));
    }

    /// The ride past `landing`, which it goes on from only if the square is empty.
    fn pass(&mut self, landing: Landing, origin: Square) {
        self.previous = landing.before.map(|b| (landing.square, b));
        self.open = landing.before.and_then(|b| b.with(landing.square, false, origin));
    }

    /// Whether no later landing can be reached.
    fn is_over(&self) -> bool {
        self.open.is_none() && self.hurdles.is_empty()
    }
}

impl Walk<'_> {
    /// Adds a path move to `dest` (none back onto the origin); breaks past the limit.
    fn emit(&mut self, dest: Square, trail: Trail, condition: Condition, kinds: Kinds) -> Flow {
        if self.out.len() >= self.limit {
            return ControlFlow::Break(());
        }
        if dest != self.origin {
            let (path, required, initial) = (trail.path, trail.required, self.initial);
            self.out.push(PathMove { dest, path, required, condition, kinds, initial });
        }
        ControlFlow::Continue(())
    }

    /// Walks `legs[0]` from `at` with `trail` behind it, then the rest of the legs from wherever
    /// it may end; `previous_steps` is how many steps the leg before made.
    fn legs(&mut self, legs: &[Leg], at: Square, trail: Trail, previous_steps: u32) -> Flow {
        let leg = &legs[0];
        let ending = Ending::of(legs, at == self.origin && trail.path == Squares::EMPTY);
        let passed = passed_over(leg.step);
        let mut ride = Ride::new(trail);
        for steps in 1..=u32::from(leg.range) {
            let Some((square, before)) = self.reach(leg, at, steps, &passed, ride.open) else { break };
            let landing = Landing { square, steps, before, counts: !leg.iso || steps == previous_steps };
            // A jumping rider skips its first landing square whatever is there.
            if leg.sweep == Sweep::Jump && leg.range > 1 && steps == 1 {
                ride.open = landing.before;
                continue;
            }
            self.land(legs, ending, &mut ride, landing)?;
            ride.pass(landing, self.origin);
            if ride.is_over() {
                break;
            }
        }
        ControlFlow::Continue(())
    }

    /// The `steps`th landing square of `leg` from `at` (`None` off the board), and the trail
    /// that reaches it from the ride's `open` trail past the squares `passed` over since the
    /// landing before.
    fn reach(
        &self,
        leg: &Leg,
        at: Square,
        steps: u32,
        passed: &[(i32, i32)],
        open: Option<Trail>,
    ) -> Option<(Square, Option<Trail>)> {
        let (f0, r0) = self.board.file_rank(at);
        let (dx, dy) = (leg.step.0 as i32, leg.step.1 as i32);
        let (pf, pr) = (f0 + (steps as i32 - 1) * dx, r0 + (steps as i32 - 1) * dy);
        let square = self.board.square(pf + dx, pr + dy)?;
        let mut between = passed.iter().filter_map(|&(bx, by)| self.board.square(pf + bx, pr + by));
        let before = open.and_then(|t| match leg.sweep {
            Sweep::Lame => between.try_fold(t, |t, s| t.with(s, false, self.origin)),
            Sweep::Jump if leg.range == 1 => between.try_fold(t, |t, s| t.with(s, true, self.origin)),
            _ => Some(t),
        });
        Some((square, before))
    }

    /// The path moves that end on `landing`, and the walk of the next leg from it.
    fn land(&mut self, legs: &[Leg], ending: Ending, ride: &mut Ride, landing: Landing) -> Flow {
        let (leg, square, counts) = (&legs[0], landing.square, landing.counts);
        match ending {
            Ending::OneHurdle => match landing.before {
                Some(b) if landing.steps > 1 && counts => self.emit(square, b, Condition::OneOf, leg.kinds),
                _ => ControlFlow::Continue(()),
            },
            Ending::Hop => {
                if counts {
                    for &h in &ride.hurdles {
                        self.emit(square, h, Condition::Exact, leg.kinds)?;
                    }
                }
                ride.pass_hurdle(landing, self.origin);
                ControlFlow::Continue(())
            }
            Ending::Grasshop => match ride.hopped(self.origin) {
                Some(h) if counts => self.emit(square, h, Condition::Exact, leg.kinds),
                _ => ControlFlow::Continue(()),
            },
            Ending::Land => match landing.before {
                Some(b) if counts => self.emit(square, b, Condition::Exact, leg.kinds),
                _ => ControlFlow::Continue(()),
            },
            Ending::Onward => match landing.before {
                Some(b) if counts => self.onward(legs, landing.steps, square, b),
                _ => ControlFlow::Continue(()),
            },
        }
    }

    /// A leg before the last ends on `square` with `before` behind it: a destination if the leg
    /// may stop there, and where the next leg starts if the square holds what it needs.
    fn onward(&mut self, legs: &[Leg], steps: u32, square: Square, before: Trail) -> Flow {
        let leg = &legs[0];
        if leg.kinds != 0 {
            self.emit(square, before, Condition::Exact, leg.kinds)?;
        }
        let next = match leg.onward {
            Onward::Empty => before.with(square, false, self.origin),
            Onward::Hurdle => before.with(square, true, self.origin),
            Onward::Any => Some(before),
        };
        match next {
            Some(next) => self.legs(&legs[1..], square, next, steps),
            None => ControlFlow::Continue(()),
        }
    }
}
