//! Conversions into [`Value`], comparisons with Rust primitives, and `to_value`/`from_value`.

use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::{Array, Map, Value};
use crate::error::Result;
use crate::Number;

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(n: $t) -> Value {
                Value::Number(Number::from(n))
            }
        }
    )*};
}
from_number!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl From<i128> for Value {
    /// Beyond 64 bits the number keeps its text (exact, never a float).
    fn from(n: i128) -> Value {
        match i64::try_from(n) {
            Ok(i) => Value::from(i),
            Err(_) => Value::Number(Number::from_owned_text(n.to_string())),
        }
    }
}

impl From<u128> for Value {
    /// Beyond 64 bits the number keeps its text (exact, never a float).
    fn from(n: u128) -> Value {
        match u64::try_from(n) {
            Ok(u) => Value::from(u),
            Err(_) => Value::Number(Number::from_owned_text(n.to_string())),
        }
    }
}

impl From<f64> for Value {
    /// NaN and infinities, which JSON cannot hold, become `null` (as in serde_json).
    fn from(f: f64) -> Value {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

impl From<f32> for Value {
    /// The `f64` of the same value; NaN and infinities become `null`.
    fn from(f: f32) -> Value {
        Value::from(f64::from(f))
    }
}

/// Parses JSON text under the strict defaults (as [`from_str`](crate::from_str)).
///
/// ```
/// let v: jet::Value = r#"{"a": [1]}"#.parse()?;
/// assert_eq!(v["a"][0], 1);
/// # Ok::<(), jet::Error>(())
/// ```
impl core::str::FromStr for Value {
    type Err = crate::Error;
    fn from_str(text: &str) -> Result<Value> {
        crate::from_str(text)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(s.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    fn from(s: Cow<'_, str>) -> Value {
        Value::String(s.into_owned())
    }
}

impl From<char> for Value {
    fn from(c: char) -> Value {
        Value::String(c.to_string())
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

impl From<Map> for Value {
    fn from(m: Map) -> Value {
        Value::Object(m)
    }
}

impl From<Array> for Value {
    fn from(a: Array) -> Value {
        Value::Array(a)
    }
}

impl From<()> for Value {
    fn from((): ()) -> Value {
        Value::Null
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Value {
        o.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(v: &[T]) -> Value {
        Value::Array(v.iter().cloned().map(Into::into).collect())
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    fn from(v: [T; N]) -> Value {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// An array of the items.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object of the pairs (a later pair replaces an earlier one of the same name).
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Object(iter.into_iter().map(|(k, v)| (k.into(), v.into())).collect())
    }
}

/// `Value == T` and `T == Value`.
macro_rules! eq_string {
    ($($t:ty => |$v:ident, $o:ident| $eq:expr),* $(,)?) => {$(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                let ($v, $o) = (self, other);
                $eq
            }
        }
        impl PartialEq<Value> for $t {
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*};
}

/// [`eq_string`], and the same through `&Value` and `&mut Value` (as serde_json has them).
macro_rules! eq_primitive {
    ($($t:ty => |$v:ident, $o:ident| $eq:expr),* $(,)?) => {$(
        eq_string!($t => |$v, $o| $eq);
        impl PartialEq<$t> for &Value {
            fn eq(&self, other: &$t) -> bool {
                *self == other
            }
        }
        impl PartialEq<$t> for &mut Value {
            fn eq(&self, other: &$t) -> bool {
                **self == *other
            }
        }
    )*};
}

eq_string! {
    str => |v, o| v.as_str() == Some(o),
    &str => |v, o| v.as_str() == Some(*o),
    String => |v, o| v.as_str() == Some(o.as_str()),
}

eq_primitive! {
    bool => |v, o| v.as_bool() == Some(*o),
    i8 => |v, o| v.as_i64() == Some(i64::from(*o)),
    i16 => |v, o| v.as_i64() == Some(i64::from(*o)),
    i32 => |v, o| v.as_i64() == Some(i64::from(*o)),
    i64 => |v, o| v.as_i64() == Some(*o),
    isize => |v, o| v.as_i64() == Some(*o as i64),
    u8 => |v, o| v.as_u64() == Some(u64::from(*o)),
    u16 => |v, o| v.as_u64() == Some(u64::from(*o)),
    u32 => |v, o| v.as_u64() == Some(u64::from(*o)),
    u64 => |v, o| v.as_u64() == Some(*o),
    usize => |v, o| v.as_u64() == Some(*o as u64),
    f32 => |v, o| v.as_f64() == Some(f64::from(*o)),
    f64 => |v, o| v.as_f64() == Some(*o),
}

/// Converts any `Serialize` value to a [`Value`], under the rules of jet's serializer:
/// duplicate object names are errors, bytes become base64 strings, numbers keep their exact
/// value; NaN and infinities become `null`, as `Value::from(f64)` makes them.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Point { x: i32, y: f64 }
/// let v = jet::to_value(Point { x: 1, y: 2.5 })?;
/// assert_eq!(v, jet::json!({"x": 1, "y": 2.5}));
/// # Ok::<(), jet::Error>(())
/// ```
pub fn to_value<T: Serialize>(value: T) -> Result<Value> {
    value.serialize(super::to::ValueSerializer)
}

/// Converts a [`Value`] to any `Deserialize` type (through its JSON text, under the strict
/// defaults).
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Point { x: i32, y: f64 }
/// let p: Point = jet::from_value(jet::json!({"x": 1, "y": 2.5}))?;
/// assert_eq!(p, Point { x: 1, y: 2.5 });
/// # Ok::<(), jet::Error>(())
/// ```
pub fn from_value<T: DeserializeOwned>(value: Value) -> Result<T> {
    let text = crate::to_vec(&value)?;
    crate::from_slice(&text)
}
