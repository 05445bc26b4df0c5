//! Property tests of the duplicate-name check against a reference, which the `parse` and
//! `stream` fuzz targets (agreement between entry points, on any bytes) cannot have: objects
//! whose names are drawn from a small pool made to collide in the check's fingerprint (length,
//! first, second and last bytes) and filter, some spelled with escapes, some past the 64
//! distinct names where an object gets a hash table (and past the 128 that fill its first
//! room), nested, with whitespace that moves names across the 64-byte blocks of the index,
//! read from a slice and through `io::Read` in small pieces. Every entry point reports the
//! first duplicate in document order, at its opening quote, or none; with duplicates allowed,
//! none.

mod common;

use common::{Chunked, Rng};
use jet::text::Reader;
use jet::{Options, Value};
use proptest::prelude::*;

/// Names that collide: equal fingerprints with different bytes (`abXcd` and `abYcd`, the two
/// long ones), names that a fingerprint reads past (the empty one, one byte), non-ASCII.
const POOL: [&str; 14] = [
    "",
    "a",
    "b",
    "ab",
    "ba",
    "min_t",
    "max_t",
    "mean_t",
    "abXcd",
    "abYcd",
    "a_long_name_of_twenty_one_z",
    "a_long_name_of_twenty_two_z",
    "\u{e9}",
    "\u{e9}t\u{e9}",
];

/// A name: one of [`POOL`], or `n0`, `n1`… (for objects with many names).
fn name(index: usize) -> String {
    match POOL.get(index) {
        Some(name) => (*name).to_owned(),
        None => format!("n{}", index - POOL.len()),
    }
}

#[derive(Clone, Debug)]
enum Node {
    Leaf(u8),
    Array(Vec<Node>),
    /// Members: a name's index, whether it is written with escapes, the value.
    Object(Vec<(usize, bool, Node)>),
}

fn node() -> impl Strategy<Value = Node> {
    let leaf = (0..6u8).prop_map(Node::Leaf);
    leaf.prop_recursive(4, 200, 8, |inner| {
        let small = prop::collection::vec((0..POOL.len() + 4, any::<bool>(), inner.clone()), 0..9);
        // Past 64 distinct names (the object then has a table), or past the 128 that fill a
        // table's first room (so that a table cleared for reuse by the cases before, on this
        // thread's pooled state, grows again), and perhaps one more that repeats an earlier
        // one, perhaps escaped.
        let large = (
            prop_oneof![60..90usize, 120..320usize],
            prop::option::of(any::<prop::sample::Index>()),
            any::<bool>(),
        )
            .prop_map(|(count, repeat, escaped)| {
                let mut members: Vec<_> =
                    (0..count).map(|i| (POOL.len() + i, false, Node::Leaf(0))).collect();
                if let Some(earlier) = repeat {
                    members.push((POOL.len() + earlier.index(count), escaped, Node::Leaf(0)));
                }
                members
            });
        prop_oneof![
            3 => prop::collection::vec(inner, 0..6).prop_map(Node::Array),
            5 => small.prop_map(Node::Object),
            1 => large.prop_map(Node::Object),
        ]
    })
}

/// Writes JSON text, noting the offset of the first name that repeats one of its object's.
struct Writer {
    out: String,
    /// What follows each token: the case's whitespace.
    ws: &'static str,
    first_duplicate: Option<(usize, String)>,
}

impl Writer {
    fn node(&mut self, node: &Node) {
        match node {
            Node::Leaf(k) => self.out.push_str(match k {
                0 => "1",
                1 => "\"s\"",
                2 => "true",
                3 => "null",
                4 => "[]",
                _ => "\"a string long enough to push what follows into the next block\"",
            }),
            Node::Array(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.out.push_str(self.ws);
                    self.node(item);
                }
                self.out.push(']');
            }
            Node::Object(members) => {
                self.out.push('{');
                let mut seen = std::collections::HashSet::new();
                for (i, (index, escaped, value)) in members.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.out.push_str(self.ws);
                    let name = name(*index);
                    if !seen.insert(name.clone()) && self.first_duplicate.is_none() {
                        self.first_duplicate = Some((self.out.len(), name.clone()));
                    }
                    if *escaped {
                        self.out.push('"');
                        for c in name.chars() {
                            let mut units = [0u16; 2];
                            for unit in c.encode_utf16(&mut units) {
                                self.out.push_str(&format!("\\u{unit:04x}"));
                            }
                        }
                        self.out.push('"');
                    } else {
                        self.out.push_str(&format!("\"{name}\""));
                    }
                    self.out.push(':');
                    self.out.push_str(self.ws);
                    self.node(value);
                }
                self.out.push('}');
            }
        }
    }
}

/// How reading `text` ended: `None`, or the error's offset and text.
fn outcome<T>(result: jet::Result<T>) -> Option<(u64, String)> {
    result.err().map(|e| (e.offset(), e.to_string()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_entry_point_finds_the_first_duplicate(root in node(), ws in 0..4usize, seed in any::<u64>()) {
        let ws = ["", " ", "\n    ", "                        "][ws];
        let mut writer = Writer { out: String::new(), ws, first_duplicate: None };
        writer.node(&root);
        let (text, want) = (writer.out, writer.first_duplicate);
        let slice = outcome(jet::text::validate(text.as_bytes()));
        match (&want, &slice) {
            (None, None) => {}
            (Some((at, name)), Some((offset, message))) => {
                prop_assert_eq!(*offset, *at as u64, "{} in {}", message, text);
                let said = format!("duplicate object name {}", Value::from(name.as_str()));
                prop_assert!(message.contains(&said), "{} (wanted {}) in {}", message, said, text);
            }
            _ => prop_assert!(false, "validate: {:?}, wanted a duplicate at {:?} in {}", slice, want, text),
        }
        let chunks = Chunked { bytes: text.as_bytes(), rng: Rng(seed), min: 1, max: 24 };
        let mut reader = Reader::with_capacity(chunks, 64);
        let streamed = outcome(reader.skip_value().and_then(|()| reader.finish()));
        prop_assert_eq!(&streamed, &slice, "io::Read in pieces: {}", text);
        let document = outcome(Options::default().document_from_slice(text.as_bytes()));
        prop_assert_eq!(document.map(|(at, _)| at), slice.as_ref().map(|(at, _)| *at), "Document: {}", text);
        let value = outcome(jet::from_str::<Value>(&text));
        prop_assert_eq!(value.map(|(at, _)| at), slice.as_ref().map(|(at, _)| *at), "Value: {}", text);
        let ignored = outcome(jet::from_str::<serde::de::IgnoredAny>(&text));
        prop_assert_eq!(ignored.map(|(at, _)| at), slice.as_ref().map(|(at, _)| *at), "IgnoredAny: {}", text);
        let allowed = Options::default().allow_duplicate_names(true);
        prop_assert!(jet::text::validate_with(text.as_bytes(), &allowed).is_ok(), "allowed: {}", text);
        prop_assert!(allowed.from_slice::<Value>(text.as_bytes()).is_ok(), "allowed, Value: {}", text);
    }
}
