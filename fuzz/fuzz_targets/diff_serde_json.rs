//! Differential against serde_json (with `float_roundtrip`): `Options::serde_json_compat()`
//! must give serde_json's result on every input — the same accept or reject, and where both
//! accept, the same value (floats bit for bit, the sign of zero included). The differences of
//! jet's strict defaults are the listed ones of `crates/jet/tests/diff_serde_json.rs`; here
//! the default is only checked to accept nothing serde_json rejects.
#![no_main]

use jet::{Options, Value};
use libfuzzer_sys::fuzz_target;

/// A value's text with members sorted (serde_json's map is sorted), for comparison.
fn text(mut v: Value) -> String {
    v.sort_all_objects();
    v.to_string()
}

fuzz_target!(|data: &[u8]| {
    let theirs = serde_json::from_slice::<serde_json::Value>(data);
    let compat = Options::serde_json_compat().from_slice::<Value>(data);
    match (&theirs, compat) {
        (Ok(theirs), Ok(ours)) => {
            // serde_json's value, written by serde_json, read back by jet.
            let via_text: Value = jet::from_str(&serde_json::to_string(theirs).unwrap()).unwrap();
            assert_eq!(text(ours), text(via_text), "values differ");
        }
        (Err(_), Err(_)) => {}
        (theirs, ours) => panic!("compat disagrees: serde_json {theirs:?}, jet {ours:?}"),
    }
    if let Err(e) = &theirs {
        // Where serde_json rejects, so does jet's strict default, but for the two listed
        // differences of diff_serde_json.rs: jet's Value, built without recursion, goes deeper
        // than serde_json's recursion limit; and it keeps integers beyond 64 bits exact (as
        // text) where serde_json makes them f64 and rejects those beyond f64's range.
        let e = e.to_string();
        let opts = if e.starts_with("number out of range") {
            Options::default().big_integers_as_f64(true)
        } else {
            Options::default()
        };
        if !e.starts_with("recursion limit exceeded") {
            let ours = opts.from_slice::<Value>(data);
            assert!(ours.is_err(), "jet's strict default accepts what serde_json rejects: {e}");
        }
    }
});
