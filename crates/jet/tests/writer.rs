//! The writer: formatting, escaping, grammar checks, raw values, and round trips of the corpus.

mod common;

use common::corpus;
use jet::text::{Number, RawValue, Reader, Token, Writer};
use jet::Options;

fn write(tokens: &[Token<'_>], opts: &Options) -> Result<String, String> {
    let mut w = Writer::new(Vec::new()).with_options(opts);
    for t in tokens {
        w.write_token(t.clone()).map_err(|e| e.to_string())?;
    }
    w.finish().map(|out| String::from_utf8(out).unwrap()).map_err(|e| e.to_string())
}

fn doc() -> Vec<Token<'static>> {
    vec![
        Token::BeginObject,
        "a".into(),
        Token::BeginArray,
        1u8.into(),
        Token::Number(Number::parse("2.50").unwrap()),
        Token::BeginObject,
        Token::EndObject,
        Token::BeginArray,
        Token::EndArray,
        Token::EndArray,
        "b<&>".into(),
        "line\n\"quoted\" é".into(),
        "c".into(),
        Token::Null,
        Token::EndObject,
    ]
}

#[test]
fn formats() {
    let cases: &[(&str, Options, &str)] = &[
        ("compact", Options::default(), r#"{"a":[1,2.50,{},[]],"b<&>":"line\n\"quoted\" é","c":null}"#),
        (
            "space after colon",
            Options::default().space_after_colon(true),
            r#"{"a": [1,2.50,{},[]],"b<&>": "line\n\"quoted\" é","c": null}"#,
        ),
        (
            "escape html",
            Options::default().escape_html(true),
            r#"{"a":[1,2.50,{},[]],"b\u003c\u0026\u003e":"line\n\"quoted\" é","c":null}"#,
        ),
        (
            "pretty",
            Options::default().pretty(),
            "{\n  \"a\": [\n    1,\n    2.50,\n    {},\n    []\n  ],\n  \"b<&>\": \"line\\n\\\"quoted\\\" é\",\n  \"c\": null\n}",
        ),
        (
            "tab indent with prefix",
            Options::default().indent("\t").prefix("  "),
            "{\n  \t\"a\": [\n  \t\t1,\n  \t\t2.50,\n  \t\t{},\n  \t\t[]\n  \t],\n  \t\"b<&>\": \"line\\n\\\"quoted\\\" é\",\n  \t\"c\": null\n  }",
        ),
    ];
    for (name, opts, want) in cases {
        assert_eq!(write(&doc(), opts).as_deref(), Ok(*want), "{name}");
    }
}

#[test]
fn scalars_at_top_level() {
    let cases: &[(&str, Token<'static>, &str)] = &[
        ("null", Token::Null, "null"),
        ("true", Token::Bool(true), "true"),
        ("i64 min", i64::MIN.into(), "-9223372036854775808"),
        ("u64 max", u64::MAX.into(), "18446744073709551615"),
        ("float", 0.1f64.into(), "0.1"),
        ("integral float", 100.0f64.into(), "100"),
        ("big float", 1e21f64.into(), "1e+21"),
        ("f32", 0.1f32.into(), "0.10000000149011612"),
        // DEL (U+007F) and U+2028 need no escape.
        ("controls", "\u{0}\u{1f}\u{7f}\u{2028}".into(), "\"\\u0000\\u001f\u{7f}\u{2028}\""),
    ];
    for (name, token, want) in cases {
        assert_eq!(write(std::slice::from_ref(token), &Options::default()).as_deref(), Ok(*want), "{name}");
    }
}

#[test]
fn grammar_errors() {
    let cases: &[(&str, Vec<Token<'static>>, &str)] = &[
        (
            "name not a string",
            vec![Token::BeginObject, 1u8.into()],
            "object name must be a string, not a number",
        ),
        ("second value", vec![Token::Null, Token::Null], "a second top-level value (use stream mode)"),
        ("end at top", vec![Token::EndArray], "an end token at the top level"),
        ("mismatched end", vec![Token::BeginArray, Token::EndObject], "'}' cannot close an array"),
        (
            "value missing",
            vec![Token::BeginObject, "a".into(), Token::EndObject],
            "an object name without a value at /a",
        ),
        (
            "duplicate",
            vec![Token::BeginObject, "a".into(), Token::Null, "a".into()],
            "duplicate object name \"a\"",
        ),
        (
            "nan",
            vec![Token::BeginArray, f64::NAN.into()],
            "NaN and infinity cannot be written as JSON numbers at /0",
        ),
        ("infinity", vec![f64::INFINITY.into()], "NaN and infinity cannot be written as JSON numbers"),
        ("incomplete", vec![Token::BeginArray, Token::Null], "the JSON value is incomplete at /0"),
        ("nothing", vec![], "the JSON value is incomplete"),
    ];
    for (name, tokens, want) in cases {
        assert_eq!(write(tokens, &Options::default()), Err(want.to_string()), "{name}");
    }
    let deep = vec![Token::BeginArray; 4];
    assert_eq!(
        write(&deep, &Options::default().max_depth(3)).unwrap_err(),
        "nesting deeper than the limit of 3 at /0/0"
    );
    let dup = vec![Token::BeginObject, "a".into(), Token::Null, "a".into(), Token::Null, Token::EndObject];
    assert_eq!(
        write(&dup, &Options::default().allow_duplicate_names(true)).unwrap(),
        r#"{"a":null,"a":null}"#
    );
}

#[test]
fn a_failed_write_leaves_the_writer_usable() {
    let mut w = Writer::new(Vec::new());
    w.write_token(Token::BeginArray).unwrap();
    assert!(w.write_token(f64::NAN.into()).is_err());
    assert!(w.write_token(Token::EndObject).is_err());
    assert!(w.write_raw_value(RawValue::from_bytes(b"[1,]")).is_err());
    w.write_token(1u8.into()).unwrap();
    w.write_raw_value(RawValue::from_bytes(b" { \"k\" : [ 1.0 , \"\\u0041\" ] } ")).unwrap();
    w.write_token(Token::EndArray).unwrap();
    assert_eq!(w.finish().unwrap(), br#"[1,{"k":[1.0,"\u0041"]}]"#);
}

#[test]
fn raw_values_follow_the_writer_format() {
    let opts = Options::default().pretty();
    let mut w = Writer::new(Vec::new()).with_options(&opts);
    w.write_token(Token::BeginObject).unwrap();
    w.write_raw_value(RawValue::from_bytes(b"\"name\"")).unwrap();
    w.write_raw_value(RawValue::from_bytes(b"{\"x\":[1,2]}")).unwrap();
    assert!(w
        .write_raw_value(RawValue::from_bytes(b"1"))
        .unwrap_err()
        .to_string()
        .contains("object name must be a string"));
    assert!(w
        .write_raw_value(RawValue::from_bytes(b"\"name\""))
        .unwrap_err()
        .to_string()
        .contains("duplicate object name"));
    w.write_token(Token::EndObject).unwrap();
    let out = String::from_utf8(w.finish().unwrap()).unwrap();
    assert_eq!(out, "{\n  \"name\": {\n    \"x\": [\n      1,\n      2\n    ]\n  }\n}");
}

#[test]
fn stream_mode_writes_one_value_per_line() {
    let mut w = Writer::new(Vec::new()).stream(true);
    for t in [Token::BeginObject, "a".into(), 1u8.into(), Token::EndObject, Token::Null, "s".into()] {
        w.write_token(t).unwrap();
    }
    assert_eq!(w.finish().unwrap(), b"{\"a\":1}\nnull\n\"s\"\n");
}

#[test]
fn io_errors_are_reported() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut w = Writer::new(Full);
    w.write_token(Token::Null).unwrap();
    let err = w.finish().err().expect("writing to a full disk fails");
    assert!(err.is_io());
    assert_eq!(err.io_error().unwrap().kind(), std::io::ErrorKind::StorageFull);
}

/// Tokens of a document, owned.
fn tokens(bytes: &[u8]) -> Vec<Token<'static>> {
    let mut reader = Reader::from_slice(bytes);
    let mut out = Vec::new();
    while let Some(t) = reader.next_token().unwrap() {
        out.push(t.into_owned());
    }
    out
}

#[test]
fn corpus_round_trips() {
    for (name, bytes) in corpus() {
        let want = tokens(&bytes);
        // Tokens through the writer, compact and pretty.
        for opts in [Options::default(), Options::default().pretty()] {
            let mut w = Writer::new(Vec::new()).with_options(&opts);
            for t in &want {
                w.write_token(t.clone()).unwrap();
            }
            let out = w.finish().unwrap();
            assert!(tokens(&out) == want, "{name}: writer output reads back the same");
        }
        // Raw formatting keeps every token and is stable.
        let raw = RawValue::from_bytes(&bytes);
        let compact = raw.compact().unwrap();
        assert!(tokens(&compact) == want, "{name}: compact");
        assert!(!compact.contains(&b'\n'), "{name}: compact has no newlines");
        let pretty = RawValue::from_bytes(&compact).indent("", "  ").unwrap();
        assert_eq!(RawValue::from_bytes(&pretty).compact().unwrap(), compact, "{name}: indent then compact");
        // Copying from an io::Read through a small window gives what formatting the slice gives.
        for opts in [Options::default(), Options::default().indent("\t").escape_html(true)] {
            let mut reader = Reader::with_capacity(&bytes[..], 4096);
            let mut w = Writer::new(Vec::new()).with_options(&opts);
            w.copy_value(&mut reader).unwrap();
            reader.finish().unwrap();
            assert!(w.finish().unwrap() == raw.format(&opts).unwrap(), "{name}: copy_value");
        }
        // Sorting members changes no value.
        let sorted = raw.sort_keys(&Options::default()).unwrap();
        assert_eq!(
            jet::from_slice::<jet::Value>(&sorted).unwrap(),
            jet::from_slice::<jet::Value>(&bytes).unwrap(),
            "{name}: sort_keys"
        );
        assert_eq!(RawValue::from_bytes(&sorted).sort_keys(&Options::default()).unwrap(), sorted, "{name}");
        let canon = raw.canonicalize().unwrap();
        assert_eq!(
            RawValue::from_bytes(&canon).canonicalize().unwrap(),
            canon,
            "{name}: canonical is a fixed point"
        );
    }
}

#[test]
fn sort_keys_cases() {
    let dups = Options::default().allow_duplicate_names(true);
    let cases: &[(&str, &str, &Options, Result<&str, &str>)] = &[
        ("scalar", " 1.50 ", &Options::default(), Ok("1.50")),
        (
            "nested",
            r#"{"b": {"y": 1, "x": [{"d": 0, "c": 0}]}, "a": null}"#,
            &Options::default(),
            Ok(r#"{"a":null,"b":{"x":[{"c":0,"d":0}],"y":1}}"#),
        ),
        // Containers followed by siblings at every level, arrays of them among them: each
        // value stays with its name, each element in its place.
        (
            "containers among siblings",
            r#"[[{"b": 1, "a": [2, {"d": 4, "c": 3}]}, []], {"z": {}, "y": [[], {"x": [0]}]}, 5]"#,
            &Options::default(),
            Ok(r#"[[{"a":[2,{"c":3,"d":4}],"b":1},[]],{"y":[[],{"x":[0]}],"z":{}},5]"#),
        ),
        (
            "tokens keep their text",
            r#"{"s": "\u0041\n", "n": -0.0E+1}"#,
            &Options::default(),
            Ok(r#"{"n":-0.0E+1,"s":"\u0041\n"}"#),
        ),
        // Names that share their first eight bytes, that end in a NUL, that are a prefix of
        // another, and the empty name: byte order past the eight bytes a sort key holds.
        (
            "names alike in their first bytes",
            r#"{"abcdefghZ": 1, "abcdefgh": 2, "abcdefghA": 3, "a\u0000": 4, "a": 5, "": 6, "abcdefgh\u0000": 7, "\u00e9": 8, "z": 9}"#,
            &Options::default(),
            Ok(
                r#"{"":6,"a":5,"a\u0000":4,"abcdefgh":2,"abcdefgh\u0000":7,"abcdefghA":3,"abcdefghZ":1,"z":9,"\u00e9":8}"#,
            ),
        ),
        // Names compare unescaped: "\u0062" is "b".
        (
            "escaped names",
            r#"{"c": 3, "\u0062": 2, "a": 1}"#,
            &Options::default(),
            Ok(r#"{"a":1,"\u0062":2,"c":3}"#),
        ),
        // Code point order, not UTF-16 order (RFC 8785 would put U+1F600 first).
        (
            "code points",
            "{\"\u{1F600}\": 1, \"\u{FF61}\": 2, \"\": 0}",
            &Options::default(),
            Ok("{\"\":0,\"\u{FF61}\":2,\"\u{1F600}\":1}"),
        ),
        (
            "prefixes first",
            r#"{"ab": 2, "a": 1, "b": 3}"#,
            &Options::default(),
            Ok(r#"{"a":1,"ab":2,"b":3}"#),
        ),
        (
            "duplicates keep their order",
            r#"{"b": 1, "a": 2, "b": 0, "a": 1}"#,
            &dups,
            Ok(r#"{"a":2,"a":1,"b":1,"b":0}"#),
        ),
        (
            "duplicates rejected",
            r#"{"b": 1, "a": 2, "b": 0}"#,
            &Options::default(),
            Err("duplicate object name \"b\""),
        ),
        ("invalid", r#"{"a": [1, 2,]}"#, &Options::default(), Err("trailing comma")),
        ("trailing data", "{} x", &Options::default(), Err("trailing data after the value")),
    ];
    for (name, input, opts, want) in cases {
        let got = RawValue::from_bytes(input.as_bytes()).sort_keys(opts);
        match (got, want) {
            (Ok(got), Ok(want)) => assert_eq!(String::from_utf8(got).unwrap(), *want, "{name}"),
            (Err(e), Err(want)) => assert!(e.to_string().contains(want), "{name}: {e}"),
            (got, want) => panic!("{name}: got {got:?}, want {want:?}"),
        }
    }
}

#[test]
fn sort_keys_and_copy_value_need_no_stack() {
    let depth = 200_000;
    let doc = format!("{}1{}", r#"{"b":0,"a":"#.repeat(depth), "}".repeat(depth));
    let opts = Options::default().max_depth(depth + 1);
    let sorted = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || {
            let sorted = RawValue::from_bytes(doc.as_bytes()).sort_keys(&opts).unwrap();
            let mut reader = Reader::from_reader(&sorted[..]).with_options(&opts);
            // Compact: indented, the output would grow with the square of the depth.
            let mut w = Writer::new(Vec::new()).with_options(&opts.clone().escape_html(true));
            w.copy_value(&mut reader).unwrap();
            (sorted, w.finish().unwrap().len())
        })
        .unwrap()
        .join()
        .unwrap();
    let innermost = br#"{"a":{"a":1,"b":0},"b":0}"#;
    assert!(
        sorted.0.starts_with(br#"{"a":{"a":"#) && sorted.0.windows(innermost.len()).any(|w| w == innermost)
    );
    assert_eq!(sorted.1, sorted.0.len());
}

/// A document nested `depth` levels deep, arrays and objects in turn, each with a sibling after
/// the nested value (so that lines close at every level): `[{"k": [... 1 ...], "z": []}, 2]`.
fn nested(depth: usize) -> jet::Value {
    let mut v = jet::json!(1);
    for level in (0..depth).rev() {
        v = match level % 2 {
            0 => jet::json!([v, 2]),
            _ => jet::json!({"k": v, "z": []}),
        };
    }
    v
}

/// `v` indented the plain way: each line after the first is a newline, `prefix` and `indent`
/// once per level.
fn indented_reference(v: &jet::Value, indent: &str, prefix: &str) -> String {
    fn line(out: &mut String, indent: &str, prefix: &str, depth: usize) {
        out.push('\n');
        out.push_str(prefix);
        for _ in 0..depth {
            out.push_str(indent);
        }
    }
    fn go(out: &mut String, v: &jet::Value, indent: &str, prefix: &str, depth: usize) {
        match v {
            jet::Value::Array(a) if !a.is_empty() => {
                out.push('[');
                for (i, e) in a.iter().enumerate() {
                    out.push_str(if i > 0 { "," } else { "" });
                    line(out, indent, prefix, depth + 1);
                    go(out, e, indent, prefix, depth + 1);
                }
                line(out, indent, prefix, depth);
                out.push(']');
            }
            jet::Value::Object(m) if !m.is_empty() => {
                out.push('{');
                for (i, (k, e)) in m.iter().enumerate() {
                    out.push_str(if i > 0 { "," } else { "" });
                    line(out, indent, prefix, depth + 1);
                    out.push_str(&format!("{k:?}: "));
                    go(out, e, indent, prefix, depth + 1);
                }
                line(out, indent, prefix, depth);
                out.push('}');
            }
            _ => out.push_str(&v.to_string()),
        }
    }
    let mut out = String::new();
    go(&mut out, v, indent, prefix, 0);
    out
}

/// Every writer that indents (the token writer, raw values, the serializer, `Value` and
/// `Document` display) starts each line the same as the plain way, at every depth: lines short
/// enough for one fixed-size copy, longer ones, and ones deeper than the levels written out
/// ahead, with indents and prefixes empty, short and long.
#[test]
fn indented_lines_at_every_depth() {
    let layouts: &[(&str, &str, &str)] = &[
        ("two spaces", "  ", ""),
        ("tab", "\t", ""),
        ("no indent", "", ""),
        ("tab with prefix", "\t", "  "),
        ("long indent", &" ".repeat(40), ""),
        ("indent longer than the levels written out", &" ".repeat(200), ""),
        ("long prefix", "   ", &"\t".repeat(50)),
    ];
    for &(name, indent, prefix) in layouts {
        let opts = Options::default().indent(indent).prefix(prefix).max_recursion(200);
        for depth in (0..=40).chain([63, 64, 65, 66, 127, 128, 129, 150]) {
            let v = nested(depth);
            let want = indented_reference(&v, indent, prefix);
            let compact = jet::to_vec(&v).unwrap();
            let at = format!("{name}, depth {depth}");
            assert_eq!(String::from_utf8(opts.to_vec(&v).unwrap()).unwrap(), want, "serializer: {at}");
            let raw = RawValue::from_bytes(&compact).indent(prefix, indent).unwrap();
            assert_eq!(String::from_utf8(raw).unwrap(), want, "raw value: {at}");
            let mut reader = Reader::from_slice(&compact);
            let mut tokens = Vec::new();
            while let Some(t) = reader.next_token().unwrap() {
                tokens.push(t.into_owned());
            }
            assert_eq!(write(&tokens, &opts).unwrap(), want, "token writer: {at}");
            if (indent, prefix) == ("  ", "") {
                assert_eq!(format!("{v:#}"), want, "Value display: {at}");
                let doc = jet::Document::from_slice(&compact).unwrap();
                assert_eq!(format!("{doc:#}"), want, "Document display: {at}");
            }
        }
    }
}

/// Copies one value with `copy_value` from `doc` into `sink`, after the reader has read `skip`
/// tokens and the writer has written `before`; the reader allows duplicate names when `lax`. A
/// writer copies what a strict reader gives from a container it opens without checks of its
/// own (the reader's make them redundant), and a lax reader's with them: both ways must write
/// the same bytes and fail at the same place.
fn copy_from<W: std::io::Write>(
    doc: &[u8],
    opts: &Options,
    lax: bool,
    skip: usize,
    before: &[Token<'_>],
    sink: W,
) -> Result<Writer<W>, jet::Error> {
    copy_with(Reader::from_slice(doc), opts, lax, skip, before, sink)
}

/// [`copy_from`] with `reader`.
fn copy_with<I: jet::text::Input, W: std::io::Write>(
    reader: Reader<I>,
    opts: &Options,
    lax: bool,
    skip: usize,
    before: &[Token<'_>],
    sink: W,
) -> Result<Writer<W>, jet::Error> {
    let read = Options::default().allow_invalid_utf8(true).allow_duplicate_names(lax);
    let mut reader = reader.with_options(&read);
    for _ in 0..skip {
        reader.next_token()?;
    }
    let mut w = Writer::new(sink).with_options(opts).stream(true);
    for t in before {
        w.write_token(t.clone())?;
    }
    w.copy_value(&mut reader)?;
    w.flush()?;
    Ok(w)
}

/// Documents whose containers take every path of the copy: empty ones at every level, names
/// with escapes and HTML's characters, invalid UTF-8 and a lone surrogate (read with
/// `allow_invalid_utf8`), every kind of scalar, and deep nesting.
const COPY_DOCS: &[(&str, &[u8])] = &[
    ("empty object", b"{}"),
    ("empty array", b"[ ]"),
    ("scalar", b"12.50"),
    ("empties nested", b"[[],{},[[]],{\"a\":{}},{\"b\":[]},[{}]]"),
    (
        "members of every kind",
        b"{\"n\":null,\"t\":true,\"f\":false,\"i\":-1,\"x\":1.5e300,\"s\":\"str\",\"o\":{\"a\":[1,2]},\"a\":[{\"b\":{}}]}",
    ),
    ("escaped names", br#"{"a\"b":1,"\u00e9":{"\n":[],"\ud83d\ude00":"\u0041"},"a/b~c":2}"#),
    ("html", br#"{"<a&b>":"</script>","x":["<",">","&"]}"#),
    ("invalid utf-8", b"{\"a\xff\":[\"\xfe\",\"\\ud800\"],\"b\":{\"\xc3\":1}}"),
    ("whitespace between", b" { \"a\" : [ 1 , { } , [ 2 ] ] , \"b\" : { \"c\" : null } } "),
];

#[test]
fn copy_value_with_and_without_the_writer_checks_agree() {
    let deep = format!("{}2{}", r#"{"k":[1,"#.repeat(60), "]}".repeat(60));
    let mut docs: Vec<(String, Vec<u8>)> =
        COPY_DOCS.iter().map(|&(n, d)| (n.to_owned(), d.to_vec())).collect();
    docs.push(("deep".to_owned(), deep.into_bytes()));
    let layouts = layouts();
    let befores: [&[Token<'_>]; 3] =
        [&[], &[Token::BeginArray, Token::Null], &[Token::BeginObject, Token::String("k".into())]];
    for (name, doc) in &docs {
        let count = {
            let mut reader =
                Reader::from_slice(doc).with_options(&Options::default().allow_invalid_utf8(true));
            std::iter::from_fn(|| reader.next_token().unwrap().map(|_| ())).count()
        };
        for (layout, opts) in &layouts {
            for before in befores {
                // From every token of the document: containers, names, scalars and ends.
                for skip in 0..count {
                    let at = format!("{name}, {layout}, {} tokens written before, {skip} read", before.len());
                    let copy = |lax| {
                        copy_from(doc, opts, lax, skip, before, Vec::new()).map(|w| w.get_ref().clone())
                    };
                    let (trusted, checked) = (copy(false), copy(true));
                    match (&trusted, &checked) {
                        (Ok(a), Ok(b)) => assert!(
                            a == b,
                            "{at}: {:?} against {:?}",
                            String::from_utf8_lossy(a),
                            String::from_utf8_lossy(b)
                        ),
                        (Err(a), Err(b)) => {
                            assert_eq!((a.to_string(), a.pointer()), (b.to_string(), b.pointer()), "{at}")
                        }
                        _ => panic!("{at}: {trusted:?} against {checked:?}"),
                    }
                }
            }
        }
    }
    // The corpus, whole, also through `io::Read` windows whose ends cut tokens everywhere.
    for (name, bytes) in corpus() {
        for (layout, opts) in &layouts {
            let copy = |lax| copy_from(&bytes, opts, lax, 0, &[], Vec::new()).unwrap().get_ref().clone();
            let checked = copy(true);
            assert!(copy(false) == checked, "{name}, {layout}");
            for window in [64, 100, 4096] {
                let reader = Reader::with_capacity(&bytes[..], window);
                let trusted = copy_with(reader, opts, false, 0, &[], Vec::new()).unwrap().get_ref().clone();
                assert!(trusted == checked, "{name}, {layout}, through a window of {window} bytes");
            }
        }
    }
}

/// The layouts that the copy and the sorted tree are checked in.
fn layouts() -> [(&'static str, Options); 5] {
    [
        ("compact", Options::default()),
        ("pretty", Options::default().pretty()),
        ("tab with prefix", Options::default().indent("\t").prefix(" \t")),
        ("space after colon", Options::default().space_after_colon(true)),
        ("escape html", Options::default().escape_html(true).pretty()),
    ]
}

#[test]
fn sort_keys_writes_the_layout_that_format_writes() {
    let mut docs: Vec<(String, Vec<u8>)> =
        COPY_DOCS.iter().map(|&(n, d)| (n.to_owned(), d.to_vec())).collect();
    docs.extend(corpus().into_iter().map(|(n, d)| (n.to_owned(), d)));
    for (name, doc) in &docs {
        for (layout, opts) in layouts() {
            let opts = opts.allow_invalid_utf8(true);
            let raw = RawValue::from_bytes(doc);
            let compact = raw.sort_keys(&Options::default().allow_invalid_utf8(true)).unwrap();
            let want = RawValue::from_bytes(&compact).format(&opts).unwrap();
            let got = raw.sort_keys(&opts).unwrap();
            assert!(got == want, "{name}, {layout}: {:?}", String::from_utf8_lossy(&got));
        }
    }
}

#[test]
fn copy_value_checks_what_its_reader_does_not() {
    // A writer's depth limit below its reader's, and duplicate names that the reader allows.
    let deep = br#"[[[[1]]]]"#;
    let opts = Options::default().max_depth(3);
    let Err(err) = copy_from(deep, &opts, false, 0, &[], Vec::new()) else {
        panic!("too deep for the writer")
    };
    assert!(err.is_limit() && err.pointer() == "/0/0", "{err} at {}", err.pointer());
    let Err(err) = copy_from(deep, &opts, false, 1, &[Token::BeginArray], Vec::new()) else {
        panic!("too deep")
    };
    assert!(err.is_limit(), "{err}");
    let dup = br#"{"a":{"b":1,"c":2,"b":3}}"#;
    let Err(err) = copy_from(dup, &Options::default(), true, 0, &[], Vec::new()) else {
        panic!("a duplicate name")
    };
    assert!(err.to_string().contains("duplicate"), "{err}");
    assert_eq!(err.pointer(), "/a", "the object that holds the name");
    let lax = Options::default().allow_duplicate_names(true);
    let copied = copy_from(dup, &lax, true, 0, &[], Vec::new()).unwrap();
    assert_eq!(copied.get_ref(), &[&dup[..], b"\n"].concat());
}

/// A sink that takes `room` bytes, then fails.
struct Fails {
    room: usize,
}

impl std::io::Write for Fails {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.room == 0 {
            return Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "disk full"));
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn copy_value_reports_io_errors_where_the_checked_copy_does() {
    // More than the writer buffers (64 KiB) before it hands output over, so that the sink fails
    // in the middle of the copy, after a token that a padding of 0 to 79 bytes moves along.
    let unit = r#"{"name":"x","kids":[{"n":[1,{"a":"b"},[]],"e":{}},[[2]]],"o":{"p":{"q":null}}},"#;
    for pad in 0..80 {
        let doc = format!(r#"[["{}",{}{{}}]]"#, "p".repeat(pad), unit.repeat(1500));
        for (layout, opts) in [("compact", Options::default()), ("pretty", Options::default().pretty())] {
            for room in [0, 70_000] {
                let fail = |lax| {
                    copy_from(doc.as_bytes(), &opts, lax, 0, &[], Fails { room })
                        .err()
                        .expect("the sink fails")
                };
                let (trusted, checked) = (fail(false), fail(true));
                let at = format!("pad {pad}, {layout}, room {room}");
                assert!(trusted.is_io(), "{at}: {trusted}");
                assert_eq!(
                    (trusted.pointer(), trusted.offset()),
                    (checked.pointer(), checked.offset()),
                    "{at}"
                );
            }
        }
    }
}
