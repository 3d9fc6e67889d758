//! What a Rust parser links to write rawast buffers: its AST laid out in one buffer straight from
//! an arena, which the JS deserializers `rawast codegen` generates for its schema turn into plain
//! JavaScript objects (raw AST transfer).
//!
//! - The arena types an AST schema is written in: [`Box`], [`Vec`], [`Str`], [`Span`], and the
//!   [`#[ast]`](ast) marker.
//! - [`Allocator`], the bump allocator a builder puts the AST in.
//! - [`build`], which lays out one buffer in memory of its own: the source, the arena, the metadata
//!   block; [`build_into`] lays it out in memory the caller owns and reuses (a JS `ArrayBuffer`).
//! - The errors: [`ArenaFull`] (an allocation did not fit: `build` retries with more room, if the
//!   builder passes it on), [`BufferTooLarge`] (the buffer would reach 4 GiB), [`IsArenaFull`]
//!   (which of the builder's own errors is a full arena) and [`BuildIntoError`].
//!
//! It knows nothing of any particular schema. A schema's generated `constants.rs` (written by
//! `rawast codegen` when `codegen.toml` sets `runtime_module = "rawast_runtime"`) defines
//! `BUFFER_FORMAT`, the schema's layout fingerprint for the pointer width being compiled; pass it to
//! [`build`], and the buffer's metadata names the layout the deserializers check.
//!
//! # Example
//!
//! A schema of two types, for a list of names such as `ab, cd`; the builder that parses one into
//! the arena; `encode`, which builds its buffer; and a read of the buffer's bytes, as the
//! deserializer does. The `constants` module is where a producer includes its generated
//! `constants.rs`; here its `BUFFER_FORMAT` is made by hand, as in a test without a schema.
//!
//! ```
//! use rawast_runtime::{Allocator, ArenaFull, BufferTooLarge, IsArenaFull, RawBuffer, Source, SourcePlacement};
//! use rawast_runtime::{METADATA_SIZE, Span, Str, Vec, ast, build, format::metadata};
//!
//! mod constants {
//!     // In a producer: include!(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/rust/constants.rs"));
//! #   use rawast_runtime::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};
//! #   pub const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 0x0123_4567_89ab_cdef);
//! }
//!
//! #[ast]
//! #[repr(C)]
//! pub struct List<'a> {
//!     pub span: Span,
//!     pub names: Vec<'a, Name<'a>>,
//! }
//!
//! #[ast]
//! #[repr(C)]
//! pub struct Name<'a> {
//!     pub span: Span,
//!     pub text: Str<'a>,
//! }
//!
//! /// The parser's error: a syntax error, or one of the runtime's.
//! #[derive(Debug)]
//! pub enum Error {
//!     EmptyName { offset: usize },
//!     ArenaFull,
//!     TooLarge,
//! }
//!
//! impl From<ArenaFull> for Error {
//!     fn from(_: ArenaFull) -> Self {
//!         Error::ArenaFull
//!     }
//! }
//!
//! impl From<BufferTooLarge> for Error {
//!     fn from(_: BufferTooLarge) -> Self {
//!         Error::TooLarge
//!     }
//! }
//!
//! impl IsArenaFull for Error {
//!     fn is_arena_full(&self) -> bool {
//!         matches!(self, Error::ArenaFull)
//!     }
//! }
//!
//! /// The builder: parses `source` (the copy inside the buffer) into the arena and returns the
//! /// root's address. Spans count UTF-8 bytes here (`span_unit = "utf8"`).
//! pub fn build_list<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, Error> {
//!     let mut names = std::vec::Vec::new();
//!     let mut start = 0;
//!     for part in source.split(',') {
//!         let at = start + (part.len() - part.trim_start().len());
//!         let end = at + part.trim().len();
//!         if at == end {
//!             return Err(Error::EmptyName { offset: at });
//!         }
//!         // `slice` gives a `Str` of the source region: no copy.
//!         names.push(Name { span: Span::new(at as u32, end as u32), text: source.slice(at..end) });
//!         start += part.len() + 1;
//!     }
//!     // `alloc_vec` takes an iterator of known length: collect first, as above.
//!     let names = allocator.alloc_vec(names.into_iter())?;
//!     let list = allocator.alloc(List { span: Span::new(0, source.len() as u32), names })?;
//!     Ok(list.as_ptr().cast())
//! }
//!
//! pub fn encode(source: &str) -> Result<RawBuffer, Error> {
//!     let buffer = build(source, SourcePlacement::Start, &constants::BUFFER_FORMAT, source.len() * 4, build_list)?;
//!     Ok(buffer)
//! }
//!
//! # fn main() -> Result<(), Error> {
//! let buffer = encode("ab, cd")?;
//! // Hand these bytes to the generated deserializer (napi, wasm memory, a file).
//! let bytes = buffer.as_bytes();
//!
//! // The parser layout: the source first, the metadata block last.
//! assert_eq!(&bytes[..6], b"ab, cd");
//! let block = &bytes[bytes.len() - METADATA_SIZE..];
//! let field = |at: usize| u32::from_le_bytes(block[at..at + 4].try_into().unwrap());
//! assert_eq!(&block[metadata::MAGIC..][..4], b"RAST");
//! assert_eq!(field(metadata::SOURCE_LEN), 6);
//!
//! // The root `List` at its offset: its span, then its `Vec`: a pointer, then the length.
//! let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
//! let root = field(metadata::ROOT) as usize;
//! assert_eq!((u32_at(root), u32_at(root + 4)), (0, 6));
//! assert_eq!(u32_at(root + 8 + size_of::<usize>()), 2);
//! // A pointer is an address: its low 32 bits minus `base_low32` are an offset in the buffer.
//! let names = u32_at(root + 8).wrapping_sub(field(metadata::BASE_LOW32)) as usize;
//! assert_eq!((u32_at(names), u32_at(names + 4)), (0, 2));
//!
//! // A name that is not there is the parser's error, as the builder returned it.
//! assert!(matches!(encode("ab, , cd"), Err(Error::EmptyName { offset: 4 })));
//! # Ok(())
//! # }
//! ```
//!
//! The walk-through from schema to published npm package is in rawast's README, "Using rawast in
//! your parser".

#![warn(missing_docs)]

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
/// Marks a type of the AST schema, where `rawast codegen` finds it. It leaves the type as it is,
/// but for the `#[estree(...)]` attributes of the JS mapping, which it removes for rustc.
pub use rawast_macros::ast;
pub use region::{BuildIntoError, Built, build_into, build_into_written};
