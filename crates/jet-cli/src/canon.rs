//! `jet canon`: the canonical form of RFC 8785 (JSON Canonicalization Scheme).

use std::io::{self, IsTerminal};

use jet::text::RawValue;

use crate::input;
use crate::lines;
use crate::report::{self, Place};
use crate::{for_each_input, Failure, Out, EXIT_INVALID, EXIT_OK};

const EXAMPLES: &str = concat!(
    "Examples:
  jet canon data.json | sha256sum     a hash that ignores formatting and member order
  jet canon --lines events.ndjson     one canonical value per line

The canonical form has no whitespace, members sorted by the UTF-16 code units of their
names, strings with minimal escapes and numbers in their shortest ECMAScript form. Input
must be I-JSON (RFC 7493): no duplicate names, valid UTF-8, numbers within the range of a
double. The output is exactly the canonical bytes, with no newline after them, unless
standard output is a terminal; with --lines, each value is followed by a newline.

",
    exit_status_help!()
);

/// Print the canonical form of JSON (RFC 8785): for hashing, signing and comparing.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Files to canonicalize; `-` reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    files: Vec<String>,
    /// Treat each input as newline-delimited JSON: one canonical value per line.
    #[arg(long)]
    lines: bool,
}

/// Runs `jet canon`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    let newline: &[u8] = if io::stdout().is_terminal() { b"\n" } else { b"" };
    for_each_input(&args.files, &mut Out::new(), |path, out| {
        if args.lines {
            let summary =
                lines::each_record(path, |number, line| match RawValue::from_bytes(line).canonicalize() {
                    Ok(text) => out.write(&[&text, b"\n"]).map(|()| true),
                    Err(e) => Ok(lines::bad(path, number, &e, line)),
                })?;
            return Ok(summary.finish(path));
        }
        let bytes = input::read_all(path).map_err(Failure::Input)?;
        match RawValue::from_bytes(&bytes).canonicalize() {
            Ok(text) => out.write(&[&text, newline]).map(|()| EXIT_OK),
            Err(e) => {
                report::error(Place::file(path), &e, e.snippet(&bytes));
                Ok(EXIT_INVALID)
            }
        }
    })
}
