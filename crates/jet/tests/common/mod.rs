//! Helpers shared by the integration tests: test data paths, a seeded random generator, the
//! corpus files as Rust types.
#![allow(dead_code)]

pub mod counting;
pub mod deep;
pub mod props;
pub mod types;

use std::io;
use std::path::PathBuf;

/// A path under the repository's `testdata/`.
pub fn testdata(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(rel)
}

/// Reads a file under `testdata/`.
pub fn read(rel: &str) -> Vec<u8> {
    std::fs::read(testdata(rel)).unwrap_or_else(|e| panic!("reading testdata/{rel}: {e}"))
}

/// The nine benchmark corpus files, by name.
pub const CORPUS: [&str; 9] = [
    "canada.json",
    "canada_geometry.json",
    "citm_catalog.json",
    "golang_source.json",
    "string_escaped.json",
    "string_unicode.json",
    "synthea_fhir.json",
    "twitter_simdjson.json",
    "twitter_status.json",
];

/// Every corpus file: (name, bytes).
pub fn corpus() -> Vec<(&'static str, Vec<u8>)> {
    CORPUS.iter().map(|name| (*name, read(&format!("bench/{name}")))).collect()
}

/// Sorted file names in a `testdata/` folder.
pub fn list(rel: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(testdata(rel))
        .unwrap_or_else(|e| panic!("listing testdata/{rel}: {e}"))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// SplitMix64: a small seeded generator, so every run sees the same "random" cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }
}

/// An `io::Read` that hands out its bytes in chunks of random size in `min..=max`.
pub struct Chunked<'a> {
    pub bytes: &'a [u8],
    pub rng: Rng,
    pub min: usize,
    pub max: usize,
}

impl io::Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.rng.range(self.min, self.max).min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// The JSON Pointer of every value in `v`, the whole value first.
pub fn value_pointers(v: &jet::Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(String::new(), v)];
    while let Some((p, v)) = stack.pop() {
        out.push(p.clone());
        match v {
            jet::Value::Array(a) => stack.extend(a.iter().enumerate().map(|(i, e)| (format!("{p}/{i}"), e))),
            jet::Value::Object(m) => stack.extend(
                m.iter().map(|(k, e)| (format!("{p}/{}", k.replace('~', "~0").replace('/', "~1")), e)),
            ),
            _ => {}
        }
    }
    out
}
