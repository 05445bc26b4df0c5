//! [`Options`]: the one set of behaviour switches for every layer of jet.
//!
//! Strict by default. Every relaxation is a runtime switch here, never a Cargo feature: Cargo
//! merges features across a dependency graph, so a feature that changed behaviour would let one
//! crate change another's.

use std::borrow::Cow;

/// The default limit on nesting depth (arrays and objects open at once).
pub const DEFAULT_MAX_DEPTH: usize = 10_000;

/// The default limit on nesting for typed decoding and encoding (serde recurses once per level).
pub const DEFAULT_MAX_RECURSION: usize = 128;

/// Behaviour switches for reading and writing JSON.
///
/// [`Options::default`] (the same as [`Options::strict`]) rejects duplicate object names and
/// invalid UTF-8, limits nesting to [`DEFAULT_MAX_DEPTH`], and writes compact output.
///
/// ```
/// use jet::Options;
/// use jet::text::Reader;
///
/// let input = br#"{"a": 1, "a": 2}"#;
/// assert!(jet::text::validate(input).is_err());
///
/// let relaxed = Options::default().allow_duplicate_names(true);
/// let mut reader = Reader::from_slice(input).with_options(&relaxed);
/// reader.skip_value().unwrap();
/// reader.finish().unwrap();
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub(crate) allow_duplicate_names: bool,
    pub(crate) allow_invalid_utf8: bool,
    pub(crate) max_depth: usize,
    pub(crate) max_recursion: usize,
    pub(crate) max_string_len: usize,
    pub(crate) max_number_len: usize,
    pub(crate) max_input_bytes: u64,
    pub(crate) escape_html: bool,
    pub(crate) indent: Option<Cow<'static, str>>,
    pub(crate) prefix: Cow<'static, str>,
    pub(crate) space_after_colon: bool,
    pub(crate) reject_unknown_fields: bool,
    pub(crate) match_case_insensitive_names: bool,
    pub(crate) bytes_as_array: bool,
    pub(crate) nonfinite_as_null: bool,
    pub(crate) big_integers_as_f64: bool,
    pub(crate) lossless_numbers: bool,
    pub(crate) trusted: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options::strict()
    }
}

impl Options {
    /// The strict defaults: duplicate names and invalid UTF-8 rejected, depth limited to
    /// [`DEFAULT_MAX_DEPTH`] ([`DEFAULT_MAX_RECURSION`] for typed decoding and encoding),
    /// compact output, no HTML escaping; bytes as base64, NaN and infinities an error.
    pub const fn strict() -> Options {
        Options {
            allow_duplicate_names: false,
            allow_invalid_utf8: false,
            max_depth: DEFAULT_MAX_DEPTH,
            max_recursion: DEFAULT_MAX_RECURSION,
            max_string_len: usize::MAX,
            max_number_len: usize::MAX,
            max_input_bytes: u64::MAX,
            escape_html: false,
            indent: None,
            prefix: Cow::Borrowed(""),
            space_after_colon: false,
            reject_unknown_fields: false,
            match_case_insensitive_names: false,
            bytes_as_array: false,
            nonfinite_as_null: false,
            big_integers_as_f64: false,
            lossless_numbers: false,
            trusted: false,
        }
    }

    /// What serde_json does: duplicate object names allowed (the last one wins where a value
    /// is built), nesting limited to 127 levels (serde_json's recursion limit), bytes as arrays
    /// of numbers, NaN and infinities written as `null`, integers beyond 64 bits read as `f64`
    /// where the target takes any value. Invalid UTF-8 and lone surrogate escapes stay errors
    /// wherever they are, as they are in serde_json but for one place: a value that serde_json
    /// ignores (an unknown field, `IgnoredAny`), whose strings it does not check.
    pub const fn serde_json_compat() -> Options {
        let mut opts = Options::strict();
        opts.allow_duplicate_names = true;
        opts.max_depth = 127;
        opts.max_recursion = 127;
        opts.bytes_as_array = true;
        opts.nonfinite_as_null = true;
        opts.big_integers_as_f64 = true;
        opts
    }

    /// Accept objects with two members of the same name. Names are compared after unescaping,
    /// so `"a"` and `"\u0061"` are the same name.
    pub fn allow_duplicate_names(mut self, allow: bool) -> Options {
        self.allow_duplicate_names = allow;
        self
    }

    /// Accept invalid UTF-8 in strings and `\u` escapes that form lone surrogates; decoded
    /// strings get U+FFFD REPLACEMENT CHARACTER in their place. Raw values keep the bytes.
    pub fn allow_invalid_utf8(mut self, allow: bool) -> Options {
        self.allow_invalid_utf8 = allow;
        self
    }

    /// Limit the nesting depth: more arrays and objects than this open at once is an error.
    /// The limit is enforced without recursion, so any value is safe for the syntax layer.
    pub fn max_depth(mut self, depth: usize) -> Options {
        self.max_depth = depth;
        self
    }

    /// Limit the nesting depth for typed decoding and encoding (serde `Deserialize` and
    /// `Serialize` implementations), which recurse once per level: the depth limit there is
    /// the smaller of this and [`max_depth`](Options::max_depth). The default,
    /// [`DEFAULT_MAX_RECURSION`], is safe on a thread with a 512 KiB stack; raise it only with
    /// a stack to match.
    pub fn max_recursion(mut self, depth: usize) -> Options {
        self.max_recursion = depth;
        self
    }

    /// Limit the length of a string (an object name or a string value) read, in bytes of its
    /// text between the quotes as it stands in the input (escapes count as written). A longer
    /// string is an error, raised at the string's first byte once this many bytes have been
    /// scanned: a reader never buffers more of it. No limit by default.
    ///
    /// ```
    /// use jet::Options;
    ///
    /// let opts = Options::default().max_string_len(8);
    /// let err = opts.from_str::<Vec<String>>(r#"["short", "rather long"]"#).unwrap_err();
    /// assert!(err.is_limit());
    /// assert_eq!(err.to_string(), "string longer than the limit of 8 bytes at /1 (line 1, column 11, byte 10)");
    /// ```
    pub fn max_string_len(mut self, bytes: usize) -> Options {
        self.max_string_len = bytes;
        self
    }

    /// Limit the length of a number read, in bytes of its text (`-12.5e3` is 7). A longer number
    /// is an error at its first byte, whatever its value; a reader never buffers more of it. No
    /// limit by default (numbers of any length are read in linear time).
    pub fn max_number_len(mut self, bytes: usize) -> Options {
        self.max_number_len = bytes;
        self
    }

    /// Limit the input, in bytes: a reader reads no more than this from an `io::Read`, and
    /// needing more is an error at that offset; input in memory (a slice or `str`) that is
    /// longer is refused before reading, with the same error. Input of exactly this many bytes
    /// is read whole. No limit by default.
    ///
    /// ```
    /// use jet::Options;
    ///
    /// let opts = Options::default().max_input_bytes(6);
    /// assert_eq!(opts.from_reader::<_, Vec<u8>>(&b"[1, 2]"[..])?, [1, 2]);
    /// let err = opts.from_reader::<_, Vec<u8>>(&b"[1, 2, 3]"[..]).unwrap_err();
    /// assert!(err.is_limit());
    /// assert_eq!(err.to_string(), "input longer than the limit of 6 bytes at /1 (line 1, column 7, byte 6)");
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn max_input_bytes(mut self, bytes: u64) -> Options {
        self.max_input_bytes = bytes;
        self
    }

    /// When writing, escape `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`, so the output
    /// can sit inside an HTML `<script>` element.
    pub fn escape_html(mut self, escape: bool) -> Options {
        self.escape_html = escape;
        self
    }

    /// Write one member or element per line, indented by `indent` per level (spaces and tabs
    /// only), with a space after each colon.
    ///
    /// # Panics
    /// When `indent` holds anything but spaces and tabs.
    pub fn indent(mut self, indent: &str) -> Options {
        assert!(is_blank(indent), "indent must be spaces and tabs, got {indent:?}");
        self.indent = Some(Cow::Owned(indent.to_owned()));
        self
    }

    /// Start every line but the first of indented output with `prefix` (spaces and tabs only).
    ///
    /// # Panics
    /// When `prefix` holds anything but spaces and tabs.
    pub fn prefix(mut self, prefix: &str) -> Options {
        assert!(is_blank(prefix), "prefix must be spaces and tabs, got {prefix:?}");
        self.prefix = Cow::Owned(prefix.to_owned());
        self
    }

    /// Write everything on one line (the default).
    pub fn compact(mut self) -> Options {
        self.indent = None;
        self
    }

    /// Indented output as serde_json's pretty printer writes it: two spaces per level.
    pub fn pretty(self) -> Options {
        self.indent("  ")
    }

    /// In compact output, write a space after each colon (indented output always has one).
    pub fn space_after_colon(mut self, space: bool) -> Options {
        self.space_after_colon = space;
        self
    }

    /// Typed decoding: reject an object member that names no field of the struct being read,
    /// for every struct (as `#[serde(deny_unknown_fields)]` does for one). Off by default, as
    /// in serde. Structs with `#[serde(flatten)]` fields are read as maps and not checked.
    pub fn reject_unknown_fields(mut self, reject: bool) -> Options {
        self.reject_unknown_fields = reject;
        self
    }

    /// Typed decoding: an object member whose name equals a struct field's name ignoring case
    /// sets that field (Go's `MatchCaseInsensitiveNames`). An exact match is preferred; two
    /// members that set the same field are duplicates.
    pub fn match_case_insensitive_names(mut self, on: bool) -> Options {
        self.match_case_insensitive_names = on;
        self
    }

    /// Typed layer: bytes (`serialize_bytes`, e.g. `serde_bytes`) as an array of numbers, as
    /// serde_json writes them, instead of a base64 string. Reading then also takes a string's
    /// UTF-8 bytes, as serde_json does.
    pub fn bytes_as_array(mut self, on: bool) -> Options {
        self.bytes_as_array = on;
        self
    }

    /// Typed encoding: write NaN and infinities as `null` (as serde_json does) instead of
    /// failing.
    pub fn nonfinite_as_null(mut self, on: bool) -> Options {
        self.nonfinite_as_null = on;
        self
    }

    /// Typed decoding into a target that takes any value (`deserialize_any`: untagged enums,
    /// generic values): an integer beyond 64 bits becomes the nearest `f64`, as in serde_json.
    /// By default it is offered as `i128`/`u128` and is an error beyond those, never a silent
    /// float.
    pub fn big_integers_as_f64(mut self, on: bool) -> Options {
        self.big_integers_as_f64 = on;
        self
    }

    /// [`Value`](crate::Value): keep every number's text, so that big integers and long
    /// decimals come back out digit for digit (sonic's `UseNumber`, serde_json's
    /// `arbitrary_precision`). Off by default: numbers are `u64`/`i64` when they are integers
    /// that fit, else `f64` (and integers beyond 64 bits keep their text either way).
    ///
    /// ```
    /// use jet::{Options, Value};
    ///
    /// let text = r#"[0.10000000000000000001, 1e2, 123456789012345678901234567890]"#;
    /// let v: Value = Options::default().lossless_numbers(true).from_str(text)?;
    /// assert_eq!(v.to_string(), text.replace(", ", ","));
    /// let v: Value = jet::from_str(text)?;
    /// assert_eq!(v.to_string(), "[0.1,100.0,123456789012345678901234567890]");
    /// # Ok::<(), jet::Error>(())
    /// ```
    pub fn lossless_numbers(mut self, on: bool) -> Options {
        self.lossless_numbers = on;
        self
    }

    /// Whether a space follows each colon in written text: asked for, or indented.
    pub(crate) fn colon_space(&self) -> bool {
        self.space_after_colon || self.indent.is_some()
    }

    /// Whether duplicate object names are accepted.
    pub fn allows_duplicate_names(&self) -> bool {
        self.allow_duplicate_names
    }

    /// Whether invalid UTF-8 and lone surrogates are accepted (and replaced).
    pub fn allows_invalid_utf8(&self) -> bool {
        self.allow_invalid_utf8
    }

    /// The nesting depth limit.
    pub fn depth_limit(&self) -> usize {
        self.max_depth
    }

    /// The nesting depth limit of typed decoding and encoding.
    #[inline]
    pub fn recursion_limit(&self) -> usize {
        self.max_depth.min(self.max_recursion)
    }
}

fn is_blank(s: &str) -> bool {
    s.bytes().all(|b| b == b' ' || b == b'\t')
}
