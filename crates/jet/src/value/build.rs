//! Building a [`Value`] straight from the reader's tokens, without serde's visitors and
//! without recursion.
//!
//! The values of all open arrays share one stack, and the members of all open objects
//! another; when a container ends, its children are moved off the stack into a vector of
//! exactly their number. So each container allocates once, at its exact size, and the stacks
//! are reused for the whole document, and kept on the thread for the next one.

use super::{Array, Map, Value};
use crate::error::{Code, Result};
use crate::text::number::{self, Scalar};
use crate::text::reader::Event;
use crate::text::{str_from_checked, Input, Kind, Reader};
use crate::Number;

/// The options that change what is built.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Build {
    /// Keep every number's text.
    pub lossless_numbers: bool,
    /// Integers beyond 64 bits become the nearest `f64` (else they keep their text).
    pub big_integers_as_f64: bool,
    /// The reader lets duplicate names through: the last one wins.
    pub allow_duplicate_names: bool,
}

/// Reads one whole value from `reader` and builds it.
pub(crate) fn build_value<I: Input>(reader: &mut Reader<I>, build: Build) -> Result<Value> {
    // Each string's text is taken as soon as it is read: escaped ones can be decoded as they
    // are checked.
    let was = reader.set_decode_values(true);
    let built = build_from_events(reader, build);
    reader.set_decode_values(was);
    built
}

/// The builder's stacks: the values of all open arrays, the members of all open objects, the
/// names read before their values, and per open container whether it is an object and where
/// its children start on their stack.
#[derive(Default)]
struct Stacks {
    elements: Vec<Value>,
    members: Vec<(String, Value)>,
    names: Vec<String>,
    open: Vec<(bool, usize)>,
}

impl Stacks {
    /// Bytes held by the stacks.
    fn held_bytes(&self) -> usize {
        self.elements.capacity() * core::mem::size_of::<Value>()
            + self.members.capacity() * core::mem::size_of::<(String, Value)>()
            + self.names.capacity() * core::mem::size_of::<String>()
            + self.open.capacity() * core::mem::size_of::<(bool, usize)>()
    }
}

thread_local! {
    /// The last build's stacks, emptied, for the next build on the thread: so that building a
    /// small document's value allocates for the value only, not for stacks grown from nothing.
    static STACKS: core::cell::Cell<Option<Box<Stacks>>> = const { core::cell::Cell::new(None) };
}

/// [`build_value`]'s work, on the thread's kept stacks.
fn build_from_events<I: Input>(reader: &mut Reader<I>, build: Build) -> Result<Value> {
    let mut stacks = STACKS.try_with(|kept| kept.take()).ok().flatten().unwrap_or_default();
    let built = build_on(reader, build, &mut stacks);
    if stacks.held_bytes() <= crate::text::POOL_BYTES_MAX {
        // After an error, the stacks still hold what was built.
        stacks.elements.clear();
        stacks.members.clear();
        stacks.names.clear();
        stacks.open.clear();
        // `try_with`: the slot may be gone while the thread ends.
        let _ = STACKS.try_with(|kept| kept.set(Some(stacks)));
    }
    built
}

/// Builds the value on `stacks` (empty).
fn build_on<I: Input>(reader: &mut Reader<I>, build: Build, stacks: &mut Stacks) -> Result<Value> {
    let Stacks { elements, members, names, open } = stacks;
    // Puts a finished value where it belongs: in the open container, or out as the result.
    // A macro, so that each value is built straight into its place rather than moved there
    // from a temporary (which costs a store-forwarding stall per value).
    macro_rules! place {
        ($value:expr) => {
            match open.last() {
                None => return Ok($value),
                Some((false, _)) => elements.push($value),
                Some((true, _)) => members.push((names.pop().expect("a name precedes each value"), $value)),
            }
        };
    }
    loop {
        let Some(event) = reader.next_event_parsed()? else {
            return Err(reader.error_near(Code::Eof("before a value"), reader.offset()));
        };
        match event.kind {
            Kind::BeginArray => open.push((false, elements.len())),
            Kind::BeginObject => open.push((true, members.len())),
            Kind::String if event.name => names.push(reader.event_string(&event)),
            Kind::String => place!(Value::String(reader.event_string(&event))),
            Kind::Number => {
                let number = build_number(reader, &event, build)?;
                place!(Value::Number(number))
            }
            Kind::Null => place!(Value::Null),
            Kind::Bool => place!(Value::Bool(reader.event_bytes(&event)[0] == b't')),
            Kind::EndArray => {
                let (_, start) = open.pop().expect("the reader matches brackets");
                let array = Array(elements.drain(start..).collect());
                place!(Value::Array(array))
            }
            Kind::EndObject => {
                let (_, start) = open.pop().expect("the reader matches brackets");
                let entries: Vec<(String, Value)> = members.drain(start..).collect();
                let map = if build.allow_duplicate_names {
                    // Later members replace earlier ones of the same name, in their place.
                    entries.into_iter().collect()
                } else {
                    Map::from_distinct(entries)
                };
                place!(Value::Object(map))
            }
        }
    }
}

/// A number as a value holds it: exact as `u64`/`i64`, else the nearest `f64`, or its text.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Held {
    U64(u64),
    I64(i64),
    F64(f64),
    /// Integers beyond 64 bits and, with `lossless_numbers`, every number: the event's text.
    Text,
}

/// The number of `event`: exact as `u64`/`i64`, else the nearest `f64` (an error beyond its
/// range); integers beyond 64 bits and, with `lossless_numbers`, every number keep their text.
#[inline(always)]
fn build_number<I: Input>(reader: &Reader<I>, event: &Event, build: Build) -> Result<Number> {
    Ok(match hold_number(reader, event, build)? {
        Held::U64(u) => Number::from(u),
        Held::I64(i) => Number::from(i),
        Held::F64(f) => Number::from(f),
        Held::Text => Number::from_owned_text(str_from_checked(reader.event_bytes(event)).to_owned()),
    })
}

/// How a value holds the number of `event` (see [`build_number`]).
#[inline(always)]
pub(crate) fn hold_number<I: Input>(reader: &Reader<I>, event: &Event, build: Build) -> Result<Held> {
    if build.lossless_numbers {
        return Ok(Held::Text);
    }
    let text = reader.event_bytes(event);
    match hold_scalar(reader.number_value(event), text, build) {
        Some(held) => Ok(held),
        None => {
            let code = Code::NumberRange { text: str_from_checked(text).into(), ty: "f64" };
            Err(reader.error_near(code, reader.offset_of(event.start)))
        }
    }
}

/// How a value holds the number `text` whose value is `scalar` (`lossless_numbers` aside);
/// `None` beyond the range of `f64`.
#[inline(always)]
pub(crate) fn hold_scalar(scalar: Scalar, text: &[u8], build: Build) -> Option<Held> {
    match scalar {
        Scalar::U64(u) => Some(Held::U64(u)),
        // `-0` keeps its sign, as a float (as serde_json reads it).
        Scalar::I64(0) => Some(Held::F64(-0.0)),
        Scalar::I64(i) => Some(Held::I64(i)),
        Scalar::F64(f) => Some(Held::F64(f)),
        Scalar::Big if build.big_integers_as_f64 => number::parse_f64(str_from_checked(text)).map(Held::F64),
        Scalar::Big => Some(Held::Text),
        Scalar::OutOfRange => None,
    }
}
