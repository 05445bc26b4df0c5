//! The `jet` tool end to end: every command on files, stdin and NDJSON; outputs checked
//! against the library; exit statuses and messages.

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
    // Fed from another thread: jet may write a full pipe of output before it has read all.
    let mut pipe = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
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
    let limits: &[(&[&str], &[u8], i32)] = &[
        (&["check", "--max-string-len", "3", "-"], b"[\"abc\"]", 0),
        (&["check", "--max-string-len", "2", "-"], b"[\"abc\"]", 1),
        (&["stats", "--max-number-len", "2", "-"], b"[123]", 1),
        (&["fmt", "--max-input-bytes", "5", "-"], b"[123]", 0),
        (&["fmt", "--max-input-bytes", "4", "-"], b"[123]", 1),
        (&["get", "--max-string-len", "2", "-", "/0"], b"[\"abc\"]", 1),
    ];
    for (args, input, code) in limits {
        let out = jet(args, input);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {}", text(&out.stderr));
        if *code == 1 {
            assert!(
                text(&out.stderr).contains("longer than the limit of"),
                "{args:?}: {}",
                text(&out.stderr)
            );
        }
    }
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
    assert!(text(&out.stderr).starts_with("jet: error: /no/such/file.json: "), "{}", text(&out.stderr));
    let out = jet(&["frobnicate"], b"");
    assert_eq!(out.status.code(), Some(2));
    // An I/O error outranks an invalid file.
    let bad = temp_file("invalid.json", b"[");
    let out = jet(&["check", bad.to_str().unwrap(), "/no/such/file.json"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_documents_exit_status_and_examples() {
    for command in ["check", "fmt", "canon", "get", "stats"] {
        let out = jet(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        assert!(
            help.contains("Exit status:") && help.contains("Examples:") && help.contains("--lines"),
            "{help}"
        );
    }
    let out = jet(&["--help"], b"");
    let help = text(&out.stdout);
    for command in ["check", "fmt", "canon", "get", "stats", "Exit status:"] {
        assert!(help.contains(command), "{help}");
    }
}

// ---- shared helpers for the commands below ----

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(testdata("bench"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 9, "the corpus");
    files
}

/// Runs jet, expecting success; its stdout.
fn ok(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let out = jet(args, stdin);
    assert_eq!(out.status.code(), Some(0), "jet {args:?}: {}", text(&out.stderr));
    out.stdout
}

/// Every value of `v` with its JSON Pointer and depth (the top level is depth 0).
fn walk<'v>(
    v: &'v jet::Value,
    pointer: &mut String,
    depth: usize,
    f: &mut impl FnMut(&str, &'v jet::Value, usize),
) {
    f(pointer, v, depth);
    let len = pointer.len();
    match v {
        jet::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointer.push_str(&format!("/{i}"));
                walk(item, pointer, depth + 1, f);
                pointer.truncate(len);
            }
        }
        jet::Value::Object(map) => {
            for (name, item) in map {
                pointer.push('/');
                pointer.push_str(&name.replace('~', "~0").replace('/', "~1"));
                walk(item, pointer, depth + 1, f);
                pointer.truncate(len);
            }
        }
        _ => {}
    }
}

/// A table case: arguments, standard input, the status and stdout wanted, and text the
/// stderr must hold.
struct Case {
    name: &'static str,
    args: &'static [&'static str],
    stdin: &'static str,
    status: i32,
    stdout: &'static str,
    stderr: &'static [&'static str],
}

fn run_cases(cases: &[Case]) {
    for case in cases {
        let out = jet(case.args, case.stdin.as_bytes());
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(case.status), "{}: status; stderr: {stderr}", case.name);
        assert_eq!(stdout, case.stdout, "{}: stdout", case.name);
        for want in case.stderr {
            assert!(stderr.contains(want), "{}: stderr lacks {want:?}:\n{stderr}", case.name);
        }
        if case.stderr.is_empty() {
            assert_eq!(stderr, "", "{}: stderr", case.name);
        }
    }
}

// ---- fmt ----

#[test]
fn fmt_equals_the_library_keeps_every_token_and_is_idempotent() {
    let styles: &[(&[&str], jet::Options, bool)] = &[
        (&[], jet::Options::default().indent("  "), false),
        (&["--compact"], jet::Options::default(), false),
        (&["--tab", "--escape-html"], jet::Options::default().indent("\t").escape_html(true), false),
        (&["--indent", "4", "--sort-keys"], jet::Options::default().indent("    "), true),
        (&["-c", "-S"], jet::Options::default(), true),
    ];
    for path in corpus_files() {
        let input = std::fs::read(&path).unwrap();
        let raw = jet::text::RawValue::from_bytes(&input);
        for (flags, opts, sorted) in styles {
            let mut args = vec!["fmt"];
            args.extend_from_slice(flags);
            args.push(path.to_str().unwrap());
            let out = ok(&args, b"");
            let source =
                if *sorted { raw.sort_keys(&jet::Options::default()).unwrap() } else { input.clone() };
            let mut want = jet::text::RawValue::from_bytes(&source).format(opts).unwrap();
            want.push(b'\n');
            assert!(out == want, "{} {flags:?}: output equals the library's format", path.display());
            // Same tokens as the input (escape-html aside, which re-escapes strings).
            if !flags.contains(&"--escape-html") {
                let compact = jet::text::RawValue::from_bytes(&out).compact().unwrap();
                assert!(compact == jet::text::RawValue::from_bytes(&source).compact().unwrap(), "{flags:?}");
            }
            args.pop();
            args.push("-");
            assert!(ok(&args, &out) == out, "{} {flags:?}: fmt twice equals fmt once", path.display());
        }
    }
}

#[test]
fn fmt_cases() {
    run_cases(&[
        Case {
            name: "indented by two spaces, numbers and escapes kept",
            args: &["fmt"],
            stdin: r#"{"a":[1,2.50,1E3],"b":{},"c":"\u00e9"}"#,
            status: 0,
            stdout:
                "{\n  \"a\": [\n    1,\n    2.50,\n    1E3\n  ],\n  \"b\": {},\n  \"c\": \"\\u00e9\"\n}\n",
            stderr: &[],
        },
        Case {
            name: "compact",
            args: &["fmt", "--compact", "-"],
            stdin: "[ 1 , { \"a\" : null } ]",
            status: 0,
            stdout: "[1,{\"a\":null}]\n",
            stderr: &[],
        },
        Case {
            name: "tab",
            args: &["fmt", "--tab"],
            stdin: "[1]",
            status: 0,
            stdout: "[\n\t1\n]\n",
            stderr: &[],
        },
        Case {
            name: "indent 0 keeps the lines",
            args: &["fmt", "--indent", "0"],
            stdin: "[1,[2]]",
            status: 0,
            stdout: "[\n1,\n[\n2\n]\n]\n",
            stderr: &[],
        },
        Case {
            name: "escape html",
            args: &["fmt", "-c", "--escape-html"],
            stdin: r#"["<a & b>"]"#,
            status: 0,
            stdout: "[\"\\u003ca \\u0026 b\\u003e\"]\n",
            stderr: &[],
        },
        Case {
            name: "sort keys at every level",
            args: &["fmt", "-c", "-S"],
            stdin: r#"{"b":{"d":1,"c":[{"f":0,"e":0}]},"a":0}"#,
            status: 0,
            stdout: "{\"a\":0,\"b\":{\"c\":[{\"e\":0,\"f\":0}],\"d\":1}}\n",
            stderr: &[],
        },
        Case {
            name: "duplicate names are an error",
            args: &["fmt"],
            stdin: r#"{"a":1,"a":2}"#,
            status: 1,
            stdout: "",
            stderr: &["<stdin>:1:8: error: duplicate object name \"a\"", "           ^"],
        },
        Case {
            name: "duplicate names allowed are kept, in order when sorted",
            args: &["fmt", "-c", "-S", "--allow-duplicate-names"],
            stdin: r#"{"b":1,"a":2,"b":0}"#,
            status: 0,
            stdout: "{\"a\":2,\"b\":1,\"b\":0}\n",
            stderr: &[],
        },
        Case {
            name: "invalid input",
            args: &["fmt"],
            stdin: "{\"a\": [1, 2,]}",
            status: 1,
            stdout: "",
            stderr: &["<stdin>:1:13: error: trailing comma before ']' at /a/2"],
        },
        Case {
            name: "lines: each formatted, bad ones reported and left out",
            args: &["fmt", "--lines", "--compact", "-S"],
            stdin: "1\n{\"b\": 1, \"a\": 2}\n\nnot json\n[ ]\r\n{\"a\":1,\"a\":1}\n",
            status: 1,
            stdout: "1\n{\"a\":2,\"b\":1}\n[]\n",
            stderr: &[
                "<stdin>:4:2: error: expected 'null', found 'o'",
                "<stdin>:6:8: error: duplicate object name \"a\"",
                "<stdin>: 6 lines, 5 values, 2 invalid",
            ],
        },
        Case {
            name: "conflicting styles are a usage error",
            args: &["fmt", "--tab", "--compact"],
            stdin: "1",
            status: 2,
            stdout: "",
            stderr: &["cannot be used with"],
        },
    ]);
}

#[test]
fn fmt_streams_large_input_in_little_memory() {
    // 40 MB of nested arrays and strings through fmt: the output is right, and (on Linux) the
    // peak memory stays far below the size of the input.
    let row = r#"{"id":12345,"name":"a string with \"escapes\" and \u00e9","tags":["x","y"],"n":-1.5e3}"#;
    let count = 40_000_000 / row.len();
    let mut input = String::with_capacity(count * (row.len() + 1) + 2);
    input.push('[');
    for i in 0..count {
        if i > 0 {
            input.push(',');
        }
        input.push_str(row);
    }
    input.push(']');
    let path = temp_file("large.json", input.as_bytes());
    let out = jet(&["fmt", "--compact", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(out.stdout.len(), input.len() + 1);
    assert!(out.stdout[..input.len()] == *input.as_bytes());
    if let Some(peak) = peak_memory_of(&["fmt", path.to_str().unwrap()]) {
        assert!(peak < 20 << 20, "peak memory {peak} bytes for a {} byte input", input.len());
    }
    std::fs::remove_file(path).unwrap();
}

/// Peak resident memory of a jet run, from GNU time when it is installed.
fn peak_memory_of(args: &[&str]) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .arg("-f")
        .arg("%M")
        .arg(env!("CARGO_BIN_EXE_jet"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    let kib: u64 = text(&out.stderr).lines().last()?.trim().parse().ok()?;
    Some(kib * 1024)
}

// ---- canon ----

#[test]
fn canon_matches_the_jcs_vectors() {
    let mut seen = 0;
    for entry in std::fs::read_dir(testdata("jcs/input")).unwrap() {
        let input = entry.unwrap().path();
        let want = std::fs::read(testdata("jcs/output").join(input.file_name().unwrap())).unwrap();
        let out = ok(&["canon", input.to_str().unwrap()], b"");
        assert!(out == want, "{}: {}", input.display(), text(&out));
        seen += 1;
    }
    assert!(seen >= 6);
}

#[test]
fn canon_cases() {
    run_cases(&[
        Case {
            name: "no newline after the canonical bytes in a pipe",
            args: &["canon"],
            stdin: r#"{"b": 1.50, "a": "\u00e9", "c": 1E3}"#,
            status: 0,
            stdout: r#"{"a":"é","b":1.5,"c":1000}"#,
            stderr: &[],
        },
        Case {
            name: "out of the range of a double",
            args: &["canon"],
            stdin: "[1e400]",
            status: 1,
            stdout: "",
            stderr: &["<stdin>:1:2: error: "],
        },
        Case {
            name: "lines",
            args: &["canon", "--lines"],
            stdin: "{\"b\":2,\"a\":1}\n[1.0, 2]\n[\n\"x\"\n",
            status: 1,
            stdout: "{\"a\":1,\"b\":2}\n[1,2]\n\"x\"\n",
            stderr: &["<stdin>:3:2: error: unexpected end of input", "<stdin>: 4 lines, 4 values, 1 invalid"],
        },
    ]);
}

// ---- get ----

#[test]
fn get_matches_value_pointer_on_the_corpus() {
    for path in corpus_files() {
        let input = std::fs::read(&path).unwrap();
        let value: jet::Value = jet::from_slice(&input).unwrap();
        let mut all = Vec::new();
        walk(&value, &mut String::new(), 0, &mut |p, _, _| all.push(p.to_owned()));
        // Up to 300 pointers spread over the document, the last one included.
        let step = all.len().div_ceil(300);
        let mut pointers: Vec<String> = all.iter().step_by(step).cloned().collect();
        pointers.push(all.last().unwrap().clone());
        let mut args = vec!["get", "--compact", path.to_str().unwrap()];
        args.extend(pointers.iter().map(String::as_str));
        let out = ok(&args, b"");
        let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(lines.len(), pointers.len(), "{}", path.display());
        for (line, pointer) in lines.iter().zip(&pointers) {
            let got: jet::Value = jet::from_str(line).unwrap();
            assert_eq!(Some(&got), value.pointer(pointer), "{} {pointer}", path.display());
        }
    }
}

#[test]
fn get_cases() {
    let doc = "{\n  \"a\": {\"b\": [10, \"x\\ty\", {\"c\": null}]},\n  \"a/b\": 1\n}";
    run_cases(&[
        Case {
            name: "raw text, as in the input",
            args: &["get", "-", "/a", "/a/b/1", "/a~1b", ""],
            stdin: doc,
            status: 0,
            stdout: "{\"b\": [10, \"x\\ty\", {\"c\": null}]}\n\"x\\ty\"\n1\n{\n  \"a\": {\"b\": [10, \"x\\ty\", {\"c\": null}]},\n  \"a/b\": 1\n}\n",
            stderr: &[],
        },
        Case {
            name: "compact",
            args: &["get", "-c", "-", "/a"],
            stdin: doc,
            status: 0,
            stdout: "{\"b\":[10,\"x\\ty\",{\"c\":null}]}\n",
            stderr: &[],
        },
        Case {
            name: "string unescaped",
            args: &["get", "--string", "-", "/a/b/1"],
            stdin: doc,
            status: 0,
            stdout: "x\ty\n",
            stderr: &[],
        },
        Case {
            name: "string asked of a number",
            args: &["get", "--string", "-", "/a/b/0"],
            stdin: doc,
            status: 1,
            stdout: "",
            stderr: &["<stdin>:2:15: error: expected a string, found a number at /a/b/0"],
        },
        Case {
            name: "not found: the others are still printed",
            args: &["get", "-", "/a/b/7", "/a/b/0", "/z"],
            stdin: doc,
            status: 1,
            stdout: "10\n",
            stderr: &["<stdin>:2:14: error: no element 7 in the array at /a/b/7", "error: no member \"z\""],
        },
        Case {
            name: "a step into a scalar",
            args: &["get", "-", "/a/b/0/x"],
            stdin: doc,
            status: 1,
            stdout: "",
            stderr: &["error: expected an object or array, found a number at /a/b/0"],
        },
        Case {
            name: "invalid JSON on the way",
            args: &["get", "-", "/b"],
            stdin: r#"{"a": [1, 2,], "b": 1}"#,
            status: 1,
            stdout: "",
            stderr: &["<stdin>:1:13: error: trailing comma before ']' at /a/2"],
        },
        Case {
            name: "a malformed pointer is a usage error",
            args: &["get", "-", "a/b"],
            stdin: doc,
            status: 2,
            stdout: "",
            stderr: &["invalid JSON Pointer: \"a/b\""],
        },
        Case {
            name: "lines: found, missing and bad lines",
            args: &["get", "--lines", "-", "/id"],
            stdin: "{\"id\": 1}\n{\"id\": [2]}\n{\"x\": 3}\n{\"id\": 4,}\n\n{\"id\": \"5\"}\n",
            status: 1,
            stdout: "1\n[2]\n\"5\"\n",
            stderr: &[
                "<stdin>:3:1: error: no member \"id\" in the object at /id",
                "<stdin>:4:10: error: ",
                "<stdin>: 6 lines, 5 values, 1 invalid",
            ],
        },
        Case {
            name: "no pointer is a usage error",
            args: &["get", "-"],
            stdin: doc,
            status: 2,
            stdout: "",
            stderr: &["POINTER"],
        },
    ]);
}

// ---- stats ----

/// What `jet stats --json` should say, counted from a `Value` parsed with lossless numbers.
fn expected_stats(value: &jet::Value) -> jet::Value {
    let (mut objects, mut members, mut arrays, mut elements, mut strings) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let (mut integers, mut floats, mut trues, mut falses, mut nulls, mut depth) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0);
    let (mut longest, mut largest_object, mut largest_array) = (None::<u64>, None::<u64>, None::<u64>);
    walk(value, &mut String::new(), 0, &mut |_, v, d| match v {
        jet::Value::Object(m) => {
            objects += 1;
            members += m.len() as u64;
            largest_object = largest_object.max(Some(m.len() as u64));
            depth = depth.max(d + 1);
        }
        jet::Value::Array(a) => {
            arrays += 1;
            elements += a.len() as u64;
            largest_array = largest_array.max(Some(a.len() as u64));
            depth = depth.max(d + 1);
        }
        jet::Value::String(s) => {
            strings += 1;
            longest = longest.max(Some(s.len() as u64));
        }
        jet::Value::Number(n) if n.is_integer() => integers += 1,
        jet::Value::Number(_) => floats += 1,
        jet::Value::Bool(true) => trues += 1,
        jet::Value::Bool(false) => falses += 1,
        jet::Value::Null => nulls += 1,
    });
    jet::json!({
        "depth": depth, "objects": objects, "members": members, "arrays": arrays, "elements": elements,
        "strings": strings, "integers": integers, "floats": floats, "trues": trues, "falses": falses,
        "nulls": nulls, "longest_string": longest, "largest_object": largest_object, "largest_array": largest_array,
    })
}

#[test]
fn stats_count_what_the_value_holds() {
    let lossless = jet::Options::default().lossless_numbers(true);
    for path in corpus_files() {
        let input = std::fs::read(&path).unwrap();
        let value: jet::Value = lossless.from_slice(&input).unwrap();
        let got: jet::Value =
            jet::from_slice(&ok(&["stats", "--json", path.to_str().unwrap()], b"")).unwrap();
        let want = expected_stats(&value);
        for (key, want) in want.as_object().unwrap() {
            let got = match &got[key.as_str()] {
                jet::Value::Object(found) => found["size"].clone(),
                other => other.clone(),
            };
            assert_eq!(&got, want, "{}: {key}", path.display());
        }
        assert_eq!(got["bytes"], input.len() as u64);
        // The places named hold what they say.
        for (key, size) in [("longest_string", 0), ("largest_object", 1), ("largest_array", 2)] {
            let found = &got[key];
            if found.is_null() {
                continue; // none in this document (checked against the count above)
            }
            let at = value.pointer(found["pointer"].as_str().unwrap()).unwrap();
            let len =
                [at.as_str().map(str::len), at.as_object().map(|m| m.len()), at.as_array().map(Vec::len)]
                    [size];
            assert_eq!(len.map(|l| l as u64), found["size"].as_u64(), "{}: {key}", path.display());
        }
        // The human form says the same.
        let human = text(&ok(&["check", "--stats", path.to_str().unwrap()], b""));
        let largest = got["largest_object"]["pointer"].as_str().unwrap();
        let largest = if largest.is_empty() { "the top level" } else { largest };
        assert!(human.lines().any(|l| l.starts_with("largest object ") && l.ends_with(largest)), "{human}");
    }
}

#[test]
fn stats_cases() {
    run_cases(&[Case {
        name: "table",
        args: &["stats"],
        stdin: r#"{"a": [1, 2.5, "xyz", true, false, null, {}], "b": {"c": "\u00e9"}}"#,
        status: 0,
        stdout: "size            67 bytes
depth           3
values          11
  objects       3 (3 members)
  arrays        1 (7 elements)
  strings       2
  numbers       2 (1 integer, 1 float)
  booleans      2 (1 true, 1 false)
  nulls         1
longest string  3 bytes at /a/2
largest object  2 members at the top level
largest array   7 elements at /a
",
        stderr: &[],
    }]);
    // Duplicates are found when allowed, and an error otherwise.
    let out =
        ok(&["stats", "--json", "--allow-duplicate-names"], br#"{"a": 1, "b": {"x": 1, "x": 2}, "a": 3}"#);
    let got: jet::Value = jet::from_slice(&out).unwrap();
    assert_eq!(got["duplicate_names"], 2);
    assert_eq!(got["first_duplicate"]["pointer"], "/b/x");
    let out = jet(&["stats"], br#"{"a": 1, "a": 3}"#);
    assert_eq!(out.status.code(), Some(1));
    // NDJSON: totals over the good lines; the places name their line.
    let out = jet(&["stats", "--json", "--lines"], b"[1,2]\n\n{\"s\": \"long string\"}\n[1,\n[[[]]]\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("<stdin>:4:4: error: unexpected end of input"),
        "{}",
        text(&out.stderr)
    );
    let got: jet::Value = jet::from_slice(&out.stdout).unwrap();
    assert_eq!(got["lines"], 5);
    assert_eq!(got["records"], 4);
    assert_eq!(got["invalid_records"], 1);
    assert_eq!(got["bytes"], 39);
    assert_eq!(got["depth"], 3);
    assert_eq!(got["arrays"], 4);
    assert_eq!(got["longest_string"], jet::json!({"size": 11, "line": 3, "pointer": "/s"}));
}

// ---- across commands ----

#[test]
fn every_command_reads_stdin_files_and_reports_io_errors() {
    let path = temp_file("small.json", br#"{"k": [1, "v"]}"#);
    let path = path.to_str().unwrap();
    for (args, want) in [
        (vec!["fmt", "-c"], "{\"k\":[1,\"v\"]}\n"),
        (vec!["canon"], "{\"k\":[1,\"v\"]}"),
        (vec!["get", "--string"], "v\n"),
        (vec!["check", "-q"], ""),
    ] {
        let mut file_args = args.clone();
        let mut stdin_args = args.clone();
        let mut missing = args.clone();
        if args[0] == "get" {
            file_args.extend([path, "/k/1"]);
            stdin_args.extend(["-", "/k/1"]);
            missing.extend(["/no/such/file.json", "/k"]);
        } else {
            file_args.push(path);
            stdin_args.push("-");
            missing.push("/no/such/file.json");
        }
        assert_eq!(text(&ok(&file_args, b"")), want, "{args:?} file");
        assert_eq!(text(&ok(&stdin_args, br#"{"k": [1, "v"]}"#)), want, "{args:?} stdin");
        let out = jet(&missing, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).starts_with("jet: error: /no/such/file.json: "), "{}", text(&out.stderr));
    }
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    let input = format!("[{}]", vec!["\"some text to print\""; 200_000].join(","));
    let mut child = Command::new(env!("CARGO_BIN_EXE_jet"))
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
}
