//! JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386) on [`Value`].

use super::pointer::{array_index, tokens};
use super::{Map, Value};
use crate::error::{Code, Error, Result};

/// Applies a JSON Patch (RFC 6902): an array of operations (`add`, `remove`, `replace`,
/// `move`, `copy`, `test`), in order, **atomically**: when one fails, the operations before it
/// are undone and `doc` is left as it was.
///
/// Errors: a path that names nothing is [`NotFound`](crate::Category::NotFound); a failed
/// `test`, a malformed operation or an impossible one (a value moved into itself) is
/// [`Data`](crate::Category::Data). The error's pointer is the operation's path.
///
/// ```
/// use jet::json;
///
/// let mut doc = json!({"a": [1, 2], "b": {"c": "d"}});
/// jet::value::patch(&mut doc, &json!([
///     {"op": "add", "path": "/a/-", "value": 3},
///     {"op": "move", "from": "/b/c", "path": "/e"},
///     {"op": "test", "path": "/e", "value": "d"},
/// ]))?;
/// assert_eq!(doc, json!({"a": [1, 2, 3], "b": {}, "e": "d"}));
///
/// // A failing operation undoes the ones before it.
/// let before = doc.clone();
/// let err = jet::value::patch(&mut doc, &json!([
///     {"op": "remove", "path": "/a/0"},
///     {"op": "test", "path": "/e", "value": "other"},
/// ])).unwrap_err();
/// assert_eq!(doc, before);
/// assert!(err.to_string().contains("test failed"));
/// # Ok::<(), jet::Error>(())
/// ```
pub fn patch(doc: &mut Value, patch: &Value) -> Result<()> {
    let Some(ops) = patch.as_array() else {
        return Err(invalid(0, "a JSON Patch is an array of operations", ""));
    };
    let mut undo: Vec<Undo> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        if let Err(e) = apply(doc, op, i, &mut undo) {
            while let Some(step) = undo.pop() {
                step.revert(doc);
            }
            return Err(e);
        }
    }
    Ok(())
}

/// How to take one change back.
enum Undo {
    /// Remove what was added at this path.
    Remove(Vec<String>),
    /// Put this value back at this path (it was replaced).
    Set(Vec<String>, Value),
    /// Insert this value back at this path (it was removed), at its old place.
    Insert(Vec<String>, Value, usize),
    /// Move the value added by `added` back to `from`, at its old place.
    Move { added: Box<Undo>, from: Vec<String>, place: usize },
}

impl Undo {
    /// Takes the change back; returns the value that was in the document, when the change had
    /// added or replaced one.
    fn revert(self, doc: &mut Value) -> Option<Value> {
        match self {
            Undo::Remove(path) => remove(doc, &path).map(|(v, _)| v),
            Undo::Set(path, old) => locate_mut(doc, &path).map(|slot| core::mem::replace(slot, old)),
            Undo::Insert(path, old, place) => {
                insert_at(doc, &path, old, place);
                None
            }
            Undo::Move { added, from, place } => {
                let moved = added.revert(doc)?;
                insert_at(doc, &from, moved, place);
                None
            }
        }
    }
}

/// Puts `value` back where it was removed from: `path`, at position `place` of its parent.
fn insert_at(doc: &mut Value, path: &[String], value: Value, place: usize) {
    let Some((last, parent)) = path.split_last() else {
        *doc = value;
        return;
    };
    match locate_mut(doc, parent) {
        Some(Value::Object(m)) => m.insert_at(place, last.clone(), value),
        Some(Value::Array(a)) => {
            let place = place.min(a.len());
            a.insert(place, value);
        }
        _ => {}
    }
}

#[cold]
fn invalid(op: usize, why: &str, path: &str) -> Error {
    Error::bare(Code::Custom(format!("JSON Patch operation {op}: {why}").into())).at_pointer(path)
}

#[cold]
fn missing(op: usize, path: &str) -> Error {
    Error::bare(Code::NotFound(format!("JSON Patch operation {op}: nothing at {path:?}").into()))
        .at_pointer(path)
}

/// A string member of an operation.
fn member<'v>(op: &'v Value, name: &str, i: usize) -> Result<&'v str> {
    match op.get(name) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(invalid(i, &format!("\"{name}\" must be a string"), "")),
        None => Err(invalid(i, &format!("\"{name}\" is missing"), "")),
    }
}

fn parse_path(pointer: &str, i: usize) -> Result<Vec<String>> {
    match tokens(pointer) {
        Some(t) => Ok(t.into_iter().map(|t| t.into_owned()).collect()),
        None => Err(invalid(i, &format!("{pointer:?} is not a JSON Pointer"), "")),
    }
}

fn apply(doc: &mut Value, op: &Value, i: usize, undo: &mut Vec<Undo>) -> Result<()> {
    let name = member(op, "op", i)?;
    let path_text = member(op, "path", i)?;
    let path = parse_path(path_text, i)?;
    let value = || op.get("value").ok_or_else(|| invalid(i, "\"value\" is missing", path_text));
    match name {
        "add" => {
            let value = value()?.clone();
            let step = add(doc, &path, value).map_err(|_| missing(i, path_text))?;
            undo.push(step);
        }
        "remove" => {
            let (value, place) = remove(doc, &path).ok_or_else(|| missing(i, path_text))?;
            undo.push(Undo::Insert(path, value, place));
        }
        "replace" => {
            let value = value()?.clone();
            let slot = locate_mut(doc, &path).ok_or_else(|| missing(i, path_text))?;
            let old = core::mem::replace(slot, value);
            undo.push(Undo::Set(path, old));
        }
        "move" | "copy" => {
            let from_text = member(op, "from", i)?;
            let from = parse_path(from_text, i)?;
            if name == "move" {
                if path.len() > from.len() && path.starts_with(&from) {
                    return Err(invalid(i, "a value cannot move into itself", path_text));
                }
                if path == from {
                    return locate_mut(doc, &from).map(drop).ok_or_else(|| missing(i, from_text));
                }
                let (value, place) = remove(doc, &from).ok_or_else(|| missing(i, from_text))?;
                match add(doc, &path, value) {
                    Ok(added) => undo.push(Undo::Move { added: Box::new(added), from, place }),
                    Err(value) => {
                        insert_at(doc, &from, value, place);
                        return Err(missing(i, path_text));
                    }
                }
            } else {
                let value = locate_mut(doc, &from).ok_or_else(|| missing(i, from_text))?.clone();
                let step = add(doc, &path, value).map_err(|_| missing(i, path_text))?;
                undo.push(step);
            }
        }
        "test" => {
            let want = value()?;
            let found = locate_mut(doc, &path).ok_or_else(|| missing(i, path_text))?;
            if *found != *want {
                let why = format!("test failed: the value at {path_text:?} is {found}, not {want}");
                return Err(invalid(i, &why, path_text));
            }
        }
        other => return Err(invalid(i, &format!("unknown operation {other:?}"), path_text)),
    }
    Ok(())
}

/// The value at `path`, if there is one.
fn locate_mut<'v>(doc: &'v mut Value, path: &[String]) -> Option<&'v mut Value> {
    let mut v = doc;
    for token in path {
        v = match v {
            Value::Object(m) => m.get_mut(token.as_str())?,
            Value::Array(a) => a.get_mut(array_index(token)?)?,
            _ => return None,
        };
    }
    Some(v)
}

/// RFC 6902 `add`: sets a member (replacing one of the same name), inserts an element (`-`
/// appends), or replaces the whole document (empty path). Gives the value back when the parent
/// is missing or the index is out of range.
fn add(doc: &mut Value, path: &[String], value: Value) -> core::result::Result<Undo, Value> {
    let Some((last, parent)) = path.split_last() else {
        let old = core::mem::replace(doc, value);
        return Ok(Undo::Set(Vec::new(), old));
    };
    match locate_mut(doc, parent) {
        Some(Value::Object(m)) => Ok(match m.insert(last.clone(), value) {
            Some(old) => Undo::Set(path.to_vec(), old),
            None => Undo::Remove(path.to_vec()),
        }),
        Some(Value::Array(a)) => {
            let index = if last == "-" { Some(a.len()) } else { array_index(last) };
            match index {
                Some(index) if index <= a.len() => {
                    a.insert(index, value);
                    let mut at = parent.to_vec();
                    at.push(index.to_string());
                    Ok(Undo::Remove(at))
                }
                _ => Err(value),
            }
        }
        _ => Err(value),
    }
}

/// RFC 6902 `remove`: the value removed and its position in its parent.
fn remove(doc: &mut Value, path: &[String]) -> Option<(Value, usize)> {
    let (last, parent) = path.split_last()?;
    match locate_mut(doc, parent)? {
        Value::Object(m) => {
            let place = m.get_index_of(last.as_str())?;
            m.remove_entry(last.as_str()).map(|(_, v)| (v, place))
        }
        Value::Array(a) => {
            let index = array_index(last).filter(|&i| i < a.len())?;
            Some((a.remove(index), index))
        }
        _ => None,
    }
}

/// Applies a JSON Merge Patch (RFC 7386): members of an object patch set the target's members
/// (`null` removes them, objects merge recursively), anything else replaces the target. Without
/// recursion, so a patch of any depth is safe.
///
/// ```
/// use jet::json;
///
/// let mut doc = json!({"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"}, "tags": ["a", "b"]});
/// jet::value::merge_patch(&mut doc, &json!({"title": "Hello!", "author": {"familyName": null}, "tags": ["c"]}));
/// assert_eq!(doc, json!({"title": "Hello!", "author": {"givenName": "John"}, "tags": ["c"]}));
/// ```
pub fn merge_patch(doc: &mut Value, patch: &Value) {
    let mut stack: Vec<(&mut Value, &Value)> = vec![(doc, patch)];
    while let Some((target, patch)) = stack.pop() {
        let Value::Object(changes) = patch else {
            *target = patch.clone();
            continue;
        };
        if !target.is_object() {
            *target = Value::Object(Map::new());
        }
        let Value::Object(members) = target else { unreachable!("made an object above") };
        for (k, v) in changes {
            match v {
                Value::Null => {
                    members.shift_remove(k.as_str());
                }
                Value::Object(_) => {
                    members.entry(k.as_str()).or_insert(Value::Null);
                }
                v => {
                    members.insert(k.clone(), v.clone());
                }
            }
        }
        for (k, slot) in members.iter_mut() {
            if let Some(v @ Value::Object(_)) = changes.get(k.as_str()) {
                stack.push((slot, v));
            }
        }
    }
}
