//! Every entry point on arbitrary bytes, under options picked by the first byte: no panic, and
//! every one agrees with validation on whether the input is one valid JSON value, and the token
//! reader fails with exactly validation's error.
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
    let ignored = opts.from_slice::<serde::de::IgnoredAny>(input);
    let _ = ignored;

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

/// An error's message, place and pointer.
fn describe(e: &jet::Error) -> String {
    format!("{e} [{:?} {} {}:{} {:?}]", e.category(), e.offset(), e.line(), e.column(), e.pointer())
}
