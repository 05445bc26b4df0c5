//! Messages on stderr: `PATH:LINE:COL: error: MESSAGE at POINTER` and the line with a caret,
//! in colour on a terminal (never with `NO_COLOR`).

use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::sync::OnceLock;

use anstyle::{AnsiColor, Style};

use crate::input;

/// Whether stderr gets colour: a terminal, and `NO_COLOR` unset or empty (no-color.org).
fn colour() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| {
        io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    })
}

fn style(style: Style) -> Style {
    if colour() {
        style
    } else {
        Style::new()
    }
}

const BOLD: Style = Style::new().bold();
const ERROR: Style = Style::new().bold().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
const CARET: Style = Style::new().bold().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

/// Where an error is: the input's name, and for NDJSON the line of the record (the error's
/// own line counts from there).
#[derive(Clone, Copy)]
pub struct Place<'a> {
    name: &'a str,
    record_line: Option<u64>,
    /// The pointer of the value at hand, for errors that do not carry one.
    pointer: &'a str,
}

impl<'a> Place<'a> {
    /// A whole input.
    pub fn file(path: &'a str) -> Place<'a> {
        Place { name: input::display_name(path), record_line: None, pointer: "" }
    }

    /// The record on line `number` (from 1) of an NDJSON input.
    pub fn line(path: &'a str, number: u64) -> Place<'a> {
        Place { name: input::display_name(path), record_line: Some(number), pointer: "" }
    }

    /// The same place, for the value at `pointer`.
    pub fn at(self, pointer: &'a str) -> Place<'a> {
        Place { pointer, ..self }
    }
}

/// Reports a JSON error (invalid input, or a path not found) with its position and pointer,
/// and the line with a caret when `snippet` has it.
pub fn error(place: Place<'_>, err: &jet::Error, snippet: Option<String>) {
    input::without_bar(|| {
        let mut out = io::stderr().lock();
        let (bold, error, caret) = (style(BOLD), style(ERROR), style(CARET));
        let _ = write!(out, "{bold}{}:", place.name);
        let lines_before = place.record_line.map_or(0, |n| n - 1);
        if err.line() != 0 {
            let _ = write!(out, "{}:{}:", lines_before + err.line() as u64, err.column());
        } else if let Some(n) = place.record_line {
            let _ = write!(out, "{n}:");
        }
        let _ = write!(out, "{bold:#} {error}error:{error:#} {}", err.message());
        let pointer = if err.pointer().is_empty() { place.pointer } else { err.pointer() };
        if !pointer.is_empty() {
            let _ = write!(out, " at {pointer}");
        }
        let _ = writeln!(out);
        if let Some(snippet) = snippet {
            let mut lines = snippet.lines();
            if let Some(text) = lines.next() {
                let _ = writeln!(out, "    {text}");
            }
            for marks in lines {
                let _ = writeln!(out, "    {caret}{marks}{caret:#}");
            }
        }
    });
}

/// Reports a problem that is not the input's: a file that cannot be read, a bad argument.
pub fn trouble(what: &str, err: impl Display) {
    input::without_bar(|| {
        let error = style(ERROR);
        eprintln!("jet: {error}error:{error:#} {what}: {err}");
    });
}

/// Prints a summary line on stderr.
pub fn note(text: impl Display) {
    input::without_bar(|| eprintln!("{text}"));
}
