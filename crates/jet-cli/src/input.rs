//! Opening inputs: a path, or `-` for standard input. Inputs are streamed (bounded memory)
//! or read whole; either way a progress bar shows on a terminal for large files, and the
//! last bytes read are kept for the caret under an error.

use std::fs::File;
use std::io::{self, BufReader, IsTerminal, Read};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};

use crate::Failure;

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 64 << 20;

/// How much of the input most recently read [`Recent`] keeps, at least.
const RECENT: usize = 256 << 10;

/// What to call an input in messages: the path as given, `<stdin>` for `-`.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// An open input, read in order. Reading it counts towards the progress bar, if there is one.
pub struct Input {
    inner: Box<dyn Read>,
    bar: Option<ProgressBar>,
}

/// Opens `path`, or standard input for `-`.
pub fn open(path: &str) -> io::Result<Input> {
    if path == "-" {
        return Ok(Input { inner: Box::new(io::stdin().lock()), bar: None });
    }
    let file = File::open(path)?;
    let len = file.metadata()?.len();
    Ok(Input { inner: Box::new(file), bar: progress_bar(display_name(path), len) })
}

/// The whole input in memory.
pub fn read_all(path: &str) -> io::Result<Vec<u8>> {
    let mut input = open(path)?;
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The input as a buffered reader, for line-by-line work in bounded memory.
pub fn open_buffered(path: &str) -> io::Result<BufReader<Input>> {
    Ok(BufReader::with_capacity(1 << 16, open(path)?))
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
        }
        Ok(n)
    }
}

impl Drop for Input {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            *BAR.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
    }
}

/// The progress bar on show, if any: messages printed meanwhile suspend it.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// A progress bar for reading `len` bytes of `name`: only for large inputs, and only when
/// stderr is a terminal (never in a pipe or a log).
fn progress_bar(name: &str, len: u64) -> Option<ProgressBar> {
    if len < PROGRESS_FROM || !io::stderr().is_terminal() {
        return None;
    }
    let style = ProgressStyle::with_template(
        "{msg} {wide_bar} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta}",
    )
    .expect("the template is valid");
    let bar = ProgressBar::new(len).with_style(style).with_message(name.to_owned());
    *BAR.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar.clone());
    Some(bar)
}

/// Runs `f` (which prints to stderr) with the progress bar, if any, out of the way.
pub fn without_bar<R>(f: impl FnOnce() -> R) -> R {
    let bar = BAR.lock().unwrap_or_else(|e| e.into_inner()).clone();
    match bar {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}

/// A reader that keeps the last bytes it read (at least [`RECENT`] of them), so that an error
/// found while streaming can still show its line.
pub struct Recent<R> {
    inner: R,
    kept: Vec<u8>,
    /// The offset in the input of `kept[0]`.
    kept_from: u64,
}

impl<R: Read> Recent<R> {
    pub fn new(inner: R) -> Recent<R> {
        Recent { inner, kept: Vec::new(), kept_from: 0 }
    }

    /// Bytes read so far.
    pub fn total(&self) -> u64 {
        self.kept_from + self.kept.len() as u64
    }

    /// The bytes kept, and the offset of the first of them in the input.
    pub fn kept(&self) -> (&[u8], u64) {
        (&self.kept, self.kept_from)
    }
}

impl<R: Read> Read for Recent<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if self.kept.len() + n > 2 * RECENT {
            // Keep the newest RECENT bytes, plus what comes now.
            let drop = self.kept.len().saturating_sub(RECENT);
            self.kept.drain(..drop);
            self.kept_from += drop as u64;
        }
        self.kept.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// A strict reader streaming an input.
pub type DocReader = jet::text::Reader<jet::text::IoInput<Recent<Input>>>;

/// Why [`stream`]'s work stopped.
pub enum Stop {
    /// The input is not valid JSON.
    Json(jet::Error),
    Failure(Failure),
}

/// A reader's I/O error is the input's failure; any other error is invalid JSON.
impl From<jet::Error> for Stop {
    fn from(err: jet::Error) -> Stop {
        match err.io_error() {
            Some(e) => Stop::Failure(Failure::Input(crate::copy_io_error(e))),
            None => Stop::Json(err),
        }
    }
}

/// Streams the input at `path` through a reader with `opts`, runs `work` on it (which reads
/// one value), and checks that nothing follows. Gives what `work` made and the input's size,
/// or `None` for invalid input, reported with its line and caret.
pub fn stream<T>(
    path: &str,
    opts: &jet::Options,
    work: impl FnOnce(&mut DocReader) -> Result<T, Stop>,
) -> Result<Option<(T, u64)>, Failure> {
    let input = open(path).map_err(Failure::Input)?;
    let mut reader = jet::text::Reader::from_reader(Recent::new(input)).with_options(opts);
    let result = work(&mut reader).and_then(|made| {
        reader.finish()?;
        Ok(made)
    });
    let recent = reader.into_inner();
    match result {
        Ok(made) => Ok(Some((made, recent.total()))),
        Err(Stop::Failure(f)) => Err(f),
        Err(Stop::Json(err)) => {
            let (kept, from) = recent.kept();
            let snippet = err.snippet_from(kept, from);
            drop(recent);
            crate::report::error(crate::report::Place::file(path), &err, snippet);
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out `data` in reads of the sizes given, in turn.
    struct Chunks<'a> {
        data: &'a [u8],
        sizes: &'a [usize],
        turn: usize,
    }

    impl Read for Chunks<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.sizes[self.turn % self.sizes.len()].min(buf.len()).min(self.data.len());
            self.turn += 1;
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// After any number of reads of any sizes, what is kept is the input's last bytes, at
    /// least [`RECENT`] of them (or all when fewer were read), and the offset is theirs.
    #[test]
    fn recent_keeps_the_last_bytes_read() {
        let data: Vec<u8> = (0..3 * RECENT + 12_345).map(|i| (i % 251) as u8).collect();
        let sizes: &[&[usize]] = &[&[1 << 16], &[1000, 7, 65_536, 3], &[RECENT], &[RECENT + 1, 5]];
        for sizes in sizes {
            let mut recent = Recent::new(Chunks { data: &data, sizes, turn: 0 });
            let mut buf = vec![0; 2 * RECENT];
            loop {
                let n = recent.read(&mut buf).unwrap();
                let total = recent.total() as usize;
                let (kept, from) = recent.kept();
                assert_eq!(from as usize + kept.len(), total, "{sizes:?}");
                assert_eq!(kept, &data[from as usize..total], "{sizes:?}");
                assert!(kept.len() >= RECENT.min(total), "{sizes:?}: {} kept of {total}", kept.len());
                assert!(kept.len() < 2 * RECENT + buf.len(), "{sizes:?}: {} kept", kept.len());
                if n == 0 {
                    assert_eq!(total, data.len());
                    break;
                }
            }
        }
    }
}
