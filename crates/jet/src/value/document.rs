//! [`Document`]: a whole JSON document parsed into one flat buffer and read in place.
//!
//! A [`Value`] gives every string, name and container its own allocation, as serde_json's
//! does; building and dropping those is most of what parsing to a `Value` costs. A `Document`
//! instead records the document as a tape, as simdjson's DOM does: one 16-byte slot per value
//! and per name, in document order, each container's slot holding its count of children and
//! where its last descendant ends. Strings without escapes are lent from the input; escaped
//! strings are decoded once, one after another, into a single buffer. A document of any size
//! so takes a handful of allocations, and dropping it is freeing them.
//!
//! It is read-only: [`Node`] is a small handle (the document and a slot) with `serde_json`'s
//! reading methods (`get`, `pointer`, `as_str`, `as_u64`…), iterators over an array's
//! elements and an object's members, [`Node::to_value`] for a tree to change, `Display` for
//! its JSON text and `Serialize`. Parsing applies every check and limit of the [`Options`]
//! (the strict defaults reject duplicate names, invalid UTF-8 and trailing data), and nothing
//! here recurses on the nesting of the document except the serde path of `Serialize`.
//!
//! The tape is built as validation reads: inside containers, by the reader's walk over the
//! structural index (which tells the tape of each token it takes, through a `Sink`); the
//! reader's own step takes what the walk does not, and reports every error.

use core::fmt;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::build::{hold_number, hold_scalar, Build, Held};
use super::index::Index;
use super::serde_impl::Level;
use super::write::{write_number, Style};
use super::{pointer, Array, Map, Value};
use crate::error::{Code, Result};
use crate::scan;
use crate::text::reader::ends_run;
use crate::text::walk::{self, Rules, Sink};
use crate::text::{number, str_from_checked, string, Input, Kind, Reader};
use crate::Options;

/// A JSON document parsed into one flat buffer; its strings without escapes are lent from
/// the text it was parsed from. (How its buffer is laid out: the module `value::document`, in
/// the source.)
///
/// ```
/// let text = r#"{"user": {"name": "ada", "langs": ["rust", "go"]}, "stars": 5}"#;
/// let doc = jet::Document::from_str(text)?;
/// let root = doc.root();
/// assert_eq!(root.get("stars").and_then(|n| n.as_u64()), Some(5));
/// assert_eq!(root.pointer("/user/langs/1").and_then(|n| n.as_str()), Some("go"));
/// let names: Vec<&str> = root.as_object().unwrap().map(|(name, _)| name).collect();
/// assert_eq!(names, ["user", "stars"]);
/// assert_eq!(doc.to_string(), r#"{"user":{"name":"ada","langs":["rust","go"]},"stars":5}"#);
///
/// // The strict checks are those of every other parse.
/// assert!(jet::Document::from_str(r#"{"a": 1, "a": 2}"#).is_err());
/// # Ok::<(), jet::Error>(())
/// ```
pub struct Document<'a> {
    /// The input: valid UTF-8 wherever a slot points into it.
    text: &'a [u8],
    slots: Vec<Slot>,
    /// Decoded escaped strings, one after another.
    strings: Vec<u8>,
    /// Objects may hold two members of one name (`allow_duplicate_names`): the last one counts.
    last_wins: bool,
}

/// One value or object name of a document (16 bytes): the tag in the low byte of `meta` and
/// a length or count above it; in `data` a number's bits, where a string's bytes start, or
/// the slot after a container's last descendant.
#[derive(Clone, Copy, Debug)]
struct Slot {
    meta: u64,
    data: u64,
}

const NULL: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
const U64: u8 = 3;
const I64: u8 = 4;
const F64: u8 = 5;
/// A number kept as its text, in the input.
const NUMBER_TEXT: u8 = 6;
/// A string in the input.
const LENT: u8 = 7;
/// A string in the document's buffer of decoded strings.
const DECODED: u8 = 8;
const ARRAY: u8 = 9;
const OBJECT: u8 = 10;

impl Slot {
    #[inline(always)]
    fn new(tag: u8, len: usize, data: u64) -> Slot {
        Slot { meta: (len as u64) << 8 | u64::from(tag), data }
    }

    #[inline(always)]
    fn tag(self) -> u8 {
        self.meta as u8
    }

    /// The slot of a number held as `held`, whose text is `len` bytes at `at` in the input.
    #[inline(always)]
    fn number(held: Held, at: usize, len: usize) -> Slot {
        match held {
            Held::U64(u) => Slot::new(U64, 0, u),
            Held::I64(i) => Slot::new(I64, 0, i as u64),
            Held::F64(f) => Slot::new(F64, 0, f.to_bits()),
            Held::Text => Slot::new(NUMBER_TEXT, len, at as u64),
        }
    }

    /// A string's length in bytes, or a container's count of elements or members.
    #[inline(always)]
    fn len(self) -> usize {
        (self.meta >> 8) as usize
    }
}

impl<'a> Document<'a> {
    /// Parses `text`, which holds exactly one JSON value, with the strict defaults.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str) -> Result<Document<'a>> {
        Options::strict().document_from_str(text)
    }

    /// Parses `bytes`, which hold exactly one JSON value, with the strict defaults.
    pub fn from_slice(bytes: &'a [u8]) -> Result<Document<'a>> {
        Options::strict().document_from_slice(bytes)
    }

    /// The document's value.
    #[inline]
    pub fn root(&self) -> Node<'_> {
        Node { doc: self, at: 0 }
    }

    /// The document as a [`Value`] (see [`Node::to_value`]).
    pub fn to_value(&self) -> Value {
        self.root().to_value()
    }

    /// Reads one value from `reader`, whose input is `text`, and checks that nothing follows.
    ///
    /// Inside containers the reader's indexed walk takes the tokens (as validation does) and
    /// tells the tape of each; the reader's general step takes what the walk leaves (the first
    /// token, the end of the input, anything it stops at), and reports the errors.
    fn parse<I: Input>(mut reader: Reader<I>, text: &'a [u8], opts: &Options) -> Result<Document<'a>> {
        // Slots hold offsets in the input: the walk's window positions and the reader's
        // offsets are both that, as a slice's or a `str`'s window is the whole input.
        debug_assert!(reader.offset_of(0) == 0 && reader.input().window().len() == text.len());
        let build = Build {
            lossless_numbers: opts.lossless_numbers,
            big_integers_as_f64: opts.big_integers_as_f64,
            allow_duplicate_names: opts.allow_duplicate_names,
        };
        let mut tape = Tape {
            // About one slot per eight bytes of input covers the corpus; more grows the tape.
            slots: Vec::with_capacity(text.len() / 8 + 1),
            strings: Vec::new(),
            containers: Vec::new(),
            build,
        };
        loop {
            let Some(event) = reader.next_event_parsed()? else {
                return Err(reader.error_near(Code::Eof("before a value"), reader.offset()));
            };
            match event.kind {
                // As the walk tells the tape (window positions are the input's offsets).
                Kind::String => {
                    let window = reader.input().window();
                    Sink::string(&mut tape, window, event.start, event.end, event.flags, event.name);
                }
                Kind::Number => {
                    let held = hold_number(&reader, &event, build)?;
                    tape.value(Slot::number(held, event.start, event.end - event.start));
                }
                Kind::Null | Kind::Bool => tape.literal(reader.event_bytes(&event)[0]),
                Kind::BeginArray | Kind::BeginObject => tape.open(event.kind == Kind::BeginObject),
                Kind::EndArray | Kind::EndObject => {
                    // The reader's step closed it (the walk tells the count itself).
                    let at = *tape.containers.last().expect("the reader matches brackets");
                    let children = tape.children(at);
                    Sink::close(&mut tape, children);
                }
            }
            if tape.containers.is_empty() {
                break;
            }
            // `true`: the walk closed the outermost container.
            if reader.block_ahead() && reader.walk_indexed(0, &mut tape) {
                break;
            }
        }
        reader.finish()?;
        let Tape { slots, strings, .. } = tape;
        Ok(Document { text, slots, strings, last_wins: build.allow_duplicate_names })
    }

    /// The slot after the value at `at` and all its descendants.
    #[inline(always)]
    fn after(&self, at: usize) -> usize {
        after(&self.slots, at)
    }

    /// The string (or name) of a `LENT` or `DECODED` slot.
    #[inline(always)]
    fn str_of(&self, slot: Slot) -> &str {
        let (from, to) = (slot.data as usize, slot.data as usize + slot.len());
        // Lent strings were checked as UTF-8 by the reader, and decoded ones made so.
        match slot.tag() {
            LENT => str_from_checked(&self.text[from..to]),
            _ => str_from_checked(&self.strings[from..to]),
        }
    }
}

/// The slot after the value at `slots[at]` and all its descendants (a container's closed).
#[inline(always)]
fn after(slots: &[Slot], at: usize) -> usize {
    let slot = slots[at];
    match slot.tag() {
        ARRAY | OBJECT => slot.data as usize,
        _ => at + 1,
    }
}

/// A document being parsed: the slots so far, and its open containers.
struct Tape {
    slots: Vec<Slot>,
    strings: Vec<u8>,
    /// Per open container: its slot.
    containers: Vec<usize>,
    build: Build,
}

impl Tape {
    /// A value: its slot.
    #[inline(always)]
    fn value(&mut self, slot: Slot) {
        self.slots.push(slot);
    }

    /// A scalar that the walk's number steps took, ending at `end`: its slot, and `Some(end)`
    /// for the step to return. The slots' growth is a call of its own on a cold path, so that
    /// the steps make no call on their way through and keep their values in the registers a
    /// call clobbers: with `Vec::push`'s growth inside, the integer step saved and restored
    /// five registers for every integer (three now).
    #[inline(always)]
    fn took(&mut self, slot: Slot, end: usize) -> Option<usize> {
        if self.slots.len() == self.slots.capacity() {
            return self.took_growing(slot, end);
        }
        self.slots.push(slot);
        Some(end)
    }

    /// [`took`](Tape::took) when the slots are full.
    #[cold]
    #[inline(never)]
    fn took_growing(&mut self, slot: Slot, end: usize) -> Option<usize> {
        self.slots.push(slot);
        Some(end)
    }

    /// The count of children of the open container whose slot is `at`, from the slots after
    /// it (its names and values, its closed containers passed over by their ends).
    fn children(&self, at: usize) -> usize {
        let object = self.slots[at].tag() == OBJECT;
        let (mut next, mut children) = (at + 1, 0);
        while next < self.slots.len() {
            next = after(&self.slots, next + usize::from(object));
            children += 1;
        }
        children
    }

    /// The slot of the text appended to the document's buffer since it was `from` long.
    #[inline(always)]
    fn decoded_since(&self, from: usize) -> Slot {
        Slot::new(DECODED, self.strings.len() - from, from as u64)
    }

    /// The slot of the string token `window[open..end]` (quotes included): lent from the
    /// input by its place alone (nothing of it is read, and reading the document slices it
    /// with a check), or decoded into the document's buffer when `flags` say it must be.
    #[inline(always)]
    fn string(&mut self, window: &[u8], open: usize, end: usize, flags: u8) -> Slot {
        debug_assert!(open + 2 <= end && end <= window.len());
        if flags == 0 {
            return Slot::new(LENT, end - open - 2, open as u64 + 1);
        }
        let from = self.strings.len();
        string::unescape(&window[open + 1..end - 1], flags, &mut self.strings);
        self.decoded_since(from)
    }
}

/// The walk's tokens, in the input's window (for a slice or a `str`, the whole input).
impl Sink for Tape {
    #[inline(always)]
    fn string(&mut self, window: &[u8], open: usize, end: usize, flags: u8, name: bool) {
        let slot = Tape::string(self, window, open, end, flags);
        if name {
            self.slots.push(slot);
        } else {
            self.value(slot);
        }
    }

    const TAKES_DECODED_NAMES: bool = true;

    /// The name's text as its duplicate check decoded it, copied.
    #[inline(always)]
    fn decoded_name(&mut self, _: &[u8], _: usize, _: usize, _: u8, decoded: &[u8]) {
        let from = self.strings.len();
        self.strings.extend_from_slice(decoded);
        self.slots.push(self.decoded_since(from));
    }

    const DECODES_ESCAPES: bool = true;

    /// Checked and decoded into the document's buffer in one pass. Not inlined: the walk's
    /// state stays in registers around the call.
    #[inline(never)]
    fn escaped_value(
        &mut self,
        window: &[u8],
        open: usize,
        end: Option<usize>,
        rules: &Rules,
    ) -> Option<usize> {
        let from = self.strings.len();
        match string::scan_decoded(window, open, rules.check.trusted_utf8, &mut self.strings) {
            Some(at) if end.is_none_or(|end| end == at) && at - open <= rules.max_string => {
                self.value(self.decoded_since(from));
                Some(at)
            }
            _ => {
                self.strings.truncate(from);
                None
            }
        }
    }

    /// Not for the tape's walk: with them, parsing citm_catalog and synthea_fhir took 6 to
    /// 15 % longer in the median (and varied far more from run to run), on the machine where
    /// validation took 4 to 8 % less, though the walk ran 4 % fewer instructions; BMI1 is the
    /// one that does it (`bench/RESULTS.md`, 2026-12-04, midday).
    const BIT_INSTRUCTIONS: bool = false;

    const SCANS_NUMBERS: bool = true;

    /// The number's end and its digits' value in one pass, as the reader's step takes them.
    /// Not inlined: parsing a float is long, and the walk's state stays in registers around
    /// the call.
    #[inline(never)]
    fn scan_number(&mut self, window: &[u8], at: usize, rules: &Rules) -> Option<usize> {
        let (end, decimal) = match number::scan_decimal(window, at) {
            Some((end, decimal)) if end - at <= rules.max_number && ends_run(window, end, rules.eof) => {
                (end, decimal)
            }
            // An exponent, an error, or the end of the window: the full scan.
            _ => {
                let end = walk::number_end(window, at, rules)?;
                (end, number::decimal_of(window, at, end))
            }
        };
        let held = match self.build.lossless_numbers {
            true => Held::Text,
            // `None` beyond f64: the reader reads it again and reports it.
            false => hold_scalar(decimal.scalar(window, at, end), &window[at..end], self.build)?,
        };
        self.took(Slot::number(held, at, end - at), end)
    }

    /// An integer (ids, times, counts): up to 16 digits take one or two eight-byte words and no
    /// loop; longer ones and a negative one go to their own steps. Not inlined, for the walk's
    /// registers, and apart from `scan_number`, so that each stays small enough for its own
    /// inlining. (The walk calls this one step for both signs: a fourth number step there
    /// changed how it keeps its registers, and cost every document about 1 %.)
    #[inline(never)]
    fn integer(&mut self, window: &[u8], at: usize, end: usize, rules: &Rules) -> Option<usize> {
        if window[at] == b'-' {
            return self.negative_integer(window, at, end, rules);
        }
        let len = end - at;
        if len > 16 || at + 16 > window.len() {
            return self.long_integer(window, at, end, rules);
        }
        // Inside one block, so within the number limit (checked on entry to the walk).
        let slot = if self.build.lossless_numbers {
            Slot::new(NUMBER_TEXT, len, at as u64)
        } else {
            Slot::new(U64, 0, digits_by_words(window, at, len))
        };
        self.took(slot, end)
    }

    /// A number with a fraction and no exponent (coordinates, prices): its digits by whole
    /// words ([`number::fraction_decimal`]). Not inlined, as `scan_number`.
    #[inline(never)]
    fn fraction(&mut self, window: &[u8], at: usize, dot: usize, end: usize, rules: &Rules) -> Option<usize> {
        let decimal = match self.build.lossless_numbers {
            false => number::fraction_decimal(window, at, dot, end),
            true => None,
        };
        let Some(decimal) = decimal else {
            return Sink::scan_number(self, window, at, rules);
        };
        // Inside one block, so within the number limit (checked on entry to the walk); at
        // most 19 significant digits, 19 after the `.`, so within `f64`'s range.
        let f = decimal.to_f64(window, at, end)?;
        self.took(Slot::new(F64, 0, f.to_bits()), end)
    }

    #[inline(always)]
    fn literal(&mut self, first: u8) {
        let tag = match first {
            b't' => TRUE,
            b'f' => FALSE,
            _ => NULL,
        };
        self.value(Slot::new(tag, 0, 0));
    }

    #[inline(always)]
    fn open(&mut self, object: bool) {
        self.containers.push(self.slots.len());
        self.slots.push(Slot::new(if object { OBJECT } else { ARRAY }, 0, 0));
    }

    #[inline(always)]
    fn close(&mut self, children: usize) {
        let at = self.containers.pop().expect("the reader matches brackets");
        self.slots[at] = Slot::new(self.slots[at].tag(), children, self.slots.len() as u64);
    }
}

impl Tape {
    /// An integer of more than 16 digits, or near the window's end: up to 19 digits (all below
    /// 10^19, within `u64`; 64-bit ids have 18 or 19) take three words, as
    /// [`integer`](Sink::integer)'s take two. Out of line, so that the shorter integers' step
    /// stays as it was (this one inline made it save more registers: golang_source +1.7 %
    /// instructions).
    #[inline(never)]
    fn long_integer(&mut self, window: &[u8], at: usize, end: usize, rules: &Rules) -> Option<usize> {
        let len = end - at;
        if len > 19 || at + 24 > window.len() || self.build.lossless_numbers {
            return Sink::scan_number(self, window, at, rules);
        }
        // Inside one block, so within the number limit (checked on entry to the walk).
        self.took(Slot::new(U64, 0, digits_by_words(window, at, len)), end)
    }

    /// A `-` and an integer (offsets, deltas): [`integer`](Sink::integer)'s words, negated.
    #[inline(never)]
    fn negative_integer(&mut self, window: &[u8], at: usize, end: usize, rules: &Rules) -> Option<usize> {
        let len = end - at - 1;
        // `-0` is a float (see `hold_scalar`): the general step.
        if len > 16 || at + 17 > window.len() || window[at + 1] == b'0' {
            return Sink::scan_number(self, window, at, rules);
        }
        // Inside one block, so within the number limit (checked on entry to the walk).
        let slot = if self.build.lossless_numbers {
            Slot::new(NUMBER_TEXT, end - at, at as u64)
        } else {
            // Under 10^16, so the negation is an `i64`.
            Slot::new(I64, 0, digits_by_words(window, at + 1, len).wrapping_neg())
        };
        self.took(slot, end)
    }
}

/// The value of the `len` (at most 19) digits at `window[at]`, which the index says are
/// digits (no byte needs checking), with 16 bytes of window from `at` (24 for more than 16
/// digits): one to three words.
#[inline(always)]
fn digits_by_words(window: &[u8], at: usize, len: usize) -> u64 {
    let digits = |at: usize, n: usize| scan::first_digits(scan::load_u64(window, at), n);
    match len {
        0..=8 => digits(at, len),
        9..=16 => digits(at, 8) * scan::POW10[len - 8] + digits(at + 8, len - 8),
        _ => {
            (digits(at, 8) * scan::POW10[8] + digits(at + 8, 8)) * scan::POW10[len - 16]
                + digits(at + 16, len - 16)
        }
    }
}

impl Options {
    /// Parses `bytes` into a [`Document`] under these options.
    pub fn document_from_slice<'a>(&self, bytes: &'a [u8]) -> Result<Document<'a>> {
        Document::parse(Reader::from_slice(bytes).with_options(self), bytes, self)
    }

    /// Parses `text` into a [`Document`] under these options.
    pub fn document_from_str<'a>(&self, text: &'a str) -> Result<Document<'a>> {
        Document::parse(Reader::from_str(text).with_options(self), text.as_bytes(), self)
    }
}

/// One value of a [`Document`]: a handle to read it by, as cheap to copy as a reference.
#[derive(Clone, Copy)]
pub struct Node<'d> {
    doc: &'d Document<'d>,
    at: usize,
}

impl<'d> Node<'d> {
    #[inline(always)]
    fn slot(&self) -> Slot {
        self.doc.slots[self.at]
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        self.slot().tag() == NULL
    }

    /// True for `true` and `false`.
    pub fn is_boolean(&self) -> bool {
        matches!(self.slot().tag(), TRUE | FALSE)
    }

    /// True for a number.
    pub fn is_number(&self) -> bool {
        matches!(self.slot().tag(), U64 | I64 | F64 | NUMBER_TEXT)
    }

    /// True for a string.
    pub fn is_string(&self) -> bool {
        matches!(self.slot().tag(), LENT | DECODED)
    }

    /// True for an array.
    pub fn is_array(&self) -> bool {
        self.slot().tag() == ARRAY
    }

    /// True for an object.
    pub fn is_object(&self) -> bool {
        self.slot().tag() == OBJECT
    }

    /// `Some(())` for `null`.
    pub fn as_null(&self) -> Option<()> {
        self.is_null().then_some(())
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self.slot().tag() {
            TRUE => Some(true),
            FALSE => Some(false),
            _ => None,
        }
    }

    /// The number, if this is one: held as the document holds it (an integer that fits 64
    /// bits as one, other numbers as the nearest `f64`, integers beyond 64 bits and, with
    /// [`Options::lossless_numbers`], every number as its text in the input).
    pub fn as_number(&self) -> Option<crate::text::Number<'d>> {
        let slot = self.slot();
        Some(match slot.tag() {
            U64 => crate::text::Number::from(slot.data),
            I64 => crate::text::Number::from(slot.data as i64),
            F64 => crate::text::Number::from_f64(f64::from_bits(slot.data))?,
            NUMBER_TEXT => {
                let from = slot.data as usize;
                crate::text::Number::from_checked(str_from_checked(&self.doc.text[from..from + slot.len()]))
            }
            _ => return None,
        })
    }

    /// The number as an `i64`, if it is an integer in range.
    pub fn as_i64(&self) -> Option<i64> {
        let slot = self.slot();
        match slot.tag() {
            U64 => i64::try_from(slot.data).ok(),
            I64 => Some(slot.data as i64),
            NUMBER_TEXT => self.as_number()?.as_i64().ok(),
            _ => None,
        }
    }

    /// The number as a `u64`, if it is an integer in range.
    pub fn as_u64(&self) -> Option<u64> {
        let slot = self.slot();
        match slot.tag() {
            U64 => Some(slot.data),
            NUMBER_TEXT => self.as_number()?.as_u64().ok(),
            _ => None,
        }
    }

    /// The number as the nearest `f64`, if this is a number within `f64`'s range.
    pub fn as_f64(&self) -> Option<f64> {
        let slot = self.slot();
        match slot.tag() {
            U64 => Some(slot.data as f64),
            I64 => Some(slot.data as i64 as f64),
            F64 => Some(f64::from_bits(slot.data)),
            NUMBER_TEXT => self.as_number()?.as_f64().ok(),
            _ => None,
        }
    }

    /// The string, if this is one: lent from the input when it had no escapes.
    pub fn as_str(&self) -> Option<&'d str> {
        let slot = self.slot();
        matches!(slot.tag(), LENT | DECODED).then(|| self.doc.str_of(slot))
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<Elements<'d>> {
        let slot = self.slot();
        (slot.tag() == ARRAY).then(|| Elements { doc: self.doc, at: self.at + 1, left: slot.len() })
    }

    /// The members (name and value) in document order, if this is an object. With
    /// [`Options::allow_duplicate_names`], every member of a repeated name is there.
    pub fn as_object(&self) -> Option<Members<'d>> {
        let slot = self.slot();
        (slot.tag() == OBJECT).then(|| Members { doc: self.doc, at: self.at + 1, left: slot.len() })
    }

    /// The element at a position of an array (`usize`) or the member of a name of an object
    /// (`&str`); `None` if there is none. Finding either walks the container's children; a
    /// repeated name (allowed by [`Options::allow_duplicate_names`]) finds its last member.
    pub fn get<I: Index>(&self, index: I) -> Option<Node<'d>> {
        index.index_node(*self)
    }

    /// The member named `name`, if this is an object that has one.
    pub(crate) fn member(&self, name: &str) -> Option<Node<'d>> {
        let mut found = None;
        for (n, value) in self.as_object()? {
            if n == name {
                found = Some(value);
                if !self.doc.last_wins {
                    break;
                }
            }
        }
        found
    }

    /// The value that a JSON Pointer (RFC 6901) names, as [`Value::pointer`] finds it.
    pub fn pointer(&self, pointer: &str) -> Option<Node<'d>> {
        let mut node = *self;
        for token in pointer::tokens(pointer)? {
            node = match node.slot().tag() {
                ARRAY => node.get(pointer::array_index(&token)?)?,
                OBJECT => node.member(&token)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// The value as a [`Value`] tree (with every string copied), to change or keep.
    pub fn to_value(&self) -> Value {
        /// A container being built, the name it goes under in its parent, and how many of its
        /// children are still to come.
        enum Open {
            Array(Vec<Value>),
            Object(Vec<(String, Value)>),
        }
        let doc = self.doc;
        let mut stack: Vec<(Open, Option<String>, usize)> = Vec::new();
        let mut at = self.at;
        loop {
            let mut name = match stack.last() {
                Some((Open::Object(_), ..)) => {
                    at += 1;
                    Some(doc.str_of(doc.slots[at - 1]).to_owned())
                }
                _ => None,
            };
            let slot = doc.slots[at];
            at += 1;
            let mut value = match slot.tag() {
                ARRAY if slot.len() > 0 => {
                    stack.push((Open::Array(Vec::with_capacity(slot.len())), name, slot.len()));
                    continue;
                }
                OBJECT if slot.len() > 0 => {
                    stack.push((Open::Object(Vec::with_capacity(slot.len())), name, slot.len()));
                    continue;
                }
                ARRAY => Value::Array(Array::default()),
                OBJECT => Value::Object(Map::new()),
                NULL => Value::Null,
                TRUE => Value::Bool(true),
                FALSE => Value::Bool(false),
                LENT | DECODED => Value::String(doc.str_of(slot).to_owned()),
                _ => {
                    let number = Node { doc, at: at - 1 }.as_number().expect("a number slot");
                    Value::Number(number.into_owned())
                }
            };
            // Put the value in its container, and every container it completes in its own.
            loop {
                let Some((open, _, left)) = stack.last_mut() else {
                    return value;
                };
                match open {
                    Open::Array(elements) => elements.push(value),
                    Open::Object(members) => members.push((name.take().expect("a member's name"), value)),
                }
                *left -= 1;
                if *left > 0 {
                    break;
                }
                let (open, its_name, _) = stack.pop().expect("an open container");
                value = match open {
                    Open::Array(elements) => Value::Array(Array(elements)),
                    Open::Object(members) if doc.last_wins => Value::Object(members.into_iter().collect()),
                    Open::Object(members) => Value::Object(Map::from_distinct(members)),
                };
                name = its_name;
            }
        }
    }

    /// Appends the value's JSON text to `out` in `style`, its strings escaped anew.
    fn write(&self, out: &mut Vec<u8>, style: &Style<'_>) {
        let doc = self.doc;
        let newline = |out: &mut Vec<u8>, level: usize| {
            if let Some(lines) = style.lines {
                lines.write(out, level);
            }
        };
        // Per open container: whether it is an object, and how many children are to come.
        let mut stack: Vec<(bool, usize)> = Vec::new();
        let mut at = self.at;
        loop {
            if let Some(&(object, _)) = stack.last() {
                newline(out, stack.len());
                if object {
                    string::escape(doc.str_of(doc.slots[at]), out, style.escape_html);
                    out.push(b':');
                    if style.space_after_colon || style.lines.is_some() {
                        out.push(b' ');
                    }
                    at += 1;
                }
            }
            let slot = doc.slots[at];
            match slot.tag() {
                ARRAY | OBJECT if slot.len() > 0 => {
                    let object = slot.tag() == OBJECT;
                    out.push(if object { b'{' } else { b'[' });
                    stack.push((object, slot.len()));
                    at += 1;
                    continue;
                }
                ARRAY => out.extend_from_slice(b"[]"),
                OBJECT => out.extend_from_slice(b"{}"),
                NULL => out.extend_from_slice(b"null"),
                TRUE => out.extend_from_slice(b"true"),
                FALSE => out.extend_from_slice(b"false"),
                LENT | DECODED => string::escape(doc.str_of(slot), out, style.escape_html),
                NUMBER_TEXT => {
                    let from = slot.data as usize;
                    out.extend_from_slice(&doc.text[from..from + slot.len()]);
                }
                _ => {
                    let number = Node { doc, at }.as_number().expect("a number slot");
                    // Numbers from text are finite: writing them cannot fail.
                    let _ = write_number(out, &number.into_owned(), false);
                }
            }
            at += 1;
            // Close every container the value completes.
            loop {
                let Some((object, left)) = stack.last_mut() else {
                    return;
                };
                *left -= 1;
                if *left > 0 {
                    out.push(b',');
                    break;
                }
                let close = if *object { b'}' } else { b']' };
                stack.pop();
                newline(out, stack.len());
                out.push(close);
            }
        }
    }
}

/// The elements of an array [`Node`], in order.
#[derive(Clone)]
pub struct Elements<'d> {
    doc: &'d Document<'d>,
    at: usize,
    left: usize,
}

impl<'d> Iterator for Elements<'d> {
    type Item = Node<'d>;

    #[inline]
    fn next(&mut self) -> Option<Node<'d>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let node = Node { doc: self.doc, at: self.at };
        self.at = self.doc.after(self.at);
        Some(node)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Elements<'_> {}

impl fmt::Debug for Elements<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
impl core::iter::FusedIterator for Elements<'_> {}

/// The members of an object [`Node`]: each name and value, in document order.
#[derive(Clone)]
pub struct Members<'d> {
    doc: &'d Document<'d>,
    at: usize,
    left: usize,
}

impl<'d> Iterator for Members<'d> {
    type Item = (&'d str, Node<'d>);

    #[inline]
    fn next(&mut self) -> Option<(&'d str, Node<'d>)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let name = self.doc.str_of(self.doc.slots[self.at]);
        let node = Node { doc: self.doc, at: self.at + 1 };
        self.at = self.doc.after(self.at + 1);
        Some((name, node))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Members<'_> {}

impl fmt::Debug for Members<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.clone()).finish()
    }
}
impl core::iter::FusedIterator for Members<'_> {}

/// Compact JSON text; `{:#}` writes it pretty (two spaces per level), as for [`Value`].
impl fmt::Display for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = Style::of(f);
        crate::ser::with_pooled_buffer(|out| {
            self.write(out, &style);
            f.write_str(str_from_checked(out))
        })
    }
}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Node({self})")
    }
}

impl fmt::Display for Document<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.root(), f)
    }
}

impl fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Document({})", self.root())
    }
}

/// Through serde's data model, nested at most [`DEFAULT_MAX_RECURSION`](crate::DEFAULT_MAX_RECURSION)
/// deep (deeper is an error, not a stack overflow); `Display` and [`Node::to_value`] take any
/// depth.
impl Serialize for Node<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
        let slot = self.slot();
        match slot.tag() {
            NULL => serializer.serialize_unit(),
            TRUE => serializer.serialize_bool(true),
            FALSE => serializer.serialize_bool(false),
            LENT | DECODED => serializer.serialize_str(self.doc.str_of(slot)),
            ARRAY => {
                let _level = Level::enter::<S::Error>()?;
                let mut seq = serializer.serialize_seq(Some(slot.len()))?;
                for element in self.as_array().expect("an array") {
                    seq.serialize_element(&element)?;
                }
                seq.end()
            }
            OBJECT => {
                let _level = Level::enter::<S::Error>()?;
                let mut map = serializer.serialize_map(Some(slot.len()))?;
                for (name, value) in self.as_object().expect("an object") {
                    map.serialize_entry(name, &value)?;
                }
                map.end()
            }
            _ => self.as_number().expect("a number slot").serialize(serializer),
        }
    }
}

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
        self.root().serialize(serializer)
    }
}
