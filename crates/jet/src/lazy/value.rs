//! [`LazyValue`]: one value's bytes, read further only on demand.

use std::borrow::Cow;
use std::fmt;

use super::nav::{Nav, Raw};
use super::{resolve, JsonPath};
use crate::error::{Code, Error, Position, Result};
use crate::text::{str_from_checked, string, Kind, Number, RawValue};

/// A JSON value found by [`get`](crate::get): its bytes in the input, checked to be valid JSON,
/// and nothing decoded yet. Its errors (a wrong type, a path not found inside it, a number out
/// of range) carry their line and column in the whole input; their pointers are relative to
/// the value.
///
/// ```
/// let json = br#"{"list": [1, "two", {"three": 3}], "name": "caf\u00e9"}"#;
/// let v = jet::get(json, "")?;
/// assert_eq!(v.get("/name")?.as_str()?, "café");
/// let kinds: Vec<_> = v.get("/list")?.iter_array()?.map(|e| e.kind()).collect();
/// assert_eq!(kinds, [jet::text::Kind::Number, jet::text::Kind::String, jet::text::Kind::BeginObject]);
/// let names: Vec<_> = v.iter_object()?.map(|(k, _)| k).collect();
/// assert_eq!(names, ["list", "name"]);
/// let three: std::collections::BTreeMap<String, u8> = v.get("/list/2")?.to()?;
/// assert_eq!(three["three"], 3);
/// # Ok::<(), jet::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct LazyValue<'a> {
    raw: &'a [u8],
    /// The whole input `raw` is part of, to place errors.
    input: &'a [u8],
}

impl<'a> LazyValue<'a> {
    /// A value from bytes of `input` checked to be one JSON value with no whitespace around it.
    pub(crate) fn new(raw: &'a [u8], input: &'a [u8]) -> LazyValue<'a> {
        debug_assert!(
            RawValue::from_bytes(raw)
                .validate(&crate::Options::strict().allow_duplicate_names(true).max_depth(usize::MAX))
                .is_ok(),
            "unchecked lazy value"
        );
        LazyValue { raw, input }
    }

    /// `err`, found in this value, placed in the whole input.
    #[cold]
    fn place(&self, err: Error) -> Error {
        place(err, self.raw, self.input)
    }

    /// The kind of the value (`BeginObject` for an object, `BeginArray` for an array).
    pub fn kind(&self) -> Kind {
        Kind::of_first_byte(self.raw[0]).expect("a checked value starts with a value's byte")
    }

    /// The value's JSON text, exactly as in the input.
    pub fn as_raw_str(&self) -> &'a str {
        str_from_checked(self.raw)
    }

    /// The value's JSON text as a [`RawValue`].
    pub fn as_raw(&self) -> &'a RawValue {
        RawValue::from_bytes(self.raw)
    }

    #[cold]
    fn wrong_type(&self, expected: &'static str) -> Error {
        let code = Code::WrongType { expected, found: self.kind().value_name() };
        self.place(Error::new(code, Position::default(), String::new()))
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        self.kind() == Kind::Null
    }

    /// The string, unescaped (borrowed from the input when it has no escapes).
    pub fn as_str(&self) -> Result<Cow<'a, str>> {
        if self.kind() != Kind::String {
            return Err(self.wrong_type("a string"));
        }
        let inner = &self.raw[1..self.raw.len() - 1];
        Ok(decode(inner, inner.contains(&b'\\')))
    }

    /// The boolean.
    pub fn as_bool(&self) -> Result<bool> {
        match self.raw {
            b"true" => Ok(true),
            b"false" => Ok(false),
            _ => Err(self.wrong_type("a boolean")),
        }
    }

    /// The number, keeping its text.
    pub fn as_number(&self) -> Result<Number<'a>> {
        if self.kind() != Kind::Number {
            return Err(self.wrong_type("a number"));
        }
        Ok(Number::from_checked(self.as_raw_str()))
    }

    /// The number as an `i64`, exactly (an error when it has a fraction or is out of range).
    pub fn as_i64(&self) -> Result<i64> {
        self.as_number()?.as_i64().map_err(|e| self.place(e))
    }

    /// The number as a `u64`, exactly.
    pub fn as_u64(&self) -> Result<u64> {
        self.as_number()?.as_u64().map_err(|e| self.place(e))
    }

    /// The number as the nearest `f64` (an error beyond its range).
    pub fn as_f64(&self) -> Result<f64> {
        self.as_number()?.as_f64().map_err(|e| self.place(e))
    }

    /// The value at `path` inside this one (relative: `""` is this value).
    pub fn get<P: JsonPath>(&self, path: P) -> Result<LazyValue<'a>> {
        let raw = resolve(&mut Raw::new(self.raw), path.steps()).map_err(|e| self.place(e))?;
        Ok(LazyValue::new(raw, self.input))
    }

    /// The elements of an array, lazily.
    pub fn iter_array(&self) -> Result<LazyElements<'a>> {
        if self.kind() != Kind::BeginArray {
            return Err(self.wrong_type("an array"));
        }
        let mut nav = Raw::new(self.raw);
        nav.enter()?;
        Ok(LazyElements { nav, input: self.input })
    }

    /// The members of an object, lazily: names unescaped (borrowed when they have no escapes).
    pub fn iter_object(&self) -> Result<LazyMembers<'a>> {
        if self.kind() != Kind::BeginObject {
            return Err(self.wrong_type("an object"));
        }
        let mut nav = Raw::new(self.raw);
        nav.enter()?;
        Ok(LazyMembers { nav, input: self.input })
    }

    /// Deserializes the value (with jet's strict defaults), borrowing from the input where
    /// the target type does.
    pub fn to<T: serde::Deserialize<'a>>(&self) -> Result<T> {
        crate::from_slice(self.raw).map_err(|e| self.place(e))
    }
}

/// Equal when the texts are equal.
impl PartialEq for LazyValue<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}

impl Eq for LazyValue<'_> {}

impl fmt::Debug for LazyValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LazyValue({})", self.as_raw_str())
    }
}

/// The value's JSON text, as in the input.
impl fmt::Display for LazyValue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_raw_str())
    }
}

/// The elements of a [`LazyValue`] array.
#[derive(Debug)]
pub struct LazyElements<'a> {
    nav: Raw<'a>,
    input: &'a [u8],
}

impl<'a> Iterator for LazyElements<'a> {
    type Item = LazyValue<'a>;

    fn next(&mut self) -> Option<LazyValue<'a>> {
        // The bytes were checked: the walk cannot fail.
        if !self.nav.next_element().ok()? {
            return None;
        }
        self.nav.take().ok().map(|raw| LazyValue::new(raw, self.input))
    }
}

/// The members of a [`LazyValue`] object.
#[derive(Debug)]
pub struct LazyMembers<'a> {
    nav: Raw<'a>,
    input: &'a [u8],
}

impl<'a> Iterator for LazyMembers<'a> {
    type Item = (Cow<'a, str>, LazyValue<'a>);

    fn next(&mut self) -> Option<(Cow<'a, str>, LazyValue<'a>)> {
        // The bytes were checked: the walk cannot fail.
        let (raw, escaped) = self.nav.next_name().ok()??;
        let value = self.nav.take().ok()?;
        Some((decode(raw, escaped), LazyValue::new(value, self.input)))
    }
}

/// `err`, found in `part` (a slice of `input`), placed in the whole input.
#[cold]
pub(super) fn place(err: Error, part: &[u8], input: &[u8]) -> Error {
    err.relocate(input, part.as_ptr() as usize - input.as_ptr() as usize, "")
}

/// The text of a checked string's contents: borrowed, or decoded when it has escapes.
fn decode(raw: &[u8], escaped: bool) -> Cow<'_, str> {
    if !escaped {
        return Cow::Borrowed(str_from_checked(raw));
    }
    let mut out = Vec::with_capacity(raw.len());
    string::unescape(raw, string::ESCAPED, &mut out);
    Cow::Owned(str_from_checked(&out).to_owned())
}
