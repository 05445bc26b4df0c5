//! JSON Patch (RFC 6902, its appendix A) and JSON Merge Patch (RFC 7386, its appendix A),
//! atomic failure, and deep patches.

use jet::{json, Category, Value};

fn v(text: &str) -> Value {
    jet::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn rfc6902_examples() {
    // (section, document, patch, result or None for an error)
    let cases: [(&str, &str, &str, Option<&str>); 15] = [
        (
            "A.1",
            r#"{"foo":"bar"}"#,
            r#"[{"op":"add","path":"/baz","value":"qux"}]"#,
            Some(r#"{"baz":"qux","foo":"bar"}"#),
        ),
        (
            "A.2",
            r#"{"foo":["bar","baz"]}"#,
            r#"[{"op":"add","path":"/foo/1","value":"qux"}]"#,
            Some(r#"{"foo":["bar","qux","baz"]}"#),
        ),
        (
            "A.3",
            r#"{"baz":"qux","foo":"bar"}"#,
            r#"[{"op":"remove","path":"/baz"}]"#,
            Some(r#"{"foo":"bar"}"#),
        ),
        (
            "A.4",
            r#"{"foo":["bar","qux","baz"]}"#,
            r#"[{"op":"remove","path":"/foo/1"}]"#,
            Some(r#"{"foo":["bar","baz"]}"#),
        ),
        (
            "A.5",
            r#"{"baz":"qux","foo":"bar"}"#,
            r#"[{"op":"replace","path":"/baz","value":"boo"}]"#,
            Some(r#"{"baz":"boo","foo":"bar"}"#),
        ),
        (
            "A.6",
            r#"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
            r#"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
            Some(r#"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#),
        ),
        (
            "A.7",
            r#"{"foo":["all","grass","cows","eat"]}"#,
            r#"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
            Some(r#"{"foo":["all","cows","eat","grass"]}"#),
        ),
        (
            "A.8",
            r#"{"baz":"qux","foo":["a",2,"c"]}"#,
            r#"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
            Some(r#"{"baz":"qux","foo":["a",2,"c"]}"#),
        ),
        ("A.9", r#"{"baz":"qux"}"#, r#"[{"op":"test","path":"/baz","value":"bar"}]"#, None),
        (
            "A.10",
            r#"{"foo":"bar"}"#,
            r#"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
            Some(r#"{"foo":"bar","child":{"grandchild":{}}}"#),
        ),
        (
            "A.11",
            r#"{"foo":"bar"}"#,
            r#"[{"op":"add","path":"/baz","value":"qux","xyz":123}]"#,
            Some(r#"{"foo":"bar","baz":"qux"}"#),
        ),
        ("A.12", r#"{"foo":"bar"}"#, r#"[{"op":"add","path":"/baz/bat","value":"qux"}]"#, None),
        (
            "A.14",
            r#"{"/":9,"~1":10}"#,
            r#"[{"op":"test","path":"/~01","value":10}]"#,
            Some(r#"{"/":9,"~1":10}"#),
        ),
        ("A.15", r#"{"/":9,"~1":10}"#, r#"[{"op":"test","path":"/~01","value":"10"}]"#, None),
        (
            "A.16",
            r#"{"foo":["bar"]}"#,
            r#"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
            Some(r#"{"foo":["bar",["abc","def"]]}"#),
        ),
    ];
    for (section, doc, patch, result) in cases {
        let mut d = v(doc);
        let outcome = jet::value::patch(&mut d, &v(patch));
        match result {
            Some(want) => {
                outcome.unwrap_or_else(|e| panic!("{section}: {e}"));
                assert_eq!(d, v(want), "{section}");
            }
            None => {
                assert!(outcome.is_err(), "{section}: should fail");
                assert_eq!(d.to_string(), v(doc).to_string(), "{section}: unchanged");
            }
        }
    }
    // A.13: an operation with two "op" members is not even read (duplicate names).
    let err =
        jet::from_str::<Value>(r#"[{"op":"add","path":"/baz","value":"qux","op":"remove"}]"#).unwrap_err();
    assert!(err.to_string().contains("duplicate object name \"op\""), "A.13: {err}");
}

#[test]
fn errors_and_atomicity() {
    let doc = r#"{"a":{"x":1,"y":[1,2,3]},"b":"keep","c":[{"d":null}]}"#;
    // (name, patch, category, pointer): every patch changes things before it fails.
    let cases = [
        (
            "missing parent",
            r#"[{"op":"remove","path":"/b"},{"op":"add","path":"/q/r","value":1}]"#,
            Category::NotFound,
            "/q/r",
        ),
        (
            "index past end",
            r#"[{"op":"add","path":"/a/z","value":1},{"op":"add","path":"/a/y/9","value":1}]"#,
            Category::NotFound,
            "/a/y/9",
        ),
        (
            "remove missing",
            r#"[{"op":"replace","path":"/b","value":2},{"op":"remove","path":"/zz"}]"#,
            Category::NotFound,
            "/zz",
        ),
        (
            "test fails",
            r#"[{"op":"move","from":"/a/x","path":"/x"},{"op":"copy","from":"/c","path":"/a/c"},{"op":"test","path":"/b","value":"other"}]"#,
            Category::Data,
            "/b",
        ),
        (
            "move into itself",
            r#"[{"op":"remove","path":"/a/y/0"},{"op":"move","from":"/a","path":"/a/inner"}]"#,
            Category::Data,
            "/a/inner",
        ),
        (
            "unknown op",
            r#"[{"op":"add","path":"","value":[1]},{"op":"frobnicate","path":"/"}]"#,
            Category::Data,
            "/",
        ),
        (
            "missing value",
            r#"[{"op":"add","path":"/a/y/-","value":4},{"op":"add","path":"/b"}]"#,
            Category::Data,
            "/b",
        ),
        (
            "leading zero",
            r#"[{"op":"remove","path":"/c/0/d"},{"op":"remove","path":"/a/y/01"}]"#,
            Category::NotFound,
            "/a/y/01",
        ),
        ("bad pointer", r#"[{"op":"remove","path":"/a/x"},{"op":"remove","path":"a"}]"#, Category::Data, ""),
        ("not an array", r#"{"op":"remove","path":"/a"}"#, Category::Data, ""),
    ];
    for (name, patch, category, pointer) in cases {
        let mut d = v(doc);
        let err = jet::value::patch(&mut d, &v(patch)).expect_err(name);
        assert_eq!(err.category(), category, "{name}: {err}");
        assert_eq!(err.pointer(), pointer, "{name}: {err}");
        assert_eq!(d.to_string(), doc, "{name}: the document is unchanged, member order included");
    }
    // Moving to the same place and replacing the root.
    let mut d = v(doc);
    jet::value::patch(
        &mut d,
        &v(r#"[{"op":"move","from":"/b","path":"/b"},{"op":"replace","path":"","value":{"n":1}}]"#),
    )
    .unwrap();
    assert_eq!(d, json!({"n": 1}));
}

#[test]
fn rfc7386_examples() {
    let cases = [
        (r#"{"a":"b"}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"b":"c"}"#, r#"{"a":"b","b":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"a":null}"#, r#"{}"#),
        (r#"{"a":"b","b":"c"}"#, r#"{"a":null}"#, r#"{"b":"c"}"#),
        (r#"{"a":["b"]}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"a":"c"}"#, r#"{"a":["b"]}"#, r#"{"a":["b"]}"#),
        (r#"{"a":{"b":"c"}}"#, r#"{"a":{"b":"d","c":null}}"#, r#"{"a":{"b":"d"}}"#),
        (r#"{"a":[{"b":"c"}]}"#, r#"{"a":[1]}"#, r#"{"a":[1]}"#),
        (r#"["a","b"]"#, r#"["c","d"]"#, r#"["c","d"]"#),
        (r#"{"a":"b"}"#, r#"["c"]"#, r#"["c"]"#),
        (r#"{"a":"foo"}"#, "null", "null"),
        (r#"{"a":"foo"}"#, r#""bar""#, r#""bar""#),
        (r#"{"e":null}"#, r#"{"a":1}"#, r#"{"e":null,"a":1}"#),
        (r#"[1,2]"#, r#"{"a":"b","c":null}"#, r#"{"a":"b"}"#),
        (r#"{}"#, r#"{"a":{"bb":{"ccc":null}}}"#, r#"{"a":{"bb":{}}}"#),
    ];
    for (target, patch, result) in cases {
        let mut d = v(target);
        jet::value::merge_patch(&mut d, &v(patch));
        assert_eq!(d.to_string(), result, "{target} + {patch}");
    }
}

#[test]
fn deep_patches_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            const DEEP: usize = 200_000;
            let text = format!("{}1{}", r#"{"a":"#.repeat(DEEP), "}".repeat(DEEP));
            let patch: Value = jet::Options::default().max_depth(DEEP + 1).from_str(&text).unwrap();
            let mut doc = json!({});
            jet::value::merge_patch(&mut doc, &patch);
            assert!(doc == patch);
            let pointer = "/a".repeat(DEEP);
            jet::value::patch(&mut doc, &json!([{"op": "replace", "path": pointer, "value": 2}])).unwrap();
            assert_eq!(doc.pointer(&pointer), Some(&json!(2)));
        })
        .unwrap()
        .join()
        .unwrap();
}
