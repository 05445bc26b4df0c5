//! The reader on real documents: slice, `str` and `io::Read` agree token for token on every
//! corpus file; stream mode; depth limits; raw values; pointers along the way.

mod common;

use common::{corpus, Chunked, Rng};
use jet::text::{Kind, Reader, Token};
use jet::Options;

/// Every token with the reader's offset, depth and pointer after it.
fn trace<I: jet::text::Input>(mut reader: Reader<I>) -> Vec<(Token<'static>, u64, usize, String)> {
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        let token = token.into_owned();
        out.push((token, reader.offset(), reader.depth(), reader.pointer()));
    }
    reader.finish().unwrap();
    out
}

#[test]
fn io_read_in_random_chunks_matches_the_slice_reader() {
    for (name, bytes) in corpus() {
        let want = trace(Reader::from_slice(&bytes));
        assert!(want.len() > 10, "{name}");
        let text = std::str::from_utf8(&bytes).unwrap();
        assert!(trace(Reader::from_str(text)) == want, "{name}: str differs from slice");
        for seed in 0..2 {
            let chunks = Chunked { bytes: &bytes, rng: Rng(seed), min: 1, max: 64 };
            // A small buffer makes refills land inside tokens often.
            let got = trace(Reader::with_capacity(chunks, 64));
            assert_eq!(got.len(), want.len(), "{name} seed {seed}");
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert!(g == w, "{name} seed {seed}: token {i}: {g:?} vs {w:?}");
            }
        }
    }
}

/// The tokens of a document, without offsets (which whitespace moves).
fn tokens<I: jet::text::Input>(mut reader: Reader<I>) -> Vec<Token<'static>> {
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        out.push(token.into_owned());
    }
    reader.finish().unwrap();
    out
}

/// Whitespace runs of every length up to a few blocks (the reader classifies whitespace a
/// block at a time and keeps the block for the next runs) between every two tokens, and before
/// and after the document: the tokens are those of the document without it, from a slice and
/// from an `io::Read` whose small buffer moves under the runs.
#[test]
fn whitespace_runs_of_every_length_between_tokens() {
    let compact: &[u8] = br#"{"a":[1,-2.5e3,true,false,null,"s\n\u00e9"],"b":{"c":{},"d":[]},"e":"x"}"#;
    let want = tokens(Reader::from_slice(compact));
    let cases: &[(&str, &[u8], usize)] = &[
        ("spaces", b" ", 1),
        ("newlines", b"\n", 1),
        ("indentation", b"\n    ", 5),
        ("every kind", b" \t\r\n", 4),
    ];
    let mut rng = Rng(11);
    for &(name, unit, unit_len) in cases {
        for round in 0..40 {
            // Runs from none to about three blocks, the same length between every token in
            // some rounds and random lengths in others.
            let fixed = round * 5;
            let run = |rng: &mut Rng| {
                let len = if round % 2 == 0 { fixed } else { (rng.next_u64() % 200) as usize };
                unit.iter().copied().cycle().take(len.div_ceil(unit_len) * unit_len).collect::<Vec<u8>>()
            };
            let mut doc = run(&mut rng);
            for (i, &b) in compact.iter().enumerate() {
                doc.push(b);
                // Between tokens: after punctuation, and before it (not inside strings or
                // numbers: the compact text's punctuation outside strings is `{}[],:`).
                let next = compact.get(i + 1).copied();
                let outside = b"{}[],:".contains(&b) || next.is_some_and(|n| b"{}[],:".contains(&n));
                if outside && !in_string(compact, i) {
                    doc.extend(run(&mut rng));
                }
            }
            doc.extend(run(&mut rng));
            let what = format!("{name}, round {round}");
            assert_eq!(tokens(Reader::from_slice(&doc)), want, "{what}: slice");
            let chunks = Chunked { bytes: &doc, rng: Rng(round as u64), min: 1, max: 80 };
            assert_eq!(tokens(Reader::with_capacity(chunks, 64)), want, "{what}: io::Read");
            let value: jet::Value = jet::from_slice(&doc).unwrap();
            assert_eq!(value, jet::from_slice::<jet::Value>(compact).unwrap(), "{what}: Value");
        }
    }
}

/// Whether `text[i]` is inside a string (its quotes included), for the compact documents above.
fn in_string(text: &[u8], i: usize) -> bool {
    let (mut inside, mut escaped) = (false, false);
    for &b in &text[..i] {
        if inside {
            (inside, escaped) = (escaped || b != b'"', !escaped && b == b'\\');
        } else {
            inside = b == b'"';
        }
    }
    inside || text[i] == b'"'
}

/// The top-level members of an object document, each read whole as a raw value.
fn members<I: jet::text::Input>(mut reader: Reader<I>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    assert_eq!(reader.next_token().unwrap().map(|t| t.kind()), Some(Kind::BeginObject));
    while reader.peek_kind().unwrap() == Some(Kind::String) {
        reader.next_token().unwrap();
        out.push(reader.read_value().unwrap().as_bytes().to_vec());
    }
    out
}

#[test]
fn read_value_through_io_matches_slice() {
    for (name, bytes) in corpus() {
        if bytes.first() != Some(&b'{') {
            continue;
        }
        let want = members(Reader::from_slice(&bytes));
        let chunks = Chunked { bytes: &bytes, rng: Rng(9), min: 1, max: 64 };
        assert!(members(Reader::with_capacity(chunks, 64)) == want, "{name}");
        for value in &want {
            assert!(jet::text::RawValue::from_bytes(value).is_valid(), "{name}");
        }
    }
}

#[test]
fn tokens_of_a_small_document() {
    let input = r#" {"a": [1, -2.5e3, "x\ny", true, false, null], "b": {}, "\u00e9": ""} "#;
    let mut reader = Reader::from_str(input);
    let mut got = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        got.push((token.into_owned(), reader.pointer()));
    }
    let n = |s: &str| Token::Number(jet::text::Number::parse(s).unwrap().into_owned());
    let want: Vec<(Token, &str)> = vec![
        (Token::BeginObject, ""),
        ("a".into(), "/a"),
        (Token::BeginArray, "/a"),
        (n("1"), "/a/0"),
        (n("-2.5e3"), "/a/1"),
        ("x\ny".into(), "/a/2"),
        (Token::Bool(true), "/a/3"),
        (Token::Bool(false), "/a/4"),
        (Token::Null, "/a/5"),
        (Token::EndArray, "/a"),
        ("b".into(), "/b"),
        (Token::BeginObject, "/b"),
        (Token::EndObject, "/b"),
        ("é".into(), "/é"),
        ("".into(), "/é"),
        (Token::EndObject, ""),
    ];
    let want: Vec<(Token, String)> = want.into_iter().map(|(t, p)| (t, p.to_owned())).collect();
    assert_eq!(got, want);
}

#[test]
fn strings_borrow_the_input_when_unescaped() {
    let input = br#"["plain", "esc\"aped"]"#;
    let mut reader = Reader::from_slice(input);
    reader.next_token().unwrap();
    let Some(Token::String(s)) = reader.next_token().unwrap() else { panic!() };
    let range = input.as_ptr_range();
    assert!(range.contains(&s.as_ptr()), "unescaped string points into the input");
    let Some(Token::String(s)) = reader.next_token().unwrap() else { panic!() };
    assert_eq!(s, "esc\"aped");
    assert!(!range.contains(&s.as_ptr()), "escaped string is decoded elsewhere");
}

#[test]
fn stream_mode() {
    let cases: &[(&str, &str, Result<usize, &str>)] = &[
        ("empty", "", Ok(0)),
        ("whitespace", " \n\t ", Ok(0)),
        ("ndjson", "{\"a\":1}\n[2]\n\"s\"\n3\nnull\n", Ok(5)),
        ("no final newline", "1\n2", Ok(2)),
        ("concatenated containers", "{}[]\"a\"{}", Ok(4)),
        ("space separated scalars", "1 2 true null", Ok(4)),
        (
            "touching literals",
            "true false nulltrue",
            Err("expected whitespace between top-level values, found 't'"),
        ),
        ("number then literal", "1true", Err("expected whitespace between top-level values, found 't'")),
        ("bad line", "1\n[1,]\n3", Err("trailing comma before ']'")),
    ];
    for (name, input, want) in cases {
        let mut reader = Reader::from_str(input).stream(true);
        let mut count = 0;
        let got = loop {
            match reader.peek_kind() {
                Ok(None) => break Ok(count),
                Ok(Some(_)) => match reader.skip_value() {
                    Ok(()) => count += 1,
                    Err(e) => break Err(e.message().to_string()),
                },
                Err(e) => break Err(e.message().to_string()),
            }
        };
        assert_eq!(got, want.map_err(str::to_owned), "{name}");
    }
}

#[test]
fn single_value_mode_rejects_trailing_data_and_empty_input() {
    let mut reader = Reader::from_slice(b"[1] 2");
    reader.skip_value().unwrap();
    assert_eq!(reader.finish().unwrap_err().message().to_string(), "trailing data after the value: '2'");
    let mut reader = Reader::from_slice(b"[1]  \n");
    reader.skip_value().unwrap();
    reader.finish().unwrap();
    assert_eq!(reader.next_token().unwrap(), None);
    assert!(Reader::from_slice(b"").finish().unwrap_err().is_eof());
}

fn nested(depth: usize) -> Vec<u8> {
    let mut doc = vec![b'['; depth];
    doc.extend(std::iter::repeat_n(b']', depth));
    doc
}

#[test]
fn depth_limit_default() {
    assert!(jet::text::validate(&nested(10_000)).is_ok());
    let err = jet::text::validate(&nested(10_001)).unwrap_err();
    assert_eq!(err.message().to_string(), "nesting deeper than the limit of 10000");
    assert_eq!(err.offset(), 10_000);
    assert_eq!(err.pointer().len(), 2 * 10_000);
    // Objects count too.
    let mut doc = "{\"a\":".repeat(10_001).into_bytes();
    doc.extend(std::iter::repeat_n(b'}', 10_001));
    assert_eq!(jet::text::validate(&doc).unwrap_err().offset(), 50_000);
}

#[test]
fn a_million_open_brackets_fail_fast_without_recursion() {
    // On a thread with a small stack: the reader must not recurse.
    std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| {
            let doc = vec![b'['; 1_000_000];
            let err = jet::text::validate(&doc).unwrap_err();
            assert!(err.is_limit() && err.offset() == 10_000, "{err}");
            let opts = Options::default().max_depth(usize::MAX);
            let err = jet::text::validate_with(&doc, &opts).unwrap_err();
            assert!(err.is_eof(), "{err}");
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn configurable_depth() {
    let opts = Options::default().max_depth(3);
    assert!(jet::text::validate_with(&nested(3), &opts).is_ok());
    assert!(jet::text::validate_with(&nested(4), &opts).is_err());
    let compat = Options::serde_json_compat();
    assert!(jet::text::validate_with(&nested(127), &compat).is_ok());
    assert!(jet::text::validate_with(&nested(128), &compat).is_err());
}

#[test]
fn many_names_are_checked_in_linear_time() {
    // 100,000 distinct names, then one duplicate at the end.
    let mut doc = String::from("{");
    for i in 0..100_000 {
        doc.push_str(&format!("\"k{i}\":{i},"));
    }
    doc.push_str("\"k0\":0}");
    let err = jet::text::validate(doc.as_bytes()).unwrap_err();
    assert_eq!(err.message().to_string(), "duplicate object name \"k0\"");
    assert_eq!(err.offset() as usize, doc.len() - 7);
}

/// `Number::parse` takes any text: what is not exactly one JSON number is an error, never a
/// panic (the empty text once indexed past its end, found by the `parse` fuzz target through a
/// `jet::Number` in an untagged enum, which hands it every string).
#[test]
fn number_parse_rejects_what_is_not_one_number() {
    use jet::text::Number;
    let cases: &[(&str, &str, &str)] = &[
        ("empty", "", "unexpected end of input in a number"),
        ("minus only", "-", "unexpected end of input in a number"),
        ("letter", "x", "expected a number, found 'x'"),
        ("minus letter", "-x", "expected a digit after '-', found 'x'"),
        ("space first", " 1", "expected a number, found U+0020"),
        ("leading zero", "01", "invalid number: leading zero"),
        ("trailing text", "1x", "trailing data after the value: 'x'"),
    ];
    for (name, text, want) in cases {
        let err = Number::parse(text).unwrap_err();
        assert_eq!(err.message().to_string(), *want, "{name}");
    }
    assert_eq!(Number::parse("-0.5e3").unwrap().as_f64().unwrap(), -500.0);
}

#[test]
fn number_accessors_on_read_tokens() {
    let mut reader = Reader::from_slice(b"[300, -1, 1.5, 1e400, 18446744073709551616]");
    reader.next_token().unwrap();
    let mut numbers = Vec::new();
    while let Some(Token::Number(n)) = reader.next_token().unwrap() {
        numbers.push(n.into_owned());
    }
    assert_eq!(numbers[0].as_u64().unwrap(), 300);
    assert_eq!(numbers[1].as_u64().unwrap_err().to_string(), "number -1 is out of range for u64");
    assert_eq!(numbers[2].as_i64().unwrap_err().to_string(), "number 1.5 is not an integer (i64)");
    assert_eq!(numbers[2].as_f64().unwrap(), 1.5);
    assert_eq!(numbers[3].as_f64().unwrap_err().to_string(), "number 1e400 is out of range for f64");
    assert!(numbers[4].as_u64().unwrap_err().is_data());
}
