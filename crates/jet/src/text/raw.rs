//! [`RawValue`]: the bytes of one JSON value, with checking and formatting: compact, indented,
//! and the canonical form of RFC 8785 (JCS).

use std::fmt;

use super::writer::Emitter;
use super::{number, string, Kind, Reader};
use crate::error::Result;
use crate::options::Options;

/// The raw bytes of one JSON value.
///
/// A `&RawValue` from [`Reader::read_value`] is a checked value. One made with
/// [`RawValue::from_bytes`] is just bytes until checked: [`is_valid`](RawValue::is_valid) and
/// [`validate`](RawValue::validate) check them, and the formatting methods check as they go.
///
/// ```
/// use jet::text::RawValue;
///
/// let raw = RawValue::from_bytes(br#"{ "b": [1, 2.50, 1E3], "a": "\u00e9" }"#);
/// assert!(raw.is_valid());
/// assert_eq!(raw.compact()?, br#"{"b":[1,2.50,1E3],"a":"\u00e9"}"#);
/// assert_eq!(raw.canonicalize()?, r#"{"a":"é","b":[1,2.5,1000]}"#.as_bytes());
/// assert_eq!(raw.indent("", "  ")?, b"{\n  \"b\": [\n    1,\n    2.50,\n    1E3\n  ],\n  \"a\": \"\\u00e9\"\n}");
/// # Ok::<(), jet::Error>(())
/// ```
#[repr(transparent)]
pub struct RawValue([u8]);

impl RawValue {
    /// Views `bytes` as a raw value, without checking them.
    pub fn from_bytes(bytes: &[u8]) -> &RawValue {
        // SAFETY: `RawValue` is `repr(transparent)` over `[u8]`, so the two references have the
        // same layout and metadata; the lifetime is carried over unchanged.
        unsafe { &*(bytes as *const [u8] as *const RawValue) }
    }

    /// Takes ownership of `bytes` as a raw value, without checking them.
    pub fn from_boxed_bytes(bytes: Box<[u8]>) -> Box<RawValue> {
        // SAFETY: `RawValue` is `repr(transparent)` over `[u8]`: same layout, so the allocation
        // made for a `[u8]` is valid for a `RawValue` and is freed with the same layout.
        unsafe { Box::from_raw(Box::into_raw(bytes) as *mut RawValue) }
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The bytes as text, when they are UTF-8 (always, for a value checked strictly).
    pub fn as_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.0).ok()
    }

    /// The kind of the value, from its first byte after any whitespace: `BeginObject` for an
    /// object, `BeginArray` for an array. `None` when no token can start there.
    pub fn kind(&self) -> Option<Kind> {
        let first = self.0.iter().find(|&&b| !crate::scan::is_ws(b))?;
        Kind::of_first_byte(*first).filter(|k| !matches!(k, Kind::EndArray | Kind::EndObject))
    }

    /// True when the bytes are exactly one valid JSON value (whitespace around it allowed),
    /// under the strict defaults.
    pub fn is_valid(&self) -> bool {
        self.validate(&Options::strict()).is_ok()
    }

    /// Checks that the bytes are exactly one valid JSON value under `opts`.
    pub fn validate(&self, opts: &Options) -> Result<()> {
        let mut reader = Reader::from_slice(&self.0).with_options(opts);
        reader.skip_value()?;
        reader.finish()
    }

    /// The value with all whitespace removed. Strings and numbers keep their text.
    pub fn compact(&self) -> Result<Vec<u8>> {
        self.format(&Options::strict())
    }

    /// The value with one member or element per line, each line after the first starting with
    /// `prefix` and one `indent` per level. Strings and numbers keep their text.
    ///
    /// # Panics
    /// When `prefix` or `indent` holds anything but spaces and tabs.
    pub fn indent(&self, prefix: &str, indent: &str) -> Result<Vec<u8>> {
        self.format(&Options::strict().prefix(prefix).indent(indent))
    }

    /// The value checked and reformatted as `opts` say: compact or indented, with or without
    /// HTML escaping. Strings and numbers keep their text otherwise.
    pub fn format(&self, opts: &Options) -> Result<Vec<u8>> {
        let mut reader = Reader::from_slice(&self.0).with_options(opts);
        // The reader checks names; the emitter need not do it again.
        let mut em = Emitter::new(&opts.clone().allow_duplicate_names(true));
        em.out.reserve(self.0.len());
        em.copy_value(&mut reader)?;
        reader.finish()?;
        Ok(em.out)
    }

    /// The canonical form of RFC 8785 (JSON Canonicalization Scheme): no whitespace, object
    /// members sorted by the UTF-16 code units of their names, strings with minimal escapes,
    /// numbers in the ECMAScript form of their `f64` value. Checked under the strict defaults:
    /// a number beyond the range of `f64` is an error.
    pub fn canonicalize(&self) -> Result<Vec<u8>> {
        canonicalize(&self.0, &Options::strict())
    }
}

/// A value being canonicalized.
enum Frame {
    Array(Vec<u8>),
    Object { members: Vec<(String, Vec<u8>)>, name: String },
}

fn canonicalize(src: &[u8], opts: &Options) -> Result<Vec<u8>> {
    let mut reader = Reader::from_slice(src).with_options(opts);
    let mut stack: Vec<Frame> = Vec::new();
    let mut out = Vec::with_capacity(src.len());
    let mut text = Vec::new();
    while let Some(event) = reader.next_event()? {
        text.clear();
        let bytes = reader.event_bytes(&event);
        match event.kind {
            Kind::BeginArray => {
                stack.push(Frame::Array(Vec::new()));
                continue;
            }
            Kind::BeginObject => {
                stack.push(Frame::Object { members: Vec::new(), name: String::new() });
                continue;
            }
            Kind::EndArray | Kind::EndObject => match stack.pop() {
                Some(Frame::Array(items)) => {
                    text.push(b'[');
                    text.extend_from_slice(&items);
                    text.push(b']');
                }
                Some(Frame::Object { mut members, .. }) => {
                    members.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
                    text.push(b'{');
                    for (i, (name, value)) in members.iter().enumerate() {
                        if i > 0 {
                            text.push(b',');
                        }
                        string::escape(name, &mut text, false);
                        text.push(b':');
                        text.extend_from_slice(value);
                    }
                    text.push(b'}');
                }
                None => unreachable!("the reader matches ends with begins"),
            },
            Kind::Null | Kind::Bool => text.extend_from_slice(bytes),
            Kind::Number => {
                let number = super::Number::from_checked(super::str_from_checked(bytes));
                let value = number
                    .as_f64()
                    .map_err(|e| reader.error_at(e.into_code(), event.start, super::state::At::Current))?;
                number::write_f64_es6(&mut text, value);
            }
            Kind::String => {
                let mut decoded = Vec::new();
                string::unescape(&bytes[1..bytes.len() - 1], event.flags, &mut decoded);
                let decoded = String::from_utf8(decoded).expect("unescaped strings are UTF-8");
                if event.name {
                    if let Some(Frame::Object { name, .. }) = stack.last_mut() {
                        *name = decoded;
                    }
                    continue;
                }
                string::escape(&decoded, &mut text, false);
            }
        }
        match stack.last_mut() {
            Some(Frame::Array(items)) => {
                if !items.is_empty() {
                    items.push(b',');
                }
                items.extend_from_slice(&text);
            }
            Some(Frame::Object { members, name }) => members.push((std::mem::take(name), text.clone())),
            None => out.extend_from_slice(&text),
        }
    }
    reader.finish()?;
    Ok(out)
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;
    fn to_owned(&self) -> Box<RawValue> {
        RawValue::from_boxed_bytes(self.0.into())
    }
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Box<RawValue> {
        (**self).to_owned()
    }
}

impl PartialEq for RawValue {
    fn eq(&self, other: &RawValue) -> bool {
        self.0 == other.0
    }
}

impl Eq for RawValue {}

impl fmt::Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawValue({})", String::from_utf8_lossy(&self.0))
    }
}

impl fmt::Display for RawValue {
    /// The bytes as text (invalid UTF-8 shown as U+FFFD).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

impl AsRef<[u8]> for RawValue {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}
