use fairy_magic::stages::baseline::*;

fn entries(pieces: &str) -> f64 {
    entries_on("8x8", pieces)
}

fn entries_on(board: &str, pieces: &str) -> f64 {
    let text = format!("variant t\nboard {board}\n{pieces}");
    let source = fairy_magic::Source { file: "t.variant", text: &text };
    let (variant, moves) = fairy_magic::stages::pipeline::read(&source).unwrap();
    fancy_magic_entries(&variant, &moves)
}

#[test]
fn rooks_and_bishops_cost_what_engines_pay() {
    // The classic fancy-magic table sizes: 102,400 rook and 5,248 bishop entries.
    assert_eq!(entries("piece R rook R\n"), 102_400.0);
    assert_eq!(entries("piece B bishop B\n"), 5_248.0);
    // A queen is a rook plus a bishop; sharing them with R and B costs nothing more.
    assert_eq!(entries("piece Q queen Q\npiece R rook R\npiece B bishop B\n"), 107_648.0);
    assert_eq!(entries("piece N knight N\npiece K king K\n"), 0.0);
}

#[test]
fn a_confined_piece_has_tables_only_where_it_stands() {
    // On its own rank a rook looks at 6 squares from a corner and 5 from elsewhere; Black's
    // region is rank 8, so its tables are other tables.
    let on_rank = "region first a1-h1\npiece R rook R\nconfine R first\n";
    assert_eq!(entries(on_rank), 2.0 * (2.0 * 64.0 + 6.0 * 32.0));
    // The Xiangqi elephant's eye squares across the river are no table's.
    let elephant = |confined: &str| entries_on("9x10", &format!("region own a1-i5\npiece E elephant nA\n{confined}"));
    assert!(elephant("confine E own\n") < elephant(""));
}

#[test]
fn a_zone_has_tables_on_its_own_squares() {
    // A soldier moving like a rook only on rank 2: rank 2's tables and nothing else (the
    // lame step it has elsewhere looks at no square).
    let zoned = "region second a2-h2\npiece P soldier fW\nmoves P in second R\n";
    let rook_on_rank_2 = (0..8).map(|file| 2f64.powi(if file % 7 == 0 { 11 } else { 10 })).sum::<f64>();
    // White's zone is rank 2 and Black's rank 7: the same masks, from other squares.
    assert_eq!(entries(zoned), 2.0 * rook_on_rank_2);
}

#[test]
fn a_mask_wider_than_any_integer_is_still_counted() {
    // A bent queen on 12x10 looks at more than 64 squares from most squares.
    assert!(entries_on("12x10", "piece Q bent QasQ\n") > 1e19);
}
