//! Generic values: parse to each library's `Value`, and write it back.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

fn err(e: impl fmt::Display) -> String {
    e.to_string()
}

/// Parses text any library wrote, as the common form the checks compare.
fn common(text: &[u8]) -> Result<serde_json::Value, String> {
    serde_json::from_slice(text).map_err(err)
}

pub fn jet_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    jet::from_slice::<jet::Value>(bytes).map(|v| v.is_object() as u64).map_err(err)
}

pub fn jet_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&jet::to_vec(&jet::from_slice::<jet::Value>(bytes).map_err(err)?).map_err(err)?)
}

/// jet's read-only `Document` (a tape of 16-byte slots, strings lent from the input): the
/// form that parses without an allocation per string and container, as sonic-rs's does.
pub fn jet_document_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    jet::Document::from_slice(bytes).map(|d| d.root().is_object() as u64).map_err(err)
}

pub fn jet_document_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let doc = jet::Document::from_slice(bytes).map_err(err)?;
    let written = jet::to_vec(&doc).map_err(err)?;
    if written != doc.to_string().as_bytes() {
        return Err("the document's Serialize and Display texts differ".into());
    }
    common(&written)
}

/// A `jet::Value` built through serde's generic visitor calls (what any self-describing type
/// gets), instead of the direct builder `jet::Value` uses: the comparison that decides which
/// path `Value` takes.
pub struct ViaVisitor(jet::Value);

impl<'de> Deserialize<'de> for ViaVisitor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ViaVisitor, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ViaVisitor;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_unit<E>(self) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::Null))
            }
            fn visit_bool<E>(self, b: bool) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::Bool(b)))
            }
            fn visit_u64<E>(self, n: u64) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::from(n)))
            }
            fn visit_i64<E>(self, n: i64) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::from(n)))
            }
            fn visit_f64<E>(self, n: f64) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::from(n)))
            }
            fn visit_str<E>(self, s: &str) -> Result<ViaVisitor, E> {
                Ok(ViaVisitor(jet::Value::String(s.to_owned())))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ViaVisitor, A::Error> {
                let mut out = Vec::new();
                while let Some(ViaVisitor(v)) = seq.next_element()? {
                    out.push(v);
                }
                Ok(ViaVisitor(jet::Value::Array(out.into())))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ViaVisitor, A::Error> {
                let mut out = jet::Map::new();
                while let Some((k, ViaVisitor(v))) = map.next_entry::<String, ViaVisitor>()? {
                    out.insert(k, v);
                }
                Ok(ViaVisitor(jet::Value::Object(out)))
            }
        }
        d.deserialize_any(V)
    }
}

pub fn jet_visitor_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    jet::from_slice::<ViaVisitor>(bytes).map(|v| v.0.is_object() as u64).map_err(err)
}

pub fn jet_visitor_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&jet::to_vec(&jet::from_slice::<ViaVisitor>(bytes).map_err(err)?.0).map_err(err)?)
}

pub fn serde_json_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    serde_json::from_slice::<serde_json::Value>(bytes).map(|v| v.is_object() as u64).map_err(err)
}

pub fn serde_json_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    serde_json::from_slice(bytes).map_err(err)
}

pub fn sonic_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    sonic_rs::from_slice::<sonic_rs::Value>(bytes)
        .map(|v| sonic_rs::JsonValueTrait::is_object(&v) as u64)
        .map_err(err)
}

pub fn sonic_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&sonic_rs::to_vec(&sonic_rs::from_slice::<sonic_rs::Value>(bytes).map_err(err)?).map_err(err)?)
}

/// simd-json parses in place: the copy of the input it needs is part of its cost.
pub fn simd_owned_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    let mut copy = bytes.to_vec();
    simd_json::to_owned_value(&mut copy)
        .map(|v| matches!(v, simd_json::OwnedValue::Object(_)) as u64)
        .map_err(err)
}

pub fn simd_owned_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let mut copy = bytes.to_vec();
    let v = simd_json::to_owned_value(&mut copy).map_err(err)?;
    common(&simd_json::to_vec(&v).map_err(err)?)
}

pub fn simd_borrowed_parse(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    let mut copy = bytes.to_vec();
    simd_json::to_borrowed_value(&mut copy)
        .map(|v| matches!(v, simd_json::BorrowedValue::Object(_)) as u64)
        .map_err(err)
}

pub fn simd_borrowed_parse_checked(_file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let mut copy = bytes.to_vec();
    let v = simd_json::to_borrowed_value(&mut copy).map_err(err)?;
    common(&simd_json::to_vec(&v).map_err(err)?)
}

/// Each library's value of each file, parsed once, for the serialize runs.
struct Parsed {
    jet: jet::Value,
    serde_json: serde_json::Value,
    sonic: sonic_rs::Value,
    simd: simd_json::OwnedValue,
}

thread_local! {
    static PARSED: RefCell<HashMap<String, &'static Parsed>> = RefCell::new(HashMap::new());
}

fn parsed(file: &str, bytes: &[u8]) -> Result<&'static Parsed, String> {
    if let Some(p) = PARSED.with(|m| m.borrow().get(file).copied()) {
        return Ok(p);
    }
    let mut copy = bytes.to_vec();
    let p = Parsed {
        jet: jet::from_slice(bytes).map_err(err)?,
        serde_json: serde_json::from_slice(bytes).map_err(err)?,
        sonic: sonic_rs::from_slice(bytes).map_err(err)?,
        simd: simd_json::to_owned_value(&mut copy).map_err(err)?,
    };
    // Kept for the whole run: a handful of documents.
    let p: &'static Parsed = Box::leak(Box::new(p));
    PARSED.with(|m| m.borrow_mut().insert(file.to_owned(), p));
    Ok(p)
}

pub fn jet_write(file: &str, bytes: &[u8]) -> Result<u64, String> {
    jet::to_vec(&parsed(file, bytes)?.jet).map(|v| v.len() as u64).map_err(err)
}

pub fn jet_write_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&jet::to_vec(&parsed(file, bytes)?.jet).map_err(err)?)
}

pub fn serde_json_write(file: &str, bytes: &[u8]) -> Result<u64, String> {
    serde_json::to_vec(&parsed(file, bytes)?.serde_json).map(|v| v.len() as u64).map_err(err)
}

pub fn serde_json_write_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&serde_json::to_vec(&parsed(file, bytes)?.serde_json).map_err(err)?)
}

pub fn sonic_write(file: &str, bytes: &[u8]) -> Result<u64, String> {
    sonic_rs::to_vec(&parsed(file, bytes)?.sonic).map(|v| v.len() as u64).map_err(err)
}

pub fn sonic_write_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&sonic_rs::to_vec(&parsed(file, bytes)?.sonic).map_err(err)?)
}

pub fn simd_write(file: &str, bytes: &[u8]) -> Result<u64, String> {
    simd_json::to_vec(&parsed(file, bytes)?.simd).map(|v| v.len() as u64).map_err(err)
}

pub fn simd_write_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    common(&simd_json::to_vec(&parsed(file, bytes)?.simd).map_err(err)?)
}
