//! Portable kernels: eight bytes at a time in a `u64` (SWAR). The reference for the vector
//! kernels, and the fallback where there are none.

use super::{load_u64, Classes, LineStats, StringRun, BLOCK, HI, LO};

/// A mask with the high bit set in each byte of `word` that is zero. Exact for the lowest set
/// byte; bytes above the first zero may be flagged falsely, so read only the lowest.
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(LO) & !word & HI
}

/// The bytes of `word` that are `"`, `\` or below `0x20` (exact for the lowest).
#[inline(always)]
pub(super) fn specials(word: u64) -> u64 {
    zero_bytes(word ^ (LO * u64::from(b'"')))
        | zero_bytes(word ^ (LO * u64::from(b'\\')))
        | (word.wrapping_sub(LO * 0x20) & !word & HI)
}

/// See [`super::string_run`].
pub(super) fn string_run(bytes: &[u8], start: usize) -> StringRun {
    let mut i = start;
    let mut high = 0u64;
    while i + 8 <= bytes.len() {
        let word = load_u64(bytes, i);
        let special = specials(word);
        if special != 0 {
            let n = (special.trailing_zeros() / 8) as usize;
            // Keep only the bytes before the special one.
            let before = if n == 0 { 0 } else { u64::MAX >> (64 - 8 * n) };
            high |= word & before & HI;
            return StringRun { end: i + n, non_ascii: high != 0 };
        }
        high |= word & HI;
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        high |= u64::from(b & 0x80);
        i += 1;
    }
    StringRun { end: i, non_ascii: high != 0 }
}

/// A mask with the high bit set in exactly the bytes of `word` that are zero.
#[inline(always)]
pub(super) fn zero_bytes_exact(word: u64) -> u64 {
    !(((word & !HI).wrapping_add(!HI)) | word) & HI
}

/// See [`super::line_stats`].
pub(super) fn line_stats(bytes: &[u8]) -> LineStats {
    let mut newlines = 0;
    let mut line_start = 0;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let nl = zero_bytes_exact(word ^ (LO * u64::from(b'\n')));
        if nl != 0 {
            newlines += nl.count_ones() as usize;
            line_start = at + (63 - nl.leading_zeros()) as usize / 8 + 1;
        }
        at += 8;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if b == b'\n' {
            newlines += 1;
            line_start = at + i + 1;
        }
    }
    LineStats { newlines, tail: bytes.len() - line_start }
}

/// One bit per byte of `word` from the high bits of `mask` (bit `i` from byte `i`).
#[inline(always)]
fn gather(mask: u64) -> u64 {
    ((mask >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The high bit of each byte of `word` that is JSON whitespace.
#[inline(always)]
fn ws_bytes(word: u64) -> u64 {
    let is = |byte: u8| zero_bytes_exact(word ^ (LO * u64::from(byte)));
    is(b' ') | is(b'\n') | is(b'\r') | is(b'\t')
}

/// See [`super::non_ws_block`]: the bits of one block.
pub(super) fn non_ws_bits(block: &[u8; BLOCK]) -> u64 {
    let mut ws = 0;
    for k in 0..BLOCK / 8 {
        ws |= gather(ws_bytes(load_u64(block, 8 * k))) << (8 * k);
    }
    !ws
}

/// See [`super::classify`].
pub(super) fn classify(block: &[u8; BLOCK], trusted_utf8: bool) -> Classes {
    let high = if trusted_utf8 { 0 } else { HI };
    let mut classes = Classes::default();
    for k in 0..BLOCK / 8 {
        let word = load_u64(block, 8 * k);
        let is = |byte: u8| zero_bytes_exact(word ^ (LO * u64::from(byte)));
        // Setting bit 5 folds `[` into `{` and `]` into `}`, and no other byte into either.
        let folded = word | (LO * 0x20);
        let punct = zero_bytes_exact(folded ^ (LO * u64::from(b'{')))
            | zero_bytes_exact(folded ^ (LO * u64::from(b'}')))
            | is(b',')
            | is(b':');
        let ws = ws_bytes(word);
        // Below 0x20: the top three bits clear.
        let control = zero_bytes_exact(word & (LO * 0xE0));
        let shift = 8 * k;
        let backslash = is(b'\\');
        classes.quote |= gather(is(b'"')) << shift;
        classes.backslash |= gather(backslash) << shift;
        classes.punct |= gather(punct) << shift;
        classes.ends |= gather(punct | ws) << shift;
        classes.suspect |= gather(control | backslash | (word & high)) << shift;
        // XOR with `0` takes the digits to 0..=9; adding 0x76 to the low seven bits carries
        // into the top bit exactly from 10 up, and never into the next byte.
        let x = word ^ (LO * u64::from(b'0'));
        let not_digit = ((x & !HI).wrapping_add(LO * 0x76) | x) & HI;
        classes.digit |= gather(!not_digit & HI) << shift;
    }
    classes
}

/// The four bytes of `word` (loaded little-endian) are hex digits, of either case: each is
/// `0`–`9` or, with bit 5 set, `a`–`f`. Per byte, adding `0x80 - lo` sets the top bit from
/// `lo` up, adding `0x7F - hi` from above `hi`; no sum of a byte below 0x80 carries into the
/// next. A byte from 0x80 up fails (its own top bit), so what its sums carry does not matter.
#[inline(always)]
pub(super) fn hex_digits(word: u32) -> bool {
    const LO4: u32 = 0x0101_0101;
    const HI4: u32 = 0x8080_8080;
    let at_least = |x: u32, lo: u8| x.wrapping_add(LO4 * u32::from(0x80 - lo));
    let above = |x: u32, hi: u8| x.wrapping_add(LO4 * u32::from(0x7F - hi));
    let digit = at_least(word, b'0') & !above(word, b'9');
    let folded = word | (LO4 * 0x20);
    let letter = at_least(folded, b'a') & !above(folded, b'f');
    (digit | letter) & !word & HI4 == HI4
}

/// The value of four hex digits (checked by [`hex_digits`]) loaded little-endian, the first
/// the most significant: a digit's value is its low nibble, plus 9 for a letter (whose bit 6
/// is set).
#[inline(always)]
pub(crate) fn hex_value(word: u32) -> u32 {
    let v = (word & 0x0F0F_0F0F) + 9 * (word >> 6 & 0x0101_0101);
    // Pairs of digits into bytes 0 and 2, then byte 0 above byte 2 by one multiply.
    let pairs = (v << 4 | v >> 8) & 0x00FF_00FF;
    pairs.wrapping_mul(0x0100_0001) >> 16
}

/// The four hex digits of the escape `\uXXXX` at `bytes[at..]`, loaded little-endian, when there
/// is one there (four hex digits, within the bytes) and its unit is not a surrogate.
#[inline(always)]
pub(super) fn unicode_escape_digits(bytes: &[u8], at: usize) -> Option<u32> {
    let six: &[u8; 6] = bytes.get(at..at + 6)?.try_into().ok()?;
    let digits = u32::from_le_bytes([six[2], six[3], six[4], six[5]]);
    if six[..2] != *b"\\u" || !hex_digits(digits) {
        return None;
    }
    // A surrogate's first digit is D and its second 8 or more: `8`, `9` or a letter, the hex
    // digits from 0x38 up.
    let surrogate = (digits | 0x20) & 0xFF == u32::from(b'd') && (digits >> 8 & 0xFF) >= 0x38;
    (!surrogate).then_some(digits)
}

/// The unit of the escape at `bytes[at..]`, as [`unicode_escape_digits`] finds it.
#[inline(always)]
pub(super) fn unicode_escape(bytes: &[u8], at: usize) -> Option<u32> {
    unicode_escape_digits(bytes, at).map(hex_value)
}

/// The UTF-8 of `unit` (below 0x10000, not a surrogate) in the low bytes of a word, the first
/// lowest, and its length in the top byte.
#[inline(always)]
pub(super) fn utf8_word(unit: u32) -> u32 {
    if unit < 0x80 {
        1 << 24 | unit
    } else if unit < 0x800 {
        2 << 24 | (0x80 | (unit & 0x3F)) << 8 | 0xC0 | unit >> 6
    } else {
        3 << 24 | (0x80 | (unit & 0x3F)) << 16 | (0x80 | (unit >> 6 & 0x3F)) << 8 | 0xE0 | unit >> 12
    }
}

/// See [`super::unicode_run`].
pub(super) fn unicode_run(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    while unicode_escape_digits(bytes, i).is_some() {
        i += 6;
    }
    i - at
}

/// See [`super::decode_unicode_run`].
pub(super) fn decode_unicode_run(bytes: &[u8], at: usize, out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut n) = (at, 0);
    while n + 4 <= out.len() {
        let Some(unit) = unicode_escape(bytes, i) else { break };
        let word = utf8_word(unit);
        out[n..n + 4].copy_from_slice(&word.to_le_bytes());
        n += (word >> 24) as usize;
        i += 6;
    }
    (i - at, n)
}
