//! serde for [`Value`] and [`Map`].
//!
//! With jet's own deserializer and serializer, a `Value` takes a direct path (recognised by a
//! private newtype name, as `RawValue` is): it is built from the reader's tokens and written by
//! the value writer, both without recursion and without serde's per-value calls. With any other
//! format it goes through serde's data model like any type, nested at most
//! [`DEFAULT_MAX_RECURSION`] deep (deeper is an error, not a stack overflow).

use core::cell::Cell;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Array, Map, Value};
use crate::options::DEFAULT_MAX_RECURSION;

/// The newtype name by which jet's deserializer and serializer recognise a [`Value`].
pub(crate) const VALUE_TOKEN: &str = "$jet::private::Value";

thread_local! {
    /// A value jet's deserializer built, for the visitor to take.
    static BUILT: Cell<Option<Value>> = const { Cell::new(None) };
    /// How deep the serde path of [`Plain`] is.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

scoped_tls::scoped_thread_local! {
    /// The value being serialized, for jet's serializer: set only while `Value::serialize`
    /// runs (see [`with_current`]).
    static CURRENT: Value
}

/// Leaves a value built by jet's deserializer for [`ValueVisitor::visit_unit`].
pub(crate) fn hand_over(value: Value) {
    BUILT.set(Some(value));
}

/// Runs `f` on the value whose `serialize` is running on this thread, if any.
pub(crate) fn with_current<R>(f: impl FnOnce(Option<&Value>) -> R) -> R {
    if CURRENT.is_set() {
        CURRENT.with(|value| f(Some(value)))
    } else {
        f(None)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CURRENT.set(self, || serializer.serialize_newtype_struct(VALUE_TOKEN, &Plain(self)))
    }
}

/// A value through serde's data model, for serializers other than jet's.
struct Plain<'v>(&'v Value);

impl Serialize for Plain<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(n) => n.serialize(serializer),
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(a) => {
                let _level = Level::enter::<S::Error>()?;
                let mut seq = serializer.serialize_seq(Some(a.len()))?;
                for v in a.iter() {
                    seq.serialize_element(&Plain(v))?;
                }
                seq.end()
            }
            Value::Object(m) => {
                let _level = Level::enter::<S::Error>()?;
                let mut map = serializer.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, &Plain(v))?;
                }
                map.end()
            }
        }
    }
}

/// One level of the serde path's nesting, counted while it lasts.
pub(crate) struct Level;

impl Level {
    pub(crate) fn enter<E: ser::Error>() -> Result<Level, E> {
        let depth = DEPTH.get();
        if depth >= DEFAULT_MAX_RECURSION {
            return Err(E::custom(format_args!(
                "a Value nested deeper than {DEFAULT_MAX_RECURSION} levels cannot go through \
                 serde (jet's own serializer writes any depth)"
            )));
        }
        DEPTH.set(depth + 1);
        Ok(Level)
    }
}

impl Drop for Level {
    fn drop(&mut self) {
        DEPTH.set(DEPTH.get() - 1);
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_newtype_struct(VALUE_TOKEN, ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        Value::deserialize(deserializer)
    }

    /// `null`, or the value jet's deserializer built and left in [`BUILT`].
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(BUILT.take().unwrap_or(Value::Null))
    }

    /// Other deserializers pass the newtype through: read any value.
    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut elements = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element()? {
            elements.push(v);
        }
        Ok(Value::Array(Array(elements)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some((k, v)) = access.next_entry::<String, Value>()? {
            map.insert(k, v);
        }
        Ok(Value::Object(map))
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Map {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Map, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Object(m) => Ok(m),
            other => Err(de::Error::invalid_type(unexpected(&other), &"a JSON object")),
        }
    }
}

impl Serialize for Array {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for v in self {
            seq.serialize_element(v)?;
        }
        seq.end()
    }
}

fn unexpected(v: &Value) -> de::Unexpected<'_> {
    match v {
        Value::Null => de::Unexpected::Unit,
        Value::Bool(b) => de::Unexpected::Bool(*b),
        Value::Number(_) => de::Unexpected::Other("number"),
        Value::String(s) => de::Unexpected::Str(s),
        Value::Array(_) => de::Unexpected::Seq,
        Value::Object(_) => de::Unexpected::Map,
    }
}
