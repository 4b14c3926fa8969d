use fairy_magic::stages::board::Board;
use fairy_magic::stages::game;
use fairy_magic::stages::variant::*;

const CHESS: &str = "# Orthodox chess\nvariant chess\nboard 8x8\npiece K king   K\npiece Q queen  Q\npiece R rook   R\npiece B bishop B\npiece N knight N\npiece P pawn   fmWfcFifmnD\n";

#[test]
fn reads_the_documented_form() {
    let v = parse("chess.variant", CHESS).report(Vec::new()).unwrap();
    assert_eq!(v.name, "chess");
    assert_eq!(v.board, Board { files: 8, ranks: 8 });
    let letters: Vec<&str> = v.pieces.iter().map(|p| p.letter.as_str()).collect();
    assert_eq!(letters, ["K", "Q", "R", "B", "N", "P"]);
    assert_eq!(v.pieces[5].betza_text, "fmWfcFifmnD");
}

fn error_of(text: &str) -> String {
    parse("x.variant", text).report(Vec::new()).unwrap_err().summary()
}

#[test]
fn statement_forms_are_the_grammars() {
    // One form for each alternative of the grammar's `statement` rule, in its order.
    assert_eq!(
        statement_forms(),
        [
            "variant <name>",
            "board <files>x<ranks>",
            "piece <letter> <name> <XBetza>",
            "option probes <letter> <n>",
            "option <name> <value>",
            "region <name> <areas> [black <areas>]",
            "confine <letter> <region>",
            "moves <letter> in <region> <XBetza>",
            "royal <letter>",
            "promote <letter> in <region> to <letters> [optional]",
            "limit <letter> <n>",
            "initial <letter> <region>",
            "en-passant <letter>",
            "castling <king> <from> <to> <rook> <from> <to>",
            "flying-general",
            "bare-king",
            "fen <letter> <FEN letter>",
            "needs <rule>",
            "start <FEN>",
        ]
    );
}

#[test]
fn a_misspelt_statement_is_told_every_kind() {
    let e = error_of("variant x\nboard 8x8\nregion camp a1-h2\npiece K king K\nconfin K camp\n");
    assert!(e.starts_with("x.variant:5:1: error: expected a statement"), "{e}");
    for form in ["`region <name>", "`confine <letter> <region>`", "`moves <letter> in <region> <XBetza>`"] {
        assert!(e.contains(form), "{form} missing from: {e}");
    }
}

#[test]
fn a_byte_order_mark_opening_the_file_is_no_text() {
    let v = parse("x.variant", "\u{feff}variant a\nboard 8x8\npiece K king K\n").report(Vec::new()).unwrap();
    assert_eq!((v.name.as_str(), v.pieces.len()), ("a", 1));
    // Columns count as an editor that hides the mark does, and the line is shown without it.
    let e = parse("x.variant", "\u{feff}variant a\nboard 8x8 x\npiece K king K\n").report(Vec::new()).unwrap_err();
    assert!(e.summary().starts_with("x.variant:2:11: error"), "{}", e.summary());
    let e = error_of("\u{feff}variant a b\nboard 8x8\npiece K king K\n");
    assert!(e.starts_with("x.variant:1:11: error"), "{e}");
    let e = parse("x.variant", "\u{feff}board 0x8\n").report(Vec::new()).unwrap_err().render(false);
    assert!(e.contains("x.variant:1:7") && e.contains("1 | board 0x8") && !e.contains('\u{feff}'), "{e}");
    // Anywhere else the mark is a character the grammar does not take.
    assert!(error_of("variant a\n\u{feff}board 8x8\npiece K king K\n").starts_with("x.variant:2:1: error"));
}

#[test]
fn errors_name_line_column_and_what_was_expected() {
    let e = error_of("variant chess\nboard 8x8\npice K king K\n");
    assert!(e.starts_with("x.variant:3:1: error: expected a statement"), "{e}");
    assert!(e.contains("found `pice`"), "{e}");
    let e = error_of("variant chess\nboard 8y8\npiece K king K\n");
    assert!(e.starts_with("x.variant:2:8: error:"), "{e}");
    let e = error_of("variant chess\nboard 8x8\npiece K king\n");
    assert!(e.starts_with("x.variant:3:"), "{e}");
}

/// A CR without LF (old Mac line ends) is named at its place, once a line, where it was
/// "expected the end of the line, found the end of the line"; CR LF is a line end.
#[test]
fn a_bare_carriage_return_is_named() {
    let e = error_of("# mini\rvariant mini\rboard 5x5\rpiece K king K\r");
    assert!(e.starts_with("x.variant:1:7: error: a bare carriage return (CR) line end"), "{e}");
    let e = error_of("variant mini\nboard 5x5\npiece K king K\rpiece R rook R\n");
    assert!(e.starts_with("x.variant:3:15: error: a bare carriage return (CR) line end"), "{e}");
    assert!(!e.contains("found the end of the line"), "{e}");
    parse("x.variant", "variant mini\r\nboard 5x5\r\npiece K king K\r\n").report(Vec::new()).unwrap();
}

#[test]
fn names_become_clean_rust_names() {
    let cases = [
        ("knight", "Knight"),
        ("dragon-horse", "DragonHorse"),
        ("QUEEN", "Queen"),
        ("ALL", "All"),
        ("a-b-c", "Abc"),
        ("x9", "X9"),
        ("QUEEN-rook", "QueenRook"),
    ];
    for (name, camel) in cases {
        assert_eq!(camel_case(name), camel, "{name}");
    }
    assert_eq!(snake_case("x__y"), "x_y");
}

#[test]
fn duplicate_and_missing_declarations_are_errors() {
    assert!(error_of("variant a\nboard 8x8\npiece K king K\npiece K other W\n")
        .contains("x.variant:4:7: error: the letter `K` is already used"));
    assert!(error_of("variant a\nboard 8x8\npiece K king K\npiece Q king W\n")
        .contains("x.variant:4:9: error: the name `king` makes the same Rust names"));
    assert!(error_of("board 8x8\npiece K king K\n").contains("no `variant <name>` line"));
    assert!(error_of("variant a\npiece K king K\n").contains("no `board"));
    assert!(error_of("variant a\nboard 0x8\npiece K king K\n").contains("x.variant:2:7: error: a board of 0 files"));
    assert!(error_of("variant a\nboard 8x0\npiece K king K\n").contains("x.variant:2:9: error: a board of 0 ranks"));
    assert!(
        parse("x.variant", "variant a\nboard 16x16\npiece K king K\n").report(Vec::new()).is_ok(),
        "256 squares fit"
    );
    assert!(error_of("variant a\nboard 16x17\npiece K king K\n")
        .contains("x.variant:2:10: error: a board of 17 ranks: at most 16 are supported (ranks 1..16)"));
    // The side that is too long is named: here the ranks, not the files.
    let tall = error_of("variant a\nboard 10x20\npiece K king K\n");
    assert!(tall.contains("x.variant:2:10: error: a board of 20 ranks"), "{tall}");
    assert!(error_of("variant a\nboard 20x10\npiece K king K\n")
        .contains("x.variant:2:7: error: a board of 20 files: at most 16 are supported (files a..p)"));
    assert!(error_of("variant a\nboard 99999999999x2\npiece K king K\n").contains("at most 16"));
    assert!(error_of("variant a\nboard 8x8\n").contains("a variant needs pieces"));
}

#[test]
fn options_travel_with_the_variant() {
    let v =
        parse("x.variant", "variant a\nboard 8x8\noption max-bits 10\npiece K king K\n").report(Vec::new()).unwrap();
    assert_eq!(v.options, [Setting::MaxBits(10)]);
    assert!(error_of("variant a\nboard 8x8\noption speed 3\npiece K king K\n")
        .contains("x.variant:3:8: error: unknown option `speed`"));
    assert!(error_of("variant a\nboard 8x8\noption max-bits 40\npiece K king K\n")
        .contains("x.variant:3:17: error: option `max-bits` takes a value from 1 to 20"));
}

#[test]
fn names_become_snake_case_with_single_underscores() {
    assert_eq!(snake_case("dragon-horse"), "dragon_horse");
    assert_eq!(snake_case("QUEEN"), "queen");
    assert_eq!(snake_case("rook-"), "rook");
    assert_eq!(snake_case("x__y"), "x_y");
    assert_eq!(snake_case("Q_"), "q");
}

#[test]
fn names_that_make_the_same_rust_names_or_a_keyword_are_errors_at_the_name() {
    for (second, column) in [("QUEEN", 9), ("queen-", 9), ("Queen", 9)] {
        let text = format!("variant a\nboard 8x8\npiece Q queen Q\npiece X {second} Q\n");
        let e = parse("a.variant", &text).report(Vec::new()).unwrap_err().summary();
        assert!(
            e.starts_with(&format!("a.variant:4:{column}: error: the name `{second}` makes the same Rust names")),
            "{e}"
        );
    }
    for name in ["self", "self-", "self_"] {
        let text = format!("variant a\nboard 8x8\npiece X {name} Q\n");
        let e = parse("a.variant", &text).report(Vec::new()).unwrap_err().summary();
        assert!(e.contains("the Rust keyword `Self`"), "{name}: {e}");
    }
}

const RULES: &str = "region second a2-h2\nregion last a8-h8\nroyal K\ninitial P second\nen-passant P\npromote P in last to Q R B N\ncastling K e1 g1 R h1 f1\ncastling K e1 c1 R a1 d1\nfen N S\nstart rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";

#[test]
fn game_rules_resolve_to_pieces_regions_and_squares() {
    let v = parse("x.variant", &format!("{CHESS}{RULES}")).report(Vec::new()).unwrap();
    let rules = &v.rules;
    assert_eq!(rules.royal, Some(0));
    assert_eq!(rules.first_moves, [(5, 0)]);
    assert_eq!(rules.en_passant, [5]);
    assert_eq!(rules.promotions, [game::Promotion { piece: 5, region: 1, to: vec![1, 2, 3, 4], forced: true }]);
    assert_eq!(
        rules.castlings[0],
        game::Castling {
            king: 0,
            king_squares: [4, 6].map(fairy_magic::stages::board::Square::new),
            rook: 2,
            rook_squares: [7, 5].map(fairy_magic::stages::board::Square::new)
        }
    );
    assert_eq!(rules.fen_letters, [(4, 'S')]);
    assert_eq!(rules.start.as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    let optional = parse("x.variant", &format!("{CHESS}region last a8-h8\npromote P in last to Q optional\n"))
        .report(Vec::new())
        .unwrap();
    assert!(!optional.rules.promotions[0].forced);
    assert_eq!(optional.rules.promotions[0].to, [1]);
}

#[test]
fn game_rule_errors_are_located() {
    let e = error_of(&format!("{CHESS}royal X\n"));
    assert!(e.contains("x.variant:10:7: error: `X` is not the letter of any piece line"), "{e}");
    let e = error_of(&format!("{CHESS}promote P in nowhere to Q\n"));
    assert!(e.contains("x.variant:10:14: error: the region `nowhere` is used but never defined"), "{e}");
    let e = error_of(&format!("{CHESS}castling K e1 z1 R h1 f1\n"));
    assert!(e.contains("x.variant:10:15: error: `z1` is not a square"), "{e}");
    let e = error_of(&format!("{CHESS}needs magic\n"));
    assert!(e.contains("x.variant:10:7: error: unknown rule `magic`"), "{e}");
    let e = error_of(&format!("{CHESS}royal K\nroyal K\n"));
    assert!(e.contains("x.variant:11:7: error: the royal piece is stated twice"), "{e}");
    let e = error_of(&format!("{CHESS}bare-king\nbare-king\n"));
    assert!(e.contains("x.variant:11:1: error: `bare-king` is stated twice"), "{e}");
    let e = error_of(&format!("{CHESS}promote P in\n"));
    assert!(e.contains("x.variant:10:"), "{e}");
}

#[test]
fn names_become_camel_case() {
    assert_eq!(camel_case("dragon-horse"), "DragonHorse");
    assert_eq!(camel_case("gold_general"), "GoldGeneral");
}
