//! The structure-aware generator of the `deep` fuzz target, shared with its proptest
//! (`tests/deep_props.rs`; the fuzz target includes this file by path).
//!
//! The input is a program that writes valid JSON grammar: open an array or object, close, a
//! scalar, a name (from a small set, so that names repeat, some spelled with escapes), and runs
//! of opens up to twice the depth limit (20,000 levels under the default limit, in a few bytes
//! of input). The generator knows where the first duplicate name and the first level past the
//! limit are, so every entry point must fail there, with that kind of error, or succeed, with
//! no stack overflow anywhere: validate, the reader through `io::Read`, `Value` (built,
//! printed, read again, cloned, compared, dropped), typed decoding (serde, limited to 128
//! levels), lazy `get`, `sort_keys`.

use std::collections::HashSet;

use jet::text::{RawValue, Reader};
use jet::{Options, Value};

/// Scalars: edge cases of numbers and strings, all valid and in range.
pub const SCALARS: &[&str] = &[
    "0",
    "-0.0",
    "1.7976931348623158e308",
    "2.4703282292062328e-324",
    "123456789012345678901234567890",
    "-9223372036854775808",
    "1e-1000000",
    "\"\"",
    "\"\\ud83d\\ude00 é \\u0000\"",
    "true",
    "false",
    "null",
];

/// Names: `k` and `\u006b` are the same name, as are `a/b` and `a\/b`.
pub const NAMES: &[(&str, &str)] = &[
    ("k", "\"k\""),
    ("k", "\"\\u006b\""),
    ("a/b", "\"a/b\""),
    ("a/b", "\"a\\/b\""),
    ("~", "\"~\""),
    ("é", "\"é\""),
];

/// What the generator wrote, and what reading it must give.
#[derive(Default)]
struct Doc {
    out: Vec<u8>,
    /// Per open container: is it an object, does it hold anything, the names so far.
    open: Vec<(bool, bool, HashSet<&'static str>)>,
    max_depth: usize,
    /// Offsets of the first bracket past the depth limit and of the first duplicate name.
    too_deep: Option<usize>,
    duplicate: Option<usize>,
}

impl Doc {
    /// Before a value: the separator, and in an object a name.
    fn before_value(&mut self, name: usize) {
        let Some((object, any, names)) = self.open.last_mut() else { return };
        if *any {
            self.out.push(b',');
        }
        *any = true;
        if *object {
            let (decoded, written) = NAMES[name % NAMES.len()];
            if !names.insert(decoded) && self.duplicate.is_none() {
                self.duplicate = Some(self.out.len());
            }
            self.out.extend_from_slice(written.as_bytes());
            self.out.push(b':');
        }
    }

    fn open(&mut self, object: bool, name: usize, limit: usize) {
        if self.out.is_empty() || !self.open.is_empty() {
            self.before_value(name);
            if self.open.len() == limit && self.too_deep.is_none() {
                self.too_deep = Some(self.out.len());
            }
            self.out.push(if object { b'{' } else { b'[' });
            self.open.push((object, false, HashSet::new()));
            self.max_depth = self.max_depth.max(self.open.len());
        }
    }

    fn close(&mut self) {
        if let Some((object, _, _)) = self.open.pop() {
            self.out.push(if object { b'}' } else { b']' });
        }
    }

    fn scalar(&mut self, which: usize, name: usize) {
        if self.out.is_empty() || !self.open.is_empty() {
            self.before_value(name);
            self.out.extend_from_slice(SCALARS[which % SCALARS.len()].as_bytes());
        }
    }
}

/// Runs the program in `data` (its first byte: flags, the depth limit) and checks every entry
/// point on what it writes; panics on any disagreement. Returns the depth the document reached.
pub fn check(data: &[u8]) -> usize {
    let Some((&flags, program)) = data.split_first() else { return 0 };
    let limit = if flags & 1 != 0 { jet::DEFAULT_MAX_DEPTH } else { usize::from(flags >> 2) + 1 };
    let opts = Options::default().max_depth(limit).allow_duplicate_names(flags & 2 != 0);
    let mut doc = Doc::default();
    let mut ops = program.chunks_exact(3);
    for op in ops.by_ref() {
        let (arg, name) = (usize::from(op[1]), usize::from(op[2]));
        match op[0] % 8 {
            0 | 1 => doc.open(op[0] % 2 == 1, name, limit),
            2 | 3 => doc.close(),
            4 | 5 => doc.scalar(arg, name),
            // A run of opens, up to twice the limit (and a little more).
            _ => {
                let run = (u16::from_le_bytes([op[1], op[2]]) as usize) % (2 * limit + 3);
                for i in 0..run {
                    doc.open((usize::from(op[0]) + i) % 3 == 0, i, limit);
                }
            }
        }
        if doc.out.len() > 1 << 18 {
            break;
        }
    }
    if doc.out.is_empty() {
        doc.scalar(flags.into(), 0);
    }
    while !doc.open.is_empty() {
        doc.close();
    }
    let json = &doc.out[..];
    let duplicate = doc.duplicate.filter(|_| flags & 2 == 0);
    // The first error in the text, and its kind.
    let want = match (doc.too_deep, duplicate) {
        (Some(deep), Some(dup)) if dup < deep => Some((dup, false)),
        (Some(deep), _) => Some((deep, true)),
        (None, Some(dup)) => Some((dup, false)),
        (None, None) => None,
    };
    let check = |what: &str, got: jet::Result<()>| match (&got, want) {
        (Ok(()), None) => {}
        (Err(e), Some((at, deep)))
            if e.offset() == at as u64 && e.is_limit() == deep && (deep || e.is_syntax()) => {}
        _ => panic!("{what}: got {got:?}, want {want:?} (depth {}, limit {limit})", doc.max_depth),
    };

    check("validate", jet::text::validate_with(json, &opts));
    let mut reader = Reader::with_capacity(json, 64).with_options(&opts);
    check("reader, io::Read", reader.skip_value().and_then(|()| reader.finish()));
    check("lazy get", opts.get(json, "").map(drop));
    check("sort_keys", RawValue::from_bytes(json).sort_keys(&opts).map(drop));
    match opts.from_slice::<Value>(json) {
        Ok(v) => {
            check("Value", Ok(()));
            let text = v.to_string();
            let again: Value = opts.from_str(&text).expect("printed Value reads back");
            assert!(again == v, "printed Value reads back equal");
            // Indented text grows with the square of the depth: only for shallower documents.
            if doc.max_depth <= 500 {
                let pretty: Value = opts.from_str(&format!("{v:#}")).expect("pretty Value reads back");
                assert!(pretty == v, "pretty Value reads back equal");
            }
            assert!(v.clone() == v, "a clone is equal");
        }
        Err(e) => check("Value", Err(e)),
    }
    // Typed decoding recurses, so it stops at its own limit (128 here) first.
    let typed = opts.from_slice::<serde::de::IgnoredAny>(json).map(drop);
    if doc.max_depth <= opts.recursion_limit() {
        check("typed", typed);
    } else {
        let e = typed.expect_err("deeper than the typed limit");
        assert!(e.is_limit() || e.offset() <= doc.too_deep.unwrap_or(usize::MAX) as u64, "typed: {e}");
    }
    doc.max_depth
}
