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
        let ws = is(b' ') | is(b'\n') | is(b'\r') | is(b'\t');
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
