//! jet: a strict, fast JSON library.
//!
//! - **Strict by default**, like Go's `encoding/json/v2`: valid UTF-8 only (lone surrogate
//!   escapes are errors), duplicate object names rejected, nothing after the value, a nesting
//!   limit enforced without recursion. Every relaxation is an [`Options`] switch.
//! - **Layered**: [`text`] is the syntax layer (a pull [`Reader`](text::Reader) over slices and
//!   `io::Read` in bounded memory, a grammar-checking [`Writer`](text::Writer), raw values,
//!   compact, indented and RFC 8785 canonical forms); over it, serde ([`from_slice`],
//!   [`to_vec`], ...), a generic [`Value`] with JSON Pointer and Patch ([`value`]), a read-only
//!   [`Document`] parsed into one flat buffer, and lazy path access without a tree ([`get`],
//!   [`lazy`]).
//! - **Friendly errors**: every [`Error`] has a byte offset, line, column and the JSON Pointer of
//!   the failing value, and can render the offending line with a caret.
//!
//! ```
//! let input = br#"{"statuses": [{"id": 1}, {"id": 2, "id": 3}]}"#;
//! let err = jet::text::validate(input).unwrap_err();
//! assert_eq!(err.pointer(), "/statuses/1");
//! assert_eq!(err.message().to_string(), r#"duplicate object name "id""#);
//! ```

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

#[macro_use]
mod macros;

mod de;
mod error;
pub mod lazy;
mod options;
mod scan;
mod ser;
pub mod text;
pub mod value;

pub use de::{from_reader, from_slice, from_str, iter_array, ArrayIter, Deserializer, StreamDeserializer};
pub use error::{Category, Error, Result};
pub use options::{Options, DEFAULT_MAX_DEPTH, DEFAULT_MAX_RECURSION};
pub use ser::{
    to_string, to_string_pretty, to_vec, to_vec_pretty, to_writer, to_writer_pretty, Compound, Serializer,
    SerializerMode, ToWriter,
};

pub use lazy::{get, get_many, LazyValue};
pub use value::{from_value, to_value, Document, Map, Value};

/// Items the macros and the fuzz targets use; not part of the API, may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use std::compile_error;
    pub use std::vec;

    /// `json!`'s conversion of an expression.
    pub fn to_value_or_panic<T: ?Sized + serde::Serialize>(value: &T) -> crate::Value {
        match crate::value::to_value(value) {
            Ok(v) => v,
            Err(e) => panic!("json!: the value cannot be converted to JSON: {e}"),
        }
    }

    /// Runs every byte-scanning kernel this CPU has (AVX2, SSE2, portable) on `bytes` from many
    /// offsets and panics, naming the kernel, where one differs from its reference.
    pub fn check_scan_kernels(bytes: &[u8]) {
        crate::scan::kernels::check_all(bytes);
    }
}

/// A JSON number that owns its text: [`text::Number`] for typed fields. It reads and writes
/// any number exactly (see the `Deserialize` implementation of [`text::Number`]).
pub type Number = text::Number<'static>;

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
