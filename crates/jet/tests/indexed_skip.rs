//! The structural index behind `skip_value`, `read_value` and `validate` against the token
//! reader: on every corpus file, each broken in many places and ways, the indexed skip must
//! accept exactly what reading token by token accepts, and fail with the same error (message,
//! offset, line, column and pointer), from a slice, a `str` and an `io::Read`.

mod common;

use common::{Chunked, Rng};
use jet::text::{Reader, Token};
use jet::Options;

/// What reading token by token says: `Ok` or the error's full text.
fn by_tokens(input: &[u8], opts: &Options) -> Result<(), String> {
    let mut reader = Reader::from_slice(input).with_options(opts);
    loop {
        match reader.next_token() {
            Ok(Some(token)) => {
                std::hint::black_box(matches!(token, Token::Null));
            }
            Ok(None) => return reader.finish().map_err(|e| describe(&e)),
            Err(e) => return Err(describe(&e)),
        }
    }
}

fn describe(e: &jet::Error) -> String {
    format!("{e} [{:?} {} {}:{} {:?}]", e.category(), e.offset(), e.line(), e.column(), e.pointer())
}

/// What every indexed path says; they must agree with each other.
fn indexed(input: &[u8], opts: &Options, rng: &mut Rng) -> Result<(), String> {
    let slice = jet::text::validate_with(input, opts).map_err(|e| describe(&e));
    let mut reader = Reader::from_slice(input).with_options(opts);
    let raw = reader.read_value().map(|raw| raw.as_bytes().len()).and_then(|_| reader.finish());
    assert_eq!(raw.map_err(|e| describe(&e)), slice, "read_value vs validate");
    if let Ok(text) = std::str::from_utf8(input) {
        let mut reader = Reader::from_str(text).with_options(opts);
        let from_str = reader.skip_value().and_then(|()| reader.finish()).map_err(|e| describe(&e));
        assert_eq!(from_str, slice, "str vs slice");
    }
    // Windows of a few hundred bytes, refilled in random chunks: the index stops and starts
    // again at every window end.
    let chunked = Chunked { bytes: input, rng: Rng(rng.next_u64()), min: 1, max: 300 };
    let mut reader = Reader::with_capacity(chunked, 256).with_options(opts);
    let from_io = reader.skip_value().and_then(|()| reader.finish()).map_err(|e| describe(&e));
    assert_eq!(from_io, slice, "io::Read vs slice");
    slice
}

/// Ways to break a document at one place.
const BREAKS: &[(&str, &[u8])] = &[
    ("quote", b"\""),
    ("backslash", b"\\"),
    ("comma", b","),
    ("colon", b":"),
    ("open brace", b"{"),
    ("close bracket", b"]"),
    ("space", b" "),
    ("letter", b"x"),
    ("digit", b"7"),
    ("minus", b"-"),
    ("control", b"\x01"),
    ("tab", b"\t"),
    ("bad utf8", b"\xff"),
    ("cut utf8", b"\xe2\x82"),
    ("lone surrogate", b"\\ud800"),
    ("literal", b"true"),
    ("escape", b"\\n"),
];

#[test]
fn indexed_skip_agrees_with_tokens_on_broken_corpus_files() {
    let mut rng = Rng(0x1D_5EED);
    let strict = Options::default();
    let relaxed = Options::default().allow_duplicate_names(true).allow_invalid_utf8(true);
    let limited = Options::default().max_depth(6).max_string_len(40).max_number_len(12);
    let mut failures = 0;
    for (name, bytes) in common::corpus() {
        for opts in [&strict, &relaxed, &limited] {
            assert_eq!(indexed(&bytes, opts, &mut rng), by_tokens(&bytes, opts), "{name} whole");
        }
        for round in 0..60 {
            let (what, with) = BREAKS[round % BREAKS.len()];
            let at = rng.range(0, bytes.len() - 1);
            // Replace one byte, or insert.
            let mut broken = bytes[..at].to_vec();
            broken.extend_from_slice(with);
            broken.extend_from_slice(&bytes[at + usize::from(round % 2 == 0)..]);
            let opts = [&strict, &relaxed, &limited][round % 3];
            let want = by_tokens(&broken, opts);
            failures += usize::from(want.is_err());
            assert_eq!(indexed(&broken, opts, &mut rng), want, "{name}: {what} at {at}");
        }
    }
    // Most breaks break something (not all: a digit in a number, a space between tokens).
    assert!(failures > 9 * 60 / 2, "only {failures} broken documents");
}

#[test]
fn indexed_skip_agrees_with_tokens_on_tables_of_cases() {
    // Each case padded so that the index sees it at every alignment and across block ends.
    let cases: &[(&str, &[u8])] = &[
        ("escaped quote in name", br#"{"a\"b": 1, "c": [true, false, null]}"#),
        ("duplicate name", br#"{"name": 1, "kids": [], "name": 2}"#),
        ("escaped duplicate", br#"{"a": 1, "\u0061": 2}"#),
        ("trailing comma in array", b"[1, 2, ]"),
        ("trailing comma in object", br#"{"a": 1,}"#),
        ("missing colon", br#"{"a" 1}"#),
        ("missing comma", b"[1 2]"),
        ("number then letter", b"[12x]"),
        ("number then quote", br#"[12"x"]"#),
        ("string then letter", br#"["a"x]"#),
        ("leading zero", b"[01]"),
        ("bad exponent", b"[1e]"),
        ("literal typo", b"[tru]"),
        ("literal run-on", b"[truex]"),
        ("control in string", b"[\"a\x01b\"]"),
        ("tab in string", b"[\"a\tb\"]"),
        ("invalid utf8", b"[\"a\xc3\x28\"]"),
        ("lone surrogate", br#"["\ud800"]"#),
        ("surrogate pair", br#"["\ud83d\ude00", "x"]"#),
        ("backslash outside", br#"[\"a"]"#),
        ("name not string", b"{1: 2}"),
        ("deep", b"[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]"),
        (
            "long name",
            br#"{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1}"#,
        ),
        ("comment", b"[1, /* no */ 2]"),
        ("close mismatch", b"[1, 2}"),
        ("valid mix", br#"{"a": [1, -2.5e-3, "x\ny", {"b": null}], "c": {}, "d": []}"#),
        // Strings that a block end cuts anywhere: the index knows the part before it, the scan
        // goes on from there.
        ("long string", b"[\"aaaaaaaaaaaaaaaaaaaa\", 1]"),
        ("long string, bad byte late", b"[\"aaaaaaaaaaaaaaaaaaaa\xff\", 1]"),
        ("long string, bad byte first", b"[\"\xffaaaaaaaaaaaaaaaaaaaa\", 1]"),
        ("long string, cut utf8 late", b"[\"aaaaaaaaaaaaaaaaaaaa\xe2\x82\", 1]"),
        ("long string, control late", b"[\"aaaaaaaaaaaaaaaaaaaa\x01\", 1]"),
        ("long string, escape late", br#"["aaaaaaaaaaaaaaaaaaaa\u00e9b", 1]"#),
        (
            "long string, utf8",
            "[\"a\u{e9}\u{e9}\u{e9}\u{e9}\u{20ac}\u{20ac}\u{20ac}\u{1f600}\u{1f600}\", 1]".as_bytes(),
        ),
        ("long string, utf8 then bad", b"[\"\xc3\xa9\xc3\xa9\xc3\xa9aaaaaaaaaaaaaa\xc3\", 1]"),
        ("long name, bad byte late", b"{\"aaaaaaaaaaaaaaaaaaaa\xff\": 1}"),
        // Short strings whose characters a block end cuts at every place (the padding moves
        // them), valid and broken in each way UTF-8 can be: for any check of whole blocks.
        (
            "short strings, utf8",
            "[\"\u{e9}\", \"\u{20ac}\", \"\u{1f600}\", \"a\u{e9}\", \"\u{20ac}b\"]".as_bytes(),
        ),
        ("short string, cut before the quote", b"[\"\xe2\x82\", \"\xe2\x82\xac\"]"),
        ("short string, lone continuation", b"[\"\xe2\x82\xac\x80\"]"),
        ("short string, overlong", b"[\"\xc0\xaf\"]"),
        ("short string, overlong three bytes", b"[\"\xe0\x80\xaf\"]"),
        ("short string, encoded surrogate", b"[\"\xed\xa0\x80\"]"),
        ("short string, past U+10FFFF", b"[\"\xf4\x90\x80\x80\"]"),
        ("short name, cut utf8", b"{\"a\xf0\x9f\x98\": 1}"),
        ("utf8 outside strings", b"[1, \xc3\xa9]"),
    ];
    let mut rng = Rng(9);
    let options = [
        Options::default(),
        Options::default().allow_duplicate_names(true).allow_invalid_utf8(true),
        Options::default().max_depth(8).max_string_len(20).max_number_len(3),
    ];
    for &(name, case) in cases {
        for pad in 0..70 {
            // Inside an array of padding strings, so the case is not the top-level value.
            let mut doc = b"[".to_vec();
            doc.extend(std::iter::repeat_n(b' ', pad));
            doc.extend_from_slice(b"\"");
            doc.extend(std::iter::repeat_n(b'p', pad));
            doc.extend_from_slice(b"\", ");
            doc.extend_from_slice(case);
            doc.extend_from_slice(b", ");
            doc.extend(std::iter::repeat_n(b'0', 1 + pad % 5));
            doc.extend(std::iter::repeat_n(b' ', 64));
            doc.extend_from_slice(b"]");
            for opts in &options {
                assert_eq!(indexed(&doc, opts, &mut rng), by_tokens(&doc, opts), "{name} padded {pad}");
            }
        }
    }
}

#[test]
fn names_borrowed_from_a_moving_window_are_kept_across_refills() {
    // Names read from an `io::Read` window are borrowed and copied only when their object is
    // still open at a refill: duplicates and pointers must see them across many refills.
    let mut rng = Rng(77);
    let mut cases: Vec<(String, Vec<u8>)> = Vec::new();
    let mut wide = String::from("{");
    for i in 0..200 {
        wide.push_str(&format!("\"k{i}\": [{}],\n", "1, ".repeat(i % 7) + "0"));
    }
    cases.push(("wide, valid".into(), format!("{wide}\"end\": {{}}}}").into_bytes()));
    cases.push(("wide, duplicate last".into(), format!("{wide}\"k5\": 1}}").into_bytes()));
    cases.push(("wide, escaped duplicate".into(), format!("{wide}\"\\u006b7\": 1}}").into_bytes()));
    let nested = format!(
        r#"{{"outer": {{"a": [{}], "b": {{"c": {{"a": 1}}}}, "a": 2}}}}"#,
        "\"x\", ".repeat(300) + "0"
    );
    cases.push(("nested, duplicate after a long value".into(), nested.into_bytes()));
    let deep_error =
        format!(r#"{{"outer": {{"a": [{}], "b": {{"c": {{"d": tru}}}}}}}}"#, "0, ".repeat(300) + "0");
    cases.push(("pointer through names copied at refills".into(), deep_error.into_bytes()));
    for (name, doc) in &cases {
        for opts in [Options::default(), Options::default().allow_duplicate_names(true)] {
            let want = by_tokens(doc, &opts);
            assert_eq!(indexed(doc, &opts, &mut rng), want, "{name}");
            for capacity in [64, 100, 4096] {
                let chunked = Chunked { bytes: doc, rng: Rng(rng.next_u64()), min: 1, max: 7 };
                let mut reader = Reader::with_capacity(chunked, capacity).with_options(&opts);
                let got = reader.skip_value().and_then(|()| reader.finish()).map_err(|e| describe(&e));
                assert_eq!(got, want, "{name}, buffer {capacity}");
            }
        }
    }
    assert!(by_tokens(&cases[1].1, &Options::default())
        .unwrap_err()
        .contains("duplicate object name \"k5\""));
    assert!(by_tokens(&cases[4].1, &Options::default()).unwrap_err().contains("/outer/b/c/d"));
}
