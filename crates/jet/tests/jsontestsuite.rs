//! JSONTestSuite (`testdata/jsontestsuite`): every `y_` file accepted, every `n_` file rejected,
//! a written decision for every `i_` file, and the `test_transform` files pinned.

mod common;

use common::{list, read, Chunked, Rng};
use jet::text::{validate_with, Reader, Token};
use jet::Options;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Accept,
    Reject,
}
use Verdict::{Accept, Reject};

/// The verdict of every way jet can read `bytes` under `opts`, checked to agree: slice, `str`
/// (when the bytes are UTF-8) and `io::Read` in small random chunks.
fn verdict(name: &str, bytes: &[u8], opts: &Options) -> Verdict {
    let slice = validate_with(bytes, opts);
    let mut reader = Reader::from_reader(Chunked { bytes, rng: Rng(7), min: 1, max: 5 }).with_options(opts);
    let io = reader.skip_value().and_then(|()| reader.finish());
    assert_eq!(slice.is_ok(), io.is_ok(), "{name}: slice {slice:?} vs io::Read {io:?}");
    if let (Err(a), Err(b)) = (&slice, &io) {
        assert_eq!(a.to_string(), b.to_string(), "{name}: same error from slice and io::Read");
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        let mut reader = Reader::from_str(text).with_options(opts);
        let from_str = reader.skip_value().and_then(|()| reader.finish());
        assert_eq!(slice.is_ok(), from_str.is_ok(), "{name}: slice {slice:?} vs str {from_str:?}");
    }
    // A `Value` is built from exactly what validation accepts; the one extra error is a
    // number beyond `f64` (validation checks the grammar, not the range).
    match (&slice, opts.from_slice::<jet::Value>(bytes)) {
        (Ok(()), Err(e)) => {
            assert!(e.is_data() && e.to_string().contains("out of range"), "{name}: Value: {e}")
        }
        (Err(e), Ok(_)) => panic!("{name}: a Value was built from input validation rejects: {e}"),
        _ => {}
    }
    // A `Document` is parsed by the same rules as a `Value`: the same verdict, the same error,
    // the same value.
    let value = opts.from_slice::<jet::Value>(bytes);
    match (opts.document_from_slice(bytes), &value) {
        (Ok(doc), Ok(v)) => assert_eq!(&doc.to_value(), v, "{name}: Document"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{name}: Document error"),
        (doc, _) => panic!("{name}: Document {doc:?} against Value {value:?}"),
    }
    // Lazy access to the whole value reads all of it (but not what follows); the value found
    // is always valid UTF-8, also where the options let invalid UTF-8 through.
    if slice.is_ok() {
        match opts.get(bytes, "") {
            Ok(whole) => assert_eq!(whole.as_raw_str().trim(), whole.as_raw_str(), "{name}: get"),
            Err(e) => assert!(opts.allows_invalid_utf8() && e.is_syntax(), "{name}: get: {e}"),
        }
    }
    if slice.is_ok() {
        Accept
    } else {
        Reject
    }
}

fn allow_all() -> Options {
    Options::default().allow_duplicate_names(true).allow_invalid_utf8(true)
}

/// JSONTestSuite says "accept", but these have duplicate names: strict rejects them.
const DUPLICATE_NAMES: [&str; 2] = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"];

#[test]
fn y_files_are_accepted() {
    let files: Vec<String> =
        list("jsontestsuite/test_parsing").into_iter().filter(|f| f.starts_with("y_")).collect();
    assert_eq!(files.len(), 95);
    for name in &files {
        let bytes = read(&format!("jsontestsuite/test_parsing/{name}"));
        let strict = if DUPLICATE_NAMES.contains(&name.as_str()) { Reject } else { Accept };
        assert_eq!(verdict(name, &bytes, &Options::strict()), strict, "{name} strict");
        assert_eq!(verdict(name, &bytes, &Options::serde_json_compat()), Accept, "{name} compat");
        assert_eq!(verdict(name, &bytes, &allow_all()), Accept, "{name} relaxed");
    }
}

#[test]
fn duplicate_key_files_fail_for_the_duplicate() {
    for name in DUPLICATE_NAMES {
        let bytes = read(&format!("jsontestsuite/test_parsing/{name}"));
        let err = validate_with(&bytes, &Options::strict()).unwrap_err();
        assert_eq!(err.message().to_string(), r#"duplicate object name "a""#, "{name}");
    }
}

#[test]
fn n_files_are_rejected() {
    let files: Vec<String> =
        list("jsontestsuite/test_parsing").into_iter().filter(|f| f.starts_with("n_")).collect();
    assert_eq!(files.len(), 188);
    for name in &files {
        let bytes = read(&format!("jsontestsuite/test_parsing/{name}"));
        for (label, opts) in [
            ("strict", Options::strict()),
            ("compat", Options::serde_json_compat()),
            ("relaxed", allow_all()),
        ] {
            assert_eq!(verdict(name, &bytes, &opts), Reject, "{name} {label}");
        }
    }
}

/// The decision for each implementation-defined file: (file, strict, with
/// `allow_invalid_utf8`, why).
const I_DECISIONS: &[(&str, Verdict, Verdict, &str)] = &[
    (
        "i_number_double_huge_neg_exp.json",
        Accept,
        Accept,
        "valid grammar; converting is a separate, later step",
    ),
    ("i_number_huge_exp.json", Accept, Accept, "valid grammar"),
    ("i_number_neg_int_huge_exp.json", Accept, Accept, "valid grammar"),
    ("i_number_pos_double_huge_exp.json", Accept, Accept, "valid grammar"),
    ("i_number_real_neg_overflow.json", Accept, Accept, "valid grammar; as_f64 reports the overflow"),
    ("i_number_real_pos_overflow.json", Accept, Accept, "valid grammar; as_f64 reports the overflow"),
    ("i_number_real_underflow.json", Accept, Accept, "valid grammar; as_f64 gives 0"),
    ("i_number_too_big_neg_int.json", Accept, Accept, "valid grammar; as_i64 reports the overflow"),
    ("i_number_too_big_pos_int.json", Accept, Accept, "valid grammar; as_u64 reports the overflow"),
    ("i_number_very_big_negative_int.json", Accept, Accept, "valid grammar"),
    ("i_object_key_lone_2nd_surrogate.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_1st_surrogate_but_2nd_missing.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_1st_valid_surrogate_2nd_invalid.json", Reject, Accept, "high surrogate then a non-surrogate"),
    ("i_string_UTF-16LE_with_BOM.json", Reject, Reject, "UTF-16 is not UTF-8: bytes outside strings"),
    ("i_string_UTF-8_invalid_sequence.json", Reject, Accept, "invalid UTF-8"),
    ("i_string_UTF8_surrogate_U+D800.json", Reject, Accept, "UTF-8 encoded surrogate"),
    ("i_string_incomplete_surrogate_and_escape_valid.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_incomplete_surrogate_pair.json", Reject, Accept, "high surrogate then plain text"),
    ("i_string_incomplete_surrogates_escape_valid.json", Reject, Accept, "two high surrogates"),
    ("i_string_invalid_lonely_surrogate.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_invalid_surrogate.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_invalid_utf-8.json", Reject, Accept, "invalid UTF-8 (0xFF)"),
    ("i_string_inverted_surrogates_U+1D11E.json", Reject, Accept, "low surrogate before high"),
    ("i_string_iso_latin_1.json", Reject, Accept, "Latin-1 byte is invalid UTF-8"),
    ("i_string_lone_second_surrogate.json", Reject, Accept, "lone surrogate escape"),
    ("i_string_lone_utf8_continuation_byte.json", Reject, Accept, "invalid UTF-8"),
    ("i_string_not_in_unicode_range.json", Reject, Accept, "beyond U+10FFFF"),
    ("i_string_overlong_sequence_2_bytes.json", Reject, Accept, "overlong UTF-8"),
    ("i_string_overlong_sequence_6_bytes.json", Reject, Accept, "overlong UTF-8"),
    ("i_string_overlong_sequence_6_bytes_null.json", Reject, Accept, "overlong UTF-8"),
    ("i_string_truncated-utf-8.json", Reject, Accept, "truncated UTF-8"),
    ("i_string_utf16BE_no_BOM.json", Reject, Reject, "UTF-16: NUL bytes outside strings"),
    ("i_string_utf16LE_no_BOM.json", Reject, Reject, "UTF-16: NUL bytes outside strings"),
    ("i_structure_500_nested_arrays.json", Accept, Accept, "depth 500 is under the limit of 10,000"),
    ("i_structure_UTF-8_BOM_empty_object.json", Reject, Reject, "a byte order mark is not JSON"),
];

#[test]
fn i_files_follow_the_written_decisions() {
    let files: Vec<String> =
        list("jsontestsuite/test_parsing").into_iter().filter(|f| f.starts_with("i_")).collect();
    let decided: Vec<String> = I_DECISIONS.iter().map(|d| d.0.to_owned()).collect();
    assert_eq!(files, decided, "every i_ file has exactly one decision");
    for (name, strict, relaxed, why) in I_DECISIONS {
        let bytes = read(&format!("jsontestsuite/test_parsing/{name}"));
        assert_eq!(verdict(name, &bytes, &Options::strict()), *strict, "{name} strict: {why}");
        let opts = Options::default().allow_invalid_utf8(true);
        assert_eq!(verdict(name, &bytes, &opts), *relaxed, "{name} allow_invalid_utf8: {why}");
    }
}

#[test]
fn bom_error_says_so() {
    let bytes = read("jsontestsuite/test_parsing/i_structure_UTF-8_BOM_empty_object.json");
    let err = validate_with(&bytes, &Options::strict()).unwrap_err();
    assert_eq!(err.to_string(), "byte order mark (U+FEFF) at the start of input (line 1, column 1, byte 0)");
}

/// The strings a document decodes to, in order, under `opts`.
fn strings(bytes: &[u8], opts: &Options) -> Result<Vec<String>, jet::Error> {
    let mut reader = Reader::from_slice(bytes).with_options(opts);
    let mut out = Vec::new();
    while let Some(token) = reader.next_token()? {
        if let Token::String(s) = token {
            out.push(s.into_owned());
        }
    }
    Ok(out)
}

/// The single number in a `[n]` document.
fn number(bytes: &[u8]) -> jet::text::Number<'static> {
    let mut reader = Reader::from_slice(bytes);
    assert_eq!(reader.next_token().unwrap(), Some(Token::BeginArray));
    match reader.next_token().unwrap() {
        Some(Token::Number(n)) => n.into_owned(),
        other => panic!("expected a number, got {other:?}"),
    }
}

#[test]
fn transform_numbers() {
    // (file, as_i64, as_u64, as_f64); None where the conversion is an error.
    type Case = (&'static str, Option<i64>, Option<u64>, Option<f64>);
    let cases: &[Case] = &[
        ("number_-9223372036854775808.json", Some(i64::MIN), None, Some(-9.223372036854776e18)),
        ("number_-9223372036854775809.json", None, None, Some(-9.223372036854776e18)),
        ("number_1.0.json", None, None, Some(1.0)),
        ("number_1.000000000000000005.json", None, None, Some(1.0)),
        (
            "number_1000000000000000.json",
            Some(1_000_000_000_000_000),
            Some(1_000_000_000_000_000),
            Some(1e15),
        ),
        ("number_10000000000000000999.json", None, Some(10_000_000_000_000_000_999), Some(1e19)),
        ("number_1e-999.json", None, None, Some(0.0)),
        ("number_1e6.json", None, None, Some(1e6)),
        (
            "number_9223372036854775807.json",
            Some(i64::MAX),
            Some(i64::MAX as u64),
            Some(9.223372036854776e18),
        ),
        ("number_9223372036854775808.json", None, Some(1 << 63), Some(9.223372036854776e18)),
    ];
    let files: Vec<String> =
        list("jsontestsuite/test_transform").into_iter().filter(|f| f.starts_with("number_")).collect();
    assert_eq!(files.len(), cases.len());
    for (name, i, u, f) in cases {
        let n = number(&read(&format!("jsontestsuite/test_transform/{name}")));
        assert_eq!(n.as_i64().ok(), *i, "{name} as_i64");
        assert_eq!(n.as_u64().ok(), *u, "{name} as_u64");
        assert_eq!(n.as_f64().ok(), *f, "{name} as_f64");
    }
}

#[test]
fn transform_objects_and_strings() {
    let r = '\u{fffd}';
    // (file, strict result, result with duplicates and invalid UTF-8 allowed)
    type Case = (&'static str, Option<Vec<String>>, Vec<String>);
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let cases: Vec<Case> = vec![
        (
            "object_key_nfc_nfd.json",
            Some(s(&["é", "NFC", "e\u{301}", "NFD"])),
            s(&["é", "NFC", "e\u{301}", "NFD"]),
        ),
        (
            "object_key_nfd_nfc.json",
            Some(s(&["e\u{301}", "NFD", "é", "NFC"])),
            s(&["e\u{301}", "NFD", "é", "NFC"]),
        ),
        ("object_same_key_different_values.json", None, s(&["a", "a"])),
        ("object_same_key_same_value.json", None, s(&["a", "a"])),
        ("object_same_key_unclear_values.json", None, s(&["a", "a"])),
        ("string_1_escaped_invalid_codepoint.json", None, vec![r.to_string()]),
        ("string_2_escaped_invalid_codepoints.json", None, vec![r.to_string().repeat(2)]),
        ("string_3_escaped_invalid_codepoints.json", None, vec![r.to_string().repeat(3)]),
        // Each byte of the encoded surrogate ED A0 80 is replaced (maximal subparts, as the
        // Unicode standard recommends and `String::from_utf8_lossy` does).
        ("string_1_invalid_codepoint.json", None, vec![r.to_string().repeat(3)]),
        ("string_2_invalid_codepoints.json", None, vec![r.to_string().repeat(6)]),
        ("string_3_invalid_codepoints.json", None, vec![r.to_string().repeat(9)]),
        ("string_with_escaped_NULL.json", Some(s(&["A\0B"])), s(&["A\0B"])),
    ];
    let files: Vec<String> =
        list("jsontestsuite/test_transform").into_iter().filter(|f| !f.starts_with("number_")).collect();
    assert_eq!(files.len(), cases.len());
    for (name, strict, relaxed) in cases {
        let bytes = read(&format!("jsontestsuite/test_transform/{name}"));
        assert_eq!(strings(&bytes, &Options::strict()).ok(), strict, "{name} strict");
        assert_eq!(strings(&bytes, &allow_all()).unwrap(), relaxed, "{name} relaxed");
    }
}
