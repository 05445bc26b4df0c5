//! Typed encoding: a serde [`Serializer`] writing JSON text, compact or indented.
//!
//! serde's calls give the structure, so this layer does not re-check the grammar token by
//! token; it keeps what only it can check: duplicate object names (for every object, whatever
//! the Rust type: `#[serde(flatten)]` and renames can collide), non-finite floats, and the
//! nesting limit ([`Options::max_recursion`]), and it gives every error the JSON Pointer of the
//! value being written. The pointer costs nothing until there is an error: it is built as the
//! error passes out of each container, which adds the place of the value it came from (so no
//! stack of member names is kept while writing). Output goes to a buffer that is handed to the
//! `io::Write` in large pieces; [`to_vec`]'s compact text is built by a serializer whose type
//! ([`SerializerMode`]) says it has neither a writer nor indentation, so that it tests for
//! neither after each value.

mod key;

use std::io;

use serde::ser::{self, Serialize};

use self::key::KeySerializer;
use crate::error::{Code, Error, Position, Result};
use crate::options::Options;
use crate::scan;
use crate::text::state::{self, Names};
use crate::text::string;
use crate::text::writer::Lines;

/// Bytes of a cached name as written: `"name":`, perhaps a space, then zeros.
const RENDERED: usize = 32;

/// A field or variant name (a `&'static str`) as the serializer writes it, cached by the
/// name's address and length, so that each name is checked for escapes once, and written with
/// one fixed-size copy rather than three copies of their own lengths.
#[derive(Clone, Copy, Debug)]
struct StaticName {
    /// The name's address.
    at: usize,
    /// The name's length, shifted left by one, and whether a space follows the colon
    /// ([`StaticName::key`]).
    key: usize,
    /// The name's text as a number: equal names at different addresses (or with either
    /// colon form) get the same one, and different names different ones, numbered in the
    /// order they are first written.
    id: u32,
    /// How many bytes of `text` are written: 0 when the name is written the long way (it
    /// needs escapes, or it is too long for `text`).
    len: u8,
    /// The first of the [`Shape`]s (in [`StaticNames::shapes`]) of structs whose first field
    /// has this name, or [`NO_SHAPE`].
    shape: u32,
    text: [u8; RENDERED],
}

impl StaticName {
    const EMPTY: StaticName =
        StaticName { at: 0, key: usize::MAX, id: 0, len: 0, shape: NO_SHAPE, text: [0; RENDERED] };

    /// What tells the entries of one name apart: its length, and the colon form.
    #[inline(always)]
    fn key(name: &str, space: bool) -> usize {
        name.len() << 1 | usize::from(space)
    }

    fn new(name: &'static str, space: bool, id: u32) -> StaticName {
        let (at, key) = (name.as_ptr() as usize, StaticName::key(name, space));
        let mut entry = StaticName { at, key, id, ..StaticName::EMPTY };
        let colon: &[u8] = if space { b"\": " } else { b"\":" };
        let len = name.len() + 1 + colon.len();
        if len <= RENDERED && string::needs_no_escape(name) {
            entry.text[0] = b'"';
            entry.text[1..1 + name.len()].copy_from_slice(name.as_bytes());
            entry.text[1 + name.len()..len].copy_from_slice(colon);
            entry.len = len as u8;
        }
        entry
    }

    /// The name's bit in a struct's duplicate filter: that of its id modulo 64, so that the
    /// fields of a struct of up to 64, numbered one after the other when first written, have
    /// a bit each.
    #[inline(always)]
    fn bit(&self) -> u64 {
        1 << (self.id % 64)
    }

    /// Appends the name as written; false when it is to be written the long way.
    #[inline(always)]
    fn write(&self, out: &mut Vec<u8>) -> bool {
        let end = out.len() + usize::from(self.len);
        out.extend_from_slice(&self.text);
        out.truncate(end);
        self.len != 0
    }
}

/// Hand the buffer to the sink once it holds this much.
const DRAIN_AT: usize = 64 * 1024;

/// A new output buffer's room (the pooled one's, the first time on a thread).
const OUT_START: usize = 4 * 1024;

/// Encoded text up to this long is copied out of the pooled buffer into a `Vec` of its exact
/// size, and the buffer stays in the pool; longer text is handed over in its buffer (see
/// [`BufferSet::finish_out`]).
const COPY_OUT_MAX: usize = OUT_START;

/// The largest output buffer kept for the next serializer on the thread, and the most room a
/// new one is made with.
const POOL_OUT_MAX: usize = 128 * 1024;

/// What a [`Serializer`]'s type fixes about where its text goes, as serde_json's `Formatter`
/// parameter fixes its layout: the text [`to_vec`] builds in memory, compact, then carries no
/// checks for a writer or for indentation. Sealed; [`ToWriter`], the default, is the mode of
/// every serializer built with [`Serializer::new`], [`pretty`](Serializer::pretty) or
/// [`with_options`](Serializer::with_options).
pub trait SerializerMode: mode::Sealed {}

mod mode {
    pub trait Sealed {
        /// Whether the buffer is handed to a writer as it fills.
        const DRAINS: bool;
        /// Whether the options may ask for indentation.
        const MAY_INDENT: bool;
    }
}

/// The mode of a [`Serializer`] writing to an `io::Write`, laid out as its options say.
#[derive(Clone, Copy, Debug)]
pub struct ToWriter;

impl mode::Sealed for ToWriter {
    const DRAINS: bool = true;
    const MAY_INDENT: bool = true;
}

impl SerializerMode for ToWriter {}

/// The mode of `to_vec` without indentation: compact text in memory, handed over at the end.
#[derive(Clone, Copy, Debug)]
struct CompactVec;

impl mode::Sealed for CompactVec {
    const DRAINS: bool = false;
    const MAY_INDENT: bool = false;
}

impl SerializerMode for CompactVec {}

/// The mode of `to_vec` with indentation: laid out as the options say, in memory.
#[derive(Clone, Copy, Debug)]
struct IndentedVec;

impl mode::Sealed for IndentedVec {
    const DRAINS: bool = false;
    const MAY_INDENT: bool = true;
}

impl SerializerMode for IndentedVec {}

/// A serde `Serializer` that writes JSON to an `io::Write`, strict by default (see
/// [`Options`]): duplicate object names and NaN or infinite floats are errors, bytes are
/// written as base64 strings.
///
/// ```
/// use serde::Serialize;
///
/// let mut ser = jet::Serializer::pretty(Vec::new());
/// vec![1, 2].serialize(&mut ser)?;
/// assert_eq!(String::from_utf8(ser.into_inner()).unwrap(), "[\n  1,\n  2\n]");
/// # Ok::<(), jet::Error>(())
/// ```
#[derive(Debug)]
pub struct Serializer<W, M: SerializerMode = ToWriter> {
    out: Vec<u8>,
    sink: W,
    /// Drain `out` into `sink` when it holds this much: [`DRAIN_AT`] inside a container, 0
    /// after a top-level value (so that each top-level value is handed over whole), so that the
    /// check after each value is one compare. Unused by the modes that build a `Vec`.
    limit: usize,
    /// Bytes handed to the sink so far.
    drained: u64,
    /// Arrays and objects open.
    depth: usize,
    max_depth: usize,
    /// Line starts, when indenting.
    lines: Option<Lines>,
    space_after_colon: bool,
    escape_html: bool,
    nonfinite_as_null: bool,
    bytes_as_array: bool,
    /// Working buffers, reused from one serializer to the next on a thread.
    bufs: Buffers,
    allow_duplicate_names: bool,
    mode: core::marker::PhantomData<M>,
}

/// A serializer's working buffers, in a box that a finished serializer leaves for the next one
/// on its thread, so that encoding allocates only its output after the first time. Boxed so that
/// taking them and giving them back moves a pointer: the buffers themselves (with the static
/// names' table of recent shapes) are most of a kilobyte, which a small document's encode
/// copied three times.
#[derive(Debug)]
struct Buffers(Option<Box<BufferSet>>);

/// The buffers that [`Buffers`] holds.
#[derive(Debug)]
struct BufferSet {
    /// The output buffer, while no serializer holds it (see [`BufferSet::take_out`]).
    out: Vec<u8>,
    /// The room of the last buffer handed over by [`finish_out`](BufferSet::finish_out): the
    /// next one's, made new.
    room: usize,
    /// The text of a `Display` implementation (`collect_str`), for a string or a map key (see
    /// [`Serializer::with_display_text`]).
    display: String,
    /// The keys of the open maps (structs do not use it: see [`Serializer::field_name`]).
    names: Names,
    /// The field names of the open structs, as [`StaticName::id`]s (each struct's from its
    /// `Compound::start`).
    seen: Vec<u32>,
    /// Field and variant names as written, by address.
    static_names: StaticNames,
}

impl Default for BufferSet {
    fn default() -> BufferSet {
        BufferSet {
            out: Vec::new(),
            room: OUT_START,
            display: String::new(),
            names: Names::new(false),
            seen: Vec::new(),
            static_names: StaticNames::default(),
        }
    }
}

/// The table of [`StaticName`]s: open addressing by the name's address, linear probing, at
/// most a quarter full. It holds every name it is asked for (a program has only so many), so a
/// name is rendered once however the addresses of a program's names fall.
#[derive(Debug)]
struct StaticNames {
    /// A power of two of them (or none); `at == 0` marks an empty one.
    slots: Vec<StaticName>,
    len: usize,
    /// The id of each name's text ([`StaticName::id`]).
    ids: std::collections::HashMap<&'static str, u32>,
    /// The structs' shapes, by [`StaticName::shape`].
    shapes: Vec<Shape>,
    /// The shapes of structs written lately, by [`recent_slot`] of their owner (see
    /// [`Shape::owner`]): where a struct finds its shape before its first field's name.
    recent: [(usize, u32); RECENT],
}

/// Entries of [`StaticNames::recent`].
const RECENT: usize = 32;

/// The entry of [`StaticNames::recent`] for the struct named at address `owner`.
#[inline(always)]
fn recent_slot(owner: usize) -> usize {
    ((owner as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT.trailing_zeros())) as usize
}

/// The fields of one struct type in the order it writes them, as slots of the serializer's
/// [`StaticNames`], learned one field per struct written ([`StaticNames::learn`]). A struct
/// finds its shape by its name's address in a small table of recent structs
/// ([`StaticNames::recent`]), else from its first field's slot ([`StaticNames::shape_of`]).
/// A name that is its shape's next one is written with one compare and one copy, without the
/// table's lookup or the duplicate check ([`Serializer::shaped_name`]).
///
/// The names are distinct: each was checked against the ones before it when learned. And the
/// fields are only ever added to, never changed, so the names a struct wrote by its shape are
/// still the shape's first ones when a later field of it is checked against them
/// ([`Serializer::seen_from_shape`]), whatever structs of the same shape were written inside it.
#[derive(Debug)]
struct Shape {
    /// The address of the struct's name (a variant's, for a struct variant): of the structs
    /// whose first field has the same name, the one this shape is for.
    owner: usize,
    fields: Vec<u32>,
    /// The next shape whose first field has the same name, or [`NO_SHAPE`].
    next: u32,
}

/// No [`Shape`]: not a struct, or one whose names are not followed (yet).
const NO_SHAPE: u32 = u32::MAX;

impl Default for StaticNames {
    fn default() -> StaticNames {
        StaticNames {
            slots: Vec::new(),
            len: 0,
            ids: Default::default(),
            shapes: Vec::new(),
            recent: [(0, NO_SHAPE); RECENT],
        }
    }
}

impl StaticNames {
    /// The first slot to probe for address `at`: Fibonacci hashing, since names lie side by
    /// side in the binary, a few bytes apart.
    #[inline(always)]
    fn home(&self, at: usize) -> usize {
        let hash = (at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The slot of `name` with key `key` ([`StaticName::key`]).
    #[inline(always)]
    fn find(&self, name: &'static str, key: usize) -> Option<usize> {
        let at = name.as_ptr() as usize;
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(at);
        loop {
            let entry = &self.slots[i];
            if entry.at == at && entry.key == key {
                return Some(i);
            }
            if entry.at == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The shape of the struct `owner` (its name's address) whose first field's name is in
    /// `slot`, made when it has none.
    #[inline(always)]
    fn shape_of(&mut self, slot: usize, owner: usize) -> u32 {
        let mut shape = self.slots[slot].shape;
        while let Some(found) = self.shapes.get(shape as usize) {
            if found.owner == owner {
                break;
            }
            shape = found.next;
        }
        if shape == NO_SHAPE {
            shape = self.new_shape(slot, owner);
        }
        self.recent[recent_slot(owner)] = (owner, shape);
        shape
    }

    /// The shape of the struct named at address `owner`, if it was written lately; else
    /// [`NO_SHAPE`].
    #[inline(always)]
    fn recent_shape(&self, owner: usize) -> u32 {
        match self.recent[recent_slot(owner)] {
            (found, shape) if found == owner => shape,
            _ => NO_SHAPE,
        }
    }

    /// A new shape for the struct `owner` whose first field's name is in `slot`, first among
    /// that name's.
    #[cold]
    fn new_shape(&mut self, slot: usize, owner: usize) -> u32 {
        let shape = self.shapes.len() as u32;
        self.shapes.push(Shape { owner, fields: vec![slot as u32], next: self.slots[slot].shape });
        self.slots[slot].shape = shape;
        shape
    }

    /// Field `k` of a struct of shape `shape` that followed it up to there is the name in
    /// `slot`, checked against the fields before it: the shape learns it when it ends there.
    #[inline(always)]
    fn learn(&mut self, shape: u32, k: usize, slot: usize) {
        if let Some(shape) = self.shapes.get_mut(shape as usize) {
            if shape.fields.len() == k {
                shape.fields.push(slot as u32);
            }
        }
    }

    /// [`learn`](StaticNames::learn) where duplicate names are allowed, and so were not
    /// checked: the name is compared with the shape's first `k` here.
    #[cold]
    fn learn_distinct(&mut self, shape: u32, k: usize, slot: usize) {
        let id = self.slots[slot].id;
        let Some(found) = self.shapes.get(shape as usize) else { return };
        if found.fields.len() == k && found.fields.iter().all(|&s| self.slots[s as usize].id != id) {
            self.learn(shape, k, slot);
        }
    }

    /// Adds `entry` (not in the table) and gives its slot. A quarter full at most, so that
    /// most names are found at the first slot probed.
    #[cold]
    fn insert(&mut self, entry: StaticName) -> usize {
        if (self.len + 1) * 4 > self.slots.len() {
            let size = (self.slots.len() * 2).max(64);
            let old = core::mem::replace(&mut self.slots, vec![StaticName::EMPTY; size]);
            self.len = 0;
            let mut moved = vec![0u32; old.len()];
            for (i, entry) in old.into_iter().enumerate().filter(|(_, e)| e.at != 0) {
                moved[i] = self.insert(entry) as u32;
            }
            for shape in &mut self.shapes {
                shape.fields.iter_mut().for_each(|slot| *slot = moved[*slot as usize]);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(entry.at) & mask;
        while self.slots[i].at != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = entry;
        self.len += 1;
        i
    }
}

thread_local! {
    static SPARE: core::cell::RefCell<Option<Box<BufferSet>>> = const { core::cell::RefCell::new(None) };
}

impl Buffers {
    /// The thread's spare buffers, or new ones.
    fn take(allow_duplicate_names: bool) -> Buffers {
        let mut set = SPARE.with(|spare| spare.borrow_mut().take()).unwrap_or_default();
        set.names.set_allow_duplicates(allow_duplicate_names);
        Buffers(Some(set))
    }
}

impl core::ops::Deref for Buffers {
    type Target = BufferSet;

    #[inline(always)]
    fn deref(&self) -> &BufferSet {
        self.0.as_deref().expect("only `drop` takes the buffers")
    }
}

impl core::ops::DerefMut for Buffers {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut BufferSet {
        self.0.as_deref_mut().expect("only `drop` takes the buffers")
    }
}

impl BufferSet {
    /// The pooled output buffer, empty, with room for a small document at least; a new one
    /// with the room of the last one handed over when the pool has none.
    fn take_out(&mut self) -> Vec<u8> {
        if self.out.capacity() == 0 {
            return Vec::with_capacity(self.room);
        }
        core::mem::take(&mut self.out)
    }

    /// Takes back a serializer's output buffer, unless it has grown too big to keep.
    fn put_out(&mut self, mut out: Vec<u8>) {
        if out.capacity() <= POOL_OUT_MAX {
            out.clear();
            self.out = out;
        }
    }

    /// The text in `out`, a serializer's finished output buffer. Short text (up to
    /// [`COPY_OUT_MAX`]) comes in a copy of its exact size, and the buffer stays in the pool.
    /// Longer text is not worth a copy (the copy out was a tenth of the time of a map of
    /// long strings): it comes in the buffer itself, cut to its size when it fills less than
    /// half of it (so that it has at most as much room to spare as a `Vec` grown by
    /// doubling, as `serde_json::to_vec` returns it). The next buffer is made new with room
    /// for text as long.
    fn finish_out(&mut self, mut out: Vec<u8>) -> Vec<u8> {
        let len = out.len();
        if len <= COPY_OUT_MAX {
            let text = out.clone();
            self.put_out(out);
            return text;
        }
        let room = if len < out.capacity() / 2 {
            out.shrink_to_fit();
            len.next_power_of_two()
        } else {
            out.capacity()
        };
        self.room = room.clamp(OUT_START, POOL_OUT_MAX);
        out
    }
}

impl Drop for Buffers {
    fn drop(&mut self) {
        let Some(mut set) = self.0.take() else { return };
        let seen_bytes = set.seen.capacity() * core::mem::size_of::<u32>();
        if set.display.capacity() + set.names.held_bytes() + seen_bytes > crate::text::POOL_BYTES_MAX {
            return;
        }
        set.display.clear();
        set.names.clear_for_pool();
        set.seen.clear();
        // The cache stays: static names do not change.
        // `try_with`: the slot may be gone while the thread ends.
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                if spare.is_none() {
                    *spare = Some(set);
                }
            }
        });
    }
}

impl<W: io::Write> Serializer<W> {
    /// A serializer with the default options: strict, compact.
    pub fn new(writer: W) -> Serializer<W> {
        Serializer::with_options(writer, &Options::strict())
    }

    /// A serializer with two-space indentation, as serde_json's pretty printer writes.
    pub fn pretty(writer: W) -> Serializer<W> {
        Serializer::with_options(writer, &Options::strict().pretty())
    }

    /// A serializer with `opts` (formatting, HTML escaping, duplicate names, non-finite floats,
    /// bytes, nesting limit).
    pub fn with_options(writer: W, opts: &Options) -> Serializer<W> {
        Serializer::in_mode(writer, opts)
    }

    /// The writer. Everything serialized so far has been handed to it (a serializer drains its
    /// buffer after each complete top-level value).
    pub fn into_inner(self) -> W {
        self.sink
    }
}

impl<W: io::Write, M: SerializerMode> Serializer<W, M> {
    fn in_mode(writer: W, opts: &Options) -> Serializer<W, M> {
        let mut bufs = Buffers::take(opts.allow_duplicate_names);
        Serializer {
            out: bufs.take_out(),
            sink: writer,
            limit: 0,
            drained: 0,
            depth: 0,
            max_depth: opts.recursion_limit(),
            lines: Lines::of(opts),
            space_after_colon: opts.colon_space(),
            escape_html: opts.escape_html,
            nonfinite_as_null: opts.nonfinite_as_null,
            bytes_as_array: opts.bytes_as_array,
            bufs,
            allow_duplicate_names: opts.allow_duplicate_names,
            mode: core::marker::PhantomData,
        }
    }

    /// Hands the buffer to the sink when it is full enough, or when a top-level value is done.
    #[inline]
    fn maybe_drain(&mut self) -> Result<()> {
        if M::DRAINS && self.out.len() >= self.limit {
            return self.drain();
        }
        Ok(())
    }

    #[cold]
    fn drain(&mut self) -> Result<()> {
        // The open maps' names recorded in the output (see `name`) are copied out first.
        self.bufs.names.detach_borrowed(&self.out);
        if let Err(e) = self.sink.write_all(&self.out) {
            return Err(self.error(Code::Io(e)));
        }
        self.drained += self.out.len() as u64;
        self.out.clear();
        Ok(())
    }
}

impl<W, M: SerializerMode> Serializer<W, M> {
    /// Bytes written so far.
    fn offset(&self) -> u64 {
        self.drained + self.out.len() as u64
    }

    /// An error here. Its pointer starts empty: the containers it passes out of fill it in
    /// ([`within`](Serializer::within)).
    #[cold]
    fn error(&self, code: Code) -> Error {
        Error::new(code, Position { offset: self.offset(), line: 0, column: 0 }, String::new())
    }

    /// `err` passing out of a container from the value at `step` in it: the pointer gains the
    /// step, and an error from a `Serialize` implementation gets the position.
    #[cold]
    #[inline(never)]
    fn within(&self, err: Error, step: Step) -> Error {
        let err = err.or_at_offset(self.offset());
        let mut prefix = String::from("/");
        match step {
            Step::Here => return err,
            Step::Index(i) => prefix.push_str(itoa::Buffer::new().format(i)),
            Step::Field(name) => state::push_pointer_token(&mut prefix, name.as_bytes()),
            Step::Key(map) => state::push_pointer_token(&mut prefix, self.bufs.names.last_of(map, &self.out)),
        }
        err.prefix_pointer(&prefix)
    }

    /// A newline, the prefix and `depth` indents, when indenting. Not inlined: the compact
    /// path through the callers then needs fewer registers.
    #[inline(never)]
    fn newline(&mut self, depth: usize) {
        if let Some(lines) = &self.lines {
            lines.write(&mut self.out, depth);
        }
    }

    /// Opens an array or object.
    #[inline(always)]
    fn begin(&mut self, kind: Kind) -> Result<()> {
        if self.depth >= self.max_depth {
            return Err(self.error(Code::TooDeep(self.max_depth)));
        }
        self.depth += 1;
        if M::DRAINS {
            self.limit = DRAIN_AT;
        }
        if kind == Kind::Map {
            self.open_map();
        }
        self.out.push(if kind == Kind::Array { b'[' } else { b'{' });
        Ok(())
    }

    /// A map's names start. Not inlined, as [`newline`](Serializer::newline).
    #[inline(never)]
    fn open_map(&mut self) {
        self.bufs.names.push_object();
    }

    #[inline(never)]
    fn close_map(&mut self) {
        self.bufs.names.pop_object();
    }

    /// Before an element or member: the comma and the line break.
    #[inline(always)]
    fn separate(&mut self, first: bool) {
        if !first {
            self.out.push(b',');
        }
        if self.indents() {
            self.newline(self.depth);
        }
    }

    /// Whether the text is indented.
    #[inline(always)]
    fn indents(&self) -> bool {
        M::MAY_INDENT && self.lines.is_some()
    }

    /// Closes an array or object; `empty` when nothing was written in it.
    #[inline(always)]
    fn end(&mut self, kind: Kind, empty: bool) {
        self.depth -= 1;
        if M::DRAINS && self.depth == 0 {
            self.limit = 0;
        }
        if kind == Kind::Map {
            self.close_map();
        }
        if !empty && self.indents() {
            self.newline(self.depth);
        }
        self.out.push(if kind == Kind::Array { b']' } else { b'}' });
    }

    /// An object member's name (a map key), after the separator: written with the colon, then
    /// checked for duplicates. A name written with nothing escaped is recorded where it stands
    /// in the output, with no copy; the output's bytes
    /// stay until the map closes, or until [`drain`](Serializer::drain) copies the open maps'
    /// names out. (A duplicate's text is written, then taken back.)
    #[inline]
    fn name(&mut self, name: &str) -> Result<()> {
        let start = self.out.len();
        let plain = self.write_name(name);
        let names = &mut self.bufs.names;
        let added = match plain {
            true => names.add_in(&self.out, start + 1, name.as_bytes()),
            false => names.add_copy(&self.out, name.as_bytes()),
        };
        if !added {
            // The error's offset is where the name starts, as if it had not been written.
            self.out.truncate(start);
            return Err(self.error(Code::DuplicateName(name.into())));
        }
        Ok(())
    }

    /// Writes field `k` of a struct of shape `shape` when it is named `name` in the shape
    /// (which makes it distinct from the fields before it): true then.
    #[inline(always)]
    fn shaped_name(&mut self, shape: u32, k: usize, name: &'static str) -> bool {
        let names = &self.bufs.static_names;
        let Some(&slot) = names.shapes.get(shape as usize).and_then(|s| s.fields.get(k)) else {
            return false;
        };
        let entry = &names.slots[slot as usize];
        if entry.at != name.as_ptr() as usize || entry.key != StaticName::key(name, self.space_after_colon) {
            return false;
        }
        if !entry.write(&mut self.out) {
            self.write_name_long(name);
        }
        true
    }

    /// A struct field's name, when [`shaped_name`](Serializer::shaped_name) did not write it:
    /// field `k` of the struct `at`, whose shape its first field finds. Duplicates (renamed
    /// fields can collide) are found through a 64-bit filter of the struct's names so far,
    /// comparing their ids only when it hits. The filter stays 0 while every name was written
    /// by the shape (the first one included); with duplicates allowed it is 1 after the first
    /// name that was not.
    #[inline]
    fn field_name(&mut self, name: &'static str, k: usize, at: &mut StructAt) -> Result<()> {
        let slot = self.static_name(name);
        let followed = at.filter == 0;
        if k == 0 {
            // The struct's shape starts with its first name.
            at.shape = self.bufs.static_names.shape_of(slot, at.owner);
        } else if self.allow_duplicate_names {
            if followed {
                self.bufs.static_names.learn_distinct(at.shape, k, slot);
            }
            at.filter = 1;
        } else {
            if followed {
                // The fields before were written by the shape: checked as its names.
                self.seen_from_shape(at, k);
            }
            // One look at the entry for the check and the push (indexing twice costs more).
            let entry = &self.bufs.static_names.slots[slot];
            let (bit, id) = (entry.bit(), entry.id);
            if at.filter & bit != 0 && self.field_seen(id, at.seen_start) {
                return Err(self.error(Code::DuplicateName(name.into())));
            }
            at.filter |= bit;
            self.bufs.seen.push(id);
            if followed {
                self.bufs.static_names.learn(at.shape, k, slot);
            }
        }
        if !self.bufs.static_names.slots[slot].write(&mut self.out) {
            self.write_name_long(name);
        }
        Ok(())
    }

    /// The first `k` fields of struct `at`, written by its shape, added to its duplicate
    /// filter and `seen` names.
    #[cold]
    #[inline(never)]
    fn seen_from_shape(&mut self, at: &mut StructAt, k: usize) {
        let bufs = &mut *self.bufs;
        for &slot in &bufs.static_names.shapes[at.shape as usize].fields[..k] {
            let entry = &bufs.static_names.slots[slot as usize];
            at.filter |= entry.bit();
            bufs.seen.push(entry.id);
        }
    }

    /// Whether the struct whose names start at `seen_start` has a field of name `id` already:
    /// asked only when the filter has the name's bit. Not inlined, so that the common path of
    /// [`field_name`](Serializer::field_name) keeps few registers.
    #[inline(never)]
    fn field_seen(&self, id: u32, seen_start: usize) -> bool {
        self.bufs.seen[seen_start..].contains(&id)
    }

    /// A field or variant name that needs escapes or is too long for its cached text.
    #[inline(never)]
    fn write_name_long(&mut self, name: &str) {
        self.write_name(name);
    }

    /// The slot of `name` in the static-name table, added when it is not there.
    #[inline(always)]
    fn static_name(&mut self, name: &'static str) -> usize {
        match self.bufs.static_names.find(name, StaticName::key(name, self.space_after_colon)) {
            Some(slot) => slot,
            None => self.add_static_name(name),
        }
    }

    #[cold]
    #[inline(never)]
    fn add_static_name(&mut self, name: &'static str) -> usize {
        let names = &mut self.bufs.static_names;
        let next = names.ids.len() as u32;
        let id = *names.ids.entry(name).or_insert(next);
        names.insert(StaticName::new(name, self.space_after_colon, id))
    }

    /// The name of the one member of an enum variant's object.
    #[inline]
    fn variant_name(&mut self, name: &'static str) {
        let slot = self.static_name(name);
        if !self.bufs.static_names.slots[slot].write(&mut self.out) {
            self.write_name_long(name);
        }
    }

    /// Writes `name` quoted, and the colon; true when nothing in it was escaped, so that the
    /// output holds its own bytes after the opening quote (an escape only lengthens the text).
    #[inline]
    fn write_name(&mut self, name: &str) -> bool {
        let start = self.out.len();
        string::escape(name, &mut self.out, self.escape_html);
        let plain = self.out.len() - start == name.len() + 2;
        self.out.push(b':');
        if self.space_after_colon {
            self.out.push(b' ');
        }
        plain
    }

    fn float<F: zmij::Float>(&mut self, v: F, finite: bool) -> Result<()> {
        if finite {
            scan::push_float(v, &mut self.out);
        } else if self.nonfinite_as_null {
            self.out.extend_from_slice(b"null");
        } else {
            return Err(self.error(Code::NonFinite));
        }
        Ok(())
    }
}

macro_rules! serialize_integers {
    ($($method:ident: $ty:ty => $push:expr),*) => {$(
        #[inline]
        fn $method(self, v: $ty) -> Result<()> {
            $push(v, &mut self.out);
            self.maybe_drain()
        }
    )*};
}

/// A 128-bit integer's text (rare: through `itoa`'s buffer).
fn push_wide(v: impl itoa::Integer, out: &mut Vec<u8>) {
    out.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
}

impl<'a, W: io::Write, M: SerializerMode> ser::Serializer for &'a mut Serializer<W, M> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, W, M>;
    type SerializeTuple = Compound<'a, W, M>;
    type SerializeTupleStruct = Compound<'a, W, M>;
    type SerializeTupleVariant = Compound<'a, W, M>;
    type SerializeMap = Compound<'a, W, M>;
    type SerializeStruct = Compound<'a, W, M>;
    type SerializeStructVariant = Compound<'a, W, M>;

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.out.extend_from_slice(if v { b"true" } else { b"false" });
        self.maybe_drain()
    }

    serialize_integers!(
        serialize_i8: i8 => |v, out| scan::push_i64(i64::from(v), out),
        serialize_i16: i16 => |v, out| scan::push_i64(i64::from(v), out),
        serialize_i32: i32 => |v, out| scan::push_i64(i64::from(v), out),
        serialize_i64: i64 => scan::push_i64,
        serialize_i128: i128 => push_wide,
        serialize_u8: u8 => |v, out| scan::push_u64(u64::from(v), out),
        serialize_u16: u16 => |v, out| scan::push_u64(u64::from(v), out),
        serialize_u32: u32 => |v, out| scan::push_u64(u64::from(v), out),
        serialize_u64: u64 => scan::push_u64,
        serialize_u128: u128 => push_wide
    );

    fn serialize_f32(self, v: f32) -> Result<()> {
        self.float(v, v.is_finite())?;
        self.maybe_drain()
    }

    fn serialize_f64(self, v: f64) -> Result<()> {
        self.float(v, v.is_finite())?;
        self.maybe_drain()
    }

    fn serialize_char(self, v: char) -> Result<()> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        string::escape(v, &mut self.out, self.escape_html);
        self.maybe_drain()
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        if self.bytes_as_array {
            use ser::SerializeSeq as _;
            let mut seq = self.serialize_seq(Some(v.len()))?;
            for b in v {
                seq.serialize_element(b)?;
            }
            return seq.end();
        }
        use base64::Engine as _;
        self.out.push(b'"');
        let at = self.out.len();
        self.out.resize(at + base64::encoded_len(v.len(), true).expect("a slice's base64 fits usize"), 0);
        let n = base64::engine::general_purpose::STANDARD
            .encode_slice(v, &mut self.out[at..])
            .expect("the buffer has the encoded length");
        self.out.truncate(at + n);
        self.out.push(b'"');
        self.maybe_drain()
    }

    fn serialize_none(self) -> Result<()> {
        self.serialize_unit()
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        self.out.extend_from_slice(b"null");
        self.maybe_drain()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<()> {
        use crate::de::special::{with_text, NUMBER_TOKEN, RAW_VALUE_TOKEN};
        if name == NUMBER_TOKEN {
            // A number's text, checked when the number was made.
            with_text(|text| self.out.extend_from_slice(text.as_bytes()));
            return self.maybe_drain();
        }
        if name == crate::value::VALUE_TOKEN {
            // A `Value`, written directly (no recursion) when its `serialize` left it for us.
            let style = crate::value::Style {
                lines: self.lines.as_ref(),
                space_after_colon: self.space_after_colon,
                escape_html: self.escape_html,
                nonfinite_as_null: self.nonfinite_as_null,
            };
            let depth = self.depth;
            let written = crate::value::with_current(|current| {
                current.map(|v| crate::value::write_value(&mut self.out, v, &style, depth))
            });
            match written {
                Some(Ok(())) => return self.maybe_drain(),
                Some(Err(e)) => return Err(self.error(e.into_code())),
                None => return value.serialize(self),
            }
        }
        if name == RAW_VALUE_TOKEN {
            // A raw value's text, checked under this serializer's rules first.
            let opts = Options::strict()
                .allow_duplicate_names(self.allow_duplicate_names)
                .max_depth(self.max_depth.saturating_sub(self.depth));
            let checked = with_text(|text| {
                crate::text::RawValue::from_bytes(text.as_bytes()).validate(&opts)?;
                self.out.extend_from_slice(text.as_bytes());
                Ok::<(), Error>(())
            });
            if let Err(e) = checked {
                let msg = format!("invalid raw value: {}", e.message());
                return Err(self.error(Code::Custom(msg.into())));
            }
            return self.maybe_drain();
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.begin(Kind::Struct)?;
        self.separate(true);
        self.variant_name(variant);
        value.serialize(&mut *self).map_err(|e| self.within(e, Step::Field(variant)))?;
        self.end(Kind::Struct, false);
        self.maybe_drain()
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, W, M>> {
        self.begin(Kind::Array)?;
        Ok(Compound::new(self, None, Kind::Array, ""))
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, W, M>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, W, M>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, W, M>> {
        self.variant_container(variant, Kind::Array)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a, W, M>> {
        self.begin(Kind::Map)?;
        Ok(Compound::new(self, None, Kind::Map, ""))
    }

    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<Compound<'a, W, M>> {
        self.begin(Kind::Struct)?;
        Ok(Compound::new(self, None, Kind::Struct, name))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, W, M>> {
        self.variant_container(variant, Kind::Struct)
    }

    fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
        self.with_display_text(value, |ser, text| ser::Serializer::serialize_str(ser, text))
    }
}

impl<W: io::Write, M: SerializerMode> Serializer<W, M> {
    /// Writes `value`'s `Display` text into the buffer kept for it and gives the text to
    /// `then` (for `collect_str`: a string value, or a map key); the buffer is back in place
    /// after, whatever the outcome.
    fn with_display_text<T: ?Sized + core::fmt::Display>(
        &mut self,
        value: &T,
        then: impl FnOnce(&mut Self, &str) -> Result<()>,
    ) -> Result<()> {
        use core::fmt::Write as _;
        let mut text = core::mem::take(&mut self.bufs.display);
        text.clear();
        let result = match write!(text, "{value}") {
            Ok(()) => then(self, &text),
            Err(_) => Err(ser::Error::custom("a Display implementation failed")),
        };
        self.bufs.display = text;
        result
    }

    /// Opens `{"variant":` and then the array (tuple variant) or object (struct variant).
    fn variant_container(&mut self, variant: &'static str, kind: Kind) -> Result<Compound<'_, W, M>> {
        self.begin(Kind::Struct)?;
        self.separate(true);
        self.variant_name(variant);
        self.begin(kind).map_err(|e| self.within(e, Step::Field(variant)))?;
        Ok(Compound::new(self, Some(variant), kind, variant))
    }
}

/// What a container is, for what its members need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Array,
    /// An object whose names are `&'static str` field names (checked by a filter).
    Struct,
    /// An object whose names are map keys (checked by the serializer's [`Names`]).
    Map,
}

/// Where in its container the value an error came from is, for the error's pointer.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Not in a member or element: the container's own (a map key's error names the map).
    Here,
    Index(usize),
    Field(&'static str),
    /// The last key of the `n`th open map.
    Key(usize),
}

/// An array or object being written (also the inner one of a tuple or struct variant).
#[derive(Debug)]
pub struct Compound<'a, W, M: SerializerMode = ToWriter> {
    ser: &'a mut Serializer<W, M>,
    /// Elements or members written so far.
    len: usize,
    /// A tuple or struct variant's name: an object of one member, of that name, holds this
    /// container.
    variant: Option<&'static str>,
    kind: Kind,
    /// Where this map is among the open ones (a struct's names are in `at`).
    start: usize,
    /// A struct's names.
    at: StructAt,
}

/// What [`Serializer::field_name`] keeps of a struct's names.
#[derive(Debug)]
struct StructAt {
    /// The address of the struct's name (a variant's, for a struct variant).
    owner: usize,
    /// Its [`Shape`] (once the first field found it), or [`NO_SHAPE`].
    shape: u32,
    /// The filter of its field names: 0 while every name was written by the shape.
    filter: u64,
    /// Where its names start in the serializer's `seen`.
    seen_start: usize,
}

impl<'a, W: io::Write, M: SerializerMode> Compound<'a, W, M> {
    /// An array, a map, or a struct (or struct variant) named `name`.
    #[inline]
    fn new(
        ser: &'a mut Serializer<W, M>,
        variant: Option<&'static str>,
        kind: Kind,
        name: &'static str,
    ) -> Compound<'a, W, M> {
        let start = if kind == Kind::Map { ser.bufs.names.open() - 1 } else { 0 };
        let at = StructAt {
            owner: name.as_ptr() as usize,
            shape: NO_SHAPE,
            filter: 0,
            seen_start: ser.bufs.seen.len(),
        };
        Compound { ser, len: 0, variant, kind, start, at }
    }

    /// `err` passing out of this container from the value at `step`. It takes the fields it
    /// needs rather than the container, so that the container's own fields can stay in
    /// registers on the way that does not fail.
    #[inline(always)]
    fn fail(&self, err: Error, step: Step) -> Error {
        fail(self.ser, self.variant, err, step)
    }

    #[inline(always)]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.len;
        self.ser.separate(index == 0);
        self.len += 1;
        value.serialize(&mut *self.ser).map_err(|e| self.fail(e, Step::Index(index)))
    }

    /// A struct's member: its name inlined into the caller (a derived `serialize`, where the
    /// member's place is known), its value's step as the compiler sees fit. The whole step
    /// inlined made a recursive struct's encode slower (golang_source +7 %); the name's
    /// step alone made citm's 15 % faster (bench/RESULTS.md).
    #[inline(always)]
    fn field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        self.member_name(name)?;
        self.member_value(name, value)
    }

    /// The separator and the name of the struct's next member.
    #[inline(always)]
    fn member_name(&mut self, name: &'static str) -> Result<()> {
        let k = self.len;
        self.ser.separate(k == 0);
        self.len += 1;
        if k == 0 {
            self.at.shape = self.ser.bufs.static_names.recent_shape(self.at.owner);
        }
        // By the shape only while every name before was (else the filter is not 0): a name
        // written otherwise was checked against the ones before it, and those after it must
        // be checked against it too.
        if !(self.at.filter == 0 && self.ser.shaped_name(self.at.shape, k, name)) {
            if let Err(e) = self.ser.field_name(name, k, &mut self.at) {
                return Err(self.fail(e, Step::Here));
            }
        }
        Ok(())
    }

    /// The value of the member named `name`.
    #[inline]
    fn member_value<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        value.serialize(&mut *self.ser).map_err(|e| self.fail(e, Step::Field(name)))
    }

    #[inline(always)]
    fn finish(self) -> Result<()> {
        if self.kind == Kind::Struct {
            self.ser.bufs.seen.truncate(self.at.seen_start);
        }
        self.ser.end(self.kind, self.len == 0);
        if self.variant.is_some() {
            self.ser.end(Kind::Struct, false);
        }
        self.ser.maybe_drain()
    }
}

/// [`Compound::fail`] for a container of `ser`, in the variant `variant` if any.
#[cold]
#[inline(never)]
fn fail<W, M: SerializerMode>(
    ser: &Serializer<W, M>,
    variant: Option<&'static str>,
    err: Error,
    step: Step,
) -> Error {
    let err = ser.within(err, step);
    match variant {
        Some(variant) => ser.within(err, Step::Field(variant)),
        None => err,
    }
}

/// The array-like serde traits: each element through [`Compound::element`].
macro_rules! array_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<W: io::Write, M: SerializerMode> ser::$trait for Compound<'_, W, M> {
            type Ok = ();
            type Error = Error;

            #[inline]
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
                self.element(value)
            }

            /// Inline into the caller (serde's `collect_seq`, for a `Vec`): as a call of its
            /// own, citm's typed encode (9,053 empty arrays) ran 7 % more instructions and
            /// took 10 % longer (bench/RESULTS.md).
            #[inline(always)]
            fn end(self) -> Result<()> {
                self.finish()
            }
        }
    )*};
}

array_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<W: io::Write, M: SerializerMode> ser::SerializeMap for Compound<'_, W, M> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.ser.separate(self.len == 0);
        self.len += 1;
        key.serialize(KeySerializer { ser: &mut *self.ser }).map_err(|e| self.fail(e, Step::Here))
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut *self.ser).map_err(|e| self.fail(e, Step::Key(self.start)))
    }

    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl<W: io::Write, M: SerializerMode> ser::SerializeStruct for Compound<'_, W, M> {
    type Ok = ();
    type Error = Error;

    #[inline(always)]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        self.field(name, value)
    }

    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl<W: io::Write, M: SerializerMode> ser::SerializeStructVariant for Compound<'_, W, M> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<()> {
        self.field(name, value)
    }

    fn end(self) -> Result<()> {
        self.finish()
    }
}

/// Encodes `value` with `opts` into a new buffer.
fn to_vec_with<T: ?Sized + Serialize>(value: &T, opts: &Options) -> Result<Vec<u8>> {
    if opts.indent.is_none() {
        return to_vec_in::<CompactVec, T>(value, opts);
    }
    to_vec_in::<IndentedVec, T>(value, opts)
}

/// [`to_vec_with`] by a serializer of mode `M`.
fn to_vec_in<M: SerializerMode, T: ?Sized + Serialize>(value: &T, opts: &Options) -> Result<Vec<u8>> {
    let mut ser = Serializer::<_, M>::in_mode(io::sink(), opts);
    let result = value.serialize(&mut ser);
    let out = core::mem::take(&mut ser.out);
    match result {
        Ok(()) => Ok(ser.bufs.finish_out(out)),
        Err(e) => {
            ser.bufs.put_out(out);
            Err(e)
        }
    }
}

/// Runs `write` on the thread's pooled output buffer (empty), for text that is used and
/// dropped at once, such as `Value`'s `Display`.
pub(crate) fn with_pooled_buffer<R>(write: impl FnOnce(&mut Vec<u8>) -> R) -> R {
    let mut bufs = Buffers::take(false);
    let mut out = bufs.take_out();
    let result = write(&mut out);
    bufs.put_out(out);
    result
}

/// Encodes `value` with `opts` into `writer`, through the thread's pooled output buffer.
fn to_writer_with<W: io::Write, T: ?Sized + Serialize>(writer: W, value: &T, opts: &Options) -> Result<()> {
    let mut ser = Serializer::with_options(writer, opts);
    let result = value.serialize(&mut ser);
    let out = core::mem::take(&mut ser.out);
    ser.bufs.put_out(out);
    result
}

/// Encodes `value` as compact JSON, with the strict defaults.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Point { x: f64, y: f64 }
///
/// assert_eq!(jet::to_vec(&Point { x: 1.0, y: -0.5 })?, br#"{"x":1.0,"y":-0.5}"#);
/// assert!(jet::to_vec(&f64::NAN).is_err());
/// # Ok::<(), jet::Error>(())
/// ```
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, &Options::strict())
}

/// Encodes `value` as compact JSON text, with the strict defaults.
pub fn to_string<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    to_vec(value).map(into_string)
}

/// Encodes `value` as compact JSON into `writer`, with the strict defaults.
pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<()> {
    to_writer_with(writer, value, &Options::strict())
}

/// Encodes `value` as JSON indented by two spaces (serde_json's pretty form).
pub fn to_vec_pretty<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, &Options::strict().pretty())
}

/// Encodes `value` as JSON text indented by two spaces (serde_json's pretty form).
///
/// ```
/// let text = jet::to_string_pretty(&vec![(1, "a")])?;
/// assert_eq!(text, "[\n  [\n    1,\n    \"a\"\n  ]\n]");
/// # Ok::<(), jet::Error>(())
/// ```
pub fn to_string_pretty<T: ?Sized + Serialize>(value: &T) -> Result<String> {
    to_vec_pretty(value).map(into_string)
}

/// Encodes `value` as JSON indented by two spaces into `writer`.
pub fn to_writer_pretty<W: io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<()> {
    to_writer_with(writer, value, &Options::strict().pretty())
}

fn into_string(bytes: Vec<u8>) -> String {
    // The serializer writes only UTF-8: escaped `str`s, ASCII numbers, literals and base64, raw
    // values checked first. Checked all the same, by the vector kernel.
    match scan::string_from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => unreachable!("the serializer writes only UTF-8"),
    }
}

/// Typed encoding with these options.
impl Options {
    /// [`to_vec`] with these options (indented when they say so).
    ///
    /// ```
    /// let opts = jet::Options::default().nonfinite_as_null(true);
    /// assert_eq!(opts.to_vec(&[1.5, f64::INFINITY])?, b"[1.5,null]");
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn to_vec<T: ?Sized + Serialize>(&self, value: &T) -> Result<Vec<u8>> {
        to_vec_with(value, self)
    }

    /// [`to_string`] with these options.
    pub fn to_string<T: ?Sized + Serialize>(&self, value: &T) -> Result<String> {
        to_vec_with(value, self).map(into_string)
    }

    /// [`to_writer`] with these options.
    pub fn to_writer<W: io::Write, T: ?Sized + Serialize>(&self, writer: W, value: &T) -> Result<()> {
        to_writer_with(writer, value, self)
    }
}
