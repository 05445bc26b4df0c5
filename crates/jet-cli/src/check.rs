//! `jet check`: validate JSON strictly, or NDJSON line by line.

use std::io::{self, Write};

use jet::{Error, Options};

use crate::input;
use crate::{EXIT_INVALID, EXIT_OK, EXIT_TROUBLE};

const EXAMPLES: &str = concat!(
    "Examples:
  jet check data.json                 check one document
  jet check --lines events.ndjson     check every line, report each bad one
  curl -s https://example.com/api | jet check -
  jet check --allow-duplicate-names a.json b.json

",
    exit_status_help!()
);

/// Check that input is valid JSON (strict by default: UTF-8, no duplicate names, nothing after
/// the value).
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Files to check; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Treat each input as newline-delimited JSON: one value per line, blank lines skipped.
    /// Every bad line is reported, and checking goes on.
    #[arg(long)]
    lines: bool,
    /// Accept objects with two members of the same name.
    #[arg(long)]
    allow_duplicate_names: bool,
    /// Accept invalid UTF-8 and lone surrogate escapes in strings.
    #[arg(long)]
    allow_invalid_utf8: bool,
    /// Limit on nesting depth.
    #[arg(long, value_name = "N", default_value_t = jet::DEFAULT_MAX_DEPTH)]
    max_depth: usize,
    /// Print nothing for valid input.
    #[arg(short, long)]
    quiet: bool,
}

/// Runs `jet check`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    let opts = Options::default()
        .allow_duplicate_names(args.allow_duplicate_names)
        .allow_invalid_utf8(args.allow_invalid_utf8)
        .max_depth(args.max_depth);
    let mut status = EXIT_OK;
    for path in &args.files {
        let result = if args.lines {
            check_lines(path, &opts, args.quiet)
        } else {
            check_document(path, &opts, args.quiet)
        };
        let file_status = match result {
            Ok(status) => status,
            Err(e) => {
                eprintln!("jet: {}: {e}", input::display_name(path));
                EXIT_TROUBLE
            }
        };
        status = status.max(file_status);
    }
    status
}

fn check_document(path: &str, opts: &Options, quiet: bool) -> io::Result<u8> {
    let bytes = input::read_all(path)?;
    match jet::text::validate_with(&bytes, opts) {
        Ok(()) => {
            if !quiet {
                println!(
                    "{}: valid JSON ({} bytes)",
                    input::display_name(path),
                    group_digits(bytes.len() as u64)
                );
            }
            Ok(EXIT_OK)
        }
        Err(err) => {
            report(path, 0, &err, &bytes);
            Ok(EXIT_INVALID)
        }
    }
}

fn check_lines(path: &str, opts: &Options, quiet: bool) -> io::Result<u8> {
    let mut reader = input::open_buffered(path)?;
    let mut line = Vec::new();
    let (mut number, mut values, mut bad) = (0u64, 0u64, 0u64);
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        values += 1;
        if let Err(err) = jet::text::validate_with(&line, opts) {
            bad += 1;
            report(path, number - 1, &err, &line);
        }
    }
    if !quiet || bad > 0 {
        let summary = format!(
            "{}: {} lines, {} values, {} invalid",
            input::display_name(path),
            group_digits(number),
            group_digits(values),
            group_digits(bad)
        );
        if bad > 0 {
            eprintln!("{summary}");
        } else {
            println!("{summary}");
        }
    }
    Ok(if bad > 0 { EXIT_INVALID } else { EXIT_OK })
}

/// Prints `PATH:LINE:COL: error: MESSAGE at POINTER` and the line with a caret. `lines_before`
/// is added to the error's line (for NDJSON, the lines before the one checked).
fn report(path: &str, lines_before: u64, err: &Error, input: &[u8]) {
    let stderr = io::stderr();
    let mut out = stderr.lock();
    let _ = write!(
        out,
        "{}:{}:{}: error: {}",
        input::display_name(path),
        lines_before + err.line() as u64,
        err.column(),
        err.message()
    );
    if !err.pointer().is_empty() {
        let _ = write!(out, " at {}", err.pointer());
    }
    let _ = writeln!(out);
    if let Some(snippet) = err.snippet(input) {
        for line in snippet.lines() {
            let _ = writeln!(out, "    {line}");
        }
    }
}

/// `1234567` as `1,234,567`.
fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
