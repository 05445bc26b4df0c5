//! Runs one jet operation on one file in a loop, for a profiler:
//! `cargo build --release -p jet-bench --example profile` then
//! `valgrind --tool=callgrind target/release/examples/profile validate testdata/bench/twitter_status.json 20`.

#[allow(dead_code)]
#[path = "../src/typed.rs"]
mod typed;

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().expect("operation: validate | validate-io | tokens | serde-ignored | sonic-ignored");
    let path = args.next().expect("file");
    let iters: usize = args.next().map_or(100, |n| n.parse().expect("iterations"));
    // A generated document of the typed bench by its name ("gen: flat struct"), or a file.
    let bytes = if path.starts_with("gen: ") {
        let mut docs = typed::generated().into_iter();
        docs.find(|(name, _)| *name == path).expect("a generated document's name").1
    } else {
        std::fs::read(&path).expect("reading the file")
    };
    let mut n = 0u64;
    for _ in 0..iters {
        match op.as_str() {
            "validate" => jet::text::validate(&bytes).expect("valid"),
            "validate-dup" => {
                let opts = jet::Options::default().allow_duplicate_names(true);
                jet::text::validate_with(&bytes, &opts).expect("valid")
            }
            "validate-io-16k" | "validate-io-256k" => {
                let cap = if op == "validate-io-16k" { 16 << 10 } else { 256 << 10 };
                let mut r = jet::text::Reader::with_capacity(&bytes[..], cap);
                r.skip_value().and_then(|()| r.finish()).expect("valid");
            }
            "validate-io" => {
                let mut r = jet::text::Reader::from_reader(&bytes[..]);
                r.skip_value().and_then(|()| r.finish()).expect("valid");
            }
            "tokens" => {
                let mut r = jet::text::Reader::from_slice(&bytes);
                while let Some(t) = r.next_token().expect("valid") {
                    std::hint::black_box(t);
                    n += 1;
                }
            }
            "value" => {
                let v: jet::Value = jet::from_slice(&bytes).expect("valid");
                n += std::hint::black_box(v).is_object() as u64;
            }
            "serde-value" => {
                let v: serde_json::Value = serde_json::from_slice(&bytes).expect("valid");
                n += std::hint::black_box(v).is_object() as u64;
            }
            "race" => {
                // jet and serde_json Values alternately, each timed: how they fare when the
                // heap is shared (as in the bench).
                let t = std::time::Instant::now();
                let v: jet::Value = jet::from_slice(&bytes).expect("valid");
                drop(std::hint::black_box(v));
                let a = t.elapsed();
                let t = std::time::Instant::now();
                let v: serde_json::Value = serde_json::from_slice(&bytes).expect("valid");
                drop(std::hint::black_box(v));
                let b = t.elapsed();
                eprintln!("jet {:?} serde_json {:?}", a, b);
            }
            "serde-ignored" => {
                serde_json::from_slice::<serde::de::IgnoredAny>(&bytes).expect("valid");
            }
            "sonic-ignored" => {
                sonic_rs::from_slice::<serde::de::IgnoredAny>(&bytes).expect("valid");
            }
            "decode" | "serde-decode" | "sonic-decode" | "encode" | "serde-encode" | "sonic-encode" => {
                let file = std::path::Path::new(&path).file_name().unwrap().to_str().unwrap();
                let result = match op.as_str() {
                    "decode" => typed::decode::<typed::Jet>(file, &bytes),
                    "serde-decode" => typed::decode::<typed::SerdeJson>(file, &bytes),
                    "sonic-decode" => typed::decode::<typed::Sonic>(file, &bytes),
                    "encode" => typed::encode::<typed::Jet>(file, &bytes),
                    "serde-encode" => typed::encode::<typed::SerdeJson>(file, &bytes),
                    _ => typed::encode::<typed::Sonic>(file, &bytes),
                };
                n += result.expect("typed op");
            }
            other => panic!("unknown operation {other}"),
        }
    }
    std::hint::black_box(n);
}
