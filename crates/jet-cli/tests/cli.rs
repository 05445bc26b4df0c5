//! `jet check` end to end: files, stdin, NDJSON, exit statuses and messages.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn testdata(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(rel)
}

fn jet(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running jet");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file in a fresh temporary directory.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jet-cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn every_corpus_file_is_valid() {
    for entry in std::fs::read_dir(testdata("bench")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let out = jet(&["check", path.to_str().unwrap()], b"");
            assert_eq!(out.status.code(), Some(0), "{}: {}", path.display(), text(&out.stderr));
            assert!(text(&out.stdout).contains("valid JSON"), "{}", text(&out.stdout));
        }
    }
}

#[test]
fn invalid_file_reports_position_pointer_and_caret() {
    let path = temp_file("bad.json", b"{\n  \"a\": [1, 2,]\n}\n");
    let out = jet(&["check", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let want = format!(
        "{}:2:14: error: trailing comma before ']' at /a/2\n      \"a\": [1, 2,]\n                 ^\n",
        path.display()
    );
    assert_eq!(stderr, want);
    assert!(out.stdout.is_empty());
}

#[test]
fn stdin_is_read_with_a_dash() {
    let out = jet(&["check", "-"], b"[1, 2, 3]");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "<stdin>: valid JSON (9 bytes)\n");
    let out = jet(&["check", "-"], b"[1, 2");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("<stdin>:1:6: error: unexpected end of input in an array at /1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn relaxations_are_flags() {
    let dup = b"{\"a\":1,\"a\":2}";
    assert_eq!(jet(&["check", "-"], dup).status.code(), Some(1));
    assert_eq!(jet(&["check", "--allow-duplicate-names", "-"], dup).status.code(), Some(0));
    let bad_utf8 = b"[\"\xff\"]";
    assert_eq!(jet(&["check", "-"], bad_utf8).status.code(), Some(1));
    assert_eq!(jet(&["check", "--allow-invalid-utf8", "-"], bad_utf8).status.code(), Some(0));
    let deep = b"[[[[1]]]]";
    assert_eq!(jet(&["check", "--max-depth", "3", "-"], deep).status.code(), Some(1));
    assert_eq!(jet(&["check", "--max-depth", "4", "-"], deep).status.code(), Some(0));
}

#[test]
fn lines_mode_reports_every_bad_line_and_goes_on() {
    let input = b"{\"a\":1}\n\n[1 2]\n\"ok\"\n{\"a\":1,\"a\":2}\r\nnot json\n";
    let out = jet(&["check", "--lines", "-"], input);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("<stdin>")).collect();
    assert_eq!(
        lines,
        [
            "<stdin>:3:4: error: expected ',' or ']' after an array element, found '2' at /0",
            "<stdin>:5:8: error: duplicate object name \"a\"",
            "<stdin>:6:2: error: expected 'null', found 'o'",
            "<stdin>: 6 lines, 5 values, 3 invalid",
        ]
    );
    let good = jet(&["check", "--lines", "-"], b"1\n2\n{}\n");
    assert_eq!(good.status.code(), Some(0));
    assert_eq!(text(&good.stdout), "<stdin>: 3 lines, 3 values, 0 invalid\n");
}

#[test]
fn quiet_prints_nothing_for_valid_input() {
    let out = jet(&["check", "--quiet", "-"], b"{}");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn usage_and_io_errors_exit_with_2() {
    let out = jet(&["check"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = jet(&["check", "/no/such/file.json"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("jet: /no/such/file.json: "), "{}", text(&out.stderr));
    let out = jet(&["frobnicate"], b"");
    assert_eq!(out.status.code(), Some(2));
    // An I/O error outranks an invalid file.
    let bad = temp_file("invalid.json", b"[");
    let out = jet(&["check", bad.to_str().unwrap(), "/no/such/file.json"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_documents_exit_status() {
    let out = jet(&["check", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(help.contains("Exit status:") && help.contains("--lines"), "{help}");
}
