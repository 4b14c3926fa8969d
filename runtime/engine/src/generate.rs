//! Legal move generation, into a move list or, for bulk counting, into a count.
//!
//! A piece's moves come from the tables as a set of targets. Whether a move leaves the mover's
//! royal piece attacked is decided for most of them at once, from what the node knows before
//! any move ([`Node`]). Out of check, the enemy pieces whose path to the royal piece other
//! pieces may block (the module's `between`: the squares whose occupancy decides whether the
//! piece reaches it, a hopper's screen included) are looked at once: our pieces without which
//! one would reach the royal piece are pinned, and every move of theirs is tested. Any other
//! move that does not move the royal piece is legal untested, unless it leaves or lands on a
//! hopper's path: lifting an unpinned piece exposes nothing, and a piece added to the path of
//! an enemy that more pieces only block (`blocking_only_blocks`) cannot open it. In check, a
//! move that touches neither a checker nor a square between one and the royal piece leaves
//! that checker's attack as it was, so it is illegal untested. The other moves are tested one
//! by one, without being made: the royal square is asked for attackers (`attackers`) under the
//! occupancy after the move, from the enemy pieces whose attack may have changed.

use fairy_magic_runtime::{BitboardExt, Color, Tables};

use crate::{bit, castling_spans, Game, Move, MoveKind, MoveList, Position, Promoting, MAX_PIECE_TYPES, NO_ROOK};

/// The piece pinned on a path any one piece blocks, given the path's occupied squares: the one
/// piece there if it is ours, else none.
#[inline(always)]
fn lone_blocker<B: BitboardExt>(on_path: B, ours: B) -> B {
    match (on_path & ours).lowest_index() {
        Some(s) if on_path == bit(s) => on_path,
        _ => B::EMPTY,
    }
}

/// Runs `$body` once for each piece index below `$pieces`, with `$piece` a constant in each
/// copy (up to [`MAX_PIECE_TYPES`] copies, the ones past the game's pieces compiled away). A
/// lookup on a constant piece and side compiles to that piece's own table read; on a variable
/// one, it went through the module's dispatch (a jump table) every time, and was not inlined.
macro_rules! each_piece {
    ($pieces:expr, $piece:ident => $body:expr) => {
        each_piece!(@ $pieces, $piece, $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (@ $pieces:expr, $piece:ident, $body:expr; $($n:literal)*) => {
        $(
            if $n < $pieces {
                const $piece: usize = $n;
                $body;
            }
        )*
    };
}
const _: () = assert!(MAX_PIECE_TYPES == 16, "each_piece! expands one copy per piece type");

/// [`castling_spans`] for a king or rook off the squares the castling's spans were made for:
/// rare, so kept out of the move generator's loop.
#[cold]
#[inline(never)]
fn other_spans<B: BitboardExt>(king_from: usize, king_to: usize, rook_from: usize, rook_to: usize) -> (B, B) {
    castling_spans(king_from, king_to, rook_from, rook_to)
}

/// The side of index `side` (0 White, 1 Black): what a const generic side stands for.
#[inline(always)]
const fn side(side: usize) -> Color {
    Color::ALL[side]
}

/// Where generated moves go: a list, or just their number (bulk counting's last ply).
pub(crate) trait Sink {
    /// Adds the moves of `piece` from `from` to each square of `targets`: plain moves, all
    /// legal.
    fn add_all<B: BitboardExt>(&mut self, piece: usize, from: usize, targets: B);
    /// Adds one legal move.
    fn add(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn add_all<B: BitboardExt>(&mut self, piece: usize, from: usize, mut targets: B) {
        let plain = Move { from: from as u8, to: 0, piece: piece as u8, promotion: None, kind: MoveKind::Normal };
        while let Some(to) = targets.pop_lowest_index() {
            self.push(Move { to: to as u8, ..plain });
        }
    }

    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(m);
    }
}

/// Bulk counting's sink: how many moves.
#[derive(Default)]
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    #[inline(always)]
    fn add_all<B: BitboardExt>(&mut self, _: usize, _: usize, targets: B) {
        // `count`, though built without target-CPU flags it is a software popcount: a loop
        // over the targets took fewer instructions but mispredicted its exit (callgrind's
        // branch simulation, chess 5 bulk: a third of the engine's mispredictions, 0.34 M on
        // one branch), and chess 6 perft took 1.14 s of CPU against 1.02 s with `count`.
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// What a position's move generation finds out once, before any move.
struct Node<'a, B> {
    occupied: B,
    /// The side to move's pieces.
    ours: B,
    /// The other side's pieces.
    enemy: B,
    /// The empty squares of the board.
    empty: B,
    /// The square sets by piece as the search for attackers reads them ([`Game::attack_sets`]).
    sets: &'a [B; MAX_PIECE_TYPES],
    /// The square of the side to move's royal piece.
    king: usize,
    /// The square of the other side's.
    their_king: usize,
    /// The enemy pieces that attack the royal piece.
    checkers: B,
    /// Under the flying general, with the royal pieces on one file: the squares between them,
    /// of which a non-royal move must leave one occupied. Known once, not asked a move.
    facing_path: Option<B>,
    /// The squares a non-royal move must leave to need a test. Out of check: our pinned
    /// pieces (those without which an enemy piece would reach the royal piece, the other royal
    /// piece's file under the flying general included) and the paths of the enemy pieces that
    /// more pieces in the way may let through (hoppers). In check: the checkers and the squares
    /// between them and the royal piece. Every square when some piece has first captures.
    tested_from: B,
    /// The squares a non-royal move must land on to need a test: out of check, the paths of
    /// hoppers (a piece added elsewhere only blocks); in check, as `tested_from`.
    tested_to: B,
    /// The enemy pieces whose attack on the royal piece a move may change: the checkers and
    /// those with squares between them and it. The others reach it or not whatever the move.
    suspects: B,
}

impl<B: BitboardExt> Node<'_, B> {
    fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// The targets of a non-royal move from `from` that are legal without a test, and those
    /// that need one; the rest (in check, those that cannot end it) are illegal.
    #[inline(always)]
    fn split(&self, from: usize, targets: B) -> (B, B) {
        match (self.tested_from.has_index(from), self.in_check()) {
            (true, _) => (B::EMPTY, targets),
            (false, false) => (targets & !self.tested_to, targets & self.tested_to),
            (false, true) => (B::EMPTY, targets & self.tested_to),
        }
    }
}

impl<T: Tables> Game<T> {
    /// Appends every legal move of `p` to `out`.
    pub fn generate(&self, p: &Position<T::Bitboard>, out: &mut MoveList) {
        self.generate_into(p, out);
    }

    /// How many legal moves `p` has, found without listing them.
    pub(crate) fn count_moves(&self, p: &Position<T::Bitboard>) -> u64 {
        let mut count = Count::default();
        self.generate_into(p, &mut count);
        count.0
    }

    /// The side to move as a constant (`US`) from here on: every lookup then knows its side.
    /// An ended game ([`Game::is_over`]) has no moves.
    fn generate_into<S: Sink>(&self, p: &Position<T::Bitboard>, sink: &mut S) {
        if self.is_over(p) {
            return;
        }
        match p.to_move {
            Color::White => self.generate_for::<0, 1, S>(p, sink),
            Color::Black => self.generate_for::<1, 0, S>(p, sink),
        }
    }

    #[inline(always)]
    fn generate_for<const US: usize, const THEM: usize, S: Sink>(&self, p: &Position<T::Bitboard>, sink: &mut S) {
        let sets = self.attack_sets(p);
        let node = self.node::<US, THEM>(p, &sets);
        each_piece!(T::PIECES, PIECE => self.piece_moves::<PIECE, US, THEM, S>(p, &node, sink));
        if !p.en_passant.is_empty() {
            each_piece!(T::PIECES, PIECE => if self.pieces[PIECE].en_passant {
                // Only the pieces that capture onto the squares passed over: asked of each
                // square, not of each piece.
                let (mut targets, mut takers) = (p.en_passant, T::Bitboard::EMPTY);
                while let Some(to) = targets.pop_lowest_index() {
                    takers |= T::attackers(PIECE, side(US), to, node.occupied);
                }
                takers &= p.by_type[PIECE] & node.ours;
                while let Some(from) = takers.pop_lowest_index() {
                    self.en_passant_moves(p, &node, sink, PIECE, from);
                }
            });
        }
        if !node.in_check() && p.castling[US] != [NO_ROOK; 2] {
            self.castling_moves(p, sink, node.king, node.occupied);
        }
    }

    /// The node's facts: where the royal pieces stand, who gives check, and which moves need
    /// a test.
    #[inline(always)]
    fn node<'a, const US: usize, const THEM: usize>(
        &self,
        p: &Position<T::Bitboard>,
        sets: &'a [T::Bitboard; MAX_PIECE_TYPES],
    ) -> Node<'a, T::Bitboard> {
        let (ours, enemy) = (p.by_color[US], p.by_color[THEM]);
        let occupied = ours | enemy;
        let king = self.royal_square(p, side(US));
        let their_king = self.royal_square(p, side(THEM));
        let empty = T::Bitboard::EMPTY;
        let (mut checkers, mut watchers) = (empty, empty);
        each_piece!(T::PIECES, PIECE => {
            let theirs = sets[PIECE] & enemy;
            if !theirs.is_empty() {
                checkers |= self.attackers::<PIECE>(side(THEM), king, occupied) & theirs;
            }
        });
        // Between the royal piece and the checkers; our pieces pinned to it; the paths of the
        // enemies that more pieces in the way may let through.
        let (mut check_paths, mut pinned, mut hopper_paths) = (empty, empty, empty);
        each_piece!(T::PIECES, PIECE => {
            let theirs = p.by_type[PIECE] & enemy;
            if self.pieces[PIECE].blockable[THEM] && !theirs.is_empty() {
                let mut watching = theirs & self.blockable_from[Self::blockable_index(PIECE, side(THEM), king)];
                while let Some(from) = watching.pop_lowest_index() {
                    let path = T::between(PIECE, side(THEM), from, king);
                    watchers |= bit(from);
                    if checkers.has_index(from) {
                        check_paths |= path;
                    } else if self.pieces[PIECE].blocked_by_any[THEM] {
                        pinned |= lone_blocker(path & occupied, ours);
                    } else if !self.pieces[PIECE].blocking_only_blocks[THEM] {
                        hopper_paths |= path;
                    } else {
                        // It reaches the royal piece once one of ours leaves its path, or not;
                        // more pieces on the path block it all the more.
                        let mut ours_on = path & ours;
                        while let Some(s) = ours_on.pop_lowest_index() {
                            let lifted = occupied & !bit::<T::Bitboard>(s);
                            if self.attackers::<PIECE>(side(THEM), king, lifted).has_index(from) {
                                pinned |= bit(s);
                            }
                        }
                    }
                }
            }
        });
        let facing_path = (self.flying_general && king % T::FILES == their_king % T::FILES)
            .then(|| self.file_between(king, their_king));
        if let Some(path) = facing_path {
            // The other royal piece reaches along the file as a rook does.
            pinned |= lone_blocker(path & occupied, ours);
        }
        let (tested_from, tested_to) = if self.first_captures {
            (self.board, self.board)
        } else if !checkers.is_empty() {
            (checkers | check_paths, checkers | check_paths)
        } else {
            (pinned | hopper_paths, hopper_paths)
        };
        let suspects = if self.first_captures { enemy } else { checkers | watchers };
        Node {
            occupied,
            ours,
            enemy,
            sets,
            empty: !occupied & self.board,
            king,
            their_king,
            checkers,
            facing_path,
            tested_from,
            tested_to,
            suspects,
        }
    }

    /// Adds the legal moves of our pieces of type `PIECE`.
    #[inline(always)]
    fn piece_moves<const PIECE: usize, const US: usize, const THEM: usize, S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        node: &Node<'_, T::Bitboard>,
        sink: &mut S,
    ) {
        let mut mine = p.by_type[PIECE] & node.ours;
        while let Some(from) = mine.pop_lowest_index() {
            let targets = self.targets::<PIECE, US>(node, from);
            let legal = match PIECE == self.royal {
                true => self.royal_moves::<THEM>(node, from, targets),
                false => self.safe_moves::<THEM>(node, from, targets),
            };
            self.add_targets(p, sink, PIECE, from, legal);
        }
    }

    /// The squares `PIECE` may move to from `from`: its quiet moves to empty squares, its
    /// captures of enemy pieces, its first moves where it stands on a first square.
    #[inline(always)]
    fn targets<const PIECE: usize, const US: usize>(&self, node: &Node<'_, T::Bitboard>, from: usize) -> T::Bitboard {
        let (us, occupied) = (side(US), node.occupied);
        let rules = &self.pieces[PIECE];
        let (mut quiets, mut captures) = match rules.moves_as_it_captures[US] {
            true => {
                let moves = T::attacks(PIECE, us, from, occupied);
                (moves, moves)
            }
            false => (T::quiets(PIECE, us, from, occupied), T::attacks(PIECE, us, from, occupied)),
        };
        if rules.first[US].has_index(from) {
            if rules.first_quiets {
                quiets |= T::initial_quiets(PIECE, us, from, occupied);
            }
            if rules.first_captures {
                captures |= T::initial_attacks(PIECE, us, from, occupied);
            }
        }
        (quiets & node.empty) | (captures & node.enemy)
    }

    /// The legal ones of a non-royal piece's `targets` from `from`.
    #[inline(always)]
    fn safe_moves<const THEM: usize>(
        &self,
        node: &Node<'_, T::Bitboard>,
        from: usize,
        targets: T::Bitboard,
    ) -> T::Bitboard {
        let (mut legal, mut tested) = node.split(from, targets);
        let left = node.occupied & !bit::<T::Bitboard>(from);
        while let Some(to) = tested.pop_lowest_index() {
            let to_bit = bit::<T::Bitboard>(to);
            if !self.exposed::<THEM>(node, left | to_bit, to_bit) {
                legal |= to_bit;
            }
        }
        legal
    }

    /// The legal ones of the royal piece's `targets` from `from`: those no enemy attacks once
    /// it stands there.
    #[inline(always)]
    fn royal_moves<const THEM: usize>(
        &self,
        node: &Node<'_, T::Bitboard>,
        from: usize,
        mut targets: T::Bitboard,
    ) -> T::Bitboard {
        let mut legal = T::Bitboard::EMPTY;
        let left = node.occupied & !bit::<T::Bitboard>(from);
        while let Some(to) = targets.pop_lowest_index() {
            let to_bit = bit::<T::Bitboard>(to);
            let occupied = left | to_bit;
            let attacked = self.attacked_by::<THEM>(node.sets, to, occupied, node.enemy & !to_bit);
            if !(attacked || (self.flying_general && self.generals_face(to, node.their_king, occupied))) {
                legal |= to_bit;
            }
        }
        legal
    }

    /// Whether a non-royal move leaves the royal piece attacked, or facing the other under
    /// the flying general: `occupied` is the occupancy after it, `captured` the square of the
    /// enemy piece it takes (or a square no enemy piece stands on).
    #[inline(always)]
    fn exposed<const THEM: usize>(
        &self,
        node: &Node<'_, T::Bitboard>,
        occupied: T::Bitboard,
        captured: T::Bitboard,
    ) -> bool {
        self.attacked_by::<THEM>(node.sets, node.king, occupied, node.suspects & !captured)
            || node.facing_path.is_some_and(|path| (path & occupied).is_empty())
    }

    /// Whether any of `suspects`, pieces of the side `BY`, attacks `square` given `occupied`:
    /// `sets` are the position's square sets by piece as [`Game::attack_sets`] gives them.
    #[inline]
    pub(crate) fn attacked_by<const BY: usize>(
        &self,
        sets: &[T::Bitboard; MAX_PIECE_TYPES],
        square: usize,
        occupied: T::Bitboard,
        suspects: T::Bitboard,
    ) -> bool {
        each_piece!(T::PIECES, PIECE => {
            let mine = sets[PIECE] & suspects;
            if !mine.is_empty() && !(self.attackers::<PIECE>(side(BY), square, occupied) & mine).is_empty() {
                return true;
            }
        });
        false
    }

    /// The squares from which a `PIECE` of `by` captures on `square` given `occupied`, first
    /// captures included where the piece stands on its first squares.
    #[inline(always)]
    fn attackers<const PIECE: usize>(&self, by: Color, square: usize, occupied: T::Bitboard) -> T::Bitboard {
        let rules = &self.pieces[PIECE];
        let attackers = T::attackers(PIECE, by, square, occupied);
        match rules.first_captures {
            true => attackers | (T::initial_attackers(PIECE, by, square, occupied) & rules.first[by as usize]),
            false => attackers,
        }
    }

    /// Adds the moves of `piece` from `from` to each of `targets`, all legal: where it
    /// promotes, as [`Game::add_promotions`] says.
    #[inline(always)]
    fn add_targets<S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        sink: &mut S,
        piece: usize,
        from: usize,
        targets: T::Bitboard,
    ) {
        match &self.pieces[piece].promotion {
            Some(promoting) if !(targets & promoting.zone[p.to_move as usize]).is_empty() => {
                let mut promoting_targets = targets & promoting.zone[p.to_move as usize];
                sink.add_all(piece, from, targets & !promoting_targets);
                while let Some(to) = promoting_targets.pop_lowest_index() {
                    let plain = Move {
                        from: from as u8,
                        to: to as u8,
                        piece: piece as u8,
                        promotion: None,
                        kind: MoveKind::Normal,
                    };
                    self.add_promotions(p, sink, promoting, plain);
                }
            }
            _ => sink.add_all(piece, from, targets),
        }
    }

    /// Adds `plain`, a legal move that ends where its piece promotes: a promotion to each
    /// piece it may become (while the side has fewer than the limit of it), and the move
    /// itself unless promotion is forced there or the piece would be left without a move.
    fn add_promotions<S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        sink: &mut S,
        promoting: &Promoting<T::Bitboard>,
        plain: Move,
    ) {
        let us = p.to_move as usize;
        for &new in &promoting.to {
            let limit = self.pieces[new as usize].limit;
            if limit == u8::MAX || (p.by_type[new as usize] & p.by_color[us]).count() < u32::from(limit) {
                sink.add(Move { promotion: Some(new), ..plain });
            }
        }
        if !promoting.forced && !self.pieces[plain.piece as usize].stuck[us].has_index(plain.to as usize) {
            sink.add(plain);
        }
    }

    /// Adds the legal captures en passant of `piece` from `from`: each made and tested, as
    /// it lifts two pieces.
    fn en_passant_moves<S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        node: &Node<'_, T::Bitboard>,
        sink: &mut S,
        piece: usize,
        from: usize,
    ) {
        let mut targets = T::attacks(piece, p.to_move, from, node.occupied) & p.en_passant;
        while let Some(to) = targets.pop_lowest_index() {
            let m =
                Move { from: from as u8, to: to as u8, piece: piece as u8, promotion: None, kind: MoveKind::EnPassant };
            if self.safe_after(p, m) {
                match &self.pieces[piece].promotion {
                    Some(promoting) if promoting.zone[p.to_move as usize].has_index(to) => {
                        self.add_promotions(p, sink, promoting, m)
                    }
                    _ => sink.add(m),
                }
            }
        }
    }

    /// Adds the legal castlings: the squares the king and the rook cross and land on empty
    /// but for the two, and the king not passing or landing on an attacked square (the caller
    /// knows it is not in check). `king_from` is the royal piece's square. Inlined up to the
    /// test of the squares that must be empty, which refuses most castlings a node.
    #[inline(always)]
    fn castling_moves<S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        sink: &mut S,
        king_from: usize,
        occupied: T::Bitboard,
    ) {
        let us = p.to_move;
        for (i, c) in self.castlings.iter().enumerate() {
            let rook_from = p.castling[us as usize][i];
            if rook_from == NO_ROOK {
                continue;
            }
            let rook_from = rook_from as usize;
            let [standard_king, king_to, standard_rook, rook_to] = c.squares[us as usize];
            let (must_be_empty, path) = match (king_from, rook_from) == (standard_king, standard_rook) {
                true => c.spans[us as usize],
                false => other_spans(king_from, king_to, rook_from, rook_to),
            };
            if (must_be_empty & occupied).is_empty() {
                self.castle_if_safe(p, sink, i, king_from, path, occupied);
            }
        }
    }

    /// Adds the castling of index `i` (the king from `king_from`, crossing and landing on
    /// `path`), its squares empty, if the king passes and lands on no attacked square.
    #[inline(never)]
    fn castle_if_safe<S: Sink>(
        &self,
        p: &Position<T::Bitboard>,
        sink: &mut S,
        i: usize,
        king_from: usize,
        mut path: T::Bitboard,
        occupied: T::Bitboard,
    ) {
        let c = &self.castlings[i];
        let king_to = c.squares[p.to_move as usize][1];
        let them = !p.to_move;
        while let Some(s) = path.pop_lowest_index() {
            if self.attacked(p, s, them, occupied) {
                return;
            }
        }
        let m = Move {
            from: king_from as u8,
            to: king_to as u8,
            piece: c.king as u8,
            promotion: None,
            kind: MoveKind::Castling(i as u8),
        };
        if self.safe_after(p, m) {
            sink.add(m);
        }
    }
}
