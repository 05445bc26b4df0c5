//! Typed decode and encode: the corpus files as Rust types (the test suite's types, included by
//! path; the two files of strings as maps of strings) and small generated documents of the
//! shapes services exchange most.

use std::hint::black_box;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[path = "../../crates/jet/tests/common/types.rs"]
mod types;

use types::{Canada, CitmCatalog, GolangSource, Twitter};

/// The corpus files with a Rust type.
pub const CORPUS_FILES: [&str; 6] = [
    "canada.json",
    "citm_catalog.json",
    "golang_source.json",
    "string_escaped.json",
    "string_unicode.json",
    "twitter_status.json",
];

/// string_escaped and string_unicode: names of Unicode blocks to text in them (the one with
/// every character a `\u` escape, the other as UTF-8), read as what a program would read
/// them into.
pub type StringTable = std::collections::BTreeMap<String, String>;

/// Names of the generated documents.
pub const FLAT: &str = "gen: flat struct";
pub const DOCUMENT: &str = "gen: document";
pub const ORDER: &str = "gen: order event";
pub const LOG: &str = "gen: audit log";
pub const MESSAGE: &str = "gen: small message";
pub const COMMENTS: &str = "gen: escaped comments";
pub const IDS: &str = "gen: id records";

/// A flat record of about 400 bytes.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Flat {
    id: u64,
    account_id: u64,
    name: String,
    email: String,
    active: bool,
    verified: bool,
    score: f64,
    balance: f64,
    age: u8,
    login_count: u32,
    country: String,
    language: String,
    created_at: String,
    updated_at: String,
    plan: String,
    referrer: Option<String>,
}

/// A message of about 70 bytes (a request's body, a queue's event): where a call's fixed costs
/// show.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Message {
    id: u64,
    kind: String,
    ok: bool,
    score: f64,
    tags: Vec<String>,
}

/// A page of 400 messages (57 KB) keyed by 64-bit ids of 18 and 19 digits (as
/// snowflake ids and twitter's are), with a reply's id where there is one.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct IdRecords {
    records: Vec<IdRecord>,
    next: Option<u64>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct IdRecord {
    id: u64,
    author_id: u64,
    channel_id: u64,
    reply_to: Option<u64>,
    flags: u32,
    text: String,
}

/// A page of about 14 KB of readers' comments in eleven languages, as Python's `json.dumps`
/// writes it by default (`ensure_ascii`): each character outside ASCII a `\u` escape, so that
/// most strings hold short runs of them (an accented letter, a word of Greek) between ASCII
/// text, and some a surrogate pair (an emoji).
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Comments {
    article: String,
    comments: Vec<Comment>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Comment {
    id: u64,
    author: String,
    lang: String,
    text: String,
    likes: u32,
}

/// A document of about 13 KB: a page of search results.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Document {
    query: String,
    total: u64,
    page: u32,
    took_ms: f64,
    results: Vec<Hit>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Hit {
    id: u64,
    title: String,
    url: String,
    snippet: String,
    score: f64,
    tags: Vec<String>,
    published: Option<String>,
}

/// An order event of about 1.2 KB.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct OrderEvent {
    event_id: String,
    kind: OrderKind,
    order_id: u64,
    customer: Customer,
    lines: Vec<Line>,
    currency: String,
    subtotal: f64,
    tax: f64,
    total: f64,
    placed_at: String,
    notes: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "snake_case")]
pub enum OrderKind {
    Created,
    Paid,
    Shipped,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Customer {
    id: u64,
    name: String,
    email: String,
    address: Address,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Address {
    street: String,
    city: String,
    postcode: String,
    country: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Line {
    sku: String,
    name: String,
    quantity: u32,
    unit_price: f64,
    discount: Option<f64>,
}

/// A page of an audit log of about 10 KB: enums of every kind serde derives, their variants
/// in an order with no pattern.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct AuditLog {
    next_cursor: Option<String>,
    entries: Vec<Entry>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Entry {
    id: u64,
    at: String,
    level: Level,
    actor: Actor,
    action: Action,
    outcome: Outcome,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    User(u64),
    Service(String),
    System,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Login { method: Method },
    Read { path: String, bytes: u64 },
    Write { path: String, bytes: u64 },
    Delete { path: String },
    Grant { role: Role, to: u64 },
    Move(String, String),
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    Password,
    Sso,
    Token,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Viewer,
    Editor,
    Admin,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Ok,
    Denied,
    Failed,
}

/// A fixed linear congruential sequence from `seed`: each call picks a number below `n`.
fn picker(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |n| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % n
    }
}

fn audit_log() -> AuditLog {
    // Each entry's variants picked by a fixed sequence.
    let mut pick = picker(0x2545_F491_4F6C_DD1D);
    let entries = (0..64)
        .map(|i| {
            let path = format!("/projects/{}/reports/q{}.csv", pick(40), 1 + pick(4));
            let level = [Level::Debug, Level::Info, Level::Warn, Level::Error][pick(4) as usize];
            let actor = match pick(3) {
                0 => Actor::User(100_000 + pick(5000)),
                1 => Actor::Service(format!("svc-{}", ["billing", "search", "ingest"][pick(3) as usize])),
                _ => Actor::System,
            };
            let action = match pick(6) {
                0 => {
                    Action::Login { method: [Method::Password, Method::Sso, Method::Token][pick(3) as usize] }
                }
                1 => Action::Read { path, bytes: pick(1 << 20) },
                2 => Action::Write { path, bytes: pick(1 << 20) },
                3 => Action::Delete { path },
                4 => Action::Grant {
                    role: [Role::Viewer, Role::Editor, Role::Admin][pick(3) as usize],
                    to: pick(5000),
                },
                _ => Action::Move(path, format!("/archive/{}.csv", pick(1000))),
            };
            let outcome = [Outcome::Ok, Outcome::Ok, Outcome::Denied, Outcome::Failed][pick(4) as usize];
            Entry {
                id: 7_000_000 + i,
                at: format!("2026-11-29T10:{:02}:{:02}Z", i % 60, pick(60)),
                level,
                actor,
                action,
                outcome,
            }
        })
        .collect();
    AuditLog { next_cursor: Some("c2VjcmV0LWN1cnNvcg".into()), entries }
}

fn id_records() -> IdRecords {
    let mut pick = picker(0x9E37_79B9_7F4A_7C15);
    let records = (0..400)
        .map(|i| IdRecord {
            id: 1_186_275_104_000_000_000 + i * 4_096 + pick(4_096),
            author_id: 100_000_000_000_000_000 + pick(1 << 30) * 1_000_000_000,
            channel_id: 505_874_924_095_815_681 + pick(16),
            reply_to: (pick(3) == 0).then(|| 1_186_275_104_000_000_000 + pick(i * 4_096 + 1)),
            flags: pick(4) as u32,
            text: format!("message {i}"),
        })
        .collect();
    IdRecords { records, next: Some(1_186_275_104_001_638_400) }
}

fn message() -> Message {
    Message { id: 1_234_567, kind: "ping".into(), ok: true, score: 0.5, tags: vec!["a".into(), "b".into()] }
}

fn flat(i: u64) -> Flat {
    Flat {
        id: 1_000_000 + i,
        account_id: 9_876_543_210 + i * 7,
        name: format!("User Number {i}"),
        email: format!("user{i}@example.com"),
        active: i.is_multiple_of(2),
        verified: i.is_multiple_of(3),
        score: 97.25 + i as f64 / 8.0,
        balance: -1234.5 + i as f64,
        age: (20 + i % 50) as u8,
        login_count: 4821 + i as u32,
        country: "Netherlands".into(),
        language: "nl-NL".into(),
        created_at: "2024-03-01T12:34:56Z".into(),
        updated_at: "2026-11-29T08:00:00Z".into(),
        plan: "enterprise-annual".into(),
        referrer: (i % 2 == 1).then(|| "https://search.example.org/?q=json".into()),
    }
}

fn document() -> Document {
    let results = (0..34)
        .map(|i| Hit {
            id: 5_000_000_000 + i,
            title: format!("Result number {i}: a title of some length"),
            url: format!("https://www.example.com/articles/{i}/a-long-slug-for-the-article"),
            snippet: format!(
                "A snippet of text around the match, with \"quotes\" and a tab\there, for hit {i}."
            ),
            score: 12.5 - i as f64 * 0.25,
            tags: vec!["json".into(), "rust".into(), format!("tag{i}")],
            published: (i % 4 != 0).then(|| "2025-06-15".into()),
        })
        .collect();
    Document { query: "fast strict json parser".into(), total: 123_456, page: 1, took_ms: 3.75, results }
}

fn comments() -> Comments {
    const TEXTS: [(&str, &str, &str); 11] = [
        ("fr", "Hélène Dubois", "Très intéressant ! Je n'avais jamais pensé à ça, merci pour cet éclairage."),
        ("de", "Jürgen Weiß", "Schöne Grüße aus München – die Übersicht ist großartig, danke."),
        ("es", "Begoña Muñoz", "¿Alguien sabe si la versión española está disponible? ¡Gracias!"),
        ("pt", "João Conceição", "Ótima explicação, só não entendi a parte da configuração."),
        ("pl", "Łukasz Wróbel", "Świetny artykuł, ale przykład z żółwiem był trochę dziwny."),
        ("cs", "Tomáš Dvořák", "Děkuji za článek, příští týden to zkusím v práci."),
        ("el", "Νίκος Παπαδόπουλος", "Πολύ καλό άρθρο, ευχαριστώ! Θα το δοκιμάσω σύντομα."),
        ("ru", "Анна Иванова", "Спасибо, очень полезно. Жду продолжения!"),
        ("tr", "Şule Yılmaz", "Çok güzel bir yazı olmuş, elinize sağlık 👍"),
        ("vi", "Nguyễn Thị Hương", "Bài viết rất hay, cảm ơn tác giả 🎉"),
        ("en", "Zoë O'Brien", "Great write-up — the naïve approach is exactly what I'd tried first."),
    ];
    let comments = (0..64u64)
        .map(|i| {
            let (lang, author, text) = TEXTS[(i * 7 % 11) as usize];
            Comment {
                id: 90_000 + i * 13,
                author: author.into(),
                lang: lang.into(),
                text: format!("{text} (#{i})"),
                likes: (i * 37 % 101) as u32,
            }
        })
        .collect();
    Comments { article: "Café culture: a reader's guide to Zürich and Kraków".into(), comments }
}

/// JSON text with each character outside ASCII written as a `\u` escape (a surrogate pair past
/// the Basic Multilingual Plane), as Python's `json.dumps` and other ASCII-safe writers do.
fn ascii_escaped(json: &str) -> Vec<u8> {
    let mut out = String::with_capacity(json.len() * 2);
    for c in json.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out.into_bytes()
}

fn order() -> OrderEvent {
    let lines = (0..6)
        .map(|i| Line {
            sku: format!("SKU-{:06}", 4200 + i),
            name: format!("Product with a descriptive name #{i}"),
            quantity: 1 + i as u32 % 3,
            unit_price: 19.99 + i as f64 * 5.0,
            discount: (i % 2 == 0).then_some(0.1),
        })
        .collect();
    OrderEvent {
        event_id: "3f2b8c1e-9a4d-4b7e-8f61-2c5d9e0a1b3c".into(),
        kind: OrderKind::Paid,
        order_id: 77_001_234,
        customer: Customer {
            id: 554_433,
            name: "Ada Lovelace".into(),
            email: "ada@example.com".into(),
            address: Address {
                street: "12 Analytical Engine Street".into(),
                city: "London".into(),
                postcode: "NW1 2AB".into(),
                country: "GB".into(),
            },
        },
        lines,
        currency: "EUR".into(),
        subtotal: 219.79,
        tax: 46.16,
        total: 265.95,
        placed_at: "2026-11-29T10:15:00+01:00".into(),
        notes: Some("Leave at the door, please.".into()),
    }
}

/// The generated documents: (name, JSON bytes).
pub fn generated() -> Vec<(String, Vec<u8>)> {
    vec![
        (FLAT.to_string(), serde_json::to_vec(&flat(1)).unwrap()),
        (DOCUMENT.to_string(), serde_json::to_vec(&document()).unwrap()),
        (ORDER.to_string(), serde_json::to_vec(&order()).unwrap()),
        (LOG.to_string(), serde_json::to_vec(&audit_log()).unwrap()),
        (MESSAGE.to_string(), serde_json::to_vec(&message()).unwrap()),
        (COMMENTS.to_string(), ascii_escaped(&serde_json::to_string(&comments()).unwrap())),
        (IDS.to_string(), serde_json::to_vec(&id_records()).unwrap()),
    ]
}

/// A library's typed API.
pub trait Lib {
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String>;
}

pub struct Jet;
/// jet reading through `io::Read` (a buffer window that refills), for the ratio to the slice.
pub struct JetReader;
pub struct SerdeJson;
pub struct Sonic;
pub struct SimdJson;

impl Lib for Jet {
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        jet::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        jet::to_vec(value).map_err(|e| e.to_string())
    }
}

impl Lib for JetReader {
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        jet::from_reader(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        jet::to_writer(&mut out, value).map_err(|e| e.to_string())?;
        Ok(out)
    }
}

impl Lib for SerdeJson {
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        serde_json::to_vec(value).map_err(|e| e.to_string())
    }
}

impl Lib for Sonic {
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        sonic_rs::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        sonic_rs::to_vec(value).map_err(|e| e.to_string())
    }
}

impl Lib for SimdJson {
    /// simd-json parses in place: the copy of the input it needs is part of its cost.
    fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        let mut copy = bytes.to_vec();
        simd_json::serde::from_slice(&mut copy).map_err(|e| e.to_string())
    }
    fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
        simd_json::serde::to_vec(value).map_err(|e| e.to_string())
    }
}

/// Evaluates `$body` with `$T` the Rust type of the file named `$file` (an error for a file
/// without one).
macro_rules! with_type {
    ($file:expr, |$T:ident| $body:expr) => {{
        macro_rules! with {
            ($t:ty) => {{
                type $T = $t;
                $body
            }};
        }
        match $file {
            "canada.json" => with!(Canada),
            "citm_catalog.json" => with!(CitmCatalog),
            "golang_source.json" => with!(GolangSource),
            "twitter_status.json" => with!(Twitter),
            "string_escaped.json" | "string_unicode.json" => with!(StringTable),
            FLAT => with!(Flat),
            DOCUMENT => with!(Document),
            ORDER => with!(OrderEvent),
            LOG => with!(AuditLog),
            MESSAGE => with!(Message),
            COMMENTS => with!(Comments),
            IDS => with!(IdRecords),
            other => Err(format!("no Rust type for {other}")),
        }
    }};
}

/// Decodes `bytes` as the type of `file` with library `L`.
pub fn decode<L: Lib>(file: &str, bytes: &[u8]) -> Result<u64, String> {
    with_type!(file, |T| {
        black_box(L::decode::<T>(bytes)?);
        Ok(1)
    })
}

/// What library `L` decodes from `bytes`, as a `serde_json::Value` for checking.
pub fn decode_checked<L: Lib>(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    with_type!(file, |T| serde_json::to_value(L::decode::<T>(bytes)?).map_err(|e| e.to_string()))
}

/// Encodes the value of `file` (decoded once, beforehand, by serde_json) with library `L`.
/// The values are kept in a thread-local cache so that timing sees only the encoding.
pub fn encode<L: Lib>(file: &str, bytes: &[u8]) -> Result<u64, String> {
    ENCODE_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let entry = cache.entry(file.to_string()).or_insert_with(|| Values::decode(file, bytes));
        entry.encode::<L>().map(|out| {
            black_box(&out);
            out.len() as u64
        })
    })
}

/// What library `L` encodes, re-read by serde_json, for checking.
pub fn encode_checked<L: Lib>(file: &str, bytes: &[u8]) -> Result<serde_json::Value, String> {
    ENCODE_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let entry = cache.entry(file.to_string()).or_insert_with(|| Values::decode(file, bytes));
        let out = entry.encode::<L>()?;
        serde_json::from_slice(&out).map_err(|e| e.to_string())
    })
}

/// One decoded value of each type.
enum Values {
    Canada(Canada),
    Citm(CitmCatalog),
    Golang(GolangSource),
    Twitter(Twitter),
    Flat(Flat),
    Document(Document),
    Order(OrderEvent),
    Log(AuditLog),
    Message(Message),
    Strings(StringTable),
    Comments(Comments),
    Ids(IdRecords),
    Missing(String),
}

impl Values {
    fn decode(file: &str, bytes: &[u8]) -> Values {
        fn d<T: DeserializeOwned>(bytes: &[u8]) -> T {
            serde_json::from_slice(bytes).expect("serde_json decodes the corpus")
        }
        match file {
            "canada.json" => Values::Canada(d(bytes)),
            "citm_catalog.json" => Values::Citm(d(bytes)),
            "golang_source.json" => Values::Golang(d(bytes)),
            "twitter_status.json" => Values::Twitter(d(bytes)),
            FLAT => Values::Flat(d(bytes)),
            DOCUMENT => Values::Document(d(bytes)),
            ORDER => Values::Order(d(bytes)),
            LOG => Values::Log(d(bytes)),
            MESSAGE => Values::Message(d(bytes)),
            "string_escaped.json" | "string_unicode.json" => Values::Strings(d(bytes)),
            COMMENTS => Values::Comments(d(bytes)),
            IDS => Values::Ids(d(bytes)),
            other => Values::Missing(other.to_string()),
        }
    }

    fn encode<L: Lib>(&self) -> Result<Vec<u8>, String> {
        match self {
            Values::Canada(v) => L::encode(v),
            Values::Citm(v) => L::encode(v),
            Values::Golang(v) => L::encode(v),
            Values::Twitter(v) => L::encode(v),
            Values::Flat(v) => L::encode(v),
            Values::Document(v) => L::encode(v),
            Values::Order(v) => L::encode(v),
            Values::Log(v) => L::encode(v),
            Values::Message(v) => L::encode(v),
            Values::Strings(v) => L::encode(v),
            Values::Comments(v) => L::encode(v),
            Values::Ids(v) => L::encode(v),
            Values::Missing(name) => Err(format!("no Rust type for {name}")),
        }
    }
}

thread_local! {
    static ENCODE_CACHE: std::cell::RefCell<std::collections::HashMap<String, Values>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Equal as JSON values, floats within a relative 1e-15 (peers' float parsers differ in the
/// last bit).
pub fn close(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            _ if x == y => true,
            (Some(x), Some(y)) => (x - y).abs() <= 1e-15 * x.abs().max(y.abs()),
            _ => false,
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| close(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w)))
        }
        _ => a == b,
    }
}
