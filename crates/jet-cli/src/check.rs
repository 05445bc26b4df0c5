//! `jet check`: validate JSON strictly, or NDJSON line by line; `--stats` also describes it.

use crate::input;
use crate::lines::{self, group_digits};
use crate::stats::{self, Stats};
use crate::{for_each_input, Out, Strictness, EXIT_INVALID, EXIT_OK};

const EXAMPLES: &str = concat!(
    "Examples:
  jet check data.json                 check one document
  jet check --lines events.ndjson     check every line, report each bad one
  curl -s https://example.com/api | jet check -
  jet check --allow-duplicate-names a.json b.json
  jet check --stats data.json         check, then count what is in it

Input is streamed: memory stays small whatever the size of a document.

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
    /// Also print statistics of valid input, as `jet stats` does.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    strict: Strictness,
    /// Print nothing for valid input.
    #[arg(short, long)]
    quiet: bool,
}

/// Runs `jet check`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    let opts = args.strict.options();
    let dups = args.strict.allow_duplicate_names;
    for_each_input(&args.files, &mut Out::new(), |path, out| {
        let mut stats = Stats::new(dups);
        let bad = if args.lines {
            let summary = lines::each_record(path, |number, line| {
                let checked = if args.stats {
                    stats.add_record(line, &opts, number)
                } else {
                    jet::text::validate_with(line, &opts)
                };
                Ok(checked.map_or_else(|e| lines::bad(path, number, &e, line), |()| true))
            })?;
            if !args.quiet || summary.bad > 0 {
                let text = summary.line(path);
                if summary.bad > 0 {
                    crate::report::note(text);
                } else {
                    out.write(&[text.as_bytes(), b"\n"])?;
                }
            }
            summary.bad
        } else {
            let checked = input::stream(path, &opts, |reader| {
                if args.stats {
                    stats.add(reader, None)?;
                } else {
                    reader.skip_value()?;
                }
                Ok(())
            })?;
            let Some(((), size)) = checked else { return Ok(EXIT_INVALID) };
            stats.bytes = size;
            if !args.quiet {
                let text =
                    format!("{}: valid JSON ({} bytes)\n", input::display_name(path), group_digits(size));
                out.write(&[text.as_bytes()])?;
            }
            0
        };
        if args.stats && !args.quiet {
            out.write(&[stats::render(&stats, false).as_bytes()])?;
        }
        Ok(if bad > 0 { EXIT_INVALID } else { EXIT_OK })
    })
}
