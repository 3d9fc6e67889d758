// {{ functions.header[0] }}
// {{ functions.header[1] }}

//! `parseInto(source, buffer)` builds the rawast buffer of `source` into a `Uint8Array` the caller
//! reuses across calls (`parseWritten` and `parseWrittenUtf16` over a source JS wrote in it),
//! `parseRaw(source)` into a buffer of its own, handed to JS without a copy where the runtime
//! allows. The package's `index.js` calls them and deserializes what they wrote.
//!
//! Every function returns a parse error as a JS `Error` with the parser's message, and catches
//! panics, so nothing unwinds into Node.

use napi::bindgen_prelude::Uint8ArraySlice;
use napi::{Either, Env};
use napi_derive::napi;
use rawast_napi::{SourceArg, SourcePlacement, Written};

/// Where the buffers of target `{{ functions.target }}` hold the source text.
const PLACEMENT: SourcePlacement = SourcePlacement::{{ functions.placement }};

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

/// Parses `source` (a string, or its UTF-8 bytes) into `buffer` (a `Uint8Array` over an
/// `ArrayBuffer`, starting 8-aligned): `{ start, length }` of the rawast buffer in it, valid until
/// the next build into `buffer`, or `{ grow }`.
#[napi(catch_unwind)]
pub fn parse_into(source: SourceArg<'_>, buffer: Uint8ArraySlice<'_>) -> napi::Result<Either<BuiltRange, GrowTo>> {
    let text = rawast_napi::source_text(&source)?;
    let mut buffer = buffer;
    let written = rawast_napi::build_into(&mut buffer, text, PLACEMENT, &{{ functions.buffer_format }}, {{ functions.build }})?;
    Ok(range_or_grow(written))
}

/// `parseInto` of the source JS has written at the start of `buffer`: its first `source_length`
/// bytes, which must be UTF-8. A string's UTF-8 is written there faster by JS
/// (`Buffer.prototype.utf8Write`) than napi converts and copies a string handed over. On `{ grow }`,
/// write the source again into the larger buffer.
#[napi(catch_unwind)]
pub fn parse_written(buffer: Uint8ArraySlice<'_>, source_length: u32) -> napi::Result<Either<BuiltRange, GrowTo>> {
    let mut buffer = buffer;
    let written = rawast_napi::build_into_written(&mut buffer, source_length as usize, PLACEMENT, &{{ functions.buffer_format }}, {{ functions.build }})?;
    Ok(range_or_grow(written))
}

/// `parseWritten` of a source JS has written into `buffer` as `units` UTF-16 code units at byte
/// `units_at` (`Buffer.prototype.ucs2Write`, for a string with characters past U+00FF, whose UTF-8
/// V8 writes slowly): the addon writes their UTF-8 at the start, in the 3 bytes a unit `units_at`
/// leaves before them, and parses it.
#[napi(catch_unwind)]
pub fn parse_written_utf16(buffer: Uint8ArraySlice<'_>, units_at: u32, units: u32) -> napi::Result<Either<BuiltRange, GrowTo>> {
    let mut buffer = buffer;
    let written = rawast_napi::build_into_utf16(&mut buffer, units_at as usize, units as usize, PLACEMENT, &{{ functions.buffer_format }}, {{ functions.build }})?;
    Ok(range_or_grow(written))
}

fn range_or_grow(written: Written) -> Either<BuiltRange, GrowTo> {
    match written {
        Written::Built { start, len } => Either::A(BuiltRange { start: start as f64, length: len as f64 }),
        Written::Grow { to } => Either::B(GrowTo { grow: to as f64 }),
    }
}

/// The buffer of `source` (a string, or its UTF-8 bytes), handed to JS without a copy where the
/// runtime allows external memory (freed when JS collects it), else copied once.
#[napi(catch_unwind)]
pub fn parse_raw<'env>(env: &'env Env, source: SourceArg<'_>) -> napi::Result<Uint8ArraySlice<'env>> {
    let text = rawast_napi::source_text(&source)?;
    let buffer = rawast_napi::build(text, PLACEMENT, &{{ functions.buffer_format }}, {{ functions.build }}).map_err(parse_error)?;
    Ok(rawast_napi::hand_over(env, buffer)?.0)
}

/// How many buffers `parseRaw` handed over without a copy JS still holds: a leak check.
#[napi(catch_unwind)]
pub fn live_external_buffers() -> u32 {
    rawast_napi::live_external_buffers().try_into().unwrap_or(u32::MAX)
}

/// A parse error (or a text past the buffer format's 4 GiB) as a plain JS `Error` with its message.
fn parse_error(error: impl core::fmt::Display) -> napi::Error {
    napi::Error::from_reason(error.to_string())
}
