//! Writing a [`Value`] as JSON text (and as `Debug` text), with an explicit stack instead of
//! recursion: any depth is safe.

use core::fmt;
use std::sync::LazyLock;

use super::{Map, Value};
use crate::error::{Code, Error, Result};
use crate::text::string;
use crate::text::writer::Lines;
use crate::text::NumberView;
use crate::Number;

/// How to lay out the text: what the serializer's options say, or Display's defaults.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style<'a> {
    /// Line starts, when indenting.
    pub lines: Option<&'a Lines>,
    pub space_after_colon: bool,
    pub escape_html: bool,
    pub nonfinite_as_null: bool,
}

impl Style<'static> {
    /// Compact, as `Display` writes.
    pub const COMPACT: Style<'static> =
        Style { lines: None, space_after_colon: false, escape_html: false, nonfinite_as_null: false };
    /// Two spaces per level, as `{:#}` writes (serde_json's pretty form).
    pub fn pretty() -> Style<'static> {
        static TWO_SPACES: LazyLock<Lines> = LazyLock::new(|| Lines::new(b"  ", b""));
        Style { lines: Some(&TWO_SPACES), ..Style::COMPACT }
    }

    /// [`pretty`](Style::pretty) for `{:#}`, else [`COMPACT`](Style::COMPACT).
    pub fn of(f: &fmt::Formatter<'_>) -> Style<'static> {
        if f.alternate() {
            Style::pretty()
        } else {
            Style::COMPACT
        }
    }
}

/// A container being written: its remaining children, and whether one was written yet.
enum Frame<'v> {
    Array(core::slice::Iter<'v, Value>, bool),
    Object(core::slice::Iter<'v, (String, Value)>, bool),
}

impl<'v> Frame<'v> {
    /// The next child, with its name in an object and whether it is the first.
    #[inline]
    fn next(&mut self) -> Option<(Option<&'v String>, &'v Value, bool)> {
        let (child, started) = match self {
            Frame::Array(iter, started) => (iter.next().map(|v| (None, v)), started),
            Frame::Object(iter, started) => (iter.next().map(|(k, v)| (Some(k), v)), started),
        };
        let (name, value) = child?;
        let first = !core::mem::replace(started, true);
        Some((name, value, first))
    }

    fn is_object(&self) -> bool {
        matches!(self, Frame::Object(..))
    }
}

/// The open containers: the first [`INLINE`] in place, deeper ones in a vector, so that
/// writing a value nested no deeper than that allocates nothing but its output.
struct Stack<'v> {
    inline: [Option<Frame<'v>>; INLINE],
    deeper: Vec<Frame<'v>>,
    len: usize,
}

/// Open containers held in place by a [`Stack`].
const INLINE: usize = 16;

impl<'v> Stack<'v> {
    fn new() -> Self {
        Stack { inline: Default::default(), deeper: Vec::new(), len: 0 }
    }

    fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn push(&mut self, frame: Frame<'v>) {
        if self.len < INLINE {
            self.inline[self.len] = Some(frame);
        } else {
            self.deeper.push(frame);
        }
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
        if self.len < INLINE {
            self.inline[self.len] = None;
        } else {
            self.deeper.pop();
        }
    }

    #[inline]
    fn last_mut(&mut self) -> Option<&mut Frame<'v>> {
        match self.len {
            0 => None,
            n if n <= INLINE => self.inline[n - 1].as_mut(),
            _ => self.deeper.last_mut(),
        }
    }
}

/// Appends the JSON text of `value` to `out`, as if it sat `depth` levels deep (for the
/// indentation of its lines). The only error is a non-finite float without
/// `nonfinite_as_null`.
pub(crate) fn write_value(out: &mut Vec<u8>, value: &Value, style: &Style<'_>, depth: usize) -> Result<()> {
    let mut stack = Stack::new();
    if let Some(frame) = write_or_open(out, value, style)? {
        stack.push(frame);
    }
    loop {
        let level = depth + stack.len();
        let Some(top) = stack.last_mut() else {
            return Ok(());
        };
        // The top container's children in one loop, up to the next one that opens a container
        // of its own (most children are leaves: a pass of the outer loop for each would look up
        // the top and match its kind again every time).
        let open = match top {
            Frame::Array(children, started) => {
                let mut open = None;
                for v in children.by_ref() {
                    separate(out, style, started, level);
                    open = write_or_open(out, v, style)?;
                    if open.is_some() {
                        break;
                    }
                }
                open
            }
            Frame::Object(members, started) => {
                let mut open = None;
                for (name, v) in members.by_ref() {
                    separate(out, style, started, level);
                    string::escape(name, out, style.escape_html);
                    out.push(b':');
                    if style.space_after_colon || style.lines.is_some() {
                        out.push(b' ');
                    }
                    open = write_or_open(out, v, style)?;
                    if open.is_some() {
                        break;
                    }
                }
                open
            }
        };
        match open {
            Some(frame) => stack.push(frame),
            None => {
                let object = top.is_object();
                stack.pop();
                if let Some(lines) = style.lines {
                    lines.write(out, level - 1);
                }
                out.push(if object { b'}' } else { b']' });
            }
        }
    }
}

/// Writes what goes before a container's child: a comma unless it is the first, and the line
/// break and indentation of a pretty style.
#[inline(always)]
fn separate(out: &mut Vec<u8>, style: &Style<'_>, started: &mut bool, level: usize) {
    if core::mem::replace(started, true) {
        out.push(b',');
    }
    if let Some(lines) = style.lines {
        lines.write(out, level);
    }
}

/// Writes `v` whole when it is a leaf (a scalar or an empty container); for a container with
/// children, writes its opening bracket and returns the frame to write them from.
#[inline(always)]
fn write_or_open<'v>(out: &mut Vec<u8>, v: &'v Value, style: &Style<'_>) -> Result<Option<Frame<'v>>> {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => write_number(out, n, style.nonfinite_as_null)?,
        Value::String(s) => string::escape(s, out, style.escape_html),
        Value::Array(a) if a.is_empty() => out.extend_from_slice(b"[]"),
        Value::Object(m) if m.is_empty() => out.extend_from_slice(b"{}"),
        Value::Array(a) => {
            out.push(b'[');
            return Ok(Some(Frame::Array(a.iter(), false)));
        }
        Value::Object(m) => {
            out.push(b'{');
            return Ok(Some(Frame::Object(m.as_slice().iter(), false)));
        }
    }
    Ok(None)
}

/// Appends a number's JSON text: its own text when it has one, else the shortest text that
/// reads back to it (serde_json's form for floats).
pub(crate) fn write_number(out: &mut Vec<u8>, n: &Number, nonfinite_as_null: bool) -> Result<()> {
    match n.view() {
        NumberView::Text(t) => out.extend_from_slice(t.as_bytes()),
        NumberView::U64(u) => crate::scan::push_u64(u, out),
        NumberView::I64(i) => crate::scan::push_i64(i, out),
        NumberView::F64(f) if f.is_finite() => {
            crate::scan::push_float(f, out);
        }
        NumberView::F64(_) if nonfinite_as_null => out.extend_from_slice(b"null"),
        NumberView::F64(_) => return Err(Error::bare(Code::NonFinite)),
    }
    Ok(())
}

/// serde_json's `Debug` form, `Object {"a": Array [Number(1), Null]}`, without recursion.
pub(crate) fn debug_value(f: &mut fmt::Formatter<'_>, value: &Value) -> fmt::Result {
    debug_walk(f, Some(value), None)
}

/// `Debug` of an array's elements: `[Number(1), Null]`.
pub(crate) fn debug_elements(f: &mut fmt::Formatter<'_>, elements: &[Value]) -> fmt::Result {
    f.write_str("[")?;
    debug_walk(f, None, Some(Frame::Array(elements.iter(), false)))
}

/// `Debug` of a map's members: `{"a": Number(1)}`.
pub(crate) fn debug_map(f: &mut fmt::Formatter<'_>, map: &Map) -> fmt::Result {
    f.write_str("{")?;
    debug_walk(f, None, Some(Frame::Object(map.as_slice().iter(), false)))
}

/// `Debug` of `next`, or of the rest of the container `open` (its bracket written).
fn debug_walk<'v>(
    f: &mut fmt::Formatter<'_>,
    mut next: Option<&'v Value>,
    open: Option<Frame<'v>>,
) -> fmt::Result {
    let mut stack = Stack::new();
    if let Some(frame) = open {
        stack.push(frame);
    }
    loop {
        if let Some(v) = next.take() {
            match v {
                Value::Null => f.write_str("Null")?,
                Value::Bool(b) => write!(f, "Bool({b})")?,
                Value::Number(n) => {
                    let mut text = Vec::new();
                    match write_number(&mut text, n, false) {
                        Ok(()) => write!(f, "Number({})", crate::text::str_from_checked(&text))?,
                        Err(_) => write!(f, "Number({n})")?,
                    }
                }
                Value::String(s) => write!(f, "String({s:?})")?,
                Value::Array(a) => {
                    f.write_str("Array [")?;
                    stack.push(Frame::Array(a.iter(), false));
                }
                Value::Object(m) => {
                    f.write_str("Object {")?;
                    stack.push(Frame::Object(m.as_slice().iter(), false));
                }
            }
        }
        let Some(top) = stack.last_mut() else {
            return Ok(());
        };
        match top.next() {
            Some((name, v, first)) => {
                if !first {
                    f.write_str(", ")?;
                }
                if let Some(name) = name {
                    write!(f, "{name:?}: ")?;
                }
                next = Some(v);
            }
            None => {
                let object = top.is_object();
                stack.pop();
                f.write_str(if object { "}" } else { "]" })?;
            }
        }
    }
}
