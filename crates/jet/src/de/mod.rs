//! Typed decoding: a serde [`Deserializer`] on the syntax layer's [`Reader`].
//!
//! The reader checks the grammar, UTF-8, duplicate object names (so they are rejected for every
//! target: structs, maps, skipped values) and nesting depth. This layer maps tokens onto serde's
//! data model and adds what needs the target's shape: unknown and case-insensitive struct
//! fields, exact number conversions, base64 bytes. Every error leaves it with the JSON Pointer,
//! line, column and byte offset of the value that failed.
//!
//! serde recurses once per nesting level, so this layer reads with the typed depth limit
//! ([`Options::max_recursion`]): the reader refuses deeper nesting before serde recurses.

mod access;
pub(crate) mod special;
mod stream;

use std::io;

use serde::de::{self, Expected, Unexpected, Visitor};

use self::access::{Enum, Fields, Map, Seq, Struct, UnitVariant};
use crate::error::{Code, Error, Result};
use crate::options::Options;
use crate::text::number::{self, Decimal, Parsed, Scalar, Wide};
use crate::text::reader::Event;
use crate::text::{str_from_checked, Input, IoInput, Kind, Reader, SliceInput, Source, StrInput};

pub use self::stream::{iter_array, ArrayIter, StreamDeserializer};

/// A serde `Deserializer` of JSON text from a slice, a `str` or an `io::Read`, strict by
/// default (see [`Options`]).
///
/// Most code uses [`from_slice`], [`from_str`] or
/// [`from_reader`]; this type is for serde's lower-level use and for
/// reading several values from one input.
///
/// ```
/// use serde::Deserialize;
///
/// let mut de = jet::Deserializer::from_str("[1, 2, 3]");
/// let v = Vec::<u8>::deserialize(&mut de)?;
/// de.end()?;
/// assert_eq!(v, [1, 2, 3]);
/// # Ok::<(), jet::Error>(())
/// ```
#[derive(Debug)]
pub struct Deserializer<I> {
    pub(crate) reader: Reader<I>,
    flags: Flags,
    /// Absolute offset of the first byte of the last token read, where errors point.
    last: u64,
}

/// The options this layer consults while reading.
#[derive(Clone, Copy, Debug)]
struct Flags {
    reject_unknown_fields: bool,
    case_insensitive: bool,
    bytes_as_array: bool,
    big_integers_as_f64: bool,
    allow_duplicate_names: bool,
    lossless_numbers: bool,
    /// The depth limit for a `Value`, which is built without recursion.
    max_depth: usize,
}

impl<'a> Deserializer<SliceInput<'a>> {
    /// Reads from a byte slice (UTF-8 checked). Strings without escapes are lent zero-copy.
    pub fn from_slice(bytes: &'a [u8]) -> Deserializer<SliceInput<'a>> {
        Deserializer::new(Reader::from_slice(bytes))
    }
}

impl<'a> Deserializer<StrInput<'a>> {
    /// Reads from a `str`. Strings without escapes are lent zero-copy.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str) -> Deserializer<StrInput<'a>> {
        Deserializer::new(Reader::from_str(text))
    }
}

impl<R: io::Read> Deserializer<IoInput<R>> {
    /// Reads from an `io::Read` in bounded memory (see [`Reader::from_reader`]). Strings are
    /// always copied: they cannot outlive the buffer.
    pub fn from_reader(reader: R) -> Deserializer<IoInput<R>> {
        Deserializer::new(Reader::from_reader(reader))
    }
}

impl<I: Input> Deserializer<I> {
    fn new(reader: Reader<I>) -> Deserializer<I> {
        Deserializer::with_reader(reader, &Options::strict())
    }

    #[inline]
    pub(crate) fn with_reader(reader: Reader<I>, opts: &Options) -> Deserializer<I> {
        Deserializer {
            reader: reader.with_typed_options(opts),
            flags: Flags {
                reject_unknown_fields: opts.reject_unknown_fields,
                case_insensitive: opts.match_case_insensitive_names,
                bytes_as_array: opts.bytes_as_array,
                big_integers_as_f64: opts.big_integers_as_f64,
                allow_duplicate_names: opts.allow_duplicate_names,
                lossless_numbers: opts.lossless_numbers,
                max_depth: opts.max_depth,
            },
            last: 0,
        }
    }

    /// Applies `opts`. Call before reading.
    pub fn with_options(self, opts: &Options) -> Deserializer<I> {
        Deserializer::with_reader(self.reader, opts)
    }

    /// Checks that nothing but whitespace follows the value(s) read.
    pub fn end(&mut self) -> Result<()> {
        self.reader.finish()
    }

    /// An iterator over whitespace-separated values (NDJSON among them) decoded as `T`
    /// (named as serde_json names it).
    #[allow(clippy::should_implement_trait)]
    pub fn into_iter<'de, T>(self) -> StreamDeserializer<I, T>
    where
        I: Source<'de>,
        T: de::Deserialize<'de>,
    {
        StreamDeserializer::new(self)
    }
}

/// The typed layer's reading steps, shared by the `Deserializer` impl and its accessors.
impl<'de, I: Source<'de>> Deserializer<I> {
    /// The kind of the next token.
    #[inline]
    fn peek(&mut self) -> Result<Kind> {
        match self.reader.peek_kind()? {
            Some(kind) => Ok(kind),
            None => Err(self.reader.error_near(Code::Eof("before a value"), self.reader.offset())),
        }
    }

    /// Reads the next token.
    #[inline]
    fn next(&mut self) -> Result<Event> {
        match self.reader.next_event_parsed()? {
            Some(event) => Ok(self.took(event)),
            None => Err(self.reader.error_near(Code::Eof("before a value"), self.reader.offset())),
        }
    }

    /// Reads the next token for a number target: a number in one step; anything else by the
    /// general step, as the error of a token of the wrong kind for `exp` (or of the end of
    /// input). Returning only numbers keeps the caller's fast path free of the general step's
    /// result.
    #[inline(always)]
    fn next_number(&mut self, exp: &dyn Expected) -> Result<(Event, Decimal)> {
        match self.reader.next_number_event()? {
            Some((event, decimal)) => Ok((self.took(event), decimal)),
            None => Err(self.not_expected(exp)),
        }
    }

    /// [`next_number`](Deserializer::next_number) for a string target.
    #[inline(always)]
    fn next_string(&mut self, exp: &dyn Expected) -> Result<Event> {
        match self.reader.next_string_event()? {
            Some(event) => Ok(self.took(event)),
            None => Err(self.not_expected(exp)),
        }
    }

    /// [`next_number`](Deserializer::next_number) for the `{` of a struct or map target
    /// (`object`), or the `[` of a sequence; `None` for any other token, left to be read by
    /// the general step.
    #[inline(always)]
    fn next_open(&mut self, object: bool) -> Result<Option<Event>> {
        Ok(self.reader.next_open_event(object)?.map(|event| self.took(event)))
    }

    /// [`next_number`](Deserializer::next_number) for a `bool` target: its value.
    #[inline(always)]
    fn next_bool(&mut self, exp: &dyn Expected) -> Result<bool> {
        match self.reader.next_bool_event()? {
            Some((event, value)) => {
                self.took(event);
                Ok(value)
            }
            None => Err(self.not_expected(exp)),
        }
    }

    /// After a typed step found no token of its kind: reads the token by the general step and
    /// reports it as the wrong kind for `exp` (or the error the general step finds).
    #[cold]
    #[inline(never)]
    fn not_expected(&mut self, exp: &dyn Expected) -> Error {
        match self.next() {
            Ok(event) => self.wrong_kind(&event, exp),
            Err(err) => err,
        }
    }

    /// [`next`](Deserializer::next) where the grammar wants an object name or `}`. Inlined into
    /// the steps of map keys and of an enum's variant: against a call, a map of 200 members
    /// decoded 1.7–2.1 % faster, a list of internally tagged enums 2.4–3.6 % (two A/B runs).
    #[inline(always)]
    fn next_name(&mut self) -> Result<Event> {
        match self.reader.next_name_event()? {
            Some(event) => Ok(self.took(event)),
            None => self.next(),
        }
    }

    /// [`next_name`](Deserializer::next_name), out of line: for a struct's name that is not the
    /// field expected next. Inlined into every struct's `visit_map` it made them larger and
    /// slower (twitter_status +0.9 % instructions, golang_source +1.1 %).
    #[inline(never)]
    fn next_name_outlined(&mut self) -> Result<Event> {
        self.next_name()
    }

    /// Notes where the token just read starts, for the errors of serde and visitors.
    #[inline(always)]
    fn took(&mut self, event: Event) -> Event {
        self.last = self.reader.offset_of(event.start);
        event
    }

    /// Builds a `Value` straight from the reader (no recursion, so up to the full depth limit
    /// rather than the recursion limit) and hands it to `Value`'s visitor.
    fn value<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let build = crate::value::Build {
            lossless_numbers: self.flags.lossless_numbers,
            big_integers_as_f64: self.flags.big_integers_as_f64,
            allow_duplicate_names: self.flags.allow_duplicate_names,
        };
        let limit = self.reader.depth_limit();
        self.reader.set_depth_limit(self.flags.max_depth.max(limit));
        let built = crate::value::build_value(&mut self.reader, build);
        self.reader.set_depth_limit(limit);
        crate::value::hand_over(built?);
        visitor.visit_unit()
    }

    /// Gives an error from serde or a visitor the position and pointer of the last token.
    #[cold]
    fn fix(&self, err: Error) -> Error {
        if err.lacks_position() {
            self.reader.error_near(err.into_code(), self.last)
        } else {
            err
        }
    }

    /// Visits the string of `event`: lent for `'de` when the input allows and it has no escapes.
    #[inline]
    fn visit_string<V: Visitor<'de>>(&mut self, event: &Event, visitor: V) -> Result<V::Value> {
        if event.flags == 0 {
            if let Some(whole) = self.reader.input().lend() {
                return visitor.visit_borrowed_str(str_from_checked(&whole[event.start + 1..event.end - 1]));
            }
        }
        visitor.visit_str(self.reader.event_text(event).0)
    }

    /// Visits the number of `event` as the narrowest of `u64`, `i64` and `f64` that holds it
    /// exactly. `ty` names the target for range errors; `None` is any value (`deserialize_any`).
    #[inline]
    fn visit_number<V: Visitor<'de>>(
        &self,
        event: &Event,
        visitor: V,
        ty: Option<&'static str>,
    ) -> Result<V::Value> {
        self.visit_scalar(event, self.reader.number_value(event), visitor, ty)
    }

    /// [`visit_number`](Deserializer::visit_number) with the number's value already taken.
    #[inline]
    fn visit_scalar<V: Visitor<'de>>(
        &self,
        event: &Event,
        scalar: Scalar,
        visitor: V,
        ty: Option<&'static str>,
    ) -> Result<V::Value> {
        match scalar {
            Scalar::U64(v) => visitor.visit_u64(v),
            // `-0` where any value goes keeps its sign, as a float (as in serde_json).
            Scalar::I64(0) if ty.is_none() => visitor.visit_f64(-0.0),
            Scalar::I64(v) => visitor.visit_i64(v),
            Scalar::F64(f) => visitor.visit_f64(f),
            Scalar::OutOfRange => Err(self.range(self.reader.event_bytes(event), ty.unwrap_or("f64"))),
            Scalar::Big => self.visit_big(self.reader.event_bytes(event), visitor, ty),
        }
    }

    /// An integer beyond 64 bits: 128-bit where any value goes (or `f64` with
    /// `big_integers_as_f64`), else a range error.
    #[cold]
    fn visit_big<V: Visitor<'de>>(
        &self,
        text: &[u8],
        visitor: V,
        ty: Option<&'static str>,
    ) -> Result<V::Value> {
        let s = str_from_checked(text);
        match ty {
            Some(ty) => Err(self.range(text, ty)),
            None if self.flags.big_integers_as_f64 => match number::parse_f64(s) {
                Some(f) => visitor.visit_f64(f),
                None => Err(self.range(text, "f64")),
            },
            None => match number::parse_wide(s) {
                Some(Wide::I128(v)) => visitor.visit_i128(v),
                Some(Wide::U128(v)) => visitor.visit_u128(v),
                None => Err(self.range(text, if text[0] == b'-' { "i128" } else { "u128" })),
            },
        }
    }

    #[cold]
    fn range(&self, text: &[u8], ty: &'static str) -> Error {
        let text = str_from_checked(text).into();
        self.reader.error_near(Code::NumberRange { text, ty }, self.last)
    }

    /// Visits the elements of the array just opened, then its end.
    fn visit_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let depth = self.reader.depth();
        let value = visitor.visit_seq(Seq { de: self })?;
        if self.reader.depth() == depth {
            // The visitor stopped before the end.
            match self.reader.take_array_end()? {
                Some(event) => drop(self.took(event)),
                None => {
                    // The error is at the first extra element.
                    self.peek()?;
                    return Err(self.custom("the array has more elements than expected"));
                }
            }
        }
        Ok(value)
    }

    /// [`visit_array`](Deserializer::visit_array) for a struct written as an array: rare, and
    /// kept out of line, so that the code a struct is read by (its visitor's `visit_map`, with
    /// the steps of its fields inlined) is not interleaved with a second copy of itself (its
    /// `visit_seq`): a small document's decoding is bound by fetching code.
    #[cold]
    #[inline(never)]
    fn visit_struct_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.visit_array(visitor)
    }

    /// Visits the members of the object just opened as a map, then its end.
    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let depth = self.reader.depth();
        let value = visitor.visit_map(Map { de: self })?;
        self.end_object(depth)?;
        Ok(value)
    }

    /// Visits the members of the object just opened as a struct's fields, then its end.
    fn visit_struct_object<V: Visitor<'de>>(&mut self, visitor: V, fields: Fields) -> Result<V::Value> {
        let depth = self.reader.depth();
        let value = visitor.visit_map(Struct { de: self, fields })?;
        self.end_object(depth)?;
        Ok(value)
    }

    /// After an object's visitor returned: its `}`, unless the visitor read it (the object's
    /// depth `depth` is then left).
    fn end_object(&mut self, depth: usize) -> Result<()> {
        if self.reader.depth() == depth {
            match self.peek()? {
                Kind::EndObject => drop(self.next()?),
                _ => return Err(self.custom("the object has more members than expected")),
            }
        }
        Ok(())
    }

    #[cold]
    fn custom(&self, msg: &str) -> Error {
        self.reader.error_near(Code::Custom(msg.into()), self.reader.offset())
    }

    /// The error for a value of the wrong kind: reads it to say what it is.
    #[cold]
    fn invalid_type(&mut self, exp: &dyn Expected) -> Error {
        match self.next() {
            Ok(event) => self.wrong_kind(&event, exp),
            Err(e) => e,
        }
    }

    /// The error for `event`, a value of the wrong kind.
    #[cold]
    fn wrong_kind(&mut self, event: &Event, exp: &dyn Expected) -> Error {
        let err = match event.kind {
            Kind::Null => de::Error::invalid_type(Unexpected::Unit, exp),
            Kind::Bool => de::Error::invalid_type(Unexpected::Bool(self.is_true(event)), exp),
            Kind::Number => {
                let text = self.reader.event_bytes(event);
                let unexpected = match number::parse_integer(text) {
                    Parsed::U64(v) => Unexpected::Unsigned(v),
                    Parsed::I64(v) => Unexpected::Signed(v),
                    _ => match number::parse_f64(str_from_checked(text)) {
                        Some(f) => Unexpected::Float(f),
                        None => Unexpected::Other("number"),
                    },
                };
                de::Error::invalid_type(unexpected, exp)
            }
            Kind::String => de::Error::invalid_type(Unexpected::Str(self.reader.event_text(event).0), exp),
            Kind::BeginArray => de::Error::invalid_type(Unexpected::Seq, exp),
            Kind::BeginObject => de::Error::invalid_type(Unexpected::Map, exp),
            Kind::EndArray | Kind::EndObject => {
                return self.reader.error_near(Code::Custom("expected a value".into()), self.last)
            }
        };
        self.fix(err)
    }

    /// A `RawValue`: the next whole value's bytes, lent for `'de` when the input allows.
    fn raw_value<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        self.last = self.reader.offset();
        let lend = self.reader.input().lend();
        let raw = self.reader.read_value()?.as_bytes();
        // The reader checked the value: strings are UTF-8, everything else is ASCII.
        let result = match lend {
            Some(whole) => {
                let start = raw.as_ptr() as usize - whole.as_ptr() as usize;
                visitor.visit_borrowed_str(str_from_checked(&whole[start..start + raw.len()]))
            }
            None => visitor.visit_str(str_from_checked(raw)),
        };
        result.map_err(|e| self.fix(e))
    }

    /// A `Number`: the next number's text, lent for `'de` when the input allows.
    fn number_text<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let event = self.next()?;
        if event.kind != Kind::Number {
            return Err(self.wrong_kind(&event, &visitor));
        }
        let result = match self.reader.input().lend() {
            Some(whole) => visitor.visit_borrowed_str(str_from_checked(&whole[event.start..event.end])),
            None => visitor.visit_str(str_from_checked(self.reader.event_bytes(&event))),
        };
        result.map_err(|e| self.fix(e))
    }

    #[inline(always)]
    fn is_true(&self, event: &Event) -> bool {
        self.reader.event_bytes(event)[0] == b't'
    }

    /// Reads the next number for an integer target named `ty`.
    #[inline]
    fn integer<V: Visitor<'de>>(&mut self, visitor: V, ty: &'static str) -> Result<V::Value> {
        let Some(scalar) = self.next_integer()? else {
            return Err(self.not_expected(&visitor));
        };
        // The number's event, for the errors of a value out of the target's range.
        let event = self.reader.number_read_from(self.last);
        self.visit_scalar(&event, scalar, visitor, Some(ty)).map_err(|e| self.fix(e))
    }

    /// The value of the next token when it is a number: the step of every integer target.
    /// One copy for them all, out of line: inlined into each, the number's scan made the code
    /// of a struct with fields of several integer types several times the size, and a small
    /// document's decoding spent more time on fetching code than on running it. It returns
    /// the value alone, which fits in two registers (the event, for errors, is where the
    /// reader is and where [`took`](Deserializer::took) noted).
    ///
    /// A struct field's plain integer (its value peeked by the field's name step) takes a short
    /// step first, in a small function that saves few registers; anything else the full one.
    #[inline(never)]
    fn next_integer(&mut self) -> Result<Option<Scalar>> {
        if let Some((start, value)) = self.reader.next_plain_integer() {
            self.last = self.reader.offset_of(start);
            return Ok(Some(Scalar::U64(value)));
        }
        self.next_integer_full()
    }

    /// [`next_integer`](Deserializer::next_integer)'s full step.
    #[inline(never)]
    fn next_integer_full(&mut self) -> Result<Option<Scalar>> {
        match self.reader.next_integer_event()? {
            Some((event, decimal)) => {
                let event = self.took(event);
                Ok(Some(self.reader.decimal_value(&event, decimal)))
            }
            None => Ok(None),
        }
    }

    /// Reads the next number for a 128-bit integer target.
    fn integer128<V: Visitor<'de>>(&mut self, visitor: V, signed: bool) -> Result<V::Value> {
        let event = self.next()?;
        if event.kind != Kind::Number {
            return Err(self.wrong_kind(&event, &visitor));
        }
        let ty = if signed { "i128" } else { "u128" };
        let text = str_from_checked(self.reader.event_bytes(&event));
        let result = match number::parse_integer(text.as_bytes()) {
            // Beyond 64 bits: parsed as the target's type, whatever the sign.
            Parsed::Big if signed => match text.parse::<i128>() {
                Ok(v) => visitor.visit_i128(v),
                Err(_) => Err(self.range(text.as_bytes(), ty)),
            },
            Parsed::Big => match text.parse::<u128>() {
                Ok(v) => visitor.visit_u128(v),
                Err(_) => Err(self.range(text.as_bytes(), ty)),
            },
            _ => self.visit_number(&event, visitor, Some(ty)),
        };
        result.map_err(|e| self.fix(e))
    }
}

macro_rules! deserialize_integers {
    ($($method:ident => $ty:literal),*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.integer(visitor, $ty)
        }
    )*};
}

impl<'de, I: Source<'de>> de::Deserializer<'de> for &mut Deserializer<I> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let event = self.next()?;
        let result = match event.kind {
            Kind::Null => visitor.visit_unit(),
            Kind::Bool => visitor.visit_bool(self.is_true(&event)),
            Kind::Number => self.visit_number(&event, visitor, None),
            Kind::String => self.visit_string(&event, visitor),
            Kind::BeginArray => self.visit_array(visitor),
            Kind::BeginObject => self.visit_object(visitor),
            Kind::EndArray | Kind::EndObject => return Err(self.wrong_kind(&event, &visitor)),
        };
        result.map_err(|e| self.fix(e))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let value = self.next_bool(&visitor)?;
        visitor.visit_bool(value).map_err(|e| self.fix(e))
    }

    deserialize_integers!(deserialize_i8 => "i8", deserialize_i16 => "i16", deserialize_i32 => "i32",
        deserialize_i64 => "i64", deserialize_u8 => "u8", deserialize_u16 => "u16",
        deserialize_u32 => "u32", deserialize_u64 => "u64");

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer128(visitor, true)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.integer128(visitor, false)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let event = self.next()?;
        if event.kind != Kind::Number {
            return Err(self.wrong_kind(&event, &visitor));
        }
        let text = self.reader.event_bytes(&event);
        // Rounded once, from the text: through f64 it could round twice.
        let result = match number::parse_f32(str_from_checked(text)) {
            Some(f) => visitor.visit_f32(f),
            None => Err(self.range(text, "f32")),
        };
        result.map_err(|e| self.fix(e))
    }

    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let (event, decimal) = self.next_number(&visitor)?;
        let result = match self.reader.decimal_f64(&event, decimal) {
            Some(f) => visitor.visit_f64(f),
            None => Err(self.range(self.reader.event_bytes(&event), "f64")),
        };
        result.map_err(|e| self.fix(e))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let event = self.next_string(&visitor)?;
        self.visit_string(&event, visitor).map_err(|e| self.fix(e))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let result = match self.peek()? {
            Kind::String if self.flags.bytes_as_array => {
                // serde_json's reading: the string's UTF-8 bytes.
                let event = self.next()?;
                match self.reader.input().lend() {
                    Some(whole) if event.flags == 0 => {
                        visitor.visit_borrowed_bytes(&whole[event.start + 1..event.end - 1])
                    }
                    _ => visitor.visit_bytes(self.reader.event_text(&event).0.as_bytes()),
                }
            }
            Kind::String => {
                let event = self.next()?;
                let text = self.reader.event_text(&event).0;
                match base64_decode(text) {
                    Ok(bytes) => visitor.visit_byte_buf(bytes),
                    Err(e) => Err(de::Error::custom(format_args!("invalid base64 string: {e}"))),
                }
            }
            Kind::BeginArray if self.flags.bytes_as_array => {
                self.next()?;
                self.visit_array(visitor)
            }
            _ => return Err(self.invalid_type(&visitor)),
        };
        result.map_err(|e| self.fix(e))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // A struct field's `null`, peeked by the field's name step: no general step.
        if let Some(start) = self.reader.take_peeked_null() {
            self.last = self.reader.offset_of(start);
            return visitor.visit_none().map_err(|e| self.fix(e));
        }
        if self.peek()? == Kind::Null {
            self.next()?;
            return visitor.visit_none().map_err(|e| self.fix(e));
        }
        visitor.visit_some(self)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let event = self.next()?;
        if event.kind != Kind::Null {
            return Err(self.wrong_kind(&event, &visitor));
        }
        visitor.visit_unit().map_err(|e| self.fix(e))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == special::RAW_VALUE_TOKEN {
            return self.raw_value(visitor);
        }
        if name == special::NUMBER_TOKEN {
            return self.number_text(visitor);
        }
        if name == crate::value::VALUE_TOKEN {
            return self.value(visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.next_open(false)?.is_none() {
            return Err(self.not_expected(&visitor));
        }
        self.visit_array(visitor).map_err(|e| self.fix(e))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.next_open(true)?.is_none() {
            return Err(self.not_expected(&visitor));
        }
        self.visit_object(visitor).map_err(|e| self.fix(e))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let event = match self.next_open(true)? {
            Some(event) => event,
            None => self.next()?,
        };
        let result = match event.kind {
            Kind::BeginObject => {
                let flags = self.flags;
                let fields = Fields::new(
                    fields,
                    flags.reject_unknown_fields,
                    flags.case_insensitive,
                    flags.allow_duplicate_names,
                );
                self.visit_struct_object(visitor, fields)
            }
            // As in serde_json: a struct may be written as the array of its fields' values.
            Kind::BeginArray => self.visit_struct_array(visitor),
            _ => return Err(self.wrong_kind(&event, &visitor)),
        };
        result.map_err(|e| self.fix(e))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        // The typed steps of the two forms, a string and an object; anything else by the
        // general step.
        let event = match self.reader.next_string_event()? {
            Some(event) => self.took(event),
            None => match self.next_open(true)? {
                Some(event) => event,
                None => self.next()?,
            },
        };
        let result = match event.kind {
            Kind::String => visitor.visit_enum(UnitVariant { de: &mut *self, event }),
            Kind::BeginObject => {
                let value = visitor.visit_enum(Enum { de: &mut *self })?;
                if let Some(event) = self.reader.next_object_end()? {
                    self.took(event);
                    return Ok(value);
                }
                match self.peek()? {
                    Kind::EndObject => {
                        self.next()?;
                        Ok(value)
                    }
                    _ => {
                        Err(self.custom("expected '}' after the variant: an enum is an object of one member"))
                    }
                }
            }
            _ => return Err(self.wrong_kind(&event, &visitor)),
        };
        result.map_err(|e| self.fix(e))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.reader.skip_value()?;
        visitor.visit_unit()
    }
}

/// Decodes standard base64 with padding (RFC 4648 §4), as Go's `encoding/json/v2` writes bytes.
fn base64_decode(text: &str) -> core::result::Result<Vec<u8>, base64::DecodeError> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.decode(text)
}

/// Decodes a `T` from bytes holding exactly one JSON value, with the strict defaults.
/// Strings without escapes are borrowed from `bytes` where `T` borrows.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct User<'a> { name: &'a str, age: u8 }
///
/// let user: User = jet::from_slice(br#"{"name": "Ada", "age": 36}"#)?;
/// assert_eq!(user, User { name: "Ada", age: 36 });
///
/// let err = jet::from_slice::<User>(br#"{"name": "Ada", "age": 360}"#).unwrap_err();
/// assert_eq!(err.to_string(), "invalid value: integer `360`, expected u8 at /age (line 1, column 24, byte 23)");
/// # Ok::<(), jet::Error>(())
/// ```
pub fn from_slice<'a, T: de::Deserialize<'a>>(bytes: &'a [u8]) -> Result<T> {
    from_source(Reader::from_slice(bytes), &Options::strict())
}

/// Decodes a `T` from a `str` holding exactly one JSON value, with the strict defaults.
#[allow(clippy::should_implement_trait)]
pub fn from_str<'a, T: de::Deserialize<'a>>(text: &'a str) -> Result<T> {
    from_source(Reader::from_str(text), &Options::strict())
}

/// Decodes a `T` from an `io::Read` holding exactly one JSON value, with the strict defaults,
/// in memory bounded by the largest string or number (plus what `T` keeps).
pub fn from_reader<R: io::Read, T: de::DeserializeOwned>(reader: R) -> Result<T> {
    from_source(Reader::from_reader(reader), &Options::strict())
}

fn from_source<'de, I: Source<'de>, T: de::Deserialize<'de>>(reader: Reader<I>, opts: &Options) -> Result<T> {
    let mut de = Deserializer::with_reader(reader, opts);
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Typed decoding with these options.
impl Options {
    /// [`from_slice`] with these options.
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Point { x: i32, y: i32 }
    ///
    /// let opts = jet::Options::default().reject_unknown_fields(true);
    /// let err = opts.from_slice::<Point>(br#"{"x": 1, "y": 2, "z": 3}"#).unwrap_err();
    /// assert_eq!(err.pointer(), "/z");
    /// ```
    pub fn from_slice<'a, T: de::Deserialize<'a>>(&self, bytes: &'a [u8]) -> Result<T> {
        from_source(Reader::from_slice(bytes), self)
    }

    /// [`from_str`] with these options.
    pub fn from_str<'a, T: de::Deserialize<'a>>(&self, text: &'a str) -> Result<T> {
        from_source(Reader::from_str(text), self)
    }

    /// [`from_reader`] with these options.
    pub fn from_reader<R: io::Read, T: de::DeserializeOwned>(&self, reader: R) -> Result<T> {
        from_source(Reader::from_reader(reader), self)
    }
}
