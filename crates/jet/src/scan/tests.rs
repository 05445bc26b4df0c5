//! Every kernel against the portable reference, with the interesting byte at every offset across
//! two vector widths, on random inputs, and on inputs that end exactly at the slice end. Vector
//! kernels the CPU lacks are skipped at run time.

use super::kernels::*;
use super::*;

/// String runs, and their copies, with a special byte at every offset over two AVX2 widths.
#[test]
fn string_run_matches_reference_at_every_offset() {
    let specials = [b'"', b'\\', 0x00, 0x1f, 0x0a];
    let fillers = [b'a', 0x7f, 0x20, 0xe4, 0x80, 0xff];
    for len in 0..70 {
        for &fill in &fillers {
            let base = vec![fill; len];
            for start in 0..=len {
                check_string_runs(&base, start);
            }
            for at in 0..len {
                for &special in &specials {
                    let mut buf = base.clone();
                    buf[at] = special;
                    // A high byte before the special one, or not.
                    for high_at in [None, Some(0), at.checked_sub(1)] {
                        let mut buf = buf.clone();
                        if let Some(h) = high_at.filter(|&h| h != at) {
                            buf[h] = 0xc3;
                        }
                        for start in 0..=len {
                            check_string_runs(&buf, start);
                        }
                    }
                }
            }
        }
    }
}

/// String runs and their copies longer than a step of the ASCII copier's room (256 bytes), ended
/// by a special or non-ASCII byte on each side of a step's end, or by the slice's end.
#[test]
fn string_run_copies_across_steps() {
    // Under Miri, one length past a step and one stop on each side of its end.
    let (lens, ats): (&[usize], &[usize]) = match cfg!(miri) {
        true => (&[300], &[255, 257]),
        false => {
            (&[255, 256, 257, 300, 511, 512, 513, 600], &[0, 31, 32, 224, 255, 256, 257, 288, 289, 300, 520])
        }
    };
    for &len in lens {
        for stop in [None, Some(b'"'), Some(b'\\'), Some(0x01), Some(0xc3)] {
            for &at in ats {
                let mut buf = vec![b'a'; len];
                match stop {
                    Some(b) if at < len => buf[at] = b,
                    Some(_) => continue,
                    None => {}
                }
                for start in [0, 1, 7, 33].into_iter().take(if cfg!(miri) { 1 } else { 4 }) {
                    check_string_runs(&buf, start);
                }
            }
        }
    }
}

/// SplitMix64, for reproducible random inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[test]
fn string_run_matches_reference_on_random_input() {
    let mut rng = Rng(42);
    let alphabet = b"abc \"\\\x00\x1f\x7f\x80\xc3\xa9\xff";
    for _ in 0..3000 {
        let len = (rng.next() % 200) as usize;
        // Mostly plain bytes, with rare specials.
        let buf: Vec<u8> = (0..len)
            .map(|_| {
                if rng.next().is_multiple_of(16) {
                    alphabet[(rng.next() % alphabet.len() as u64) as usize]
                } else {
                    b'x'
                }
            })
            .collect();
        let start = if len == 0 { 0 } else { (rng.next() % (len as u64 + 1)) as usize };
        check_string_runs(&buf, start);
    }
}

/// Valid UTF-8 of every length class, repeated past two blocks.
fn sample_text() -> Vec<u8> {
    "ab€😀é中文\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}z".repeat(6).into_bytes()
}

#[test]
fn utf8_validators_match_std() {
    let text = sample_text();
    let bad_bytes = [0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, b'a'];
    for (name, validate) in utf8_validators() {
        // Every window of the sample, so that characters are cut at both ends.
        for start in 0..40 {
            for end in (start..=text.len()).step_by(3) {
                let slice = &text[start..end];
                let want = core::str::from_utf8(slice).is_ok();
                assert_eq!(validate(slice), want, "{name}: window {start}..{end}");
            }
        }
        // A bad byte at every offset.
        for at in 0..text.len() {
            for &bad in &bad_bytes {
                let mut buf = text.clone();
                buf[at] = bad;
                let want = core::str::from_utf8(&buf).is_ok();
                assert_eq!(validate(&buf), want, "{name}: {bad:#x} at {at}");
            }
        }
        // Every sequence cut at each byte, at every position of a 64-byte window.
        for c in ['é', '€', '😀'] {
            let mut encoded = [0u8; 4];
            let encoded = c.encode_utf8(&mut encoded).as_bytes();
            for cut in 1..encoded.len() {
                for at in 0..70 {
                    let mut buf = vec![b'x'; at];
                    buf.extend_from_slice(&encoded[..cut]);
                    buf.extend(std::iter::repeat_n(b'y', 70 - at));
                    assert!(!validate(&buf), "{name}: {c} cut after {cut} at {at}");
                    buf.truncate(at + cut);
                    assert!(!validate(&buf), "{name}: {c} cut after {cut} at the end, {at}");
                }
            }
        }
    }
}

#[test]
fn utf8_validators_match_std_on_random_input() {
    let mut rng = Rng(7);
    let text = sample_text();
    for _ in 0..5000 {
        let mut buf = text[..(rng.next() % text.len() as u64) as usize].to_vec();
        for _ in 0..(rng.next() % 3) {
            if !buf.is_empty() {
                let at = (rng.next() % buf.len() as u64) as usize;
                buf[at] = rng.next() as u8;
            }
        }
        let want = core::str::from_utf8(&buf).is_ok();
        for (name, validate) in utf8_validators() {
            assert_eq!(validate(&buf), want, "{name}: {buf:?}");
        }
    }
}

/// Texts for the checked run: dense multi-byte characters, plain ASCII (where a bad lead byte
/// is followed by ASCII blocks), and ASCII with a character here and there. Each is long enough
/// for the kernels' first block, several 64-byte steps and the 32-byte steps after them.
fn checked_texts() -> [(&'static str, Vec<u8>); 3] {
    let mut sparse = Vec::new();
    while sparse.len() < 300 {
        sparse.extend_from_slice(b"abcdefghijklmnopqrstuvwxyz0123456789");
        sparse.extend_from_slice("😀".as_bytes());
    }
    [("dense", sample_text().repeat(2)), ("ascii", vec![b'q'; 300]), ("sparse", sparse)]
}

#[test]
fn checked_run_matches_reference() {
    let specials = [b'"', b'\\', 0x00, 0x1f];
    let bad_bytes = [0x80, 0xc0, 0xe0, 0xed, 0xf4, 0xf5, 0xff];
    const SPAN: usize = 260;
    for (text_name, text) in checked_texts() {
        for (name, kernel) in checked_runs() {
            for start in 0..8 {
                for end in start..start + SPAN {
                    // A special byte at `end` (possibly cutting a character), valid text before it.
                    for &special in &specials {
                        let mut buf = text.clone();
                        buf[end] = special;
                        assert_eq!(
                            kernel(&buf, start),
                            checked_reference(&buf, start),
                            "{name}, {text_name}: {special:#x} at {end} from {start}"
                        );
                    }
                    // No special byte: the run goes to the end of the slice.
                    let cut = &text[..end];
                    assert_eq!(
                        kernel(cut, start),
                        checked_reference(cut, start),
                        "{name}, {text_name}: cut at {end} from {start}"
                    );
                    // A bad byte last in the slice: in the kernels' tails (and the short path).
                    for &bad in &bad_bytes {
                        let mut buf = text[..=end].to_vec();
                        buf[end] = bad;
                        assert_eq!(
                            kernel(&buf, start),
                            checked_reference(&buf, start),
                            "{name}, {text_name}: {bad:#x} last, at {end} from {start}"
                        );
                    }
                }
                // A bad byte at every offset before a closing quote.
                for at in start..SPAN - 2 {
                    for &bad in &bad_bytes {
                        let mut buf = text.clone();
                        buf[at] = bad;
                        buf[SPAN] = b'"';
                        assert_eq!(
                            kernel(&buf, start),
                            checked_reference(&buf, start),
                            "{name}, {text_name}: {bad:#x} at {at} from {start}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn checked_run_finds_every_special_byte_value() {
    // Every byte value in every lane of the first block, a 64-byte step and a 32-byte step, so
    // that the nibble tables that find quotes, backslashes and control bytes are exact.
    for (name, kernel) in checked_runs() {
        for byte in 0..=255u8 {
            for at in (0..40).chain(90..140).chain(200..240) {
                let mut buf = vec![b'a'; 300];
                buf[at] = byte;
                assert_eq!(kernel(&buf, 0), checked_reference(&buf, 0), "{name}: {byte:#x} at {at}");
            }
        }
    }
}

#[test]
fn utf8_error_positions() {
    let mut buf = sample_text();
    let bad = buf.len() - 5;
    buf[bad] = 0xff;
    let err = validate_utf8(&buf).unwrap_err();
    assert_eq!(err.valid_up_to, core::str::from_utf8(&buf).unwrap_err().valid_up_to());
    assert!(!err.incomplete);
    let text = sample_text();
    let cut = &text[..text.len() - 2];
    let err = validate_utf8(cut).unwrap_err();
    assert!(err.incomplete);
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

#[test]
fn skip_ws_matches_reference_at_every_offset() {
    let others = [b'a', b'"', 0x0b, 0x0c, 0x00, 0x1f, 0x21, 0xa0, 0x8a, 0x89, 0x2a];
    for len in 0..40 {
        for fill in [b' ', b'\n', b'\r', b'\t'] {
            let base = vec![fill; len];
            assert_eq!(skip_ws(&base, 0), len);
            for at in 0..len {
                for &other in &others {
                    let mut buf = base.clone();
                    buf[at] = other;
                    for start in 0..=len {
                        let want = buf[start..].iter().position(|&b| !is_ws(b)).map_or(len, |n| start + n);
                        assert_eq!(skip_ws(&buf, start), want, "len {len} fill {fill:#x} {other:#x} at {at}");
                    }
                }
            }
        }
    }
}

#[test]
fn non_ws_block_matches_reference_at_every_offset() {
    // Whitespace of each kind with one other byte (or none) at every place, from every start
    // across two blocks: blocks that are all whitespace are passed over, and what is under a
    // block at the end is left.
    let others = [b'a', b'"', 0x0b, 0x0c, 0x00, 0x1f, 0x21, 0xa0, 0x8a, 0x89, 0x2a, b'{'];
    for (name, kernel) in non_ws_blocks() {
        for len in [0, 1, 63, 64, 65, 127, 128, 129, 200, 256] {
            for fill in [b' ', b'\n', b'\r', b'\t'] {
                let base = vec![fill; len];
                for start in 0..len.min(2 * BLOCK + 1) {
                    assert_eq!(
                        kernel(&base, start),
                        non_ws_block_reference(&base, start),
                        "{name}: {len} {fill:#x}"
                    );
                }
                for at in 0..len {
                    for &other in &others {
                        let mut buf = base.clone();
                        buf[at] = other;
                        for start in (0..=at).rev().take(2 * BLOCK + 1) {
                            let want = non_ws_block_reference(&buf, start);
                            assert_eq!(
                                kernel(&buf, start),
                                want,
                                "{name}: len {len} fill {fill:#x} {other:#x} at {at} from {start}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn line_stats_matches_reference_at_every_offset() {
    for (name, kernel) in line_counters() {
        for len in 0..100 {
            let base: Vec<u8> =
                (0..len).map(|i| if i % 3 == 0 { 0xa9 } else { b'a' + (i % 26) as u8 }).collect();
            assert_eq!(kernel(&base), line_stats_reference(&base), "{name} len {len}");
            for at in 0..len {
                for second in [None, Some(at / 2), Some(len - 1)] {
                    let mut buf = base.clone();
                    buf[at] = b'\n';
                    if let Some(s) = second {
                        buf[s] = b'\n';
                    }
                    assert_eq!(
                        kernel(&buf),
                        line_stats_reference(&buf),
                        "{name} len {len} at {at} {second:?}"
                    );
                }
            }
        }
        let bytes: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        for start in 0..40 {
            for end in start..bytes.len() {
                assert_eq!(kernel(&bytes[start..end]), line_stats_reference(&bytes[start..end]), "{name}");
            }
        }
    }
}

#[test]
fn portable_can_be_forced() {
    // The variables are read once per process; here only check that the detected level is sane.
    let level = level();
    if std::env::var_os("JET_PORTABLE_SCAN").is_some() {
        assert_eq!(level, Level::Portable);
    } else if std::env::var_os("JET_NO_AVX512").is_some() {
        assert_ne!(level, Level::Avx512);
    } else if std::env::var_os("JET_AVX512").is_some() {
        #[cfg(target_arch = "x86_64")]
        if x86::has_avx512() && std::arch::is_x86_feature_detected!("avx512vbmi") {
            assert_eq!(level, Level::Avx512);
        }
    } else {
        #[cfg(target_arch = "x86_64")]
        assert_ne!(level, Level::Portable, "x86_64 always has SSE2");
        #[cfg(target_arch = "aarch64")]
        assert_eq!(level, Level::Neon, "aarch64 Linux CPUs have NEON");
    }
}

#[test]
fn digit_values_match_the_reference() {
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    for len in 0..=20 {
        for _ in 0..2000 {
            let digits: Vec<u8> = (0..len)
                .map(|_| {
                    rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    b'0' + ((rng >> 33) % 10) as u8
                })
                .collect();
            let want =
                digits.iter().fold(7u64, |acc, &d| acc.wrapping_mul(10).wrapping_add(u64::from(d - b'0')));
            // With input after the digits (whole-word steps) and without (the byte loop).
            for tail in ["", "]", ",\"x\": 12345678"] {
                let text = format!("x{}{tail}", std::str::from_utf8(&digits).unwrap());
                assert_eq!(super::parse_digits(text.as_bytes(), 1, 7), (1 + len, want), "{text}");
            }
        }
    }
    assert_eq!(super::eight_digits(u64::from_le_bytes(*b"12345678")), 12_345_678);
    assert_eq!(super::eight_digits(u64::from_le_bytes(*b"99999999")), 99_999_999);
    assert_eq!(super::eight_digits(u64::from_le_bytes(*b"00000000")), 0);
}

#[test]
fn reports_kernels_skipped_for_lack_of_cpu_features() {
    #[cfg(target_arch = "x86_64")]
    if !(std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")) {
        eprintln!("skipping the AVX2 kernels: this CPU lacks AVX2 or POPCNT");
    }
    assert!(
        string_runs().len() >= 2
            && string_copies().len() >= 2
            && quote_runs().len() >= 2
            && ascii_copies().len() >= 2
            && container_skips().len() >= 2
            && line_counters().len() >= 2
    );
}

/// The `kernels` fuzz target's check on random bytes: JSON-ish, UTF-8-ish and arbitrary.
#[test]
fn check_all_on_random_input() {
    let mut rng = Rng(11);
    let alphabets: [&[u8]; 3] = [
        b"ab \"[]{}:,\\\n\r\t0123456789.eE-+\x00\x1f",
        "aé€😀 \"\\\n".as_bytes(),
        &[0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xf5, 0xff, b'a', b'"', b'\n', b' '],
    ];
    for round in 0..600 {
        let alphabet = alphabets[round % 3];
        let len = (rng.next() % 300) as usize;
        let bytes: Vec<u8> =
            (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
        check_all(&bytes);
    }
    check_all(&sample_text());
}

#[test]
fn classify_matches_reference_at_every_offset() {
    let specials = [
        b'"', b'\\', b'{', b'}', b'[', b']', b',', b':', b' ', b'\t', b'\n', b'\r', 0x00, 0x1f, 0x7f, 0x80,
        0xff,
    ];
    let fillers = [b'a', b'\\', b' ', 0x1b, 0xe4, 0x5c | 0x20, 0x7b ^ 0x20];
    for ((name, kernel), trusted) in classifiers().into_iter().flat_map(|k| [(k, false), (k, true)]) {
        for &fill in &fillers {
            let base = [fill; BLOCK];
            let what = format!("{name}, UTF-8 trusted: {trusted}");
            assert_eq!(kernel(&base, trusted), classify_reference(&base, trusted), "{what}: fill {fill:#x}");
            for at in 0..BLOCK {
                for &special in &specials {
                    let mut block = base;
                    block[at] = special;
                    assert_eq!(
                        kernel(&block, trusted),
                        classify_reference(&block, trusted),
                        "{what}: fill {fill:#x} special {special:#x} at {at}"
                    );
                }
            }
        }
    }
}

#[test]
fn classify_matches_reference_on_every_byte_and_random_blocks() {
    // Every byte value in every lane.
    for ((name, kernel), trusted) in classifiers().into_iter().flat_map(|k| [(k, false), (k, true)]) {
        for b in 0..=255u8 {
            let mut block = [0u8; BLOCK];
            for (i, lane) in block.iter_mut().enumerate() {
                *lane = b.wrapping_add(i as u8);
            }
            let want = classify_reference(&block, trusted);
            assert_eq!(kernel(&block, trusted), want, "{name} from byte {b:#x}, UTF-8 trusted: {trusted}");
        }
    }
    let mut rng = Rng(7);
    for _ in 0..2000 {
        let mut block = [0u8; BLOCK];
        for lane in block.iter_mut() {
            *lane = rng.next() as u8;
        }
        for (name, kernel) in classifiers() {
            for trusted in [false, true] {
                let want = classify_reference(&block, trusted);
                assert_eq!(kernel(&block, trusted), want, "{name}, UTF-8 trusted: {trusted}: {block:?}");
            }
        }
    }
}

#[test]
fn block_loops_match_reference_from_every_offset() {
    // Long enough for several blocks from every start across two blocks; a special byte in
    // every lane of some block, so that every lane's classes and the carried prefix XOR count.
    let mut rng = Rng(5);
    let alphabet = b"ab \"[]{}:,\\\n\t\x01\x7f\x80\xff0123456789";
    let bytes: Vec<u8> =
        (0..5 * BLOCK).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
    for start in 0..=2 * BLOCK + 1 {
        check_block_loops(&bytes, start);
    }
    for len in 0..=2 * BLOCK + 1 {
        check_block_loops(&bytes[..len], 0);
    }
}

#[test]
fn container_skips_match_reference_at_every_offset() {
    // A container of filler with its closing bracket at every offset across three blocks (and
    // the input ending right after it, or a block later), from every start in the first two
    // blocks; fillers with strings holding brackets, escaped quotes and backslash runs that
    // cross block boundaries.
    let fillers: [&[u8]; 5] =
        [b"1, ", br#""a]b}", "#, br#""q\"]", "#, br#""\\", ["#, br#"{"k": [true, "\\\"]"]}, "#];
    for filler in fillers {
        for close_at in 0..3 * BLOCK {
            let mut bytes: Vec<u8> = filler.iter().copied().cycle().take(close_at).collect();
            bytes.push(b']');
            for extra in [0, BLOCK + 3] {
                bytes.resize(close_at + 1 + extra, b' ');
                for start in (0..2 * BLOCK).step_by(if cfg!(miri) { 29 } else { 1 }) {
                    if start <= bytes.len() {
                        check_container_skips(&bytes, start);
                    }
                }
            }
        }
    }
}

#[test]
fn container_skips_match_reference_on_random_input() {
    let mut rng = Rng(13);
    let alphabet = b"[]{}\"\\ab, :";
    for _ in 0..if cfg!(miri) { 20 } else { 3000 } {
        let len = (rng.next() % 300) as usize;
        let bytes: Vec<u8> =
            (0..len).map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize]).collect();
        let start = (rng.next() % (len as u64 + 1)) as usize;
        check_container_skips(&bytes, start);
    }
    // The reference itself, on what it must find.
    assert_eq!(skip_to_depth_bytes(br#"[1, "]", {"a": "}"}] x"#, 1, 1), Ok(20));
    assert_eq!(skip_to_depth_bytes(br#"["\"]"]"#, 1, 1), Ok(7));
    assert_eq!(skip_to_depth_bytes(br#"["\\"]"]"#, 1, 1), Ok(6));
    assert_eq!(skip_to_depth_bytes(br#"["ab"#, 1, 1), Err(Unclosed::String));
    assert_eq!(skip_to_depth_bytes(b"[[1]", 1, 1), Err(Unclosed::Container));
}

#[test]
fn prefix_xor_matches_reference() {
    let mut rng = Rng(11);
    let mut masks = vec![0, u64::MAX, 1, 1 << 63, 0x5555_5555_5555_5555];
    masks.extend((0..64).map(|i| 1u64 << i));
    masks.extend((0..64).flat_map(|i| (i..64).map(move |j| (1u64 << i) | (1u64 << j))));
    masks.extend((0..2000).map(|_| rng.next()));
    for (name, kernel) in prefix_xors() {
        for &x in &masks {
            assert_eq!(kernel(x), prefix_xor_reference(x), "{name} on {x:#018x}");
        }
    }
}

/// The writer's short-string check and copy against a byte-by-byte reference: every length
/// below 32, each byte value at every place, over plain ASCII and over UTF-8, appended to
/// output that is empty, or holds some bytes, or has no spare room.
#[test]
fn push_plain_short_matches_reference_at_every_offset() {
    let reference = |bytes: &[u8]| bytes.iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\');
    let check = |bytes: &[u8], what: &str| {
        for before in [&b""[..], b"[\"", b"0123456789abcdefghijklmnopqrstuvwxyz"] {
            let mut out = before.to_vec();
            out.shrink_to_fit();
            let pushed = super::push_plain_short(bytes, &mut out);
            assert_eq!(pushed, reference(bytes), "{what}");
            let mut expected = before.to_vec();
            if pushed {
                expected.extend_from_slice(bytes);
            }
            assert_eq!(out, expected, "{what}");
        }
    };
    for fill in ["abcdefghijklmnopqrstuvwxyz0123456789ABCD", "ééééééééééééééééééééééééééééééééééééééé"]
    {
        for len in 0..32 {
            let base = &fill.as_bytes()[..len];
            check(base, &format!("{len}"));
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut bytes = base.to_vec();
                    bytes[at] = b;
                    check(&bytes, &format!("{len} at {at}: {b:#x}"));
                }
            }
        }
    }
}

/// `push_formatted`: exactly the formatted text is appended, whether it sits at the start of
/// its holder (the fixed-size copy) or not (a plain copy), after text already in `out`, with
/// `out` full or not, and whatever the holder holds past the text.
#[test]
fn push_formatted_appends_exactly_the_text() {
    /// A formatter's buffer of 24 bytes.
    struct Holder([u8; 24]);
    type Format = fn(&mut Holder) -> &str;
    let cases: [(&str, Format, &str); 5] = [
        ("empty text", |_| "", ""),
        ("text at the start", |h| fill(h, "1.5e-7"), "1.5e-7"),
        ("text filling the holder", |h| fill(h, "-1.2345678901234567e-308"), "-1.2345678901234567e-308"),
        ("text elsewhere in the holder", |h| core::str::from_utf8(&h.0[20..]).unwrap(), "\u{FF}\u{FF}"),
        ("text outside the holder", |_| "static text", "static text"),
    ];
    fn fill<'h>(holder: &'h mut Holder, text: &str) -> &'h str {
        holder.0 = [0xFF; 24];
        holder.0[..text.len()].copy_from_slice(text.as_bytes());
        core::str::from_utf8(&holder.0[..text.len()]).unwrap()
    }
    for (name, format, want) in &cases {
        for room in [0, 1, 23, 24, 100] {
            let mut out = Vec::with_capacity(3 + room);
            out.extend_from_slice(b"[1,");
            let mut holder = Holder([0xC3; 24]);
            holder.0[20..].copy_from_slice("\u{FF}\u{FF}".as_bytes());
            push_formatted(&mut holder, |h| format(h), &mut out);
            assert_eq!(out, [b"[1,", want.as_bytes()].concat(), "{name}, room {room}");
        }
    }
    // The printers jet uses: zmij writes at the start of its buffer, itoa at the end.
    for value in [0.0, -1.5, 1e-7, 123_456.789, f64::MAX, f64::MIN_POSITIVE, 5e-324, 0.1 + 0.2] {
        let mut out = b"[".to_vec();
        push_formatted(&mut zmij::Buffer::new(), |b| b.format_finite(value), &mut out);
        assert_eq!(out, format!("[{}", zmij::Buffer::new().format_finite(value)).as_bytes(), "{value}");
    }
    for value in [0u64, 7, 12_345, u64::MAX] {
        let mut out = b"[".to_vec();
        push_formatted(&mut itoa::Buffer::new(), |b| b.format(value), &mut out);
        assert_eq!(out, format!("[{value}").as_bytes(), "{value}");
    }
}

/// `push_u64` and `push_i64` against `itoa`: every power of ten and its neighbours (each digit
/// count's edges), the extremes, and pseudo-random values of every bit length; appended after
/// text already in `out`, full or with room to spare.
#[test]
fn integers_written_in_place_match_itoa() {
    let mut values: Vec<u64> = vec![0, 1, 9, 10, 99, 100, 9_999, 10_000, 99_999, u64::MAX, u64::MAX - 1];
    let mut p = 1u64;
    while let Some(next) = p.checked_mul(10) {
        values.extend([p - 1, p, p + 1, next / 2]);
        p = next;
    }
    values.extend([p - 1, p, p + 1]);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for bits in 1..=64 {
        for _ in 0..if cfg!(miri) { 2 } else { 50 } {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            values.push(seed >> (64 - bits));
        }
    }
    for &v in &values {
        for room in [0, 1, 25] {
            let mut out = Vec::with_capacity(2 + room);
            out.extend_from_slice(b"[,");
            push_u64(v, &mut out);
            assert_eq!(out, format!("[,{}", itoa::Buffer::new().format(v)).as_bytes(), "{v}, room {room}");
        }
        for s in [v as i64, (v as i64).wrapping_neg(), i64::MIN, i64::MAX] {
            let mut out = Vec::new();
            push_i64(s, &mut out);
            assert_eq!(out, itoa::Buffer::new().format(s).as_bytes(), "{s}");
        }
    }
}

/// Runs of `\u` escapes, in both cases of hex digit: one of every UTF-8 length, the edges of
/// the surrogate block among them, and runs of characters of one length each (text of one
/// script, which the kernels store at once); long enough for several steps of the widest
/// kernel and the narrower ones' tails.
fn escape_runs() -> Vec<(&'static str, Vec<u8>)> {
    let mixed: &[&str] =
        &["0041", "00e9", "00E9", "07ff", "0800", "d7FF", "E000", "ffff", "4e2D", "0000", "007f", "0080"];
    let runs: [(&str, &[&str], usize); 4] = [
        ("mixed lengths", mixed, 12),
        ("one byte each", &["0041", "007F", "0000", "0061"], 19),
        ("two bytes each", &["06d1", "0080", "07FF", "0400"], 19),
        ("three bytes each", &["4E2D", "0800", "ffff", "E000"], 19),
    ];
    let run = |units: &[&str], n: usize| {
        (0..n).map(|k| format!("\\u{}", units[k % units.len()])).collect::<String>()
    };
    runs.iter().map(|&(name, units, n)| (name, run(units, n).into_bytes())).collect()
}

/// The `\u` run kernels: every byte of a run replaced by bytes that break an escape or change
/// its length class, every escape replaced by a surrogate or another escape, and the run cut
/// at every length; from each escape's start.
#[test]
fn unicode_runs_match_reference() {
    for (_, run) in escape_runs() {
        unicode_run_matches_reference(&run);
    }
}

fn unicode_run_matches_reference(run: &[u8]) {
    let bytes_in = [b'g', b'G', b'/', b'@', b'`', b':', b'F', b'a', b'9', b'0', b'U', b'"', 0x80, 0xFF, 0x00];
    for at in 0..run.len() {
        for &b in &bytes_in {
            let mut buf = run.to_vec();
            buf[at] = b;
            for start in (0..run.len()).step_by(6) {
                check_unicode_runs(&buf, start);
            }
        }
    }
    let others: [&[u8]; 9] = [
        b"\\uD800",
        b"\\udbff",
        b"\\uDC00",
        b"\\uDFFF",
        b"\\uD83D",
        b"\\n\\u00",
        b"\\\\u004",
        b"\\uD7FF",
        b"\\u20AC",
    ];
    for k in 0..run.len() / 6 {
        for other in others {
            let mut buf = run.to_vec();
            buf[6 * k..6 * k + 6].copy_from_slice(other);
            check_unicode_runs(&buf, 0);
            check_unicode_runs(&buf, 6);
        }
    }
    for end in 0..=run.len() {
        for start in (0..=end).step_by(6) {
            check_unicode_runs(&run[..end], start);
        }
    }
}

#[test]
fn unicode_runs_match_reference_on_random_input() {
    let mut rng = Rng(11);
    let digits = b"0123456789abcdefABCDEF";
    for _ in 0..3000 {
        let mut buf = Vec::new();
        for _ in 0..rng.next() % 20 {
            buf.extend_from_slice(b"\\u");
            // Units of every length class and surrogates: the first digit is drawn apart.
            buf.push(b"00000000fd9"[(rng.next() % 11) as usize]);
            for _ in 0..3 {
                buf.push(digits[(rng.next() % digits.len() as u64) as usize]);
            }
        }
        if !buf.is_empty() && rng.next().is_multiple_of(4) {
            let at = (rng.next() % buf.len() as u64) as usize;
            buf[at] = rng.next() as u8;
        }
        let start = 6 * (rng.next() % 3) as usize;
        if start <= buf.len() {
            check_unicode_runs(&buf, start);
        }
    }
}

/// The CPUID test for CPUs that split 512-bit vectors agrees with the kernel's description of
/// the CPU (Linux only: elsewhere there is nothing to compare with).
#[cfg(target_arch = "x86_64")]
#[test]
fn splits_512_bit_vectors_on_amd_family_19h_only() {
    let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") else {
        return;
    };
    let field = |name: &str| {
        cpuinfo.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_owned())
        })
    };
    let (Some(vendor), Some(family)) = (field("vendor_id"), field("cpu family")) else {
        return;
    };
    let expected = vendor == "AuthenticAMD" && family == "25";
    assert_eq!(x86::splits_512_bit_vectors(), expected, "{vendor}, family {family}");
}
