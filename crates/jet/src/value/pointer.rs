//! JSON Pointer (RFC 6901) on [`Value`].

use std::borrow::Cow;

use super::Value;

/// The reference tokens of `pointer`, unescaped (`~1` is `/`, `~0` is `~`); `None` when the
/// pointer is malformed (not empty and not starting with `/`, or a `~` not followed by `0` or
/// `1`).
pub(crate) fn tokens(pointer: &str) -> Option<Vec<Cow<'_, str>>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    rest.split('/').map(unescape).collect()
}

/// One reference token, unescaped.
pub(crate) fn unescape(token: &str) -> Option<Cow<'_, str>> {
    // A byte loop: tokens are short, and a pattern search's setup costs more than it.
    if !token.bytes().any(|b| b == b'~') {
        return Some(Cow::Borrowed(token));
    }
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(Cow::Owned(out))
}

/// The array position a reference token names: decimal digits without leading zeros.
/// (`-`, the position past the end, is for callers that add elements.)
pub(crate) fn array_index(token: &str) -> Option<usize> {
    let b = token.as_bytes();
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    token.parse().ok()
}

/// Appends one reference token to a pointer, escaped.
pub(crate) fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    crate::text::state::push_pointer_token(pointer, token.as_bytes());
}

impl Value {
    /// The value that a JSON Pointer (RFC 6901) names: `""` is the whole value, `/a/0` the
    /// first element of member `a`; `~1` stands for `/` and `~0` for `~` in names. `None` when
    /// nothing is there or the pointer is malformed.
    ///
    /// ```
    /// use jet::json;
    /// let v = json!({"a/b": [10, {"c~d": true}]});
    /// assert_eq!(v.pointer("/a~1b/1/c~0d"), Some(&json!(true)));
    /// assert_eq!(v.pointer(""), Some(&v));
    /// assert_eq!(v.pointer("/a~1b/01"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        let mut v = self;
        for token in tokens(pointer)? {
            v = match v {
                Value::Object(m) => m.get(&*token)?,
                Value::Array(a) => a.get(array_index(&token)?)?,
                _ => return None,
            };
        }
        Some(v)
    }

    /// [`pointer`](Value::pointer), to change the value found.
    ///
    /// ```
    /// use jet::json;
    /// let mut v = json!({"x": [0, 1]});
    /// *v.pointer_mut("/x/1").unwrap() = json!("one");
    /// assert_eq!(v, json!({"x": [0, "one"]}));
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        let mut v = self;
        for token in tokens(pointer)? {
            v = match v {
                Value::Object(m) => m.get_mut(&*token)?,
                Value::Array(a) => a.get_mut(array_index(&token)?)?,
                _ => return None,
            };
        }
        Some(v)
    }
}
