//! Typed decoding of many values: a stream of top-level values (NDJSON, concatenated JSON),
//! and the elements of one huge top-level array, each in bounded memory from an `io::Read`.

use std::io;
use std::marker::PhantomData;

use serde::de;

use super::Deserializer;
use crate::error::Result;
use crate::options::Options;
use crate::text::{IoInput, Kind, Reader, Source};

/// An iterator of the top-level values of a stream (whitespace-separated, as in NDJSON), each
/// decoded as `T`. Made by [`Deserializer::into_iter`] or [`Options::stream_from_reader`] and
/// friends.
///
/// A bad record is reported with its position and the stream goes on: after a data error (a
/// value that does not fit `T`) with the next value; after a syntax error with the line after
/// the one where the bad value started, so one broken line of NDJSON costs one record. The
/// iterator ends after an I/O error or at an unexpected end of input.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Event { id: u32 }
///
/// let input = b"{\"id\": 1}\n{\"id\": \"two\"}\n{\"id\": 3, oops}\n{\"id\": 4}\n";
/// let results: Vec<_> = jet::Deserializer::from_slice(input).into_iter::<Event>().collect();
/// assert_eq!(results.len(), 4);
/// assert_eq!(results[0].as_ref().unwrap(), &Event { id: 1 });
/// assert_eq!(results[1].as_ref().unwrap_err().line(), 2);
/// assert_eq!(results[2].as_ref().unwrap_err().line(), 3);
/// assert_eq!(results[3].as_ref().unwrap(), &Event { id: 4 });
/// ```
#[derive(Debug)]
pub struct StreamDeserializer<I, T> {
    de: Deserializer<I>,
    done: bool,
    output: PhantomData<fn() -> T>,
}

impl<I: crate::text::Input, T> StreamDeserializer<I, T> {
    pub(super) fn new(mut de: Deserializer<I>) -> StreamDeserializer<I, T> {
        de.reader = de.reader.stream(true);
        StreamDeserializer { de, done: false, output: PhantomData }
    }

    /// Absolute byte offset just after the last value read.
    pub fn byte_offset(&self) -> u64 {
        self.de.reader.offset()
    }
}

impl<'de, I: Source<'de>, T: de::Deserialize<'de>> Iterator for StreamDeserializer<I, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let reader = &mut self.de.reader;
        reader.mark_record();
        match reader.peek_kind() {
            Ok(None) => {
                self.done = true;
                return None;
            }
            Ok(Some(_)) => {}
            Err(e) => return Some(Err(self.recover(e))),
        }
        // `peek_kind` left the reader at the value's first byte.
        self.de.reader.mark_record();
        match T::deserialize(&mut self.de) {
            Ok(value) => Some(Ok(value)),
            Err(e) => Some(Err(self.recover(e))),
        }
    }
}

impl<'de, I: Source<'de>, T> StreamDeserializer<I, T> {
    /// Makes the stream ready for the next value after `err` in the record being read.
    #[cold]
    fn recover(&mut self, err: crate::Error) -> crate::Error {
        let reader = &mut self.de.reader;
        if err.is_eof() || err.is_io() {
            self.done = true;
            return err;
        }
        if err.is_data() {
            // The value is well formed so far: read the rest of it and go on after it.
            let mut ok = true;
            while reader.depth() > 0 {
                match reader.next_event() {
                    Ok(Some(_)) => {}
                    Ok(None) | Err(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                return err;
            }
        }
        if let Err(e) = reader.resync() {
            self.done = true;
            return e;
        }
        err
    }
}

/// An iterator of the elements of one top-level JSON array, each decoded as `T`, read from an
/// `io::Read` in memory bounded by the largest element: serde_json's missing
/// "stream a huge array" (its issue #404). Made by [`iter_array`] or [`Options::iter_array`].
///
/// Checks the whole input as strictly as [`from_reader`](crate::from_reader): the array must
/// be the only value. The iterator ends after the first error.
#[derive(Debug)]
pub struct ArrayIter<I, T> {
    de: Deserializer<I>,
    started: bool,
    done: bool,
    output: PhantomData<fn() -> T>,
}

/// Decodes the elements of a top-level array one at a time from `reader`, with the strict
/// defaults.
///
/// ```
/// let input = std::io::Cursor::new(b"[1, 2, 3]");
/// let sum: u64 = jet::iter_array::<u64, _>(input).map(|n| n.unwrap()).sum();
/// assert_eq!(sum, 6);
/// ```
pub fn iter_array<T: de::DeserializeOwned, R: io::Read>(reader: R) -> ArrayIter<IoInput<R>, T> {
    Options::strict().iter_array(reader)
}

impl<'de, I: Source<'de>, T: de::Deserialize<'de>> Iterator for ArrayIter<I, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let item = self.step();
        if !matches!(item, Some(Ok(_))) {
            self.done = true;
        }
        item
    }
}

impl<'de, I: Source<'de>, T: de::Deserialize<'de>> ArrayIter<I, T> {
    fn step(&mut self) -> Option<Result<T>> {
        let de = &mut self.de;
        if !self.started {
            self.started = true;
            match de.peek() {
                Ok(Kind::BeginArray) => {
                    if let Err(e) = de.next() {
                        return Some(Err(e));
                    }
                }
                Ok(_) => return Some(Err(de.invalid_type(&"an array"))),
                Err(e) => return Some(Err(e)),
            }
        }
        match de.peek() {
            Ok(Kind::EndArray) => {
                let end = de.next().and_then(|_| de.end());
                end.err().map(Err)
            }
            Ok(_) => Some(T::deserialize(&mut *de)),
            Err(e) => Some(Err(e)),
        }
    }
}

/// Streams of typed values with these options.
impl Options {
    /// [`iter_array`] with these options.
    pub fn iter_array<T: de::DeserializeOwned, R: io::Read>(&self, reader: R) -> ArrayIter<IoInput<R>, T> {
        ArrayIter {
            de: Deserializer::with_reader(Reader::from_reader(reader), self),
            started: false,
            done: false,
            output: PhantomData,
        }
    }

    /// The values of a stream (NDJSON or whitespace-separated) in `bytes`, decoded as `T`.
    pub fn stream_from_slice<'a, T: de::Deserialize<'a>>(
        &self,
        bytes: &'a [u8],
    ) -> StreamDeserializer<crate::text::SliceInput<'a>, T> {
        StreamDeserializer::new(Deserializer::with_reader(Reader::from_slice(bytes), self))
    }

    /// The values of a stream (NDJSON or whitespace-separated) from `reader`, decoded as `T`,
    /// in bounded memory.
    pub fn stream_from_reader<T: de::DeserializeOwned, R: io::Read>(
        &self,
        reader: R,
    ) -> StreamDeserializer<IoInput<R>, T> {
        StreamDeserializer::new(Deserializer::with_reader(Reader::from_reader(reader), self))
    }
}
