//! The grammar state shared by the reader and the writer: the stack of open arrays and objects,
//! the duplicate-name sets of open objects, and the JSON Pointer of the current position.
//!
//! No recursion anywhere: depth is the length of a `Vec`, limited by `max_depth`.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

/// Bit of a container entry: the container is an object.
const OBJECT: u64 = 1 << 63;
/// Bit of a container entry: the top level (a stream of values).
const TOP: u64 = 1 << 62;
/// The count bits of a container entry.
const COUNT: u64 = TOP - 1;

/// Where the grammar stands: what may come next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pos {
    /// Top level, before the first value.
    TopFirst,
    /// Top level, after a value.
    TopNext,
    /// Just after `[`.
    ArrayFirst,
    /// In an array after an element: `,` or `]`.
    ArrayNext,
    /// Just after `{`.
    ObjectFirst,
    /// In an object after a member: `,` or `}`.
    ObjectNext,
    /// In an object after a name: `:` then the value.
    ObjectColon,
}

/// A copy of a container entry, for quick tests of where the grammar stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry(u64);

impl Entry {
    #[inline(always)]
    pub(crate) fn is_object(self) -> bool {
        self.0 & OBJECT != 0
    }
    #[inline(always)]
    pub(crate) fn is_array(self) -> bool {
        self.0 & (OBJECT | TOP) == 0
    }
    /// Nothing started in it yet.
    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0 & COUNT == 0
    }
    /// An object right after a name.
    #[inline(always)]
    pub(crate) fn after_name(self) -> bool {
        self.0 & 1 == 1
    }
    /// The container's count of values (for an object, of members: half its count of names
    /// and values, which is even after a member's value).
    #[inline(always)]
    pub(crate) fn children(self) -> usize {
        ((self.0 & COUNT) >> u32::from(self.is_object())) as usize
    }
    /// The entry once a value (or a name) starts in the container.
    #[inline(always)]
    pub(crate) fn started(self) -> Entry {
        Entry(self.0 + 1)
    }
    /// Where the grammar stands in the container.
    #[inline(always)]
    pub(crate) fn pos(self) -> Pos {
        let n = self.0 & COUNT;
        if self.0 & OBJECT != 0 {
            if n == 0 {
                Pos::ObjectFirst
            } else if n % 2 == 1 {
                Pos::ObjectColon
            } else {
                Pos::ObjectNext
            }
        } else if self.0 & TOP == 0 {
            if n == 0 {
                Pos::ArrayFirst
            } else {
                Pos::ArrayNext
            }
        } else if n == 0 {
            Pos::TopFirst
        } else {
            Pos::TopNext
        }
    }
}

/// Which pointer to report for an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// The value most recently started (Go's `StackPointer`).
    Current,
    /// The value about to start (a new array element).
    Next,
    /// An object name: the pointer of the object itself.
    Name,
}

#[derive(Clone, Debug)]
pub(crate) struct State {
    /// The entry of the innermost open container, or of the top level when none is open: the
    /// `OBJECT` or `TOP` bit and a count of values started (for objects, names plus values
    /// started: odd after a name).
    cur: u64,
    /// The entries of the containers around the innermost one, the top level first.
    outer: Vec<u64>,
    max_depth: usize,
    pub(crate) names: Names,
    /// The reader's buffer for the decoded text of the last escaped string (kept here, with
    /// the buffers that go back to the pool).
    pub(crate) scratch: Vec<u8>,
    /// The box the buffers came in from this thread's pool, to carry them back in.
    home: Home,
}

impl State {
    /// A state with no buffers: it takes the pool's when it first opens a container
    /// ([`grow_outer`](State::grow_outer)), so that making one moves nothing and a scalar
    /// value needs none.
    pub(crate) fn new(max_depth: usize, allow_duplicates: bool) -> State {
        State {
            cur: TOP,
            outer: Vec::new(),
            max_depth,
            names: Names::new(allow_duplicates),
            scratch: Vec::new(),
            home: Home(None),
        }
    }

    /// Makes room for one more open container: the pool's buffers for a state that has none
    /// yet (a box moves out of the pool, not a whole state), else more capacity.
    #[cold]
    #[inline(never)]
    fn grow_outer(&mut self) {
        if self.outer.capacity() == 0 && self.names.recs.capacity() == 0 && self.home.0.is_none() {
            if let Some(mut spare) = POOL.try_with(|pool| pool.try_borrow_mut().ok()?.pop()).ok().flatten() {
                self.swap_buffers(&mut spare);
                self.home = Home(Some(spare));
            }
        }
        self.outer.reserve(1);
    }

    /// Trades buffers with `spare`: the pool's for a new state's empty ones, and back, emptied,
    /// for the box's empty ones when the state is dropped.
    fn swap_buffers(&mut self, spare: &mut Spare) {
        core::mem::swap(&mut self.outer, &mut spare.outer);
        core::mem::swap(&mut self.scratch, &mut spare.scratch);
        let names = &mut self.names;
        core::mem::swap(&mut names.recs, &mut spare.recs);
        core::mem::swap(&mut names.bytes, &mut spare.bytes);
        core::mem::swap(&mut names.frames, &mut spare.frames);
        core::mem::swap(&mut names.spare, &mut spare.tables);
        core::mem::swap(&mut names.keys, &mut spare.keys);
    }

    /// Sets the limits (meant for a state that has read nothing yet).
    pub(crate) fn configure(&mut self, max_depth: usize, allow_duplicates: bool) {
        self.max_depth = max_depth;
        self.names.allow_duplicates = allow_duplicates;
    }

    /// Back to the top level with nothing open (to resume a stream after an error).
    pub(crate) fn reset(&mut self) {
        while !self.outer.is_empty() {
            self.pop();
        }
        self.cur = TOP;
    }

    #[inline(always)]
    pub(crate) fn depth(&self) -> usize {
        self.outer.len()
    }

    /// The innermost container's entry.
    #[inline(always)]
    pub(crate) fn entry(&self) -> Entry {
        Entry(self.cur)
    }

    #[inline(always)]
    pub(crate) fn pos(&self) -> Pos {
        self.entry().pos()
    }

    /// Sets the innermost container's entry: for a walk that kept it in a register
    /// ([`open`](State::open), [`close`](State::close)) and is done.
    #[inline(always)]
    pub(crate) fn set_entry(&mut self, entry: Entry) {
        self.cur = entry.0;
    }

    /// A value (or a name) starts in the current container.
    #[inline(always)]
    pub(crate) fn start_value(&mut self) {
        self.cur += 1;
    }

    /// Opens a container (after [`start_value`](State::start_value)). False when that would
    /// pass the depth limit.
    #[inline(always)]
    pub(crate) fn push(&mut self, object: bool) -> bool {
        if self.outer.len() >= self.max_depth {
            return false;
        }
        if self.outer.len() == self.outer.capacity() {
            self.grow_outer();
        }
        self.outer.push(self.cur);
        self.cur = if object { OBJECT } else { 0 };
        if object {
            self.names.push_object();
        }
        true
    }

    /// [`push`](State::push) for a walk that keeps the innermost entry itself: `entry` is the
    /// current container's (with the new value started), and the new container's entry comes
    /// back; `None` when the depth limit does not allow it (nothing changed then). The state's
    /// own entry is stale until [`set_entry`](State::set_entry).
    #[inline(always)]
    pub(crate) fn open(&mut self, entry: Entry, object: bool) -> Option<Entry> {
        if self.outer.len() >= self.max_depth {
            return None;
        }
        if self.outer.len() == self.outer.capacity() {
            self.grow_outer();
        }
        self.outer.push(entry.0);
        if object {
            self.names.push_object();
        }
        Some(Entry(if object { OBJECT } else { 0 }))
    }

    /// [`pop`](State::pop) for such a walk: closes the innermost container (an object when
    /// `object`) and gives the entry of the one around it. At least one container is open.
    #[inline(always)]
    pub(crate) fn close(&mut self, object: bool) -> Entry {
        if object {
            self.names.pop_object();
        }
        let outer = self.outer.pop();
        debug_assert!(outer.is_some(), "a container is open");
        Entry(outer.unwrap_or(TOP))
    }

    /// Closes the innermost container.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        if let Some(outer) = self.outer.pop() {
            if self.cur & OBJECT != 0 {
                self.names.pop_object();
            }
            self.cur = outer;
        }
    }

    /// [`pop`](State::pop) where the innermost container is an array (no names to drop).
    #[inline(always)]
    pub(crate) fn pop_array(&mut self) {
        debug_assert!(self.cur & OBJECT == 0, "not in an array");
        if let Some(outer) = self.outer.pop() {
            self.cur = outer;
        }
    }

    pub(crate) fn set_max_depth(&mut self, max_depth: usize) {
        self.max_depth = max_depth;
    }

    pub(crate) fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The JSON Pointer of the position `at`; `source` is the input that names may point into.
    pub(crate) fn pointer(&self, at: At, source: &[u8]) -> String {
        self.pointer_by(at, |object| self.names.last_of(object, source))
    }

    /// [`pointer`](State::pointer) with the current member name of the `n`th open object
    /// (0 is the outermost) given by `name_of`.
    pub(crate) fn pointer_by<'n>(&self, at: At, name_of: impl Fn(usize) -> &'n [u8]) -> String {
        let mut out = String::new();
        let mut object = 0;
        let open =
            self.outer.iter().skip(1).chain(if self.outer.is_empty() { None } else { Some(&self.cur) });
        let last = self.depth().saturating_sub(1);
        for (level, &e) in open.enumerate() {
            let n = e & COUNT;
            let innermost = level == last;
            if e & OBJECT != 0 {
                object += 1;
                let skip = innermost && at == At::Name;
                if n > 0 && !skip {
                    out.push('/');
                    push_pointer_token(&mut out, name_of(object - 1));
                }
            } else if innermost && at == At::Next {
                out.push('/');
                out.push_str(&n.to_string());
            } else if n > 0 {
                out.push('/');
                out.push_str(&(n - 1).to_string());
            }
        }
        out
    }
}

/// How many finished readers' and writers' buffers this thread keeps for the next ones, so that
/// reading a small document allocates nothing for the grammar after the first time.
const POOL_SIZE: usize = 4;

/// The buffers of a finished state, emptied, in the pool.
#[derive(Debug, Default)]
struct Spare {
    outer: Vec<u64>,
    scratch: Vec<u8>,
    recs: Vec<Rec>,
    bytes: Vec<u8>,
    frames: Vec<Frame>,
    // Boxed as in `Frame::table`, where they go.
    #[allow(clippy::vec_box)]
    tables: Vec<Box<NameTable>>,
    keys: Option<NameHash>,
}

/// A state's box from the pool; a clone has none (its buffers are new).
#[derive(Debug)]
struct Home(Option<Box<Spare>>);

impl Clone for Home {
    fn clone(&self) -> Home {
        Home(None)
    }
}

thread_local! {
    // Boxed on purpose: taking a spare out moves a pointer, not the buffers' headers.
    #[allow(clippy::vec_box)]
    static POOL: core::cell::RefCell<Vec<Box<Spare>>> = const { core::cell::RefCell::new(Vec::new()) };
}

impl Drop for State {
    fn drop(&mut self) {
        if self.outer.capacity() == 0 && self.names.recs.capacity() == 0 {
            return;
        }
        let held = self.outer.capacity() * core::mem::size_of::<u64>()
            + self.scratch.capacity()
            + self.names.held_bytes();
        if held > super::POOL_BYTES_MAX {
            return;
        }
        self.outer.clear();
        self.scratch.clear();
        self.names.clear_for_pool();
        let mut spare = self.home.0.take().unwrap_or_default();
        self.swap_buffers(&mut spare);
        super::give_back(&POOL, spare, POOL_SIZE);
    }
}

/// Appends a name as a JSON Pointer reference token: `~` as `~0`, `/` as `~1`.
pub(crate) fn push_pointer_token(out: &mut String, name: &[u8]) {
    for c in String::from_utf8_lossy(name).chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Objects with more names than this switch from linear search to a hash table.
const LINEAR_MAX: usize = 64;

/// The fewest slots a [`NameTable`] keeps when it is cleared for reuse: room for the names an
/// object has when it gets its table.
const MIN_SLOTS: usize = 4 * LINEAR_MAX;

/// Objects with more names than this that share a fingerprint without being equal switch from
/// linear search to a hash table.
const COLLISIONS_MAX: u32 = 4;

/// The names of the members of every open object, for duplicate detection and pointers.
///
/// A name is a small record: where its bytes are, its length and a 32-bit fingerprint (length
/// and three bytes). Names from a stable input (a slice) stay where they are in the input, so
/// reading a name copies nothing; others (escaped names, names from a streamed input or from a
/// writer) are copied into one buffer. An object with few names is searched linearly, comparing
/// fingerprints first so that bytes are compared only on a match; past [`LINEAR_MAX`] names, or
/// [`COLLISIONS_MAX`] names that share an earlier one's fingerprint without being equal to it
/// (sequential keys), it gets a [`NameTable`] keyed by [`NameHash`], a hash with random keys,
/// so names crafted to collide cannot make it slow. With duplicates allowed only the last name
/// of each object is kept (for pointers).
#[derive(Clone, Debug)]
pub(crate) struct Names {
    allow_duplicates: bool,
    /// Every name of every open object, outermost object first.
    recs: Vec<Rec>,
    /// The bytes of copied names.
    bytes: Vec<u8>,
    /// One per open object.
    frames: Vec<Frame>,
    /// The innermost object's fingerprints as a one-bit-per-name filter of 256 bits
    /// ([`filter_slot`]): a name whose bit is clear is new, with no search. All ones once the
    /// object has a table, so that every name is looked up in it. The search that a name whose
    /// bit is set takes gives the object its table when it has [`LINEAR_MAX`] names. (With 256
    /// bits rather than 64, an object of 40 names has about a third of the searches; taking a
    /// bit costs the same, the word being picked by an index.)
    seen: Filter,
    /// Drawn when the first table is built (most documents never need one).
    keys: Option<NameHash>,
    /// Tables of closed objects, kept for reuse.
    #[allow(clippy::vec_box)] // boxed as in `Frame::table`, where they go
    spare: Vec<Box<NameTable>>,
    /// Records before this index are all in the names' own buffer (see
    /// [`detach_borrowed`](Names::detach_borrowed)).
    borrowed_from: usize,
}

/// Where a name is: `at` in the source (or, with [`OWNED`], in the names' own buffer), and its
/// [`fingerprint`]. One record, so that recording a name is one push.
#[derive(Clone, Copy, Debug)]
struct Rec {
    at: usize,
    len: usize,
    print: u32,
}

impl Rec {
    /// The name's bytes: in `owned` (the names' own buffer) or in `source`.
    #[inline(always)]
    fn bytes<'s>(self, owned: &'s [u8], source: &'s [u8]) -> &'s [u8] {
        if self.at & OWNED != 0 {
            let at = self.at & !OWNED;
            &owned[at..at + self.len]
        } else {
            &source[self.at..self.at + self.len]
        }
    }
}

/// Bit of `Rec::at`: the name is in the names' own buffer.
const OWNED: usize = 1 << (usize::BITS - 1);

#[derive(Clone, Debug)]
struct Frame {
    /// Index into `recs` of the object's first name.
    first: usize,
    /// Length of `bytes` when the object opened.
    mark: usize,
    /// Boxed: most objects have none, and a frame is written at every `{`.
    table: Option<Box<NameTable>>,
    /// The `seen` filter of the object around this one, back in place when this one closes.
    outer_seen: Filter,
    /// Names of this object that shared an earlier name's fingerprint without being equal to
    /// it: past [`COLLISIONS_MAX`] the object gets its table.
    collisions: u32,
}

impl Names {
    pub(crate) fn new(allow_duplicates: bool) -> Names {
        Names {
            allow_duplicates,
            recs: Vec::new(),
            bytes: Vec::new(),
            frames: Vec::new(),
            seen: [0; FILTER_WORDS],
            keys: None,
            spare: Vec::new(),
            borrowed_from: 0,
        }
    }

    /// Sets whether duplicate names are allowed (meant for names with no object open).
    pub(crate) fn set_allow_duplicates(&mut self, allow: bool) {
        self.allow_duplicates = allow;
    }

    /// Whether duplicate names are allowed.
    #[inline(always)]
    pub(crate) fn allows_duplicates(&self) -> bool {
        self.allow_duplicates
    }

    /// Bytes held by the buffers.
    pub(crate) fn held_bytes(&self) -> usize {
        self.recs.capacity() * core::mem::size_of::<Rec>()
            + self.bytes.capacity()
            + self.frames.capacity() * core::mem::size_of::<Frame>()
            + self.spare.iter().map(|t| t.held_bytes()).sum::<usize>()
    }

    /// Empties the buffers for the pool, keeping their capacity (and the tables of open
    /// objects, as spares): no object is open after it.
    pub(crate) fn clear_for_pool(&mut self) {
        // Most documents end with every object closed: no frame to drain.
        if !self.frames.is_empty() {
            for frame in self.frames.drain(..) {
                if let Some(table) = frame.table {
                    self.spare.push(table);
                }
            }
        }
        self.recs.clear();
        self.bytes.clear();
        self.seen = [0; FILTER_WORDS];
        self.borrowed_from = 0;
    }

    /// How many objects are open.
    #[inline(always)]
    pub(crate) fn open(&self) -> usize {
        self.frames.len()
    }

    /// An object opens: its names start empty.
    #[inline]
    pub(crate) fn push_object(&mut self) {
        let outer_seen = core::mem::take(&mut self.seen);
        let (first, mark) = (self.recs.len(), self.bytes.len());
        self.frames.push(Frame { first, mark, table: None, outer_seen, collisions: 0 });
    }

    /// The innermost object closes: its names are dropped.
    #[inline]
    pub(crate) fn pop_object(&mut self) {
        if let Some(frame) = self.frames.pop() {
            self.recs.truncate(frame.first);
            self.bytes.truncate(frame.mark);
            self.borrowed_from = self.borrowed_from.min(frame.first);
            if self.frames.is_empty() {
                // Names copied by `detach_borrowed` stay until no object is open.
                self.bytes.clear();
            }
            if let Some(table) = frame.table {
                self.spare.push(table);
            }
            self.seen = frame.outer_seen;
        }
    }

    /// Copies the names still borrowed from `source` into the names' own buffer: called before
    /// `source` moves (a streamed input's window, on refill), so that names are borrowed while
    /// they are read and copied only when their object is still open at a refill. Each record
    /// is copied at most once. Every open object's mark moves past the copies, so that closing
    /// an inner object keeps those of the objects around it; the buffer empties when no
    /// object is open.
    pub(crate) fn detach_borrowed(&mut self, source: &[u8]) {
        let from = self.borrowed_from.min(self.recs.len());
        let mut copied = false;
        for rec in &mut self.recs[from..] {
            if rec.at & OWNED == 0 {
                let at = self.bytes.len();
                self.bytes.extend_from_slice(&source[rec.at..rec.at + rec.len]);
                rec.at = at | OWNED;
                copied = true;
            }
        }
        self.borrowed_from = self.recs.len();
        if copied {
            let end = self.bytes.len();
            self.frames.iter_mut().for_each(|frame| frame.mark = end);
        }
    }

    /// The bytes of a name; `source` is the input that borrowed names point into.
    #[inline(always)]
    fn resolve<'s>(&'s self, rec: Rec, source: &'s [u8]) -> &'s [u8] {
        rec.bytes(&self.bytes, source)
    }

    /// The last name of the `n`th open object (0 is the outermost).
    pub(crate) fn last_of<'s>(&'s self, n: usize, source: &'s [u8]) -> &'s [u8] {
        let end = self.frames.get(n + 1).map_or(self.recs.len(), |f| f.first);
        if end == 0 || end <= self.frames[n].first {
            return b"";
        }
        self.resolve(self.recs[end - 1], source)
    }

    /// With duplicates allowed, forgets the innermost object's names before a new one.
    #[inline(always)]
    fn forget_if_allowed(&mut self) {
        if self.allow_duplicates {
            self.forget();
        }
    }

    /// Forgets the innermost object's names.
    #[inline(always)]
    fn forget(&mut self) {
        let frame = self.frames.last().expect("names are read inside objects");
        self.recs.truncate(frame.first);
        self.bytes.truncate(frame.mark);
        self.borrowed_from = self.borrowed_from.min(frame.first);
    }

    /// Adds `source[start..end]`, a name between the quotes of its string token (so `start` is
    /// at least 1), as the next name of the innermost object, without copying it: `source` must
    /// be the same bytes for as long as the object is open, or until
    /// [`detach_borrowed`](Names::detach_borrowed). False when the object already has a member
    /// of that name.
    #[inline(always)]
    pub(crate) fn add_borrowed(&mut self, source: &[u8], start: usize, end: usize) -> bool {
        let quoted = &source[start - 1..end + 1];
        debug_assert!(quoted.first() == Some(&b'"') && quoted.last() == Some(&b'"'));
        let rec = Rec { at: start, len: end - start, print: fingerprint_quoted(quoted) };
        // One test of the option per name (the name is not written anywhere first).
        if self.allow_duplicates {
            self.forget();
            self.recs.push(rec);
            return true;
        }
        self.add_checked(rec, source)
    }

    /// [`add_borrowed`](Names::add_borrowed) without the duplicate check, for a name that the
    /// caller checks itself (a struct field, by its index: see `de::access::Fields`). The name
    /// is recorded for pointers only: the object's other names are not fields of the struct,
    /// so none equals it. Its fingerprint is not taken (a search compares the bytes of names
    /// whose fingerprints match, so a wrong one costs at most a compare).
    #[inline(always)]
    pub(crate) fn add_unchecked(&mut self, start: usize, end: usize) {
        let rec = Rec { at: start, len: end - start, print: 0 };
        self.forget_if_allowed();
        self.recs.push(rec);
    }

    /// Adds the name that `write` appends to the names' own buffer. `source` is the input that
    /// borrowed names point into. False when the object already has a member of that name.
    #[inline]
    pub(crate) fn add_owned(&mut self, source: &[u8], write: impl FnOnce(&mut Vec<u8>)) -> bool {
        self.forget_if_allowed();
        let start = self.bytes.len();
        write(&mut self.bytes);
        let name = &self.bytes[start..];
        let rec = Rec { at: start | OWNED, len: name.len(), print: fingerprint(name) };
        if self.add(rec, source) {
            return true;
        }
        self.bytes.truncate(start);
        false
    }

    /// [`add_owned`](Names::add_owned) of `name`'s bytes, fingerprinted where they are rather
    /// than where they are copied to (reading back bytes just copied waits on the copy's
    /// stores).
    #[inline]
    pub(crate) fn add_copy(&mut self, source: &[u8], name: &[u8]) -> bool {
        self.forget_if_allowed();
        let start = self.bytes.len();
        let rec = Rec { at: start | OWNED, len: name.len(), print: fingerprint(name) };
        self.bytes.extend_from_slice(name);
        if self.add(rec, source) {
            return true;
        }
        self.bytes.truncate(start);
        false
    }

    /// [`add_copy`](Names::add_copy) of `name`, which `source` holds at `start` (the
    /// serializer's output, where the name was just written with nothing in it escaped): the
    /// record points there, with no copy, as a borrowed name does (`source` must stay the same
    /// bytes as for [`add_borrowed`](Names::add_borrowed)). Fingerprinted from `name`, not from
    /// `source`, for the reason `add_copy` gives.
    #[inline]
    pub(crate) fn add_in(&mut self, source: &[u8], start: usize, name: &[u8]) -> bool {
        debug_assert_eq!(source.get(start..start + name.len()), Some(name));
        self.forget_if_allowed();
        let rec = Rec { at: start, len: name.len(), print: fingerprint(name) };
        self.add(rec, source)
    }

    /// [`add_owned`](Names::add_owned), giving the name as written (`None` for a duplicate),
    /// for a document's tape: the record of a name added is the last one. (`add_owned` stays
    /// as it was, not a call to a function that returns the name: written that way, it changed
    /// the validation walk's code, 0.5–1.4 % more instructions on citm, 3–4 % more time.)
    #[inline]
    pub(crate) fn add_decoded(&mut self, source: &[u8], write: impl FnOnce(&mut Vec<u8>)) -> Option<&[u8]> {
        if !self.add_owned(source, write) {
            return None;
        }
        let rec = self.recs.last().expect("a name just added is the last record");
        debug_assert!(rec.at & OWNED != 0, "an owned name");
        let at = rec.at & !OWNED;
        Some(&self.bytes[at..at + rec.len])
    }

    /// Records `rec` unless the innermost object has a name equal to it. The common case (a
    /// fingerprint whose filter bit is clear) is inline, with no search; the rest is not.
    #[inline(always)]
    fn add(&mut self, rec: Rec, source: &[u8]) -> bool {
        if self.allow_duplicates {
            self.recs.push(rec);
            return true;
        }
        self.add_checked(rec, source)
    }

    /// [`add`](Names::add) where duplicates are not allowed.
    #[inline(always)]
    fn add_checked(&mut self, rec: Rec, source: &[u8]) -> bool {
        debug_assert!(!self.frames.is_empty() && !self.allow_duplicates);
        let (word, bit) = filter_slot(rec.print);
        if self.seen[word] & bit != 0 {
            // The record's fields one by one: a record passed whole would be built in memory
            // on the common path too, and read back by the push below.
            return self.add_slow(rec.at, rec.len, rec.print, source);
        }
        self.seen[word] |= bit;
        self.recs.push(rec);
        true
    }

    /// [`add`](Names::add) for a name whose filter bit is set: an equal name, another that
    /// shares its bit, or an object with a table or a full filter.
    #[inline(never)]
    fn add_slow(&mut self, at: usize, len: usize, print: u32, source: &[u8]) -> bool {
        let rec = Rec { at, len, print };
        if self.is_duplicate(rec, source) {
            return false;
        }
        let (word, bit) = filter_slot(print);
        self.seen[word] |= bit;
        self.recs.push(rec);
        true
    }

    /// Whether `rec` names a member the innermost object already has. Records it in the
    /// object's table when it has one.
    fn is_duplicate(&mut self, rec: Rec, source: &[u8]) -> bool {
        let frame = self.frames.last().expect("names are read inside objects");
        let first = frame.first;
        if frame.table.is_none() {
            let mut linear = self.recs.len() - first < LINEAR_MAX;
            if has_print(&self.recs[first..], rec.print) {
                if self.any_same(first, rec, source) {
                    return true;
                }
                // Names alike in the bytes the fingerprint reads (`"key-12"`, `"key-22"`): a
                // table, rather than comparing bytes for most names to come.
                let frame = self.frames.last_mut().expect("names are read inside objects");
                frame.collisions += 1;
                linear &= frame.collisions <= COLLISIONS_MAX;
            }
            if linear {
                return false;
            }
            self.build_table(source);
        }
        let keys = *self.keys.get_or_insert_with(NameHash::random);
        let hash = keys.hash(self.resolve(rec, source));
        let index = self.recs.len();
        let (recs, bytes) = (&self.recs, &self.bytes);
        let resolve = |i: usize| if i == index { rec } else { recs[i] }.bytes(bytes, source);
        let frame = self.frames.last_mut().expect("names are read inside objects");
        let table = frame.table.as_mut().expect("built above");
        !table.insert(hash, index, resolve)
    }

    /// Whether a name of the innermost object (from index `first`) has the fingerprint and the
    /// bytes of `rec`.
    #[cold]
    fn any_same(&self, first: usize, rec: Rec, source: &[u8]) -> bool {
        let name = self.resolve(rec, source);
        self.recs[first..].iter().any(|&r| r.print == rec.print && self.resolve(r, source) == name)
    }

    /// Gives the innermost object a table holding its names so far.
    #[cold]
    fn build_table(&mut self, source: &[u8]) {
        let first = self.frames.last().map_or(0, |f| f.first);
        let mut table = self.spare.pop().unwrap_or_default();
        table.clear();
        for i in first..self.recs.len() {
            let keys = *self.keys.get_or_insert_with(NameHash::random);
            let hash = keys.hash(self.resolve(self.recs[i], source));
            // The names are distinct: the linear search compared them.
            table.insert(hash, i, |j| self.resolve(self.recs[j], source));
        }
        if let Some(frame) = self.frames.last_mut() {
            frame.table = Some(table);
            self.seen = [u64::MAX; FILTER_WORDS];
        }
    }
}

/// Whether one of `recs` has the fingerprint `print`: eight at a time without branching (a
/// search with an early exit compiles to a compare and a branch per record).
#[inline(always)]
fn has_print(recs: &[Rec], print: u32) -> bool {
    let mut chunks = recs.chunks_exact(8);
    let mut seen = false;
    for chunk in &mut chunks {
        seen |= chunk.iter().fold(false, |acc, r| acc | (r.print == print));
    }
    seen || chunks.remainder().iter().any(|r| r.print == print)
}

/// The words of a [`Names`] filter.
const FILTER_WORDS: usize = 4;

/// A filter of an object's names: one bit per name, [`filter_slot`] of its fingerprint.
type Filter = [u64; FILTER_WORDS];

/// The word and the bit of a fingerprint in a [`Filter`]: its top eight bits after a
/// multiplication that mixes in all of its bytes.
#[inline(always)]
fn filter_slot(print: u32) -> (usize, u64) {
    let h = print.wrapping_mul(0x9E37_79B1) >> 24;
    ((h >> 6) as usize, 1 << (h & 63))
}

/// A name's length and its first, second and last bytes, where a name too short to have one
/// reads a quote instead, as if it were still in its string token: cheap, and different for
/// most pairs of distinct names in an object.
#[inline(always)]
fn fingerprint(name: &[u8]) -> u32 {
    let byte = |i: usize| name.get(i).copied().unwrap_or(b'"');
    let last = name.last().copied().unwrap_or(b'"');
    print_of(name.len(), byte(0), byte(1), last)
}

/// [`fingerprint`] of the name inside `quoted`, a string token with its two quotes: from fixed
/// places (the quotes stand in for the bytes a short name lacks), with no branch on the length.
#[inline(always)]
fn fingerprint_quoted(quoted: &[u8]) -> u32 {
    let len = quoted.len() - 2;
    let second = if len >= 2 { quoted[2] } else { b'"' };
    print_of(len, quoted[1], second, quoted[len])
}

#[inline(always)]
fn print_of(len: usize, first: u8, second: u8, last: u8) -> u32 {
    (len as u32 & 0xFF) | u32::from(first) << 8 | u32::from(second) << 16 | u32::from(last) << 24
}

/// An open-addressing hash set of one object's names: each slot holds a tag (the high 32 bits
/// of the name's hash, lowest bit forced to 1 so a slot is never 0) and the name's index; 0 is
/// an empty slot. Linear probing from the tag's upper bits; at most half full.
#[derive(Clone, Debug, Default)]
struct NameTable {
    slots: Vec<u64>,
    len: usize,
    /// The entries while the table grows, kept with their room: a table reused from the pool
    /// grows within the room it had (cleared, not freed) and allocates nothing.
    moving: Vec<u64>,
}

impl NameTable {
    /// Bytes held by the table's two vectors.
    fn held_bytes(&self) -> usize {
        (self.slots.capacity() + self.moving.capacity()) * core::mem::size_of::<u64>()
    }

    /// Empties the table for another object, keeping the room the last object needed: objects
    /// of one size reuse it with no growing, and the room a very large object left is cleared
    /// once, not for every later object with a table (a document of one object of 100,000
    /// names and 300 of 150 took three times as long to validate as the two apart).
    fn clear(&mut self) {
        let room = (2 * self.len + 2).next_power_of_two().max(MIN_SLOTS);
        self.slots.truncate(room);
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
    }

    /// Inserts name `index` unless a name equal to it is there; `name_at` gives the bytes of
    /// a name by index. True when inserted.
    #[inline]
    fn insert<'n>(&mut self, hash: u64, index: usize, name_at: impl Fn(usize) -> &'n [u8]) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let tag = (hash >> 32) | 1;
        let mask = self.slots.len() - 1;
        let mut i = (tag >> 1) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = tag << 32 | index as u64;
                self.len += 1;
                return true;
            }
            if slot >> 32 == tag && name_at((slot & 0xFFFF_FFFF) as usize) == name_at(index) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table. A probe starts at the tag's bits above its lowest (which is always
    /// set), so entries can move by their tag alone.
    #[cold]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        self.moving.clear();
        self.moving.extend(self.slots.iter().copied().filter(|&s| s != 0));
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for &slot in &self.moving {
            let mut i = (slot >> 33) as usize & mask;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

/// A fast keyed hash of names: 8 bytes at a time, each folded in with a 64×64→128-bit multiply
/// (the construction of foldhash and wyhash), under two random 64-bit keys drawn from the std
/// `RandomState`. Without the keys, names cannot be chosen to collide.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameHash {
    k0: u64,
    k1: u64,
}

impl NameHash {
    pub(crate) fn random() -> NameHash {
        let state = RandomState::new();
        NameHash {
            k0: state.hash_one(0x243F_6A88_85A3_08D3u64),
            k1: state.hash_one(0x1319_8A2E_0370_7344u64) | 1,
        }
    }

    #[inline]
    pub(crate) fn hash(&self, name: &[u8]) -> u64 {
        #[inline(always)]
        fn fold(a: u64, b: u64) -> u64 {
            let p = u128::from(a) * u128::from(b);
            (p as u64) ^ ((p >> 64) as u64)
        }
        #[inline(always)]
        fn u32_at(bytes: &[u8], at: usize) -> u64 {
            u64::from(u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")))
        }
        #[inline(always)]
        fn u64_at(bytes: &[u8], at: usize) -> u64 {
            u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
        }
        let len = name.len();
        let seed = self.k0 ^ (len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // Short names in one or two overlapping loads, as wyhash does.
        let (a, b) = if len <= 16 {
            if len >= 8 {
                (u64_at(name, 0), u64_at(name, len - 8))
            } else if len >= 4 {
                (u32_at(name, 0), u32_at(name, len - 4))
            } else if len > 0 {
                let (x, y, z) = (u64::from(name[0]), u64::from(name[len / 2]), u64::from(name[len - 1]));
                (x << 16 | y << 8 | z, 0)
            } else {
                (0, 0)
            }
        } else {
            let mut h = seed;
            let mut i = 0;
            while i + 16 < len {
                h = fold(u64_at(name, i) ^ self.k1, u64_at(name, i + 8) ^ h);
                i += 16;
            }
            return fold(fold(u64_at(name, len - 16) ^ self.k1, u64_at(name, len - 8) ^ h), self.k0);
        };
        fold(fold(a ^ self.k1, b ^ seed), self.k0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(names: &mut Names, name: &str) -> bool {
        names.add_owned(b"", |buf| buf.extend_from_slice(name.as_bytes()))
    }

    #[test]
    fn duplicates_small_and_large_objects() {
        for count in [1, 5, LINEAR_MAX - 1, LINEAR_MAX, LINEAR_MAX + 1, 1000] {
            let mut names = Names::new(false);
            names.push_object();
            for i in 0..count {
                assert!(add(&mut names, &format!("k{i}")), "{count}: k{i}");
            }
            // The filter lets at most 64 names by with no search, so a large object soon
            // gets its table.
            let table = names.frames.last().is_some_and(|f| f.table.is_some());
            assert!(table || count <= 2 * LINEAR_MAX, "{count}: no table");
            for i in 0..count {
                assert!(!add(&mut names, &format!("k{i}")), "{count}: duplicate k{i}");
            }
            assert!(add(&mut names, "new"), "{count}");
            // A nested object has its own names.
            names.push_object();
            assert!(add(&mut names, "k0"));
            assert!(!add(&mut names, "k0"));
            names.pop_object();
            assert!(!add(&mut names, "new"));
            assert_eq!(names.last_of(0, b""), b"new");
            names.pop_object();
            assert!(names.bytes.is_empty() && names.recs.is_empty());
        }
    }

    /// Sequential keys share the fingerprint's bytes by tens (`key-12`, `key-22`): the object
    /// gets its table after a few such names, long before [`LINEAR_MAX`], and still tells
    /// every name apart.
    #[test]
    fn names_alike_in_the_fingerprint_take_a_table() {
        let keys: Vec<String> = (0..60).map(|i| format!("key-{i}")).collect();
        let mut names = Names::new(false);
        names.push_object();
        for key in &keys {
            assert!(add(&mut names, key), "{key}");
        }
        assert!(names.frames.last().is_some_and(|f| f.table.is_some()), "no table for 60 keys");
        for key in &keys {
            assert!(!add(&mut names, key), "duplicate {key}");
        }
        names.pop_object();
        // Five names alike are still searched linearly, and told apart.
        names.push_object();
        for key in ["key-12", "key-22", "key-32", "key-42", "key-52"] {
            assert!(add(&mut names, key), "{key}");
        }
        assert!(names.frames.last().is_some_and(|f| f.table.is_none()), "a table for five names");
        assert!(!add(&mut names, "key-32"));
    }

    /// Against a set: objects of up to 300 names drawn from families that share the
    /// fingerprint's bytes (sequential keys, one length and first and last bytes), each name
    /// possibly repeated, with objects nested in between, through every way of adding a name.
    #[test]
    fn duplicates_against_a_set() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..if cfg!(miri) { 4 } else { 200 } {
            let count = 1 + next(300) as usize;
            let family = next(3);
            let name_of = |i: u64| match family {
                0 => format!("key-{i}"),
                1 => format!("a{}z", "m".repeat(i as usize % 7) + &i.to_string()),
                _ => format!("x{i:03}x"),
            };
            // A source holding the borrowed names, quoted, one after another.
            let pool: Vec<String> = (0..count as u64 * 2).map(name_of).collect();
            let mut source = Vec::new();
            let mut at = Vec::new();
            for name in &pool {
                source.push(b'"');
                at.push((source.len(), source.len() + name.len()));
                source.extend_from_slice(name.as_bytes());
                source.push(b'"');
            }
            let mut names = Names::new(false);
            let mut seen = std::collections::HashSet::new();
            names.push_object();
            for step in 0..count {
                let i = next(pool.len() as u64) as usize;
                let fresh = seen.insert(i);
                let added = match next(3) {
                    0 => names.add_borrowed(&source, at[i].0, at[i].1),
                    1 => names.add_owned(&source, |buf| buf.extend_from_slice(pool[i].as_bytes())),
                    _ => names.add_copy(&source, pool[i].as_bytes()),
                };
                assert_eq!(added, fresh, "round {round}, step {step}: {:?}", pool[i]);
                if next(16) == 0 {
                    // An object inside: its names are its own.
                    names.push_object();
                    assert!(names.add_borrowed(&source, at[i].0, at[i].1));
                    assert!(!names.add_owned(&source, |buf| buf.extend_from_slice(pool[i].as_bytes())));
                    names.pop_object();
                }
            }
            names.pop_object();
        }
    }

    /// A table left by a very large object is not cleared whole for each later one.
    #[test]
    fn tables_reused_start_small() {
        let mut names = Names::new(false);
        names.push_object();
        let count = if cfg!(miri) { 1000 } else { 10_000 };
        for i in 0..count {
            assert!(add(&mut names, &format!("k{i}")));
        }
        names.pop_object();
        let big = names.spare.iter().map(|t| t.slots.len()).max().expect("a spare table");
        assert!(big >= 2 * count, "{big} slots");
        for round in 0..3 {
            names.push_object();
            for i in 0..150 {
                assert!(add(&mut names, &format!("n{i}")), "{round}: n{i}");
            }
            assert!(!add(&mut names, "n7"), "{round}");
            let table = names.frames.last().and_then(|f| f.table.as_ref()).expect("a table");
            // The first object after the large one clears its room once; the next ones have
            // room for 150 names at most half full, not the large object's.
            assert!(round == 0 || table.slots.len() <= 512, "{round}: {} slots", table.slots.len());
            names.pop_object();
        }
    }

    /// Regression: a table cleared for a small object allocated anew each time it grew back
    /// for a larger one (a pooled state did so for every document with objects of mixed sizes:
    /// citm_catalog's validation, one allocation of 4 KB each). It now grows within the room it
    /// kept, and still finds every name.
    #[test]
    fn a_cleared_table_grows_back_in_its_room() {
        let names: Vec<String> = (0..300).map(|i| format!("name{i}")).collect();
        let name_at = |i: usize| names[i].as_bytes();
        let keys = NameHash::random();
        let fill = |table: &mut NameTable, n: usize| {
            for i in 0..n {
                assert!(table.insert(keys.hash(name_at(i)), i, name_at), "name{i} is new");
            }
            for i in 0..n {
                assert!(!table.insert(keys.hash(name_at(i)), i, name_at), "name{i} is there");
            }
        };
        let mut table = NameTable::default();
        fill(&mut table, 300);
        table.clear();
        fill(&mut table, 10);
        table.clear();
        let room = (table.slots.as_ptr(), table.slots.capacity());
        assert!(table.slots.len() < 1024, "cleared to a small object's room");
        fill(&mut table, 300);
        assert_eq!(table.slots.len(), 1024, "grown back for 300 names");
        assert_eq!((table.slots.as_ptr(), table.slots.capacity()), room, "in the same room");
    }

    /// Names whose fingerprints share a bit of the `seen` filter take the search, which must
    /// still tell them apart; and a name whose bit an outer object set is new in an inner one.
    #[test]
    fn names_sharing_a_filter_bit() {
        let mut by_bit: Vec<Vec<String>> = vec![Vec::new(); 64 * FILTER_WORDS];
        for i in 0..4000 {
            let name = format!("n{i}");
            let (word, bit) = filter_slot(fingerprint(name.as_bytes()));
            by_bit[word * 64 + bit.trailing_zeros() as usize].push(name);
        }
        let same_bit = by_bit.iter().find(|names| names.len() >= 5).expect("names sharing a bit");
        let mut names = Names::new(false);
        names.push_object();
        for name in same_bit.iter().take(4) {
            assert!(add(&mut names, name), "{name}");
        }
        names.push_object();
        assert!(add(&mut names, &same_bit[0]), "{} in the inner object", same_bit[0]);
        assert!(!add(&mut names, &same_bit[0]));
        names.pop_object();
        for name in same_bit.iter().take(4) {
            assert!(!add(&mut names, name), "duplicate {name}");
        }
        assert!(add(&mut names, &same_bit[4]));
    }

    #[test]
    fn fingerprints_of_quoted_names_are_those_of_the_names() {
        for name in ["", "a", "\"", "ab", "abc", "min_t", "max_t", "\u{e9}t\u{e9}", "a\"b", "xx\"", "\"\""] {
            let quoted = format!("\"{name}\"");
            assert_eq!(fingerprint_quoted(quoted.as_bytes()), fingerprint(name.as_bytes()), "{name:?}");
        }
        // Names that differ only in a byte the fingerprint reads.
        assert_ne!(fingerprint(b"min_t"), fingerprint(b"max_t"));
        assert_ne!(fingerprint(b"a"), fingerprint(b"b"));
        assert_ne!(fingerprint(b""), fingerprint(b"a"));
    }

    #[test]
    fn borrowed_names_mix_with_owned_and_detach() {
        let source = b"\"alpha\"\"beta\"\"gamma\"";
        let owned = |names: &mut Names, name: &str, source: &[u8]| {
            names.add_owned(source, |buf| buf.extend_from_slice(name.as_bytes()))
        };
        for count in [3, 40] {
            let mut names = Names::new(false);
            names.push_object();
            assert!(names.add_borrowed(source, 1, 6)); // alpha
            assert!(names.add_borrowed(source, 8, 12)); // beta
            for i in 0..count {
                assert!(owned(&mut names, &format!("x{i}"), source));
            }
            assert!(!owned(&mut names, "alpha", source), "an owned copy collides with a borrowed name");
            assert!(!names.add_borrowed(source, 8, 12), "a borrowed name collides with itself");
            names.detach_borrowed(source);
            let other = b"..........................";
            assert!(!owned(&mut names, "beta", other), "detached names keep their bytes");
            assert!(names.add_borrowed(source, 14, 19)); // gamma
            names.detach_borrowed(source);
            assert_eq!(names.last_of(0, other), b"gamma");
            assert!(!owned(&mut names, "gamma", other));
            // A nested object and its pop keep the outer names intact.
            names.push_object();
            assert!(owned(&mut names, "inner", other));
            names.pop_object();
            assert!(!owned(&mut names, "alpha", other));
        }
    }

    #[test]
    fn allowed_duplicates_keep_last_name() {
        let mut names = Names::new(true);
        names.push_object();
        assert!(add(&mut names, "a"));
        assert!(add(&mut names, "a"));
        assert!(add(&mut names, "b"));
        assert_eq!(names.last_of(0, b""), b"b");
        assert_eq!(names.recs.len(), 1);
    }

    #[test]
    fn pointers() {
        let mut s = State::new(100, false);
        assert_eq!(s.pointer(At::Current, b""), "");
        s.start_value();
        s.push(true); // {
        assert_eq!(s.pointer(At::Current, b""), "");
        s.start_value();
        assert!(s.names.add_owned(b"", |buf| buf.extend_from_slice(b"a/b~c")));
        assert_eq!(s.pointer(At::Current, b""), "/a~1b~0c");
        assert_eq!(s.pointer(At::Name, b""), "");
        s.start_value();
        s.push(false); // [
        assert_eq!(s.pointer(At::Current, b""), "/a~1b~0c");
        assert_eq!(s.pointer(At::Next, b""), "/a~1b~0c/0");
        s.start_value();
        s.start_value();
        assert_eq!(s.pointer(At::Current, b""), "/a~1b~0c/1");
        assert_eq!(s.pointer(At::Next, b""), "/a~1b~0c/2");
        s.pop();
        assert_eq!(s.pos(), Pos::ObjectNext);
        s.pop();
        assert_eq!(s.pos(), Pos::TopNext);
    }

    #[test]
    fn depth_limit() {
        let mut s = State::new(2, false);
        assert!(s.push(false));
        assert!(s.push(true));
        assert!(!s.push(false));
        assert_eq!(s.depth(), 2);
    }

    /// Regression: dropping a pooled state once recursed without end (each drop built a new
    /// state to pool, whose own drop did the same). States with buffers are pooled up to
    /// `POOL_SIZE`, come back empty and configured, and the rest are freed.
    #[test]
    fn pool_recycles_a_few_states_and_frees_the_rest() {
        // A thread of its own: the pool is per thread.
        std::thread::spawn(pool_check).join().unwrap();
    }

    fn pool_check() {
        let states: Vec<State> = (0..POOL_SIZE + 3)
            .map(|_| {
                let mut state = State::new(10, false);
                state.start_value();
                assert!(state.push(true));
                assert!(state.names.add_owned(b"", |b| b.extend_from_slice(b"name")));
                state.scratch.extend_from_slice(b"decoded text");
                state
            })
            .collect();
        drop(states);
        assert_eq!(POOL.with(|pool| pool.borrow().len()), POOL_SIZE);
        let mut state = State::new(3, true);
        assert_eq!((state.depth(), state.max_depth(), state.pos()), (0, 3, Pos::TopFirst));
        // The pool's buffers come with the first container, empty.
        assert_eq!(state.names.recs.capacity(), 0, "no buffers before a container opens");
        state.start_value();
        assert!(state.push(true));
        assert!(state.names.recs.capacity() > 0, "buffers reused");
        assert!(state.names.recs.is_empty() && state.names.frames.len() == 1);
        assert!(state.scratch.is_empty() && state.scratch.capacity() > 0, "the scratch buffer reused, empty");
        assert_eq!(POOL.with(|pool| pool.borrow().len()), POOL_SIZE - 1);
        assert!(add(&mut state.names, "a") && add(&mut state.names, "a"), "duplicates allowed as configured");
    }
}
