use fairy_magic::stages::cost::{Cost, Why};
use fairy_magic::stages::limits::*;

use crate::unit::cost::cost_at;

#[test]
fn the_piece_using_most_of_a_limit_gives_way_until_the_plan_keeps_to_it() {
    let griffon = vec![cost_at(0, 6, 4, 13), cost_at(0, 8, 3, 15), cost_at(0, 10, 2, 17)];
    let queen = vec![cost_at(1, 6, 4, 12), cost_at(1, 7, 3, 13)];
    let costs = [griffon.clone(), queen.clone()];
    let bits = |chosen: &[Cost]| chosen.iter().map(|c| c.bits).collect::<Vec<_>>();
    let at_most = |occupancies: u64| Limits { occupancies, verify_steps: u64::MAX };
    let start = vec![griffon[2].clone(), queen[1].clone()];
    // 2^17 + 2^13 occupancies: the griffon uses the most and gives way a step at a time.
    let fitted = fit_limits(&costs, start.clone(), &[None, None], at_most(1 << 16)).unwrap();
    assert_eq!(bits(&fitted), [8, 7]);
    assert_eq!(fitted[0].why, Why::Limit(Limit::Occupancies));
    assert_eq!(fitted[1].why, Why::Fixed, "the queen did not have to give way");
    // Tighter, both give way, the griffon first and furthest.
    assert_eq!(bits(&fit_limits(&costs, start.clone(), &[None, None], at_most((1 << 14) - 1)).unwrap()), [6, 6]);
    // Within the limit, nothing changes.
    assert_eq!(fit_limits(&costs, start.clone(), &[None, None], at_most(1 << 18)).unwrap(), start);
    // Below what the smallest budgets use, the error names the piece using the most.
    let unfit = fit_limits(&costs, start.clone(), &[None, None], at_most(1 << 12)).unwrap_err();
    assert_eq!(
        unfit,
        Unfit { piece: 0, limit: Limit::Occupancies, used: 1 << 13, total: (1 << 13) + (1 << 12), bits: 6 }
    );
    // A piece held to a probe target keeps its budget; the others give way for it.
    let held = fit_limits(&costs, start.clone(), &[Some(2), None], at_most((1 << 17) + (1 << 12))).unwrap();
    assert_eq!(bits(&held), [10, 6]);
    assert_eq!(fit_limits(&costs, start, &[Some(2), None], at_most(1 << 16)).unwrap_err().piece, 0);
}

#[test]
fn verification_steps_count_as_a_limit_of_their_own() {
    let steps = |c: Cost, verify_steps: u64| Cost { verify_steps, ..c };
    let hook = vec![steps(cost_at(0, 6, 8, 10), 300), steps(cost_at(0, 12, 2, 16), 9_000)];
    let rook = vec![steps(cost_at(1, 12, 1, 12), 500)];
    let costs = [hook.clone(), rook.clone()];
    let limits = Limits { occupancies: u64::MAX, verify_steps: 1_000 };
    let fitted = fit_limits(&costs, vec![hook[1].clone(), rook[0].clone()], &[None, None], limits).unwrap();
    assert_eq!(fitted[0].bits, 6);
    assert_eq!(fitted[0].why, Why::Limit(Limit::Verification));
    assert_eq!(Limit::Verification.used(fitted.iter()), 800);
}
