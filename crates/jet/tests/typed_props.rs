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

/// [`Rich`]'s fields, in its order.
const RICH_FIELDS: [&str; 15] = [
    "flag", "small", "big", "wide", "ratio", "single", "letter", "text", "maybe", "list", "map", "keyed",
    "pair", "choice", "nested",
];

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

/// A value with one number that the encoder must point at when it is NaN: through arrays, maps
/// (with names that need escaping in a pointer), struct fields and every enum variant kind.
#[derive(Serialize, Debug, Clone)]
#[serde(untagged)]
enum Tree {
    Num(f64),
    List(Vec<Tree>),
    Map(BTreeMap<String, Tree>),
    Node(Node),
    Tagged(Tagged),
}

#[derive(Serialize, Debug, Clone)]
struct Node {
    #[serde(rename = "a/b~")]
    odd: Vec<Tree>,
    plain: Box<Tree>,
}

#[derive(Serialize, Debug, Clone)]
enum Tagged {
    One(Box<Tree>),
    Pair(Box<Tree>, Box<Tree>),
    Named { inner: Box<Tree> },
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (-10i32..10).prop_map(|n| Tree::Num(f64::from(n) / 4.0));
    leaf.prop_recursive(4, 32, 4, |inner| {
        let boxed = || inner.clone().prop_map(Box::new);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::List),
            prop::collection::btree_map("[a/~]{0,3}", inner.clone(), 0..4).prop_map(Tree::Map),
            (prop::collection::vec(inner.clone(), 0..3), boxed())
                .prop_map(|(odd, plain)| Tree::Node(Node { odd, plain })),
            boxed().prop_map(|t| Tree::Tagged(Tagged::One(t))),
            (boxed(), boxed()).prop_map(|(a, b)| Tree::Tagged(Tagged::Pair(a, b))),
            boxed().prop_map(|inner| Tree::Tagged(Tagged::Named { inner })),
        ]
    })
}

/// Makes the `target`th number (in writing order) NaN; gives its JSON Pointer.
fn poison(tree: &mut Tree, at: &str, seen: &mut usize, target: usize) -> Option<String> {
    let step = |name: &str| format!("{at}/{}", name.replace('~', "~0").replace('/', "~1"));
    match tree {
        Tree::Num(n) => {
            *seen += 1;
            (*seen - 1 == target).then(|| {
                *n = f64::NAN;
                at.to_string()
            })
        }
        Tree::List(items) => {
            items.iter_mut().enumerate().find_map(|(i, t)| poison(t, &step(&i.to_string()), seen, target))
        }
        Tree::Map(map) => map.iter_mut().find_map(|(k, t)| poison(t, &step(k), seen, target)),
        Tree::Node(node) => {
            let odd = step("a/b~");
            let found = node
                .odd
                .iter_mut()
                .enumerate()
                .find_map(|(i, t)| poison(t, &format!("{odd}/{i}"), seen, target));
            found.or_else(|| poison(&mut node.plain, &step("plain"), seen, target))
        }
        Tree::Tagged(Tagged::One(t)) => poison(t, &step("One"), seen, target),
        Tree::Tagged(Tagged::Pair(a, b)) => {
            let pair = step("Pair");
            poison(a, &format!("{pair}/0"), seen, target)
                .or_else(|| poison(b, &format!("{pair}/1"), seen, target))
        }
        Tree::Tagged(Tagged::Named { inner }) => {
            poison(inner, &format!("{}/inner", step("Named")), seen, target)
        }
    }
}

proptest! {
    /// The encoder builds an error's pointer as the error passes out of each container; it
    /// must name the value that failed, compact or pretty.
    #[test]
    fn encode_errors_point_at_the_value(mut value in tree(), pick in any::<prop::sample::Index>()) {
        let clean = jet::to_string(&value).unwrap();
        prop_assert_eq!(&clean, &serde_json::to_string(&value).unwrap());
        let mut count = 0;
        poison(&mut value, "", &mut count, usize::MAX);
        prop_assume!(count > 0);
        let want = poison(&mut value, "", &mut 0, pick.index(count)).unwrap();
        let err = jet::to_string(&value).unwrap_err();
        prop_assert_eq!(err.pointer(), want.as_str(), "{}", err);
        let err = jet::to_string_pretty(&value).unwrap_err();
        prop_assert_eq!(err.pointer(), want.as_str(), "pretty: {}", err);
    }

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

    /// A struct's members in any order, with members that are not fields among them and names
    /// escaped or not: read as serde_json reads them, from a `str` and from an `io::Read`.
    /// (Fields in order are compared as bytes; out of order they are looked up; other names
    /// and escaped ones take their own paths.)
    #[test]
    fn rich_members_in_any_order_agree_with_serde_json(
        value in rich(),
        order in prop::collection::vec(any::<u32>(), RICH_FIELDS.len()),
        extra in prop::collection::vec((any::<u32>(), json()), 0..4),
        escaped in any::<u32>(),
    ) {
        let text = jet::to_string(&value).unwrap();
        let mut members: Vec<(u32, String, String)> = RICH_FIELDS
            .iter()
            .zip(order)
            .map(|(name, key)| {
                let raw = jet::get(text.as_str(), format!("/{name}").as_str()).unwrap().as_raw_str();
                (key, name.to_string(), raw.to_string())
            })
            .collect();
        for (i, (key, v)) in extra.into_iter().enumerate() {
            members.push((key, format!("other_{i}"), serde_json::to_string(&v).unwrap()));
        }
        members.sort_by_key(|m| m.0);
        let members: Vec<String> = members
            .iter()
            .enumerate()
            .map(|(i, (_, name, v))| {
                if escaped & (1 << (i % 32)) != 0 {
                    format!("\"\\u{:04x}{}\": {v}", name.as_bytes()[0], &name[1..])
                } else {
                    format!("\"{name}\":{v}")
                }
            })
            .collect();
        let shuffled = format!("{{{}}}", members.join(","));
        prop_assert_eq!(&serde_json::from_str::<Rich>(&shuffled).unwrap(), &value);
        prop_assert_eq!(&jet::from_str::<Rich>(&shuffled).unwrap(), &value, "{}", shuffled);
        prop_assert_eq!(&jet::from_slice::<Rich>(shuffled.as_bytes()).unwrap(), &value);
        prop_assert_eq!(&jet::from_reader::<_, Rich>(shuffled.as_bytes()).unwrap(), &value);
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
