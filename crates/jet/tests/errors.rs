//! Error positions: offset, line, column, JSON Pointer, category and message for a table of bad
//! inputs, the same from a slice and from an `io::Read` that hands out one byte at a time.

mod common;

use common::{Chunked, Rng};
use jet::text::Reader;
use jet::{Category, Error, Options};

struct Case {
    name: &'static str,
    input: &'static [u8],
    category: Category,
    offset: u64,
    line: usize,
    column: usize,
    pointer: &'static str,
    message: &'static str,
}

const fn eof(
    name: &'static str,
    input: &'static [u8],
    offset: u64,
    pointer: &'static str,
    message: &'static str,
) -> Case {
    Case {
        name,
        input,
        category: Category::Eof,
        offset,
        line: 1,
        column: offset as usize + 1,
        pointer,
        message,
    }
}

const fn syntax(
    name: &'static str,
    input: &'static [u8],
    offset: u64,
    pointer: &'static str,
    message: &'static str,
) -> Case {
    Case {
        name,
        input,
        category: Category::Syntax,
        offset,
        line: 1,
        column: offset as usize + 1,
        pointer,
        message,
    }
}

const CASES: &[Case] = &[
    // Truncation after each grammar point.
    eof("empty", b"", 0, "", "unexpected end of input before a value"),
    eof("only whitespace", b"  \t", 3, "", "unexpected end of input before a value"),
    eof("after {", b"{", 1, "", "unexpected end of input in an object"),
    eof("after name", b"{\"a\"", 4, "/a", "unexpected end of input in an object"),
    eof("after colon", b"{\"a\":", 5, "/a", "unexpected end of input in an object"),
    eof("after member", b"{\"a\":1", 6, "/a", "unexpected end of input in an object"),
    eof("after comma in object", b"{\"a\":1,", 7, "", "unexpected end of input in an object"),
    eof("in name", b"{\"ab", 4, "", "unexpected end of input in a string"),
    eof("after [", b"[", 1, "/0", "unexpected end of input in an array"),
    eof("after element", b"[1", 2, "/0", "unexpected end of input in an array"),
    eof("after comma in array", b"[1,", 3, "/1", "unexpected end of input in an array"),
    eof("nested", b"[[], {\"x\": [true", 16, "/1/x/0", "unexpected end of input in an array"),
    eof("in string", b"\"abc", 4, "", "unexpected end of input in a string"),
    eof("in escape", b"\"a\\", 3, "", "unexpected end of input in a string"),
    eof("in unicode escape", b"\"\\u12", 5, "", "unexpected end of input in a string"),
    eof("after high surrogate", b"[\"\\uD800", 8, "/0", "unexpected end of input in a string"),
    eof("in UTF-8 sequence", b"\"\xe2\x82", 3, "", "unexpected end of input in a string"),
    eof("in literal", b"tru", 3, "", "unexpected end of input in a literal"),
    eof("minus", b"-", 1, "", "unexpected end of input in a number"),
    eof("point", b"1.", 2, "", "unexpected end of input in a number"),
    eof("exponent", b"1e", 2, "", "unexpected end of input in a number"),
    eof("exponent sign", b"[1E+", 4, "/0", "unexpected end of input in a number"),
    // Strings.
    syntax("bad escape", b"\"\\x\"", 2, "", "invalid escape in string: '\\' then 'x'"),
    syntax("bad hex", b"\"\\u12G4\"", 5, "", "expected 4 hex digits after \\u, found 'G'"),
    syntax(
        "high then plain escape",
        b"\"\\uD800\\u0041\"",
        1,
        "",
        "invalid escape in string: lone surrogate \\uD800",
    ),
    syntax(
        "lone low in array",
        b"[\"\\uDC00\"]",
        2,
        "/0",
        "invalid escape in string: lone surrogate \\uDC00",
    ),
    syntax("reversed pair", b"\"\\uDD1E\\uD834\"", 1, "", "invalid escape in string: lone surrogate \\uDD1E"),
    syntax("raw tab", b"\"a\tb\"", 2, "", "control character U+0009 in string (escape it)"),
    syntax("NUL in string", b"[\"a\0\"]", 3, "/0", "control character U+0000 in string (escape it)"),
    syntax(
        "invalid UTF-8",
        b"[\"ab\xff\"]",
        4,
        "/0",
        "invalid UTF-8 in string: byte 0xFF does not start a valid sequence",
    ),
    syntax(
        "overlong",
        b"\"\xc0\xaf\"",
        1,
        "",
        "invalid UTF-8 in string: byte 0xC0 does not start a valid sequence",
    ),
    syntax(
        "encoded surrogate",
        b"\"\xed\xa0\x80\"",
        1,
        "",
        "invalid UTF-8 in string: byte 0xED does not start a valid sequence",
    ),
    syntax(
        "beyond U+10FFFF",
        b"\"\xf4\x90\x80\x80\"",
        1,
        "",
        "invalid UTF-8 in string: byte 0xF4 does not start a valid sequence",
    ),
    syntax(
        "truncated then quote",
        b"\"\xe2\x82\"",
        1,
        "",
        "invalid UTF-8 in string: byte 0xE2 does not start a valid sequence",
    ),
    // Numbers.
    syntax("leading zero", b"01", 1, "", "invalid number: leading zero"),
    syntax("negative leading zero", b"[-012]", 3, "/0", "invalid number: leading zero"),
    syntax("point then letter", b"1.x", 2, "", "expected a digit after '.', found 'x'"),
    syntax("minus then letter", b"-x", 1, "", "expected a digit after '-', found 'x'"),
    syntax("exponent then letter", b"1ex", 2, "", "expected a digit in the exponent, found 'x'"),
    syntax("plus", b"+1", 0, "", "expected a value, found '+'"),
    syntax("leading point", b".5", 0, "", "expected a value, found '.'"),
    syntax("hex number", b"0x10", 1, "", "trailing data after the value: 'x'"),
    syntax("NaN", b"[NaN]", 1, "/0", "NaN is not valid JSON"),
    syntax("Infinity", b"Infinity", 0, "", "Infinity is not valid JSON"),
    syntax("minus Infinity", b"-Infinity", 1, "", "expected a digit after '-', found 'I'"),
    // Structure.
    syntax("missing comma", b"[1 2]", 3, "/0", "expected ',' or ']' after an array element, found '2'"),
    syntax("missing colon", b"{\"a\" 1}", 5, "/a", "expected ':' after an object name, found '1'"),
    syntax("comma first", b"{,}", 1, "", "expected an object name (a string) or '}', found ','"),
    syntax("number as name", b"{1:2}", 1, "", "expected an object name (a string) or '}', found '1'"),
    syntax("name after comma", b"{\"a\":1,2:3}", 7, "", "expected an object name (a string), found '2'"),
    syntax("trailing comma array", b"[1,]", 3, "/1", "trailing comma before ']'"),
    syntax("trailing comma object", b"{\"a\":1,}", 7, "", "trailing comma before '}'"),
    syntax("empty element", b"[,1]", 1, "/0", "expected a value, found ','"),
    syntax("mismatched end", b"[1}", 2, "/0", "expected ',' or ']' after an array element, found '}'"),
    syntax("close at top", b"]", 0, "", "expected a value, found ']'"),
    syntax("missing value", b"{\"a\":}", 5, "/a", "expected a value, found '}'"),
    syntax("bad literal", b"[nul]", 4, "/0", "expected 'null', found ']'"),
    syntax("NUL in literal", b"tr\0e", 2, "", "expected 'true', found U+0000"),
    syntax(
        "NUL after element",
        b"[1\0]",
        2,
        "/0",
        "expected ',' or ']' after an array element, found U+0000",
    ),
    syntax("NUL after value", b"1\0", 1, "", "trailing data after the value: U+0000"),
    syntax("NUL at start", b"\0", 0, "", "expected a value, found U+0000"),
    syntax("second value", b"{} {}", 3, "", "trailing data after the value: '{'"),
    syntax("single quotes", b"['a']", 1, "/0", "expected a value, found '''"),
    syntax("comment", b"[1, // two\n2]", 4, "/1", "comments are not allowed in JSON"),
    syntax("block comment", b"/* x */ 1", 0, "", "comments are not allowed in JSON"),
    syntax("BOM", b"\xef\xbb\xbf{}", 0, "", "byte order mark (U+FEFF) at the start of input"),
    syntax("invalid byte at top", b"\xff", 0, "", "expected a value, found byte 0xFF"),
    syntax(
        "emoji name",
        b"{\xf0\x9f\x98\x80:1}",
        1,
        "",
        "expected an object name (a string) or '}', found '😀' (U+1F600)",
    ),
    // Duplicate names, compared after unescaping; the pointer is the object's.
    syntax("duplicate", b"{\"a\":1,\"a\":2}", 7, "", "duplicate object name \"a\""),
    syntax("duplicate via escape", b"{\"a\":1,\"\\u0061\":2}", 7, "", "duplicate object name \"a\""),
    syntax(
        "duplicate nested",
        b"{\"x\":[{\"a\":1},{\"b\":1,\"b\":2}]}",
        21,
        "/x/1",
        "duplicate object name \"b\"",
    ),
    syntax(
        "duplicate after nested object",
        b"{\"a\":{\"a\":1},\"a\":2}",
        13,
        "",
        "duplicate object name \"a\"",
    ),
    // Lines and columns.
    Case {
        name: "multi-line",
        input: b"{\n  \"a\": [1,\n    2,]\n}",
        category: Category::Syntax,
        offset: 19,
        line: 3,
        column: 7,
        pointer: "/a/2",
        message: "trailing comma before ']'",
    },
    // Columns count bytes, as serde_json does.
    syntax("column counts bytes", "[\"é✓\", tru]".as_bytes(), 13, "/1", "expected 'true', found ']'"),
    Case {
        name: "crlf lines",
        input: b"[\r\n1,\r\n2,\r\n,]",
        category: Category::Syntax,
        offset: 11,
        line: 4,
        column: 1,
        pointer: "/2",
        message: "expected a value, found ','",
    },
];

fn check(case: &Case, err: &Error, how: &str) {
    let name = case.name;
    assert_eq!(err.category(), case.category, "{name} ({how}): category of {err}");
    assert_eq!(err.message().to_string(), case.message, "{name} ({how})");
    assert_eq!(err.offset(), case.offset, "{name} ({how}): offset of {err}");
    assert_eq!((err.line(), err.column()), (case.line, case.column), "{name} ({how}): line, column of {err}");
    assert_eq!(err.pointer(), case.pointer, "{name} ({how}): pointer of {err}");
    assert_eq!(err.is_eof(), case.category == Category::Eof, "{name} ({how})");
}

#[test]
fn error_positions() {
    for case in CASES {
        let err = jet::text::validate(case.input).expect_err(case.name);
        check(case, &err, "slice");
        for max in [1, 3] {
            let chunks = Chunked { bytes: case.input, rng: Rng(1), min: 1, max };
            let mut reader = Reader::from_reader(chunks);
            let err = reader.skip_value().and_then(|()| reader.finish()).expect_err(case.name);
            check(case, &err, &format!("io::Read, chunks of 1..={max}"));
        }
    }
}

#[test]
fn display_has_message_pointer_and_position() {
    let err = jet::text::validate(b"{\"x\":[{\"a\":1},{\"b\":1,\"b\":2}]}").unwrap_err();
    assert_eq!(err.to_string(), "duplicate object name \"b\" at /x/1 (line 1, column 22, byte 21)");
}

#[test]
fn invalid_utf8_split_across_refills() {
    // The three bytes of U+20AC arrive in separate reads, then a bad sequence does too.
    let input = b"[\"\xe2\x82\xac\", \"ab\xe2\x82\xff\"]";
    for max in 1..=4 {
        let mut reader = Reader::from_reader(Chunked { bytes: input, rng: Rng(max as u64), min: 1, max });
        let err = reader.skip_value().unwrap_err();
        assert_eq!((err.offset(), err.pointer()), (11, "/1"), "chunks of 1..={max}: {err}");
        assert_eq!(
            err.message().to_string(),
            "invalid UTF-8 in string: byte 0xE2 does not start a valid sequence"
        );
    }
    let valid = "[\"€😀é\"]".as_bytes();
    let mut reader = Reader::from_reader(Chunked { bytes: valid, rng: Rng(3), min: 1, max: 1 });
    reader.next_token().unwrap();
    assert_eq!(reader.next_token().unwrap(), Some(jet::text::Token::String("€😀é".into())));
}

#[test]
fn relaxations_change_only_what_they_name() {
    let dup = b"{\"a\":1,\"a\":2}";
    assert!(jet::text::validate_with(dup, &Options::default().allow_duplicate_names(true)).is_ok());
    assert!(jet::text::validate_with(b"[\"\xff\"]", &Options::default().allow_duplicate_names(true)).is_err());
    assert!(jet::text::validate_with(b"[\"\xff\"]", &Options::default().allow_invalid_utf8(true)).is_ok());
    assert!(jet::text::validate_with(b"[\"\\uD800\"]", &Options::default().allow_invalid_utf8(true)).is_ok());
    assert!(jet::text::validate_with(dup, &Options::default().allow_invalid_utf8(true)).is_err());
    // Invalid UTF-8 outside strings is a syntax error under every option.
    assert!(jet::text::validate_with(b"[\xff]", &Options::default().allow_invalid_utf8(true)).is_err());
}

#[test]
fn snippet_points_at_the_error() {
    let input = b"{\n  \"name\": \"jet\",\n  \"tags\": [\"fast\" \"strict\"]\n}";
    let err = jet::text::validate(input).unwrap_err();
    assert_eq!((err.line(), err.column()), (3, 19));
    assert_eq!(err.snippet(input).unwrap(), "  \"tags\": [\"fast\" \"strict\"]\n                  ^");
}
