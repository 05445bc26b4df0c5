//! Byte-scanning kernels: the hot loops of the parser, behind a small safe API.
//!
//! This module is the only home of `std::arch` and SIMD `unsafe` in jet. It knows nothing of
//! JSON grammar: it finds bytes, counts lines and checks UTF-8. Every kernel has a portable
//! version (`swar`: eight bytes at a time in a `u64`) that is also the reference its vector
//! versions are tested against.
//!
//! Vector kernels are chosen at run time: on x86_64, AVX2 when the CPU has it, else SSE2 (and,
//! where AVX-512 is present too, AVX-512 kernels for the block classifier, whitespace and
//! string runs); on aarch64, NEON (`neon`); so a plain `cargo build` gets them with no
//! `-C target-cpu`. The
//! kernels that only move and compare bytes are written once over a vector trait (`vector`);
//! each platform's module implements it and adds what its instructions do best. The choice is
//! made once and cached in one byte; the hot paths branch on it and make a direct call (cheaper
//! than the indirect call of a function-pointer cache, and it leaves room to finish short
//! inputs inline). Setting the environment variable `JET_PORTABLE_SCAN` (to anything) before
//! the first parse forces the portable kernels, `JET_NO_AVX512` keeps to AVX2's, and
//! `JET_AVX512` takes the AVX-512 kernels on a CPU that has them but where they are not the
//! default (see `best_level`), so that tests can cover each level.
//!
//! One loop is too fine-grained for a call per step: the structural index classifies one block
//! of 64 bytes between a few tokens. For it the choice is made once per walk instead:
//! [`with_classifier`] runs the caller's work inlined into a function compiled for the CPU's
//! [`Classifier`], which classifies each block inline.

use core::sync::atomic::{AtomicU8, Ordering};

pub(crate) mod kernels;
#[cfg(target_arch = "aarch64")]
mod neon;
mod swar;
pub(crate) use swar::hex_value;
#[cfg(test)]
mod tests;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod vector;
#[cfg(target_arch = "x86_64")]
mod x86;

/// The kernels in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    Portable = 1,
    Sse2 = 2,
    Avx2 = 3,
    Neon = 4,
    /// AVX2's kernels, with the block classifier of AVX-512 (F, BW, VL and VBMI), which gives a
    /// block's masks from one 512-bit vector, and its whitespace blocks and string scans (alone,
    /// fused with the UTF-8 check, and copying), 64 bytes a step; a short string written by
    /// masked 32-byte vectors.
    Avx512 = 5,
}

/// The cached [`Level`]; 0 until detected.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The kernels this CPU gets.
#[inline(always)]
pub(crate) fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::Portable,
        2 => Level::Sse2,
        3 => Level::Avx2,
        4 => Level::Neon,
        5 => Level::Avx512,
        _ => detect(),
    }
}

#[cold]
fn detect() -> Level {
    let level = if std::env::var_os("JET_PORTABLE_SCAN").is_some() { Level::Portable } else { best_level() };
    LEVEL.store(level as u8, Ordering::Relaxed);
    level
}

fn best_level() -> Level {
    #[cfg(target_arch = "x86_64")]
    {
        // Every CPU with AVX2 has PCLMULQDQ, BMI1, BMI2, LZCNT and POPCNT too, but the kernels
        // and the walk ask for them, so check them all.
        if x86::has_avx2() {
            // VBMI is not used: it is asked for because the CPUs that have it (Ice Lake and
            // later, Zen 4 and later) run 512-bit integer code without slowing their clock,
            // unlike the first CPUs with AVX-512 (Skylake-SP). Zen 4 runs each 512-bit
            // operation as two 256-bit halves, and there the AVX-512 walk measured 0 to 4 %
            // slower than AVX2's (bench/RESULTS.md, 2026-12-04, late night): it keeps to
            // AVX2 unless asked.
            let avx512 = x86::has_avx512() && std::arch::is_x86_feature_detected!("avx512vbmi");
            let wanted = match (std::env::var_os("JET_NO_AVX512"), std::env::var_os("JET_AVX512")) {
                (Some(_), _) => false,
                (None, Some(_)) => true,
                (None, None) => !x86::splits_512_bit_vectors(),
            };
            return if avx512 && wanted { Level::Avx512 } else { Level::Avx2 };
        }
        if std::arch::is_x86_feature_detected!("sse2") {
            return Level::Sse2;
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        return Level::Neon;
    }
    Level::Portable
}

pub(crate) const LO: u64 = 0x0101_0101_0101_0101;
pub(crate) const HI: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
pub(crate) fn load_u64(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
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
/// `start`. The first eight bytes are checked inline (most names and many strings end there);
/// longer runs go to the widest vector kernel the CPU has.
#[inline(always)]
pub(crate) fn string_run(bytes: &[u8], start: usize) -> StringRun {
    string_run_words::<1>(bytes, start)
}

/// Appends to `out` the run of plain string bytes at `start` (up to the first `"`, `\\` or byte
/// below `0x20`, or the end) and returns where it ends: [`string_run`] and the copy in one pass,
/// each vector stored as it is scanned (the writer's escaping, where most runs are copied
/// whole).
#[inline]
pub(crate) fn copy_string_run(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only when the CPU has AVX2.
        Level::Avx2 => unsafe { x86::copy_string_run_avx2(bytes, start, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only when the CPU has what `has_avx512` checks.
        Level::Avx512 => unsafe { x86::copy_string_run_avx512(bytes, start, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::copy_string_run_sse2(bytes, start, out) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::copy_string_run_neon(bytes, start, out) },
        _ => copy_string_run_portable(bytes, start, out),
    }
}

/// Appends `bytes` as the start of a JSON string: its opening quote and the run of plain string
/// bytes from its start (up to the first `"`, `\\` or byte below `0x20`), and the closing quote
/// too when the run is the whole text; returns where the run ends. For the writer's escaping,
/// where most strings need none: one call, one reservation and one length update for all of
/// a string (AVX-512 takes one under 32 bytes in one masked load and one masked store).
#[inline]
pub(crate) fn quote_run(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only when the CPU has what `has_avx512` checks.
        Level::Avx512 => unsafe { x86::quote_run_avx512(bytes, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only when the CPU has AVX2.
        Level::Avx2 => unsafe { x86::quote_run_avx2(bytes, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::quote_run_sse2(bytes, out) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::quote_run_neon(bytes, out) },
        _ => quote_run_words(bytes, out),
    }
}

/// The end of a vector kernel's [`quote_run`]: `out`'s length set past the opening quote at
/// `old_len` and the run's `end` bytes after it, and past the closing quote too, written here,
/// when the run is all `len` bytes of the text. Returns `end`.
///
/// # Safety
/// `out`'s capacity must be at least `old_len + len + 2`, and its bytes `old_len..old_len + 1 +
/// end` written (the quote and the run).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
unsafe fn close_quoted(out: &mut Vec<u8>, old_len: usize, end: usize, len: usize) -> usize {
    // SAFETY: the closing quote's byte, `old_len + 1 + len`, is within the capacity, and
    // `set_len` exposes written bytes only (the caller's guarantees).
    unsafe {
        if end == len {
            out.as_mut_ptr().add(old_len + 1 + len).write(b'"');
            out.set_len(old_len + len + 2);
        } else {
            out.set_len(old_len + 1 + end);
        }
    }
    end
}

/// [`quote_run_portable`], not inlined: the portable level's kernel.
fn quote_run_words(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    quote_run_portable(bytes, out)
}

/// [`quote_run`] without vectors: a short text (under 32 bytes) checked and copied in the same
/// few words when it needs no escape, else the run, then the copy.
#[inline(always)]
pub(crate) fn quote_run_portable(bytes: &[u8], out: &mut Vec<u8>) -> usize {
    let len = bytes.len();
    out.reserve(len + 2);
    out.push(b'"');
    let end =
        if len < 32 && push_plain_short(bytes, out) { len } else { copy_string_run_portable(bytes, 0, out) };
    if end == len {
        out.push(b'"');
    }
    end
}

/// [`copy_string_run`] without vectors: the run, then the copy.
pub(crate) fn copy_string_run_portable(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let end = swar::string_run(bytes, start).end;
    out.extend_from_slice(&bytes[start..end]);
    end
}

/// Appends to `out` the run of plain ASCII string bytes at `start`, up to the first `"`, `\`,
/// control byte or byte of `0x80` and above (or the bytes' end), and returns where it ends: for
/// the text between the escapes of a string being decoded, copied as it is scanned rather than
/// scanned and then copied (by a call to `memcpy`, for a length known only at the run's end).
/// Where it stops short of a quote or a backslash, the caller goes on: non-ASCII bytes are the
/// caller's to check, and so may be the last bytes (fewer than a vector).
#[inline(always)]
pub(crate) fn copy_ascii_run(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    // The first eight bytes inline: most text between two escapes (a word between two
    // accented letters) ends there.
    if start + 8 > bytes.len() {
        return start;
    }
    let word = load_u64(bytes, start);
    let stop = swar::specials(word) | word & HI;
    if stop == 0 {
        return copy_ascii_run_long(bytes, start, out);
    }
    let n = (stop.trailing_zeros() / 8) as usize;
    push_word_prefix(word, n, out);
    start + n
}

/// Appends the first `n` bytes of `word` (in little-endian order, `n <= 8`) to `out`, by one
/// eight-byte store into its spare room whatever `n` is.
#[inline(always)]
pub(crate) fn push_word_prefix(word: u64, n: usize, out: &mut Vec<u8>) {
    assert!(n <= 8);
    out.reserve(8);
    let len = out.len();
    // SAFETY: `out` has room for 8 more bytes past `len` (reserved above), and `n <= 8`: the
    // bytes that `set_len` exposes are the first `n` of the word, written by the store.
    unsafe {
        out.as_mut_ptr().add(len).cast::<[u8; 8]>().write_unaligned(word.to_le_bytes());
        out.set_len(len + n);
    }
}

/// [`copy_ascii_run`] past its first eight bytes (which hold none that stops it).
#[inline(never)]
fn copy_ascii_run_long(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2.
        Level::Avx2 | Level::Avx512 => unsafe { x86::copy_ascii_run_avx2(bytes, start, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::copy_ascii_run_sse2(bytes, start, out) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::copy_ascii_run_neon(bytes, start, out) },
        _ => copy_ascii_run_portable(bytes, start, out),
    }
}

/// [`copy_ascii_run`] without vectors: the run (to its end, tail included), then the copy.
pub(crate) fn copy_ascii_run_portable(bytes: &[u8], start: usize, out: &mut Vec<u8>) -> usize {
    let run = &bytes[start..];
    let n =
        run.iter().position(|&b| b == b'"' || b == b'\\' || !(0x20..0x80).contains(&b)).unwrap_or(run.len());
    out.extend_from_slice(&run[..n]);
    start + n
}

/// [`string_run`] with the first `WORDS` eight-byte words inline.
#[inline(always)]
pub(crate) fn string_run_words<const WORDS: usize>(bytes: &[u8], start: usize) -> StringRun {
    if start + 8 > bytes.len() {
        return swar::string_run(bytes, start);
    }
    match words_inline::<WORDS>(bytes, start) {
        Ok((end, high)) => StringRun { end, non_ascii: high != 0 },
        Err((at, high)) => {
            let rest = string_run_long(bytes, at);
            StringRun { end: rest.end, non_ascii: rest.non_ascii || high != 0 }
        }
    }
}

/// The run at `start` over its first `WORDS` eight-byte words (as many as the bytes hold):
/// `Ok` with its end when a special byte ends it there, `Err` with where the words stop. Both
/// give the high bits of the bytes before that point (non-zero: not ASCII).
#[inline(always)]
fn words_inline<const WORDS: usize>(bytes: &[u8], start: usize) -> Result<(usize, u64), (usize, u64)> {
    let (mut at, mut high) = (start, 0);
    for _ in 0..WORDS {
        if at + 8 > bytes.len() {
            break;
        }
        let word = load_u64(bytes, at);
        if let Some(n) = first_special(word) {
            return Ok((at + n, (high | word & below(n)) & HI));
        }
        high |= word & HI;
        at += 8;
    }
    Err((at, high))
}

/// Appends the decimal text of `v`, written in place: each pair of digits is stored once, into
/// `out`'s spare room, and nothing reads it back. (`itoa` writes into a buffer of its own, and
/// the copy out of it loads, a word at a time, digits stored two and four bytes at a time just
/// before: loads that wait for those stores to reach the cache. Writing in place took 15 % off
/// citm_catalog's typed encode; see `bench/RESULTS.md`.)
#[inline]
pub(crate) fn push_u64(v: u64, out: &mut Vec<u8>) {
    let n = decimal_digits(v);
    out.reserve(n);
    let len = out.len();
    // SAFETY: `out` has room for `n` bytes past `len` (reserved above), and `write_digits`
    // writes the `n` bytes before the pointer it is given, `n` being `v`'s count of digits:
    // all of `len..len + n`, which `set_len` then exposes.
    unsafe {
        write_digits(v, out.as_mut_ptr().add(len + n));
        out.set_len(len + n);
    }
}

/// [`push_u64`] for a signed integer: a `-`, then its magnitude's digits.
#[inline]
pub(crate) fn push_i64(v: i64, out: &mut Vec<u8>) {
    if v < 0 {
        out.push(b'-');
    }
    push_u64(v.unsigned_abs(), out);
}

/// The number of decimal digits of `v` (1 to 20): an estimate from its bit length, corrected
/// by one comparison with a power of ten. `v | 1` has the same count (only 0 and 1 straddle
/// no power of ten, and both have one digit) and a bit length of at least 1.
#[inline(always)]
fn decimal_digits(v: u64) -> usize {
    let v = v | 1;
    // With `bits` bits, log10(v) lies in [(bits - 1) log10(2), bits log10(2)), so `v` has `t` or
    // `t + 1` digits, t = floor(bits log10(2)) (1233 / 4096 gives that floor exactly for bits up
    // to 64, so t <= 19), and `t + 1` exactly when v >= 10^t.
    let bits = 64 - v.leading_zeros() as usize;
    let t = (bits * 1233) >> 12;
    t + usize::from(v >= POW10[t])
}

/// "00" to "99".
const DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        pairs[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    pairs
};

/// Writes the digits of `v` into the bytes before `end`: four at a time from the end (one
/// store each), then two, then the first one or two.
///
/// # Safety
/// The [`decimal_digits`] of `v` bytes before `end` must be writable.
#[inline(always)]
unsafe fn write_digits(mut v: u64, mut end: *mut u8) {
    // SAFETY: each store is of bytes before `end` and after `end - decimal_digits(v)`: every
    // step stores as many digits as it takes off `v`, and the last stores its first.
    unsafe {
        while v >= 10_000 {
            let rest = (v % 10_000) as usize;
            v /= 10_000;
            let ([a, b], [c, d]) = (DIGIT_PAIRS[rest / 100], DIGIT_PAIRS[rest % 100]);
            end = end.sub(4);
            end.cast::<[u8; 4]>().write_unaligned([a, b, c, d]);
        }
        let mut v = v as usize;
        if v >= 100 {
            end = end.sub(2);
            end.cast::<[u8; 2]>().write_unaligned(DIGIT_PAIRS[v % 100]);
            v /= 100;
        }
        if v >= 10 {
            end.sub(2).cast::<[u8; 2]>().write_unaligned(DIGIT_PAIRS[v % 100]);
        } else {
            end.sub(1).write(b'0' + v as u8);
        }
    }
}

/// Appends the shortest text that reads back to `v`, which must be finite (zmij's form, as
/// serde_json writes it). Not inlined: inlined into the typed serializer's loops, canada's
/// typed encode took 1.26–1.31× serde_json's time in builds for x86-64-v3 or the native CPU,
/// against 0.91–0.93× with this call (the default build's 0.84–0.86× is unchanged); see
/// `bench/RESULTS.md`.
#[inline(never)]
pub(crate) fn push_float<F: zmij::Float>(v: F, out: &mut Vec<u8>) {
    push_formatted(&mut zmij::Buffer::new(), |buf| buf.format_finite(v), out);
}

/// Appends the text that `format` writes into `holder` (a formatter's buffer, such as a float
/// printer's) and returns. When the text starts at the start of `holder`, as such buffers have
/// it, the copy is of the whole of `holder`: a fixed size, so a few vector moves rather than a
/// call to `memcpy` that branches on the length; of the bytes copied, only the text's become
/// part of `out`. Otherwise, a plain copy.
#[inline(always)]
pub(crate) fn push_formatted<H>(holder: &mut H, format: impl FnOnce(&mut H) -> &str, out: &mut Vec<u8>) {
    let size = core::mem::size_of::<H>();
    let at = core::ptr::from_mut(holder) as usize;
    let text = format(holder);
    let n = text.len();
    if text.as_ptr() as usize != at || n > size {
        out.extend_from_slice(text.as_bytes());
        return;
    }
    let start = core::ptr::from_ref(holder).cast::<u8>();
    out.reserve(size);
    let len = out.len();
    // SAFETY: `out` has room for `size` bytes past `len` (reserved above), and `holder` is
    // `size` readable bytes from `start`, borrowed for the copy. The copy is untyped, so bytes
    // of `holder` past the text may be uninitialized (a formatter's spare room): only the first
    // `n` bytes copied are exposed by `set_len`, and they are the text's, which was checked
    // above to be the first `n` bytes of `holder`.
    unsafe {
        core::ptr::copy_nonoverlapping(start, out.as_mut_ptr().add(len), size);
        out.set_len(len + n);
    }
}

/// Appends `bytes`, a short string's text (fewer than 32 bytes), to `out` when it holds no `"`,
/// `\` or control byte, and says whether it did (else `out` is unchanged). For the writer's
/// names and short values: the check and the copy are the same few word loads and stores, with
/// no loop and no call whose trip count or size class depends on the length (a `memcpy` of a
/// few bytes, and a loop of one to three words, each mispredicted on text of mixed lengths).
///
/// From eight bytes: four words at 0, 8, 16 and `len - 8`, each start capped at `len - 8` (the
/// last word overlaps the ones before, and short texts load some words twice); from four: two
/// overlapping halves; below four, a byte at a time.
#[inline(always)]
pub(crate) fn push_plain_short(bytes: &[u8], out: &mut Vec<u8>) -> bool {
    let n = bytes.len();
    debug_assert!(n < 32, "a short text");
    if n >= 8 {
        let (at, words) = short_words(bytes);
        if words.iter().fold(0, |special, &w| special | swar::specials(w)) != 0 {
            return false;
        }
        push_words(at, words, n, out);
        return true;
    }
    if n >= 4 {
        // The two halves in one word: the specials of each half are found within it.
        let (first, second) = halves(bytes);
        if swar::specials(u64::from(first) | u64::from(second) << 32) != 0 {
            return false;
        }
        push_halves(first, second, n, out);
        return true;
    }
    if !bytes.iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\') {
        return false;
    }
    push_tiny(bytes, out);
    true
}

/// Appends `bytes` (fewer than 32) to `out` by the stores of [`push_plain_short`], without its
/// check: for the end of a run that a vector found.
#[inline(always)]
pub(crate) fn push_short(bytes: &[u8], out: &mut Vec<u8>) {
    let n = bytes.len();
    debug_assert!(n < 32, "a short text");
    if n >= 8 {
        let (at, words) = short_words(bytes);
        push_words(at, words, n, out);
    } else if n >= 4 {
        let (first, second) = halves(bytes);
        push_halves(first, second, n, out);
    } else {
        push_tiny(bytes, out);
    }
}

/// The words of a text of 8 to 31 bytes, and where each starts: at 0, 8, 16 and `len - 8`,
/// each capped at `len - 8`.
#[inline(always)]
fn short_words(bytes: &[u8]) -> ([usize; 4], [u64; 4]) {
    let last = bytes.len() - 8;
    let at = [0, 8.min(last), 16.min(last), last];
    (at, at.map(|k| load_u64(bytes, k)))
}

/// Appends the `n` bytes whose [`short_words`] are `at` and `words`.
#[inline(always)]
fn push_words(at: [usize; 4], words: [u64; 4], n: usize, out: &mut Vec<u8>) {
    out.reserve(n);
    let len = out.len();
    // SAFETY: `out` has room for `n` more bytes past `len` (reserved above), and every
    // store is of 8 bytes at `len + k` with `k <= n - 8`. The four words are the bytes of
    // the text at those places, so every byte of `len..len + n` is written (0..8 by the
    // first word, up to `n` by the last, the rest by words that overlap them) with the
    // byte of the text at its place, before `set_len` exposes them.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        for (k, w) in at.into_iter().zip(words) {
            dst.add(k).cast::<[u8; 8]>().write_unaligned(w.to_le_bytes());
        }
        out.set_len(len + n);
    }
}

/// The first and last four bytes of a text of 4 to 8 bytes.
#[inline(always)]
fn halves(bytes: &[u8]) -> (u32, u32) {
    let half = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    (half(0), half(bytes.len() - 4))
}

/// Appends the `n` bytes whose [`halves`] are `first` and `second`.
#[inline(always)]
fn push_halves(first: u32, second: u32, n: usize, out: &mut Vec<u8>) {
    out.reserve(n);
    let len = out.len();
    // SAFETY: `out` has room for `n` more bytes past `len` (reserved above); the two 4-byte
    // stores at `len` and `len + n - 4` (`4 <= n <= 8`) cover `len..len + n` with the bytes
    // of the text at their places.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        dst.cast::<[u8; 4]>().write_unaligned(first.to_le_bytes());
        dst.add(n - 4).cast::<[u8; 4]>().write_unaligned(second.to_le_bytes());
        out.set_len(len + n);
    }
}

/// Appends `bytes` (fewer than four): its first, middle and last bytes, which are all of them,
/// with no loop and no call.
#[inline(always)]
fn push_tiny(bytes: &[u8], out: &mut Vec<u8>) {
    let n = bytes.len();
    debug_assert!(n < 4, "a tiny text");
    if n == 0 {
        return;
    }
    out.reserve(n);
    let len = out.len();
    let spots = [0, n / 2, n - 1];
    // SAFETY: `out` has room for `n` more bytes past `len` (reserved above); each store is of
    // one byte at `len + k` with `k < n`, the byte of `bytes` at `k`, and the three places
    // cover `0..n` for `n` of 1, 2 or 3.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        for k in spots {
            dst.add(k).write(bytes[k]);
        }
        out.set_len(len + n);
    }
}

/// The index of the first `"`, `\` or control byte in `word` (in memory order), if any.
#[inline(always)]
fn first_special(word: u64) -> Option<usize> {
    let special = swar::specials(word);
    (special != 0).then(|| (special.trailing_zeros() / 8) as usize)
}

/// The mask of a word's first `n` bytes (`n < 8`).
#[inline(always)]
fn below(n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        u64::MAX >> (64 - 8 * n)
    }
}

/// Where a string run ends, and whether its bytes are UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CheckedRun {
    /// As [`StringRun::end`].
    pub end: usize,
    /// `bytes[start..end]` is valid UTF-8.
    pub valid: bool,
}

/// [`string_run`] and UTF-8 validation of the run in one pass. On `valid: false` the caller
/// finds the error with [`validate_utf8`].
#[inline(always)]
pub(crate) fn string_run_checked(bytes: &[u8], start: usize) -> CheckedRun {
    string_run_checked_words::<1>(bytes, start)
}

/// [`string_run_checked`] with the first `WORDS` eight-byte words inline.
#[inline(always)]
pub(crate) fn string_run_checked_words<const WORDS: usize>(bytes: &[u8], start: usize) -> CheckedRun {
    if start + 8 > bytes.len() {
        // Fewer than eight bytes left (the strings at the end of a small document): a byte
        // loop, with no vector kernel to set up.
        return string_run_checked_portable(bytes, start);
    }
    match words_inline::<WORDS>(bytes, start) {
        Ok((end, high)) => {
            CheckedRun { end, valid: high == 0 || core::str::from_utf8(&bytes[start..end]).is_ok() }
        }
        Err(_) => string_run_checked_long(bytes, start),
    }
}

/// [`string_run_checked`] for runs past their first eight bytes.
#[inline(never)]
fn string_run_checked_long(bytes: &[u8], start: usize) -> CheckedRun {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only when the CPU has AVX2.
        Level::Avx2 => unsafe { x86::string_run_checked_avx2(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only when the CPU has what `has_avx512` checks.
        Level::Avx512 => unsafe { x86::string_run_checked_avx512(bytes, start) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::string_run_checked_neon(bytes, start) },
        _ => string_run_checked_portable(bytes, start),
    }
}

/// The portable [`string_run_checked`]: the run, then its UTF-8.
fn string_run_checked_portable(bytes: &[u8], start: usize) -> CheckedRun {
    let run = string_run(bytes, start);
    CheckedRun { end: run.end, valid: !run.non_ascii || validate_utf8(&bytes[start..run.end]).is_ok() }
}

/// [`string_run`] past its first eight bytes.
#[inline(never)]
fn string_run_long(bytes: &[u8], start: usize) -> StringRun {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only when the CPU has AVX2.
        Level::Avx2 => unsafe { x86::string_run_avx2(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only when the CPU has what `has_avx512` checks.
        Level::Avx512 => unsafe { x86::string_run_avx512(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::string_run_sse2(bytes, start) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::string_run_neon(bytes, start) },
        _ => swar::string_run(bytes, start),
    }
}

/// The length of the run of `\u` escapes at `bytes[at..]` whose units are not surrogates: the
/// bytes of the escapes `\uXXXX` (four hex digits, of either case) that follow one another from
/// `at` and stand for a character below U+10000 each, so six a character; 0 when there is none
/// at `at`. Surrogates, other escapes and errors are the caller's; so are escapes the bytes
/// cut.
///
/// Text escaped for ASCII (as Python's `json.dumps` writes it by default) is made of such runs;
/// the AVX2 kernel checks four escapes a step (and decodes eight). Most runs in text that is not
/// all escaped are one accented letter, for which a call costs more than the check: callers
/// check one escape their own way and call this for what follows it, when that is a run of
/// three escapes or more (two or three accented letters in a row cost less one by one).
#[inline]
pub(crate) fn unicode_run(bytes: &[u8], at: usize) -> usize {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2 (and BMI1).
        Level::Avx2 | Level::Avx512 => unsafe { x86::unicode_run_avx2(bytes, at) },
        _ => swar::unicode_run(bytes, at),
    }
}

/// [`unicode_run`], decoding as it checks: writes the UTF-8 of the escapes' characters at the
/// start of `out`, for as many as have four bytes of room (each escape's text is stored as a
/// four-byte word, of which one to three bytes are its own; the bytes of `out` past what it
/// wrote may be changed). Returns the bytes of the escapes read and the bytes written.
///
/// Valid text decodes to fewer bytes than it reads, so an `out` as long as what is left of
/// `bytes` never runs out of room; a shorter one stops the run where its room ends.
#[inline]
pub(crate) fn decode_unicode_run(bytes: &[u8], at: usize, out: &mut [u8]) -> (usize, usize) {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2 (and BMI1).
        Level::Avx2 | Level::Avx512 => unsafe { x86::decode_unicode_run_avx2(bytes, at, out) },
        _ => swar::decode_unicode_run(bytes, at, out),
    }
}

/// The bytes of a block that [`classify`] reads at once.
pub(crate) const BLOCK: usize = 64;

/// The classes of the bytes of one [`BLOCK`]: bit `i` of each mask is about byte `i`. Each mask
/// is what the structural index asks of the block, so that a classifier makes no mask the index
/// would only combine with another (six masks where seven classes of bytes are told apart).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Classes {
    /// `"`.
    pub quote: u64,
    /// `\`.
    pub backslash: u64,
    /// `{`, `}`, `[`, `]`, `,` and `:`.
    pub punct: u64,
    /// Where a run of other bytes (a number, a literal) ends: punctuation and whitespace (space,
    /// tab, line feed and carriage return).
    pub ends: u64,
    /// What a string cannot hold without a closer look: bytes below `0x20`, `\`, and (unless
    /// the input is known to be UTF-8) `0x80` and above.
    pub suspect: u64,
    /// `0` to `9`.
    pub digit: u64,
}

/// Classifies the bytes of one block with the best [`Classifier`] of this CPU: what a structural
/// index of JSON text is made of. `trusted_utf8`: the bytes are known to be UTF-8, so non-ASCII
/// bytes are not suspect.
pub(crate) fn classify(block: &[u8; BLOCK], trusted_utf8: bool) -> Classes {
    struct One<'b>(&'b [u8; BLOCK], bool);
    impl WithClassifier for One<'_> {
        type Output = Classes;
        #[inline(always)]
        fn run<C: Classifier>(self, classifier: C) -> Classes {
            classifier.classify(self.0, self.1).0
        }
    }
    with_classifier(One(block, trusted_utf8))
}

/// A way to classify a block that this CPU has, as a value. Code generic over it (a loop over
/// blocks, the walk behind validation) is compiled for the classifier's instructions when
/// [`with_classifier`] runs it, so that classifying a block is inline code, not a call.
pub(crate) trait Classifier: Copy {
    /// The classes of `block` (non-ASCII bytes suspect unless `trusted_utf8`), and the prefix
    /// XOR that goes with this classifier.
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor);
}

/// Work to run with the best [`Classifier`] of this CPU ([`with_classifier`]).
pub(crate) trait WithClassifier {
    type Output;
    /// Whether `run` is compiled, on x86_64, for the bit instructions that every CPU with AVX2
    /// has (BMI1, BMI2, LZCNT, POPCNT) besides the vector ones: one instruction each for the
    /// lowest set bit taken or cleared, a mask below a position, a shift by a variable count.
    /// False for work measured slower with them. (Read by the x86_64 dispatch alone.)
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    const BIT_INSTRUCTIONS: bool = true;
    /// Runs with `classifier`. Whatever classifies blocks must be inlined here (`#[inline(always)]`
    /// down to [`Classifier::classify`]): code left out of line is not compiled for the vector
    /// instructions, and would call each of them.
    fn run<C: Classifier>(self, classifier: C) -> Self::Output;
}

/// Runs `work` with the best [`Classifier`] of this CPU, inlined into a function compiled for
/// that classifier's instructions: one dispatch for the whole of `work`, however many blocks it
/// classifies.
#[inline]
pub(crate) fn with_classifier<W: WithClassifier>(work: W) -> W::Output {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only where `x86::has_avx2` holds.
        Level::Avx2 if W::BIT_INSTRUCTIONS => unsafe { x86::with_avx2_bits(work) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        Level::Avx2 => unsafe { x86::with_avx2(work) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only where `x86::has_avx512` holds (and VBMI).
        Level::Avx512 if W::BIT_INSTRUCTIONS => unsafe { x86::with_avx512_bits(work) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        Level::Avx512 => unsafe { x86::with_avx512(work) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::with_sse2(work) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::with_neon(work) },
        _ => with_swar(work),
    }
}

/// [`with_classifier`] without vectors. Not inlined, like the vector levels' functions, so that
/// a caller holds no copy of `work`.
#[inline(never)]
fn with_swar<W: WithClassifier>(work: W) -> W::Output {
    work.run(Swar)
}

/// The classifier without vectors: eight bytes at a time in general-purpose registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Swar;

impl Classifier for Swar {
    #[inline(always)]
    fn classify(self, block: &[u8; BLOCK], trusted_utf8: bool) -> (Classes, PrefixXor) {
        (swar::classify(block, trusted_utf8), PrefixXor::PORTABLE)
    }
}

/// Prefix XOR of a block's mask, the way the classifier does it best: returned by
/// [`Classifier::classify`], it is compiled where the classifier is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrefixXor {
    /// Carry-less multiplication: only the AVX2 classifier (whose CPUs have PCLMULQDQ, which the
    /// dispatch checks) makes this, so that [`apply`](PrefixXor::apply) may use it.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    clmul: bool,
}

impl PrefixXor {
    const PORTABLE: PrefixXor = PrefixXor { clmul: false };
    #[cfg(target_arch = "x86_64")]
    const CLMUL: PrefixXor = PrefixXor { clmul: true };

    /// Bit `i` of the result is the XOR of bits `0..=i` of `x`.
    #[inline(always)]
    pub(crate) fn apply(self, x: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if self.clmul {
            // SAFETY: `clmul` is set only by the AVX2 kernel, which runs only on CPUs with
            // PCLMULQDQ (see `best_level`).
            return unsafe { x86::prefix_xor_clmul(x) };
        }
        prefix_xor(x)
    }
}

/// Bit `i` of the result is the XOR of bits `0..=i` of `x`, by shifts.
#[inline(always)]
pub(crate) fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

/// Classifies the whole blocks of `bytes` from `start` with `classifier` (non-ASCII bytes
/// suspect unless `trusted_utf8`), one after another, handing each one's position, classes and
/// [`PrefixXor`] to `f` until `f` returns true, and returns that block's position; when `f`
/// never does, the position from which no whole block is left. Inlined, so that under
/// [`with_classifier`] a run of blocks calls nothing.
#[inline(always)]
pub(crate) fn each_block<C: Classifier>(
    classifier: C,
    bytes: &[u8],
    start: usize,
    trusted_utf8: bool,
    mut f: impl FnMut(usize, &Classes, PrefixXor) -> bool,
) -> usize {
    let mut at = start;
    while let Some(block) = bytes.get(at..).and_then(<[u8]>::first_chunk::<BLOCK>) {
        let (classes, prefix_xor) = classifier.classify(block, trusted_utf8);
        if f(at, &classes, prefix_xor) {
            return at;
        }
        at += BLOCK;
    }
    at
}

/// The bytes escaped by a backslash in a block whose backslashes are `backslash`: each
/// backslash not itself escaped escapes the byte after it. `carry` says the previous block's
/// last byte escapes this block's first, and is set for the next block.
///
/// Without a loop over the backslashes (simdjson's method): a run of backslashes escapes the
/// byte after it exactly when its length is odd. Subtracting each run's first bit from the bit
/// after the run, against alternating bits, marks the backslashes that escape, by the parity of
/// where each run starts.
#[inline(always)]
pub(crate) fn escaped(backslash: u64, carry: &mut bool) -> u64 {
    const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let carried = u64::from(*carry);
    if backslash == 0 {
        *carry = false;
        return carried;
    }
    // A backslash escaped from the previous block starts nothing.
    let starts = backslash & !carried;
    let codes = ((starts << 1 | ODD).wrapping_sub(starts)) ^ ODD;
    *carry = (codes & backslash) >> 63 != 0;
    codes ^ (backslash | carried)
}

/// What [`skip_to_depth`] found open at the end of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unclosed {
    String,
    Container,
}

/// What a trusting skip over containers looks at in a block: one bit per byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Brackets {
    pub quote: u64,
    pub backslash: u64,
    /// `[` and `{`.
    pub open: u64,
    /// `]` and `}`.
    pub close: u64,
}

/// Where the containers open around `start` close: from `start` (outside any string) with
/// `depth` containers open (at least 1), the index just past the `]` or `}` that closes the
/// outermost, or, when the input ends first, whether it ends inside a string. It trusts the input: only quotes (and the
/// backslashes that escape them) and brackets count, a `[` may close with `}`, and nothing
/// else is checked (the trusted walk of `get` and of a [`LazyValue`](crate::LazyValue), which
/// holds valid JSON). A block of 64 bytes at a time: the quotes' prefix XOR masks the brackets
/// inside strings, and the brackets' counts move the depth, bit by bit only in the block where
/// it may reach zero. The last bytes are the last whole block's, the bits before `start`
/// shifted out (no load past the input, no copy).
#[inline]
pub(crate) fn skip_to_depth(bytes: &[u8], start: usize, depth: usize) -> Result<usize, Unclosed> {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2 (and PCLMULQDQ,
        // POPCNT, BMI1).
        Level::Avx2 | Level::Avx512 => unsafe { x86::skip_to_depth_avx2(bytes, start, depth) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::skip_to_depth_sse2(bytes, start, depth) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::skip_to_depth_neon(bytes, start, depth) },
        _ => skip_to_depth_bytes(bytes, start, depth),
    }
}

/// The index of the quote that ends the string whose text starts at `start` (just after its
/// opening quote): the first quote not escaped by a backslash, `None` when the input ends
/// first. Trusting: nothing else is looked at. For strings with escapes: 64 bytes at a time
/// whatever the escapes, where a string run stops at each one.
#[inline]
pub(crate) fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2.
        Level::Avx2 | Level::Avx512 => unsafe { x86::string_end_avx2(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::string_end_sse2(bytes, start) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::string_end_neon(bytes, start) },
        _ => string_end_bytes(bytes, start),
    }
}

/// The classes `classify` gives the block from `at`, and how many of its bytes count: a whole
/// block, or, for the last bytes, the input's last block with the bits of the bytes before `at`
/// shifted out (its top bits are then zero: no quote, no backslash, no bracket). `None` at the
/// end, and for an input shorter than a block.
#[inline(always)]
fn block_at(
    bytes: &[u8],
    at: usize,
    classify: impl Fn(&[u8; BLOCK]) -> Brackets,
) -> Option<(Brackets, usize)> {
    if let Some(block) = bytes.get(at..).and_then(<[u8]>::first_chunk::<BLOCK>) {
        return Some((classify(block), BLOCK));
    }
    let len = bytes.len();
    if at >= len || len < BLOCK {
        return None;
    }
    let last = bytes[len - BLOCK..].first_chunk::<BLOCK>().expect("a whole block");
    let shift = at - (len - BLOCK);
    let b = classify(last);
    let sh = |m: u64| m >> shift;
    let shifted =
        Brackets { quote: sh(b.quote), backslash: sh(b.backslash), open: sh(b.open), close: sh(b.close) };
    Some((shifted, len - at))
}

/// [`string_end`] over blocks classified by `classify`.
#[inline(always)]
fn string_end_blocks(
    bytes: &[u8],
    start: usize,
    classify: impl Fn(&[u8; BLOCK]) -> Brackets,
) -> Option<usize> {
    if bytes.len() < BLOCK {
        return string_end_bytes(bytes, start);
    }
    let (mut at, mut escape) = (start, false);
    while let Some((b, taken)) = block_at(bytes, at, &classify) {
        let quote = b.quote & !escaped(b.backslash, &mut escape);
        if quote != 0 {
            return Some(at + quote.trailing_zeros() as usize);
        }
        at += taken;
    }
    None
}

/// [`string_end`] one byte at a time: the portable kernel, and the reference of the tests.
pub(crate) fn string_end_bytes(bytes: &[u8], start: usize) -> Option<usize> {
    let mut escape = false;
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if b == b'"' && !escape {
            return Some(i);
        }
        escape = b == b'\\' && !escape;
    }
    None
}

/// [`skip_to_depth`] over blocks classified by `classify`, with the prefix XOR `prefix_xor`.
#[inline(always)]
fn skip_blocks(
    bytes: &[u8],
    start: usize,
    mut depth: usize,
    classify: impl Fn(&[u8; BLOCK]) -> Brackets,
    prefix_xor: PrefixXor,
) -> Result<usize, Unclosed> {
    debug_assert!(depth > 0);
    if bytes.len() < BLOCK {
        return skip_to_depth_bytes(bytes, start, depth);
    }
    let (mut in_string, mut escape) = (0u64, false);
    let mut at = start;
    while let Some((b, taken)) = block_at(bytes, at, &classify) {
        let quote = b.quote & !escaped(b.backslash, &mut escape);
        // From each opening quote up to (not including) its closing quote.
        let inside = prefix_xor.apply(quote) ^ in_string;
        in_string = ((inside as i64) >> 63) as u64;
        let (open, close) = (b.open & !inside, b.close & !inside);
        if (close.count_ones() as usize) < depth {
            depth = depth + open.count_ones() as usize - close.count_ones() as usize;
        } else {
            // The depth may reach zero in this block: bracket by bracket.
            let mut both = open | close;
            while both != 0 {
                let bit = both & both.wrapping_neg();
                if open & bit != 0 {
                    depth += 1;
                } else {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(at + bit.trailing_zeros() as usize + 1);
                    }
                }
                both ^= bit;
            }
        }
        at += taken;
    }
    Err(if in_string != 0 { Unclosed::String } else { Unclosed::Container })
}

/// [`skip_to_depth`] one byte at a time: the portable kernel, and the reference of the tests.
/// As in the blocks: a backslash not itself escaped escapes the byte after it, which is then
/// no quote (anywhere: outside strings, where valid JSON has no backslash, too).
pub(crate) fn skip_to_depth_bytes(bytes: &[u8], start: usize, mut depth: usize) -> Result<usize, Unclosed> {
    let (mut in_string, mut escape) = (false, false);
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        let quote = b == b'"' && !escape;
        escape = b == b'\\' && !escape;
        if in_string {
            in_string = !quote;
            continue;
        }
        match b {
            _ if quote => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            _ => {}
        }
    }
    Err(if in_string { Unclosed::String } else { Unclosed::Container })
}

/// True for the four bytes JSON treats as whitespace.
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Index of the first byte at or after `start` that is not JSON whitespace, or `bytes.len()`.
/// Eight bytes at a time: indentation in pretty-printed documents comes in runs.
#[inline(always)]
pub(crate) fn skip_ws(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    while i + 8 <= bytes.len() {
        let word = load_u64(bytes, i);
        // Spaces and newlines make up nearly all whitespace; a tab or carriage return ends the
        // fast loop and is handled below.
        let ws = swar::zero_bytes_exact(word ^ (LO * 0x20)) | swar::zero_bytes_exact(word ^ (LO * 0x0A));
        let other = !ws & HI;
        if other == 0 {
            i += 8;
            continue;
        }
        i += (other.trailing_zeros() / 8) as usize;
        if !matches!(bytes[i], b'\t' | b'\r') {
            return i;
        }
        i += 1;
    }
    while i < bytes.len() && is_ws(bytes[i]) {
        i += 1;
    }
    i
}

/// The first whole block of 64 bytes of `bytes` from `start` (at `start`, then every 64 bytes)
/// that holds a byte other than JSON whitespace: its position, and one bit per byte, set where
/// the byte is not whitespace. When no whole block from `start` has one, the position where no
/// whole block is left, and no bits. For long runs of whitespace (indentation) in pieces that
/// the reader keeps ([`skip_ws`] finishes what is under a block).
pub(crate) fn non_ws_block(bytes: &[u8], start: usize) -> (usize, u64) {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 only when the CPU has AVX2.
        Level::Avx2 => unsafe { x86::non_ws_block_avx2(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX-512 only when the CPU has what `has_avx512` checks.
        Level::Avx512 => unsafe { x86::non_ws_block_avx512(bytes, start) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports SSE2 only when the CPU has it (every x86_64 CPU does).
        Level::Sse2 => unsafe { x86::non_ws_block_sse2(bytes, start) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::non_ws_block_neon(bytes, start) },
        _ => non_ws_block_portable(bytes, start),
    }
}

/// [`non_ws_block`] without vectors.
pub(crate) fn non_ws_block_portable(bytes: &[u8], start: usize) -> (usize, u64) {
    non_ws_block_with(bytes, start, swar::non_ws_bits)
}

/// [`non_ws_block`]'s loop over whole blocks, with each kernel's `bits` of a block (one bit per
/// byte that is not whitespace). Inlined into each kernel's entry point, so that `bits` is
/// compiled with its features.
#[inline(always)]
pub(super) fn non_ws_block_with(
    bytes: &[u8],
    start: usize,
    bits: impl Fn(&[u8; BLOCK]) -> u64,
) -> (usize, u64) {
    let mut at = start;
    while let Some(block) = bytes.get(at..).and_then(<[u8]>::first_chunk::<BLOCK>) {
        let bits = bits(block);
        if bits != 0 {
            return (at, bits);
        }
        at += BLOCK;
    }
    (at, 0)
}

/// The number of ASCII digits that `word` (eight bytes loaded little-endian) starts with, and
/// their value: one step for any count from 0 to 8.
#[inline(always)]
pub(crate) fn leading_digits(word: u64) -> (usize, u64) {
    let low = word.wrapping_sub(LO * 0x30);
    let not_digit = (low | low.wrapping_add(LO * 0x76) | word) & HI;
    if not_digit == 0 {
        return (8, eight_digits(word));
    }
    // `low` borrows across bytes only above a non-digit, so the lowest flag is exact.
    let n = (not_digit.trailing_zeros() / 8) as usize;
    if n == 0 {
        return (0, 0);
    }
    (n, first_digits(word, n))
}

/// The value of the first `n` (1 to 8) bytes of `word` (loaded little-endian), which are ASCII
/// digits: they go to the top of the word (the bytes after them shifted out), and the zeros
/// shifted in below them read as leading zero digits.
#[inline(always)]
pub(crate) fn first_digits(word: u64, n: usize) -> u64 {
    debug_assert!((1..=8).contains(&n));
    eight_digits(word << (64 - 8 * n))
}

/// The powers of ten that runs of digits scale by (up to eight digits a step, and up to 19
/// digits, all that fit a `u64`, in all), and that [`decimal_digits`] counts digits by.
pub(crate) const POW10: [u64; 20] = {
    let mut table = [1u64; 20];
    let mut i = 1;
    while i < table.len() {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// Reads the ASCII digits from `bytes[start]` on: returns the index of the first byte that is
/// not a digit (or `bytes.len()`) and `acc × 10^n + digits` for the `n` digits, wrapping on
/// overflow. Eight digits per step; a last partial word is shifted so that its digits come
/// out of the same step.
#[inline]
pub(crate) fn parse_digits(bytes: &[u8], start: usize, mut acc: u64) -> (usize, u64) {
    let mut i = start;
    while i + 8 <= bytes.len() {
        let (n, value) = leading_digits(load_u64(bytes, i));
        if n == 8 {
            acc = acc.wrapping_mul(100_000_000).wrapping_add(value);
            i += 8;
            continue;
        }
        if n > 0 {
            acc = acc.wrapping_mul(POW10[n]).wrapping_add(value);
        }
        return (i + n, acc);
    }
    while let Some(&b) = bytes.get(i) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        acc = acc.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    (i, acc)
}

/// The value of eight ASCII digits loaded little-endian (the first digit in the low byte),
/// by three multiply-shift steps that combine pairs, then quads, then the two halves.
#[inline(always)]
pub(crate) fn eight_digits(word: u64) -> u64 {
    let v = word & (LO * 0x0F);
    let v = (v.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    let v = (v.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    v.wrapping_mul(10_000 << 32 | 1) >> 32
}

/// Index of the first byte at or after `start` that is not an ASCII digit, or `bytes.len()`.
#[inline(always)]
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

/// Text from bytes already checked to be UTF-8, without checking them again: the one way the
/// parser turns bytes into `str`.
///
/// Callers pass only bytes that passed [`validate_utf8`] or [`string_run_checked`] (through
/// `text::string::scan`) or came from a `str`; number text, ASCII by its grammar; or the
/// output of `text::string::unescape`, which writes valid UTF-8 (decoded escapes, checked
/// text, U+FFFD replacements). Debug builds check again.
#[inline(always)]
pub(crate) fn str_from_checked(bytes: &[u8]) -> &str {
    debug_assert!(core::str::from_utf8(bytes).is_ok(), "unchecked bytes: {bytes:?}");
    // SAFETY: by the contract above, `bytes` are valid UTF-8.
    unsafe { core::str::from_utf8_unchecked(bytes) }
}

/// `bytes` as a `String` when they are UTF-8 (else `bytes` back), checked by [`validate_utf8`]'s
/// vector kernel rather than by `String::from_utf8`: for the serializer's `to_string`, whose
/// whole output is checked (text with many non-ASCII characters took `std`'s validator a
/// third of the time it took to write).
pub(crate) fn string_from_utf8(bytes: Vec<u8>) -> Result<String, Vec<u8>> {
    if validate_utf8(&bytes).is_err() {
        return Err(bytes);
    }
    // SAFETY: `bytes` passed `validate_utf8` just above, whose kernels are tested to agree
    // with `std`'s validator (`utf8_validators_match_std` and the `kernels` fuzz target).
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Validates UTF-8. On failure returns the length of the valid prefix and whether the input
/// merely ends inside a sequence that more bytes could complete.
#[inline]
pub(crate) fn validate_utf8(bytes: &[u8]) -> Result<(), Utf8Error> {
    if bytes.len() >= 64 && is_utf8_wide(bytes) {
        return Ok(());
    }
    // Short input, no vector kernel, or an error to locate: the scalar validator.
    match core::str::from_utf8(bytes) {
        Ok(_) => Ok(()),
        Err(e) => Err(Utf8Error { valid_up_to: e.valid_up_to(), incomplete: e.error_len().is_none() }),
    }
}

/// True when `bytes` are UTF-8, by the widest vector kernel the CPU has.
#[inline(never)]
fn is_utf8_wide(bytes: &[u8]) -> bool {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2.
        Level::Avx2 | Level::Avx512 => unsafe { x86::is_utf8_avx2(bytes) },
        #[cfg(target_arch = "aarch64")]
        // SAFETY: `level` reports NEON only when the CPU has it.
        Level::Neon => unsafe { neon::is_utf8_neon(bytes) },
        _ => core::str::from_utf8(bytes).is_ok(),
    }
}

/// Where UTF-8 validation failed; see [`validate_utf8`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Error {
    pub valid_up_to: usize,
    /// The bytes end inside a sequence that is valid so far.
    pub incomplete: bool,
}

/// Newlines in some bytes, and the bytes after the last one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineStats {
    /// How many `\n` bytes.
    pub newlines: usize,
    /// Bytes after the last `\n` (all of them, when there is none).
    pub tail: usize,
}

/// Counts the lines of `bytes`: what line and column numbers are made of.
#[inline]
pub(crate) fn line_stats(bytes: &[u8]) -> LineStats {
    if bytes.len() >= 64 {
        if let Some(stats) = line_stats_wide(bytes) {
            return stats;
        }
    }
    swar::line_stats(bytes)
}

#[inline(never)]
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
fn line_stats_wide(bytes: &[u8]) -> Option<LineStats> {
    match level() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` reports AVX2 and AVX-512 only when the CPU has AVX2 and POPCNT.
        Level::Avx2 | Level::Avx512 => Some(unsafe { x86::line_stats_avx2(bytes) }),
        _ => None,
    }
}
