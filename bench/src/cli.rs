//! Whole-process benchmark of the `jet` tool against `jq` and `python3 -m json.tool`:
//! `jet check` against `jq empty`, `jet fmt` against `jq .` and `python3 -m json.tool`, on the
//! corpus and on a generated NDJSON file of about 200 MB (twitter statuses, one per line).
//!
//! Every command's output is checked before timing (each tool's result read back as the same
//! values, numbers compared as doubles since jq keeps no more). Tools are interleaved round by
//! round in a seeded random order; times are medians of wall-clock time, peak memory is the
//! largest resident set seen (from GNU time, when installed).

use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::report;

/// One tool's median wall time on one input, and its peak resident memory in KiB.
struct Measured {
    seconds: f64,
    peak_kib: Option<u64>,
}

/// A row of a table: one input, each tool's figures.
struct Row {
    input: String,
    bytes: u64,
    measured: Vec<Measured>,
}

/// One way to do a job: a tool's command line, `{}` standing for the input file.
struct Tool {
    name: &'static str,
    argv: &'static [&'static str],
}

struct Job {
    name: &'static str,
    tools: Vec<Tool>,
    /// Whether the outputs are JSON to compare (formatting) or nothing (checking).
    output: bool,
}

fn jobs(ndjson: bool) -> Vec<Job> {
    let jet_check: &'static [&'static str] =
        if ndjson { &["{jet}", "check", "--lines", "-q", "{}"] } else { &["{jet}", "check", "-q", "{}"] };
    let jet_fmt: &'static [&'static str] =
        if ndjson { &["{jet}", "fmt", "--lines", "{}"] } else { &["{jet}", "fmt", "{}"] };
    let python: &'static [&'static str] = if ndjson {
        &["python3", "-m", "json.tool", "--json-lines", "{}"]
    } else {
        &["python3", "-m", "json.tool", "{}"]
    };
    vec![
        Job {
            name: "check",
            tools: vec![
                Tool { name: "jet check", argv: jet_check },
                Tool { name: "jq empty", argv: &["jq", "empty", "{}"] },
                Tool { name: "python3 -m json.tool", argv: python },
            ],
            output: false,
        },
        Job {
            name: "fmt",
            tools: vec![
                Tool { name: "jet fmt", argv: jet_fmt },
                Tool { name: "jq .", argv: &["jq", ".", "{}"] },
                Tool { name: "python3 -m json.tool", argv: python },
            ],
            output: true,
        },
    ]
}

/// Runs a tool on `input`; its stdout (kept only when asked), and seconds and peak KiB.
fn run(jet: &Path, tool: &Tool, input: &Path, keep: bool) -> Result<(Vec<u8>, f64, Option<u64>), String> {
    let argv: Vec<String> = tool
        .argv
        .iter()
        .map(|a| a.replace("{jet}", jet.to_str().unwrap()).replace("{}", input.to_str().unwrap()))
        .collect();
    let gnu_time = Path::new("/usr/bin/time").exists();
    let mut cmd = if gnu_time {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%M"]).args(&argv);
        c
    } else {
        let mut c = Command::new(&argv[0]);
        c.args(&argv[1..]);
        c
    };
    cmd.stdin(Stdio::null()).stderr(Stdio::piped());
    let start = Instant::now();
    let (status, stdout, stderr) = if keep {
        let out = cmd.stdout(Stdio::piped()).output().map_err(|e| format!("{}: {e}", argv[0]))?;
        (out.status, out.stdout, out.stderr)
    } else {
        let out = cmd.stdout(Stdio::null()).output().map_err(|e| format!("{}: {e}", argv[0]))?;
        (out.status, Vec::new(), out.stderr)
    };
    let seconds = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&stderr);
    if !status.success() {
        return Err(format!("{} failed on {}: {stderr}", tool.name, input.display()));
    }
    let peak = if gnu_time { stderr.lines().last().and_then(|l| l.trim().parse().ok()) } else { None };
    Ok((stdout, seconds, peak))
}

/// The values of a stream of JSON texts, numbers as doubles (what jq keeps of them).
fn values(text: &[u8]) -> Result<Vec<jet::Value>, String> {
    let mut reader = jet::text::Reader::from_slice(text).stream(true);
    let mut out = Vec::new();
    loop {
        match reader.peek_kind() {
            Ok(None) => return Ok(out),
            Ok(Some(_)) => {}
            Err(e) => return Err(e.to_string()),
        }
        let raw = reader.read_value().map_err(|e| e.to_string())?;
        let opts = jet::Options::default().big_integers_as_f64(true);
        let mut v: jet::Value = opts.from_slice(raw.as_bytes()).map_err(|e| e.to_string())?;
        as_doubles(&mut v);
        out.push(v);
    }
}

fn as_doubles(v: &mut jet::Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            jet::Value::Number(n) => {
                let f = n.as_f64().expect("finite");
                *v = jet::Value::from(f);
            }
            jet::Value::Array(items) => stack.extend(items.iter_mut()),
            jet::Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
}

/// About `mb` MB of NDJSON: the statuses of twitter_status.json, compact, one per line, over
/// and over with their ids changed so that no two lines are the same.
fn generate_ndjson(path: &Path, mb: usize) -> std::io::Result<u64> {
    let doc = std::fs::read(crate::corpus_dir().join("twitter_status.json"))?;
    let statuses = jet::get(&doc, "/statuses").expect("statuses");
    let lines: Vec<Vec<u8>> =
        statuses.iter_array().expect("an array").map(|s| s.as_raw().compact().expect("valid")).collect();
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let (mut written, mut round) = (0u64, 0u64);
    while written < (mb as u64) * 1_000_000 {
        for line in &lines {
            // `"id":505874924095815681` → `"id":1505874924095815681`, a new id each round.
            let text = String::from_utf8_lossy(line).replacen("\"id\":", &format!("\"id\":{}", round + 1), 1);
            out.write_all(text.as_bytes())?;
            out.write_all(b"\n")?;
            written += text.len() as u64 + 1;
        }
        round += 1;
    }
    out.flush()?;
    Ok(written)
}

/// `jet-bench cli [--rounds N] [--ndjson-mb MB] [--jet PATH] [--write FILE] [FILTER...]`.
pub fn main(mut args: impl Iterator<Item = String>) {
    let mut rounds = 5;
    let mut ndjson_mb = 200;
    let mut jet = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/jet");
    let mut write: Option<PathBuf> = None;
    let mut filters: Vec<String> = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--ndjson-mb" => ndjson_mb = args.next().and_then(|n| n.parse().ok()).expect("--ndjson-mb MB"),
            "--jet" => jet = PathBuf::from(args.next().expect("--jet PATH")),
            "--write" => write = Some(PathBuf::from(args.next().expect("--write PATH"))),
            _ => filters.push(arg),
        }
    }
    assert!(jet.exists(), "build the tool first: cargo build --release -p jet-cli ({})", jet.display());
    let mut inputs: Vec<(String, PathBuf, bool)> = std::fs::read_dir(crate::corpus_dir())
        .expect("testdata/bench")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p, false))
        .collect();
    inputs.sort();
    let tmp = std::env::temp_dir().join(format!("jet-cli-bench-{}.ndjson", std::process::id()));
    if ndjson_mb > 0 {
        let bytes = generate_ndjson(&tmp, ndjson_mb).expect("writing the NDJSON file");
        eprintln!("generated {} ({bytes} bytes)", tmp.display());
        inputs.push((format!("generated NDJSON, {ndjson_mb} MB"), tmp.clone(), true));
    }
    inputs.retain(|(name, _, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())));

    let mut tables = String::new();
    for job_name in ["check", "fmt"] {
        let mut rows = Vec::new();
        for (name, path, ndjson) in &inputs {
            let job = jobs(*ndjson).into_iter().find(|j| j.name == job_name).unwrap();
            match measure(&jet, &job, path, rounds) {
                Ok(measured) => {
                    eprintln!("{job_name} {name}: done");
                    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
                    rows.push(Row { input: name.clone(), bytes, measured });
                }
                Err(e) => {
                    eprintln!("check failed: {e}");
                    std::process::exit(1);
                }
            }
        }
        tables.push_str(&table(&jobs(false).into_iter().find(|j| j.name == job_name).unwrap(), &rows));
    }
    let _ = std::fs::remove_file(&tmp);
    let mut text = String::new();
    let _ = writeln!(text, "## CLI, whole process\n");
    let _ = writeln!(text, "- date: {}", report::today());
    let _ = writeln!(text, "- CPU: {} ({} logical cores)", report::cpu_model(), report::cores());
    let _ =
        writeln!(text, "- tools: {}, {}", version(&["jq", "--version"]), version(&["python3", "--version"]));
    let _ = writeln!(
        text,
        "- median wall time of {rounds} interleaved rounds (each a new process), peak resident memory; MB = 10^6 bytes\n"
    );
    text.push_str(&tables);
    println!("{text}");
    if let Some(path) = write {
        report::write_section(&path, "CLI, whole process", &text).expect("writing the results file");
        eprintln!("wrote section \"CLI, whole process\" of {}", path.display());
    }
}

fn version(argv: &[&str]) -> String {
    Command::new(argv[0])
        .args(&argv[1..])
        .output()
        .ok()
        .map(|o| {
            String::from_utf8_lossy(if o.stdout.is_empty() { &o.stderr } else { &o.stdout }).trim().to_owned()
        })
        .unwrap_or_else(|| format!("{} (not found)", argv[0]))
}

/// Median seconds and peak KiB per tool of a job, after checking the outputs agree.
fn measure(jet: &Path, job: &Job, input: &Path, rounds: usize) -> Result<Vec<Measured>, String> {
    // Check: every tool succeeds, and formatting tools give the same values as the input.
    let want =
        if job.output { Some(values(&std::fs::read(input).map_err(|e| e.to_string())?)?) } else { None };
    for tool in &job.tools {
        let (out, _, _) = run(jet, tool, input, job.output)?;
        if let Some(want) = &want {
            let got = values(&out).map_err(|e| format!("{}: output unreadable: {e}", tool.name))?;
            if &got != want {
                return Err(format!(
                    "{} on {}: the output's values differ from the input's",
                    tool.name,
                    input.display()
                ));
            }
        }
    }
    let n = job.tools.len();
    let mut times = vec![Vec::new(); n];
    let mut peaks = vec![None::<u64>; n];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ input.as_os_str().len() as u64;
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(k, (seed % (k as u64 + 1)) as usize);
        }
        for i in order {
            let (_, seconds, peak) = run(jet, &job.tools[i], input, false)?;
            times[i].push(seconds);
            peaks[i] = peaks[i].max(peak);
        }
    }
    Ok(times
        .into_iter()
        .zip(peaks)
        .map(|(mut t, peak_kib)| {
            t.sort_by(f64::total_cmp);
            Measured { seconds: t[t.len() / 2], peak_kib }
        })
        .collect())
}

fn table(job: &Job, rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### {}\n", job.name);
    let _ = write!(out, "| input | bytes |");
    for t in &job.tools {
        let _ = write!(out, " {} ms | peak MB |", t.name);
    }
    for t in &job.tools[1..] {
        let _ = write!(out, " {} ÷ jet |", t.name);
    }
    out.push('\n');
    out.push_str(&"|---".repeat(2 + 2 * job.tools.len() + job.tools.len() - 1));
    out.push_str("|\n");
    for row in rows {
        let _ = write!(out, "| {} | {} |", row.input, row.bytes);
        for m in &row.measured {
            let peak = m.peak_kib.map_or("?".to_owned(), |k| format!("{:.1}", k as f64 * 1024.0 / 1e6));
            let _ = write!(out, " {:.1} | {peak} |", m.seconds * 1e3);
        }
        for m in &row.measured[1..] {
            let _ = write!(out, " {:.1} |", m.seconds / row.measured[0].seconds);
        }
        out.push('\n');
    }
    out.push('\n');
    out
}
