//! The grammar state shared by the reader and the writer: the stack of open arrays and objects,
//! the duplicate-name sets of open objects, and the JSON Pointer of the current position.
//!
//! No recursion anywhere: depth is the length of a `Vec`, limited by `max_depth`.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

/// Top bit of a stack entry: the container is an object.
const OBJECT: u64 = 1 << 63;

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
    /// One entry per open container: `OBJECT` bit and the count of values started (arrays) or
    /// of names plus values started (objects: odd after a name).
    stack: Vec<u64>,
    /// Values started at the top level.
    top: u64,
    max_depth: usize,
    pub(crate) names: Names,
}

impl State {
    pub(crate) fn new(max_depth: usize, allow_duplicates: bool) -> State {
        State {
            stack: Vec::new(),
            top: 0,
            max_depth,
            names: Names::new(allow_duplicates),
        }
    }

    #[inline(always)]
    pub(crate) fn depth(&self) -> usize {
        self.stack.len()
    }

    #[inline(always)]
    pub(crate) fn pos(&self) -> Pos {
        match self.stack.last() {
            None if self.top == 0 => Pos::TopFirst,
            None => Pos::TopNext,
            Some(&e) if e & OBJECT == 0 => {
                if e == 0 {
                    Pos::ArrayFirst
                } else {
                    Pos::ArrayNext
                }
            }
            Some(&e) => match e & !OBJECT {
                0 => Pos::ObjectFirst,
                n if n % 2 == 1 => Pos::ObjectColon,
                _ => Pos::ObjectNext,
            },
        }
    }

    /// A value (or a name) starts in the current container.
    #[inline(always)]
    pub(crate) fn start_value(&mut self) {
        match self.stack.last_mut() {
            Some(e) => *e += 1,
            None => self.top += 1,
        }
    }

    /// Opens a container (after [`start_value`](State::start_value)). False when that would
    /// pass the depth limit.
    #[inline(always)]
    pub(crate) fn push(&mut self, object: bool) -> bool {
        if self.stack.len() >= self.max_depth {
            return false;
        }
        self.stack.push(if object { OBJECT } else { 0 });
        if object {
            self.names.push_object();
        }
        true
    }

    /// Closes the innermost container.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        if let Some(e) = self.stack.pop() {
            if e & OBJECT != 0 {
                self.names.pop_object();
            }
        }
    }

    pub(crate) fn max_depth(&self) -> usize {
        self.max_depth
    }

    /// The JSON Pointer of the position `at`.
    pub(crate) fn pointer(&self, at: At) -> String {
        let mut out = String::new();
        let mut object = 0;
        let last = self.stack.len().saturating_sub(1);
        for (level, &e) in self.stack.iter().enumerate() {
            let n = e & !OBJECT;
            let innermost = level == last;
            if e & OBJECT != 0 {
                object += 1;
                let skip = innermost && at == At::Name;
                if n > 0 && !skip {
                    out.push('/');
                    push_pointer_token(&mut out, self.names.last_of(object - 1));
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

/// Appends a name as a JSON Pointer reference token: `~` as `~0`, `/` as `~1`.
fn push_pointer_token(out: &mut String, name: &[u8]) {
    for c in String::from_utf8_lossy(name).chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Objects with this many names switch from linear search to a hash index.
const HASH_AT: usize = 16;

/// The names of the members of every open object, for duplicate detection and pointers.
///
/// All names live in one buffer. An object with few names is searched linearly; once it has
/// [`HASH_AT`] names it gets an index from a randomly keyed SipHash of each name (the std
/// `RandomState`), so crafted names cannot make it slow. With duplicates allowed only the last
/// name of each object is kept, for pointers.
#[derive(Clone, Debug)]
pub(crate) struct Names {
    allow_duplicates: bool,
    bytes: Vec<u8>,
    /// End of each name in `bytes`.
    ends: Vec<usize>,
    /// One per open object.
    frames: Vec<Frame>,
    /// Hash keys, created with the first large object.
    keys: Option<RandomState>,
    /// Indexes of closed objects, kept for reuse.
    spare: Vec<Index>,
}

type Index = HashMap<u64, usize, BuildHasherDefault<Prehashed>>;

#[derive(Clone, Debug)]
struct Frame {
    /// Index into `ends` of the object's first name.
    first: usize,
    index: Option<Index>,
}

impl Names {
    fn new(allow_duplicates: bool) -> Names {
        Names {
            allow_duplicates,
            bytes: Vec::new(),
            ends: Vec::new(),
            frames: Vec::new(),
            keys: None,
            spare: Vec::new(),
        }
    }

    fn push_object(&mut self) {
        self.frames.push(Frame {
            first: self.ends.len(),
            index: None,
        });
    }

    fn pop_object(&mut self) {
        if let Some(frame) = self.frames.pop() {
            self.ends.truncate(frame.first);
            self.bytes.truncate(self.ends.last().copied().unwrap_or(0));
            if let Some(mut index) = frame.index {
                index.clear();
                self.spare.push(index);
            }
        }
    }

    fn name(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    /// The last name of the `n`th open object (0 is the outermost).
    fn last_of(&self, n: usize) -> &[u8] {
        let end = self.frames.get(n + 1).map_or(self.ends.len(), |f| f.first);
        if end == 0 || end <= self.frames[n].first {
            return b"";
        }
        self.name(end - 1)
    }

    /// The buffer to append the next name of the innermost object to; call
    /// [`finish_name`](Names::finish_name) after.
    #[inline]
    pub(crate) fn begin_name(&mut self) -> &mut Vec<u8> {
        let frame = self.frames.last().expect("names are read inside objects");
        if self.allow_duplicates && frame.first < self.ends.len() {
            // Keep only the last name.
            self.ends.truncate(frame.first);
            self.bytes.truncate(self.ends.last().copied().unwrap_or(0));
        }
        &mut self.bytes
    }

    /// Records the name appended since [`begin_name`](Names::begin_name). False (and the name is
    /// dropped) when the object already has a member of that name.
    #[inline]
    pub(crate) fn finish_name(&mut self) -> bool {
        let start = self.ends.last().copied().unwrap_or(0);
        let frame_first = self.frames.last().map_or(0, |f| f.first);
        if !self.allow_duplicates {
            let count = self.ends.len() - frame_first;
            let name = &self.bytes[start..];
            let frame = self.frames.last().expect("names are read inside objects");
            let duplicate = match &frame.index {
                None => {
                    let mut prev = if frame_first == 0 {
                        0
                    } else {
                        self.ends[frame_first - 1]
                    };
                    let mut dup = false;
                    for &end in &self.ends[frame_first..] {
                        if &self.bytes[prev..end] == name {
                            dup = true;
                            break;
                        }
                        prev = end;
                    }
                    dup
                }
                Some(index) => {
                    let keys = self.keys.as_ref().expect("an index has keys");
                    let hash = keys.hash_one(name);
                    match index.get(&hash) {
                        Some(&i) => {
                            let start_i = if i == 0 { 0 } else { self.ends[i - 1] };
                            &self.bytes[start_i..self.ends[i]] == name
                                || self.linear_search(frame_first, start)
                        }
                        None => false,
                    }
                }
            };
            if duplicate {
                self.bytes.truncate(start);
                return false;
            }
            let i = self.ends.len();
            self.ends.push(self.bytes.len());
            if count + 1 >= HASH_AT {
                self.index_name(i);
            }
            return true;
        }
        self.ends.push(self.bytes.len());
        true
    }

    /// Compares the pending name (from `start`) with every name of the object: the fallback
    /// for a 64-bit hash collision, which random keys make vanishingly rare.
    #[cold]
    fn linear_search(&self, first: usize, start: usize) -> bool {
        let name = &self.bytes[start..];
        (first..self.ends.len()).any(|i| self.name(i) == name)
    }

    /// Adds name `i` to the innermost object's index, building the index when it is missing.
    fn index_name(&mut self, i: usize) {
        let keys = self.keys.get_or_insert_with(RandomState::new).clone();
        let frame_first = self.frames.last().map_or(0, |f| f.first);
        let mut index = match self.frames.last_mut().and_then(|f| f.index.take()) {
            Some(index) => index,
            None => {
                let mut index = self.spare.pop().unwrap_or_default();
                for j in frame_first..i {
                    index.entry(keys.hash_one(self.name(j))).or_insert(j);
                }
                index
            }
        };
        index.entry(keys.hash_one(self.name(i))).or_insert(i);
        if let Some(frame) = self.frames.last_mut() {
            frame.index = Some(index);
        }
    }
}

/// A hasher for keys that are already hashes.
#[derive(Default)]
pub(crate) struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(names: &mut Names, name: &str) -> bool {
        names.begin_name().extend_from_slice(name.as_bytes());
        names.finish_name()
    }

    #[test]
    fn duplicates_small_and_large_objects() {
        for count in [1, 5, HASH_AT - 1, HASH_AT, HASH_AT + 1, 1000] {
            let mut names = Names::new(false);
            names.push_object();
            for i in 0..count {
                assert!(add(&mut names, &format!("k{i}")), "{count}: k{i}");
            }
            for i in 0..count {
                assert!(
                    !add(&mut names, &format!("k{i}")),
                    "{count}: duplicate k{i}"
                );
            }
            assert!(add(&mut names, "new"), "{count}");
            // A nested object has its own names.
            names.push_object();
            assert!(add(&mut names, "k0"));
            assert!(!add(&mut names, "k0"));
            names.pop_object();
            assert!(!add(&mut names, "new"));
            assert_eq!(names.last_of(0), b"new");
            names.pop_object();
            assert!(names.bytes.is_empty() && names.ends.is_empty());
        }
    }

    #[test]
    fn allowed_duplicates_keep_last_name() {
        let mut names = Names::new(true);
        names.push_object();
        assert!(add(&mut names, "a"));
        assert!(add(&mut names, "a"));
        assert!(add(&mut names, "b"));
        assert_eq!(names.last_of(0), b"b");
        assert_eq!(names.ends.len(), 1);
    }

    #[test]
    fn pointers() {
        let mut s = State::new(100, false);
        assert_eq!(s.pointer(At::Current), "");
        s.start_value();
        s.push(true); // {
        assert_eq!(s.pointer(At::Current), "");
        s.start_value();
        s.names.begin_name().extend_from_slice(b"a/b~c");
        s.names.finish_name();
        assert_eq!(s.pointer(At::Current), "/a~1b~0c");
        assert_eq!(s.pointer(At::Name), "");
        s.start_value();
        s.push(false); // [
        assert_eq!(s.pointer(At::Current), "/a~1b~0c");
        assert_eq!(s.pointer(At::Next), "/a~1b~0c/0");
        s.start_value();
        s.start_value();
        assert_eq!(s.pointer(At::Current), "/a~1b~0c/1");
        assert_eq!(s.pointer(At::Next), "/a~1b~0c/2");
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
}
