//! Every behaviour where jet's defaults differ from serde_json's, one named case each (as Go's
//! `encoding/json/v2` lists its differences from v1), and the proof that
//! `Options::serde_json_compat()` gives serde_json's result in each.
//!
//! serde_json here is 1.0.154 with `float_roundtrip` (correctly rounded float parsing, which
//! jet does by default; serde_json's default parser is not correctly rounded, its #707).
//! The fuzz differential target reads the same list of intended differences.

use std::collections::BTreeMap;
use std::fmt::Debug;

use jet::Options;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A result as a comparable string: `ok <value>` or `error`.
fn outcome<T: Debug, E>(r: Result<T, E>) -> String {
    match r {
        Ok(v) => format!("ok {v:?}"),
        Err(_) => "error".to_string(),
    }
}

/// Decodes `input` as `T` with jet (under `opts`), serde_json, and jet's serde_json_compat().
fn decode<T: DeserializeOwned + Debug>(opts: &Options, input: &str) -> [String; 3] {
    [
        outcome(opts.from_str::<T>(input)),
        outcome(serde_json::from_str::<T>(input)),
        outcome(Options::serde_json_compat().from_str::<T>(input)),
    ]
}

/// Like [`decode`] from bytes (for input that is not UTF-8).
fn decode_bytes<T: DeserializeOwned + Debug>(input: &[u8]) -> [String; 3] {
    [
        outcome(jet::from_slice::<T>(input)),
        outcome(serde_json::from_slice::<T>(input)),
        outcome(Options::serde_json_compat().from_slice::<T>(input)),
    ]
}

/// Encodes `value` with jet, serde_json and jet's serde_json_compat().
fn encode<T: Serialize>(value: &T) -> [String; 3] {
    [
        outcome(jet::to_string(value)),
        outcome(serde_json::to_string(value)),
        outcome(Options::serde_json_compat().to_string(value)),
    ]
}

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Point {
    x: i32,
    y: i32,
}

/// Bytes through `serialize_bytes`, as `serde_bytes` writes them.
struct Bytes(&'static [u8]);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

struct Case {
    name: &'static str,
    /// jet's default result.
    jet: &'static str,
    /// Whether serde_json's result differs from it.
    differs: bool,
    /// jet (with the options under test), serde_json, jet's serde_json_compat().
    results: [String; 3],
}

fn cases() -> Vec<Case> {
    let strict = Options::default();
    vec![
        Case {
            name: "duplicate names in a map: rejected (serde_json: the last one wins)",
            jet: "error",
            differs: true,
            results: decode::<BTreeMap<String, u8>>(&strict, r#"{"a": 1, "a": 2}"#),
        },
        Case {
            name: "duplicate names in a struct: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<Point>(&strict, r#"{"x": 1, "x": 2, "y": 3}"#),
        },
        Case {
            name: "duplicate names in an ignored member: rejected (serde_json does not look)",
            jet: "error",
            differs: true,
            results: decode::<Point>(&strict, r#"{"x": 1, "y": 2, "z": {"a": 1, "a": 2}}"#),
        },
        Case {
            name: "unknown field with reject_unknown_fields: rejected (serde_json has no such option)",
            jet: "error",
            differs: true,
            results: decode::<Point>(&strict.clone().reject_unknown_fields(true), r#"{"x": 1, "y": 2, "z": 3}"#),
        },
        Case {
            name: "unknown field by default: accepted by both",
            jet: "ok Point { x: 1, y: 2 }",
            differs: false,
            results: decode::<Point>(&strict, r#"{"x": 1, "y": 2, "z": 3}"#),
        },
        Case {
            name: "case-insensitive names with match_case_insensitive_names (serde_json: missing field)",
            jet: "ok Point { x: 1, y: 2 }",
            differs: true,
            results: decode::<Point>(&strict.clone().match_case_insensitive_names(true), r#"{"X": 1, "Y": 2}"#),
        },
        Case {
            name: "invalid UTF-8 in a string: rejected by both",
            jet: "error",
            differs: false,
            results: decode_bytes::<String>(b"\"\xff\""),
        },
        Case {
            name: "lone surrogate escape: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<String>(&strict, r#""\ud800""#),
        },
        Case {
            name: "trailing data: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<u8>(&strict, "1 2"),
        },
        Case {
            name: "null into an integer: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<u32>(&strict, "null"),
        },
        Case {
            name: "300 into u8: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<u8>(&strict, "300"),
        },
        Case {
            name: "-1 into u32: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<u32>(&strict, "-1"),
        },
        Case {
            name: "1.5 into i64: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<i64>(&strict, "1.5"),
        },
        Case {
            name: "1e400 into f64: rejected by both",
            jet: "error",
            differs: false,
            results: decode::<f64>(&strict, "1e400"),
        },
        Case {
            name: "an integer beyond 64 bits where any value goes: an error, never a silent float (serde_json: f64)",
            jet: "error",
            differs: true,
            results: decode::<serde_json::Value>(&strict, "18446744073709551616"),
        },
        Case {
            name: "an integer beyond 64 bits into jet's Value: kept exact, as its text (serde_json's Value: f64, an error beyond f64's range)",
            jet: "ok Number(1000000000",
            differs: true,
            results: decode::<jet::Value>(&strict, &format!("1{}", "0".repeat(400))),
        },
        Case {
            name: "an integer beyond 64 bits into u128: exact in both",
            jet: "ok 18446744073709551616",
            differs: false,
            results: decode::<u128>(&strict, "18446744073709551616"),
        },
        Case {
            name: "-0 where any value goes: -0.0 in both",
            jet: "ok Number(-0.0)",
            differs: false,
            results: decode::<serde_json::Value>(&strict, "-0"),
        },
        Case {
            name: "nesting of 200 arrays: beyond both typed limits",
            jet: "error",
            differs: false,
            results: decode::<serde_json::Value>(&strict, &format!("{}{}", "[".repeat(200), "]".repeat(200))),
        },
        Case {
            name: "nesting of 128 arrays: within jet's typed limit of 128 (serde_json's limit is 127)",
            jet: "ok Array [Array [Array",
            differs: true,
            results: decode::<serde_json::Value>(&strict, &format!("{}{}", "[".repeat(128), "]".repeat(128))),
        },
        Case {
            name: "nesting of 200 arrays into jet's Value: accepted (built without recursion, up to max_depth 10,000; serde_json: its recursion limit)",
            jet: "ok Array [Array [Array",
            differs: true,
            results: decode::<jet::Value>(&strict, &format!("{}{}", "[".repeat(200), "]".repeat(200))),
        },
        Case {
            name: "a struct as an array of its fields: accepted by both",
            jet: "ok Point { x: 1, y: 2 }",
            differs: false,
            results: decode::<Point>(&strict, "[1, 2]"),
        },
        Case {
            name: "bytes: a base64 string (serde_json: an array of numbers)",
            jet: r#"ok "\"AAH/\"""#,
            differs: true,
            results: encode(&Bytes(&[0, 1, 255])),
        },
        Case {
            name: "NaN on output: an error (serde_json: null)",
            jet: "error",
            differs: true,
            results: encode(&[1.0, f64::NAN]),
        },
        Case {
            name: "infinity on output: an error (serde_json: null)",
            jet: "error",
            differs: true,
            results: encode(&f64::INFINITY),
        },
        Case {
            name: "duplicate names on output: an error (serde_json writes both)",
            jet: "error",
            differs: true,
            results: encode(&DuplicateOnOutput),
        },
        Case {
            name: "floats on output: the same shortest text in both",
            jet: r#"ok "[0.1,1e+300,-0.0,1.0]""#,
            differs: false,
            results: encode(&[0.1, 1e300, -0.0, 1.0]),
        },
    ]
}

/// A struct whose flattened map repeats a field's name.
struct DuplicateOnOutput;

impl Serialize for DuplicateOnOutput {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("a", &1)?;
        map.serialize_entry("a", &2)?;
        map.end()
    }
}

#[test]
fn every_difference_from_serde_json_is_listed_and_compat_removes_it() {
    for case in cases() {
        let [jet, serde_json, compat] = &case.results;
        assert!(jet.starts_with(case.jet), "{}: jet gave {jet}", case.name);
        assert_eq!(jet != serde_json, case.differs, "{}: jet {jet}, serde_json {serde_json}", case.name);
        assert_eq!(compat, serde_json, "{}: serde_json_compat() differs from serde_json", case.name);
    }
}

/// The differences `serde_json_compat()` keeps, found by the `typed` fuzz target (which allows
/// exactly these): serde_json does not check the UTF-8 of strings inside a value it ignores (an
/// unknown field, `IgnoredAny`), nor whether their `\u` escapes pair their surrogates, where jet
/// checks every string it passes over, in every mode; and `-0` below.
#[test]
fn differences_compat_keeps() {
    let cases: [(&str, &[u8]); 4] = [
        ("invalid UTF-8 in an ignored member's string", b"{\"x\": 1, \"y\": 2, \"z\": \"\xff\"}"),
        ("invalid UTF-8 in a name inside an ignored member", b"{\"x\": 1, \"z\": {\"\xff\": 1}, \"y\": 2}"),
        ("a lone surrogate escape in an ignored member", br#"{"x": 1, "y": 2, "z": ["\ud800"]}"#),
        ("a reversed surrogate pair in an ignored name", br#"{"x": 1, "y": 2, "z": {"\udc00\ud800": 1}}"#),
    ];
    for (name, input) in cases {
        let [jet, serde_json, compat] = decode_bytes::<Point>(input);
        assert_eq!(serde_json, "ok Point { x: 1, y: 2 }", "{name}: serde_json");
        assert_eq!(jet, "error", "{name}: jet");
        assert_eq!(compat, "error", "{name}: serde_json_compat()");
    }
    // `-0` where an integer goes: 0 for jet (as Go's `strconv.ParseInt` reads it), where
    // serde_json reads the float -0.0 and refuses it (also found by the `typed` target).
    let strict = Options::default();
    let cases = [
        ("-0 into an integer", decode::<i32>(&strict, "-0"), "ok 0"),
        (
            "-0 into a struct's integer",
            decode::<Point>(&strict, r#"{"x": -0, "y": 1}"#),
            "ok Point { x: 0, y: 1 }",
        ),
    ];
    for (name, [jet, serde_json, compat], want) in cases {
        assert_eq!(jet, want, "{name}: jet");
        assert_eq!(serde_json, "error", "{name}: serde_json");
        assert_eq!(compat, jet, "{name}: serde_json_compat()");
    }
}

#[test]
fn pretty_output_is_serde_jsons() {
    let value = serde_json::json!({"a": [1, {"b": null, "c": []}, {}], "d": "e\u{1}"});
    assert_eq!(jet::to_string_pretty(&value).unwrap(), serde_json::to_string_pretty(&value).unwrap());
    assert_eq!(jet::to_string(&value).unwrap(), serde_json::to_string(&value).unwrap());
}
