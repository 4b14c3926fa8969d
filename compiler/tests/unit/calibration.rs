use fairy_magic::stages::calibration::*;
use fairy_magic_runtime::Index;

#[test]
fn every_width_and_index_has_its_figures_and_no_line_is_malformed() {
    for bits in [64, 128, 192, 256] {
        for index in [Index::Magic, Index::Split32, Index::Pext] {
            for measure in Measure::ALL {
                let hot = form_costs(bits, index, Cache::Hot, measure);
                let cold = form_costs(bits, index, Cache::Cold, measure);
                assert!(
                    hot.probe > 0 && hot.line > 0 && hot.slide > 0 && hot.rank > 0 && hot.check > 0,
                    "{bits} {index:?} {measure:?}"
                );
                assert!(cold.probe >= hot.probe && cold.line == hot.line, "{bits} {index:?} {measure:?}");
            }
        }
    }
    // Every latency figure has its engine figures beside it, and nothing else is there.
    let forms: Vec<&str> = parse(FIGURES).map(|(form, _, _)| form).collect();
    let latency = forms.iter().filter(|f| !f.ends_with("-engine") && !f.ends_with("-pressure")).count();
    assert_eq!(forms.len(), 3 * latency, "a form without its engine figures, or the other way round");
    let figures = FIGURES.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    assert_eq!(parse(FIGURES).count(), figures, "a malformed figure line");
}
