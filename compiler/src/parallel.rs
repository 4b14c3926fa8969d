//! Independent pieces of work spread over the machine's cores. Results come back in the order of
//! the work and the first error is the first in that order, so which thread ran what never
//! changes what a compilation writes or says.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// `f` of every item, in the items' order, on up to `threads` threads. Each thread takes the
/// next item when it finishes one, so that items of very uneven cost (a queen's reverse run
/// beside a knight's) still spread evenly.
pub fn map<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads.min(items.len());
    if threads <= 1 {
        return items.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { return done };
            done.push((i, f(item)));
        }
    };
    let mut done: Vec<(usize, R)> = thread::scope(|scope| {
        // A thread the system refuses (too many asked for, a process limit) is one fewer worker,
        // not a failure: every worker takes items until none are left, so the workers that did
        // start, or this thread alone, do all the work.
        let workers: Vec<_> =
            (0..threads).map_while(|_| thread::Builder::new().spawn_scoped(scope, worker).ok()).collect();
        let here = if workers.is_empty() { worker() } else { Vec::new() };
        let joined =
            workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        here.into_iter().chain(joined).collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// `f` of every item, or the error of the first item (in the items' order) that fails. The
/// items are started in the order `start` gives (a permutation of their indices): the largest
/// first, so that no thread is left with a large one at the end while the others wait.
///
/// Once an item fails, items after it are skipped, but never one before it: every item before
/// the first failure runs to the end, so the error is the one running them in order gives.
pub fn try_map_started<T: Sync, R: Send, E: Send>(
    items: &[T],
    start: &[usize],
    threads: usize,
    f: impl Fn(&T) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E> {
    let ran = map_until(items, start, threads, f, Result::is_err);
    // Every item up to the first failure ran, so the first `None` comes after an error.
    ran.into_iter().map_while(|r| r).collect()
}

/// `f` of every item in the items' order, started in the order `start` gives, but `None` for
/// items that may be skipped: once an item's result `fails`, items after it (in the items'
/// order) are not started, while every item before the first that fails runs to the end.
pub fn map_until<T: Sync, R: Send>(
    items: &[T],
    start: &[usize],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
    fails: impl Fn(&R) -> bool + Sync,
) -> Vec<Option<R>> {
    let mut seen = vec![false; items.len()];
    for &i in start {
        assert!(!std::mem::replace(&mut seen[i], true), "`start` orders item {i} twice");
    }
    assert_eq!(start.len(), items.len(), "`start` orders every item once");
    let first_failure = AtomicUsize::new(usize::MAX);
    let ran = map(start, threads, |&i| {
        if i > first_failure.load(Ordering::Relaxed) {
            return None;
        }
        let result = f(&items[i]);
        if fails(&result) {
            first_failure.fetch_min(i, Ordering::Relaxed);
        }
        Some(result)
    });
    let mut by_item: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (&i, result) in start.iter().zip(ran) {
        by_item[i] = result;
    }
    by_item
}

/// One thread a core the system lets this process use: the default.
pub fn available() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(
                try_map_started(&items, &in_order(500), threads, |&i| Ok::<u32, ()>(i + 1)),
                Ok((1..501).collect())
            );
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
}
