//! Tests that need the reader's insides.

use super::Reader;

fn corpus_file(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/bench").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads `prefix` to its end from a reader that has consumed everything before some boundary.
fn finish_from(mut reader: Reader<super::SliceInput<'_>>) -> crate::Result<()> {
    while reader.next_event()?.is_some() {}
    reader.finish()
}

/// Every strict prefix of `doc` (trailing whitespace removed, so that only the whole document is
/// complete) fails with an EOF error.
///
/// Reading each prefix from the start would take time quadratic in the document. Instead one
/// reader walks the whole document and, at each token boundary, a clone of it is handed each
/// prefix that ends inside the next token (or the whitespace before it) and reads on to the
/// end, seeing only the bytes after the boundary. The reader never looks past a token boundary before it is asked for the next token, so
/// the clone is in exactly the state a fresh reader would reach on that prefix; a sample of
/// prefixes is also read from the start to check that.
fn every_strict_prefix_is_eof(name: &str, doc: &[u8]) {
    let doc = &doc[..doc.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1)];
    let mut walker = Reader::from_slice(doc);
    let mut checked = 0usize;
    loop {
        let before = walker.offset() as usize;
        let checkpoint = walker.clone();
        let done = walker.next_event().unwrap().is_none();
        let after = if done { doc.len() } else { walker.offset() as usize };
        for cut in before..after.min(doc.len()) {
            let prefix = &doc[..cut];
            let mut reader = checkpoint.clone();
            // Only the bytes after the boundary: errors then count lines from there, keeping
            // this test linear.
            reader.continue_on(&doc[before..cut]);
            match finish_from(reader) {
                Err(e) if e.is_eof() => {}
                Err(e) => panic!("{name}: prefix of {cut} bytes: not an EOF error: {e}"),
                Ok(()) => panic!("{name}: prefix of {cut} bytes accepted"),
            }
            if cut % 9973 == 0 {
                let fresh = super::validate(prefix).unwrap_err();
                assert!(fresh.is_eof(), "{name}: prefix of {cut} bytes from the start: {fresh}");
            }
            checked += 1;
        }
        if done {
            break;
        }
    }
    assert_eq!(checked, doc.len(), "{name}: every prefix checked once");
}

#[test]
fn strict_prefixes_of_the_corpus_fail_with_eof() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/bench");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 9, "the corpus has nine files");
    for name in &names {
        every_strict_prefix_is_eof(name, &corpus_file(name));
    }
}

#[test]
fn strict_prefixes_of_small_documents_fail_with_eof() {
    let docs: &[&str] = &[
        r#"{"a":[1,-2.5e+3,true,false,null,"x\u00e9\ud83d\ude00\n"],"b":{}}"#,
        "[\"€😀\", 0, -0.0e-0, 123456789]",
        " [ [ ] , { } ] ",
    ];
    for doc in docs {
        every_strict_prefix_is_eof(doc, doc.as_bytes());
        // The plain way, for these small documents.
        let doc = doc.trim_end();
        for cut in 0..doc.len() {
            let err = super::validate(&doc.as_bytes()[..cut]).unwrap_err();
            assert!(err.is_eof(), "{doc:?} cut at {cut}: {err}");
        }
    }
}
