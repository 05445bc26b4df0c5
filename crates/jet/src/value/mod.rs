//! [`Value`]: any JSON value, as a tree.
//!
//! The API follows serde_json's `Value` (so that `use jet as serde_json` compiles for common
//! code), with jet's rules: objects keep insertion order and never hold two members of the
//! same name; numbers are `u64`/`i64` when they are integers that fit, `f64` otherwise, and keep
//! their text when a number would lose digits (integers beyond 64 bits always; every number
//! with [`Options::lossless_numbers`](crate::Options::lossless_numbers)).
//!
//! To read a document without building a tree of allocations, see [`Document`]: one flat
//! buffer, strings lent from the input, the same reading methods on its [`Node`]s.
//!
//! Nothing here recurses on the nesting of a value: parsing, dropping, cloning, comparing and
//! writing use explicit stacks, so a value nested a million deep is safe on a small stack.
//! That is why an array is an [`Array`] (a `Vec<Value>` that drops without recursion) rather
//! than a bare `Vec<Value>`: it derefs to `Vec<Value>` and converts from and into one, but
//! `Value::Array(vec![..])` is written `Value::Array(vec![..].into())` or `Value::from(vec![..])`.
//!
//! ```
//! use jet::{json, Value};
//!
//! let v: Value = jet::from_str(r#"{"name": "jet", "tags": ["fast", "strict"], "stars": 5}"#)?;
//! assert_eq!(v["tags"][1], "strict");
//! assert_eq!(v["stars"].as_u64(), Some(5));
//! assert_eq!(v.pointer("/tags/0"), Some(&json!("fast")));
//! assert_eq!(v.to_string(), r#"{"name":"jet","tags":["fast","strict"],"stars":5}"#);
//! # Ok::<(), jet::Error>(())
//! ```

mod build;
mod convert;
mod document;
mod index;
mod map;
mod patch;
pub(crate) mod pointer;
mod serde_impl;
mod to;
mod write;

use core::fmt;
use core::ops::{Deref, DerefMut};

pub(crate) use self::build::{build_value, Build};
pub use self::convert::{from_value, to_value};
pub use self::document::{Document, Elements, Members, Node};
pub use self::index::Index;
pub use self::map::{
    Entry, IntoIter, IntoKeys, IntoValues, Iter, IterMut, Keys, Map, OccupiedEntry, VacantEntry, Values,
    ValuesMut,
};
pub use self::patch::{merge_patch, patch};
pub(crate) use self::serde_impl::{hand_over, with_current, VALUE_TOKEN};
pub(crate) use self::write::{write_value, Style};

use crate::Number;

/// Any JSON value.
///
/// ```
/// use jet::{json, Value};
///
/// let mut v = json!({"a": [1, 2.5, null], "b": {"c": true}});
/// v["b"]["d"] = json!("new");
/// assert!(v["a"].is_array());
/// assert_eq!(v["a"][1].as_f64(), Some(2.5));
/// assert_eq!(v["missing"], Value::Null);
/// assert_eq!(format!("{v}"), r#"{"a":[1,2.5,null],"b":{"c":true,"d":"new"}}"#);
/// ```
#[derive(Default)]
pub enum Value {
    /// `null`
    #[default]
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Array),
    /// An object.
    Object(Map),
}

/// The elements of a JSON array: a `Vec<Value>` (it derefs to one) that is dropped, cloned and
/// compared without recursion.
///
/// ```
/// use jet::{json, value::Array, Value};
///
/// let mut a = Array::from(vec![json!(1), json!("two")]);
/// a.push(json!(null));
/// assert_eq!(a.len(), 3);
/// let v = Value::Array(a);
/// let back: Vec<Value> = v.as_array().unwrap().clone();
/// assert_eq!(back[1], "two");
/// ```
#[derive(Default)]
pub struct Array(Vec<Value>);

impl Array {
    /// An empty array.
    pub const fn new() -> Array {
        Array(Vec::new())
    }

    /// The elements, as a `Vec`.
    pub fn into_vec(mut self) -> Vec<Value> {
        core::mem::take(&mut self.0)
    }

    /// The elements, as a `Vec`.
    pub fn as_vec(&self) -> &Vec<Value> {
        &self.0
    }

    /// The elements, as a `Vec` to change.
    pub fn as_vec_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl Deref for Array {
    type Target = Vec<Value>;
    #[inline]
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl DerefMut for Array {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        if !self.0.is_empty() {
            drop_children(&mut self.0, |elements| drop_deep(elements.drain(..)));
        }
    }
}

impl Clone for Array {
    fn clone(&self) -> Array {
        Array(self.0.iter().map(Value::clone).collect())
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        self.0.len() == other.0.len() && self.0.iter().zip(&other.0).all(|(a, b)| a == b)
    }
}

impl Eq for Array {}

impl PartialEq<Vec<Value>> for Array {
    fn eq(&self, other: &Vec<Value>) -> bool {
        self.0.len() == other.len() && self.0.iter().zip(other).all(|(a, b)| a == b)
    }
}

impl PartialEq<[Value]> for Array {
    fn eq(&self, other: &[Value]) -> bool {
        self.0.len() == other.len() && self.0.iter().zip(other).all(|(a, b)| a == b)
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::debug_elements(f, &self.0)
    }
}

impl From<Vec<Value>> for Array {
    fn from(v: Vec<Value>) -> Array {
        Array(v)
    }
}

impl From<Array> for Vec<Value> {
    fn from(a: Array) -> Vec<Value> {
        a.into_vec()
    }
}

impl FromIterator<Value> for Array {
    fn from_iter<T: IntoIterator<Item = Value>>(iter: T) -> Array {
        Array(iter.into_iter().collect())
    }
}

impl Extend<Value> for Array {
    fn extend<T: IntoIterator<Item = Value>>(&mut self, iter: T) {
        self.0.extend(iter);
    }
}

impl IntoIterator for Array {
    type Item = Value;
    type IntoIter = std::vec::IntoIter<Value>;
    fn into_iter(self) -> std::vec::IntoIter<Value> {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Value;
    type IntoIter = core::slice::Iter<'a, Value>;
    fn into_iter(self) -> core::slice::Iter<'a, Value> {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut Value;
    type IntoIter = core::slice::IterMut<'a, Value>;
    fn into_iter(self) -> core::slice::IterMut<'a, Value> {
        self.0.iter_mut()
    }
}

impl Value {
    /// True for an array or object with at least one element or member: a value whose drop,
    /// clone or comparison must go down a level.
    #[inline]
    pub(crate) fn has_children(&self) -> bool {
        match self {
            Value::Array(a) => !a.0.is_empty(),
            Value::Object(m) => !m.is_empty(),
            _ => false,
        }
    }

    /// A copy of a value without children (see [`has_children`](Value::has_children)).
    fn clone_leaf(&self) -> Value {
        match self {
            Value::Null => Value::Null,
            Value::Bool(b) => Value::Bool(*b),
            Value::Number(n) => Value::Number(n.clone()),
            Value::String(s) => Value::String(s.clone()),
            Value::Array(_) => Value::Array(Array::new()),
            Value::Object(_) => Value::Object(Map::new()),
        }
    }

    /// The value at `key` of an object or `index` of an array (anything that is an [`Index`]):
    /// `None` when there is none.
    ///
    /// ```
    /// use jet::json;
    /// let v = json!({"a": [10, 20]});
    /// assert_eq!(v.get("a").and_then(|a| a.get(1)), Some(&json!(20)));
    /// assert_eq!(v.get("b"), None);
    /// assert_eq!(v.get(0), None);
    /// ```
    pub fn get<I: Index>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// [`get`](Value::get), to change the value found.
    pub fn get_mut<I: Index>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// True for `true` and `false`.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// True for a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// True for a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// True for an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// True for an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// True for an integer that fits `i64`.
    pub fn is_i64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_i64())
    }

    /// True for an integer that fits `u64`.
    pub fn is_u64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_u64())
    }

    /// True for a number held as an `f64` (it has a fraction or exponent).
    pub fn is_f64(&self) -> bool {
        matches!(self, Value::Number(n) if n.is_f64())
    }

    /// `Some(())` for `null`.
    pub fn as_null(&self) -> Option<()> {
        self.is_null().then_some(())
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number as an `i64`, if it is an integer in range.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(|n| n.as_i64().ok())
    }

    /// The number as a `u64`, if it is an integer in range.
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(|n| n.as_u64().ok())
    }

    /// The number as the nearest `f64`, if this is a number within `f64`'s range.
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(|n| n.as_f64().ok())
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(&a.0),
            _ => None,
        }
    }

    /// The elements, to change, if this is an array.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(&mut a.0),
            _ => None,
        }
    }

    /// The members, if this is an object.
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The members, to change, if this is an object.
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// Takes the value out, leaving `null`.
    pub fn take(&mut self) -> Value {
        core::mem::take(self)
    }

    /// The kind of value, as the syntax layer names the token it starts with.
    pub fn kind(&self) -> crate::text::Kind {
        use crate::text::Kind;
        match self {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Bool,
            Value::Number(_) => Kind::Number,
            Value::String(_) => Kind::String,
            Value::Array(_) => Kind::BeginArray,
            Value::Object(_) => Kind::BeginObject,
        }
    }

    /// Sorts the members of every object in the value by name, without recursion.
    pub fn sort_all_objects(&mut self) {
        let mut stack = vec![self];
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(a) => stack.extend(a.0.iter_mut()),
                Value::Object(m) => {
                    m.sort_keys();
                    stack.extend(m.values_mut());
                }
                _ => {}
            }
        }
    }
}

/// Containers dropped by plain recursion before the explicit stack takes over: deep enough
/// for every common document, shallow enough for any thread's stack.
const DROP_RECURSION: usize = 256;

thread_local! {
    /// How many container drops are running on this thread, one inside the other.
    static DROPPING: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// Drops the children of a container (`children`): by plain recursion, the fastest way,
/// while fewer than [`DROP_RECURSION`] container drops are running; beyond, by `deep`, which
/// uses an explicit stack.
#[inline]
pub(crate) fn drop_children<T>(children: &mut Vec<T>, deep: impl FnOnce(&mut Vec<T>)) {
    let depth = DROPPING.get();
    if depth < DROP_RECURSION {
        DROPPING.set(depth + 1);
        children.clear();
        DROPPING.set(depth);
    } else {
        deep(children);
    }
}

/// Drops `values` and everything in them without recursion: containers are emptied onto an
/// explicit stack before they are dropped.
pub(crate) fn drop_deep(values: impl Iterator<Item = Value>) {
    let mut stack: Vec<Value> = Vec::new();
    for value in values {
        if !value.has_children() {
            continue;
        }
        stack.push(value);
        while let Some(mut container) = stack.pop() {
            match &mut container {
                Value::Array(a) => {
                    stack.extend(a.0.drain(..).filter(Value::has_children));
                }
                Value::Object(m) => {
                    stack.extend(m.take_entries().into_iter().map(|(_, v)| v).filter(Value::has_children));
                }
                _ => {}
            }
            // `container` is empty now: dropping it goes no deeper.
        }
    }
}

/// Cloning goes down the value with an explicit stack, not recursion.
impl Clone for Value {
    fn clone(&self) -> Value {
        if !self.has_children() {
            return self.clone_leaf();
        }
        /// A container being copied: its source and the copies of its children so far.
        struct Frame<'a> {
            source: &'a Value,
            next: usize,
            copies: Vec<Value>,
        }
        let children = |v: &Value| match v {
            Value::Array(a) => a.0.len(),
            Value::Object(m) => m.len(),
            _ => 0,
        };
        let mut stack = vec![Frame { source: self, next: 0, copies: Vec::with_capacity(children(self)) }];
        loop {
            let top = stack.last_mut().expect("the stack holds the value being copied");
            if top.next < children(top.source) {
                let source: &Value = match top.source {
                    Value::Array(a) => &a.0[top.next],
                    Value::Object(m) => &m.as_slice()[top.next].1,
                    _ => unreachable!("only containers are on the stack"),
                };
                top.next += 1;
                if source.has_children() {
                    let copies = Vec::with_capacity(children(source));
                    stack.push(Frame { source, next: 0, copies });
                } else {
                    top.copies.push(source.clone_leaf());
                }
                continue;
            }
            let done = stack.pop().expect("checked above");
            let copy = match done.source {
                Value::Array(_) => Value::Array(Array(done.copies)),
                Value::Object(m) => {
                    Value::Object(Map::from_distinct(m.keys().cloned().zip(done.copies).collect()))
                }
                _ => unreachable!("only containers are on the stack"),
            };
            match stack.last_mut() {
                Some(parent) => parent.copies.push(copy),
                None => return copy,
            }
        }
    }
}

/// Values are equal when they are the same kind with equal contents; objects compare their
/// members in any order; numbers compare by value (see [`Number`]'s `PartialEq`). No recursion.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        let mut stack = vec![(self, other)];
        while let Some(pair) = stack.pop() {
            match pair {
                (Value::Null, Value::Null) => {}
                (Value::Bool(a), Value::Bool(b)) if a == b => {}
                (Value::Number(a), Value::Number(b)) if a == b => {}
                (Value::String(a), Value::String(b)) if a == b => {}
                (Value::Array(a), Value::Array(b)) if a.0.len() == b.0.len() => {
                    stack.extend(a.0.iter().zip(&b.0));
                }
                (Value::Object(a), Value::Object(b)) if a.len() == b.len() => {
                    for (k, v) in a {
                        match b.get(k) {
                            Some(w) => stack.push((v, w)),
                            None => return false,
                        }
                    }
                }
                _ => return false,
            }
        }
        true
    }
}

impl Eq for Value {}

/// Compact JSON; `{:#}` indents by two spaces, as serde_json's pretty printer does.
///
/// ```
/// let v = jet::json!({"a": [1, 2]});
/// assert_eq!(format!("{v}"), r#"{"a":[1,2]}"#);
/// assert_eq!(format!("{v:#}"), "{\n  \"a\": [\n    1,\n    2\n  ]\n}");
/// ```
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = Style::of(f);
        crate::ser::with_pooled_buffer(|out| {
            write_value(out, self, &style, 0).map_err(|_| fmt::Error)?;
            f.write_str(crate::text::str_from_checked(out))
        })
    }
}

/// serde_json's form: `Object {"a": Array [Number(1)]}`.
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write::debug_value(f, self)
    }
}
