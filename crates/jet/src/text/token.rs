//! Tokens: the units a [`Reader`](super::Reader) yields and a [`Writer`](super::Writer) takes.

use std::borrow::Cow;
use std::fmt;

use crate::error::{Code, Error, Result};

/// The kind of a token, told by its first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `null`
    Null,
    /// `true` or `false`
    Bool,
    /// A number.
    Number,
    /// A string (a value or an object name).
    String,
    /// `{`
    BeginObject,
    /// `}`
    EndObject,
    /// `[`
    BeginArray,
    /// `]`
    EndArray,
}

impl Kind {
    /// The kind of the token that starts with `byte`, if any token does.
    pub(crate) const fn of_first_byte(byte: u8) -> Option<Kind> {
        Some(match byte {
            b'n' => Kind::Null,
            b't' | b'f' => Kind::Bool,
            b'-' | b'0'..=b'9' => Kind::Number,
            b'"' => Kind::String,
            b'{' => Kind::BeginObject,
            b'}' => Kind::EndObject,
            b'[' => Kind::BeginArray,
            b']' => Kind::EndArray,
            _ => return None,
        })
    }

    /// A name for messages: "a number", "'{'".
    /// The kind of value a token starts, with an article: "an object", "a number".
    pub(crate) fn value_name(self) -> &'static str {
        match self {
            Kind::BeginObject | Kind::EndObject => "an object",
            Kind::BeginArray | Kind::EndArray => "an array",
            other => other.describe(),
        }
    }

    pub(crate) fn describe(self) -> &'static str {
        match self {
            Kind::Null => "null",
            Kind::Bool => "a boolean",
            Kind::Number => "a number",
            Kind::String => "a string",
            Kind::BeginObject => "'{'",
            Kind::EndObject => "'}'",
            Kind::BeginArray => "'['",
            Kind::EndArray => "']'",
        }
    }
}

/// One JSON token.
///
/// Strings from a [`Reader`](super::Reader) are always `Cow::Borrowed`: from the input when the
/// string has no escapes (zero-copy), otherwise from the reader's own buffer, so reading tokens
/// allocates nothing per string. Build tokens to write with `From`:
///
/// ```
/// use jet::text::Token;
/// assert_eq!(Token::from("hi"), Token::String("hi".into()));
/// assert_eq!(Token::from(true), Token::Bool(true));
/// assert_eq!(Token::from(7u64).kind(), jet::text::Kind::Number);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Token<'a> {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, kept as its text when read.
    Number(Number<'a>),
    /// A string, unescaped.
    String(Cow<'a, str>),
    /// `{`
    BeginObject,
    /// `}`
    EndObject,
    /// `[`
    BeginArray,
    /// `]`
    EndArray,
}

impl Token<'_> {
    /// The token's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Token::Null => Kind::Null,
            Token::Bool(_) => Kind::Bool,
            Token::Number(_) => Kind::Number,
            Token::String(_) => Kind::String,
            Token::BeginObject => Kind::BeginObject,
            Token::EndObject => Kind::EndObject,
            Token::BeginArray => Kind::BeginArray,
            Token::EndArray => Kind::EndArray,
        }
    }

    /// A token that owns its text, free of the reader it came from.
    pub fn into_owned(self) -> Token<'static> {
        match self {
            Token::Null => Token::Null,
            Token::Bool(b) => Token::Bool(b),
            Token::Number(n) => Token::Number(n.into_owned()),
            Token::String(s) => Token::String(Cow::Owned(s.into_owned())),
            Token::BeginObject => Token::BeginObject,
            Token::EndObject => Token::EndObject,
            Token::BeginArray => Token::BeginArray,
            Token::EndArray => Token::EndArray,
        }
    }
}

impl<'a> From<&'a str> for Token<'a> {
    fn from(s: &'a str) -> Token<'a> {
        Token::String(Cow::Borrowed(s))
    }
}

impl From<String> for Token<'static> {
    fn from(s: String) -> Token<'static> {
        Token::String(Cow::Owned(s))
    }
}

impl From<bool> for Token<'static> {
    fn from(b: bool) -> Token<'static> {
        Token::Bool(b)
    }
}

macro_rules! token_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Token<'static> {
            fn from(n: $t) -> Token<'static> {
                Token::Number(Number::from(n))
            }
        }
    )*};
}
token_from_number!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

/// A JSON number: the text as read, or a Rust number to write.
///
/// The accessors convert exactly or fail: an integer accessor rejects a fraction or exponent and
/// a value out of range; [`as_f64`](Number::as_f64) rounds correctly and rejects a magnitude too
/// large for `f64` (underflow to zero is not an error).
///
/// ```
/// use jet::text::Number;
/// let n = Number::parse("18446744073709551615").unwrap();
/// assert_eq!(n.as_u64().unwrap(), u64::MAX);
/// assert!(n.as_i64().unwrap_err().is_data());
/// assert!(Number::parse("1.5").unwrap().as_i64().is_err());
/// assert!(Number::parse("1e400").unwrap().as_f64().is_err());
/// assert!(Number::parse("01").is_err());
/// ```
#[derive(Clone)]
pub struct Number<'a>(Repr<'a>);

#[derive(Clone)]
enum Repr<'a> {
    /// Text that passed the JSON number grammar.
    Text(Cow<'a, str>),
    I64(i64),
    U64(u64),
    F64(f64),
}

impl<'a> Number<'a> {
    /// Checks `text` against the JSON number grammar (the whole string must be one number).
    pub fn parse(text: &'a str) -> Result<Number<'a>> {
        let bytes = text.as_bytes();
        match super::number::scan(bytes, 0, true) {
            Ok(end) if end == bytes.len() => Ok(Number(Repr::Text(Cow::Borrowed(text)))),
            Ok(end) => Err(Error::with_code(
                Code::TrailingData(crate::error::Found::at(bytes, end)),
                bytes,
                end,
                String::new(),
            )),
            Err(stop) => Err(stop.into_error(bytes, String::new())),
        }
    }

    /// A number from text the reader has checked against the grammar.
    pub(crate) fn from_checked(text: &'a str) -> Number<'a> {
        Number(Repr::Text(Cow::Borrowed(text)))
    }

    /// The number as it is held.
    #[inline]
    pub(crate) fn view(&self) -> NumberView<'_> {
        match &self.0 {
            Repr::Text(t) => NumberView::Text(t),
            Repr::I64(i) => NumberView::I64(*i),
            Repr::U64(u) => NumberView::U64(*u),
            Repr::F64(f) => NumberView::F64(*f),
        }
    }

    /// The number for comparisons: integers as `U64` when not negative (text parsed), so that
    /// one value has one form whatever it was made from; integers beyond 64 bits keep their
    /// text (the grammar allows one text per integer).
    fn normal(&self) -> NumberView<'_> {
        match self.view() {
            NumberView::I64(i) if i >= 0 => NumberView::U64(i as u64),
            NumberView::Text(t) => match super::number::parse_integer(t.as_bytes()) {
                super::number::Parsed::U64(u) => NumberView::U64(u),
                super::number::Parsed::I64(0) => NumberView::F64(-0.0),
                super::number::Parsed::I64(i) => NumberView::I64(i),
                super::number::Parsed::Float => match super::number::parse_f64(t) {
                    Some(f) => NumberView::F64(f),
                    None => NumberView::Text(t),
                },
                super::number::Parsed::Big => NumberView::Text(t),
            },
            view => view,
        }
    }

    /// A finite `f64` as a number; `None` for NaN and infinities (as serde_json's).
    pub fn from_f64(f: f64) -> Option<Number<'static>> {
        f.is_finite().then_some(Number(Repr::F64(f)))
    }

    /// True when the number is an integer that fits `i64`.
    pub fn is_i64(&self) -> bool {
        match self.normal() {
            NumberView::I64(_) => true,
            NumberView::U64(u) => u <= i64::MAX as u64,
            _ => false,
        }
    }

    /// True when the number is an integer that fits `u64`.
    pub fn is_u64(&self) -> bool {
        matches!(self.normal(), NumberView::U64(_))
    }

    /// True when the number is not an integer that fits 64 bits (it has a fraction or an
    /// exponent, or is beyond 64 bits).
    pub fn is_f64(&self) -> bool {
        !matches!(self.normal(), NumberView::U64(_) | NumberView::I64(_))
    }

    /// The number's text, if it came from JSON text.
    pub fn as_text(&self) -> Option<&str> {
        match &self.0 {
            Repr::Text(t) => Some(t),
            _ => None,
        }
    }

    /// True when the text has no fraction and no exponent (or the number is a Rust integer).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Text(t) => !t.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')),
            Repr::I64(_) | Repr::U64(_) => true,
            Repr::F64(_) => false,
        }
    }

    /// The number as an `i64`, exactly.
    pub fn as_i64(&self) -> Result<i64> {
        match &self.0 {
            Repr::Text(t) => integer_text(t, "i64")?.parse().map_err(|_| range(t, "i64")),
            Repr::I64(i) => Ok(*i),
            Repr::U64(u) => i64::try_from(*u).map_err(|_| range(&u.to_string(), "i64")),
            Repr::F64(f) => Err(not_integer(&f.to_string(), "i64")),
        }
    }

    /// The number as a `u64`, exactly (`-0` is 0).
    pub fn as_u64(&self) -> Result<u64> {
        match &self.0 {
            Repr::Text(t) => {
                let digits = integer_text(t, "u64")?;
                let digits = if digits == "-0" { "0" } else { digits };
                digits.parse().map_err(|_| range(t, "u64"))
            }
            Repr::I64(i) => u64::try_from(*i).map_err(|_| range(&i.to_string(), "u64")),
            Repr::U64(u) => Ok(*u),
            Repr::F64(f) => Err(not_integer(&f.to_string(), "u64")),
        }
    }

    /// The number as the nearest `f64` (correctly rounded). A magnitude beyond `f64::MAX` is an
    /// error; one below the smallest subnormal becomes zero of the same sign.
    pub fn as_f64(&self) -> Result<f64> {
        match &self.0 {
            Repr::Text(t) => match t.parse::<f64>() {
                Ok(f) if f.is_finite() => Ok(f),
                _ => Err(range(t, "f64")),
            },
            Repr::I64(i) => Ok(*i as f64),
            Repr::U64(u) => Ok(*u as f64),
            Repr::F64(f) => Ok(*f),
        }
    }

    /// A number that owns its text.
    pub fn into_owned(self) -> Number<'static> {
        Number(match self.0 {
            Repr::Text(t) => Repr::Text(Cow::Owned(t.into_owned())),
            Repr::I64(i) => Repr::I64(i),
            Repr::U64(u) => Repr::U64(u),
            Repr::F64(f) => Repr::F64(f),
        })
    }

    /// Appends the number's JSON text. Floats use the ECMAScript form (as RFC 8785 does);
    /// NaN and infinities are an error.
    pub(crate) fn write_to(&self, out: &mut Vec<u8>) -> Result<()> {
        match &self.0 {
            Repr::Text(t) => out.extend_from_slice(t.as_bytes()),
            Repr::I64(i) => super::number::write_i64(out, *i),
            Repr::U64(u) => super::number::write_u64(out, *u),
            Repr::F64(f) => {
                if !super::number::write_f64_es6(out, *f) {
                    return Err(Error::bare(Code::NonFinite));
                }
            }
        }
        Ok(())
    }
}

fn integer_text<'t>(text: &'t str, ty: &'static str) -> Result<&'t str> {
    if text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
        Err(not_integer(text, ty))
    } else {
        Ok(text)
    }
}

#[cold]
fn range(text: &str, ty: &'static str) -> Error {
    Error::bare(Code::NumberRange { text: text.into(), ty })
}

#[cold]
fn not_integer(text: &str, ty: &'static str) -> Error {
    Error::bare(Code::NotInteger { text: text.into(), ty })
}

/// The representation of a [`Number`], for the crate's writers.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NumberView<'n> {
    Text(&'n str),
    I64(i64),
    U64(u64),
    F64(f64),
}

/// Numbers are equal when they hold the same value: integers of any origin by value, floats by
/// value (so `-0.0 == 0.0` and NaN is unequal to itself), text by the value it reads as when a
/// 64-bit integer or an `f64` holds it, else by the text. An integer never equals a float.
impl PartialEq for Number<'_> {
    fn eq(&self, other: &Number<'_>) -> bool {
        match (self.normal(), other.normal()) {
            (NumberView::U64(a), NumberView::U64(b)) => a == b,
            (NumberView::I64(a), NumberView::I64(b)) => a == b,
            (NumberView::F64(a), NumberView::F64(b)) => a == b,
            (NumberView::Text(a), NumberView::Text(b)) => a == b,
            _ => false,
        }
    }
}

macro_rules! number_from {
    ($($t:ty => $variant:ident as $as:ty),*) => {$(
        impl From<$t> for Number<'static> {
            fn from(n: $t) -> Number<'static> {
                Number(Repr::$variant(<$as>::from(n)))
            }
        }
    )*};
}
number_from!(u8 => U64 as u64, u16 => U64 as u64, u32 => U64 as u64, u64 => U64 as u64,
    f32 => F64 as f64, f64 => F64 as f64);

macro_rules! number_from_signed {
    ($($t:ty),*) => {$(
        impl From<$t> for Number<'static> {
            /// Non-negative integers are held as `u64`, like every number read from text.
            fn from(n: $t) -> Number<'static> {
                let n = i64::from(n);
                Number(if n >= 0 { Repr::U64(n as u64) } else { Repr::I64(n) })
            }
        }
    )*};
}
number_from_signed!(i8, i16, i32, i64);

impl From<usize> for Number<'static> {
    fn from(n: usize) -> Number<'static> {
        Number(Repr::U64(n as u64))
    }
}

impl From<isize> for Number<'static> {
    fn from(n: isize) -> Number<'static> {
        Number::from(n as i64)
    }
}

impl Number<'static> {
    /// A number holding `text`, which passed the number grammar.
    pub(crate) fn from_owned_text(text: String) -> Number<'static> {
        Number(Repr::Text(Cow::Owned(text)))
    }
}

impl fmt::Debug for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Text(t) => f.write_str(t),
            Repr::I64(i) => write!(f, "{i}"),
            Repr::U64(u) => write!(f, "{u}"),
            Repr::F64(x) => {
                let mut out = Vec::new();
                if super::number::write_f64_es6(&mut out, *x) {
                    f.write_str(&String::from_utf8_lossy(&out))
                } else {
                    write!(f, "{x}")
                }
            }
        }
    }
}
