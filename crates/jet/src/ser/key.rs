//! Map keys: JSON object names are strings, so keys that are numbers, booleans, chars or unit
//! variants are written as their text (as serde_json does); anything else is an error.

use std::io;

use serde::ser::{self, Impossible, Serialize};

use super::{Serializer, SerializerMode};
use crate::error::{Error, Result};

/// Writes one map key as the next member's name of the serializer's innermost map (checked
/// for duplicates, then written with its colon): a string key from where it is, with no copy
/// in between.
pub(super) struct KeySerializer<'a, W, M: SerializerMode> {
    pub ser: &'a mut Serializer<W, M>,
}

#[cold]
fn not_a_key(kind: &str) -> Error {
    ser::Error::custom(format_args!(
        "an object name (map key) must be a string, number or boolean, not {kind}"
    ))
}

impl<W, M: SerializerMode> KeySerializer<'_, W, M> {
    /// A float key's shortest text; `finite` is the float's own answer (the printer's trait
    /// has no such test).
    fn float_key<F: zmij::Float>(self, v: F, finite: bool) -> Result<()> {
        if !finite {
            return Err(not_a_key("a non-finite float"));
        }
        self.ser.name(zmij::Buffer::new().format_finite(v))
    }
}

macro_rules! integer_keys {
    ($($method:ident: $ty:ty),*) => {$(
        fn $method(self, v: $ty) -> Result<()> {
            self.ser.name(itoa::Buffer::new().format(v))
        }
    )*};
}

impl<W: io::Write, M: SerializerMode> ser::Serializer for KeySerializer<'_, W, M> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.ser.name(v)
    }

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.ser.name(if v { "true" } else { "false" })
    }

    integer_keys!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_i128: i128, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_u128: u128);

    fn serialize_f32(self, v: f32) -> Result<()> {
        self.float_key(v, v.is_finite())
    }

    fn serialize_f64(self, v: f64) -> Result<()> {
        self.float_key(v, v.is_finite())
    }

    fn serialize_char(self, v: char) -> Result<()> {
        self.ser.name(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<()> {
        Err(not_a_key("bytes"))
    }

    fn serialize_none(self) -> Result<()> {
        Err(not_a_key("null"))
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        Err(not_a_key("null"))
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        Err(not_a_key("a unit struct"))
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.ser.name(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(not_a_key("an enum variant with data"))
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(not_a_key("an array"))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(not_a_key("an array"))
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct> {
        Err(not_a_key("an array"))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(not_a_key("an enum variant with data"))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(not_a_key("an object"))
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(not_a_key("an object"))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(not_a_key("an enum variant with data"))
    }

    fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
        self.ser.with_display_text(value, |ser, text| ser.name(text))
    }
}
