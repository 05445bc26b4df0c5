//! `jet get`: values picked out by JSON Pointer, lazily — no tree is built, and the input is
//! read only as far as the last value asked for.

use jet::{LazyValue, Options};

use crate::input;
use crate::lines;
use crate::report::{self, Place};
use crate::{Failure, Out, Strictness, EXIT_INVALID, EXIT_OK, EXIT_TROUBLE};

const EXAMPLES: &str = concat!(
    "Examples:
  jet get data.json /statuses/0/user/name
  jet get --string data.json /statuses/0/text        the string itself, unescaped
  jet get data.json /meta/count /meta/next            several values, one pass
  jet get --lines --compact events.ndjson /user/id    from every line
  curl -s https://example.com/api | jet get - /items/3

A pointer is a JSON Pointer (RFC 6901): \"\" is the whole document, /a/0 the first element
of member a; ~1 stands for / and ~0 for ~ in names. Each value is printed as it is in the
input (or compact with --compact), one per line, in the order asked. A pointer that is
not found is reported, and the exit status is 1.

Every byte read on the way to the values is checked as strictly as `jet check` does; what
comes after the last value is not read. With --lines, each line is checked whole. The input
is held in memory (one line at a time with --lines).

",
    exit_status_help!()
);

/// Print the values at JSON Pointers, found without parsing the whole document.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The file to read; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: String,
    /// JSON Pointers to the values to print.
    #[arg(value_name = "POINTER", required = true)]
    pointers: Vec<String>,
    /// Print strings unescaped, without quotes (a value that is not a string is an error).
    #[arg(short, long)]
    string: bool,
    /// Print each value compact, with no whitespace.
    #[arg(short, long, conflicts_with = "string")]
    compact: bool,
    /// Treat the input as newline-delimited JSON: look the pointers up in every line.
    #[arg(long)]
    lines: bool,
    #[command(flatten)]
    strict: Strictness,
}

/// Runs `jet get`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    // Malformed pointers are usage errors, found before any input is read: looking them up
    // in `null` fails only for that.
    if let Err(e) = jet::get_many("null", &args.pointers) {
        report::trouble("bad pointer", e);
        return EXIT_TROUBLE;
    }
    let opts = args.strict.options();
    let trusted = opts.clone().trusted(true);
    let file = std::slice::from_ref(&args.file);
    crate::for_each_input(file, &mut Out::new(), |path, out| {
        if args.lines {
            let mut missing = false;
            let summary = lines::each_record(path, |number, line| {
                let place = Place::line(path, number);
                match lookup(args, &opts, &trusted, line, place, out)? {
                    Lookup::Invalid(e) => Ok(lines::bad(path, number, &e, line)),
                    Lookup::Found { all } => {
                        missing |= !all;
                        Ok(true)
                    }
                }
            })?;
            return Ok(summary.finish(path).max(if missing { EXIT_INVALID } else { EXIT_OK }));
        }
        let bytes = input::read_all(path).map_err(Failure::Input)?;
        match lookup(args, &opts, &trusted, &bytes, Place::file(path), out)? {
            Lookup::Invalid(e) => {
                report::error(Place::file(path), &e, e.snippet(&bytes));
                Ok(EXIT_INVALID)
            }
            Lookup::Found { all: true } => Ok(EXIT_OK),
            Lookup::Found { all: false } => Ok(EXIT_INVALID),
        }
    })
}

enum Lookup {
    /// The input is not valid JSON (up to the values asked for).
    Invalid(jet::Error),
    /// Values were printed; `all` is false when a pointer was not found (reported).
    Found { all: bool },
}

/// Looks the pointers up in `json`, printing what is found and reporting what is not.
/// `trusted` is `strict` with [`Options::trusted`], for lines already checked whole.
fn lookup(
    args: &Args,
    strict: &Options,
    trusted: &Options,
    json: &[u8],
    place: Place<'_>,
    out: &mut Out,
) -> Result<Lookup, Failure> {
    let found = if args.lines {
        // A record is checked whole (it is short): bad lines are all reported, whatever the
        // pointers. The lookup can then trust it.
        jet::text::validate_with(json, strict).and_then(|()| trusted.get_many(json, &args.pointers))
    } else {
        strict.get_many(json, &args.pointers)
    };
    let found = match found {
        Ok(found) => found,
        Err(e) => return Ok(Lookup::Invalid(e)),
    };
    let mut all = true;
    for (value, pointer) in found.into_iter().zip(&args.pointers) {
        match value.and_then(|v| print(args, &v)) {
            Ok(text) => out.write(&[&text, b"\n"])?,
            Err(e) => {
                report::error(place.at(pointer), &e, e.snippet(json));
                all = false;
            }
        }
    }
    Ok(Lookup::Found { all })
}

/// The text to print for a value.
fn print(args: &Args, value: &LazyValue<'_>) -> jet::Result<Vec<u8>> {
    if args.string {
        Ok(value.as_str()?.into_owned().into_bytes())
    } else if args.compact {
        value.as_raw().compact()
    } else {
        Ok(value.as_raw().as_bytes().to_vec())
    }
}
