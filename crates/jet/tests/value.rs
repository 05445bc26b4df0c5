//! `jet::Value`: parsing (strict rules, numbers, lossless mode), the serde_json-like API,
//! `Map`, JSON Pointer, `json!`, writing, serde with other formats, and values nested far
//! deeper than any stack allows recursion.

mod common;

use common::{corpus, Chunked, Rng};
use jet::value::Array;
use jet::{json, Map, Options, Value};

fn parse(text: &str) -> Value {
    jet::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn parse_and_write_back() {
    // (name, input, compact output)
    let cases = [
        ("null", "null", "null"),
        ("true", " true ", "true"),
        ("integer", "42", "42"),
        ("negative", "-7", "-7"),
        ("minus zero is a float", "-0", "-0.0"),
        ("float", "2.5", "2.5"),
        ("exponent", "1e2", "100.0"),
        ("u64 max", "18446744073709551615", "18446744073709551615"),
        ("i64 min", "-9223372036854775808", "-9223372036854775808"),
        ("beyond 64 bits keeps its text", "123456789012345678901234567890", "123456789012345678901234567890"),
        ("negative beyond 64 bits", "-9223372036854775809", "-9223372036854775809"),
        ("tiny underflows to zero", "1e-400", "0.0"),
        ("string escapes", r#""a\"b\\c\n\u00e9\ud83d\ude00""#, "\"a\\\"b\\\\c\\né😀\""),
        ("empty containers", "[{}, [], {\"a\": []}]", r#"[{},[],{"a":[]}]"#),
        ("member order kept", r#"{"b": 1, "a": 2, "c": 3}"#, r#"{"b":1,"a":2,"c":3}"#),
        ("nested", r#"{"a": [1, {"b": [null, true]}]}"#, r#"{"a":[1,{"b":[null,true]}]}"#),
    ];
    for (name, input, output) in cases {
        let v = parse(input);
        assert_eq!(v.to_string(), output, "{name}: Display");
        assert_eq!(jet::to_string(&v).unwrap(), output, "{name}: to_string");
        let from_reader: Value = jet::from_reader(input.as_bytes()).unwrap();
        assert_eq!(from_reader, v, "{name}: from_reader");
        assert_eq!(parse(output), v, "{name}: read back");
    }
}

/// The builder keeps its stacks on the thread from one document to the next: what a build
/// leaves there (stopped by an error at any depth, grown past what is kept, or nested in a typed
/// decode) must not show in the next one. Each case runs after the ones before it, on one
/// thread; an error's stacks still held a container open.
#[test]
fn builds_leave_nothing_for_the_next() {
    let wide = format!("[{}]", vec![r#"{"k": [1, "two"]}"#; 3000].join(","));
    let wide_value = Value::Array(vec![json!({"k": [1, "two"]}); 3000].into());
    // (name, input, the value, or None for an error)
    let cases = [
        ("an error in an object in an array", r#"[1, [2, {"a": 3, "b": ]]]"#.to_owned(), None),
        ("an array after it", "[4, 5]".to_owned(), Some(json!([4, 5]))),
        ("an error after a name", r#"{"a": {"b": tru}}"#.to_owned(), None),
        ("a scalar after it", "7".to_owned(), Some(json!(7))),
        ("an error in an array of names", r#"[{"a": 1}, {"b": [2, 3"#.to_owned(), None),
        ("an object after it", r#"{"x": [true, null]}"#.to_owned(), Some(json!({"x": [true, null]}))),
        ("stacks grown past what is kept", wide, Some(wide_value)),
        ("a small one after them", r#"{"y": [1]}"#.to_owned(), Some(json!({"y": [1]}))),
        ("an error past the stacks kept", format!("[{}, {{\"z\": ]", vec!["[1]"; 5000].join(",")), None),
        ("a duplicate name", r#"{"a": [1], "a": 2}"#.to_owned(), None),
        ("one more after it", r#"[{"a": [1]}, 2]"#.to_owned(), Some(json!([{"a": [1]}, 2]))),
    ];
    for (name, input, want) in cases {
        let got = jet::from_str::<Value>(&input).ok();
        assert_eq!(got, want, "{name}");
    }
    // Values inside a typed decode, between and after errors.
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Holder {
        a: Value,
        b: Vec<Value>,
    }
    let typed = [
        (r#"{"a": [1, {"c": ]}, "b": []}"#, None),
        (
            r#"{"a": [1, {"c": 2}], "b": [{"d": [3]}, 4]}"#,
            Some((json!([1, {"c": 2}]), vec![json!({"d": [3]}), json!(4)])),
        ),
        (r#"{"a": {}, "b": [[[5]]]}"#, Some((json!({}), vec![json!([[5]])]))),
    ];
    for (input, want) in typed {
        let got = jet::from_str::<Holder>(input).ok().map(|h| (h.a, h.b));
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn strict_errors() {
    // (name, input, options, category, pointer, message fragment)
    let cases: [(&str, &str, Options, jet::Category, &str, &str); 7] = [
        (
            "duplicate name",
            r#"{"a": {"b": 1, "b": 2}}"#,
            Options::default(),
            jet::Category::Syntax,
            "/a",
            "duplicate object name \"b\"",
        ),
        (
            "too deep",
            "[[[1]]]",
            Options::default().max_depth(2),
            jet::Category::Limit,
            "/0/0",
            "nesting deeper than the limit of 2",
        ),
        ("trailing data", "[1] [2]", Options::default(), jet::Category::Syntax, "", "trailing data"),
        (
            "float out of range",
            "[1, 1e400]",
            Options::default(),
            jet::Category::Data,
            "/1",
            "number 1e400 is out of range for f64",
        ),
        (
            "negative float out of range",
            "{\"x\": -1e400}",
            Options::default(),
            jet::Category::Data,
            "/x",
            "out of range for f64",
        ),
        (
            "lone surrogate",
            r#"["\ud800"]"#,
            Options::default(),
            jet::Category::Syntax,
            "/0",
            "lone surrogate",
        ),
        ("truncated", r#"{"a": [1, 2"#, Options::default(), jet::Category::Eof, "/a/1", "end of input"),
    ];
    for (name, input, opts, category, pointer, message) in cases {
        let err = opts.from_str::<Value>(input).expect_err(name);
        assert_eq!(err.category(), category, "{name}: {err}");
        assert_eq!(err.pointer(), pointer, "{name}: {err}");
        assert!(err.to_string().contains(message), "{name}: {err}");
    }
}

#[test]
fn relaxations() {
    let dup = r#"{"a": 1, "b": 2, "a": 3}"#;
    let v: Value = Options::default().allow_duplicate_names(true).from_str(dup).unwrap();
    assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#, "last one wins, in the first one's place");
    let v: Value = Options::serde_json_compat().from_str(dup).unwrap();
    assert_eq!(v, serde_compatible(dup));

    let big = "[123456789012345678901234567890]";
    let v: Value = Options::serde_json_compat().from_str(big).unwrap();
    assert_eq!(v[0].as_f64(), Some(1.2345678901234568e29), "compat: big integers become f64");
    assert!(
        parse(big)[0].is_f64() && parse(big)[0].as_f64().is_some(),
        "default: text kept, readable as f64"
    );
}

/// serde_json's reading of `text`, converted to a jet value through its text.
fn serde_compatible(text: &str) -> Value {
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    parse(&serde_json::to_string(&v).unwrap())
}

#[test]
fn lossless_numbers() {
    let lossless = Options::default().lossless_numbers(true);
    let cases = [
        "0.1000000000000000000000001",
        "1e2",
        "1E+2",
        "-0",
        "-0.0",
        "123456789012345678901234567890",
        "1e400",
        "2.2250738585072011e-308",
    ];
    for text in cases {
        let v: Value = lossless.from_str(text).unwrap();
        assert_eq!(v.to_string(), text, "{text}");
        assert_eq!(jet::to_string(&v).unwrap(), text, "{text}: serializer");
    }
    // Every number of every corpus file comes back byte for byte.
    for (name, bytes) in corpus() {
        let v: Value = lossless.from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = jet::to_vec(&v).unwrap();
        let (before, after) = (numbers(&bytes), numbers(&out));
        assert!(!before.is_empty() || name.starts_with("string"), "{name}: has numbers");
        assert!(
            before == after,
            "{name}: {} numbers in, {} out, first difference {:?}",
            before.len(),
            after.len(),
            before.iter().zip(&after).find(|(a, b)| a != b)
        );
        let default: Value = jet::from_slice(&bytes).unwrap();
        assert_eq!(v, default, "{name}: lossless values equal the default ones");
    }
}

/// The text of every number in a document, in order.
fn numbers(json: &[u8]) -> Vec<String> {
    let mut reader = jet::text::Reader::from_slice(json);
    let mut out = Vec::new();
    while let Some(token) = reader.next_token().unwrap() {
        if let jet::text::Token::Number(n) = token {
            out.push(n.as_text().unwrap().to_owned());
        }
    }
    out
}

#[test]
fn corpus_equals_serde_json() {
    for (name, bytes) in corpus() {
        let v: Value = jet::from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let reference: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        // The same text (serde_json with preserve_order off sorts members; compare as values).
        let ours: serde_json::Value = serde_json::from_str(&v.to_string()).unwrap();
        assert_eq!(ours, reference, "{name}: values");
        // jet's serializer and Display agree, and serde_json's serializer writes the same.
        let text = jet::to_string(&v).unwrap();
        assert_eq!(text, v.to_string(), "{name}: Display");
        assert_eq!(serde_json::to_string(&v).unwrap(), text, "{name}: serde_json writing a jet Value");
        // Pretty output as serde_json's pretty printer writes it (same member order).
        let pretty = jet::to_string_pretty(&v).unwrap();
        assert_eq!(pretty, format!("{v:#}"), "{name}: {{:#}}");
        assert_eq!(pretty, serde_json::to_string_pretty(&v).unwrap(), "{name}: pretty");
        // Clone and compare.
        assert_eq!(v.clone(), v, "{name}: clone");
        // io::Read in small pieces.
        let chunked = Chunked { bytes: &bytes, rng: Rng(7), min: 1, max: 300 };
        let from_reader: Value = jet::from_reader(chunked).unwrap();
        assert_eq!(from_reader, v, "{name}: from_reader");
        // serde_json reading into a jet Value (the serde path).
        let via_serde: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(via_serde, v, "{name}: serde_json -> jet::Value");
    }
}

#[test]
fn accessors() {
    let v = json!({
        "s": "text", "u": 7, "i": -7, "f": 1.5, "b": true, "n": null,
        "a": [1, 2], "o": {"k": "v"}, "big": 18446744073709551615u64
    });
    assert_eq!(v["s"].as_str(), Some("text"));
    assert_eq!((v["u"].as_u64(), v["u"].as_i64(), v["u"].as_f64()), (Some(7), Some(7), Some(7.0)));
    assert_eq!((v["i"].as_u64(), v["i"].as_i64()), (None, Some(-7)));
    assert_eq!((v["f"].as_i64(), v["f"].as_f64()), (None, Some(1.5)));
    assert_eq!((v["big"].as_u64(), v["big"].as_i64()), (Some(u64::MAX), None));
    assert!(v["u"].is_u64() && v["u"].is_i64() && !v["u"].is_f64());
    assert!(v["i"].is_i64() && !v["i"].is_u64());
    assert!(v["f"].is_f64() && v["f"].is_number());
    assert_eq!(v["b"].as_bool(), Some(true));
    assert_eq!(v["n"].as_null(), Some(()));
    assert_eq!(v["a"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["o"].as_object().map(Map::len), Some(1));
    assert!(
        v["s"].is_string()
            && v["a"].is_array()
            && v["o"].is_object()
            && v["n"].is_null()
            && v["b"].is_boolean()
    );
    // Index: missing keys and wrong kinds read as null; get says None.
    assert_eq!(v["missing"]["deeper"][3], Value::Null);
    assert_eq!(v["a"][9], Value::Null);
    assert_eq!(v.get("a").and_then(|a| a.get(1)), Some(&json!(2)));
    assert_eq!(v.get(0), None);
    assert_eq!(v["a"].get("x"), None);
    // Comparisons with primitives, both ways.
    let owned = String::from("text");
    let comparisons = [
        ("Value == &str", v["s"] == "text"),
        ("&str == Value", "text" == v["s"]),
        ("Value == str", v["s"] == *"text"),
        ("Value == String", v["s"] == owned),
        ("Value == i32", v["u"] == 7),
        ("Value == u8", v["u"] == 7u8),
        ("Value == i64", v["u"] == 7i64),
        ("integer Value == f64", v["u"] == 7.0),
        ("i32 == Value", 7 == v["u"]),
        ("negative", v["i"] == -7),
        ("f32", v["f"] == 1.5f32),
        ("bool", v["b"] == true),
        ("a number is not a string", v["u"] != "7"),
        ("a negative is not a u64", v["i"] != 7u64),
    ];
    for (name, holds) in comparisons {
        assert!(holds, "{name}");
    }
}

#[test]
fn index_mut_and_take() {
    let mut v = Value::Null;
    v["a"]["b"] = json!(1);
    assert_eq!(v, json!({"a": {"b": 1}}), "null becomes an object");
    v["list"] = json!([0, 0]);
    v["list"][1] = json!("x");
    assert_eq!(v["list"], json!([0, "x"]));
    let taken = v["a"].take();
    assert_eq!((taken, &v["a"]), (json!({"b": 1}), &Value::Null));
    *v.pointer_mut("/list/0").unwrap() = json!(true);
    assert_eq!(v["list"][0], true);
    let r = std::panic::catch_unwind(|| {
        let mut v = json!([1]);
        v[5] = json!(0);
    });
    assert!(r.is_err(), "array index out of range panics");
}

#[test]
fn pointers() {
    let v = json!({
        "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
        "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8
    });
    // RFC 6901, section 5.
    let cases: [(&str, Option<Value>); 16] = [
        ("", Some(v.clone())),
        ("/foo", Some(json!(["bar", "baz"]))),
        ("/foo/0", Some(json!("bar"))),
        ("/", Some(json!(0))),
        ("/a~1b", Some(json!(1))),
        ("/c%d", Some(json!(2))),
        ("/e^f", Some(json!(3))),
        ("/g|h", Some(json!(4))),
        ("/i\\j", Some(json!(5))),
        ("/k\"l", Some(json!(6))),
        ("/ ", Some(json!(7))),
        ("/m~0n", Some(json!(8))),
        ("/foo/01", None),
        ("/foo/-", None),
        ("foo", None),
        ("/m~2n", None),
    ];
    for (pointer, expected) in cases {
        assert_eq!(v.pointer(pointer), expected.as_ref(), "{pointer:?}");
    }
}

#[test]
fn maps() {
    let mut m = Map::new();
    assert!(m.is_empty());
    for i in 0..2000 {
        assert_eq!(m.insert(format!("k{i}"), json!(i)), None);
    }
    assert_eq!(m.len(), 2000);
    for i in (0..2000).step_by(7) {
        assert_eq!(m.get(&format!("k{i}")), Some(&json!(i)), "k{i}");
    }
    assert_eq!(m.insert("k5".into(), json!("five")), Some(json!(5)));
    assert_eq!(m.get_index_of("k5"), Some(5), "a replaced member keeps its place");
    assert_eq!(m.remove("k3"), Some(json!(3)));
    assert_eq!(m.get_index_of("k4"), Some(3), "shift_remove keeps the order");
    assert_eq!(m.swap_remove("k0"), Some(json!(0)));
    assert_eq!(m.get_index(0).map(|(k, _)| k.as_str()), Some("k1999"));
    assert_eq!(m.get("k1999"), Some(&json!(1999)));
    m.retain(|k, _| k.ends_with('7'));
    assert_eq!(m.len(), 200);
    assert!(m.contains_key("k1997") && !m.contains_key("k1998"));
    assert_eq!(m.keys().next().map(String::as_str), Some("k7"));
    m.sort_keys();
    assert_eq!(m.keys().take(3).collect::<Vec<_>>(), ["k1007", "k1017", "k1027"]);
    assert_eq!(m["k7"], 7);

    // Entry.
    let mut m = Map::new();
    *m.entry("count").or_insert(json!(0)) = json!(1);
    m.entry("count").and_modify(|v| *v = json!(v.as_u64().unwrap() + 1)).or_insert(json!(0));
    m.entry("list").or_insert_with(|| json!([]));
    assert_eq!(Value::Object(m.clone()), json!({"count": 2, "list": []}));
    if let jet::value::Entry::Occupied(e) = m.entry("list") {
        assert_eq!(e.remove(), json!([]));
    }
    assert_eq!(m.len(), 1);

    // Equality ignores order; iteration follows it.
    let a: Map = [("x", 1), ("y", 2)].into();
    let b: Map = [("y", 2), ("x", 1)].into();
    assert_eq!(a, b);
    assert_eq!(a.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["x", "y"]);
    assert_ne!(a, [("x", 1)].into());
    let values: Vec<Value> = b.into_values().collect();
    assert_eq!(values, [json!(2), json!(1)]);
}

#[test]
fn json_macro() {
    let x = 5;
    let name = String::from("n");
    let cases: [(&str, Value, &str); 10] = [
        ("null", json!(null), "null"),
        ("literals", json!([true, false, null]), "[true,false,null]"),
        ("expressions", json!([x, x * 2, -1, 1.5, "s"]), r#"[5,10,-1,1.5,"s"]"#),
        ("trailing commas", json!({"a": [1, 2,], "b": {},}), r#"{"a":[1,2],"b":{}}"#),
        ("expression keys", json!({name.clone(): 1, (format!("{name}2")): 2}), r#"{"n":1,"n2":2}"#),
        ("nested", json!({"a": {"b": [{"c": null}]}}), r#"{"a":{"b":[{"c":null}]}}"#),
        (
            "Serialize values",
            json!({"v": vec![1u8, 2], "o": Some("x"), "n": None::<i32>}),
            r#"{"v":[1,2],"o":"x","n":null}"#,
        ),
        ("non-finite is null", json!([f64::NAN, f64::INFINITY]), "[null,null]"),
        ("empty", json!([]), "[]"),
        ("a value in a value", json!({"inner": json!([1])}), r#"{"inner":[1]}"#),
    ];
    for (name, v, text) in cases {
        assert_eq!(v.to_string(), text, "{name}");
    }
}

#[test]
fn conversions() {
    assert_eq!(Value::from(vec![1, 2]), json!([1, 2]));
    assert_eq!(Value::from(&[1.5, 2.5][..]), json!([1.5, 2.5]));
    assert_eq!(Value::from(Some("x")), json!("x"));
    assert_eq!(Value::from(None::<bool>), Value::Null);
    assert_eq!(Value::from(f64::NAN), Value::Null);
    assert_eq!(Value::from('c'), json!("c"));
    assert_eq!((1..=3).collect::<Value>(), json!([1, 2, 3]));
    assert_eq!([("a", 1)].into_iter().collect::<Value>(), json!({"a": 1}));
    assert_eq!(Value::from(-3i8), json!(-3));
    assert_eq!(Value::from(3i64), Value::from(3u64), "one form for one integer");
    let v = Value::Array(vec![json!(1)].into());
    let Value::Array(a) = v else { unreachable!() };
    let elements: Vec<Value> = a.into();
    assert_eq!(elements, [json!(1)]);
    let a: Array = vec![json!(1), json!(2)].into_iter().collect();
    assert_eq!(a, vec![json!(1), json!(2)]);

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Point {
        x: i32,
        y: Vec<String>,
    }
    let p = Point { x: -1, y: vec!["a".into()] };
    let v = jet::to_value(&p).unwrap();
    assert_eq!(v, json!({"x": -1, "y": ["a"]}));
    assert_eq!(jet::from_value::<Point>(v).unwrap(), p);
    let err = jet::from_value::<Point>(json!({"x": "no"})).unwrap_err();
    assert_eq!(err.pointer(), "/x");
}

#[test]
fn values_inside_typed_data() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Envelope {
        kind: String,
        payload: Value,
        extra: Option<Map>,
    }
    let text = r#"{"kind":"k","payload":{"a":[1,2.5,"x"],"b":null},"extra":{"z":1}}"#;
    let env: Envelope = jet::from_str(text).unwrap();
    assert_eq!(env.payload["a"][1], 2.5);
    assert_eq!(jet::to_string(&env).unwrap(), text);
    assert_eq!(serde_json::to_string(&env).unwrap(), text);
    let pretty = jet::to_string_pretty(&env).unwrap();
    assert_eq!(pretty, serde_json::to_string_pretty(&env).unwrap());
    // Errors inside the value carry the whole pointer.
    let err = jet::from_str::<Envelope>(r#"{"kind":"k","payload":{"a":[1,{"b":1,"b":2}]}}"#).unwrap_err();
    assert_eq!(err.pointer(), "/payload/a/1");
    // Through serde's buffering (untagged enums).
    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Either {
        Num(u8),
        Any(Value),
    }
    assert_eq!(jet::from_str::<Either>("[1, {\"a\": 2}]").unwrap(), Either::Any(json!([1, {"a": 2}])));
    assert_eq!(jet::from_str::<Either>("3").unwrap(), Either::Num(3));
}

#[test]
fn debug_form() {
    let v = json!({"a": [1, "x", null, true, 2.5]});
    assert_eq!(
        format!("{v:?}"),
        r#"Object {"a": Array [Number(1), String("x"), Null, Bool(true), Number(2.5)]}"#
    );
    assert_eq!(format!("{v:?}"), format!("{:?}", serde_json::json!({"a": [1, "x", null, true, 2.5]})));
}

#[test]
fn size() {
    assert!(std::mem::size_of::<Value>() <= 32 + 8, "{}", std::mem::size_of::<Value>());
}

/// Runs `f` on a thread with a 2 MiB stack.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap();
}

#[test]
fn a_million_levels_deep() {
    const DEEP: usize = 1_000_000;
    small_stack(|| {
        for (open, close) in [("[", "]"), (r#"{"a":"#, "}")] {
            let text = format!("{}0{}", open.repeat(DEEP), close.repeat(DEEP));
            // The default depth limit stops it early.
            let err = jet::from_str::<Value>(&text).unwrap_err();
            assert!(err.to_string().contains("nesting deeper than the limit of 10000"), "{err}");
            let opts = Options::default().max_depth(DEEP + 1);
            let v: Value = opts.from_str(&text).unwrap();
            let copy = v.clone();
            assert!(copy == v);
            assert_eq!(v.to_string(), text, "Display");
            assert_eq!(jet::to_string(&v).unwrap(), text, "jet's serializer");
            assert!(format!("{v:?}").len() > DEEP, "Debug");
            // serde_json's serializer goes through serde's recursion: an error, not an overflow.
            assert!(serde_json::to_string(&v).is_err());
            let mut sorted = copy;
            sorted.sort_all_objects();
            drop(sorted);
            drop(v);
        }
        // Built in code, not parsed.
        let mut v = Value::Null;
        for _ in 0..DEEP {
            v = Value::Array(vec![v].into());
        }
        let mut m = Value::Null;
        for _ in 0..DEEP {
            let mut map = Map::new();
            map.insert("k".into(), m);
            m = Value::Object(map);
        }
        assert!(v.clone() != m);
        drop((v, m));
    });
}

#[test]
fn foreign_serde_round_trip() {
    let v = json!({"a": [1, -2, 2.5, "s", null, true, {"b": {}}], "big": 123456789012345678901234567890u128});
    let text = serde_json::to_string(&v).unwrap();
    assert_eq!(text, v.to_string(), "serde_json writes big integers through u128");
    let back: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(back["a"], v["a"]);
    assert_eq!(back["big"].as_f64(), Some(1.2345678901234568e29), "serde_json reads them as f64");
}

#[test]
fn to_value_equals_the_text_path() {
    use serde::Serialize;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    enum E {
        Unit,
        New(i8),
        Tuple(u8, String),
        Struct { a: f32 },
    }
    #[derive(Serialize)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        One(u64),
    }
    #[derive(Serialize)]
    #[serde(tag = "kind")]
    enum Internal {
        Two { x: i128 },
    }
    #[derive(Serialize)]
    struct Inner {
        z: bool,
    }
    #[derive(Serialize)]
    struct All<'a> {
        e: Vec<E>,
        adjacent: Adjacent,
        internal: Internal,
        #[serde(with = "serde_bytes_like")]
        bytes: &'a [u8],
        map: BTreeMap<u32, Option<&'a str>>,
        number: jet::Number,
        raw: Box<jet::text::RawValue>,
        value: Value,
        #[serde(flatten)]
        inner: Inner,
        big: u128,
        chars: (char, ()),
    }
    mod serde_bytes_like {
        pub fn serialize<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(b)
        }
    }
    let all = All {
        e: vec![E::Unit, E::New(-1), E::Tuple(2, "t".into()), E::Struct { a: 0.5 }],
        adjacent: Adjacent::One(u64::MAX),
        internal: Internal::Two { x: -170141183460469231731687303715884105728 },
        bytes: b"\x00\xffbytes",
        map: [(1, Some("one")), (2, None)].into_iter().collect(),
        number: jet::from_str("1.50").unwrap(),
        raw: jet::from_str(r#"{"raw": [1, 2]}"#).unwrap(),
        value: json!({"v": [true]}),
        inner: Inner { z: true },
        big: u128::MAX,
        chars: ('é', ()),
    };
    let direct = jet::to_value(&all).unwrap();
    let via_text: Value = jet::from_str(&jet::to_string(&all).unwrap()).unwrap();
    assert_eq!(direct, via_text);
    assert_eq!(direct["number"].to_string(), "1.50", "a Number keeps its text");
    assert_eq!(direct["bytes"], "AP9ieXRlcw==");

    // The serializer's rules: a flattened field that repeats a name is an error.
    #[derive(Serialize)]
    struct Clash {
        z: u8,
        #[serde(flatten)]
        inner: Inner,
    }
    let err = jet::to_value(Clash { z: 1, inner: Inner { z: false } }).unwrap_err();
    assert!(err.to_string().contains("duplicate object name \"z\""), "{err}");
    assert_eq!(jet::to_value(f64::NAN).unwrap(), Value::Null);
}
