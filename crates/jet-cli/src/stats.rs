//! `jet stats`: what a document holds — size, depth, values by kind, the longest string, the
//! largest object and array, duplicate names — counted in one streaming pass.

use std::collections::HashSet;

use jet::text::{Input as ReaderInput, Reader, Token};

use crate::input;
use crate::lines::{self, group_digits};
use crate::{for_each_input, Out, Strictness, EXIT_INVALID, EXIT_OK};

const EXAMPLES: &str = concat!(
    "Examples:
  jet stats data.json
  jet stats --json data.json | jet get - /largest_object
  jet stats --lines events.ndjson     totals over every line, bad lines reported
  jet stats --allow-duplicate-names legacy.json

Input is streamed: memory stays small whatever the size of a document. Sizes of strings
are in bytes of UTF-8, after unescaping. Duplicate names can only be found under
--allow-duplicate-names (without it, one is an error).

",
    exit_status_help!()
);

/// Count what a JSON document holds: values by kind, depth, the longest string, the largest
/// object and array.
#[derive(clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// Files to describe; `-` reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    files: Vec<String>,
    /// Treat each input as newline-delimited JSON: the statistics cover every good line.
    #[arg(long)]
    lines: bool,
    /// Print the statistics as a JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    strict: Strictness,
}

/// Runs `jet stats`; returns the exit status.
pub fn run(args: &Args) -> u8 {
    let opts = args.strict.options();
    for_each_input(&args.files, &mut Out::new(), |path, out| {
        let mut stats = Stats::new(args.strict.allow_duplicate_names);
        let mut status = EXIT_OK;
        if args.lines {
            let summary = lines::each_record(path, |number, line| {
                let added = stats.add_record(line, &opts, number);
                Ok(added.map_or_else(|e| lines::bad(path, number, &e, line), |()| true))
            })?;
            status = summary.finish(path);
            stats.bytes = summary.bytes;
            stats.lines = Some(summary);
        } else {
            match input::stream(path, &opts, |reader| Ok(stats.add(reader, None)?))? {
                Some(((), size)) => stats.bytes = size,
                None => return Ok(EXIT_INVALID),
            }
        }
        let text = if args.json { render_json(path, &stats) } else { render(&stats, true) };
        if !args.json && args.files.len() > 1 {
            out.write(&[input::display_name(path).as_bytes(), b":\n"])?;
        }
        out.write(&[text.as_bytes()])?;
        Ok(status)
    })
}

/// Where the largest or longest of something is: its size, and its place.
#[derive(Clone, Debug, Default)]
pub struct Found {
    size: u64,
    /// The line of the record, for NDJSON.
    line: Option<u64>,
    pointer: String,
}

/// Counts over one document, or over the records of an NDJSON input.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Bytes of input.
    pub bytes: u64,
    /// For NDJSON: what the lines held (bad lines are not counted in the rest).
    pub lines: Option<lines::Summary>,
    max_depth: usize,
    objects: u64,
    members: u64,
    arrays: u64,
    elements: u64,
    strings: u64,
    integers: u64,
    floats: u64,
    trues: u64,
    falses: u64,
    nulls: u64,
    longest_string: Option<Found>,
    largest_object: Option<Found>,
    largest_array: Option<Found>,
    /// Looked for only when duplicates are allowed (otherwise they are errors).
    find_duplicates: bool,
    duplicates: u64,
    first_duplicate: Option<Found>,
}

/// An array or object being counted.
struct Open {
    object: bool,
    /// Members or elements so far.
    count: u64,
    /// In an object: whether a name comes next.
    name_next: bool,
    /// The names seen, when looking for duplicates.
    names: HashSet<Box<str>>,
}

impl Stats {
    pub fn new(find_duplicates: bool) -> Stats {
        Stats { find_duplicates, ..Stats::default() }
    }

    /// Counts one NDJSON record; on error nothing of it is counted.
    pub fn add_record(&mut self, line: &[u8], opts: &jet::Options, number: u64) -> jet::Result<()> {
        let mut record = Stats::new(self.find_duplicates);
        let mut reader = Reader::from_slice(line).with_options(opts);
        record.add(&mut reader, Some(number))?;
        reader.finish()?;
        self.merge(record);
        Ok(())
    }

    /// Counts the value `reader` is at; `line` is the record's line, for NDJSON.
    pub fn add<I: ReaderInput>(&mut self, reader: &mut Reader<I>, line: Option<u64>) -> jet::Result<()> {
        let mut open: Vec<Open> = Vec::new();
        // Sets of names of closed objects, for reuse.
        let mut spare: Vec<HashSet<Box<str>>> = Vec::new();
        loop {
            let is_name = open.last().is_some_and(|o| o.object && o.name_next);
            // What the token is, taken before the reader is asked anything else.
            let kind = match reader.next_token()? {
                None => break,
                Some(Token::String(s)) if is_name => {
                    Kind::Name(self.find_duplicates.then(|| s.as_ref().into()))
                }
                Some(Token::String(s)) => Kind::String(s.len() as u64),
                Some(Token::Number(n)) if n.is_integer() => Kind::Integer,
                Some(Token::Number(_)) => Kind::Float,
                Some(Token::Bool(true)) => Kind::True,
                Some(Token::Bool(false)) => Kind::False,
                Some(Token::Null) => Kind::Null,
                Some(Token::BeginObject) => Kind::Begin { object: true },
                Some(Token::BeginArray) => Kind::Begin { object: false },
                Some(Token::EndObject | Token::EndArray) => Kind::End,
            };
            match kind {
                Kind::Name(name) => {
                    let top = open.last_mut().expect("names are in objects");
                    top.name_next = false;
                    top.count += 1;
                    if name.is_some_and(|name| !top.names.insert(name)) {
                        self.duplicates += 1;
                        if self.first_duplicate.is_none() {
                            self.first_duplicate = Some(Found { size: 0, line, pointer: reader.pointer() });
                        }
                    }
                    continue;
                }
                Kind::Begin { object } => {
                    let names = spare.pop().unwrap_or_default();
                    open.push(Open { object, count: 0, name_next: object, names });
                    self.max_depth = self.max_depth.max(open.len());
                    continue;
                }
                Kind::End => {
                    let closed = open.pop().expect("the reader matches ends with begins");
                    let (counter, largest) = if closed.object {
                        self.objects += 1;
                        (&mut self.members, &mut self.largest_object)
                    } else {
                        self.arrays += 1;
                        (&mut self.elements, &mut self.largest_array)
                    };
                    *counter += closed.count;
                    if largest.as_ref().is_none_or(|f| closed.count > f.size) {
                        *largest = Some(Found { size: closed.count, line, pointer: reader.pointer() });
                    }
                    if self.find_duplicates {
                        let mut names = closed.names;
                        names.clear();
                        spare.push(names);
                    }
                }
                Kind::String(len) => {
                    self.strings += 1;
                    if self.longest_string.as_ref().is_none_or(|f| len > f.size) {
                        self.longest_string = Some(Found { size: len, line, pointer: reader.pointer() });
                    }
                }
                Kind::Integer => self.integers += 1,
                Kind::Float => self.floats += 1,
                Kind::True => self.trues += 1,
                Kind::False => self.falses += 1,
                Kind::Null => self.nulls += 1,
            }
            // A value is complete: in an object, a name comes next.
            match open.last_mut() {
                Some(top) if top.object => top.name_next = true,
                Some(top) => top.count += 1,
                None => break,
            }
        }
        Ok(())
    }

    fn merge(&mut self, other: Stats) {
        self.bytes += other.bytes;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.objects += other.objects;
        self.members += other.members;
        self.arrays += other.arrays;
        self.elements += other.elements;
        self.strings += other.strings;
        self.integers += other.integers;
        self.floats += other.floats;
        self.trues += other.trues;
        self.falses += other.falses;
        self.nulls += other.nulls;
        self.duplicates += other.duplicates;
        for (mine, theirs) in [
            (&mut self.longest_string, other.longest_string),
            (&mut self.largest_object, other.largest_object),
            (&mut self.largest_array, other.largest_array),
        ] {
            if let Some(theirs) = theirs {
                if mine.as_ref().is_none_or(|m| theirs.size > m.size) {
                    *mine = Some(theirs);
                }
            }
        }
        if self.first_duplicate.is_none() {
            self.first_duplicate = other.first_duplicate;
        }
    }

    fn values(&self) -> u64 {
        self.objects + self.arrays + self.strings + self.numbers() + self.trues + self.falses + self.nulls
    }

    fn numbers(&self) -> u64 {
        self.integers + self.floats
    }
}

/// What a token counts as.
enum Kind {
    /// A member's name: its text when looking for duplicates.
    Name(Option<Box<str>>),
    /// A string value, and its length.
    String(u64),
    Integer,
    Float,
    True,
    False,
    Null,
    Begin {
        object: bool,
    },
    End,
}

impl Found {
    fn place(&self) -> String {
        let pointer = if self.pointer.is_empty() { "the top level" } else { &self.pointer };
        match self.line {
            Some(line) => format!("line {line}, {pointer}"),
            None => pointer.to_owned(),
        }
    }
}

/// The statistics as an aligned table. `size` says whether to show the input's size (not
/// shown by `check`, which has printed it).
pub fn render(s: &Stats, size: bool) -> String {
    let n = |v: u64| group_digits(v);
    // `1 member`, `2 members`.
    let count = |v: u64, unit: &str| format!("{} {unit}{}", n(v), if v == 1 { "" } else { "s" });
    let mut rows: Vec<(&str, String)> = Vec::new();
    if size {
        rows.push(("size", count(s.bytes, "byte")));
    }
    if let Some(lines) = &s.lines {
        let values = count(lines.records, "value");
        rows.push(("lines", format!("{} ({values}, {} invalid)", n(lines.lines), n(lines.bad))));
    }
    rows.push(("depth", n(s.max_depth as u64)));
    rows.push(("values", n(s.values())));
    rows.push(("  objects", format!("{} ({})", n(s.objects), count(s.members, "member"))));
    rows.push(("  arrays", format!("{} ({})", n(s.arrays), count(s.elements, "element"))));
    rows.push(("  strings", n(s.strings)));
    rows.push((
        "  numbers",
        format!("{} ({}, {})", n(s.numbers()), count(s.integers, "integer"), count(s.floats, "float")),
    ));
    rows.push((
        "  booleans",
        format!("{} ({} true, {} false)", n(s.trues + s.falses), n(s.trues), n(s.falses)),
    ));
    rows.push(("  nulls", n(s.nulls)));
    let found = |f: &Option<Found>, unit: &str| match f {
        Some(f) => format!("{} at {}", count(f.size, unit), f.place()),
        None => "none".to_owned(),
    };
    rows.push(("longest string", found(&s.longest_string, "byte")));
    rows.push(("largest object", found(&s.largest_object, "member")));
    rows.push(("largest array", found(&s.largest_array, "element")));
    if s.find_duplicates {
        let first = match &s.first_duplicate {
            Some(f) => format!(", first at {}", f.place()),
            None => String::new(),
        };
        rows.push(("duplicate names", format!("{}{first}", n(s.duplicates))));
    }
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    rows.iter().map(|(k, v)| format!("{k:width$}  {v}\n")).collect()
}

/// The statistics as one JSON object, on one line.
pub fn render_json(path: &str, s: &Stats) -> String {
    let found = |f: &Option<Found>| match f {
        Some(f) => jet::json!({"size": f.size, "line": f.line, "pointer": f.pointer}),
        None => jet::Value::Null,
    };
    let mut v = jet::json!({
        "file": input::display_name(path),
        "bytes": s.bytes,
        "depth": s.max_depth,
        "values": s.values(),
        "objects": s.objects,
        "members": s.members,
        "arrays": s.arrays,
        "elements": s.elements,
        "strings": s.strings,
        "numbers": s.numbers(),
        "integers": s.integers,
        "floats": s.floats,
        "booleans": s.trues + s.falses,
        "trues": s.trues,
        "falses": s.falses,
        "nulls": s.nulls,
        "longest_string": found(&s.longest_string),
        "largest_object": found(&s.largest_object),
        "largest_array": found(&s.largest_array),
    });
    if let Some(lines) = &s.lines {
        v["lines"] = lines.lines.into();
        v["records"] = lines.records.into();
        v["invalid_records"] = lines.bad.into();
    }
    if s.find_duplicates {
        v["duplicate_names"] = s.duplicates.into();
        v["first_duplicate"] = found(&s.first_duplicate);
    }
    format!("{v}\n")
}
