//! Lazy access agrees with a full parse: on valid input, `get` (validated and trusted) and
//! `get_many` find at every pointer of the document what `Value::pointer` finds; on any input,
//! a validated `get` that succeeds has read only valid JSON up to the end of its value.
#![no_main]

use jet::{Options, Value};
use libfuzzer_sys::fuzz_target;

/// Up to `max` pointers of `v`, in document order.
fn pointers(v: &Value, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), v)];
    while let Some((p, v)) = stack.pop() {
        if out.len() == max {
            break;
        }
        match v {
            Value::Array(items) => {
                stack.extend(items.iter().enumerate().rev().map(|(i, item)| (format!("{p}/{i}"), item)))
            }
            Value::Object(map) => stack.extend(
                map.iter()
                    .rev()
                    .map(|(k, item)| (format!("{p}/{}", k.replace('~', "~0").replace('/', "~1")), item)),
            ),
            _ => {}
        }
        out.push(p);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let opts = Options::default();
    match opts.from_slice::<Value>(data) {
        Ok(doc) => {
            let all = pointers(&doc, 64);
            let many = opts.get_many(data, &all).expect("valid input");
            for (pointer, found) in all.iter().zip(many) {
                let want = doc.pointer(pointer).expect("a pointer of the document");
                for got in [
                    found,
                    opts.get(data, pointer.as_str()),
                    opts.clone().trusted(true).get(data, pointer.as_str()),
                ] {
                    let got: Value = got.expect("found").to().expect("a value");
                    assert_eq!(&got, want, "at {pointer}");
                }
            }
        }
        Err(_) => {
            for pointer in ["", "/0", "/a", "/0/1"] {
                if let Ok(v) = opts.get(data, pointer) {
                    let raw = v.as_raw().as_bytes();
                    let end = raw.as_ptr() as usize - data.as_ptr() as usize + raw.len();
                    assert!(prefix_is_valid(&data[..end]), "get({pointer}) passed over invalid JSON");
                }
            }
        }
    }
});

/// Whether a prefix of a document that ends with a found value holds only valid JSON so far:
/// it is a valid document once its open arrays and objects are closed. Checked the simple
/// way: the strict reader reads it to its end with an unexpected-end error or none.
fn prefix_is_valid(prefix: &[u8]) -> bool {
    match jet::text::validate(prefix) {
        Ok(()) => true,
        Err(e) => e.is_eof() && e.offset() == prefix.len() as u64,
    }
}
