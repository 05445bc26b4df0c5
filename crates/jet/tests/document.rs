//! `jet::Document`: parsed by the same rules as a `Value` (same values, same errors), read in
//! place (`get`, `pointer`, the `as_` methods, iterators), written back (`Display`, serde) and
//! converted to a `Value`, at any depth.

mod common;

use common::{corpus, value_pointers, Chunked, Rng};
use jet::{json, Document, Options, Value};

fn doc(text: &str) -> Document<'_> {
    Document::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn parses_as_a_value_does() {
    // (name, input): each must read back as the `Value` of the same text, and write the same.
    let cases = [
        ("null", "null"),
        ("true", " true "),
        ("false", "false"),
        ("integer", "42"),
        ("negative", "-7"),
        ("minus zero is a float", "-0"),
        ("float", "2.5"),
        ("exponent", "1e2"),
        ("u64 max", "18446744073709551615"),
        ("i64 min", "-9223372036854775808"),
        ("beyond 64 bits keeps its text", "123456789012345678901234567890"),
        ("negative beyond 64 bits", "-9223372036854775809"),
        ("tiny underflows to zero", "1e-400"),
        ("plain string", r#""jet""#),
        ("string escapes", r#""a\"b\\c\n\u00e9\ud83d\ude00""#),
        ("escaped names", r#"{"a\tb": 1, "\u00e9": [2]}"#),
        (
            "escaped names at every depth",
            r#"{"\u0061\u0062": {"\u00e9\ud83d\ude00": 1, "x\ny": [{"\"": 2, "\\": {}}]}, "c\/": 3}"#,
        ),
        ("empty containers", r#"[{}, [], {"a": []}]"#),
        ("member order kept", r#"{"b": 1, "a": 2, "c": 3}"#),
        ("nested", r#"{"a": [1, {"b": [null, true]}], "c": {"d": {}}}"#),
        ("containers after containers", r#"[[1, [2]], [[3]], {"a": {"b": [4]}}, 5]"#),
    ];
    for (name, input) in cases {
        let d = doc(input);
        let v: Value = jet::from_str(input).unwrap();
        assert_eq!(d.to_value(), v, "{name}: to_value");
        assert_eq!(d.to_string(), v.to_string(), "{name}: Display");
        assert_eq!(format!("{d:#}"), format!("{v:#}"), "{name}: pretty Display");
        assert_eq!(jet::to_string(&d).unwrap(), v.to_string(), "{name}: Serialize");
        assert_eq!(jet::to_string_pretty(&d.root()).unwrap(), jet::to_string_pretty(&v).unwrap(), "{name}");
        let from_bytes = Document::from_slice(input.as_bytes()).unwrap();
        assert_eq!(from_bytes.to_value(), v, "{name}: from_slice");
    }
}

#[test]
fn errors_are_those_of_a_value() {
    // (name, input, options): the error must be the one `Value` parsing reports, word for word.
    let deep = "[".repeat(200) + &"]".repeat(200);
    let cases: [(&str, &[u8], Options); 14] = [
        ("empty", b"", Options::strict()),
        ("only whitespace", b"  \n", Options::strict()),
        ("duplicate name", br#"{"a": {"b": 1, "b": 2}}"#, Options::strict()),
        ("duplicate name, escaped second", br#"{"a": {"b": 1, "\u0062": 2}}"#, Options::strict()),
        ("duplicate escaped names", br#"[{"\u00e9": 1, "x": 2, "\u00E9": 3}]"#, Options::strict()),
        ("trailing data", b"[1] 2", Options::strict()),
        ("unclosed", br#"{"a": [1, 2"#, Options::strict()),
        ("invalid UTF-8", b"[\"a\xffb\"]", Options::strict()),
        ("lone surrogate", br#"["\ud800"]"#, Options::strict()),
        ("number beyond f64", b"[1e400]", Options::strict()),
        ("too deep", deep.as_bytes(), Options::strict().max_depth(100)),
        ("string too long", br#"["abcdef"]"#, Options::strict().max_string_len(3)),
        ("bad literal", b"[tru]", Options::strict()),
        ("missing colon", br#"{"a" 1}"#, Options::strict()),
    ];
    for (name, input, opts) in cases {
        let err = opts.document_from_slice(input).expect_err(name);
        let expected = opts.from_slice::<Value>(input).expect_err(name);
        assert_eq!(err.to_string(), expected.to_string(), "{name}");
        assert_eq!((err.category(), err.pointer()), (expected.category(), expected.pointer()), "{name}");
    }
}

/// The same result, or the same error.
fn assert_same<T, E>(got: &Result<T, E>, want: &jet::Result<T>, at: &str)
where
    T: PartialEq + std::fmt::Debug,
    E: std::fmt::Display + std::fmt::Debug,
{
    match (got, want) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{at}"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{at}"),
        _ => panic!("{at}: {got:?} against {want:?}"),
    }
}

#[test]
fn the_tape_grows_inside_each_number_step() {
    // (name, number): an array of short integers then of this number, the short ones so many
    // that for some count the tape's first growth falls among the numbers (its room is an
    // eighth of the text's length), so that each number step takes its growing path.
    let cases = [
        ("integer", "12345678"),
        ("sixteen digits", "1234567890123456"),
        ("nineteen digits", "1234567890123456789"),
        ("negative", "-12345"),
        ("negative, nineteen digits", "-1234567890123456789"),
        ("fraction", "1.25"),
        ("negative fraction", "-0.5"),
        ("exponent", "1e5"),
        ("beyond 64 bits", "123456789012345678901234567890"),
    ];
    for (name, number) in cases {
        for short in (0..400).step_by(9) {
            let text = format!("[{}{}]", "1,".repeat(short), vec![number; 100].join(","));
            let want: Value = jet::from_str(&text).unwrap();
            assert_eq!(doc(&text).to_value(), want, "{name}, {short} short integers first");
        }
    }
}

#[test]
fn the_indexed_walk_agrees_with_the_reader() {
    // Inside containers with a whole 64-byte block ahead, the structural index's walk takes a
    // Document's tokens; what it cannot take (errors, numbers beyond f64, limits) the reader
    // reads. A Value's escaped strings are decoded as they are checked when they lie in the
    // window. Each case sits at every shift across two blocks, in a document long enough to
    // walk, under each option set. The reference is the Value read from an `io::Read` that
    // hands out one byte at a time: its window never holds a block ahead, nor most strings
    // whole. A Value and a Document parsed from a slice and from a `str` must equal it, or
    // fail with the same error.
    // Integers of 1 to 20 digits, either sign (`-0` is a float), and the ends of `u64` and `i64`.
    let integers: String = (1..=20)
        .flat_map(|n| {
            let digits = &"1234567890".repeat(2)[..n];
            [digits.to_owned(), format!("-{digits}")]
        })
        .collect::<Vec<_>>()
        .join(",");
    let integers = format!(
        "[{integers},18446744073709551615,18446744073709551616,9999999999999999999,\
         10000000000000000000,505874924095815681,9007199254740993,0,10,-0,-10,\
         -9007199254740993,-9999999999999999,-10000000000000000,-9223372036854775808,\
         -9223372036854775809]"
    );
    // Fractions: integer parts of 1 to 9 digits (zero among them), 1 to 21 digits after the
    // `.` (some with leading zeros), either sign: the walk takes those of up to 8 + 19 digits
    // (19 in all, but after a lone zero) by words.
    let fractions: Vec<String> = ["0", "-0", "7", "-35", "1234", "-98765432", "123456789"]
        .iter()
        .flat_map(|int| {
            ["90071992547409935", "00069887526665677"]
                .into_iter()
                .flat_map(move |digits| (1..=21).map(move |n| format!("{int}.{}", &digits.repeat(2)[..n])))
        })
        .collect();
    let fractions = format!(
        "[{}, -0.0, 0.0000000000000001, 9007199254740993.5, 1.7976931348623157]",
        fractions.join(",")
    );
    let long_escaped =
        format!(r#"["{}", {{"k": "a\tb{}"}}]"#, r"\u00e9\n".repeat(20), r"\ud83d\ude00".repeat(12));
    let long_bad_escape = format!(r#"["{}\x"]"#, r"\u00e9".repeat(20));
    let long_lone_surrogate = format!(r#"["{}\udc00 ok"]"#, r"\u00e9".repeat(20));
    let mut long_invalid_utf8 = format!(r#"["{}"#, r"\u00e9".repeat(20)).into_bytes();
    long_invalid_utf8.extend_from_slice(b"\xff\\n\"]");
    // Strings that cross a block's end are scanned by the walk itself: a plain run (at some
    // shift every block end falls inside it), then what must still be checked after it.
    let dots = ".".repeat(70);
    let plain_then_non_ascii = format!("[\"{dots}\u{e9}\u{20ac}\u{1F600} tail\", \"{dots}\"]");
    let plain_then_escape = format!(r#"["{dots}\n\u00e9 tail", "{dots}\""]"#);
    let plain_then_control = format!("[\"{dots}\u{1} tail\"]");
    let mut plain_then_invalid_utf8 = format!("[\"{dots}").into_bytes();
    plain_then_invalid_utf8.extend_from_slice(b"\xe9 tail\"]");
    let cases: [(&str, &[u8]); 27] = [
        ("plain, then non-ASCII", plain_then_non_ascii.as_bytes()),
        ("plain, then escapes", plain_then_escape.as_bytes()),
        ("plain, then a control byte", plain_then_control.as_bytes()),
        ("plain, then invalid UTF-8", &plain_then_invalid_utf8),
        ("long escaped strings", long_escaped.as_bytes()),
        ("a bad escape late in a long string", long_bad_escape.as_bytes()),
        ("a lone surrogate late in a long string", long_lone_surrogate.as_bytes()),
        ("invalid UTF-8 after escapes", &long_invalid_utf8),
        ("plain", br#"{"k": [1, -2, 2.5e3, 0, -0, true, false, null, "s", {}, []]}"#),
        ("integers of every length", integers.as_bytes()),
        ("a negative integer with a leading zero", b"[-1, -01]"),
        ("fractions of every length", fractions.as_bytes()),
        // Fraction-shaped numbers the walk must leave to the scan, wherever a block ends.
        ("a fraction with a leading zero", b"[1.5, -0.25, 01.5]"),
        ("fractions with exponents", b"[1.25, 1.25e2, -31.5E-2, 0.5e+1]"),
        ("a fraction with a second dot", b"[1.5, 1.5.3]"),
        ("a dot with no digits after it", b"[1.5, -1.]"),
        ("escapes", br#"["a\nb", "\u00e9\ud83d\ude00", {"n\tm": "\"q\""}]"#),
        ("non-ASCII", "[\"\u{e9}t\u{e9}\", {\"\u{fc}\": \"\u{1F600}\"}]".as_bytes()),
        (
            "long string",
            br#"["0123456789012345678901234567890123456789012345678901234567890123456789012345"]"#,
        ),
        ("beyond f64", b"[1, 2, 1e400, 3]"),
        ("beyond 64 bits", b"[123456789012345678901234567890, -99999999999999999999]"),
        ("long float", b"[3.14159265358979323846264338327950288, 1.5e-7, 12345678901234567890.5]"),
        ("duplicate name", br#"{"x": 1, "y": {"x": 2}, "x": 3}"#),
        ("invalid UTF-8", b"[\"a\xff\"]"),
        ("lone surrogate", br#"["\udc00"]"#),
        ("bad token", b"[1, 2, tru]"),
        ("unclosed", b"[1, {\"a\": [2"),
    ];
    let option_sets = [
        ("strict", Options::strict()),
        ("lossless", Options::strict().lossless_numbers(true)),
        ("big as f64", Options::strict().big_integers_as_f64(true)),
        ("relaxed", Options::strict().allow_duplicate_names(true).allow_invalid_utf8(true)),
        ("short strings", Options::strict().max_string_len(70)),
    ];
    for (name, case) in cases {
        for shift in 0..130 {
            let mut text = br#"{"pad": ""#.to_vec();
            text.extend(std::iter::repeat_n(b'.', shift));
            text.extend_from_slice(br#"", "list": [1, "two", {"three": 3}], "case": "#);
            text.extend_from_slice(case);
            text.extend_from_slice(br#", "after": [null, {"last": "x"}]}"#);
            for (label, opts) in &option_sets {
                let at = format!("{name}, shift {shift}, {label}");
                let byte_by_byte = Chunked { bytes: &text, rng: Rng(1), min: 1, max: 1 };
                let reference = opts.from_reader::<_, Value>(byte_by_byte);
                assert_same(&opts.from_slice::<Value>(&text), &reference, &format!("{at}: Value"));
                let document = opts.document_from_slice(&text);
                assert_same(&document.as_ref().map(|d| d.to_value()), &reference, &format!("{at}: Document"));
                // A Document writes repeated names as it read them; a Value keeps one.
                if let (Ok(d), Ok(v), false) = (&document, &reference, opts.allows_duplicate_names()) {
                    assert_eq!(d.to_string(), v.to_string(), "{at}");
                }
                // From a `str`, the walk that trusts the input's UTF-8.
                if let Ok(text) = std::str::from_utf8(&text) {
                    let at = format!("{at}, from a str");
                    assert_same(&opts.from_str::<Value>(text), &reference, &format!("{at}: Value"));
                    let document = opts.document_from_str(text).map(|d| d.to_value());
                    assert_same(&document, &reference, &format!("{at}: Document"));
                }
            }
        }
    }
}

#[test]
fn a_value_inside_a_typed_value_ends_where_it_should() {
    // `Value` fields are built from the reader's tokens at the field's depth, with escaped
    // strings decoded as they are read: the build must stop at the end of the field's value
    // and leave the rest, escaped strings included, to the typed layer, at every shift.
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Outer {
        before: u32,
        inner: Value,
        list: Vec<Value>,
        after: String,
    }
    for shift in 0..130 {
        let pad = ".".repeat(shift);
        let text = format!(
            r#"{{"before": 1, "inner": {{"pad": "{pad}", "n": [1, 2.5, {{"deep": [true, null, "\u00e9\n"]}}]}},
               "list": [{{"a": "{pad}\t"}}, [], 7, "s"], "after": "e\u00e9nd\"{pad}"}}"#
        );
        let want = Outer {
            before: 1,
            inner: json!({"pad": pad, "n": [1, 2.5, {"deep": [true, null, "\u{e9}\n"]}]}),
            list: vec![json!({"a": format!("{pad}\t")}), json!([]), json!(7), json!("s")],
            after: format!("e\u{e9}nd\"{pad}"),
        };
        assert_eq!(jet::from_str::<Outer>(&text).unwrap(), want, "shift {shift}");
        assert_eq!(jet::from_slice::<Outer>(text.as_bytes()).unwrap(), want, "shift {shift}, slice");
        let bad = text.replace("null,", "null, nul,");
        let err = jet::from_str::<Outer>(&bad).unwrap_err();
        assert_eq!(err.pointer(), "/inner/n/2/deep/2", "shift {shift}: {err}");
    }
}

#[test]
fn reads_in_place() {
    let text = r#"{"name": "jet", "esc": "a\nb", "n": [1, -2, 2.5, 1e300, 18446744073709551615],
                   "t": true, "f": false, "z": null, "o": {"x/y": {"~": [10, 20]}}, "e": {}}"#;
    let d = doc(text);
    let root = d.root();
    assert!(root.is_object());
    assert_eq!(root.as_object().unwrap().len(), 8);

    // Strings without escapes are lent from the input; escaped ones are decoded.
    let name = root.get("name").unwrap().as_str().unwrap();
    assert_eq!(name, "jet");
    assert!(text.as_bytes().as_ptr_range().contains(&name.as_ptr()), "lent, not copied");
    assert_eq!(root.get("esc").and_then(|n| n.as_str()), Some("a\nb"));

    let n = root.get("n").unwrap();
    let numbers: Vec<_> = n.as_array().unwrap().map(|x| (x.as_u64(), x.as_i64(), x.as_f64())).collect();
    assert_eq!(
        numbers,
        [
            (Some(1), Some(1), Some(1.0)),
            (None, Some(-2), Some(-2.0)),
            (None, None, Some(2.5)),
            (None, None, Some(1e300)),
            (Some(u64::MAX), None, Some(u64::MAX as f64)),
        ]
    );
    assert_eq!(n.get(4).and_then(|x| x.as_u64()), Some(u64::MAX));
    assert!(n.get(5).is_none());
    assert_eq!(n.as_array().unwrap().len(), 5);

    assert_eq!(root.get("t").and_then(|x| x.as_bool()), Some(true));
    assert_eq!(root.get("f").and_then(|x| x.as_bool()), Some(false));
    assert!(root.get("z").unwrap().is_null());
    assert_eq!(root.get("z").unwrap().as_null(), Some(()));
    assert!(root.get("missing").is_none());
    assert!(root.get(0).is_none(), "an object has no positions");
    assert!(n.get("a").is_none(), "an array has no names");
    assert!(root.get("name").unwrap().get("x").is_none(), "a string has neither");

    // `get` takes what `Value::get` takes.
    let key = String::from("o");
    assert!(root.get(&key).is_some());
    assert!(root.get(key).is_some());

    // Pointers, with the escapes of RFC 6901.
    let pointers = [
        ("", Some("{\"name\"")),
        ("/n/2", Some("2.5")),
        ("/o/x~1y/~0/1", Some("20")),
        ("/o/x~1y/~0/2", None),
        ("/n/01", None),
        ("/e", Some("{}")),
        ("/e/", None),
        ("no slash", None),
        ("/t/x", None),
    ];
    for (pointer, found) in pointers {
        let got = root.pointer(pointer).map(|node| node.to_string());
        match found {
            Some(prefix) => assert!(got.as_deref().unwrap_or("").starts_with(prefix), "{pointer}: {got:?}"),
            None => assert_eq!(got, None, "{pointer}"),
        }
    }

    // Kinds.
    let kinds: Vec<(bool, bool, bool, bool, bool, bool)> = root
        .as_object()
        .unwrap()
        .map(|(_, x)| {
            (x.is_null(), x.is_boolean(), x.is_number(), x.is_string(), x.is_array(), x.is_object())
        })
        .collect();
    assert_eq!(kinds.iter().filter(|k| k.5).count(), 2);
    assert_eq!(kinds.iter().filter(|k| k.4).count(), 1);
    assert_eq!(kinds.iter().filter(|k| k.3).count(), 2);
    assert_eq!(kinds.iter().filter(|k| k.1).count(), 2);
    assert_eq!(kinds.iter().filter(|k| k.0).count(), 1);
    assert!(!root.is_number() && root.as_str().is_none() && root.as_array().is_none());

    // Iterators know their length as they go, and walk past nested containers.
    let mut members = root.as_object().unwrap();
    assert_eq!(members.len(), 8);
    members.nth(6);
    assert_eq!(members.len(), 1);
    let (last, e) = members.next().unwrap();
    assert_eq!((last, e.to_string().as_str()), ("e", "{}"));
    assert!(members.next().is_none() && members.next().is_none());
    assert_eq!(format!("{:?}", doc("[1, \"a\"]").root().as_array().unwrap()), r#"[Node(1), Node("a")]"#);
    assert_eq!(format!("{:?}", doc(r#"{"a": null}"#)), r#"Document({"a":null})"#);
}

#[test]
fn options_change_what_is_kept() {
    // Duplicate names, when allowed: every member stays in the document, the last one is
    // found, and the `Value` keeps the last in the place of the first, as parsing one does.
    let text = r#"{"a": 1, "b": [2], "a": 3}"#;
    let relaxed = Options::default().allow_duplicate_names(true);
    let d = relaxed.document_from_str(text).unwrap();
    let root = d.root();
    assert_eq!(root.as_object().unwrap().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b", "a"]);
    assert_eq!(root.get("a").and_then(|x| x.as_u64()), Some(3));
    assert_eq!(root.pointer("/a").and_then(|x| x.as_u64()), Some(3));
    assert_eq!(d.to_value(), relaxed.from_str::<Value>(text).unwrap());
    assert_eq!(d.to_string(), r#"{"a":1,"b":[2],"a":3}"#, "written as read");
    assert!(jet::to_string(&d).is_err(), "jet's serializer rejects the duplicate");
    // The same with escaped names (decoded once, for the duplicate check and the document).
    let text = r#"{"\u0061": 1, "b": [2], "\u0061": 3, "\u00e9": {"\u00e9": 4}}"#;
    let d = relaxed.document_from_str(text).unwrap();
    let names: Vec<_> = d.root().as_object().unwrap().map(|(k, _)| k).collect();
    assert_eq!(names, ["a", "b", "a", "é"]);
    assert_eq!(d.root().pointer("/é/é").and_then(|x| x.as_u64()), Some(4));
    assert_eq!(d.to_value(), relaxed.from_str::<Value>(text).unwrap());

    // Numbers: lossless keeps every number's text; big integers can become floats.
    let text = "[1.10, 100000000000000000000000, -0]";
    let lossless = Options::default().lossless_numbers(true);
    let d = lossless.document_from_str(text).unwrap();
    let texts: Vec<_> =
        d.root().as_array().unwrap().map(|x| x.as_number().unwrap().as_text().map(str::to_owned)).collect();
    assert_eq!(texts, [Some("1.10".into()), Some("100000000000000000000000".into()), Some("-0".into())]);
    assert_eq!(d.to_string(), "[1.10,100000000000000000000000,-0]");
    assert_eq!(d.to_value(), lossless.from_str::<Value>(text).unwrap());

    let as_f64 = Options::default().big_integers_as_f64(true);
    let d = as_f64.document_from_str(text).unwrap();
    assert_eq!(d.root().get(1).and_then(|x| x.as_f64()), Some(1e23));
    assert!(d.root().get(1).unwrap().as_number().unwrap().as_text().is_none());
    assert_eq!(d.to_value(), as_f64.from_str::<Value>(text).unwrap());

    let d = doc(text);
    assert_eq!(d.root().get(1).unwrap().as_number().unwrap().as_text(), Some("100000000000000000000000"));
    assert_eq!(d.root().get(2).and_then(|x| x.as_f64()).map(f64::is_sign_negative), Some(true));

    // Invalid UTF-8 let through becomes U+FFFD, in a decoded string.
    let d = Options::default().allow_invalid_utf8(true).document_from_slice(b"[\"a\xffb\"]").unwrap();
    assert_eq!(d.root().get(0).and_then(|x| x.as_str()), Some("a\u{fffd}b"));
}

#[test]
fn corpus_documents_match_their_values() {
    for (name, bytes) in corpus() {
        let d = Document::from_slice(&bytes).unwrap();
        let v: Value = jet::from_slice(&bytes).unwrap();
        assert_eq!(d.to_value(), v, "{name}: to_value");
        assert_eq!(d.to_string(), v.to_string(), "{name}: Display");
        assert_eq!(jet::to_vec(&d).unwrap(), jet::to_vec(&v).unwrap(), "{name}: Serialize");
        // Every value the tree has, the document finds by the same pointer.
        for pointer in value_pointers(&v).iter().step_by(37) {
            let node = d.root().pointer(pointer).unwrap_or_else(|| panic!("{name}: {pointer}"));
            let want = v.pointer(pointer).unwrap();
            assert_eq!(&node.to_value(), want, "{name}: {pointer}");
            let (got, want) = (
                (node.as_u64(), node.as_i64(), node.as_f64(), node.as_str(), node.as_bool(), node.is_null()),
                (want.as_u64(), want.as_i64(), want.as_f64(), want.as_str(), want.as_bool(), want.is_null()),
            );
            assert_eq!(got, want, "{name}: {pointer}: the as_ methods");
        }
        let text = std::str::from_utf8(&bytes).unwrap();
        assert_eq!(Document::from_str(text).unwrap().to_value(), v, "{name}: from_str");
    }
}

#[test]
fn any_depth_without_recursion() {
    // A million levels: parsing, reading, writing and converting never recurse.
    let depth = 1_000_000;
    let text = "[".repeat(depth) + "{\"a\":\"x\\ty\"}" + &"]".repeat(depth);
    let opts = Options::default().max_depth(depth + 1);
    let d = opts.document_from_str(&text).unwrap();
    assert!(d.to_string() == text, "written back as it was read");
    let mut node = d.root();
    while let Some(inner) = node.get(0) {
        node = inner;
    }
    assert_eq!(node.get("a").and_then(|x| x.as_str()), Some("x\ty"));
    let v = d.to_value();
    assert!(v.is_array());
    drop(v);
    // serde's path recurses, so it stops at the recursion limit with an error.
    let err = jet::to_vec(&d).unwrap_err();
    assert!(err.to_string().contains("nested deeper"), "{err}");
    assert!(opts.document_from_str(&text[1..]).is_err(), "unbalanced");
}

#[test]
fn through_other_serializers() {
    let d = doc(r#"{"a": [1, 2.5, "s", null, true], "b": {"c": -3}}"#);
    let value: Value = jet::to_value(&d).unwrap();
    assert_eq!(value, json!({"a": [1, 2.5, "s", null, true], "b": {"c": -3}}));
    let node_value: Value = jet::to_value(d.root().get("b").unwrap()).unwrap();
    assert_eq!(node_value, json!({"c": -3}));
}
