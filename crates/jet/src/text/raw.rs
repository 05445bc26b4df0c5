//! [`RawValue`]: the bytes of one JSON value, with checking and formatting: compact, indented,
//! and the canonical form of RFC 8785 (JCS).

use std::fmt;
use std::ops::Range;

use super::writer::{Emitter, Lines};
use super::{number, string, Kind, Reader};
use crate::error::Result;
use crate::options::Options;

/// The raw bytes of one JSON value.
///
/// A `&RawValue` from [`Reader::read_value`] is a checked value. One made with
/// [`RawValue::from_bytes`] is just bytes until checked: [`is_valid`](RawValue::is_valid) and
/// [`validate`](RawValue::validate) check them, and the formatting methods check as they go.
///
/// ```
/// use jet::text::RawValue;
///
/// let raw = RawValue::from_bytes(br#"{ "b": [1, 2.50, 1E3], "a": "\u00e9" }"#);
/// assert!(raw.is_valid());
/// assert_eq!(raw.compact()?, br#"{"b":[1,2.50,1E3],"a":"\u00e9"}"#);
/// assert_eq!(raw.canonicalize()?, r#"{"a":"é","b":[1,2.5,1000]}"#.as_bytes());
/// assert_eq!(raw.indent("", "  ")?, b"{\n  \"b\": [\n    1,\n    2.50,\n    1E3\n  ],\n  \"a\": \"\\u00e9\"\n}");
/// # Ok::<(), jet::Error>(())
/// ```
#[repr(transparent)]
pub struct RawValue([u8]);

impl RawValue {
    /// Views `bytes` as a raw value, without checking them.
    pub fn from_bytes(bytes: &[u8]) -> &RawValue {
        // SAFETY: `RawValue` is `repr(transparent)` over `[u8]`, so the two references have the
        // same layout and metadata; the lifetime is carried over unchanged.
        unsafe { &*(bytes as *const [u8] as *const RawValue) }
    }

    /// Takes ownership of `bytes` as a raw value, without checking them.
    pub fn from_boxed_bytes(bytes: Box<[u8]>) -> Box<RawValue> {
        // SAFETY: `RawValue` is `repr(transparent)` over `[u8]`: same layout, so the allocation
        // made for a `[u8]` is valid for a `RawValue` and is freed with the same layout.
        unsafe { Box::from_raw(Box::into_raw(bytes) as *mut RawValue) }
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The bytes as text, when they are UTF-8 (always, for a value checked strictly).
    pub fn as_str(&self) -> Option<&str> {
        core::str::from_utf8(&self.0).ok()
    }

    /// The kind of the value, from its first byte after any whitespace: `BeginObject` for an
    /// object, `BeginArray` for an array. `None` when no token can start there.
    pub fn kind(&self) -> Option<Kind> {
        let first = self.0.iter().find(|&&b| !crate::scan::is_ws(b))?;
        Kind::of_first_byte(*first).filter(|k| !matches!(k, Kind::EndArray | Kind::EndObject))
    }

    /// True when the bytes are exactly one valid JSON value (whitespace around it allowed),
    /// under the strict defaults.
    pub fn is_valid(&self) -> bool {
        self.validate(&Options::strict()).is_ok()
    }

    /// Checks that the bytes are exactly one valid JSON value under `opts`.
    pub fn validate(&self, opts: &Options) -> Result<()> {
        if self.is_valid_scalar(opts) {
            return Ok(());
        }
        self.validate_by_reader(opts)
    }

    /// [`validate`](RawValue::validate) token by token: the verdict, and the error, for anything
    /// the short way does not take.
    fn validate_by_reader(&self, opts: &Options) -> Result<()> {
        let mut reader = Reader::from_slice(&self.0).with_options(opts);
        reader.skip_value()?;
        reader.finish()
    }

    /// Whether the bytes are exactly one scalar (a string, number or literal, nothing around
    /// it), valid strictly and within the limits of `opts`: checked directly, with no reader to
    /// set up (the values `get` finds are mostly scalars). False leaves the verdict, and the
    /// error, to the reader.
    fn is_valid_scalar(&self, opts: &Options) -> bool {
        let raw = &self.0;
        if raw.len() as u64 > opts.max_input_bytes {
            return false;
        }
        match raw.first() {
            Some(b'"') => {
                let check = string::StrCheck { trusted_utf8: false, allow_invalid: false };
                raw.len() <= opts.max_string_len.saturating_add(2)
                    && matches!(string::scan(raw, 0, 1, 0, true, check), Ok((end, _)) if end == raw.len())
            }
            Some(b'-' | b'0'..=b'9') => {
                raw.len() <= opts.max_number_len
                    && number::scan(raw, 0, true).is_ok_and(|end| end == raw.len())
            }
            _ => matches!(raw, b"true" | b"false" | b"null"),
        }
    }

    /// The value with all whitespace removed. Strings and numbers keep their text.
    pub fn compact(&self) -> Result<Vec<u8>> {
        self.format(&Options::strict())
    }

    /// The value with one member or element per line, each line after the first starting with
    /// `prefix` and one `indent` per level. Strings and numbers keep their text.
    ///
    /// # Panics
    /// When `prefix` or `indent` holds anything but spaces and tabs.
    pub fn indent(&self, prefix: &str, indent: &str) -> Result<Vec<u8>> {
        self.format(&Options::strict().prefix(prefix).indent(indent))
    }

    /// The value checked and reformatted as `opts` say: compact or indented, with or without
    /// HTML escaping. Strings and numbers keep their text otherwise.
    pub fn format(&self, opts: &Options) -> Result<Vec<u8>> {
        let mut reader = Reader::from_slice(&self.0).with_options(opts);
        // The reader checks names; the emitter need not do it again.
        let mut em = Emitter::new(&opts.clone().allow_duplicate_names(true));
        em.out.reserve(self.0.len());
        em.copy_value(&mut reader, |_| Ok(()))?;
        reader.finish()?;
        Ok(em.out)
    }

    /// The canonical form of RFC 8785 (JSON Canonicalization Scheme): no whitespace, object
    /// members sorted by the UTF-16 code units of their names, strings with minimal escapes,
    /// numbers in the ECMAScript form of their `f64` value. Checked under the strict defaults:
    /// a number beyond the range of `f64` is an error.
    pub fn canonicalize(&self) -> Result<Vec<u8>> {
        rebuild(&self.0, &Options::strict(), Form::Canonical)
    }

    /// The value with each object's members sorted by the code points of their (unescaped)
    /// names, checked under `opts` and written as they say: compact by default, or indented,
    /// with HTML escaped, as [`format`](RawValue::format) writes. Strings and numbers keep
    /// their text. The sort is stable: where `opts` allow duplicate names, members of the
    /// same name keep their order.
    ///
    /// ```
    /// use jet::text::RawValue;
    ///
    /// let raw = RawValue::from_bytes(br#"{"b": 1.0, "a": {"\u00e9": [], "z": "\u0041"}}"#);
    /// assert_eq!(raw.sort_keys(&jet::Options::default())?, br#"{"a":{"z":"\u0041","\u00e9":[]},"b":1.0}"#);
    /// let indented = raw.sort_keys(&jet::Options::default().indent(" "))?;
    /// assert_eq!(indented, b"{\n \"a\": {\n  \"z\": \"\\u0041\",\n  \"\\u00e9\": []\n },\n \"b\": 1.0\n}");
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn sort_keys(&self, opts: &Options) -> Result<Vec<u8>> {
        rebuild(&self.0, opts, Form::SortedKeys)
    }
}

/// What [`rebuild`] makes of a value: both forms have sorted members.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// RFC 8785: members by the UTF-16 code units of their names, strings re-escaped
    /// minimally, numbers in the ECMAScript form of their `f64` value.
    Canonical,
    /// Members by the code points of their names (UTF-8 byte order); tokens keep their text
    /// (strings are escaped again only where the options' HTML escaping asks for it, or
    /// where invalid UTF-8 that they allow must be), and the layout is the options'.
    SortedKeys,
}

/// A value read into a tree of text ranges, so that members can be sorted without copying
/// any text more than once, whatever the depth. The nodes are in document order, each
/// container followed by its subtree, and hold no list of their own (an allocation for every
/// container made `jet fmt --sort-keys` of canada, whose coordinates are 56,000 small arrays,
/// three times as slow as `jet fmt`): an array's children follow it, and an object's members,
/// sorted as it ends, are a range of `members`.
struct Tree {
    /// Output text of scalars and names (escaped and quoted as they will be written).
    text: Vec<u8>,
    /// Unescaped names: the sort keys.
    keys: Vec<u8>,
    nodes: Vec<Node>,
    /// The members of each object, sorted, object after object in the order they ended.
    members: Vec<Member>,
}

enum Node {
    /// A scalar's text.
    Scalar(Range<usize>),
    /// An array; `end` is the node after its subtree.
    Array { end: usize },
    /// An object: the node after its subtree, and its members in `Tree::members`.
    Object { end: usize, members: Range<usize> },
}

struct Member {
    key: Range<usize>,
    name: Range<usize>,
    value: usize,
}

/// An open container while a [`Tree`] is read: its node, and where its members start on the
/// stack of members read.
struct Open {
    id: usize,
    members: usize,
}

/// `src` rebuilt in `form`: read into a [`Tree`] (each object's members sorted as it ends),
/// then written out. No recursion, and linear in the input but for the sorting.
fn rebuild(src: &[u8], opts: &Options, form: Form) -> Result<Vec<u8>> {
    let mut reader = Reader::from_slice(src).with_options(opts);
    let mut tree = Tree {
        text: Vec::with_capacity(src.len()),
        keys: Vec::new(),
        nodes: Vec::new(),
        members: Vec::new(),
    };
    let mut open: Vec<Open> = Vec::new();
    // The members of the open objects, innermost last.
    let mut pending: Vec<Member> = Vec::new();
    // The name of the member whose value comes next.
    let mut name = (0..0, 0..0);
    let html = form == Form::SortedKeys && opts.escape_html;
    let mut tmp = Vec::new();
    while let Some(event) = reader.next_event()? {
        let bytes = reader.event_bytes(&event);
        let start = tree.text.len();
        let node = match event.kind {
            Kind::BeginArray => Node::Array { end: 0 },
            Kind::BeginObject => Node::Object { end: 0, members: 0..0 },
            Kind::EndArray => {
                let Open { id, .. } = open.pop().expect("the reader matches ends with begins");
                tree.nodes[id] = Node::Array { end: tree.nodes.len() };
                continue;
            }
            Kind::EndObject => {
                let Open { id, members: first } = open.pop().expect("the reader matches ends with begins");
                let members = &mut pending[first..];
                let keys = &tree.keys;
                match form {
                    Form::Canonical => members.sort_by(|a, b| {
                        let a = super::str_from_checked(&keys[a.key.clone()]).encode_utf16();
                        a.cmp(super::str_from_checked(&keys[b.key.clone()]).encode_utf16())
                    }),
                    Form::SortedKeys => members.sort_by(|a, b| keys[a.key.clone()].cmp(&keys[b.key.clone()])),
                }
                let at = tree.members.len();
                tree.members.extend(pending.drain(first..));
                tree.nodes[id] = Node::Object { end: tree.nodes.len(), members: at..tree.members.len() };
                continue;
            }
            Kind::Number if form == Form::Canonical => {
                // The decoder's correctly rounded step; beyond `f64`, `Number`'s error.
                let value = number::decimal_of(bytes, 0, bytes.len()).to_f64(bytes, 0, bytes.len());
                let value = match value {
                    Some(value) => value,
                    None => {
                        super::Number::from_checked(super::str_from_checked(bytes)).as_f64().map_err(|e| {
                            reader.error_at(e.into_code(), event.start, super::state::At::Current)
                        })?
                    }
                };
                number::write_f64_es6(&mut tree.text, value);
                Node::Scalar(start..tree.text.len())
            }
            Kind::Null | Kind::Bool | Kind::Number => {
                tree.text.extend_from_slice(bytes);
                Node::Scalar(start..tree.text.len())
            }
            Kind::String => {
                let raw = &bytes[1..bytes.len() - 1];
                let key_start = tree.keys.len();
                match form {
                    Form::Canonical => {
                        string::unescape(raw, event.flags, &mut tree.keys);
                        string::escape(
                            super::str_from_checked(&tree.keys[key_start..]),
                            &mut tree.text,
                            false,
                        );
                        if !event.name {
                            tree.keys.truncate(key_start);
                        }
                    }
                    Form::SortedKeys => {
                        if event.name {
                            string::unescape(raw, event.flags, &mut tree.keys);
                        }
                        if string::can_copy_raw(raw, event.flags, html) {
                            tree.text.extend_from_slice(bytes);
                        } else {
                            string::escape_again(raw, event.flags, html, &mut tmp, &mut tree.text);
                        }
                    }
                }
                if event.name {
                    name = (key_start..tree.keys.len(), start..tree.text.len());
                    continue;
                }
                Node::Scalar(start..tree.text.len())
            }
        };
        let id = tree.nodes.len();
        let is_container = !matches!(node, Node::Scalar(_));
        tree.nodes.push(node);
        let in_object =
            open.last().is_some_and(|parent| matches!(tree.nodes[parent.id], Node::Object { .. }));
        if in_object {
            let (key, name) = std::mem::replace(&mut name, (0..0, 0..0));
            pending.push(Member { key, name, value: id });
        }
        if is_container {
            open.push(Open { id, members: pending.len() });
        }
    }
    reader.finish()?;
    Ok(match form {
        Form::SortedKeys => tree.write(Lines::of(opts).as_ref(), opts.colon_space()),
        Form::Canonical => tree.write(None, false),
    })
}

/// A container being written: the next child (a node of an array, an index into the members
/// of an object), where they end, and whether one was written.
enum Writing {
    Array { next: usize, end: usize, started: bool },
    Object { next: usize, end: usize, started: bool },
}

impl Tree {
    /// The tree as text, from its first node (the root): compact, or each member and element
    /// on a line of its own when given `lines`, with a space after each colon if
    /// `colon_space`.
    fn write(&self, lines: Option<&Lines>, colon_space: bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.text.len() + self.nodes.len());
        let newline = |out: &mut Vec<u8>, depth: usize| {
            if let Some(lines) = lines {
                lines.write(out, depth);
            }
        };
        let mut open: Vec<Writing> = Vec::new();
        let mut next = Some(0);
        loop {
            if let Some(id) = next.take() {
                match &self.nodes[id] {
                    Node::Scalar(text) => out.extend_from_slice(&self.text[text.clone()]),
                    &Node::Array { end } => {
                        out.push(b'[');
                        open.push(Writing::Array { next: id + 1, end, started: false });
                    }
                    Node::Object { members, .. } => {
                        out.push(b'{');
                        open.push(Writing::Object { next: members.start, end: members.end, started: false });
                    }
                }
            }
            let depth = open.len();
            let Some(top) = open.last_mut() else { break };
            match top {
                Writing::Array { next: child, end, started } if *child < *end => {
                    if core::mem::replace(started, true) {
                        out.push(b',');
                    }
                    newline(&mut out, depth);
                    next = Some(*child);
                    *child = match self.nodes[*child] {
                        Node::Scalar(_) => *child + 1,
                        Node::Array { end } | Node::Object { end, .. } => end,
                    };
                }
                Writing::Object { next: at, end, started } if *at < *end => {
                    if core::mem::replace(started, true) {
                        out.push(b',');
                    }
                    newline(&mut out, depth);
                    let member = &self.members[*at];
                    out.extend_from_slice(&self.text[member.name.clone()]);
                    out.push(b':');
                    if colon_space {
                        out.push(b' ');
                    }
                    next = Some(member.value);
                    *at += 1;
                }
                &mut Writing::Array { started, .. } | &mut Writing::Object { started, .. } => {
                    let object = matches!(top, Writing::Object { .. });
                    if started {
                        newline(&mut out, depth - 1);
                    }
                    out.push(if object { b'}' } else { b']' });
                    open.pop();
                }
            }
        }
        out
    }
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;
    fn to_owned(&self) -> Box<RawValue> {
        RawValue::from_boxed_bytes(self.0.into())
    }
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Box<RawValue> {
        (**self).to_owned()
    }
}

impl PartialEq for RawValue {
    fn eq(&self, other: &RawValue) -> bool {
        self.0 == other.0
    }
}

impl Eq for RawValue {}

impl fmt::Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawValue({})", String::from_utf8_lossy(&self.0))
    }
}

impl fmt::Display for RawValue {
    /// The bytes as text (invalid UTF-8 shown as U+FFFD).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.0))
    }
}

impl AsRef<[u8]> for RawValue {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The short way for scalars accepts only what the reader accepts, under the limits too;
    /// where it does not decide, `validate` gives the reader's error.
    #[test]
    fn scalars_take_the_short_way_only_when_valid() {
        let scalars: &[(&str, &[u8], bool)] = &[
            ("string", br#""caf\u00e9""#, true),
            ("escaped quote", br#""a\"b""#, true),
            ("empty string", br#""""#, true),
            ("lone surrogate", br#""\ud800""#, false),
            ("bad escape", br#""\x""#, false),
            ("control byte", b"\"a\x01\"", false),
            ("invalid UTF-8", b"\"\xff\"", false),
            ("unclosed", br#""abc"#, false),
            ("text after", br#""a" 1"#, false),
            ("number", b"-12.5e-3", true),
            ("leading zero", b"012", false),
            ("bare minus", b"-", false),
            ("literal", b"true", true),
            ("bad literal", b"nul", false),
            ("space around", b" 1 ", false),
            ("object", br#"{"a": 1}"#, false),
        ];
        let limits = [
            Options::strict(),
            Options::strict().max_string_len(3),
            Options::strict().max_number_len(3),
            Options::strict().max_input_bytes(4),
            Options::strict().allow_invalid_utf8(true),
        ];
        for (name, bytes, short) in scalars {
            assert_eq!(RawValue::from_bytes(bytes).is_valid_scalar(&Options::strict()), *short, "{name}");
            for opts in &limits {
                let raw = RawValue::from_bytes(bytes);
                if raw.is_valid_scalar(opts) {
                    assert!(raw.validate_by_reader(opts).is_ok(), "{name} under {opts:?}");
                }
                let (got, want) = (raw.validate(opts), raw.validate_by_reader(opts));
                assert_eq!(
                    got.map_err(|e| e.to_string()),
                    want.map_err(|e| e.to_string()),
                    "{name} under {opts:?}"
                );
            }
        }
    }
}
