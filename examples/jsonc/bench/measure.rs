//! What the benchmarks time besides `parse`, compiled into the package's addon (codegen.toml's addon
//! `modules`): the Rust parse with nothing handed over, the JSON route, and the hand-over of buffers
//! parsed beforehand (kept in a per-thread stash, so workers share none).

use std::cell::RefCell;

use jsonc_rawast_example::{encode, encode_inspect, to_json};
use napi::Env;
use napi::bindgen_prelude::Uint8ArraySlice;
use napi_derive::napi;
use rawast_napi::{RawBuffer, SourceArg};

thread_local! {
    /// The buffers `stashParse` made, for `handOverStashed` or `copyStashed`.
    static STASH: RefCell<Vec<RawBuffer>> = const { RefCell::new(Vec::new()) };
}

/// Parses `source` (a string, or its UTF-8 bytes, which skip napi's conversion) into a buffer and
/// drops it: the floor of a call. Returns the buffer's length.
#[napi(catch_unwind)]
pub fn parse_only(source: SourceArg<'_>) -> napi::Result<u32> {
    let buffer = encode(rawast_napi::source_text(&source)?).map_err(parse_error)?;
    Ok(buffer.as_bytes().len() as u32)
}

/// The JSON route a raw transfer replaces: the same parse, the tree written as JSON (`to_json`, the
/// text `JSON.stringify` writes of `deserialize`'s result) and handed to JS as a string.
#[napi(catch_unwind)]
pub fn parse_to_json(source: String) -> napi::Result<String> {
    let mut json = String::new();
    encode_inspect(&source, |document| json = to_json(document)).map_err(parse_error)?;
    Ok(json)
}

/// The buffer of `source`, copied once into memory JS allocates: the copy the zero-copy hand-over
/// is measured against.
#[napi(catch_unwind)]
pub fn parse_raw_copy(env: &Env, source: String) -> napi::Result<Uint8ArraySlice<'_>> {
    let buffer = encode(&source).map_err(parse_error)?;
    rawast_napi::copy(env, &buffer)
}

/// Replaces the stash with `count` buffers of `source`, for as many `handOverStashed` calls (or
/// any number of `copyStashed`); returns a buffer's length.
#[napi(catch_unwind)]
pub fn stash_parse(source: String, count: u32) -> napi::Result<u32> {
    let buffers = (0..count.max(1)).map(|_| encode(&source)).collect::<Result<Vec<_>, _>>().map_err(parse_error)?;
    let len = buffers[0].as_bytes().len() as u32;
    STASH.with(|stash| *stash.borrow_mut() = buffers);
    Ok(len)
}

/// Hands the last stashed buffer to JS without a copy, taking it out of the stash.
#[napi(catch_unwind)]
pub fn hand_over_stashed(env: &Env) -> napi::Result<Uint8ArraySlice<'_>> {
    let buffer = STASH.with(|stash| stash.borrow_mut().pop()).ok_or_else(nothing_stashed)?;
    Ok(rawast_napi::hand_over(env, buffer)?.0)
}

/// Copies the last stashed buffer to JS, leaving it in the stash.
#[napi(catch_unwind)]
pub fn copy_stashed(env: &Env) -> napi::Result<Uint8ArraySlice<'_>> {
    STASH.with(|stash| match stash.borrow().last() {
        Some(buffer) => rawast_napi::copy(env, buffer),
        None => Err(nothing_stashed()),
    })
}

/// A napi call that does nothing: the cost of crossing into Rust and back.
#[napi(catch_unwind)]
pub fn noop() {}

fn nothing_stashed() -> napi::Error {
    napi::Error::from_reason("no buffer stashed: call stashParse(source, count) first")
}

/// A parse error as a plain JS `Error` with the parser's message.
fn parse_error(error: jsonc_rawast_example::Error) -> napi::Error {
    napi::Error::from_reason(error.to_string())
}
