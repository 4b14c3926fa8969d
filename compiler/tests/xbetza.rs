//! The XBetza contract (`docs/xbetza.md`): reference counts, both multi-leg spellings, every
//! unsupported letter as a located error, and no string that makes the compiler panic or
//! contradict itself (an internal error).

use crate::common::XorShift;
use fairy_magic::stages::board::{Board, Squares};
use fairy_magic::stages::error::Error;
use fairy_magic::stages::query::{compile_piece, position, Question, Via};
use fairy_magic::stages::{betza, legs};
use fairy_magic::{Options, Source};
use fairy_magic_runtime::Color;

fn count(betza: &str, via: Via) -> usize {
    let board = Board { files: 8, ranks: 8 };
    let q = Question {
        board: "8x8".into(),
        betza: betza.into(),
        from: "d4".into(),
        friends: vec![],
        foes: vec![],
        color: fairy_magic_runtime::Color::White,
        unmoved: true,
    };
    let compiled = compile_piece(board, betza, via).unwrap_or_else(|e| panic!("{betza}: {e}"));
    compiled.answer(board, &position(board, &q).unwrap()).dest.len()
}

#[test]
fn reference_counts_of_the_contract() {
    // docs/xbetza.md, "Reference counts" (a white piece on d4, empty 8x8).
    let counts = [
        ("N", 8),
        ("R", 14),
        ("NN", 12),
        ("[F?R]", 24),
        ("[F-R]", 20),
        ("[W?B]", 24),
        ("[D?B]", 16),
        ("v[F?R]", 14),
        ("v[W?B]", 12),
        ("[F-B]", 9),
        ("[W-R]", 10),
        ("[W?sR]", 28),
        ("mRcpR", 14),
        ("gQ", 0),
    ];
    for (betza, expected) in counts {
        assert_eq!(count(betza, Via::Tables), expected, "{betza} through the tables");
        assert_eq!(count(betza, Via::Reference), expected, "{betza} through the reference");
    }
}

fn moves(text: &str) -> Vec<legs::Move> {
    legs::moves(&betza::parse(text).unwrap(), Color::White).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn both_spellings_compile_to_the_same_legs() {
    for (bracket, chain) in [("[W-F]", "mafsW"), ("[F-R]", "yafsF"), ("[W-B]", "yafsW"), ("[F-W]", "mafsF")] {
        assert_eq!(moves(bracket), moves(chain), "{bracket} and {chain}");
    }
    // The osprey is spelled with a leg more as a chain: compare where it goes instead.
    for (bracket, chain) in [("[D?B]", "DmpafyafsW"), ("[F?R]", "FyafsF"), ("gQ", "gafQ")] {
        for square in ["a1", "d4", "h8", "b7"] {
            for occupied in
                [0u64, 0x0000_1824_4218_0000, 0x00ff_0000_0000_ff00, 0x8142_2418_1824_4281].map(Squares::from)
            {
                let board = Board { files: 8, ranks: 8 };
                let from = board.parse_square(square).unwrap();
                let kind = fairy_magic::stages::table_kind::TableKind::Capture;
                let a = fairy_magic::stages::reference::reach(board, &moves(bracket), from, occupied, kind);
                let b = fairy_magic::stages::reference::reach(board, &moves(chain), from, occupied, kind);
                assert_eq!(a, b, "{bracket} and {chain} from {square}, occupied {occupied:#x}");
            }
        }
    }
}

fn error(text: &str) -> (usize, String) {
    let e = match betza::parse(text) {
        Err(e) => e,
        Ok(b) => legs::moves(&b, Color::White).expect_err(text),
    };
    (e.offset, e.message)
}

#[test]
fn every_unsupported_letter_is_a_located_error() {
    for (text, offset, why) in [
        ("fmWfceF", 5, "en passant"),
        ("KisO2", 3, "castling"),
        ("N@", 1, "drops"),
        ("U", 0, "universal"),
        ("I", 0, "imitator"),
        ("xN", 0, "relay"),
        ("kQ", 0, "check"),
        ("uN", 0, "unload"),
        ("tR", 0, "restricted"),
        ("oR", 0, "cylindrical"),
        ("zR", 0, "crooked"),
        ("qN", 0, "circular"),
        ("[cW-F]", 1, "locust"),
        ("cafsW", 0, "locust"),
        ("eafsW", 0, "locust"),
        ("maW", 1, "no direction letter"),
        ("mafsN", 4, "oblique atom in an `a` chain"),
        ("v[W-R]", 0, "oblique shape"),
        ("[K-B]", 3, "after a K or Q leg"),
        ("fhR", 1, "half plane"),
        ("sfN", 0, "ambiguous"),
        ("nN", 0, "way is not unique"),
        ("pN", 0, "need a rider"),
        ("W[F", 3, "never closed"),
        ("", 0, "empty"),
    ] {
        let (at, message) = error(text);
        assert_eq!(at, offset, "{text}: {message}");
        assert!(message.contains(why), "{text}: {message}");
    }
}

#[test]
fn the_moves_command_prints_the_griffon() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .args(["moves", "[F?R]", "--board", "8x8", "--from", "d4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(line.split_whitespace().count(), 24, "{line}");
    let json = std::process::Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .args(["moves", "mRcpR", "--board", "9x10", "--from", "b3", "--foes", "b10", "--friends", "b7", "--json"])
        .output()
        .unwrap();
    let text = String::from_utf8(json.stdout).unwrap();
    assert!(text.contains(r#""capture":["b10"]"#), "{text}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_fairy-magic"))
        .args(["moves", "fmWfceF", "--from", "d4"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let stderr = String::from_utf8(bad.stderr).unwrap();
    assert!(stderr.starts_with("error: `e` (en passant)") && stderr.contains("--> <XBetza>:1:6"), "{stderr}");
}

/// A small deterministic generator of XBetza-like strings.
struct Strings(XorShift);

impl Strings {
    fn next(&mut self) -> String {
        const ALPHABET: &[u8] = b"WFDNAHCZGKQRBXYLJmcdinjpgfblrvshaaeyOUI[]-?0123[]-?fsfr";
        let mut state = self.0.next();
        let len = 1 + (state % 9) as usize;
        (0..len)
            .map(|_| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ALPHABET[(state >> 33) as usize % ALPHABET.len()] as char
            })
            .collect()
    }
}

#[test]
fn no_xbetza_string_makes_the_compiler_panic() {
    let mut strings = Strings(XorShift(0x2545_f491_4f6c_dd1d));
    let small = Board { files: 3, ranks: 4 };
    let mut compiled = 0;
    for _ in 0..3000 {
        let text = strings.next();
        let result = std::panic::catch_unwind(|| compile_piece(small, &text, Via::Tables).map(|_| ()));
        match result {
            Ok(Ok(())) => compiled += 1,
            // A table that disagrees with the reference is a bug, not a bad string.
            Ok(Err(e @ Error::Internal(_))) => panic!("`{text}` made an internal error: {e}"),
            Ok(Err(_)) => {}
            Err(_) => panic!("`{text}` made the compiler panic"),
        }
    }
    // Some of them are real pieces, so the whole pipeline ran, not only the parser.
    assert!(compiled > 100, "only {compiled} strings compiled");
}

fn destinations(betza: &str, from: &str, friends: &[&str], foes: &[&str]) -> Vec<String> {
    let board = Board { files: 8, ranks: 8 };
    let q = Question::new("8x8", betza, from).around(friends, foes);
    let p = position(board, &q).unwrap();
    let tables = compile_piece(board, betza, Via::Tables).unwrap().answer(board, &p).dest;
    let reference = compile_piece(board, betza, Via::Reference).unwrap().answer(board, &p).dest;
    assert_eq!(tables, reference, "{betza} from {from}");
    tables
}

#[test]
fn a_hopper_range_counts_the_hurdle_and_a_grasshopper_lands_right_behind() {
    // Three steps at most, hurdle included: over a2 to a3 or a4, never a5.
    assert_eq!(destinations("fpR3", "a1", &["a2"], &[]), ["a3", "a4"]);
    assert_eq!(destinations("fpR3", "a1", &[], &["a3"]), ["a4"]);
    assert_eq!(destinations("fpR", "a1", &["a2"], &[]), ["a3", "a4", "a5", "a6", "a7", "a8"]);
    // A grasshopper: the square right behind the first piece, whatever lies further.
    assert_eq!(destinations("fgR", "a1", &["a3", "a6"], &[]), ["a4"]);
    assert_eq!(destinations("fgR", "a1", &["a7"], &["a8"]), ["a8"]);
    assert!(destinations("fgR", "a1", &["a8"], &[]).is_empty());
    // A `?` square is itself a destination: the griffon's first step.
    assert_eq!(destinations("[F?R]", "a1", &[], &["b2"]), ["b2"]);
}

#[test]
fn no_variant_file_makes_the_compiler_panic() {
    // Mutations of a real file: characters dropped, doubled and replaced at random places.
    let original = include_str!("../../variants/chess.variant");
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let alphabet: Vec<char> = "variant board piece x0123456789 \n#KQRBNPfmWcFinD[]?-@+'é\t".chars().collect();
    for round in 0..2000 {
        let mut text: Vec<char> = original.chars().collect();
        for _ in 0..1 + round % 4 {
            let r = rng.next();
            let at = (r % text.len() as u64) as usize;
            let c = alphabet[(r >> 20) as usize % alphabet.len()];
            match (r >> 40) % 3 {
                0 => {
                    text.remove(at);
                }
                1 => text.insert(at, c),
                _ => text[at] = c,
            }
        }
        let text: String = text.into_iter().collect();
        let outcome = std::panic::catch_unwind(|| {
            // Parsing and the legs stage for every mutation; the whole compile for some.
            let source = fairy_magic::stages::error::Source { file: "fuzz.variant", text: &text };
            if let Ok((v, _)) = fairy_magic::stages::pipeline::read(&source) {
                if round % 50 == 0 && v.board.squares() <= 64 {
                    if let Err(e @ Error::Internal(_)) =
                        fairy_magic::compile(&Source { file: "fuzz.variant", text: &text }, &Options::new())
                    {
                        panic!("internal error: {e}");
                    }
                }
            }
        });
        assert!(outcome.is_ok(), "this variant file made the compiler panic or an internal error:\n{text}");
    }
}
