//! Opening inputs: a path, or `-` for standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

/// What to call an input in messages: the path as given, `<stdin>` for `-`.
pub fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// The whole input in memory.
pub fn read_all(path: &str) -> io::Result<Vec<u8>> {
    if path == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// The input as a buffered reader, for line-by-line work in bounded memory.
pub fn open_buffered(path: &str) -> io::Result<Box<dyn BufRead>> {
    if path == "-" {
        Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin())))
    } else {
        Ok(Box::new(BufReader::with_capacity(1 << 16, File::open(path)?)))
    }
}
