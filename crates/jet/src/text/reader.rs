//! [`Reader`]: a strict pull tokenizer over a slice, a `str` or an `io::Read`.

use std::borrow::Cow;
use std::io;

use super::input::{Input, IoInput, SliceInput, StrInput, DEFAULT_BUFFER};
use super::number::{self, Decimal, Scalar};
use super::state::{At, Entry, Names, Pos, State};
use super::string::{self, StrCheck};
use super::walk::{self, Rules, Sink, Skip};
use super::{str_from_checked, Kind, Number, RawValue, Stop, Token};
use crate::error::{Code, Error, Found, Result};
use crate::options::Options;
use crate::scan::{self, BLOCK};

/// No index is pinned in the window.
const UNPINNED: usize = usize::MAX;

/// A stream record stays in the window (for [`Reader::resync`]) up to this size; a longer one
/// lets go of its start so that memory stays bounded.
const RECORD_KEEP_MAX: usize = 1 << 20;

/// Whether a number or literal that ends at `end` ends its run of bytes there: whitespace or
/// punctuation follows, or the end of input.
#[inline(always)]
pub(crate) fn ends_run(window: &[u8], end: usize, eof: bool) -> bool {
    match window.get(end) {
        Some(&b) => scan::is_ws(b) || matches!(b, b',' | b']' | b'}' | b':' | b'[' | b'{'),
        None => eof,
    }
}

/// Adds the object name whose string (quotes included) is `window[start..end]`, with string
/// flags `flags`, to the innermost object's names: borrowed from the window, or decoded when it
/// has escapes. False when the object already has a member of that name.
#[inline(always)]
pub(super) fn add_name(names: &mut Names, window: &[u8], start: usize, end: usize, flags: u8) -> bool {
    let (start, end) = (start + 1, end - 1);
    if flags != 0 {
        names.add_owned(window, |buf| string::unescape(&window[start..end], flags, buf))
    } else {
        names.add_borrowed(window, start, end)
    }
}

/// The literal that starts with `first` (`t`, `f` or `n`) and its kind.
#[inline(always)]
fn literal(first: u8) -> (&'static [u8], Kind) {
    match first {
        b'n' => (b"null", Kind::Null),
        b't' => (b"true", Kind::Bool),
        _ => (b"false", Kind::Bool),
    }
}

/// The end of the literal that `first` starts (`null`, `true` or `false`) when `window` holds it
/// whole at `at`: by fixed-size compares, not a call to `memcmp` with the literal's length.
#[inline(always)]
pub(super) fn literal_end(window: &[u8], at: usize, first: u8) -> Option<usize> {
    let four = u32::from_le_bytes(window.get(at..at + 4)?.try_into().ok()?);
    // One compare of four bytes, not four of one.
    let (want, len) = match first {
        b'n' => (u32::from_le_bytes(*b"null"), 4),
        b't' => (u32::from_le_bytes(*b"true"), 4),
        b'f' => (u32::from_le_bytes(*b"fals"), 5),
        _ => return None,
    };
    (four == want && (len == 4 || window.get(at + 4) == Some(&b'e'))).then_some(at + len)
}

/// A byte no value starts with, put first on a reader whose input in memory is over its limit.
const OVER_LIMIT: u8 = 0;

/// The kind of value each byte starts, if any.
static VALUE_START: [Option<Kind>; 256] = {
    let mut table = [None; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match Kind::of_first_byte(b as u8) {
            Some(Kind::EndArray | Kind::EndObject) => None,
            kind => kind,
        };
        b += 1;
    }
    table
};

/// A strict pull reader of JSON tokens and values.
///
/// It checks the whole grammar as it goes: separators, nesting (up to the depth limit, without
/// recursion), UTF-8, escapes, duplicate object names. By default it reads exactly one
/// top-level value and rejects anything but whitespace after it; [`stream`](Reader::stream)
/// reads any number of values separated by whitespace (newline-delimited JSON among them).
///
/// ```
/// use jet::text::{Reader, Token};
///
/// let mut reader = Reader::from_str(r#"{"name": "jet", "tags": ["fast", "strict"]}"#);
/// let mut strings = Vec::new();
/// while let Some(token) = reader.next_token()? {
///     if let Token::String(s) = token {
///         strings.push(s.into_owned());
///     }
/// }
/// assert_eq!(strings, ["name", "jet", "tags", "fast", "strict"]);
/// # Ok::<(), jet::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<I> {
    input: I,
    /// Index into the window of the next byte to read. While a token is scanned, its first byte.
    pos: usize,
    /// The last block of the window whose whitespace was classified, for the next runs of
    /// whitespace in it.
    ws: WsBlock,
    state: State,
    check: StrCheck,
    stream: bool,
    /// The next token, when [`find_next`](Reader::find_next) already ran: `pos` is then at
    /// its first byte, separators consumed.
    peeked: Option<Next>,
    /// Window index that a refill must keep (the start of a value being read whole).
    pin: usize,
    /// Window index of the start of the stream record being read, kept (up to
    /// [`RECORD_KEEP_MAX`] bytes) so that [`resync`](Reader::resync) can find the line after it.
    record: usize,
    /// The digits of the last number read, gathered as it was scanned.
    number: Decimal,
    /// Where that number starts in the window (to check that callers ask about it).
    #[cfg(debug_assertions)]
    number_at: usize,
    /// Absolute offset where the last top-level number or literal ended (stream mode: the next
    /// value must not touch it).
    scalar_end: u64,
    /// Limits on a string token (quotes included) and a number, in bytes.
    max_string: usize,
    max_number: usize,
    /// The input limit, in bytes.
    max_input: u64,
    /// String values with escapes are decoded into the scratch buffer as they are checked
    /// (their events flagged [`IN_SCRATCH`]), for a caller that takes each string's text before
    /// reading on: the typed layer and the `Value` builder. (Names with escapes always are:
    /// the duplicate check needs their text, and every caller takes a name's text, if at all,
    /// before reading on.)
    decode_values: bool,
}

/// One block of 64 window bytes, classified as whitespace or not: runs of whitespace that start
/// inside it end where its next bit says, with no look at their bytes. Indentation comes in runs
/// of up to dozens of bytes, several to a block; the first run that starts past the block
/// classifies the next one ([`scan::non_ws_block`], vectors).
#[derive(Clone, Copy, Debug)]
struct WsBlock {
    /// Where the block starts in the window.
    start: usize,
    /// Bit `i`: the byte at `start + i` is not whitespace.
    bits: u64,
}

impl WsBlock {
    /// No block: `start` so far up that no window index falls in it (`pos - start`, wrapping,
    /// is at least 64), and `start + 64` is still a `usize`.
    const NONE: WsBlock = WsBlock { start: usize::MAX - 2 * BLOCK, bits: 0 };

    /// The end of the run of whitespace at `window[pos]`.
    #[inline(always)]
    fn skip(&mut self, window: &[u8], pos: usize) -> usize {
        let rel = pos.wrapping_sub(self.start);
        if rel < BLOCK {
            let rest = self.bits >> rel;
            if rest != 0 {
                return pos + rest.trailing_zeros() as usize;
            }
            return self.next(window, self.start + BLOCK);
        }
        self.next(window, pos)
    }

    /// The end of a run of whitespace that goes on at `window[pos]`, past this block: the next
    /// block that ends it becomes this block.
    #[inline(never)]
    fn next(&mut self, window: &[u8], pos: usize) -> usize {
        let (start, bits) = scan::non_ws_block(window, pos);
        if bits == 0 {
            // Under a block left: a byte at a time.
            return scan::skip_ws(window, start);
        }
        *self = WsBlock { start, bits };
        start + bits.trailing_zeros() as usize
    }
}

/// An [`Event`]'s flag: the string's decoded text is in the scratch buffer, until the next
/// string is read (see [`Reader::set_decode_values`]). Beside the string's own flags, which
/// still hold.
pub(crate) const IN_SCRATCH: u8 = 0x40;

/// What comes next, as the grammar sees it once separators are consumed.
#[derive(Clone, Copy, Debug)]
enum Next {
    /// An object name.
    Name,
    /// A value, starting with this byte (not yet checked); the pointer for an error there.
    Value(u8, At),
    /// `]` or `}`.
    End(Kind),
}

/// One token as positions in the window: what the hot loops pass around instead of [`Token`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Event {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
    /// String flags (see [`string::ESCAPED`], [`string::INVALID`]).
    pub flags: u8,
    /// The string is an object name.
    pub name: bool,
}

impl<'a> Reader<SliceInput<'a>> {
    /// Reads from a byte slice, checking UTF-8.
    #[inline]
    pub fn from_slice(bytes: &'a [u8]) -> Reader<SliceInput<'a>> {
        Reader::new(SliceInput::new(bytes))
    }

    /// Continues on `rest`, the input from the reader's current offset on (tests only).
    #[cfg(test)]
    pub(crate) fn continue_on(&mut self, rest: &'a [u8]) {
        use super::input::private::Sealed as _;
        self.state.names.detach_borrowed(self.input.window());
        self.input = SliceInput::with_base(rest, self.offset());
        self.pos = 0;
        self.ws = WsBlock::NONE;
    }
}

impl<'a> Reader<StrInput<'a>> {
    /// Reads from a `str`, whose UTF-8 is not checked again.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn from_str(text: &'a str) -> Reader<StrInput<'a>> {
        Reader::new(StrInput::new(text))
    }
}

impl<R: io::Read> Reader<IoInput<R>> {
    /// Reads from an `io::Read` through a buffer of 64 KiB that grows only when a single token
    /// (or a value read whole with [`read_value`](Reader::read_value)) does not fit. The reader
    /// does its own buffering: wrapping `reader` in a `BufReader` gains nothing. Finished
    /// readers leave their buffers (up to 1 MiB each) to the next ones on the same thread, so
    /// that reading many small inputs allocates and zeroes a buffer only once.
    pub fn from_reader(reader: R) -> Reader<IoInput<R>> {
        Reader::with_capacity(reader, DEFAULT_BUFFER)
    }

    /// Like [`from_reader`](Reader::from_reader) with a buffer of `capacity` bytes to start.
    pub fn with_capacity(reader: R, capacity: usize) -> Reader<IoInput<R>> {
        Reader::new(IoInput::new(reader, capacity))
    }

    /// The underlying reader. Bytes the reader buffered but did not consume are lost.
    pub fn into_inner(self) -> R {
        self.input.into_inner()
    }
}

impl<I: Input> Reader<I> {
    #[inline]
    fn new(input: I) -> Reader<I> {
        let opts = Options::strict();
        Reader {
            input,
            pos: 0,
            state: State::new(opts.max_depth, opts.allow_duplicate_names),
            check: StrCheck { trusted_utf8: I::TRUSTED_UTF8, allow_invalid: opts.allow_invalid_utf8 },
            stream: false,
            peeked: None,
            pin: UNPINNED,
            record: UNPINNED,
            number: Decimal::default(),
            #[cfg(debug_assertions)]
            number_at: UNPINNED,
            scalar_end: u64::MAX,
            max_string: opts.max_string_len.saturating_add(2),
            max_number: opts.max_number_len,
            max_input: opts.max_input_bytes,
            decode_values: false,
            ws: WsBlock::NONE,
        }
    }

    /// Applies `opts` (duplicate names, invalid UTF-8, the limits). Call before reading.
    pub fn with_options(self, opts: &Options) -> Reader<I> {
        self.configure(opts, opts.max_depth)
    }

    /// Applies `opts` with the typed layer's depth limit ([`Options::recursion_limit`]).
    #[inline]
    pub(crate) fn with_typed_options(mut self, opts: &Options) -> Reader<I> {
        // The typed layer takes a string value's text as soon as it is read (by a visitor, or
        // into an error), before the next token: escaped ones can be decoded as they are checked.
        self.decode_values = true;
        self.configure(opts, opts.recursion_limit())
    }

    #[inline]
    fn configure(mut self, opts: &Options, max_depth: usize) -> Reader<I> {
        self.state.configure(max_depth, opts.allow_duplicate_names);
        self.check.allow_invalid = opts.allow_invalid_utf8;
        self.max_string = opts.max_string_len.saturating_add(2);
        self.max_number = opts.max_number_len;
        self.max_input = opts.max_input_bytes;
        self.input.limit(opts.max_input_bytes);
        if I::STABLE && self.input.over_limit() {
            // Input in memory over the limit: the first token is the error (see `bad_value`).
            self.peeked = Some(Next::Value(OVER_LIMIT, At::Current));
        }
        self
    }

    /// The nesting depth limit.
    pub(crate) fn depth_limit(&self) -> usize {
        self.state.max_depth()
    }

    /// Whether this reader rejects duplicate object names.
    pub(crate) fn checks_duplicate_names(&self) -> bool {
        !self.state.names.allows_duplicates()
    }

    /// Changes the nesting depth limit (for a part of the document read without recursion).
    pub(crate) fn set_depth_limit(&mut self, max_depth: usize) {
        self.state.set_max_depth(max_depth);
    }

    /// Stream mode: read any number of top-level values, separated by whitespace (a number or
    /// literal must be followed by whitespace before the next value). At the end of input,
    /// [`next_token`](Reader::next_token) and [`peek_kind`](Reader::peek_kind) return `None`.
    ///
    /// ```
    /// use jet::text::Reader;
    ///
    /// let mut reader = Reader::from_slice(b"{\"a\":1}\n[2]\n3\n").stream(true);
    /// let mut values = Vec::new();
    /// while reader.peek_kind()?.is_some() {
    ///     values.push(reader.read_value()?.as_bytes().to_vec());
    /// }
    /// assert_eq!(values, [&b"{\"a\":1}"[..], b"[2]", b"3"]);
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn stream(mut self, on: bool) -> Reader<I> {
        self.stream = on;
        self
    }

    /// Absolute byte offset of the next unread byte.
    pub fn offset(&self) -> u64 {
        self.input.base() + self.pos as u64
    }

    /// How many arrays and objects are open.
    pub fn depth(&self) -> usize {
        self.state.depth()
    }

    /// The JSON Pointer (RFC 6901) of the value most recently started: after reading
    /// `{"a": [1, 2` it is `/a/1`.
    pub fn pointer(&self) -> String {
        self.state.pointer(At::Current, self.input.window())
    }

    /// The kind of the next token, without consuming it; `None` at the end of input.
    pub fn peek_kind(&mut self) -> Result<Option<Kind>> {
        if self.peeked.is_none() {
            self.peeked = self.find_next()?;
        }
        match self.peeked {
            None => Ok(None),
            Some(Next::Name) => Ok(Some(Kind::String)),
            Some(Next::End(kind)) => Ok(Some(kind)),
            Some(Next::Value(c, at)) => match VALUE_START[usize::from(c)] {
                Some(kind) => Ok(Some(kind)),
                None => Err(self.bad_value(at)),
            },
        }
    }

    /// Reads the next token; `None` at the end of input (after the top-level value, or after
    /// the last value in stream mode).
    pub fn next_token(&mut self) -> Result<Option<Token<'_>>> {
        let Some(event) = self.next_event()? else {
            return Ok(None);
        };
        Ok(Some(self.token(event)))
    }

    /// Reads one whole value (a scalar, or an array or object with everything in it) and returns
    /// its bytes, checked. At an object name position it reads the name.
    pub fn read_value(&mut self) -> Result<&RawValue> {
        let start = self.value_start()?;
        self.pin = start;
        let result = self.consume_value();
        let start = self.pin;
        self.pin = UNPINNED;
        result?;
        Ok(RawValue::from_bytes(&self.input.window()[start..self.pos]))
    }

    /// Skips one whole value, checking it as strictly as [`read_value`](Reader::read_value)
    /// does, without keeping it in memory.
    pub fn skip_value(&mut self) -> Result<()> {
        self.value_start()?;
        self.consume_value()
    }

    /// Checks that the input is over: every value complete and nothing but whitespace after it
    /// (in single-value mode, exactly one value).
    pub fn finish(&mut self) -> Result<()> {
        if self.state.depth() > 0 {
            return Err(self.error_at(Code::Incomplete, self.pos, At::Current));
        }
        match self.peek_kind()? {
            None => Ok(()),
            Some(_) => Err(self.trailing_data()),
        }
    }

    #[cold]
    fn trailing_data(&mut self) -> Error {
        if let Err(e) = self.look_ahead(4) {
            return e;
        }
        let found = Found::at(self.input.window(), self.pos);
        self.error_at(Code::TrailingData(found), self.pos, At::Current)
    }

    /// Positions at the first byte of the next value, or fails.
    fn value_start(&mut self) -> Result<usize> {
        match self.peek_kind()? {
            None => Err(self.error_at(Code::Eof("before a value"), self.pos, At::Current)),
            Some(Kind::EndArray | Kind::EndObject) => Err(self.expected("a value", At::Next)),
            Some(_) => Ok(self.pos),
        }
    }

    /// Consumes tokens until the value that starts next is complete: token by token where
    /// needed, and with the structural index ([`skip_indexed`](Reader::skip_indexed)) wherever
    /// the window has a whole block ahead.
    fn consume_value(&mut self) -> Result<()> {
        let depth = self.state.depth();
        while self.next_event()?.is_some() {
            if self.state.depth() == depth {
                return Ok(());
            }
            if self.input.window().len() - self.pos >= BLOCK && self.skip_indexed(depth) {
                return Ok(());
            }
        }
        unreachable!("the end of input inside a value is an error, not None")
    }

    /// Takes tokens from the structural index of the window from `pos` ([`walk::walk`]), checking
    /// each as [`next_event`](Reader::next_event) would and updating the grammar state and the
    /// object names the same way, while they lie in whole blocks of the window. True when the
    /// container open at depth `depth + 1` has closed (the caller's value is complete).
    ///
    /// It reports no errors: at anything it does not take (an error, a limit, a token the
    /// whole blocks do not hold) it stops after the last token it took, and the caller's next
    /// [`next_event`](Reader::next_event) reads or reports what stopped it, with the same
    /// message, offset and pointer as if every token had been read one by one. Called between
    /// tokens, with nothing peeked, inside a container.
    #[inline(always)]
    fn skip_indexed(&mut self, depth: usize) -> bool {
        self.walk_indexed(depth, Skip)
    }

    /// True when the window holds a whole block from `pos`: [`walk_indexed`] may take tokens.
    ///
    /// [`walk_indexed`]: Reader::walk_indexed
    #[inline(always)]
    pub(crate) fn block_ahead(&self) -> bool {
        self.input.window().len() - self.pos >= BLOCK
    }

    /// [`skip_indexed`](Reader::skip_indexed) that tells `sink` of every token it takes.
    #[inline(always)]
    pub(crate) fn walk_indexed<S: Sink>(&mut self, depth: usize, sink: S) -> bool {
        debug_assert!(self.peeked.is_none() && self.state.depth() > depth);
        if self.max_string < BLOCK + 2 || self.max_number < BLOCK {
            // Limits that a string or number inside one block could pass: token by token, so
            // that the walk need not check the length of what lies inside a block.
            return false;
        }
        let (max_string, max_number) = (self.max_string, self.max_number);
        let rules = Rules { eof: self.input.at_eof(), check: self.check, max_string, max_number };
        let (window, entry) = (self.input.window(), self.state.entry());
        let (done, pos, entry) =
            walk::walk(window, (self.pos, entry), (&mut self.state, sink), depth, &rules, I::TRUSTED_UTF8);
        self.pos = pos;
        self.state.set_entry(entry);
        done
    }

    /// Reads the next token as positions in the window.
    #[inline]
    pub(crate) fn next_event(&mut self) -> Result<Option<Event>> {
        self.next_event_as::<false>()
    }

    /// [`next_event`](Reader::next_event) that also parses a number in the same pass over its
    /// digits, for [`number_value`](Reader::number_value) (the typed layer and the `Value`
    /// builder want every number's value; a token reader wants only its text).
    #[inline(always)]
    pub(crate) fn next_event_parsed(&mut self) -> Result<Option<Event>> {
        self.next_event_as::<true>()
    }

    /// [`next_event_parsed`](Reader::next_event_parsed) where the grammar wants an object name
    /// or `}` (after `{`, or after a member's value), for the typed layer's struct and map
    /// fields: the same step without the dispatch on where the grammar stands (the object's
    /// part of [`find_next`](Reader::find_next) is shared, errors included). `None`, having
    /// read nothing, when the reader is not there (or a token is peeked) and at the end of
    /// input: the caller then takes the general step.
    #[inline(always)]
    pub(crate) fn next_name_event(&mut self) -> Result<Option<Event>> {
        let event = match self.at_member()? {
            None => return Ok(None),
            Some(true) => self.string_event(true)?,
            Some(false) => self.end_event(Kind::EndObject),
        };
        self.pos = event.end;
        Ok(Some(event))
    }

    /// The grammar step of [`next_name_event`](Reader::next_name_event) and
    /// [`next_name_expecting`](Reader::next_name_expecting): consumes a `,` and positions at
    /// the name (true) or at the `}` (false); `None`, having read nothing, when the reader is
    /// not where a name or `}` comes (or a token is peeked) and at the end of input.
    #[inline(always)]
    fn at_member(&mut self) -> Result<Option<bool>> {
        let entry = self.state.entry();
        if self.peeked.is_some() || !entry.is_object() || entry.after_name() {
            return Ok(None);
        }
        let Some(c) = self.skip_ws()? else { return Ok(None) };
        self.member_start(c, entry).map(Some)
    }

    /// [`next_name_event`](Reader::next_name_event) for a struct whose next field is probably
    /// `field`, a name with no `"`, `\` or control byte. When the name in the input is exactly
    /// `field`, its bytes are compared and not scanned, and it is recorded without the check
    /// against the object's other names: the caller checks the struct's fields itself. The
    /// flag is true then; and when the colon and the value's first byte follow the name, the
    /// colon is taken too and that byte left peeked. Any other name is read and checked as by
    /// `next_name_event`.
    #[inline(always)]
    pub(crate) fn next_name_expecting(&mut self, field: &[u8]) -> Result<Option<(Event, bool)>> {
        match self.at_member()? {
            None => return Ok(None),
            Some(true) => {}
            Some(false) => {
                let event = self.end_event(Kind::EndObject);
                self.pos = event.end;
                return Ok(Some((event, false)));
            }
        }
        let (start, window) = (self.pos, self.input.window());
        let end = start + field.len() + 2;
        let matched = field.len() + 2 <= self.max_string
            && window.get(end - 1) == Some(&b'"')
            && string::eq_short(&window[start + 1..end - 1], field);
        let event = if matched {
            self.state.start_value();
            self.state.names.add_unchecked(start + 1, end - 1);
            let event = Event { kind: Kind::String, start, end, flags: 0, name: true };
            // The colon and the value's first byte right after the name (`"a":1` or
            // `"a": 1`): the value's step starts from the peeked byte, as `find_next` would
            // leave it.
            if window.get(end) == Some(&b':') {
                let at = end + 1 + usize::from(window.get(end + 1) == Some(&b' '));
                if let Some(&c) = window.get(at) {
                    if !scan::is_ws(c) {
                        self.peeked = Some(Next::Value(c, At::Current));
                        self.pos = at;
                        return Ok(Some((event, true)));
                    }
                }
            }
            event
        } else {
            self.string_event(true)?
        };
        self.pos = event.end;
        Ok(Some((event, matched)))
    }

    /// In an object where a member or its end comes next (after whitespace), reads the `}` when
    /// it is there and gives its event; else consumes nothing but whitespace. For a struct read
    /// past its last field, whose `}` comes next: no grammar step and no name's scan.
    #[inline(always)]
    pub(crate) fn next_object_end(&mut self) -> Result<Option<Event>> {
        let entry = self.state.entry();
        if self.peeked.is_some() || !entry.is_object() || entry.after_name() {
            return Ok(None);
        }
        if self.skip_ws_lean()? != Some(b'}') {
            return Ok(None);
        }
        let event = self.end_event(Kind::EndObject);
        self.pos = event.end;
        Ok(Some(event))
    }

    /// [`next_event_parsed`](Reader::next_event_parsed) for a number target (the typed layer's
    /// integers and floats): the step without the dispatch on the token's first byte. When the
    /// next token is not a number it stays peeked, and `None` tells the caller to take the
    /// general step (which reads it, or reports the end of input).
    #[inline(always)]
    pub(crate) fn next_number_event(&mut self) -> Result<Option<(Event, Decimal)>> {
        self.next_number_by(|r| r.scan_decimal())
    }

    /// [`next_number_event`](Reader::next_number_event) for an integer target: an integer's
    /// digits a word at a time ([`number::scan_integer`]), any other number as there.
    #[inline(always)]
    pub(crate) fn next_integer_event(&mut self) -> Result<Option<(Event, Decimal)>> {
        self.next_number_by(|r| r.scan_integer())
    }

    /// The common case of [`next_integer_event`](Reader::next_integer_event), with no grammar
    /// step of its own: the next token is a value already peeked (as a struct field's name step
    /// leaves it) and a plain integer of up to 19 digits ([`number::plain_integer`]). Reads it
    /// and gives its start and value; else reads nothing.
    #[inline(always)]
    pub(crate) fn next_plain_integer(&mut self) -> Option<(usize, u64)> {
        if !matches!(self.peeked, Some(Next::Value(b'1'..=b'9', _))) {
            return None;
        }
        let start = self.pos;
        let (end, value) = number::plain_integer(self.input.window(), start, I::STABLE)?;
        if end - start > self.max_number {
            return None;
        }
        self.take_peeked_scalar(end);
        Some((start, value))
    }

    /// For an `Option` target: when the next token is a value already peeked (as a struct
    /// field's name step leaves it) and is `null`, reads it and gives its start; else reads
    /// nothing. (What follows the literal is the next step's to check, as after any literal.)
    #[inline(always)]
    pub(crate) fn take_peeked_null(&mut self) -> Option<usize> {
        if !matches!(self.peeked, Some(Next::Value(b'n', _))) {
            return None;
        }
        let start = self.pos;
        let end = literal_end(self.input.window(), start, b'n')?;
        self.take_peeked_scalar(end);
        Some(start)
    }

    /// Reads the scalar value peeked at `pos`, which ends at `end`, as the general step would.
    #[inline(always)]
    fn take_peeked_scalar(&mut self, end: usize) {
        self.peeked = None;
        self.state.start_value();
        self.note_scalar(end);
        self.pos = end;
    }

    /// The typed number steps, with the number's scan `scan`. The number's digits come back
    /// with its event, in registers: kept in the reader, they went through memory on their way
    /// to the conversion (the slow scan, out of line, writes them there too).
    #[inline(always)]
    fn next_number_by(
        &mut self,
        scan: impl FnOnce(&mut Self) -> Result<(usize, Decimal)>,
    ) -> Result<Option<(Event, Decimal)>> {
        if !self.next_value_starts(|c| matches!(c, b'-' | b'0'..=b'9'))? {
            return Ok(None);
        }
        self.state.start_value();
        let (end, decimal) = scan(self)?;
        self.note_scalar(end);
        let event = Event { kind: Kind::Number, start: self.pos, end, flags: 0, name: false };
        self.pos = end;
        Ok(Some((event, decimal)))
    }

    /// [`next_number_event`](Reader::next_number_event) for a string target. Where the grammar
    /// wants an object name, the name is the string (as the general step reads it).
    #[inline(always)]
    pub(crate) fn next_string_event(&mut self) -> Result<Option<Event>> {
        let name = match self.take_next()? {
            Some(Next::Value(b'"', _)) => false,
            Some(Next::Name) => true,
            other => {
                self.peeked = other;
                return Ok(None);
            }
        };
        let event = self.string_event(name)?;
        self.pos = event.end;
        Ok(Some(event))
    }

    /// [`next_number_event`](Reader::next_number_event) for a `bool` target, with its value.
    #[inline(always)]
    pub(crate) fn next_bool_event(&mut self) -> Result<Option<(Event, bool)>> {
        if !self.next_value_starts(|c| c == b't' || c == b'f')? {
            return Ok(None);
        }
        let first = self.input.window()[self.pos];
        let event = self.literal_event(first)?;
        self.pos = event.end;
        Ok(Some((event, first == b't')))
    }

    /// [`next_number_event`](Reader::next_number_event) for the `{` of a struct or map
    /// target (`object`), or the `[` of a sequence: opens it.
    #[inline(always)]
    pub(crate) fn next_open_event(&mut self, object: bool) -> Result<Option<Event>> {
        let open = if object { b'{' } else { b'[' };
        if !self.next_value_starts(|c| c == open)? {
            return Ok(None);
        }
        let event = self.open_event(object, self.pos)?;
        self.pos = event.end;
        Ok(Some(event))
    }

    /// Opens the object (`object`) or array whose `{` or `[` is at `start` (`pos`), within the
    /// depth limit.
    #[inline(always)]
    fn open_event(&mut self, object: bool, start: usize) -> Result<Event> {
        self.state.start_value();
        if !self.state.push(object) {
            let max = self.state.max_depth();
            return Err(self.error_at(Code::TooDeep(max), start, At::Current));
        }
        let kind = if object { Kind::BeginObject } else { Kind::BeginArray };
        Ok(Event { kind, start, end: start + 1, flags: 0, name: false })
    }

    /// Takes the grammar step to the next token and tells whether it is a value whose first
    /// byte (at `pos`) passes `starts`; if not, the token stays peeked (at the end of input
    /// there is none).
    #[inline(always)]
    fn next_value_starts(&mut self, starts: impl Fn(u8) -> bool) -> Result<bool> {
        let Some(next) = self.take_next()? else { return Ok(false) };
        if matches!(next, Next::Value(c, _) if starts(c)) {
            return Ok(true);
        }
        self.peeked = Some(next);
        Ok(false)
    }

    /// The peeked token, or the grammar step to the next one; `None` at the end of input.
    #[inline(always)]
    fn take_next(&mut self) -> Result<Option<Next>> {
        match self.peeked.take() {
            Some(next) => Ok(Some(next)),
            None => self.find_next(),
        }
    }

    #[inline(always)]
    fn next_event_as<const PARSE: bool>(&mut self) -> Result<Option<Event>> {
        let Some(next) = self.take_next()? else { return Ok(None) };
        let start = self.pos;
        let event = match next {
            Next::Name => self.string_event(true)?,
            Next::End(kind) => self.end_event(kind),
            // The one data-dependent dispatch per value: on its first byte.
            Next::Value(c, at) => match c {
                b'"' => self.string_event(false)?,
                b'-' | b'0'..=b'9' => self.number_event::<PARSE>()?,
                b'{' | b'[' => self.open_event(c == b'{', start)?,
                b't' | b'f' | b'n' => self.literal_event(c)?,
                _ => return Err(self.bad_value(at)),
            },
        };
        self.pos = event.end;
        Ok(Some(event))
    }

    /// Closes the innermost container at `pos` (its `]` or `}`).
    #[inline(always)]
    fn end_event(&mut self, kind: Kind) -> Event {
        self.state.pop();
        self.closing_event(kind)
    }

    /// The event of the `]` or `}` at `pos`.
    #[inline(always)]
    fn closing_event(&self, kind: Kind) -> Event {
        Event { kind, start: self.pos, end: self.pos + 1, flags: 0, name: false }
    }

    /// Reads the number at `pos` (with its digits when `PARSE`).
    #[inline(always)]
    fn number_event<const PARSE: bool>(&mut self) -> Result<Event> {
        self.number_event_by(|r| r.scan_number::<PARSE>())
    }

    /// [`number_event`](Reader::number_event) with the number's scan `scan`. (The typed steps'
    /// [`next_number_by`](Reader::next_number_by) takes the same steps with the digits; made
    /// one function generic over what the scan gathers, the `Value` builder's number step ran
    /// 0.26 % more instructions on canada.)
    #[inline(always)]
    fn number_event_by(&mut self, scan: impl FnOnce(&mut Self) -> Result<usize>) -> Result<Event> {
        self.state.start_value();
        let end = scan(self)?;
        self.note_scalar(end);
        Ok(Event { kind: Kind::Number, start: self.pos, end, flags: 0, name: false })
    }

    /// Reads the literal at `pos`, whose first byte is `c` (`t`, `f` or `n`).
    #[inline(always)]
    fn literal_event(&mut self, c: u8) -> Result<Event> {
        self.state.start_value();
        let (literal, kind) = literal(c);
        let end = self.scan_literal(literal)?;
        self.note_scalar(end);
        Ok(Event { kind, start: self.pos, end, flags: 0, name: false })
    }

    /// Reads the string at `pos`, a name or a value.
    #[inline(always)]
    fn string_event(&mut self, name: bool) -> Result<Event> {
        self.state.start_value();
        let (end, flags) = self.scan_string(name)?;
        let event = Event { kind: Kind::String, start: self.pos, end, flags, name };
        if name {
            self.record_name(&event)?;
        }
        Ok(event)
    }

    /// Builds the [`Token`] of an event that was just read.
    pub(crate) fn token(&mut self, event: Event) -> Token<'_> {
        match event.kind {
            Kind::Null => Token::Null,
            Kind::Bool => Token::Bool(self.event_bytes(&event)[0] == b't'),
            Kind::Number => Token::Number(Number::from_checked(str_from_checked(self.event_bytes(&event)))),
            Kind::String => Token::String(Cow::Borrowed(self.event_text(&event).0)),
            Kind::BeginObject => Token::BeginObject,
            Kind::EndObject => Token::EndObject,
            Kind::BeginArray => Token::BeginArray,
            Kind::EndArray => Token::EndArray,
        }
    }

    /// The bytes of an event that was just read.
    pub(crate) fn event_bytes(&self, event: &Event) -> &[u8] {
        &self.input.window()[event.start..event.end]
    }

    /// Skips whitespace and separators up to the next token, checking the grammar. Leaves
    /// `pos` at the token's first byte; `None` at a clean end of input.
    #[inline(always)]
    fn find_next(&mut self) -> Result<Option<Next>> {
        let Some(c) = self.skip_ws()? else {
            return self.at_end();
        };
        let entry = self.state.entry();
        if entry.is_object() {
            if entry.after_name() {
                if c != b':' {
                    return Err(self.expected("':' after an object name", At::Current));
                }
                self.pos += 1;
                let c = self.after_separator(At::Current, "in an object")?;
                return Ok(Some(Next::Value(c, At::Current)));
            }
            let name = self.member_start(c, entry)?;
            return Ok(Some(if name { Next::Name } else { Next::End(Kind::EndObject) }));
        }
        if entry.is_array() {
            if c == b']' {
                return Ok(Some(Next::End(Kind::EndArray)));
            }
            if entry.is_empty() {
                return Ok(Some(Next::Value(c, At::Next)));
            }
            if c != b',' {
                return Err(self.expected("',' or ']' after an array element", At::Current));
            }
            self.pos += 1;
            let c = self.after_separator(At::Next, "in an array")?;
            if c == b']' {
                return Err(self.error_at(Code::TrailingComma(b']'), self.pos, At::Next));
            }
            return Ok(Some(Next::Value(c, At::Next)));
        }
        // The top level.
        if !entry.is_empty() {
            if !self.stream {
                return Err(self.trailing_data());
            }
            if self.offset() == self.scalar_end {
                return Err(self.expected("whitespace between top-level values", At::Current));
            }
        }
        Ok(Some(Next::Value(c, At::Current)))
    }

    /// In an object where a member or its end comes next, `c` (at `pos`) the first byte after
    /// whitespace: consumes a `,` and positions at the name (true) or at the `}` (false).
    #[inline(always)]
    fn member_start(&mut self, c: u8, entry: Entry) -> Result<bool> {
        match c {
            b'"' if entry.is_empty() => Ok(true),
            b'}' => Ok(false),
            b',' if !entry.is_empty() => {
                self.pos += 1;
                match self.after_separator(At::Name, "in an object")? {
                    b'"' => Ok(true),
                    b'}' => Err(self.error_at(Code::TrailingComma(b'}'), self.pos, At::Name)),
                    _ => Err(self.expected("an object name (a string)", At::Name)),
                }
            }
            _ if entry.is_empty() => Err(self.expected("an object name (a string) or '}'", At::Name)),
            _ => Err(self.expected("',' or '}' after an object member", At::Current)),
        }
    }

    /// After a `,` or `:`: the first byte of what follows (usually right there).
    #[inline(always)]
    fn after_separator(&mut self, at: At, within: &'static str) -> Result<u8> {
        if let Some(&c) = self.input.window().get(self.pos) {
            if !scan::is_ws(c) {
                return Ok(c);
            }
        }
        match self.skip_ws()? {
            Some(c) => Ok(c),
            None => Err(self.error_at(Code::Eof(within), self.pos, at)),
        }
    }

    /// The input ended between tokens.
    fn at_end(&mut self) -> Result<Option<Next>> {
        let what = match self.state.pos() {
            Pos::TopNext => return Ok(None),
            Pos::TopFirst if self.stream => return Ok(None),
            Pos::TopFirst => "before a value",
            Pos::ArrayFirst | Pos::ArrayNext => "in an array",
            _ => "in an object",
        };
        let at = if self.state.pos() == Pos::ArrayFirst { At::Next } else { At::Current };
        Err(self.error_at(Code::Eof(what), self.pos, at))
    }

    /// Skips whitespace, refilling as needed; the next byte, or `None` at the end of input.
    #[inline(always)]
    fn skip_ws(&mut self) -> Result<Option<u8>> {
        loop {
            let window = self.input.window();
            if let Some(&c) = window.get(self.pos) {
                if !scan::is_ws(c) {
                    return Ok(Some(c));
                }
                self.pos = self.ws.skip(window, self.pos);
                if let Some(&c) = window.get(self.pos) {
                    return Ok(Some(c));
                }
            }
            if self.input.at_eof() {
                return Ok(None);
            }
            self.refill(self.pos)?;
        }
    }

    /// [`skip_ws`](Reader::skip_ws) for small steps that want to stay small: the check for a
    /// token right at `pos` is inline, the whitespace run and the refill a call (inline, they
    /// would have the step save and restore registers even when the token is right there).
    #[inline(always)]
    fn skip_ws_lean(&mut self) -> Result<Option<u8>> {
        match self.input.window().get(self.pos) {
            Some(&c) if !scan::is_ws(c) => Ok(Some(c)),
            _ => self.skip_ws_call(),
        }
    }

    #[inline(never)]
    fn skip_ws_call(&mut self) -> Result<Option<u8>> {
        self.skip_ws()
    }

    /// Drops window bytes before `keep` (and before any pinned value) and reads more.
    #[cold]
    fn refill(&mut self, keep: usize) -> Result<()> {
        if self.record != UNPINNED && keep - self.record.min(keep) > RECORD_KEEP_MAX {
            self.record = UNPINNED;
        }
        let keep = keep.min(self.pin).min(self.record);
        // Names borrowed from the window are copied before it moves.
        if self.input.fill_moves(keep) {
            self.state.names.detach_borrowed(self.input.window());
        }
        let moved = match self.input.fill(keep) {
            Ok(moved) => moved,
            Err(e) => return Err(self.error_at(Code::Io(e), self.pos, At::Current)),
        };
        if self.input.over_limit() {
            return Err(self.input_too_long());
        }
        self.pos -= moved;
        self.ws = WsBlock::NONE;
        if self.pin != UNPINNED {
            self.pin -= moved;
        }
        if self.record != UNPINNED {
            self.record -= moved;
        }
        Ok(())
    }

    /// Scans the string at `pos`; returns its end and flags. `pos` may move (refills).
    #[inline(always)]
    fn scan_string(&mut self, name: bool) -> Result<(usize, u8)> {
        let window = self.input.window();
        let plain = if name {
            string::scan_plain_words::<2>(window, self.pos, I::TRUSTED_UTF8)
        } else {
            string::scan_plain(window, self.pos, I::TRUSTED_UTF8)
        };
        match plain {
            Some(end) if end - self.pos <= self.max_string => Ok((end, 0)),
            _ => self.scan_string_slow(name),
        }
    }

    /// [`scan_string`](Reader::scan_string) for escapes, errors and strings cut by the window.
    #[inline(never)]
    fn scan_string_slow(&mut self, name: bool) -> Result<(usize, u8)> {
        if name || self.decode_values {
            // Checked and decoded in one pass (a name's text goes on to the object's names);
            // anything else (an error, the window's end, what `allow_invalid_utf8` replaces)
            // is scanned below as always.
            self.state.scratch.clear();
            let window = self.input.window();
            if let Some(end) =
                string::scan_decoded(window, self.pos, I::TRUSTED_UTF8, &mut self.state.scratch)
            {
                if end - self.pos <= self.max_string {
                    return Ok((end, string::ESCAPED | IN_SCRATCH));
                }
            }
        }
        let (mut resume, mut flags) = (1, 0);
        loop {
            let window = self.input.window();
            let at = if name { At::Name } else { At::Current };
            match string::scan(window, self.pos, resume, flags, self.input.at_eof(), self.check) {
                Ok((end, _)) if end - self.pos > self.max_string => return Err(self.string_too_long(at)),
                Ok(done) => return Ok(done),
                // The text checked so far (after the opening quote) is already over the limit.
                // (Not the window's length: bytes past `resume` may hold an earlier error, such
                // as an escape that is a lone surrogate only once the next one is seen.)
                Err(Stop::More { resume: r, .. }) if r >= self.max_string => {
                    return Err(self.string_too_long(at));
                }
                Err(Stop::Invalid(invalid)) if invalid.1 - self.pos >= self.max_string => {
                    return Err(self.string_too_long(at));
                }
                Err(Stop::More { resume: r, flags: f }) => {
                    (resume, flags) = (r, f);
                    self.refill(self.pos)?;
                }
                Err(Stop::Invalid(invalid)) if self.needs_context(invalid.1) => self.refill(self.pos)?,
                Err(Stop::Invalid(invalid)) => {
                    let (code, offset) = *invalid;
                    return Err(self.error_at(code, offset, at));
                }
            }
        }
    }

    /// Error: the input goes on past its limit. Streamed input reads up to the limit (the
    /// window ends there); input in memory is refused before reading.
    #[cold]
    fn input_too_long(&self) -> Error {
        let window = self.input.window().len();
        let at = usize::try_from(self.max_input.saturating_sub(self.input.base()))
            .map_or(window, |at| at.min(window));
        self.error_at(Code::TooLong("input", self.max_input), at, At::Current)
    }

    #[cold]
    fn string_too_long(&self, at: At) -> Error {
        let max = self.max_string - 2;
        self.error_at(Code::TooLong("string", max as u64), self.pos, at)
    }

    /// Scans the number at `pos`; returns its end. With `PARSE` it gathers the number's digits
    /// in the same pass and keeps them for [`number_value`](Reader::number_value) (so does the
    /// slow path, always). `pos` may move (refills).
    ///
    /// Inlined into every caller (LLVM would not, for its size): out of line, the digits it
    /// keeps went through memory to the caller that converts them, and a call and a frame per
    /// number cost typed decoding of canada and golang_source a tenth of its time.
    ///
    /// Each way keeps the digits where it found them: a `Decimal` merged from the two ways
    /// went through a stack slot, copied by wider loads than its fields' stores (which made
    /// canada's `Value` parse a quarter slower).
    #[inline(always)]
    fn scan_number<const PARSE: bool>(&mut self) -> Result<usize> {
        let window = self.input.window();
        if PARSE {
            if let Some((end, decimal)) = number::scan_decimal(window, self.pos) {
                if end - self.pos <= self.max_number {
                    self.keep_number(decimal);
                    return Ok(end);
                }
            }
        } else if let Some(end) = number::scan_simple(window, self.pos) {
            if end - self.pos <= self.max_number {
                #[cfg(debug_assertions)]
                {
                    self.number_at = UNPINNED;
                }
                return Ok(end);
            }
        }
        self.scan_number_slow_kept()
    }

    /// [`scan_number_slow`](Reader::scan_number_slow), keeping the digits.
    #[inline(never)]
    fn scan_number_slow_kept(&mut self) -> Result<usize> {
        let (end, decimal) = self.scan_number_slow()?;
        self.keep_number(decimal);
        Ok(end)
    }

    /// [`scan_number`](Reader::scan_number) with its digits, returned rather than kept.
    #[inline(always)]
    fn scan_decimal(&mut self) -> Result<(usize, Decimal)> {
        if let Some((end, decimal)) = number::scan_decimal(self.input.window(), self.pos) {
            if end - self.pos <= self.max_number {
                return Ok((end, decimal));
            }
        }
        self.scan_number_slow()
    }

    /// [`scan_decimal`](Reader::scan_decimal) for an integer target: an integer's digits a
    /// word at a time ([`number::scan_integer`]), any other number's as there.
    #[inline(always)]
    fn scan_integer(&mut self) -> Result<(usize, Decimal)> {
        if let Some((end, decimal)) = number::scan_integer(self.input.window(), self.pos) {
            if end - self.pos <= self.max_number {
                return Ok((end, decimal));
            }
        }
        self.scan_decimal()
    }

    /// [`scan_number`](Reader::scan_number) for errors and numbers cut by the window.
    #[inline(never)]
    fn scan_number_slow(&mut self) -> Result<(usize, Decimal)> {
        loop {
            let window = self.input.window();
            match number::scan(window, self.pos, self.input.at_eof()) {
                Ok(end) if end - self.pos > self.max_number => return Err(self.number_too_long()),
                Ok(end) => return Ok((end, number::decimal_of(window, self.pos, end))),
                Err(Stop::More { .. }) if window.len() - self.pos > self.max_number => {
                    return Err(self.number_too_long());
                }
                Err(Stop::Invalid(invalid)) if invalid.1 - self.pos > self.max_number => {
                    return Err(self.number_too_long());
                }
                Err(Stop::More { .. }) => self.refill(self.pos)?,
                Err(Stop::Invalid(invalid)) if self.needs_context(invalid.1) => self.refill(self.pos)?,
                Err(Stop::Invalid(invalid)) => {
                    let (code, at) = *invalid;
                    return Err(self.error_at(code, at, At::Current));
                }
            }
        }
    }

    /// Keeps the digits of the number at `pos`, just scanned.
    #[inline(always)]
    fn keep_number(&mut self, decimal: Decimal) {
        self.number = decimal;
        #[cfg(debug_assertions)]
        {
            self.number_at = self.pos;
        }
    }

    #[cold]
    fn number_too_long(&self) -> Error {
        self.error_at(Code::TooLong("number", self.max_number as u64), self.pos, At::Current)
    }

    /// Checks `literal` at `pos`; returns its end. `pos` may move (refills).
    #[inline(always)]
    fn scan_literal(&mut self, literal: &'static [u8]) -> Result<usize> {
        match literal_end(self.input.window(), self.pos, literal[0]) {
            Some(end) => Ok(end),
            None => self.scan_literal_slow(literal),
        }
    }

    /// [`scan_literal`](Reader::scan_literal) for errors and literals cut by the window.
    #[inline(never)]
    fn scan_literal_slow(&mut self, literal: &'static [u8]) -> Result<usize> {
        loop {
            let window = self.input.window();
            let have = &window[self.pos..window.len().min(self.pos + literal.len())];
            if let Some(k) = have.iter().zip(literal).position(|(a, b)| a != b) {
                if self.needs_context(self.pos + k) {
                    self.refill(self.pos)?;
                    continue;
                }
                let what = match literal[0] {
                    b'n' => "'null'",
                    b't' => "'true'",
                    _ => "'false'",
                };
                let found = Found::at(window, self.pos + k);
                return Err(self.error_at(Code::Expected(what, found), self.pos + k, At::Current));
            }
            if have.len() == literal.len() {
                return Ok(self.pos + literal.len());
            }
            if self.input.at_eof() {
                return Err(self.error_at(Code::Eof("in a literal"), window.len(), At::Current));
            }
            self.refill(self.pos)?;
        }
    }

    /// True when an error at window index `at` should wait for more input, so that the
    /// message can show the whole character found there.
    #[cold]
    fn needs_context(&self, at: usize) -> bool {
        !self.input.at_eof() && self.input.window().len() - at < 4
    }

    /// Remembers where a top-level scalar ended (stream mode needs whitespace after it).
    #[inline(always)]
    fn note_scalar(&mut self, end: usize) {
        if self.stream && self.state.depth() == 0 {
            self.scalar_end = self.input.base() + end as u64;
        }
    }

    /// Adds the name just scanned to the innermost object's names; fails on a duplicate.
    #[inline(always)]
    fn record_name(&mut self, event: &Event) -> Result<()> {
        let window = self.input.window();
        let added = if event.flags & IN_SCRATCH != 0 {
            // Decoded as it was checked: copied. Here rather than in `add_name`, which the
            // walk shares and never gives such a name: moved there, the case made citm and
            // synthea validation 4–7 % slower (bench/RESULTS.md, 2026-12-04).
            let scratch = &self.state.scratch;
            self.state.names.add_copy(window, scratch)
        } else {
            add_name(&mut self.state.names, window, event.start, event.end, event.flags)
        };
        if added {
            return Ok(());
        }
        let (start, end) = (event.start + 1, event.end - 1);
        let name = string::decoded(&window[start..end], event.flags);
        Err(self.duplicate_name(name, event.start))
    }

    /// The error for the duplicate object name `name` (decoded) whose string starts at window
    /// index `start`: the reader's, and the typed layer's (which checks struct fields itself).
    #[cold]
    pub(crate) fn duplicate_name(&self, name: Box<str>, start: usize) -> Error {
        self.error_at(Code::DuplicateName(name), start, At::Name)
    }

    /// Makes the window hold `n` bytes from `pos` when the input has them, so an error can
    /// name what it found whatever the refill boundaries.
    #[cold]
    fn look_ahead(&mut self, n: usize) -> Result<()> {
        while self.input.window().len() - self.pos < n && !self.input.at_eof() {
            self.refill(self.pos)?;
        }
        Ok(())
    }

    /// Error: something other than `what` at `pos`.
    #[cold]
    fn expected(&mut self, what: &'static str, at: At) -> Error {
        if let Err(e) = self.look_ahead(4) {
            return e;
        }
        let found = Found::at(self.input.window(), self.pos);
        let code = match found {
            Found::Char('/') => Code::Comment,
            _ => Code::Expected(what, found),
        };
        self.error_at(code, self.pos, at)
    }

    /// Error: the byte at `pos` cannot start a value.
    #[cold]
    fn bad_value(&mut self, at: At) -> Error {
        if let Err(e) = self.look_ahead(8) {
            return e;
        }
        if I::STABLE && self.input.over_limit() {
            return self.input_too_long();
        }
        let window = self.input.window();
        let rest = &window[self.pos..];
        let code = if self.offset() == 0 && rest.starts_with(b"\xEF\xBB\xBF") {
            Code::Bom
        } else if rest.starts_with(b"NaN") {
            Code::NotJsonLiteral("NaN")
        } else if rest.starts_with(b"Infinity") {
            Code::NotJsonLiteral("Infinity")
        } else if rest.first() == Some(&b'/') {
            Code::Comment
        } else {
            Code::Expected("a value", Found::at(window, self.pos))
        };
        self.error_at(code, self.pos, at)
    }

    /// In an array, reads the `]` when it comes next (after whitespace) and gives its event;
    /// else consumes nothing but whitespace. Cheaper than [`peek_kind`](Reader::peek_kind)
    /// and then [`next_event`](Reader::next_event): a `]` in an array needs no grammar step
    /// (it may follow `[` or an element), and anything else is left for the next read, which
    /// checks it anyway.
    #[inline]
    pub(crate) fn take_array_end(&mut self) -> Result<Option<Event>> {
        if self.peeked.is_some() || !self.state.entry().is_array() {
            return self.take_array_end_peeked();
        }
        if self.skip_ws_lean()? != Some(b']') {
            return Ok(None);
        }
        self.state.pop_array();
        let event = self.closing_event(Kind::EndArray);
        self.pos = event.end;
        Ok(Some(event))
    }

    /// [`take_array_end`](Reader::take_array_end) with a token peeked, or outside an array
    /// (where `]` is an error that the general step reports).
    #[inline(never)]
    fn take_array_end_peeked(&mut self) -> Result<Option<Event>> {
        if self.peek_kind()? == Some(Kind::EndArray) {
            return self.next_event();
        }
        Ok(None)
    }

    /// The value of `event`, the number just read, from the digits its scan gathered.
    #[inline]
    pub(crate) fn number_value(&self, event: &Event) -> Scalar {
        self.decimal_value(event, self.decimal(event))
    }

    /// [`number_value`](Reader::number_value) of a number read by a typed step, whose digits
    /// came with its event.
    #[inline(always)]
    pub(crate) fn decimal_value(&self, event: &Event, decimal: Decimal) -> Scalar {
        decimal.scalar(self.input.window(), event.start, event.end)
    }

    /// The nearest `f64` to `event`, a number read by a typed step with its digits `decimal`;
    /// `None` beyond `f64::MAX`.
    #[inline]
    pub(crate) fn decimal_f64(&self, event: &Event, decimal: Decimal) -> Option<f64> {
        decimal.to_f64(self.input.window(), event.start, event.end)
    }

    /// The digits of `event`, the number just read by
    /// [`next_event_parsed`](Reader::next_event_parsed), gathered by its scan.
    #[inline(always)]
    fn decimal(&self, event: &Event) -> Decimal {
        debug_assert_eq!(event.kind, Kind::Number);
        #[cfg(debug_assertions)]
        debug_assert_eq!(event.start, self.number_at, "not the last number read by next_event_parsed");
        self.number
    }

    /// The input (for the typed layer, which borrows from it).
    #[inline(always)]
    pub(crate) fn input(&self) -> &I {
        &self.input
    }

    /// The decoded text of a string event that was just read: the bytes between its quotes
    /// when it has no escapes (and `true`: they are in the window), else the decoded text in
    /// the reader's scratch buffer.
    #[inline]
    pub(crate) fn event_text(&mut self, event: &Event) -> (&str, bool) {
        let raw = &self.input.window()[event.start + 1..event.end - 1];
        if event.flags == 0 {
            return (str_from_checked(raw), true);
        }
        if event.flags & IN_SCRATCH != 0 {
            return (str_from_checked(&self.state.scratch), false);
        }
        self.state.scratch.clear();
        string::unescape(raw, event.flags, &mut self.state.scratch);
        (str_from_checked(&self.state.scratch), false)
    }

    /// The decoded text of a string event that was just read, as a new `String` of exactly its
    /// length (escaped text is decoded in the scratch buffer first).
    #[inline]
    pub(crate) fn event_string(&mut self, event: &Event) -> String {
        self.event_text(event).0.to_owned()
    }

    /// Whether string values with escapes are decoded as they are checked, into the scratch
    /// buffer that [`event_text`](Reader::event_text) then gives: only for a caller that takes
    /// the text of each string value before it reads the next token. Returns the setting it
    /// replaces.
    pub(crate) fn set_decode_values(&mut self, on: bool) -> bool {
        core::mem::replace(&mut self.decode_values, on)
    }

    /// Stream mode: the value that starts at the current position is a record that
    /// [`resync`](Reader::resync) may have to skip. Call with the reader at its first byte.
    pub(crate) fn mark_record(&mut self) {
        self.record = self.pos;
    }

    /// Stream mode, after an error in the record marked last: forgets it and moves past the
    /// end of the line it started on (or, for a record too long to keep, the line of the
    /// error), so that reading resumes with the next line: the next record of NDJSON.
    pub(crate) fn resync(&mut self) -> Result<()> {
        self.peeked = None;
        self.pin = UNPINNED;
        self.scalar_end = u64::MAX;
        self.state.reset();
        let mut from = if self.record == UNPINNED { self.pos } else { self.record.min(self.pos) };
        self.record = UNPINNED;
        loop {
            let window = self.input.window();
            if let Some(i) = window[from..].iter().position(|&b| b == b'\n') {
                self.pos = from + i + 1;
                return Ok(());
            }
            self.pos = window.len();
            if self.input.at_eof() {
                return Ok(());
            }
            self.refill(self.pos)?;
            from = self.pos;
        }
    }

    /// The absolute offset of window index `at`.
    #[inline(always)]
    pub(crate) fn offset_of(&self, at: usize) -> u64 {
        self.input.base() + at as u64
    }

    /// The event of the number just read, which started at absolute offset `start` and ended
    /// where the reader is (for the errors of a step that returned only its value).
    pub(crate) fn number_read_from(&self, start: u64) -> Event {
        let start = (start - self.input.base()) as usize;
        Event { kind: Kind::Number, start, end: self.pos, flags: 0, name: false }
    }

    /// An error about the value most recently started, placed at absolute offset `at` when
    /// that is still in the window (else at the current position).
    #[cold]
    pub(crate) fn error_near(&self, code: Code, at: u64) -> Error {
        let index = at.checked_sub(self.input.base()).map_or(self.pos, |i| i as usize);
        let index = if index <= self.input.window().len() { index } else { self.pos };
        self.error_at(code, index, At::Current)
    }

    #[cold]
    pub(crate) fn error_at(&self, code: Code, at: usize, pointer: At) -> Error {
        Error::new(code, self.input.position(at), self.state.pointer(pointer, self.input.window()))
    }
}

#[cfg(test)]
mod tests {
    use super::{ends_run, literal_end};

    /// A run ends at JSON's four whitespace bytes and six punctuation bytes and nowhere else
    /// (every byte value), and at the end of the input only when it is the end of the input.
    #[test]
    fn runs_end_at_whitespace_and_punctuation() {
        for b in 0..=255u8 {
            let want = b" \t\n\r,:[]{}".contains(&b);
            assert_eq!(ends_run(&[b'1', b], 1, false), want, "byte {b:#04x}");
        }
        let cases = [("end of the input", true, true), ("end of the window", false, false)];
        for (what, eof, want) in cases {
            assert_eq!(ends_run(b"1", 1, eof), want, "{what}");
        }
    }

    /// The literal fast path takes exactly the whole literals and leaves everything else (a
    /// wrong byte, a literal the window cuts) to the byte-by-byte check.
    #[test]
    fn literal_end_takes_only_whole_literals() {
        let cases: &[(&str, &[u8], Option<usize>)] = &[
            ("null", b"null", Some(4)),
            ("true", b"true,", Some(4)),
            ("false", b"false]", Some(5)),
            ("touching bytes are the caller's", b"nullx", Some(4)),
            ("cut null", b"nul", None),
            ("cut false", b"fals", None),
            ("wrong last byte", b"falsy", None),
            ("capital", b"True", None),
            ("t then null", b"tull", None),
            ("n then true", b"nrue", None),
            ("f then four bytes of true", b"frue", None),
            ("empty", b"", None),
        ];
        for &(name, text, want) in cases {
            // After a prefix, so that `at` is not 0.
            let mut window = b"[ ".to_vec();
            window.extend_from_slice(text);
            let first = text.first().copied().unwrap_or(b'n');
            assert_eq!(literal_end(&window, 2, first), want.map(|end| end + 2), "{name}");
        }
    }
}
