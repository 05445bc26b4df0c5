//! Memory is bounded by the largest token, not by the document: reading 10× more NDJSON through
//! `io::Read` takes no more peak heap. Measured with a counting global allocator, so this file
//! holds a single test (tests in one binary share the allocator).

mod common;

use std::io;

use common::counting::{peak_during, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

/// Generates NDJSON records on the fly, so the input itself takes no heap.
struct Records {
    next: usize,
    count: usize,
    line: [u8; 256],
    line_len: usize,
    line_pos: usize,
}

impl Records {
    fn new(count: usize) -> Records {
        Records { next: 0, count, line: [0; 256], line_len: 0, line_pos: 0 }
    }
}

impl io::Read for Records {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.line_pos == self.line_len {
            if self.next == self.count {
                return Ok(0);
            }
            let i = self.next;
            self.next += 1;
            let mut cursor = io::Cursor::new(&mut self.line[..]);
            use io::Write;
            writeln!(
                cursor,
                "{{\"id\":{i},\"name\":\"user \\u00e9 {i}\",\"tags\":[\"a\",\"b\",{{\"deep\":[{i},{i}.5]}}],\"ok\":true}}"
            )?;
            self.line_len = cursor.position() as usize;
            self.line_pos = 0;
        }
        let n = buf.len().min(self.line_len - self.line_pos).min(1000);
        buf[..n].copy_from_slice(&self.line[self.line_pos..self.line_pos + n]);
        self.line_pos += n;
        Ok(n)
    }
}

/// Peak heap while reading every token of `count` records, and the number of tokens.
fn peak_reading(count: usize) -> (usize, usize) {
    let (tokens, peak) = peak_during(|| {
        let mut reader = jet::text::Reader::from_reader(Records::new(count)).stream(true);
        let mut tokens = 0;
        while reader.next_token().unwrap().is_some() {
            tokens += 1;
        }
        reader.finish().unwrap();
        tokens
    });
    (peak, tokens)
}

#[test]
fn peak_heap_does_not_grow_with_the_document() {
    let (small, small_tokens) = peak_reading(1_000);
    let (large, large_tokens) = peak_reading(10_000);
    assert_eq!(large_tokens, 10 * small_tokens);
    let ratio = large as f64 / small as f64;
    assert!(ratio <= 1.1, "peak heap {small} B for 1,000 lines vs {large} B for 10,000 (ratio {ratio:.2})");
    // And the peak is the buffer plus small change, far below the document size.
    assert!(large < 128 * 1024, "peak heap {large} B");
}
