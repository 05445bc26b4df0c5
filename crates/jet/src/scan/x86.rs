//! x86_64 kernels: SSE2 (every x86_64 CPU has it), AVX2 and an AVX-512 block classifier (chosen
//! at run time).
//!
//! The algorithms written once over [`Vector`] (`super::vector`) are instantiated here for
//! `__m128i` and `__m256i`; UTF-8 validation, the fused string-and-UTF-8 scan and the runs of `\u`
//! escapes are AVX2's own. AVX-512 classifies a block in one vector, its compares giving the
//! block's masks directly (`classify_avx512`) and its whitespace (`non_ws_block_avx512`), and
//! scans string runs, alone, fused with the UTF-8 check and while copying them, on 64-byte
//! vectors (`string_run_avx512`, `string_run_checked_avx512`, `copy_string_run_avx512`); its
//! other kernels are AVX2's.

use core::arch::x86_64::*;

use super::vector::{
    brackets, classify, copy_ascii_run, copy_string_run, finish_checked_run, incomplete_max, last_char_start,
    non_ws_bits, quote_run, string_run, Vector, BYTE_1_HIGH, BYTE_1_LOW, BYTE_2_HIGH, LEX_DIGIT, LEX_HIGH,
    LEX_LOW, LEX_PUNCT, LEX_WS,
};
use super::{
    swar, CheckedRun, Classes, Classifier, LineStats, PrefixXor, StringRun, Unclosed, WithClassifier, BLOCK,
};

impl Vector for __m128i {
    const BYTES: usize = 16;
    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: SSE2 is present (trait contract).
        unsafe { _mm_set1_epi8(byte as i8) }
    }
    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes; SSE2 is present.
        unsafe { _mm_loadu_si128(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes; SSE2 is present.
        unsafe { _mm_storeu_si128(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: SSE2 is present (trait contract).
        unsafe { _mm_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is present (trait contract).
        unsafe { _mm_or_si128(self, other) }
    }
    #[inline(always)]
    unsafe fn max_u8(self, other: Self) -> Self {
        // SAFETY: SSE2 is present (trait contract).
        unsafe { _mm_max_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn mask(self) -> u32 {
        // SAFETY: SSE2 is present (trait contract).
        unsafe { _mm_movemask_epi8(self) as u32 }
    }
    /// A compare per byte value (SSE2 has no byte shuffle).
    #[inline(always)]
    unsafe fn lexical(self) -> [Self; 3] {
        // SAFETY: SSE2 is present (trait contract).
        unsafe {
            let is = |byte: u8| self.eq(Self::splat(byte));
            // Setting bit 5 folds `[` into `{` and `]` into `}`, and no other byte into either.
            let folded = self.or(Self::splat(0x20));
            let punct =
                folded.eq(Self::splat(b'{')).or(folded.eq(Self::splat(b'}'))).or(is(b',')).or(is(b':'));
            let ws = is(b' ').or(is(b'\n')).or(is(b'\r')).or(is(b'\t'));
            // XOR with `0` takes the digits to 0..=9 and every other byte above 9.
            let nine = Self::splat(9);
            let digit = _mm_xor_si128(self, Self::splat(b'0')).max_u8(nine).eq(nine);
            [ws, punct, digit]
        }
    }
}

impl Vector for __m256i {
    const BYTES: usize = 32;
    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: AVX2 is present (trait contract).
        unsafe { _mm256_set1_epi8(byte as i8) }
    }
    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 32 readable bytes; AVX2 is present.
        unsafe { _mm256_loadu_si256(ptr.cast()) }
    }
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 32 writable bytes; AVX2 is present.
        unsafe { _mm256_storeu_si256(ptr.cast(), self) }
    }
    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: AVX2 is present (trait contract).
        unsafe { _mm256_cmpeq_epi8(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: AVX2 is present (trait contract).
        unsafe { _mm256_or_si256(self, other) }
    }
    #[inline(always)]
    unsafe fn max_u8(self, other: Self) -> Self {
        // SAFETY: AVX2 is present (trait contract).
        unsafe { _mm256_max_epu8(self, other) }
    }
    #[inline(always)]
    unsafe fn mask(self) -> u32 {
        // SAFETY: AVX2 is present (trait contract).
        unsafe { _mm256_movemask_epi8(self) as u32 }
    }
    /// Two table lookups, one per nibble ([`LEX_LOW`], [`LEX_HIGH`]), rather than a compare
    /// per byte value.
    #[inline(always)]
    unsafe fn lexical(self) -> [Self; 3] {
        // SAFETY: AVX2 is present (trait contract); the tables have 16 readable bytes.
        unsafe {
            let high_nibble = _mm256_and_si256(_mm256_srli_epi16::<4>(self), _mm256_set1_epi8(0x0F));
            let class = _mm256_and_si256(
                _mm256_shuffle_epi8(table(&LEX_LOW), self),
                _mm256_shuffle_epi8(table(&LEX_HIGH), high_nibble),
            );
            // The class bits are below 0x80, so "some of `bits`" is "greater than zero".
            let any_of = |bits: u8| {
                _mm256_cmpgt_epi8(
                    _mm256_and_si256(class, _mm256_set1_epi8(bits as i8)),
                    _mm256_setzero_si256(),
                )
            };
            [any_of(LEX_WS), any_of(LEX_PUNCT), any_of(LEX_DIGIT)]
        }
    }
}

/// [`super::copy_string_run`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2 (every x86_64 CPU does).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn copy_string_run_sse2(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: SSE2 is enabled for this function.
    unsafe { copy_string_run::<__m128i>(bytes, start, out) }
}

/// [`super::copy_string_run`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn copy_string_run_avx2(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: AVX2 is enabled for this function.
    unsafe { copy_string_run::<__m256i>(bytes, start, out) }
}

/// [`super::quote_run`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2 (every x86_64 CPU does).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn quote_run_sse2(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    // SAFETY: SSE2 is enabled for this function.
    unsafe { quote_run::<__m128i>(bytes, out) }
}

/// [`super::quote_run`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn quote_run_avx2(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    // SAFETY: AVX2 is enabled for this function.
    unsafe { quote_run::<__m256i>(bytes, out) }
}

/// [`super::copy_ascii_run`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2 (every x86_64 CPU does).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn copy_ascii_run_sse2(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: SSE2 is enabled for this function.
    unsafe { copy_ascii_run::<__m128i>(bytes, start, out) }
}

/// [`super::copy_ascii_run`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn copy_ascii_run_avx2(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: AVX2 is enabled for this function.
    unsafe { copy_ascii_run::<__m256i>(bytes, start, out) }
}

/// Scans a string run with SSE2.
///
/// # Safety
/// The CPU must support SSE2 (every x86_64 CPU does).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn string_run_sse2(bytes: &[u8], start: usize) -> StringRun {
    // SAFETY: SSE2 is enabled for this function.
    unsafe { string_run::<__m128i>(bytes, start) }
}

/// Scans a string run with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn string_run_avx2(bytes: &[u8], start: usize) -> StringRun {
    // SAFETY: AVX2 is enabled for this function.
    unsafe { string_run::<__m256i>(bytes, start) }
}

/// Bit `k`: byte `k` of `v` is a quote, a backslash or a control byte.
///
/// # Safety
/// AVX-512 F and BW must be present.
#[inline(always)]
unsafe fn specials_512(v: __m512i) -> u64 {
    // SAFETY: AVX-512 F and BW are present (function contract).
    unsafe {
        let splat = |byte: u8| _mm512_set1_epi8(byte as i8);
        _mm512_cmpeq_epi8_mask(v, splat(b'"'))
            | _mm512_cmpeq_epi8_mask(v, splat(b'\\'))
            | _mm512_cmple_epu8_mask(v, splat(0x1F))
    }
}

/// [`specials_512`] of a 32-byte vector.
///
/// # Safety
/// AVX-512 F, BW and VL must be present.
#[inline(always)]
unsafe fn specials_256(v: __m256i) -> u32 {
    // SAFETY: AVX-512 F, BW and VL are present (function contract).
    unsafe {
        let splat = |byte: u8| _mm256_set1_epi8(byte as i8);
        _mm256_cmpeq_epi8_mask(v, splat(b'"'))
            | _mm256_cmpeq_epi8_mask(v, splat(b'\\'))
            | _mm256_cmple_epu8_mask(v, splat(0x1F))
    }
}

/// [`super::copy_string_run`] with AVX-512: each 64-byte vector stored to `out` as it is
/// scanned, the bytes under a vector at the slice's end read by a masked load (which reads only
/// the slice's bytes; the vector's zeros past them are stored into `out`'s spare room), and
/// `out`'s length then set to the end of the run (`run_into_avx512`).
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
pub(super) unsafe fn copy_string_run_avx512(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let len = bytes.len();
    if start == len {
        return len;
    }
    // Room for the whole run and one vector more: every store ends at most 64 bytes past the
    // run's last byte.
    out.reserve(len - start + 64);
    let old_len = out.len();
    // SAFETY: `old_len <= capacity`, so the pointer is inside (or one past) the allocation,
    // with `len - start + 64` bytes reserved from it; the CPU has what `has_avx512` checks
    // (this function's contract). `set_len` exposes `bytes[start..end]`, written from there.
    unsafe {
        let end = run_into_avx512(bytes, start, out.as_mut_ptr().add(old_len));
        out.set_len(old_len + end - start);
        end
    }
}

/// [`super::quote_run`] with AVX-512: the opening quote, the run stored 64 bytes at a time
/// (the last vector by a masked load), or a text under 32 bytes by one masked load and one
/// masked store of 32, and the closing quote when the run is the whole text.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2")]
pub(super) unsafe fn quote_run_avx512(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    let len = bytes.len();
    // The quotes, the text, and one vector more (see `copy_string_run_avx512`).
    out.reserve(len + 2 + 64);
    let old_len = out.len();
    if len < 32 {
        // A short text (names, most values): one 32-byte vector, loaded and stored under a
        // mask, so that only its own bytes are read and written. (64-byte vectors for such a
        // text made the typed encode of maps of strings 10 to 15 % slower.)
        let m = (1u32 << len) - 1;
        // SAFETY: `old_len <= capacity`, and `len + 2` bytes are reserved from it: the quote at
        // `dst`, the masked store's `len` bytes from `dst + 1`, and the closing quote at
        // `dst + 1 + len`. The masked load reads only `bytes` (lanes under `m`). The CPU has
        // what `has_avx512` checks (this function's contract). `set_len` exposes the quote and
        // `bytes[..end]`, all written, and the closing quote when it was.
        unsafe {
            let dst = out.as_mut_ptr().add(old_len);
            dst.write(b'"');
            let v = _mm256_maskz_loadu_epi8(m, bytes.as_ptr().cast());
            _mm256_mask_storeu_epi8(dst.add(1).cast(), m, v);
            // The zeros past the text are control bytes: the run ends at `len` at the latest.
            let end = specials_256(v).trailing_zeros() as usize;
            return super::close_quoted(out, old_len, end, len);
        }
    }
    // SAFETY: `old_len <= capacity`, and `len + 2 + 64` bytes are reserved from it: the quote
    // at `dst`, `run_into_avx512`'s stores from `dst + 1` (its `len + 64` bytes), and the
    // closing quote at `dst + 1 + len`; the CPU has what `has_avx512` checks (this function's
    // contract). `set_len` exposes the quote and `bytes[..end]`, all written, and the closing
    // quote when it was.
    unsafe {
        let dst = out.as_mut_ptr().add(old_len);
        dst.write(b'"');
        let end = run_into_avx512(bytes, 0, dst.add(1));
        super::close_quoted(out, old_len, end, len)
    }
}

/// Stores `bytes[start..]` to `dst` 64 bytes at a time up to the end of its run of plain
/// string bytes (the first `"`, `\` or control byte, or the end), and returns that end; under
/// 64 bytes left, a masked load reads only the slice's bytes.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks; `start <= bytes.len()`, and `dst` must be
/// valid for writes of `bytes.len() - start + 64` bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx2")]
unsafe fn run_into_avx512(bytes: &[u8], start: usize, dst: *mut u8) -> usize {
    let (len, src) = (bytes.len(), bytes.as_ptr());
    let mut i = start;
    // SAFETY: AVX-512 F and BW are enabled for this function. The loads read 64 bytes at `i`
    // with `i + 64 <= len`, or (masked) only the lanes of `bytes[i..len]`; each store writes
    // `dst[i - start..i - start + 64]`, inside the `len - start + 64` bytes the caller
    // guarantees, as `i <= len`.
    unsafe {
        loop {
            let rest = len - i;
            let v = if rest >= 64 {
                _mm512_loadu_si512(src.add(i).cast())
            } else {
                _mm512_maskz_loadu_epi8((1 << rest) - 1, src.add(i).cast())
            };
            _mm512_storeu_si512(dst.add(i - start).cast(), v);
            // Under 64 bytes left, the zeros past the slice's end are control bytes: the run
            // ends at the first special byte or at `len`.
            let found = specials_512(v);
            if found != 0 {
                return i + found.trailing_zeros() as usize;
            }
            i += 64;
        }
    }
}

/// Scans a string run with AVX-512: 64 bytes a step, the compares giving masks directly; the
/// bytes under a vector at the slice's end by a masked load, which reads only the slice's bytes.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
pub(super) unsafe fn string_run_avx512(bytes: &[u8], start: usize) -> StringRun {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: AVX-512 F and BW are enabled for this function. The loads read 64 bytes at `i`
    // with `i + 64 <= len`; the masked load at `i <= len` enables only the lanes of
    // `bytes[i..len]`, and masked-off lanes are not read.
    unsafe {
        // The run ends in the block at `at`, at `found`'s lowest bit; `top` has the block's
        // bytes of 0x80 and above, `high` those of the blocks before.
        let end = |at: usize, found: u64, top: u64, high: u64| {
            let n = found.trailing_zeros();
            StringRun { end: at + n as usize, non_ascii: high | top & ((1 << n) - 1) != 0 }
        };
        let mut high = 0u64;
        let mut i = start;
        while i + 64 <= len {
            let v = _mm512_loadu_si512(ptr.add(i).cast());
            let (found, top) = (specials_512(v), _mm512_movepi8_mask(v));
            if found != 0 {
                return end(i, found, top, high);
            }
            high |= top;
            i += 64;
        }
        // Under a vector left, perhaps nothing: the lanes past the slice's end are zeros,
        // control bytes, so that the run ends at the first special byte or at `len`.
        let v = _mm512_maskz_loadu_epi8((1 << (len - i)) - 1, ptr.add(i).cast());
        end(i, specials_512(v), _mm512_movepi8_mask(v), high)
    }
}

/// Quotes, backslashes and control bytes by two nibble lookups: a byte is one of them exactly
/// when the entry of its low nibble in [`SPECIAL_LOW`] and that of its high nibble in
/// [`SPECIAL_HIGH`] share a bit (bytes from 0x80 look up 0 in [`SPECIAL_LOW`]: `vpshufb`
/// zeroes lanes whose index has its top bit set).
const SPECIAL_CONTROL: u8 = 1 << 0; // high nibble 0 or 1
const SPECIAL_QUOTE: u8 = 1 << 1; // 0x22
const SPECIAL_BACKSLASH: u8 = 1 << 2; // 0x5C

/// By the low nibble.
const SPECIAL_LOW: [u8; 16] = {
    let mut t = [SPECIAL_CONTROL; 16];
    t[0x2] |= SPECIAL_QUOTE;
    t[0xC] |= SPECIAL_BACKSLASH;
    t
};

/// By the high nibble.
const SPECIAL_HIGH: [u8; 16] = {
    let mut t = [0; 16];
    t[0x0] = SPECIAL_CONTROL;
    t[0x1] = SPECIAL_CONTROL;
    t[0x2] = SPECIAL_QUOTE;
    t[0x5] = SPECIAL_BACKSLASH;
    t
};

/// A 16-entry table in both 128-bit halves.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn table(t: &[u8; 16]) -> __m256i {
    // SAFETY: `t` has 16 readable bytes; AVX2 (and so SSE2) is present.
    unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) }
}

/// The bytes of `input` moved up by `N` lanes, the lowest `N` taken from the top of `prev`.
macro_rules! prev {
    ($input:expr, $prev:expr, $n:literal) => {
        _mm256_alignr_epi8::<{ 16 - $n }>($input, _mm256_permute2x128_si256::<0x21>($prev, $input))
    };
}

/// Checks one 32-byte block given the block before it; returns error bits (zero when valid).
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn check_block(input: __m256i, prev_input: __m256i, tables: &[__m256i; 3]) -> __m256i {
    // SAFETY: AVX2 is present (function contract).
    unsafe {
        let prev = [prev!(input, prev_input, 1), prev!(input, prev_input, 2), prev!(input, prev_input, 3)];
        check_pairs(high_nibbles(input), prev, tables)
    }
}

/// Checks the 32 bytes at `ptr`, given their high nibbles (`high`), when the three bytes
/// before them are readable and part of the same text: the bytes one, two and three lanes back
/// are unaligned loads, not shuffles of the block before (loads have more ports than shuffles).
///
/// # Safety
/// AVX2 must be present; `ptr - 3 .. ptr + 32` must be readable.
#[inline(always)]
unsafe fn check_at(ptr: *const u8, high: __m256i, tables: &[__m256i; 3]) -> __m256i {
    // SAFETY: AVX2 is present and the 35 bytes from `ptr - 3` are readable (function contract).
    unsafe {
        let load = |back: usize| _mm256_loadu_si256(ptr.sub(back).cast());
        check_pairs(high, [load(1), load(2), load(3)], tables)
    }
}

/// Each lane's high nibble.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn high_nibbles(v: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (function contract).
    unsafe { _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x0F)) }
}

/// The UTF-8 errors of the bytes whose high nibbles are `high` given, for each lane, the bytes
/// one, two and three lanes before it (`prev`); zero when valid.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn check_pairs(high: __m256i, [prev1, prev2, prev3]: [__m256i; 3], tables: &[__m256i; 3]) -> __m256i {
    // SAFETY: AVX2 is present (function contract).
    unsafe {
        let byte_1_high = _mm256_shuffle_epi8(tables[0], high_nibbles(prev1));
        let byte_1_low = _mm256_shuffle_epi8(tables[1], _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F)));
        let byte_2_high = _mm256_shuffle_epi8(tables[2], high);
        let special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
        // Bytes two and three after a 3- and 4-byte lead must be continuations.
        let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8((0xE0u8 - 0x80) as i8));
        let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8((0xF0u8 - 0x80) as i8));
        let must_continue = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8(0x80u8 as i8));
        _mm256_xor_si256(must_continue, special)
    }
}

/// True when the whole of `bytes` is valid UTF-8, using AVX2. The caller finds the error
/// position (rare) with a scalar pass.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn is_utf8_avx2(bytes: &[u8]) -> bool {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: AVX2 is enabled for this function; every load below reads 32 bytes starting at
    // `i` with `i + 32 <= len`.
    unsafe {
        let tables = [table(&BYTE_1_HIGH), table(&BYTE_1_LOW), table(&BYTE_2_HIGH)];
        let mut error = _mm256_setzero_si256();
        let mut prev = _mm256_setzero_si256();
        let mut i = 0;
        while i + 32 <= len {
            let input = _mm256_loadu_si256(ptr.add(i).cast());
            error = _mm256_or_si256(error, utf8_step(input, prev, &tables));
            prev = input;
            i += 32;
        }
        if _mm256_testz_si256(error, error) == 0 {
            return false;
        }
        // The tail and any character cut at the last block boundary: from the start of the
        // last character the blocks reached (at most 3 bytes back), by the scalar validator.
        core::str::from_utf8(&bytes[last_char_start(bytes, 0, i)..]).is_ok()
    }
}

/// [`super::skip_to_depth`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn skip_to_depth_sse2(bytes: &[u8], start: usize, depth: usize) -> Result<usize, Unclosed> {
    // SAFETY: SSE2 is enabled for this function (the closure is compiled inside it).
    super::skip_blocks(
        bytes,
        start,
        depth,
        |block| unsafe { brackets::<__m128i>(block) },
        PrefixXor::PORTABLE,
    )
}

/// [`super::skip_to_depth`] with AVX2 (and POPCNT and BMI1, for the bracket counts and bits).
///
/// # Safety
/// The CPU must support AVX2, PCLMULQDQ, POPCNT and BMI1.
#[target_feature(enable = "avx2,pclmulqdq,popcnt,bmi1")]
pub(super) unsafe fn skip_to_depth_avx2(bytes: &[u8], start: usize, depth: usize) -> Result<usize, Unclosed> {
    // SAFETY: AVX2 is enabled for this function (the closure is compiled inside it), and the
    // caller guarantees PCLMULQDQ, which `PrefixXor::CLMUL` asks for.
    super::skip_blocks(bytes, start, depth, |block| unsafe { brackets::<__m256i>(block) }, PrefixXor::CLMUL)
}

/// [`super::non_ws_block`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn non_ws_block_sse2(bytes: &[u8], start: usize) -> (usize, u64) {
    // SAFETY: SSE2 is enabled for this function (the closure is compiled inside it).
    super::non_ws_block_with(bytes, start, |block| unsafe { non_ws_bits::<__m128i>(block) })
}

/// [`super::non_ws_block`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn non_ws_block_avx2(bytes: &[u8], start: usize) -> (usize, u64) {
    // SAFETY: AVX2 is enabled for this function (the closure is compiled inside it).
    super::non_ws_block_with(bytes, start, |block| unsafe { non_ws_bits::<__m256i>(block) })
}

/// [`super::non_ws_block`] with AVX-512: a block's whitespace from one vector, by the lexical
/// tables of the block classifier (`classify_avx512`), its test giving the block's bits directly.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
pub(super) unsafe fn non_ws_block_avx512(bytes: &[u8], start: usize) -> (usize, u64) {
    super::non_ws_block_with(bytes, start, |block| {
        // SAFETY: AVX-512 F and BW are enabled for this function (the closure is compiled
        // inside it); the load reads the block's 64 bytes.
        unsafe {
            let class = lexical_512(_mm512_loadu_si512(block.as_ptr().cast()));
            _mm512_testn_epi8_mask(class, _mm512_set1_epi8(LEX_WS as i8))
        }
    })
}

/// [`super::string_end`] with SSE2.
///
/// # Safety
/// The CPU must support SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn string_end_sse2(bytes: &[u8], start: usize) -> Option<usize> {
    // SAFETY: SSE2 is enabled for this function (the closure is compiled inside it).
    super::string_end_blocks(bytes, start, |block| unsafe { brackets::<__m128i>(block) })
}

/// [`super::string_end`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn string_end_avx2(bytes: &[u8], start: usize) -> Option<usize> {
    // SAFETY: AVX2 is enabled for this function (the closure is compiled inside it).
    super::string_end_blocks(bytes, start, |block| unsafe { brackets::<__m256i>(block) })
}

/// The SSE2 [`Classifier`]: a value exists only where the CPU has SSE2 (made by [`with_sse2`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Sse2Classifier(());

impl Classifier for Sse2Classifier {
    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor) {
        // SAFETY: a value of this type is made only by `with_sse2`, whose caller guarantees
        // SSE2.
        (unsafe { classify::<__m128i>(block, trusted_utf8) }, PrefixXor::PORTABLE)
    }
}

/// [`super::with_classifier`] with SSE2: `work`, compiled for SSE2, with its classifier.
///
/// # Safety
/// The CPU must support SSE2.
#[target_feature(enable = "sse2")]
pub(super) unsafe fn with_sse2<W: WithClassifier>(work: W) -> W::Output {
    work.run(Sse2Classifier(()))
}

/// The AVX2 [`Classifier`]: a value exists only where the CPU has what [`has_avx2`] checks
/// (made by [`with_avx2`] and [`with_avx2_bits`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2Classifier(());

impl Classifier for Avx2Classifier {
    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor) {
        // SAFETY: a value of this type is made only by `with_avx2` and `with_avx2_bits`, whose
        // callers guarantee what `has_avx2` checks: AVX2 and PCLMULQDQ (which
        // `PrefixXor::CLMUL` asks for) among them.
        (unsafe { classify::<__m256i>(block, trusted_utf8) }, PrefixXor::CLMUL)
    }
}

/// [`super::with_classifier`] with AVX2: `work`, compiled for AVX2 and PCLMULQDQ, with its
/// classifier.
///
/// # Safety
/// The CPU must support what [`has_avx2`] checks.
#[target_feature(enable = "avx2,pclmulqdq")]
pub(super) unsafe fn with_avx2<W: WithClassifier>(work: W) -> W::Output {
    work.run(Avx2Classifier(()))
}

/// [`with_avx2`] compiled for the bit instructions of every AVX2 CPU too (BMI1, BMI2, LZCNT,
/// POPCNT: x86-64-v3's), for work that asks for them ([`WithClassifier::BIT_INSTRUCTIONS`]).
///
/// # Safety
/// The CPU must support what [`has_avx2`] checks.
#[target_feature(enable = "avx2,pclmulqdq,bmi1,bmi2,lzcnt,popcnt")]
pub(super) unsafe fn with_avx2_bits<W: WithClassifier>(work: W) -> W::Output {
    work.run(Avx2Classifier(()))
}

/// Whether this CPU can run [`with_avx2_bits`] (and so [`with_avx2`] and every AVX2 kernel,
/// which ask for less).
pub(super) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("pclmulqdq")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether this CPU can run [`with_avx512_bits`] (and [`with_avx512`]) and the AVX-512 string
/// kernels (VL for `quote_run_avx512`'s 32-byte masked vectors; every CPU with BW has it): for
/// the lists of kernels that tests and the `kernels` fuzz target check (the dispatch asks for
/// more; see `best_level`).
pub(super) fn has_avx512() -> bool {
    has_avx2()
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
}

/// Whether this CPU runs a 512-bit vector operation as two 256-bit halves, so that AVX-512 code
/// gains little on AVX2's: AMD's Zen 4 (family 19h; Zen 3, the family's other cores, has no
/// AVX-512). By CPUID's vendor and family.
pub(super) fn splits_512_bit_vectors() -> bool {
    use std::arch::x86_64::__cpuid;
    // SAFETY: every x86_64 CPU has CPUID, and leaves 0 and 1 always exist. (`__cpuid` is a
    // safe function in newer Rust than the workspace's oldest supported, 1.89.)
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6E65, 0x444D_4163);
    // The family: the base field, plus the extended field when the base one is 0Fh.
    let base = (signature >> 8) & 0xF;
    let family = if base == 0xF { base + ((signature >> 20) & 0xFF) } else { base };
    amd && family == 0x19
}

/// The AVX-512 [`Classifier`]: a value exists only where the CPU has what [`has_avx512`]
/// checks (made by [`with_avx512`] and [`with_avx512_bits`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx512Classifier(());

impl Classifier for Avx512Classifier {
    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor) {
        // SAFETY: a value of this type is made only by `with_avx512` and `with_avx512_bits`,
        // whose callers guarantee AVX-512 F and BW and PCLMULQDQ (which `PrefixXor::CLMUL`
        // asks for).
        (unsafe { classify_avx512(block, trusted_utf8) }, PrefixXor::CLMUL)
    }
}

/// [`super::with_classifier`] with AVX-512: `work`, compiled for AVX-512 (F and BW), AVX2 and
/// PCLMULQDQ, with its classifier.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2,pclmulqdq")]
pub(super) unsafe fn with_avx512<W: WithClassifier>(work: W) -> W::Output {
    work.run(Avx512Classifier(()))
}

/// [`with_avx512`] compiled for the bit instructions too, as [`with_avx2_bits`].
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2,pclmulqdq,bmi1,bmi2,lzcnt,popcnt")]
pub(super) unsafe fn with_avx512_bits<W: WithClassifier>(work: W) -> W::Output {
    work.run(Avx512Classifier(()))
}

/// A 16-byte table in each of the four 128-bit lanes of a 512-bit vector (`vpshufb` looks up
/// within each lane).
const fn lanes4(t: &[u8; 16]) -> [u8; 64] {
    let mut out = [0; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = t[i % 16];
        i += 1;
    }
    out
}

const LEX_LOW_4: [u8; 64] = lanes4(&LEX_LOW);
const LEX_HIGH_4: [u8; 64] = lanes4(&LEX_HIGH);

/// Each byte's lexical classes (`LEX_*` bits) by two table lookups, one per nibble, as with
/// AVX2 (`vpshufb` gives 0 for a byte of 0x80 and above, which is in no class).
///
/// # Safety
/// AVX-512 F and BW must be present.
#[inline(always)]
unsafe fn lexical_512(v: __m512i) -> __m512i {
    // SAFETY: AVX-512 F and BW are present (function contract); each table load reads its
    // table's 64 bytes.
    unsafe {
        let high_nibble = _mm512_and_si512(_mm512_srli_epi16::<4>(v), _mm512_set1_epi8(0x0F));
        _mm512_and_si512(
            _mm512_shuffle_epi8(_mm512_loadu_si512(LEX_LOW_4.as_ptr().cast()), v),
            _mm512_shuffle_epi8(_mm512_loadu_si512(LEX_HIGH_4.as_ptr().cast()), high_nibble),
        )
    }
}

/// [`super::classify`] of a whole block in one 512-bit vector: the compares give the block's
/// masks directly (in mask registers), with no movemask and no joining of halves.
///
/// # Safety
/// The CPU must support AVX-512 F and BW.
#[inline(always)]
unsafe fn classify_avx512(block: &[u8; BLOCK], trusted_utf8: bool) -> Classes {
    // SAFETY: AVX-512 F and BW are present (function contract); the load reads the block's 64
    // bytes.
    unsafe {
        let v = _mm512_loadu_si512(block.as_ptr().cast());
        let splat = |byte: u8| _mm512_set1_epi8(byte as i8);
        let class = lexical_512(v);
        let backslash = _mm512_cmpeq_epi8_mask(v, splat(b'\\'));
        let ascii_suspect = _mm512_cmple_epu8_mask(v, splat(0x1F)) | backslash;
        let suspect = if trusted_utf8 { ascii_suspect } else { ascii_suspect | _mm512_movepi8_mask(v) };
        let punct = _mm512_test_epi8_mask(class, splat(LEX_PUNCT));
        Classes {
            quote: _mm512_cmpeq_epi8_mask(v, splat(b'"')),
            backslash,
            punct,
            ends: _mm512_test_epi8_mask(class, splat(LEX_WS | LEX_PUNCT)),
            suspect,
            digit: _mm512_test_epi8_mask(class, splat(LEX_DIGIT)),
        }
    }
}

/// Bit `i` of the result is the XOR of bits `0..=i` of `x`: the carry-less product of `x` and
/// all ones.
///
/// # Safety
/// The CPU must support PCLMULQDQ.
#[inline]
#[target_feature(enable = "pclmulqdq")]
pub(super) unsafe fn prefix_xor_clmul(x: u64) -> u64 {
    // PCLMULQDQ is enabled for this function, and SSE2 (for the moves) on every x86_64.
    let product = _mm_clmulepi64_si128::<0>(_mm_set_epi64x(0, x as i64), _mm_set1_epi8(-1));
    _mm_cvtsi128_si64(product) as u64
}

/// Lanes at the top of `block` that start a character the block does not finish (for an
/// ASCII block that follows: the character's continuations are missing).
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn incomplete(block: __m256i) -> __m256i {
    const MAX: [u8; 32] = incomplete_max::<32>();
    // SAFETY: AVX2 is present (function contract); MAX has 32 readable bytes.
    unsafe { _mm256_subs_epu8(block, _mm256_loadu_si256(MAX.as_ptr().cast())) }
}

/// Counts lines with AVX2; see [`super::line_stats`].
///
/// # Safety
/// The CPU must support AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn line_stats_avx2(bytes: &[u8]) -> LineStats {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    let mut newlines = 0;
    let mut line_start = 0;
    let mut i = 0;
    // SAFETY: AVX2 is enabled for this function; each load reads `ptr + i .. ptr + i + 32`
    // with `i + 32 <= len`.
    unsafe {
        let newline = _mm256_set1_epi8(b'\n' as i8);
        while i + 32 <= len {
            let v = _mm256_loadu_si256(ptr.add(i).cast());
            let nl = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, newline)) as u32;
            if nl != 0 {
                newlines += nl.count_ones() as usize;
                line_start = i + 32 - nl.leading_zeros() as usize;
            }
            i += 32;
        }
    }
    let rest = swar::line_stats(&bytes[i..]);
    if rest.newlines > 0 {
        LineStats { newlines: newlines + rest.newlines, tail: rest.tail }
    } else {
        LineStats { newlines, tail: len - line_start }
    }
}

/// Finds the end of a string run and checks its UTF-8 in the same pass, with AVX2; see
/// [`super::string_run_checked`].
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn string_run_checked_avx2(bytes: &[u8], start: usize) -> CheckedRun {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: AVX2 is enabled for this function. Every load reads inside `bytes`: 32 bytes at
    // `i` with `i + 32 <= len` (64 with `i + 64 <= len`), or at `i - 32` or back to `i - 3`
    // with `i >= start + 32`; `LANES` has 32 readable bytes.
    unsafe {
        const LANES: [u8; 32] = {
            let mut lanes = [0u8; 32];
            let mut k = 0;
            while k < 32 {
                lanes[k] = k as u8;
                k += 1;
            }
            lanes
        };
        let tables = [table(&BYTE_1_HIGH), table(&BYTE_1_LOW), table(&BYTE_2_HIGH)];
        let (special_low, special_high) = (table(&SPECIAL_LOW), table(&SPECIAL_HIGH));
        // Nonzero lanes where the byte is a quote, a backslash or a control byte, from the
        // bytes and their high nibbles, which the UTF-8 check needs too.
        let special = |v: __m256i, high: __m256i| {
            _mm256_and_si256(_mm256_shuffle_epi8(special_low, v), _mm256_shuffle_epi8(special_high, high))
        };
        let load = |at: usize| _mm256_loadu_si256(ptr.add(at).cast());
        // The last block, holding its first special byte where `found` (nonzero lanes of
        // `special`) says: only the lanes before it are checked; the others become ASCII zeros,
        // which also catches a character it cuts. The run's end and whether it is valid.
        let last = |at: usize, v: __m256i, found: __m256i, prev: __m256i, error: __m256i| {
            let n =
                (!_mm256_movemask_epi8(_mm256_cmpeq_epi8(found, _mm256_setzero_si256()))).trailing_zeros();
            let lanes = _mm256_loadu_si256(LANES.as_ptr().cast());
            let before = _mm256_cmpgt_epi8(_mm256_set1_epi8(n as i8), lanes);
            let error = _mm256_or_si256(error, utf8_step(_mm256_and_si256(v, before), prev, &tables));
            CheckedRun { end: at + n as usize, valid: _mm256_testz_si256(error, error) != 0 }
        };
        let mut error = _mm256_setzero_si256();
        let mut i = start;
        if i + 32 <= len {
            // The first block: ASCII zeros before the run.
            let v = load(i);
            let found = special(v, high_nibbles(v));
            if _mm256_testz_si256(found, found) == 0 {
                return last(i, v, found, _mm256_setzero_si256(), error);
            }
            error = utf8_step(v, _mm256_setzero_si256(), &tables);
            i += 32;
            // From here the three bytes before `i` are the run's: 64 bytes a step, with one test
            // for a special byte and one for non-ASCII.
            while i + 64 <= len {
                let (a, b) = (load(i), load(i + 32));
                let (high_a, high_b) = (high_nibbles(a), high_nibbles(b));
                let found = _mm256_or_si256(special(a, high_a), special(b, high_b));
                if _mm256_testz_si256(found, found) == 0 {
                    break;
                }
                let step = if _mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0 {
                    incomplete(load(i - 32))
                } else {
                    _mm256_or_si256(
                        check_at(ptr.add(i), high_a, &tables),
                        check_at(ptr.add(i + 32), high_b, &tables),
                    )
                };
                error = _mm256_or_si256(error, step);
                i += 64;
            }
            while i + 32 <= len {
                let v = load(i);
                let high = high_nibbles(v);
                let found = special(v, high);
                if _mm256_testz_si256(found, found) == 0 {
                    return last(i, v, found, load(i - 32), error);
                }
                let step = if _mm256_movemask_epi8(v) == 0 {
                    incomplete(load(i - 32))
                } else {
                    check_at(ptr.add(i), high, &tables)
                };
                error = _mm256_or_si256(error, step);
                i += 32;
            }
        }
        // Fewer than 32 bytes left.
        finish_checked_run(bytes, start, i, _mm256_testz_si256(error, error) != 0)
    }
}

/// [`super::string_run_checked`] with AVX-512: 64 bytes a step, the UTF-8 check of
/// [`string_run_checked_avx2`] on vectors twice as wide. The bytes under a vector at the slice's
/// end (all of a run that starts less than a vector from it) are read by a masked load, which
/// reads only the slice's bytes and gives zeros past its end, rather than one at a time.
///
/// # Safety
/// The CPU must support what [`has_avx512`] checks.
#[target_feature(enable = "avx512f,avx512bw,avx2")]
pub(super) unsafe fn string_run_checked_avx512(bytes: &[u8], start: usize) -> CheckedRun {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: AVX-512 F and BW are enabled for this function. Every load reads inside `bytes`:
    // 64 bytes at `i` with `i + 64 <= len`, or at `i - 1`, `i - 2` and `i - 3` with
    // `start + 64 <= i` and `i + 64 <= len`; the masked load at `i <= len` enables only the
    // lanes of `bytes[i..len]`, and masked-off lanes are not read. The tables' loads read
    // their 16 and 64 bytes.
    unsafe {
        let splat = |byte: u8| _mm512_set1_epi8(byte as i8);
        let table = |t: &[u8; 16]| _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast()));
        let tables = [table(&BYTE_1_HIGH), table(&BYTE_1_LOW), table(&BYTE_2_HIGH)];
        let (special_low, special_high) = (table(&SPECIAL_LOW), table(&SPECIAL_HIGH));
        let load = |at: usize| _mm512_loadu_si512(ptr.add(at).cast());
        let high_nibbles = |v: __m512i| _mm512_and_si512(_mm512_srli_epi16::<4>(v), splat(0x0F));
        // Bit `k`: byte `k` is a quote, a backslash or a control byte (`vpshufb` gives 0 for a
        // byte of 0x80 and above, which is none of them).
        let special = |v: __m512i, high: __m512i| {
            _mm512_test_epi8_mask(
                _mm512_shuffle_epi8(special_low, v),
                _mm512_shuffle_epi8(special_high, high),
            )
        };
        // The UTF-8 errors of the bytes whose high nibbles are `high`, given the bytes one, two
        // and three lanes before each (as `check_pairs`).
        let check = |high: __m512i, [prev1, prev2, prev3]: [__m512i; 3]| {
            let byte_1_high = _mm512_shuffle_epi8(tables[0], high_nibbles(prev1));
            let byte_1_low = _mm512_shuffle_epi8(tables[1], _mm512_and_si512(prev1, splat(0x0F)));
            let byte_2_high = _mm512_shuffle_epi8(tables[2], high);
            let special = _mm512_and_si512(_mm512_and_si512(byte_1_high, byte_1_low), byte_2_high);
            let third = _mm512_subs_epu8(prev2, splat(0xE0 - 0x80));
            let fourth = _mm512_subs_epu8(prev3, splat(0xF0 - 0x80));
            _mm512_xor_si512(_mm512_and_si512(_mm512_or_si512(third, fourth), splat(0x80)), special)
        };
        // Lanes at the top of `prev` that start a character it does not finish (for an ASCII
        // block after it), as `incomplete`.
        let incomplete =
            |prev: __m512i| _mm512_subs_epu8(prev, _mm512_loadu_si512(INCOMPLETE_512.as_ptr().cast()));
        // The errors of the block `v` after the block `prev`, the bytes before each lane moved
        // in from the lanes below (from `prev`'s top lane for the lowest): `valignd` gives each
        // 128-bit lane the one before it, `vpalignr` joins the two.
        let block = |v: __m512i, prev: __m512i| {
            if _mm512_movepi8_mask(v) == 0 {
                return incomplete(prev);
            }
            let before = _mm512_alignr_epi32::<12>(v, prev);
            let shifted = [
                _mm512_alignr_epi8::<15>(v, before),
                _mm512_alignr_epi8::<14>(v, before),
                _mm512_alignr_epi8::<13>(v, before),
            ];
            check(high_nibbles(v), shifted)
        };
        // The block at `at` holds the run's end, its first special byte, at `found`'s lowest
        // bit: the lanes from there become ASCII zeros, which also catches a character the end
        // cuts. The run's end and whether it is valid.
        let last = |at: usize, v: __m512i, found: u64, prev: __m512i, error: __m512i| {
            let n = found.trailing_zeros() as usize;
            let error = _mm512_or_si512(error, block(_mm512_maskz_mov_epi8((1 << n) - 1, v), prev));
            CheckedRun { end: at + n, valid: _mm512_test_epi8_mask(error, error) == 0 }
        };
        // The block before the run's first is taken as ASCII zeros: its bytes are not the run's.
        let mut prev = _mm512_setzero_si512();
        let mut error = _mm512_setzero_si512();
        let mut i = start;
        if i + 64 <= len {
            let v = load(i);
            let found = special(v, high_nibbles(v));
            if found != 0 {
                return last(i, v, found, prev, error);
            }
            error = block(v, prev);
            prev = v;
            i += 64;
            // From here the three bytes before `i` are the run's: the bytes one, two and three
            // lanes back are unaligned loads (as `check_at`).
            while i + 64 <= len {
                let v = load(i);
                let high = high_nibbles(v);
                let found = special(v, high);
                if found != 0 {
                    return last(i, v, found, prev, error);
                }
                let step = if _mm512_movepi8_mask(v) == 0 {
                    incomplete(prev)
                } else {
                    check(high, [load(i - 1), load(i - 2), load(i - 3)])
                };
                error = _mm512_or_si512(error, step);
                prev = v;
                i += 64;
            }
        }
        // Under a vector left, perhaps nothing: its lanes past the slice's end are zeros,
        // control bytes, so that the run ends at the first special byte or at `len`, and a
        // character the slice cuts is caught as one that the end cuts.
        let v = _mm512_maskz_loadu_epi8((1 << (len - i)) - 1, ptr.add(i).cast());
        last(i, v, special(v, high_nibbles(v)), prev, error)
    }
}

/// [`string_run_checked_avx512`]'s `incomplete`.
static INCOMPLETE_512: [u8; 64] = incomplete_max::<64>();

/// The UTF-8 errors of one block: none for ASCII but a character the previous block left
/// cut; the full check otherwise.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn utf8_step(v: __m256i, prev: __m256i, tables: &[__m256i; 3]) -> __m256i {
    // SAFETY: AVX2 is present (function contract).
    unsafe {
        if _mm256_movemask_epi8(v) == 0 {
            incomplete(prev)
        } else {
            check_block(v, prev, tables)
        }
    }
}

/// Where [`four_escapes`]'s halves hold their escapes: the low lane from its byte 0, the high
/// lane (loaded 8 bytes on) from its byte 4.
const HALF_STARTS: [usize; 2] = [0, 20];

/// The `\` and `u` of each escape in [`four_escapes`]'s lanes (lane bytes 0, 1, 6 and 7 of the
/// low half, 4, 5, 10 and 11 of the high one).
static ESCAPE_HEADS: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut h = 0;
    while h < 2 {
        let at = HALF_STARTS[h];
        t[at] = b'\\';
        t[at + 1] = b'u';
        t[at + 6] = b'\\';
        t[at + 7] = b'u';
        h += 1;
    }
    t
};

/// The shuffle that gathers the eight hex digits of each half's two escapes into the half's
/// first eight bytes, zeros after them.
static ESCAPE_DIGITS: [u8; 32] = {
    let mut t = [0x80u8; 32];
    let mut h = 0;
    while h < 2 {
        let first = HALF_STARTS[h] - 16 * h;
        let order = [2, 3, 4, 5, 8, 9, 10, 11];
        let mut k = 0;
        while k < 8 {
            t[16 * h + k] = (first + order[k]) as u8;
            k += 1;
        }
        h += 1;
    }
    t
};

/// Checks the four escapes that the 24 bytes at `ptr` would hold, and reads their units.
/// Returns how many of them, from the first, are `\uXXXX` escapes with four hex digits whose
/// unit is not a surrogate (4 when all are), and the units in the 32-bit lanes 0, 1, 4 and 5.
///
/// The bytes are loaded as two halves of 16, at `ptr` and `ptr + 8`, one in each 128-bit lane:
/// each lane holds two whole escapes (AVX2 shuffles within a lane), and no byte past the 24 is
/// read.
///
/// # Safety
/// AVX2 must be present, and `ptr..ptr + 24` readable.
#[inline(always)]
unsafe fn four_escapes(ptr: *const u8) -> (usize, __m256i) {
    // Bit i of a mask is byte i of the 32 loaded: the escapes are bits 0..12 and 20..32.
    const HEADS: u32 = 0xC30_00C3;
    const DIGITS: u32 = 0xF3C0_0F3C;
    const ESCAPES: u32 = 0xFFF0_0FFF;
    const FIRST_DIGITS: u32 = 0x1040_0104;
    // SAFETY: the caller guarantees AVX2 and 24 readable bytes: the loads read `ptr..ptr + 16`
    // and `ptr + 8..ptr + 24`; the tables are 32 bytes.
    unsafe {
        let x = _mm256_inserti128_si256::<1>(
            _mm256_castsi128_si256(_mm_loadu_si128(ptr.cast())),
            _mm_loadu_si128(ptr.add(8).cast()),
        );
        let splat = |b: u8| _mm256_set1_epi8(b as i8);
        let heads = _mm256_cmpeq_epi8(x, _mm256_loadu_si256(ESCAPE_HEADS.as_ptr().cast()));
        let heads = _mm256_movemask_epi8(heads) as u32;
        // A digit is 0..=9 above `0`; a letter, with bit 5 set, 0..=5 above `a`.
        let d = _mm256_sub_epi8(x, splat(b'0'));
        let l = _mm256_sub_epi8(_mm256_or_si256(x, splat(0x20)), splat(b'a'));
        let is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(d, splat(9)), d);
        let is_letter = _mm256_cmpeq_epi8(_mm256_min_epu8(l, splat(5)), l);
        let hex = _mm256_movemask_epi8(_mm256_or_si256(is_digit, is_letter)) as u32;
        // Each hex digit's value: a digit's `d` is below 10 and its letter value (saturated)
        // above 0xD8; a letter's `d` is above 0x10 and its letter value 10..=15.
        let nibble = _mm256_min_epu8(d, _mm256_adds_epu8(l, splat(10)));
        // A surrogate's first digit is D and its second 8 or more (bit 3, moved to the top of
        // the odd bytes, where the 16-bit shift brings in nothing from the byte below; every
        // escape's first digit is at an even byte).
        let first_d = _mm256_movemask_epi8(_mm256_cmpeq_epi8(nibble, splat(0xD))) as u32;
        let second_high = _mm256_movemask_epi8(_mm256_slli_epi16::<4>(nibble)) as u32;
        let surrogate = first_d & second_high >> 1 & FIRST_DIGITS;
        let bad = !(heads & HEADS | hex & DIGITS) & ESCAPES | surrogate;
        let count = if bad == 0 {
            4
        } else {
            // Escapes 0 and 1 are bits 0..12, escapes 2 and 3 bits 20..32.
            let p = bad.trailing_zeros();
            ((p - 8 * u32::from(p >= 16)) / 6) as usize
        };
        let digits = _mm256_shuffle_epi8(nibble, _mm256_loadu_si256(ESCAPE_DIGITS.as_ptr().cast()));
        // Pairs of digits to bytes (16 × high + low), then pairs of bytes to units.
        let pairs = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x0110));
        let units = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_0100));
        (count, units)
    }
}

/// The UTF-8 of [`four_escapes`]'s units as [`swar::utf8_word`] has it: the text in the low
/// bytes, the length in the top byte.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn utf8_words(units: __m256i) -> [u32; 4] {
    // SAFETY: AVX2 is present (function contract); the store is of 16 bytes into `out`.
    unsafe {
        let words = utf8_lanes(units);
        let packed = _mm256_permutevar8x32_epi32(words, _mm256_setr_epi32(0, 1, 4, 5, 0, 0, 0, 0));
        let mut out = [0u32; 4];
        _mm_storeu_si128(out.as_mut_ptr().cast(), _mm256_castsi256_si128(packed));
        out
    }
}

/// [`utf8_words`] of a unit in each 32-bit lane of `units`, in its lane.
///
/// # Safety
/// AVX2 must be present.
#[inline(always)]
unsafe fn utf8_lanes(units: __m256i) -> __m256i {
    // SAFETY: AVX2 is present (function contract).
    unsafe {
        let splat = |v: i32| _mm256_set1_epi32(v);
        let low6 = _mm256_and_si256(units, splat(0x3F));
        let mid6 = _mm256_and_si256(_mm256_srli_epi32::<6>(units), splat(0x3F));
        let two = _mm256_or_si256(
            _mm256_or_si256(_mm256_srli_epi32::<6>(units), splat(0x80C0)),
            _mm256_slli_epi32::<8>(low6),
        );
        let three = _mm256_or_si256(
            _mm256_or_si256(_mm256_srli_epi32::<12>(units), splat(0x80_80E0)),
            _mm256_or_si256(_mm256_slli_epi32::<8>(mid6), _mm256_slli_epi32::<16>(low6)),
        );
        let from_80 = _mm256_cmpgt_epi32(units, splat(0x7F));
        let from_800 = _mm256_cmpgt_epi32(units, splat(0x7FF));
        let text = _mm256_blendv_epi8(_mm256_blendv_epi8(units, two, from_80), three, from_800);
        // The compares are -1 where true: 1, 2 or 3.
        let len = _mm256_sub_epi32(_mm256_sub_epi32(splat(1), from_80), from_800);
        _mm256_or_si256(text, _mm256_slli_epi32::<24>(len))
    }
}

/// For each UTF-8 length `n` (1 to 3), the shuffle that gathers the text of the four words
/// of a 128-bit lane of that length (as [`utf8_lanes`] gives them) into its first `4n` bytes.
static COMPACT: [u8; 48] = {
    let mut t = [0x80u8; 48];
    let mut n = 1;
    while n <= 3 {
        let mut k = 0;
        while k < 4 * n {
            t[16 * (n - 1) + k] = (4 * (k / n) + k % n) as u8;
            k += 1;
        }
        n += 1;
    }
    t
};

/// Stores the text of the eight words `words` ([`utf8_lanes`]) at `dst` when they are all of
/// one length, and returns how many bytes that is; else stores nothing and returns 0. Text
/// escaped for ASCII is mostly runs of one script, whose characters have one length: their
/// text is stored by one shuffle and two stores, where words of mixed lengths take a store
/// each, placed by the lengths of those before.
///
/// # Safety
/// AVX2 must be present, and `dst..dst + 28` writable.
#[inline(always)]
unsafe fn store_same_length(words: __m256i, dst: *mut u8) -> usize {
    // SAFETY: AVX2 is present (function contract). The table's row is 16 bytes of its 48
    // (`n` is 1 to 3, the length of a word); the stores are of 16 bytes at `dst` and at
    // `dst + 4n`, which ends by `dst + 28`.
    unsafe {
        let lens = _mm256_srli_epi32::<24>(words);
        let first = _mm256_permutevar8x32_epi32(lens, _mm256_setzero_si256());
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(lens, first)) != -1 {
            return 0;
        }
        let n = _mm256_cvtsi256_si32(lens) as usize;
        let shuffle = _mm256_broadcastsi128_si256(_mm_loadu_si128(COMPACT[16 * (n - 1)..].as_ptr().cast()));
        let text = _mm256_shuffle_epi8(words, shuffle);
        _mm_storeu_si128(dst.cast(), _mm256_castsi256_si128(text));
        _mm_storeu_si128(dst.add(4 * n).cast(), _mm256_extracti128_si256::<1>(text));
        8 * n
    }
}

/// Stores `words` ([`utf8_words`]) one after another from `dst`, each as four bytes of which
/// the first are its text, and returns the bytes of text stored.
///
/// # Safety
/// `dst..dst + 3 * words.len() + 1` writable: each word but the last moves on by at most 3
/// bytes, and the last store is of 4.
#[inline(always)]
unsafe fn store_words(words: &[u32], dst: *mut u8) -> usize {
    let mut n = 0;
    for &word in words {
        // SAFETY: by the contract, every 4-byte store ends within the room.
        unsafe { dst.add(n).cast::<[u8; 4]>().write_unaligned(word.to_le_bytes()) };
        n += (word >> 24) as usize;
    }
    n
}

/// See [`super::unicode_run`]: four escapes a step while 24 bytes are left, then the portable
/// kernel.
///
/// # Safety
/// AVX2 and BMI1 must be present.
#[target_feature(enable = "avx2,bmi1")]
pub(super) unsafe fn unicode_run_avx2(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    while i + 24 <= bytes.len() {
        // SAFETY: `i + 24 <= len`; AVX2 is present (function contract).
        let (count, _) = unsafe { four_escapes(bytes.as_ptr().add(i)) };
        i += 6 * count;
        if count < 4 {
            return i - at;
        }
    }
    i + swar::unicode_run(bytes, i) - at
}

/// See [`super::decode_unicode_run`]: eight escapes a step (two of [`four_escapes`], their
/// units through [`utf8_lanes`] together) while 48 bytes are left and `out` has room for 28;
/// then four a step while 24 bytes are left and `out` has room for 13 (four four-byte words of
/// which the first three may be of three bytes); then the portable kernel.
///
/// Eight characters of one UTF-8 length (text of one script) are stored by one shuffle
/// ([`store_same_length`]); mixed lengths take a four-byte store each.
///
/// # Safety
/// AVX2 and BMI1 must be present.
#[target_feature(enable = "avx2,bmi1")]
pub(super) unsafe fn decode_unicode_run_avx2(bytes: &[u8], at: usize, out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut n) = (at, 0);
    let dst = out.as_mut_ptr();
    while i + 48 <= bytes.len() && n + 28 <= out.len() {
        // SAFETY: `i + 48 <= len`: each call reads 24 bytes, at `i` and at `i + 24`; AVX2 is
        // present (function contract).
        let (first, low) = unsafe { four_escapes(bytes.as_ptr().add(i)) };
        if first < 4 {
            // The run ends in these four (as most runs in text not all escaped do, a few
            // accented letters long).
            // SAFETY: AVX2 is present; `n + 28 <= out.len()`: room for four words.
            n += unsafe { store_words(&utf8_words(low)[..first], dst.add(n)) };
            return (i + 6 * first - at, n);
        }
        // SAFETY: as above.
        let (second, high) = unsafe { four_escapes(bytes.as_ptr().add(i + 24)) };
        // SAFETY: AVX2 is present. Each call's units are in its 32-bit lanes 0, 1, 4 and 5:
        // the second's move to lanes 2, 3, 6 and 7, then all eight into order.
        let lanes = unsafe {
            let mixed = _mm256_blend_epi32::<0b1100_1100>(low, _mm256_slli_si256::<8>(high));
            utf8_lanes(_mm256_permutevar8x32_epi32(mixed, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)))
        };
        if second == 4 {
            // SAFETY: AVX2 is present; `n + 28 <= out.len()`.
            let stored = unsafe { store_same_length(lanes, dst.add(n)) };
            if stored != 0 {
                n += stored;
                i += 48;
                continue;
            }
        }
        let count = 4 + second;
        let mut words = [0u32; 8];
        // SAFETY: AVX2 is present; the store is of 32 bytes into `words`.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), lanes) };
        // SAFETY: `n + 28 <= out.len()`: room for eight words.
        n += unsafe { store_words(&words[..count], dst.add(n)) };
        i += 6 * count;
        if count < 8 {
            return (i - at, n);
        }
    }
    while i + 24 <= bytes.len() && n + 13 <= out.len() {
        // SAFETY: `i + 24 <= len`; AVX2 is present (function contract).
        let (count, units) = unsafe { four_escapes(bytes.as_ptr().add(i)) };
        // SAFETY: as above.
        let words = unsafe { utf8_words(units) };
        // SAFETY: `n + 13 <= out.len()`: room for four words.
        n += unsafe { store_words(&words[..count], dst.add(n)) };
        i += 6 * count;
        if count < 4 {
            return (i - at, n);
        }
    }
    let (read, written) = swar::decode_unicode_run(bytes, i, &mut out[n..]);
    (i - at + read, n + written)
}
