//! The limits of `Options` (`max_depth`, `max_string_len`, `max_number_len`,
//! `max_input_bytes`): each case reads the same through every entry point — the reader over a
//! slice, a `str` and an `io::Read` in small pieces, typed and `Value` decoding, lazy `get` —
//! with the same error, naming the limit and the place.

mod common;

use common::{Chunked, Rng};
use jet::text::{Input, Reader};
use jet::{Options, Value};

/// How reading `input` whole ends: `Ok` or the error's text (message, pointer, position).
type Outcome = Result<(), String>;

fn skip_all<I: Input>(reader: Reader<I>) -> Outcome {
    let mut reader = reader.stream(true);
    let mut run = || -> jet::Result<()> {
        while reader.peek_kind()?.is_some() {
            reader.skip_value()?;
        }
        reader.finish()
    };
    run().map_err(|e| {
        assert!(e.is_limit() || e.is_syntax(), "{e}");
        e.to_string()
    })
}

/// Every entry point on `input`, each with its name.
fn outcomes(opts: &Options, input: &str) -> Vec<(&'static str, Outcome)> {
    let bytes = input.as_bytes();
    let pieces = |seed| Chunked { bytes, rng: Rng(seed), min: 1, max: 8 };
    let text = |r: jet::Result<Value>| r.map(drop).map_err(|e| e.to_string());
    vec![
        ("reader, slice", skip_all(Reader::from_slice(bytes).with_options(opts))),
        ("reader, str", skip_all(Reader::from_str(input).with_options(opts))),
        ("reader, io 1-8", skip_all(Reader::from_reader(pieces(1)).with_options(opts))),
        (
            "reader, io 1",
            skip_all(Reader::from_reader(Chunked { bytes, rng: Rng(0), min: 1, max: 1 }).with_options(opts)),
        ),
        ("reader, io 64 B buffer", skip_all(Reader::with_capacity(pieces(2), 64).with_options(opts))),
        ("Value, slice", text(opts.from_slice::<Value>(bytes))),
        ("Value, str", text(opts.from_str::<Value>(input))),
        ("Value, io 1-8", text(opts.from_reader::<_, Value>(pieces(3)))),
        ("lazy get", opts.get(input, "").map(drop).map_err(|e| e.to_string())),
    ]
}

#[test]
fn limits_table() {
    let long = "x".repeat(1000);
    let digits = "7".repeat(1000);
    let doc = format!(r#"{{"a": "{long}", "b": [1, 2]}}"#);
    // Tokens after 121 bytes of others, so that slices are read from the structural index.
    let pad = format!("{{\"pad\": [{}], ", (1..=30).map(|i| i.to_string()).collect::<Vec<_>>().join(", "));
    let indexed_string = |len| format!(r#"{pad}"s": "{}"}}"#, "x".repeat(len));
    let indexed_number = |len| format!(r#"{pad}"n": {}}}"#, "7".repeat(len));
    #[rustfmt::skip]
    let cases: Vec<(&str, Options, String, Outcome)> = vec![
        // Strings: the text between the quotes as written, escapes included. A name too long to
        // show is placed at its object.
        ("string at the limit", Options::default().max_string_len(8), r#"["12345678"]"#.into(), Ok(())),
        ("string over the limit", Options::default().max_string_len(8), r#"[1, "123456789"]"#.into(),
            Err("string longer than the limit of 8 bytes at /1 (line 1, column 5, byte 4)".into())),
        ("escapes count as written", Options::default().max_string_len(8), r#"["\u0041\u0042"]"#.into(),
            Err("string longer than the limit of 8 bytes at /0 (line 1, column 2, byte 1)".into())),
        ("an object name", Options::default().max_string_len(3), r#"{"abc": 1, "abcd": 2}"#.into(),
            Err("string longer than the limit of 3 bytes (line 1, column 12, byte 11)".into())),
        ("a name in a member", Options::default().max_string_len(3), r#"{"o": {"abcd": 2}}"#.into(),
            Err("string longer than the limit of 3 bytes at /o (line 1, column 8, byte 7)".into())),
        ("long string, 1000 bytes", Options::default().max_string_len(100), doc.clone(),
            Err("string longer than the limit of 100 bytes at /a (line 1, column 7, byte 6)".into())),
        ("long string within its limit", Options::default().max_string_len(1000), doc.clone(), Ok(())),
        ("empty string, limit 0", Options::default().max_string_len(0), r#"{"": ""}"#.into(), Ok(())),
        // Regression (fuzz `stream`): an error before the limit wins, also when seeing it takes
        // bytes past the limit (a surrogate escape is lone only once the next one is read).
        ("an earlier error wins", Options::default().max_string_len(16), r#"["abcdefg\uDAFA\u0041xx"]"#.into(),
            Err("invalid escape in string: lone surrogate \\uDAFA at /0 (line 1, column 10, byte 9)".into())),
        ("unclosed long string", Options::default().max_string_len(10), format!(r#"["{long}"#),
            Err("string longer than the limit of 10 bytes at /0 (line 1, column 2, byte 1)".into())),
        // Limits from 64 bytes on, which no string or number inside one 64-byte block passes.
        ("indexed string at the limit", Options::default().max_string_len(64), indexed_string(64), Ok(())),
        ("indexed string over the limit", Options::default().max_string_len(64), indexed_string(65),
            Err("string longer than the limit of 64 bytes at /s (line 1, column 127, byte 126)".into())),
        ("indexed number at the limit", Options::default().max_number_len(80), indexed_number(80), Ok(())),
        ("indexed number over the limit", Options::default().max_number_len(79), indexed_number(80),
            Err("number longer than the limit of 79 bytes at /n (line 1, column 127, byte 126)".into())),
        // Numbers: every byte of the number's text.
        ("number at the limit", Options::default().max_number_len(7), "[-12.5e3]".into(), Ok(())),
        ("number over the limit", Options::default().max_number_len(6), "[-12.5e3]".into(),
            Err("number longer than the limit of 6 bytes at /0 (line 1, column 2, byte 1)".into())),
        ("top-level number", Options::default().max_number_len(2), "123".into(),
            Err("number longer than the limit of 2 bytes (line 1, column 1, byte 0)".into())),
        ("1000 digits", Options::default().max_number_len(100), format!("{{\"n\": {digits}}}"),
            Err("number longer than the limit of 100 bytes at /n (line 1, column 7, byte 6)".into())),
        // Input: a reader looks at no more than the limit (of an io::Read: in memory, a longer
        // input is refused at once).
        ("input at the limit", Options::default().max_input_bytes(13), r#"{"a": [1, 2]}"#.into(), Ok(())),
        ("input one byte over", Options::default().max_input_bytes(12), r#"{"a": [1, 2]}"#.into(),
            Err("input longer than the limit of 12 bytes at /a (line 1, column 13, byte 12)".into())),
        ("whitespace after the value", Options::default().max_input_bytes(3), "[1] ".into(),
            Err("input longer than the limit of 3 bytes (line 1, column 4, byte 3)".into())),
        ("cut inside a string", Options::default().max_input_bytes(100), doc.clone(),
            Err("input longer than the limit of 100 bytes at /a (line 1, column 101, byte 100)".into())),
        ("cut inside a number", Options::default().max_input_bytes(3), "1234".into(),
            Err("input longer than the limit of 3 bytes (line 1, column 4, byte 3)".into())),
        ("cut inside a character", Options::default().max_input_bytes(3), "\"é\"".into(),
            Err("input longer than the limit of 3 bytes (line 1, column 4, byte 3)".into())),
        ("limit 0", Options::default().max_input_bytes(0), "1".into(),
            Err("input longer than the limit of 0 bytes (line 1, column 1, byte 0)".into())),
        // Depth, the limit on by default.
        ("depth at the limit", Options::default().max_depth(3), "[[[]]]".into(), Ok(())),
        ("depth over the limit", Options::default().max_depth(3), "[[[[]]]]".into(),
            Err("nesting deeper than the limit of 3 at /0/0/0 (line 1, column 4, byte 3)".into())),
        // All limits at once, none reached.
        ("all limits, none reached", Options::default().max_depth(3).max_string_len(1000).max_number_len(3)
            .max_input_bytes(doc.len() as u64), doc.clone(), Ok(())),
    ];
    for (name, opts, input, want) in &cases {
        for (path, got) in outcomes(opts, input) {
            // Input in memory over its limit is refused before reading: the same message and
            // place, at the top level.
            let in_memory = !path.contains("io");
            let want = match want {
                Err(e) if in_memory && e.starts_with("input longer") => Err(without_pointer(e)),
                _ => want.clone(),
            };
            assert_eq!(got, want, "{name}: {path}");
        }
    }
}

/// An error's text without its " at POINTER".
fn without_pointer(text: &str) -> String {
    match (text.find(" at /"), text.find(" (")) {
        (Some(at), Some(position)) => format!("{}{}", &text[..at], &text[position..]),
        _ => text.to_owned(),
    }
}

#[test]
fn limits_are_their_own_category() {
    let err = Options::default().max_string_len(1).from_str::<Value>(r#""ab""#).unwrap_err();
    assert_eq!(err.category(), jet::Category::Limit);
    assert!(err.is_limit() && !err.is_syntax() && !err.is_eof());
    let err = jet::from_str::<Value>(&"[".repeat(20_000)).unwrap_err();
    assert!(err.is_limit(), "{err}");
}

/// The typed layer and trusted lazy access honour the limits too.
#[test]
fn typed_and_trusted() {
    let opts = Options::default().max_string_len(4).max_number_len(3);
    let err = opts.from_str::<(String, u32)>(r#"["abcd", 1234]"#).unwrap_err();
    assert_eq!(err.to_string(), "number longer than the limit of 3 bytes at /1 (line 1, column 10, byte 9)");
    let err = opts.from_str::<std::collections::BTreeMap<String, u8>>(r#"{"abcde": 1}"#).unwrap_err();
    assert_eq!(err.to_string(), "string longer than the limit of 4 bytes (line 1, column 2, byte 1)");

    let trusted = opts.clone().trusted(true);
    let json = r#"{"a": "abcdefgh", "b": 12345}"#;
    assert!(trusted.get(json, "/a").unwrap_err().is_limit(), "the value found is checked whole");
    assert!(trusted.get(json, "/b").unwrap_err().is_limit());
    let err = trusted.clone().max_input_bytes(10).get(json, "/a").unwrap_err();
    assert_eq!(err.to_string(), "input longer than the limit of 10 bytes (line 1, column 11, byte 10)");
    assert!(trusted.max_input_bytes(json.len() as u64).max_string_len(8).get(json, "/a").is_ok());
}

/// Skips the value in `input` through a reader with a buffer of `capacity` bytes under `opts`;
/// returns the error and how many bytes the reader took from `input`.
fn skip_counting(input: &[u8], capacity: usize, opts: &Options) -> (jet::Error, usize) {
    struct Counted<'a>(&'a [u8], usize);
    impl std::io::Read for Counted<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            self.1 += n;
            Ok(n)
        }
    }
    let mut counted = Counted(input, 0);
    let err = Reader::with_capacity(&mut counted, capacity).with_options(opts).skip_value().unwrap_err();
    (err, counted.1)
}

/// A reader keeps no more than the limit of a long string or number in its window: reading
/// stops with the error before the whole token is buffered.
#[test]
fn a_long_token_is_not_buffered_whole() {
    let string = format!("[\"{}\"]", "x".repeat(10 << 20));
    let number = format!("[{}]", "1".repeat(10 << 20));
    let cases = [
        ("string", &string, Options::default().max_string_len(100_000)),
        ("number", &number, Options::default().max_number_len(100_000)),
    ];
    for (name, input, opts) in cases {
        let (err, read) = skip_counting(input.as_bytes(), 4096, &opts);
        assert!(err.is_limit(), "{name}: {err}");
        assert!(read < 300_000, "{name}: read {read} bytes of a 10 MiB token with a limit of 100 kB");
    }
    let (err, read) = skip_counting(number.as_bytes(), 1024, &Options::default().max_input_bytes(5000));
    assert_eq!(err.offset(), 5000, "{err}");
    assert_eq!(read, 5001, "the limit, and one byte to see that there is more");
}
