//! The number grammar, and number text for writing (integers, and floats in the ECMAScript form
//! RFC 8785 requires).

use super::Stop;
use crate::error::{Code, Found};
use crate::scan;

/// The common case of [`scan`](fn@scan), small enough to inline: an integer or a decimal fraction
/// without exponent, followed by a byte that cannot continue it. Returns the index after the
/// number, or `None` when [`scan`](fn@scan) must look.
#[inline(always)]
pub(crate) fn scan_simple(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + usize::from(bytes[start] == b'-');
    match bytes.get(i)? {
        b'1'..=b'9' => i = scan::skip_digits(bytes, i + 1),
        b'0' => i += 1,
        _ => return None,
    }
    if bytes.get(i) == Some(&b'.') {
        if !bytes.get(i + 1)?.is_ascii_digit() {
            return None;
        }
        i = scan::skip_digits(bytes, i + 2);
    }
    settled(bytes, i).then_some(i)
}

/// Whether the number that a fast scan read up to `end` ends there: a byte follows that cannot
/// continue it. Otherwise (a digit after a leading zero, a second `.` or exponent, the end of
/// the bytes) [`scan`](fn@scan) must judge.
#[inline(always)]
fn settled(bytes: &[u8], end: usize) -> bool {
    // A table rather than a `match`: what follows a number alternates in arrays (`,` then
    // `]` in pairs of coordinates), which a chain of compares mispredicts and a load does not.
    match bytes.get(end) {
        Some(&b) => !CONTINUES_NUMBER[usize::from(b)],
        None => false,
    }
}

/// The bytes that can continue a number: digits, `.`, `e` and `E`.
static CONTINUES_NUMBER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(b as u8, b'0'..=b'9' | b'.' | b'e' | b'E');
        b += 1;
    }
    table
};

/// Scans a number starting at `bytes[start]` (a `-` or a digit) and returns the index after it.
///
/// Grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`. When the bytes end inside
/// the number and `eof` is false, asks for more: the number is scanned again from its start.
pub(crate) fn scan(bytes: &[u8], start: usize, eof: bool) -> Result<usize, Stop> {
    let more = Stop::More { resume: 0, flags: 0 };
    let mut i = start;
    // Any text may come here through `Number::parse`, the empty one too.
    let negative = bytes.get(i) == Some(&b'-');
    i += usize::from(negative);
    match bytes.get(i) {
        Some(b'0') => {
            i += 1;
            if matches!(bytes.get(i), Some(b'0'..=b'9')) {
                return Err(Stop::invalid(Code::LeadingZero, i));
            }
        }
        Some(b'1'..=b'9') => i = scan::skip_digits(bytes, i + 1),
        Some(_) if negative => return Err(expected("a digit after '-'", bytes, i)),
        Some(_) => return Err(expected("a number", bytes, i)),
        None if eof => return Err(Stop::invalid(Code::Eof("in a number"), i)),
        None => return Err(more),
    }
    if bytes.get(i) == Some(&b'.') {
        i = digits(bytes, i + 1, eof, "a digit after '.'")?;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        i = digits(bytes, i, eof, "a digit in the exponent")?;
    }
    if i == bytes.len() && !eof {
        return Err(more);
    }
    Ok(i)
}

/// One or more digits at `i`.
#[inline]
fn digits(bytes: &[u8], i: usize, eof: bool, what: &'static str) -> Result<usize, Stop> {
    match bytes.get(i) {
        Some(b'0'..=b'9') => Ok(scan::skip_digits(bytes, i + 1)),
        Some(_) => Err(expected(what, bytes, i)),
        None if eof => Err(Stop::invalid(Code::Eof("in a number"), i)),
        None => Err(Stop::More { resume: 0, flags: 0 }),
    }
}

#[cold]
fn expected(what: &'static str, bytes: &[u8], i: usize) -> Stop {
    Stop::invalid(Code::Expected(what, Found::at(bytes, i)), i)
}

/// An integer beyond 64 bits, as the 128-bit type of its sign holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Wide {
    I128(i128),
    U128(u128),
}

/// Parses integer text that passed the grammar into the 128-bit type of its sign; `None` when
/// it is beyond that too.
pub(crate) fn parse_wide(text: &str) -> Option<Wide> {
    if text.starts_with('-') {
        text.parse().ok().map(Wide::I128)
    } else {
        text.parse().ok().map(Wide::U128)
    }
}

/// What number text holds, as far as the 64-bit integer types can tell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Parsed {
    /// A non-negative integer that fits `u64`.
    U64(u64),
    /// A negative integer that fits `i64` (`-0` is `I64(0)`).
    I64(i64),
    /// The text has a fraction or an exponent.
    Float,
    /// An integer beyond 64 bits.
    Big,
}

/// Parses number text that passed the grammar: exactly, when it is a 64-bit integer.
#[inline]
pub(crate) fn parse_integer(text: &[u8]) -> Parsed {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    // The digits stop at a fraction or exponent; the grammar allows no leading zeros, so more
    // than 20 digits, or 20 above u64::MAX's, are beyond 64 bits.
    let (end, value) = scan::parse_digits(digits, 0, 0);
    if end < digits.len() {
        return Parsed::Float;
    }
    if digits.len() > 20 || (digits.len() == 20 && digits > b"18446744073709551615".as_slice()) {
        return Parsed::Big;
    }
    if !negative {
        Parsed::U64(value)
    } else if value <= 1 << 63 {
        Parsed::I64((value as i64).wrapping_neg())
    } else {
        Parsed::Big
    }
}

/// Parses number text that passed the grammar as the nearest `f64` (correctly rounded);
/// `None` when its magnitude is beyond `f64::MAX`.
#[inline]
pub(crate) fn parse_f64(text: &str) -> Option<f64> {
    parse_f64_in(text.as_bytes(), 0, text.len())
}

/// [`parse_f64`] of the number `bytes[start..end]`, which passed the grammar; the bytes after
/// `end` (not digits: the number ends there) let the digit loops read whole words.
#[inline]
pub(crate) fn parse_f64_in(bytes: &[u8], start: usize, end: usize) -> Option<f64> {
    decimal_of(bytes, start, end).to_f64(bytes, start, end)
}

/// A number's value: the narrowest of `u64`, `i64` and `f64` that holds it exactly.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar {
    U64(u64),
    /// A negative integer (`-0` is `I64(0)`).
    I64(i64),
    /// A number with a fraction or an exponent, correctly rounded.
    F64(f64),
    /// An integer beyond 64 bits.
    Big,
    /// A float beyond `f64::MAX`.
    OutOfRange,
}

/// What a number's digits say, gathered in the same pass that checks its grammar: its value
/// is `w × 10^q`, negated when `negative`. The reader keeps the one of the number it read
/// last, so that the typed layer and the `Value` builder never read the digits again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Decimal {
    /// The significant digits (exact while `long` is false).
    w: u64,
    /// The power of ten.
    q: i64,
    negative: bool,
    /// No fraction and no exponent.
    integer: bool,
    /// More than 19 significant digits: `w` is not exact, and the text decides.
    long: bool,
}

/// Scans the number at `bytes[start]` (a `-` or a digit) and gathers its digits in the same
/// pass: the index after it and its [`Decimal`]. `None` when [`scan`](fn@scan) must look (a grammar
/// error, or the bytes end at or in the number): the common case, small enough to inline.
#[inline(always)]
pub(crate) fn scan_decimal(bytes: &[u8], start: usize) -> Option<(usize, Decimal)> {
    let (end, decimal) = decimal_prefix(bytes, start)?;
    settled(bytes, end).then_some((end, decimal))
}

/// The [`Decimal`] of the number `bytes[start..end]`, which the structural index showed to be
/// an integer part (perhaps after a `-`), a `.` at `dot` and digits up to `end` (the grammar
/// checked): each part taken by whole words, with no loop and no byte looked at one by one.
/// `None` for more than 8 digits before the `.`, more than 19 after it, more than 19 in all
/// (but after a lone `0`, which does not count), or fewer than 24 bytes after the `.`:
/// [`scan_decimal`] then.
#[inline(always)]
pub(crate) fn fraction_decimal(bytes: &[u8], start: usize, dot: usize, end: usize) -> Option<Decimal> {
    debug_assert!(start < dot && dot + 1 < end);
    let negative = bytes[start] == b'-';
    let int_start = start + usize::from(negative);
    let (int_len, frac_len) = (dot - int_start, end - dot - 1);
    let fraction = bytes.get(dot + 1..)?.first_chunk::<24>()?;
    let zero = int_len == 1 && bytes[int_start] == b'0';
    if int_len > 8 || frac_len > 19 || (int_len + frac_len > 19 && !zero) {
        return None;
    }
    let digits = scan::first_digits;
    let word = |at: usize| u64::from_le_bytes(*fraction[at..].first_chunk::<8>().expect("within 24 bytes"));
    // `dot + 25 <= bytes.len()`, so the integer part's eight bytes (before the `.`) are in.
    let int = digits(scan::load_u64(bytes, int_start), int_len);
    let frac = match frac_len {
        0..=8 => digits(word(0), frac_len),
        9..=16 => digits(word(0), 8) * scan::POW10[frac_len - 8] + digits(word(8), frac_len - 8),
        _ => {
            let sixteen = digits(word(0), 8) * scan::POW10[8] + digits(word(8), 8);
            sixteen * scan::POW10[frac_len - 16] + digits(word(16), frac_len - 16)
        }
    };
    // At most 19 digits but leading zeros: below 10^19, within `u64`.
    let w = int * scan::POW10[frac_len] + frac;
    Some(Decimal { w, q: -(frac_len as i64), negative, integer: false, long: false })
}

/// [`scan_decimal`] for an integer target, where most numbers are integers: up to eight digits
/// of an integer part that starts with `1` to `9` in one word step, whatever their count
/// (`scan_decimal` takes the first four a byte at a time, the better start for a float's short
/// integer part). `None` for anything else (`0`, a fraction, an exponent, fewer than eight
/// bytes from the first digit): `scan_decimal` then.
#[inline(always)]
pub(crate) fn scan_integer(bytes: &[u8], start: usize) -> Option<(usize, Decimal)> {
    let negative = bytes.get(start) == Some(&b'-');
    let int_start = start + usize::from(negative);
    if int_start + 8 > bytes.len() || bytes[int_start] == b'0' {
        return None;
    }
    let (n, w) = scan::leading_digits(scan::load_u64(bytes, int_start));
    let (end, w) = match n {
        0 => return None,
        8 => scan::parse_digits(bytes, int_start + 8, w),
        _ => (int_start + n, w),
    };
    let long = end - int_start > 19;
    settled(bytes, end).then_some((end, Decimal { w, q: 0, negative, integer: true, long }))
}

/// The end and value of a plain integer at `bytes[start]`, whose first byte the caller found to
/// be `1` to `9`: up to 19 digits (all of which fit a `u64`) with no fraction or exponent. Up to
/// 15 from two eight-byte words loaded at once (no loop, and no test between them), and the byte
/// after them; 16 to 19 from a third word, out of line ([`long_plain_integer`]: 64-bit ids, such
/// as twitter's, are 18 or 19 digits). `None` for anything else: [`scan_integer`] then. Bytes
/// past the end of `bytes` are read as if zeros followed them when `bytes` is the whole input
/// (`whole`), so that the last number of a small document takes this step too: a zero is not a
/// digit, and it stands where no byte follows the number; else (a window of a stream, which
/// more bytes may continue) `None`.
#[inline(always)]
pub(crate) fn plain_integer(bytes: &[u8], start: usize, whole: bool) -> Option<(usize, u64)> {
    debug_assert!(matches!(bytes.get(start), Some(b'1'..=b'9')));
    let rest = bytes.get(start..)?;
    // The two words straight from the input into registers. (Taken as a 16-byte array, they
    // went through the stack, and the load of the first back from there was the step's
    // slowest instruction: 11 % of the samples `perf` gave the step on golang_source.)
    let words = |chunk: &[u8; 16]| (scan::load_u64(chunk, 0), scan::load_u64(chunk, 8));
    let (first, second) = match rest.first_chunk::<16>() {
        Some(chunk) => words(chunk),
        None if whole => words(&zero_padded(rest)),
        None => return None,
    };
    let (high, high_value) = scan::leading_digits(first);
    let (low, low_value) = scan::leading_digits(second);
    let (n, value, after) = match (high, low) {
        (8, 8) => {
            let sixteen = high_value * scan::POW10[8] + low_value;
            return long_plain_integer(rest, whole, sixteen).map(|(n, value)| (start + n, value));
        }
        (8, _) => (8 + low, high_value * scan::POW10[low] + low_value, byte_of(second, low)),
        _ => (high, high_value, byte_of(first, high)),
    };
    // The byte after the digits: not a digit, so `n < 16`.
    (!CONTINUES_NUMBER[usize::from(after)]).then_some((start + n, value))
}

/// Byte `n` (below 8) of the eight loaded little-endian into `word`.
#[inline(always)]
fn byte_of(word: u64, n: usize) -> u8 {
    debug_assert!(n < 8);
    (word >> (8 * (n & 7))) as u8
}

/// [`plain_integer`] of `rest`, whose first 16 bytes are digits of value `sixteen`: its length
/// and its value when at most three more digits follow (19 in all, below 10^19 and so
/// within `u64`), else `None`. Out of line: most integers are shorter, and their step keeps
/// its few registers.
#[inline(never)]
fn long_plain_integer(rest: &[u8], whole: bool, sixteen: u64) -> Option<(usize, u64)> {
    let tail = rest.get(16..)?;
    let word = match tail.first_chunk::<8>() {
        Some(chunk) => u64::from_le_bytes(*chunk),
        None if whole => u64::from_le_bytes(zero_padded(tail)),
        None => return None,
    };
    let (n, value) = scan::leading_digits(word);
    if n > 3 {
        return None;
    }
    // The byte after the digits is in the word, and the value below 10^19.
    let after = byte_of(word, n);
    (!CONTINUES_NUMBER[usize::from(after)]).then_some((16 + n, sixteen * scan::POW10[n] + value))
}

/// `rest` (fewer than `N` bytes) followed by zeros. Out of line: only a document's last bytes
/// take it.
#[inline(never)]
fn zero_padded<const N: usize>(rest: &[u8]) -> [u8; N] {
    let mut chunk = [0; N];
    chunk[..rest.len()].copy_from_slice(rest);
    chunk
}

/// The [`Decimal`] of the number `bytes[start..end]`, which passed the grammar.
#[inline]
pub(crate) fn decimal_of(bytes: &[u8], start: usize, end: usize) -> Decimal {
    match decimal_prefix(bytes, start) {
        Some((at, decimal)) if at == end => decimal,
        // Unreachable for text that passed the grammar; the text decides.
        _ => {
            debug_assert!(false, "not a number: {:?}", &bytes[start..end]);
            Decimal { w: 0, q: 0, negative: false, integer: false, long: true }
        }
    }
}

/// The longest prefix of `bytes[start..]` that is a number (a `-` or a digit at `start`), with
/// its [`Decimal`]; `None` where a part of the grammar has no digits. A leading zero ends the
/// prefix; what follows is the caller's to judge.
#[inline(always)]
fn decimal_prefix(bytes: &[u8], start: usize) -> Option<(usize, Decimal)> {
    let negative = bytes[start] == b'-';
    let int_start = start + usize::from(negative);
    let (mut i, mut w) = match bytes.get(int_start)? {
        &first @ b'1'..=b'9' => short_int_part(bytes, int_start, first),
        b'0' => (int_start + 1, 0),
        _ => return None,
    };
    let mut digits = i - int_start;
    let mut q: i64 = 0;
    let mut integer = true;
    if bytes.get(i) == Some(&b'.') {
        let frac_start = i + 1;
        if !bytes.get(frac_start)?.is_ascii_digit() {
            return None;
        }
        let frac_end;
        (frac_end, w) = scan::parse_digits(bytes, frac_start, w);
        let frac_len = frac_end - frac_start;
        digits += frac_len;
        q = -(frac_len as i64);
        if digits > 19 && bytes[int_start] == b'0' {
            // `0.000ddd`: the zeros before the first significant digit do not count.
            let zeros = bytes[frac_start..frac_end].iter().take_while(|&&b| b == b'0').count();
            digits -= 1 + zeros;
        }
        integer = false;
        i = frac_end;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        integer = false;
        i += 1;
        let negative_exp = bytes.get(i) == Some(&b'-');
        i += usize::from(matches!(bytes.get(i), Some(b'+' | b'-')));
        let exp_start = i;
        // Saturating: far beyond any f64 exponent.
        let mut e: i64 = 0;
        while let Some(d) = bytes.get(i).map(|b| b.wrapping_sub(b'0')).filter(|&d| d <= 9) {
            e = (e * 10 + i64::from(d)).min(1 << 40);
            i += 1;
        }
        if i == exp_start {
            return None;
        }
        q += if negative_exp { -e } else { e };
    }
    Some((i, Decimal { w, q, negative, integer, long: digits > 19 }))
}

/// The integer part starting with digit `first` at `start`: up to four digits a byte at a time
/// (most integer parts are short, and the eight-digit step costs more for them); the digits
/// after those by [`scan::parse_digits`].
#[inline(always)]
fn short_int_part(bytes: &[u8], start: usize, first: u8) -> (usize, u64) {
    let mut w = u64::from(first - b'0');
    let mut i = start + 1;
    while i < start + 4 {
        match bytes.get(i) {
            Some(&d) if d.is_ascii_digit() => w = w * 10 + u64::from(d - b'0'),
            _ => return (i, w),
        }
        i += 1;
    }
    scan::parse_digits(bytes, i, w)
}

impl Decimal {
    /// The value of the number `bytes[start..end]` whose decimal this is.
    #[inline(always)]
    pub(crate) fn scalar(self, bytes: &[u8], start: usize, end: usize) -> Scalar {
        if !self.integer {
            return match self.to_f64(bytes, start, end) {
                Some(f) => Scalar::F64(f),
                None => Scalar::OutOfRange,
            };
        }
        if self.long {
            // More than 19 digits, yet maybe within u64.
            return match parse_integer(&bytes[start..end]) {
                Parsed::U64(u) => Scalar::U64(u),
                Parsed::I64(i) => Scalar::I64(i),
                Parsed::Float | Parsed::Big => Scalar::Big,
            };
        }
        if !self.negative {
            Scalar::U64(self.w)
        } else if self.w <= 1 << 63 {
            Scalar::I64((self.w as i64).wrapping_neg())
        } else {
            Scalar::Big
        }
    }

    /// The nearest `f64` (correctly rounded) to the number `bytes[start..end]` whose decimal
    /// this is; `None` beyond `f64::MAX`.
    ///
    /// Inline, the cases that take a few instructions ([`fast_f64`]): zero, Clinger's exact
    /// fast path (a mantissa below 2^53 times a small power of ten) and the Eisel-Lemire
    /// algorithm's one-product case. The rest is a call ([`to_f64_rest`]).
    #[inline(always)]
    pub(crate) fn to_f64(self, bytes: &[u8], start: usize, end: usize) -> Option<f64> {
        if !self.long {
            if let Some(f) = fast_f64(self.w, self.q) {
                return Some(with_sign(f, self.negative));
            }
        }
        to_f64_rest(self.w, self.q, self.negative, self.long, &bytes[start..end])
    }
}

/// `f` (not negative), negated if `negative`. The sign as a bit, not a branch: signs alternate
/// in coordinate pairs. (Setting the bit negates any `f`, zero included.)
#[inline(always)]
fn with_sign(f: f64, negative: bool) -> f64 {
    f64::from_bits(f.to_bits() | u64::from(negative) << 63)
}

/// [`Decimal::to_f64`] where its inline cases do not apply, for the number `text` whose
/// decimal has these fields: the whole Eisel-Lemire algorithm (a product too close to call
/// for one word of the power of five, a tie, a subnormal or an overflow), then for the rare
/// cases it cannot settle (more than 19 digits, a product too close to call for both words)
/// the standard library's parser. The fields come as scalars, not as the `Decimal`: passed by
/// value, it went through the stack in pieces and was read back whole, a stalled load on the
/// inline path too (typed decode of canada 1.4× slower).
#[inline(never)]
fn to_f64_rest(w: u64, q: i64, negative: bool, long: bool, text: &[u8]) -> Option<f64> {
    // (Zero never comes here: `fast_f64` takes it.)
    let lemire = if long { None } else { eisel_lemire(w, q) };
    let value = match lemire {
        Some(f) => with_sign(f, negative),
        None => super::str_from_checked(text).parse::<f64>().ok()?,
    };
    value.is_finite().then_some(value)
}

/// `w × 10^q` correctly rounded where a few instructions settle it (always finite), or `None`.
#[inline(always)]
fn fast_f64(w: u64, q: i64) -> Option<f64> {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if w == 0 {
        return Some(0.0);
    }
    // Clinger: both factors exact, so one rounding.
    if w <= 1 << 53 && (-22..=22).contains(&q) {
        let f = w as f64;
        return Some(if q < 0 { f / POW10[(-q) as usize] } else { f * POW10[q as usize] });
    }
    lemire_one_product(w, q)
}

/// The bits of the first 128-bit product below the 55 that Eisel-Lemire keeps (the 53 of the
/// significand, the rounding bit, and the one the product's top bit may take): all ones, the
/// second product may carry into the kept bits.
const PRECISION_MASK: u64 = u64::MAX >> 55;

/// floor(q × log2(10)) + 63: the binary exponent of 10^q as Eisel-Lemire's normalized product
/// gives it.
#[inline(always)]
fn binary_power(q: i64) -> i64 {
    (((152_170 + 65_536) * q) >> 16) + 63
}

/// The powers of ten whose product with any `w` of up to 19 digits is a normal, finite `f64`:
/// `1 × 10^-307` is above `f64::MIN_POSITIVE` and `(10^19 − 1) × 10^288` below `f64::MAX`.
const ONE_PRODUCT_POWERS: core::ops::RangeInclusive<i64> = -307..=288;

/// [`eisel_lemire`]'s common case, inline: a power of ten in [`ONE_PRODUCT_POWERS`] (no
/// subnormal, no overflow), a first product whose bits below the 55 it keeps are not all ones
/// (so the second product cannot carry into them), and no value that may be halfway between
/// two floats. The same steps and the same result; `None` for the rest, which `eisel_lemire`
/// settles. About 25 instructions and no call, where most of a coordinate file's numbers (17
/// digits, beyond Clinger's fast path) went.
#[inline(always)]
fn lemire_one_product(w: u64, q: i64) -> Option<f64> {
    use super::pow5::{POWERS_OF_FIVE, SMALLEST_POWER};
    if !ONE_PRODUCT_POWERS.contains(&q) {
        return None;
    }
    debug_assert!(w != 0 && w < 10_000_000_000_000_000_000);
    let lz = w.leading_zeros();
    let (hi5, _) = POWERS_OF_FIVE[(q - SMALLEST_POWER) as usize];
    let product = u128::from(w << lz) * u128::from(hi5);
    let (hi, lo) = ((product >> 64) as u64, product as u64);
    // A tie (halfway between two floats) needs a power in -4..=23 and a low word of 0 or 1.
    if hi & PRECISION_MASK == PRECISION_MASK || (lo <= 1 && (-4..=23).contains(&q)) {
        return None;
    }
    // The top 54 bits: the 53 of the significand and the rounding bit.
    let upper_bit = hi >> 63;
    let mantissa = hi >> (upper_bit + 9);
    // Rounded half up (no value here is halfway): 2^52 to 2^53, the significand's top bit set.
    let mantissa = (mantissa + (mantissa & 1)) >> 1;
    // The biased exponent, at least 1 here.
    let power2 = binary_power(q) + upper_bit as i64 - i64::from(lz) + 1023;
    debug_assert!((1..=2045).contains(&power2), "{w} × 10^{q}");
    // The significand's top bit adds one to the exponent field, so the field is one below;
    // a significand rounded up to 2^53 adds two, the exponent of 2 × 2^52.
    Some(f64::from_bits((((power2 - 1) as u64) << 52) + mantissa))
}

/// The Eisel-Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per Second", 2021), as in
/// fast_float and Rust's `core::num::dec2flt`.
fn eisel_lemire(mut w: u64, q: i64) -> Option<f64> {
    use super::pow5::{POWERS_OF_FIVE, SMALLEST_POWER};
    const MANTISSA_BITS: u32 = 52;
    const MIN_EXPONENT: i64 = -1023;
    const INFINITE_POWER: i64 = 0x7FF;
    if q < SMALLEST_POWER {
        return Some(0.0);
    }
    if q > 308 {
        return Some(f64::INFINITY);
    }
    let lz = w.leading_zeros();
    w <<= lz;
    // The product of w and 5^q, precise in its top 55 bits.
    let (hi5, lo5) = POWERS_OF_FIVE[(q - SMALLEST_POWER) as usize];
    let first = u128::from(w) * u128::from(hi5);
    let (mut hi, mut lo) = ((first >> 64) as u64, first as u64);
    if hi & PRECISION_MASK == PRECISION_MASK {
        let second = u128::from(w) * u128::from(lo5);
        let second_hi = (second >> 64) as u64;
        lo = lo.wrapping_add(second_hi);
        if second_hi > lo {
            hi += 1;
        }
        // Still too close to call: leave it to the exact parser.
        if lo == u64::MAX && !(-27..=55).contains(&q) {
            return None;
        }
    }
    let upper_bit = (hi >> 63) as u32;
    let shift = upper_bit + 64 - MANTISSA_BITS - 3;
    let mut mantissa = hi >> shift;
    let mut power2 = binary_power(q) + i64::from(upper_bit) - i64::from(lz) - MIN_EXPONENT;
    if power2 <= 0 {
        // Subnormal.
        if -power2 + 1 >= 64 {
            return Some(0.0);
        }
        mantissa >>= -power2 + 1;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        power2 = i64::from(mantissa >= 1 << MANTISSA_BITS);
        return Some(f64::from_bits((power2 as u64) << MANTISSA_BITS | mantissa));
    }
    // A value exactly halfway between two floats rounds to even.
    if lo <= 1 && (-4..=23).contains(&q) && mantissa & 3 == 1 && mantissa << shift == hi {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= 2 << MANTISSA_BITS {
        mantissa = 1 << MANTISSA_BITS;
        power2 += 1;
    }
    mantissa &= !(1 << MANTISSA_BITS);
    if power2 >= INFINITE_POWER {
        return Some(f64::INFINITY);
    }
    Some(f64::from_bits((power2 as u64) << MANTISSA_BITS | mantissa))
}

/// Parses number text that passed the grammar as the nearest `f32` (rounded once, from the
/// text); `None` when its magnitude is beyond `f32::MAX`.
#[inline]
pub(crate) fn parse_f32(text: &str) -> Option<f32> {
    text.parse::<f32>().ok().filter(|f| f.is_finite())
}

/// Appends the decimal text of `n`.
pub(crate) fn write_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

/// Appends the decimal text of `n`.
pub(crate) fn write_i64(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    write_u64(out, n.unsigned_abs());
}

/// Appends `value` as ECMAScript's `Number.prototype.toString` writes it (RFC 8785 §3.2.2.3):
/// the shortest digits that round-trip, plain notation for exponents from -6 to 20, `-0` as `0`.
/// Returns false, writing nothing, for NaN and infinities.
pub(crate) fn write_f64_es6(out: &mut Vec<u8>, value: f64) -> bool {
    if !value.is_finite() {
        return false;
    }
    if value == 0.0 {
        out.push(b'0');
        return true;
    }
    if value < 0.0 {
        out.push(b'-');
    }
    let at = out.len();
    crate::scan::push_formatted(&mut zmij::Buffer::new(), |buf| buf.format_finite(value.abs()), out);
    // An exponent is `e`, a sign and one to three digits: its `e` is among the last five bytes,
    // where the fixed form has none.
    if !out[out.len().saturating_sub(5).max(at)..].contains(&b'e') {
        // zmij's fixed form (from 10^-5 to 10^16, within ECMAScript's from 10^-6 to 10^21) is
        // ECMAScript's but for the zeros that end its fraction (`1.0`, `100.0`): dropped, and
        // then the point if nothing is left after it.
        if out.last() == Some(&b'0') && out[at..].contains(&b'.') {
            while out.last() == Some(&b'0') {
                out.pop();
            }
            if out.last() == Some(&b'.') {
                out.pop();
            }
        }
        return true;
    }
    // The exponent form: from its digits.
    let mut text = [0u8; 32];
    let n = out.len() - at;
    text[..n].copy_from_slice(&out[at..]);
    out.truncate(at);
    let (digits, len, exp) = digits_of(&text[..n]);
    write_es6_digits(out, &digits[..len], exp);
    true
}

/// Appends the number `0.d1d2…dk × 10^(exp + 1)` (`digits` its significant digits, the first
/// not zero) in ECMAScript's notation: plain for exponents from -6 to 20, else `d.ddde±x`.
fn write_es6_digits(out: &mut Vec<u8>, digits: &[u8], exp: i32) {
    let k = digits.len() as i32;
    // The value is 0.d1d2...dk × 10^n.
    let n = exp + 1;
    if k <= n && n <= 21 {
        out.extend_from_slice(digits);
        out.resize(out.len() + (n - k) as usize, b'0');
    } else if 0 < n && n <= 21 {
        out.extend_from_slice(&digits[..n as usize]);
        out.push(b'.');
        out.extend_from_slice(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + (-n) as usize, b'0');
        out.extend_from_slice(digits);
    } else {
        out.push(digits[0]);
        if k > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'e');
        out.push(if n - 1 < 0 { b'-' } else { b'+' });
        write_u64(out, u64::from((n - 1).unsigned_abs()));
    }
}

/// The significant digits of `text`, zmij's shortest form of a positive finite value (`ddd.ddd`,
/// `0.000ddd` below 1, or `d.ddde[+-]x`), and the decimal exponent of the first digit: the
/// value is `d.ddd × 10^exp`. zmij's digits are the shortest that read back as the value and,
/// among equally short ones, the closest, and of two equally close the even one, as ECMAScript
/// requires (Rust's own `{:e}` breaks such ties upward).
fn digits_of(text: &[u8]) -> ([u8; 17], usize, i32) {
    let (mantissa, exp) = match text.iter().rposition(|&b| b == b'e') {
        Some(e) => (&text[..e], parse_exponent(&text[e + 1..])),
        None => (text, 0),
    };
    let (int, frac) = match mantissa.iter().position(|&b| b == b'.') {
        Some(dot) => (&mantissa[..dot], &mantissa[dot + 1..]),
        None => (mantissa, &[][..]),
    };
    // The significant digits, copied by slices: the fraction's after its leading zeros when
    // the integer part is `0` (the value is positive, so some digit is not zero), else both
    // parts (at most 17 digits: zmij writes 17 significant digits at the most and a fixed
    // form only up to 10^16, with one `0` after its point).
    let mut digits = [0u8; 17];
    let (mut len, point) = if int == b"0" {
        let zeros = frac.iter().position(|&b| b != b'0').unwrap_or(frac.len());
        let sig = &frac[zeros..];
        digits[..sig.len()].copy_from_slice(sig);
        (sig.len(), -(zeros as i32))
    } else {
        digits[..int.len()].copy_from_slice(int);
        digits[int.len()..int.len() + frac.len()].copy_from_slice(frac);
        (int.len() + frac.len(), int.len() as i32)
    };
    while len > 1 && digits[len - 1] == b'0' {
        len -= 1;
    }
    // The value is 0.ddd × 10^n with n = point + exp; return n - 1.
    (digits, len, point + exp - 1)
}

/// The exponent zmij writes after its `e`: a sign, then one to three digits.
fn parse_exponent(text: &[u8]) -> i32 {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, text),
    };
    let n = digits.iter().fold(0, |n, &d| n * 10 + i32::from(d - b'0'));
    if negative {
        -n
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer target's word-at-a-time scan agrees with `scan_decimal` wherever it answers
    /// (what it declines, `scan_decimal` reads after it): every digit count from 1 to 24, signs,
    /// a leading zero, fractions, exponents, each terminator, and the input ending at each
    /// place. It must answer for a good part of them, or it would be no fast path.
    #[test]
    fn scan_integer_agrees_with_scan_decimal() {
        let mut answered = 0;
        // Under Miri, a thousand times slower, the lengths around the words' ends.
        let lengths: Vec<usize> = if cfg!(miri) { vec![1, 7, 8, 9, 16, 17, 24] } else { (1..=24).collect() };
        for &digits in &lengths {
            let int: String = (0..digits).map(|i| char::from(b'1' + (i % 9) as u8)).collect();
            for sign in ["", "-"] {
                for body in [int.clone(), format!("0{int}"), format!("{int}.5"), format!("{int}e3")] {
                    for tail in [",", "}", "]", " ", "\n", "x", ".", "e", "E", "", ",\"abcdefgh\""] {
                        let text = format!("{sign}{body}{tail}");
                        for cut in 1..=text.len() {
                            let bytes = &text.as_bytes()[..cut];
                            let Some(found) = scan_integer(bytes, 0) else { continue };
                            answered += 1;
                            assert_eq!(Some(found), scan_decimal(bytes, 0), "{:?}", bytes);
                            assert!(found.1.integer, "{:?}", bytes);
                        }
                    }
                }
            }
        }
        // More than 500 times over all 24 lengths; in proportion over Miri's fewer.
        assert!(answered * 24 > 500 * lengths.len(), "the word scan answered only {answered} times");
    }

    /// The struct field's plain integer step agrees with `scan_decimal` wherever it answers,
    /// over every digit count from 1 to 24 (the two words, the third word's 16 to 19 digits,
    /// and the 20 and more that it leaves to the full step), each terminator and the input
    /// ending at each place, as a whole input (zeros read past its end) or a stream's window.
    /// It answers every plain integer of up to 19 digits that a terminator ends.
    #[test]
    fn plain_integer_agrees_with_scan_decimal() {
        let lengths: Vec<usize> =
            if cfg!(miri) { vec![1, 8, 15, 16, 17, 19, 20] } else { (1..=24).collect() };
        for &digits in &lengths {
            let int: String = (0..digits).map(|i| char::from(b'9' - (i % 9) as u8)).collect();
            for body in [int.clone(), format!("{int}.5"), format!("{int}e3"), format!("{int}0")] {
                for tail in [",", "}", " ", "x", ".", "e", "E", "-", "", ",\"abcdefghijklmnopqrstuvwx\""] {
                    let text = format!("{body}{tail}");
                    for cut in 1..=text.len() {
                        let bytes = &text.as_bytes()[..cut];
                        let run = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
                        let ended = bytes.get(run).is_none_or(|b| !b"0123456789.eE".contains(b));
                        for whole in [true, false] {
                            let Some((end, value)) = plain_integer(bytes, 0, whole) else {
                                assert!(!(whole && ended && run <= 19), "{bytes:?} declined");
                                continue;
                            };
                            // A whole input's end ends a number; a window's end does not.
                            assert!(whole || end < bytes.len(), "{bytes:?} at a window's end");
                            let reference = [bytes, b" "].concat();
                            let (at, decimal) = scan_decimal(&reference, 0).expect("a number");
                            assert_eq!(
                                (end, value, 0, true),
                                (at, decimal.w, decimal.q, decimal.integer),
                                "{bytes:?}"
                            );
                            assert!(!decimal.long && end <= 19, "{bytes:?}");
                        }
                    }
                }
            }
        }
    }

    fn es6(value: f64) -> String {
        let mut out = Vec::new();
        assert!(write_f64_es6(&mut out, value));
        String::from_utf8(out).unwrap()
    }

    /// The digits as they were first taken (a digit at a time over zmij's text), the reference
    /// for `digits_of` and for `write_f64_es6`'s trimmed fixed form.
    fn shortest_digits_reference(value: f64) -> ([u8; 17], usize, i32) {
        let mut buf = zmij::Buffer::new();
        let text = buf.format_finite(value).as_bytes();
        let (mantissa, exp) = match text.iter().position(|&b| b == b'e') {
            Some(e) => {
                let exp_text = core::str::from_utf8(&text[e + 1..]).unwrap();
                (&text[..e], exp_text.parse::<i32>().unwrap())
            }
            None => (text, 0),
        };
        let int_len = mantissa.iter().position(|&b| b == b'.').unwrap_or(mantissa.len());
        let mut digits = [0u8; 17];
        let mut len = 0;
        let mut leading_zeros = 0;
        for &b in mantissa.iter().filter(|b| b.is_ascii_digit()) {
            if len == 0 && b == b'0' {
                leading_zeros += 1;
            } else {
                digits[len] = b;
                len += 1;
            }
        }
        while len > 1 && digits[len - 1] == b'0' {
            len -= 1;
        }
        (digits, len, int_len as i32 - leading_zeros + exp - 1)
    }

    /// The digits and exponent agree with the reference on values of every magnitude: random
    /// bit patterns, powers of ten and their neighbours, the edges of zmij's fixed form (10^-5
    /// to 10^16), subnormals and the extremes.
    #[test]
    fn es6_digits_and_text_agree_with_the_reference() {
        let mut values = vec![f64::MIN_POSITIVE, 5e-324, f64::MAX, 1.0, 0.1, 1e-5, 1e-6, 1e15, 1e16, 1e17];
        // Fewer under Miri, where each value takes milliseconds.
        let (step, random) = if cfg!(miri) { (37, 100) } else { (1, 200_000) };
        for e in (-324..=308).step_by(step) {
            let p: f64 = format!("1e{e}").parse().unwrap();
            if p > 0.0 && p.is_finite() {
                values.extend([
                    p,
                    f64::from_bits(p.to_bits() + 1),
                    f64::from_bits(p.to_bits() - 1),
                    p * 1.5,
                    p * 9.999,
                ]);
            }
        }
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..random {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(f64::from_bits(x >> 1));
        }
        for v in values.into_iter().filter(|v| v.is_finite() && *v > 0.0) {
            let mut buf = zmij::Buffer::new();
            let (d, len, exp) = digits_of(buf.format_finite(v).as_bytes());
            let (rd, rlen, rexp) = shortest_digits_reference(v);
            assert_eq!((&d[..len], exp), (&rd[..rlen], rexp), "{v:e}");
            // The whole text, zmij's fixed form trimmed or not, as the digits give it.
            let mut want = b"-".to_vec();
            write_es6_digits(&mut want, &rd[..rlen], rexp);
            let mut got = Vec::new();
            assert!(write_f64_es6(&mut got, -v));
            assert_eq!(String::from_utf8(got).unwrap(), String::from_utf8(want).unwrap(), "{v:e}");
        }
    }

    #[test]
    fn es6_number_forms() {
        let cases: &[(&str, f64, &str)] = &[
            ("zero", 0.0, "0"),
            ("negative zero", -0.0, "0"),
            ("integer", 56.0, "56"),
            ("fraction", 4.5, "4.5"),
            ("small fraction", 0.002, "0.002"),
            ("last plain small", 1e-6, "0.000001"),
            ("first exponent small", 1e-7, "1e-7"),
            ("last plain large", 1e20, "100000000000000000000"),
            ("21 digits plain", 999999999999999900000.0, "999999999999999900000"),
            ("first exponent large", 1e21, "1e+21"),
            ("exponent with fraction", 1.5e30, "1.5e+30"),
            ("max", f64::MAX, "1.7976931348623157e+308"),
            ("min subnormal", 5e-324, "5e-324"),
            ("negative", -333333333.3333333, "-333333333.3333333"),
            ("2^53", 9007199254740992.0, "9007199254740992"),
        ];
        for (name, value, want) in cases {
            assert_eq!(es6(*value), *want, "{name}");
        }
        assert!(!write_f64_es6(&mut Vec::new(), f64::NAN));
        assert!(!write_f64_es6(&mut Vec::new(), f64::NEG_INFINITY));
    }

    #[test]
    fn integers() {
        for n in [0i64, 1, -1, 9, 10, -10, i64::MAX, i64::MIN, 1234567890] {
            let mut out = Vec::new();
            write_i64(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
        let mut out = Vec::new();
        write_u64(&mut out, u64::MAX);
        assert_eq!(out, u64::MAX.to_string().as_bytes());
    }

    /// A xorshift generator of 64-bit words from `seed` (not 0): repeatable random inputs.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The fast float parser against the standard library's (correctly rounded) on hard
    /// cases and on many random numbers in several notations.
    #[test]
    fn parse_f64_is_correctly_rounded() {
        let hard = [
            "0",
            "-0",
            "0.0",
            "1",
            "-1",
            "0.1",
            "0.3",
            "1e23",
            "8.98846567431158e307",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "4.9406564584124654e-324",
            "5e-324",
            "1e-400",
            "-1e-400",
            "0.9999999999999999",
            "9007199254740993",
            "9007199254740992.5",
            "123456789012345678",
            "1234567890123456789",
            "12345678901234567890",
            "0.000001",
            "1e-7",
            "4.35e-5",
            "7.2057594037927933e16",
            "1.00000000000000011102230246251565404236316680908203125",
            "1448997445238699",
            "22250738585072011e-324",
            "3.0540276930944604e-310",
            "1e22",
            "1e-22",
            "123e20",
            "9.999999999999999e22",
            "100000000000000000000000",
            "0.30000000000000004",
            "1.5e300",
            "-65.613616999999977",
            "43.420273000000009",
            "0.000000000000000000000001234567890123456789",
            "-0.00000000000000000000000000001",
        ];
        for text in hard {
            one_pass_agrees(text);
            let want = text.parse::<f64>().unwrap();
            let got = parse_f64(text);
            if want.is_finite() {
                assert_eq!(got.map(f64::to_bits), Some(want.to_bits()), "{text}");
            } else {
                assert_eq!(got, None, "{text}");
            }
        }
        let mut next = xorshift(0x1234_5678_9abc_def0u64);
        for i in 0..300_000 {
            let f = f64::from_bits(next());
            if !f.is_finite() {
                continue;
            }
            let texts = [
                format!("{f:?}"),
                format!("{f:e}"),
                format!("{:.*e}", (i % 20) as usize, f),
                format!("{}e{}", next() % 10_000_000_000_000_000_000, (next() % 700) as i64 - 350),
                format!("{}.{:0>5}e{}", next() % 100_000, next() % 100_000, (next() % 60) as i64 - 30),
            ];
            for text in &texts {
                let text = text.replace("inf", "1e999");
                one_pass_agrees(&text);
                let want = text.parse::<f64>().unwrap();
                let got = parse_f64(&text);
                if want.is_finite() {
                    assert_eq!(got.map(f64::to_bits), Some(want.to_bits()), "{text}");
                } else {
                    assert_eq!(got, None, "{text}");
                }
            }
        }
    }

    /// The inline one-product case of Eisel-Lemire gives what the whole algorithm gives (and
    /// the standard library's parser), at the ends of its powers and of 19-digit significands,
    /// and on random ones; it must settle nearly all of them, or it is not the common case.
    /// (`correctly_rounded` in the name: `.ci/run`'s Miri step skips the long float tables by
    /// it.)
    #[test]
    fn one_product_case_is_correctly_rounded() {
        let agrees = |w: u64, q: i64| -> bool {
            let Some(fast) = lemire_one_product(w, q) else { return false };
            let full = eisel_lemire(w, q).expect("settled where the one product is");
            assert_eq!(fast.to_bits(), full.to_bits(), "{w} × 10^{q}");
            let text = format!("{w}e{q}");
            assert_eq!(fast.to_bits(), text.parse::<f64>().unwrap().to_bits(), "{text}");
            true
        };
        let (low, high) = (*ONE_PRODUCT_POWERS.start(), *ONE_PRODUCT_POWERS.end());
        let ends = [1, 2, 9, 10, (1 << 53) + 1, u64::MAX / 2, 9_999_999_999_999_999_999];
        for q in [low, low + 1, -23, -22, 0, 22, 23, high - 1, high] {
            for w in ends {
                agrees(w, q);
            }
        }
        // Outside its powers it leaves every number to the whole algorithm.
        assert_eq!(lemire_one_product(1, low - 1), None);
        assert_eq!(lemire_one_product(9_999_999_999_999_999_999, high + 1), None);
        let mut next = xorshift(0x0123_4567_89ab_cdefu64);
        // Negative powers (a fraction's digits) are the common case. Among the others, a
        // power of five that fits in a word can leave the low word 0 (an exact product).
        let (mut fractions, mut settled) = (0, 0);
        for i in 0..200_000 {
            // Significands of every length from 1 to 19 digits.
            let w = next() % 10u64.pow(1 + i % 19) + 1;
            let q = low + (next() % (high - low + 1) as u64) as i64;
            let one = agrees(w, q);
            if q < 0 {
                fractions += 1;
                settled += usize::from(one);
            }
        }
        assert!(settled * 1000 > fractions * 995, "{settled} of {fractions}");
    }

    /// The value gathered while scanning finds what [`parse_integer`] and then [`parse_f64`]
    /// find, and the scan ends where [`scan`](fn@scan) does, whatever follows the number.
    fn one_pass_agrees(text: &str) {
        let got = decimal_of(text.as_bytes(), 0, text.len()).scalar(text.as_bytes(), 0, text.len());
        for after in [",", "]", " ", "}"] {
            let bytes = format!("{text}{after}");
            let (end, decimal) = scan_decimal(bytes.as_bytes(), 0).expect(text);
            assert_eq!(end, text.len(), "{text}");
            assert_eq!(Ok(end), scan(bytes.as_bytes(), 0, true).map_err(drop), "{text}");
            let scalar = decimal.scalar(bytes.as_bytes(), 0, end);
            assert_eq!(format!("{scalar:?}"), format!("{got:?}"), "{text}");
            let f = decimal.to_f64(bytes.as_bytes(), 0, end);
            assert_eq!(f.map(f64::to_bits), parse_f64(text).map(f64::to_bits), "{text}");
        }
        let want = match parse_integer(text.as_bytes()) {
            Parsed::U64(u) => Scalar::U64(u),
            Parsed::I64(i) => Scalar::I64(i),
            Parsed::Big => Scalar::Big,
            Parsed::Float => parse_f64(text).map_or(Scalar::OutOfRange, Scalar::F64),
        };
        // Debug text tells -0.0 from 0.0.
        assert_eq!(format!("{got:?}"), format!("{want:?}"), "{text}");
    }

    /// The digits an integer part gathers, across the byte-at-a-time steps of a short one and
    /// the eight-digit steps after them, with and without a fraction and an exponent.
    #[test]
    fn decimal_digits_across_the_steps() {
        let digits = "98765432101234567890";
        for len in 1..=digits.len() {
            let int = &digits[..len];
            for (form, q, text) in [
                ("integer", 0, format!("{int},")),
                ("fraction", -2, format!("{int}.25]")),
                ("negative with exponent", 1, format!("-{int}.5e2 ")),
            ] {
                let what = format!("{form} of {len} digits");
                let (end, d) = scan_decimal(text.as_bytes(), 0).unwrap_or_else(|| panic!("{what}"));
                assert_eq!(end, text.len() - 1, "{what}: end");
                let all: String =
                    text[..end].chars().take_while(|c| *c != 'e').filter(char::is_ascii_digit).collect();
                assert_eq!(d.long, all.len() > 19, "{what}: long");
                if !d.long {
                    assert_eq!(d.w, all.parse::<u64>().unwrap(), "{what}: digits");
                    assert_eq!(d.q, q, "{what}: exponent");
                }
                assert_eq!(d.negative, text.starts_with('-'), "{what}: sign");
            }
        }
    }

    /// Where the one-pass scan gives up, the full scan takes over (and reports the error or
    /// asks for more bytes); where it does not, both end at the same byte.
    #[test]
    fn scan_decimal_leaves_the_hard_cases_to_scan() {
        let cases: &[(&str, &str, Option<usize>)] = &[
            ("integer", "12,", Some(2)),
            ("negative zero", "-0]", Some(2)),
            ("fraction", "1.25 ", Some(4)),
            ("exponent", "1e5}", Some(3)),
            ("signed exponent", "-2.5E-07,", Some(8)),
            ("plus exponent", "7e+1 ", Some(4)),
            ("long exponent", "1e0000000000000000000000000000001,", Some(33)),
            ("leading zero", "01,", None),
            ("negative leading zero", "-01,", None),
            ("zero then dot then nothing", "0.,", None),
            ("dot without digits", "1.e5,", None),
            ("minus alone", "-,", None),
            ("minus then letter", "-a", None),
            ("exponent without digits", "1e,", None),
            ("exponent sign without digits", "1e+,", None),
            ("second dot", "1.5.2,", None),
            ("second exponent", "1e5e5,", None),
            ("ends at the end", "123", None),
            ("ends in the fraction", "1.5", None),
            ("ends in the exponent", "1e5", None),
        ];
        for (name, text, want) in cases {
            let got = scan_decimal(text.as_bytes(), 0).map(|(end, _)| end);
            assert_eq!(got, *want, "{name}");
            if let Some(end) = got {
                assert_eq!(scan(text.as_bytes(), 0, false).ok(), Some(end), "{name}");
            }
        }
    }

    #[test]
    fn integer_classes() {
        let cases: &[(&str, Parsed)] = &[
            ("0", Parsed::U64(0)),
            ("-0", Parsed::I64(0)),
            ("12345678", Parsed::U64(12_345_678)),
            ("1234567890123456789", Parsed::U64(1_234_567_890_123_456_789)),
            ("18446744073709551615", Parsed::U64(u64::MAX)),
            ("18446744073709551616", Parsed::Big),
            ("99999999999999999999", Parsed::Big),
            ("100000000000000000000", Parsed::Big),
            ("-9223372036854775808", Parsed::I64(i64::MIN)),
            ("-9223372036854775809", Parsed::Big),
            ("-18446744073709551615", Parsed::Big),
            ("1.5", Parsed::Float),
            ("12345678901234567890123.5", Parsed::Float),
            ("1e5", Parsed::Float),
            ("-123456789e2", Parsed::Float),
        ];
        for (text, want) in cases {
            assert_eq!(parse_integer(text.as_bytes()), *want, "{text}");
            one_pass_agrees(text);
        }
        assert_eq!(parse_wide("-170141183460469231731687303715884105728"), Some(Wide::I128(i128::MIN)));
        assert_eq!(parse_wide("340282366920938463463374607431768211455"), Some(Wide::U128(u128::MAX)));
        assert_eq!(parse_wide("340282366920938463463374607431768211456"), None);
    }
}
