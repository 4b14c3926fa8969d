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
