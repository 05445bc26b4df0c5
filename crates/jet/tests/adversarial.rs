//! The adversarial table: inputs built to hurt a parser — deep nesting, huge numbers, escape
//! floods, colliding keys, oceans of whitespace, truncation everywhere, endless NDJSON — each
//! checked for the right answer and timed against a linear baseline measured in the same run
//! (never an absolute time), with peak heap where memory is the risk.
//!
//! One test (the counting allocator is global to the binary, and the timings are quieter run
//! in turn); it prints the table: `cargo test -p jet --test adversarial -- --nocapture`.

mod common;

use std::hint::black_box;
use std::io;
use std::time::Instant;

use common::counting::{peak_during, Counting};
use jet::text::Reader;
use jet::{Options, Value};
use serde::{Deserialize, Serialize};

#[global_allocator]
static ALLOC: Counting = Counting;

/// The smallest of `runs` timings of `f`, in seconds.
fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Ordinary JSON of about `n` bytes: the twitter corpus file, repeated in an array.
fn ordinary(n: usize) -> Vec<u8> {
    let doc = common::read("bench/twitter_status.json");
    let mut out = b"[".to_vec();
    while out.len() < n {
        if out.len() > 1 {
            out.push(b',');
        }
        out.extend_from_slice(&doc);
    }
    out.push(b']');
    out
}

/// Seconds per byte of the two baselines: validating, and building a `Value`.
struct Baseline {
    validate: f64,
    value: f64,
}

impl Baseline {
    fn measure() -> Baseline {
        let doc = ordinary(4 << 20);
        let n = doc.len() as f64;
        let validate = time(3, || jet::text::validate(&doc).unwrap()) / n;
        let value = time(3, || drop(black_box(jet::from_slice::<Value>(&doc).unwrap()))) / n;
        Baseline { validate, value }
    }
}

/// One row of the report.
struct Row {
    name: &'static str,
    bytes: usize,
    secs: f64,
    /// `secs` over the baseline's time for as many bytes.
    ratio: f64,
    peak: Option<usize>,
}

struct Table {
    base: Baseline,
    rows: Vec<Row>,
}

impl Table {
    /// Times `f` on `bytes` of input against the validation baseline (or the `Value` one);
    /// fails when it is more than `bound` times slower per byte.
    fn timed(&mut self, name: &'static str, bytes: usize, value: bool, bound: f64, mut f: impl FnMut()) {
        let secs = time(3, &mut f);
        let per_byte = if value { self.base.value } else { self.base.validate };
        let ratio = secs / (per_byte * bytes as f64);
        assert!(ratio <= bound, "{name}: {ratio:.1}× the linear baseline (bound {bound}×), {secs:.3} s");
        self.rows.push(Row { name, bytes, secs, ratio, peak: None });
    }

    /// The table as Markdown (the ratio is against validating or building a `Value` from as
    /// many bytes of ordinary JSON; for depth, against a document twice the limit deep).
    fn print(&self) {
        println!("| case | input bytes | time | ÷ linear baseline | peak heap |");
        println!("|---|---|---|---|---|");
        for r in &self.rows {
            let peak = r.peak.map_or("—".to_owned(), |p| format!("{:.1} MB", p as f64 / 1e6));
            let ratio = if r.ratio.is_nan() { "—".to_owned() } else { format!("{:.2}", r.ratio) };
            println!("| {} | {} | {:.3} s | {ratio} | {peak} |", r.name, r.bytes, r.secs);
        }
    }
}

/// A thread with a 512 KiB stack.
fn small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(512 << 10).spawn(f).unwrap().join().unwrap()
}

#[derive(Serialize, Deserialize, PartialEq, Clone, Debug)]
struct Node {
    next: Vec<Node>,
}

/// Arrays in arrays, read recursively.
#[derive(Deserialize, Debug)]
struct Arrays(#[allow(dead_code)] Vec<Arrays>);

/// `{"a": {"a": …}}`, read recursively.
#[derive(Deserialize, Debug)]
struct Objects {
    #[allow(dead_code)]
    a: Option<Box<Objects>>,
}

#[test]
fn adversarial_table() {
    let mut t = Table { base: Baseline::measure(), rows: Vec::new() };
    depth(&mut t);
    numbers(&mut t);
    strings(&mut t);
    objects(&mut t);
    volume(&mut t);
    truncation(&mut t);
    ndjson(&mut t);
    t.print();
}

fn depth(t: &mut Table) {
    const N: usize = 1_000_000;
    let limit = jet::DEFAULT_MAX_DEPTH;
    for (name, unit) in [("depth: [ × 10^6", "["), ("depth: {\"a\": × 10^6", "{\"a\":")] {
        let at = (unit.len() * limit) as u64;
        let all = |doc: &[u8]| {
            let e = jet::text::validate(doc).unwrap_err();
            assert!(e.is_limit() && e.offset() == at, "{e}");
            let e = jet::from_slice::<Value>(doc).unwrap_err();
            assert!(e.is_limit() && e.offset() == at, "Value: {e}");
            let e = jet::get(doc, "/a/0").unwrap_err();
            assert!(e.is_limit() || e.is_wrong_type() || e.is_not_found(), "get: {e}");
            let mut reader = Reader::from_reader(doc);
            let e = reader.skip_value().unwrap_err();
            assert!(e.is_limit() && e.offset() == at, "io::Read: {e}");
            // Typed decoding recurses: its limit is 128 levels.
            let e = if doc[0] == b'[' {
                jet::from_slice::<Arrays>(doc).unwrap_err()
            } else {
                jet::from_slice::<Objects>(doc).unwrap_err()
            };
            assert!(e.is_limit() && e.offset() == (unit.len() * 128) as u64, "typed: {e}");
        };
        // The limit is hit before the rest is scanned: 10^6 levels take about as long as
        // twice the limit (the baseline here).
        let (doc, prefix) = (unit.repeat(N).into_bytes(), unit.repeat(2 * limit).into_bytes());
        let (secs, base) = (time(3, || all(&doc)), time(3, || all(&prefix)));
        let ratio = secs / base;
        assert!(ratio < 5.0, "{name}: {ratio:.1}× the time for {} levels", 2 * limit);
        t.rows.push(Row { name, bytes: doc.len(), secs, ratio, peak: None });
    }

    // The deepest allowed document, on a 512 KiB stack: Value and lazy at the depth limit,
    // typed at its recursion limit.
    small_stack(move || {
        let doc = format!("{}1{}", "[".repeat(limit), "]".repeat(limit));
        let v: Value = jet::from_str(&doc).unwrap();
        assert_eq!(v.to_string(), doc, "printed");
        assert_eq!(jet::to_string(&v).unwrap(), doc, "serialized");
        let pretty = format!("{v:#}");
        assert_eq!(jet::from_str::<Value>(&pretty).unwrap(), v, "pretty, read back");
        let copy = v.clone();
        assert!(copy == v, "compared");
        drop(copy);
        drop(v);
        let pointer = "/0".repeat(limit - 1);
        let lazy = jet::get(&doc, pointer.as_str()).unwrap();
        assert_eq!(lazy.as_raw_str(), "[1]");
        assert_eq!(jet::get(&doc, format!("{pointer}/0").as_str()).unwrap().as_u64().unwrap(), 1);

        // `{"next":[` is two levels: 63 of them around `{"next":[]}` make 127, one more 129.
        let nodes = |k: usize| format!("{}{{\"next\":[]}}{}", "{\"next\":[".repeat(k), "]}".repeat(k));
        let typed = nodes(jet::DEFAULT_MAX_RECURSION / 2 - 1);
        let node: Node = jet::from_str(&typed).unwrap();
        assert_eq!(jet::to_string(&node).unwrap(), typed, "typed, serialized");
        assert_eq!(node.clone(), node, "typed, cloned and compared");
        drop(node);
        let e = jet::from_str::<Node>(&nodes(jet::DEFAULT_MAX_RECURSION / 2)).unwrap_err();
        assert!(e.is_limit(), "{e}");
    });
}

fn numbers(t: &mut Table) {
    const DIGITS: usize = 10_000_000;
    let integer = format!("1{}", "0".repeat(DIGITS - 1));
    t.timed("number: 10^7-digit integer, validate", DIGITS, false, 20.0, || {
        jet::text::validate(integer.as_bytes()).unwrap();
    });
    t.timed("number: 10^7-digit integer into Value (exact)", DIGITS, true, 20.0, || {
        let v: Value = jet::from_str(&integer).unwrap();
        assert_eq!(v.as_number().unwrap().as_text().map(str::len), Some(DIGITS));
    });
    let e = jet::from_str::<u64>(&integer).unwrap_err();
    assert!(e.is_data(), "{e}");
    let e = jet::from_str::<f64>(&integer).unwrap_err();
    assert!(e.is_data(), "1e9999999 into f64: {e}");
    let fraction = format!("0.{}", "3".repeat(DIGITS));
    t.timed("number: 10^7-digit fraction into f64", DIGITS, true, 20.0, || {
        assert_eq!(jet::from_str::<f64>(&fraction).unwrap(), 0.3333333333333333);
    });

    // Range: out of range is an error, never an infinity; underflow is a signed zero.
    for text in ["1e1000000000", "-1e400", "1.7976931348623159e308"] {
        let e = jet::from_str::<f64>(text).unwrap_err();
        assert!(e.is_data() && e.to_string().contains("out of range"), "{text}: {e}");
        assert!(jet::from_str::<Value>(text).unwrap_err().is_data(), "{text} into Value");
    }
    for (text, negative) in [("1e-1000000000", false), ("-1e-1000000000", true), ("-0.0", true), ("-0", true)]
    {
        let f: f64 = jet::from_str(text).unwrap();
        assert!(f == 0.0 && f.is_sign_negative() == negative, "{text}: {f:?}");
    }
    let v: Value = jet::from_str("-0.0").unwrap();
    assert_eq!(v.to_string(), "-0.0", "-0.0 keeps its sign through Value");
    // Beyond 64 bits: an error for integer targets, exact in Value (and with lossless numbers).
    for text in ["18446744073709551616", "-9223372036854775809", "123456789012345678901234567890"] {
        assert!(jet::from_str::<u64>(text).unwrap_err().is_data(), "{text} into u64");
        assert!(jet::from_str::<i64>(text).unwrap_err().is_data(), "{text} into i64");
        assert_eq!(jet::from_str::<Value>(text).unwrap().to_string(), text, "{text} in Value");
        let lossless = Options::default().lossless_numbers(true);
        assert_eq!(lossless.from_str::<Value>(text).unwrap().to_string(), text);
    }
    // Correct rounding at the edges (the standard library's parser is correctly rounded).
    for text in [
        "1.7976931348623158e308",
        "0.9999999999999999",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "4.9406564584124654e-324",
        "9007199254740993",
        "0.1e-400000000000",
        "1448997445238699",
        "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999",
    ] {
        let want: f64 = text.parse().unwrap();
        let got: f64 = jet::from_str(text).unwrap();
        assert_eq!(got.to_bits(), want.to_bits(), "{text}");
    }

    // 10^7 random f64 through jet's writer and reader, in arrays of 10^5: not one mismatch.
    let mut rng = common::Rng(0x5EED);
    let mut mismatches = 0;
    let mut floats = Vec::with_capacity(100_000);
    let start = Instant::now();
    for _ in 0..100 {
        floats.clear();
        floats.extend((0..100_000).map(|_| f64::from_bits(rng.next_u64())).filter(|f| f.is_finite()));
        let text = jet::to_string(&floats).unwrap();
        let back: Vec<f64> = jet::from_str(&text).unwrap();
        mismatches += floats.iter().zip(&back).filter(|(a, b)| a.to_bits() != b.to_bits()).count();
    }
    assert_eq!(mismatches, 0);
    t.rows.push(Row {
        name: "number: 10^7 random f64 written and read back, 0 mismatches",
        bytes: 0,
        secs: start.elapsed().as_secs_f64(),
        ratio: f64::NAN,
        peak: None,
    });
}

fn strings(t: &mut Table) {
    const N: usize = 1_000_000;
    let escapes = format!("\"{}\"", "\\u0041".repeat(N));
    t.timed("string: 10^6 \\u0041 escapes, validate", escapes.len(), false, 20.0, || {
        jet::text::validate(escapes.as_bytes()).unwrap();
    });
    t.timed("string: 10^6 \\u0041 escapes into String", escapes.len(), true, 20.0, || {
        let s: String = jet::from_str(&escapes).unwrap();
        assert!(s.len() == N && s.bytes().all(|b| b == b'A'));
    });

    // Raw control bytes and NUL at every position of a 64-byte string: an error right there.
    let clean = format!("[\"{}\"]", "abcdefgh".repeat(8));
    for at in 2..66 {
        for byte in [0x00u8, 0x01, 0x0a, 0x1f] {
            let mut doc = clean.clone().into_bytes();
            doc[at] = byte;
            let e = jet::text::validate(&doc).unwrap_err();
            assert!(e.is_syntax() && e.offset() == at as u64, "{byte:#x} at {at}: {e}");
            let e = Reader::with_capacity(&doc[..], 64).skip_value().unwrap_err();
            assert_eq!(e.offset(), at as u64, "io::Read: {byte:#x} at {at}: {e}");
        }
    }
    // Invalid UTF-8 at every offset of a 64-byte window of multi-byte text, checked against
    // the standard library's validator (a stray byte can also complete a valid sequence).
    let text = "é€😀a".repeat(6) + "abcd";
    assert_eq!(text.len(), 64);
    let bad: [&[u8]; 7] =
        [b"\x80", b"\xc0\xaf", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xf8", b"\xff"];
    for at in 0..64 {
        for seq in bad {
            let mut doc = b"[\"".to_vec();
            let mut body = text.as_bytes().to_vec();
            body.splice(at..at, seq.iter().copied());
            doc.extend_from_slice(&body);
            doc.extend_from_slice(b"\"]");
            let Err(std_error) = std::str::from_utf8(&body) else {
                jet::text::validate(&doc).unwrap();
                continue;
            };
            let e = jet::text::validate(&doc).unwrap_err();
            assert!(e.is_syntax(), "{seq:x?} at {at}: {e}");
            let first_bad = 2 + std_error.valid_up_to();
            assert_eq!(e.offset(), first_bad as u64, "{seq:x?} at {at}: {e}");
            let e = Reader::with_capacity(&doc[..], 64).skip_value().unwrap_err();
            assert_eq!(e.offset(), first_bad as u64, "io::Read: {seq:x?} at {at}: {e}");
        }
    }
    // A multi-byte sequence cut at each byte: the end of input (more could make it valid), or
    // an invalid byte when something follows.
    for ch in ["é", "€", "😀"] {
        for cut in 1..ch.len() {
            let mut doc = b"\"".to_vec();
            doc.extend_from_slice(&ch.as_bytes()[..cut]);
            assert!(jet::text::validate(&doc).unwrap_err().is_eof(), "{ch} cut at {cut}");
            doc.push(b'"');
            let e = jet::text::validate(&doc).unwrap_err();
            assert!(e.is_syntax() && e.offset() == 1, "{ch} cut at {cut}, closed: {e}");
        }
    }
}

fn objects(t: &mut Table) {
    const N: usize = 100_000;
    let object = |keys: &mut dyn Iterator<Item = String>| {
        let members: Vec<String> = keys.map(|k| format!("\"{k}\":1")).collect();
        format!("{{{}}}", members.join(","))
    };
    let distinct = object(&mut (0..N).map(|i| format!("key{i:08}")));
    // Keys built from the blocks "Aa" and "BB", which have the same Java `hashCode`: 2^17 keys
    // that all collide under that (weak, unseeded) hash.
    let colliding =
        object(&mut (0..N).map(|i| (0..17).map(|b| if i >> b & 1 == 0 { "Aa" } else { "BB" }).collect()));
    for (name, doc) in [
        ("object: 10^5 distinct keys", &distinct),
        ("object: 10^5 keys colliding under a weak hash", &colliding),
    ] {
        t.timed(name, doc.len(), true, 20.0, || {
            jet::text::validate(doc.as_bytes()).unwrap();
            let v: Value = jet::from_str(doc).unwrap();
            assert_eq!(v.as_object().unwrap().len(), N);
        });
    }
    // A large object, then many of 70 names, past the 64 at which an object may get a name
    // table: a reused table clears the room the last object needed, not all the large one left
    // (which took 59× the baseline here: time in the product of the two sizes).
    let small = object(&mut (0..70).map(|i| format!("k{i}")));
    let mut after_large = distinct.clone();
    after_large.insert(0, '[');
    for _ in 0..10_000 {
        after_large.push(',');
        after_large.push_str(&small);
    }
    after_large.push(']');
    t.timed("objects: one of 10^5 keys, then 10^4 of 70 (validate)", after_large.len(), false, 20.0, || {
        jet::text::validate(after_large.as_bytes()).unwrap();
    });
    // The last key repeats the first, spelled with escapes: found, in linear time.
    let mut keys: Vec<String> = (0..N).map(|i| format!("key{i:08}")).collect();
    keys.push("\\u006bey00000000".to_owned());
    let dup = object(&mut keys.into_iter());
    let at = dup.rfind("\"\\u006b").unwrap() as u64;
    t.timed("object: 10^5 keys, the last an escaped duplicate", dup.len(), true, 20.0, || {
        let e = jet::text::validate(dup.as_bytes()).unwrap_err();
        assert!(e.offset() == at && e.to_string().contains("duplicate object name \"key00000000\""), "{e}");
        let e = jet::from_str::<Value>(&dup).unwrap_err();
        assert_eq!(e.offset(), at, "{e}");
        let e = jet::from_str::<std::collections::HashMap<String, u8>>(&dup).unwrap_err();
        assert_eq!(e.offset(), at, "{e}");
    });
}

fn volume(t: &mut Table) {
    // 10^8 bytes of whitespace around one value.
    let mut ws = vec![b' '; 100_000_000];
    ws[50_000_000] = b'1';
    for (i, b) in ws.iter_mut().enumerate().step_by(7) {
        if i != 50_000_000 {
            *b = b"\n\t\r "[i % 4];
        }
    }
    t.timed("10^8 bytes of whitespace", ws.len(), false, 20.0, || jet::text::validate(&ws).unwrap());
    drop(ws);

    // 10 MB of `[[],[],…]` into a Value: memory per input byte, bounded.
    let n = 10_000_000 / 3;
    let doc = format!("[{}[]]", "[],".repeat(n - 1));
    let (v, peak) = peak_during(|| jet::from_str::<Value>(&doc).unwrap());
    assert_eq!(v.as_array().unwrap().len(), n);
    drop(v);
    let per_byte = peak as f64 / doc.len() as f64;
    // A Value is 32 bytes; an empty array 3 bytes of input: about 11 bytes per byte, doubled
    // while the outer array grows.
    assert!(per_byte < 32.0, "{per_byte:.1} bytes of heap per input byte");
    t.timed("10 MB of [[],[],…] into Value", doc.len(), true, 20.0, || {
        drop(black_box(jet::from_str::<Value>(&doc)))
    });
    t.rows.last_mut().unwrap().peak = Some(peak);
}

fn truncation(t: &mut Table) {
    // Every proper prefix of two corpus files: an end-of-input error, never a value.
    for file in ["bench/string_unicode.json", "bench/string_escaped.json"] {
        let doc = common::read(file);
        let end = doc.iter().rposition(|b| !b.is_ascii_whitespace()).unwrap();
        let start = Instant::now();
        for cut in 0..=end {
            let e = jet::text::validate(&doc[..cut]).unwrap_err();
            assert!(e.is_eof(), "{file} cut at {cut}: {e}");
        }
        jet::text::validate(&doc[..=end]).unwrap();
        t.rows.push(Row {
            name: if file.contains("unicode") {
                "truncated at every byte: string_unicode.json"
            } else {
                "truncated at every byte: string_escaped.json"
            },
            bytes: end + 1,
            secs: start.elapsed().as_secs_f64(),
            ratio: f64::NAN,
            peak: None,
        });
    }
}

/// NDJSON generated on the fly: the input takes no memory of its own.
struct Records {
    left: u64,
    line: Vec<u8>,
    pos: usize,
}

impl io::Read for Records {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.line.len() {
            if self.left == 0 {
                return Ok(0);
            }
            self.left -= 1;
            self.pos = 0;
            // Every 100,000th record is a big one (64 KiB of string).
            self.line.clear();
            let n = self.left;
            if n.is_multiple_of(100_000) {
                self.line.extend_from_slice(
                    format!("{{\"id\":{n},\"blob\":\"{}\"}}\n", "x".repeat(64 << 10)).as_bytes(),
                );
            } else {
                let record = format!(
                    "{{\"id\":{n},\"name\":\"user \\u00e9 {n}\",\"tags\":[\"a\",\"b\",{{\"deep\":[{n},{n}.5]}}],\"ok\":true}}\n"
                );
                self.line.extend_from_slice(record.as_bytes());
            }
        }
        let k = buf.len().min(self.line.len() - self.pos);
        buf[..k].copy_from_slice(&self.line[self.pos..self.pos + k]);
        self.pos += k;
        Ok(k)
    }
}

fn ndjson(t: &mut Table) {
    // Over 1 GB: 10^7 records of about 100 bytes, and 100 of 64 KiB.
    let records = 10_000_000;
    let start = Instant::now();
    let ((count, bytes), peak) = peak_during(|| {
        let input = Records { left: records, line: Vec::with_capacity(80 << 10), pos: 0 };
        let mut reader = Reader::from_reader(input).stream(true);
        let mut count = 0u64;
        while reader.peek_kind().unwrap().is_some() {
            reader.skip_value().unwrap();
            count += 1;
        }
        reader.finish().unwrap();
        (count, reader.offset())
    });
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(count, records);
    assert!(bytes > 1_000_000_000, "{bytes} bytes");
    // The generator's own line buffer (80 KiB) is in the peak too.
    let largest = (64 << 10) + 64;
    assert!(peak <= (8 << 20) + largest, "peak heap {peak} bytes reading {bytes} bytes");
    let ratio = secs / (t.base.validate * bytes as f64);
    t.rows.push(Row {
        name: "NDJSON, 1 GB through io::Read (10^7 records)",
        bytes: bytes as usize,
        secs,
        ratio,
        peak: Some(peak),
    });
}
