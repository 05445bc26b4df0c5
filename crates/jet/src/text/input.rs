//! Input sources for a [`Reader`](super::Reader): a slice, a `str`, or any `io::Read`.
//!
//! Every source shows the reader a *window* of bytes. A slice or `str` is one window that holds
//! everything. An `io::Read` source keeps a buffer: when the reader needs bytes past the window,
//! the source reads more into the free end of the buffer, first (when less than half of it is
//! free) dropping what the reader no longer needs and moving the rest to the front. The buffer
//! grows to the capacity asked for in steps, and past it only when one token (or one value
//! asked for whole) does not fit. Memory is bounded by the largest token, not by the document.

use std::io;

use crate::error::Position;
use crate::scan;

/// A source of input for a [`Reader`](super::Reader). Sealed: implemented by [`SliceInput`],
/// [`StrInput`] and [`IoInput`] only.
pub trait Input: private::Sealed {}

/// An [`Input`] that a typed [`Deserializer`](crate::Deserializer) reads for the lifetime
/// `'de`: input in memory lends strings without escapes for `'de` (zero-copy `&'de str`);
/// streamed input lends nothing. Sealed.
pub trait Source<'de>: Input + private::Lend<'de> {}

pub(crate) mod private {
    use super::Position;
    use std::io;

    /// The methods of [`Input`](super::Input), hidden from users.
    pub trait Sealed {
        /// The bytes are known to be UTF-8 (the input is a `str`).
        const TRUSTED_UTF8: bool;
        /// The window is the whole input and never moves: indices into it stay valid.
        const STABLE: bool;
        /// The bytes available now.
        fn window(&self) -> &[u8];
        /// No more bytes will come after the window.
        fn at_eof(&self) -> bool;
        /// Reads more, first dropping `window[..keep]` and moving the rest to the front when
        /// [`fill_moves`](Sealed::fill_moves) says so. Returns how far every index into the
        /// window moved down: `keep` or 0. Must not be called at EOF.
        fn fill(&mut self, keep: usize) -> io::Result<usize>;
        /// Whether [`fill`](Sealed::fill) with this `keep` moves the window (what borrows
        /// from it must be copied first).
        fn fill_moves(&self, keep: usize) -> bool;
        /// Absolute offset of `window[0]` in the whole input.
        fn base(&self) -> u64;
        /// Line and column of `window[at]`.
        fn position(&self, at: usize) -> Position;
        /// Limits the input to `max` bytes. Streamed input reads no further: once more input
        /// is known to exist, [`over_limit`] is true and [`at_eof`] false, so that a reader
        /// needing more calls [`fill`], which then reads nothing, and sees [`over_limit`].
        /// Input in memory (`STABLE`) is [`over_limit`] at once when longer.
        ///
        /// [`over_limit`]: Sealed::over_limit
        /// [`at_eof`]: Sealed::at_eof
        /// [`fill`]: Sealed::fill
        fn limit(&mut self, max: u64);
        /// The input goes on past the limit.
        fn over_limit(&self) -> bool;
    }

    /// The method of [`Source`](super::Source), hidden from users.
    pub trait Lend<'de> {
        /// The whole input, when it lives for `'de` (then it is the window).
        fn lend(&self) -> Option<&'de [u8]>;
    }
}

/// Input from a byte slice: one window, checked for UTF-8 as it is read.
pub type SliceInput<'a> = BytesInput<'a, false>;

/// Input from a `str`: like [`SliceInput`], but UTF-8 is not checked again.
pub type StrInput<'a> = BytesInput<'a, true>;

/// Input held in memory whole: a slice, or (with `UTF8`) the bytes of a `str`.
#[derive(Clone, Copy, Debug)]
pub struct BytesInput<'a, const UTF8: bool> {
    bytes: &'a [u8],
    /// Offset of `bytes[0]` in the whole input: 0, except in tests that hand a reader the rest
    /// of a document.
    base: u64,
    /// The input is longer than its limit.
    over: bool,
}

impl<'a> SliceInput<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> SliceInput<'a> {
        BytesInput { bytes, base: 0, over: false }
    }

    #[cfg(test)]
    pub(crate) fn with_base(bytes: &'a [u8], base: u64) -> SliceInput<'a> {
        BytesInput { bytes, base, over: false }
    }
}

impl<'a> StrInput<'a> {
    pub(crate) fn new(text: &'a str) -> StrInput<'a> {
        BytesInput { bytes: text.as_bytes(), base: 0, over: false }
    }
}

impl<const UTF8: bool> Input for BytesInput<'_, UTF8> {}

impl<'de, const UTF8: bool> Source<'de> for BytesInput<'de, UTF8> {}

impl<'de, const UTF8: bool> private::Lend<'de> for BytesInput<'de, UTF8> {
    #[inline(always)]
    fn lend(&self) -> Option<&'de [u8]> {
        Some(self.bytes)
    }
}

impl<const UTF8: bool> private::Sealed for BytesInput<'_, UTF8> {
    const TRUSTED_UTF8: bool = UTF8;
    const STABLE: bool = true;
    #[inline(always)]
    fn window(&self) -> &[u8] {
        self.bytes
    }
    #[inline(always)]
    fn at_eof(&self) -> bool {
        true
    }
    fn fill(&mut self, _keep: usize) -> io::Result<usize> {
        unreachable!("input in memory is read to its end at once")
    }
    fn fill_moves(&self, _keep: usize) -> bool {
        false
    }
    #[inline(always)]
    fn base(&self) -> u64 {
        self.base
    }
    fn position(&self, at: usize) -> Position {
        let mut pos = Position::in_slice(self.bytes, at);
        pos.offset += self.base;
        pos
    }
    fn limit(&mut self, max: u64) {
        // Input in memory is whole: longer than the limit, it is refused before reading (a
        // constant `at_eof` keeps the hot loops free of the limit).
        self.over = self.base + self.bytes.len() as u64 > max;
    }
    #[inline(always)]
    fn over_limit(&self) -> bool {
        self.over
    }
}

/// The default buffer size of [`IoInput`].
pub const DEFAULT_BUFFER: usize = 64 * 1024;

/// The size of the first read; later reads double it up to the buffer size.
const FIRST_READ: usize = 8 * 1024;

/// How many buffers the pool of [`BUFFERS`] keeps.
const POOLED_BUFFERS: usize = 2;
/// A buffer grown past this (by one huge token) is freed, not kept.
const POOLED_BUFFER_MAX: usize = 1 << 20;

thread_local! {
    /// Buffers that finished `io::Read` inputs left for the next one on this thread (already
    /// zeroed: a new reader of a small input allocates and clears nothing), as the grammar's
    /// states are pooled.
    static BUFFERS: core::cell::RefCell<Vec<Vec<u8>>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// The buffer of an [`IoInput`]: its length is what has been zeroed so far (reads need
/// initialized bytes), grown in steps so that a small input zeroes little. Taken from the
/// thread's pool when one there is large enough, and given back to it when dropped.
#[derive(Debug)]
struct Buffer(Vec<u8>);

impl Buffer {
    /// A buffer of at least `capacity` bytes whose zeroed length is at most `capacity` (so that
    /// the window never grows past what was asked for, whatever the pooled buffer held).
    fn new(capacity: usize) -> Buffer {
        let pooled = BUFFERS
            .try_with(|pool| {
                let mut pool = pool.try_borrow_mut().ok()?;
                let i = pool.iter().position(|b| b.capacity() >= capacity)?;
                Some(pool.swap_remove(i))
            })
            .ok()
            .flatten();
        match pooled {
            Some(mut buf) => {
                buf.truncate(capacity);
                Buffer(buf)
            }
            None => Buffer(Vec::with_capacity(capacity)),
        }
    }
}

impl Drop for Buffer {
    fn drop(&mut self) {
        if self.0.capacity() == 0 || self.0.capacity() > POOLED_BUFFER_MAX {
            return;
        }
        super::give_back(&BUFFERS, core::mem::take(&mut self.0), POOLED_BUFFERS);
    }
}

/// Input from an `io::Read`, through a buffer window.
#[derive(Debug)]
pub struct IoInput<R> {
    inner: R,
    /// The buffer (see [`Buffer`]), grown in steps up to `capacity`.
    buf: Buffer,
    /// Bytes of `buf` that hold input.
    len: usize,
    /// The buffer size asked for; more only when one token needs it.
    capacity: usize,
    /// Absolute offset of `buf[0]`.
    base: u64,
    eof: bool,
    /// Absolute offset past which nothing is read.
    limit: u64,
    /// The input has a byte at `limit`.
    over: bool,
    /// Newlines in the input dropped so far.
    lines: usize,
    /// Bytes after the last dropped newline, in dropped input.
    line_bytes: usize,
}

impl<R: io::Read> IoInput<R> {
    pub(crate) fn new(inner: R, capacity: usize) -> IoInput<R> {
        IoInput {
            inner,
            buf: Buffer::new(capacity.max(64)),
            len: 0,
            capacity: capacity.max(64),
            base: 0,
            eof: false,
            limit: u64::MAX,
            over: false,
            lines: 0,
            line_bytes: 0,
        }
    }

    pub(crate) fn into_inner(self) -> R {
        self.inner
    }

    /// The buffer's size for the next read: doubled (from [`FIRST_READ`]) while below the
    /// capacity, so that a small input zeroes little.
    fn grown_size(&self) -> usize {
        let size = self.buf.0.len();
        if size < self.capacity {
            (size * 2).clamp(FIRST_READ.min(self.capacity), self.capacity)
        } else {
            size
        }
    }
}

impl<R: io::Read> Input for IoInput<R> {}

impl<R: io::Read> Source<'_> for IoInput<R> {}

impl<'de, R: io::Read> private::Lend<'de> for IoInput<R> {
    #[inline(always)]
    fn lend(&self) -> Option<&'de [u8]> {
        None
    }
}

impl<R: io::Read> private::Sealed for IoInput<R> {
    const TRUSTED_UTF8: bool = false;
    const STABLE: bool = false;

    #[inline(always)]
    fn window(&self) -> &[u8] {
        &self.buf.0[..self.len]
    }

    #[inline(always)]
    fn at_eof(&self) -> bool {
        self.eof
    }

    fn fill(&mut self, keep: usize) -> io::Result<usize> {
        debug_assert!(!self.eof && keep <= self.len);
        if self.over {
            return Ok(0);
        }
        let moves = self.fill_moves(keep);
        // Start small and double up to the capacity.
        self.buf.0.resize(self.grown_size(), 0);
        if moves {
            let dropped = scan::line_stats(&self.buf.0[..keep]);
            if dropped.newlines > 0 {
                self.lines += dropped.newlines;
                self.line_bytes = dropped.tail;
            } else {
                self.line_bytes += dropped.tail;
            }
            self.buf.0.copy_within(keep..self.len, 0);
            self.len -= keep;
            self.base += keep as u64;
        }
        if self.len == self.buf.0.len() {
            // One token fills the whole buffer: grow it.
            let size = self.buf.0.len() * 2;
            self.buf.0.resize(size, 0);
        }
        let room = self.limit.saturating_sub(self.base + self.len as u64);
        let end = self.buf.0.len().min(self.len.saturating_add(usize::try_from(room).unwrap_or(usize::MAX)));
        let mut probe = [0u8; 1];
        loop {
            // At the limit, one byte more tells the end of input from input over the limit.
            let into = if room == 0 { &mut probe[..] } else { &mut self.buf.0[self.len..end] };
            match self.inner.read(into) {
                Ok(0) => self.eof = true,
                Ok(_) if room == 0 => self.over = true,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            return Ok(if moves { keep } else { 0 });
        }
    }

    /// Less than half of the buffer (as grown by the next [`fill`](private::Sealed::fill)) is
    /// free: make room by dropping the bytes before `keep`, rather than read a little at a
    /// time. Otherwise the next read goes after the window, which stays where it is (nothing to
    /// copy, no lines to count, and names borrowed from it stay valid).
    fn fill_moves(&self, keep: usize) -> bool {
        let size = self.grown_size();
        keep > 0 && !self.over && size - self.len < size / 2
    }

    #[inline(always)]
    fn base(&self) -> u64 {
        self.base
    }

    fn position(&self, at: usize) -> Position {
        let before = scan::line_stats(&self.buf.0[..at.min(self.len)]);
        let (line, column) = if before.newlines > 0 {
            (1 + self.lines + before.newlines, 1 + before.tail)
        } else {
            (1 + self.lines, 1 + self.line_bytes + before.tail)
        };
        Position { offset: self.base + at as u64, line, column }
    }

    fn limit(&mut self, max: u64) {
        self.limit = max;
    }

    #[inline(always)]
    fn over_limit(&self) -> bool {
        self.over
    }
}

#[cfg(test)]
mod tests {
    use super::private::Sealed as _;
    use super::*;
    use crate::text::Reader;

    /// A reader that hands out `step` bytes a read.
    struct Steps<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl io::Read for Steps<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = out.len().min(self.step).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// A fill reads after the window while at least half of the (grown) buffer is free, and
    /// drops the bytes before `keep` only when less is: the window always shows the input from
    /// its base, every fill reports how far it moved, and the buffer passes its capacity only
    /// when the bytes kept fill it.
    #[test]
    #[cfg_attr(miri, ignore = "safe code, and more than ten minutes under Miri")]
    fn fill_moves_the_window_only_when_the_buffer_is_over_half_full() {
        let input: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        // (name, capacity, bytes a read, bytes not kept at the window's end, the first fills
        // ('m' moved, '-' read after the window), the largest buffer)
        type Case = (&'static str, usize, usize, usize, &'static str, usize);
        let cases: &[Case] = &[
            // Buffers of 8, 16, 32 and 64 K, each read filling the new half; then every fill
            // finds the 64 K buffer full and moves.
            ("whole reads", 64 << 10, usize::MAX, 10, "----mmm", 64 << 10),
            // Reads of 5,000 bytes: the buffer grows at each fill up to 64 K; the first move
            // is when less than 32 K is free (after the seventh read).
            ("short reads", 64 << 10, 5000, 10, "-------m", 64 << 10),
            ("small buffer", 64, 1000, 10, "-mmm", 64),
            // One token from the start: nothing to drop, the buffer doubles when full.
            ("keep nothing", 64, usize::MAX, usize::MAX, "----", 256 << 10),
        ];
        // Buffers pooled by earlier tests on this thread would change the sizes.
        BUFFERS.with(|pool| pool.borrow_mut().clear());
        for &(name, capacity, step, back, want, want_most) in cases {
            let mut io = IoInput::new(Steps { bytes: &input, step }, capacity);
            let (mut moves, mut most) = (String::new(), 0);
            while !io.at_eof() {
                let keep = io.window().len().saturating_sub(back);
                let predicted = io.fill_moves(keep);
                let moved = io.fill(keep).unwrap();
                assert_eq!(moved, if predicted { keep } else { 0 }, "{name}: fill_moves and fill agree");
                let base = io.base() as usize;
                assert_eq!(io.window(), &input[base..base + io.window().len()], "{name}: window");
                moves.push(if moved > 0 { 'm' } else { '-' });
                most = most.max(io.buf.0.len());
            }
            assert_eq!(&moves[..want.len()], want, "{name}: which fills moved");
            assert_eq!(most, want_most, "{name}: the largest buffer");
            drop(io);
            BUFFERS.with(|pool| pool.borrow_mut().clear());
        }
    }

    /// Readers on one thread reuse the buffers of finished ones: a new reader sees only its
    /// own input (never the bytes a bigger one left behind), and its window stays within the
    /// capacity it asked for, whatever the pooled buffer held.
    #[test]
    fn pooled_buffers_hold_only_their_own_input() {
        // Under Miri, a thousand times slower, a smaller big input (still many windows).
        let strings = if cfg!(miri) { 200 } else { 5000 };
        let big = format!("[{}]", vec!["\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\""; strings].join(","));
        for round in 0..3 {
            let mut reader = Reader::from_reader(big.as_bytes());
            reader.skip_value().unwrap();
            reader.finish().unwrap();
            drop(reader);
            let cases: &[(&str, &[u8], Result<(), &str>)] = &[
                ("whole", b"[1]", Ok(())),
                ("cut", b"[1", Err("unexpected end of input in an array at /0 (line 1, column 3, byte 2)")),
                ("trailing", b"1 2", Err("trailing data after the value: '2' (line 1, column 3, byte 2)")),
                ("empty", b"", Err("unexpected end of input before a value (line 1, column 1, byte 0)")),
            ];
            for (name, input, want) in cases {
                let mut reader = Reader::from_reader(*input);
                let got = reader.skip_value().and_then(|()| reader.finish()).map_err(|e| e.to_string());
                assert_eq!(got, want.map_err(str::to_owned), "round {round}: {name}");
            }
            let mut input = IoInput::new(Steps { bytes: big.as_bytes(), step: 1000 }, 64);
            let mut most = 0;
            while !input.at_eof() {
                let keep = input.window().len().saturating_sub(10);
                input.fill(keep).unwrap();
                most = most.max(input.window().len());
            }
            assert!(most <= 64, "round {round}: a window of {most} bytes from a 64-byte buffer");
        }
    }
}
