//! `jet fmt`: reformat JSON — indented or compact, members sorted or not — without changing
//! any value: numbers and strings keep their text.

use std::io::{self, Write};

use jet::text::{RawValue, Writer};

use crate::input::{self, Stop};
use crate::lines;
use crate::{for_each_input, Failure, Out, Strictness, EXIT_INVALID, EXIT_OK};

const EXAMPLES: &str = concat!(
    "Examples:
  jet fmt data.json                   indent by two spaces
  jet fmt --indent 4 data.json
  jet fmt --compact data.json         no whitespace at all
  jet fmt --sort-keys a.json > b.json members sorted by name (code points), at every level
  jet fmt --compact --lines in.ndjson compact each line; bad lines reported and left out

Numbers keep their text (1.50 stays 1.50, 1e400 stays 1e400) and strings their escapes
(\\u00e9 stays \\u00e9, except where --escape-html asks for more). Input is streamed, so a
document of any size is formatted in little memory; --sort-keys holds one document (or line)
in memory. On invalid input, the output stops where the error is found.

",
    exit_status_help!()
);

/// Reformat JSON: indented (two spaces by default) or compact, never changing a value.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Files to format; `-` reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    files: Vec<String>,
    /// Indent by N spaces per level.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=16),
        conflicts_with_all = ["tab", "compact"])]
    indent: u8,
    /// Indent by one tab per level.
    #[arg(long, conflicts_with = "compact")]
    tab: bool,
    /// No whitespace at all.
    #[arg(short, long)]
    compact: bool,
    /// Sort the members of every object by name (Unicode code points; members of the same
    /// name, under --allow-duplicate-names, keep their order).
    #[arg(short = 'S', long)]
    sort_keys: bool,
    /// Escape <, > and & in strings as \u003c, \u003e and \u0026.
    #[arg(long)]
    escape_html: bool,
    /// Treat each input as newline-delimited JSON: each line formatted on its own.
    #[arg(long)]
    lines: bool,
    #[command(flatten)]
    strict: Strictness,
}

/// Runs `jet fmt`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    let read = args.strict.options();
    let mut write = read.clone().escape_html(args.escape_html);
    if !args.compact {
        let indent = if args.tab { "\t".to_owned() } else { " ".repeat(args.indent.into()) };
        write = write.indent(&indent);
    }
    let format = |value: &[u8]| -> jet::Result<Vec<u8>> {
        if args.sort_keys {
            RawValue::from_bytes(value).sort_keys(&write)
        } else {
            RawValue::from_bytes(value).format(&write)
        }
    };
    for_each_input(&args.files, &mut Out::new(), |path, out| {
        if args.lines {
            let summary = lines::each_record(path, |number, line| match format(line) {
                Ok(text) => out.write(&[&text, b"\n"]).map(|()| true),
                Err(e) => Ok(lines::bad(path, number, &e, line)),
            })?;
            return Ok(summary.finish(path));
        }
        if args.sort_keys {
            let bytes = input::read_all(path).map_err(Failure::Input)?;
            return match format(&bytes) {
                Ok(text) => out.write(&[&text, b"\n"]).map(|()| EXIT_OK),
                Err(e) => {
                    crate::report::error(crate::report::Place::file(path), &e, e.snippet(&bytes));
                    Ok(EXIT_INVALID)
                }
            };
        }
        // Streamed: straight from the reader to standard output.
        let mut sink = Sink { out: &mut out.0, failed: None };
        let formatted = input::stream(path, &read, |reader| {
            let mut writer = Writer::new(&mut sink).with_options(&write);
            let copied = writer.copy_value(reader).and_then(|()| writer.flush());
            drop(writer);
            copied.map_err(|e| match sink.failed.take() {
                Some(e) => Stop::Failure(Failure::Output(e)),
                None => Stop::from(e),
            })
        })?;
        if formatted.is_none() {
            return Ok(EXIT_INVALID);
        }
        out.write(&[b"\n"]).map(|()| EXIT_OK)
    })
}

/// Standard output for the streaming writer, remembering its error: a failed write is the
/// output's failure, not the input's.
struct Sink<W> {
    out: W,
    failed: Option<io::Error>,
}

impl<W: Write> Sink<W> {
    fn remember<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        result.inspect_err(|e| self.failed = Some(crate::copy_io_error(e)))
    }
}

impl<W: Write> Write for Sink<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.out.write(buf);
        self.remember(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = self.out.flush();
        self.remember(flushed)
    }
}
