//! What a Rust producer builds rawast buffers with: the arena types an AST schema is written in
//! ([`Box`], [`Vec`], [`Str`], [`Span`]), the `#[ast]` marker, a bump [`Allocator`] and [`build`],
//! which lays out one buffer (source text, arena, metadata) for the generated JS deserializers;
//! [`build_into`] lays it out in memory the caller owns and reuses (a JS `ArrayBuffer`, say).
//!
//! It knows nothing of any particular schema. A schema's generated `constants.rs` (written by
//! `rawast codegen` when `codegen.toml` sets `runtime_module`) defines `BUFFER_FORMAT`, the
//! schema's layout fingerprint for the pointer width being compiled; pass it to [`build`], and the
//! buffer's metadata names the layout the deserializers check.
//!
//! ```
//! use rawast_runtime::{ArenaFull, BufferFormat, SourcePlacement, Span, Str, ast, build};
//!
//! #[ast]
//! #[repr(C)]
//! pub struct Word<'a> {
//!     pub span: Span,
//!     pub text: Str<'a>,
//! }
//!
//! // In a real producer: `constants::BUFFER_FORMAT`, from the generated constants.rs.
//! let format = BufferFormat::new(rawast_runtime::FORMAT_VERSION, rawast_runtime::METADATA_SIZE, 0x0123_4567_89ab_cdef);
//! let source = "hello";
//! let buffer = build(source, SourcePlacement::Start, &format, 64, |allocator, source| {
//!     // `source` is the copy inside the buffer: its slices are `Str`s of the source region.
//!     let word = allocator.alloc(Word { span: Span::new(0, 5), text: source.slice(0..5) })?;
//!     Ok::<_, ArenaFull>(word.as_ptr().cast())
//! })
//! .unwrap();
//! assert_eq!(&buffer.as_bytes()[..5], b"hello");
//! ```

pub mod allocator;
pub mod arena;
pub mod buffer;
pub mod format;
pub mod region;
#[cfg(test)]
mod testing;

pub use allocator::{Allocator, ArenaFull};
pub use arena::{Box, Source, Span, Str, Vec};
pub use buffer::{BufferTooLarge, IsArenaFull, RawBuffer, SourcePlacement, build};
pub use format::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};
/// Marks a type as part of a schema; see the `rawast-macros` crate.
pub use rawast_macros::ast;
pub use region::{BuildIntoError, Built, build_into, build_into_written};
