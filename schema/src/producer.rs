//! The test producer: ESTree JSON (acorn's output) → the Rust AST in an arena → a buffer.
//!
//! The per-type conversions are generated from the schema (`generated/rust/from_estree.rs`, included
//! below), so every schema gets a producer. This module holds what they build on: the `FromEstree`
//! trait with its impls for the built-in types, and `Context`, which knows the source text (to point
//! strings into it) and the current node.

use std::cell::Cell;
use std::fmt;

use serde_json::{Map, Value};

use rawast_runtime::{
    Allocator, ArenaFull, Box, BufferTooLarge, IsArenaFull, RawBuffer, Source, SourcePlacement, Span, Str, Vec,
};

use crate::constants::BUFFER_FORMAT;

/// Why ESTree JSON could not be turned into a buffer.
#[derive(Debug, Clone, PartialEq)]
pub enum ProduceError {
    /// The arena is full; `produce` retries with a larger one.
    ArenaFull,
    /// The input is not ESTree as the schema describes it.
    Invalid {
        path: String,
        message: String,
    },
    TooLarge,
}

impl From<ArenaFull> for ProduceError {
    fn from(_: ArenaFull) -> Self {
        ProduceError::ArenaFull
    }
}

impl fmt::Display for ProduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProduceError::ArenaFull => f.write_str("arena full"),
            ProduceError::Invalid { path, message } => {
                write!(f, "not ESTree as the schema describes it, at {path}: {message}")
            }
            ProduceError::TooLarge => fmt::Display::fmt(&BufferTooLarge, f),
        }
    }
}

impl std::error::Error for ProduceError {}

type Result<T> = std::result::Result<T, ProduceError>;

/// Converts one ESTree value into a schema type, allocating in the arena.
pub trait FromEstree<'a>: Sized {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self>;
}

/// What conversions share: the arena, the source in the buffer and where in it the current node is.
pub struct Context<'a, 's> {
    pub allocator: &'s Allocator<'a>,
    source: Source<'a>,
    /// Byte offset of each UTF-16 offset of the source (ESTree positions are UTF-16).
    utf16_to_byte: &'s [u32],
    /// Byte range of the node being converted: its strings are looked for there in the source.
    node_bytes: Cell<(usize, usize)>,
    /// Property path, for error messages.
    path: std::cell::RefCell<std::vec::Vec<String>>,
}

impl<'a> Context<'a, '_> {
    pub fn invalid(&self, message: impl Into<String>) -> ProduceError {
        let path = self.path.borrow();
        ProduceError::Invalid {
            path: if path.is_empty() { "the root".to_owned() } else { path.join(".") },
            message: message.into(),
        }
    }

    /// The object of a node (or plain object), checking `type` when `node_type` is given.
    pub fn object<'v>(&self, value: &'v Value, node_type: Option<&str>) -> Result<&'v Map<String, Value>> {
        let object =
            value.as_object().ok_or_else(|| self.invalid(format!("expected an object, found {}", kind(value))))?;
        if let Some(expected) = node_type {
            let found = object.get("type").and_then(Value::as_str);
            if found != Some(expected) {
                return Err(self.invalid(format!("expected a {expected} node, found type {found:?}")));
            }
        }
        Ok(object)
    }

    /// The ESTree `type` of a node.
    pub fn node_type<'v>(&self, value: &'v Value) -> Result<&'v str> {
        value
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| self.invalid(format!("expected a node with a string `type`, found {}", kind(value))))
    }

    /// Converts `object[key]` (a missing key reads as `null`), naming it in errors.
    pub fn field<T: FromEstree<'a>>(&self, object: &Map<String, Value>, key: &str) -> Result<T> {
        self.path.borrow_mut().push(key.to_owned());
        let result = T::from_estree(object.get(key).unwrap_or(&Value::Null), self);
        if result.is_ok() {
            self.path.borrow_mut().pop();
        }
        result
    }

    /// `field`, for a value the deserializer computes with `converter` (`#[estree(convert)]`): it
    /// is refused here unless the deserializer can compute it, so that a buffer this producer
    /// writes never fails there (`BigInt()` of what are not digits, a `RegExp` of unknown flags).
    pub fn converted_field<T: FromEstree<'a>>(
        &self,
        object: &Map<String, Value>,
        key: &str,
        converter: &str,
    ) -> Result<T> {
        let value = object.get(key).unwrap_or(&Value::Null);
        let problem = match converter {
            "bigint_value" => value
                .as_str()
                .filter(|digits| !is_bigint_digits(digits))
                .map(|digits| format!("{digits:?} is not a bigint literal's digits")),
            "regex_value" => value.get("flags").and_then(Value::as_str).and_then(regex_flags_problem),
            other => Some(format!("the producer has no check for the converter {other:?}")),
        };
        if let Some(problem) = problem {
            self.path.borrow_mut().push(key.to_owned());
            return Err(self.invalid(problem));
        }
        self.field(object, key)
    }

    /// `value` converted to the payload of a data enum's variant, made with `variant`. Each arm of a
    /// generated dispatch on the node's `type` is this one call: unoptimized, a function's frame has
    /// room for the temporaries of all its arms, and a dispatch over every node type, on the path of
    /// each level of nesting, would limit the depth the encoder's stack holds.
    pub fn variant<T: FromEstree<'a>, E>(&self, value: &Value, variant: fn(T) -> E) -> Result<E> {
        T::from_estree(value, self).map(variant)
    }

    /// Makes `object` the current node (for string placement); returns the previous one.
    pub fn enter(&self, object: &Map<String, Value>) -> Result<(usize, usize)> {
        let span = self.span(object)?;
        let range = (self.utf16_to_byte[span.start as usize] as usize, self.utf16_to_byte[span.end as usize] as usize);
        Ok(self.node_bytes.replace(range))
    }

    pub fn leave(&self, previous: (usize, usize)) {
        self.node_bytes.set(previous);
    }

    /// `start` and `end` of a node, checked against the source.
    pub fn span(&self, object: &Map<String, Value>) -> Result<Span> {
        let position = |key: &str| -> Result<u32> {
            let value = object
                .get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| self.invalid(format!("`{key}` is not a position")))?;
            if value as usize >= self.utf16_to_byte.len() {
                return Err(self.invalid(format!("`{key}` {value} is past the end of the source")));
            }
            Ok(value as u32)
        };
        let (start, end) = (position("start")?, position("end")?);
        if start > end {
            return Err(self.invalid(format!("`start` {start} is after `end` {end}")));
        }
        Ok(Span::new(start, end))
    }

    /// A string: borrowed from the source where the current node's text holds it verbatim (so the
    /// deserializer can slice the source), else copied into the arena.
    pub fn str(&self, text: &str) -> Result<Str<'a>> {
        let (start, end) = self.node_bytes.get();
        if let Some(found) = self.source[start..end].find(text) {
            return Ok(self.source.slice(start + found..start + found + text.len()));
        }
        Ok(self.allocator.alloc_str(text)?)
    }
}

/// What `BigInt()` takes and a bigint literal's `bigint` holds (acorn drops the `n` and the `_`s):
/// decimal digits, or `0x`, `0o`, `0b` and digits of that base.
fn is_bigint_digits(text: &str) -> bool {
    let (digits, radix) = match text.get(..2) {
        Some("0x" | "0X") => (&text[2..], 16),
        Some("0o" | "0O") => (&text[2..], 8),
        Some("0b" | "0B") => (&text[2..], 2),
        _ => (text, 10),
    };
    !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix))
}

/// Why `flags` are not a regular expression's flags, if they are not: each of `dgimsuvy` at most
/// once, and not both `u` and `v`.
fn regex_flags_problem(flags: &str) -> Option<String> {
    let mut seen = std::string::String::new();
    for flag in flags.chars() {
        if !"dgimsuvy".contains(flag) {
            return Some(format!("{flag:?} in {flags:?} is not a regular expression flag"));
        }
        if seen.contains(flag) {
            return Some(format!("the regular expression flags {flags:?} repeat {flag:?}"));
        }
        seen.push(flag);
    }
    (seen.contains('u') && seen.contains('v'))
        .then(|| format!("the regular expression flags {flags:?} have both 'u' and 'v'"))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl<'a> FromEstree<'a> for bool {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        value.as_bool().ok_or_else(|| cx.invalid(format!("expected a boolean, found {}", kind(value))))
    }
}

/// JSON has no non-finite numbers; the producer's input writes them `{ "$number": "Infinity" }`
/// (or `"-Infinity"`, `"NaN"`), as acorn's value of `1e400` is `Infinity`.
pub fn non_finite_number(value: &Value) -> Option<f64> {
    match value.get("$number")?.as_str()? {
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        "NaN" => Some(f64::NAN),
        _ => None,
    }
}

impl<'a> FromEstree<'a> for f64 {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        value
            .as_f64()
            .or_else(|| non_finite_number(value))
            .ok_or_else(|| cx.invalid(format!("expected a number, found {}", kind(value))))
    }
}

macro_rules! integers {
    ($($ty:ty),*) => {$(
        impl<'a> FromEstree<'a> for $ty {
            fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
                value
                    .as_i64()
                    .and_then(|n| <$ty>::try_from(n).ok())
                    .or_else(|| value.as_u64().and_then(|n| <$ty>::try_from(n).ok()))
                    .ok_or_else(|| cx.invalid(format!("expected an integer fitting {}, found {value}", stringify!($ty))))
            }
        }
    )*};
}
integers!(u8, u16, u32, u64, i8, i16, i32, i64);

/// JSON text cannot hold lone surrogates; the producer's input writes a string that has them as
/// `{ "$utf16": [code units] }`.
pub fn utf16_units(value: &Value) -> Option<std::vec::Vec<u16>> {
    value.get("$utf16")?.as_array()?.iter().map(|unit| unit.as_u64().and_then(|u| u16::try_from(u).ok())).collect()
}

/// A JSON string, or a string with lone surrogates in the form above.
pub fn is_string(value: &Value) -> bool {
    value.is_string() || value.get("$utf16").is_some()
}

impl<'a> FromEstree<'a> for Str<'a> {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        if let Some(text) = value.as_str() {
            return cx.str(text);
        }
        match utf16_units(value) {
            Some(units) => Ok(cx.allocator.alloc_wtf8(&units)?),
            None => Err(cx.invalid(format!("expected a string, found {}", kind(value)))),
        }
    }
}

impl<'a> FromEstree<'a> for Span {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        cx.span(cx.object(value, None)?)
    }
}

impl<'a, T: FromEstree<'a>> FromEstree<'a> for Box<'a, T> {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        Ok(cx.allocator.alloc(T::from_estree(value, cx)?)?)
    }
}

impl<'a, T: FromEstree<'a>> FromEstree<'a> for Option<T> {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        if value.is_null() { Ok(None) } else { T::from_estree(value, cx).map(Some) }
    }
}

impl<'a, T: FromEstree<'a>> FromEstree<'a> for Vec<'a, T> {
    fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self> {
        let items = value.as_array().ok_or_else(|| cx.invalid(format!("expected an array, found {}", kind(value))))?;
        let mut converted = std::vec::Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            cx.path.borrow_mut().push(index.to_string());
            converted.push(T::from_estree(item, cx)?);
            cx.path.borrow_mut().pop();
        }
        Ok(cx.allocator.alloc_vec(converted.into_iter())?)
    }
}

/// Builds a buffer from ESTree JSON: `program` is the root node, `comments` acorn's `onComment`
/// array, stored in the root's comments field.
pub fn produce(
    source: &str,
    placement: SourcePlacement,
    program: &Value,
    comments: &Value,
) -> std::result::Result<RawBuffer, ProduceError> {
    let mut utf16_to_byte = std::vec::Vec::with_capacity(source.len() + 1);
    for (byte, c) in source.char_indices() {
        for _ in 0..c.len_utf16() {
            utf16_to_byte.push(byte as u32);
        }
    }
    utf16_to_byte.push(source.len() as u32);

    rawast_runtime::build(source, placement, &BUFFER_FORMAT, source.len() * 8, |allocator, source| {
        let cx = Context {
            allocator,
            source,
            utf16_to_byte: &utf16_to_byte,
            node_bytes: Cell::new((0, source.len())),
            path: Default::default(),
        };
        generated::produce_root(program, comments, &cx)
    })
}

/// Builds a buffer from the JSON text of `{ "source": "...", "program": {...}, "comments": [...] }`
/// (what `tests/conformance/estree-json.js` writes): the entry point of the `encode` binary and of the
/// wasm32 producer. The error says what is wrong with the input.
///
/// Parsing and converting recurse as deep as the JSON nests, so input nested more than `max_depth`
/// arrays and objects deep is refused before either starts: the caller sets it to what its stack
/// holds. Duplicate keys are refused (serde_json's `Value` would keep the last one silently).
pub fn produce_json(
    text: &str,
    placement: SourcePlacement,
    max_depth: usize,
) -> std::result::Result<RawBuffer, String> {
    if let Some(at) = nested_deeper_than(text, max_depth) {
        return Err(format!(
            "the input nests arrays and objects more than {max_depth} deep (at byte {at}), more than this producer's stack holds"
        ));
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    // Nesting is bounded above; serde_json's own limit (128) is far below real ASTs.
    deserializer.disable_recursion_limit();
    let Strict(json) = serde::Deserialize::deserialize(&mut deserializer).map_err(|e| format!("not JSON: {e}"))?;
    deserializer.end().map_err(|e| format!("not JSON: {e}"))?;
    let source = json.get("source").and_then(Value::as_str).ok_or("no string `source`")?;
    let program = json.get("program").ok_or("no `program`")?;
    let comments = match json.get("comments") {
        None | Some(Value::Null) => &Value::Array(std::vec::Vec::new()),
        Some(comments) => comments,
    };
    produce(source, placement, program, comments).map_err(|e| e.to_string())
}

/// The byte offset where `text` first nests arrays and objects more than `max_depth` deep, if it
/// does: a scan without recursion (brackets inside strings do not count).
fn nested_deeper_than(text: &str, max_depth: usize) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (at, byte) in text.bytes().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max_depth {
                    return Some(at);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// A JSON value whose objects have no duplicate keys.
struct Strict(Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_bool<E>(self, value: bool) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::from(value)))
    }

    fn visit_u64<E>(self, value: u64) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::from(value)))
    }

    fn visit_f64<E>(self, value: f64) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::from(value)))
    }

    fn visit_str<E>(self, value: &str) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::String(value.to_owned())))
    }

    fn visit_string<E>(self, value: String) -> std::result::Result<Strict, E> {
        Ok(Strict(Value::String(value)))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Strict, A::Error> {
        let mut items = std::vec::Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Strict(Value::Array(items)))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Strict, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Strict(value) = map.next_value()?;
            if object.contains_key(&key) {
                return Err(serde::de::Error::custom(format!("duplicate key {key:?}")));
            }
            object.insert(key, value);
        }
        Ok(Strict(Value::Object(object)))
    }
}

impl From<BufferTooLarge> for ProduceError {
    fn from(_: BufferTooLarge) -> Self {
        ProduceError::TooLarge
    }
}

impl IsArenaFull for ProduceError {
    fn is_arena_full(&self) -> bool {
        *self == ProduceError::ArenaFull
    }
}

/// The per-type conversions generated from the schema.
mod generated {
    include!("../../generated/rust/from_estree.rs");
}
