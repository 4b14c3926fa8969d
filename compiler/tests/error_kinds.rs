//! A library caller tells errors apart by kind, not by message: a bad file, a limit (at the
//! piece's line), a search out of trials, a missing section, an unreadable file.

use fairy_magic::stages::error::{Access, Bound, Error};
use fairy_magic::stages::lookups::LineChoice;
use fairy_magic::{Options, Setting, Source};

fn compile(text: &str, options: &Options) -> Error {
    fairy_magic::compile(&Source { file: "kinds.variant", text }, options).unwrap_err()
}

#[test]
fn a_bad_file_is_input_at_its_line() {
    let e = compile("variant a\nboard 8x8\npiece Q queen Qz\n", &Options::new());
    assert!(matches!(&e, Error::Input { at, .. } if at.line == 3), "{e:?}");
}

#[test]
fn a_limit_is_a_limit_at_the_piece_line_and_prints_as_before() {
    let text = "variant a\nboard 8x8\npiece Q queen Q\n";
    let e = compile(text, &Options::new().set(Setting::MaxPaths(3)));
    match &e {
        Error::Limit { bound: Bound::PathsFromSquare, at: Some(at), message } => {
            assert_eq!(at.line, 3);
            assert!(message.contains("more than 3 paths"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e.summary().starts_with("kinds.variant:3:"), "{}", e.summary());
    assert!(e.to_string().contains("--> kinds.variant:3:"), "{e}");
    let e = compile(text, &Options::new().set(Setting::MaxBits(20)).set(Setting::Lines(LineChoice::Never)));
    assert!(matches!(e, Error::Limit { bound: Bound::Occupancies, at: Some(_), .. }), "{e:?}");
}

#[test]
fn a_search_out_of_trials_is_the_trials_limit() {
    let text = "variant a\nboard 8x8\npiece Q queen Q\n";
    let options =
        Options::new().set(Setting::MaxBits(15)).set(Setting::MaxTrials(1)).set(Setting::Lines(LineChoice::Never));
    let e = compile(text, &options);
    // At the line of the piece whose search went over the limit.
    assert!(matches!(&e, Error::Limit { bound: Bound::Trials, at: Some(at), .. } if at.line == 3), "{e:?}");
    assert!(e.to_string().starts_with("error: the magic search made more than 1 million trials"), "{e}");
}

#[test]
fn a_missing_section_names_those_there_are() {
    let e = fairy_magic::stages::import::import("v.ini", "[one]\n[two:one]\n", "three").unwrap_err();
    match &e {
        Error::UnknownSection { section, known, .. } => assert_eq!((section.as_str(), known.len()), ("three", 2)),
        other => panic!("{other:?}"),
    }
    assert_eq!(e.to_string(), "error: no section [three] in v.ini; it has: one, two");
}

#[test]
fn an_unreadable_file_keeps_the_system_error() {
    let missing = std::path::Path::new("no/such/file.variant");
    let io = fairy_magic::stages::files::read_capped(missing).unwrap_err();
    let e = Error::io(Some("no/such/file.variant"), Access::Read, io);
    assert!(matches!(&e, Error::Io { source, .. } if source.0.kind() == std::io::ErrorKind::NotFound), "{e:?}");
    assert!(e.to_string().starts_with("error: cannot read no/such/file.variant: "), "{e}");
    assert!(std::error::Error::source(&e).is_some());
}
