//! Encoding through jet's serde `Serializer` against serde_json: any document serde_json reads
//! (as its `Value`: maps with their keys sorted) must give serde_json's text, compact and
//! pretty. The input's top-level object is also written as a map of its members in the input's
//! order, keys repeated as they come and of the kind the first byte picks (strings, or
//! integers where the name is one): jet must refuse it, naming the key, exactly when a key
//! comes twice, and otherwise write serde_json's text.
#![no_main]

use std::fmt;

use libfuzzer_sys::fuzz_target;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

/// An object's members in the order they came, repeated names kept.
struct Members {
    pairs: Vec<(String, Value)>,
    integer_keys: bool,
}

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Members, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Vec<(String, Value)>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(pairs)
            }
        }
        Ok(Members { pairs: d.deserialize_map(Pairs)?, integer_keys: false })
    }
}

impl Serialize for Members {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.pairs.len()))?;
        for (name, value) in &self.pairs {
            match name.parse::<i64>() {
                // `-0` and `007` are names whose integer writes other text.
                Ok(n) if self.integer_keys && n.to_string() == *name => map.serialize_entry(&n, value)?,
                _ => map.serialize_entry(name, value)?,
            }
        }
        map.end()
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, input)) = data.split_first() else { return };
    let Ok(value) = serde_json::from_slice::<Value>(input) else { return };
    let ours = jet::to_vec(&value).expect("a serde_json Value encodes");
    assert_eq!(ours, serde_json::to_vec(&value).unwrap(), "compact");
    let pretty = jet::to_vec_pretty(&value).expect("a serde_json Value encodes, pretty");
    assert_eq!(pretty, serde_json::to_vec_pretty(&value).unwrap(), "pretty");

    let Ok(mut members) = serde_json::from_slice::<Members>(input) else { return };
    members.integer_keys = flags & 1 != 0;
    let mut seen = std::collections::HashSet::new();
    let repeated = members.pairs.iter().find(|(name, _)| !seen.insert(name.as_str())).map(|(name, _)| name);
    match (jet::to_vec(&members), repeated) {
        (Ok(text), None) => assert_eq!(text, serde_json::to_vec(&members).unwrap(), "members in order"),
        (Err(e), Some(name)) => {
            let shown = e.to_string();
            assert!(shown.contains(&format!("duplicate object name {name:?}")), "{shown}");
        }
        (Ok(_), Some(name)) => panic!("a repeated name written: {name:?}"),
        (Err(e), None) => panic!("distinct names refused: {e}"),
    }
});
