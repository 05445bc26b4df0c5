//! Typed decoding into derived types against serde_json (with `float_roundtrip`) on arbitrary
//! bytes: a struct's fields compared as bytes in order, looked up out of order, renamed and
//! aliased, unknown names, escaped names, repeated fields, optional and defaulted fields, nested
//! and recursive structs, enums in their representations, maps, `deny_unknown_fields`.
//! `Options::serde_json_compat()` must give serde_json's result (the same accept or reject, and
//! where both accept, the same value), from a slice and through `io::Read` in small reads;
//! jet's strict default must accept nothing serde_json rejects, with the same value.
#![no_main]

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::io;

use jet::Options;
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::Deserialize;

#[derive(Deserialize, Debug, PartialEq)]
struct Record {
    id: u64,
    name: String,
    #[serde(rename = "type")]
    kind: Kind,
    score: f64,
    tags: Vec<String>,
    active: Option<bool>,
    #[serde(default)]
    meta: BTreeMap<String, i64>,
    inner: Option<Inner>,
    small: i8,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Inner {
    a: u32,
    b: Option<String>,
    #[serde(alias = "cc", default)]
    c: Vec<Inner>,
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Kind {
    #[serde(alias = "uno")]
    One,
    Two(u8),
    Three {
        x: i32,
    },
    Four(u8, bool),
}

#[derive(Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Closed {
    x: u8,
    y: Option<u8>,
}

/// The input in reads of 1 to 7 bytes, sizes from the input's bytes.
struct Reads<'a> {
    data: &'a [u8],
    at: usize,
}

impl io::Read for Reads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let rest = &self.data[self.at..];
        let size = rest.first().map_or(1, |&b| usize::from(b % 7) + 1);
        let n = size.min(rest.len()).min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        Ok(n)
    }
}

/// The differences `serde_json_compat()` keeps (`differences_compat_keeps` in
/// `crates/jet/tests/diff_serde_json.rs`): serde_json does not check the strings of values it
/// ignores, where jet finds invalid UTF-8 or a lone surrogate (`ours` fails, serde_json not)...
fn kept_difference(ours: &jet::Error) -> bool {
    let message = ours.to_string();
    message.starts_with("invalid UTF-8") || message.contains("lone surrogate")
}

/// ... and serde_json reads `-0` as the float -0.0, which an integer refuses, where jet reads 0
/// (`theirs` fails, jet not).
fn kept_difference_theirs(theirs: &serde_json::Error) -> bool {
    theirs.to_string().starts_with("invalid type: floating point `-0.0`")
}

fn check<T: DeserializeOwned + PartialEq + Debug>(data: &[u8]) {
    let theirs = serde_json::from_slice::<T>(data);
    let compat = Options::serde_json_compat().from_slice::<T>(data);
    match (&theirs, &compat) {
        (Ok(theirs), Ok(ours)) => assert_eq!(theirs, ours, "values differ"),
        (Err(_), Err(_)) => {}
        (Ok(_), Err(e)) if kept_difference(e) => {}
        (Err(e), Ok(_)) if kept_difference_theirs(e) => {}
        _ => panic!("compat disagrees: serde_json {theirs:?}, jet {compat:?}"),
    }
    let read = Options::serde_json_compat().from_reader::<_, T>(Reads { data, at: 0 });
    match (&compat, &read) {
        (Ok(slice), Ok(read)) => assert_eq!(slice, read, "io::Read differs"),
        (Err(slice), Err(read)) => {
            assert_eq!(slice.to_string(), read.to_string(), "io::Read's error differs")
        }
        _ => panic!("io::Read disagrees: slice {compat:?}, io::Read {read:?}"),
    }
    if let Ok(strict) = jet::from_slice::<T>(data) {
        if matches!(&theirs, Err(e) if kept_difference_theirs(e)) {
            return;
        }
        assert_eq!(
            theirs.as_ref().ok(),
            Some(&strict),
            "the strict default accepts what serde_json does not"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    check::<Record>(data);
    check::<Vec<Inner>>(data);
    check::<Closed>(data);
    check::<BTreeMap<String, Kind>>(data);
});
