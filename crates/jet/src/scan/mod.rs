//! Byte-scanning kernels: the hot loops of the parser, behind a small safe API.
//!
//! This module is the only home of `std::arch` and SIMD `unsafe` in jet. It knows nothing of
//! JSON grammar: it finds bytes, counts lines and checks UTF-8. Every kernel has a portable
//! version that is also the reference its vector versions are tested against.
//!
//! Today every kernel is portable: SWAR (eight bytes at a time in a `u64`) where that pays, plain
//! loops elsewhere. The vector versions with run-time dispatch come with the SIMD work and keep
//! these signatures.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
fn load_u64(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// A mask with the high bit set in each byte of `word` that is zero. Exact for the lowest set
/// byte; bytes above the first zero may be flagged falsely, so read only the lowest.
#[inline(always)]
fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(LO) & !word & HI
}

/// Where a string scan stopped, and whether it passed a byte `>= 0x80` on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StringRun {
    /// Index of the first `"`, `\` or control byte (`< 0x20`), or `bytes.len()` when none.
    pub end: usize,
    /// True when `bytes[start..end]` holds a byte `>= 0x80`, so it needs UTF-8 validation.
    pub non_ascii: bool,
}

/// Scans a run of plain string bytes: finds the first `"`, `\` or byte below `0x20` at or after
/// `start`.
#[inline]
pub(crate) fn string_run(bytes: &[u8], start: usize) -> StringRun {
    let mut i = start;
    let mut high = 0u64;
    while i + 8 <= bytes.len() {
        let word = load_u64(bytes, i);
        let special = zero_bytes(word ^ (LO * u64::from(b'"')))
            | zero_bytes(word ^ (LO * u64::from(b'\\')))
            | (word.wrapping_sub(LO * 0x20) & !word & HI);
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

/// The portable reference for [`string_run`]: one byte at a time.
#[cfg(test)]
pub(crate) fn string_run_reference(bytes: &[u8], start: usize) -> StringRun {
    let end = bytes[start..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map_or(bytes.len(), |n| start + n);
    let non_ascii = bytes[start..end].iter().any(|&b| b >= 0x80);
    StringRun { end, non_ascii }
}

/// True for the four bytes JSON treats as whitespace.
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Index of the first byte at or after `start` that is not JSON whitespace, or `bytes.len()`.
#[inline]
pub(crate) fn skip_ws(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < bytes.len() && is_ws(bytes[i]) {
        i += 1;
    }
    i
}

/// Index of the first byte at or after `start` that is not an ASCII digit, or `bytes.len()`.
#[inline]
pub(crate) fn skip_digits(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 8 <= bytes.len() {
        let word = load_u64(bytes, i);
        // A byte is a digit when it is 0x30..=0x39: subtracting 0x30 leaves 0..=9 with no
        // borrow, and adding 0x76 to that stays below 0x80 (10 and above reach it).
        let low = word.wrapping_sub(LO * 0x30);
        let not_digit = (low | low.wrapping_add(LO * 0x76) | word) & HI;
        // `low` may borrow across bytes only above a non-digit, so the lowest flag is exact.
        if not_digit != 0 {
            return i + (not_digit.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// Validates UTF-8. On failure returns the length of the valid prefix and whether the input
/// merely ends inside a sequence that more bytes could complete.
#[inline]
pub(crate) fn validate_utf8(bytes: &[u8]) -> Result<(), Utf8Error> {
    match core::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(Utf8Error { valid_up_to: e.valid_up_to(), incomplete: e.error_len().is_none() }),
    }
}

/// Where UTF-8 validation failed; see [`validate_utf8`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Error {
    pub valid_up_to: usize,
    /// The bytes end inside a sequence that is valid so far.
    pub incomplete: bool,
}

/// A mask with the high bit set in exactly the bytes of `word` that are zero.
#[inline(always)]
fn zero_bytes_exact(word: u64) -> u64 {
    !(((word & !HI).wrapping_add(!HI)) | word) & HI
}

/// Counts `\n` bytes.
#[inline]
pub(crate) fn count_newlines(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        n += zero_bytes_exact(word ^ (LO * u64::from(b'\n'))).count_ones() as usize;
    }
    n + chunks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// Index of the last `\n` in `bytes`.
#[inline]
pub(crate) fn last_newline(bytes: &[u8]) -> Option<usize> {
    let mut end = bytes.len();
    while end >= 8 {
        let word = load_u64(bytes, end - 8);
        let found = zero_bytes_exact(word ^ (LO * u64::from(b'\n')));
        if found != 0 {
            return Some(end - 8 + (63 - found.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    bytes[..end].iter().rposition(|&b| b == b'\n')
}

/// Counts characters: bytes that are not UTF-8 continuation bytes (`0b10xx_xxxx`), so an invalid
/// byte counts as one character.
#[inline]
pub(crate) fn count_chars(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut continuation = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        // Bit 7 set and bit 6 clear, in each byte.
        continuation += (word & !(word << 1) & HI).count_ones() as usize;
    }
    continuation += chunks.remainder().iter().filter(|&&b| b & 0xC0 == 0x80).count();
    bytes.len() - continuation
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Places `byte` at every offset of buffers of lengths around two words and compares the
    /// kernel with the reference.
    #[test]
    fn string_run_matches_reference_at_every_offset() {
        let specials = [b'"', b'\\', 0x00, 0x1f, 0x0a];
        let fillers = [b'a', 0x7f, 0x20, 0xe4, 0x80, 0xff];
        for len in 0..40 {
            for &fill in &fillers {
                let base = vec![fill; len];
                for start in 0..=len {
                    assert_eq!(string_run(&base, start), string_run_reference(&base, start));
                }
                for at in 0..len {
                    for &special in &specials {
                        let mut buf = base.clone();
                        buf[at] = special;
                        for start in 0..=len {
                            assert_eq!(
                                string_run(&buf, start),
                                string_run_reference(&buf, start),
                                "len {len} fill {fill:#x} special {special:#x} at {at} start {start}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn string_run_sees_high_bytes_only_before_the_stop() {
        let mut buf = vec![b'a'; 16];
        buf[3] = b'"';
        buf[5] = 0xc3;
        assert_eq!(string_run(&buf, 0), StringRun { end: 3, non_ascii: false });
        buf[2] = 0xc3;
        assert_eq!(string_run(&buf, 0), StringRun { end: 3, non_ascii: true });
    }

    #[test]
    fn counting_matches_reference() {
        let bytes: Vec<u8> =
            (0..=255u8).chain((0..=255u8).rev()).chain(b"\n\n\xc3\xa9\n".iter().copied()).collect();
        for start in 0..20 {
            for end in start..bytes.len() {
                let b = &bytes[start..end];
                assert_eq!(count_newlines(b), b.iter().filter(|&&x| x == b'\n').count());
                assert_eq!(count_chars(b), b.iter().filter(|&&x| (x as i8) >= -0x40).count());
                assert_eq!(last_newline(b), b.iter().rposition(|&x| x == b'\n'));
            }
        }
    }

    #[test]
    fn skip_digits_matches_reference_at_every_offset() {
        let others = [b'.', b'/', b':', b'e', 0x00, 0xb0, 0xff, b' ', b'-'];
        for len in 0..40 {
            let base = vec![b'7'; len];
            for at in 0..len {
                for &other in &others {
                    let mut buf = base.clone();
                    buf[at] = other;
                    for start in 0..=len {
                        let want =
                            buf[start..].iter().position(|b| !b.is_ascii_digit()).map_or(len, |n| start + n);
                        assert_eq!(skip_digits(&buf, start), want, "len {len} at {at} {other:#x}");
                    }
                }
            }
            for digit in b'0'..=b'9' {
                let buf = vec![digit; len];
                assert_eq!(skip_digits(&buf, 0), len);
            }
        }
    }
}
