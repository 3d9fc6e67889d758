//! `parseInto(source, buffer)`: the parser builds straight into a `Uint8Array` the JS caller keeps
//! and reuses across calls (`rawast_napi::build_into`), so a call allocates no buffer and leaves
//! none for the garbage collector. `napi/index.js`'s `parse` keeps that `Uint8Array`, grows
//! it when asked, and deserializes the range returned.

use jsonc_rawast_example::build_document;
use jsonc_rawast_example::constants::BUFFER_FORMAT;
use napi::Either;
use napi::bindgen_prelude::Uint8ArraySlice;
use napi_derive::napi;
use rawast_napi::Written;
use rawast_runtime::SourcePlacement;

/// Where `parseInto` put the buffer: bytes `start..start + length` of the caller's `Uint8Array`.
#[napi(object)]
pub struct BuiltRange {
    pub start: f64,
    pub length: f64,
}

/// `parseInto`'s answer when the `Uint8Array` cannot hold the text or its tree: call again with one
/// of at least `grow` bytes.
#[napi(object)]
pub struct GrowTo {
    pub grow: f64,
}

/// Parses `source` into `buffer` (a `Uint8Array` over an `ArrayBuffer`, starting 8-aligned):
/// `{ start, length }` of the rawast buffer in it, valid until the next build into `buffer`, or
/// `{ grow }`. A parse error is a plain JS `Error` with the parser's message.
#[napi(catch_unwind)]
pub fn parse_into(source: String, buffer: Uint8ArraySlice<'_>) -> napi::Result<Either<BuiltRange, GrowTo>> {
    let mut buffer = buffer;
    let written =
        rawast_napi::build_into(&mut buffer, &source, SourcePlacement::Start, &BUFFER_FORMAT, build_document)?;
    Ok(match written {
        Written::Built { start, len } => Either::A(BuiltRange { start: start as f64, length: len as f64 }),
        Written::Grow { to } => Either::B(GrowTo { grow: to as f64 }),
    })
}
