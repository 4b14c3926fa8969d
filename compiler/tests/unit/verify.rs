use std::collections::HashSet;

use fairy_magic::stages::board::{subsets, Board, Square, Squares, Word};
use fairy_magic::stages::by_piece::ByPiece;
use fairy_magic::stages::regions::PieceMoves;
use fairy_magic::stages::slots::{slot_ids, SlotId, SlotOrder};
use fairy_magic::stages::splitmix::SplitMix64;
use fairy_magic::stages::table_kind::TableKind;
use fairy_magic::stages::tables::{Block, Tables};
use fairy_magic::stages::verify::*;
use fairy_magic::stages::{betza, legs, lookups, magics, paths, reference};
use fairy_magic::Settings;
use fairy_magic_runtime::{BitboardExt, Color};

/// The check must be able to fail: a table with one wrong entry is refused.
#[test]
fn verification_catches_a_wrong_entry() {
    let board = Board { files: 5, ranks: 5 };
    let moves: Vec<[PieceMoves; 2]> = vec![[Color::White, Color::Black]
        .map(|c| PieceMoves::anywhere(legs::moves(&betza::parse("mRcpR").unwrap(), c).unwrap()))];
    let kinds = [TableKind::Quiet, TableKind::Capture];
    let slots: Vec<Vec<paths::PathMove>> = slot_ids(kinds.len(), 1, board)
        .map(|id| {
            let ms = paths::path_moves(board, &moves[0][id.color as usize].moves, id.square);
            ms.into_iter().filter(|m| m.kinds & kinds[id.kind_index].kinds() != 0).collect()
        })
        .collect();
    let plan = lookups::plan(&slots, &vec![12; slots.len()], lookups::Reads::tables_only(8), Default::default());
    let names = ["cannon".to_string()];
    let reach = ByPiece::from_fn(1, |_, _| vec![board.all(); board.squares()]);
    let s = Settings::default();
    let magics = magics::find_all::<u64>(s.index, &plan.lookups, s.seed, s.effort, s.search_limits, 2).unwrap();
    let mut tables = fairy_magic::stages::tables::lay_out(board, 1, &kinds, &plan, magics, s.index, None);
    verify(board, &names, &moves, &reach, &tables, Verify::Exhaustive, 2).unwrap();
    let used = tables.table.iter().position(|&e| e != 0).unwrap();
    tables.table[used] ^= 1 << 24;
    let error = verify(board, &names, &moves, &reach, &tables, Verify::Exhaustive, 2).unwrap_err().to_string();
    assert!(error.contains("the cannon table disagrees with the reference"), "{error}");
}

/// A computed line is checked as a table is: one wrong ray or reach is refused, forward or
/// reverse.
#[test]
fn verification_catches_a_wrong_line() {
    let (board, moves, tables) = compiled("piece C cannon mRcpR\npiece G griffon [F?R]\npiece H hopper gR\n");
    let names = ["cannon".to_string(), "griffon".to_string(), "hopper".to_string()];
    let reach = ByPiece::from_fn(3, |_, _| vec![board.all(); board.squares()]);
    verify(board, &names, &moves, &reach, &tables, Verify::Exhaustive, 2).unwrap();
    let lined: Vec<usize> = (0..tables.blocks.len()).filter(|&b| tables.blocks[b].lines_per_square > 0).collect();
    assert!(lined.len() >= 4, "the cannon's, the griffon's and the hopper's slides and hops are lines");
    use fairy_magic_runtime::LineForm;
    let reverse = |f: &LineForm| matches!(f, LineForm::Screened | LineForm::SlideThenStep(_));
    assert!(lined.iter().any(|&b| tables.blocks[b].lines.iter().any(|l| reverse(&l.form))), "a reverse line");
    for b in lined {
        let mut wrong = tables.clone();
        // The lines the module stores.
        let line = wrong.blocks[b].stored.iter_mut().find(|l| l.up != 0).unwrap();
        line.up &= line.up - 1;
        let error = verify(board, &names, &moves, &reach, &wrong, Verify::Exhaustive, 2).unwrap_err().to_string();
        assert!(error.contains("disagrees with the reference"), "{error}");
    }
}

/// A rank read is checked as a table is: one wrong entry of the rank table is refused. Under
/// `optimize throughput`, whose figures make a rank read cheaper than the line it replaces,
/// and with the least cache for tables (1 KiB, so that the slides are lines), the rook and
/// the cannon read their ranks from it.
#[test]
fn verification_catches_a_wrong_rank_entry() {
    let text = "variant v\nboard 6x6\npiece R rook R\npiece C cannon mRcpR\n";
    let (variant, moves) =
        fairy_magic::stages::pipeline::read(&fairy_magic::Source { file: "v.variant", text }).unwrap();
    let (board, names) = (variant.board, ["rook".to_string(), "cannon".to_string()]);
    let settings = Settings::default().with(&[
        fairy_magic::Setting::Optimize(fairy_magic::stages::cost::Optimize::Throughput),
        fairy_magic::Setting::CacheKib(1),
    ]);
    let tables = fairy_magic::build::<u64>(variant, moves.clone(), &settings).unwrap().tables;
    let reach = ByPiece::from_fn(2, |_, _| vec![board.all(); board.squares()]);
    verify(board, &names, &moves, &reach, &tables, Verify::Exhaustive, 2).unwrap();
    let ranks = tables.ranks.as_ref().expect("a rank table");
    assert_eq!(ranks.entries.len(), 6 << 4);
    // The rook's block, which the cannon's quiet moves share; a hop is no slide.
    assert!(
        tables.blocks.iter().any(|b| b.reads.contains(&fairy_magic::stages::reads::Read::RankSlide)),
        "the rook reads its ranks"
    );
    // On an empty rank, from files a, d and f: a square two files away or more (the next one
    // is a leap, which hides it).
    for (entry, flip) in [(0, 1 << 3), (3 << 4, 1 << 5), (5 << 4, 1 << 1)] {
        let mut wrong = tables.clone();
        wrong.ranks.as_mut().unwrap().entries[entry] ^= flip;
        let error = verify(board, &names, &moves, &reach, &wrong, Verify::Exhaustive, 2).unwrap_err().to_string();
        assert!(error.contains("disagrees with the reference"), "{error}");
    }
}

/// Reading only the probes whose tables can give the target must still answer as the
/// reference walks back: a hopper, a bent rider and a leaper, every reverse kind and target.
#[test]
fn reverse_by_tables_answers_as_the_reference_walks_back() {
    let (board, moves, tables) = compiled("piece C cannon mRcpR\npiece G griffon [F?R]\npiece N knight N\n");
    let can_give = can_give(&tables);
    let mut rng = SplitMix64::new(7);
    let mut compared = 0;
    for (id, forward) in white_reverse_slots(board, &tables, moves.len()) {
        let by_tables = ReverseByTables::new(&tables, forward, board.all(), &can_give);
        let (reverse, piece, target) = (tables.kinds[id.kind_index], id.piece, id.square);
        for _ in 0..64 {
            let occupied = Squares::from(rng.next_u64()) & board.all();
            let walked = reference::reach_back(board, &moves[piece][0], target, occupied, reverse, board.all());
            assert_eq!(by_tables.answer(occupied), walked, "{reverse:?} of piece {piece} on {target}");
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared}");
}

/// A 6x6 variant of `pieces` lines, compiled: its board, moves and tables.
fn compiled(pieces: &str) -> (Board, Vec<[PieceMoves; 2]>, Tables<u64>) {
    let text = &format!("variant v\nboard 6x6\n{pieces}");
    let (variant, moves) =
        fairy_magic::stages::pipeline::read(&fairy_magic::Source { file: "v.variant", text }).unwrap();
    let board = variant.board;
    (board, moves.clone(), fairy_magic::build::<u64>(variant, moves, &Settings::default()).unwrap().tables)
}

/// Every white reverse slot, each with the forward slot (its target's square) it is read off.
fn white_reverse_slots<B: Word>(board: Board, tables: &Tables<B>, pieces: usize) -> Vec<(SlotId, SlotId)> {
    let order = SlotOrder::new(tables.kinds.len(), pieces, board);
    order
        .ids()
        .filter(|id| id.color == Color::White && tables.kinds[id.kind_index].is_reverse())
        .map(|id| (id, tables.forward_of(id)))
        .collect()
}

/// Splitting the origins by whether they read the mask changes nothing: every subset of
/// each reverse probe's mask is asked once, and expects what the whole reader answers.
#[test]
fn reverse_subsets_expect_what_every_origin_answers() {
    let (board, moves, tables) = compiled("piece C cannon mRcpR\npiece G griffon [F?R]\npiece L lion KNAD\n");
    let can_give = can_give(&tables);
    let mut rng = SplitMix64::new(11);
    let mut random = || Squares::from(rng.next_u64()) & board.all();
    let (mut asked, mut settled) = (0, 0);
    for (id, forward) in white_reverse_slots(board, &tables, moves.len()) {
        let by_tables = ReverseByTables::new(&tables, forward, board.all(), &can_give);
        let block = tables.block(id);
        let probed = block.probes(id.square).iter().filter(|p| !Block::is_padding(p)).map(|p| p.mask);
        let lined = block.lines(id.square).iter().map(|l| l.up | l.down).filter(|&m| m != 0);
        for mask in probed.chain(lined) {
            let mask = mask.to_squares();
            settled += by_tables.origins.iter().filter(|o| (o.reads & mask).is_empty()).count();
            let seen = std::cell::RefCell::new(HashSet::new());
            let compare = |occupied: Squares, expected: Squares| {
                assert_eq!(expected, by_tables.answer(occupied), "{id:?}");
                assert!(seen.borrow_mut().insert(occupied & mask));
                Ok(())
            };
            by_tables.verify_subsets(mask, subsets(mask), &mut random, compare).unwrap();
            assert_eq!(seen.borrow().len(), 1 << mask.count_ones());
            asked += seen.borrow().len();
        }
    }
    assert!(asked > 10_000 && settled > 1000, "{asked} {settled}");
}

/// A reverse slot of leaps alone has no probe or check to enumerate: its random samples,
/// walked a block at a time, must still refuse a wrong entry.
#[test]
fn reverse_samples_catch_a_wrong_leap() {
    let text = "variant v\nboard 5x5\npiece W wazir fW\n";
    let (variant, moves) =
        fairy_magic::stages::pipeline::read(&fairy_magic::Source { file: "v.variant", text }).unwrap();
    let board = variant.board;
    let mut tables = fairy_magic::build::<u64>(variant, moves.clone(), &Settings::default()).unwrap().tables;
    let names = ["wazir".to_string()];
    let origins = vec![board.all(); board.squares()];
    let attackers = tables.kinds.iter().position(|&k| k == TableKind::Attackers).unwrap();
    let block = SlotId { kind_index: attackers, piece: 0, color: Color::White, square: Square::new(0) };
    let mut rng = SplitMix64::new(1);
    let mut random = || Squares::from(rng.next_u64()) & board.all();
    verify_reverse_samples(board, &names, &moves, &origins, &tables, block, &mut random).unwrap();
    // a1 as a White attacker of c3, which only c2 attacks.
    let stored = tables.block_of[attackers][0][Color::White as usize];
    tables.blocks[stored].stored_leaps[12] |= 1;
    let error =
        verify_reverse_samples(board, &names, &moves, &origins, &tables, block, &mut random).unwrap_err().to_string();
    assert!(error.contains("White Attackers on c3"), "{error}");
}
