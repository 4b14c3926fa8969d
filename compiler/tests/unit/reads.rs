use ::quote::quote;
use fairy_magic::stages::reads::*;
use fairy_magic_runtime::Line;

/// One of each read, as a block could list them (a slot, probes and leaps never share a
/// block).
const EVERY_READ: [Read; 6] = [
    Read::Slot { probes: 2, entries: Entries::Sets },
    Read::RankSlide,
    Read::Lines { per_square: 3, read: LineRead::Hops },
    Read::PlainChecks { per_square: 4 },
    Read::Leaps,
    Read::Probes { probes: 1 },
];

#[test]
fn a_block_prints_as_its_reads_united() {
    let printed = print(&EVERY_READ[..4], 7).unwrap().to_string();
    let expected = quote! {
        BLOCK_7[square].lookup(INDEX, &ATTACKS, occupied)
            | rank_slide(&RANK_SLIDES, FILES, square, occupied)
            | hops(&BLOCK_7_LINES[square], occupied)
            | plain_checks(&BLOCK_7_CHECKS[square], occupied)
    };
    assert_eq!(printed, expected.to_string());
    let numbered = print(&[Read::Slot { probes: 1, entries: Entries::Numbered }], 0).unwrap().to_string();
    assert_eq!(numbered, quote!(BLOCK_0[square].lookup_numbered(INDEX, &ATTACKS, &SETS, occupied)).to_string());
    let probes = print(&[Read::Probes { probes: 1 }], 2).unwrap().to_string();
    assert_eq!(probes, quote!(BLOCK_2[square].lookup(INDEX, &ATTACKS, occupied)).to_string());
    assert_eq!(print(&[], 3).map(|t| t.to_string()), None, "a block of no reads answers nothing");
}

/// The page's script has an interpreter for every read and every way of reading lines that
/// the JSON names: a read it lacked would draw nothing where the module answers.
#[test]
fn the_page_interprets_every_read() {
    let script = include_str!("../../src/page/page.js");
    let reads = script.split("const READS = {").nth(1).expect("the script's READS").split("};").next().unwrap();
    let line_reads = script.split("const LINE_READS = {").nth(1).expect("LINE_READS").split("};").next().unwrap();
    for read in EVERY_READ {
        let name = format!("{read:?}");
        let name = name.split([' ', '{']).next().unwrap();
        assert!(json(&[read]).contains(&format!(r#""read":"{name}""#)), "{name}");
        assert!(reads.contains(&format!("\n  {name}: ")), "the script reads no {name}");
    }
    for read in [LineRead::Slides, LineRead::ReachedSlides, LineRead::Hops, LineRead::Lines] {
        assert!(line_reads.contains(&format!("\n  {read:?}: ")), "the script reads no {read:?} lines");
    }
}

#[test]
fn a_tally_counts_what_the_reads_store() {
    let t = Tally::of::<u64>(&EVERY_READ[..4], 64);
    // A slot of a word and two 24-byte probes, padded to 64 bytes; the rank table is no
    // block's.
    assert_eq!(t, Tally { slot_bytes: 64 * 64, lines: 3 * 64, checks: 4 * 64 });
    assert_eq!(t.line_bytes::<u64>(), 3 * 64 * std::mem::size_of::<Line<u64>>());
    assert_eq!(t.bytes::<u64>(), t.slot_bytes + t.line_bytes::<u64>() + t.check_bytes::<u64>());
    assert_eq!(Tally::of::<u64>(&[Read::Leaps], 64).slot_bytes, 64 * 8);
    // A square's probes alone are padded to 32 bytes: a 24-byte probe takes 32.
    assert_eq!(Tally::of::<u64>(&[Read::Probes { probes: 1 }], 64).slot_bytes, 64 * 32);
    assert_eq!(t.plus(t).lines, 2 * t.lines);
}
