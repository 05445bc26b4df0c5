//! jet against serde_json and sonic-rs, in one process.
//!
//! For every corpus file and every operation, each library's output is checked first; then the
//! libraries run interleaved round by round (the starting library rotates), each sample timing
//! enough iterations to last about 20 ms. Reported: the median MB/s over the rounds, ratios
//! against the peers, and allocations (count and bytes) per operation.
//!
//! ```text
//! cargo run --release -p jet-bench -- [--rounds N] [--op NAME] [--label NAME] [--write bench/RESULTS.md] [FILTER...]
//! ```
//!
//! FILTER keeps only files whose name contains one of the words. `--write` replaces this
//! label's section of the results file (the date, CPU and table), leaving other sections.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

mod report;

struct Counting;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static ALLOC_BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: forwards every call to the system allocator unchanged; it only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        ALLOC_BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` is passed on as is.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        ALLOC_BYTES.fetch_add(new_size as u64, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed on as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One contender: a name and a function that does the operation once, returning a number that
/// is checked to be the same for every contender of the operation (e.g. a token count).
struct Contender {
    name: &'static str,
    run: fn(&[u8]) -> Result<u64, String>,
}

/// An operation measured on every file.
struct Operation {
    name: &'static str,
    contenders: Vec<Contender>,
    /// The contender the others are compared against.
    baseline: &'static str,
}

fn jet_validate(bytes: &[u8]) -> Result<u64, String> {
    jet::text::validate(bytes).map(|()| 1).map_err(|e| e.to_string())
}

fn jet_validate_io(bytes: &[u8]) -> Result<u64, String> {
    let mut reader = jet::text::Reader::from_reader(bytes);
    reader.skip_value().and_then(|()| reader.finish()).map(|()| 1).map_err(|e| e.to_string())
}

/// Reads every token, returning how many there were.
fn count_tokens<I: jet::text::Input>(mut reader: jet::text::Reader<I>) -> Result<u64, String> {
    let mut n = 0;
    while let Some(token) = reader.next_token().map_err(|e| e.to_string())? {
        black_box(&token);
        n += 1;
    }
    Ok(n)
}

fn jet_tokens(bytes: &[u8]) -> Result<u64, String> {
    count_tokens(jet::text::Reader::from_slice(bytes))
}

fn jet_tokens_io(bytes: &[u8]) -> Result<u64, String> {
    count_tokens(jet::text::Reader::from_reader(bytes))
}

fn serde_json_ignored(bytes: &[u8]) -> Result<u64, String> {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map(|_| 1).map_err(|e| e.to_string())
}

fn sonic_ignored(bytes: &[u8]) -> Result<u64, String> {
    sonic_rs::from_slice::<serde::de::IgnoredAny>(bytes).map(|_| 1).map_err(|e| e.to_string())
}

/// Tokens as serde_json would see them: the nearest it offers is visiting a `Value`.
fn serde_json_value_tokens(bytes: &[u8]) -> Result<u64, String> {
    fn count(v: &serde_json::Value) -> u64 {
        // Iterative, so deep documents cannot overflow the stack.
        let mut stack = vec![v];
        let mut n = 0;
        while let Some(v) = stack.pop() {
            n += 1;
            match v {
                serde_json::Value::Array(a) => {
                    n += 1;
                    stack.extend(a.iter());
                }
                serde_json::Value::Object(o) => {
                    n += 1 + o.len() as u64;
                    stack.extend(o.values());
                }
                _ => {}
            }
        }
        n
    }
    let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    Ok(count(&v))
}

fn operations() -> Vec<Operation> {
    vec![
        Operation {
            name: "validate",
            baseline: "serde_json IgnoredAny",
            contenders: vec![
                Contender { name: "jet validate (slice)", run: jet_validate },
                Contender { name: "jet validate (io::Read)", run: jet_validate_io },
                Contender { name: "serde_json IgnoredAny", run: serde_json_ignored },
                Contender { name: "sonic-rs IgnoredAny", run: sonic_ignored },
            ],
        },
        Operation {
            name: "tokens",
            baseline: "serde_json Value",
            contenders: vec![
                Contender { name: "jet next_token (slice)", run: jet_tokens },
                Contender { name: "jet next_token (io::Read)", run: jet_tokens_io },
                Contender { name: "serde_json Value", run: serde_json_value_tokens },
            ],
        },
    ]
}

/// Measured figures of one contender on one file.
#[derive(Debug)]
pub struct Measured {
    pub contender: &'static str,
    pub mb_per_s: f64,
    pub allocs: u64,
    pub alloc_bytes: u64,
}

/// Results of one operation on one file.
#[derive(Debug)]
pub struct FileResult {
    pub file: String,
    pub bytes: usize,
    pub measured: Vec<Measured>,
}

const SAMPLE: Duration = Duration::from_millis(20);

fn measure(op: &Operation, name: &str, bytes: &[u8], rounds: usize) -> Result<FileResult, String> {
    // Check every output first; contenders that count tokens must agree.
    let mut counts = Vec::new();
    for c in &op.contenders {
        let n = (c.run)(bytes).map_err(|e| format!("{} on {name}: {e}", c.name))?;
        counts.push((c.name, n));
    }
    if op.name == "tokens" {
        let jet_count = counts[0].1;
        for (c, n) in &counts {
            if c.starts_with("jet") && *n != jet_count {
                return Err(format!("{c} on {name}: {n} tokens, not {jet_count}"));
            }
        }
    }
    // Allocations of one run, after the warm-up above.
    let mut allocations = Vec::new();
    for c in &op.contenders {
        let (a0, b0) = (ALLOCS.load(Ordering::Relaxed), ALLOC_BYTES.load(Ordering::Relaxed));
        black_box((c.run)(black_box(bytes)).ok());
        allocations.push((ALLOCS.load(Ordering::Relaxed) - a0, ALLOC_BYTES.load(Ordering::Relaxed) - b0));
    }
    // Iterations per sample, from a quick timing of each contender.
    let iters: Vec<u32> = op
        .contenders
        .iter()
        .map(|c| {
            let start = Instant::now();
            black_box((c.run)(black_box(bytes)).ok());
            let once = start.elapsed().max(Duration::from_micros(1));
            (SAMPLE.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32
        })
        .collect();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); op.contenders.len()];
    for round in 0..rounds {
        for k in 0..op.contenders.len() {
            let i = (k + round) % op.contenders.len();
            let c = &op.contenders[i];
            let start = Instant::now();
            for _ in 0..iters[i] {
                black_box((c.run)(black_box(bytes)).ok());
            }
            let secs = start.elapsed().as_secs_f64();
            samples[i].push(bytes.len() as f64 * f64::from(iters[i]) / secs / 1e6);
        }
    }
    let measured = op
        .contenders
        .iter()
        .zip(samples)
        .zip(allocations)
        .map(|((c, mut s), (allocs, alloc_bytes))| {
            s.sort_by(f64::total_cmp);
            Measured { contender: c.name, mb_per_s: s[s.len() / 2], allocs, alloc_bytes }
        })
        .collect();
    Ok(FileResult { file: name.to_owned(), bytes: bytes.len(), measured })
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/bench")
}

fn main() {
    let mut rounds = 15;
    let mut label = String::from("default build");
    let mut write: Option<PathBuf> = None;
    let mut filters: Vec<String> = Vec::new();
    let mut only_ops: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--label" => label = args.next().expect("--label NAME"),
            "--write" => write = Some(PathBuf::from(args.next().expect("--write PATH"))),
            "--op" => only_ops.push(args.next().expect("--op NAME")),
            "-h" | "--help" => {
                println!("usage: jet-bench [--rounds N] [--op validate|tokens] [--label NAME] [--write bench/RESULTS.md] [FILTER...]");
                return;
            }
            _ => filters.push(arg),
        }
    }
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(corpus_dir())
        .expect("testdata/bench")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    files.sort();

    let mut sections = Vec::new();
    for op in
        operations().into_iter().filter(|op| only_ops.is_empty() || only_ops.iter().any(|o| o == op.name))
    {
        let mut results = Vec::new();
        for (name, bytes) in &files {
            match measure(&op, name, bytes, rounds) {
                Ok(r) => {
                    eprintln!("{} {name}: done", op.name);
                    results.push(r);
                }
                Err(e) => {
                    eprintln!("check failed: {e}");
                    std::process::exit(1);
                }
            }
        }
        sections.push(report::table(op.name, op.baseline, &results));
    }
    let text = report::section(&label, rounds, &sections);
    println!("{text}");
    if let Some(path) = write {
        report::write_section(&path, &label, &text).expect("writing the results file");
        eprintln!("wrote section \"{label}\" of {}", path.display());
    }
}
