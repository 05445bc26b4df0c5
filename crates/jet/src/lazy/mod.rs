//! Lazy access: pick values out of a document by path without building a tree.
//!
//! [`get`] walks the input once, up to the value the path names, skipping everything else
//! in place, and returns a [`LazyValue`]: the value's bytes, read further only when asked
//! ([`as_str`](LazyValue::as_str), [`get`](LazyValue::get), [`iter_array`](LazyValue::iter_array),
//! [`to`](LazyValue::to), ...). [`get_many`] resolves several paths in one pass.
//!
//! # What is validated
//!
//! By default, **every byte `get` passes over is checked** as strictly as a full parse checks
//! it — grammar, UTF-8, escapes, duplicate names in the objects it walks through, depth — and
//! so is the whole value it returns. Malformed input before or around the value is an error,
//! never silently accepted. What comes after the value (or after the last value of
//! [`get_many`]) is not read at all, so it is not checked: for that, validate the document.
//!
//! [`Options::trusted`] skips the checks of the values passed over (their structure is still
//! followed: strings, brackets and separators), for input known to be valid. The value
//! returned is still checked whole. On invalid input, trusted lookups give an error or a wrong
//! answer, never a panic or undefined behaviour.
//!
//! # Errors
//!
//! Three kinds, told apart by [`Error::category`](crate::Error::category):
//! [`NotFound`](crate::Category::NotFound) (no member of that name, an index past the end),
//! [`WrongType`](crate::Category::WrongType) (a key into an array, a step into a string, a
//! number asked for as a string), and [`Syntax`](crate::Category::Syntax) or
//! [`Eof`](crate::Category::Eof) for invalid JSON.
//!
//! ```
//! let json = r#"{"statuses": [{"id": 1, "user": {"name": "a"}}, {"id": 2, "user": {"name": "b"}}]}"#;
//! let user = jet::get(json, "/statuses/1/user")?;
//! assert_eq!(user.as_raw_str(), r#"{"name": "b"}"#);
//! assert_eq!(user.get("/name")?.as_str()?, "b");
//! assert_eq!(jet::get(json, jet::path!["statuses", 0, "id"])?.as_u64()?, 1);
//! assert!(jet::get(json, "/statuses/7").unwrap_err().is_not_found());
//! assert!(jet::get(json, "/statuses/name").unwrap_err().is_not_found());
//! assert!(jet::get(json, "/statuses/0/id/x").unwrap_err().is_wrong_type());
//! assert!(jet::get(r#"{"a": tru, "b": 1}"#, "/b").unwrap_err().is_syntax());
//! # Ok::<(), jet::Error>(())
//! ```

mod nav;
mod path;
mod value;

pub use self::path::{JsonPath, PathItem, Steps};
pub use self::value::{LazyElements, LazyMembers, LazyValue};

use core::ops::Range;

use self::nav::{Checked, Nav, Raw};
use self::path::Step;
use crate::error::{Code, Result};
use crate::options::Options;
use crate::text::{Kind, Reader};

/// Input that [`get`] reads: bytes (UTF-8 checked) or text.
pub trait Document<'a>: private::Sealed {
    #[doc(hidden)]
    fn bytes(&self) -> &'a [u8];
    #[doc(hidden)]
    fn is_str(&self) -> bool;
}

mod private {
    pub trait Sealed {}
    impl Sealed for &[u8] {}
    impl Sealed for &str {}
    impl Sealed for &String {}
    impl Sealed for &Vec<u8> {}
    impl<const N: usize> Sealed for &[u8; N] {}
}

impl<'a> Document<'a> for &'a [u8] {
    fn bytes(&self) -> &'a [u8] {
        self
    }
    fn is_str(&self) -> bool {
        false
    }
}

impl<'a, const N: usize> Document<'a> for &'a [u8; N] {
    fn bytes(&self) -> &'a [u8] {
        &self[..]
    }
    fn is_str(&self) -> bool {
        false
    }
}

impl<'a> Document<'a> for &'a Vec<u8> {
    fn bytes(&self) -> &'a [u8] {
        self
    }
    fn is_str(&self) -> bool {
        false
    }
}

impl<'a> Document<'a> for &'a str {
    fn bytes(&self) -> &'a [u8] {
        self.as_bytes()
    }
    fn is_str(&self) -> bool {
        true
    }
}

impl<'a> Document<'a> for &'a String {
    fn bytes(&self) -> &'a [u8] {
        self.as_bytes()
    }
    fn is_str(&self) -> bool {
        true
    }
}

/// The value at `path` in `json`, found without building a tree; every byte passed over is
/// validated (see the [module documentation](self)). `path` is a JSON Pointer string or a
/// [`path!`](crate::path).
pub fn get<'a, D: Document<'a>, P: JsonPath>(json: D, path: P) -> Result<LazyValue<'a>> {
    Options::strict().get(json, path)
}

/// The values at several paths in one pass over `json`: the outer error is for invalid JSON,
/// each inner result says whether its path was found.
///
/// ```
/// let json = r#"{"a": {"b": [10, 20]}, "c": "x"}"#;
/// let found = jet::get_many(json, &["/a/b/1", "/c", "/a/z", "/a"])?;
/// assert_eq!(found[0].as_ref().unwrap().as_u64()?, 20);
/// assert_eq!(found[1].as_ref().unwrap().as_str()?, "x");
/// assert!(found[2].as_ref().unwrap_err().is_not_found());
/// assert_eq!(found[3].as_ref().unwrap().as_raw_str(), r#"{"b": [10, 20]}"#);
/// # Ok::<(), jet::Error>(())
/// ```
pub fn get_many<'a, D: Document<'a>, P: JsonPath>(
    json: D,
    paths: &[P],
) -> Result<Vec<Result<LazyValue<'a>>>> {
    Options::strict().get_many(json, paths)
}

impl Options {
    /// [`get`] and [`get_many`]: trust the input, checking only the structure of the values
    /// passed over (strings, brackets, separators), not their grammar, UTF-8 or duplicate
    /// names. The value found is still checked whole. For input known to be valid: faster,
    /// but invalid input gives an error or a wrong answer.
    pub fn trusted(mut self, on: bool) -> Options {
        self.trusted = on;
        self
    }

    /// [`get`] with these options (depth limit, duplicate names, [`trusted`](Options::trusted)).
    /// The value found is always valid UTF-8, also with
    /// [`allow_invalid_utf8`](Options::allow_invalid_utf8) (which then lets invalid bytes pass
    /// only in what is skipped).
    pub fn get<'a, D: Document<'a>, P: JsonPath>(&self, json: D, path: P) -> Result<LazyValue<'a>> {
        let bytes = json.bytes();
        let raw = if self.trusted {
            self.check_trusted_size(bytes)?;
            resolve(&mut Raw::new(bytes), path.steps())?
        } else if json.is_str() {
            let reader = Reader::from_str(crate::text::str_from_checked(bytes));
            resolve(&mut Checked::new(reader, bytes, self), path.steps())?
        } else {
            resolve(&mut Checked::new(Reader::from_slice(bytes), bytes, self), path.steps())?
        };
        self.lazy(raw, bytes)
    }

    /// [`get_many`] with these options.
    pub fn get_many<'a, D: Document<'a>, P: JsonPath>(
        &self,
        json: D,
        paths: &[P],
    ) -> Result<Vec<Result<LazyValue<'a>>>> {
        let bytes = json.bytes();
        // Every path's steps in one list, borrowing their text from the paths (counted first,
        // so that the list is allocated once).
        let mut steps = Vec::with_capacity(paths.iter().map(|p| p.steps().count_hint()).sum());
        let mut spans = Vec::with_capacity(paths.len());
        for p in paths {
            let start = steps.len();
            let mut iter = p.steps();
            while let Some(step) = iter.next_step() {
                steps.push(step?);
            }
            spans.push((start, steps.len() - start));
        }
        let mut found: Vec<Option<Result<&'a [u8]>>> = (0..paths.len()).map(|_| None).collect();
        // The sets of paths: every path, then at most two sets (the live paths and those of
        // one member) a level, each no larger than the paths: room for them all at once.
        let longest = spans.iter().map(|&(_, len)| len).max().unwrap_or(0);
        let sets = Vec::with_capacity(paths.len() * (1 + 2 * longest));
        let mut many = Many { steps: &steps, spans: &spans, found: &mut found, left: paths.len(), sets };
        many.sets.extend(0..paths.len());
        let all = 0..paths.len();
        if self.trusted {
            self.check_trusted_size(bytes)?;
            many.walk(&mut Raw::new(bytes), all, 0)?;
        } else if json.is_str() {
            let reader = Reader::from_str(crate::text::str_from_checked(bytes));
            many.walk(&mut Checked::new(reader, bytes, self), all, 0)?;
        } else {
            let reader = Reader::from_slice(bytes);
            many.walk(&mut Checked::new(reader, bytes, self), all, 0)?;
        }
        Ok(found
            .into_iter()
            .map(|f| f.expect("every path ends found or not").and_then(|raw| self.lazy(raw, bytes)))
            .collect())
    }

    /// [`max_input_bytes`](Options::max_input_bytes) for the trusted walk, which reads no
    /// tokens to stop at the limit: a longer input is refused outright.
    fn check_trusted_size(&self, bytes: &[u8]) -> Result<()> {
        if bytes.len() as u64 <= self.max_input_bytes {
            return Ok(());
        }
        let at = self.max_input_bytes as usize;
        let pos = crate::error::Position::in_slice(bytes, at);
        Err(crate::Error::new(Code::TooLong("input", self.max_input_bytes), pos, String::new()))
    }

    /// The value found: checked whole when the walk did not check it (trusted), or did not
    /// check its UTF-8 (`allow_invalid_utf8`): a lazy value is always valid UTF-8 text.
    fn lazy<'a>(&self, raw: &'a [u8], input: &'a [u8]) -> Result<LazyValue<'a>> {
        if self.trusted || self.allow_invalid_utf8 {
            let opts = Options::strict()
                .allow_duplicate_names(self.allow_duplicate_names)
                .max_depth(self.max_depth)
                .max_string_len(self.max_string_len)
                .max_number_len(self.max_number_len);
            if let Err(e) = crate::text::RawValue::from_bytes(raw).validate(&opts) {
                return Err(value::place(e, raw, input));
            }
        }
        Ok(LazyValue::new(raw, input))
    }
}

/// Walks `nav` along `steps`, returning the bytes of the value they lead to.
fn resolve<'a, 's, N: Nav<'a>>(nav: &mut N, mut steps: Steps<'s>) -> Result<&'a [u8]> {
    let path = steps.clone();
    let mut taken = 0;
    while let Some(step) = steps.next_step() {
        let step = step?;
        let (kind, at) = nav.peek()?;
        step_into(nav, &step, kind, at, Taken { path: &path, taken })?;
        taken += 1;
    }
    nav.take()
}

/// Where a walk along a path stands: the value its first `taken` steps lead to. Its JSON
/// Pointer is built only for an error (a value found needs none).
#[derive(Clone, Copy)]
struct Taken<'p, 's> {
    path: &'p Steps<'s>,
    taken: usize,
}

impl Taken<'_, '_> {
    #[cold]
    fn pointer(self) -> String {
        let (mut out, mut steps) = (String::new(), self.path.clone());
        for _ in 0..self.taken {
            // The steps taken were read once already, without error.
            if let Some(Ok(step)) = steps.next_step() {
                step.push_to(&mut out);
            }
        }
        out
    }
}

/// One step down from the value of `kind` at offset `at` (where the walk stands: `here`), into
/// the member or element `step` names.
fn step_into<'a, N: Nav<'a>>(
    nav: &mut N,
    step: &Step<'_>,
    kind: Kind,
    at: usize,
    here: Taken<'_, '_>,
) -> Result<()> {
    match kind {
        Kind::BeginObject => {
            let Some(key) = step.key() else {
                return Err(wrong_type(nav, step, kind, at, here.pointer()));
            };
            nav.enter()?;
            loop {
                match nav.next_member(|name| name == key.as_bytes())? {
                    Some(true) => return Ok(()),
                    Some(false) => nav.skip()?,
                    None => return Err(not_found(nav, step, false, at, here.pointer())),
                }
            }
        }
        Kind::BeginArray => {
            let index = match step.index() {
                Some(Some(index)) => index,
                Some(None) => return Err(not_found(nav, step, true, at, here.pointer())),
                None => return Err(wrong_type(nav, step, kind, at, here.pointer())),
            };
            nav.enter()?;
            let mut n = 0;
            loop {
                if !nav.next_element()? {
                    return Err(not_found(nav, step, true, at, here.pointer()));
                }
                if n == index {
                    return Ok(());
                }
                nav.skip()?;
                n += 1;
            }
        }
        _ => Err(wrong_type(nav, step, kind, at, here.pointer())),
    }
}

#[cold]
fn not_found<'a, N: Nav<'a>>(
    nav: &N,
    step: &Step<'_>,
    array: bool,
    at: usize,
    mut pointer: String,
) -> crate::Error {
    step.push_to(&mut pointer);
    let what = match step.index() {
        _ if !array => format!("no member {:?} in the object", step.text()),
        Some(Some(i)) => format!("no element {i} in the array"),
        _ => format!("no element {:?} in the array (not a position)", step.text()),
    };
    nav.error(Code::NotFound(what.into()), at, pointer)
}

#[cold]
fn wrong_type<'a, N: Nav<'a>>(
    nav: &N,
    step: &Step<'_>,
    kind: Kind,
    at: usize,
    mut pointer: String,
) -> crate::Error {
    step.push_to(&mut pointer);
    nav.error(Code::WrongType { expected: step.expects(), found: kind.value_name() }, at, pointer)
}

/// The walk of [`get_many`]: all paths down the document at once.
struct Many<'p, 'a> {
    /// Every path's steps, one path after another.
    steps: &'p [Step<'p>],
    /// Where each path's steps are in `steps`: the first, and how many.
    spans: &'p [(usize, usize)],
    found: &'p mut [Option<Result<&'a [u8]>>],
    /// Paths not yet settled.
    left: usize,
    /// The sets of paths that the levels being walked work on, one after another (each level
    /// adds its own and cuts them off when done): one buffer for the whole walk, where a list
    /// per set would allocate at every level and every member on a path.
    sets: Vec<usize>,
}

impl<'a> Many<'_, 'a> {
    fn settle(&mut self, path: usize, result: Result<&'a [u8]>) {
        if self.found[path].is_none() {
            self.found[path] = Some(result);
            self.left -= 1;
        }
    }

    /// The steps of path `p` from step `level` on.
    fn rest(&self, p: usize, level: usize) -> &[Step<'_>] {
        let (start, len) = self.spans[p];
        &self.steps[start + level..start + len]
    }

    /// The JSON Pointer of the value that the first `level` steps of path `p` lead to (the
    /// walk's place, on every path it follows there), for errors: made only for one.
    #[cold]
    fn pointer(&self, p: usize, level: usize) -> String {
        Taken { path: &Steps::listed(self.rest(p, 0)), taken: level }.pointer()
    }

    /// At the value that the first `level` steps of each path in `self.sets[paths]` lead to.
    fn walk<N: Nav<'a>>(&mut self, nav: &mut N, paths: Range<usize>, level: usize) -> Result<()> {
        let base = self.sets.len();
        if paths.clone().any(|i| self.spans[self.sets[i]].1 == level) {
            // Take the value whole; the paths that go deeper continue in its (checked) bytes.
            let raw = nav.take()?;
            for i in paths {
                let p = self.sets[i];
                if self.spans[p].1 == level {
                    self.settle(p, Ok(raw));
                    continue;
                }
                let mut inner = Raw::new(raw);
                let steps = Steps::listed(self.rest(p, level));
                let result = resolve(&mut inner, steps)
                    .map_err(|e| e.relocate(nav.input(), nav.offset_of(raw), &self.pointer(p, level)));
                self.settle(p, result);
            }
            return Ok(());
        }
        let (kind, at) = nav.peek()?;
        // Paths that cannot step into this value end here; the others are live.
        for i in paths {
            let p = self.sets[i];
            let step = &self.rest(p, level)[0];
            let fits = match kind {
                Kind::BeginObject => step.key().is_some(),
                Kind::BeginArray => matches!(step.index(), Some(Some(_))),
                _ => false,
            };
            if fits {
                self.sets.push(p);
            } else if kind == Kind::BeginArray && matches!(step.index(), Some(None)) {
                let e = not_found(nav, step, true, at, self.pointer(p, level));
                self.settle(p, Err(e));
            } else {
                let e = wrong_type(nav, step, kind, at, self.pointer(p, level));
                self.settle(p, Err(e));
            }
        }
        let live = base..self.sets.len();
        if live.is_empty() {
            return nav.skip();
        }
        nav.enter()?;
        let mut n = 0usize;
        loop {
            // The live paths whose step is this member or element.
            let here = self.sets.len();
            if kind == Kind::BeginObject {
                let (steps, spans, sets) = (self.steps, self.spans, &mut self.sets);
                let more = nav.next_member(|name| {
                    for i in live.clone() {
                        let p = sets[i];
                        if steps[spans[p].0 + level].key().map(str::as_bytes) == Some(name) {
                            sets.push(p);
                        }
                    }
                })?;
                if more.is_none() {
                    break;
                }
            } else {
                if !nav.next_element()? {
                    break;
                }
                for i in live.clone() {
                    let p = self.sets[i];
                    if self.rest(p, level)[0].index() == Some(Some(n)) {
                        self.sets.push(p);
                    }
                }
            }
            if self.sets.len() == here {
                nav.skip()?;
            } else {
                self.walk(nav, here..self.sets.len(), level + 1)?;
                self.sets.truncate(here);
            }
            n += 1;
            if self.left == 0 {
                self.sets.truncate(base);
                return Ok(());
            }
            if live.clone().all(|i| self.found[self.sets[i]].is_some()) {
                self.sets.truncate(base);
                return nav.leave();
            }
        }
        for i in live {
            let p = self.sets[i];
            if self.found[p].is_none() {
                let e = not_found(
                    nav,
                    &self.rest(p, level)[0],
                    kind == Kind::BeginArray,
                    at,
                    self.pointer(p, level),
                );
                self.settle(p, Err(e));
            }
        }
        self.sets.truncate(base);
        Ok(())
    }
}
