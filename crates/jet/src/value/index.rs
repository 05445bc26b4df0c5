//! [`Index`]: what can index a [`Value`] — `&str`/`String` for objects, `usize` for arrays.

use core::ops;

use super::{Map, Node, Value};

/// A key into a [`Value`]: a member name (`str`, `String`) or an array position (`usize`).
/// Sealed: jet implements it for those types and references to them.
///
/// `value[key]` reads `Value::Null` where nothing is found; `value[key] = x` on an object
/// inserts the member, and on `null` makes an object first (as serde_json does).
pub trait Index: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value>;
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;
    #[doc(hidden)]
    fn index_node<'d>(&self, node: Node<'d>) -> Option<Node<'d>>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

impl Index for usize {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        match v {
            Value::Array(a) => a.get(*self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        match v {
            Value::Array(a) => a.get_mut(*self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        match v {
            Value::Array(a) => {
                let len = a.len();
                a.get_mut(*self)
                    .unwrap_or_else(|| panic!("index {self} out of range for a JSON array of {len}"))
            }
            other => panic!("cannot index {} with {self}", other.kind().value_name()),
        }
    }

    fn index_node<'d>(&self, node: Node<'d>) -> Option<Node<'d>> {
        node.as_array()?.nth(*self)
    }
}

impl Index for str {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        match v {
            Value::Object(m) => m.get(self),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        match v {
            Value::Object(m) => m.get_mut(self),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        if v.is_null() {
            *v = Value::Object(Map::new());
        }
        match v {
            Value::Object(m) => m.entry(self).or_insert(Value::Null),
            other => panic!("cannot index {} with {self:?}", other.kind().value_name()),
        }
    }

    fn index_node<'d>(&self, node: Node<'d>) -> Option<Node<'d>> {
        node.member(self)
    }
}

impl Index for String {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }

    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(v)
    }

    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(v)
    }

    fn index_node<'d>(&self, node: Node<'d>) -> Option<Node<'d>> {
        self.as_str().index_node(node)
    }
}

impl<T: ?Sized + Index> Index for &T {
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }

    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(v)
    }

    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(v)
    }

    fn index_node<'d>(&self, node: Node<'d>) -> Option<Node<'d>> {
        (**self).index_node(node)
    }
}

static NULL: Value = Value::Null;

impl<I: Index> ops::Index<I> for Value {
    type Output = Value;

    /// The value at `index`, or `Value::Null` when there is none (never panics).
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl<I: Index> ops::IndexMut<I> for Value {
    /// The value at `index` to change. An object gets a `null` member first if it has none of
    /// that name; `null` becomes an empty object first.
    ///
    /// # Panics
    /// When indexing an array out of range, or a value that is neither with a key of the
    /// wrong kind.
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}
