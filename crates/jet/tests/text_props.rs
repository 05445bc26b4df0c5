//! Property tests of the syntax layer (the `stream` and `roundtrip` fuzz targets' checks at
//! small scale): random JSON, pretty or damaged by one byte, reads the same through `io::Read`
//! in small pieces as from a slice, errors included; formatting keeps every token, and a copy
//! gives the same text with the writer's checks and without them; sorted keys and the canonical
//! form are fixed points, and keys sorted in a layout are laid out as `format` lays them out.

mod common;

use common::props::json;
use common::{Chunked, Rng};
use jet::text::{Input, RawValue, Reader, Token, Writer};
use jet::{Options, Value};
use proptest::prelude::*;

/// Every token, and how reading ended: `None` or the error's offset and text.
fn tokens<I: Input>(mut reader: Reader<I>) -> (Vec<Token<'static>>, Option<(u64, String)>) {
    let mut out = Vec::new();
    loop {
        match reader.next_token() {
            Ok(Some(t)) => out.push(t.into_owned()),
            Ok(None) => return (out, reader.finish().err().map(|e| (e.offset(), e.to_string()))),
            Err(e) => return (out, Some((e.offset(), e.to_string()))),
        }
    }
}

proptest! {
    #[test]
    fn io_read_in_pieces_equals_the_slice_even_when_damaged(
        reference in json(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        damage in 0..3u8,
        seed in any::<u64>(),
        limits in any::<bool>(),
    ) {
        let mut text = serde_json::to_vec_pretty(&reference).unwrap();
        let i = at.index(text.len());
        match damage {
            0 => text[i] = byte,
            1 => text.truncate(i),
            _ => text.insert(i, byte),
        }
        // With limits on string and number length too (short enough to be hit).
        let opts = if limits { Options::default().max_string_len(6).max_number_len(4) } else { Options::default() };
        let want = tokens(Reader::from_slice(&text).with_options(&opts));
        let chunks = Chunked { bytes: &text, rng: Rng(seed), min: 1, max: 8 };
        prop_assert_eq!(tokens(Reader::with_capacity(chunks, 64).with_options(&opts)), want);
    }

    #[test]
    fn formatting_keeps_tokens_and_sorting_is_a_fixed_point(reference in json()) {
        let text = serde_json::to_vec_pretty(&reference).unwrap();
        let raw = RawValue::from_bytes(&text);
        let value: Value = jet::from_slice(&text).unwrap();
        let compact = raw.compact().unwrap();
        prop_assert_eq!(jet::from_slice::<Value>(&compact).unwrap(), value.clone());
        let tabbed = raw.format(&Options::default().indent("\t")).unwrap();
        prop_assert_eq!(RawValue::from_bytes(&tabbed).compact().unwrap(), compact);
        let checked = copied(&text, true, 0);
        prop_assert_eq!(copied(&text, false, 0), checked.clone());
        prop_assert_eq!(copied(&text, false, 64), checked);
        let sorted = raw.sort_keys(&Options::default()).unwrap();
        prop_assert_eq!(RawValue::from_bytes(&sorted).sort_keys(&Options::default()).unwrap(), sorted.clone());
        let layout = Options::default().indent("\t").escape_html(true);
        prop_assert_eq!(raw.sort_keys(&layout).unwrap(), RawValue::from_bytes(&sorted).format(&layout).unwrap());
        let mut by_name = value.clone();
        by_name.sort_all_objects();
        prop_assert_eq!(jet::from_slice::<Value>(&sorted).unwrap().to_string(), by_name.to_string());
        let canon = raw.canonicalize().unwrap();
        prop_assert_eq!(RawValue::from_bytes(&canon).canonicalize().unwrap(), canon);
    }
}

/// `text` copied by `Writer::copy_value` into indented text with HTML escaped, from a reader
/// that allows duplicate names when `lax` (the writer rejects them, so that it checks what it
/// copies), over the slice, or through an `io::Read` window of `window` bytes when not 0.
fn copied(text: &[u8], lax: bool, window: usize) -> Vec<u8> {
    let read = Options::default().allow_duplicate_names(lax);
    match window {
        0 => copy(Reader::from_slice(text).with_options(&read)),
        _ => copy(Reader::with_capacity(text, window).with_options(&read)),
    }
}

/// The value `reader` is at, copied as [`copied`] says.
fn copy<I: Input>(mut reader: Reader<I>) -> Vec<u8> {
    let mut writer = Writer::new(Vec::new()).with_options(&Options::default().indent("  ").escape_html(true));
    writer.copy_value(&mut reader).unwrap();
    writer.finish().unwrap()
}
