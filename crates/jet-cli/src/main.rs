//! `jet`: check and process JSON from the command line. A thin layer over the library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The exit status section of `--help`, shared by every command.
macro_rules! exit_status_help {
    () => {
        "Exit status:
  0  success: the input is valid (and every path was found)
  1  the input is invalid, or a path was not found
  2  bad usage, or a file could not be read or written"
    };
}

mod canon;
mod check;
mod fmt;
mod get;
mod input;
mod lines;
mod report;
mod stats;

/// Exit status: the input is valid (or the job is done).
const EXIT_OK: u8 = 0;
/// Exit status: the input is invalid, or a path was not found.
const EXIT_INVALID: u8 = 1;
/// Exit status: bad usage or an I/O error.
const EXIT_TROUBLE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "jet",
    version,
    about = "Check, format and query JSON, strictly and fast.",
    long_about = "Check, format and query JSON, strictly and fast.\n\n\
        Strict by default: valid UTF-8 only, no duplicate object names, nothing after the \
        value. Each command reads files or `-` (standard input); --lines treats the input as \
        newline-delimited JSON, reporting each bad line and going on.",
    after_help = exit_status_help!()
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(check::Args),
    Fmt(fmt::Args),
    Canon(canon::Args),
    Get(get::Args),
    Stats(stats::Args),
}

/// How strictly input is read: the relaxations of the library's `Options`.
#[derive(clap::Args, Clone)]
struct Strictness {
    /// Accept objects with two members of the same name.
    #[arg(long)]
    allow_duplicate_names: bool,
    /// Accept invalid UTF-8 and lone surrogate escapes in strings.
    #[arg(long)]
    allow_invalid_utf8: bool,
    /// Limit on nesting depth.
    #[arg(long, value_name = "N", default_value_t = jet::DEFAULT_MAX_DEPTH)]
    max_depth: usize,
    /// Limit on the length of a string, in bytes as written [default: none].
    #[arg(long, value_name = "BYTES")]
    max_string_len: Option<usize>,
    /// Limit on the length of a number, in bytes [default: none].
    #[arg(long, value_name = "BYTES")]
    max_number_len: Option<usize>,
    /// Limit on the size of a document (of a line, with --lines) [default: none].
    #[arg(long, value_name = "BYTES")]
    max_input_bytes: Option<u64>,
}

impl Strictness {
    fn options(&self) -> jet::Options {
        jet::Options::default()
            .allow_duplicate_names(self.allow_duplicate_names)
            .allow_invalid_utf8(self.allow_invalid_utf8)
            .max_depth(self.max_depth)
            .max_string_len(self.max_string_len.unwrap_or(usize::MAX))
            .max_number_len(self.max_number_len.unwrap_or(usize::MAX))
            .max_input_bytes(self.max_input_bytes.unwrap_or(u64::MAX))
    }
}

/// Why the work on one input stopped early.
enum Failure {
    /// The input could not be read: reported, and the next input is taken.
    Input(io::Error),
    /// Standard output could not be written: nothing more can be done.
    Output(io::Error),
}

/// An owned copy of an I/O error that is only lent (`io::Error` is not `Clone`).
fn copy_io_error(e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), e.to_string())
}

/// Standard output, buffered; `write` errors are [`Failure::Output`].
struct Out(io::BufWriter<io::StdoutLock<'static>>);

impl Out {
    fn new() -> Out {
        Out(io::BufWriter::with_capacity(1 << 16, io::stdout().lock()))
    }

    fn write(&mut self, parts: &[&[u8]]) -> Result<(), Failure> {
        parts.iter().try_for_each(|p| self.0.write_all(p)).map_err(Failure::Output)
    }

    fn flush(&mut self) -> Result<(), Failure> {
        self.0.flush().map_err(Failure::Output)
    }
}

/// Runs `each` on every input, and gives the exit status: the worst of the inputs'. An input
/// that cannot be read is reported and the others are still done; output that cannot be
/// written stops everything (quietly when the reader of a pipe has gone, as `head` does).
fn for_each_input(
    paths: &[String],
    out: &mut Out,
    mut each: impl FnMut(&str, &mut Out) -> Result<u8, Failure>,
) -> u8 {
    let mut status = EXIT_OK;
    for path in paths {
        let result = each(path, out).and_then(|s| out.flush().map(|()| s));
        match result {
            Ok(s) => status = status.max(s),
            Err(Failure::Input(e)) => {
                report::trouble(input::display_name(path), e);
                status = EXIT_TROUBLE;
            }
            Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => return status,
            Err(Failure::Output(e)) => {
                report::trouble("<stdout>", e);
                return EXIT_TROUBLE;
            }
        }
    }
    status
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Canon(args) => canon::run(&args),
        Command::Get(args) => get::run(&args),
        Command::Stats(args) => stats::run(&args),
    };
    ExitCode::from(status)
}
