//! The numbers the builder reads in place: the typed-array view each primitive is read through (the
//! views themselves are described once, in `views`), the template's readers of the rest, and the
//! tests of an `Option`'s niche or tag, written once for every width.

use super::expr::{at, binary, call, element, grouped, parenthesized};
use crate::config::Int64;
use crate::functions::views::{FLOAT64, INT8, INT16, INT32, UINT8, UINT16, UINT32, View};
use crate::ir::Primitive;

/// The view a primitive is read through in place; `None` for those the template's functions read
/// (`readBool`, the 64-bit integers' readers).
pub(super) fn primitive_view(primitive: Primitive) -> Option<View> {
    match primitive {
        Primitive::U8 => Some(UINT8),
        Primitive::I8 => Some(INT8),
        Primitive::U16 => Some(UINT16),
        Primitive::I16 => Some(INT16),
        Primitive::U32 => Some(UINT32),
        Primitive::I32 => Some(INT32),
        Primitive::F64 => Some(FLOAT64),
        Primitive::Bool | Primitive::U64 | Primitive::I64 => None,
    }
}

/// The template's function reading a 64-bit integer as `int64` says: `readU64`, `readI64BigInt`.
pub(super) fn int64_reader(primitive: Primitive, int64: Int64) -> &'static str {
    match (primitive == Primitive::U64, int64) {
        (true, Int64::Number) => "readU64",
        (true, Int64::BigInt) => "readU64BigInt",
        (false, Int64::Number) => "readI64",
        (false, Int64::BigInt) => "readI64BigInt",
    }
}

/// The element of `view` at the byte offset `pos`: `uint8[pos]`, `uint32[(pos + 8) >>> 2]`.
pub(super) fn read_through(view: View, pos: &str) -> String {
    element(view.name, &index(view, pos))
}

/// The index into `view` of the byte offset `pos`. Unsigned shifts: offsets reach 4 GiB, where `>>`
/// would turn negative.
fn index(view: View, pos: &str) -> String {
    if view.shift == 0 { pos.to_owned() } else { binary(grouped(pos), ">>>", view.shift) }
}

/// The view of unsigned integers of `size` bytes, if there is one (not for a `u64`).
fn unsigned_view(size: u32) -> Option<View> {
    match size {
        1 => Some(UINT8),
        2 => Some(UINT16),
        4 => Some(UINT32),
        _ => None,
    }
}

/// The `u32` after the one at `pos`: a `u64`'s high word.
fn high_word(pos: &str) -> String {
    element(UINT32.name, &at(&parenthesized(&index(UINT32, pos)), 1))
}

/// The reads of the `size`-byte little-endian integer at `pos`, each with the part of `value` it
/// holds: one through the view of its size, or a `u64`'s two `u32`s, low word first.
fn words(pos: &str, size: u32, value: u64) -> Vec<(String, u64)> {
    match unsigned_view(size) {
        Some(view) => vec![(read_through(view, pos), value)],
        None => vec![(read_through(UINT32, pos), value & u64::from(u32::MAX)), (high_word(pos), value >> 32)],
    }
}

/// Each word of the integer at `pos` compared (`compare`) with its part of `value`, the tests
/// joined by `join`.
fn compare_words(pos: &str, size: u32, value: u64, compare: &str, join: &str) -> String {
    words(pos, size, value)
        .into_iter()
        .map(|(read, part)| binary(read, compare, part))
        .reduce(|tests, test| binary(tests, join, test))
        .expect("an integer has a word")
}

/// `true` when the `size`-byte little-endian integer at `pos` equals `value`.
pub(super) fn equals(pos: &str, size: u32, value: u64) -> String {
    compare_words(pos, size, value, "===", "&&")
}

/// `true` when the `size`-byte little-endian integer at `pos` is not `value`; a `u64`'s test in
/// parentheses, as an operand of `&&`.
fn differs(pos: &str, size: u32, value: u64) -> String {
    let test = compare_words(pos, size, value, "!==", "||");
    if unsigned_view(size).is_some() { test } else { parenthesized(&test) }
}

/// The `size`-byte little-endian integer at `pos`, for an error's message (a `u64` exact up to
/// 2^53).
fn value(pos: &str, size: u32) -> String {
    match unsigned_view(size) {
        Some(view) => read_through(view, pos),
        None => binary(read_through(UINT32, pos), "+", binary(high_word(pos), "*", 1u64 << 32)),
    }
}

/// The test that the `tag_size`-byte tag of an `Option` at `pos` is 0 (`None`): `true`, `false`
/// (1, `Some`), or the buffer's error for another tag, with no call on the way, as a `bool` is read.
pub(super) fn none_tag(pos: &str, tag_size: u32) -> String {
    let invalid = call("invalidOptionTag", &[&value(pos, tag_size), pos]);
    let other = parenthesized(&binary(differs(pos, tag_size, 1), "&&", invalid));
    parenthesized(&binary(equals(pos, tag_size, 0), "||", other))
}
