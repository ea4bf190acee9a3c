//! The page's one JSON reader and writer: saves, the remembered opponent, the engine worker's
//! messages and online play's frames are all read and written here.
//!
//! Small on purpose. A number is kept as its text and read as an integer when asked
//! ([`Value::as_u64`], [`Value::as_i64`]): nothing the page reads is a fraction, so no float is
//! parsed or formatted, and a number out of range is `None` where it is used. The reader is
//! strict (RFC 8259: no trailing commas, comments, lone surrogates, raw control characters in
//! strings, duplicate keys or text after the value), never panics, and refuses nesting deeper
//! than [`MAX_DEPTH`]. The writer escapes as serde_json does, so what it writes is byte for byte
//! what the engine worker and the server (which use serde_json) write and read.

use std::ops::Index;

/// The deepest nesting of arrays and objects read (serde_json's limit too).
pub const MAX_DEPTH: usize = 128;

/// A JSON value. An object keeps its members in order, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number's text, exactly as the grammar allows it.
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// Text that is not one JSON value, and the byte where reading stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    pub at: usize,
}

static NULL: Value = Value::Null;

impl Value {
    /// An object of these members, in this order.
    pub fn object<const N: usize>(members: [(&str, Value); N]) -> Value {
        Value::Object(members.into_iter().map(|(name, value)| (name.to_owned(), value)).collect())
    }

    /// An object with one member, as serde writes an enum's variant with data: `{"Drop":3}`.
    pub fn tagged(name: &str, value: Value) -> Value {
        Value::object([(name, value)])
    }

    /// An array of strings.
    pub fn strings<S: AsRef<str>>(items: &[S]) -> Value {
        Value::Array(items.iter().map(|item| Value::from(item.as_ref())).collect())
    }

    /// The member `name` of an object; `None` for anything else.
    pub fn get(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(key, _)| key == name).map(|(_, value)| value),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(members) => Some(members),
            _ => None,
        }
    }

    /// A whole number from 0 to `u64::MAX` (no fraction, no exponent); `None` otherwise.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(text) if !text.starts_with('-') => integer(text),
            _ => None,
        }
    }

    /// A whole number in `i64`'s range (no fraction, no exponent); `None` otherwise.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(text) => match text.strip_prefix('-') {
                Some(digits) => {
                    let magnitude = integer(digits)?;
                    0i64.checked_sub_unsigned(magnitude)
                }
                None => integer(text).and_then(|n| i64::try_from(n).ok()),
            },
            _ => None,
        }
    }

    /// The value as JSON text, without spaces.
    pub fn write(&self) -> String {
        let mut out = String::new();
        self.write_to(&mut out);
        out
    }

    fn write_to(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(true) => out.push_str("true"),
            Value::Bool(false) => out.push_str("false"),
            Value::Number(text) => out.push_str(text),
            Value::String(text) => write_string(text, out),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_to(out);
                }
                out.push(']');
            }
            Value::Object(members) => {
                out.push('{');
                for (i, (name, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(name, out);
                    out.push(':');
                    value.write_to(out);
                }
                out.push('}');
            }
        }
    }
}

/// Digits alone, read as `u64`; `None` for a fraction, an exponent or a number too large.
fn integer(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.bytes().try_fold(0u64, |n, digit| n.checked_mul(10)?.checked_add(u64::from(digit - b'0')))
}

/// A member of an object, or `null` when there is none (or this is no object), as serde_json's
/// `value["name"]` reads.
impl Index<&str> for Value {
    type Output = Value;

    fn index(&self, name: &str) -> &Value {
        self.get(name).unwrap_or(&NULL)
    }
}

/// An item of an array, or `null`.
impl Index<usize> for Value {
    type Output = Value;

    fn index(&self, i: usize) -> &Value {
        self.as_array().and_then(|items| items.get(i)).unwrap_or(&NULL)
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::String(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::String(text)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::Number(n.to_string())
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Value {
        Value::from(u64::from(n))
    }
}

impl From<u8> for Value {
    fn from(n: u8) -> Value {
        Value::from(u64::from(n))
    }
}

impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::Number(n.to_string())
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Number(n.to_string())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Null, Into::into)
    }
}

/// A type's JSON form, written as serde's derived writer writes it (the engine worker and the
/// server read it with serde's derived reader).
pub trait ToJson {
    fn to_json(&self) -> Value;
}

/// A type read from its JSON form as serde's derived reader reads it; `None` for anything that
/// reader refuses.
pub trait FromJson: Sized {
    fn from_json(value: &Value) -> Option<Self>;
}

/// A field of a struct as serde's derived reader reads it under `#[serde(default)]`: absent,
/// the default; present, it must read.
pub fn field<T>(object: &Value, name: &str, default: T, read: impl FnOnce(&Value) -> Option<T>) -> Option<T> {
    match object.get(name) {
        None => Some(default),
        Some(value) => read(value),
    }
}

/// The one of `all` whose name, as `name` gives it, is the string `value`: a unit variant of an
/// enum as serde reads it.
pub fn one_of<T: Copy>(all: &[T], name: impl Fn(T) -> &'static str, value: &Value) -> Option<T> {
    let text = value.as_str()?;
    all.iter().copied().find(|one| name(*one) == text)
}

impl ToJson for () {
    fn to_json(&self) -> Value {
        Value::Null
    }
}

impl FromJson for () {
    fn from_json(value: &Value) -> Option<()> {
        value.is_null().then_some(())
    }
}

impl ToJson for u8 {
    fn to_json(&self) -> Value {
        Value::from(*self)
    }
}

/// A string with `"`, `\` and control characters escaped as serde_json escapes them.
fn write_string(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut start = 0;
    for (i, byte) in text.bytes().enumerate() {
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(&text[start..i]);
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&text[start..]);
    out.push('"');
}

/// Reads one JSON value, alone but for whitespace.
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
    let value = reader.value(0)?;
    reader.space();
    if reader.at == reader.bytes.len() { Ok(value) } else { Err(reader.error()) }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self) -> Error {
        Error { at: self.at }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// Takes `byte` (after whitespace), or fails.
    fn expect(&mut self, byte: u8) -> Result<(), Error> {
        self.space();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error())
        }
    }

    fn word(&mut self, word: &[u8], value: Value) -> Result<Value, Error> {
        if self.bytes[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error())
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        self.space();
        match self.peek() {
            Some(b'n') => self.word(b"null", Value::Null),
            Some(b't') => self.word(b"true", Value::Bool(true)),
            Some(b'f') => self.word(b"false", Value::Bool(false)),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'[') if depth < MAX_DEPTH => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(self.error()),
                    }
                }
            }
            Some(b'{') if depth < MAX_DEPTH => {
                self.at += 1;
                let mut members: Vec<(String, Value)> = Vec::new();
                self.space();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Value::Object(members));
                }
                loop {
                    self.space();
                    let start = self.at;
                    if self.peek() != Some(b'"') {
                        return Err(self.error());
                    }
                    let name = self.string()?;
                    if members.iter().any(|(key, _)| *key == name) {
                        return Err(Error { at: start });
                    }
                    self.expect(b':')?;
                    let value = self.value(depth + 1)?;
                    members.push((name, value));
                    self.space();
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Value::Object(members));
                        }
                        _ => return Err(self.error()),
                    }
                }
            }
            _ => Err(self.error()),
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, kept as text.
    fn number(&mut self) -> Result<Value, Error> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.error()),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            self.some_digits()?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.some_digits()?;
        }
        // ASCII alone was taken, so this is a whole `str`.
        let text = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| Error { at: start })?;
        Ok(Value::Number(text.to_owned()))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
    }

    fn some_digits(&mut self) -> Result<(), Error> {
        let start = self.at;
        self.digits();
        if self.at == start { Err(self.error()) } else { Ok(()) }
    }

    /// A string, its opening quote next.
    fn string(&mut self) -> Result<String, Error> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let start = self.at;
            while let Some(byte) = self.peek() {
                if byte == b'"' || byte == b'\\' || byte < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.extend_from_slice(&self.bytes[start..self.at]);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    // Whole UTF-8 sequences of the input and whole characters escaped.
                    return String::from_utf8(out).map_err(|_| self.error());
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escaped = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode()?,
                        _ => return Err(self.error()),
                    };
                    // Past the escape's last byte (where `unicode` leaves the reader too).
                    self.at += 1;
                    let mut buffer = [0; 4];
                    out.extend_from_slice(escaped.encode_utf8(&mut buffer).as_bytes());
                }
                // The end of the text, or a raw control character.
                _ => return Err(self.error()),
            }
        }
    }

    /// The character of a `\u` escape, `u` next; a surrogate must be a high one followed by
    /// a low one's escape. Leaves the reader on the escape's last byte.
    fn unicode(&mut self) -> Result<char, Error> {
        let high = self.hex4()?;
        let code = match high {
            0xd800..=0xdbff => {
                if self.bytes.get(self.at + 1..self.at + 3) != Some(b"\\u") {
                    return Err(self.error());
                }
                self.at += 2;
                let low = self.hex4()?;
                if !(0xdc00..=0xdfff).contains(&low) {
                    return Err(self.error());
                }
                0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
            }
            0xdc00..=0xdfff => return Err(self.error()),
            code => code,
        };
        char::from_u32(code).ok_or(self.error())
    }

    /// The four hex digits after the `u` at the reader, which is left on the last of them.
    fn hex4(&mut self) -> Result<u32, Error> {
        let mut code = 0;
        for _ in 0..4 {
            self.at += 1;
            let digit = match self.peek() {
                Some(b @ b'0'..=b'9') => b - b'0',
                Some(b @ b'a'..=b'f') => b - b'a' + 10,
                Some(b @ b'A'..=b'F') => b - b'A' + 10,
                _ => return Err(self.error()),
            };
            code = code * 16 + u32::from(digit);
        }
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        parse(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}")).write()
    }

    #[test]
    fn values_read_and_write_back() {
        for text in [
            "null",
            "true",
            "false",
            "0",
            "-0",
            "12",
            "-7",
            "1.5",
            "-0.25e-3",
            "1E+9",
            "\"\"",
            "\"a\"",
            "[]",
            "{}",
            "[1,[2,[3]],{\"a\":null}]",
            r#"{"format":2,"game":"connect-four","revision":7,"record":"x\n","redo":["5"]}"#,
        ] {
            assert_eq!(round(text), text);
        }
        assert_eq!(round(" \t\n\r{ \"a\" : [ 1 , 2 ] } \n"), r#"{"a":[1,2]}"#);
    }

    #[test]
    fn malformed_text_is_an_error() {
        for text in [
            "",
            " ",
            "nul",
            "nulll",
            "True",
            "{",
            "}",
            "[",
            "[1,]",
            "[,1]",
            "[1 2]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{a:1}",
            "{\"a\":1 \"b\":2}",
            "{1:2}",
            "\"abc",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\u12g4\"",
            "\"a\nb\"",
            "\"\u{0}\"",
            "01",
            "-",
            "+1",
            "1.",
            ".5",
            "1e",
            "1e+",
            "0x10",
            "NaN",
            "Infinity",
            "1 2",
            "{} x",
            "[1]]",
            "// no\n1",
            "'a'",
            "{\"a\":1,\"a\":2}",
            "\u{feff}1",
        ] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }

    #[test]
    fn nesting_is_limited_and_never_overflows() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse(&deep(MAX_DEPTH)).is_ok());
        assert!(parse(&deep(MAX_DEPTH + 1)).is_err());
        assert!(parse(&"[".repeat(1_000_000)).is_err());
        assert!(parse(&"{\"a\":".repeat(100_000)).is_err());
        let objects = format!("{}1{}", "{\"a\":".repeat(MAX_DEPTH), "}".repeat(MAX_DEPTH));
        assert_eq!(round(&objects), objects);
    }

    #[test]
    fn escapes_and_unicode() {
        let read = |text: &str| parse(text).ok().and_then(|v| v.as_str().map(str::to_owned));
        assert_eq!(read(r#""\"\\\/\b\f\n\r\t""#).as_deref(), Some("\"\\/\u{8}\u{c}\n\r\t"));
        assert_eq!(read(r#""\u0041\u00e9\u4E2D""#).as_deref(), Some("Aé中"));
        assert_eq!(read(r#""\ud83d\ude00""#).as_deref(), Some("😀"));
        assert_eq!(read("\"中文 😀\"").as_deref(), Some("中文 😀"));
        assert_eq!(read(r#""\u0000""#).as_deref(), Some("\u{0}"));
        // Lone or misordered surrogates are no characters.
        for text in [r#""\ud83d""#, r#""\ud83dx""#, r#""\ude00""#, r#""\ud83d\u0041""#, r#""\ude00\ud83d""#] {
            assert!(parse(text).is_err(), "{text}");
        }
        // Written as serde_json writes it: every control character escaped, the rest raw.
        let all: String = (0u32..0x80).chain([0xe9, 0x4e2d, 0x1f600]).filter_map(char::from_u32).collect();
        let written = Value::from(all.as_str()).write();
        assert_eq!(written, serde_json::to_string(&all).unwrap());
        assert_eq!(parse(&written).unwrap().as_str(), Some(all.as_str()));
        let object = Value::object([("a\"b\n", Value::from("\u{1f}"))]);
        assert_eq!(object.write(), r#"{"a\"b\n":"\u001f"}"#);
        assert_eq!(parse(&object.write()), Ok(object));
    }

    #[test]
    fn numbers_out_of_range_are_none() {
        let number = |text: &str| parse(text).unwrap();
        assert_eq!(number("18446744073709551615").as_u64(), Some(u64::MAX));
        assert_eq!(number("18446744073709551616").as_u64(), None);
        assert_eq!(number("99999999999999999999999999").as_u64(), None);
        assert_eq!(number("-1").as_u64(), None);
        assert_eq!(number("-0").as_u64(), None);
        assert_eq!(number("-0").as_i64(), Some(0));
        assert_eq!(number("1.0").as_u64(), None);
        assert_eq!(number("1e3").as_u64(), None);
        assert_eq!(number("9223372036854775807").as_i64(), Some(i64::MAX));
        assert_eq!(number("9223372036854775808").as_i64(), None);
        assert_eq!(number("-9223372036854775808").as_i64(), Some(i64::MIN));
        assert_eq!(number("-9223372036854775809").as_i64(), None);
        assert_eq!(number("\"1\"").as_u64(), None);
        assert_eq!(Value::from(u64::MAX).write(), "18446744073709551615");
        assert_eq!(Value::from(i64::MIN).write(), "-9223372036854775808");
    }

    #[test]
    fn fields_missing_or_of_another_kind_read_as_null_or_none() {
        let value = parse(r#"{"a":[1,true,"x"],"b":{"c":null}}"#).unwrap();
        assert_eq!(value["a"][0].as_u64(), Some(1));
        assert_eq!(value["a"][1].as_bool(), Some(true));
        assert_eq!(value["a"][2].as_str(), Some("x"));
        assert!(value["a"][3].is_null());
        assert!(value["b"]["c"].is_null());
        assert!(value["nothing"]["deeper"][0].is_null());
        assert_eq!(value["a"].as_str(), None);
        assert_eq!(value.as_object().map(<[_]>::len), Some(2));
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        // A small deterministic fuzz: every prefix of valid documents, and mutations of them.
        let seeds = [
            r#"{"v":1,"type":"state","room":"r","online":[true,false],"n":-12.5e3,"s":"\u00e9\ud83d\ude00\n"}"#,
            r#"[{"Drop":3},"EndChain",{"Go":{"from":1,"to":2}},null]"#,
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for seed in seeds {
            for end in 0..=seed.len() {
                if let Some(prefix) = seed.get(..end) {
                    let _ = parse(prefix);
                }
            }
            let alphabet = b"{}[]\",:\\u0123456789abcdefeE+-.ntrl \n";
            for _ in 0..20_000 {
                let mut bytes = seed.as_bytes().to_vec();
                for _ in 0..3 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let at = (state % bytes.len() as u64) as usize;
                    bytes[at] = alphabet[(state >> 32) as usize % alphabet.len()];
                }
                if let Ok(text) = std::str::from_utf8(&bytes)
                    && let Ok(value) = parse(text)
                {
                    // Whatever reads, writes back to text that reads the same.
                    assert_eq!(parse(&value.write()), Ok(value));
                }
            }
        }
    }
}
