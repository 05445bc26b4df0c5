//! Every kernel this CPU can run, by name, with the one-byte-at-a-time reference each must
//! equal: shared by the unit tests and by [`check_all`], which the `kernels` fuzz target runs
//! on arbitrary bytes (through `jet::__private`).

use super::*;

/// One byte at a time: the reference for `string_run`.
pub(crate) fn string_run_reference(bytes: &[u8], start: usize) -> StringRun {
    let end = bytes[start..]
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .map_or(bytes.len(), |n| start + n);
    let non_ascii = bytes[start..end].iter().any(|&b| b >= 0x80);
    StringRun { end, non_ascii }
}

pub(crate) type StringRunKernel = fn(&[u8], usize) -> StringRun;

/// Every string-run implementation this CPU can run, by name.
pub(crate) fn string_runs() -> Vec<(&'static str, StringRunKernel)> {
    let mut kernels: Vec<(&'static str, StringRunKernel)> = vec![
        ("dispatched", string_run),
        ("two words inline", string_run_words::<2>),
        ("swar", swar::string_run),
    ];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s| unsafe { x86::string_run_sse2(b, s) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, s| unsafe { x86::string_run_avx2(b, s) }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            kernels.push(("avx512", |b, s| unsafe { x86::string_run_avx512(b, s) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s| unsafe { neon::string_run_neon(b, s) }));
    }
    kernels
}

pub(crate) type CopyKernel = fn(&[u8], usize, &mut Vec<u8>) -> usize;

/// Every string-run copier this CPU can run, by name.
pub(crate) fn string_copies() -> Vec<(&'static str, CopyKernel)> {
    let mut kernels: Vec<(&'static str, CopyKernel)> =
        vec![("dispatched", copy_string_run), ("portable", copy_string_run_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s, o| unsafe { x86::copy_string_run_sse2(b, s, o) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, s, o| unsafe { x86::copy_string_run_avx2(b, s, o) }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            kernels.push(("avx512", |b, s, o| unsafe { x86::copy_string_run_avx512(b, s, o) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s, o| unsafe { neon::copy_string_run_neon(b, s, o) }));
    }
    kernels
}

pub(crate) type QuoteKernel = fn(&[u8], &mut Vec<u8>) -> usize;

/// Every string starter (the opening quote and the run, the closing quote after a whole run)
/// this CPU can run, by name.
pub(crate) fn quote_runs() -> Vec<(&'static str, QuoteKernel)> {
    let mut kernels: Vec<(&'static str, QuoteKernel)> =
        vec![("dispatched", quote_run), ("portable", quote_run_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, o| unsafe { x86::quote_run_sse2(b, o) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, o| unsafe { x86::quote_run_avx2(b, o) }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            kernels.push(("avx512", |b, o| unsafe { x86::quote_run_avx512(b, o) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, o| unsafe { neon::quote_run_neon(b, o) }));
    }
    kernels
}

/// Every copier of ASCII string runs this CPU can run, by name.
pub(crate) fn ascii_copies() -> Vec<(&'static str, CopyKernel)> {
    let mut kernels: Vec<(&'static str, CopyKernel)> =
        vec![("dispatched", copy_ascii_run), ("portable", copy_ascii_run_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s, o| unsafe { x86::copy_ascii_run_sse2(b, s, o) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, s, o| unsafe { x86::copy_ascii_run_avx2(b, s, o) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s, o| unsafe { neon::copy_ascii_run_neon(b, s, o) }));
    }
    kernels
}

/// Checks every string run kernel, and every copier, from `start`: each copier must append
/// exactly the run to an output already holding bytes (with no spare room, and with some) and
/// return its end.
pub(crate) fn check_string_runs(bytes: &[u8], start: usize) {
    let want = string_run_reference(bytes, start);
    for (name, kernel) in string_runs() {
        assert_eq!(kernel(bytes, start), want, "{name}: {bytes:?} from {start}");
    }
    for (name, kernel) in string_copies() {
        for (before, room) in [(3, 0), (5, 40)] {
            let mut out = Vec::with_capacity(before + room);
            out.resize(before, b'#');
            assert_eq!(kernel(bytes, start, &mut out), want.end, "{name}: {bytes:?} from {start}");
            assert_eq!(&out[..before], &b"#####"[..before], "{name}: {bytes:?} from {start}");
            assert_eq!(&out[before..], &bytes[start..want.end], "{name}: {bytes:?} from {start}");
        }
    }
    // The string starters, on the text from `start` to the slice's end: the opening quote and
    // the run, and the closing quote when the run is all of the text.
    let text = &bytes[start..];
    let mut quoted = vec![b'"'];
    quoted.extend_from_slice(&bytes[start..want.end]);
    if want.end == bytes.len() {
        quoted.push(b'"');
    }
    for (name, kernel) in quote_runs() {
        for (before, room) in [(3, 0), (5, 40)] {
            let mut out = Vec::with_capacity(before + room);
            out.resize(before, b'#');
            assert_eq!(kernel(text, &mut out), want.end - start, "{name}: {text:?}");
            assert_eq!(&out[..before], &b"#####"[..before], "{name}: {text:?}");
            assert_eq!(&out[before..], &quoted[..], "{name}: {text:?}");
        }
    }
    // The ASCII copiers: to the first byte that is special or not ASCII, or short of it where
    // fewer bytes are left than a vector (32 at the widest) holds, which the caller takes.
    let ascii_end = bytes[start..want.end].iter().position(|&b| b >= 0x80).map_or(want.end, |n| start + n);
    for (name, kernel) in ascii_copies() {
        for (before, room) in [(3, 0), (5, 40)] {
            let mut out = Vec::with_capacity(before + room);
            out.resize(before, b'#');
            let end = kernel(bytes, start, &mut out);
            assert!(
                end == ascii_end || (start..ascii_end).contains(&end) && bytes.len() - end < 32,
                "{name}: {bytes:?} from {start}: {end}, not {ascii_end}"
            );
            assert_eq!(&out[..before], &b"#####"[..before], "{name}: {bytes:?} from {start}");
            assert_eq!(&out[before..], &bytes[start..end], "{name}: {bytes:?} from {start}");
        }
    }
}

pub(crate) type Utf8Kernel = fn(&[u8]) -> bool;

/// Every UTF-8 validator this CPU can run, by name (true: valid).
pub(crate) fn utf8_validators() -> Vec<(&'static str, Utf8Kernel)> {
    let mut kernels: Vec<(&'static str, Utf8Kernel)> = vec![("dispatched", |b| validate_utf8(b).is_ok())];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b| unsafe { x86::is_utf8_avx2(b) }));
        } else {
            eprintln!("skipping the AVX2 UTF-8 kernel: this CPU lacks AVX2");
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b| unsafe { neon::is_utf8_neon(b) }));
    }
    kernels
}

pub(crate) type CheckedKernel = fn(&[u8], usize) -> CheckedRun;

/// Every fused string-and-UTF-8 kernel this CPU can run, by name.
pub(crate) fn checked_runs() -> Vec<(&'static str, CheckedKernel)> {
    let mut kernels: Vec<(&'static str, CheckedKernel)> =
        vec![("dispatched", string_run_checked), ("two words inline", string_run_checked_words::<2>)];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 was detected just above.
        kernels.push(("avx2", |b, s| unsafe { x86::string_run_checked_avx2(b, s) }));
    }
    #[cfg(target_arch = "x86_64")]
    if x86::has_avx512() {
        // SAFETY: `has_avx512` held just above.
        kernels.push(("avx512", |b, s| unsafe { x86::string_run_checked_avx512(b, s) }));
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s| unsafe { neon::string_run_checked_neon(b, s) }));
    }
    kernels
}

/// The reference for the fused kernel: find the end, then validate.
pub(crate) fn checked_reference(bytes: &[u8], start: usize) -> CheckedRun {
    let run = string_run_reference(bytes, start);
    CheckedRun { end: run.end, valid: core::str::from_utf8(&bytes[start..run.end]).is_ok() }
}

/// One byte at a time: the reference for `line_stats`.
pub(crate) fn line_stats_reference(bytes: &[u8]) -> LineStats {
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let tail = bytes.iter().rposition(|&b| b == b'\n').map_or(bytes.len(), |i| bytes.len() - i - 1);
    LineStats { newlines, tail }
}

pub(crate) type LineKernel = fn(&[u8]) -> LineStats;

/// Every line counter this CPU can run, by name.
pub(crate) fn line_counters() -> Vec<(&'static str, LineKernel)> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut kernels: Vec<(&'static str, LineKernel)> =
        vec![("dispatched", line_stats), ("swar", swar::line_stats)];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: AVX2 and POPCNT were detected just above.
        kernels.push(("avx2", |b| unsafe { x86::line_stats_avx2(b) }));
    }
    kernels
}

/// The reference for `skip_ws`.
pub(crate) fn skip_ws_reference(bytes: &[u8], start: usize) -> usize {
    bytes[start..].iter().position(|&b| !is_ws(b)).map_or(bytes.len(), |n| start + n)
}

/// The reference for `non_ws_block`.
pub(crate) fn non_ws_block_reference(bytes: &[u8], start: usize) -> (usize, u64) {
    let mut at = start;
    while at + BLOCK <= bytes.len() {
        let bits = (0..BLOCK).filter(|&i| !is_ws(bytes[at + i])).fold(0u64, |bits, i| bits | 1 << i);
        if bits != 0 {
            return (at, bits);
        }
        at += BLOCK;
    }
    (at, 0)
}

pub(crate) type NonWsBlockKernel = fn(&[u8], usize) -> (usize, u64);

/// Every `non_ws_block` implementation this CPU can run, by name.
pub(crate) fn non_ws_blocks() -> Vec<(&'static str, NonWsBlockKernel)> {
    let mut kernels: Vec<(&'static str, NonWsBlockKernel)> =
        vec![("dispatched", non_ws_block), ("swar", non_ws_block_portable)];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s| unsafe { x86::non_ws_block_sse2(b, s) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, s| unsafe { x86::non_ws_block_avx2(b, s) }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            kernels.push(("avx512", |b, s| unsafe { x86::non_ws_block_avx512(b, s) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s| unsafe { neon::non_ws_block_neon(b, s) }));
    }
    kernels
}

/// The reference for `skip_digits`.
pub(crate) fn skip_digits_reference(bytes: &[u8], start: usize) -> usize {
    bytes[start..].iter().position(|b| !b.is_ascii_digit()).map_or(bytes.len(), |n| start + n)
}

/// One byte at a time: the reference for `classify`.
pub(crate) fn classify_reference(block: &[u8; BLOCK], trusted_utf8: bool) -> Classes {
    let mut classes = Classes::default();
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        let set = |mask: &mut u64, on: bool| *mask |= if on { bit } else { 0 };
        let punct = b"{}[],:".contains(&b);
        set(&mut classes.quote, b == b'"');
        set(&mut classes.backslash, b == b'\\');
        set(&mut classes.punct, punct);
        set(&mut classes.ends, punct || is_ws(b));
        set(&mut classes.suspect, b < 0x20 || b == b'\\' || (b >= 0x80 && !trusted_utf8));
        set(&mut classes.digit, b.is_ascii_digit());
    }
    classes
}

pub(crate) type ClassifyKernel = fn(&[u8; BLOCK], bool) -> Classes;

/// Every block classifier this CPU can run, by name: each run as the index runs it, through a
/// block loop compiled for it.
pub(crate) fn classifiers() -> Vec<(&'static str, ClassifyKernel)> {
    let mut kernels: Vec<(&'static str, ClassifyKernel)> = vec![
        ("dispatched", classify),
        ("swar", swar::classify),
        ("swar, block loop", |b, t| {
            one_block(b, |b, f| Loop { bytes: b, start: 0, trusted_utf8: t, f }.run(Swar))
        }),
    ];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            kernels.push(("sse2", |b, t| {
                // SAFETY: SSE2 was detected before this kernel was listed.
                one_block(b, |b, f| unsafe {
                    x86::with_sse2(Loop { bytes: b, start: 0, trusted_utf8: t, f })
                })
            }));
        }
        if x86::has_avx2() {
            kernels.push(("avx2", |b, t| {
                // SAFETY: `has_avx2` held before this kernel was listed.
                one_block(b, |b, f| unsafe {
                    x86::with_avx2(Loop { bytes: b, start: 0, trusted_utf8: t, f })
                })
            }));
        }
        if x86::has_avx512() {
            kernels.push(("avx512", |b, t| {
                // SAFETY: `has_avx512` held before this kernel was listed.
                one_block(b, |b, f| unsafe {
                    x86::with_avx512(Loop { bytes: b, start: 0, trusted_utf8: t, f })
                })
            }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        kernels.push(("neon", |b, t| {
            // SAFETY: NEON was detected before this kernel was listed.
            one_block(b, |b, f| unsafe { neon::with_neon(Loop { bytes: b, start: 0, trusted_utf8: t, f }) })
        }));
    }
    kernels
}

/// Runs `work` under every classifier this CPU can run, as [`with_classifier`] would under
/// each: the results by the classifier's name.
#[cfg(test)]
pub(crate) fn with_each_classifier<W: WithClassifier + Clone>(work: W) -> Vec<(&'static str, W::Output)> {
    let mut out = vec![("dispatched", with_classifier(work.clone())), ("swar", work.clone().run(Swar))];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            out.push(("sse2", unsafe { x86::with_sse2(work.clone()) }));
        }
        if x86::has_avx2() {
            // SAFETY: `has_avx2` held just above.
            out.push(("avx2", unsafe { x86::with_avx2(work.clone()) }));
            // SAFETY: as above.
            out.push(("avx2 with bit instructions", unsafe { x86::with_avx2_bits(work.clone()) }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            out.push(("avx512", unsafe { x86::with_avx512(work.clone()) }));
            // SAFETY: as above.
            out.push(("avx512 with bit instructions", unsafe { x86::with_avx512_bits(work) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        out.push(("neon", unsafe { neon::with_neon(work) }));
    }
    out
}

/// The classes of `block` from a block loop.
fn one_block(block: &[u8; BLOCK], run: impl FnOnce(&[u8], BlockVisit<'_>) -> usize) -> Classes {
    let mut out = Classes::default();
    run(block, &mut |_, classes, _| {
        out = *classes;
        true
    });
    out
}

/// A block loop ([`each_block`]) as work for a classifier, handing each block to `f`.
struct Loop<'a, 'f> {
    bytes: &'a [u8],
    start: usize,
    trusted_utf8: bool,
    f: BlockVisit<'f>,
}

impl WithClassifier for Loop<'_, '_> {
    type Output = usize;
    #[inline(always)]
    fn run<C: Classifier>(self, classifier: C) -> usize {
        each_block(classifier, self.bytes, self.start, self.trusted_utf8, self.f)
    }
}

pub(crate) type SkipKernel = fn(&[u8], usize, usize) -> Result<usize, Unclosed>;

/// Every container skip ([`skip_to_depth`]) this CPU can run, by name; `bytes` (one byte at a
/// time) is the reference.
pub(crate) fn container_skips() -> Vec<(&'static str, SkipKernel)> {
    let mut kernels: Vec<(&'static str, SkipKernel)> = vec![("dispatched", skip_to_depth)];
    // The block loop over the portable classifier of its tests (the vector kernels' loop).
    kernels
        .push(("blocks, portable", |b, s, d| skip_blocks(b, s, d, one_block_brackets, PrefixXor::PORTABLE)));
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s, d| unsafe { x86::skip_to_depth_sse2(b, s, d) }));
        }
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("pclmulqdq")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
        {
            // SAFETY: AVX2, PCLMULQDQ, POPCNT and BMI1 were detected just above.
            kernels.push(("avx2", |b, s, d| unsafe { x86::skip_to_depth_avx2(b, s, d) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s, d| unsafe { neon::skip_to_depth_neon(b, s, d) }));
    }
    kernels
}

/// The [`Brackets`] of a block, one byte at a time.
fn one_block_brackets(block: &[u8; BLOCK]) -> Brackets {
    let c = classify_reference(block, false);
    let (mut open, mut close) = (0, 0);
    for (i, &b) in block.iter().enumerate() {
        open |= u64::from(b == b'[' || b == b'{') << i;
        close |= u64::from(b == b']' || b == b'}') << i;
    }
    Brackets { quote: c.quote, backslash: c.backslash, open, close }
}

pub(crate) type StringEndKernel = fn(&[u8], usize) -> Option<usize>;

/// Every string end finder ([`string_end`]) this CPU can run, by name; `bytes` (one byte at a
/// time) is the reference.
pub(crate) fn string_ends() -> Vec<(&'static str, StringEndKernel)> {
    let mut kernels: Vec<(&'static str, StringEndKernel)> = vec![("dispatched", string_end)];
    kernels.push(("blocks, portable", |b, s| string_end_blocks(b, s, one_block_brackets)));
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s| unsafe { x86::string_end_sse2(b, s) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            kernels.push(("avx2", |b, s| unsafe { x86::string_end_avx2(b, s) }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s| unsafe { neon::string_end_neon(b, s) }));
    }
    kernels
}

/// Checks every container skip on `bytes` from `start` with 1 to 3 containers open, and every
/// string end finder from `start`.
pub(crate) fn check_container_skips(bytes: &[u8], start: usize) {
    for depth in 1..=3 {
        let want = skip_to_depth_bytes(bytes, start, depth);
        for (name, kernel) in container_skips() {
            assert_eq!(kernel(bytes, start, depth), want, "{name} from {start} at depth {depth}");
        }
    }
    let want = string_end_bytes(bytes, start);
    for (name, kernel) in string_ends() {
        assert_eq!(kernel(bytes, start), want, "{name} from {start}");
    }
}

/// What a block loop hands each block to: its position, classes and prefix XOR; true stops.
pub(crate) type BlockVisit<'f> = &'f mut dyn FnMut(usize, &Classes, PrefixXor) -> bool;

pub(crate) type BlocksKernel = fn(&[u8], usize, bool, BlockVisit<'_>) -> usize;

/// Every block loop ([`each_block`] under a classifier) this CPU can run, by name.
pub(crate) fn block_loops() -> Vec<(&'static str, BlocksKernel)> {
    let mut kernels: Vec<(&'static str, BlocksKernel)> = vec![
        ("dispatched", |b, s, t, f| with_classifier(Loop { bytes: b, start: s, trusted_utf8: t, f })),
        ("swar", |b, s, t, f| Loop { bytes: b, start: s, trusted_utf8: t, f }.run(Swar)),
    ];
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("sse2") {
            // SAFETY: SSE2 was detected just above.
            kernels.push(("sse2", |b, s, t, f| unsafe {
                x86::with_sse2(Loop { bytes: b, start: s, trusted_utf8: t, f })
            }));
        }
        if x86::has_avx2() {
            // SAFETY: `has_avx2` held just above.
            kernels.push(("avx2", |b, s, t, f| unsafe {
                x86::with_avx2(Loop { bytes: b, start: s, trusted_utf8: t, f })
            }));
        }
        if x86::has_avx512() {
            // SAFETY: `has_avx512` held just above.
            kernels.push(("avx512", |b, s, t, f| unsafe {
                x86::with_avx512(Loop { bytes: b, start: s, trusted_utf8: t, f })
            }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if std::arch::is_aarch64_feature_detected!("neon") {
        // SAFETY: NEON was detected just above.
        kernels.push(("neon", |b, s, t, f| unsafe {
            neon::with_neon(Loop { bytes: b, start: s, trusted_utf8: t, f })
        }));
    }
    kernels
}

/// What a block loop over `bytes` from `start` that stops at its `stop`th block (never when 0)
/// sees and returns: each block's position, classes and the prefix XOR of its quotes.
pub(crate) fn block_loop_reference(
    bytes: &[u8],
    start: usize,
    trusted_utf8: bool,
    stop: usize,
) -> (Vec<(usize, Classes, u64)>, usize) {
    let mut seen = Vec::new();
    let mut at = start;
    while at + BLOCK <= bytes.len() {
        let block: &[u8; BLOCK] = bytes[at..at + BLOCK].try_into().expect("a block");
        let classes = classify_reference(block, trusted_utf8);
        seen.push((at, classes, prefix_xor_reference(classes.quote)));
        if seen.len() == stop {
            return (seen, at);
        }
        at += BLOCK;
    }
    (seen, at)
}

/// Checks every block loop on `bytes` from `start`, stopping at each of its first blocks and
/// never.
pub(crate) fn check_block_loops(bytes: &[u8], start: usize) {
    let blocks = bytes.len().saturating_sub(start) / BLOCK;
    for (stop, trusted_utf8) in (0..=blocks.min(3)).flat_map(|stop| [(stop, false), (stop, true)]) {
        let want = block_loop_reference(bytes, start, trusted_utf8, stop);
        for (name, kernel) in block_loops() {
            let mut seen = Vec::new();
            let at = kernel(bytes, start, trusted_utf8, &mut |at, classes, prefix_xor| {
                seen.push((at, *classes, prefix_xor.apply(classes.quote)));
                seen.len() == stop
            });
            let what = if trusted_utf8 { ", UTF-8 trusted" } else { "" };
            assert_eq!((seen, at), want, "{name} from {start}, stopping at block {stop}{what}");
        }
    }
}

/// One escape at a time, by the standard library: the reference for [`unicode_run`] and
/// [`decode_unicode_run`] given `room` bytes of output (`usize::MAX` for the first): the bytes
/// of the run read and its UTF-8.
pub(crate) fn unicode_reference(bytes: &[u8], at: usize, room: usize) -> (usize, Vec<u8>) {
    let mut i = at;
    let mut out = Vec::new();
    while let Some(escape) = bytes.get(i..i + 6) {
        let Some(digits) = escape.strip_prefix(b"\\u") else { break };
        if !digits.iter().all(u8::is_ascii_hexdigit) {
            break;
        }
        let unit = u32::from_str_radix(core::str::from_utf8(digits).expect("ASCII"), 16).expect("hex");
        // A surrogate is no `char`.
        let Some(c) = char::from_u32(unit) else { break };
        if out.len().saturating_add(4) > room {
            break;
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        i += 6;
    }
    (i - at, out)
}

pub(crate) type UnicodeRunKernel = fn(&[u8], usize) -> usize;
pub(crate) type UnicodeDecodeKernel = fn(&[u8], usize, &mut [u8]) -> (usize, usize);

/// Every `\u` run check this CPU can run, by name.
pub(crate) fn unicode_runs() -> Vec<(&'static str, UnicodeRunKernel)> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut kernels: Vec<(&'static str, UnicodeRunKernel)> =
        vec![("dispatched", unicode_run), ("swar", swar::unicode_run)];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("bmi1") {
        // SAFETY: AVX2 and BMI1 were detected just above.
        kernels.push(("avx2", |b, s| unsafe { x86::unicode_run_avx2(b, s) }));
    }
    kernels
}

/// Every `\u` run decoder this CPU can run, by name.
pub(crate) fn unicode_decoders() -> Vec<(&'static str, UnicodeDecodeKernel)> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut kernels: Vec<(&'static str, UnicodeDecodeKernel)> =
        vec![("dispatched", decode_unicode_run), ("swar", swar::decode_unicode_run)];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("bmi1") {
        // SAFETY: AVX2 and BMI1 were detected just above.
        kernels.push(("avx2", |b, s, o| unsafe { x86::decode_unicode_run_avx2(b, s, o) }));
    }
    kernels
}

/// Checks every `\u` run kernel from `at`, the decoders with output of several sizes (each
/// must write exactly the reference's text, and touch no byte past its room).
pub(crate) fn check_unicode_runs(bytes: &[u8], at: usize) {
    let decoders = unicode_decoders();
    let (want, _) = unicode_reference(bytes, at, usize::MAX);
    for (name, kernel) in unicode_runs() {
        assert_eq!(kernel(bytes, at), want, "{name}: {bytes:?} from {at}");
    }
    for room in [0, 3, 4, 5, 12, 15, 16, 17, 29, 64, bytes.len()] {
        let want = unicode_reference(bytes, at, room);
        for (name, kernel) in &decoders {
            let mut out = vec![0xEE; room + 8];
            let (read, written) = kernel(bytes, at, &mut out[..room]);
            assert_eq!(
                (read, &out[..written]),
                (want.0, &want.1[..]),
                "{name}, room {room}: {bytes:?} from {at}"
            );
            assert!(out[room..].iter().all(|&b| b == 0xEE), "{name} wrote past its room {room}");
        }
    }
}

/// `bytes` as a recipe for a run of `\u` escapes, which arbitrary bytes seldom hold: each pair
/// of bytes is an escape of the unit they make (surrogates and every UTF-8 length among them),
/// in lower or upper case hex by the low bit of the first; a pair whose first byte is 0xF8 or
/// more puts its second byte in the run as it is.
pub(crate) fn escape_recipe(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for pair in bytes.chunks_exact(2) {
        let (a, b) = (pair[0], pair[1]);
        if a >= 0xF8 {
            out.push(b);
        } else if a & 1 == 0 {
            out.extend_from_slice(format!("\\u{:04x}", u16::from_le_bytes([a, b])).as_bytes());
        } else {
            out.extend_from_slice(format!("\\u{:04X}", u16::from_le_bytes([a, b])).as_bytes());
        }
    }
    out
}

/// Runs every kernel on `bytes` from the first 130 offsets (two AVX-512 widths and more) and
/// from a few near the end, and panics, naming the kernel, where one differs from its reference.
pub(crate) fn check_all(bytes: &[u8]) {
    let len = bytes.len();
    let starts = (0..=len.min(130)).chain((len.saturating_sub(40)..=len).step_by(3));
    let checked = checked_runs();
    let (classifiers, prefix_xors) = (classifiers(), prefix_xors());
    for block in bytes.windows(BLOCK).take(70) {
        let block: &[u8; BLOCK] = block.try_into().expect("a block");
        for (name, kernel) in &classifiers {
            for trusted in [false, true] {
                let want = classify_reference(block, trusted);
                assert_eq!(kernel(block, trusted), want, "{name} on {block:?}, UTF-8 trusted: {trusted}");
            }
        }
    }
    for word in bytes.windows(8).take(70) {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        for (name, kernel) in &prefix_xors {
            assert_eq!(kernel(x), prefix_xor_reference(x), "{name} on {x:#018x}");
        }
    }
    for start in starts {
        if start < len {
            check_string_runs(bytes, start);
            for (name, kernel) in &checked {
                assert_eq!(kernel(bytes, start), checked_reference(bytes, start), "{name} from {start}");
            }
        }
        check_block_loops(bytes, start);
        check_container_skips(bytes, start);
        check_unicode_runs(bytes, start);
        assert_eq!(skip_ws(bytes, start), skip_ws_reference(bytes, start), "skip_ws from {start}");
        for (name, kernel) in non_ws_blocks() {
            assert_eq!(kernel(bytes, start), non_ws_block_reference(bytes, start), "{name} from {start}");
        }
        assert_eq!(
            skip_digits(bytes, start),
            skip_digits_reference(bytes, start),
            "skip_digits from {start}"
        );
        let part = &bytes[start..];
        for (name, kernel) in utf8_validators() {
            assert_eq!(kernel(part), core::str::from_utf8(part).is_ok(), "{name} from {start}");
        }
        if let Err(e) = validate_utf8(part) {
            let want = core::str::from_utf8(part).unwrap_err();
            assert_eq!(
                (e.valid_up_to, e.incomplete),
                (want.valid_up_to(), want.error_len().is_none()),
                "from {start}"
            );
        }
        for (name, kernel) in line_counters() {
            assert_eq!(kernel(part), line_stats_reference(part), "{name} from {start}");
        }
    }
    let run = escape_recipe(bytes);
    for start in (0..run.len().min(70)).chain(run.len().saturating_sub(40)..=run.len()) {
        check_unicode_runs(&run, start);
    }
}

/// One bit at a time: the reference for [`PrefixXor::apply`].
pub(crate) fn prefix_xor_reference(x: u64) -> u64 {
    let mut acc = 0;
    let mut out = 0;
    for i in 0..64 {
        acc ^= (x >> i) & 1;
        out |= acc << i;
    }
    out
}

pub(crate) type PrefixXorKernel = fn(u64) -> u64;

/// Every prefix XOR this CPU can run, by name.
pub(crate) fn prefix_xors() -> Vec<(&'static str, PrefixXorKernel)> {
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut kernels: Vec<(&'static str, PrefixXorKernel)> = vec![("shifts", prefix_xor)];
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("pclmulqdq") {
        // SAFETY: PCLMULQDQ was detected just above.
        kernels.push(("clmul", |x| unsafe { x86::prefix_xor_clmul(x) }));
    }
    kernels
}
