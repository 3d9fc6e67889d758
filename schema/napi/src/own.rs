//! A buffer of its own for one call: [`build`] lays it out with [`rawast_runtime::build`], which
//! grows the arena and parses again when the tree does not fit, for [`hand_over`](crate::hand_over)
//! or [`copy`](crate::copy) to give to JS.

use rawast_runtime::{Allocator, BufferFormat, BufferTooLarge, IsArenaFull, RawBuffer, Source, SourcePlacement};

/// The arena a build starts with, per byte of source text. Trees of common syntaxes take 2 to 4
/// bytes of arena per byte of text; a tree that does not fit costs one more parse into twice the room.
const ARENA_PER_SOURCE_BYTE: usize = 4;

/// Builds the buffer of `source` with the parser's builder `build_ast` (the builder
/// [`build_into`](crate::build_into) takes): the buffer, or the builder's error (a parse error, or
/// the format's 4 GiB limit).
pub fn build<E: From<BufferTooLarge> + IsArenaFull>(
    source: &str,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnMut(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<RawBuffer, E> {
    rawast_runtime::build(source, placement, format, source.len().saturating_mul(ARENA_PER_SOURCE_BYTE), build_ast)
}
