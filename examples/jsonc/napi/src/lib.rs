//! The JSONC example parser as a Node.js addon: `parseRaw(source)` parses and hands the rawast
//! buffer to JS without a copy (`rawast_napi::hand_over`), `parseRawCopy` with one copy, and
//! `parseInto(source, buffer)` (module `reuse`) builds it into a `Uint8Array` JS reuses; the JS
//! wrapper `napi/index.js` deserializes it. The functions of `measure` isolate the parse and the
//! hand-over for `bench/napi.js`.
//!
//! Every function returns a JS exception for a parse error or a napi failure and catches panics,
//! so nothing unwinds into Node.

use jsonc_rawast_example::encode;
use napi::Env;
use napi::bindgen_prelude::Uint8ArraySlice;
use napi_derive::napi;

pub mod measure;
pub mod reuse;

/// The buffer of `source`, handed to JS without a copy where the runtime allows external memory.
#[napi(catch_unwind)]
pub fn parse_raw(env: &Env, source: String) -> napi::Result<Uint8ArraySlice<'_>> {
    let buffer = encode(&source).map_err(parse_error)?;
    Ok(rawast_napi::hand_over(env, buffer)?.0)
}

/// The buffer of `source`, copied once into memory JS allocates.
#[napi(catch_unwind)]
pub fn parse_raw_copy(env: &Env, source: String) -> napi::Result<Uint8ArraySlice<'_>> {
    let buffer = encode(&source).map_err(parse_error)?;
    rawast_napi::copy(env, &buffer)
}

/// How many buffers `parseRaw` handed over without a copy JS still holds: a leak check.
#[napi(catch_unwind)]
pub fn live_external_buffers() -> u32 {
    rawast_napi::live_external_buffers().try_into().unwrap_or(u32::MAX)
}

/// A parse error (or a text past the buffer format's 4 GiB) as a plain JS `Error` with the parser's message.
fn parse_error(error: jsonc_rawast_example::Error) -> napi::Error {
    napi::Error::from_reason(error.to_string())
}
