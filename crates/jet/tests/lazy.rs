//! Lazy access (`jet::get`, `get_many`, `LazyValue`): answers equal a full parse's, errors of
//! the three kinds, the validation contract, and the trusted mode.

mod common;

use common::{corpus, value_pointers, Rng};
use jet::{json, path, Category, Options, Value};

const DOC: &str = r#"{
  "statuses": [
    {"id": 1, "text": "caf\u00e9 \"quoted\"", "user": {"name": "a", "tags": []}},
    {"id": 2, "text": "plain", "user": {"name": "b", "tags": ["x", "y"]}}
  ],
  "a/b": {"m~n": -12.5e1},
  "": "empty name",
  "big": 123456789012345678901234567890,
  "flag": false,
  "nothing": null
}"#;

#[test]
fn paths_find_what_pointer_finds() {
    let full: Value = jet::from_str(DOC).unwrap();
    let pointers = [
        "",
        "/statuses",
        "/statuses/0",
        "/statuses/1/user/tags/1",
        "/statuses/0/text",
        "/a~1b/m~0n",
        "/",
        "/big",
        "/flag",
        "/nothing",
        "/statuses/1/user/tags",
    ];
    for opts in [Options::default(), Options::default().trusted(true)] {
        for p in pointers {
            let lazy = opts.get(DOC, p).unwrap_or_else(|e| panic!("{p}: {e}"));
            let value: Value = lazy.to().unwrap();
            assert_eq!(Some(&value), full.pointer(p), "{p}");
            let from_bytes = opts.get(DOC.as_bytes(), p).unwrap();
            assert_eq!(from_bytes.as_raw_str(), lazy.as_raw_str(), "{p}: bytes input");
        }
    }
    // Empty tokens anywhere in a pointer name the empty member.
    let empty = r#"{"": {"": [1, {"": 2}]}, "a": {"": 3}}"#;
    let full: Value = jet::from_str(empty).unwrap();
    for p in ["/", "//", "///1/", "/a/", "///0"] {
        let value: Value = jet::get(empty, p).unwrap_or_else(|e| panic!("{p}: {e}")).to().unwrap();
        assert_eq!(Some(&value), full.pointer(p), "{p}");
    }
    // `path!` needs no escapes.
    let cases = [
        (jet::get(DOC, path!["a/b", "m~n"]).unwrap(), "-12.5e1"),
        (jet::get(DOC, path!["statuses", 1, "user", "name"]).unwrap(), r#""b""#),
        (jet::get(DOC, path![""]).unwrap(), r#""empty name""#),
    ];
    for (lazy, raw) in cases {
        assert_eq!(lazy.as_raw_str(), raw);
    }
}

#[test]
fn accessors() {
    let text = jet::get(DOC, "/statuses/0/text").unwrap();
    assert_eq!(text.as_str().unwrap(), "café \"quoted\"");
    assert!(matches!(
        jet::get(DOC, "/statuses/1/text").unwrap().as_str().unwrap(),
        std::borrow::Cow::Borrowed("plain")
    ));
    assert_eq!(jet::get(DOC, "/statuses/1/id").unwrap().as_i64().unwrap(), 2);
    assert_eq!(jet::get(DOC, "/a~1b/m~0n").unwrap().as_f64().unwrap(), -125.0);
    assert!(!jet::get(DOC, "/flag").unwrap().as_bool().unwrap());
    assert!(jet::get(DOC, "/nothing").unwrap().is_null());
    let big = jet::get(DOC, "/big").unwrap();
    assert_eq!(big.as_number().unwrap().as_text(), Some("123456789012345678901234567890"));
    assert!(big.as_u64().unwrap_err().is_data(), "out of range for u64");
    // Wrong types.
    let cases = [
        ("string of a number", jet::get(DOC, "/big").unwrap().as_str().map(drop)),
        ("bool of null", jet::get(DOC, "/nothing").unwrap().as_bool().map(drop)),
        ("number of a string", jet::get(DOC, "/statuses/1/text").unwrap().as_i64().map(drop)),
        ("array of an object", jet::get(DOC, "").unwrap().iter_array().map(drop)),
        ("object of an array", jet::get(DOC, "/statuses").unwrap().iter_object().map(drop)),
    ];
    for (name, result) in cases {
        assert_eq!(result.unwrap_err().category(), Category::WrongType, "{name}");
    }
    // Iteration and sub-paths.
    let statuses = jet::get(DOC, "/statuses").unwrap();
    let ids: Vec<u64> =
        statuses.iter_array().unwrap().map(|s| s.get("/id").unwrap().as_u64().unwrap()).collect();
    assert_eq!(ids, [1, 2]);
    let names: Vec<String> =
        jet::get(DOC, "").unwrap().iter_object().unwrap().map(|(k, _)| k.into_owned()).collect();
    assert_eq!(names, ["statuses", "a/b", "", "big", "flag", "nothing"]);
    let escaped = jet::get(r#"{"k\u0065y": 1}"#, "").unwrap();
    assert_eq!(escaped.iter_object().unwrap().next().unwrap().0, "key");
    assert_eq!(statuses.get(path![1, "user", "tags", 0]).unwrap().as_str().unwrap(), "x");
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct User<'a> {
        name: &'a str,
        tags: Vec<&'a str>,
    }
    let user: User = statuses.get("/1/user").unwrap().to().unwrap();
    assert_eq!(user, User { name: "b", tags: vec!["x", "y"] });
    assert_eq!(format!("{}", jet::get(DOC, "/statuses/1/user/tags").unwrap()), r#"["x", "y"]"#);
}

#[test]
fn errors_of_three_kinds() {
    // (name, json, path, category, pointer)
    let cases = [
        ("missing member", DOC, "/statuses/0/nope", Category::NotFound, "/statuses/0/nope"),
        ("index past the end", DOC, "/statuses/2", Category::NotFound, "/statuses/2"),
        ("dash is past the end", DOC, "/statuses/-", Category::NotFound, "/statuses/-"),
        ("name into an array", DOC, "/statuses/id", Category::NotFound, "/statuses/id"),
        ("into a number", DOC, "/statuses/0/id/x", Category::WrongType, "/statuses/0/id/x"),
        ("into a string", DOC, "/statuses/0/text/0", Category::WrongType, "/statuses/0/text/0"),
        ("missing under an escaped name", DOC, "/a~1b/m~0n/x", Category::WrongType, "/a~1b/m~0n/x"),
        ("missing next to an escaped name", DOC, "/a~1b/nope", Category::NotFound, "/a~1b/nope"),
        ("invalid before", r#"{"a": [1, 2,], "b": 1}"#, "/b", Category::Syntax, "/a/2"),
        ("invalid UTF-8 passed over", "{\"a\": \"\u{1}\", \"b\": 1}", "/b", Category::Syntax, "/a"),
        ("duplicate passed over", r#"{"a": 1, "a": 2, "b": 3}"#, "/b", Category::Syntax, ""),
        ("invalid target", r#"{"a": 1, "b": [1 2]}"#, "/b", Category::Syntax, "/b/0"),
        ("truncated", r#"{"a": 1, "b": [1, 2"#, "/b", Category::Eof, "/b/1"),
        ("bad pointer", DOC, "statuses", Category::Data, ""),
        ("bad escape", DOC, "/a~2b", Category::Data, ""),
    ];
    for (name, json, p, category, pointer) in cases {
        let err = jet::get(json, p).expect_err(name);
        assert_eq!(err.category(), category, "{name}: {err}");
        assert_eq!(err.pointer(), pointer, "{name}: {err}");
    }
    // The error of a missing member points at its object.
    let err = jet::get(DOC, "/statuses/1/user/age").unwrap_err();
    assert_eq!((err.line(), err.column()), (4, 40), "{err}");
    assert_eq!(
        err.to_string(),
        r#"no member "age" in the object at /statuses/1/user/age (line 4, column 40, byte 139)"#
    );
    // A typed path's error has the pointer of its steps.
    let err = jet::get(DOC, path!["statuses", 1, "user", "age"]).unwrap_err();
    assert_eq!(err.pointer(), "/statuses/1/user/age", "{err}");
    // Typed path steps are stricter than pointer tokens.
    assert!(jet::get(DOC, path!["statuses", "0"]).unwrap_err().is_wrong_type());
    assert!(jet::get(DOC, path![0]).unwrap_err().is_wrong_type());
}

#[test]
fn errors_of_a_lazy_value_are_placed_in_the_document() {
    let statuses = jet::get(DOC, "/statuses").unwrap();
    let second = statuses.iter_array().unwrap().nth(1).unwrap();
    // Name, result, line and column, pointer.
    type Case<'a> = (&'a str, jet::Result<()>, (usize, usize), &'a str);
    let cases: &[Case] = &[
        ("as_str of a number", jet::get(DOC, "/statuses/1/id").unwrap().as_str().map(drop), (4, 12), ""),
        ("as_u64 of a float", jet::get(DOC, "/a~1b/m~0n").unwrap().as_u64().map(drop), (6, 18), ""),
        ("iter_object of an array", statuses.iter_object().map(drop), (2, 15), ""),
        ("get inside, not found", second.get("/user/age").map(drop), (4, 40), "/user/age"),
        ("to, wrong type", second.get("/text").unwrap().to::<u8>().map(drop), (4, 23), ""),
    ];
    for (name, result, (line, column), pointer) in cases {
        let err = result.as_ref().expect_err(name);
        assert_eq!((err.line(), err.column()), (*line, *column), "{name}: {err}");
        assert_eq!(err.pointer(), *pointer, "{name}: {err}");
    }
}

#[test]
fn validation_contract() {
    let bad_before = r#"{"a": [1, 2,], "b": {"c": 1}}"#;
    let bad_after = r#"{"b": {"c": 1}, "a": [1, 2,]}"#;
    let bad_target = r#"{"a": [1, 2], "b": {"c": 1,}}"#;
    let trusted = Options::default().trusted(true);
    // Validated: everything passed over is checked; what follows the value is not read.
    assert!(jet::get(bad_before, "/b").is_err());
    assert_eq!(jet::get(bad_after, "/b").unwrap().as_raw_str(), r#"{"c": 1}"#);
    assert!(jet::get(bad_target, "/b").is_err());
    // Trusted: skipped values are not checked, the value found is.
    assert_eq!(trusted.get(bad_before, "/b").unwrap().as_raw_str(), r#"{"c": 1}"#);
    assert!(trusted.get(bad_target, "/b").unwrap_err().is_syntax());
    // Names are compared as bytes: a trusted walk passes over a name that is not UTF-8 as it
    // passes over values (a step, being a `str`, cannot match it); an escaped name is decoded
    // and matches its step; the validated walk rejects the bad name.
    let names: &[(&str, &[u8], &str, Option<&str>)] = &[
        ("invalid UTF-8 name passed over", b"{\"\xff\": 1, \"b\": 2}", "/b", Some("2")),
        ("invalid UTF-8 in a longer name", b"{\"a\xc3\": 1, \"a\": 3}", "/a", Some("3")),
        ("escaped name", br#"{"\u0062": 4}"#, "/b", Some("4")),
        ("escaped non-ASCII name", br#"{"caf\u00e9": 5}"#, "/café", Some("5")),
        ("UTF-8 name", "{\"café\": 6}".as_bytes(), "/café", Some("6")),
        ("no such name", b"{\"\xff\": 1}", "/b", None),
    ];
    for (what, doc, path, want) in names {
        let found = trusted.get(*doc, *path);
        assert_eq!(found.as_ref().ok().map(|v| v.as_raw_str()), *want, "{what}: {found:?}");
        let found_many = trusted.get_many(*doc, &[*path]).unwrap().remove(0);
        assert_eq!(found_many.as_ref().ok().map(|v| v.as_raw_str()), *want, "{what}: many");
        let checked = jet::get(*doc, *path);
        assert_eq!(checked.is_ok(), std::str::from_utf8(doc).is_ok() && want.is_some(), "{what}: validated");
    }
    // The scalar a trusted walk finds is checked as strictly as a whole document (scalars
    // have a short way): the same verdict and the same error as validating it alone.
    let scalars: &[(&str, &[u8])] = &[
        ("string", br#""caf\u00e9""#),
        ("escaped quote", br#""a\"b""#),
        ("lone surrogate", br#""\ud800""#),
        ("bad escape", br#""\x""#),
        ("control byte", b"\"a\x01\""),
        ("invalid UTF-8", b"\"\xff\""),
        ("number", b"-12.5e-3"),
        ("leading zero", b"012"),
        ("bare minus", b"-"),
        ("literal", b"true"),
        ("bad literal", b"nul"),
        ("word", b"nope"),
    ];
    for (name, scalar) in scalars {
        let mut doc = br#"{"skipped": [1, 2,], "x": "#.to_vec();
        let start = doc.len() as u64;
        doc.extend_from_slice(scalar);
        doc.push(b'}');
        for opts in [trusted.clone(), trusted.clone().max_string_len(3), trusted.clone().max_number_len(3)] {
            let alone = jet::text::validate_with(scalar, &opts.clone().trusted(false));
            match (opts.get(&doc, "/x"), alone) {
                (Ok(found), Ok(())) => assert_eq!(found.as_raw_str().as_bytes(), *scalar, "{name}"),
                (Err(e), Err(want)) => {
                    // The same message, placed where the scalar is in the document.
                    let message = |e: &jet::Error| e.to_string().split(" (line").next().map(str::to_owned);
                    assert_eq!((message(&e), e.offset()), (message(&want), want.offset() + start), "{name}");
                }
                (got, want) => panic!("{name}: got {got:?}, want {want:?}"),
            }
        }
    }
    // Trusted never panics, whatever the input: every prefix and every byte changed.
    let mut rng = Rng(11);
    let bytes = DOC.as_bytes();
    for cut in 0..bytes.len() {
        let _ = trusted.get(&bytes[..cut], "/statuses/1/user/tags/1");
        let _ = jet::get(&bytes[..cut], "/statuses/1/user/tags/1");
        let mut changed = bytes.to_vec();
        changed[cut] = b"{}[]\",:\\ax0"[rng.range(0, 10)];
        let _ = trusted.get(&changed, "/statuses/1/user/tags/1");
        let _ = jet::get_many(&changed, &["/a~1b", "/statuses/1/text", "/big"]);
        let _ = trusted.get_many(&changed, &["/a~1b", "/statuses/1/text", "/big"]);
    }
}

/// Up to `max` pointers of values in `v`, spread over the document.
fn some_pointers(v: &Value, max: usize) -> Vec<String> {
    let all = value_pointers(v);
    let step = (all.len() / max).max(1);
    all.into_iter().step_by(step).collect()
}

#[test]
fn corpus_get_equals_pointer() {
    for (name, bytes) in corpus() {
        let full: Value = jet::from_slice(&bytes).unwrap();
        let pointers = some_pointers(&full, 150);
        for opts in [Options::default(), Options::default().trusted(true)] {
            for p in &pointers {
                let lazy = opts.get(&bytes, p.as_str()).unwrap_or_else(|e| panic!("{name} {p}: {e}"));
                let value: Value = lazy.to().unwrap();
                assert!(Some(&value) == full.pointer(p), "{name} {p}");
            }
            let many = opts.get_many(&bytes, &pointers).unwrap();
            for (p, found) in pointers.iter().zip(many) {
                let value: Value = found.unwrap_or_else(|e| panic!("{name} {p}: {e}")).to().unwrap();
                assert!(Some(&value) == full.pointer(p), "{name} {p}: get_many");
            }
        }
    }
}

#[test]
fn get_many_mixes_found_and_missing() {
    let found = jet::get_many(
        DOC,
        &["/statuses/1/user", "/statuses/1/user/name", "/zzz", "/flag/x", "/statuses/0/id", ""],
    )
    .unwrap();
    let shown: Vec<Result<String, Category>> = found
        .iter()
        .map(|r| r.as_ref().map(|v| v.as_raw_str().to_owned()).map_err(|e| e.category()))
        .collect();
    assert_eq!(
        shown,
        [
            Ok(r#"{"name": "b", "tags": ["x", "y"]}"#.to_owned()),
            Ok(r#""b""#.to_owned()),
            Err(Category::NotFound),
            Err(Category::WrongType),
            Ok("1".to_owned()),
            Ok(DOC.to_owned()),
        ]
    );
    let errs: Vec<String> =
        found.iter().filter_map(|r| r.as_ref().err()).map(|e| e.pointer().to_owned()).collect();
    assert_eq!(errs, ["/zzz", "/flag/x"]);
    // Each path's answer is `get`'s, errors included (their pointer and offset): on the way
    // down, at a value taken whole for a path that ends there, and inside it.
    let paths = [
        "/statuses/1/user",
        "/statuses/1/user/zzz",
        "/statuses/1/user/tags/5",
        "/statuses/1/user/name/x",
        "/statuses/1/nope",
        "/statuses/9",
        "/statuses/-",
        "/statuses/0/id",
        "/statuses/0/id/1",
        "/flag/x",
    ];
    for trusted in [false, true] {
        let opts = Options::default().trusted(trusted);
        let many = opts.get_many(DOC, &paths).unwrap();
        for (path, got) in paths.iter().zip(&many) {
            let want = opts.get(DOC, *path);
            match (got, &want) {
                (Ok(got), Ok(want)) => assert_eq!(got.as_raw_str(), want.as_raw_str(), "{path}"),
                (Err(got), Err(want)) => assert_eq!(
                    (got.category(), got.pointer(), got.offset()),
                    (want.category(), want.pointer(), want.offset()),
                    "{path}, trusted: {trusted}"
                ),
                _ => panic!("{path}, trusted: {trusted}: get_many {got:?}, get {want:?}"),
            }
        }
    }
    // Invalid JSON on the way is an error for the whole call.
    assert!(jet::get_many(r#"{"a": [1,,], "b": 2}"#, &["/b"]).unwrap_err().is_syntax());
    assert_eq!(json!(null), jet::get(DOC, "/nothing").unwrap().to::<Value>().unwrap());
}

#[test]
fn regressions() {
    let trusted = Options::default().trusted(true);
    // A trusted walk decoding a skipped name with a cut `\u` escape: an error, not a panic.
    for json in [&br#"{"\u12": 1, "b": 2}"#[..], br#"{"a\u": 1, "b": 2}"#, br#"{"\u00e": 1, "b": 2}"#] {
        assert!(trusted.get(json, "/b").unwrap_err().is_syntax());
        assert!(trusted.get_many(json, &["/b"]).is_err());
    }
    // With allow_invalid_utf8, invalid bytes may be passed over, but a lazy value is text:
    // one holding invalid UTF-8 (or a lone surrogate escape) is an error, never an invalid str.
    let relaxed = Options::default().allow_invalid_utf8(true);
    let json = b"{\"a\": \"\xff\", \"b\": [\"ok\"], \"c\": \"\xfe\", \"d\": \"\\ud800\"}";
    assert_eq!(relaxed.get(&json[..], "/b").unwrap().as_raw_str(), r#"["ok"]"#);
    assert!(relaxed.get(&json[..], "/c").unwrap_err().is_syntax());
    assert!(relaxed.get(&json[..], "/d").unwrap_err().is_syntax());
    assert!(jet::get(&json[..], "/b").unwrap_err().is_syntax(), "strict: the bytes before are checked");
}
