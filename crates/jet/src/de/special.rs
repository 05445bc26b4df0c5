//! serde support for the syntax layer's [`RawValue`] and [`Number`]: both keep JSON text, so
//! jet's deserializer and serializer recognise them by a private newtype name and hand over or
//! write the text itself. With other serde formats they fall back to plain values (a number;
//! a raw value cannot be rebuilt from another format and is an error there).

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::text::{Number, RawValue};

thread_local! {
    /// The text of the raw value or number being serialized, for jet's serializer, which
    /// recognises the newtype by name and writes this text instead of serializing the newtype's
    /// content (other serializers serialize the content).
    static TEXT: core::cell::RefCell<String> = const { core::cell::RefCell::new(String::new()) };
}

/// Serializes the newtype `token` holding `value`, leaving `text` where jet's serializer finds
/// it.
fn serialize_text<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    token: &'static str,
    text: &str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    TEXT.with(|t| {
        let mut t = t.borrow_mut();
        t.clear();
        t.push_str(text);
    });
    serializer.serialize_newtype_struct(token, value)
}

/// Runs `f` on the text left by [`serialize_text`].
pub(crate) fn with_text<R>(f: impl FnOnce(&str) -> R) -> R {
    TEXT.with(|t| f(&t.borrow()))
}

/// The newtype name by which jet's deserializer and serializer recognise a [`RawValue`].
pub(crate) const RAW_VALUE_TOKEN: &str = "$jet::private::RawValue";
/// The newtype name by which jet's deserializer and serializer recognise a [`Number`].
pub(crate) const NUMBER_TOKEN: &str = "$jet::private::Number";

/// Deferred parsing: a `&RawValue` field borrows the exact bytes of its value from the input
/// (in memory only); a `Box<RawValue>` copies them (any input). Either way the bytes were
/// checked as strictly as the rest of the document, and written back byte for byte.
///
/// ```
/// use jet::text::RawValue;
///
/// #[derive(serde::Deserialize, serde::Serialize)]
/// struct Envelope<'a> {
///     kind: &'a str,
///     #[serde(borrow)]
///     payload: &'a RawValue,
/// }
///
/// let input = r#"{"kind":"point","payload":{"x": 1,  "y": 2}}"#;
/// let env: Envelope = jet::from_str(input)?;
/// assert_eq!(env.payload.as_bytes(), br#"{"x": 1,  "y": 2}"#);
/// assert_eq!(jet::to_string(&env)?, input);
/// # Ok::<(), jet::Error>(())
/// ```
impl<'de: 'a, 'a> Deserialize<'de> for &'a RawValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<&'a RawValue, D::Error> {
        struct Borrowed;
        impl<'de> Visitor<'de> for Borrowed {
            type Value = &'de RawValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value borrowed from the input (read from a slice or str)")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<&'de RawValue, E> {
                Ok(RawValue::from_bytes(v.as_bytes()))
            }
        }
        deserializer.deserialize_newtype_struct(RAW_VALUE_TOKEN, Borrowed)
    }
}

impl<'de> Deserialize<'de> for Box<RawValue> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Box<RawValue>, D::Error> {
        struct Owned;
        impl Visitor<'_> for Owned {
            type Value = Box<RawValue>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value (a raw value is read by jet's deserializer only)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Box<RawValue>, E> {
                Ok(RawValue::from_boxed_bytes(v.as_bytes().into()))
            }
        }
        deserializer.deserialize_newtype_struct(RAW_VALUE_TOKEN, Owned)
    }
}

/// jet's serializer writes the raw value's bytes as they are, after checking them under its own
/// options (a `RawValue` can be made from any bytes); other serializers get a string.
impl Serialize for RawValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.as_str().ok_or_else(|| serde::ser::Error::custom("invalid raw value: not UTF-8"))?;
        serialize_text(serializer, RAW_VALUE_TOKEN, text, text)
    }
}

/// A JSON number read or written exactly as its text: big integers and long decimals keep
/// every digit through jet. Through serde's buffering (untagged and internally tagged enums,
/// `flatten`) a number travels as `u64`, `i64` or `f64`, so there it keeps what those hold;
/// unlike serde_json's `arbitrary_precision`, it never breaks the other types there.
///
/// [`jet::Number`](crate::Number) names the owned form.
///
/// ```
/// use jet::Number;
///
/// let n: Number = jet::from_str("123456789012345678901234567890.5")?;
/// assert_eq!(n.as_text(), Some("123456789012345678901234567890.5"));
/// assert_eq!(jet::to_string(&n)?, "123456789012345678901234567890.5");
///
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// #[serde(untagged)]
/// enum Amount { Exact(Number), Text(String) }
/// assert_eq!(jet::from_str::<Amount>("12.5")?, Amount::Exact(Number::from(12.5)));
/// # Ok::<(), jet::Error>(())
/// ```
impl<'de> Deserialize<'de> for Number<'static> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Number<'static>, D::Error> {
        deserializer.deserialize_newtype_struct(NUMBER_TOKEN, NumberVisitor)
    }
}

struct NumberVisitor;

impl<'de> Visitor<'de> for NumberVisitor {
    type Value = Number<'static>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON number")
    }

    /// jet's deserializer hands over the number's text.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Number<'static>, E> {
        Number::parse(v).map(Number::into_owned).map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Number<'static>, E> {
        Ok(Number::from(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Number<'static>, E> {
        Ok(Number::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Number<'static>, E> {
        Ok(Number::from(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Number<'static>, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Number<'static>, E> {
        self.visit_str(&v.to_string())
    }

    /// Other deserializers (and serde's buffers) pass the newtype through: read any number.
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Number<'static>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// jet writes the number's text; other serializers get the nearest `u64`, `i64` or `f64`.
impl Serialize for Number<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.as_text() {
            Some(text) => serialize_text(serializer, NUMBER_TOKEN, text, &NumberText(text)),
            None if self.is_integer() => match self.as_i64() {
                Ok(i) => serializer.serialize_i64(i),
                Err(_) => serializer.serialize_u64(self.as_u64().map_err(serde::ser::Error::custom)?),
            },
            None => serializer.serialize_f64(self.as_f64().map_err(serde::ser::Error::custom)?),
        }
    }
}

/// A number's text, for serializers other than jet's: the nearest plain number.
struct NumberText<'a>(&'a str);

impl Serialize for NumberText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let n = Number::from_checked(self.0);
        if n.is_integer() {
            if let Ok(i) = n.as_i64() {
                return serializer.serialize_i64(i);
            }
            if let Ok(u) = n.as_u64() {
                return serializer.serialize_u64(u);
            }
            // Beyond 64 bits: 128-bit integers where they hold it.
            match crate::text::number::parse_wide(self.0) {
                Some(crate::text::number::Wide::I128(i)) => return serializer.serialize_i128(i),
                Some(crate::text::number::Wide::U128(u)) => return serializer.serialize_u128(u),
                None => {}
            }
        }
        serializer.serialize_f64(n.as_f64().map_err(serde::ser::Error::custom)?)
    }
}
