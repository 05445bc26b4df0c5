//! aarch64 kernels: NEON (Advanced SIMD), checked at run time like the x86_64 ones.
//!
//! The algorithms written once over [`Vector`] (`super::vector`) are instantiated here for
//! `uint8x16_t`, and UTF-8 validation (alone and fused with the string scan) is the lookup
//! algorithm of the AVX2 kernels on 16-byte vectors: `vqtbl1q_u8` for `vpshufb`, `vextq_u8` for
//! the bytes one to three lanes back.

use core::arch::aarch64::*;

use super::vector::{
    brackets, classify, copy_ascii_run, copy_string_run, finish_checked_run, incomplete_max, last_char_start,
    non_ws_bits, quote_run, string_run, Specials, Vector, BYTE_1_HIGH, BYTE_1_LOW, BYTE_2_HIGH, LEX_DIGIT,
    LEX_HIGH, LEX_LOW, LEX_PUNCT, LEX_WS,
};
use super::{CheckedRun, Classes, Classifier, PrefixXor, StringRun, Unclosed, WithClassifier, BLOCK};

impl Vector for uint8x16_t {
    const BYTES: usize = 16;
    #[inline(always)]
    unsafe fn splat(byte: u8) -> Self {
        // SAFETY: NEON is present (trait contract).
        unsafe { vdupq_n_u8(byte) }
    }
    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        // SAFETY: the caller guarantees 16 readable bytes; NEON is present.
        unsafe { vld1q_u8(ptr) }
    }
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        // SAFETY: the caller guarantees 16 writable bytes; NEON is present.
        unsafe { vst1q_u8(ptr, self) }
    }
    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        // SAFETY: NEON is present (trait contract).
        unsafe { vceqq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        // SAFETY: NEON is present (trait contract).
        unsafe { vorrq_u8(self, other) }
    }
    #[inline(always)]
    unsafe fn max_u8(self, other: Self) -> Self {
        // SAFETY: NEON is present (trait contract).
        unsafe { vmaxq_u8(self, other) }
    }
    /// NEON has no `movemask`: each lane's top bit, shifted to its place in its half, summed
    /// across each half.
    #[inline(always)]
    unsafe fn mask(self) -> u32 {
        const PLACES: [i8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7];
        // SAFETY: NEON is present (trait contract); `PLACES` has 16 readable bytes.
        unsafe {
            let bits = vshlq_u8(vshrq_n_u8::<7>(self), vld1q_s8(PLACES.as_ptr()));
            u32::from(vaddv_u8(vget_low_u8(bits))) | u32::from(vaddv_u8(vget_high_u8(bits))) << 8
        }
    }
    /// Two table lookups, one per nibble ([`LEX_LOW`], [`LEX_HIGH`]), as on AVX2. `vqtbl1q_u8`
    /// gives 0 for an index past 15, so the low nibble is masked; a byte from `0x80` is in no
    /// class by its high nibble's entry.
    #[inline(always)]
    unsafe fn lexical(self) -> [Self; 3] {
        // SAFETY: NEON is present (trait contract); the tables have 16 readable bytes.
        unsafe {
            let low = vqtbl1q_u8(vld1q_u8(LEX_LOW.as_ptr()), vandq_u8(self, vdupq_n_u8(0x0F)));
            let high = vqtbl1q_u8(vld1q_u8(LEX_HIGH.as_ptr()), vshrq_n_u8::<4>(self));
            let class = vandq_u8(low, high);
            // All ones where the lane has some of `bits`.
            let any_of = |bits: u8| vtstq_u8(class, vdupq_n_u8(bits));
            [any_of(LEX_WS), any_of(LEX_PUNCT), any_of(LEX_DIGIT)]
        }
    }
}

/// [`super::string_run`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn string_run_neon(bytes: &[u8], start: usize) -> StringRun {
    // SAFETY: NEON is enabled for this function.
    unsafe { string_run::<uint8x16_t>(bytes, start) }
}

/// [`super::non_ws_block`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn non_ws_block_neon(bytes: &[u8], start: usize) -> (usize, u64) {
    // SAFETY: NEON is enabled for this function (the closure is compiled inside it).
    super::non_ws_block_with(bytes, start, |block| unsafe { non_ws_bits::<uint8x16_t>(block) })
}

/// [`super::copy_ascii_run`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn copy_ascii_run_neon(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: NEON is enabled for this function.
    unsafe { copy_ascii_run::<uint8x16_t>(bytes, start, out) }
}

/// [`super::quote_run`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn quote_run_neon(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    // SAFETY: NEON is enabled for this function.
    unsafe { quote_run::<uint8x16_t>(bytes, out) }
}

/// [`super::copy_string_run`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn copy_string_run_neon(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // SAFETY: NEON is enabled for this function.
    unsafe { copy_string_run::<uint8x16_t>(bytes, start, out) }
}

/// [`super::skip_to_depth`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn skip_to_depth_neon(bytes: &[u8], start: usize, depth: usize) -> Result<usize, Unclosed> {
    // SAFETY: NEON is enabled for this function (the closure is compiled inside it).
    super::skip_blocks(
        bytes,
        start,
        depth,
        |block| unsafe { brackets::<uint8x16_t>(block) },
        PrefixXor::PORTABLE,
    )
}

/// [`super::string_end`] with NEON.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn string_end_neon(bytes: &[u8], start: usize) -> Option<usize> {
    // SAFETY: NEON is enabled for this function (the closure is compiled inside it).
    super::string_end_blocks(bytes, start, |block| unsafe { brackets::<uint8x16_t>(block) })
}

/// The NEON [`Classifier`]: a value exists only where the CPU has NEON (made by [`with_neon`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct NeonClassifier(());

impl Classifier for NeonClassifier {
    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor) {
        // SAFETY: a value of this type is made only by `with_neon`, whose caller guarantees
        // NEON.
        (unsafe { classify::<uint8x16_t>(block, trusted_utf8) }, PrefixXor::PORTABLE)
    }
}

/// [`super::with_classifier`] with NEON: `work`, compiled for NEON, with its classifier.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn with_neon<W: WithClassifier>(work: W) -> W::Output {
    work.run(NeonClassifier(()))
}

/// The three UTF-8 lookup tables ([`BYTE_1_HIGH`], [`BYTE_1_LOW`], [`BYTE_2_HIGH`]).
///
/// # Safety
/// NEON must be present.
#[inline(always)]
unsafe fn utf8_tables() -> [uint8x16_t; 3] {
    // SAFETY: NEON is present (function contract); each table has 16 readable bytes.
    unsafe { [vld1q_u8(BYTE_1_HIGH.as_ptr()), vld1q_u8(BYTE_1_LOW.as_ptr()), vld1q_u8(BYTE_2_HIGH.as_ptr())] }
}

/// The UTF-8 errors of the 16 bytes `input` given the 16 before them (`prev`); zero when
/// valid. As the AVX2 `check_pairs`, with the bytes one, two and three lanes back taken from
/// `prev` by `vextq_u8`.
///
/// # Safety
/// NEON must be present.
#[inline(always)]
unsafe fn check_block(input: uint8x16_t, prev: uint8x16_t, tables: &[uint8x16_t; 3]) -> uint8x16_t {
    // SAFETY: NEON is present (function contract).
    unsafe {
        let prev1 = vextq_u8::<15>(prev, input);
        let prev2 = vextq_u8::<14>(prev, input);
        let prev3 = vextq_u8::<13>(prev, input);
        let low_nibble = vdupq_n_u8(0x0F);
        let byte_1_high = vqtbl1q_u8(tables[0], vshrq_n_u8::<4>(prev1));
        let byte_1_low = vqtbl1q_u8(tables[1], vandq_u8(prev1, low_nibble));
        let byte_2_high = vqtbl1q_u8(tables[2], vshrq_n_u8::<4>(input));
        let special = vandq_u8(vandq_u8(byte_1_high, byte_1_low), byte_2_high);
        // Bytes two and three after a 3- and 4-byte lead must be continuations.
        let third = vqsubq_u8(prev2, vdupq_n_u8(0xE0 - 0x80));
        let fourth = vqsubq_u8(prev3, vdupq_n_u8(0xF0 - 0x80));
        let must_continue = vandq_u8(vorrq_u8(third, fourth), vdupq_n_u8(0x80));
        veorq_u8(must_continue, special)
    }
}

/// Lanes at the top of `block` that start a character the block does not finish (for an
/// ASCII block that follows: the character's continuations are missing).
///
/// # Safety
/// NEON must be present.
#[inline(always)]
unsafe fn incomplete(block: uint8x16_t) -> uint8x16_t {
    const MAX: [u8; 16] = incomplete_max::<16>();
    // SAFETY: NEON is present (function contract); MAX has 16 readable bytes.
    unsafe { vqsubq_u8(block, vld1q_u8(MAX.as_ptr())) }
}

/// The UTF-8 errors of one block: none for ASCII but a character the previous block left cut;
/// the full check otherwise.
///
/// # Safety
/// NEON must be present.
#[inline(always)]
unsafe fn utf8_step(v: uint8x16_t, prev: uint8x16_t, tables: &[uint8x16_t; 3]) -> uint8x16_t {
    // SAFETY: NEON is present (function contract).
    unsafe {
        if vmaxvq_u8(v) < 0x80 {
            incomplete(prev)
        } else {
            check_block(v, prev, tables)
        }
    }
}

/// True when the whole of `bytes` is valid UTF-8, using NEON. The caller finds the error
/// position (rare) with a scalar pass.
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn is_utf8_neon(bytes: &[u8]) -> bool {
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: NEON is enabled for this function; every load reads 16 bytes at `i` with
    // `i + 16 <= len`.
    unsafe {
        let tables = utf8_tables();
        let mut error = vdupq_n_u8(0);
        let mut prev = vdupq_n_u8(0);
        let mut i = 0;
        while i + 16 <= len {
            let input = vld1q_u8(ptr.add(i));
            error = vorrq_u8(error, utf8_step(input, prev, &tables));
            prev = input;
            i += 16;
        }
        if vmaxvq_u8(error) != 0 {
            return false;
        }
    }
    // The tail and any character cut at the last block boundary: from the start of the last
    // character the blocks reached (at most 3 bytes back), by the scalar validator.
    core::str::from_utf8(&bytes[last_char_start(bytes, 0, len - len % 16)..]).is_ok()
}

/// Finds the end of a string run and checks its UTF-8 in the same pass, with NEON; see
/// [`super::string_run_checked`].
///
/// # Safety
/// The CPU must support NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn string_run_checked_neon(bytes: &[u8], start: usize) -> CheckedRun {
    const LANES: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let len = bytes.len();
    let ptr = bytes.as_ptr();
    // SAFETY: NEON is enabled for this function. Every load reads 16 bytes at `i` with
    // `i + 16 <= len`; `LANES` has 16 readable bytes.
    unsafe {
        let tables = utf8_tables();
        let specials = Specials::<uint8x16_t>::new();
        let mut error = vdupq_n_u8(0);
        // The bytes before the run count as ASCII zeros.
        let mut prev = vdupq_n_u8(0);
        let mut i = start;
        while i + 16 <= len {
            let v = vld1q_u8(ptr.add(i));
            let found = specials.lanes(v);
            if vmaxvq_u8(found) != 0 {
                // Only the lanes before the first special byte are checked; the others become
                // ASCII zeros, which also catches a character the special byte cuts.
                let n = found.mask().trailing_zeros() as usize;
                let before = vcltq_u8(vld1q_u8(LANES.as_ptr()), vdupq_n_u8(n as u8));
                error = vorrq_u8(error, utf8_step(vandq_u8(v, before), prev, &tables));
                return CheckedRun { end: i + n, valid: vmaxvq_u8(error) == 0 };
            }
            error = vorrq_u8(error, utf8_step(v, prev, &tables));
            prev = v;
            i += 16;
        }
        // Fewer than 16 bytes left.
        finish_checked_run(bytes, start, i, vmaxvq_u8(error) == 0)
    }
}
