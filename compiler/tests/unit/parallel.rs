use fairy_magic::stages::parallel::*;

fn in_order(n: usize) -> Vec<usize> {
    (0..n).collect()
}

#[test]
#[should_panic(expected = "twice")]
fn a_start_order_must_name_each_item_once() {
    map_until(&[1, 2, 3], &[0, 1, 1], 2, |&x| x, |_| false);
}

#[test]
fn results_keep_the_order_of_the_items() {
    let items: Vec<u64> = (0..1000).collect();
    // Uneven work, so that threads finish out of order.
    let squares = map(&items, 4, |&i| (0..(i % 7) * 1000).fold(i, |a, _| std::hint::black_box(a)) * i);
    assert_eq!(squares, items.iter().map(|i| i * i).collect::<Vec<_>>());
}

#[test]
fn the_error_is_the_first_in_order() {
    let items: Vec<u32> = (0..500).collect();
    // Later items fail faster, so a later error is usually found first in time.
    let result = try_map_started(&items, &in_order(500), 4, |&i| match i {
        100 | 499 => Err(i),
        _ if i < 100 => Ok((0..10_000).fold(i, |a, _| std::hint::black_box(a))),
        _ => Ok(i),
    });
    assert_eq!(result, Err(100));
    for threads in [1, 4] {
        assert_eq!(try_map_started(&items, &in_order(500), threads, |&i| Ok::<u32, ()>(i + 1)), Ok((1..501).collect()));
    }
}

#[test]
fn the_start_order_changes_nothing_but_when_items_run() {
    let items: Vec<u32> = (0..300).collect();
    let backwards: Vec<usize> = (0..300).rev().collect();
    let f = |&i: &u32| if i % 97 == 50 { Err(i) } else { Ok(i * 2) };
    assert_eq!(try_map_started(&items, &backwards, 3, f), Err(50));
    let even = |&i: &u32| Ok::<u32, u32>(i * 2);
    assert_eq!(try_map_started(&items, &backwards, 3, even), try_map_started(&items, &in_order(300), 1, even));
}

#[test]
fn no_items_give_no_results() {
    assert!(map(&[] as &[u8], 4, |&b| b).is_empty());
    assert_eq!(try_map_started(&[] as &[u8], &[], 4, |&b| Ok::<u8, ()>(b)), Ok(vec![]));
}
