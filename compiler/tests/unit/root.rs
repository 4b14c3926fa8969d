use fairy_magic::*;

#[test]
fn betza_errors_point_into_the_piece_line() {
    let text = "variant a\nboard 8x8\npiece P pawn   fmWfceF\n";
    let e = compile(&Source { file: "x.variant", text }, &Options::new()).unwrap_err().summary();
    assert!(e.starts_with("x.variant:3:21: error:"), "{e}");
    assert!(e.contains("en passant"), "{e}");
}
