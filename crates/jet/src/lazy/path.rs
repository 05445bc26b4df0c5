//! Paths for lazy access: JSON Pointer strings or lists of [`PathItem`]s.

use std::borrow::Cow;

use crate::error::{Code, Error, Result};
use crate::value::pointer;

/// One step of a path built in code: an object member's name or an array position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathItem<'a> {
    /// An object member, by name.
    Key(&'a str),
    /// An array element, by position.
    Index(usize),
}

impl<'a> From<&'a str> for PathItem<'a> {
    fn from(key: &'a str) -> PathItem<'a> {
        PathItem::Key(key)
    }
}

impl<'a> From<&'a String> for PathItem<'a> {
    fn from(key: &'a String) -> PathItem<'a> {
        PathItem::Key(key)
    }
}

impl From<usize> for PathItem<'_> {
    fn from(index: usize) -> PathItem<'static> {
        PathItem::Index(index)
    }
}

/// A path built without parsing: `jet::path!["statuses", 3, "user"]` is an array of
/// [`PathItem`]s (string keys name members, integers index arrays).
///
/// ```
/// let json = r#"{"a": [{"b/c": true}]}"#;
/// assert!(jet::get(json, jet::path!["a", 0, "b/c"])?.as_bool()?);
/// let key = String::from("a");
/// assert_eq!(jet::get(json, jet::path![&key, 0])?.kind(), jet::text::Kind::BeginObject);
/// # Ok::<(), jet::Error>(())
/// ```
#[macro_export]
macro_rules! path {
    ($($item:expr),* $(,)?) => {
        [$($crate::lazy::PathItem::from($item)),*]
    };
}

/// One step as the walk sees it.
#[derive(Clone, Debug)]
pub(crate) enum Step<'s> {
    Key(Cow<'s, str>),
    Index(usize),
    /// A JSON Pointer token: a member's name in an object, a position in an array.
    Token(Cow<'s, str>),
}

impl Step<'_> {
    /// The step, borrowing its text from this one (a copy of an owned step copies no text).
    pub(crate) fn borrowed(&self) -> Step<'_> {
        match self {
            Step::Key(k) => Step::Key(Cow::Borrowed(k)),
            Step::Index(i) => Step::Index(*i),
            Step::Token(t) => Step::Token(Cow::Borrowed(t)),
        }
    }

    /// The member name this step names in an object (`None`: it cannot step into one).
    pub(crate) fn key(&self) -> Option<&str> {
        match self {
            Step::Key(k) | Step::Token(k) => Some(k),
            Step::Index(_) => None,
        }
    }

    /// The position this step names in an array: `None` when it cannot step into one,
    /// `Some(None)` for a pointer token that is no position (such as `-`).
    pub(crate) fn index(&self) -> Option<Option<usize>> {
        match self {
            Step::Index(i) => Some(Some(*i)),
            Step::Token(t) => Some(pointer::array_index(t)),
            Step::Key(_) => None,
        }
    }

    /// The step as text, for messages.
    pub(crate) fn text(&self) -> Cow<'_, str> {
        match self {
            Step::Key(k) | Step::Token(k) => Cow::Borrowed(k),
            Step::Index(i) => Cow::Owned(i.to_string()),
        }
    }

    /// What the step can go into, for messages.
    pub(crate) fn expects(&self) -> &'static str {
        match self {
            Step::Key(_) => "an object",
            Step::Index(_) => "an array",
            Step::Token(_) => "an object or array",
        }
    }

    /// Appends the step to a JSON Pointer (a position's digits with no string of their own).
    pub(crate) fn push_to(&self, out: &mut String) {
        match self {
            Step::Key(k) | Step::Token(k) => pointer::push_token(out, k),
            Step::Index(i) => {
                out.push('/');
                out.push_str(itoa::Buffer::new().format(*i));
            }
        }
    }
}

/// The steps of a path, in order (opaque: what [`JsonPath::steps`] gives jet).
#[derive(Clone, Debug)]
pub struct Steps<'s>(StepsInner<'s>);

#[derive(Clone, Debug)]
enum StepsInner<'s> {
    /// The pointer's text after the `/` of the next token (`None` when no token is left), and
    /// the whole pointer (for errors). Tokens are short: a byte loop finds their ends.
    Pointer(Option<&'s str>, &'s str),
    Items(core::slice::Iter<'s, PathItem<'s>>),
    Listed(core::slice::Iter<'s, Step<'s>>),
    Bad(Option<&'s str>),
}

impl<'s> Steps<'s> {
    /// Steps read before, from a list.
    pub(crate) fn listed(steps: &'s [Step<'s>]) -> Steps<'s> {
        Steps(StepsInner::Listed(steps.iter()))
    }
}

impl<'s> Steps<'s> {
    /// How many steps are left (exact for a well-formed path; a malformed one may give fewer).
    pub(crate) fn count_hint(&self) -> usize {
        match &self.0 {
            StepsInner::Pointer(rest, _) => rest.map_or(0, |r| 1 + r.bytes().filter(|&b| b == b'/').count()),
            StepsInner::Items(items) => items.len(),
            StepsInner::Listed(steps) => steps.len(),
            StepsInner::Bad(whole) => usize::from(whole.is_some()),
        }
    }

    /// The next step; an error for a malformed pointer.
    pub(crate) fn next_step(&mut self) -> Option<Result<Step<'s>>> {
        match &mut self.0 {
            StepsInner::Pointer(rest, whole) => {
                let text = rest.take()?;
                let token = match text.bytes().position(|b| b == b'/') {
                    Some(end) => {
                        *rest = Some(&text[end + 1..]);
                        &text[..end]
                    }
                    None => text,
                };
                Some(match pointer::unescape(token) {
                    Some(t) => Ok(Step::Token(t)),
                    None => Err(invalid(whole, "'~' must be followed by '0' or '1'")),
                })
            }
            StepsInner::Items(items) => Some(Ok(match items.next()? {
                PathItem::Key(k) => Step::Key(Cow::Borrowed(k)),
                PathItem::Index(i) => Step::Index(*i),
            })),
            StepsInner::Listed(steps) => steps.next().map(|s| Ok(s.borrowed())),
            StepsInner::Bad(whole) => {
                whole.take().map(|w| Err(invalid(w, "it must be empty or start with '/'")))
            }
        }
    }
}

#[cold]
fn invalid(pointer: &str, why: &str) -> Error {
    Error::bare(Code::InvalidPointer(format!("{pointer:?}: {why}").into()))
}

/// A path into a JSON document: a JSON Pointer string (RFC 6901: `"/statuses/3/user"`,
/// `""` for the whole document, `~1` for `/` and `~0` for `~` in names), or a list of
/// [`PathItem`]s built with [`path!`](crate::path) (no parsing, no escapes).
pub trait JsonPath {
    /// The steps of the path.
    fn steps(&self) -> Steps<'_>;
}

impl JsonPath for str {
    fn steps(&self) -> Steps<'_> {
        if self.is_empty() {
            return Steps(StepsInner::Pointer(None, self));
        }
        match self.strip_prefix('/') {
            Some(rest) => Steps(StepsInner::Pointer(Some(rest), self)),
            None => Steps(StepsInner::Bad(Some(self))),
        }
    }
}

impl JsonPath for String {
    fn steps(&self) -> Steps<'_> {
        self.as_str().steps()
    }
}

impl JsonPath for [PathItem<'_>] {
    fn steps(&self) -> Steps<'_> {
        Steps(StepsInner::Items(self.iter()))
    }
}

impl<const N: usize> JsonPath for [PathItem<'_>; N] {
    fn steps(&self) -> Steps<'_> {
        Steps(StepsInner::Items(self.iter()))
    }
}

impl JsonPath for Vec<PathItem<'_>> {
    fn steps(&self) -> Steps<'_> {
        Steps(StepsInner::Items(self.iter()))
    }
}

impl<T: JsonPath + ?Sized> JsonPath for &T {
    fn steps(&self) -> Steps<'_> {
        (**self).steps()
    }
}
