//! The structural index: where the tokens of JSON text start, found 64 bytes at a time.
//!
//! A [`Classifier`] gives, for each block of 64 bytes, one bit per byte for each class of byte
//! the index asks about (quote, backslash, punctuation, the ends of runs: punctuation or
//! whitespace, the bytes that make a string suspect: control, backslash and, unless the input
//! is a `str`, non-ASCII; and digits). This module turns those bits into the positions a
//! grammar needs, in the manner of simdjson's first stage, without looking at single bytes:
//!
//! - a backslash escapes the byte after it, unless it is itself escaped; an escaped quote is
//!   not a quote;
//! - the bytes from an opening quote up to its closing quote are inside a string (a running
//!   XOR of the quote bits, carried from block to block);
//! - outside strings, every punctuation byte (`{}[],:`) is a token, every quote is one, and so
//!   is the first byte of every run of other non-whitespace bytes (a number, a literal, or
//!   something invalid);
//! - inside strings, control bytes, backslashes and (unless the input is known to be UTF-8)
//!   non-ASCII bytes make the string *dirty*: its escapes and UTF-8 need a closer look;
//! - a number is checked from the block's digit bits and where its run ends, without reading
//!   its bytes one by one (see [`Index::number_end`]).
//!
//! The index knows no grammar: the walk ([`super::walk`], behind the reader's skip) takes
//! its tokens and checks each one. The index is built from a token boundary (outside any string) and only
//! over whole blocks, so that no load goes past the input; the reader finishes the last bytes
//! itself.

use crate::scan::{self, Classes, Classifier, PrefixXor, BLOCK};

/// The positions of tokens in a window, block by block.
///
/// Split in two so that taking a token costs no memory access: the current block's position
/// and its token bits not yet taken are plain fields (nothing takes the index's address, so the
/// compiler keeps them in registers wherever a token is taken), and the rest, read only for
/// strings, numbers and the next block, is in [`Blocks`], by reference. Moving on to the next
/// block classifies it inline with `C`: run under [`scan::with_classifier`], the index calls
/// no kernel.
pub(crate) struct Index<'a, C> {
    bytes: &'a [u8],
    /// Where the current block starts.
    block: usize,
    /// Token bits of the current block not yet taken.
    tokens: u64,
    /// Non-ASCII bytes need no check (the input is a `str`): a constant where the index is
    /// inlined into code compiled for one kind of input.
    trusted_utf8: bool,
    rest: &'a mut Blocks,
    classifier: C,
}

/// The index's state besides the current block's token bits.
pub(crate) struct Blocks {
    /// Where the next block starts.
    next_block: usize,
    /// Dirty bits of the current block not yet claimed by a string. Bit 0 also stands for those
    /// of blocks passed over (it is never the bit of a closing quote's own byte that matters:
    /// a closing quote claims the bits before it and its own, which is never dirty).
    dirty: u64,
    /// Whitespace and punctuation outside strings in the current block: where runs end.
    ends: u64,
    /// The digits of the current block.
    digits: u64,
    /// The token bits of the current block, as found.
    tokens: u64,
    carry: Carry,
}

impl Blocks {
    /// Takes a block's classes: its bits, and the state carried to the next block. True when
    /// the block has a token.
    #[inline(always)]
    fn take(&mut self, classes: &Classes, prefix_xor: PrefixXor) -> bool {
        let bits = self.carry.bits(classes, prefix_xor);
        self.dirty = bits.dirty | u64::from(self.dirty != 0);
        (self.ends, self.digits, self.tokens) = (bits.ends, bits.digits, bits.tokens);
        bits.tokens != 0
    }

    /// Room for an index's state, set by [`Index::new`].
    pub(crate) fn new() -> Blocks {
        Blocks::at(0)
    }

    /// The state of an index starting at `start`, outside any string.
    #[inline(always)]
    fn at(start: usize) -> Blocks {
        let carry = Carry { in_string: 0, boundary: 1, escape: false };
        Blocks { next_block: start, dirty: 0, ends: 0, digits: 0, tokens: 0, carry }
    }
}

/// What one block's bits depend on besides its bytes and the input's UTF-8 trust: the state the
/// block before it leaves.
#[derive(Clone, Copy)]
struct Carry {
    /// All ones when the previous block ended inside a string.
    in_string: u64,
    /// 1 when the previous block's last byte ends a token run (whitespace, punctuation or a
    /// quote), so that a non-whitespace byte first in this block starts a token.
    boundary: u64,
    /// The previous block ended with a backslash that escapes this block's first byte.
    escape: bool,
}

impl<'a, C: Classifier> Index<'a, C> {
    /// An index of `bytes` from `start`, which must be outside any string (a token boundary),
    /// keeping its state besides the current block's tokens in `rest`.
    #[inline(always)]
    pub(crate) fn new(
        bytes: &'a [u8],
        start: usize,
        trusted_utf8: bool,
        rest: &'a mut Blocks,
        classifier: C,
    ) -> Index<'a, C> {
        let mut index = Index { bytes, block: start, tokens: 0, trusted_utf8, rest, classifier };
        index.restart(start);
        index
    }

    /// Whether the input is known to be UTF-8 (a `str`): a constant where the index is inlined
    /// into code compiled for one kind of input.
    #[inline(always)]
    pub(crate) fn trusted_utf8(&self) -> bool {
        self.trusted_utf8
    }

    /// Starts again from `start`, which must be outside any string (a token boundary).
    #[inline(always)]
    pub(crate) fn restart(&mut self, start: usize) {
        self.block = start;
        self.tokens = 0;
        *self.rest = Blocks::at(start);
    }

    /// The position of the next token, or `None` when no whole block is left.
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<usize> {
        if self.tokens == 0 {
            let (block, tokens) =
                next_block_with_token(self.classifier, self.bytes, self.trusted_utf8, self.rest);
            if tokens == 0 {
                return None;
            }
            (self.block, self.tokens) = (block, tokens);
        }
        let bit = self.tokens.trailing_zeros() as usize;
        self.tokens &= self.tokens - 1;
        Some(self.block + bit)
    }

    /// Called at the opening quote `open` of a string, a token just returned by
    /// [`next`](Index::next), when no token is left in its block (so the string goes on past
    /// it): where the block ends, when the index found no backslash, control byte or (for
    /// input not known to be UTF-8) non-ASCII byte in the string there. A scan of the string
    /// can start at that end.
    #[inline(always)]
    pub(crate) fn plain_to_block_end(&self, open: usize) -> Option<usize> {
        debug_assert!(self.rest.next_block == self.block + BLOCK, "a token's block is classified");
        // The string's dirty bits: those after its quote (none before it are unclaimed).
        let dirty = self.rest.dirty >> (open - self.block) >> 1;
        (dirty == 0).then_some(self.block + BLOCK)
    }

    /// No token is left in the current block: the next is in a later one.
    #[inline(always)]
    pub(crate) fn block_done(&self) -> bool {
        self.tokens == 0
    }

    /// Called with the position of a closing quote just returned by [`next`](Index::next):
    /// whether the string it closes holds a control byte, a backslash or (for input not known
    /// to be UTF-8) a non-ASCII byte.
    #[inline(always)]
    pub(crate) fn take_dirty(&mut self, close: usize) -> bool {
        let rest = &mut *self.rest;
        if rest.dirty == 0 {
            // Nothing suspect since the last string closed (the common case).
            return false;
        }
        // The bytes before the quote, and bit 0 for the blocks passed over.
        let claimed = ((1u64 << (close - self.block)) - 1) | 1;
        let dirty = rest.dirty & claimed != 0;
        rest.dirty &= !claimed;
        dirty
    }

    /// Called with the position of a token just returned by [`next`](Index::next) that starts
    /// with `-` or a digit: the end of the number there, when the run of bytes up to the next
    /// whitespace or punctuation ends in this block and is a number without an exponent (`-`,
    /// then `0` or a digit run not starting with `0`, then perhaps `.` and digits). `None`
    /// leaves it to a full scan: an exponent, a run going on into the next block, or anything
    /// that is not a number.
    ///
    /// From the block's bits, with no loop over the bytes and few branches: the digits of the
    /// run, and of its other bytes only the first (a `-`) and one more (a `.`) are looked at.
    #[inline(always)]
    pub(crate) fn number_end(&self, window: &[u8], at: usize) -> Option<usize> {
        match self.number_shape(window, at) {
            Shape::Digits(end) | Shape::Signed(end) | Shape::Fraction { end, .. } => Some(end),
            Shape::Other => None,
        }
    }

    /// [`number_end`](Index::number_end), telling apart the numbers it takes: a plain run of
    /// digits, one with a `-`, and one with a fraction (where its `.` is).
    #[inline(always)]
    pub(crate) fn number_shape(&self, window: &[u8], at: usize) -> Shape {
        let Some((len, run, digits)) = self.run_at(at) else {
            return Shape::Other;
        };
        if digits == run {
            // Digits only (most numbers): a number unless it has a leading zero.
            return match integer_end(window, at, len) {
                Some(end) => Shape::Digits(end),
                None => Shape::Other,
            };
        }
        let minus = u64::from(window[at] == b'-');
        // The bit of the first digit, and the bits that are neither it, a digit nor the `-`.
        let first = 1u64 << minus;
        let rest = run & !digits & !minus;
        let dot = rest & rest.wrapping_neg();
        let dot_at = at + dot.trailing_zeros() as usize;
        let leading_zero = window[at + minus as usize] == b'0' && digits & (first << 1) != 0;
        let fraction = dot == 0 || (window[dot_at] == b'.' && digits & (dot << 1) != 0);
        let end = at + len;
        match digits & first != 0 && !leading_zero && rest == dot && fraction {
            false => Shape::Other,
            true if dot == 0 => Shape::Signed(end),
            true => Shape::Fraction { end, dot: dot_at },
        }
    }

    /// The run of bytes from `at` (a token's first byte) up to the next whitespace or
    /// punctuation, when it ends in this block: its length (1 to 63 bytes, the first byte being
    /// no end), its bits, and which of them are digits.
    #[inline(always)]
    fn run_at(&self, at: usize) -> Option<(usize, u64, u64)> {
        let rel = at - self.block;
        let ends = self.rest.ends >> rel;
        if ends == 0 {
            return None;
        }
        let len = ends.trailing_zeros();
        let run = (1u64 << len) - 1;
        Some((len as usize, run, (self.rest.digits >> rel) & run))
    }
}

/// The end of the run of `len` digits at `window[at]`, unless it has a leading zero.
#[inline(always)]
fn integer_end(window: &[u8], at: usize, len: usize) -> Option<usize> {
    (len == 1 || window[at] != b'0').then_some(at + len)
}

/// What the block's bits show of a number ([`Index::number_shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Digits only, no leading zero (but a lone `0`), ending at the position given.
    Digits(usize),
    /// A `-` and digits, ending at the position given.
    Signed(usize),
    /// An integer part (perhaps with a `-`), a `.` at `dot` and digits, ending at `end`.
    Fraction { end: usize, dot: usize },
    /// None of those, or a run that goes on into the next block: for a full scan.
    Other,
}

/// Moves `rest` on to the next whole block of `bytes` with a token: that block's position and
/// token bits, or no bits when no whole block is left.
#[inline(always)]
fn next_block_with_token<C: Classifier>(
    classifier: C,
    bytes: &[u8],
    trusted_utf8: bool,
    rest: &mut Blocks,
) -> (usize, u64) {
    rest.tokens = 0;
    let at = scan::each_block(classifier, bytes, rest.next_block, trusted_utf8, |_, classes, prefix_xor| {
        rest.take(classes, prefix_xor)
    });
    rest.next_block = if rest.tokens == 0 { at } else { at + BLOCK };
    (at, rest.tokens)
}

impl Carry {
    /// The token and dirty bits of a block, carrying the string, escape and boundary state.
    #[inline(always)]
    fn bits(&mut self, c: &Classes, prefix_xor: PrefixXor) -> Bits {
        let escaped = scan::escaped(c.backslash, &mut self.escape);
        let quote = c.quote & !escaped;
        // From each opening quote up to (not including) its closing quote.
        let in_string = prefix_xor.apply(quote) ^ self.in_string;
        self.in_string = ((in_string as i64) >> 63) as u64;
        let content = in_string & !quote;
        let outside = !(in_string | quote);
        let punct = c.punct & outside;
        let ends = c.ends & outside;
        let other = outside & !ends;
        // Not masked to outside strings: a bit inside one changes no start, since the byte
        // before a byte outside every string is outside too, or a closing quote.
        let boundary = c.ends | quote;
        let starts = other & ((boundary << 1) | self.boundary);
        self.boundary = boundary >> 63;
        Bits { tokens: punct | quote | starts, dirty: c.suspect & content, ends, digits: c.digit }
    }
}

/// What a block contributes to the index.
struct Bits {
    tokens: u64,
    dirty: u64,
    ends: u64,
    digits: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::kernels::with_each_classifier;
    use crate::scan::WithClassifier;

    /// One byte at a time: the token positions of `bytes` from `start` over whole blocks, and
    /// for each closing quote whether its string is dirty.
    fn reference(bytes: &[u8], start: usize, trusted_utf8: bool) -> Vec<(usize, Option<bool>)> {
        let end = start + (bytes.len() - start) / BLOCK * BLOCK;
        let mut out = Vec::new();
        let (mut escaped, mut in_string, mut boundary, mut dirty) = (false, false, true, false);
        for (i, &b) in bytes.iter().enumerate().take(end).skip(start) {
            let quote = b == b'"' && !escaped;
            escaped = b == b'\\' && !escaped;
            if in_string {
                if quote {
                    in_string = false;
                    boundary = true;
                    out.push((i, Some(dirty)));
                } else {
                    dirty |= b < 0x20 || b == b'\\' || (b >= 0x80 && !trusted_utf8);
                }
                continue;
            }
            if quote {
                (in_string, dirty, boundary) = (true, false, true);
                out.push((i, None));
            } else if b"{}[],:".contains(&b) {
                boundary = true;
                out.push((i, None));
            } else if scan::is_ws(b) {
                boundary = true;
            } else {
                if boundary {
                    out.push((i, None));
                }
                boundary = false;
            }
        }
        out
    }

    /// The index's token positions from `start`, asking for dirtiness at every closing quote.
    #[derive(Clone)]
    struct Indexed<'a> {
        bytes: &'a [u8],
        start: usize,
        trusted_utf8: bool,
    }

    impl WithClassifier for Indexed<'_> {
        type Output = Vec<(usize, Option<bool>)>;
        fn run<C: Classifier>(self, classifier: C) -> Self::Output {
            let (bytes, mut blocks) = (self.bytes, Blocks::new());
            let mut index = Index::new(bytes, self.start, self.trusted_utf8, &mut blocks, classifier);
            let (mut out, mut in_string) = (Vec::new(), false);
            while let Some(at) = index.next() {
                let closes = in_string && bytes[at] == b'"';
                in_string = bytes[at] == b'"' && !in_string;
                out.push((at, closes.then(|| index.take_dirty(at))));
            }
            out
        }
    }

    /// The index under every classifier against the reference, from `start`.
    fn check_from(bytes: &[u8], start: usize, what: &str) {
        for trusted_utf8 in [false, true] {
            let want = reference(bytes, start, trusted_utf8);
            for (name, got) in with_each_classifier(Indexed { bytes, start, trusted_utf8 }) {
                assert_eq!(got, want, "{what} from {start}, {name}");
            }
        }
    }

    fn check(bytes: &[u8], what: &str) {
        // Miri (which runs these on the portable kernels) is a thousand times slower: fewer.
        let starts = if cfg!(miri) { 3 } else { BLOCK + 2 };
        // Starts inside a string make no sense; the reference and the index still agree.
        for start in 0..bytes.len().min(starts) {
            check_from(bytes, start, what);
        }
    }

    #[test]
    fn index_matches_reference() {
        let cases: &[(&str, &[u8])] = &[
            ("empty", b""),
            ("short", b"[1, 2]"),
            ("escaped quotes", br#"{"a\"b": "c\\", "d\\\"": [true, null, -1.5e3]} "#),
            ("backslash runs", br#"["\\\\\\\"", "\\\\", "\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\"" ]"#),
            ("dirty strings", "[\"caf\u{e9}\", \"tab\there\", \"plain\", \"\\u0041\", \"x\"]".as_bytes()),
            ("garbage", b"[1x, tru e, \x01, \\, \"a\"b, 12\"x\", {\"k\"  :  \"v\"}]"),
        ];
        // Strings over two blocks long: dirty only at the start or only at the end, then clean
        // ones, so that what a string leaves pending across blocks is claimed by it alone.
        let long = "x".repeat(150);
        let long_strings = format!("[\"\u{e9}{long}\", \"{long}\", \"{long}\\n\", \"{long}\", \"a\"]");
        let cases = cases.iter().copied().chain([("long strings", long_strings.as_bytes())]);
        for (what, text) in cases {
            // Every case at every alignment, repeated so that it crosses block boundaries.
            let mut bytes = Vec::new();
            for pad in (0..BLOCK + 1).step_by(if cfg!(miri) { 43 } else { 1 }) {
                bytes.clear();
                bytes.resize(pad, b' ');
                while bytes.len() < 4 * BLOCK {
                    bytes.extend_from_slice(text);
                    bytes.push(b'\n');
                }
                check(&bytes, what);
            }
        }
    }

    /// Whether `text` is a number without an exponent: what [`Index::number_end`] takes.
    fn simple_number(text: &[u8]) -> bool {
        let text = text.strip_prefix(b"-").unwrap_or(text);
        let (int, frac) = match text.iter().position(|&b| b == b'.') {
            Some(i) => (&text[..i], Some(&text[i + 1..])),
            None => (text, None),
        };
        let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
        digits(int) && (int.len() == 1 || int[0] != b'0') && frac.is_none_or(digits)
    }

    /// For every token the index gives that starts with `-` or a digit, [`Index::number_end`]
    /// must give the end of the run exactly when the run (up to whitespace or punctuation, in
    /// the same block) is a number without an exponent, and `None` otherwise, and
    /// [`Index::number_shape`] its shape. Returns how many numbers it took.
    fn check_numbers(bytes: &[u8], what: &str) -> usize {
        let mut blocks = Blocks::new();
        let mut index = Index::new(bytes, 0, false, &mut blocks, scan::Swar);
        let mut taken = 0;
        while let Some(at) = index.next() {
            if !matches!(bytes[at], b'-' | b'0'..=b'9') {
                continue;
            }
            let run = bytes[at..].iter().position(|&b| b" \t\n\r{}[],:".contains(&b)).map(|n| at + n);
            let same_block = run.is_some_and(|end| end / BLOCK == at / BLOCK);
            let want = run.filter(|&end| same_block && simple_number(&bytes[at..end]));
            assert_eq!(index.number_end(bytes, at), want, "{what}: the number at {at} in {bytes:?}");
            // Its shape: digits alone, a sign, or where its `.` is.
            let shape =
                want.map_or(Shape::Other, |end| match bytes[at..end].iter().position(|&b| b == b'.') {
                    Some(dot) => Shape::Fraction { end, dot: at + dot },
                    None if bytes[at] == b'-' => Shape::Signed(end),
                    None => Shape::Digits(end),
                });
            assert_eq!(index.number_shape(bytes, at), shape, "{what}: the number at {at} in {bytes:?}");
            taken += usize::from(want.is_some());
        }
        taken
    }

    #[test]
    fn numbers_are_taken_from_the_block_bits() {
        let cases: &[&str] = &[
            "0",
            "-0",
            "7",
            "-12",
            "0.5",
            "-0.25",
            "123.456",
            "1.0",
            "-65.61361699999998",
            "12345678901234567890123456789.5",
            "01",
            "-",
            "-01",
            "00.5",
            "1.",
            "-.5",
            "1.2.3",
            "1e5",
            "1E+2",
            "-1.5e-3",
            "-a",
            "1x",
            "1-",
            "--1",
            "0x1",
            "1..2",
            "1.2e",
            "12\"",
            "1.x",
            "1.5.",
            "9-",
            "4\u{e9}",
        ];
        for text in cases {
            let mut taken = 0;
            // At every alignment, so that the number meets every block boundary. Under Miri, a
            // thousand times slower, at every seventh and after two of the ends: the index sees
            // only whole blocks, and the pads that put the number in this short document's one
            // whole block are seven (after a one-byte end) or eight.
            for pad in (0..2 * BLOCK).step_by(if cfg!(miri) { 7 } else { 1 }) {
                for end in if cfg!(miri) { &[",", "\n]"][..] } else { &[",", "]", " ,", "\n]", ":"] } {
                    let doc = format!("{}[{text}{end}true]", " ".repeat(pad));
                    taken += check_numbers(doc.as_bytes(), text);
                }
            }
            // Simple numbers are taken wherever they end inside their block.
            assert_eq!(taken > 0, simple_number(text.as_bytes()), "{text}");
        }
    }

    /// A seeded xorshift generator: the same random inputs on every run.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// Up to `max_len` bytes drawn from `alphabet`.
        fn bytes(&mut self, alphabet: &[u8], max_len: u64) -> Vec<u8> {
            let len = self.next() % max_len;
            (0..len).map(|_| alphabet[(self.next() % alphabet.len() as u64) as usize]).collect()
        }
    }

    /// How many random inputs a test draws (Miri is a thousand times slower: fewer).
    const RANDOM_INPUTS: usize = if cfg!(miri) { 30 } else { 3000 };

    #[test]
    fn numbers_from_the_block_bits_on_random_input() {
        let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut taken = 0;
        for _ in 0..RANDOM_INPUTS {
            taken += check_numbers(&random.bytes(b"0123456789-.eE+x \",]0011..--", 200), "random");
        }
        assert!(taken > RANDOM_INPUTS / 3, "only {taken} of {RANDOM_INPUTS} numbers taken");
    }

    #[test]
    fn index_matches_reference_on_random_input() {
        let mut random = XorShift(0x2545_F491_4F6C_DD1D);
        for _ in 0..RANDOM_INPUTS {
            let bytes = random.bytes(b"\"\\{}[],: \t\n\r\x01a1-e.tn\xc3\xa9\x80", 300);
            let start = (random.next() % (bytes.len() as u64 + 1)) as usize;
            check_from(&bytes, start, &format!("{bytes:?}"));
        }
    }
}
