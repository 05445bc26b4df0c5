//! Property tests of the typed layer (the fuzz targets' checks at small scale): random values
//! of a rich derived type, and random JSON, agree with serde_json both ways and round-trip.

mod common;

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::{Deserialize, Serialize};

use common::props::{any_f64, json};

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Rich {
    flag: bool,
    small: i8,
    big: u64,
    wide: i128,
    ratio: f64,
    single: f32,
    letter: char,
    text: String,
    maybe: Option<i32>,
    list: Vec<u16>,
    map: BTreeMap<String, i64>,
    keyed: BTreeMap<u32, bool>,
    pair: (u8, String),
    choice: Choice,
    nested: Vec<Inner>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Choice {
    Unit,
    Newtype(i64),
    Tuple(bool, u8),
    Struct { name: String },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    id: u32,
    tags: Vec<String>,
}

fn choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        Just(Choice::Unit),
        any::<i64>().prop_map(Choice::Newtype),
        (any::<bool>(), any::<u8>()).prop_map(|(a, b)| Choice::Tuple(a, b)),
        any::<String>().prop_map(|name| Choice::Struct { name }),
    ]
}

fn rich() -> impl Strategy<Value = Rich> {
    let scalars =
        (any::<bool>(), any::<i8>(), any::<u64>(), any::<i128>(), any_f64(), any::<f32>(), any::<char>());
    let texts = (any::<String>(), any::<Option<i32>>(), prop::collection::vec(any::<u16>(), 0..5));
    let maps = (
        prop::collection::btree_map(any::<String>(), any::<i64>(), 0..4),
        prop::collection::btree_map(any::<u32>(), any::<bool>(), 0..4),
    );
    let rest = (
        (any::<u8>(), any::<String>()),
        choice(),
        prop::collection::vec(
            (any::<u32>(), prop::collection::vec(any::<String>(), 0..3))
                .prop_map(|(id, tags)| Inner { id, tags }),
            0..3,
        ),
    );
    (scalars, texts, maps, rest).prop_map(
        |(
            (flag, small, big, wide, ratio, single, letter),
            (text, maybe, list),
            (map, keyed),
            (pair, choice, nested),
        )| {
            let single = if single.is_finite() { single } else { 0.5 };
            Rich {
                flag,
                small,
                big,
                wide,
                ratio,
                single,
                letter,
                text,
                maybe,
                list,
                map,
                keyed,
                pair,
                choice,
                nested,
            }
        },
    )
}

proptest! {
    #[test]
    fn rich_values_agree_with_serde_json(value in rich()) {
        let text = jet::to_string(&value).unwrap();
        prop_assert_eq!(&text, &serde_json::to_string(&value).unwrap());
        prop_assert_eq!(&jet::from_str::<Rich>(&text).unwrap(), &value);
        let pretty = jet::to_string_pretty(&value).unwrap();
        prop_assert_eq!(&pretty, &serde_json::to_string_pretty(&value).unwrap());
        prop_assert_eq!(&jet::from_str::<Rich>(&pretty).unwrap(), &value);
        prop_assert_eq!(&jet::from_reader::<_, Rich>(pretty.as_bytes()).unwrap(), &value);
    }

    #[test]
    fn random_json_agrees_with_serde_json(value in json()) {
        let text = serde_json::to_string(&value).unwrap();
        let read: serde_json::Value = jet::from_str(&text).unwrap();
        prop_assert_eq!(&read, &value);
        prop_assert_eq!(&jet::to_string(&value).unwrap(), &text);
        prop_assert_eq!(&jet::to_string_pretty(&value).unwrap(), &serde_json::to_string_pretty(&value).unwrap());
        prop_assert!(jet::text::validate(text.as_bytes()).is_ok());
    }
}
