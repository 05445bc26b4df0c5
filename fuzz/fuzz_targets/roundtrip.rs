//! Round trips on whatever input is valid: parse → write → parse gives the same value (and the
//! same text again); formatting never changes a token; the canonical form and sorted keys are
//! fixed points.
#![no_main]

use jet::text::RawValue;
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
    // Sorted keys: a fixed point that changes no value.
    let sorted = raw.sort_keys(&Options::default()).expect("valid input sorts");
    assert_eq!(RawValue::from_bytes(&sorted).sort_keys(&Options::default()).unwrap(), sorted);
    let mut by_name = value.clone();
    by_name.sort_all_objects();
    assert_eq!(lossless.from_slice::<Value>(&sorted).unwrap().to_string(), by_name.to_string());
    // Canonical form: idempotent where it exists (numbers within f64).
    if let Ok(canon) = raw.canonicalize() {
        assert_eq!(RawValue::from_bytes(&canon).canonicalize().unwrap(), canon, "canonical twice");
    }
});
