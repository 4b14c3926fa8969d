use fairy_magic::stages::board::{bit, Board, Square, Squares};
use fairy_magic::stages::reads::{LineRead, Read};
use fairy_magic::stages::tables::*;
use fairy_magic_runtime::{Color, Line, LineForm};

#[test]
fn numbering_keeps_each_set_once_in_first_seen_order() {
    let (a, b) = (bit(Square::new(3)), bit(Square::new(200)));
    let numbered = Numbered::new(&[a, b, a, Squares::EMPTY, b]);
    assert_eq!(numbered.entries, Numbers::U16(vec![0, 1, 0, 2, 1]));
    assert_eq!(numbered.sets, [a, b, Squares::EMPTY]);
}

#[test]
fn a_numbering_of_more_sets_than_a_u16_numbers_grows_to_u32() {
    let table: Vec<Squares> = (0..70_000u32).map(|n| Squares::new([u64::from(n), 0, 0, 1])).collect();
    let numbered = Numbered::new(&[&table[..], &table[..10]].concat());
    assert_eq!(numbered.sets.len(), 70_000);
    let Numbers::U32(entries) = &numbered.entries else { panic!("70,000 sets need u32 numbers") };
    assert_eq!(entries[69_999], 69_999);
    assert_eq!(entries[70_009], 9);
    assert_eq!(numbered.entries.type_name(), "u32");
    let small = Numbered::new(&table[..65_536]);
    assert!(matches!(small.entries, Numbers::U16(_)), "65,536 sets still fit a u16");
}

/// A rider's first steps, and its one-square rays at the edge, are answered by its lines:
/// a block of slides alone stores no leaps (and the module reads none), while a knight's
/// leaps stay beside the marshal's lines. The module's answers are verified as ever.
#[test]
fn slides_take_in_the_leaps_they_answer() {
    let text = "variant v\nboard 8x8\npiece R rook R\npiece B bishop B\npiece M marshal RN\n";
    let (variant, moves) =
        fairy_magic::stages::pipeline::read(&fairy_magic::Source { file: "v.variant", text }).unwrap();
    // A cache of 1 KiB: every rider gives way to its lines, whatever the calibration says
    // of a bishop's probe against its lines.
    let settings = fairy_magic::Settings::default().with(&[fairy_magic::Setting::CacheKib(1)]);
    let tables = fairy_magic::build::<u64>(variant, moves, &settings).unwrap().tables;
    let block = |piece| tables.block(SlotId { kind_index: 0, piece, color: Color::White, square: Square::new(0) });
    for piece in [0, 1] {
        let block = block(piece);
        assert!(block.leaps.iter().any(|&l| l != 0), "the planner keeps first steps as leaps");
        let slides = block.reads.iter().any(|r| matches!(r, Read::Lines { read: LineRead::Slides, .. }));
        assert!(slides, "piece {piece}: {:?}", block.reads);
        let stored = block.reads.iter().any(|r| matches!(r, Read::Leaps | Read::Slot { .. }));
        assert!(!stored, "piece {piece} stores no leaps: {:?}", block.reads);
    }
    let marshal = block(2);
    let knight = |square: usize| marshal.stored_leaps[square].count_ones();
    assert_eq!((knight(0), knight(27)), (2, 8), "a1 and d4 keep their knight's leaps only");
}

/// Folding, end to end: with `lines never` the rook's and bishop's leaps go into their
/// lookups' entries and the queen's into both, but an amazon (queen and knight) reading the
/// same lookups keeps its leaps in a slot, as no other reader reaches its knight's squares.
/// Every answer is verified as ever, through the runtime function each read names.
#[test]
fn leaps_fold_into_entries_their_readers_share() {
    let text = "variant v\nboard 8x8\npiece R rook R\npiece B bishop B\npiece Q queen Q\npiece A amazon QN\n";
    let (variant, moves) =
        fairy_magic::stages::pipeline::read(&fairy_magic::Source { file: "v.variant", text }).unwrap();
    let settings = fairy_magic::Settings::default()
        .with(&[fairy_magic::Setting::Lines(fairy_magic::stages::settings::LineChoice::Never)]);
    let tables = fairy_magic::build::<u64>(variant, moves, &settings).unwrap().tables;
    let reads =
        |piece| &tables.block(SlotId { kind_index: 0, piece, color: Color::White, square: Square::new(0) }).reads;
    for piece in 0..3 {
        assert!(matches!(reads(piece)[..], [Read::Probes { .. }]), "piece {piece}: {:?}", reads(piece));
    }
    assert!(matches!(reads(3)[..], [Read::Slot { .. }]), "the amazon: {:?}", reads(3));
}

#[test]
fn a_leap_takes_an_empty_ray_of_its_own() {
    let rook_a2 = Line::new(0xfe00_u64, 0, 0xfc00, LineForm::Slide);
    let taken = lines_taking_in(&[rook_a2, Line::empty()], 1 | 1 << 16).unwrap();
    assert_eq!(taken[0], Line::new(0xfe00, 1, 0xfc01, LineForm::Slide));
    assert_eq!(taken[1], Line::new(1 << 16, 0, 1 << 16, LineForm::Slide));
    assert_eq!(fairy_magic_runtime::slides(&taken, !0), 1 | 1 << 9 | 1 << 16);
    assert_eq!(lines_taking_in(&[rook_a2], 1 | 1 << 16), None, "one empty ray, two leaps");
}

#[test]
fn run_of_inverts_run() {
    let order = SlotOrder::new(4, 3, Board { files: 5, ranks: 4 });
    for (i, id) in order.ids().enumerate() {
        assert_eq!(order.block_index(id), i / order.squares);
    }
}
