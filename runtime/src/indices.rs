//! The index functions every generated module has the same code of, written once:
//! [`indices!`](crate::indices!) writes `vector_index`, `move_index`, `policy_index` and
//! `threat_index` over the tables the module declares beside it.

/// The index functions of a generated module, over the tables it declares itself:
///
/// ```ignore
/// fairy_magic_runtime::board!(bitboard: u64, files: 8, ranks: 8);
/// // ... `Piece`, `PIECES` and the tables below, which the compiler writes ...
/// fairy_magic_runtime::indices!(first_moves: true);
/// ```
///
/// # The items `indices!` writes
///
/// - `vector_index(piece, color, from, to) -> Option<VectorIndex>`, the index of the vector
///   `to - from` among a piece's potential attack vectors;
/// - `move_index(piece, color, from, to) -> Option<u16>` and
///   `policy_index(piece, color, from, to) -> Option<u16>`, the dense index of a potential
///   attack, or of a potential move of any kind, among the piece's from every square;
/// - `threat_index(attacker, attacker_color, from, victim, victim_color, to) -> Option<u32>`,
///   an NNUE threat feature;
/// - private to the module: `VectorHash` (the type of `VECTOR_HASHES`'s entries), `padded` and
///   `numbered`, what the functions compute with.
///
/// `first_moves: true` when some piece has first moves (`i` moves), so that the docs name the
/// module's `initial_attacks`, `initial_quiets`; `false` when the module has none.
///
/// # What the invoking module declares
///
/// The items of [`board!`](crate::board!) (`Square`, `Bitboard`, `FILES`), `Piece`, `PIECES`,
/// [`Color`](crate::Color) in scope, and:
///
/// - `VectorIndex` (`u8` or `u16`), `MOVES` (`[[usize; 2]; PIECES]`);
/// - `INDEX_PAD: usize`, the rank width of the padded numbering `vector_index` takes
///   differences in, and `VECTOR_HASHES: [[VectorHash; 2]; PIECES]` with
///   `VECTOR_ENTRIES: [u32; _]`, each hash's table: `j << 16 | difference as u16`;
/// - `REACH: [[Bitboard; SQUARES]; _]` and `MOVE_OFFSETS: [[u16; SQUARES]; _]`, grids of
///   potential attacks or moves with the index of each square's first, and `MOVE_GRIDS`,
///   `POLICY_GRIDS` (`[[u8 or u16; 2]; PIECES]`), which grid each piece reads;
/// - `THREAT_BASES: [[u32; 2]; PIECES]`, where each attacker's threat blocks begin.
///
/// Plain code, the same tokens in every module, as for `board!`: the functions take the
/// module's own `Piece` and `Square`, and read its statics directly, as code written in the
/// module would, so a call costs what it did when the compiler printed them.
#[macro_export]
macro_rules! indices {
    (first_moves: true $(,)?) => {
        $crate::indices!(
            @functions
            attacks: "[`attacks`] or [`initial_attacks`]",
            moves: "quiet ([`quiets`]), capture ([`attacks`]), first moves ([`initial_quiets`], [`initial_attacks`])"
        );
    };
    (first_moves: false $(,)?) => {
        $crate::indices!(
            @functions
            attacks: "[`attacks`]",
            moves: "quiet ([`quiets`]), capture ([`attacks`])"
        );
    };
    (@functions attacks: $attacks:literal, moves: $moves:literal) => {
        #[doc = concat!(
            "The relative index of the move from `from` to `to` of a `piece` of `color` among its ",
            "potential attack vectors: it depends only on the vector `to - from`, and is `Some(j)`, ",
            "`j < VECTORS[piece][colour]`, exactly when some square's potential attacks (the ",
            "squares it attacks under some occupancy, ", $attacks, ") include that vector. White's ",
            "vectors are numbered by ranks then files from the bottom left, Black's the same turned ",
            "180°, so a piece whose Black moves mirror White's gives mirrored vectors the same `j`."
        )]
        ///
        /// Computed without a square-by-square table: the difference of the squares numbered
        /// `rank * INDEX_PAD + file`, the bits of it that tell the piece's vectors apart gathered
        /// by one multiply, and a short table that gives `j` and the vector it stands for (so any
        /// other vector gives `None`). `fairy-magic show --indices` draws the numbering.
        #[inline]
        #[allow(dead_code)]
        pub fn vector_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<VectorIndex> {
            let (from, to) = (from.index(), to.index());
            let d = padded(to).wrapping_sub(padded(from));
            let hash = VECTOR_HASHES[piece as usize][color as usize];
            let slot = (d & hash.mask).wrapping_mul(hash.multiplier) >> hash.shift;
            let entry = VECTOR_ENTRIES[hash.offset as usize + slot as usize];
            (entry as u16 == d as u16).then_some((entry >> 16) as VectorIndex)
        }

        /// The dense index of the move from `from` to `to` of a `piece` of `color`: `Some(i)`,
        /// `i < MOVES[piece][colour]`, exactly when `to` is one of its potential attacks from
        /// `from` (a square it attacks under some occupancy). The moves are numbered square by
        /// square: an offset for `from` plus how many of its potential attacks lie below `to`.
        /// [`threat_index`] is built on it; [`policy_index`] numbers every move, quiet ones
        /// included.
        #[inline]
        #[allow(dead_code)]
        pub fn move_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<u16> {
            numbered(MOVE_GRIDS[piece as usize][color as usize] as usize, from, to)
        }

        #[doc = concat!(
            "The dense index of the move from `from` to `to` of a `piece` of `color`, for a policy ",
            "head: `Some(i)`, `i < POLICY_MOVES[piece][colour]`, exactly when the piece goes from ",
            "`from` to `to` under some occupancy by a move of any kind: ", $moves, " and friendly ",
            "captures (`d`) where it has them. So a pawn's push, its double step and each of its ",
            "captures have one each, and a king's step, both quiet move and capture, has one. ",
            "Numbered as [`move_index`] numbers potential attacks: square by square, an offset for ",
            "`from` plus how many of its potential moves lie below `to`. On a piece whose every move ",
            "can capture, it equals [`move_index`]."
        )]
        #[inline]
        #[allow(dead_code)]
        pub fn policy_index(piece: Piece, color: Color, from: Square, to: Square) -> Option<u16> {
            numbered(POLICY_GRIDS[piece as usize][color as usize] as usize, from, to)
        }

        /// `to`'s number in a grid numbered square by square: the offset of `from` plus how
        /// many squares of `REACH[grid][from]` lie below `to`; `None` when `to` is not one.
        #[inline(always)]
        #[allow(dead_code)]
        fn numbered(grid: usize, from: Square, to: Square) -> Option<u16> {
            let (from, to) = (from.index(), to.index());
            $crate::LookupBits::place_of(REACH[grid][from], to).map(|below| MOVE_OFFSETS[grid][from] + below as u16)
        }

        /// The NNUE threat feature of an `attacker` of `attacker_color` on `from` that attacks a
        /// `victim` of `victim_color` on `to`: `Some(index)`, `index < THREAT_FEATURES`, exactly
        /// when `to` is a potential attack of the attacker from `from` (whatever the occupancy;
        /// whether it attacks now is the caller's question, as [`attacks`] answers it). Layout:
        /// for each attacker (piece, colour) in the order of [`Piece::ALL`], White first, and for
        /// each victim (piece, colour) in the same order, a block of the attacker's `MOVES`
        /// features indexed by [`move_index`].
        #[inline]
        #[allow(dead_code)]
        pub fn threat_index(
            attacker: Piece,
            attacker_color: Color,
            from: Square,
            victim: Piece,
            victim_color: Color,
            to: Square,
        ) -> Option<u32> {
            let i = move_index(attacker, attacker_color, from, to)? as u32;
            let (a, c) = (attacker as usize, attacker_color as usize);
            let victim = (victim as usize * 2 + victim_color as usize) as u32;
            Some(THREAT_BASES[a][c] + victim * MOVES[a][c] as u32 + i)
        }

        /// A square in the numbering `vector_index` takes differences in: `rank * INDEX_PAD + file`.
        // On a board of one file `% FILES` is `% 1`, always 0, as clippy says: the code stays
        // the same for every board.
        #[inline(always)]
        #[allow(dead_code, clippy::modulo_one)]
        const fn padded(square: usize) -> u32 {
            (square / FILES * INDEX_PAD + square % FILES) as u32
        }

        /// How `vector_index` hashes a difference for one piece and colour.
        #[derive(Clone, Copy)]
        #[allow(dead_code)]
        struct VectorHash {
            /// The bits of the difference that tell the piece's vectors apart.
            mask: u32,
            /// Gathers the masked bits into the top bits.
            multiplier: u32,
            /// 32 minus the index bits.
            shift: u32,
            /// Where its table starts in `VECTOR_ENTRIES`.
            offset: u32,
        }

        impl VectorHash {
            /// The hash of these fields, as `VECTOR_HASHES` lists them.
            #[allow(dead_code)]
            const fn new(mask: u32, multiplier: u32, shift: u32, offset: u32) -> Self {
                VectorHash { mask, multiplier, shift, offset }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    /// A 3x2 board with one piece, a king, tables written by hand: White's and Black's potential
    /// attacks are the same, and `vector_index` hashes the difference by its 5 low bits.
    mod tiny {
        use crate::Color;

        crate::board!(bitboard: u64, files: 3, ranks: 2);

        #[derive(Clone, Copy)]
        #[allow(dead_code)]
        pub enum Piece {
            King = 0,
        }
        #[allow(dead_code)]
        impl Piece {
            pub const ALL: [Piece; 1] = [Piece::King];
        }
        const PIECES: usize = 1;
        pub type VectorIndex = u8;
        pub const MOVES: [[usize; 2]; PIECES] = [[22, 22]];
        const INDEX_PAD: usize = 8;
        const VECTOR_HASHES: [[VectorHash; 2]; PIECES] = [[VectorHash::new(0x1f, 1 << 27, 27, 0); 2]];
        // The differences in the padded numbering, 8 a rank: -9 -8 -7 -1 1 7 8 9, numbered
        // by ranks then files from the bottom left; every other slot empty (`0x8000`).
        static VECTOR_ENTRIES: [u32; 32] = {
            let mut entries = [0x8000; 32];
            let vectors: [i32; 8] = [-9, -8, -7, -1, 1, 7, 8, 9];
            let mut j = 0;
            while j < 8 {
                let d = vectors[j] as u32;
                entries[(d & 0x1f) as usize] = (j as u32) << 16 | (d & 0xffff);
                j += 1;
            }
            entries
        };
        const MOVE_GRIDS: [[u8; 2]; PIECES] = [[0, 0]];
        const POLICY_GRIDS: [[u8; 2]; PIECES] = [[0, 0]];
        // a1 b1 c1 / a2 b2 c2: the king's squares from each.
        static REACH: [[Bitboard; SQUARES]; 1] = [[0o32, 0o75, 0o62, 0o23, 0o57, 0o26]];
        static MOVE_OFFSETS: [[u16; SQUARES]; 1] = [[0, 3, 8, 11, 14, 19]];
        const THREAT_BASES: [[u32; 2]; PIECES] = [[0, 44]];

        crate::indices!(first_moves: false);
    }

    use crate::Color::{Black, White};
    use tiny::{move_index, policy_index, threat_index, vector_index, Piece, Square};

    #[test]
    fn the_functions_read_the_module_s_tables() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let (a1, b1, c1, b2, c2) = (square("a1"), square("b1"), square("c1"), square("b2"), square("c2"));
        assert_eq!(vector_index(Piece::King, White, a1, b1), Some(4), "one file right");
        assert_eq!(vector_index(Piece::King, White, b2, a1), Some(0), "one rank down, one file left");
        assert_eq!(vector_index(Piece::King, Black, a1, c1), None, "two files: no king vector");
        assert_eq!(move_index(Piece::King, White, a1, b1), Some(0));
        assert_eq!(move_index(Piece::King, White, b1, c2), Some(7), "b1's fifth square: a1 c1 a2 b2 c2");
        assert_eq!(move_index(Piece::King, White, a1, c1), None);
        assert_eq!(policy_index(Piece::King, Black, c2, b2), Some(21));
        let moves = tiny::MOVES[0][1] as u32;
        assert_eq!(threat_index(Piece::King, Black, c2, Piece::King, White, b2), Some(44 + 21));
        assert_eq!(threat_index(Piece::King, Black, c2, Piece::King, Black, b2), Some(44 + moves + 21));
    }
}
