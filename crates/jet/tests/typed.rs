//! The typed layer (serde): the whole data model both ways, borrowing, errors with pointers,
//! the options that shape it, streams, and the corpus files as Rust types.

mod common;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;

use common::types::{Canada, CitmCatalog, GolangSource, Twitter};
use common::{read, Chunked, Rng};
use jet::Options;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes `value` and reads it back; checks the text against `json` and against serde_json.
fn round_trip<T>(name: &str, value: T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let text = jet::to_string(&value).unwrap_or_else(|e| panic!("{name}: to_string: {e}"));
    assert_eq!(text, json, "{name}: text");
    let back: T = jet::from_str(&text).unwrap_or_else(|e| panic!("{name}: from_str: {e}"));
    assert_eq!(back, value, "{name}: value");
    let back: T = jet::from_reader(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: from_reader: {e}"));
    assert_eq!(back, value, "{name}: value via io::Read");
    let pretty = jet::to_string_pretty(&value).unwrap();
    let back: T = jet::from_str(&pretty).unwrap_or_else(|e| panic!("{name}: pretty: {e}"));
    assert_eq!(back, value, "{name}: value via pretty");
}

/// Like [`round_trip`], and serde_json writes the same text, compact and pretty.
fn round_trip_as_serde_json<T>(name: &str, value: T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    assert_eq!(serde_json::to_string(&value).unwrap(), json, "{name}: serde_json's text");
    assert_eq!(
        jet::to_string_pretty(&value).unwrap(),
        serde_json::to_string_pretty(&value).unwrap(),
        "{name}: pretty text"
    );
    round_trip(name, value, json);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Newtype(i32);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct TupleStruct(i32, String);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, bool),
    Struct { a: u8 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Struct { a: u8 },
    Newtype(Point),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(u8),
    Tuple(u8, bool),
    Struct { a: u8 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Float(f64),
    Text(String),
    List(Vec<Untagged>),
    Point(Point),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    point: Point,
    #[serde(flatten)]
    rest: BTreeMap<String, i64>,
}

/// Bytes through `serialize_bytes` / `deserialize_byte_buf` (what `serde_bytes` does).
#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Bytes, E> {
                Ok(Bytes(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Bytes, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = seq.next_element()? {
                    out.push(b);
                }
                Ok(Bytes(out))
            }
        }
        d.deserialize_byte_buf(V)
    }
}

#[test]
fn primitives() {
    round_trip_as_serde_json("true", true, "true");
    round_trip_as_serde_json("i8 min", i8::MIN, "-128");
    round_trip_as_serde_json("i64 min", i64::MIN, "-9223372036854775808");
    round_trip_as_serde_json("u64 max", u64::MAX, "18446744073709551615");
    round_trip_as_serde_json("i128 min", i128::MIN, "-170141183460469231731687303715884105728");
    round_trip_as_serde_json("u128 max", u128::MAX, "340282366920938463463374607431768211455");
    round_trip_as_serde_json("f64 tenth", 0.1f64, "0.1");
    round_trip_as_serde_json("f64 integral", 1.0f64, "1.0");
    round_trip_as_serde_json("f64 negative zero", -0.0f64, "-0.0");
    round_trip_as_serde_json("f64 large", 1e300f64, "1e+300");
    round_trip_as_serde_json("f64 small", 5e-324f64, "5e-324");
    round_trip_as_serde_json("f64 max", f64::MAX, "1.7976931348623157e+308");
    round_trip_as_serde_json("f32", 0.3f32, "0.3");
    round_trip_as_serde_json("char", 'é', "\"é\"");
    round_trip_as_serde_json("string escapes", "a\"b\\c\n\u{1}\u{7f}\u{2028}".to_string(), r#""a\"b\\c\n\u0001\u{7f}\u{2028}""#.replace("\\u{7f}", "\u{7f}").replace("\\u{2028}", "\u{2028}").as_str());
    round_trip_as_serde_json("unit", (), "null");
    round_trip_as_serde_json("unit struct", Unit, "null");
    round_trip_as_serde_json("newtype struct", Newtype(-5), "-5");
    round_trip_as_serde_json("tuple struct", TupleStruct(1, "x".into()), r#"[1,"x"]"#);
    round_trip_as_serde_json("tuple", (1u8, "two".to_string(), 3.5f64), r#"[1,"two",3.5]"#);
    round_trip_as_serde_json("some", Some(3u8), "3");
    round_trip_as_serde_json("none", None::<u8>, "null");
    round_trip_as_serde_json("nested option", vec![Some(1), None], "[1,null]");
    round_trip_as_serde_json("empty vec", Vec::<u8>::new(), "[]");
    round_trip_as_serde_json("empty map", BTreeMap::<String, u8>::new(), "{}");
    round_trip_as_serde_json("struct", Point { x: 1, y: -2 }, r#"{"x":1,"y":-2}"#);
}

#[test]
fn float_text_round_trips_exactly() {
    let mut rng = Rng(7);
    for _ in 0..20_000 {
        let f = f64::from_bits(rng.next_u64());
        if !f.is_finite() {
            continue;
        }
        let text = jet::to_string(&f).unwrap();
        let back: f64 = jet::from_str(&text).unwrap();
        assert_eq!(back.to_bits(), f.to_bits(), "{text}");
        assert_eq!(text, serde_json::to_string(&f).unwrap());
    }
    for text in
        ["0.9999999999999999", "2.2250738585072011e-308", "2.4703282292062328e-324", "1.7976931348623158e308"]
    {
        let got: f64 = jet::from_str(text).unwrap();
        assert_eq!(got, text.parse::<f64>().unwrap(), "{text}");
    }
    // f32 is rounded once from the text, not through f64.
    let text = "1.00000005960464477539062499";
    assert_eq!(jet::from_str::<f32>(text).unwrap(), text.parse::<f32>().unwrap());
}

#[test]
fn field_names_that_need_escaping() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Odd {
        #[serde(rename = "quote\"d")]
        quoted: u8,
        #[serde(rename = "<tag>&")]
        html: u8,
        plain: u8,
    }
    let value = Odd { quoted: 1, html: 2, plain: 3 };
    // Twice: the second time the serializer knows which names are plain.
    for _ in 0..2 {
        round_trip_as_serde_json(
            "odd names",
            Odd { quoted: 1, html: 2, plain: 3 },
            r#"{"quote\"d":1,"<tag>&":2,"plain":3}"#,
        );
        let html = Options::default().escape_html(true).to_string(&value).unwrap();
        assert_eq!(html, r#"{"quote\"d":1,"\u003ctag\u003e\u0026":2,"plain":3}"#);
    }
}

/// A struct written with the field names it is given: to test the serializer's table of
/// rendered field names with many names, names of every length and both colon forms.
struct Fields(Vec<&'static str>);

impl Serialize for Fields {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Fields", self.0.len())?;
        for (i, &name) in self.0.iter().enumerate() {
            st.serialize_field(name, &i)?;
        }
        st.end()
    }
}

#[test]
fn field_names_of_every_length_and_many_of_them() {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    // Lengths around the rendered form's size (the name, quotes, colon and perhaps a space:
    // 32 bytes at most), plain and with escapes.
    let mut cases: Vec<(&str, Vec<&'static str>)> = Vec::new();
    for len in [0, 1, 7, 8, 15, 16, 27, 28, 29, 30, 31, 32, 33, 64] {
        cases.push(("plain", vec![leak("n".repeat(len)), leak(format!("{}x", "m".repeat(len)))]));
        cases.push(("escaped", vec![leak(format!("{}\"\n", "e".repeat(len)))]));
    }
    // More names than the table first holds, so that it grows with names in it.
    cases.push(("many", (0..1000).map(|i| leak(format!("field_{i}"))).collect()));
    // The same names again: now from the table.
    let again: Vec<_> = cases.iter().map(|(what, names)| (*what, names.clone())).collect();
    cases.extend(again);
    for (what, names) in cases {
        let value = Fields(names);
        // Compact and pretty by turns: one table serves both colon forms.
        for _ in 0..2 {
            assert_eq!(jet::to_string(&value).unwrap(), serde_json::to_string(&value).unwrap(), "{what}");
            assert_eq!(
                jet::to_string_pretty(&value).unwrap(),
                serde_json::to_string_pretty(&value).unwrap(),
                "{what} pretty"
            );
        }
    }
    // A name twice is a duplicate whatever its length; two names that differ only in their
    // last byte are not.
    for len in [0, 5, 29, 30, 40] {
        let name = leak("d".repeat(len));
        let err = jet::to_string(&Fields(vec![name, leak("other".into()), name])).unwrap_err();
        assert_eq!(err.to_string(), format!("duplicate object name \"{name}\""), "{len}");
        let copy = leak(name.to_string());
        assert!(jet::to_string(&Fields(vec![name, copy])).is_err(), "equal names at two addresses, {len}");
        let near = leak(format!("{}e", "d".repeat(len)));
        let longer = leak(format!("{}f", "d".repeat(len)));
        assert!(jet::to_string(&Fields(vec![near, longer])).is_ok(), "{len}");
    }
    // More names than the filter has bits (names numbered 64 apart share one): distinct names
    // pass, and a repeat is found wherever it falls, first written here or in an earlier run.
    let many: Vec<&'static str> = (0..150).map(|i| leak(format!("many{i}"))).collect();
    assert!(jet::to_string(&Fields(many.clone())).is_ok());
    for (first, second) in [(3, 149), (0, 64), (70, 71), (149, 149)] {
        let mut names = many[..=first.max(second)].to_vec();
        names.push(many[first]);
        names.push(leak(format!("fresh{first}")));
        let err = jet::to_string(&Fields(names)).unwrap_err();
        assert_eq!(err.to_string(), format!("duplicate object name \"many{first}\""), "{first} {second}");
    }
}

/// A map's keys of every kind are names of one object: checked against each other for
/// duplicates whatever kind wrote them, and escaped as names.
#[test]
fn map_keys_of_every_kind_are_one_objects_names() {
    /// A key written by `collect_str` (its `Display` text).
    struct Shown(u32);
    impl Serialize for Shown {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(&format_args!("#{}", self.0))
        }
    }
    type Map = Vec<(Key, u8)>;
    /// A map key of each kind a serializer is given.
    enum Key {
        Str(&'static str),
        Int(i64),
        Char(char),
        Bool(bool),
        Shown(u32),
        Float(f64),
    }
    /// A map's members, in the order given.
    struct Members(Map);
    impl Serialize for Members {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in &self.0 {
                match *k {
                    Key::Str(k) => map.serialize_entry(k, v)?,
                    Key::Int(k) => map.serialize_entry(&k, v)?,
                    Key::Char(k) => map.serialize_entry(&k, v)?,
                    Key::Bool(k) => map.serialize_entry(&k, v)?,
                    Key::Shown(k) => map.serialize_entry(&Shown(k), v)?,
                    Key::Float(k) => map.serialize_entry(&k, v)?,
                }
            }
            map.end()
        }
    }
    let cases: Vec<(&str, Map, Result<&str, &str>)> = vec![
        (
            "every kind, distinct",
            vec![
                (Key::Str("a"), 1),
                (Key::Int(-7), 2),
                (Key::Char('é'), 3),
                (Key::Bool(true), 4),
                (Key::Shown(5), 5),
                (Key::Float(1.5), 6),
            ],
            Ok(r##"{"a":1,"-7":2,"é":3,"true":4,"#5":5,"1.5":6}"##),
        ),
        (
            "escaped names",
            vec![(Key::Str("a\"b"), 1), (Key::Char('\n'), 2), (Key::Str("\u{1}"), 3)],
            Ok(r#"{"a\"b":1,"\n":2,"\u0001":3}"#),
        ),
        ("an integer, then its text", vec![(Key::Int(1), 1), (Key::Str("1"), 2)], Err("\"1\"")),
        (
            "a string, then the same integer",
            vec![(Key::Str("x"), 0), (Key::Str("12"), 1), (Key::Int(12), 2)],
            Err("\"12\""),
        ),
        ("a char, then its string", vec![(Key::Char('é'), 1), (Key::Str("é"), 2)], Err("\"é\"")),
        ("a bool, then its text", vec![(Key::Bool(false), 1), (Key::Str("false"), 2)], Err("\"false\"")),
        ("Display text, then the same string", vec![(Key::Shown(3), 1), (Key::Str("#3"), 2)], Err("\"#3\"")),
        ("a float, then its text", vec![(Key::Float(0.25), 1), (Key::Str("0.25"), 2)], Err("\"0.25\"")),
        (
            "the same string twice, far apart",
            (0..100).map(|i| (Key::Int(i), 0)).chain([(Key::Str("42"), 1)]).collect(),
            Err("\"42\""),
        ),
        // Names written with nothing escaped are checked where they stand in the output, the
        // others from a copy: each kind against itself and against the other.
        ("an escaped name twice", vec![(Key::Str("a\"b"), 1), (Key::Str("a\"b"), 2)], Err(r#""a\"b""#)),
        (
            "escaped names between plain ones",
            vec![(Key::Str("a\nb"), 1), (Key::Str("ab"), 2), (Key::Str("a\\b"), 3), (Key::Str("a b"), 4)],
            Ok(r#"{"a\nb":1,"ab":2,"a\\b":3,"a b":4}"#),
        ),
        (
            "an escaped name far from its twin",
            [(Key::Char('\t'), 0)]
                .into_iter()
                .chain((0..100).map(|i| (Key::Int(i), 0)))
                .chain([(Key::Char('\t'), 1)])
                .collect(),
            Err(r#""\t""#),
        ),
        (
            "a name whose escaped text is as long as another's",
            vec![(Key::Str("\"x"), 1), (Key::Str("\\x"), 2), (Key::Str("xyz"), 3)],
            Ok(r#"{"\"x":1,"\\x":2,"xyz":3}"#),
        ),
    ];
    // As a value, the same text is a string.
    assert_eq!(jet::to_string(&[Shown(5), Shown(12)]).unwrap(), r##"["#5","#12"]"##);
    for (name, members, want) in cases {
        let members = Members(members);
        let got = jet::to_string(&members);
        // Indented (a space after each colon), with HTML escaped, and through a writer.
        let pretty = jet::to_string_pretty(&members);
        let html = jet::Options::default().escape_html(true).to_string(&members);
        let mut written = Vec::new();
        let through = jet::to_writer(&mut written, &members).map(|()| String::from_utf8(written).unwrap());
        match want {
            Ok(text) => {
                assert_eq!(got.unwrap(), text, "{name}");
                let value: serde_json::Value = serde_json::from_str(text).unwrap();
                assert_eq!(
                    serde_json::from_str::<serde_json::Value>(&pretty.unwrap()).unwrap(),
                    value,
                    "{name}"
                );
                assert_eq!(
                    serde_json::from_str::<serde_json::Value>(&html.unwrap()).unwrap(),
                    value,
                    "{name}"
                );
                assert_eq!(through.unwrap(), text, "{name}");
            }
            Err(dup) => {
                for (how, got) in [("compact", got), ("pretty", pretty), ("html", html), ("writer", through)]
                {
                    let err = got.unwrap_err().to_string();
                    assert!(err.contains("duplicate") && err.contains(dup), "{name}, {how}: {err}");
                }
            }
        }
    }
}

/// A map's names are checked where the output holds them, so a writer's output handed on
/// (every 64 KiB) must take the open maps' names with it: a duplicate or an error's pointer
/// after the hand-over still finds them.
#[test]
fn map_names_across_a_writers_hand_over() {
    let long = "x".repeat(70_000);
    /// The members in the order given.
    struct Members(Vec<(&'static str, serde_json::Value)>);
    impl Serialize for Members {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in &self.0 {
                map.serialize_entry(k, v)?;
            }
            map.end()
        }
    }
    let text = serde_json::Value::String(long.clone());
    let inner = |v: serde_json::Value| serde_json::json!({ "in": [v] });
    let cases: Vec<(&str, Members, Result<(), &str>)> = vec![
        ("distinct names", Members(vec![("a", text.clone()), ("b", text.clone()), ("c", 1.into())]), Ok(())),
        (
            "a name again after the hand-over",
            Members(vec![("a", text.clone()), ("a", 1.into())]),
            Err(r#"duplicate object name "a""#),
        ),
        (
            "an escaped name again after the hand-over",
            Members(vec![("q\"", text.clone()), ("b", 2.into()), ("q\"", 1.into())]),
            Err(r#"duplicate object name "q\"""#),
        ),
        (
            "an inner map's names across the hand-over",
            Members(vec![("o", serde_json::json!({ "k": long, "j": 1 })), ("p", inner(1.into()))]),
            Ok(()),
        ),
    ];
    for (name, members, want) in cases {
        let mut out = Vec::new();
        let got = jet::to_writer(&mut out, &members);
        match want {
            Ok(()) => {
                got.unwrap();
                let back: BTreeMap<String, serde_json::Value> = serde_json::from_slice(&out).unwrap();
                assert_eq!(back.len(), members.0.len(), "{name}");
            }
            Err(msg) => assert!(got.unwrap_err().to_string().contains(msg), "{name}"),
        }
    }
    // A value's error after the hand-over names its key: the map's names were copied out.
    #[derive(Serialize)]
    struct Late {
        first: BTreeMap<&'static str, (String, f64)>,
    }
    let late = Late { first: [("key/1", (long.clone(), f64::NAN))].into() };
    let err = jet::to_writer(Vec::new(), &late).unwrap_err().to_string();
    assert!(err.contains("/first/key~11/1"), "{err}");
}

#[test]
fn map_keys() {
    let ints: BTreeMap<i32, bool> = [(-1, true), (7, false)].into();
    round_trip_as_serde_json("integer keys", ints, r#"{"-1":true,"7":false}"#);
    let bools: BTreeMap<bool, u8> = [(false, 0), (true, 1)].into();
    round_trip_as_serde_json("bool keys", bools, r#"{"false":0,"true":1}"#);
    let chars: BTreeMap<char, u8> = [('a', 0)].into();
    round_trip_as_serde_json("char keys", chars, r#"{"a":0}"#);
    let big: BTreeMap<u128, u8> = [(u128::MAX, 0)].into();
    round_trip_as_serde_json("u128 keys", big, r#"{"340282366920938463463374607431768211455":0}"#);
    #[derive(Serialize, Deserialize, Debug, PartialEq, PartialOrd, Ord, Eq)]
    enum Color {
        Red,
    }
    let variants: BTreeMap<Color, u8> = [(Color::Red, 1)].into();
    round_trip_as_serde_json("unit variant keys", variants, r#"{"Red":1}"#);

    let err = jet::to_string(&BTreeMap::from([((1, 2), 3)])).unwrap_err();
    assert!(err.to_string().contains("must be a string, number or boolean"), "{err}");

    // Float keys: the text the float has as a value, in quotes; not NaN or an infinity.
    struct Keys<K>(Vec<K>);
    impl<K: Serialize> Serialize for Keys<K> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|k| (k, 0)))
        }
    }
    fn float_key<K: Serialize + Copy + Debug>(name: &str, k: K) {
        let want = format!(r#"{{"{}":0}}"#, jet::to_string(&k).unwrap());
        assert_eq!(jet::to_string(&Keys(vec![k])).unwrap(), want, "{name}: {k:?}");
    }
    for v in [0.0, -0.0, 1.5, -2.25e-7, 1e100, f64::MAX, f64::MIN_POSITIVE, 5e-324] {
        float_key("f64", v);
    }
    for v in [0.0f32, -0.0, 1.5, 3.4028235e38, 1e-45] {
        float_key("f32", v);
    }
    for (name, err) in [
        ("f64 NaN", jet::to_string(&Keys(vec![f64::NAN]))),
        ("f64 infinity", jet::to_string(&Keys(vec![f64::INFINITY]))),
        ("f32 -infinity", jet::to_string(&Keys(vec![f32::NEG_INFINITY]))),
    ] {
        let err = err.unwrap_err().to_string();
        assert!(err.contains("not a non-finite float"), "{name}: {err}");
    }
    let err = jet::from_str::<BTreeMap<u8, u8>>(r#"{"1": 1, "x": 2}"#).unwrap_err();
    assert_eq!(err.to_string(), r#"invalid type: string "x", expected u8 at /x (line 1, column 10, byte 9)"#);
    let err = jet::from_str::<BTreeMap<u8, u8>>(r#"{"300": 1}"#).unwrap_err();
    assert!(err.to_string().starts_with("invalid value: integer `300`, expected u8 at /300"), "{err}");
}

#[test]
fn enums_in_all_four_representations() {
    round_trip_as_serde_json("external unit", External::Unit, r#""Unit""#);
    round_trip_as_serde_json("external newtype", External::Newtype(1), r#"{"Newtype":1}"#);
    round_trip_as_serde_json("external tuple", External::Tuple(1, true), r#"{"Tuple":[1,true]}"#);
    round_trip_as_serde_json("external struct", External::Struct { a: 1 }, r#"{"Struct":{"a":1}}"#);
    round_trip_as_serde_json("internal unit", Internal::Unit, r#"{"type":"Unit"}"#);
    round_trip_as_serde_json("internal struct", Internal::Struct { a: 1 }, r#"{"type":"Struct","a":1}"#);
    round_trip_as_serde_json(
        "internal newtype",
        Internal::Newtype(Point { x: 1, y: 2 }),
        r#"{"type":"Newtype","x":1,"y":2}"#,
    );
    round_trip_as_serde_json("adjacent unit", Adjacent::Unit, r#"{"t":"Unit"}"#);
    round_trip_as_serde_json("adjacent newtype", Adjacent::Newtype(1), r#"{"t":"Newtype","c":1}"#);
    round_trip_as_serde_json("adjacent tuple", Adjacent::Tuple(1, false), r#"{"t":"Tuple","c":[1,false]}"#);
    round_trip_as_serde_json("adjacent struct", Adjacent::Struct { a: 1 }, r#"{"t":"Struct","c":{"a":1}}"#);
    round_trip_as_serde_json("untagged int", Untagged::Int(-3), "-3");
    round_trip_as_serde_json("untagged float", Untagged::Float(2.5), "2.5");
    round_trip_as_serde_json("untagged text", Untagged::Text("x\"y".into()), r#""x\"y""#);
    round_trip_as_serde_json(
        "untagged nested",
        Untagged::List(vec![Untagged::Int(1), Untagged::Point(Point { x: 0, y: 0 })]),
        r#"[1,{"x":0,"y":0}]"#,
    );
    round_trip_as_serde_json(
        "flatten",
        Flattened { id: 1, point: Point { x: 2, y: 3 }, rest: [("z".to_string(), 4)].into() },
        r#"{"id":1,"x":2,"y":3,"z":4}"#,
    );
    // The object form of a unit variant, as serde_json accepts it.
    assert_eq!(jet::from_str::<External>(r#"{"Unit": null}"#).unwrap(), External::Unit);
    let cases: &[(&str, &str, &str)] = &[
        ("unknown variant", r#""Nope""#, "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct` (line 1, column 1, byte 0)"),
        ("two members", r#"{"Newtype": 1, "Unit": null}"#, "expected '}' after the variant: an enum is an object of one member at /Newtype (line 1, column 16, byte 15)"),
        ("empty object", "{}", "expected the variant's name: an enum is an object of one member (line 1, column 3, byte 2)"),
        ("unit given data", r#""Newtype""#, "invalid type: unit variant, expected newtype variant (line 1, column 1, byte 0)"),
        ("number", "1", "invalid type: integer `1`, expected enum External (line 1, column 1, byte 0)"),
    ];
    for (name, input, want) in cases {
        let err = jet::from_str::<External>(input).unwrap_err();
        assert_eq!(err.to_string(), *want, "{name}");
    }
}

#[test]
fn bytes_are_base64_by_default_and_arrays_on_request() {
    let value = Bytes(vec![0, 1, 2, 250, 255]);
    round_trip("base64", Bytes(value.0.clone()), r#""AAEC+v8=""#);
    round_trip("empty base64", Bytes(vec![]), r#""""#);
    let compat = Options::serde_json_compat();
    assert_eq!(
        compat.to_string(&value).unwrap(),
        serde_json::to_string(&serde_json_bytes(&value.0)).unwrap()
    );
    assert_eq!(compat.to_string(&value).unwrap(), "[0,1,2,250,255]");
    assert_eq!(compat.from_str::<Bytes>("[0,1,2,250,255]").unwrap(), value);
    let err = jet::from_str::<Bytes>(r#""not base64!""#).unwrap_err();
    assert!(err.to_string().starts_with("invalid base64 string"), "{err}");
    let err = jet::from_str::<Bytes>("[1, 2]").unwrap_err();
    assert_eq!(err.to_string(), "invalid type: sequence, expected bytes (line 1, column 1, byte 0)");
}

/// What serde_json writes for bytes: `serialize_bytes` → an array of numbers.
fn serde_json_bytes(bytes: &[u8]) -> serde_json::Value {
    struct B<'a>(&'a [u8]);
    impl Serialize for B<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    serde_json::to_value(B(bytes)).unwrap()
}

#[test]
fn borrowed_strings_are_zero_copy() {
    #[derive(Deserialize, Debug)]
    struct Borrowed<'a> {
        text: &'a str,
        #[serde(borrow)]
        cow: Cow<'a, str>,
        bytes: &'a [u8],
    }
    let input = r#"{"text": "plain", "cow": "also plain", "bytes": "raw"}"#;
    let opts = Options::default().bytes_as_array(true);
    let b: Borrowed = opts.from_str(input).unwrap();
    let range = input.as_bytes().as_ptr_range();
    assert!(range.contains(&b.text.as_ptr()), "&str points into the input");
    assert!(matches!(b.cow, Cow::Borrowed(_)), "Cow borrows an unescaped string");
    assert!(range.contains(&b.bytes.as_ptr()));
    assert_eq!((b.text, &*b.cow, b.bytes), ("plain", "also plain", &b"raw"[..]));

    // An escaped string cannot be lent: a clear error for &str, a copy for Cow.
    let err = jet::from_str::<Borrowed>(r#"{"text": "a\nb", "cow": "", "bytes": ""}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid type: string "a\nb", expected a borrowed string at /text (line 1, column 10, byte 9)"#
    );
    let b: Borrowed = opts.from_str(r#"{"text": "", "cow": "a\nb", "bytes": ""}"#).unwrap();
    assert!(matches!(b.cow, Cow::Owned(ref s) if s == "a\nb"));
}

#[test]
fn errors_name_the_place() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct User {
        name: String,
        followers_count: u64,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        statuses: Vec<Status>,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Status {
        user: User,
    }
    let doc = "{\"statuses\": [\n  {\"user\": {\"name\": \"a\", \"followers_count\": 1}},\n  {\"user\": {\"name\": \"b\", \"followers_count\": \"x\"}}\n]}";
    let err = jet::from_str::<Doc>(doc).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid type: string "x", expected u64 at /statuses/1/user/followers_count (line 3, column 45, byte 108)"#
    );
    assert!(err.is_data());
    assert_eq!(err.snippet(doc.as_bytes()).unwrap().lines().nth(1).unwrap().find('^'), Some(44));

    type Map = BTreeMap<String, i64>;
    let cases: &[(&str, &str, &str)] = &[
        ("missing field", r#"{"statuses": [{"user": {"name": "a"}}]}"#, "missing field `followers_count` at /statuses/0/user (line 1, column 36, byte 35)"),
        ("wrong container", r#"{"statuses": {}}"#, "invalid type: map, expected a sequence at /statuses (line 1, column 14, byte 13)"),
        ("null into integer", r#"{"statuses": [{"user": {"name": "a", "followers_count": null}}]}"#, "invalid type: null, expected u64 at /statuses/0/user/followers_count (line 1, column 57, byte 56)"),
        ("negative into unsigned", r#"{"statuses": [{"user": {"name": "a", "followers_count": -1}}]}"#, "invalid value: integer `-1`, expected u64 at /statuses/0/user/followers_count (line 1, column 57, byte 56)"),
        ("fraction into integer", r#"{"statuses": [{"user": {"name": "a", "followers_count": 1.5}}]}"#, "invalid type: floating point `1.5`, expected u64 at /statuses/0/user/followers_count (line 1, column 57, byte 56)"),
        ("beyond u64", r#"{"statuses": [{"user": {"name": "a", "followers_count": 18446744073709551616}}]}"#, "number 18446744073709551616 is out of range for u64 at /statuses/0/user/followers_count (line 1, column 57, byte 56)"),
        ("duplicate in struct", r#"{"statuses": [{"user": {"name": "a", "name": "b"}}]}"#, r#"duplicate object name "name" at /statuses/0/user (line 1, column 38, byte 37)"#),
        ("syntax", r#"{"statuses": [{"user": {"name": "a",}}]}"#, "trailing comma before '}' at /statuses/0/user (line 1, column 37, byte 36)"),
        ("trailing data", r#"{"statuses": []} {}"#, "trailing data after the value: '{' (line 1, column 18, byte 17)"),
    ];
    for (name, input, want) in cases {
        assert_eq!(jet::from_str::<Doc>(input).unwrap_err().to_string(), *want, "{name}");
    }
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let err = jet::from_str::<serde::de::IgnoredAny>(&deep).unwrap_err();
    let want = format!(
        "nesting deeper than the limit of 128 at {} (line 1, column 129, byte 128)",
        "/0".repeat(128)
    );
    assert_eq!(err.to_string(), want);
    // Maps reject duplicates too (the reader sees every object).
    let err = jet::from_str::<Map>(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap_err();
    assert_eq!(err.to_string(), r#"duplicate object name "a" (line 1, column 18, byte 17)"#);
    // Numbers out of the target's range.
    let cases: &[(&str, &str)] = &[
        ("300", "invalid value: integer `300`, expected u8 (line 1, column 1, byte 0)"),
        ("-129", "invalid value: integer `-129`, expected i8 (line 1, column 1, byte 0)"),
    ];
    assert_eq!(jet::from_str::<u8>(cases[0].0).unwrap_err().to_string(), cases[0].1);
    assert_eq!(jet::from_str::<i8>(cases[1].0).unwrap_err().to_string(), cases[1].1);
    assert_eq!(
        jet::from_str::<f64>("1e400").unwrap_err().to_string(),
        "number 1e400 is out of range for f64 (line 1, column 1, byte 0)"
    );
    assert_eq!(
        jet::from_str::<f32>("1e39").unwrap_err().to_string(),
        "number 1e39 is out of range for f32 (line 1, column 1, byte 0)"
    );
    assert_eq!(
        jet::from_str::<f64>("-1e400").unwrap_err().to_string(),
        "number -1e400 is out of range for f64 (line 1, column 1, byte 0)"
    );
    assert_eq!(jet::from_str::<f64>("1e-400").unwrap(), 0.0);
    assert!(jet::from_str::<f64>("-1e-400").unwrap().is_sign_negative());
    assert!(jet::from_str::<f64>("-0").unwrap().is_sign_negative());
    assert_eq!(jet::from_str::<i64>("-0").unwrap(), 0);
    assert_eq!(
        jet::from_str::<i128>("1e3").unwrap_err().to_string(),
        "invalid type: floating point `1000.0`, expected i128 (line 1, column 1, byte 0)"
    );
    assert_eq!(
        jet::from_str::<u128>("340282366920938463463374607431768211456").unwrap_err().to_string(),
        "number 340282366920938463463374607431768211456 is out of range for u128 (line 1, column 1, byte 0)"
    );
}

/// Object names and `}` where a struct or map wants them take the reader's short way (names
/// without escapes, whole in the window). Everything it does not take, and every error, must
/// come out as the general token step gives it: compared here with the `Value` builder, which
/// takes the general step, through a slice and through reads of 1 to 7 bytes.
#[test]
fn object_names_read_the_short_way_agree_with_the_general_step() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Pair {
        a: Tree,
        b: Option<Tree>,
    }
    /// Maps all the way down, so that inner objects take the short way too.
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Tree {
        Leaf(u32),
        Node(BTreeMap<String, Tree>),
    }
    let cases: &[(&str, &str)] = &[
        ("compact", r#"{"a":1,"b":2}"#),
        ("spaced", "{ \"a\" : 1 ,\n\t\"b\"\r\n: 2 }"),
        ("empty", "{ }"),
        ("escaped name", r#"{"\u0061":1,"b":2}"#),
        ("escaped second name", r#"{"a":1,"\u0062":2}"#),
        ("duplicate", r#"{"a":1,"a":2}"#),
        ("duplicate escaped", r#"{"a":1,"\u0061":2}"#),
        ("duplicate after spaces", "{\"a\":1 ,  \"a\":2}"),
        ("leading comma", r#"{,"a":1}"#),
        ("trailing comma", r#"{"a":1,}"#),
        ("trailing comma spaced", "{\"a\":1 , }"),
        ("missing comma", r#"{"a":1 "b":2}"#),
        ("double comma", r#"{"a":1,,"b":2}"#),
        ("name not a string", r#"{"a":1,b:2}"#),
        ("number as name", r#"{1:2}"#),
        ("unclosed name", r#"{"a":1,"b"#),
        ("cut after comma", r#"{"a":1,"#),
        ("cut after value", r#"{"a":1"#),
        ("control byte in name", "{\"a\":1,\"b\u{1}\":2}"),
        ("invalid UTF-8 in name", "{\"a\":1,\"\u{fffd}\":2}"),
        ("nested", r#"{"a":{"a":1,"a":2}}"#),
    ];
    for &(name, text) in cases {
        let mut bytes = text.as_bytes().to_vec();
        if name == "invalid UTF-8 in name" {
            let at = bytes.windows(3).position(|w| w == "\u{fffd}".as_bytes()).unwrap();
            bytes.splice(at..at + 3, [0xC3, 0x28, b'x']);
        }
        let general = jet::from_slice::<jet::Value>(&bytes).map(|_| ());
        let as_map = jet::from_slice::<BTreeMap<String, Tree>>(&bytes).map(|_| ());
        let as_struct = jet::from_slice::<Pair>(&bytes);
        let describe = |r: &Result<(), jet::Error>| {
            r.as_ref().map_err(|e| (e.to_string(), e.pointer().to_owned())).cloned()
        };
        assert_eq!(describe(&as_map), describe(&general), "{name}: map");
        // A struct adds its own data errors (a missing `a`); syntax and duplicate names must
        // be the reader's.
        if let Err(e) = &general {
            assert_eq!(as_struct.as_ref().unwrap_err().to_string(), e.to_string(), "{name}: struct");
        }
        for seed in 0..8 {
            let reader = Chunked { bytes: &bytes, rng: Rng(0x9E37_79B9_7F4A_7C15 ^ seed), min: 1, max: 8 };
            let streamed = jet::from_reader::<_, BTreeMap<String, Tree>>(reader).map(|_| ());
            assert_eq!(describe(&streamed), describe(&general), "{name}: map through io::Read, seed {seed}");
        }
    }
}

/// Struct fields are first compared with the input's bytes, in the order of the struct, and
/// checked for duplicates by their index rather than by the reader: names that need escaping,
/// names that are prefixes of others, escaped spellings of a field and fields out of order must
/// read as the reader's general step reads them.
#[test]
fn struct_fields_compared_as_bytes_read_as_the_general_step_reads_them() {
    #[derive(Deserialize, Debug, PartialEq, Default)]
    #[serde(default)]
    struct Odd {
        ab: Option<u8>,
        a: Option<u8>,
        #[serde(rename = "")]
        empty: Option<u8>,
        #[serde(rename = "été")]
        ete: Option<u8>,
        long_name_of_more_than_sixteen_bytes: Option<u8>,
        #[serde(rename = "quote\"d")]
        quoted: Option<u8>,
        #[serde(rename = "back\\slash")]
        back: Option<u8>,
        #[serde(rename = "x\\by")]
        xby: Option<u8>,
        #[serde(rename = "tab\there")]
        tab: Option<u8>,
    }
    let ok = |f: fn(&mut Odd)| {
        let mut odd = Odd::default();
        f(&mut odd);
        Ok(odd)
    };
    let err = |message: &str| Err(message.to_owned());
    // Every field, in order, set to 1 to 9.
    let every: fn(&mut Odd) = |o| {
        *o = Odd {
            ab: Some(1),
            a: Some(2),
            empty: Some(3),
            ete: Some(4),
            long_name_of_more_than_sixteen_bytes: Some(5),
            quoted: Some(6),
            back: Some(7),
            xby: Some(8),
            tab: Some(9),
        }
    };
    let cases: Vec<(&str, &str, Result<Odd, String>)> = vec![
        ("empty object", "{}", ok(|_| ())),
        (
            "every field in order",
            r#"{"ab":1,"a":2,"":3,"été":4,"long_name_of_more_than_sixteen_bytes":5,"quote\"d":6,"back\\slash":7,"x\\by":8,"tab\there":9}"#,
            ok(every),
        ),
        (
            "backwards",
            r#"{"été":8,"a":7,"ab":6,"":5}"#,
            ok(|o| (o.ete, o.a, o.ab, o.empty) = (Some(8), Some(7), Some(6), Some(5))),
        ),
        ("spaced", "{ \"ab\" : 6 ,\n \"a\"\t: 7 }", ok(|o| (o.ab, o.a) = (Some(6), Some(7)))),
        ("a name that is the start of the next field's", r#"{"a":7}"#, ok(|o| o.a = Some(7))),
        ("a name the next field's is the start of", r#"{"abc":1,"ab":6}"#, ok(|o| o.ab = Some(6))),
        ("an escape spelling another name", r#"{"x\by":3}"#, ok(|_| ())),
        (
            "an escaped field name",
            r#"{"\u00e9t\u00e9":8,"\u0061b":6}"#,
            ok(|o| (o.ete, o.ab) = (Some(8), Some(6))),
        ),
        (
            "a quote ending the name early",
            r#"{"ab":1,"a":2,"":3,"été":4,"long_name_of_more_than_sixteen_bytes":5,"quote"d":6}"#,
            err("expected ':' after an object name"),
        ),
        ("a backslash that is not an escape", r#"{"back\slash":2}"#, err("invalid escape")),
        (
            "a raw tab",
            "{\"quote\\\"d\":1,\"back\\\\slash\":2,\"x\\\\by\":3,\"tab\there\":4}",
            err("control character"),
        ),
        // A field twice where the reader has not checked the name the first time (the
        // field expected next), then where it has.
        (
            "a field twice",
            r#"{"ab":6,"a":7,"ab":6}"#,
            err(r#"duplicate object name "ab" (line 1, column 15, byte 14)"#),
        ),
        (
            "a field twice, first out of order",
            r#"{"a":7,"ab":6,"a":7}"#,
            err(r#"duplicate object name "a" (line 1, column 15, byte 14)"#),
        ),
        (
            "a field then its escaped spelling",
            r#"{"ab":6,"a\u0062":6}"#,
            err(r#"duplicate object name "ab""#),
        ),
        (
            "an escaped spelling then the field",
            r#"{"\u0061":7,"ab":6,"a":7}"#,
            err(r#"duplicate object name "a""#),
        ),
        (
            "an escaped spelling then the field, out of order",
            r#"{"\u0061b":6,"a":7,"ab":6}"#,
            err(r#"duplicate object name "ab""#),
        ),
        ("the empty name twice", r#"{"a":7,"":1,"":2}"#, err(r#"duplicate object name """#)),
        ("the empty name twice, first out of order", r#"{"":1,"":2}"#, err(r#"duplicate object name """#)),
        ("an unknown name twice", r#"{"zz":1,"a":7,"zz":2}"#, err(r#"duplicate object name "zz""#)),
        (
            "a field in an inner object",
            r#"{"a":7,"ab":{"a":1}}"#,
            err("invalid type: map, expected u8 at /ab"),
        ),
        (
            "a bad value after a field",
            r#"{"ab":6,"a":"x"}"#,
            err(r#"invalid type: string "x", expected u8 at /a"#),
        ),
        // Past the last field the struct's `}` is read at once when it comes next; anything
        // else there reads as the general step reads it.
        (
            "every field, then spaces and the end",
            "{\"ab\":1,\"a\":2,\"\":3,\"été\":4,\"long_name_of_more_than_sixteen_bytes\":5,\"quote\\\"d\":6,\"back\\\\slash\":7,\"x\\\\by\":8,\"tab\\there\":9 \n }",
            ok(every),
        ),
        (
            "every field, then a trailing comma",
            r#"{"ab":1,"a":2,"":3,"été":4,"long_name_of_more_than_sixteen_bytes":5,"quote\"d":6,"back\\slash":7,"x\\by":8,"tab\there":9,}"#,
            err("trailing comma before '}' (line 1, column 124, byte 123)"),
        ),
        (
            "every field, then the last again",
            r#"{"ab":1,"a":2,"":3,"été":4,"long_name_of_more_than_sixteen_bytes":5,"quote\"d":6,"back\\slash":7,"x\\by":8,"tab\there":9,"tab\there":9}"#,
            err(r#"duplicate object name "tab\there" (line 1, column 124, byte 123)"#),
        ),
        (
            "every field, then an unknown one",
            r#"{"ab":1,"a":2,"":3,"été":4,"long_name_of_more_than_sixteen_bytes":5,"quote\"d":6,"back\\slash":7,"x\\by":8,"tab\there":9,"zz":0}"#,
            ok(every),
        ),
        // After a field found by its bytes, the colon and the value's first byte are read
        // with the name when they follow it (`"a":1`, `"a": 1`); any other spacing, and
        // whatever is wrong there, must read as the general step reads it.
        ("one space after each colon", r#"{"ab": 6, "a": 7}"#, ok(|o| (o.ab, o.a) = (Some(6), Some(7)))),
        ("two spaces after a colon", r#"{"ab":  6}"#, ok(|o| o.ab = Some(6))),
        ("a line break after a colon", "{\"ab\":\n6,\"a\": \n\t7}", ok(|o| (o.ab, o.a) = (Some(6), Some(7)))),
        ("a null after a colon", r#"{"ab":null,"a": null}"#, ok(|_| ())),
        ("nulls, spaced and last", "{\"ab\":null ,\"a\": null\n,\"\":null}", ok(|_| ())),
        (
            "a byte touching a null",
            r#"{"ab":nullx}"#,
            err("expected ',' or '}' after an object member, found 'x' at /ab (line 1, column 11, byte 10)"),
        ),
        (
            "a null then a value",
            r#"{"ab":null 1}"#,
            err("expected ',' or '}' after an object member, found '1' at /ab (line 1, column 12, byte 11)"),
        ),
        (
            "nothing after the colon",
            r#"{"ab":"#,
            err("unexpected end of input in an object at /ab (line 1, column 7, byte 6)"),
        ),
        (
            "a space and nothing after the colon",
            r#"{"ab": "#,
            err("unexpected end of input in an object at /ab (line 1, column 8, byte 7)"),
        ),
        (
            "a '}' after the colon",
            r#"{"ab":}"#,
            err("expected a value, found '}' at /ab (line 1, column 7, byte 6)"),
        ),
        (
            "a ',' after the colon",
            r#"{"ab": ,"a":7}"#,
            err("expected a value, found ',' at /ab (line 1, column 8, byte 7)"),
        ),
        ("two colons", r#"{"ab"::6}"#, err("expected a value, found ':' at /ab (line 1, column 7, byte 6)")),
        (
            "a bad value after a spaced colon",
            r#"{"ab": "x"}"#,
            err(r#"invalid type: string "x", expected u8 at /ab (line 1, column 8, byte 7)"#),
        ),
        (
            "a bad literal after a colon",
            r#"{"ab":nul}"#,
            err("expected 'null', found '}' at /ab (line 1, column 10, byte 9)"),
        ),
    ];
    for (what, text, want) in cases {
        let describe = |r: Result<Odd, jet::Error>| r.map_err(|e| e.to_string());
        let got = describe(jet::from_str::<Odd>(text));
        match (&got, &want) {
            (Ok(got), Ok(want)) => {
                assert_eq!(got, want, "{what}");
                assert_eq!(&serde_json::from_str::<Odd>(text).unwrap(), want, "{what}: serde_json");
            }
            (Err(got), Err(want)) => assert!(got.starts_with(want.as_str()), "{what}: {got}"),
            _ => panic!("{what}: got {got:?}, want {want:?}"),
        }
        // Names cut by the window of an io::Read are read by the general step.
        for seed in 0..8 {
            let reader = Chunked { bytes: text.as_bytes(), rng: Rng(0x5EED ^ seed), min: 1, max: 6 };
            assert_eq!(describe(jet::from_reader::<_, Odd>(reader)), got, "{what}: io::Read, seed {seed}");
        }
    }

    // Which fields may be compared as bytes is kept per list of fields, in a cache: many
    // lists read by turns (lists inside one another among them) must each keep their own.
    struct Keys(&'static [&'static str]);
    impl<'de> serde::de::DeserializeSeed<'de> for Keys {
        type Value = Vec<String>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
            struct Collect;
            impl<'de> serde::de::Visitor<'de> for Collect {
                type Value = Vec<String>;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a struct")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut map: A,
                ) -> Result<Vec<String>, A::Error> {
                    let mut keys = Vec::new();
                    while let Some(key) = map.next_key::<String>()? {
                        map.next_value::<serde::de::IgnoredAny>()?;
                        keys.push(key);
                    }
                    Ok(keys)
                }
            }
            d.deserialize_struct("Keys", self.0, Collect)
        }
    }
    let read = |fields: &'static [&'static str], text: &str| {
        let mut de = jet::Deserializer::from_str(text);
        serde::de::DeserializeSeed::deserialize(Keys(fields), &mut de).map_err(|e| e.to_string())
    };
    let all: &'static [&'static str] = Box::leak(
        (0..300)
            .map(|i| {
                &*Box::leak(if i % 3 == 0 { format!("q\"{i}") } else { format!("p{i}") }.into_boxed_str())
            })
            .collect(),
    );
    for round in 0..3 {
        for start in 0..all.len() - 1 {
            for fields in [&all[start..], &all[start..start + 2]] {
                let first = fields[0];
                let json = serde_json::to_string(first).unwrap();
                assert_eq!(
                    read(fields, &format!("{{{json}:1}}")),
                    Ok(vec![first.to_owned()]),
                    "{round} {start}"
                );
                // The unescaped form of a name that needs escaping ends the string early.
                let raw = format!("{{\"{first}\":1}}");
                assert_eq!(read(fields, &raw).is_err(), first.contains('"'), "{round} {start}: {raw}");
            }
        }
    }

    // Past 64 fields the reader checks the names: a field twice is found wherever it falls,
    // with a visitor that checks nothing itself (`Keys`).
    let fields: &'static [&'static str] =
        Box::leak((0..70).map(|i| &*Box::leak(format!("f{i}").into_boxed_str())).collect());
    let object = |names: &[String]| {
        let members: Vec<String> = names.iter().map(|n| format!("\"{n}\":0")).collect();
        format!("{{{}}}", members.join(","))
    };
    let all: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    assert_eq!(read(fields, &object(&all)), Ok(all.clone()));
    for twice in [0, 3, 63, 64, 69] {
        let mut names = all.clone();
        names.push(all[twice].clone());
        let err = read(fields, &object(&names)).unwrap_err();
        assert!(err.starts_with(&format!("duplicate object name \"f{twice}\"")), "{twice}: {err}");
        let mut names = all[..=twice].to_vec();
        names.insert(0, all[twice].clone());
        assert!(read(fields, &object(&names)).is_err(), "{twice} first");
    }
}

#[test]
fn encode_errors_name_the_place() {
    let err = jet::to_string(&BTreeMap::from([("a", vec![1.0, f64::NAN])])).unwrap_err();
    assert_eq!(err.to_string(), "NaN and infinity cannot be written as JSON numbers at /a/1");
    assert!(err.is_data());
    #[derive(Serialize)]
    struct Collide {
        a: u8,
        #[serde(flatten)]
        more: BTreeMap<String, u8>,
    }
    let value = Collide { a: 1, more: [("a".to_string(), 2)].into() };
    let err = jet::to_string(&value).unwrap_err();
    assert_eq!(err.to_string(), r#"duplicate object name "a""#);
    let relaxed = Options::default().allow_duplicate_names(true);
    assert_eq!(relaxed.to_string(&value).unwrap(), r#"{"a":1,"a":2}"#);
    assert_eq!(serde_json::to_string(&value).unwrap(), r#"{"a":1,"a":2}"#);

    // Renamed struct fields can collide; pointers name struct fields too.
    #[derive(Serialize)]
    struct Renamed {
        a: u8,
        b: Vec<f64>,
        #[serde(rename = "a")]
        c: u8,
    }
    let err = jet::to_string(&Renamed { a: 1, b: vec![], c: 2 }).unwrap_err();
    assert_eq!(err.to_string(), r#"duplicate object name "a""#);
    #[derive(Serialize)]
    struct Outer {
        list: Vec<Renamed>,
    }
    let err =
        jet::to_string(&Outer { list: vec![Renamed { a: 1, b: vec![0.5, f64::NAN], c: 2 }] }).unwrap_err();
    assert_eq!(err.to_string(), "NaN and infinity cannot be written as JSON numbers at /list/0/b/1");
    let relaxed = Options::default().allow_duplicate_names(true);
    assert_eq!(relaxed.to_string(&Renamed { a: 1, b: vec![], c: 2 }).unwrap(), r#"{"a":1,"b":[],"a":2}"#);

    // A custom error from a Serialize implementation gets the pointer.
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no can do"))
        }
    }
    let err = jet::to_string(&BTreeMap::from([("k", vec![Fails])])).unwrap_err();
    assert_eq!(err.to_string(), "no can do at /k/0");

    // Nesting deeper than the typed limit is refused before the stack is at risk.
    let mut deep = serde_json::Value::Null;
    for _ in 0..200 {
        deep = serde_json::Value::Array(vec![deep]);
    }
    let err = jet::to_string(&deep).unwrap_err();
    assert!(err.to_string().starts_with("nesting deeper than the limit of 128"), "{err}");
    assert!(Options::default().max_recursion(300).to_string(&deep).is_ok());
}

/// Arrays read element by element end where they should, and their errors say where, from a
/// slice and from a reader that hands over one byte at a time (a `]` after a refill).
#[test]
fn array_ends() {
    type Pair = (u8, u8);
    fn show<T: Debug>(r: jet::Result<T>) -> String {
        match r {
            Ok(v) => format!("{v:?}"),
            Err(e) => format!("error at {}: {}", e.offset(), e.message()),
        }
    }
    fn both<T: DeserializeOwned + Debug>(input: &str) -> (String, String) {
        let chunks = Chunked { bytes: input.as_bytes(), rng: Rng(1), min: 1, max: 1 };
        (show(jet::from_str::<T>(input)), show(jet::from_reader::<_, T>(chunks)))
    }
    let cases: Vec<(&str, (String, String), &str)> = vec![
        ("empty", both::<Vec<u8>>("[]"), "[]"),
        ("spaced", both::<Vec<u8>>(" [ 1 , 2 ] "), "[1, 2]"),
        ("nested", both::<Vec<Vec<u8>>>("[[],[1],[ ]]"), "[[], [1], []]"),
        ("pairs", both::<Vec<Pair>>("[[1,2],[3,4]]"), "[(1, 2), (3, 4)]"),
        ("trailing comma", both::<Vec<u8>>("[1,]"), "error at 3: trailing comma before ']'"),
        ("leading comma", both::<Vec<u8>>("[,1]"), "error at 1: expected a value, found ','"),
        (
            "no comma",
            both::<Vec<u8>>("[1 2]"),
            "error at 3: expected ',' or ']' after an array element, found '2'",
        ),
        ("cut", both::<Vec<u8>>("[1"), "error at 2: unexpected end of input in an array"),
        ("tuple too long", both::<Pair>("[1,2,3]"), "error at 5: the array has more elements than expected"),
        ("tuple too short", both::<Pair>("[1]"), "error at 2: invalid length 1, expected a tuple of size 2"),
        (
            "tuple then more",
            both::<Vec<Pair>>("[[1,2] [3,4]]"),
            "error at 7: expected ',' or ']' after an array element, found '['",
        ),
    ];
    let mut wrong = Vec::new();
    for (name, (slice, reader), want) in cases {
        if slice != want || reader != want {
            wrong.push(format!("{name}: slice {slice:?}, reader {reader:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Number, string and bool targets read their token in one step and hand anything else to
/// the general step: every kind of token, every place a value stands (top level, after `[`,
/// `,` and `:`, behind a peek), cut tokens and the end of input; from a slice and a one-byte
/// reader.
#[test]
fn scalar_targets() {
    #[derive(Deserialize, Debug)]
    struct S {
        #[allow(dead_code)]
        n: u8,
        #[allow(dead_code)]
        f: Option<f64>,
    }
    fn show<T: Debug>(r: jet::Result<T>) -> String {
        match r {
            Ok(v) => format!("{v:?}"),
            Err(e) => format!("error at {} {:?}: {}", e.offset(), e.pointer(), e.message()),
        }
    }
    fn both<T: DeserializeOwned + Debug>(input: &str) -> (String, String) {
        let chunks = Chunked { bytes: input.as_bytes(), rng: Rng(1), min: 1, max: 1 };
        (show(jet::from_str::<T>(input)), show(jet::from_reader::<_, T>(chunks)))
    }
    let cases: Vec<(&str, (String, String), &str)> = vec![
        ("top level", both::<u64>(" 17 "), "17"),
        ("top level float", both::<f64>("-2.5e-3"), "-0.0025"),
        ("in an array", both::<Vec<i32>>("[1, -2,3]"), "[1, -2, 3]"),
        ("floats", both::<Vec<f64>>("[0.1,1e2, -0]"), "[0.1, 100.0, -0.0]"),
        ("struct", both::<S>(r#"{"n": 7, "f": 1.5}"#), "S { n: 7, f: Some(1.5) }"),
        ("behind a peek", both::<Vec<Option<u8>>>("[null, 3]"), "[None, Some(3)]"),
        ("string", both::<u8>(r#""7""#), r#"error at 0 "": invalid type: string "7", expected u8"#),
        ("null", both::<f64>("null"), r#"error at 0 "": invalid type: null, expected f64"#),
        (
            "bool",
            both::<Vec<u8>>("[1,true]"),
            r#"error at 3 "/1": invalid type: boolean `true`, expected u8"#,
        ),
        ("array", both::<S>(r#"{"n":[1]}"#), r#"error at 5 "/n": invalid type: sequence, expected u8"#),
        ("object", both::<Vec<f64>>("[{}]"), r#"error at 1 "/0": invalid type: map, expected f64"#),
        (
            "end of array",
            both::<(u8, u8)>("[1]"),
            r#"error at 2 "": invalid length 1, expected a tuple of size 2"#,
        ),
        ("not a value", both::<Vec<u8>>("[1,x]"), r#"error at 3 "/1": expected a value, found 'x'"#),
        (
            "cut number",
            both::<Vec<f64>>("[1.5, 2."),
            r#"error at 8 "/1": unexpected end of input in a number"#,
        ),
        ("bad number", both::<u8>("01"), r#"error at 1 "": invalid number: leading zero"#),
        (
            "out of range",
            both::<Vec<u8>>("[1,256]"),
            r#"error at 3 "/1": invalid value: integer `256`, expected u8"#,
        ),
        ("too big a float", both::<f64>("1e400"), r#"error at 0 "": number 1e400 is out of range for f64"#),
        ("empty", both::<u8>(""), r#"error at 0 "": unexpected end of input before a value"#),
        ("after a comma", both::<Vec<u8>>("[1,"), r#"error at 3 "/1": unexpected end of input in an array"#),
        ("after a colon", both::<S>(r#"{"n":"#), r#"error at 5 "/n": unexpected end of input in an object"#),
        ("trailing data", both::<u8>("1 2"), r#"error at 2 "": trailing data after the value: '2'"#),
        ("strings", both::<Vec<String>>(r#"["a", "b\u00e9\n",""]"#), r#"["a", "bé\n", ""]"#),
        ("string behind a peek", both::<Option<String>>(r#""x""#), r#"Some("x")"#),
        (
            "number into string",
            both::<Vec<String>>(r#"["a",1]"#),
            r#"error at 5 "/1": invalid type: integer `1`, expected a string"#,
        ),
        (
            "cut string",
            both::<Vec<String>>(r#"["a","b"#),
            r#"error at 7 "/1": unexpected end of input in a string"#,
        ),
        ("bad escape", both::<String>(r#""\x""#), r#"error at 2 "": invalid escape in string: '\' then 'x'"#),
        ("bools", both::<Vec<bool>>("[true,false , true]"), "[true, false, true]"),
        ("bool behind a peek", both::<Vec<Option<bool>>>("[null,false]"), "[None, Some(false)]"),
        ("null into bool", both::<bool>("null"), r#"error at 0 "": invalid type: null, expected a boolean"#),
        (
            "string into bool",
            both::<bool>(r#""true""#),
            r#"error at 0 "": invalid type: string "true", expected a boolean"#,
        ),
        ("cut bool", both::<Vec<bool>>("[tru"), r#"error at 4 "/0": unexpected end of input in a literal"#),
        ("bad bool", both::<bool>("fals3"), r#"error at 4 "": expected 'false', found '3'"#),
    ];
    let mut wrong = Vec::new();
    for (name, (slice, reader), want) in cases {
        if slice != want || reader != want {
            wrong.push(format!("{name}: slice {slice:?}, reader {reader:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The pointer and offset of an encoding error, in every kind of container it can pass out of.
/// A struct writes the names of its fields after the first by its shape (the order its type
/// wrote them before) with no lookup and no duplicate check; a name that leaves the shape is
/// checked against the ones written by it. Whatever was written before on the thread, each
/// struct must come out as from a serializer that has written nothing: the same text, the
/// same duplicate errors.
#[test]
fn struct_names_by_shape_read_as_from_a_fresh_serializer() {
    /// A struct named `owner` with members `fields` (values their indices), and `inner` as
    /// the value of member `at`.
    struct Emit {
        owner: &'static str,
        fields: Vec<&'static str>,
        inner: Option<(usize, Box<Emit>)>,
    }
    impl Serialize for Emit {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStruct;
            let mut st = s.serialize_struct(self.owner, self.fields.len())?;
            for (i, &name) in self.fields.iter().enumerate() {
                match &self.inner {
                    Some((at, inner)) if *at == i => st.serialize_field(name, inner)?,
                    _ => st.serialize_field(name, &i)?,
                }
            }
            st.end()
        }
    }
    // One address per name, as a derived struct's are.
    static OWNER: &str = "Shaped";
    static OTHER: &str = "Other";
    static MANY: &str = "Many";
    static RELAXED: &str = "Relaxed";
    static A: &str = "a";
    static B: &str = "b";
    static C: &str = "c";
    static D: &str = "d";
    static E: &str = "e";
    static QUOTED: &str = "quote\"d";
    static LONG: &str = "a name longer than the thirty-two bytes kept";
    let emit = |fields: &[&'static str]| Emit { owner: OWNER, fields: fields.to_vec(), inner: None };
    let nest = |outer: &[&'static str], at: usize, inner: &[&'static str]| Emit {
        inner: Some((at, Box::new(emit(inner)))),
        ..emit(outer)
    };
    // Enough names to make the name table grow, moving every name the shapes hold.
    let many: Vec<&'static str> = (0..100).map(|i| &*Box::leak(format!("n{i}").into_boxed_str())).collect();
    let (strict, relaxed, pretty) =
        (Options::default(), Options::default().allow_duplicate_names(true), Options::default().pretty());
    let dup = |name: &str| Err(format!("duplicate object name \"{name}\""));
    let cases: Vec<(&str, Emit, &Options, Result<(), String>)> = vec![
        ("three fields", emit(&[A, B, C]), &strict, Ok(())),
        ("the same again", emit(&[A, B, C]), &strict, Ok(())),
        ("fewer", emit(&[A, B]), &strict, Ok(())),
        ("more", emit(&[A, B, C, D]), &strict, Ok(())),
        ("the first again at the end", emit(&[A, B, C, A]), &strict, dup("a")),
        ("the second twice", emit(&[A, B, B]), &strict, dup("b")),
        ("a name twice past the shape", emit(&[A, B, C, D, B]), &strict, dup("b")),
        // Once a name leaves the shape, the ones after it are checked even where the shape
        // has them.
        ("a field of the shape early, then in its place", emit(&[A, C, C]), &strict, dup("c")),
        ("a field of the shape early, then in its place, later", emit(&[A, D, C, D]), &strict, dup("d")),
        ("another first field", emit(&[B, A, C]), &strict, Ok(())),
        ("another first field, twice", emit(&[B, A, B]), &strict, dup("b")),
        ("the first shape again", emit(&[A, B, C]), &strict, Ok(())),
        ("names written the long way", emit(&[A, QUOTED, LONG, B]), &strict, Ok(())),
        ("the same again, long ones", emit(&[A, QUOTED, LONG, B]), &strict, Ok(())),
        ("a long one twice", emit(&[A, QUOTED, LONG, QUOTED]), &strict, dup(r#"quote\"d"#)),
        ("the same shape inside", nest(&[A, B, C], 1, &[A, B, C]), &strict, Ok(())),
        ("a duplicate inside", nest(&[A, B, C], 1, &[A, B, A]), &strict, dup("a")),
        ("a duplicate after the inner one", nest(&[A, B, A], 1, &[A, B, C, D]), &strict, dup("a")),
        ("another shape inside", nest(&[A, B, C], 2, &[B, A]), &strict, Ok(())),
        ("duplicates allowed", emit(&[A, B, A]), &relaxed, Ok(())),
        ("duplicates allowed, past the shape", emit(&[A, B, C, D, A, D]), &relaxed, Ok(())),
        ("then checked again", emit(&[A, B, A]), &strict, dup("a")),
        // A shape learned where duplicates are allowed holds no name twice.
        ("a new struct, duplicates allowed", Emit { owner: RELAXED, ..emit(&[E, E, B]) }, &relaxed, Ok(())),
        ("the new struct, checked", Emit { owner: RELAXED, ..emit(&[E, E]) }, &strict, dup("e")),
        ("then checked again, past the shape", emit(&[A, B, C, D, D]), &strict, dup("d")),
        ("another struct, the same first field", Emit { owner: OTHER, ..emit(&[A, C, B]) }, &strict, Ok(())),
        ("and its duplicate", Emit { owner: OTHER, ..emit(&[A, C, A]) }, &strict, dup("a")),
        ("the first struct again", emit(&[A, B, C]), &strict, Ok(())),
        ("and its duplicate again", emit(&[A, B, C, B]), &strict, dup("b")),
        ("indented", emit(&[A, B, C]), &pretty, Ok(())),
        ("indented, a duplicate", emit(&[A, B, C, B]), &pretty, dup("b")),
        ("many names", Emit { owner: MANY, fields: many.clone(), inner: None }, &strict, Ok(())),
        (
            "many names, the last twice",
            Emit { owner: MANY, fields: [&many[..], &many[99..]].concat(), inner: None },
            &strict,
            dup("n99"),
        ),
        ("after the table grew", emit(&[A, B, C, D]), &strict, Ok(())),
        ("after the table grew, a duplicate", emit(&[A, B, C, A]), &strict, dup("a")),
    ];
    // More structs than the table of recent ones holds, all with the same first field, each
    // with its own order of the others: by turns, then with a duplicate each.
    let owners: Vec<&'static str> =
        (0..40).map(|i| &*Box::leak(format!("Owner{i}").into_boxed_str())).collect();
    let mut cases = cases;
    for (i, &owner) in owners.iter().enumerate() {
        let rest = if i % 2 == 0 { [B, C, D] } else { [D, C, B] };
        cases.push((
            "one of many with the same first field",
            Emit { owner, ..emit(&[&[A][..], &rest].concat()) },
            &strict,
            Ok(()),
        ));
    }
    for &owner in &owners {
        cases.push(("one of many, a duplicate", Emit { owner, ..emit(&[A, B, C, D, C]) }, &strict, dup("c")));
    }
    let write = |value: &Emit, opts: &Options| opts.to_string(value).map_err(|e| e.to_string());
    // Each case alone, on a thread of its own: a serializer that has written nothing.
    let fresh: Vec<Result<String, String>> = cases
        .iter()
        .map(|(_, value, opts, _)| std::thread::scope(|s| s.spawn(|| write(value, opts)).join().unwrap()))
        .collect();
    for ((what, value, _, want), got) in cases.iter().zip(&fresh) {
        match (got, want) {
            (Ok(text), Ok(())) => {
                let back: serde_json::Value = serde_json::from_str(text).unwrap();
                let n = back.as_object().map_or(0, |o| o.len());
                assert!(n > 0 && n <= value.fields.len(), "{what}: {text}");
            }
            (Err(got), Err(want)) => assert!(got.starts_with(want.as_str()), "{what}: {got}"),
            _ => panic!("{what}: got {got:?}, want {want:?}"),
        }
    }
    // The cases one after another on this thread, three times: the shapes learned and used.
    for round in 0..3 {
        for ((what, value, opts, _), want) in cases.iter().zip(&fresh) {
            assert_eq!(&write(value, opts), want, "{what}, round {round}");
        }
    }
}

#[test]
fn encode_error_pointers() {
    #[derive(Serialize)]
    enum E {
        Newtype(f64),
        Tuple(u8, f64),
        Struct { ok: u8, bad: f64 },
        Fails(Fails),
    }
    #[derive(Serialize)]
    struct Inner {
        #[serde(rename = "a/b~c")]
        odd: Vec<f64>,
    }
    #[derive(Serialize)]
    struct Flat {
        id: u8,
        #[serde(flatten)]
        rest: BTreeMap<String, f64>,
    }
    #[derive(Serialize)]
    struct Dup {
        x: u8,
        #[serde(rename = "x")]
        y: u8,
    }
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no can do"))
        }
    }
    fn deep(n: usize) -> serde_json::Value {
        (0..n).fold(serde_json::Value::Null, |v, _| serde_json::Value::Array(vec![v]))
    }
    let nan = f64::NAN;
    let deep_pointer = "/0".repeat(128);
    let cases: Vec<(&str, jet::Result<String>, &str, u64)> = vec![
        ("top-level NaN", jet::to_string(&nan), "", 0),
        ("array element", jet::to_string(&[1.0, 2.0, nan]), "/2", 9),
        ("map value", jet::to_string(&BTreeMap::from([("k", nan)])), "/k", 5),
        ("later map value", jet::to_string(&BTreeMap::from([("a", 1.0), ("b", nan)])), "/b", 13),
        (
            "nested maps",
            jet::to_string(&BTreeMap::from([("a", BTreeMap::from([("b", [nan])]))])),
            "/a/b/0",
            11,
        ),
        ("escaped field name", jet::to_string(&Inner { odd: vec![nan] }), "/a~1b~0c/0", 10),
        (
            "struct in array",
            jet::to_string(&vec![Inner { odd: vec![] }, Inner { odd: vec![0.0, nan] }]),
            "/1/a~1b~0c/1",
            28,
        ),
        ("newtype variant", jet::to_string(&[E::Newtype(nan)]), "/0/Newtype", 12),
        ("tuple variant", jet::to_string(&E::Tuple(1, nan)), "/Tuple/1", 12),
        ("struct variant", jet::to_string(&E::Struct { ok: 1, bad: nan }), "/Struct/bad", 24),
        ("custom error in variant", jet::to_string(&E::Fails(Fails)), "/Fails", 9),
        ("custom error in map", jet::to_string(&BTreeMap::from([("k", vec![Fails])])), "/k/0", 6),
        ("flattened map", jet::to_string(&Flat { id: 1, rest: [("r".into(), nan)].into() }), "/r", 12),
        ("duplicate map key", jet::to_string(&Flat { id: 1, rest: [("id".into(), 2.0)].into() }), "", 8),
        ("duplicate field in array", jet::to_string(&[Dup { x: 1, y: 2 }]), "/0", 8),
        (
            "duplicate field in variant",
            jet::to_string(&BTreeMap::from([("v", Dup { x: 1, y: 2 })])),
            "/v",
            12,
        ),
        ("bad map key", jet::to_string(&[BTreeMap::from([((1, 2), 3)])]), "/0", 2),
        ("too deep", jet::to_string(&deep(200)), &deep_pointer, 128),
        (
            "allowed duplicates: the last key",
            Options::default()
                .allow_duplicate_names(true)
                .to_string(&BTreeMap::from([("a", 1.0), ("b", nan)])),
            "/b",
            13,
        ),
        ("pretty", jet::to_string_pretty(&BTreeMap::from([("k", [nan])])), "/k/0", 15),
    ];
    let mut wrong = Vec::new();
    for (name, result, pointer, offset) in cases {
        let err = result.expect_err(name);
        if (err.pointer(), err.offset()) != (pointer, offset) {
            wrong.push(format!(
                "{name}: {:?} at {}, want {pointer:?} at {offset}",
                err.pointer(),
                err.offset()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What a serializer hands its writer, and when: each top-level value whole once it is done,
/// and a long one in pieces of at least 64 KiB that end between values.
#[test]
fn encode_hands_the_writer_whole_values() {
    use std::cell::RefCell;
    use std::rc::Rc;
    /// Records each write; fails them all when `fail`.
    #[derive(Clone, Default)]
    struct Writes {
        pieces: Rc<RefCell<Vec<Vec<u8>>>>,
        fail: bool,
    }
    impl std::io::Write for Writes {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.fail {
                return Err(std::io::Error::other("disk full"));
            }
            self.pieces.borrow_mut().push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let long: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
    let cases: Vec<(&str, Vec<serde_json::Value>)> = vec![
        ("one scalar", vec![serde_json::json!(7)]),
        (
            "scalars one after another",
            vec![serde_json::json!(1), serde_json::json!("two"), serde_json::json!(null)],
        ),
        (
            "containers one after another",
            vec![serde_json::json!([1, {"a": []}]), serde_json::json!({"b": [2]})],
        ),
        ("a long array", vec![serde_json::json!(long)]),
    ];
    for (name, values) in cases {
        let writes = Writes::default();
        let mut ser = jet::Serializer::new(writes.clone());
        let mut want = Vec::new();
        for value in &values {
            value.serialize(&mut ser).unwrap();
            want.push(serde_json::to_vec(value).unwrap());
            assert_eq!(
                writes.pieces.borrow().concat(),
                want.concat(),
                "{name}: all written once the value is done"
            );
        }
        let pieces = writes.pieces.borrow();
        if name == "a long array" {
            assert!(pieces.len() > 2, "{name}: {} pieces", pieces.len());
            for piece in &pieces[..pieces.len() - 1] {
                assert!(piece.len() >= 64 * 1024, "{name}: a piece of {}", piece.len());
                assert!(piece.ends_with(b"\""), "{name}: a piece ends inside a value");
            }
        } else {
            assert_eq!(*pieces, want, "{name}: one piece per top-level value");
        }
    }

    let err = jet::to_writer(Writes { fail: true, ..Writes::default() }, &[1, 2]).unwrap_err();
    assert!(err.is_io(), "{err}");
    assert_eq!(err.to_string(), "I/O error: disk full");
}

/// The public serializer types are named by their writer alone (the mode has a default), and
/// a serializer built by the user writes what `to_vec` writes, compact and pretty.
#[test]
fn user_built_serializers_match_the_entry_points() {
    use serde::ser::SerializeSeq as _;
    fn pair(ser: &mut jet::Serializer<Vec<u8>>) -> jet::Result<()> {
        let mut seq: jet::Compound<'_, Vec<u8>> = ser.serialize_seq(Some(2))?;
        seq.serialize_element(&1)?;
        seq.serialize_element(&vec![("a", 2.5)])?;
        seq.end()
    }
    let value = (1, vec![("a", 2.5)]);
    let mut ser = jet::Serializer::new(Vec::new());
    pair(&mut ser).unwrap();
    assert_eq!(ser.into_inner(), jet::to_vec(&value).unwrap(), "compact");
    let mut ser = jet::Serializer::pretty(Vec::new());
    pair(&mut ser).unwrap();
    assert_eq!(ser.into_inner(), jet::to_vec_pretty(&value).unwrap(), "pretty");
}

/// The thread's pooled output buffer: each encoding gives exactly its own text, whatever the
/// encodings before it on the thread left (long or short text, a failure half-way through a
/// value, an encoding inside another one's `Serialize`), through every entry point.
/// `to_vec` returns short text in a `Vec` of its size, and longer text with at most as much
/// room to spare as it fills (as a `Vec` grown by doubling has), whatever came before.
#[test]
fn encoded_text_has_little_room_to_spare() {
    let text = |len: usize| "é".repeat(len / 2);
    let cases = [
        ("a short string", text(60)),
        ("1 KB", text(1_000)),
        ("3 KB", text(3_000)),
        ("18 KB", text(18_000)),
        ("40 KB", text(40_000)),
        ("70 KB", text(70_000)),
        ("300 KB", text(300_000)),
    ];
    for (before, first) in &cases {
        for (name, value) in &cases {
            jet::to_vec(first).unwrap();
            for round in 0..2 {
                let out = jet::to_vec(value).unwrap();
                assert_eq!(out.len(), value.len() + 2, "{name} after {before}");
                if out.len() <= 4096 {
                    assert_eq!(out.capacity(), out.len(), "{name} after {before}, round {round}");
                }
                assert!(
                    out.capacity() <= 2 * out.len(),
                    "{name} after {before}, round {round}: {}",
                    out.capacity()
                );
            }
        }
    }
}

#[test]
fn encodings_one_after_another_share_no_text() {
    /// Serializes as a string holding `inner` encoded by jet: an encoding inside an encoding.
    struct Nested(Vec<u32>);
    impl Serialize for Nested {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let inner = jet::to_string(&self.0).map_err(serde::ser::Error::custom)?;
            s.serialize_str(&inner)
        }
    }
    let long: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
    let mid: Vec<u64> = (0..9_000).collect();
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("a scalar", serde_json::json!(7)),
        ("an empty array", serde_json::json!([])),
        ("over 64 KB", serde_json::json!(long)),
        ("a short object", serde_json::json!({"a": [1, 2], "b": "c"})),
        ("some 40 KB", serde_json::json!(mid)),
        ("a short string", serde_json::json!("x")),
    ];
    // Every case after every case, and after a failure half-way through.
    let failing = (vec!["some text"; 100], f64::NAN);
    for (before, first) in &cases {
        for (name, value) in &cases {
            let want = serde_json::to_vec(value).unwrap();
            jet::to_vec(first).unwrap();
            assert_eq!(jet::to_vec(value).unwrap(), want, "{name} after {before}");
            assert!(jet::to_vec(&failing).is_err());
            assert_eq!(jet::to_vec(value).unwrap(), want, "{name} after a failure");
            let mut written = Vec::new();
            jet::to_writer(&mut written, value).unwrap();
            assert_eq!(written, want, "{name} written after {before}");
            assert!(jet::to_writer(Vec::new(), &failing).is_err());
            let pretty = serde_json::to_string_pretty(value).unwrap();
            assert_eq!(jet::to_string_pretty(value).unwrap(), pretty, "{name} pretty after a failure");
            let shown = jet::to_value(value).unwrap().to_string();
            assert_eq!(shown.as_bytes(), want, "{name} shown by Display");
        }
    }
    let nested = vec![Nested(vec![1, 2]), Nested((0..20_000).collect())];
    let want = serde_json::to_string(&nested).unwrap();
    assert_eq!(jet::to_string(&nested).unwrap(), want, "encodings inside an encoding");
    assert_eq!(jet::to_string(&nested).unwrap(), want, "the same again");
}

#[test]
fn unknown_and_case_insensitive_fields() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Config {
        name: String,
        #[serde(rename = "maxSize")]
        max_size: u32,
    }
    let input = r#"{"name": "x", "maxSize": 3, "extra": [1, {"deep": true}]}"#;
    let want = Config { name: "x".into(), max_size: 3 };
    assert_eq!(jet::from_str::<Config>(input).unwrap(), want, "unknown fields pass by default");
    let reject = Options::default().reject_unknown_fields(true);
    let err = reject.from_str::<Config>(input).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown field `extra`, expected `name` or `maxSize` at /extra (line 1, column 29, byte 28)"
    );
    assert_eq!(reject.from_str::<Config>(r#"{"name": "x", "maxSize": 3}"#).unwrap(), want);

    let folded = r#"{"NAME": "x", "maxsize": 3}"#;
    assert!(jet::from_str::<Config>(folded).is_err(), "case-sensitive by default");
    let fold = Options::default().match_case_insensitive_names(true);
    assert_eq!(fold.from_str::<Config>(folded).unwrap(), want);
    let err = fold.from_str::<Config>(r#"{"name": "x", "Name": "y", "maxSize": 3}"#).unwrap_err();
    // Pointed at like every duplicate name: at the object (here the top level).
    assert_eq!(err.to_string(), r#"duplicate object name "Name" (line 1, column 15, byte 14)"#);
    let both = fold.clone().reject_unknown_fields(true);
    assert_eq!(both.from_str::<Config>(folded).unwrap(), want);
    assert!(both.from_str::<Config>(r#"{"NAME": "x", "maxsize": 3, "other": 1}"#).is_err());
    // Non-ASCII case folding.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Accents {
        état: u8,
    }
    assert_eq!(fold.from_str::<Accents>(r#"{"ÉTAT": 1}"#).unwrap(), Accents { état: 1 });
}

/// A struct's field visitor gets its fields through a path of their own (an error type per
/// input type: see `de::access::NameError`), and other names through the map keys' path. Both
/// must give what serde_json gives: the field's name, a visitor's own error with the place,
/// unknown names borrowed from the input, from every kind of input.
#[test]
fn struct_field_visitors_from_every_input() {
    /// A struct whose field visitor refuses one of its fields by name.
    #[derive(Debug, PartialEq)]
    struct Picky {
        a: u8,
    }
    impl<'de> Deserialize<'de> for Picky {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Picky, D::Error> {
            enum Field {
                A,
                Other,
            }
            impl<'de> Deserialize<'de> for Field {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Field, D::Error> {
                    struct Names;
                    impl serde::de::Visitor<'_> for Names {
                        type Value = Field;
                        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                            f.write_str("a field name")
                        }
                        fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Field, E> {
                            match name {
                                "a" => Ok(Field::A),
                                "b" => Err(E::custom("field `b` is refused")),
                                _ => Ok(Field::Other),
                            }
                        }
                    }
                    deserializer.deserialize_identifier(Names)
                }
            }
            struct Members;
            impl<'de> serde::de::Visitor<'de> for Members {
                type Value = Picky;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("struct Picky")
                }
                fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Picky, M::Error> {
                    let mut a = None;
                    while let Some(field) = map.next_key::<Field>()? {
                        match field {
                            Field::A => a = Some(map.next_value()?),
                            Field::Other => drop(map.next_value::<serde::de::IgnoredAny>()?),
                        }
                    }
                    a.map(|a| Picky { a }).ok_or_else(|| serde::de::Error::missing_field("a"))
                }
            }
            deserializer.deserialize_struct("Picky", &["a", "b"], Members)
        }
    }
    /// Unknown names kept by a flattened map, borrowed from the input.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Open<'a> {
        a: u8,
        #[serde(flatten, borrow)]
        rest: BTreeMap<&'a str, u8>,
    }

    let refused = r#"{"a": 1, "b": 2}"#;
    let cases: &[(&str, &str, Result<Picky, &str>)] = &[
        ("the field", r#"{"a": 1}"#, Ok(Picky { a: 1 })),
        ("the field and others", r#"{"x": 0, "a": 1, "y": [2]}"#, Ok(Picky { a: 1 })),
        ("the field's name escaped", r#"{"\u0061": 1}"#, Ok(Picky { a: 1 })),
        ("the refused field", refused, Err("field `b` is refused at /b (line 1, column 10, byte 9)")),
        (
            "the refused field first",
            r#"{"b": 2}"#,
            Err("field `b` is refused at /b (line 1, column 2, byte 1)"),
        ),
        ("no field", r#"{"x": 0}"#, Err("missing field `a` (line 1, column 8, byte 7)")),
    ];
    for (name, input, want) in cases {
        let want = want.as_ref().map_err(|e| e.to_string());
        let from_str = jet::from_str::<Picky>(input).map_err(|e| e.to_string());
        assert_eq!(from_str.as_ref(), want.as_ref().copied(), "{name}: from_str");
        let from_slice = jet::from_slice::<Picky>(input.as_bytes()).map_err(|e| e.to_string());
        assert_eq!(from_slice, from_str, "{name}: from_slice");
        // Names cut by the reader's window take the general step.
        let chunks = Chunked { bytes: input.as_bytes(), rng: Rng(7), min: 1, max: 3 };
        let from_reader = jet::from_reader::<_, Picky>(chunks);
        assert_eq!(from_reader.map_err(|e| e.to_string()), from_str, "{name}: from_reader");
        let serde_json = serde_json::from_str::<Picky>(input);
        assert_eq!(serde_json.is_ok(), from_str.is_ok(), "{name}: as serde_json");
    }

    let input = r#"{"x": 2, "a": 1, "y": 3}"#;
    let open = jet::from_str::<Open>(input).unwrap();
    assert_eq!(open, Open { a: 1, rest: [("x", 2), ("y", 3)].into() });
    assert_eq!(open, serde_json::from_str::<Open>(input).unwrap());
}

#[test]
fn duplicate_names_relaxed_last_one_wins() {
    let relaxed = Options::default().allow_duplicate_names(true);
    let map: BTreeMap<String, u8> = relaxed.from_str(r#"{"a": 1, "a": 2}"#).unwrap();
    assert_eq!(map["a"], 2);
    let value: serde_json::Value = relaxed.from_str(r#"{"a": 1, "a": 2}"#).unwrap();
    assert_eq!(value, serde_json::json!({"a": 2}));
}

#[test]
fn deserialize_any_numbers() {
    let v: serde_json::Value =
        jet::from_str(r#"[1, -1, 1.5, -0, 18446744073709551615, -9223372036854775808]"#).unwrap();
    assert_eq!(v, serde_json::json!([1, -1, 1.5, -0.0, u64::MAX, i64::MIN]));
    assert!(v[3].as_f64().unwrap().is_sign_negative());
    // Beyond 64 bits: offered as a 128-bit integer, which serde_json's Value refuses; never
    // a silent float, unless asked.
    let err = jet::from_str::<serde_json::Value>("[18446744073709551616]").unwrap_err();
    assert_eq!(err.to_string(), "JSON number out of range at /0 (line 1, column 2, byte 1)");
    let v: serde_json::Value =
        Options::default().big_integers_as_f64(true).from_str("[18446744073709551616]").unwrap();
    assert_eq!(v, serde_json::json!([18446744073709551616.0]));
    assert_eq!(jet::from_str::<u128>("18446744073709551616").unwrap(), 1 << 64);
    let err = jet::from_str::<serde_json::Value>("1e400").unwrap_err();
    assert_eq!(err.to_string(), "number 1e400 is out of range for f64 (line 1, column 1, byte 0)");
}

#[test]
fn stream_of_records_reports_each_bad_one_and_goes_on() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Rec {
        id: u32,
    }
    let input = "{\"id\": 1}\n{\"id\": \"two\"}\n{\"id\": 3, oops}\n{\"id\": 4}\n[1, \n{\"id\": 6}\n{\"id\": 7} {\"id\": 8}\n";
    let summary = |results: Vec<jet::Result<Rec>>| -> Vec<String> {
        results
            .into_iter()
            .map(|r| match r {
                Ok(rec) => format!("ok {}", rec.id),
                Err(e) => format!("line {}: {}", e.line(), e.message()),
            })
            .collect()
    };
    let want = [
        "ok 1",
        "line 2: invalid type: string \"two\", expected u32",
        "line 3: expected an object name (a string), found 'o'",
        "ok 4",
        // A struct may be an array of its fields (as in serde_json): this one has too many.
        "line 6: the array has more elements than expected",
        "ok 6",
        "ok 7",
        "ok 8",
    ];
    let from_slice = summary(jet::Deserializer::from_slice(input.as_bytes()).into_iter().collect());
    assert_eq!(from_slice, want);
    for seed in 0..4 {
        let chunks = Chunked { bytes: input.as_bytes(), rng: Rng(seed), min: 1, max: 5 };
        let from_io = summary(Options::default().stream_from_reader(chunks).collect());
        assert_eq!(from_io, want, "io::Read, seed {seed}");
    }
    // A cut-off last record ends the stream.
    let results: Vec<_> = jet::Deserializer::from_str("{\"id\": 1}\n{\"id\": ").into_iter::<Rec>().collect();
    assert_eq!(results.len(), 2);
    assert!(results[1].as_ref().unwrap_err().is_eof());
}

#[test]
fn iter_array_decodes_element_by_element() {
    let input = b"[{\"x\": 1, \"y\": 2}, {\"x\": 3, \"y\": 4}]";
    let points: Vec<Point> = jet::iter_array(&input[..]).collect::<jet::Result<_>>().unwrap();
    assert_eq!(points, [Point { x: 1, y: 2 }, Point { x: 3, y: 4 }]);
    let empty: Vec<Point> = jet::iter_array(&b" [ ] "[..]).collect::<jet::Result<_>>().unwrap();
    assert!(empty.is_empty());
    let cases: &[(&str, &[u8], &str)] = &[
        ("not an array", b"{}", "invalid type: map, expected an array (line 1, column 1, byte 0)"),
        (
            "bad element",
            b"[1, \"x\"]",
            "invalid type: string \"x\", expected u8 at /1 (line 1, column 5, byte 4)",
        ),
        ("trailing data", b"[1] 2", "trailing data after the value: '2' (line 1, column 5, byte 4)"),
        ("cut off", b"[1, 2", "unexpected end of input in an array at /1 (line 1, column 6, byte 5)"),
    ];
    for (name, input, want) in cases {
        let results: Vec<jet::Result<u8>> = jet::iter_array(*input).collect();
        let err = results.into_iter().find_map(|r| r.err()).unwrap_or_else(|| panic!("{name}: no error"));
        assert_eq!(err.to_string(), *want, "{name}");
    }
}

/// Each corpus file as Rust types: jet reads what serde_json reads, writes what serde_json
/// writes (compact and pretty), and reads its own output back; from a slice, a `str` and an
/// `io::Read` in small chunks.
fn corpus_round_trip<T>(file: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let bytes = read(&format!("bench/{file}"));
    let want: T = serde_json::from_slice(&bytes).unwrap();
    let got: T = jet::from_slice(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(got == want, "{file}: from_slice differs from serde_json");
    let got: T = jet::from_str(std::str::from_utf8(&bytes).unwrap()).unwrap();
    assert!(got == want, "{file}: from_str differs");
    let chunks = Chunked { bytes: &bytes, rng: Rng(3), min: 1, max: 4096 };
    let got: T = jet::from_reader(chunks).unwrap();
    assert!(got == want, "{file}: from_reader differs");
    let out = jet::to_vec(&want).unwrap();
    assert!(out == serde_json::to_vec(&want).unwrap(), "{file}: compact output differs from serde_json");
    let pretty = jet::to_vec_pretty(&want).unwrap();
    assert!(pretty == serde_json::to_vec_pretty(&want).unwrap(), "{file}: pretty output differs");
    let back: T = jet::from_slice(&out).unwrap();
    assert!(back == want, "{file}: round trip");
    let mut sink = Vec::new();
    jet::to_writer(&mut sink, &want).unwrap();
    assert!(sink == out, "{file}: to_writer differs from to_vec");
}

#[test]
fn corpus_canada() {
    corpus_round_trip::<Canada>("canada.json");
}

#[test]
fn corpus_citm_catalog() {
    corpus_round_trip::<CitmCatalog>("citm_catalog.json");
}

#[test]
fn corpus_twitter() {
    corpus_round_trip::<Twitter>("twitter_status.json");
}

#[test]
fn corpus_golang_source() {
    corpus_round_trip::<GolangSource>("golang_source.json");
}

#[test]
fn typed_depth_limit_is_safe_on_a_small_stack() {
    // The deepest document the typed layer accepts decodes, encodes and drops on a thread
    // with a 512 KiB stack.
    let depth = jet::DEFAULT_MAX_RECURSION;
    let input = format!("{}null{}", "[".repeat(depth), "]".repeat(depth));
    let handle = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || {
            let value: serde_json::Value = jet::from_str(&input).unwrap();
            assert_eq!(jet::to_string(&value).unwrap(), input);
            let deeper = format!("[{input}]");
            let err = jet::from_str::<serde_json::Value>(&deeper).unwrap_err();
            assert!(err.to_string().starts_with("nesting deeper than the limit of 128"));
            drop(value);
        })
        .unwrap();
    handle.join().unwrap();
}

#[test]
fn raw_values_defer_parsing_and_round_trip_byte_for_byte() {
    use jet::text::RawValue;
    #[derive(Deserialize, Serialize)]
    struct Borrowed<'a> {
        id: u8,
        #[serde(borrow)]
        raw: &'a RawValue,
    }
    #[derive(Deserialize, Serialize)]
    struct Owned {
        id: u8,
        raw: Box<RawValue>,
    }
    let input = r#"{"id":1,"raw":[1,  2.50, "\u00e9", {"a" : null}]}"#;
    let b: Borrowed = jet::from_str(input).unwrap();
    assert_eq!(b.raw.as_bytes(), br#"[1,  2.50, "\u00e9", {"a" : null}]"#);
    assert!(input.as_bytes().as_ptr_range().contains(&b.raw.as_bytes().as_ptr()));
    assert_eq!(jet::to_string(&b).unwrap(), input);
    let o: Owned = jet::from_reader(input.as_bytes()).unwrap();
    assert_eq!(o.raw.as_bytes(), b.raw.as_bytes());
    assert_eq!(jet::to_string(&o).unwrap(), input);

    let cases: &[(&str, &str)] = &[
        ("duplicate inside", r#"{"id":1,"raw":{"a":1,"a":2}}"#),
        ("syntax inside", r#"{"id":1,"raw":[1,]}"#),
        ("cut off", r#"{"id":1,"raw":[1"#),
    ];
    for (name, input) in cases {
        let err = jet::from_str::<Borrowed>(input).map(|_| ()).unwrap_err();
        assert!(err.pointer().starts_with("/raw"), "{name}: {err}");
    }
    // A borrowed raw value cannot come from an io::Read (from_reader's bound refuses it at
    // compile time; the lower-level Deserializer says so at run time).
    let mut de = jet::Deserializer::from_reader(&b"[1]"[..]);
    let err = <&RawValue>::deserialize(&mut de).unwrap_err();
    assert!(err.to_string().contains("borrowed from the input"), "{err}");
    // Written raw values are checked under the serializer's rules.
    let bad = Owned { id: 1, raw: RawValue::from_boxed_bytes(b"[1,".to_vec().into()) };
    let err = jet::to_string(&bad).unwrap_err();
    assert_eq!(err.to_string(), "invalid raw value: unexpected end of input in an array at /raw");
    let dup = Owned { id: 1, raw: RawValue::from_boxed_bytes(br#"{"a":1,"a":2}"#.to_vec().into()) };
    let err = jet::to_string(&dup).unwrap_err();
    assert_eq!(err.to_string(), r#"invalid raw value: duplicate object name "a" at /raw"#);
    let relaxed = Options::default().allow_duplicate_names(true);
    assert_eq!(relaxed.to_string(&dup).unwrap(), r#"{"id":1,"raw":{"a":1,"a":2}}"#);
}

#[test]
fn numbers_keep_their_text() {
    use jet::Number;
    for text in
        ["123456789012345678901234567890", "-0", "1.10", "1e400", "0.1000000000000000055511151231257827"]
    {
        let n: Number = jet::from_str(text).unwrap();
        assert_eq!(n.as_text(), Some(text));
        assert_eq!(jet::to_string(&n).unwrap(), text);
        let from_io: Number = jet::from_reader(text.as_bytes()).unwrap();
        assert_eq!(from_io.as_text(), Some(text));
    }
    assert!(jet::from_str::<Number>("\"12\"").is_err());
    // Other serializers get a plain number.
    let n: Number = jet::from_str("2.5").unwrap();
    assert_eq!(serde_json::to_string(&n).unwrap(), "2.5");
    // Inside serde's buffers (tagged, untagged, flatten) numbers travel as u64/i64/f64, and
    // the other fields still work.
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Tagged {
        Price { amount: Number, qty: u32 },
    }
    let t: Tagged = jet::from_str(r#"{"type": "Price", "amount": 12.5, "qty": 3}"#).unwrap();
    assert_eq!(t, Tagged::Price { amount: Number::from(12.5), qty: 3 });
    #[derive(Deserialize, Debug, PartialEq)]
    struct Outer {
        #[serde(flatten)]
        inner: BTreeMap<String, Number>,
    }
    let o: Outer = jet::from_str(r#"{"a": 1, "b": -2, "c": 0.5}"#).unwrap();
    assert_eq!(o.inner["b"], Number::from(-2i64));
}

#[test]
fn escaped_string_values_reach_every_kind_of_target() {
    // The typed layer decodes an escaped string value as it checks it, into the reader's
    // scratch buffer, and hands that text on before the next token is read: every kind of
    // target, each escaped value next to others, from a slice, a `str` and an `io::Read` that
    // cuts the input anywhere, must read what serde_json reads.
    #[derive(Deserialize, Debug, PartialEq)]
    enum Unit {
        #[serde(rename = "a\"b")]
        Quoted,
        Plain,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Untagged {
        Number(u32),
        Text(String),
    }
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind")]
    enum Tagged {
        #[serde(rename = "t\tt")]
        Tab { note: String },
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct All {
        text: String,
        cow: Cow<'static, str>,
        maybe: Option<String>,
        list: Vec<String>,
        map: BTreeMap<String, String>,
        unit: Unit,
        unit_plain: Unit,
        untagged: Untagged,
        tagged: Tagged,
        ch: char,
        nested: Vec<Vec<String>>,
        value: jet::Value,
        last: String,
    }
    let long = "\\u00e9\\n".repeat(40);
    let cases = [
        ("short escapes", r#"a\"b\\c\/d\be\ff\ng\rh\ti"#.to_owned()),
        ("unicode escapes", r"\u00e9\u20ac\ud83d\ude00".to_owned()),
        ("escapes beyond a block", long.clone()),
        ("escapes in UTF-8 text", "\u{e9}t\u{e9} \\\"quoted\\\" \u{1F600}".to_owned()),
    ];
    for (name, s) in &cases {
        let text = format!(
            r#"{{"text": "{s}", "cow": "{s}x", "maybe": "{s}", "list": ["{s}", "plain", "{s}1"],
               "map": {{"k\n{s}": "{s}2", "plain": "{s}3"}}, "unit": "a\"b", "unit_plain": "Plain",
               "untagged": "{s}4", "tagged": {{"kind": "t\tt", "note": "{s}5"}}, "ch": "\u00e9",
               "nested": [["{s}6"], [], ["{s}7", "{s}8"]], "value": {{"v": ["{s}9"]}}, "last": "{s}0"}}"#
        );
        let want: serde_json::Value = serde_json::from_str(&text).expect(name);
        let check = |got: jet::Result<All>, from: &str| {
            let got = got.unwrap_or_else(|e| panic!("{name}, {from}: {e}"));
            assert_eq!(got.unit, Unit::Quoted, "{name}, {from}");
            assert_eq!(got.untagged, Untagged::Text(format!("{}4", want["text"].as_str().unwrap())));
            let Tagged::Tab { note } = &got.tagged;
            assert_eq!(note, want["tagged"]["note"].as_str().unwrap(), "{name}, {from}");
            let strings = [
                (&got.text, &want["text"]),
                (&got.cow.to_string(), &want["cow"]),
                (got.maybe.as_ref().unwrap(), &want["maybe"]),
                (&got.last, &want["last"]),
            ];
            for (got, want) in strings {
                assert_eq!(got, want.as_str().unwrap(), "{name}, {from}");
            }
            assert_eq!(serde_json::to_value(&got.list).unwrap(), want["list"], "{name}, {from}");
            assert_eq!(serde_json::to_value(&got.map).unwrap(), want["map"], "{name}, {from}");
            assert_eq!(serde_json::to_value(&got.nested).unwrap(), want["nested"], "{name}, {from}");
            assert_eq!(serde_json::to_value(&got.value).unwrap(), want["value"], "{name}, {from}");
            assert_eq!(got.ch, '\u{e9}', "{name}, {from}");
        };
        check(jet::from_slice(text.as_bytes()), "slice");
        check(jet::from_str(&text), "str");
        for seed in 0..20 {
            let reader = Chunked { bytes: text.as_bytes(), rng: Rng(0xE5C ^ seed), min: 1, max: 7 };
            check(jet::from_reader(reader), &format!("io::Read, seed {seed}"));
        }
        // An escaped string where another kind is wanted: the error quotes its decoded text.
        let bad = text.replace(r#""unit_plain": "Plain""#, &format!(r#""unit_plain": "{s}""#));
        let err = jet::from_str::<All>(&bad).unwrap_err();
        assert_eq!(err.pointer(), "/unit_plain", "{name}: {err}");
    }
}

#[test]
fn escaped_names_reach_every_reader() {
    // A name with escapes is checked and decoded in one pass, into the reader's scratch buffer,
    // and its text is copied from there to the object's names (the duplicate check) and taken
    // by the caller before the next token, whose own decoding reuses the buffer. Each caller
    // must see the name's text, and a name equal to another once decoded is a duplicate; from
    // a slice, a `str` and an `io::Read` cut anywhere.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Fields {
        text: String,
        #[serde(rename = "caf\u{e9}")]
        cafe: u32,
        map: BTreeMap<String, String>,
        last: String,
    }
    let long = "\\u00e9\\n".repeat(40);
    for (what, esc) in [("short", r"t\u0065\u0078t"), ("long", long.as_str())] {
        let key = serde_json::from_str::<String>(&format!("\"k{esc}\"")).unwrap();
        let text = format!(
            r#"{{"t\u0065xt": "v\u00e9{esc}", "caf\u00e9": 7, "map": {{"k{esc}": "{esc}", "\u0070": "p"}}, "last": "{esc}"}}"#
        );
        let want: serde_json::Value = serde_json::from_str(&text).unwrap();
        let check = |got: jet::Result<Fields>, from: &str| {
            let got = got.unwrap_or_else(|e| panic!("{what}, {from}: {e}"));
            assert_eq!(got.text, want["text"].as_str().unwrap(), "{what}, {from}");
            assert_eq!(got.cafe, 7, "{what}, {from}");
            assert_eq!(got.map[&key], want["map"][&key].as_str().unwrap(), "{what}, {from}");
            assert_eq!(got.map["p"], "p", "{what}, {from}");
            assert_eq!(got.last, want["last"].as_str().unwrap(), "{what}, {from}");
        };
        check(jet::from_slice(text.as_bytes()), "slice");
        check(jet::from_str(&text), "str");
        let value: jet::Value = jet::from_str(&text).unwrap();
        assert_eq!(serde_json::to_value(&value).unwrap(), want, "{what}: Value");
        let document = jet::Document::from_slice(text.as_bytes()).unwrap();
        assert_eq!(serde_json::to_value(document.to_value()).unwrap(), want, "{what}: Document");
        assert_eq!(jet::get(&text, "/map/p").unwrap().as_str().unwrap(), "p", "{what}: get");
        let mut names = Vec::new();
        let mut reader = jet::text::Reader::from_slice(text.as_bytes());
        while let Some(token) = reader.next_token().unwrap() {
            if let jet::text::Token::String(s) = token {
                names.push(s.into_owned());
            }
        }
        assert!(names.contains(&key) && names.contains(&"text".to_owned()), "{what}: tokens {names:?}");
        for seed in 0..20 {
            let cut = |bytes| Chunked { bytes, rng: Rng(0xA3E ^ seed), min: 1, max: 7 };
            check(jet::from_reader(cut(text.as_bytes())), &format!("io::Read, seed {seed}"));
            let value: jet::Value = jet::from_reader(cut(text.as_bytes())).unwrap();
            assert_eq!(serde_json::to_value(&value).unwrap(), want, "{what}: Value, seed {seed}");
        }
        // Equal once decoded: a duplicate, whichever side has the escapes, in every reader.
        let dups = [
            format!(r#"{{"k{esc}": "{esc}", "{}": 1}}"#, key.replace('\n', "\\n")),
            format!(r#"{{"{}": "{esc}", "k{esc}": 1}}"#, key.replace('\n', "\\n")),
        ];
        for dup in &dups {
            assert!(jet::text::validate(dup.as_bytes()).is_err(), "{what}: validate {dup}");
            assert!(jet::from_str::<jet::Value>(dup).is_err(), "{what}: Value {dup}");
            assert!(jet::from_str::<BTreeMap<String, serde::de::IgnoredAny>>(dup).is_err(), "{what}: map");
            assert!(jet::Document::from_slice(dup.as_bytes()).is_err(), "{what}: Document {dup}");
            let err = jet::from_reader::<_, jet::Value>(Chunked {
                bytes: dup.as_bytes(),
                rng: Rng(5),
                min: 1,
                max: 3,
            });
            assert!(err.unwrap_err().to_string().contains("duplicate"), "{what}: io::Read {dup}");
        }
    }
}

#[test]
fn runs_of_unicode_escapes_in_every_reader() {
    // Text escaped for ASCII is made of runs of `\uXXXX`, which are checked (and decoded) four
    // at a time after the first: runs of every length up to several steps, of each UTF-8
    // length, with what ends a step early (a surrogate pair, a short escape) at every place,
    // in names and values; and errors inside a run, which must be found where they are.
    let kinds: [(&str, &[&str]); 5] = [
        ("one byte", &["\\u0041", "\\u007F", "\\u0001"]),
        ("two bytes", &["\\u00e9", "\\u07FF", "\\u0080"]),
        ("three bytes", &["\\u4e2d", "\\uFFFF", "\\u0800", "\\uD7FF", "\\ue000"]),
        ("mixed", &["\\u0041", "\\u00E9", "\\u20ac"]),
        ("with pairs and short escapes", &["\\u00e9", "\\ud83d\\ude00", "\\n", "\\u4E2D"]),
    ];
    for (kind, escapes) in kinds {
        for len in [1, 2, 3, 4, 5, 7, 8, 9, 13, 17, 25, 40] {
            let run: String = (0..len).map(|k| escapes[(k * 7 + len) % escapes.len()]).collect();
            let text = format!(r#"{{"{run}": "{run}", "a": ["x{run}", "{run}y"]}}"#);
            let want: serde_json::Value = serde_json::from_str(&text).unwrap();
            let what = format!("{kind}, {len} escapes");
            jet::text::validate(text.as_bytes()).unwrap_or_else(|e| panic!("{what}: validate: {e}"));
            let value: jet::Value = jet::from_str(&text).unwrap_or_else(|e| panic!("{what}: Value: {e}"));
            assert_eq!(serde_json::to_value(&value).unwrap(), want, "{what}: Value");
            let typed: BTreeMap<String, serde_json::Value> = jet::from_slice(text.as_bytes()).unwrap();
            assert_eq!(serde_json::to_value(&typed).unwrap(), want, "{what}: typed");
            let document = jet::Document::from_slice(text.as_bytes()).unwrap();
            assert_eq!(serde_json::to_value(document.to_value()).unwrap(), want, "{what}: Document");
            let cut = Chunked { bytes: text.as_bytes(), rng: Rng(len as u64), min: 1, max: 9 };
            let value: jet::Value = jet::from_reader(cut).unwrap_or_else(|e| panic!("{what}: io::Read: {e}"));
            assert_eq!(serde_json::to_value(&value).unwrap(), want, "{what}: io::Read");
        }
    }
    // A bad escape at each place of a run: the error is at the bad escape, whichever reader.
    let bad: [(&str, &str, u64); 5] = [
        ("lone high surrogate", "\\uD800", 0),
        ("lone low surrogate", "\\udc00", 0),
        ("high surrogate then a letter", "\\ud83d\\u0041", 0),
        ("bad hex digit", "\\u00G9", 4),
        ("short hex", "\\u00e\"", 5),
    ];
    for (what, escape, at) in bad {
        for before in 0..12 {
            let text = format!(r#"["{}{escape}\u00e9\u00e9\u00e9\u00e9"]"#, "\\u4e2d".repeat(before));
            let want = 2 + 6 * before as u64 + at;
            let errors = [
                ("validate", jet::text::validate(text.as_bytes()).unwrap_err()),
                ("Value", jet::from_str::<jet::Value>(&text).unwrap_err()),
                ("typed", jet::from_str::<Vec<String>>(&text).unwrap_err()),
                ("Document", jet::Document::from_slice(text.as_bytes()).unwrap_err()),
            ];
            for (reader, e) in errors {
                assert_eq!(e.offset(), want, "{what} after {before} escapes, {reader}: {e}");
            }
        }
    }
}

/// `to_string` checks its whole output by the vector UTF-8 kernel (not `String::from_utf8`):
/// text of one- to four-byte characters, shorter than a vector and many vectors long, comes
/// out as `to_vec` writes it.
#[test]
fn to_string_is_to_vec_as_text() {
    for n in [1, 5, 16, 17, 100, 1000] {
        let text = "aé€😀".repeat(n);
        let value = (text.as_str(), vec![text.clone(), "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}".into()]);
        let want = String::from_utf8(jet::to_vec(&value).unwrap()).unwrap();
        assert_eq!(jet::to_string(&value).unwrap(), want, "{n} times");
        assert_eq!(
            jet::to_string_pretty(&value).unwrap(),
            String::from_utf8(jet::to_vec_pretty(&value).unwrap()).unwrap()
        );
    }
}

/// A struct field's integer, whose first byte the field's name step left peeked, is read by a
/// short step when it is a plain integer of up to 15 digits with 16 bytes of input from its
/// start, or the rest of a document in memory (read as if zeros followed it; a stream's window
/// that ends sooner takes the full step). It must read as the full step reads the same value
/// after whitespace that the name step does not take (errors at the same places, one byte on):
/// every count of digits, what may follow them, signs, leading zeros, fractions and exponents,
/// values past the field's type, the number limit, and input that ends within 16 bytes of the
/// number.
#[test]
fn struct_field_integers_read_as_the_full_step_reads_them() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Ints {
        b: i32,
        c: u8,
        a: u64,
    }
    let without_place = |e: String| e.split(" (line").next().unwrap_or_default().to_owned();
    let digits = "98765432109876543210";
    let mut numbers: Vec<String> = (1..=digits.len()).map(|n| digits[..n].to_owned()).collect();
    numbers.extend(
        [
            "0",
            "7",
            "255",
            "256",
            "01",
            "-5",
            "-0",
            "+5",
            "1.5",
            "12345678.5",
            "1e3",
            "1E+3",
            "12345678e1",
            "1234567890123456e1",
            "1.",
            "2147483647",
            "2147483648",
            "18446744073709551615",
            "18446744073709551616",
            "1x",
            "12345678x",
            "1234567812345678x",
            "1234567812345678.5",
            "1234567812345678e1",
            "12345678123456789x",
            "1234567812345678912x",
            "505874924095815681",
            "9999999999999999999",
            "10000000000000000000",
            "1]",
        ]
        .map(String::from),
    );
    let templates = [
        r#"{"b":1,"c":2,"a":N}"#,
        r#"{"b":1,"c":2,"a": N }"#,
        r#"{"b":1,"c":N,"a":3}"#,
        r#"{"b":N,"c":2,"a":3}"#,
        "{\"b\": N\n,\"c\":2,\"a\":3}",
        r#"[{"b":1,"c":2,"a":N},{"b":N,"c":2,"a":N}]"#,
    ];
    // Each document's structs as `(b, c, a)`, from a slice, or from an `io::Read` in chunks
    // when `seed` is given (windows that cut the number give the full step).
    let read = |opts: &Options, text: &str, seed: Option<u64>| -> jet::Result<Vec<(i32, u8, u64)>> {
        let triple = |i: Ints| (i.b, i.c, i.a);
        let chunked = |seed| Chunked { bytes: text.as_bytes(), rng: Rng(0x1E7 ^ seed), min: 1, max: 24 };
        match (text.starts_with('['), seed) {
            (true, None) => opts.from_str::<Vec<Ints>>(text).map(|v| v.into_iter().map(triple).collect()),
            (false, None) => opts.from_str::<Ints>(text).map(|i| vec![triple(i)]),
            (true, Some(seed)) => {
                opts.from_reader::<_, Vec<Ints>>(chunked(seed)).map(|v| v.into_iter().map(triple).collect())
            }
            (false, Some(seed)) => opts.from_reader::<_, Ints>(chunked(seed)).map(|i| vec![triple(i)]),
        }
    };
    for (limit, opts) in [("none", Options::default()), ("5", Options::default().max_number_len(5))] {
        for number in &numbers {
            for template in templates {
                for pad in [0, 1, 7, 8, 15, 16, 17] {
                    let text = template.replace('N', number) + &" ".repeat(pad);
                    let full = template.replace('N', &format!("\n\t{number}")) + &" ".repeat(pad);
                    let what = format!("{text:?} (number limit {limit})");
                    let got = read(&opts, &text, None).map_err(|e| e.to_string());
                    let want = read(&opts, &full, None).map_err(|e| without_place(e.to_string()));
                    assert_eq!(got.clone().map_err(without_place), want, "{what}");
                    for seed in 0..3 {
                        let from_reader = read(&opts, &text, Some(seed)).map_err(|e| e.to_string());
                        assert_eq!(from_reader, got, "{what}: io::Read, seed {seed}");
                    }
                }
            }
        }
    }
    // Where the errors are placed: at the number.
    let cases = [
        (
            r#"{"b":1,"c":256,"a":3}          "#,
            "invalid value: integer `256`, expected u8 at /c (line 1, column 12, byte 11)",
        ),
        (
            r#"{"b":1,"c":2,"a":-5}           "#,
            "invalid value: integer `-5`, expected u64 at /a (line 1, column 18, byte 17)",
        ),
        (
            r#"{"b":1,"c":2,"a":1.5}          "#,
            "invalid type: floating point `1.5`, expected u64 at /a (line 1, column 18, byte 17)",
        ),
        (
            r#"{"b":1,"c":2,"a":12345678x}    "#,
            "expected ',' or '}' after an object member, found 'x' at /a (line 1, column 26, byte 25)",
        ),
        (
            r#"{"b":2147483648,"c":2,"a":3}   "#,
            "invalid value: integer `2147483648`, expected i32 at /b (line 1, column 6, byte 5)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(jet::from_str::<Ints>(text).map_err(|e| e.to_string()), Err(want.to_owned()), "{text}");
    }
}

/// An enum's variant visitor gets the variant's name through a path of its own (an error type
/// per input type and form: see `de::access::NameError`), and the other ways of reading a
/// variant through the map keys' path; both forms are read by typed steps. All must give what
/// they gave before those paths: the variant, a visitor's own error with the place, unknown
/// variants, the errors of the object form, borrowed names, from every kind of input, and agree
/// with serde_json on what is accepted.
#[test]
fn enum_variants_from_every_input() {
    #[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        #[serde(alias = "u")]
        Unit,
        Newtype(u8),
        Tuple(u8, bool),
        Struct {
            a: u8,
        },
    }
    /// An enum whose variant visitor refuses one name.
    #[derive(Debug, PartialEq, Clone)]
    enum Picky {
        A,
        Other,
    }
    impl<'de> Deserialize<'de> for Picky {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Picky, D::Error> {
            struct Name(Picky);
            impl<'de> Deserialize<'de> for Name {
                fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
                    struct Names;
                    impl serde::de::Visitor<'_> for Names {
                        type Value = Name;
                        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                            f.write_str("a variant name")
                        }
                        fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Name, E> {
                            match name {
                                "a" => Ok(Name(Picky::A)),
                                "b" => Err(E::custom("variant `b` is refused")),
                                _ => Ok(Name(Picky::Other)),
                            }
                        }
                    }
                    deserializer.deserialize_identifier(Names)
                }
            }
            struct Variants;
            impl<'de> serde::de::Visitor<'de> for Variants {
                type Value = Picky;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("enum Picky")
                }
                fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Picky, A::Error> {
                    let (Name(picky), variant) = data.variant::<Name>()?;
                    serde::de::VariantAccess::unit_variant(variant)?;
                    Ok(picky)
                }
            }
            deserializer.deserialize_enum("Picky", &["a", "b"], Variants)
        }
    }
    /// An enum whose variant is read as a `&str` borrowed from the input.
    #[derive(Debug, PartialEq)]
    struct Named<'a>(&'a str);
    impl<'de> Deserialize<'de> for Named<'de> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Named<'de>, D::Error> {
            struct Variants;
            impl<'de> serde::de::Visitor<'de> for Variants {
                type Value = Named<'de>;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("enum Named")
                }
                fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Named<'de>, A::Error> {
                    let (name, variant) = data.variant::<&'de str>()?;
                    serde::de::VariantAccess::unit_variant(variant)?;
                    Ok(Named(name))
                }
            }
            deserializer.deserialize_enum("Named", &[], Variants)
        }
    }
    #[derive(Deserialize, Debug, PartialEq, Clone)]
    struct Holder {
        list: Vec<Kind>,
    }

    fn check<T: DeserializeOwned + PartialEq + Debug>(name: &str, input: &str, want: Result<T, &str>) {
        let want = want.map_err(|e| e.to_string());
        let from_str = jet::from_str::<T>(input).map_err(|e| e.to_string());
        assert_eq!(from_str, want, "{name}: from_str");
        let from_slice = jet::from_slice::<T>(input.as_bytes()).map_err(|e| e.to_string());
        assert_eq!(from_slice, want, "{name}: from_slice");
        for seed in 0..4 {
            // Names cut by the reader's window take the general step.
            let chunks = Chunked { bytes: input.as_bytes(), rng: Rng(seed), min: 1, max: 5 };
            let from_reader = jet::from_reader::<_, T>(chunks).map_err(|e| e.to_string());
            assert_eq!(from_reader, want, "{name}: from_reader, seed {seed}");
        }
        let serde_json = serde_json::from_str::<T>(input);
        match (&serde_json, &want) {
            (Ok(theirs), Ok(ours)) => assert_eq!(theirs, ours, "{name}: as serde_json"),
            _ => assert_eq!(serde_json.is_ok(), want.is_ok(), "{name}: as serde_json: {serde_json:?}"),
        }
    }

    /// Named cases: the input and what reading it gives.
    type Cases<'a, T> = &'a [(&'a str, &'a str, Result<T, &'a str>)];
    let kinds: Cases<Kind> = &[
        ("unit", r#""unit""#, Ok(Kind::Unit)),
        ("unit by its alias", r#""u""#, Ok(Kind::Unit)),
        ("unit escaped", r#""\u0075nit""#, Ok(Kind::Unit)),
        ("unit as an object", r#"{"unit": null}"#, Ok(Kind::Unit)),
        ("newtype", r#"{"newtype": 7}"#, Ok(Kind::Newtype(7))),
        ("newtype escaped", r#"{"new\u0074ype": 7}"#, Ok(Kind::Newtype(7))),
        ("newtype spaced", " {\n  \"newtype\" :\t7\n} ", Ok(Kind::Newtype(7))),
        ("tuple", r#"{"tuple": [1, true]}"#, Ok(Kind::Tuple(1, true))),
        ("struct", r#"{"struct": {"a": 1}}"#, Ok(Kind::Struct { a: 1 })),
        ("unknown", r#""nope""#, Err("unknown variant `nope`, expected one of `u`, `unit`, `newtype`, `tuple`, `struct` (line 1, column 1, byte 0)")),
        ("unknown as an object", r#"{"nope": 1}"#, Err("unknown variant `nope`, expected one of `u`, `unit`, `newtype`, `tuple`, `struct` at /nope (line 1, column 2, byte 1)")),
        ("unit given data", r#""newtype""#, Err("invalid type: unit variant, expected newtype variant (line 1, column 1, byte 0)")),
        ("newtype given nothing", r#"{"newtype": null}"#, Err("invalid type: null, expected u8 at /newtype (line 1, column 13, byte 12)")),
        ("newtype out of range", r#"{"newtype": 300}"#, Err("invalid value: integer `300`, expected u8 at /newtype (line 1, column 13, byte 12)")),
        ("empty object", "{}", Err("expected the variant's name: an enum is an object of one member (line 1, column 3, byte 2)")),
        ("two members", r#"{"newtype": 1, "unit": null}"#, Err("expected '}' after the variant: an enum is an object of one member at /newtype (line 1, column 16, byte 15)")),
        ("the same member twice", r#"{"newtype": 1, "newtype": 2}"#, Err("expected '}' after the variant: an enum is an object of one member at /newtype (line 1, column 16, byte 15)")),
        ("no close", r#"{"newtype": 1"#, Err("unexpected end of input in an object at /newtype (line 1, column 14, byte 13)")),
        ("a number", "1", Err("invalid type: integer `1`, expected enum Kind (line 1, column 1, byte 0)")),
        ("an array", r#"["unit"]"#, Err("invalid type: sequence, expected enum Kind (line 1, column 1, byte 0)")),
        ("a name that is not a string", r#"{1: 2}"#, Err("expected an object name (a string) or '}', found '1' (line 1, column 2, byte 1)")),
    ];
    for (name, input, want) in kinds {
        check(name, input, want.clone());
    }
    let picky: Cases<Picky> = &[
        ("the variant", r#""a""#, Ok(Picky::A)),
        ("another", r#""x""#, Ok(Picky::Other)),
        ("the refused variant", r#""b""#, Err("variant `b` is refused (line 1, column 1, byte 0)")),
        (
            "the refused variant as an object",
            r#"{"b": null}"#,
            Err("variant `b` is refused at /b (line 1, column 2, byte 1)"),
        ),
    ];
    for (name, input, want) in picky {
        check(name, input, want.clone());
    }
    let held: Cases<Holder> = &[
        ("in a list", r#"{"list": ["unit", {"newtype": 2}]}"#, Ok(Holder { list: vec![Kind::Unit, Kind::Newtype(2)] })),
        ("unknown in a list", r#"{"list": ["unit", "nope"]}"#, Err("unknown variant `nope`, expected one of `u`, `unit`, `newtype`, `tuple`, `struct` at /list/1 (line 1, column 19, byte 18)")),
        ("unknown as an object in a list", r#"{"list": ["unit", {"nope": 1}]}"#, Err("unknown variant `nope`, expected one of `u`, `unit`, `newtype`, `tuple`, `struct` at /list/1/nope (line 1, column 20, byte 19)")),
        ("a bad value in a list", r#"{"list": [{"struct": {"a": "x"}}]}"#, Err(r#"invalid type: string "x", expected u8 at /list/0/struct/a (line 1, column 28, byte 27)"#)),
    ];
    for (name, input, want) in held {
        check(name, input, want.clone());
    }
    let keys: Cases<BTreeMap<Kind, u8>> = &[
        ("as map keys", r#"{"unit": 1, "u": 2}"#, Ok([(Kind::Unit, 2)].into())),
        ("unknown as a map key", r#"{"unit": 1, "nope": 2}"#, Err("unknown variant `nope`, expected one of `u`, `unit`, `newtype`, `tuple`, `struct` at /nope (line 1, column 13, byte 12)")),
    ];
    for (name, input, want) in keys {
        check(name, input, want.clone());
    }

    // A variant read as a string is lent by an input that can lend it, as by serde_json.
    for input in [r#""lent""#, r#"{"lent": null}"#] {
        assert_eq!(jet::from_str::<Named>(input).unwrap(), Named("lent"), "{input}: from_str");
        assert_eq!(jet::from_slice::<Named>(input.as_bytes()).unwrap(), Named("lent"), "{input}: from_slice");
        assert_eq!(serde_json::from_str::<Named>(input).unwrap(), Named("lent"), "{input}: serde_json");
    }
    let escaped = r#""\u006cent""#;
    let err = jet::from_str::<Named>(escaped).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid type: string "lent", expected a borrowed string (line 1, column 1, byte 0)"#
    );
    assert!(serde_json::from_str::<Named>(escaped).is_err());
}
