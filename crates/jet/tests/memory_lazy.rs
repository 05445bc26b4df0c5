//! `get_many` allocates a fixed handful of buffers per call (the paths' steps, the results),
//! not one per level or member on the way: as many for paths twelve levels deep as for paths
//! two levels deep, from a slice, a `str` and trusted. Counted with a counting global
//! allocator, so this file holds a single test (tests in one binary share the allocator).

mod common;

use common::counting::{allocations_during, Counting};
use jet::Options;

#[global_allocator]
static ALLOC: Counting = Counting;

/// `{"k0": [{"k1": [ ... {"leaf": i} ... ]}]}` nested `depth` times, with a few members and
/// elements beside each one on the path, and the pointers of five leaves.
fn nested(depth: usize) -> (String, Vec<String>) {
    let mut doc = String::from(r#"{"leaf": 7, "other": [1, 2], "x": {"y": true}}"#);
    let mut pointer = String::from("/leaf");
    for level in (0..depth).rev() {
        doc = format!(r#"{{"a{level}": 1, "k{level}": [0, "s", {doc}], "z{level}": null}}"#);
        pointer = format!("/k{level}/2{pointer}");
    }
    let base = pointer.trim_end_matches("/leaf").to_owned();
    let pointers =
        ["/leaf", "/other/1", "/x/y", "/other/0", "/x"].iter().map(|p| format!("{base}{p}")).collect();
    (doc, pointers)
}

#[test]
fn get_many_allocates_the_same_at_any_depth() {
    let counts = |depth: usize| {
        let (doc, pointers) = nested(depth);
        let mut counts = Vec::new();
        for (what, opts) in [("validated", Options::default()), ("trusted", Options::default().trusted(true))]
        {
            // Once to fill the thread's pools, then counted.
            let _ = opts.get_many(doc.as_bytes(), &pointers).unwrap();
            let (found, n) = allocations_during(|| opts.get_many(doc.as_bytes(), &pointers).unwrap());
            assert!(found.iter().all(Result::is_ok), "{what}, depth {depth}: {found:?}");
            assert_eq!(found[0].as_ref().unwrap().as_raw_str(), "7", "{what}, depth {depth}");
            let (_, n_str) = allocations_during(|| opts.get_many(doc.as_str(), &pointers).unwrap());
            counts.push((what, n, n_str));
        }
        counts
    };
    let shallow = counts(2);
    let deep = counts(12);
    assert_eq!(shallow, deep, "allocations per call at depth 2 and at depth 12");
    for (what, n, n_str) in deep {
        assert!(n <= 6 && n_str <= 6, "{what}: {n} allocations from a slice, {n_str} from a str");
    }
}
