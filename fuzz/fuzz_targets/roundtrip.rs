//! Round trips on whatever input is valid: parse → write → parse gives the same value (and the
//! same text again); formatting never changes a token; the canonical form and sorted keys are
//! fixed points (sorted in a layout as `format` lays them out); a copy gives the same text with
//! the writer's checks and without them.
#![no_main]

use jet::text::{Input, RawValue, Reader, Writer};
use jet::{Options, Value};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lossless = Options::default().lossless_numbers(true);
    let Ok(value) = lossless.from_slice::<Value>(data) else { return };
    let text = value.to_string();
    let again: Value = lossless.from_str(&text).expect("jet reads what it writes");
    assert_eq!(again.to_string(), text, "write, read, write");
    let pretty = format!("{value:#}");
    assert_eq!(lossless.from_str::<Value>(&pretty).expect("pretty reads back").to_string(), text);
    // Formatting keeps every token's text (strings keep their escapes, which a Value does
    // not): the compact form reads back as the same value.
    let raw = RawValue::from_bytes(data);
    let compact = raw.compact().expect("valid input formats");
    let from_compact: Value = lossless.from_slice(&compact).expect("compact reads back");
    assert_eq!(from_compact.to_string(), text, "Value text vs compact");
    let indented = raw.format(&Options::default().indent("\t")).expect("valid input formats");
    assert_eq!(RawValue::from_bytes(&indented).compact().unwrap(), compact, "indent keeps tokens");
    // A writer copies what a strict reader gives without its own checks, and what a reader
    // that allows duplicate names gives with them: the same text either way.
    let checked = copied(data, true, 0);
    assert_eq!(copied(data, false, 0), checked, "copy_value with and without the writer's checks");
    assert_eq!(copied(data, false, 64), checked, "copy_value through io::Read");
    // Sorted keys: a fixed point that changes no value.
    let sorted = raw.sort_keys(&Options::default()).expect("valid input sorts");
    assert_eq!(RawValue::from_bytes(&sorted).sort_keys(&Options::default()).unwrap(), sorted);
    let layout = Options::default().indent("\t").escape_html(true);
    let sorted_indented = raw.sort_keys(&layout).expect("valid input sorts");
    assert_eq!(sorted_indented, RawValue::from_bytes(&sorted).format(&layout).unwrap(), "sorted in a layout");
    let mut by_name = value.clone();
    by_name.sort_all_objects();
    assert_eq!(lossless.from_slice::<Value>(&sorted).unwrap().to_string(), by_name.to_string());
    // Canonical form: idempotent where it exists (numbers within f64).
    if let Ok(canon) = raw.canonicalize() {
        assert_eq!(RawValue::from_bytes(&canon).canonicalize().unwrap(), canon, "canonical twice");
    }
});

/// `data` copied by `Writer::copy_value` into indented text with HTML escaped, from a reader
/// that allows duplicate names when `lax` (the writer rejects them, so that it checks what it
/// copies), over the slice, or through an `io::Read` window of `window` bytes when not 0.
fn copied(data: &[u8], lax: bool, window: usize) -> Vec<u8> {
    let read = Options::default().allow_duplicate_names(lax);
    match window {
        0 => copy(Reader::from_slice(data).with_options(&read)),
        _ => copy(Reader::with_capacity(data, window).with_options(&read)),
    }
}

/// The value `reader` is at, copied as [`copied`] says.
fn copy<I: Input>(mut reader: Reader<I>) -> Vec<u8> {
    let mut writer = Writer::new(Vec::new()).with_options(&Options::default().indent("  ").escape_html(true));
    writer.copy_value(&mut reader).expect("valid input copies");
    writer.finish().expect("a whole value")
}
