//! jet against serde_json, sonic-rs and simd-json, in one process.
//!
//! For every corpus file and every operation, each library's output is checked first; then the
//! libraries run interleaved round by round (in a new random order each round), each sample timing
//! enough iterations to last about 20 ms. Reported: the median MB/s over the rounds; ratios
//! against the peers, each the median over the rounds of that round's ratio (the contenders of
//! a round ran within a fraction of a second of each other, so a machine that slows down for a
//! while weighs on both sides of a ratio alike); and allocations (count and bytes) per operation.
//!
//! ```text
//! cargo run --release -p jet-bench -- [--rounds N] [--op NAME] [--native PATH] [--label NAME] [--write bench/RESULTS.md] [FILTER...]
//! ```
//!
//! FILTER keeps only files whose name contains one of the words. `--write` replaces this
//! label's section of the results file (the date, CPU and table), leaving other sections.
//! `--native PATH` adds the peers of another build of this program (the one built with
//! `-C target-cpu=native`, at PATH) as contenders named "… (native)", run in that build's
//! process and interleaved with this one's round by round (see `peer.rs`). With the
//! environment variable `JET_BENCH_ROUNDS` set, every contender's MB/s of each round goes to
//! standard error.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

mod cli;
mod get;
mod peer;
mod report;
mod typed;
mod value;

use typed::{Jet, JetReader, SerdeJson, SimdJson, Sonic};

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

/// Runs an operation once on a file (name, bytes).
type Run = fn(&str, &[u8]) -> Result<u64, String>;
/// Gives the value an operation produced on a file, for checking.
type Check = fn(&str, &[u8]) -> Result<serde_json::Value, String>;

/// One contender: a name and a function that does the operation once on a file (name, bytes),
/// returning a number that is checked to be the same for every contender of the operation
/// (e.g. a token count); and, for typed operations, a function giving the value it produced,
/// checked against the other contenders' before timing. Or a contender of the other build's
/// process (`--native`, see [`peer`]).
struct Contender {
    name: &'static str,
    how: How,
}

enum How {
    Here {
        run: Run,
        check: Option<Check>,
    },
    /// The contender `name` of the operation `op` in the other build (`checked`: it gives a
    /// value to check).
    Native {
        op: &'static str,
        name: &'static str,
        checked: bool,
    },
}

impl Contender {
    fn new(name: &'static str, run: Run) -> Contender {
        Contender { name, how: How::Here { run, check: None } }
    }

    fn checked(name: &'static str, run: Run, check: Check) -> Contender {
        Contender { name, how: How::Here { run, check: Some(check) } }
    }

    /// The contender `name` of `op` in the other build, named "`name` (native)" here.
    fn native(op: &'static str, name: &'static str, checked: bool) -> Contender {
        let shown: &'static str = Box::leak(format!("{name} (native)").into_boxed_str());
        Contender { name: shown, how: How::Native { op, name, checked } }
    }

    fn has_check(&self) -> bool {
        match self.how {
            How::Here { check, .. } => check.is_some(),
            How::Native { checked, .. } => checked,
        }
    }

    /// Runs it once on `file`: its count (see [`Contender`]).
    fn run(&self, file: &str, bytes: &[u8]) -> Result<u64, String> {
        match self.how {
            How::Here { run, .. } => run(file, bytes),
            How::Native { op, name, .. } => {
                let n = peer::ask(&["run", op, name, file])?;
                n.parse().map_err(|_| format!("a count: {n}"))
            }
        }
    }

    /// The value it gives for `file`, for checking, if it gives one.
    fn check(&self, file: &str, bytes: &[u8]) -> Option<Result<serde_json::Value, String>> {
        match self.how {
            How::Here { check, .. } => check.map(|check| check(file, bytes)),
            How::Native { checked: false, .. } => None,
            How::Native { op, name, .. } => Some(
                peer::ask(&["check", op, name, file])
                    .and_then(|json| serde_json::from_str(&json).map_err(|e| e.to_string())),
            ),
        }
    }

    /// The time of `iters` runs on `file` (errors were ruled out by the checks).
    fn time(&self, file: &str, bytes: &[u8], iters: u32) -> Duration {
        match self.how {
            How::Here { run, .. } => {
                let start = Instant::now();
                for _ in 0..iters {
                    black_box(run(file, black_box(bytes)).ok());
                }
                start.elapsed()
            }
            How::Native { op, name, .. } => {
                let nanos = peer::ask(&["time", op, name, file, &iters.to_string()])
                    .and_then(|n| n.parse().map_err(|_| format!("a time: {n}")))
                    .unwrap_or_else(|e| panic!("{name} (native) on {file}: {e}"));
                Duration::from_nanos(nanos)
            }
        }
    }

    /// The allocations (count and bytes) of one run on `file`.
    fn allocations(&self, file: &str, bytes: &[u8]) -> (u64, u64) {
        match self.how {
            How::Here { run, .. } => {
                let (a0, b0) = (ALLOCS.load(Ordering::Relaxed), ALLOC_BYTES.load(Ordering::Relaxed));
                black_box(run(file, black_box(bytes)).ok());
                (ALLOCS.load(Ordering::Relaxed) - a0, ALLOC_BYTES.load(Ordering::Relaxed) - b0)
            }
            How::Native { op, name, .. } => {
                let counts = peer::ask(&["allocations", op, name, file]).and_then(|answer| {
                    let (count, bytes) = answer.split_once(' ').ok_or(format!("allocations: {answer}"))?;
                    let parse = |n: &str| n.parse().map_err(|_| format!("allocations: {answer}"));
                    Ok((parse(count)?, parse(bytes)?))
                });
                counts.unwrap_or_else(|e| panic!("{name} (native) on {file}: {e}"))
            }
        }
    }
}

/// An operation measured on every file (typed ones: on the files that have a Rust type).
struct Operation {
    name: &'static str,
    contenders: Vec<Contender>,
    /// The contender the others are compared against.
    baseline: &'static str,
    typed: bool,
}

fn jet_validate(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    jet::text::validate(bytes).map(|()| 1).map_err(|e| e.to_string())
}

fn jet_validate_io(_file: &str, bytes: &[u8]) -> Result<u64, String> {
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

fn jet_tokens(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    count_tokens(jet::text::Reader::from_slice(bytes))
}

fn jet_tokens_io(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    count_tokens(jet::text::Reader::from_reader(bytes))
}

fn serde_json_ignored(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map(|_| 1).map_err(|e| e.to_string())
}

fn sonic_ignored(_file: &str, bytes: &[u8]) -> Result<u64, String> {
    sonic_rs::from_slice::<serde::de::IgnoredAny>(bytes).map(|_| 1).map_err(|e| e.to_string())
}

/// Tokens as serde_json would see them: the nearest it offers is visiting a `Value`.
fn serde_json_value_tokens(_file: &str, bytes: &[u8]) -> Result<u64, String> {
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
            typed: false,
            baseline: "serde_json IgnoredAny",
            contenders: vec![
                Contender::new("jet validate (slice)", jet_validate),
                Contender::new("jet validate (io::Read)", jet_validate_io),
                Contender::new("serde_json IgnoredAny", serde_json_ignored),
                Contender::new("sonic-rs IgnoredAny", sonic_ignored),
            ],
        },
        Operation {
            name: "tokens",
            typed: false,
            baseline: "serde_json Value",
            contenders: vec![
                Contender::new("jet next_token (slice)", jet_tokens),
                Contender::new("jet next_token (io::Read)", jet_tokens_io),
                Contender::new("serde_json Value", serde_json_value_tokens),
            ],
        },
        Operation {
            name: "value parse",
            typed: false,
            baseline: "serde_json",
            contenders: vec![
                Contender::checked("jet", value::jet_parse, value::jet_parse_checked),
                Contender::checked(
                    "jet Document",
                    value::jet_document_parse,
                    value::jet_document_parse_checked,
                ),
                Contender::checked(
                    "jet (serde visitor)",
                    value::jet_visitor_parse,
                    value::jet_visitor_parse_checked,
                ),
                Contender::checked("serde_json", value::serde_json_parse, value::serde_json_parse_checked),
                Contender::checked("sonic-rs", value::sonic_parse, value::sonic_parse_checked),
                Contender::checked(
                    "simd-json owned",
                    value::simd_owned_parse,
                    value::simd_owned_parse_checked,
                ),
                Contender::checked(
                    "simd-json borrowed",
                    value::simd_borrowed_parse,
                    value::simd_borrowed_parse_checked,
                ),
            ],
        },
        Operation {
            name: "value serialize",
            typed: false,
            baseline: "serde_json",
            contenders: vec![
                Contender::checked("jet", value::jet_write, value::jet_write_checked),
                Contender::checked("serde_json", value::serde_json_write, value::serde_json_write_checked),
                Contender::checked("sonic-rs", value::sonic_write, value::sonic_write_checked),
                Contender::checked("simd-json owned", value::simd_write, value::simd_write_checked),
            ],
        },
        Operation {
            name: "get early",
            typed: false,
            baseline: "sonic-rs",
            contenders: vec![
                Contender::checked("jet", get::jet_early, get::jet_early_checked),
                Contender::checked("jet trusted", get::jet_trusted_early, get::jet_trusted_early_checked),
                Contender::checked("sonic-rs", get::sonic_early, get::sonic_early_checked),
                Contender::checked("gjson", get::gjson_early, get::gjson_early_checked),
            ],
        },
        Operation {
            name: "get late",
            typed: false,
            baseline: "sonic-rs",
            contenders: vec![
                Contender::checked("jet", get::jet_late, get::jet_late_checked),
                Contender::checked("jet trusted", get::jet_trusted_late, get::jet_trusted_late_checked),
                Contender::checked("sonic-rs", get::sonic_late, get::sonic_late_checked),
                Contender::checked("gjson", get::gjson_late, get::gjson_late_checked),
            ],
        },
        Operation {
            name: "get_many 5",
            typed: false,
            baseline: "sonic-rs",
            contenders: vec![
                Contender::checked("jet", get::jet_many, get::jet_many_checked),
                Contender::checked("sonic-rs", get::sonic_many, get::sonic_many_checked),
                Contender::checked("gjson (5 gets)", get::gjson_many, get::gjson_many_checked),
            ],
        },
        Operation {
            name: "typed decode",
            typed: true,
            baseline: "serde_json",
            contenders: vec![
                Contender::checked("jet", typed::decode::<Jet>, typed::decode_checked::<Jet>),
                Contender::checked(
                    "jet (io::Read)",
                    typed::decode::<JetReader>,
                    typed::decode_checked::<JetReader>,
                ),
                Contender::checked(
                    "serde_json",
                    typed::decode::<SerdeJson>,
                    typed::decode_checked::<SerdeJson>,
                ),
                Contender::checked("sonic-rs", typed::decode::<Sonic>, typed::decode_checked::<Sonic>),
                Contender::checked("simd-json", typed::decode::<SimdJson>, typed::decode_checked::<SimdJson>),
            ],
        },
        Operation {
            name: "typed encode",
            typed: true,
            baseline: "serde_json",
            contenders: vec![
                Contender::checked("jet", typed::encode::<Jet>, typed::encode_checked::<Jet>),
                Contender::checked(
                    "serde_json",
                    typed::encode::<SerdeJson>,
                    typed::encode_checked::<SerdeJson>,
                ),
                Contender::checked("sonic-rs", typed::encode::<Sonic>, typed::encode_checked::<Sonic>),
                Contender::checked("simd-json", typed::encode::<SimdJson>, typed::encode_checked::<SimdJson>),
            ],
        },
    ]
}

/// Measured figures of one contender on one file.
#[derive(Debug)]
pub struct Measured {
    pub contender: &'static str,
    /// The median over the rounds.
    pub mb_per_s: f64,
    /// MB/s in each round, in round order (for ratios taken round by round).
    pub rounds: Vec<f64>,
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
        let n = c.run(name, bytes).map_err(|e| format!("{} on {name}: {e}", c.name))?;
        counts.push((c.name, n));
    }
    let mut reference: Option<(&str, serde_json::Value)> = None;
    for c in &op.contenders {
        let Some(value) = c.check(name, bytes) else { continue };
        let value = value.map_err(|e| format!("{} on {name}: {e}", c.name))?;
        match &reference {
            None => reference = Some((c.name, value)),
            Some((first, want)) if !typed::close(want, &value) => {
                return Err(format!("{} on {name}: the value differs from {first}'s", c.name));
            }
            Some(_) => {}
        }
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
    let allocations: Vec<(u64, u64)> = op.contenders.iter().map(|c| c.allocations(name, bytes)).collect();
    // Iterations per sample, from a quick timing of each contender.
    let iters: Vec<u32> = op
        .contenders
        .iter()
        .map(|c| {
            let once = c.time(name, bytes, 1).max(Duration::from_micros(1));
            (SAMPLE.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32
        })
        .collect();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); op.contenders.len()];
    // Each round runs the contenders in a new random order (seeded, so runs repeat): with a
    // fixed cyclic order each contender would always follow the same one and inherit its heap
    // (a peer that frees a large arena, or one with the same allocation pattern), a bias that
    // does not average out.
    let mut order: Vec<usize> = (0..op.contenders.len()).collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ bytes.len() as u64;
    for _ in 0..rounds {
        for k in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(k, (seed % (k as u64 + 1)) as usize);
        }
        for &i in &order {
            let secs = op.contenders[i].time(name, bytes, iters[i]).as_secs_f64();
            samples[i].push(bytes.len() as f64 * f64::from(iters[i]) / secs / 1e6);
        }
    }
    if std::env::var_os("JET_BENCH_ROUNDS").is_some() {
        for (c, r) in op.contenders.iter().zip(&samples) {
            eprintln!("{:30} {}", c.name, r.iter().map(|x| format!("{x:.0}")).collect::<Vec<_>>().join(" "));
        }
    }
    let measured = op
        .contenders
        .iter()
        .zip(samples)
        .zip(allocations)
        .map(|((c, rounds), (allocs, alloc_bytes))| Measured {
            contender: c.name,
            mb_per_s: median(rounds.clone()),
            rounds,
            allocs,
            alloc_bytes,
        })
        .collect();
    Ok(FileResult { file: name.to_owned(), bytes: bytes.len(), measured })
}

/// The median of `values` (NaN when there are none).
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The corpus files and the generated documents whose names contain one of `filters` (all of
/// them when there are none), as (name, bytes).
fn corpus(filters: &[String]) -> Vec<(String, Vec<u8>)> {
    let keep = |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(corpus_dir())
        .expect("testdata/bench")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .filter(|(name, _)| keep(name))
        .collect();
    files.sort();
    files.extend(typed::generated().into_iter().filter(|(name, _)| keep(name)));
    files
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
    let mut native: Option<String> = None;
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "cli") {
        args.next();
        cli::main(args);
        return;
    }
    if args.peek().is_some_and(|a| a == "--serve") {
        peer::serve(&operations(), &corpus(&[]));
        return;
    }
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--label" => label = args.next().expect("--label NAME"),
            "--write" => write = Some(PathBuf::from(args.next().expect("--write PATH"))),
            "--op" => only_ops.push(args.next().expect("--op NAME")),
            "--native" => native = Some(args.next().expect("--native PATH")),
            "-h" | "--help" => {
                println!("usage: jet-bench cli [--rounds N] [--ndjson-mb MB] [--jet PATH] [--write bench/RESULTS.md] [FILTER...]");
                println!("usage: jet-bench [--rounds N] [--native PATH] [--op validate|tokens|\"value parse\"|\"value serialize\"|\"get early\"|\"get late\"|\"get_many 5\"|\"typed decode\"|\"typed encode\"] [--label NAME] [--write bench/RESULTS.md] [FILTER...]");
                return;
            }
            _ => filters.push(arg),
        }
    }
    let files = corpus(&filters);
    if let Some(path) = &native {
        peer::Peer::start(path).unwrap_or_else(|e| panic!("starting the native build {path}: {e}"));
    }

    let mut sections = Vec::new();
    for mut op in
        operations().into_iter().filter(|op| only_ops.is_empty() || only_ops.iter().any(|o| o == op.name))
    {
        if native.is_some() {
            let peers = peer::native_peers(op.name, &op.contenders);
            op.contenders.extend(peers);
        }
        let mut results = Vec::new();
        for (name, bytes) in &files {
            let generated = name.starts_with("gen: ");
            let skip = if op.typed {
                !generated && !typed::CORPUS_FILES.contains(&name.as_str())
            } else {
                generated
            };
            if skip {
                continue;
            }
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
    let text = report::section(&label, rounds, native.is_some(), &sections);
    println!("{text}");
    if let Some(path) = write {
        report::write_section(&path, &label, &text).expect("writing the results file");
        eprintln!("wrote section \"{label}\" of {}", path.display());
    }
}
