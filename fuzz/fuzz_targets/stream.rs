//! The same input through `io::Read` in reads of 1 to 8 bytes (sizes from the first bytes),
//! with the smallest buffer, gives exactly what the slice gives: every token, and the same
//! error at the same offset — in single-value and stream modes, with and without limits on
//! string and number length.
#![no_main]

use std::io::{self, Read};

use jet::text::{Input, Reader, Token};
use jet::Options;
use libfuzzer_sys::fuzz_target;

/// Hands out the input in reads of the sizes `sizes` cycles through.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    next: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes.get(self.next % self.sizes.len().max(1)).map_or(8, |s| usize::from(s % 8) + 1);
        self.next += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Every token (owned) and how the reading ended: `None`, or the error's offset and text.
fn tokens<I: Input>(mut reader: Reader<I>) -> (Vec<Token<'static>>, Option<(u64, String)>) {
    let mut out = Vec::new();
    loop {
        match reader.next_token() {
            Ok(Some(t)) => out.push(t.into_owned()),
            Ok(None) => {
                return (out, reader.finish().err().map(|e| (e.offset(), e.to_string())));
            }
            Err(e) => return (out, Some((e.offset(), e.to_string()))),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let split = usize::from(flags >> 4).min(rest.len());
    let (sizes, input) = rest.split_at(split);
    let mut opts =
        Options::default().allow_duplicate_names(flags & 1 != 0).allow_invalid_utf8(flags & 2 != 0);
    if flags & 8 != 0 {
        opts = opts.max_string_len(16).max_number_len(8);
    }
    let stream = flags & 4 != 0;
    let slice = tokens(Reader::from_slice(input).with_options(&opts).stream(stream));
    let chunked = Chunked { data: input, sizes, next: 0 };
    let io = tokens(Reader::with_capacity(chunked, 64).with_options(&opts).stream(stream));
    assert!(slice == io, "slice {slice:?}\nio    {io:?}");
});
