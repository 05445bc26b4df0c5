//! `--lines`: newline-delimited JSON, one value per line, read line by line in memory bounded
//! by the longest line. Blank lines are skipped; each bad line is reported with its number,
//! and the rest are still processed.

use std::io::BufRead;

use crate::report::{self, Place};
use crate::{input, Failure, EXIT_INVALID, EXIT_OK};

/// What a pass over the lines of one input saw.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Bytes read, newlines included.
    pub bytes: u64,
    pub lines: u64,
    pub records: u64,
    pub bad: u64,
}

/// Runs `each` on every line of the input at `path` that holds something but whitespace.
/// `each` gets the line's number (from 1) and its bytes (without the `\n` or `\r\n`), and
/// returns whether the record was good; a bad one it has reported itself (see [`bad`]).
pub fn each_record(
    path: &str,
    mut each: impl FnMut(u64, &[u8]) -> Result<bool, Failure>,
) -> Result<Summary, Failure> {
    let mut input = input::open_buffered(path).map_err(Failure::Input)?;
    let mut line = Vec::new();
    let mut summary = Summary::default();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line).map_err(Failure::Input)? == 0 {
            break;
        }
        summary.lines += 1;
        summary.bytes += line.len() as u64;
        if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
            continue;
        }
        summary.records += 1;
        let end = line.len() - line.ends_with(b"\n") as usize;
        let end = end - line[..end].ends_with(b"\r") as usize;
        if !each(summary.lines, &line[..end])? {
            summary.bad += 1;
        }
    }
    Ok(summary)
}

/// Reports `err`, found in the record on line `number` of `path`; false, for [`each_record`].
pub fn bad(path: &str, number: u64, err: &jet::Error, line: &[u8]) -> bool {
    report::error(Place::line(path, number), err, err.snippet(line));
    false
}

impl Summary {
    /// The summary line: `NAME: L lines, R values, B invalid`.
    pub fn line(&self, path: &str) -> String {
        format!(
            "{}: {} lines, {} values, {} invalid",
            input::display_name(path),
            group_digits(self.lines),
            group_digits(self.records),
            group_digits(self.bad)
        )
    }

    /// For commands whose output is the records: the summary on stderr when some were bad,
    /// and the exit status.
    pub fn finish(&self, path: &str) -> u8 {
        if self.bad == 0 {
            return EXIT_OK;
        }
        report::note(self.line(path));
        EXIT_INVALID
    }
}

/// `1234567` as `1,234,567`.
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
