//! [`to_value`](super::to_value): a serde `Serializer` that builds a [`Value`], under the
//! rules of jet's own serializer (duplicate names are errors, bytes are base64, a number or raw
//! value keeps its text) except that NaN and infinities become `null`, as `Value::from(f64)`
//! makes them.

use base64::Engine as _;
use serde::ser::{self, Serialize};

use super::{Array, Map, Value};
use crate::error::{Code, Error, Result};
use crate::Number;

/// Builds a [`Value`] from serde's calls.
pub(crate) struct ValueSerializer;

#[cold]
fn duplicate(name: &str) -> Error {
    Error::bare(Code::DuplicateName(name.into()))
}

fn key_must_be_string() -> Error {
    Error::bare(Code::Custom(
        "an object name must be a string (or a number or boolean, written as one)".into(),
    ))
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqBuilder;
    type SerializeTuple = SeqBuilder;
    type SerializeTupleStruct = SeqBuilder;
    type SerializeTupleVariant = VariantBuilder<SeqBuilder>;
    type SerializeMap = MapBuilder;
    type SerializeStruct = MapBuilder;
    type SerializeStructVariant = VariantBuilder<MapBuilder>;

    fn serialize_bool(self, v: bool) -> Result<Value> {
        Ok(Value::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Value> {
        Ok(Value::from(v))
    }
    fn serialize_char(self, v: char) -> Result<Value> {
        Ok(Value::String(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value> {
        Ok(Value::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value> {
        Ok(Value::String(base64::engine::general_purpose::STANDARD.encode(v)))
    }
    fn serialize_none(self) -> Result<Value> {
        Ok(Value::Null)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Value> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value> {
        Ok(Value::Null)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value> {
        Ok(Value::Null)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value> {
        Ok(Value::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<Value> {
        use crate::de::special::{with_text, NUMBER_TOKEN, RAW_VALUE_TOKEN};
        if name == super::VALUE_TOKEN {
            if let Some(v) = super::with_current(|current| current.cloned()) {
                return Ok(v);
            }
        } else if name == NUMBER_TOKEN {
            return Ok(Value::Number(with_text(|text| Number::from_owned_text(text.to_owned()))));
        } else if name == RAW_VALUE_TOKEN {
            return with_text(|text| crate::from_str(text));
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value> {
        Ok(variant_object(variant, value.serialize(ValueSerializer)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqBuilder> {
        Ok(SeqBuilder(Vec::with_capacity(len.unwrap_or(0).min(4096))))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqBuilder> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantBuilder<SeqBuilder>> {
        Ok(VariantBuilder { variant, inner: self.serialize_seq(Some(len))? })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapBuilder> {
        Ok(MapBuilder { map: Map::with_capacity(len.unwrap_or(0).min(4096)), key: None })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapBuilder> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<VariantBuilder<MapBuilder>> {
        Ok(VariantBuilder { variant, inner: self.serialize_map(Some(len))? })
    }
}

/// The elements of an array being built.
pub(crate) struct SeqBuilder(Vec<Value>);

impl ser::SerializeSeq for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.0.push(value.serialize(ValueSerializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value> {
        Ok(Value::Array(Array(self.0)))
    }
}

impl ser::SerializeTuple for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value> {
        ser::SerializeSeq::end(self)
    }
}

/// The members of an object being built.
pub(crate) struct MapBuilder {
    map: Map,
    key: Option<String>,
}

impl MapBuilder {
    fn member(&mut self, key: String, value: Value) -> Result<()> {
        if self.map.contains_key(key.as_str()) {
            return Err(duplicate(&key));
        }
        self.map.insert(key, value);
        Ok(())
    }
}

impl ser::SerializeMap for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.key = Some(match key.serialize(ValueSerializer)? {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => return Err(key_must_be_string()),
        });
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let key =
            self.key.take().ok_or_else(|| Error::bare(Code::Custom("a map value without its key".into())))?;
        let value = value.serialize(ValueSerializer)?;
        self.member(key, value)
    }
    fn end(self) -> Result<Value> {
        Ok(Value::Object(self.map))
    }
}

impl ser::SerializeStruct for MapBuilder {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        let value = value.serialize(ValueSerializer)?;
        self.member(name.to_owned(), value)
    }
    fn end(self) -> Result<Value> {
        Ok(Value::Object(self.map))
    }
}

/// An enum variant's content, wrapped in an object of one member named after the variant.
pub(crate) struct VariantBuilder<B> {
    variant: &'static str,
    inner: B,
}

/// `{"variant": content}`: serde's external enum representation.
fn variant_object(variant: &'static str, content: Value) -> Value {
    let mut map = Map::new();
    map.insert(variant.to_owned(), content);
    Value::Object(map)
}

impl ser::SerializeTupleVariant for VariantBuilder<SeqBuilder> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }
    fn end(self) -> Result<Value> {
        Ok(variant_object(self.variant, ser::SerializeSeq::end(self.inner)?))
    }
}

impl ser::SerializeStructVariant for VariantBuilder<MapBuilder> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        ser::SerializeStruct::serialize_field(&mut self.inner, name, value)
    }
    fn end(self) -> Result<Value> {
        Ok(variant_object(self.variant, ser::SerializeStruct::end(self.inner)?))
    }
}
