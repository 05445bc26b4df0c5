//! RFC 8785 (JCS): the reference vectors in `testdata/jcs`, and ECMAScript number formatting on
//! all 100,000 lines of `es6testfile100k.txt`.

mod common;

use common::{list, read};
use jet::text::{RawValue, Token, Writer};

#[test]
fn jcs_vectors() {
    let inputs = list("jcs/input");
    assert_eq!(inputs.len(), 6);
    for name in inputs {
        let input = read(&format!("jcs/input/{name}"));
        let want = read(&format!("jcs/output/{name}"));
        let got = RawValue::from_bytes(&input).canonicalize().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(String::from_utf8_lossy(&got), String::from_utf8_lossy(&want), "{name}");
        let hex = String::from_utf8(read(&format!("jcs/outhex/{}", name.replace(".json", ".txt")))).unwrap();
        let hex_bytes: Vec<u8> = hex.split_whitespace().map(|h| u8::from_str_radix(h, 16).unwrap()).collect();
        assert_eq!(got, hex_bytes, "{name} (outhex)");
        // Canonical form is a fixed point.
        assert_eq!(RawValue::from_bytes(&got).canonicalize().unwrap(), got, "{name} twice");
    }
}

#[test]
fn es6_number_vectors() {
    let file = String::from_utf8(read("jcs/es6testfile100k.txt")).unwrap();
    let mut lines = 0;
    let mut out = Vec::new();
    for line in file.lines() {
        let (hex, want) = line.split_once(',').unwrap();
        let value = f64::from_bits(u64::from_str_radix(hex, 16).unwrap());
        // Writing the f64.
        let mut writer = Writer::new(std::mem::take(&mut out));
        writer.write_token(Token::from(value)).unwrap();
        out = writer.finish().unwrap();
        assert_eq!(std::str::from_utf8(&out).unwrap(), want, "line {}: {hex}", lines + 1);
        out.clear();
        // Canonicalizing the text reads it back to the same f64 and writes it the same way.
        let canon = RawValue::from_bytes(want.as_bytes()).canonicalize().unwrap();
        assert_eq!(canon, want.as_bytes(), "line {}: canonicalize({want})", lines + 1);
        if value != 0.0 {
            assert_eq!(want.parse::<f64>().unwrap().to_bits(), value.to_bits(), "line {}", lines + 1);
        }
        lines += 1;
    }
    assert_eq!(lines, 100_000);
}

#[test]
fn canonical_form_cases() {
    let cases: &[(&str, &str, Result<&str, &str>)] = &[
        (
            "sorted by UTF-16 code units",
            r#"{"\ud83d\ude00":1,"\ufb33":2,"a":3}"#,
            Ok("{\"a\":3,\"😀\":1,\"\u{fb33}\":2}"),
        ),
        (
            "nested objects sorted",
            r#"{"b":{"d":1,"c":2},"a":[{"z":0,"y":0}]}"#,
            Ok(r#"{"a":[{"y":0,"z":0}],"b":{"c":2,"d":1}}"#),
        ),
        (
            "numbers",
            "[1.0, -0, 1E2, 0.000001, 1e-7, 123456789012345678901]",
            Ok("[1,0,100,0.000001,1e-7,123456789012345680000]"),
        ),
        ("strings re-escaped", r#"["\u0041\/\u001F\u007f", "<&>"]"#, Ok("[\"A/\\u001f\u{7f}\",\"<&>\"]")),
        ("whitespace dropped", " [ true , false , null ] ", Ok("[true,false,null]")),
        ("empty containers", r#"{"a":[],"b":{}}"#, Ok(r#"{"a":[],"b":{}}"#)),
        (
            "number out of range",
            "[1e400]",
            Err("number 1e400 is out of range for f64 at /0 (line 1, column 2, byte 1)"),
        ),
        (
            "duplicate names",
            r#"{"a":1,"a":2}"#,
            Err("duplicate object name \"a\" (line 1, column 8, byte 7)"),
        ),
        ("invalid", "[1,]", Err("trailing comma before ']' at /1 (line 1, column 4, byte 3)")),
    ];
    for (name, input, want) in cases {
        let got = RawValue::from_bytes(input.as_bytes()).canonicalize();
        let got = got.map(|v| String::from_utf8(v).unwrap()).map_err(|e| e.to_string());
        assert_eq!(got, want.map(str::to_owned).map_err(str::to_owned), "{name}");
    }
}
