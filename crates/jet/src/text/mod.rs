//! The syntax layer: JSON text without meaning, the role of Go's `encoding/json/jsontext`.
//!
//! A [`Reader`] pulls [`Token`]s or whole [`RawValue`]s from a slice, a `str` or any
//! `io::Read`; a [`Writer`] takes them and writes JSON, compact or indented. Both check the
//! grammar strictly: UTF-8, escapes, duplicate object names, nesting depth (without recursion),
//! and nothing after the top-level value. [`RawValue`] formats one value: compact, indented or
//! canonical (RFC 8785).
//!
//! This module knows nothing of serde or of Rust types beyond numbers and strings, and never
//! builds a tree: memory is bounded by the largest token, not by the document.
//!
//! ```
//! use jet::text::{self, Reader, Token};
//!
//! // Check a document.
//! assert!(text::validate(br#"{"a": [1, 2, 3]}"#).is_ok());
//! let err = text::validate(br#"{"a": 1, "a": 2}"#).unwrap_err();
//! assert_eq!(err.to_string(), r#"duplicate object name "a" (line 1, column 10, byte 9)"#);
//!
//! // Pull tokens from any io::Read.
//! let mut reader = Reader::from_reader(&b"[true, null]"[..]);
//! assert_eq!(reader.next_token()?, Some(Token::BeginArray));
//! assert_eq!(reader.next_token()?, Some(Token::Bool(true)));
//! assert_eq!(reader.pointer(), "/0");
//! # Ok::<(), jet::Error>(())
//! ```

mod index;
mod input;
pub(crate) mod number;
mod pow5;
mod raw;
pub(crate) mod reader;
pub(crate) mod state;
pub(crate) mod string;
mod token;
pub(crate) mod walk;
pub(crate) mod writer;

#[cfg(test)]
mod tests;

/// A thread keeps a finished reader's, writer's or builder's buffers for the next one only up to
/// this many bytes of them.
pub(crate) const POOL_BYTES_MAX: usize = 64 * 1024;

/// Gives `spare` back to a thread's pool of spare buffers (the grammar's states, `io::Read`
/// buffers), unless the pool holds `max` already or cannot be reached (in use, or gone while
/// the thread ends); then `spare` is dropped.
pub(crate) fn give_back<T: 'static>(
    pool: &'static std::thread::LocalKey<core::cell::RefCell<Vec<T>>>,
    spare: T,
    max: usize,
) {
    let _ = pool.try_with(|pool| {
        if let Ok(mut pool) = pool.try_borrow_mut() {
            if pool.len() < max {
                pool.push(spare);
            }
        }
    });
}

pub use input::{BytesInput, Input, IoInput, SliceInput, Source, StrInput};
pub use raw::RawValue;
pub use reader::Reader;
pub(crate) use token::NumberView;
pub use token::{Kind, Number, Token};
pub use writer::Writer;

use crate::error::{Code, Error, Result};
use crate::options::Options;

/// Checks that `bytes` hold exactly one JSON value (whitespace around it allowed) under the
/// strict defaults.
pub fn validate(bytes: &[u8]) -> Result<()> {
    validate_with(bytes, &Options::strict())
}

/// Checks that `bytes` hold exactly one JSON value under `opts`.
pub fn validate_with(bytes: &[u8], opts: &Options) -> Result<()> {
    RawValue::from_bytes(bytes).validate(opts)
}

/// Why a scanner stopped before the end of its token. Two words, so that a scanner's
/// `Result<usize, Stop>` comes back in registers.
#[derive(Debug)]
pub(crate) enum Stop {
    /// The window ended inside the token: scan again once there are more bytes, from `resume`
    /// (relative to the token's first byte) with the flags found so far.
    More { resume: usize, flags: u8 },
    /// The token is invalid: what is wrong and the window index of the offending byte.
    Invalid(Box<(Code, usize)>),
}

impl Stop {
    /// The token is invalid at window index `at`.
    #[cold]
    pub(crate) fn invalid(code: Code, at: usize) -> Stop {
        Stop::Invalid(Box::new((code, at)))
    }

    /// The error for a scan of complete input (`More` cannot happen there).
    #[cold]
    pub(crate) fn into_error(self, bytes: &[u8], pointer: String) -> Error {
        match self {
            Stop::Invalid(invalid) => Error::with_code(invalid.0, bytes, invalid.1, pointer),
            Stop::More { .. } => Error::with_code(Code::Eof("in a token"), bytes, bytes.len(), pointer),
        }
    }
}

/// Text from bytes a scanner has checked: valid UTF-8 (or known to be, for `str` input).
pub(crate) use crate::scan::str_from_checked;
