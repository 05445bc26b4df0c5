//! [`Writer`]: writes tokens and raw values as JSON, checking the grammar as it goes.
//!
//! The formatting lives in the crate-private [`Emitter`], which writes into a `Vec<u8>`; the
//! public [`Writer`] drains that buffer into any `io::Write`. The formatting functions of
//! [`RawValue`] use the emitter directly.

use std::io;

use super::reader::Event;
use super::state::{At, Pos, State};
use super::{string, Kind, Number, RawValue, Reader, Token};
use crate::error::{Code, Error, Position, Result};
use crate::options::Options;

/// One item to write: a token, or a token's raw text from a reader.
pub(crate) enum Item<'b> {
    Begin(Kind),
    End(Kind),
    Null,
    Bool(bool),
    Number(&'b Number<'b>),
    /// Number text that passed the grammar.
    RawNumber(&'b [u8]),
    Str(&'b str),
    /// The bytes between the quotes of a string a reader accepted, and its flags.
    RawStr(&'b [u8], u8),
}

impl Item<'_> {
    fn kind(&self) -> Kind {
        match self {
            Item::Begin(k) | Item::End(k) => *k,
            Item::Null => Kind::Null,
            Item::Bool(_) => Kind::Bool,
            Item::Number(_) | Item::RawNumber(_) => Kind::Number,
            Item::Str(_) | Item::RawStr(..) => Kind::String,
        }
    }
}

/// Writes JSON into a `Vec<u8>`: grammar checks, duplicate names, separators, indentation.
#[derive(Clone, Debug)]
pub(crate) struct Emitter {
    pub(crate) out: Vec<u8>,
    state: State,
    /// Line starts, when indenting.
    lines: Option<Lines>,
    colon_space: bool,
    html: bool,
    stream: bool,
    /// Scratch for re-escaping raw strings.
    tmp: Vec<u8>,
}

impl Emitter {
    pub(crate) fn new(opts: &Options) -> Emitter {
        Emitter {
            out: Vec::new(),
            state: State::new(opts.max_depth, opts.allow_duplicate_names),
            lines: Lines::of(opts),
            colon_space: opts.colon_space(),
            html: opts.escape_html,
            stream: false,
            tmp: Vec::new(),
        }
    }

    /// Writes one item, or fails leaving output and state as they were.
    pub(crate) fn write(&mut self, item: Item<'_>) -> Result<()> {
        let kind = item.kind();
        let pos = self.state.pos();
        let is_end = matches!(item, Item::End(_));
        // 1. Grammar, with no side effects.
        match pos {
            Pos::TopFirst | Pos::TopNext if is_end => {
                return Err(self.error(Code::Mismatched("an end token at the top level"), At::Current))
            }
            Pos::TopNext if !self.stream => return Err(self.error(Code::SecondTopLevel, At::Current)),
            Pos::ArrayFirst | Pos::ArrayNext if kind == Kind::EndObject => {
                return Err(self.error(Code::Mismatched("'}' cannot close an array"), At::Current))
            }
            Pos::ObjectFirst | Pos::ObjectNext if kind == Kind::EndArray => {
                return Err(self.error(Code::Mismatched("']' cannot close an object"), At::Current))
            }
            Pos::ObjectFirst | Pos::ObjectNext if !is_end && kind != Kind::String => {
                return Err(self.error(Code::NameNotString(kind.describe()), At::Name))
            }
            Pos::ObjectColon if is_end => {
                return Err(self.error(Code::Mismatched("an object name without a value"), At::Current))
            }
            _ => {}
        }
        let name = !is_end && matches!(pos, Pos::ObjectFirst | Pos::ObjectNext);
        if let Item::Begin(_) = item {
            if self.state.depth() >= self.state.max_depth() {
                return Err(self.error(Code::TooDeep(self.state.max_depth()), At::Current));
            }
        }
        if name {
            self.record_name(&item)?;
        }
        // 2. Separators and indentation.
        let mark = self.out.len();
        match pos {
            Pos::ArrayNext | Pos::ObjectNext if !is_end => self.out.push(b','),
            Pos::ObjectColon => {
                self.out.push(b':');
                if self.colon_space {
                    self.out.push(b' ');
                }
            }
            _ => {}
        }
        match pos {
            Pos::ArrayFirst | Pos::ObjectFirst if !is_end => self.newline(self.state.depth()),
            Pos::ArrayNext | Pos::ObjectNext => {
                self.newline(self.state.depth() - usize::from(is_end));
            }
            _ => {}
        }
        // 3. The token itself.
        match item {
            Item::Begin(kind) => {
                self.out.push(if kind == Kind::BeginObject { b'{' } else { b'[' });
                self.state.start_value();
                self.state.push(kind == Kind::BeginObject);
                return Ok(());
            }
            Item::End(kind) => {
                self.out.push(if kind == Kind::EndObject { b'}' } else { b']' });
                self.state.pop();
            }
            Item::Null => self.out.extend_from_slice(b"null"),
            Item::Bool(b) => self.out.extend_from_slice(if b { b"true" } else { b"false" }),
            Item::Number(n) => {
                if let Err(e) = n.write_to(&mut self.out) {
                    self.out.truncate(mark);
                    return Err(self.error(e.into_code(), At::Next));
                }
            }
            Item::RawNumber(text) => self.out.extend_from_slice(text),
            Item::Str(s) => string::escape(s, &mut self.out, self.html),
            Item::RawStr(raw, flags) => self.write_raw_str(raw, flags),
        }
        if !is_end {
            self.state.start_value();
        }
        if self.stream && self.state.depth() == 0 {
            self.out.push(b'\n');
        }
        Ok(())
    }

    /// Writes a string a reader accepted, from the bytes between its quotes and its flags: as
    /// it is, unless HTML escaping or its flags ask for it to be escaped again.
    #[inline]
    fn write_raw_str(&mut self, raw: &[u8], flags: u8) {
        if string::can_copy_raw(raw, flags, self.html) {
            self.out.push(b'"');
            self.out.extend_from_slice(raw);
            self.out.push(b'"');
        } else {
            string::escape_again(raw, flags, self.html, &mut self.tmp, &mut self.out);
        }
    }

    /// Writes a newline, the prefix and `depth` indents, when indenting.
    #[inline]
    fn newline(&mut self, depth: usize) {
        if let Some(lines) = &self.lines {
            lines.write(&mut self.out, depth);
        }
    }

    fn record_name(&mut self, item: &Item<'_>) -> Result<()> {
        let added = self.state.names.add_owned(b"", |buf| match *item {
            Item::Str(s) => buf.extend_from_slice(s.as_bytes()),
            Item::RawStr(raw, flags) => string::unescape(raw, flags, buf),
            _ => unreachable!("names are strings"),
        });
        if added {
            return Ok(());
        }
        let name = match *item {
            Item::Str(s) => s.into(),
            Item::RawStr(raw, flags) => string::decoded(raw, flags),
            _ => unreachable!("names are strings"),
        };
        Err(self.error(Code::DuplicateName(name), At::Name))
    }

    /// Writes the value a reader is at, token by token, calling `after` after each one.
    pub(crate) fn copy_value<I: super::Input>(
        &mut self,
        reader: &mut Reader<I>,
        mut after: impl FnMut(&mut Emitter) -> Result<()>,
    ) -> Result<()> {
        let depth = reader.depth();
        let Some(first) = reader.next_event()? else { return Ok(()) };
        self.write_event(reader, &first)?;
        after(self)?;
        if reader.depth() == depth {
            return Ok(());
        }
        if matches!(first.kind, Kind::BeginObject | Kind::BeginArray) && self.trusts(reader) {
            return self.copy_contents(reader, after);
        }
        while let Some(event) = reader.next_event()? {
            self.write_event(reader, &event)?;
            after(self)?;
            if reader.depth() == depth {
                break;
            }
        }
        Ok(())
    }

    /// Whether what `reader` gives from the container it just opened (its `{` or `[` written)
    /// to that container's end can be written without this emitter's checks: the reader has
    /// checked the grammar, it rejects duplicate names if this emitter does, and no depth that
    /// it allows passes this emitter's limit.
    fn trusts<I: super::Input>(&self, reader: &Reader<I>) -> bool {
        let deepest = reader.depth_limit().saturating_sub(reader.depth()).saturating_add(self.state.depth());
        (self.state.names.allows_duplicates() || reader.checks_duplicate_names())
            && deepest <= self.state.max_depth()
    }

    /// [`copy_value`](Emitter::copy_value)'s step for the inside of a container that the reader
    /// has just opened, when this emitter [`trusts`](Emitter::trusts) it: each token is written
    /// with its separator and line, and nothing else. The emitter's state stays at the
    /// container's start (no stack, no names) until the container's end, which takes the
    /// checked step. `jet fmt` spent about half its instructions in the checks this skips.
    fn copy_contents<I: super::Input>(
        &mut self,
        reader: &mut Reader<I>,
        mut after: impl FnMut(&mut Emitter) -> Result<()>,
    ) -> Result<()> {
        /// What the last token written was: what the next one's separator is.
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum Last {
            /// `{` or `[`: no comma, and no line before an end.
            Open,
            /// An object's name: a colon, and no line.
            Name,
            /// A value: a comma and a line before a name or an element, a line before an end.
            Value,
        }
        let top = self.state.depth();
        // The reader's depth outside the container: the tokens of its pointer that are not
        // this emitter's.
        let outside = reader.depth() - 1;
        let mut depth = top;
        let mut last = Last::Open;
        while let Some(event) = reader.next_event()? {
            if let Kind::EndObject | Kind::EndArray = event.kind {
                if depth == top {
                    // The container's own end, by the checked step, the state told whether
                    // anything was written in it (two counts make an object's member).
                    if last != Last::Open {
                        self.state.start_value();
                        if event.kind == Kind::EndObject {
                            self.state.start_value();
                        }
                    }
                    self.write(Item::End(event.kind))?;
                    return after(self);
                }
                depth -= 1;
                if last != Last::Open {
                    self.newline(depth);
                }
                self.out.push(if event.kind == Kind::EndObject { b'}' } else { b']' });
                last = Last::Value;
            } else {
                if last == Last::Name {
                    self.out.push(b':');
                    if self.colon_space {
                        self.out.push(b' ');
                    }
                } else {
                    if last == Last::Value {
                        self.out.push(b',');
                    }
                    self.newline(depth);
                }
                last = Last::Value;
                let window = reader.input().window();
                let bytes = &window[event.start..event.end];
                match event.kind {
                    Kind::BeginObject | Kind::BeginArray => {
                        self.out.push(bytes[0]);
                        depth += 1;
                        last = Last::Open;
                    }
                    Kind::String => {
                        let raw = &bytes[1..bytes.len() - 1];
                        if string::can_copy_raw(raw, event.flags, self.html) {
                            push_token(&mut self.out, window, event.start, event.end);
                        } else {
                            string::escape_again(raw, event.flags, self.html, &mut self.tmp, &mut self.out);
                        }
                        if event.name {
                            last = Last::Name;
                        }
                    }
                    _ => push_token(&mut self.out, window, event.start, event.end),
                }
            }
            if let Err(e) = after(self) {
                // The state is at the container: its pointer, then the reader's inside it.
                return Err(e.append_pointer(skip_tokens(&reader.pointer(), outside)));
            }
        }
        Ok(())
    }

    fn write_event<I: super::Input>(&mut self, reader: &Reader<I>, event: &Event) -> Result<()> {
        let bytes = reader.event_bytes(event);
        self.write(match event.kind {
            Kind::BeginObject | Kind::BeginArray => Item::Begin(event.kind),
            Kind::EndObject | Kind::EndArray => Item::End(event.kind),
            Kind::Null => Item::Null,
            Kind::Bool => Item::Bool(bytes[0] == b't'),
            Kind::Number => Item::RawNumber(bytes),
            Kind::String => Item::RawStr(&bytes[1..bytes.len() - 1], event.flags),
        })
    }

    /// True when a whole top-level value has been written and none is open.
    pub(crate) fn is_complete(&self) -> bool {
        self.state.pos() == Pos::TopNext
    }

    #[cold]
    fn error(&self, code: Code, at: At) -> Error {
        Error::new(code, Position::default(), self.state.pointer(at, b""))
    }
}

/// Tokens up to this long, with as many bytes of the window from their start, are one
/// fixed-size copy (see [`push_token`]).
const SHORT_TOKEN: usize = 32;

/// Appends `window[start..end]`, a token's text. One of up to [`SHORT_TOKEN`] bytes, with that
/// many bytes of `window` from its start, is one fixed-size copy, a few vector moves and no
/// call, and the bytes copied past its end are dropped: most strings and numbers are short, and
/// a call to `memcpy` for each was an eighth of `jet fmt`'s instructions.
#[inline(always)]
fn push_token(out: &mut Vec<u8>, window: &[u8], start: usize, end: usize) {
    if end - start <= SHORT_TOKEN && start + SHORT_TOKEN <= window.len() {
        let at = out.len();
        out.extend_from_slice(&window[start..start + SHORT_TOKEN]);
        out.truncate(at + end - start);
    } else {
        out.extend_from_slice(&window[start..end]);
    }
}

/// `pointer` without its first `n` reference tokens.
fn skip_tokens(pointer: &str, n: usize) -> &str {
    match pointer.match_indices('/').nth(n) {
        Some((at, _)) => &pointer[at..],
        None => "",
    }
}

/// The start of an indented line, written out once: a newline, the prefix and the indents of
/// the first levels, so that each line starts with one copy of its bytes rather than a copy
/// for the prefix and one for each level (a call to `memcpy` each: 29 % of `jet fmt`'s time on
/// golang_source, whose lines are nested a dozen levels deep).
#[derive(Clone, Debug)]
pub(crate) struct Lines {
    /// `"\n"`, the prefix and [`levels`](Lines::levels) indents, then zeros up to
    /// [`SHORT_LINE`] bytes at least (which [`write`](Lines::write) copies and drops).
    text: Box<[u8]>,
    /// The newline's and the prefix's bytes.
    head: usize,
    /// One indent's bytes.
    unit: usize,
    /// Levels in `text`; deeper ones take more copies of them.
    levels: usize,
}

/// Lines up to this long (a newline and 15 levels of two spaces) are one fixed-size copy, a few
/// vector moves and no call; the bytes copied past the line are dropped.
const SHORT_LINE: usize = 32;

/// Bytes of indents that [`Lines`] writes out: 64 levels of two spaces (and one level of a
/// longer indent).
const LINES_INDENTS: usize = 128;

impl Lines {
    /// The lines `opts` ask for: `None` for compact text.
    pub(crate) fn of(opts: &Options) -> Option<Lines> {
        opts.indent.as_deref().map(|indent| Lines::new(indent.as_bytes(), opts.prefix.as_bytes()))
    }

    /// The lines of text indented by `indent` a level, each line after the first starting
    /// with `prefix`.
    pub(crate) fn new(indent: &[u8], prefix: &[u8]) -> Lines {
        // At least one level, for `write_deep`'s steps (an indent may be longer than all).
        let levels = (LINES_INDENTS / indent.len().max(1)).max(1);
        let (head, unit) = (1 + prefix.len(), indent.len());
        let mut text = Vec::with_capacity((head + levels * unit).max(SHORT_LINE));
        text.push(b'\n');
        text.extend_from_slice(prefix);
        text.extend_from_slice(indent);
        // The levels by doubling the ones written: a few copies, not one per level (every
        // indented encode builds its lines, a small message's too).
        let mut written = 1;
        while written < levels {
            let n = written.min(levels - written);
            text.extend_from_within(head..head + n * unit);
            written += n;
        }
        text.resize(text.len().max(SHORT_LINE), 0);
        Lines { text: text.into(), head, unit, levels }
    }

    /// Appends a newline, the prefix and `depth` indents.
    #[inline(always)]
    pub(crate) fn write(&self, out: &mut Vec<u8>, depth: usize) {
        if depth > self.levels {
            return self.write_deep(out, depth);
        }
        let n = self.head + depth * self.unit;
        if n <= SHORT_LINE {
            let at = out.len();
            out.extend_from_slice(&self.text[..SHORT_LINE]);
            out.truncate(at + n);
        } else {
            out.extend_from_slice(&self.text[..n]);
        }
    }

    /// [`write`](Lines::write) past the levels written out: those, then the rest by as many
    /// levels at a time.
    #[cold]
    fn write_deep(&self, out: &mut Vec<u8>, depth: usize) {
        out.extend_from_slice(&self.text[..self.head + self.levels * self.unit]);
        let mut rest = depth - self.levels;
        while rest > 0 {
            let n = rest.min(self.levels);
            out.extend_from_slice(&self.text[self.head..self.head + n * self.unit]);
            rest -= n;
        }
    }
}

/// Flush to the sink once the buffer holds this much.
const FLUSH_AT: usize = 64 * 1024;

/// Writes JSON tokens and raw values to an `io::Write`, refusing to write invalid JSON: object
/// names must be strings, ends must match, a duplicate name is an error (unless allowed), and
/// in single-value mode (the default) a second top-level value is an error.
///
/// Output is compact by default; [`Options::indent`] or [`Options::pretty`] indent it. Strings
/// are escaped minimally (`"`, `\` and control characters; `<`, `>`, `&` too with
/// [`Options::escape_html`]).
///
/// ```
/// use jet::text::{Token, Writer};
/// use jet::Options;
///
/// let mut w = Writer::new(Vec::new()).with_options(&Options::default().pretty());
/// for token in [Token::BeginObject, "a".into(), Token::BeginArray, 1u8.into(), Token::Null,
///               Token::EndArray, "b".into(), Token::BeginObject, Token::EndObject, Token::EndObject] {
///     w.write_token(token)?;
/// }
/// let out = w.finish()?;
/// assert_eq!(String::from_utf8(out).unwrap(), "{\n  \"a\": [\n    1,\n    null\n  ],\n  \"b\": {}\n}");
/// # Ok::<(), jet::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<W> {
    em: Emitter,
    sink: W,
    /// Bytes handed to the sink so far.
    flushed: u64,
    opts: Options,
}

impl<W: io::Write> Writer<W> {
    /// A writer with the default options (strict, compact).
    pub fn new(sink: W) -> Writer<W> {
        let opts = Options::strict();
        Writer { em: Emitter::new(&opts), sink, flushed: 0, opts }
    }

    /// Applies `opts` (formatting, HTML escaping, duplicate names, depth limit). Call before
    /// writing.
    pub fn with_options(mut self, opts: &Options) -> Writer<W> {
        let stream = self.em.stream;
        self.em = Emitter::new(opts);
        self.em.stream = stream;
        self.opts = opts.clone();
        self
    }

    /// Stream mode: any number of top-level values, each followed by a newline.
    pub fn stream(mut self, on: bool) -> Writer<W> {
        self.em.stream = on;
        self
    }

    /// Writes one token.
    pub fn write_token(&mut self, token: Token<'_>) -> Result<()> {
        self.em.write(match &token {
            Token::Null => Item::Null,
            Token::Bool(b) => Item::Bool(*b),
            Token::Number(n) => Item::Number(n),
            Token::String(s) => Item::Str(s),
            Token::BeginObject | Token::BeginArray => Item::Begin(token.kind()),
            Token::EndObject | Token::EndArray => Item::End(token.kind()),
        })?;
        self.maybe_flush()
    }

    /// Writes one whole value from its raw bytes, after checking them with this writer's
    /// options. Strings and numbers keep their text (a string is re-escaped only when HTML
    /// escaping asks for it); whitespace follows this writer's format. On error nothing is
    /// written.
    pub fn write_raw_value(&mut self, value: &RawValue) -> Result<()> {
        value.validate(&self.opts)?;
        let mark = self.em.out.len();
        let saved = self.em.is_complete();
        let mut reader = Reader::from_slice(value.as_bytes()).with_options(&self.opts);
        if let Err(e) = self.em.copy_value(&mut reader, |_| Ok(())) {
            // Only a grammar error at the first token is possible here (the value is valid),
            // and the emitter leaves state and output untouched on errors.
            debug_assert_eq!(saved, self.em.is_complete());
            self.em.out.truncate(mark);
            return Err(e);
        }
        self.maybe_flush()
    }

    /// Copies the value `reader` is at, checked by the reader, into this writer's format:
    /// strings and numbers keep their text (a string is re-escaped only when HTML escaping
    /// asks for it). Output goes to the sink as it is made, so memory is bounded by the
    /// largest token, not by the value: this reformats a document of any size from an
    /// `io::Read` to an `io::Write`. On error, what was copied before it has been written.
    ///
    /// Inside a container that the reader opens, the writer skips its own grammar, name and
    /// depth checks when the reader's make them redundant: when the reader rejects duplicate
    /// names (or this writer allows them) and allows no depth that this writer does not.
    ///
    /// ```
    /// use jet::text::{Reader, Writer};
    ///
    /// let mut reader = Reader::from_reader(&br#"{"a": [1, 2.50], "b": "\u00e9"}"#[..]);
    /// let mut writer = Writer::new(Vec::new()).with_options(&jet::Options::default().indent("\t"));
    /// writer.copy_value(&mut reader)?;
    /// reader.finish()?;
    /// let out = writer.finish()?;
    /// assert_eq!(out, b"{\n\t\"a\": [\n\t\t1,\n\t\t2.50\n\t],\n\t\"b\": \"\\u00e9\"\n}");
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn copy_value<I: super::Input>(&mut self, reader: &mut Reader<I>) -> Result<()> {
        let (sink, flushed) = (&mut self.sink, &mut self.flushed);
        self.em.copy_value(reader, |em| drain_when_full(em, sink, flushed))
    }

    /// Hands buffered output to the sink and flushes it.
    pub fn flush(&mut self) -> Result<()> {
        self.drain()?;
        self.sink.flush().map_err(|e| self.io_error(e))
    }

    /// Checks that the output is complete (a whole top-level value, nothing left open), flushes
    /// it and returns the sink.
    pub fn finish(mut self) -> Result<W> {
        if !self.em.is_complete() {
            return Err(Error::new(
                Code::Incomplete,
                Position::default(),
                self.em.state.pointer(At::Current, b""),
            ));
        }
        self.flush()?;
        Ok(self.sink)
    }

    /// How many arrays and objects are open.
    pub fn depth(&self) -> usize {
        self.em.state.depth()
    }

    /// Bytes written so far (flushed or buffered).
    pub fn offset(&self) -> u64 {
        self.flushed + self.em.out.len() as u64
    }

    /// The JSON Pointer of the value most recently started.
    pub fn pointer(&self) -> String {
        self.em.state.pointer(At::Current, b"")
    }

    /// The sink.
    pub fn get_ref(&self) -> &W {
        &self.sink
    }

    #[inline]
    fn maybe_flush(&mut self) -> Result<()> {
        drain_when_full(&mut self.em, &mut self.sink, &mut self.flushed)
    }

    fn drain(&mut self) -> Result<()> {
        drain(&mut self.em, &mut self.sink, &mut self.flushed)
    }

    #[cold]
    fn io_error(&self, e: io::Error) -> Error {
        io_error(&self.em, self.offset(), e)
    }
}

/// [`drain`] once the emitter holds [`FLUSH_AT`] bytes.
#[inline]
fn drain_when_full<W: io::Write>(em: &mut Emitter, sink: &mut W, flushed: &mut u64) -> Result<()> {
    if em.out.len() >= FLUSH_AT {
        drain(em, sink, flushed)?;
    }
    Ok(())
}

/// Hands the emitter's output to `sink`, counting it in `flushed`.
fn drain<W: io::Write>(em: &mut Emitter, sink: &mut W, flushed: &mut u64) -> Result<()> {
    if let Err(e) = sink.write_all(&em.out) {
        return Err(io_error(em, *flushed + em.out.len() as u64, e));
    }
    *flushed += em.out.len() as u64;
    em.out.clear();
    Ok(())
}

#[cold]
fn io_error(em: &Emitter, offset: u64, e: io::Error) -> Error {
    Error::new(Code::Io(e), Position { offset, line: 0, column: 0 }, em.state.pointer(At::Current, b""))
}
