//! The indexed walk: the reader's fast path through the inside of a container, taking tokens
//! from the structural index ([`Index`]) rather than scanning byte by byte.
//!
//! The walk is a state machine whose state is where its code is, as in simdjson's second
//! stage: after `[` it expects an element or `]`, after a value a separator or a close, after a
//! name a colon; only closing a container asks whether the one around it is an object or an
//! array. The innermost container's entry (its kind and count of values, which pointers in
//! errors are made from) stays in a register, and goes back to the [`State`] when the walk
//! stops.
//!
//! It must never report an error nor take a token it is not sure of: at anything it does not
//! take (an error, a limit, a token that the window's whole blocks do not hold) it stops after
//! the last token it took, with the grammar state exactly as reading those tokens one by one
//! would have left it, and the reader reads or reports what stopped it.

use super::index::{Blocks, Index, Shape};
use super::number;
use super::reader::{add_name, ends_run, literal_end};
use super::state::{Entry, Pos, State};
use super::string::{self, StrCheck};
use crate::scan::{self, Classifier, WithClassifier};

/// Walks `window` from `pos`, a token boundary inside the container whose entry is `entry`,
/// until the container open at depth `depth + 1` closes (true) or a token the walk does not
/// take (false; see [`Walk::run`]). Returns that, where the walk stopped and the innermost
/// container's entry there (for the state).
///
/// The whole walk runs under [`scan::with_classifier`]: compiled for the CPU's block classifier,
/// with blocks classified inline as it goes.
#[inline(always)]
pub(super) fn walk<S: Sink>(
    window: &[u8],
    (pos, entry): (usize, Entry),
    (state, sink): (&mut State, S),
    depth: usize,
    rules: &Rules,
    trusted: bool,
) -> (bool, usize, Entry) {
    /// The walk as work for a classifier: one for input known to be UTF-8 (a `str`) and one
    /// for the rest, so that in each the question is settled where the code is compiled.
    struct Run<'a, S, const TRUSTED: bool> {
        window: &'a [u8],
        pos: usize,
        entry: Entry,
        state: &'a mut State,
        sink: S,
        depth: usize,
        rules: &'a Rules,
    }
    impl<S: Sink, const TRUSTED: bool> WithClassifier for Run<'_, S, TRUSTED> {
        type Output = (bool, usize, Entry);
        const BIT_INSTRUCTIONS: bool = S::BIT_INSTRUCTIONS;
        #[inline(always)]
        fn run<C: Classifier>(self, classifier: C) -> Self::Output {
            let mut blocks = Blocks::new();
            let context = (self.rules, &mut blocks, classifier);
            let mut walk = Walk::new(self.window, self.pos, self.entry, context, TRUSTED, self.sink);
            let done = walk.run(self.state, self.depth).is_some();
            let (pos, entry) = walk.stopped();
            (done, pos, entry)
        }
    }
    if trusted {
        scan::with_classifier(Run::<S, true> { window, pos, entry, state, sink, depth, rules })
    } else {
        scan::with_classifier(Run::<S, false> { window, pos, entry, state, sink, depth, rules })
    }
}

/// What the walk tells of each token it takes, in document order: nothing, for validation and
/// skipping ([`Skip`]); every token, for a document's tape.
pub(crate) trait Sink {
    /// A string (a value or, with `name`, an object name) from its opening quote at
    /// `window[open]` to its end `end`, with its flags ([`string::ESCAPED`]…).
    fn string(&mut self, window: &[u8], open: usize, end: usize, flags: u8, name: bool);
    /// The sink reads numbers itself ([`scan_number`](Sink::scan_number)), their digits'
    /// value with their end in one pass; else the walk finds their ends and tells it nothing.
    const SCANS_NUMBERS: bool = false;
    /// The number that starts at `window[at]`, under `rules`: its end, having taken it, or
    /// `None` when it is not one the walk can take (invalid, over the limit, going on past
    /// the window, or one the sink will not take): the walk then stops before it, and the
    /// reader reads it.
    fn scan_number(&mut self, _window: &[u8], _at: usize, _rules: &Rules) -> Option<usize> {
        None
    }
    /// With [`SCANS_NUMBERS`](Sink::SCANS_NUMBERS), a number that the index's bits show to be
    /// an integer (digits with no leading zero, perhaps after a `-`) ending at `end` in one
    /// block: as [`scan_number`](Sink::scan_number), told its end.
    fn integer(&mut self, window: &[u8], at: usize, end: usize, rules: &Rules) -> Option<usize> {
        debug_assert!(end > at);
        self.scan_number(window, at, rules)
    }
    /// With [`SCANS_NUMBERS`](Sink::SCANS_NUMBERS), a number that the index's bits show to be
    /// an integer part (perhaps with a `-`), a `.` at `dot` and digits, ending at `end` in one
    /// block: as [`scan_number`](Sink::scan_number), told its parts.
    fn fraction(&mut self, window: &[u8], at: usize, dot: usize, end: usize, rules: &Rules) -> Option<usize> {
        debug_assert!(at < dot && dot + 1 < end);
        self.scan_number(window, at, rules)
    }
    /// The sink checks and decodes string values with escapes itself, in one pass
    /// ([`escaped_value`](Sink::escaped_value)), rather than being told of them after the
    /// walk has checked them.
    const DECODES_ESCAPES: bool = false;
    /// With [`DECODES_ESCAPES`](Sink::DECODES_ESCAPES), a string value from its opening quote
    /// at `window[open]` that the plain scan did not settle (escapes, control bytes, invalid
    /// UTF-8, or the window's end): checked and taken in one pass, returning its end, which
    /// must be `end` where the index knows it. `None`, having taken nothing, when it is not a
    /// valid string within the window and `rules`: the walk then checks it as any other.
    fn escaped_value(
        &mut self,
        _window: &[u8],
        _open: usize,
        _end: Option<usize>,
        _rules: &Rules,
    ) -> Option<usize> {
        None
    }
    /// The sink takes the decoded text of object names with escapes
    /// ([`decoded_name`](Sink::decoded_name)), which the walk has from their duplicate check.
    const TAKES_DECODED_NAMES: bool = false;
    /// With [`TAKES_DECODED_NAMES`](Sink::TAKES_DECODED_NAMES), an object name with escapes
    /// (flags `flags`), from its opening quote at `window[open]` to its end `end`, and its
    /// decoded text: as [`string`](Sink::string) of a name, without decoding it again.
    fn decoded_name(&mut self, window: &[u8], open: usize, end: usize, flags: u8, decoded: &[u8]) {
        let _ = decoded;
        self.string(window, open, end, flags, true);
    }
    /// `true`, `false` or `null`, by its first byte.
    fn literal(&mut self, first: u8);
    /// `{` (`object`) or `[`.
    fn open(&mut self, object: bool);
    /// The innermost container's `}` or `]`, and its count of values (of members, for an
    /// object).
    fn close(&mut self, children: usize);
    /// The walk with this sink is compiled for the CPU's bit instructions
    /// ([`WithClassifier::BIT_INSTRUCTIONS`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    const BIT_INSTRUCTIONS: bool = true;
}

impl<S: Sink> Sink for &mut S {
    const BIT_INSTRUCTIONS: bool = S::BIT_INSTRUCTIONS;
    #[inline(always)]
    fn string(&mut self, window: &[u8], open: usize, end: usize, flags: u8, name: bool) {
        (**self).string(window, open, end, flags, name);
    }
    const SCANS_NUMBERS: bool = S::SCANS_NUMBERS;
    #[inline(always)]
    fn scan_number(&mut self, window: &[u8], at: usize, rules: &Rules) -> Option<usize> {
        (**self).scan_number(window, at, rules)
    }
    #[inline(always)]
    fn integer(&mut self, window: &[u8], at: usize, end: usize, rules: &Rules) -> Option<usize> {
        (**self).integer(window, at, end, rules)
    }
    #[inline(always)]
    fn fraction(&mut self, window: &[u8], at: usize, dot: usize, end: usize, rules: &Rules) -> Option<usize> {
        (**self).fraction(window, at, dot, end, rules)
    }
    const DECODES_ESCAPES: bool = S::DECODES_ESCAPES;
    #[inline(always)]
    fn escaped_value(
        &mut self,
        window: &[u8],
        open: usize,
        end: Option<usize>,
        rules: &Rules,
    ) -> Option<usize> {
        (**self).escaped_value(window, open, end, rules)
    }
    const TAKES_DECODED_NAMES: bool = S::TAKES_DECODED_NAMES;
    #[inline(always)]
    fn decoded_name(&mut self, window: &[u8], open: usize, end: usize, flags: u8, decoded: &[u8]) {
        (**self).decoded_name(window, open, end, flags, decoded);
    }
    #[inline(always)]
    fn literal(&mut self, first: u8) {
        (**self).literal(first);
    }
    #[inline(always)]
    fn open(&mut self, object: bool) {
        (**self).open(object);
    }
    #[inline(always)]
    fn close(&mut self, children: usize) {
        (**self).close(children);
    }
}

/// The sink of a walk that only checks: it takes everything and keeps nothing.
pub(crate) struct Skip;

impl Sink for Skip {
    #[inline(always)]
    fn string(&mut self, _: &[u8], _: usize, _: usize, _: u8, _: bool) {}
    #[inline(always)]
    fn literal(&mut self, _: u8) {}
    #[inline(always)]
    fn open(&mut self, _: bool) {}
    #[inline(always)]
    fn close(&mut self, _: usize) {}
}

/// A walk over one window, from a token boundary inside a container.
struct Walk<'w, C, S> {
    window: &'w [u8],
    index: Index<'w, C>,
    /// The end of the last token taken: where the reader goes on.
    pos: usize,
    /// The innermost container's entry (the state's own is stale while walking).
    entry: Entry,
    /// Read only on rare paths: behind a reference, so that they take no registers.
    rules: &'w Rules,
    sink: S,
}

/// What the walk checks strings and numbers against.
pub(crate) struct Rules {
    /// The window ends the input.
    pub eof: bool,
    pub check: StrCheck,
    /// Limits on a string (quotes included) and a number, in bytes.
    pub max_string: usize,
    pub max_number: usize,
}

/// What follows a value, or the opening of a container.
enum Then {
    /// A value starts at this window index (not yet checked).
    Value(usize),
    /// The container closed (after a value: the one the walk started in).
    Closed,
}

impl<'w, C: Classifier, S: Sink> Walk<'w, C, S> {
    /// A walk of `window` from `pos`, between tokens inside a container whose entry is `entry`.
    #[inline(always)]
    fn new(
        window: &'w [u8],
        pos: usize,
        entry: Entry,
        (rules, blocks, classifier): (&'w Rules, &'w mut Blocks, C),
        trusted: bool,
        sink: S,
    ) -> Self {
        let index = Index::new(window, pos, trusted, blocks, classifier);
        Walk { window, index, pos, entry, rules, sink }
    }

    /// Where the walk stopped, and the innermost container's entry there (for the state).
    #[inline(always)]
    fn stopped(&self) -> (usize, Entry) {
        (self.pos, self.entry)
    }

    /// Takes tokens until the container open at depth `depth + 1` closes (`Some`), or until a
    /// token the walk does not take (`None`).
    #[inline(always)]
    fn run(&mut self, state: &mut State, depth: usize) -> Option<()> {
        let first = match self.entry.pos() {
            Pos::ArrayFirst => self.first_element(state)?,
            Pos::ObjectFirst => self.first_member(state)?,
            Pos::ArrayNext | Pos::ObjectNext => self.after_value(state, depth)?,
            Pos::ObjectColon => Then::Value(self.colon()?),
            Pos::TopFirst | Pos::TopNext => return None,
        };
        let mut at = match first {
            Then::Value(at) => at,
            Then::Closed if state.depth() == depth => return Some(()),
            Then::Closed => match self.after_value(state, depth)? {
                Then::Value(at) => at,
                Then::Closed => return Some(()),
            },
        };
        loop {
            // A value starts at `at`.
            let c = self.window[at];
            match c {
                b'"' => {
                    let (end, flags) = self.string(at, true)?;
                    if flags != TAKEN {
                        self.sink.string(self.window, at, end, flags, false);
                    }
                    self.took_value(end);
                }
                b'{' | b'[' => {
                    let object = c == b'{';
                    self.entry = state.open(self.entry.started(), object)?;
                    self.sink.open(object);
                    self.pos = at + 1;
                    // An empty container is a value: what follows it is next. (It closed at a
                    // depth past the walk's: the walk goes on.)
                    let first = if object { self.first_member(state)? } else { self.first_element(state)? };
                    if let Then::Value(next) = first {
                        at = next;
                        continue;
                    }
                }
                b'-' | b'0'..=b'9' => {
                    let end = if S::SCANS_NUMBERS {
                        match self.index.number_shape(self.window, at) {
                            Shape::Digits(end) | Shape::Signed(end) => {
                                self.sink.integer(self.window, at, end, self.rules)?
                            }
                            Shape::Fraction { end, dot } => {
                                self.sink.fraction(self.window, at, dot, end, self.rules)?
                            }
                            Shape::Other => self.sink.scan_number(self.window, at, self.rules)?,
                        }
                    } else {
                        match self.index.number_end(self.window, at) {
                            // Inside one block, so within the number limit (checked on entry).
                            Some(end) => end,
                            None => number_end(self.window, at, self.rules)?,
                        }
                    };
                    self.took_value(end);
                }
                b't' | b'f' | b'n' => match literal_end(self.window, at, c) {
                    Some(end) if ends_run(self.window, end, self.rules.eof) => {
                        self.sink.literal(c);
                        self.took_value(end);
                    }
                    _ => return None,
                },
                _ => return None,
            }
            at = match self.after_value(state, depth)? {
                Then::Value(next) => next,
                Then::Closed => return Some(()),
            };
        }
    }

    /// A scalar value ends at `end`.
    #[inline(always)]
    fn took_value(&mut self, end: usize) {
        self.entry = self.entry.started();
        self.pos = end;
    }

    /// After a value: a separator and where the next value starts, or closes, until one closes
    /// the container the walk began in (depth `depth + 1`).
    #[inline(always)]
    fn after_value(&mut self, state: &mut State, depth: usize) -> Option<Then> {
        loop {
            let at = self.index.next()?;
            let c = self.window[at];
            let object = self.entry.is_object();
            if c == b',' {
                let next = self.index.next()?;
                return Some(Then::Value(if object { self.member(state, next)? } else { next }));
            }
            if c != if object { b'}' } else { b']' } {
                return None;
            }
            let children = self.entry.children();
            self.entry = state.close(object);
            self.sink.close(children);
            self.pos = at + 1;
            if state.depth() == depth {
                return Some(Then::Closed);
            }
        }
    }

    /// Just after `[` (the entry is the new array's): `]`, or where the first element starts.
    #[inline(always)]
    fn first_element(&mut self, state: &mut State) -> Option<Then> {
        let at = self.index.next()?;
        if self.window[at] != b']' {
            return Some(Then::Value(at));
        }
        self.entry = state.close(false);
        self.sink.close(0);
        self.pos = at + 1;
        Some(Then::Closed)
    }

    /// Just after `{` (the entry is the new object's): `}`, or the first member's name and
    /// where its value starts.
    #[inline(always)]
    fn first_member(&mut self, state: &mut State) -> Option<Then> {
        let at = self.index.next()?;
        if self.window[at] != b'}' {
            return Some(Then::Value(self.member(state, at)?));
        }
        self.entry = state.close(true);
        self.sink.close(0);
        self.pos = at + 1;
        Some(Then::Closed)
    }

    /// A member's name at `at` (recorded, and checked against the object's other names), its
    /// colon, and where its value starts.
    #[inline(always)]
    fn member(&mut self, state: &mut State, at: usize) -> Option<usize> {
        if self.window[at] != b'"' {
            return None;
        }
        let (end, flags) = self.string(at, false)?;
        if S::TAKES_DECODED_NAMES && flags != 0 {
            // Decoded once, for the duplicate check, and handed on.
            let raw = &self.window[at + 1..end - 1];
            let decoded = state.names.add_decoded(self.window, |buf| string::unescape(raw, flags, buf))?;
            self.sink.decoded_name(self.window, at, end, flags, decoded);
        } else {
            if !add_name(&mut state.names, self.window, at, end, flags) {
                return None;
            }
            self.sink.string(self.window, at, end, flags, true);
        }
        self.entry = self.entry.started();
        self.pos = end;
        self.colon()
    }

    /// After a name: its colon, and where the value starts.
    #[inline(always)]
    fn colon(&mut self) -> Option<usize> {
        let at = self.index.next()?;
        if self.window[at] != b':' {
            return None;
        }
        self.index.next()
    }

    /// The string whose opening quote is at `open` (a `value` or a name): its end and flags, or
    /// `None` when it is not one the walk can take (invalid, over the limit, or ending past the
    /// whole blocks). Flags [`TAKEN`]: a value the sink checked and took itself.
    #[inline(always)]
    fn string(&mut self, open: usize, value: bool) -> Option<(usize, u8)> {
        let window = self.window;
        if self.index.block_done() {
            // The string goes on past this block: scan it directly (once, rather than
            // classifying its blocks and then checking them again) and index from its end,
            // from the block's end when the index found the string plain up to there.
            // Two calls, not one from a chosen start: each keeps its own copy of the inline
            // first word's test, whose outcome differs between the two (a tail past the block
            // end is often short). One call ran fewer instructions but lost the gain in time.
            let trusted = self.index.trusted_utf8();
            let plain = match self.index.plain_to_block_end(open) {
                Some(from) => string::scan_plain_from::<1>(window, from, trusted),
                None => string::scan_plain(window, open, trusted),
            };
            let (end, flags) = match plain {
                Some(end) => (end, 0),
                None => match self.escaped_value(open, None, value) {
                    Some(end) => (end, TAKEN),
                    None => string::scan(window, open, 1, 0, self.rules.eof, self.rules.check).ok()?,
                },
            };
            if end - open > self.rules.max_string {
                return None;
            }
            self.index.restart(end);
            return Some((end, flags));
        }
        // The next token after an opening quote in the same block is its closing quote (the
        // index takes no token inside a string), and the string is within the limit (checked
        // on entry to the walk).
        let close = self.index.next()?;
        let end = close + 1;
        debug_assert!(window[close] == b'"' && end - open <= self.rules.max_string);
        if !self.index.take_dirty(close) {
            return Some((end, 0));
        }
        // Non-ASCII without escapes: the fused run-and-UTF-8 kernel. Escapes or control bytes:
        // the full check. Either must end at the same quote.
        if let Some(plain) = string::scan_plain(window, open, self.index.trusted_utf8()) {
            return (plain == end).then_some((end, 0));
        }
        if self.escaped_value(open, Some(end), value).is_some() {
            return Some((end, TAKEN));
        }
        match string::scan(window, open, 1, 0, self.rules.eof, self.rules.check) {
            Ok((at, flags)) if at == end => Some((end, flags)),
            _ => None,
        }
    }

    /// A string value that the plain scan did not settle, checked and taken by a sink that
    /// decodes escapes itself ([`Sink::escaped_value`], which keeps to the limit, so that the
    /// walk takes what the sink took); `None` for names and other sinks.
    #[inline(always)]
    fn escaped_value(&mut self, open: usize, end: Option<usize>, value: bool) -> Option<usize> {
        if !(S::DECODES_ESCAPES && value) {
            return None;
        }
        self.sink.escaped_value(self.window, open, end, self.rules)
    }
}

/// The flags [`Walk::string`] gives a string value that the sink took itself.
const TAKEN: u8 = 0x80;

/// The end of the number at `window[at]` that the block bits did not settle (an exponent, a run
/// into the next block, or not a number), when it is one within the rules. Not inlined, and
/// with nothing of the walk but the window: the walk's state stays in registers around it.
#[inline(never)]
pub(crate) fn number_end(window: &[u8], at: usize, rules: &Rules) -> Option<usize> {
    let end = match number::scan_simple(window, at) {
        Some(end) => end,
        None => number::scan(window, at, rules.eof).ok()?,
    };
    (ends_run(window, end, rules.eof) && end - at <= rules.max_number).then_some(end)
}
