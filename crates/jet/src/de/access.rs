//! serde's access traits over a [`Deserializer`]: array elements, object members (with the
//! struct field rules of [`Options`](crate::Options)), object names as keys, enum variants.

use core::fmt;
use core::marker::PhantomData;
use std::cell::Cell;

use serde::de::{self, DeserializeSeed, Visitor};
use serde::forward_to_deserialize_any;

use super::Deserializer;
use crate::error::{Code, Error, Result};
use crate::text::number::{self, Parsed, Wide};
use crate::text::reader::Event;
use crate::text::{string, Kind, Source};

/// The elements of an array whose `[` was read. Reads the `]` when it returns `None`.
pub(super) struct Seq<'a, I> {
    pub de: &'a mut Deserializer<I>,
}

impl<'de, I: Source<'de>> de::SeqAccess<'de> for Seq<'_, I> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if let Some(event) = self.de.reader.take_array_end()? {
            self.de.took(event);
            return Ok(None);
        }
        seed.deserialize(&mut *self.de).map(Some)
    }
}

/// The members of an object whose `{` was read, as a map's. Reads the `}` when it returns
/// `None`.
pub(super) struct Map<'a, I> {
    pub de: &'a mut Deserializer<I>,
}

impl<'de, I: Source<'de>> de::MapAccess<'de> for Map<'_, I> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        // At a name position the reader gives a name (checked not to be a duplicate) or `}`.
        let event = self.de.next_name()?;
        if event.kind == Kind::EndObject {
            return Ok(None);
        }
        seed.deserialize(MapKey { de: &mut *self.de, event }).map(Some)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }
}

/// The members of an object whose `{` was read, as a struct's fields, checked and matched by
/// [`Fields`]. Reads the `}` when it returns `None`.
///
/// A type of its own rather than a [`Map`] with optional fields, so that a struct's `visit_map`
/// is compiled without a map's path for keys, and a map's without the struct's (twitter_status:
/// 2.7 % fewer instructions a decode).
pub(super) struct Struct<'a, I> {
    pub de: &'a mut Deserializer<I>,
    pub fields: Fields,
}

impl<'de, I: Source<'de>> de::MapAccess<'de> for Struct<'_, I> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        next_field(self.de, &mut self.fields, seed)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }
}

/// [`MapAccess::next_key_seed`](de::MapAccess::next_key_seed) for a struct.
#[inline]
fn next_field<'de, I: Source<'de>, K: DeserializeSeed<'de>>(
    de: &mut Deserializer<I>,
    fields: &mut Fields,
    seed: K,
) -> Result<Option<K::Value>> {
    let step = match fields.expected() {
        Some(field) => de.reader.next_name_expecting(field)?,
        // Past the last field (or at one not compared as bytes): the struct's `}` at once.
        None => de.reader.next_object_end()?.map(|event| (event, false)),
    };
    let (event, matched) = match step {
        Some((event, matched)) => (de.took(event), matched),
        None => (de.next_name_outlined()?, false),
    };
    if event.kind == Kind::EndObject {
        return Ok(None);
    }
    fields.key(de, &event, matched, seed).map(Some)
}

/// The fields of a struct being read: the duplicate check of its fields, unknown fields
/// (`reject_unknown_fields`), case-insensitive matching (`match_case_insensitive_names`).
///
/// Names usually come in the order of the struct's fields (serde writes them so), so the field
/// after the last one read is compared with the input's bytes first
/// ([`Reader::next_name_expecting`](crate::text::Reader)): a name found that way is neither
/// scanned nor checked against the object's other names by the reader. `seen` checks every
/// field instead, by its index; the object's other names are not fields, so they cannot equal
/// one.
pub(super) struct Fields {
    names: &'static [&'static str],
    reject_unknown: bool,
    case_insensitive: bool,
    check_duplicates: bool,
    /// The fields, of the first 64, whose names may be compared with the input's bytes
    /// ([`plain_fields`]).
    plain: u64,
    /// The field expected next: the one after the last one read.
    next: usize,
    /// The fields set so far, of the first 64.
    seen: u64,
    /// The same for the others, with case-insensitive matching (two names can set one field).
    /// Without it, the reader checks the names of fields past the 64th, never compared as bytes.
    seen_more: Vec<u64>,
}

impl Fields {
    pub(super) fn new(
        names: &'static [&'static str],
        reject_unknown: bool,
        case_insensitive: bool,
        allow_duplicates: bool,
    ) -> Fields {
        Fields {
            names,
            reject_unknown,
            case_insensitive,
            check_duplicates: !allow_duplicates,
            plain: plain_fields(names),
            next: 0,
            seen: 0,
            seen_more: Vec::new(),
        }
    }

    /// The name of the field expected next, when it may be compared with the input's bytes.
    #[inline(always)]
    pub(super) fn expected(&self) -> Option<&'static [u8]> {
        let i = self.next;
        if i < 64 && self.plain & (1 << i) != 0 {
            Some(self.names.get(i)?.as_bytes())
        } else {
            None
        }
    }

    /// Deserializes the name just read as a field identifier; `matched` when the reader found
    /// it equal to [`expected`](Fields::expected).
    #[inline]
    pub(super) fn key<'de, I: Source<'de>, K: DeserializeSeed<'de>>(
        &mut self,
        de: &mut Deserializer<I>,
        event: &Event,
        matched: bool,
        seed: K,
    ) -> Result<K::Value> {
        let i = if matched {
            self.next
        } else {
            match self.find(de.reader.event_text(event).0) {
                Some(i) => i,
                None => return self.unknown(de, event, seed),
            }
        };
        if self.check_duplicates && self.set(i) {
            return Err(self.duplicate(de, event));
        }
        self.next = i + 1;
        // The field's own name: what the struct's visitor matches, with an error type of this
        // input type's own (see `NameError`).
        let name = de::value::BorrowedStrDeserializer::<NameError<I, AtField>>::new(self.names[i]);
        seed.deserialize(name).map_err(|e| e.0)
    }

    /// The index of the field named `text`.
    fn find(&self, text: &str) -> Option<usize> {
        match self.names.iter().position(|&f| f == text) {
            Some(i) => Some(i),
            None if self.case_insensitive => self.names.iter().position(|&f| eq_ignore_case(f, text)),
            None => None,
        }
    }

    /// Marks field `i` set; true when it already was.
    #[inline(always)]
    fn set(&mut self, i: usize) -> bool {
        if i < 64 {
            let was = self.seen & (1 << i) != 0;
            self.seen |= 1 << i;
            return was;
        }
        if !self.case_insensitive {
            return false;
        }
        let (word, bit) = (i / 64 - 1, 1u64 << (i % 64));
        if self.seen_more.len() <= word {
            self.seen_more.resize(word + 1, 0);
        }
        let was = self.seen_more[word] & bit != 0;
        self.seen_more[word] |= bit;
        was
    }

    /// A name that is not a field: an error with `reject_unknown_fields`, else the struct's
    /// visitor sees it (and ignores it, or keeps it for a flattened field).
    #[cold]
    fn unknown<'de, I: Source<'de>, K: DeserializeSeed<'de>>(
        &self,
        de: &mut Deserializer<I>,
        event: &Event,
        seed: K,
    ) -> Result<K::Value> {
        if self.reject_unknown {
            let text = de.reader.event_text(event).0;
            let err: Error = de::Error::unknown_field(text, self.names);
            return Err(de.fix(err));
        }
        seed.deserialize(MapKey { de, event: *event })
    }

    /// The error for a field set twice, as the reader reports a duplicate name.
    #[cold]
    fn duplicate<'de, I: Source<'de>>(&self, de: &mut Deserializer<I>, event: &Event) -> Error {
        let text: Box<str> = de.reader.event_text(event).0.into();
        de.reader.duplicate_name(text, event.start)
    }
}

/// jet's [`Error`] under a type of its own for each input type `I` and each place `At` where a
/// name is given to a derived identifier visitor: a struct's field ([`Fields::key`],
/// [`AtField`]), an enum's variant written as a string ([`UnitVariant`], [`AtUnitVariant`]) or
/// as an object's one member ([`Enum`], [`AtVariant`]).
///
/// A derived identifier visitor's methods are generic over the error type, so this gives each
/// input type and place its own copy of them, called from one place: the struct's `visit_map`,
/// or the enum's `visit_enum`, for that input. The compiler inlines a function that has one
/// caller even when it is large (rustc 1.95's LLVM here), and the visitor's match on the name
/// and the caller's match on the field or variant it returns then become one jump. With
/// [`Error`], the same copy is also called by the paths of map keys and unknown names and by the
/// callers of other inputs; it stayed out of line, and every name took two indirect jumps, each
/// mispredicted about as often as the order of names varies (twitter_status: 10 % of a decode's
/// time; the variants of the bench's generated audit log: 8 %). The inlining needs the visitor
/// and its caller in one codegen unit: a release profile with `codegen-units = 1`, as jet's
/// workspace has. With cargo's default of 16, a program's identifier visitors stay out of line,
/// as they did before this type (measured with one program reading a `str`, a slice and an
/// `io::Read`).
struct NameError<I, At>(Error, PhantomData<fn() -> (I, At)>);

/// [`NameError`]'s place: a struct's field.
enum AtField {}
/// [`NameError`]'s place: an enum's variant written as a string.
enum AtUnitVariant {}
/// [`NameError`]'s place: an enum's variant written as an object's one member.
enum AtVariant {}

impl<I, At> NameError<I, At> {
    #[cold]
    fn new(err: Error) -> Self {
        NameError(err, PhantomData)
    }
}

impl<I, At> fmt::Debug for NameError<I, At> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl<I, At> fmt::Display for NameError<I, At> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl<I, At> std::error::Error for NameError<I, At> {}

/// [`Error`]'s messages: the methods that [`Error`] has of its own, and the rest by default
/// through `custom`, as [`Error`]'s are.
impl<I, At> de::Error for NameError<I, At> {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Self {
        NameError::new(de::Error::custom(msg))
    }

    #[cold]
    fn invalid_type(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        NameError::new(de::Error::invalid_type(unexp, exp))
    }

    #[cold]
    fn invalid_value(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        NameError::new(de::Error::invalid_value(unexp, exp))
    }
}

/// Which of the first 64 of `names` are [plain](string::is_plain), so that input bytes equal to
/// one are that name's whole string. Kept per list of names (a struct's, which is static) in a
/// cache per thread, so that a struct read many times is looked at once: two ways of 64 sets,
/// so that structs read by turns (a list of users in a list of posts) do not evict each other.
fn plain_fields(names: &'static [&'static str]) -> u64 {
    const SETS: usize = 64;
    /// A list of names by its address and length (a list may start inside another), and its
    /// mask.
    type Way = Cell<(usize, usize, u64)>;
    thread_local! {
        static CACHE: [[Way; 2]; SETS] = const { [const { [const { Cell::new((0, 0, 0)) }; 2] }; SETS] };
    }
    let compute = || {
        names
            .iter()
            .take(64)
            .enumerate()
            .fold(0, |mask, (i, name)| mask | u64::from(string::is_plain(name)) << i)
    };
    let (at, len) = (names.as_ptr() as usize, names.len());
    let set = ((at ^ len) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SETS.trailing_zeros());
    CACHE
        .try_with(|cache| {
            let [first, second] = &cache[set as usize];
            match (first.get(), second.get()) {
                ((a, l, mask), _) if (a, l) == (at, len) => mask,
                (recent, (a, l, mask)) if (a, l) == (at, len) => {
                    // The most recently used first: it is found with one compare.
                    first.set((a, l, mask));
                    second.set(recent);
                    mask
                }
                (recent, _) => {
                    let mask = compute();
                    first.set((at, len, mask));
                    second.set(recent);
                    mask
                }
            }
        })
        .unwrap_or_else(|_| compute())
}

/// Equal ignoring case: ASCII quickly, other text by simple lowercase mapping.
fn eq_ignore_case(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars().flat_map(char::to_lowercase).eq(b.chars().flat_map(char::to_lowercase))
}

/// An object name as a map key: a string, or the text of a number or boolean key (as
/// serde_json writes integer and boolean keys).
pub(super) struct MapKey<'a, I> {
    pub de: &'a mut Deserializer<I>,
    pub event: Event,
}

impl<'de, I: Source<'de>> MapKey<'_, I> {
    /// The key's text as a number, for a number target.
    fn number<V: Visitor<'de>>(self, visitor: V, ty: &'static str, float: bool) -> Result<V::Value> {
        let text = self.de.reader.event_text(&self.event).0;
        let bytes = text.as_bytes();
        let is_number =
            !bytes.is_empty() && matches!(number::scan(bytes, 0, true), Ok(end) if end == bytes.len());
        if !is_number {
            let err: Error = de::Error::invalid_type(de::Unexpected::Str(text), &visitor);
            return Err(self.de.fix(err));
        }
        let range = || Error::bare(Code::NumberRange { text: text.into(), ty });
        let result = match number::parse_integer(bytes) {
            Parsed::U64(v) if !float => visitor.visit_u64(v),
            Parsed::I64(v) if !float => visitor.visit_i64(v),
            Parsed::Big if !float && (ty == "i128" || ty == "u128") => match number::parse_wide(text) {
                Some(Wide::I128(v)) => visitor.visit_i128(v),
                Some(Wide::U128(v)) => visitor.visit_u128(v),
                None => Err(range()),
            },
            Parsed::Big if !float => Err(range()),
            _ => match number::parse_f64(text) {
                Some(f) => visitor.visit_f64(f),
                None => Err(range()),
            },
        };
        result.map_err(|e| self.de.fix(e))
    }
}

macro_rules! key_numbers {
    ($($method:ident => $ty:literal $float:literal),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.number(visitor, $ty, $float)
        }
    )*};
}

impl<'de, I: Source<'de>> de::Deserializer<'de> for MapKey<'_, I> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.de.visit_string(&self.event, visitor).map_err(|e| self.de.fix(e))
    }

    key_numbers!(deserialize_i8 => "i8" false, deserialize_i16 => "i16" false,
        deserialize_i32 => "i32" false, deserialize_i64 => "i64" false,
        deserialize_i128 => "i128" false, deserialize_u8 => "u8" false,
        deserialize_u16 => "u16" false, deserialize_u32 => "u32" false,
        deserialize_u64 => "u64" false, deserialize_u128 => "u128" false,
        deserialize_f32 => "f32" true, deserialize_f64 => "f64" true);

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let result = match self.de.reader.event_text(&self.event).0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::invalid_type(de::Unexpected::Str(other), &visitor)),
        };
        result.map_err(|e| self.de.fix(e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(UnitVariant { de: self.de, event: self.event })
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let result = match self.de.reader.input().lend() {
            Some(whole) if self.event.flags == 0 => {
                visitor.visit_borrowed_bytes(&whole[self.event.start + 1..self.event.end - 1])
            }
            _ => visitor.visit_bytes(self.de.reader.event_text(&self.event).0.as_bytes()),
        };
        result.map_err(|e| self.de.fix(e))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// An enum's variant name: an identifier, given to the variant visitor's `visit_str` with an
/// error type of this input type and place's own (see [`NameError`]); read as anything else,
/// a map key.
struct VariantName<'a, I, At> {
    de: &'a mut Deserializer<I>,
    event: Event,
    at: PhantomData<At>,
}

/// [`VariantName`]'s methods besides `deserialize_identifier`: [`MapKey`]'s.
macro_rules! variant_name_as_map_key {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, $($arg: $ty,)* visitor: V) -> Result<V::Value, Self::Error> {
            MapKey { de: self.de, event: self.event }.$method($($arg,)* visitor).map_err(NameError::new)
        }
    )*};
}

impl<'de, I: Source<'de>, At> de::Deserializer<'de> for VariantName<'_, I, At> {
    type Error = NameError<I, At>;

    /// Always `visit_str`, never `visit_borrowed_str` where the input could lend the name: one
    /// call site, so that the visitor's copy has one caller. A derived variant visitor treats
    /// both alike; a variant read as a borrowed `&str` goes through `deserialize_str`, which
    /// lends it.
    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_str(self.de.reader.event_text(&self.event).0)
    }

    variant_name_as_map_key! {
        deserialize_any(), deserialize_bool(), deserialize_i8(), deserialize_i16(),
        deserialize_i32(), deserialize_i64(), deserialize_i128(), deserialize_u8(),
        deserialize_u16(), deserialize_u32(), deserialize_u64(), deserialize_u128(),
        deserialize_f32(), deserialize_f64(), deserialize_char(), deserialize_str(),
        deserialize_string(), deserialize_bytes(), deserialize_byte_buf(), deserialize_option(),
        deserialize_unit(), deserialize_unit_struct(name: &'static str),
        deserialize_newtype_struct(name: &'static str), deserialize_seq(),
        deserialize_tuple(len: usize), deserialize_tuple_struct(name: &'static str, len: usize),
        deserialize_map(), deserialize_struct(name: &'static str, fields: &'static [&'static str]),
        deserialize_enum(name: &'static str, variants: &'static [&'static str]),
        deserialize_ignored_any(),
    }
}

/// An enum written as a string: a unit variant.
pub(super) struct UnitVariant<'a, I> {
    pub de: &'a mut Deserializer<I>,
    pub event: Event,
}

impl<'de, I: Source<'de>> de::EnumAccess<'de> for UnitVariant<'_, I> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let name = VariantName::<I, AtUnitVariant> { de: &mut *self.de, event: self.event, at: PhantomData };
        let value = seed.deserialize(name).map_err(|e| self.de.fix(e.0))?;
        Ok((value, self))
    }
}

impl<'de, I: Source<'de>> de::VariantAccess<'de> for UnitVariant<'_, I> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(self.de.fix(de::Error::invalid_type(de::Unexpected::UnitVariant, &"newtype variant")))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(self.de.fix(de::Error::invalid_type(de::Unexpected::UnitVariant, &"tuple variant")))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(self.de.fix(de::Error::invalid_type(de::Unexpected::UnitVariant, &"struct variant")))
    }
}

/// An enum written as an object of one member, `{"Variant": value}`, whose `{` was read.
pub(super) struct Enum<'a, I> {
    pub de: &'a mut Deserializer<I>,
}

impl<'de, I: Source<'de>> de::EnumAccess<'de> for Enum<'_, I> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        // A name or `}`, by the name step of struct fields and maps.
        let event = self.de.next_name()?;
        if event.kind == Kind::EndObject {
            return Err(self.de.custom("expected the variant's name: an enum is an object of one member"));
        }
        let name = VariantName::<I, AtVariant> { de: &mut *self.de, event, at: PhantomData };
        let value = seed.deserialize(name).map_err(|e| self.de.fix(e.0))?;
        Ok((value, self))
    }
}

impl<'de, I: Source<'de>> de::VariantAccess<'de> for Enum<'_, I> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self.de)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self.de, "", fields, visitor)
    }
}
