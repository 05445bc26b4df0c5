//! The one error type of jet.
//!
//! An [`Error`] says what went wrong, in which [`Category`], and where: the byte offset, the line
//! and column, and the JSON Pointer of the value being read or written. It is one pointer wide
//! (the details are boxed) and built only in `#[cold]` functions, so `Result<T, Error>` costs the
//! hot path nothing. Line and column are computed from the offset when an error is built, never
//! tracked while parsing.

use std::fmt;
use std::io;

/// `Result` with jet's [`Error`].
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// An error from reading, writing or converting JSON.
///
/// ```
/// let err = jet::text::validate(b"{\"a\": [1, 2,]}").unwrap_err();
/// assert!(err.is_syntax());
/// assert_eq!((err.line(), err.column(), err.offset()), (1, 13, 12));
/// assert_eq!(err.pointer(), "/a/2");
/// assert_eq!(err.to_string(), "trailing comma before ']' at /a/2 (line 1, column 13, byte 12)");
/// ```
pub struct Error {
    inner: Box<Inner>,
}

struct Inner {
    code: Code,
    offset: u64,
    line: usize,
    column: usize,
    pointer: String,
}

/// The broad class of an [`Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Category {
    /// The input is not valid JSON, or a writer was asked to produce invalid JSON.
    Syntax,
    /// The input ended before the JSON value did: more input could make it valid.
    Eof,
    /// Reading from or writing to the underlying `io` object failed.
    Io,
    /// The JSON is valid but its value does not fit what was asked for (a number out of range,
    /// a non-finite float to write).
    Data,
    /// A path (lazy access, JSON Patch) names a member or element that is not there.
    NotFound,
    /// A value is not of the kind asked for: a path steps into a string, a number is read as a
    /// string.
    WrongType,
    /// The input went past a limit set in [`Options`](crate::Options): nesting depth, the length
    /// of a string or a number, the size of the input.
    Limit,
}

/// What went wrong, without the position. Crate-private: the public face is `Display`.
#[derive(Debug)]
pub(crate) enum Code {
    Io(io::Error),
    /// The input ended; the string says what was being read.
    Eof(&'static str),
    /// Something else was expected here.
    Expected(&'static str, Found),
    TrailingComma(u8),
    TrailingData(Found),
    LeadingZero,
    Control(u8),
    InvalidEscape(Found),
    LoneSurrogate(u16),
    InvalidUtf8(u8),
    Bom,
    Comment,
    NotJsonLiteral(&'static str),
    DuplicateName(Box<str>),
    TooDeep(usize),
    /// A string, number or the input is longer than its limit (in bytes).
    TooLong(&'static str, u64),
    // Writer grammar.
    NameNotString(&'static str),
    SecondTopLevel,
    Mismatched(&'static str),
    Incomplete,
    // Data.
    NonFinite,
    NumberRange {
        text: Box<str>,
        ty: &'static str,
    },
    NotInteger {
        text: Box<str>,
        ty: &'static str,
    },
    /// A message from serde or from a type's `Serialize`/`Deserialize`.
    Custom(Box<str>),
    /// A path names nothing: what is missing.
    NotFound(Box<str>),
    /// A value is not of the kind a path step or accessor needs.
    WrongType {
        expected: &'static str,
        found: &'static str,
    },
    /// A JSON Pointer that breaks RFC 6901.
    InvalidPointer(Box<str>),
}

/// A description of the byte(s) found where something else was expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    End,
    Char(char),
    Byte(u8),
}

impl Found {
    /// Describes what starts at `at` in `bytes`.
    #[cold]
    pub(crate) fn at(bytes: &[u8], at: usize) -> Found {
        let Some(&b) = bytes.get(at) else {
            return Found::End;
        };
        if b < 0x80 {
            return Found::Char(char::from(b));
        }
        let tail = &bytes[at..bytes.len().min(at + 4)];
        let valid = match core::str::from_utf8(tail) {
            Ok(s) => s,
            // `valid_up_to` marks a prefix that is valid UTF-8.
            Err(e) => core::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or(""),
        };
        valid.chars().next().map_or(Found::Byte(b), Found::Char)
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::End => f.write_str("end of input"),
            Found::Byte(b) => write!(f, "byte 0x{b:02X}"),
            Found::Char(c) if c.is_ascii_graphic() => write!(f, "'{c}'"),
            Found::Char(c) if c.is_control() || c.is_whitespace() => {
                write!(f, "U+{:04X}", u32::from(c))
            }
            Found::Char(c) => write!(f, "'{c}' (U+{:04X})", u32::from(c)),
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Code::Io(e) => write!(f, "I/O error: {e}"),
            Code::Eof(what) => write!(f, "unexpected end of input {what}"),
            Code::Expected(what, found) => write!(f, "expected {what}, found {found}"),
            Code::TrailingComma(end) => write!(f, "trailing comma before '{}'", char::from(*end)),
            Code::TrailingData(found) => write!(f, "trailing data after the value: {found}"),
            Code::LeadingZero => f.write_str("invalid number: leading zero"),
            Code::Control(b) => write!(f, "control character U+{b:04X} in string (escape it)"),
            Code::InvalidEscape(found) => write!(f, "invalid escape in string: '\\' then {found}"),
            Code::LoneSurrogate(u) => {
                write!(f, "invalid escape in string: lone surrogate \\u{u:04X}")
            }
            Code::InvalidUtf8(b) => {
                write!(f, "invalid UTF-8 in string: byte 0x{b:02X} does not start a valid sequence")
            }
            Code::Bom => f.write_str("byte order mark (U+FEFF) at the start of input"),
            Code::Comment => f.write_str("comments are not allowed in JSON"),
            Code::NotJsonLiteral(lit) => write!(f, "{lit} is not valid JSON"),
            Code::DuplicateName(name) => write!(f, "duplicate object name {name:?}"),
            Code::TooDeep(max) => write!(f, "nesting deeper than the limit of {max}"),
            Code::TooLong(what, max) => write!(f, "{what} longer than the limit of {max} bytes"),
            Code::NameNotString(kind) => write!(f, "object name must be a string, not {kind}"),
            Code::SecondTopLevel => f.write_str("a second top-level value (use stream mode)"),
            Code::Mismatched(what) => write!(f, "{what}"),
            Code::Incomplete => f.write_str("the JSON value is incomplete"),
            Code::NonFinite => f.write_str("NaN and infinity cannot be written as JSON numbers"),
            Code::NumberRange { text, ty } => write!(f, "number {text} is out of range for {ty}"),
            Code::NotInteger { text, ty } => write!(f, "number {text} is not an integer ({ty})"),
            Code::Custom(msg) => f.write_str(msg),
            Code::NotFound(what) => f.write_str(what),
            Code::WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            Code::InvalidPointer(why) => write!(f, "invalid JSON Pointer: {why}"),
        }
    }
}

impl Code {
    fn category(&self) -> Category {
        match self {
            Code::Io(_) => Category::Io,
            Code::Eof(_) => Category::Eof,
            Code::NonFinite
            | Code::NumberRange { .. }
            | Code::NotInteger { .. }
            | Code::Custom(_)
            | Code::InvalidPointer(_) => Category::Data,
            Code::NotFound(_) => Category::NotFound,
            Code::WrongType { .. } => Category::WrongType,
            Code::TooDeep(_) | Code::TooLong(..) => Category::Limit,
            _ => Category::Syntax,
        }
    }
}

/// Where an error happened: 1-based line and column (0 when unknown) and the byte offset.
/// (Public only to appear in the sealed `Input` trait; it cannot be named outside the crate.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub offset: u64,
    pub line: usize,
    pub column: usize,
}

impl Position {
    /// The position of `bytes[at]`, counting lines from the start of `bytes`.
    #[cold]
    pub(crate) fn in_slice(bytes: &[u8], at: usize) -> Position {
        let stats = crate::scan::line_stats(&bytes[..at.min(bytes.len())]);
        Position { offset: at as u64, line: 1 + stats.newlines, column: 1 + stats.tail }
    }
}

impl Error {
    #[cold]
    pub(crate) fn new(code: Code, pos: Position, pointer: String) -> Error {
        Error {
            inner: Box::new(Inner { code, offset: pos.offset, line: pos.line, column: pos.column, pointer }),
        }
    }

    /// What went wrong, for re-positioning an error.
    pub(crate) fn into_code(self) -> Code {
        self.inner.code
    }

    /// An error with no position (a conversion on a detached value).
    #[cold]
    pub(crate) fn bare(code: Code) -> Error {
        Error::new(code, Position::default(), String::new())
    }

    /// True when the error has no position yet (it came from serde, a visitor or a conversion).
    pub(crate) fn lacks_position(&self) -> bool {
        self.inner.line == 0 && !matches!(self.inner.code, Code::Io(_))
    }

    /// This error, placed in `input` where its own input (a part of it starting at `start`)
    /// placed it, with `prefix` before its pointer.
    #[cold]
    pub(crate) fn relocate(self, input: &[u8], start: usize, prefix: &str) -> Error {
        let at = start + self.inner.offset as usize;
        let pointer = format!("{prefix}{}", self.inner.pointer);
        Error::new(self.inner.code, Position::in_slice(input, at), pointer)
    }

    /// The error with `prefix` (reference tokens, each with its `/`) before its pointer: an
    /// error passing out of the container that holds the value it is about.
    #[cold]
    pub(crate) fn prefix_pointer(mut self, prefix: &str) -> Error {
        self.inner.pointer.insert_str(0, prefix);
        self
    }

    /// The error, given byte offset `offset` when it has no position yet (it came from a
    /// `Serialize` implementation).
    #[cold]
    pub(crate) fn or_at_offset(mut self, offset: u64) -> Error {
        if self.lacks_position() && self.inner.offset == 0 {
            self.inner.offset = offset;
        }
        self
    }

    /// The error with `suffix` (reference tokens, each with its `/`) after its pointer.
    #[cold]
    pub(crate) fn append_pointer(mut self, suffix: &str) -> Error {
        self.inner.pointer.push_str(suffix);
        self
    }

    /// The error with pointer `pointer`.
    #[cold]
    pub(crate) fn at_pointer(mut self, pointer: &str) -> Error {
        self.inner.pointer = pointer.to_owned();
        self
    }

    /// True when a path names nothing (see [`Category::NotFound`]).
    pub fn is_not_found(&self) -> bool {
        self.category() == Category::NotFound
    }

    /// True when a value is not of the kind asked for (see [`Category::WrongType`]).
    pub fn is_wrong_type(&self) -> bool {
        self.category() == Category::WrongType
    }

    /// The broad class of the error.
    pub fn category(&self) -> Category {
        self.inner.code.category()
    }

    /// True when the input ended early: more input could have made it valid.
    pub fn is_eof(&self) -> bool {
        self.category() == Category::Eof
    }

    /// True when the input is not valid JSON (or a writer refused to write invalid JSON).
    pub fn is_syntax(&self) -> bool {
        self.category() == Category::Syntax
    }

    /// True when the input went past a limit of [`Options`](crate::Options) (see
    /// [`Category::Limit`]).
    pub fn is_limit(&self) -> bool {
        self.category() == Category::Limit
    }

    /// True when the underlying reader or writer failed.
    pub fn is_io(&self) -> bool {
        self.category() == Category::Io
    }

    /// True when the JSON is valid but its value does not fit what was asked for.
    pub fn is_data(&self) -> bool {
        self.category() == Category::Data
    }

    /// Byte offset of the error in the input (or output, for a writer), counted from 0.
    /// Meaningful only when [`line`](Error::line) is not 0.
    pub fn offset(&self) -> u64 {
        self.inner.offset
    }

    /// 1-based line of the error, or 0 when the error has no position.
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// 1-based column of the error in bytes from the start of its line (as serde_json counts),
    /// or 0 when the error has no position.
    pub fn column(&self) -> usize {
        self.inner.column
    }

    /// JSON Pointer (RFC 6901) of the value being read or written when the error happened;
    /// `""` is the top-level value.
    pub fn pointer(&self) -> &str {
        &self.inner.pointer
    }

    /// The message alone, without position or pointer.
    pub fn message(&self) -> impl fmt::Display + '_ {
        &self.inner.code
    }

    /// The underlying I/O error, when this is an I/O error.
    pub fn io_error(&self) -> Option<&io::Error> {
        match &self.inner.code {
            Code::Io(e) => Some(e),
            _ => None,
        }
    }

    /// Renders the line of `input` that holds the error, with a caret under the offending
    /// character. `input` must be the whole input the error came from. Long lines are cut around
    /// the column. Returns `None` when the error has no position in `input`.
    ///
    /// ```
    /// let input = b"{\n  \"a\": tru\n}";
    /// let err = jet::text::validate(input).unwrap_err();
    /// assert_eq!(err.snippet(input).unwrap(), "  \"a\": tru\n          ^");
    /// ```
    pub fn snippet(&self, input: &[u8]) -> Option<String> {
        self.snippet_from(input, 0)
    }

    /// [`snippet`](Error::snippet) for when only part of the input is at hand, as when it was
    /// streamed from an `io::Read`: `part` holds the input's bytes from offset `start` on. The
    /// line is cut where `part` ends. Returns `None` when the error's offset is not in `part`.
    ///
    /// ```
    /// let input = b"[1,\n 2,\n 3 4]";
    /// let err = jet::text::validate(input).unwrap_err();
    /// assert_eq!(err.snippet_from(&input[4..], 4).unwrap(), " 3 4]\n   ^");
    /// assert_eq!(err.snippet_from(&input[..8], 0), None);
    /// ```
    pub fn snippet_from(&self, part: &[u8], start: u64) -> Option<String> {
        let at = self.offset().checked_sub(start)?;
        if self.line() == 0 || at > part.len() as u64 {
            return None;
        }
        Some(render_snippet(part, at as usize))
    }

    #[cold]
    pub(crate) fn with_code(code: Code, input: &[u8], at: usize, pointer: String) -> Error {
        Error::new(code, Position::in_slice(input, at), pointer)
    }
}

/// Width of the excerpt shown by [`Error::snippet`], in characters.
const SNIPPET_WIDTH: usize = 100;

#[cold]
fn render_snippet(input: &[u8], at: usize) -> String {
    let start = input[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let end = input[at..].iter().position(|&b| b == b'\n').map_or(input.len(), |i| at + i);
    let end_trimmed = if end > start && input[end - 1] == b'\r' { end - 1 } else { end };
    let line = String::from_utf8_lossy(&input[start..end_trimmed.max(start)]);
    // Work in characters: the caret goes under the character that holds byte `at`.
    let caret_char = String::from_utf8_lossy(&input[start..at.min(end_trimmed).max(start)]).chars().count();
    let chars: Vec<char> = line.chars().map(|c| if c == '\t' || c.is_control() { ' ' } else { c }).collect();
    let (from, to) = if chars.len() <= SNIPPET_WIDTH {
        (0, chars.len())
    } else {
        let from = caret_char.saturating_sub(SNIPPET_WIDTH / 2).min(chars.len() - SNIPPET_WIDTH);
        (from, from + SNIPPET_WIDTH)
    };
    let mut out = String::new();
    if from > 0 {
        out.push('…');
    }
    out.extend(&chars[from..to]);
    if to < chars.len() {
        out.push('…');
    }
    out.push('\n');
    let pad = caret_char - from + usize::from(from > 0);
    out.extend(core::iter::repeat_n(' ', pad));
    out.push('^');
    out
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.inner.code)?;
        if !self.inner.pointer.is_empty() {
            write!(f, " at {}", self.inner.pointer)?;
        }
        if self.inner.line != 0 {
            write!(
                f,
                " (line {}, column {}, byte {})",
                self.inner.line, self.inner.column, self.inner.offset
            )?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("category", &self.category())
            .field("message", &self.inner.code.to_string())
            .field("offset", &self.inner.offset)
            .field("line", &self.inner.line)
            .field("column", &self.inner.column)
            .field("pointer", &self.inner.pointer)
            .finish()
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.inner.code {
            Code::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl serde::de::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::bare(Code::Custom(msg.to_string().into()))
    }

    #[cold]
    fn invalid_type(unexp: serde::de::Unexpected, exp: &dyn serde::de::Expected) -> Error {
        serde::de::Error::custom(format_args!("invalid type: {}, expected {exp}", JsonUnexpected(unexp)))
    }

    #[cold]
    fn invalid_value(unexp: serde::de::Unexpected, exp: &dyn serde::de::Expected) -> Error {
        serde::de::Error::custom(format_args!("invalid value: {}, expected {exp}", JsonUnexpected(unexp)))
    }
}

/// What serde found, in JSON's words (as serde_json says it): `null` for unit, floats as
/// JSON writes them.
struct JsonUnexpected<'a>(serde::de::Unexpected<'a>);

impl fmt::Display for JsonUnexpected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            serde::de::Unexpected::Unit => f.write_str("null"),
            serde::de::Unexpected::Float(v) => {
                write!(f, "floating point `{}`", zmij::Buffer::new().format(v))
            }
            unexp => fmt::Display::fmt(&unexp, f),
        }
    }
}

impl serde::ser::Error for Error {
    #[cold]
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::bare(Code::Custom(msg.to_string().into()))
    }
}

impl From<Error> for io::Error {
    /// I/O errors come back as they were; syntax and EOF errors become `InvalidData` and
    /// `UnexpectedEof`; data errors become `InvalidData`.
    fn from(err: Error) -> io::Error {
        match err.category() {
            Category::Io => match err.inner.code {
                Code::Io(e) => e,
                _ => unreachable!("an I/O category always holds an io::Error"),
            },
            Category::Eof => io::Error::new(io::ErrorKind::UnexpectedEof, err),
            _ => io::Error::new(io::ErrorKind::InvalidData, err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_is_one_pointer_wide() {
        assert_eq!(core::mem::size_of::<Error>(), core::mem::size_of::<usize>());
    }

    #[test]
    fn found_descriptions() {
        let cases: &[(&[u8], &str)] = &[
            (b"x", "'x'"),
            (b"\n", "U+000A"),
            (b"\0", "U+0000"),
            (b"\xff", "byte 0xFF"),
            (b"\xc3\xa9", "'\u{e9}' (U+00E9)"),
            (b"\xe2\x80", "byte 0xE2"),
            (b"", "end of input"),
        ];
        for (input, want) in cases {
            assert_eq!(Found::at(input, 0).to_string(), *want, "{input:?}");
        }
    }

    #[test]
    fn snippets() {
        let cases: &[(&str, &[u8], usize, &str)] = &[
            ("first line", b"abc\ndef", 1, "abc\n ^"),
            ("second line", b"abc\ndef", 5, "def\n ^"),
            ("end of input", b"abc", 3, "abc\n   ^"),
            ("crlf", b"ab\r\ncd", 1, "ab\n ^"),
            ("multibyte before caret", "é✓x".as_bytes(), 5, "é✓x\n  ^"),
            ("tab becomes space", b"\tx", 1, " x\n ^"),
        ];
        for (name, input, at, want) in cases {
            assert_eq!(render_snippet(input, *at), *want, "{name}");
        }
        let long = format!("{}X{}", "a".repeat(300), "b".repeat(300));
        let got = render_snippet(long.as_bytes(), 300);
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines[0].chars().count(), SNIPPET_WIDTH + 2);
        assert_eq!(lines[0].chars().nth(lines[1].len() - 1), Some('X'));
    }
}
