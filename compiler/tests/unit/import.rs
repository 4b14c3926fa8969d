use fairy_magic::stages::error::Source;
use fairy_magic::stages::import::*;

/// The game's rules of a file, by FEN letter and squares: what two files that name their
/// pieces and regions differently agree on when they state the same game.
fn rules_of(text: &str) -> String {
    let (variant, _) = fairy_magic::stages::pipeline::read(&Source { file: "x.variant", text }).unwrap();
    let rules = &variant.rules;
    let letters: Vec<&str> = variant.pieces.iter().map(|p| p.letter.as_str()).collect();
    let fen = rules.fen_letters(&letters);
    let region = |r: usize| format!("{:?}", variant.regions[r].squares);
    let mut lines = vec![format!("royal {:?}", rules.royal.map(|p| &fen[p]))];
    for p in &rules.promotions {
        let mut to: Vec<&str> = p.to.iter().map(|&t| fen[t].as_str()).collect();
        to.sort();
        lines.push(format!("promote {} in {} to {to:?} forced {}", fen[p.piece], region(p.region), p.forced));
    }
    lines.extend(rules.limits.iter().map(|(p, n)| format!("limit {} {n}", fen[*p])));
    lines.extend(rules.first_moves.iter().map(|(p, r)| format!("initial {} {}", fen[*p], region(*r))));
    lines.extend(rules.en_passant.iter().map(|p| format!("en-passant {}", fen[*p])));
    lines.extend(
        rules
            .castlings
            .iter()
            .map(|c| format!("castling {} {:?} {} {:?}", fen[c.king], c.king_squares, fen[c.rook], c.rook_squares)),
    );
    lines.push(format!(
        "flying {} bare {} needs {:?} start {:?}",
        rules.flying_general, rules.bare_king, rules.needs, rules.start
    ));
    lines.sort();
    lines.join("\n")
}

/// Importing Fairy-Stockfish's built-in chess, berolina, capablanca, grand, makruk,
/// shatranj, courier and xiangqi gives the rules of the shipped variant files, Shatranj's and
/// Courier's bare king included.
#[test]
fn built_in_variants_import_the_rules_of_the_shipped_files() {
    let shipped = [
        ("chess", include_str!("../../../variants/chess.variant")),
        ("berolina", include_str!("../../../variants/berolina.variant")),
        ("capablanca", include_str!("../../../variants/capablanca.variant")),
        ("grand", include_str!("../../../variants/grand.variant")),
        ("makruk", include_str!("../../../variants/makruk.variant")),
        ("shatranj", include_str!("../../../variants/shatranj.variant")),
        ("courier", include_str!("../../../variants/courier.variant")),
        ("xiangqi", include_str!("../../../variants/xiangqi.variant")),
    ];
    for (name, file) in shipped {
        let (text, _, _) = convert(&Source { file: "variants.ini", text: "" }, name).unwrap();
        assert_eq!(rules_of(&text), rules_of(file), "{name}:\n{text}");
    }
}

/// Fairy-Stockfish's extinction settings for Shatranj, inherited or written out, are
/// `bare-king`; extinction turned off is no rule; any other extinction is a goal the engine
/// does not play.
#[test]
fn the_bare_king_is_shatranjs_extinction_alone() {
    let text = |ini: &str| convert(&Source { file: "t.ini", text: ini }, "x").unwrap().0;
    let t = text("[x:shatranj]\n");
    assert!(t.contains("\nbare-king\n") && !t.contains("needs special-rules"), "{t}");
    let t = text("[x:shatranj]\nextinctionValue = none\n");
    assert!(!t.contains("bare-king") && !t.contains("needs special-rules"), "{t}");
    let t = text("[x:shatranj]\nextinctionOpponentPieceCount = 1\n");
    assert!(!t.contains("bare-king") && t.contains("needs special-rules"), "{t}");
    let t = text("[x:chess]\nextinctionValue = loss\nextinctionClaim = true\nextinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\n");
    assert!(t.contains("\nbare-king\n") && !t.contains("needs special-rules"), "{t}");
}

/// Every built-in variant converts into a file whose pieces and regions fairy-magic reads
/// (the magic search is left to the import tests: in a debug build it takes minutes).
#[test]
fn every_built_in_variant_converts() {
    for b in builtins::BUILT_IN {
        let ini = format!("[x:{}]\n", b.name);
        let source = Source { file: "t.ini", text: &ini };
        match convert(&source, "x") {
            Ok((text, _, _)) => {
                let file = Source { file: "x.variant", text: &text };
                fairy_magic::stages::pipeline::read(&file).unwrap_or_else(|e| panic!("{}: {e}\n{text}", b.name));
            }
            Err(e) if b.name.starts_with("flip") => assert!(e.to_string().contains("no piece that moves")),
            Err(e) => panic!("{}: {e}", b.name),
        }
    }
}
