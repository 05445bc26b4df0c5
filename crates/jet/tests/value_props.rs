//! Property tests of `Value` and lazy access (the fuzz targets' checks at small scale): random
//! JSON parses to the `Value` serde_json reads, writes back the same text, clones and compares
//! equal, reads as the same `Document`, and every pointer into it is found by `get`, trusted `get`, `get_many` and a JSON
//! Patch `test`.

mod common;

use common::props::json;
use common::value_pointers as pointers;
use jet::{json, Options, Value};
use proptest::prelude::*;

proptest! {
    #[test]
    fn values_agree_with_serde_json(reference in json()) {
        let text = serde_json::to_string(&reference).unwrap();
        let v: Value = jet::from_str(&text).unwrap();
        // Same text back (serde_json's maps are sorted, and jet keeps that order).
        prop_assert_eq!(v.to_string(), text.clone());
        prop_assert_eq!(jet::to_string(&v).unwrap(), text.clone());
        prop_assert_eq!(format!("{v:#}"), serde_json::to_string_pretty(&reference).unwrap());
        prop_assert_eq!(serde_json::to_value(&v).unwrap(), reference.clone());
        prop_assert_eq!(jet::to_value(&reference).unwrap(), v.clone());
        prop_assert!(v.clone() == v);
        let lossless: Value = Options::default().lossless_numbers(true).from_str(&text).unwrap();
        prop_assert_eq!(lossless.to_string(), text.clone());
        prop_assert!(lossless == v);
        // A Document of the same text: the same value, text and pointers.
        let doc = jet::Document::from_str(&text).unwrap();
        prop_assert_eq!(doc.to_value(), v.clone());
        prop_assert_eq!(doc.to_string(), text.clone());
        prop_assert_eq!(format!("{doc:#}"), format!("{v:#}"));
        prop_assert_eq!(jet::to_string(&doc).unwrap(), text.clone());
        for p in pointers(&v) {
            let found = doc.root().pointer(&p).map(|n| n.to_value());
            prop_assert_eq!(found.as_ref(), v.pointer(&p));
        }
    }

    #[test]
    fn lazy_access_agrees_with_pointer(reference in json()) {
        let text = serde_json::to_string_pretty(&reference).unwrap();
        let v: Value = jet::from_str(&text).unwrap();
        let ptrs = pointers(&v);
        let trusted = Options::default().trusted(true);
        for p in &ptrs {
            let want = v.pointer(p);
            prop_assert!(want.is_some());
            prop_assert_eq!(jet::get(&text, p.as_str()).unwrap().to::<Value>().unwrap(), want.unwrap().clone());
            prop_assert_eq!(trusted.get(&text, p.as_str()).unwrap().to::<Value>().unwrap(), want.unwrap().clone());
        }
        let many = jet::get_many(&text, &ptrs).unwrap();
        for (p, found) in ptrs.iter().zip(many) {
            prop_assert_eq!(&found.unwrap().to::<Value>().unwrap(), v.pointer(p).unwrap());
        }
        // Each pointer passes a JSON Patch `test` of its value; a patch ending in a failing test
        // leaves the document as it was.
        let tests: Vec<Value> = ptrs.iter().map(|p| json!({"op": "test", "path": p, "value": v.pointer(p).unwrap()})).collect();
        let mut doc = v.clone();
        prop_assert!(jet::value::patch(&mut doc, &Value::from(tests)).is_ok());
        let failing = json!([{"op": "add", "path": "/new", "value": 1}, {"op": "test", "path": "", "value": "different"}]);
        let before = doc.to_string();
        prop_assert!(jet::value::patch(&mut doc, &failing).is_err());
        prop_assert_eq!(doc.to_string(), before);
    }
}
