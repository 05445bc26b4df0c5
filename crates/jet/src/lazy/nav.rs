//! Moving through a document without building it: the steps [`get`](super::get) takes, over
//! the strict reader (every byte passed over is checked) or over raw bytes (nothing is
//! checked but the structure needed to move: for trusted or already validated input).

use crate::error::{Code, Error, Found, Position, Result};
use crate::options::Options;
use crate::scan;
use crate::text::{string, Input, Kind, Reader};

/// The moves of a path lookup. Positions are byte offsets into the whole input.
pub(crate) trait Nav<'a> {
    /// The kind of the value that starts next (after whitespace), and its offset.
    fn peek(&mut self) -> Result<(Kind, usize)>;
    /// Enters the array or object that starts next.
    fn enter(&mut self) -> Result<()>;
    /// In an object: reads the next member's name and gives it to `f`, decoded, as bytes (UTF-8
    /// where checked; a path's step, being a `str`, matches no other); `None` at the end of the
    /// object (which is consumed).
    fn next_member<R>(&mut self, f: impl FnOnce(&[u8]) -> R) -> Result<Option<R>>;
    /// In an array: whether another element follows (`false` at the end, consumed).
    fn next_element(&mut self) -> Result<bool>;
    /// Skips the value that starts next.
    fn skip(&mut self) -> Result<()>;
    /// Reads the value that starts next whole: its bytes.
    fn take(&mut self) -> Result<&'a [u8]>;
    /// Skips the rest of the array or object entered last.
    fn leave(&mut self) -> Result<()>;
    /// An error at offset `at` with pointer `pointer`.
    fn error(&self, code: Code, at: usize, pointer: String) -> Error;
    /// The whole input.
    fn input(&self) -> &'a [u8];
    /// The offset of `part`, a slice of the input.
    fn offset_of(&self, part: &[u8]) -> usize {
        part.as_ptr() as usize - self.input().as_ptr() as usize
    }
}

/// Moves with the strict reader: every byte passed over is checked (grammar, UTF-8, escapes,
/// duplicate names, depth), and so is every value taken.
pub(crate) struct Checked<'a, I> {
    pub reader: Reader<I>,
    pub input: &'a [u8],
}

impl<'a, I: Input> Checked<'a, I> {
    pub(crate) fn new(reader: Reader<I>, input: &'a [u8], opts: &Options) -> Checked<'a, I> {
        Checked { reader: reader.with_options(opts), input }
    }
}

impl<'a, I: Input> Nav<'a> for Checked<'a, I> {
    fn peek(&mut self) -> Result<(Kind, usize)> {
        match self.reader.peek_kind()? {
            Some(kind) => Ok((kind, self.reader.offset() as usize)),
            None => Err(self.reader.error_near(Code::Eof("before a value"), self.reader.offset())),
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.reader.next_event()?;
        Ok(())
    }

    fn next_member<R>(&mut self, f: impl FnOnce(&[u8]) -> R) -> Result<Option<R>> {
        let Some(event) = self.reader.next_event()? else {
            return Err(self.reader.error_near(Code::Eof("in an object"), self.reader.offset()));
        };
        if event.kind == Kind::EndObject {
            return Ok(None);
        }
        Ok(Some(f(self.reader.event_text(&event).0.as_bytes())))
    }

    fn next_element(&mut self) -> Result<bool> {
        match self.reader.peek_kind()? {
            Some(Kind::EndArray) => {
                self.reader.next_event()?;
                Ok(false)
            }
            Some(_) => Ok(true),
            None => Err(self.reader.error_near(Code::Eof("in an array"), self.reader.offset())),
        }
    }

    fn skip(&mut self) -> Result<()> {
        self.reader.skip_value()
    }

    fn take(&mut self) -> Result<&'a [u8]> {
        let (_, start) = self.peek()?;
        self.reader.skip_value()?;
        Ok(&self.input[start..self.reader.offset() as usize])
    }

    fn leave(&mut self) -> Result<()> {
        let depth = self.reader.depth();
        while self.reader.depth() >= depth {
            if self.reader.next_event()?.is_none() {
                break;
            }
        }
        Ok(())
    }

    fn error(&self, code: Code, at: usize, pointer: String) -> Error {
        Error::new(code, Position::in_slice(self.input, at), pointer)
    }

    fn input(&self) -> &'a [u8] {
        self.input
    }
}

/// Moves over raw bytes, looking only at what it must to find its way: strings' ends,
/// brackets, separators. For input known to be valid (a [`LazyValue`](super::LazyValue)) or
/// trusted by the caller; on invalid input it gives an error or a wrong answer, never a panic.
#[derive(Debug)]
pub(crate) struct Raw<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// No member or element read yet in the container entered last.
    first: bool,
    /// Decoded text of an escaped name.
    scratch: Vec<u8>,
}

impl<'a> Raw<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Raw<'a> {
        Raw::at(bytes, 0)
    }

    pub(crate) fn at(bytes: &'a [u8], pos: usize) -> Raw<'a> {
        Raw { bytes, pos, first: true, scratch: Vec::new() }
    }

    /// In an object: the next member's name as it is in the input (between its quotes) and
    /// whether it has escapes, with the colon after it consumed; `None` at the end of the
    /// object (consumed).
    pub(crate) fn next_name(&mut self) -> Result<Option<(&'a [u8], bool)>> {
        if !self.next_item(b'}')? {
            return Ok(None);
        }
        if self.next_byte()? != b'"' {
            return Err(self.bad("an object name"));
        }
        let start = self.pos;
        let escaped = self.skip_string()?;
        let raw = &self.bytes[start + 1..self.pos - 1];
        if self.next_byte()? != b':' {
            return Err(self.bad("':' after an object name"));
        }
        self.pos += 1;
        Ok(Some((raw, escaped)))
    }

    #[cold]
    fn bad(&self, what: &'static str) -> Error {
        let code = Code::Expected(what, Found::at(self.bytes, self.pos));
        Error::new(code, Position::in_slice(self.bytes, self.pos), String::new())
    }

    /// The next byte after whitespace.
    #[inline]
    fn next_byte(&mut self) -> Result<u8> {
        self.pos = scan::skip_ws(self.bytes, self.pos);
        self.bytes.get(self.pos).copied().ok_or_else(|| self.bad("more input"))
    }

    /// At a `"`: moves past the string; returns whether it has escapes.
    #[inline]
    fn skip_string(&mut self) -> Result<bool> {
        let mut i = self.pos + 1;
        loop {
            let run = scan::string_run(self.bytes, i);
            match self.bytes.get(run.end) {
                Some(b'"') => {
                    self.pos = run.end + 1;
                    return Ok(false);
                }
                // Escapes: the rest 64 bytes at a time (a run would stop at each one).
                Some(b'\\') => match scan::string_end(self.bytes, run.end) {
                    Some(quote) => {
                        self.pos = quote + 1;
                        return Ok(true);
                    }
                    None => break,
                },
                // A control byte (invalid JSON, passed over as the trusting skip does).
                Some(_) => i = run.end + 1,
                None => break,
            }
        }
        self.pos = self.bytes.len();
        Err(self.bad("the end of a string"))
    }

    /// At `[` or `{`: moves past the matching bracket.
    fn skip_container(&mut self) -> Result<()> {
        self.pos += 1;
        self.skip_to_depth(1)
    }

    /// Moves past brackets until `depth` levels of containers (at least 1), counted from the
    /// current one (1: inside it), have closed: by [`scan::skip_to_depth`], which looks only at
    /// quotes, backslashes and brackets, 64 bytes at a time.
    fn skip_to_depth(&mut self, depth: usize) -> Result<()> {
        match scan::skip_to_depth(self.bytes, self.pos, depth) {
            Ok(end) => {
                self.pos = end;
                self.first = false;
                Ok(())
            }
            Err(unclosed) => {
                self.pos = self.bytes.len();
                Err(self.bad(match unclosed {
                    scan::Unclosed::String => "the end of a string",
                    scan::Unclosed::Container => "the end of an array or object",
                }))
            }
        }
    }

    /// The separator before the next member or element, or the end of the container.
    /// `false` at the end (consumed).
    #[inline]
    fn next_item(&mut self, close: u8) -> Result<bool> {
        let b = self.next_byte()?;
        if b == close {
            self.pos += 1;
            return Ok(false);
        }
        if !self.first {
            if b != b',' {
                return Err(self.bad("',' or the end of the array or object"));
            }
            self.pos += 1;
        }
        self.first = false;
        Ok(true)
    }
}

impl<'a> Nav<'a> for Raw<'a> {
    fn peek(&mut self) -> Result<(Kind, usize)> {
        let b = self.next_byte()?;
        match Kind::of_first_byte(b) {
            Some(Kind::EndArray | Kind::EndObject) | None => Err(self.bad("a value")),
            Some(kind) => Ok((kind, self.pos)),
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.next_byte()?;
        self.pos += 1;
        self.first = true;
        Ok(())
    }

    /// The name's UTF-8 is not checked: a step matches only a name of its own bytes, which is
    /// UTF-8 as the step is, and the others are passed over as the values are.
    fn next_member<R>(&mut self, f: impl FnOnce(&[u8]) -> R) -> Result<Option<R>> {
        let Some((raw, escaped)) = self.next_name()? else {
            return Ok(None);
        };
        if !escaped {
            return Ok(Some(f(raw)));
        }
        if !escapes_ok(raw) {
            return Err(self.bad("a valid escape in an object name"));
        }
        self.scratch.clear();
        string::unescape(raw, string::ESCAPED, &mut self.scratch);
        Ok(Some(f(&self.scratch)))
    }

    fn next_element(&mut self) -> Result<bool> {
        self.next_item(b']')
    }

    fn skip(&mut self) -> Result<()> {
        match self.next_byte()? {
            b'"' => self.skip_string().map(drop),
            b'[' | b'{' => self.skip_container(),
            _ => {
                // A number or literal: up to the next separator, bracket or whitespace.
                let rest = &self.bytes[self.pos..];
                let len = rest
                    .iter()
                    .position(|&b| matches!(b, b',' | b']' | b'}' | b' ' | b'\n' | b'\r' | b'\t'))
                    .unwrap_or(rest.len());
                if len == 0 {
                    return Err(self.bad("a value"));
                }
                self.pos += len;
                Ok(())
            }
        }
    }

    fn take(&mut self) -> Result<&'a [u8]> {
        self.next_byte()?;
        let start = self.pos;
        self.skip()?;
        Ok(&self.bytes[start..self.pos])
    }

    fn leave(&mut self) -> Result<()> {
        self.skip_to_depth(1)
    }

    fn error(&self, code: Code, at: usize, pointer: String) -> Error {
        Error::new(code, Position::in_slice(self.bytes, at), pointer)
    }

    fn input(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Whether every `\` in a string's contents starts a valid escape (so that decoding it stays
/// in bounds): for names the trusting walk decodes.
fn escapes_ok(raw: &[u8]) -> bool {
    let mut i = 0;
    while let Some(n) = raw[i..].iter().position(|&b| b == b'\\') {
        let at = i + n;
        match raw.get(at + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i = at + 2,
            Some(b'u') if raw.get(at + 2..at + 6).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) => {
                i = at + 6;
            }
            _ => return false,
        }
    }
    true
}
