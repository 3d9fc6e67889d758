//! From source text to a rawast buffer: `[source][arena][metadata]`, the parser layout.

use rawast_runtime::{Allocator, RawBuffer, Source, SourcePlacement, build};

use crate::ast::Document;
use crate::constants::BUFFER_FORMAT;
use crate::error::Error;
use crate::parser::parse;

/// Parses `source` into a buffer for the generated deserializer.
pub fn encode(source: &str) -> Result<RawBuffer, Error> {
    encode_inspect(source, |_| {})
}

/// `encode`, calling `inspect` with the finished tree (inside the buffer) before the buffer is
/// sealed: the JSON writer reads the same tree the deserializer will.
pub fn encode_inspect(source: &str, mut inspect: impl FnMut(&Document<'_>)) -> Result<RawBuffer, Error> {
    // Trees of the JSON files in node_modules take 3 to 4 times their text's bytes (10 at most;
    // `[1,1,…]` 24): `build` doubles the region and parses again when it is short, and refuses a
    // source the buffer format cannot hold before copying it.
    let capacity = source.len().saturating_mul(8);
    build(source, SourcePlacement::Start, &BUFFER_FORMAT, capacity, |allocator, source| {
        let document = allocator.alloc(parse(source, allocator)?)?;
        inspect(&document);
        Ok(document.as_ptr().cast())
    })
}

/// The builder `encode` runs, for a caller that lays out the buffer itself
/// (`rawast_runtime::build_into`, into memory it reuses; parser layout, `BUFFER_FORMAT`): parses
/// `source` with `allocator` and returns the root's address.
pub fn build_document<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, Error> {
    Ok(allocator.alloc(parse(source, allocator)?)?.as_ptr().cast())
}
