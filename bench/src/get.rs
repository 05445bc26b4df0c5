//! Lazy access: one value picked out of a document by path (an early and a late one), and five
//! at once, against sonic-rs's `get`/`get_many` and gjson (which validates nothing).
//!
//! The paths are found per file: "early" follows the first member or element down to a scalar,
//! "late" the last one (so the whole document is passed over), and the five of `get_many` are
//! scalars spread evenly through the document.
//!
//! Each library gets its paths in the form it reads fastest, made before the timing: jet and
//! sonic-rs lists of steps (jet's `path!` items, sonic-rs's `PointerNode`s), gjson its path
//! syntax (it has no other). A JSON Pointer string costs jet its parsing on top (about a tenth
//! of an early get on citm_catalog). The timed calls return the found value's length, copying
//! nothing.

use std::cell::RefCell;
use std::collections::HashMap;

use sonic_rs::{PointerNode, PointerTree};

/// One path in each library's form.
#[derive(Clone)]
struct Path {
    jet: Vec<jet::lazy::PathItem<'static>>,
    sonic: Vec<PointerNode>,
    gjson: String,
}

/// The paths of one file.
struct Paths {
    text: &'static str,
    early: Path,
    late: Path,
    many: Vec<Path>,
    tree: PointerTree,
}

thread_local! {
    static PATHS: RefCell<HashMap<String, &'static Paths>> = RefCell::new(HashMap::new());
}

/// The path of every scalar, in document order (jet's `Value` keeps member order).
fn scalars(v: &jet::Value, out: &mut Vec<Vec<serde_json::Value>>) {
    // Iterative: (value, path) pairs, children pushed in reverse to keep document order.
    let mut stack = vec![(v, Vec::new())];
    while let Some((v, path)) = stack.pop() {
        match v {
            jet::Value::Array(a) if !a.is_empty() => {
                for (i, e) in a.iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(serde_json::Value::from(i));
                    stack.push((e, p));
                }
            }
            jet::Value::Object(m) if !m.is_empty() => {
                for (k, e) in m.iter().rev() {
                    let mut p = path.clone();
                    p.push(serde_json::Value::from(k.as_str()));
                    stack.push((e, p));
                }
            }
            _ => out.push(path),
        }
    }
}

fn path_of(tokens: &[serde_json::Value]) -> Path {
    let mut jet = Vec::new();
    let mut sonic = Vec::new();
    let mut gjson = Vec::new();
    for t in tokens {
        match t {
            serde_json::Value::String(k) => {
                let key: &'static str = Box::leak(k.clone().into_boxed_str());
                jet.push(jet::lazy::PathItem::Key(key));
                sonic.push(PointerNode::from(k.as_str()));
                let mut g = String::new();
                for c in k.chars() {
                    if matches!(c, '.' | '*' | '?' | '\\' | '|' | '#' | '@' | '!' | '=' | '<' | '>' | '%') {
                        g.push('\\');
                    }
                    g.push(c);
                }
                gjson.push(g);
            }
            n => {
                let i = n.as_u64().unwrap() as usize;
                jet.push(jet::lazy::PathItem::Index(i));
                sonic.push(PointerNode::from(i));
                gjson.push(i.to_string());
            }
        }
    }
    Path { jet, sonic, gjson: gjson.join(".") }
}

fn paths(file: &str, bytes: &[u8]) -> &'static Paths {
    if let Some(p) = PATHS.with(|m| m.borrow().get(file).copied()) {
        return p;
    }
    let v: jet::Value = jet::from_slice(bytes).expect("a valid corpus file");
    let mut tokens = Vec::new();
    scalars(&v, &mut tokens);
    let early = path_of(&tokens[0]);
    let late = path_of(&tokens[tokens.len() - 1]);
    let many: Vec<Path> = (0..5).map(|k| path_of(&tokens[(2 * k + 1) * tokens.len() / 10])).collect();
    let mut tree = PointerTree::new();
    for p in &many {
        tree.add_path(p.sonic.iter());
    }
    let text: &'static str = Box::leak(String::from_utf8(bytes.to_vec()).unwrap().into_boxed_str());
    let p: &'static Paths = Box::leak(Box::new(Paths { text, early, late, many, tree }));
    PATHS.with(|m| m.borrow_mut().insert(file.to_owned(), p));
    p
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

fn common(raw: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(raw).map_err(err)
}

/// A found value's text, whatever the library.
trait Raw {
    fn raw(&self) -> &str;
}

impl Raw for jet::LazyValue<'_> {
    fn raw(&self) -> &str {
        self.as_raw_str()
    }
}

impl Raw for sonic_rs::LazyValue<'_> {
    fn raw(&self) -> &str {
        self.as_raw_str()
    }
}

impl Raw for gjson::Value<'_> {
    fn raw(&self) -> &str {
        self.json()
    }
}

macro_rules! get_ops {
    ($($early:ident, $late:ident, $check_early:ident, $check_late:ident => |$bytes:ident, $paths:ident, $path:ident| $get:expr;)*) => {$(
        pub fn $early(file: &str, $bytes: &[u8]) -> Result<u64, String> {
            let $paths = paths(file, $bytes);
            let $path = &$paths.early;
            $get.map(|v| v.raw().len() as u64)
        }
        pub fn $late(file: &str, $bytes: &[u8]) -> Result<u64, String> {
            let $paths = paths(file, $bytes);
            let $path = &$paths.late;
            $get.map(|v| v.raw().len() as u64)
        }
        pub fn $check_early(file: &str, $bytes: &[u8]) -> Result<serde_json::Value, String> {
            let $paths = paths(file, $bytes);
            let $path = &$paths.early;
            common($get?.raw())
        }
        pub fn $check_late(file: &str, $bytes: &[u8]) -> Result<serde_json::Value, String> {
            let $paths = paths(file, $bytes);
            let $path = &$paths.late;
            common($get?.raw())
        }
    )*};
}

get_ops! {
    jet_early, jet_late, jet_early_checked, jet_late_checked => |bytes, paths, path|
        jet::get(bytes, &path.jet).map_err(err);
    jet_trusted_early, jet_trusted_late, jet_trusted_early_checked, jet_trusted_late_checked => |bytes, paths, path|
        jet::Options::default().trusted(true).get(bytes, &path.jet).map_err(err);
    sonic_early, sonic_late, sonic_early_checked, sonic_late_checked => |bytes, paths, path|
        sonic_rs::get(bytes, path.sonic.iter()).map_err(err);
    gjson_early, gjson_late, gjson_early_checked, gjson_late_checked => |bytes, paths, path|
        Ok::<_, String>(gjson::get(paths.text, &path.gjson));
}

/// The five values of `get_many`, as one array.
fn many_checked(values: Vec<String>) -> Result<serde_json::Value, String> {
    common(&format!("[{}]", values.join(",")))
}

pub fn jet_many(file: &str, bytes: &[u8]) -> Result<u64, String> {
    let paths = paths(file, bytes);
    let ptrs: Vec<&[jet::lazy::PathItem]> = paths.many.iter().map(|p| p.jet.as_slice()).collect();
    let found = jet::get_many(bytes, &ptrs).map_err(err)?;
    found.iter().map(|f| f.as_ref().map(|v| v.as_raw_str().len() as u64).map_err(err)).sum()
}

pub fn jet_many_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let paths = paths(file, bytes);
    let ptrs: Vec<&[jet::lazy::PathItem]> = paths.many.iter().map(|p| p.jet.as_slice()).collect();
    let found = jet::get_many(bytes, &ptrs).map_err(err)?;
    many_checked(
        found
            .into_iter()
            .map(|f| f.map(|v| v.as_raw_str().to_owned()).map_err(err))
            .collect::<Result<_, _>>()?,
    )
}

pub fn sonic_many(file: &str, bytes: &[u8]) -> Result<u64, String> {
    let paths = paths(file, bytes);
    let found = sonic_rs::get_many(bytes, &paths.tree).map_err(err)?;
    Ok(found.iter().map(|f| f.as_ref().map_or(0, |v| v.as_raw_str().len() as u64)).sum())
}

pub fn sonic_many_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let paths = paths(file, bytes);
    let found = sonic_rs::get_many(bytes, &paths.tree).map_err(err)?;
    many_checked(
        found
            .into_iter()
            .map(|f| f.map(|v| v.as_raw_str().to_owned()).ok_or("missing".to_owned()))
            .collect::<Result<_, _>>()?,
    )
}

pub fn gjson_many(file: &str, bytes: &[u8]) -> Result<u64, String> {
    let paths = paths(file, bytes);
    Ok(paths.many.iter().map(|p| gjson::get(paths.text, &p.gjson).json().len() as u64).sum())
}

pub fn gjson_many_checked(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    let paths = paths(file, bytes);
    many_checked(paths.many.iter().map(|p| gjson::get(paths.text, &p.gjson).json().to_owned()).collect())
}
