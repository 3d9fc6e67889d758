//! The source text a JS caller passes: a string, which napi converts to UTF-8 (a lone surrogate,
//! which has no UTF-8, becomes U+FFFD), or the UTF-8 bytes themselves, a file's as read (a
//! `Uint8Array` or a `Buffer`), which skip the JS string and its conversion both.

use napi::bindgen_prelude::Uint8ArraySlice;
use napi::{Either, Status};

/// What a parser function of an addon takes as its source.
pub type SourceArg<'a> = Either<String, Uint8ArraySlice<'a>>;

/// The text of `source`: the string, or the bytes checked to be UTF-8 (an `InvalidArg` error
/// naming where they are not).
pub fn source_text<'s>(source: &'s SourceArg<'_>) -> napi::Result<&'s str> {
    match source {
        Either::A(text) => Ok(text),
        Either::B(bytes) => simdutf8::compat::from_utf8(bytes)
            .map_err(|error| napi::Error::new(Status::InvalidArg, format!("the source bytes are not UTF-8: {error}"))),
    }
}
