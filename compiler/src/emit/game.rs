//! The module's game rules (`RULES`, the runtime's `Rules`) and its `Tables` unit struct, which
//! implements the runtime's `Tables` trait: what a generic engine plays any module through.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::board::{squares_of, Square};
use crate::game::GameRules;
use crate::table_kind::TableKind;
use crate::variant::Variant;

/// A list of square indices as a `&[u8]` literal.
fn square_list(squares: impl Iterator<Item = Square>) -> TokenStream {
    let squares = squares.map(|s| Literal::u8_unsuffixed(s.byte()));
    quote!(&[ #(#squares),* ])
}

/// `[white, black]` square lists of region `region`.
fn region_lists(variant: &Variant, region: usize) -> TokenStream {
    let [white, black] = variant.regions[region].squares.map(|s| square_list(squares_of(s)));
    quote!([#white, #black])
}

/// `pub const RULES`.
pub(super) fn rules_code(variant: &Variant) -> TokenStream {
    let rules: &GameRules = &variant.rules;
    let index = |p: usize| Literal::u8_unsuffixed(p as u8);
    let royal = match rules.royal {
        Some(p) => {
            let p = index(p);
            quote!(Some(#p))
        }
        None => quote!(None),
    };
    let promotions = rules.promotions.iter().map(|p| {
        let (piece, zone, forced) = (index(p.piece), region_lists(variant, p.region), p.forced);
        let to = p.to.iter().map(|&t| index(t));
        quote!(fairy_magic_runtime::Promotion { piece: #piece, zone: #zone, to: &[ #(#to),* ], forced: #forced })
    });
    let limits = rules.limits.iter().map(|&(p, most)| {
        let (piece, most) = (index(p), Literal::u8_unsuffixed(most));
        quote!(fairy_magic_runtime::PromotionLimit { piece: #piece, most: #most })
    });
    let first_moves = rules.first_moves.iter().map(|&(p, r)| {
        let (piece, squares) = (index(p), region_lists(variant, r));
        quote!(fairy_magic_runtime::FirstMoves { piece: #piece, squares: #squares })
    });
    let en_passant = rules.en_passant.iter().map(|&p| index(p));
    let castlings = rules.castlings.iter().map(|c| {
        let (king, rook) = (index(c.king), index(c.rook));
        let [king_from, king_to, rook_from, rook_to] =
            [c.king_squares[0], c.king_squares[1], c.rook_squares[0], c.rook_squares[1]]
                .map(|s| Literal::u8_unsuffixed(s.byte()));
        quote!(fairy_magic_runtime::Castling {
            king: #king, king_from: #king_from, king_to: #king_to, rook: #rook, rook_from: #rook_from, rook_to: #rook_to
        })
    });
    let (flying, bare_king) = (rules.flying_general, rules.bare_king);
    let letters: Vec<&str> = variant.pieces.iter().map(|p| p.letter.as_str()).collect();
    let fen_letters = rules.fen_letters(&letters);
    let needs = rules.needs.iter().map(|n| {
        let name = proc_macro2::Ident::new(&format!("{n:?}"), proc_macro2::Span::call_site());
        quote!(fairy_magic_runtime::Need::#name)
    });
    let start = match &rules.start {
        Some(fen) => quote!(Some(#fen)),
        None => quote!(None),
    };
    quote! {
        /// The game's rules beyond the pieces' moves, as the variant file states them (royal
        /// piece, promotion, first moves, en passant, castling, bare king, FEN letters): pieces are
        /// indices into [`Piece::ALL`], squares indices as [`Square::index`] gives them.
        #[allow(dead_code)]
        pub const RULES: fairy_magic_runtime::Rules = fairy_magic_runtime::Rules {
            royal: #royal,
            promotions: &[ #(#promotions),* ],
            promotion_limits: &[ #(#limits),* ],
            first_moves: &[ #(#first_moves),* ],
            en_passant: &[ #(#en_passant),* ],
            castlings: &[ #(#castlings),* ],
            flying_general: #flying,
            bare_king: #bare_king,
            fen_letters: &[ #(#fen_letters),* ],
            needs: &[ #(#needs),* ],
            start: #start,
        };
    }
}

/// The `Tables` unit struct and its impl of the runtime's trait, for a module with reverse
/// lookups (an engine finds checks with `attackers`); nothing for one without.
/// Its `initial_*` methods only where the module has first moves (`first_moves`): the trait's
/// defaults give empty sets without them. The lookups are `#[inline(always)]`: a generic engine calls them
/// on a constant piece, and with plain `#[inline]` rustc kept the whole `lookup` dispatch out of
/// line (the generic engine's perft took 1.4x as long on chess and Capablanca).
pub(super) fn tables_code(kinds: &[TableKind], first_moves: bool) -> TokenStream {
    if !kinds.contains(&TableKind::Attackers) {
        return quote!();
    }
    let initial = first_moves.then(|| {
        quote! {
            #[inline(always)]
            fn initial_quiets(piece: usize, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
                initial_quiets(Piece::ALL[piece], color, Square::new_unchecked(square), occupied)
            }
            #[inline(always)]
            fn initial_attacks(piece: usize, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
                initial_attacks(Piece::ALL[piece], color, Square::new_unchecked(square), occupied)
            }
            #[inline(always)]
            fn initial_attackers(piece: usize, color: Color, target: usize, occupied: Bitboard) -> Bitboard {
                initial_attackers(Piece::ALL[piece], color, Square::new_unchecked(target), occupied)
            }
        }
    });
    quote! {
        /// This module as the runtime's [`Tables`](fairy_magic_runtime::Tables): the board, the
        /// pieces, the lookups and [`RULES`] on raw indices, which is what a generic engine
        /// plays the game through.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[allow(dead_code)]
        pub struct Tables;

        impl fairy_magic_runtime::Tables for Tables {
            type Bitboard = Bitboard;
            const NAME: &'static str = NAME;
            const FILES: usize = FILES;
            const RANKS: usize = RANKS;
            const PIECES: usize = Piece::ALL.len();
            const RULES: fairy_magic_runtime::Rules = RULES;

            #[inline]
            fn letter(piece: usize) -> &'static str {
                Piece::ALL[piece].letter()
            }
            #[inline(always)]
            fn quiets(piece: usize, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
                quiets(Piece::ALL[piece], color, Square::new_unchecked(square), occupied)
            }
            #[inline(always)]
            fn attacks(piece: usize, color: Color, square: usize, occupied: Bitboard) -> Bitboard {
                attacks(Piece::ALL[piece], color, Square::new_unchecked(square), occupied)
            }
            #[inline(always)]
            fn attackers(piece: usize, color: Color, target: usize, occupied: Bitboard) -> Bitboard {
                attackers(Piece::ALL[piece], color, Square::new_unchecked(target), occupied)
            }
            #initial
            #[inline]
            fn between(piece: usize, color: Color, from: usize, to: usize) -> Bitboard {
                between(Piece::ALL[piece], color, Square::new_unchecked(from), Square::new_unchecked(to))
            }
        }
    }
}
