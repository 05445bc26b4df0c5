//! Typed decoding streams in bounded memory: the elements of a 200 MB top-level array decoded
//! one by one from an `io::Read` (serde_json's #404), and NDJSON records through a
//! `StreamDeserializer`, with peak heap far below the input. Measured with a counting global
//! allocator, so this file holds a single test.

mod common;

use std::io::{self, Write as _};

use serde::Deserialize;

use common::counting::{peak_during, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

#[derive(Deserialize)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: f64,
    ok: bool,
}

/// Generates records on the fly (the input takes no heap): as the elements of one array, or
/// as NDJSON lines.
struct Records {
    next: usize,
    count: usize,
    array: bool,
    buf: [u8; 256],
    len: usize,
    pos: usize,
}

impl Records {
    fn new(count: usize, array: bool) -> Records {
        Records { next: 0, count, array, buf: [0; 256], len: 0, pos: 0 }
    }

    /// Fills `buf` with the next piece of input; false at the end.
    fn refill(&mut self) -> io::Result<bool> {
        let mut cursor = io::Cursor::new(&mut self.buf[..]);
        let i = self.next;
        if i > self.count {
            return Ok(false);
        }
        self.next += 1;
        if i == self.count {
            if self.array {
                cursor.write_all(b"]\n")?;
            }
        } else {
            let sep = match (self.array, i) {
                (true, 0) => "[",
                (true, _) => ",\n",
                (false, _) => "",
            };
            write!(
                cursor,
                "{sep}{{\"id\":{i},\"name\":\"record \\u00e9 {i}\",\"tags\":[\"alpha\",\"beta\",\"gamma\"],\"score\":{i}.25,\"ok\":true}}"
            )?;
            if !self.array {
                cursor.write_all(b"\n")?;
            }
        }
        self.len = cursor.position() as usize;
        self.pos = 0;
        Ok(true)
    }
}

impl io::Read for Records {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.len && !self.refill()? {
            return Ok(0);
        }
        let n = buf.len().min(self.len - self.pos);
        buf[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Counts the bytes read through it.
struct Counted<R>(R, usize);

impl<R: io::Read> io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        self.1 += n;
        Ok(n)
    }
}

fn check(record: &Record, i: u64) {
    assert_eq!(record.id, i);
    assert_eq!(record.name, format!("record é {i}"));
    assert_eq!(record.tags.len(), 3);
    assert_eq!(record.score, i as f64 + 0.25);
    assert!(record.ok);
}

#[test]
fn typed_streams_decode_in_bounded_memory() {
    // A 200 MB array, element by element.
    let count = 1_900_000;
    let (size, peak) = peak_during(|| {
        let mut input = Counted(Records::new(count, true), 0);
        let mut n = 0;
        for record in jet::iter_array::<Record, _>(&mut input) {
            check(&record.unwrap(), n);
            n += 1;
        }
        assert_eq!(n, count as u64);
        input.1
    });
    assert!(size > 200_000_000, "input of {size} bytes");
    eprintln!("iter_array: peak heap {peak} B for an array of {size} B");
    assert!(peak < 10 << 20, "peak heap {peak} B for an array of {size} B");

    // NDJSON through a StreamDeserializer: 10× the records, the same peak.
    let peak_for = |count: usize| {
        let ((), peak) = peak_during(|| {
            let mut n = 0;
            for record in jet::Options::default().stream_from_reader::<Record, _>(Records::new(count, false))
            {
                check(&record.unwrap(), n);
                n += 1;
            }
            assert_eq!(n, count as u64);
        });
        peak
    };
    let (small, large) = (peak_for(10_000), peak_for(100_000));
    let ratio = large as f64 / small as f64;
    eprintln!("StreamDeserializer: peak heap {small} B for 10,000 records, {large} B for 100,000");
    assert!(
        ratio <= 1.1,
        "peak heap {small} B for 10,000 records vs {large} B for 100,000 (ratio {ratio:.2})"
    );
}
