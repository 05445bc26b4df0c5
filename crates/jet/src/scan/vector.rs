//! The kernels written once over [`Vector`], a vector of bytes: the string run, its copy, the
//! block classifier and the bracket classes behind skipping. Each platform implements `Vector`
//! for its vectors (`x86`: SSE2's and AVX2's; `neon`: aarch64's) and instantiates these in its
//! `#[target_feature]` entry points. Trait methods are `#[inline(always)]`, so they are compiled
//! inside those entry points with the entry point's features.

use super::{swar, Brackets, CheckedRun, Classes, StringRun, BLOCK};

/// The operations the algorithms need from a vector of bytes.
///
/// # Safety
/// Every method uses instructions of the implementing type's feature (SSE2, AVX2, NEON): call them
/// only where that feature is known to be present, i.e. inside a `#[target_feature]` function
/// of that feature.
pub(super) trait Vector: Copy {
    const BYTES: usize;
    /// Every lane set to `byte`.
    unsafe fn splat(byte: u8) -> Self;
    /// Loads `BYTES` bytes from `ptr`, which need not be aligned.
    ///
    /// # Safety
    /// `ptr..ptr + BYTES` must be readable.
    unsafe fn load(ptr: *const u8) -> Self;
    /// Stores the `BYTES` lanes at `ptr`, which need not be aligned.
    ///
    /// # Safety
    /// `ptr..ptr + BYTES` must be writable.
    unsafe fn store(self, ptr: *mut u8);
    unsafe fn eq(self, other: Self) -> Self;
    unsafe fn or(self, other: Self) -> Self;
    unsafe fn max_u8(self, other: Self) -> Self;
    /// One bit per lane: its top bit.
    unsafe fn mask(self) -> u32;
    /// The lanes of JSON whitespace, of punctuation (`{}[],:`) and of ASCII digits: all ones
    /// where the byte is of the class, zeros elsewhere.
    unsafe fn lexical(self) -> [Self; 3];
}

/// [`super::string_run`] over vectors of `V`.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn string_run<V: Vector>(bytes: &[u8], start: usize) -> StringRun {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: the caller guarantees `V`'s feature.
    let specials = unsafe { Specials::<V>::new() };
    // SAFETY: the caller guarantees `V`'s feature.
    let specials = |v: V| unsafe { specials.of(v) };
    let mut high = 0u32;
    let mut i = start;
    while i + V::BYTES <= len {
        // SAFETY: `i + BYTES <= len`, so the load stays inside `bytes`.
        let v = unsafe { V::load(ptr.add(i)) };
        let found = specials(v);
        // SAFETY: as above.
        let top = unsafe { v.mask() };
        if found != 0 {
            let n = found.trailing_zeros();
            high |= top & ((1u32 << n) - 1);
            return StringRun { end: i + n as usize, non_ascii: high != 0 };
        }
        high |= top;
        i += V::BYTES;
    }
    if i == len {
        return StringRun { end: len, non_ascii: high != 0 };
    }
    if len < V::BYTES {
        let rest = swar::string_run(bytes, i);
        return StringRun { end: rest.end, non_ascii: rest.non_ascii || high != 0 };
    }
    // The tail: one overlapping load of the last BYTES bytes, ignoring those before `i`.
    let base = len - V::BYTES;
    let skip = i - base;
    // SAFETY: `base + BYTES == len`.
    let v = unsafe { V::load(ptr.add(base)) };
    let found = u64::from(specials(v)) >> skip;
    // SAFETY: as above.
    let top = u64::from(unsafe { v.mask() }) >> skip;
    if found != 0 {
        let n = found.trailing_zeros();
        let before = top & ((1u64 << n) - 1);
        return StringRun { end: i + n as usize, non_ascii: high != 0 || before != 0 };
    }
    StringRun { end: len, non_ascii: high != 0 || top != 0 }
}

/// The bytes a JSON string cannot hold as they are: `"`, `\\` and control bytes.
#[derive(Clone, Copy)]
pub(super) struct Specials<V> {
    quote: V,
    backslash: V,
    control: V,
}

impl<V: Vector> Specials<V> {
    /// # Safety
    /// `V`'s feature must be present.
    #[inline(always)]
    pub(super) unsafe fn new() -> Self {
        // SAFETY: the caller guarantees `V`'s feature.
        unsafe { Specials { quote: V::splat(b'"'), backslash: V::splat(b'\\'), control: V::splat(0x1F) } }
    }

    /// All ones in the lanes that are `"`, `\\` or below 0x20 (max(x, 0x1F) == 0x1F exactly
    /// when x <= 0x1F), zeros elsewhere.
    ///
    /// # Safety
    /// `V`'s feature must be present.
    #[inline(always)]
    pub(super) unsafe fn lanes(self, v: V) -> V {
        // SAFETY: the caller guarantees `V`'s feature.
        unsafe { v.eq(self.quote).or(v.eq(self.backslash)).or(v.max_u8(self.control).eq(self.control)) }
    }

    /// Bit i: lane i is `"`, `\\` or below 0x20.
    ///
    /// # Safety
    /// `V`'s feature must be present.
    #[inline(always)]
    unsafe fn of(self, v: V) -> u32 {
        // SAFETY: the caller guarantees `V`'s feature.
        unsafe { self.lanes(v).mask() }
    }
}

/// [`super::copy_string_run`] over vectors of `V`: each vector is stored to `out` as it is
/// scanned, and `out`'s length then set to the end of the run.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn copy_string_run<V: Vector>(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let len = bytes.len();
    if len - start < V::BYTES {
        if start == len {
            return len;
        }
        if len < V::BYTES {
            return super::copy_string_run_portable(bytes, start, out);
        }
        // Fewer than `BYTES` bytes from `start`, but as many before the end: the vector of the
        // last `BYTES` bytes finds the run's end (its lanes before `start` ignored), and the run,
        // shorter than a vector, is copied by words (the end of a long string after an escape).
        let last = len - V::BYTES;
        // SAFETY: `last + BYTES == len`, so the load reads inside `bytes`; the feature is the
        // caller's guarantee.
        let found = unsafe { Specials::<V>::new().of(V::load(bytes.as_ptr().add(last))) } >> (start - last);
        let end = if found != 0 { start + found.trailing_zeros() as usize } else { len };
        super::push_short(&bytes[start..end], out);
        return end;
    }
    // Room for the whole run and one vector more: every store ends at most `BYTES` bytes past
    // the run's last byte.
    out.reserve(len - start + V::BYTES);
    let old_len = out.len();
    // SAFETY: `old_len <= capacity`, so the pointer is inside (or one past) the allocation,
    // and `len - start + BYTES` bytes are reserved from it; `len - start >= BYTES`; the
    // feature is the caller's guarantee.
    let end = unsafe { run_into::<V>(bytes, start, out.as_mut_ptr().add(old_len)) };
    // SAFETY: `run_into` wrote `bytes[start..end]` from `old_len`, within the capacity.
    unsafe { out.set_len(old_len + end - start) };
    end
}

/// [`super::quote_run`] over vectors of `V`: the opening quote and the run stored as in
/// [`copy_string_run`], then the closing quote when the run is the whole text. Texts under 32
/// bytes (shorter than a vector, or than two) go to the portable words, inline.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn quote_run<V: Vector>(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    let len = bytes.len();
    if len < 32.max(V::BYTES) {
        return super::quote_run_portable(bytes, out);
    }
    // The quotes, the text, and one vector more (see `copy_string_run`).
    out.reserve(len + 2 + V::BYTES);
    let old_len = out.len();
    // SAFETY: `old_len <= capacity`, and `len + 2 + BYTES` bytes are reserved from it: the
    // quote at `dst`, `run_into`'s stores from `dst + 1` (its `len + BYTES` bytes), and the
    // closing quote at `dst + 1 + len`. `len >= BYTES`; the feature is the caller's guarantee.
    // `set_len` exposes the quote and `bytes[..end]`, all written, and the closing quote when
    // it was.
    unsafe {
        let dst = out.as_mut_ptr().add(old_len);
        dst.write(b'"');
        let end = run_into::<V>(bytes, 0, dst.add(1));
        super::close_quoted(out, old_len, end, len)
    }
}

/// Stores `bytes[start..]` to `dst` two vectors a step up to the end of its run of plain string
/// bytes (the first `"`, `\` or control byte, or the end), and returns that end: the bytes of
/// `bytes[start..end]` are then at `dst`, and some after them too.
///
/// # Safety
/// `V`'s feature must be present, `bytes.len() - start >= V::BYTES`, and `dst` must be valid
/// for writes of `bytes.len() - start + V::BYTES` bytes.
#[inline(always)]
unsafe fn run_into<V: Vector>(bytes: &[u8], start: usize, dst: *mut u8) -> usize {
    let (len, src) = (bytes.len(), bytes.as_ptr());
    debug_assert!(len - start >= V::BYTES);
    // SAFETY: the caller guarantees `V`'s feature.
    let specials = unsafe { Specials::<V>::new() };
    let mut i = start;
    // Two vectors a step, with one test of both (one mask move, compare and branch per two
    // vectors); the one-vector loop below takes what is left.
    while i + 2 * V::BYTES <= len {
        // SAFETY: `i + 2 * BYTES <= len`, so both loads read inside `bytes`; the stores write
        // `dst[i - start..i - start + 2 * BYTES]`, inside what the caller guarantees. The
        // feature is the caller's guarantee.
        let (low, high) = unsafe {
            let (a, b) = (V::load(src.add(i)), V::load(src.add(i + V::BYTES)));
            a.store(dst.add(i - start));
            b.store(dst.add(i - start + V::BYTES));
            (specials.lanes(a), specials.lanes(b))
        };
        // SAFETY: the feature is the caller's guarantee.
        if unsafe { low.or(high).mask() } != 0 {
            // SAFETY: as above.
            let found = unsafe { u64::from(low.mask()) | u64::from(high.mask()) << V::BYTES };
            return i + found.trailing_zeros() as usize;
        }
        i += 2 * V::BYTES;
    }
    while i + V::BYTES <= len {
        // SAFETY: `i + BYTES <= len`, so the load reads inside `bytes`; the store writes
        // `dst[i - start..i - start + BYTES]`, inside what the caller guarantees. The feature
        // is the caller's guarantee.
        let found = unsafe {
            let v = V::load(src.add(i));
            v.store(dst.add(i - start));
            specials.of(v)
        };
        if found != 0 {
            return i + found.trailing_zeros() as usize;
        }
        i += V::BYTES;
    }
    if i == len {
        return len;
    }
    // The tail: one overlapping vector of the last `BYTES` bytes (at or after `start`, as at
    // least `BYTES` bytes follow it), ignoring the lanes before `i`.
    let last = len - V::BYTES;
    // SAFETY: `last + BYTES == len` and `last >= start`; the store writes
    // `dst[last - start..len - start]`, which the caller guarantees; the feature too.
    let found = unsafe {
        let v = V::load(src.add(last));
        v.store(dst.add(last - start));
        specials.of(v)
    } >> (i - last);
    if found != 0 {
        i + found.trailing_zeros() as usize
    } else {
        len
    }
}

/// Input bytes [`copy_ascii_run`] copies for each capacity check of `out`: the run's length is
/// known only at its end, and the input may go on for megabytes past it.
const ASCII_STEP: usize = 256;

/// [`super::copy_ascii_run`] over vectors of `V`: each vector stored to `out` as it is scanned,
/// `out`'s length then set to the end of the run. Stops where fewer than `BYTES` bytes are
/// left, returning where it stopped (the caller scans the rest).
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn copy_ascii_run<V: Vector>(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let (len, src) = (bytes.len(), bytes.as_ptr());
    // SAFETY: the caller guarantees `V`'s feature.
    let specials = unsafe { Specials::<V>::new() };
    let mut i = start;
    while i + V::BYTES <= len {
        // A step: up to `ASCII_STEP` bytes from `base`, each store ending at most `BYTES`
        // bytes past the step.
        out.reserve(ASCII_STEP + V::BYTES);
        let (base, old_len) = (i, out.len());
        // SAFETY: `old_len <= capacity`, so the pointer is inside (or one past) the allocation.
        let dst = unsafe { out.as_mut_ptr().add(old_len) };
        while i + V::BYTES <= len && i - base < ASCII_STEP {
            // SAFETY: `i + BYTES <= len`, so the load reads inside `bytes`; the store writes
            // `dst[i - base..i - base + BYTES]`, inside the `ASCII_STEP + BYTES` bytes reserved
            // past `old_len` (`i - base < ASCII_STEP`). The feature is the caller's guarantee.
            let stop = unsafe {
                let v = V::load(src.add(i));
                v.store(dst.add(i - base));
                // The lanes' top bits: bytes of 0x80 and above.
                specials.of(v) | v.mask()
            };
            if stop != 0 {
                let end = i + stop.trailing_zeros() as usize;
                // SAFETY: the stores wrote `dst[0..i - base + BYTES]` without a gap, which
                // holds the `end - base` bytes of the run since `base`.
                unsafe { out.set_len(old_len + end - base) };
                return end;
            }
            i += V::BYTES;
        }
        // SAFETY: as above, `dst[0..i - base]` is written, with the bytes `bytes[base..i]`.
        unsafe { out.set_len(old_len + i - base) };
    }
    i
}

/// The bits [`super::non_ws_block`] gives a block, over vectors of `V`: one per byte that is not
/// whitespace.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn non_ws_bits<V: Vector>(block: &[u8; BLOCK]) -> u64 {
    let mut ws = 0u64;
    let mut k = 0;
    while k < BLOCK {
        // SAFETY: the caller guarantees `V`'s feature; the load reads `BYTES` bytes at `k` with
        // `k + BYTES <= BLOCK`, inside `block`.
        ws |= u64::from(unsafe { V::load(block.as_ptr().add(k)).lexical()[0].mask() }) << k;
        k += V::BYTES;
    }
    !ws
}

/// [`super::classify`] over vectors of `V`.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn classify<V: Vector>(block: &[u8; BLOCK], trusted_utf8: bool) -> Classes {
    // SAFETY: the caller guarantees `V`'s feature (as for every vector operation below); each
    // load reads `BYTES` bytes at `k` with `k + BYTES <= BLOCK`, inside `block`.
    unsafe {
        let is = |v: V, byte: u8| v.eq(V::splat(byte));
        let control = V::splat(0x1F);
        let mut classes = Classes::default();
        let mut k = 0;
        while k < BLOCK {
            let v = V::load(block.as_ptr().add(k));
            let [ws, punct, digit] = v.lexical();
            let backslash = is(v, b'\\');
            // max(x, 0x1F) == 0x1F exactly when x <= 0x1F.
            let ascii_suspect = v.max_u8(control).eq(control).or(backslash);
            // The mask takes only the top bits: or-ed with the byte's own, a lane's top bit is
            // set where the byte is 0x80 or above, too.
            let suspect = if trusted_utf8 { ascii_suspect } else { ascii_suspect.or(v) };
            classes.quote |= u64::from(is(v, b'"').mask()) << k;
            classes.backslash |= u64::from(backslash.mask()) << k;
            classes.punct |= u64::from(punct.mask()) << k;
            classes.ends |= u64::from(ws.or(punct).mask()) << k;
            classes.suspect |= u64::from(suspect.mask()) << k;
            classes.digit |= u64::from(digit.mask()) << k;
            k += V::BYTES;
        }
        classes
    }
}

/// [`super::Brackets`] of a block over vectors of `V`.
///
/// # Safety
/// `V`'s feature must be present.
#[inline(always)]
pub(super) unsafe fn brackets<V: Vector>(block: &[u8; BLOCK]) -> Brackets {
    // SAFETY: the caller guarantees `V`'s feature (as for every vector operation below); each
    // load reads `BYTES` bytes at `k` with `k + BYTES <= BLOCK`, inside `block`.
    unsafe {
        let is = |v: V, byte: u8| v.eq(V::splat(byte));
        let mut out = Brackets::default();
        let mut k = 0;
        while k < BLOCK {
            let v = V::load(block.as_ptr().add(k));
            // Setting bit 5 folds `[` into `{` and `]` into `}`, and no other byte into either.
            let folded = v.or(V::splat(0x20));
            out.quote |= u64::from(is(v, b'"').mask()) << k;
            out.backslash |= u64::from(is(v, b'\\').mask()) << k;
            out.open |= u64::from(is(folded, b'{').mask()) << k;
            out.close |= u64::from(is(folded, b'}').mask()) << k;
            k += V::BYTES;
        }
        out
    }
}

// UTF-8 validation (AVX2, NEON): the lookup algorithm of Keiser and Lemire ("Validating UTF-8 in less than
// one instruction per byte", 2021). Each byte pair (and the lead bytes two and three back) is
// classified by three 16-entry tables; any set bit in the AND of the three lookups is an error.

const TOO_SHORT: u8 = 1 << 0; // 11______ then 0_______ or 11______
const TOO_LONG: u8 = 1 << 1; // 0_______ then 10______
const OVERLONG_3: u8 = 1 << 2; // 11100000 100_____
const TOO_LARGE: u8 = 1 << 3; // 11110100 1001____ and above
const SURROGATE: u8 = 1 << 4; // 11101101 101_____
const OVERLONG_2: u8 = 1 << 5; // 1100000_ 10______
const TOO_LARGE_1000: u8 = 1 << 6; // 11110101 1000____ and above
const OVERLONG_4: u8 = 1 << 6; // 11110000 1000____
const TWO_CONTS: u8 = 1 << 7; // 10______ 10______
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the high nibble of the first byte of a pair.
pub(super) const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// By the low nibble of the first byte of a pair.
pub(super) const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// By the high nibble of the second byte of a pair.
pub(super) const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The bytes that a vector of `N` lanes is saturating-subtracted by to find the characters its
/// last three lanes start and do not finish: nonzero where lane `N - 3` holds a lead byte of 4
/// bytes, `N - 2` one of 3 or more, `N - 1` one of 2 or more (for an ASCII vector after it,
/// whose lanes cannot continue them).
pub(super) const fn incomplete_max<const N: usize>() -> [u8; N] {
    let mut max = [0xFF; N];
    max[N - 3] = 0b1111_0000 - 1;
    max[N - 2] = 0b1110_0000 - 1;
    max[N - 1] = 0b1100_0000 - 1;
    max
}

/// The end of a fused string-and-UTF-8 scan ([`super::string_run_checked`]) whose vector blocks
/// stopped at `i` with no special byte before it, fewer than a vector's bytes from the end:
/// the run finished one byte at a time, its tail validated from the start of the last character
/// the blocks reached; `blocks_valid` is what the blocks found.
pub(super) fn finish_checked_run(bytes: &[u8], start: usize, i: usize, blocks_valid: bool) -> CheckedRun {
    let rest = swar::string_run(bytes, i);
    let from = last_char_start(bytes, start, i);
    // An ASCII tail after whole characters needs no second look.
    let tail_valid = (from == i && !rest.non_ascii) || core::str::from_utf8(&bytes[from..rest.end]).is_ok();
    CheckedRun { end: rest.end, valid: blocks_valid && tail_valid }
}

/// Where the last character before `end` starts (not before `lo`): back over up to three
/// continuation bytes and the lead byte before them. Where the vector blocks stop, the scalar
/// finish starts here, so that a character cut by the block boundary is checked whole.
pub(super) fn last_char_start(bytes: &[u8], lo: usize, end: usize) -> usize {
    let mut from = end;
    while from > lo && end - from < 3 && bytes[from - 1] & 0xC0 == 0x80 {
        from -= 1;
    }
    if from > lo && bytes[from - 1] >= 0xC0 {
        from -= 1;
    }
    from
}

/// Lexical classes of ASCII bytes for the table lookups of [`Vector::lexical`] (AVX2, NEON), as bits: a byte's class is the AND of
/// the entry of its low nibble in [`LEX_LOW`] and of its high nibble in [`LEX_HIGH`], which is
/// exact for each class (the tests compare every byte with the reference).
const LEX_SPACE: u8 = 1 << 0; // 0x20
const LEX_WS_CONTROL: u8 = 1 << 1; // 0x09, 0x0A, 0x0D
const LEX_BRACKET: u8 = 1 << 2; // 0x5B, 0x5D, 0x7B, 0x7D
const LEX_COMMA: u8 = 1 << 3; // 0x2C
const LEX_COLON: u8 = 1 << 4; // 0x3A
pub(super) const LEX_DIGIT: u8 = 1 << 5; // 0x30..=0x39
pub(super) const LEX_WS: u8 = LEX_SPACE | LEX_WS_CONTROL;
pub(super) const LEX_PUNCT: u8 = LEX_BRACKET | LEX_COMMA | LEX_COLON;

/// By the low nibble. A byte of `0x80` and above is in no class: its entry in [`LEX_HIGH`] is 0
/// (and `vpshufb` zeroes its lookup here too).
pub(super) const LEX_LOW: [u8; 16] = [
    LEX_SPACE | LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_DIGIT,
    LEX_WS_CONTROL | LEX_DIGIT,
    LEX_WS_CONTROL | LEX_COLON,
    LEX_BRACKET,
    LEX_COMMA,
    LEX_WS_CONTROL | LEX_BRACKET,
    0,
    0,
];

/// By the high nibble.
pub(super) const LEX_HIGH: [u8; 16] = [
    LEX_WS_CONTROL,
    0,
    LEX_SPACE | LEX_COMMA,
    LEX_COLON | LEX_DIGIT,
    0,
    LEX_BRACKET,
    0,
    LEX_BRACKET,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
];
