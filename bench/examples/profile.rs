//! Runs one jet operation on one file in a loop, for a profiler:
//! `cargo build --release -p jet-bench --example profile` then
//! `valgrind --tool=callgrind target/release/examples/profile validate testdata/bench/twitter_status.json 20`.
//! `profile race:validate,serde-ignored FILE 300` times several operations alternately in one
//! process instead, and prints each one's ratio to the first (of the medians, and the median of
//! the rounds' ratios).

#[allow(dead_code)]
#[path = "../src/get.rs"]
mod get;
#[allow(dead_code)]
#[path = "../src/typed.rs"]
mod typed;
#[allow(dead_code)]
#[path = "../src/value.rs"]
mod value;

/// jet with duplicate names allowed: what the duplicate checks cost.
struct JetDup;

impl typed::Lib for JetDup {
    fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        jet::Options::default().allow_duplicate_names(true).from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
        jet::Options::default().allow_duplicate_names(true).to_vec(value).map_err(|e| e.to_string())
    }
}

/// jet's and serde_json's indented text (two spaces a level), for the pretty printers' line steps.
struct JetPretty;
struct SerdePretty;

impl typed::Lib for JetPretty {
    fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        jet::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
        jet::to_vec_pretty(value).map_err(|e| e.to_string())
    }
}

impl typed::Lib for SerdePretty {
    fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
        serde_json::to_vec_pretty(value).map_err(|e| e.to_string())
    }
}

/// `from_value` of a clone of the document's `Value` (the clone is part of the time, for both)
/// as the "decode", and `to_value` as the "encode" (its output dropped): jet's and serde_json's.
struct JetValueConvert;
struct SerdeValueConvert;

impl typed::Lib for JetValueConvert {
    fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        jet::from_value(pretty_values(bytes).0.clone()).map_err(|e| e.to_string())
    }
    fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
        std::hint::black_box(jet::to_value(value).map_err(|e| e.to_string())?);
        Ok(Vec::new())
    }
}

impl typed::Lib for SerdeValueConvert {
    fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_value(pretty_values(bytes).1.clone()).map_err(|e| e.to_string())
    }
    fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
        std::hint::black_box(serde_json::to_value(value).map_err(|e| e.to_string())?);
        Ok(Vec::new())
    }
}

/// The document as jet's and serde_json's `Value`, parsed on the first call (the process
/// profiles one file).
fn pretty_values(bytes: &[u8]) -> &'static (jet::Value, serde_json::Value) {
    static VALUES: std::sync::OnceLock<(jet::Value, serde_json::Value)> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| {
        (jet::from_slice(bytes).expect("valid"), serde_json::from_slice(bytes).expect("valid"))
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args
        .next()
        .expect("operation: validate | validate-str | validate-io | tokens | value | value-write | serde-ignored | sonic-ignored | decode | encode | serde-… | sonic-… (see `run`)");
    let path = args.next().expect("file");
    let iters: usize = args.next().map_or(100, |n| n.parse().expect("iterations"));
    // A generated document of the typed bench by its name ("gen: flat struct"), or a file.
    let bytes = if path.starts_with("gen: ") {
        let mut docs = typed::generated().into_iter();
        docs.find(|(name, _)| *name == path).expect("a generated document's name").1
    } else {
        std::fs::read(&path).expect("reading the file")
    };
    // "print" writes the document (a generated one, to look at) to stdout.
    if op == "print" {
        use std::io::Write;
        std::io::stdout().write_all(&bytes).expect("writing stdout");
        return;
    }
    // "race:A,B" times operations A and B alternately in this process, `iters` rounds, and
    // prints each one's best and median time: a steadier comparison than two processes.
    if let Some(ops) = op.strip_prefix("race:") {
        let ops: Vec<&str> = ops.split(',').collect();
        // Each sample runs an operation often enough to take about 50 µs (by the slowest
        // operation's first run), so that the clock and the machine's jitter weigh little on
        // small documents.
        let once = ops.iter().map(|op| {
            let t = std::time::Instant::now();
            std::hint::black_box(run(op, &path, &bytes));
            t.elapsed()
        });
        let slowest = once.max().unwrap_or_default().max(std::time::Duration::from_nanos(1));
        let reps = (50_000 / slowest.as_nanos()).clamp(1, 10_000) as u32;
        let mut times = vec![Vec::with_capacity(iters); ops.len()];
        for _ in 0..iters {
            for (op, times) in ops.iter().zip(&mut times) {
                let t = std::time::Instant::now();
                for _ in 0..reps {
                    std::hint::black_box(run(op, &path, &bytes));
                }
                times.push(t.elapsed() / reps);
            }
        }
        // The ratio of each round (both operations timed within a fraction of a second), then
        // the median of those: steadier than the ratio of the medians on a noisy machine.
        let by_round: Vec<f64> = times
            .iter()
            .map(|t| {
                let mut r: Vec<f64> =
                    times[0].iter().zip(t).map(|(a, b)| a.as_secs_f64() / b.as_secs_f64()).collect();
                r.sort_by(f64::total_cmp);
                r[r.len() / 2]
            })
            .collect();
        let best = |t: &mut Vec<std::time::Duration>| {
            t.sort();
            (t[0], t[t.len() / 2])
        };
        let (first_best, first_median) = best(&mut times[0]);
        for ((op, times), by_round) in ops.iter().zip(&mut times).zip(by_round) {
            let (min, median) = best(times);
            println!(
                "{op:>16}: best {min:>10.3?} median {median:>10.3?}  (first / this: best {:.3}, median {:.3}, round by round {by_round:.3})",
                first_best.as_secs_f64() / min.as_secs_f64(),
                first_median.as_secs_f64() / median.as_secs_f64()
            );
        }
        return;
    }
    let mut n = 0u64;
    for _ in 0..iters {
        n += run(&op, &path, &bytes);
    }
    std::hint::black_box(n);
}

/// One run of operation `op` on `bytes` (read from `path`).
fn run(op: &str, path: &str, bytes: &[u8]) -> u64 {
    let mut n = 0u64;
    match op {
        "validate" => jet::text::validate(bytes).expect("valid"),
        "validate-str" | "validate-str-dup" => {
            // Validation from a `str`, which needs no UTF-8 check: what that check costs; with
            // "-dup", duplicate names allowed too: what both strict checks cost together. The
            // file's UTF-8 is checked once, not per run (std's check would dominate the time).
            static UTF8: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            assert!(*UTF8.get_or_init(|| std::str::from_utf8(bytes).is_ok()), "the file is UTF-8");
            // SAFETY: checked above; every run gets the same bytes (the file read once in `main`).
            let text = unsafe { std::str::from_utf8_unchecked(bytes) };
            let opts = jet::Options::default().allow_duplicate_names(op == "validate-str-dup");
            let mut r = jet::text::Reader::from_str(text).with_options(&opts);
            r.skip_value().and_then(|()| r.finish()).expect("valid");
        }
        "validate-dup" => {
            let opts = jet::Options::default().allow_duplicate_names(true);
            jet::text::validate_with(bytes, &opts).expect("valid")
        }
        "validate-io-16k" | "validate-io-256k" => {
            let cap = if op == "validate-io-16k" { 16 << 10 } else { 256 << 10 };
            let mut r = jet::text::Reader::with_capacity(bytes, cap);
            r.skip_value().and_then(|()| r.finish()).expect("valid");
        }
        "validate-io" => {
            let mut r = jet::text::Reader::from_reader(bytes);
            r.skip_value().and_then(|()| r.finish()).expect("valid");
        }
        "tokens" => {
            let mut r = jet::text::Reader::from_slice(bytes);
            while let Some(t) = r.next_token().expect("valid") {
                std::hint::black_box(t);
                n += 1;
            }
        }
        "value" => {
            let v: jet::Value = jet::from_slice(bytes).expect("valid");
            n += std::hint::black_box(v).is_object() as u64;
        }
        "value-via-document" => {
            // A `Value` by way of a `Document`'s tape (the walk, then a tree of exact-size
            // blocks), against `value`'s builder on the reader's tokens.
            let v = jet::Options::strict().document_from_slice(bytes).expect("valid").to_value();
            n += std::hint::black_box(v).is_object() as u64;
        }
        "value-clone" => {
            // A copy of the file's `Value`, parsed once: the same heap blocks as a parse makes,
            // with no parsing. What the tree's allocations and copies cost on their own.
            static PARSED: std::sync::OnceLock<jet::Value> = std::sync::OnceLock::new();
            let v = PARSED.get_or_init(|| jet::from_slice(bytes).expect("valid")).clone();
            n += std::hint::black_box(v).is_object() as u64;
        }
        "document" => n += value::jet_document_parse(path, bytes).expect("valid"),
        "sonic-value" => n += value::sonic_parse(path, bytes).expect("valid"),
        "simd-value-borrowed" => {
            let mut copy = bytes.to_vec();
            let v = simd_json::to_borrowed_value(&mut copy).expect("valid");
            n += matches!(std::hint::black_box(v), simd_json::BorrowedValue::Object(_)) as u64;
        }
        "serde-value" => {
            let v: serde_json::Value = serde_json::from_slice(bytes).expect("valid");
            n += std::hint::black_box(v).is_object() as u64;
        }
        "value-write" => n += value::jet_write(path, bytes).expect("written"),
        "value-clone-both" => {
            let (a, b) = pretty_values(bytes);
            n += std::hint::black_box(a.clone()).is_object() as u64
                + std::hint::black_box(b.clone()).is_object() as u64;
        }
        "value-write-pretty" => {
            n += jet::to_vec_pretty(&pretty_values(bytes).0).expect("written").len() as u64
        }
        "serde-value-write-pretty" => {
            n += serde_json::to_vec_pretty(&pretty_values(bytes).1).expect("written").len() as u64
        }
        "get-early" => n += get::jet_early(path, bytes).expect("found"),
        "get-late" => n += get::jet_late(path, bytes).expect("found"),
        "get-early-trusted" => n += get::jet_trusted_early(path, bytes).expect("found"),
        "sonic-get-early" => n += get::sonic_early(path, bytes).expect("found"),
        "gjson-get-early" => n += get::gjson_early(path, bytes).expect("found"),
        "get-late-trusted" => n += get::jet_trusted_late(path, bytes).expect("found"),
        "sonic-get-late" => n += get::sonic_late(path, bytes).expect("found"),
        "gjson-get-late" => n += get::gjson_late(path, bytes).expect("found"),
        "get-many" => n += get::jet_many(path, bytes).expect("found"),
        "sonic-get-many" => n += get::sonic_many(path, bytes).expect("found"),
        "serde-value-write" => n += value::serde_json_write(path, bytes).expect("written"),
        "sonic-value-write" => n += value::sonic_write(path, bytes).expect("written"),
        "serde-ignored" => {
            serde_json::from_slice::<serde::de::IgnoredAny>(bytes).expect("valid");
        }
        "sonic-ignored" => {
            sonic_rs::from_slice::<serde::de::IgnoredAny>(bytes).expect("valid");
        }
        "decode"
        | "decode-dup"
        | "serde-decode"
        | "sonic-decode"
        | "simd-decode"
        | "encode"
        | "encode-dup"
        | "serde-encode"
        | "sonic-encode"
        | "encode-pretty"
        | "serde-encode-pretty"
        | "encode-writer"
        | "from-value"
        | "serde-from-value"
        | "to-value"
        | "serde-to-value" => {
            let file = std::path::Path::new(&path).file_name().unwrap().to_str().unwrap();
            let result = match op {
                "decode" => typed::decode::<typed::Jet>(file, bytes),
                "decode-dup" => typed::decode::<JetDup>(file, bytes),
                "serde-decode" => typed::decode::<typed::SerdeJson>(file, bytes),
                "sonic-decode" => typed::decode::<typed::Sonic>(file, bytes),
                "simd-decode" => typed::decode::<typed::SimdJson>(file, bytes),
                "encode" => typed::encode::<typed::Jet>(file, bytes),
                "encode-dup" => typed::encode::<JetDup>(file, bytes),
                "serde-encode" => typed::encode::<typed::SerdeJson>(file, bytes),
                "encode-pretty" => typed::encode::<JetPretty>(file, bytes),
                "encode-writer" => typed::encode::<typed::JetReader>(file, bytes),
                "from-value" => typed::decode::<JetValueConvert>(file, bytes),
                "serde-from-value" => typed::decode::<SerdeValueConvert>(file, bytes),
                "to-value" => typed::encode::<JetValueConvert>(file, bytes),
                "serde-to-value" => typed::encode::<SerdeValueConvert>(file, bytes),
                "serde-encode-pretty" => typed::encode::<SerdePretty>(file, bytes),
                _ => typed::encode::<typed::Sonic>(file, bytes),
            };
            n += result.expect("typed op");
        }
        other => panic!("unknown operation {other}"),
    }
    n
}
