//! Every byte-scanning kernel this CPU has (AVX2, SSE2, portable SWAR) equals its
//! one-byte-at-a-time reference on arbitrary bytes, from many offsets (the first 70, which
//! cross two AVX2 vector widths, and offsets near the end, where tails are handled).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    jet::__private::check_scan_kernels(data);
});
