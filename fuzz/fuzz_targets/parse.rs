//! Every entry point on arbitrary bytes, under options picked by the first byte: no panic, and
//! every one agrees with validation on whether the input is one valid JSON value, the token
//! reader fails with exactly validation's error, and the typed layer's object members (read
//! through its short way for names) fail with exactly the `Value` builder's syntax errors, and a
//! `Document` is parsed exactly as a `Value` is.
#![no_main]

use jet::text::{RawValue, Reader};
use jet::{Options, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, input)) = data.split_first() else { return };
    let opts = Options::default()
        .allow_duplicate_names(flags & 1 != 0)
        .allow_invalid_utf8(flags & 2 != 0)
        .max_depth(if flags & 4 != 0 { 16 } else { jet::DEFAULT_MAX_DEPTH })
        .max_string_len(if flags & 8 != 0 { 16 } else { usize::MAX })
        .max_number_len(if flags & 8 != 0 { 8 } else { usize::MAX })
        .max_input_bytes(if flags & 16 != 0 { 100 } else { u64::MAX });
    let validated = jet::text::validate_with(input, &opts).map_err(|e| describe(&e));
    let valid = validated.is_ok();

    // The token reader ends cleanly exactly when the input is valid, and otherwise fails with
    // the same error as validation (which skips with the structural index).
    let mut reader = Reader::from_slice(input).with_options(&opts);
    let tokens = loop {
        match reader.next_token() {
            Ok(Some(_)) => {}
            Ok(None) => break reader.finish().map_err(|e| describe(&e)),
            Err(e) => break Err(describe(&e)),
        }
    };
    assert_eq!(tokens, validated, "tokens vs validate");

    // A whole value read raw, skipped, or built.
    let mut reader = Reader::from_slice(input).with_options(&opts);
    let raw_ok = reader.read_value().map(|_| ()).and_then(|()| reader.finish()).is_ok();
    assert_eq!(raw_ok, valid, "read_value vs validate");
    // A Value is built exactly from valid input, but for numbers beyond the range of f64 (an
    // error, not a silent infinity) and, where allowed, invalid UTF-8 (which a Rust String
    // cannot hold).
    match opts.from_slice::<Value>(input) {
        Ok(_) => assert!(valid, "Value from invalid input"),
        Err(e) => assert!(!valid || e.is_data() || flags & 2 != 0, "Value fails on valid input: {e}"),
    }
    // A Document is parsed by the same rules as a Value: the same error, or the same value
    // and the same text written back (but where repeated names are allowed: a Document writes
    // them as it read them, a Value keeps the last).
    match (opts.document_from_slice(input), opts.from_slice::<Value>(input)) {
        (Ok(doc), Ok(value)) => {
            assert!(doc.to_value() == value, "Document vs Value");
            if !opts.allows_duplicate_names() {
                assert_eq!(doc.to_string(), value.to_string(), "Document vs Value: text");
            }
        }
        (Err(d), Err(v)) => assert_eq!(describe(&d), describe(&v), "Document vs Value: error"),
        (d, v) => panic!("Document {:?} vs Value {:?}", d.map(|_| ()), v.map(|_| ())),
    }
    let ignored = opts.from_slice::<serde::de::IgnoredAny>(input);
    let _ = ignored;
    // Any JSON through serde's untagged enum: objects are read through the typed layer's map
    // access, not the `Value` builder. Where the reader reports an error (syntax, end of input,
    // duplicate names, limits) both must report the same one. Skipped: data errors (numbers
    // that one side takes and the other does not) and the typed layer's lower depth limit.
    let built = opts.from_slice::<Value>(input);
    let any = opts.from_slice::<Any>(input);
    let reader_error = |e: &jet::Error| !e.is_data() && !e.to_string().starts_with("nesting deeper");
    match (&built, &any) {
        (Err(b), Err(a)) if reader_error(b) && reader_error(a) => {
            assert_eq!(describe(a), describe(b), "typed maps vs Value")
        }
        (Err(b), Ok(_)) if reader_error(b) => panic!("typed maps accept what Value rejects: {b}"),
        (Ok(_), Err(a)) if reader_error(a) => panic!("typed maps reject what Value accepts: {a}"),
        _ => {}
    }

    // Formatting checks as it goes: it succeeds exactly on valid input.
    let raw = RawValue::from_bytes(input);
    assert_eq!(raw.format(&opts).is_ok(), valid, "format vs validate");
    assert_eq!(raw.sort_keys(&opts).is_ok(), valid, "sort_keys vs validate");
    let _ = raw.canonicalize();

    // Lazy access: the whole document through get (which reads one value).
    if let Ok(v) = opts.get(input, "") {
        let end =
            v.as_raw().as_bytes().as_ptr() as usize - input.as_ptr() as usize + v.as_raw().as_bytes().len();
        assert!(jet::text::validate_with(&input[..end], &opts).is_ok(), "get passed invalid bytes");
    }
    for pointer in ["/0", "/a", "/0/0/a", "/statuses/1/user"] {
        let _ = opts.get(input, pointer);
        let _ = opts.clone().trusted(true).get(input, pointer);
    }
    let _ = opts.get_many(input, &["/0", "/a/b", "/1"]);
});

/// Any JSON value, as serde's untagged enums see it.
#[derive(serde::Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum Any {
    Null(()),
    Bool(bool),
    Number(jet::Number),
    String(String),
    Array(Vec<Any>),
    Object(std::collections::BTreeMap<String, Any>),
}

/// An error's message, place and pointer.
fn describe(e: &jet::Error) -> String {
    format!("{e} [{:?} {} {}:{} {:?}]", e.category(), e.offset(), e.line(), e.column(), e.pointer())
}
