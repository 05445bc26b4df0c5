//! Markdown tables and the sections of `bench/RESULTS.md`.

use std::fmt::Write;
use std::io;
use std::path::Path;

use crate::{median, FileResult};

/// A table for one operation: a row per file, MB/s per contender, ratios of each jet contender
/// to the baseline and to the best peer (the one with the best median), and allocations per
/// operation.
pub fn table(op: &str, baseline: &str, results: &[FileResult]) -> String {
    let Some(first) = results.first() else {
        return String::new();
    };
    let names: Vec<&str> = first.measured.iter().map(|m| m.contender).collect();
    let mut out = String::new();
    let _ = writeln!(out, "### {op}\n");
    let _ = write!(out, "| file | bytes |");
    for n in &names {
        let _ = write!(out, " {n} MB/s |");
    }
    let jets: Vec<&str> = names.iter().copied().filter(|n| n.starts_with("jet")).collect();
    let peers: Vec<&str> = names.iter().copied().filter(|n| !n.starts_with("jet")).collect();
    for j in &jets {
        let _ = write!(out, " {j} ÷ {baseline} |");
        if peers.len() > 1 {
            let _ = write!(out, " {j} ÷ best peer |");
        }
    }
    // Each other way of jet's against its first (`io::Read` against the slice, trusted against
    // validated, ...).
    for j in jets.iter().skip(1) {
        let _ = write!(out, " {j} ÷ {} |", jets[0]);
    }
    out.push('\n');
    let columns =
        2 + names.len() + jets.len() * if peers.len() > 1 { 2 } else { 1 } + jets.len().saturating_sub(1);
    out.push_str(&"|---".repeat(columns));
    out.push_str("|\n");
    for r in results {
        let rounds = |name: &str| r.measured.iter().find(|m| m.contender == name).map(|m| &m.rounds[..]);
        let _ = write!(out, "| {} | {} |", r.file, r.bytes);
        for m in &r.measured {
            let _ = write!(out, " {:.0} |", m.mb_per_s);
        }
        // Ratios round by round (the contenders of a round ran within a fraction of a second
        // of each other, on the machine in the same state), then their median. Against the
        // peer with the best median: the best of several peers taken round by round would
        // favour them by the noise alone (sonic-rs's two builds each vary by half from round
        // to round on golang_source's value parse, and the better of the two in each round is
        // a third faster than either's median).
        let median_of =
            |name: &str| r.measured.iter().find(|m| m.contender == name).map_or(f64::NAN, |m| m.mb_per_s);
        let ratio = |jet: &str, peers: &[&str]| {
            let jet = rounds(jet).unwrap_or_default();
            let best = peers.iter().copied().max_by(|a, b| median_of(a).total_cmp(&median_of(b)));
            let best = best.and_then(rounds).unwrap_or_default();
            median(jet.iter().zip(best).map(|(j, b)| j / b).collect())
        };
        for j in &jets {
            let _ = write!(out, " {:.2} |", ratio(j, &[baseline]));
            if peers.len() > 1 {
                let _ = write!(out, " {:.2} |", ratio(j, &peers));
            }
        }
        for j in jets.iter().skip(1) {
            let _ = write!(out, " {:.2} |", ratio(j, &jets[..1]));
        }
        out.push('\n');
    }
    let _ = writeln!(out, "\nAllocations per operation (count / bytes):\n");
    let _ = write!(out, "| file |");
    for n in &names {
        let _ = write!(out, " {n} |");
    }
    out.push('\n');
    out.push_str(&"|---".repeat(names.len() + 1));
    out.push_str("|\n");
    for r in results {
        let _ = write!(out, "| {} |", r.file);
        for m in &r.measured {
            let _ = write!(out, " {} / {} |", m.allocs, m.alloc_bytes);
        }
        out.push('\n');
    }
    out
}

/// One labelled section: heading, date, machine, build, and the tables.
pub fn section(label: &str, rounds: usize, native_peers: bool, tables: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## {label}\n");
    let _ = writeln!(out, "- date: {}", today());
    let _ = writeln!(out, "- CPU: {} ({} logical cores)", cpu_model(), cores());
    let _ = writeln!(out, "- rustc: {}", rustc_version());
    let _ = writeln!(
        out,
        "- compiled with AVX2 enabled (`-C target-cpu=native`): {}",
        cfg!(target_feature = "avx2")
    );
    if native_peers {
        let _ = writeln!(
            out,
            "- \"(native)\": the peers of the `-C target-cpu=native` build, run by that build in a second process (`--native`), interleaved round by round with this build's contenders"
        );
    }
    let _ = writeln!(
        out,
        "- median of {rounds} interleaved rounds; each sample ≈ 20 ms; MB = 10^6 bytes; each ratio is the median of the rounds' ratios, against the peer with the best median\n"
    );
    for t in tables {
        out.push_str(t);
        out.push('\n');
    }
    out
}

/// Replaces (or appends) the section between this label's markers in `path`.
pub fn write_section(path: &Path, label: &str, text: &str) -> io::Result<()> {
    let begin = format!("<!-- begin: {label} -->");
    let end = format!("<!-- end: {label} -->");
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let block = format!("{begin}\n{text}{end}\n");
    let new = match (old.find(&begin), old.find(&end)) {
        (Some(b), Some(e)) if e > b => {
            format!("{}{block}{}", &old[..b], old[e + end.len()..].trim_start_matches('\n'))
        }
        _ => format!("{}{}{block}", old, if old.is_empty() || old.ends_with("\n\n") { "" } else { "\n" }),
    };
    std::fs::write(path, new)
}

pub fn today() -> String {
    std::process::Command::new("date")
        .arg("+%Y-%m-%d")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_owned())
}

pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".into())
}

pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn rustc_version() -> String {
    std::process::Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_owned())
}
