//! Strings: the grammar and UTF-8 checks when reading, unescaping, and escaping when writing.

use super::Stop;
use crate::error::{Code, Found};
use crate::scan;

/// The string has at least one escape sequence.
pub(crate) const ESCAPED: u8 = 1;
/// The string has invalid UTF-8 or a lone surrogate escape (only under `allow_invalid_utf8`):
/// decoding replaces them with U+FFFD.
pub(crate) const INVALID: u8 = 2;

/// How to check a string's bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StrCheck {
    /// The input is known to be UTF-8 (it came as `&str`): skip validation.
    pub trusted_utf8: bool,
    /// Accept invalid UTF-8 and lone surrogates, flagging the string [`INVALID`].
    pub allow_invalid: bool,
}

/// The common case of [`scan`](fn@scan), small enough to inline: a string with no escapes that ends
/// inside `bytes`. Returns the index after the closing quote, or `None` when [`scan`](fn@scan) must
/// look.
#[inline(always)]
pub(crate) fn scan_plain(bytes: &[u8], start: usize, trusted_utf8: bool) -> Option<usize> {
    scan_plain_words::<1>(bytes, start, trusted_utf8)
}

/// [`scan_plain`] with the first `WORDS` eight-byte words of the string inline: 2 for object
/// names, which are mostly short (and a call to the vector kernel costs more than a second
/// word for them).
#[inline(always)]
pub(crate) fn scan_plain_words<const WORDS: usize>(
    bytes: &[u8],
    start: usize,
    trusted_utf8: bool,
) -> Option<usize> {
    scan_plain_from::<WORDS>(bytes, start + 1, trusted_utf8)
}

/// [`scan_plain_words`] of a string whose bytes before `from` are known to be plain: no quote,
/// backslash or control byte, and ASCII unless `trusted_utf8` (so that `from` starts a
/// character). Only the bytes from `from` on are scanned.
#[inline(always)]
pub(crate) fn scan_plain_from<const WORDS: usize>(
    bytes: &[u8],
    from: usize,
    trusted_utf8: bool,
) -> Option<usize> {
    let run = checked_run::<WORDS>(bytes, from, trusted_utf8);
    (run.valid && bytes.get(run.end) == Some(&b'"')).then_some(run.end + 1)
}

/// The run of string bytes at `at` (up to a quote, a backslash, a control byte or the end) and
/// whether it is UTF-8: in one pass by the fused kernel, or unchecked when the text is a `str`.
#[inline(always)]
fn checked_run<const WORDS: usize>(bytes: &[u8], at: usize, trusted_utf8: bool) -> scan::CheckedRun {
    if trusted_utf8 {
        scan::CheckedRun { end: scan::string_run_words::<WORDS>(bytes, at).end, valid: true }
    } else {
        scan::string_run_checked_words::<WORDS>(bytes, at)
    }
}

/// Scans a string whose opening quote is at `bytes[start]`. Returns the index after the closing
/// quote and the string's flags.
///
/// When the bytes end inside the string and `eof` is false, asks for more with a resume point
/// (relative to `start`) and the flags so far; call again with both once more bytes are there.
/// The first call passes `resume = 1` and `flags = 0`.
pub(crate) fn scan(
    bytes: &[u8],
    start: usize,
    resume: usize,
    mut flags: u8,
    eof: bool,
    check: StrCheck,
) -> Result<(usize, u8), Stop> {
    let mut i = start + resume;
    'string: loop {
        // Escapes often come in a row: look at the byte before scanning a run.
        if bytes.get(i) == Some(&b'\\') {
            flags |= ESCAPED;
            'escape: {
                // The common escapes inline; surrogates, errors and the window's end below.
                match bytes.get(i + 1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                        i += 2;
                        continue 'string;
                    }
                    Some(b'u') => {
                        if let Ok(unit) = hex4(bytes, i + 2) {
                            if !(0xD800..0xE000).contains(&unit) {
                                i += 6;
                                // A lone escape (an accented letter) goes on to the run
                                // without the loop's test again.
                                if bytes.get(i) != Some(&b'\\') {
                                    break 'escape;
                                }
                                if unicode_run_at(bytes, i) {
                                    // A run of escapes (text escaped for ASCII): four at a time.
                                    i += scan::unicode_run(bytes, i);
                                }
                                continue 'string;
                            }
                        }
                    }
                    _ => {}
                }
                i = check_escape(bytes, i, eof, check.allow_invalid, &mut flags).map_err(
                    |stop| match stop {
                        Stop::More { .. } => Stop::More { resume: i - start, flags },
                        invalid => invalid,
                    },
                )?;
                continue 'string;
            }
        }
        // The validator again only to tell where and how a bad run fails.
        let scan::CheckedRun { end, valid } = checked_run::<1>(bytes, i, check.trusted_utf8);
        if !valid {
            if let Err(e) = scan::validate_utf8(&bytes[i..end]) {
                let bad = i + e.valid_up_to;
                if e.incomplete && end == bytes.len() {
                    // The bytes end inside a character: more may complete it.
                    return Err(if eof {
                        Stop::invalid(Code::Eof("in a string"), bytes.len())
                    } else {
                        Stop::More { resume: bad - start, flags }
                    });
                }
                if !check.allow_invalid {
                    return Err(Stop::invalid(Code::InvalidUtf8(bytes[bad]), bad));
                }
                flags |= INVALID;
            }
        }
        i = end;
        match bytes.get(i) {
            Some(b'"') => return Ok((i + 1, flags)),
            // An escape: checked at the top of the loop.
            Some(b'\\') => {}
            Some(&c) => return Err(Stop::invalid(Code::Control(c), i)),
            None if eof => return Err(Stop::invalid(Code::Eof("in a string"), i)),
            None => return Err(Stop::More { resume: i - start, flags }),
        }
    }
}

/// Checks the escape sequence whose backslash is at `bytes[at]`; returns the index after it.
/// A `Stop::More` from here means "resume at the backslash" (the caller fills in the offsets).
fn check_escape(
    bytes: &[u8],
    at: usize,
    eof: bool,
    allow_invalid: bool,
    flags: &mut u8,
) -> Result<usize, Stop> {
    let more = || {
        if eof {
            Stop::invalid(Code::Eof("in a string"), bytes.len())
        } else {
            Stop::More { resume: 0, flags: 0 }
        }
    };
    let Some(&c) = bytes.get(at + 1) else {
        return Err(more());
    };
    match c {
        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => Ok(at + 2),
        b'u' => {
            let unit = hex4(bytes, at + 2).map_err(|e| e.unwrap_or_else(more))?;
            let mut lone = || {
                if allow_invalid {
                    *flags |= INVALID;
                    Ok(at + 6)
                } else {
                    Err(Stop::invalid(Code::LoneSurrogate(unit), at))
                }
            };
            match unit {
                0xD800..=0xDBFF => match (bytes.get(at + 6), bytes.get(at + 7)) {
                    (Some(b'\\'), Some(b'u')) => match hex4(bytes, at + 8) {
                        Ok(0xDC00..=0xDFFF) => Ok(at + 12),
                        Ok(_) => lone(),
                        Err(None) => Err(more()),
                        // `\uD800\uZZZZ`: the second escape is itself invalid; report the surrogate.
                        Err(Some(_)) => lone(),
                    },
                    (None, _) | (Some(b'\\'), None) => Err(more()),
                    _ => lone(),
                },
                0xDC00..=0xDFFF => lone(),
                _ => Ok(at + 6),
            }
        }
        _ => Err(Stop::invalid(Code::InvalidEscape(Found::at(bytes, at + 1)), at + 1)),
    }
}

/// The value of each byte as a hex digit, or 0xFF.
static HEX: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            d @ b'0'..=b'9' => d - b'0',
            d @ b'a'..=b'f' => d - b'a' + 10,
            d @ b'A'..=b'F' => d - b'A' + 10,
            _ => 0xFF,
        };
        b += 1;
    }
    table
};

/// Four hex digits at `bytes[at..]`. `Err(None)`: the bytes end first.
#[inline(always)]
fn hex4(bytes: &[u8], at: usize) -> Result<u16, Option<Stop>> {
    if let Some(&[a, b, c, d]) = bytes.get(at..at + 4) {
        let [a, b, c, d] = [a, b, c, d].map(|x| u16::from(HEX[usize::from(x)]));
        // A digit's value is below 16, a bad one's 0xFF: one test for the four.
        if (a | b | c | d) < 16 {
            return Ok(a << 12 | b << 8 | c << 4 | d);
        }
    }
    hex4_slow(bytes, at)
}

/// [`hex4`] for a bad digit or bytes that end first: finds which.
#[cold]
fn hex4_slow(bytes: &[u8], at: usize) -> Result<u16, Option<Stop>> {
    for k in at..at + 4 {
        let Some(&h) = bytes.get(k) else { return Err(None) };
        if HEX[usize::from(h)] == 0xFF {
            let found = Found::at(bytes, k);
            return Err(Some(Stop::invalid(Code::Expected("4 hex digits after \\u", found), k)));
        }
    }
    unreachable!("hex4 found four hex digits")
}

/// The four hex digits at `bytes[at..]` of a checked escape (no error cases left), read as one
/// word: a digit's value is its low nibble, plus 9 for a letter (whose bit 6 is set).
#[inline(always)]
fn hex4_checked(bytes: &[u8], at: usize) -> u32 {
    scan::hex_value(u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes")))
}

/// The byte each short escape stands for, by the character after its backslash (`"`, `\\` and
/// `/` stand for themselves); 0 where there is no such escape (`u` included).
static SHORT_ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match b as u8 {
            b'b' => b'\x08',
            b'f' => b'\x0c',
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            c @ (b'"' | b'\\' | b'/') => c,
            _ => 0,
        };
        b += 1;
    }
    table
};

/// The escape sequence whose backslash is at `raw[at]`, which [`scan`](fn@scan) accepted: the
/// scalar it stands for (a lone surrogate's own unit, possible only with [`INVALID`]) and its
/// length.
#[inline(always)]
fn escape_at(raw: &[u8], at: usize) -> (u32, usize) {
    let c = raw[at + 1];
    if c != b'u' {
        return (u32::from(SHORT_ESCAPE[usize::from(c)]), 2);
    }
    let unit = hex4_checked(raw, at + 2);
    if (0xD800..0xDC00).contains(&unit) && raw.get(at + 6..at + 8) == Some(b"\\u") {
        let low = hex4_checked(raw, at + 8);
        if (0xDC00..0xE000).contains(&low) {
            return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 12);
        }
    }
    (unit, 6)
}

/// Appends the decoded text of a string's contents (the bytes between the quotes) that
/// [`scan`](fn@scan) accepted with `flags`. Invalid UTF-8 and lone surrogates (possible only with
/// [`INVALID`]) become U+FFFD.
pub(crate) fn unescape(raw: &[u8], flags: u8, out: &mut Vec<u8>) {
    if flags & (ESCAPED | INVALID) == 0 {
        // No escape and valid UTF-8: the text is its own decoding. (Object names reach here
        // as they are: a writer or the canonical form records each one decoded.)
        out.extend_from_slice(raw);
        return;
    }
    if flags & INVALID != 0 {
        return unescape_lossy(raw, out);
    }
    // Valid text decodes to at most its own length (each escape to fewer bytes than its
    // text): decoded into that much room, which is then cut to what was written.
    let start = out.len();
    out.resize(start + raw.len(), 0);
    let buf = &mut out[start..];
    let (mut r, mut w) = (0, 0);
    while r < raw.len() {
        if raw[r] == b'\\' {
            let (scalar, len) = escape_at(raw, r);
            r += len;
            w += put_utf8(&mut buf[w..], scalar);
            if unicode_run_at(raw, r) {
                // A run of escapes (text escaped for ASCII): four at a time. Never short of
                // room: what is left of `buf` is at least what is left of `raw`.
                let (read, written) = scan::decode_unicode_run(raw, r, &mut buf[w..]);
                r += read;
                w += written;
            }
        } else {
            let end = next_backslash(raw, r);
            buf[w..w + (end - r)].copy_from_slice(&raw[r..end]);
            w += end - r;
            r = end;
        }
    }
    out.truncate(start + w);
}

/// [`unescape`] of a string flagged [`INVALID`]: its text may grow (each invalid byte becomes
/// a three-byte U+FFFD), so it is appended piece by piece.
#[cold]
fn unescape_lossy(raw: &[u8], out: &mut Vec<u8>) {
    let mut r = 0;
    while r < raw.len() {
        if raw[r] == b'\\' {
            let (scalar, len) = escape_at(raw, r);
            r += len;
            let mut utf8 = [0; 4];
            let n = put_utf8(&mut utf8, scalar);
            out.extend_from_slice(&utf8[..n]);
        } else {
            let end = next_backslash(raw, r);
            out.extend_from_slice(String::from_utf8_lossy(&raw[r..end]).as_bytes());
            r = end;
        }
    }
}

/// The string whose opening quote is at `bytes[start]`, checked and decoded in one pass (for a
/// string with escapes, where [`scan`](fn@scan) and then [`unescape`] would pass over it twice):
/// appends its decoded text to `out` and returns the index after its closing quote. `None`, with
/// `out` partly written (the caller cuts it back), for anything but a valid string that ends inside
/// `bytes`: a bad escape, a lone surrogate, a control byte, invalid UTF-8 or the end of the bytes.
/// [`scan`](fn@scan) then tells which, or flags what `allow_invalid` lets through.
pub(crate) fn scan_decoded(
    bytes: &[u8],
    start: usize,
    trusted_utf8: bool,
    out: &mut Vec<u8>,
) -> Option<usize> {
    let mut i = start + 1;
    loop {
        if bytes.get(i) == Some(&b'\\') {
            // An escape's text goes to `out` by one word store, and so, when a run of `\u`
            // escapes follows it (text escaped for ASCII), does the run's, a vector's worth at
            // a time.
            let (scalar, len) = checked_escape_at(bytes, i)?;
            i += len;
            push_utf8(scalar, out);
            if unicode_run_at(bytes, i) {
                i = decode_run(bytes, i, out);
            }
            continue;
        }
        // ASCII text, copied as it is scanned; then, where that stopped short of a quote or
        // an escape (a byte not ASCII, a control byte, the last few bytes), the checked run.
        i = scan::copy_ascii_run(bytes, i, out);
        match bytes.get(i) {
            Some(b'"') => return Some(i + 1),
            Some(b'\\') => continue,
            _ => {}
        }
        let run = checked_run::<1>(bytes, i, trusted_utf8);
        if !run.valid {
            return None;
        }
        out.extend_from_slice(&bytes[i..run.end]);
        i = run.end;
        match bytes.get(i) {
            Some(b'"') => return Some(i + 1),
            Some(b'\\') => {}
            _ => return None,
        }
    }
}

/// Whether a run of `\u` escapes at `bytes[i]` looks three escapes long or more (a `\u` at
/// `i` and at `i + 12`): the rest of a run that goes to the vector kernels
/// ([`scan::unicode_run`], [`scan::decode_unicode_run`]). Shorter rests (a word with two or
/// three accented letters in a row) are checked one escape at a time, as the first of a run
/// is: a kernel's call, with its vector constants, cost more than checking them so.
#[inline(always)]
fn unicode_run_at(bytes: &[u8], i: usize) -> bool {
    let escape_at = |k: usize| bytes.get(k..k + 2) == Some(b"\\u");
    escape_at(i) && escape_at(i + 12)
}

/// Appends the UTF-8 encoding of `scalar` (a Unicode scalar value) to `out`, by one word store.
#[inline(always)]
fn push_utf8(scalar: u32, out: &mut Vec<u8>) {
    debug_assert!(!(0xD800..0xE000).contains(&scalar), "a scalar value");
    let (word, n) = utf8_word(scalar);
    scan::push_word_prefix(word, n, out);
}

/// Bytes of the row [`decode_run`] decodes a run's first escapes into: a multiple of the vector
/// width, so that zeroing and copying it are a few vector moves (a row of 256 bytes, zeroed
/// and copied by calls to `memset` and `memcpy`, made a `Document` of text with an escaped
/// letter here and there 10 % slower to parse).
const ROW: usize = 64;

/// The run of `\u` escapes at `bytes[i]` (three or more, by [`unicode_run_at`]), decoded by the
/// vector kernel and appended to `out`: its first escapes into a row on the stack, appended at
/// once (one copy and one capacity check), and the rest of a run that fills the row straight
/// into `out` ([`decode_long_run`]). Returns where the run stopped (what stopped it is the
/// caller's).
#[inline]
fn decode_run(bytes: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let mut row = [0; ROW];
    let (read, written) = scan::decode_unicode_run(bytes, i, &mut row);
    let at = out.len();
    out.extend_from_slice(&row);
    out.truncate(at + written);
    let i = i + read;
    if written > ROW - 4 && bytes.get(i..i + 2) == Some(b"\\u") {
        return decode_long_run(bytes, i, out);
    }
    i
}

/// Bytes of output the rest of a long run of `\u` escapes is decoded into first; each step
/// after has twice the room, up to [`LONG_RUN_ROOM_MAX`].
const LONG_RUN_ROOM: usize = 256;
const LONG_RUN_ROOM_MAX: usize = 4096;

/// The rest of a run of `\u` escapes at `bytes[i..]` that filled [`scan_decoded`]'s row (text
/// escaped for ASCII), decoded straight into `out`, in steps of growing room (zeroed first, so
/// not much more than the run needs; and never more than the input has left, which valid
/// text decodes to fewer bytes than): the kernel's widest step needs room, which a row running
/// out gives it less and less of. Returns where the run stopped (what stopped it is the
/// caller's).
fn decode_long_run(bytes: &[u8], mut i: usize, out: &mut Vec<u8>) -> usize {
    let mut room = LONG_RUN_ROOM;
    loop {
        room = room.min(bytes.len() - i);
        let at = out.len();
        out.resize(at + room, 0);
        let (read, written) = scan::decode_unicode_run(bytes, i, &mut out[at..]);
        out.truncate(at + written);
        i += read;
        if read == 0 || bytes.get(i..i + 2) != Some(b"\\u") {
            return i;
        }
        room = (2 * room).min(LONG_RUN_ROOM_MAX);
    }
}

/// [`escape_at`] for an escape not yet checked: `None` for a bad escape, bad hex digits, a lone
/// surrogate or bytes that end first.
#[inline(always)]
fn checked_escape_at(bytes: &[u8], at: usize) -> Option<(u32, usize)> {
    let c = *bytes.get(at + 1)?;
    if c != b'u' {
        let decoded = SHORT_ESCAPE[usize::from(c)];
        return (decoded != 0).then_some((u32::from(decoded), 2));
    }
    let unit = u32::from(hex4(bytes, at + 2).ok()?);
    match unit {
        0xD800..=0xDBFF => {
            if bytes.get(at + 6..at + 8)? != b"\\u" {
                return None;
            }
            let low = u32::from(hex4(bytes, at + 8).ok()?);
            (0xDC00..0xE000).contains(&low).then(|| (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 12))
        }
        0xDC00..=0xDFFF => None,
        _ => Some((unit, 6)),
    }
}

/// The index of the first backslash in `raw` after `from` (which holds none), or `raw.len()`,
/// by the string run kernel, passing over the control bytes it also stops at (a string's
/// contents hold no quotes but escaped ones, and the run stops at their backslash first).
#[inline(always)]
fn next_backslash(raw: &[u8], from: usize) -> usize {
    let mut at = from;
    loop {
        let end = scan::string_run(raw, at).end;
        if end == raw.len() || raw[end] == b'\\' {
            return end;
        }
        at = end + 1;
    }
}

/// Writes the UTF-8 encoding of `scalar` (at most U+10FFFF) at the start of `buf`, and returns
/// its length; a lone surrogate (possible only with [`INVALID`]) becomes U+FFFD. Where `buf`
/// has room, four bytes are written at once (a copy of a length known only here is a call to
/// `memcpy`): those past the text's length are the caller's to write over.
#[inline(always)]
fn put_utf8(buf: &mut [u8], scalar: u32) -> usize {
    let (word, n) = utf8_word(scalar);
    let bytes = word.to_le_bytes();
    match buf.get_mut(..4) {
        Some(room) => room.copy_from_slice(&bytes[..4]),
        None => buf[..n].copy_from_slice(&bytes[..n]),
    }
    n
}

/// The UTF-8 encoding of `scalar` (at most U+10FFFF) in the low bytes of a word, its first
/// byte lowest, and its length; a lone surrogate (possible only with [`INVALID`]) becomes
/// U+FFFD.
#[inline(always)]
fn utf8_word(scalar: u32) -> (u64, usize) {
    let s = u64::from(scalar);
    match scalar {
        0..=0x7F => (s, 1),
        0x80..=0x7FF => (0x80C0 | s >> 6 | (s & 0x3F) << 8, 2),
        0xD800..=0xDFFF => (0xBD_BF_EF, 3),
        0x800..=0xFFFF => (0x80_80E0 | s >> 12 | (s >> 6 & 0x3F) << 8 | (s & 0x3F) << 16, 3),
        _ => (0x8080_80F0 | s >> 18 | (s >> 12 & 0x3F) << 8 | (s >> 6 & 0x3F) << 16 | (s & 0x3F) << 24, 4),
    }
}

/// The decoded text of a string's contents (as [`unescape`] writes it), for messages.
#[cold]
pub(crate) fn decoded(raw: &[u8], flags: u8) -> Box<str> {
    let mut out = Vec::new();
    unescape(raw, flags, &mut out);
    super::str_from_checked(&out).into()
}

/// For each byte: 0 when it is written as is; otherwise the character after the backslash of
/// its escape (`u` for `\u00XX`).
const fn escape_table(html: bool) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = b'u';
        b += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    if html {
        table[b'<' as usize] = b'u';
        table[b'>' as usize] = b'u';
        table[b'&' as usize] = b'u';
    }
    table
}

static ESCAPE: [u8; 256] = escape_table(false);
static ESCAPE_HTML: [u8; 256] = escape_table(true);

/// True when `text` is written as it is by [`escape`], with or without HTML escaping.
#[inline]
pub(crate) fn needs_no_escape(text: &str) -> bool {
    none_escaped(text.as_bytes(), &ESCAPE_HTML)
}

/// True when `text` stands as it is between the quotes of a JSON string: no `"`, `\` or
/// control character, so that input bytes equal to it are that string's whole text.
#[inline]
pub(crate) fn is_plain(text: &str) -> bool {
    none_escaped(text.as_bytes(), &ESCAPE)
}

/// `a == b` for the short strings that object names mostly are: two overlapping loads of each
/// from 4 bytes on, rather than a call to `memcmp`.
#[inline(always)]
pub(crate) fn eq_short(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().expect("4 bytes"));
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// True when `table` escapes none of `bytes` (one pass, no branch per byte).
#[inline]
fn none_escaped(bytes: &[u8], table: &[u8; 256]) -> bool {
    bytes.iter().fold(0, |acc, &b| acc | table[usize::from(b)]) == 0
}

/// Appends `text` as a JSON string, quotes included, escaping only what must be escaped
/// (`"`, `\` and control characters, with the short forms where JSON has them), plus `<`, `>`
/// and `&` when `html` is set. This is also the escaping RFC 8785 prescribes.
#[inline]
pub(crate) fn escape(text: &str, out: &mut Vec<u8>, html: bool) {
    let bytes = text.as_bytes();
    if html {
        return escape_html(bytes, out);
    }
    // The quotes and the text in one step when nothing needs escaping.
    let end = scan::quote_run(bytes, out);
    if end < bytes.len() {
        escape_from(bytes, end, out);
    }
}

/// [`escape`] with `<`, `>` and `&` escaped too: byte by byte.
#[inline(never)]
fn escape_html(bytes: &[u8], out: &mut Vec<u8>) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    escape_with(bytes, out, &ESCAPE_HTML);
    out.push(b'"');
}

/// The rest of [`escape`] from `bytes[end]`, the first byte that needs escaping: each escape,
/// then the run of bytes after it that need none, copied whole by the kernel that finds its end;
/// then the closing quote.
#[inline(never)]
fn escape_from(bytes: &[u8], mut end: usize, out: &mut Vec<u8>) {
    while let Some(&b) = bytes.get(end) {
        push_escape(b, ESCAPE[usize::from(b)], out);
        end = scan::copy_string_run(bytes, end + 1, out);
    }
    out.push(b'"');
}

/// [`escape`] byte by byte with an escape table.
fn escape_with(bytes: &[u8], out: &mut Vec<u8>, table: &[u8; 256]) {
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc = table[usize::from(b)];
        if esc == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        push_escape(b, esc, out);
    }
    out.extend_from_slice(&bytes[start..]);
}

/// Appends the escape of byte `b`: `\u00XX` when `esc` is `u`, else a backslash and `esc`.
#[inline]
fn push_escape(b: u8, esc: u8, out: &mut Vec<u8>) {
    if esc == b'u' {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        out.extend_from_slice(&[b'\\', b'u', b'0', b'0', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
    } else {
        out.extend_from_slice(&[b'\\', esc]);
    }
}

/// True when a string's raw text (the bytes between the quotes of a string that [`scan`](fn@scan)
/// accepted with `flags`) may be written as it is: it is valid UTF-8 and, when `html` is set,
/// holds no raw `<`, `>` or `&`. Escapes that were not needed are kept: a string keeps its text.
pub(crate) fn can_copy_raw(raw: &[u8], flags: u8, html: bool) -> bool {
    flags & INVALID == 0 && !(html && raw.iter().any(|&b| matches!(b, b'<' | b'>' | b'&')))
}

/// Appends, quoted, the string whose raw text is `raw` (read with `flags`) escaped again, for
/// one that [`can_copy_raw`] may not copy: its text decoded into `tmp`, then escaped (with
/// `<`, `>` and `&` too when `html`).
pub(crate) fn escape_again(raw: &[u8], flags: u8, html: bool, tmp: &mut Vec<u8>, out: &mut Vec<u8>) {
    tmp.clear();
    unescape(raw, flags, tmp);
    escape(super::str_from_checked(tmp), out, html);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `eq_short` against `==` at every length its loads treat differently, with one byte
    /// changed at every place in turn, and for slices of different lengths.
    #[test]
    fn eq_short_is_slice_equality() {
        for len in 0..=40 {
            let a: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(eq_short(&a, &a.clone()), "{len}");
            for at in 0..len {
                let mut b = a.clone();
                b[at] ^= 0x20;
                assert!(!eq_short(&a, &b), "{len} at {at}");
            }
            assert!(!eq_short(&a, &a[..len.saturating_sub(1)]) || len == 0, "{len} shorter");
            let mut longer = a.clone();
            longer.push(b'"');
            assert!(!eq_short(&a, &longer), "{len} longer");
        }
    }

    #[test]
    fn plain_names() {
        let cases: &[(&str, bool)] = &[
            ("", true),
            ("name", true),
            ("été", true),
            ("<&>", true),
            ("quote\"d", false),
            ("back\\slash", false),
            ("tab\t", false),
            ("nul\u{0}", false),
            ("del\u{7f}", true),
        ];
        for &(name, plain) in cases {
            assert_eq!(is_plain(name), plain, "{name:?}");
        }
    }

    fn decode(json: &str, allow_invalid: bool) -> Result<String, String> {
        let bytes = json.as_bytes();
        let check = StrCheck { trusted_utf8: false, allow_invalid };
        match scan(bytes, 0, 1, 0, true, check) {
            Ok((end, flags)) => {
                assert_eq!(end, bytes.len(), "{json}");
                // Decoding appends: what the buffer held stays.
                let mut out = b"held".to_vec();
                unescape(&bytes[1..end - 1], flags, &mut out);
                let decoded = out.strip_prefix(b"held").expect("the buffer's text kept");
                Ok(String::from_utf8(decoded.to_vec()).unwrap())
            }
            Err(Stop::Invalid(invalid)) => Err(format!("{} @{}", invalid.0, invalid.1)),
            Err(Stop::More { .. }) => unreachable!(),
        }
    }

    /// `scan_decoded` against `scan` then `unescape`: the same end and text for every valid
    /// string, and `None` wherever `scan` fails or flags what `allow_invalid` lets through.
    fn check_scan_decoded(json: &[u8], name: &str) {
        for trusted_utf8 in [false, true] {
            if trusted_utf8 && core::str::from_utf8(json).is_err() {
                continue;
            }
            let check = StrCheck { trusted_utf8, allow_invalid: true };
            let want = match scan(json, 0, 1, 0, true, check) {
                Ok((end, flags)) if flags & INVALID == 0 => {
                    let mut text = b"held".to_vec();
                    unescape(&json[1..end - 1], flags, &mut text);
                    Some((end, text))
                }
                _ => None,
            };
            let mut out = b"held".to_vec();
            let got = scan_decoded(json, 0, trusted_utf8, &mut out).map(|end| (end, out));
            assert_eq!(got, want, "{name}: {}", String::from_utf8_lossy(json));
        }
    }

    #[test]
    fn scanning_and_decoding_in_one_pass() {
        let cases: &[(&str, &[u8])] = &[
            ("plain", br#""abc" "#),
            ("short escapes", br#""\"\\\/\b\f\n\r\t","#),
            ("unicode escapes", br#""\u00e9\u4E2D\uFFFF\u0000""#),
            ("surrogate pair", br#""a\uD83D\uDE00b""#),
            ("lone high", br#""\uD800""#),
            ("lone high then escape", br#""\uD800\n""#),
            ("high then plain unit", br#""\uD800\u0041""#),
            ("lone low", br#""\uDC00x""#),
            ("bad escape", br#""\x""#),
            ("escaped nothing", br#""\""#),
            ("bad hex", br#""\u12G4""#),
            ("short hex", br#""\u12"#),
            ("control", b"\"a\tb\""),
            ("unclosed", br#""abc\n"#),
            ("non-ASCII", "\"\u{e9}\\n\u{1F600}\"".as_bytes()),
            ("invalid UTF-8", b"\"\\n\xff\""),
            ("cut UTF-8", b"\"\\n\xe2\x82"),
        ];
        for (name, json) in cases {
            check_scan_decoded(json, name);
        }
        // Runs of `\u` escapes (text escaped for ASCII) of each UTF-8 length and of mixed ones,
        // past the row the first escapes are decoded into and past each step of the room the
        // rest is decoded into, ended by the closing quote, escapes that stop a run (a pair, a
        // lone surrogate, a short escape, a bad digit), a plain character, or the input's end.
        let units: [(&str, &[&str]); 4] = [
            ("one byte", &["0041", "007A"]),
            ("two bytes", &["06d1", "0080", "07FF"]),
            ("three bytes", &["4e2D", "0800", "ffff"]),
            ("mixed", &["00e9", "4e2d", "0041", "d7ff"]),
        ];
        let enders: [&str; 7] = ["\"", r#"\uD83D\uDE00""#, r#"\uD800""#, r#"\n""#, r#"\u12G4""#, "x\"", ""];
        // Under Miri (where this test took 30 to 40 s before these runs, and 190 s with four
        // lengths and every ninth cut), one length past the row (by a byte, for one-byte
        // characters) and every 97th cut of a shorter string.
        let lengths: &[usize] = match cfg!(miri) {
            true => &[65],
            false => &[1, 2, 3, 4, 9, 10, 11, 21, 22, 31, 32, 33, 43, 64, 65, 100, 128, 129, 700, 1500],
        };
        // `n` escapes of `units`, in turn.
        let run = |units: &[&str], n: usize| -> String {
            (0..n).map(|k| format!("\\u{}", units[k % units.len()])).collect()
        };
        for (class, units) in units {
            for &n in lengths {
                let text = run(units, n);
                for ender in enders {
                    let json = format!("\"{text}{ender}");
                    check_scan_decoded(json.as_bytes(), &format!("{class} run of {n} then {ender:?}"));
                }
            }
            let json = format!("\"{}\"", run(units, if cfg!(miri) { 65 } else { 100 }));
            for cut in (1..json.len()).step_by(if cfg!(miri) { 97 } else { 1 }) {
                check_scan_decoded(&json.as_bytes()[..cut], &format!("{class} run cut at {cut}"));
            }
        }
        // ASCII text between escapes (copied as it is scanned, past a step of the copy's room
        // too), ended by a character not ASCII, a control byte, a byte that is not UTF-8, a
        // cut character or the input's end, each right after an escape and after the text.
        let stops: [&[u8]; 6] =
            ["\u{e9}z\"".as_bytes(), "\u{1F600}\"".as_bytes(), b"\x01\"", b"\xff\"", b"\xc3", b""];
        let ascii: &[usize] = match cfg!(miri) {
            true => &[9, 257],
            false => &[0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 255, 256, 257, 300],
        };
        for &n in ascii {
            let a = "a".repeat(n);
            for stop in stops {
                for json in [
                    [br#""\u00e9"#, a.as_bytes(), stop].concat(),
                    [br#""\n"#, stop, a.as_bytes(), b"\""].concat(),
                ] {
                    check_scan_decoded(&json, &format!("{n} ASCII bytes and {stop:?}"));
                }
            }
        }
        // Runs of every length up to past two vector widths between escapes, cut short at
        // every length too.
        for n in 0..80 {
            let (a, e) = ("a".repeat(n), "\u{e9}".repeat(n / 2));
            let json = format!(r#""{a}\n{e}\u00e9\"{a}\\{e}""#);
            for cut in [json.len(), json.len() - 1, json.len() / 2] {
                check_scan_decoded(&json.as_bytes()[..cut], &format!("runs of {n}, cut at {cut}"));
            }
        }
    }

    #[test]
    fn decoding() {
        let cases: &[(&str, &str, Result<&str, &str>)] = &[
            ("plain", r#""abc""#, Ok("abc")),
            ("short escapes", r#""\"\\\/\b\f\n\r\t""#, Ok("\"\\/\u{8}\u{c}\n\r\t")),
            ("unicode escape", r#""\u00e9\u4E2D""#, Ok("é中")),
            ("surrogate pair", r#""\uD83D\uDE00""#, Ok("😀")),
            ("lone high", r#""\uD800""#, Err("invalid escape in string: lone surrogate \\uD800 @1")),
            ("lone low", r#""\uDC00x""#, Err("invalid escape in string: lone surrogate \\uDC00 @1")),
            (
                "high then plain",
                r#""\uD800\u0041""#,
                Err("invalid escape in string: lone surrogate \\uD800 @1"),
            ),
            (
                "reversed pair",
                r#""\uDC00\uD800""#,
                Err("invalid escape in string: lone surrogate \\uDC00 @1"),
            ),
            ("bad escape", r#""\x""#, Err("invalid escape in string: '\\' then 'x' @2")),
            ("bad hex", r#""\u12G4""#, Err("expected 4 hex digits after \\u, found 'G' @5")),
            ("control", "\"a\tb\"", Err("control character U+0009 in string (escape it) @2")),
            ("eof", r#""abc"#, Err("unexpected end of input in a string @4")),
            ("eof in escape", r#""\u00"#, Err("unexpected end of input in a string @5")),
            ("eof after high", r#""\uD800"#, Err("unexpected end of input in a string @7")),
            ("eof in low", r#""\uD800\uDC"#, Err("unexpected end of input in a string @11")),
        ];
        for (name, json, want) in cases {
            let want = want.map(str::to_owned).map_err(str::to_owned);
            assert_eq!(decode(json, false), want, "{name}");
        }
    }

    /// Escapes between runs of plain text of every length up to past two vector widths (the
    /// runs are found by the string run kernel), with a run ending the string.
    #[test]
    fn escapes_between_runs_of_every_length() {
        for n in 0..80 {
            let (a, b, c) = ("a".repeat(n), "b".repeat(n), "\u{e9}".repeat(n / 2));
            let json = format!(r#""{a}\n{b}\u00e9\"{c}\\{a}""#);
            let want = format!("{a}\n{b}\u{e9}\"{c}\\{a}");
            assert_eq!(decode(&json, false), Ok(want), "runs of {n}");
        }
    }

    /// Writing: escapes between runs of every length up to past two vector widths (long text
    /// is copied by the kernel that finds each run's end), written as the byte-by-byte table
    /// path writes them, after text already in the output, and read back to the same text.
    #[test]
    fn escaping_runs_of_every_length() {
        for n in 0..80 {
            let (a, e) = ("a".repeat(n), "\u{e9}".repeat(n / 2));
            for text in
                [format!("{a}\n{e}\"{a}\\\u{1}{a}"), format!("{a}\u{1f}"), a.clone(), format!("\t{e}")]
            {
                let mut out = b"[1,".to_vec();
                escape(&text, &mut out, false);
                let mut want = b"[1,\"".to_vec();
                escape_with(text.as_bytes(), &mut want, &ESCAPE);
                want.push(b'"');
                assert_eq!(out, want, "runs of {n}");
                let json = core::str::from_utf8(&out[3..]).expect("UTF-8");
                assert_eq!(decode(json, false).as_deref(), Ok(text.as_str()), "runs of {n}");
            }
        }
    }

    /// Every scalar value written as `\u` escapes (a surrogate pair above U+FFFF) decodes to
    /// itself: each length of UTF-8 and every boundary between them.
    #[test]
    fn every_code_point_escaped() {
        let mut json = String::from("\"");
        let mut want = String::new();
        // Under Miri, a thousand times slower: Latin-1, every 997th code point and the edges of
        // the UTF-8 lengths and of the surrogates.
        let edges = [0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF];
        let code_points: Vec<u32> = match cfg!(miri) {
            true => (0..0x100).chain((0x100..=0x10FFFF).step_by(997)).chain(edges).collect(),
            false => (0..=0x10FFFF).collect(),
        };
        for c in code_points.into_iter().filter_map(char::from_u32) {
            for unit in c.encode_utf16(&mut [0; 2]) {
                json.push_str(&format!("\\u{unit:04X}"));
            }
            want.push(c);
        }
        json.push('"');
        assert_eq!(decode(&json, false).as_deref(), Ok(want.as_str()));
    }

    #[test]
    fn replacing_invalid() {
        let cases: &[(&str, &str, &str)] = &[
            ("lone high", r#""a\uD800b""#, "a\u{fffd}b"),
            ("lone low", r#""\uDC00""#, "\u{fffd}"),
            ("high then plain", r#""\uD800\u0041""#, "\u{fffd}A"),
            ("two highs then low", r#""\uD800\uD800\uDC00""#, "\u{fffd}\u{10000}"),
        ];
        for (name, json, want) in cases {
            assert_eq!(decode(json, true).as_deref(), Ok(*want), "{name}");
        }
        let bytes = b"\"a\xffb\xe2\x82\"";
        let check = StrCheck { trusted_utf8: false, allow_invalid: true };
        let (end, flags) = scan(bytes, 0, 1, 0, true, check).unwrap();
        assert_eq!(flags, INVALID);
        let mut out = Vec::new();
        unescape(&bytes[1..end - 1], flags, &mut out);
        assert_eq!(out, "a\u{fffd}b\u{fffd}".as_bytes());
    }

    #[test]
    fn escaping() {
        let cases: &[(&str, bool, &str)] = &[
            ("plain", false, r#""abc""#),
            ("quote and backslash", false, r#""a\"b\\c""#),
            ("controls", false, r#""\b\t\n\f\r\u0000\u001f""#),
            ("slash and del kept", false, "\"/\u{7f}\u{2028}\""),
            ("html off", false, r#""<a&b>""#),
            ("html on", true, r#""\u003ca\u0026b\u003e""#),
        ];
        let inputs = ["abc", "a\"b\\c", "\u{8}\t\n\u{c}\r\0\u{1f}", "/\u{7f}\u{2028}", "<a&b>", "<a&b>"];
        for ((name, html, want), input) in cases.iter().zip(inputs) {
            let mut out = Vec::new();
            escape(input, &mut out, *html);
            assert_eq!(String::from_utf8(out).unwrap(), *want, "{name}");
        }
    }
}
