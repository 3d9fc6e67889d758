//! Building a buffer: the region, the arena inside it, and the metadata block that ends it.
//!
//! ```text
//! parser layout (SourcePlacement::Start):  [source][pad][arena →][pad][metadata]
//! linter layout (SourcePlacement::End):    [← arena][source][pad][metadata]
//! ```
//! The buffer starts at its first byte in use, so it is sized to the AST; arena pointers are real
//! addresses, and `base_low32` in the metadata lets a reader turn them into offsets. The layout
//! itself is written by `region::write_buffer`, which `build_into` shares.

use crate::allocator::{Allocator, ArenaFull};
use crate::arena::Source;
use crate::format::{BufferFormat, METADATA_SIZE};
use crate::region::{MIN_ARENA, SourceText, region_size, write_buffer};

/// Where the source text goes in the buffer: the target's `source_placement` in `codegen.toml`
/// (`"start"` or `"end"`), which its deserializer expects. Pass the same to [`build`] as the
/// generated addon does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourcePlacement {
    /// Parser layout: source first, arena after it.
    Start,
    /// Linter layout: arena first, source after it.
    End,
}

/// Buffers are addressed with `u32` offsets.
pub(crate) const MAX_BUFFER: usize = u32::MAX as usize;

/// A finished buffer, as [`build`] returns it: the source, the AST and the metadata block, in
/// memory of its own, 8-aligned. Hand [`as_bytes`](RawBuffer::as_bytes) to JavaScript (a napi
/// `Uint8Array`, wasm memory, a file), where the schema's generated deserializer reads it; or
/// [`into_parts`](RawBuffer::into_parts) to give up the memory without a copy.
pub struct RawBuffer {
    /// `u64`s for alignment; the buffer is `storage` bytes `start..start + len`.
    storage: std::vec::Vec<u64>,
    start: usize,
    len: usize,
}

impl RawBuffer {
    /// The buffer, as a deserializer reads it: its last [`METADATA_SIZE`] bytes are the metadata
    /// block (magic `RAST`, format version, layout fingerprint, root and source offsets).
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: `storage` is initialized memory of at least `start + len` bytes (checked in `build`).
        unsafe { core::slice::from_raw_parts(self.storage.as_ptr().cast::<u8>().add(self.start), self.len) }
    }

    /// Gives up the storage, for a hand-over that keeps the bytes where they are (a JS
    /// `ArrayBuffer` over external memory, say): the `u64`s holding the buffer, and the byte range
    /// of the buffer inside them. `as_bytes()` is `storage`'s bytes at that range; its start is
    /// 8-aligned in memory.
    ///
    /// The buffer's bytes are position-independent (arena pointers are read relative to the
    /// `base_low32` of its metadata), so a copy of them is as good as the original; what must not
    /// happen is a read of them after `storage` is dropped or reallocated.
    pub fn into_parts(self) -> (std::vec::Vec<u64>, core::ops::Range<usize>) {
        (self.storage, self.start..self.start + self.len)
    }
}

/// The source and its AST need a buffer of 4 GiB or more, which the buffer format's `u32` offsets
/// cannot address. [`build`] and [`build_into`](crate::build_into) return it, converted into the
/// builder's error type, instead of retrying with an ever larger arena; a source that alone is too
/// large is refused before the builder runs. No larger region helps: the input is too large for
/// raw transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferTooLarge;

impl core::fmt::Display for BufferTooLarge {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the AST and source need a buffer of 4 GiB or more, beyond the buffer format's u32 offsets")
    }
}

impl std::error::Error for BufferTooLarge {}

/// Builds the buffer of `source` for one schema's deserializers, in memory of its own: copies the
/// source in, runs the builder `build_ast` over an arena, and writes the metadata block.
///
/// - `placement` is the target's `source_placement`: [`SourcePlacement::Start`] for the parser
///   layout `[source][arena][metadata]`, [`SourcePlacement::End`] for the linter layout.
/// - `format` is `BUFFER_FORMAT` of the schema's generated `constants.rs` (`rawast codegen`, with
///   `runtime_module = "rawast_runtime"`): the layout fingerprint the deserializers check.
/// - `arena_capacity` is the arena to start with, in bytes: a few times the source's length
///   suits most syntaxes. When the tree does not fit, the builder runs again over twice the room,
///   so a low guess costs a parse and a high one costs memory, never a failure.
/// - `build_ast` parses: it gets the [`Allocator`] and the [`Source`] (the copy of `source` in the
///   buffer, whose [`slice`](Source::slice)s are [`Str`](crate::Str)s), puts the AST in the arena
///   and returns the root node's address ([`Box::as_ptr`](crate::Box::as_ptr), cast to `*const u8`).
///   It may run more than once, so it keeps no state across runs that a retry would repeat.
///   Its signature is `fn<'a>(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>`: the allocator
///   borrowed for any time (`&'a Allocator<'a>` ties the two, and rustc refuses the builder with
///   "implementation of `FnMut` is not general enough").
///
/// # The builder's error type
///
/// `E` is the builder's error type, and `build` returns it: [`ArenaFull`] itself for a builder
/// that cannot fail otherwise, or the producer's own error type (parse errors, say). That type
/// converts from `ArenaFull` (so `?` passes a full arena on), from [`BufferTooLarge`], and says
/// through [`IsArenaFull`] which of its values means "retry with a larger arena".
///
/// `E` is read from the builder's return type, so a builder written as a function or a closure
/// with its return type stated works both ways: returned as it is, or with `?`.
///
/// ```
/// # use rawast_runtime::{Allocator, ArenaFull, BufferFormat, BufferTooLarge, IsArenaFull, Source, SourcePlacement, build};
/// use rawast_runtime::RawBuffer;
/// # #[derive(Debug)]
/// # pub enum Error { ArenaFull, TooLarge, Empty }
/// # impl From<ArenaFull> for Error { fn from(_: ArenaFull) -> Self { Error::ArenaFull } }
/// # impl From<BufferTooLarge> for Error { fn from(_: BufferTooLarge) -> Self { Error::TooLarge } }
/// # impl IsArenaFull for Error { fn is_arena_full(&self) -> bool { matches!(self, Error::ArenaFull) } }
/// # mod constants {
/// #     use rawast_runtime::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};
/// #     pub const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
/// # }
/// // `Error`: the parser's error type, as in the example of `IsArenaFull`.
///
/// /// The builder: parses `source` into the arena, returns the root's address.
/// pub fn build_document<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, Error> {
///     if source.is_empty() {
///         return Err(Error::Empty);
///     }
///     Ok(allocator.alloc(source.slice(0..source.len()))?.as_ptr().cast())
/// }
///
/// pub fn encode(source: &str) -> Result<RawBuffer, Error> {
///     build(source, SourcePlacement::Start, &constants::BUFFER_FORMAT, source.len() * 4, build_document)
/// }
///
/// pub fn encode_to_vec(source: &str) -> Result<Vec<u8>, Error> {
///     let buffer = build(source, SourcePlacement::Start, &constants::BUFFER_FORMAT, source.len() * 4, build_document)?;
///     Ok(buffer.as_bytes().to_vec())
/// }
///
/// pub fn encode_with_closure(source: &str) -> Result<RawBuffer, Error> {
///     let (format, capacity) = (&constants::BUFFER_FORMAT, source.len() * 4);
///     let buffer = build(source, SourcePlacement::Start, format, capacity, |allocator, source| -> Result<*const u8, Error> {
///         Ok(allocator.alloc(source.slice(0..source.len()))?.as_ptr().cast())
///     })?;
///     Ok(buffer)
/// }
/// # assert_eq!(&encode("hello").unwrap().as_bytes()[..5], b"hello");
/// # assert_eq!(&encode_to_vec("hello").unwrap()[..5], b"hello");
/// # assert_eq!(&encode_with_closure("hello").unwrap().as_bytes()[..5], b"hello");
/// # assert!(matches!(encode_to_vec(""), Err(Error::Empty)));
/// ```
///
/// A closure whose return type nothing states leaves `E` open: `Ok(...)` names no error type, and
/// `?` inside the closure converts to whatever `E` is. Returned directly, `build` takes `E` from
/// the enclosing function's return type; with `?` after it, nothing decides `E`, and rustc stops
/// with `error[E0283]: type annotations needed` (`cannot infer type of the type parameter E`,
/// `required by a bound in rawast_runtime::build`). State the closure's return type, as above, or
/// name the error type on the call: `build::<Error>(...)`.
///
/// ```compile_fail,E0283
/// # use rawast_runtime::{ArenaFull, BufferFormat, BufferTooLarge, IsArenaFull, RawBuffer, SourcePlacement, build};
/// # #[derive(Debug)]
/// # pub enum Error { ArenaFull, TooLarge }
/// # impl From<ArenaFull> for Error { fn from(_: ArenaFull) -> Self { Error::ArenaFull } }
/// # impl From<BufferTooLarge> for Error { fn from(_: BufferTooLarge) -> Self { Error::TooLarge } }
/// # impl IsArenaFull for Error { fn is_arena_full(&self) -> bool { matches!(self, Error::ArenaFull) } }
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(rawast_runtime::FORMAT_VERSION, rawast_runtime::METADATA_SIZE, 1);
/// pub fn encode(source: &str) -> Result<RawBuffer, Error> {
///     let buffer = build(source, SourcePlacement::Start, &BUFFER_FORMAT, 64, |allocator, source| {
///         Ok(allocator.alloc(source.slice(0..source.len()))?.as_ptr().cast())
///     })?;
///     Ok(buffer)
/// }
/// ```
///
/// # Errors
///
/// The builder's own errors but those [`IsArenaFull`] calls a full arena, as it returned them, and
/// [`BufferTooLarge`] converted into `E` when the source, or the source and its tree, need a buffer
/// of 4 GiB or more. A full arena is never an error: the builder runs again over a larger one.
pub fn build<E: From<BufferTooLarge> + IsArenaFull>(
    source: &str,
    placement: SourcePlacement,
    format: &BufferFormat,
    mut arena_capacity: usize,
    mut build_ast: impl for<'a> FnMut(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<RawBuffer, E> {
    // The region never outgrows the format's u32 offsets: checked before anything is allocated.
    let Some(room) = MAX_BUFFER.checked_sub(METADATA_SIZE + source.len()) else {
        return Err(BufferTooLarge.into());
    };
    arena_capacity = arena_capacity.max(MIN_ARENA).min(room);
    loop {
        if let Some(buffer) = try_build(source, placement, format, arena_capacity, &mut build_ast)? {
            return Ok(buffer);
        }
        if arena_capacity >= room {
            return Err(BufferTooLarge.into());
        }
        arena_capacity = arena_capacity.saturating_mul(2).min(room);
    }
}

/// Tells [`build`] and [`build_into`](crate::build_into) which errors of the builder mean "retry
/// with a larger arena": implement it on your error type, true for the value your
/// `From<ArenaFull>` makes. A builder error it calls full is retried (`build`) or answered with
/// the size to retry with (`build_into`); every other one is returned as a failure of the parse.
///
/// ```
/// use rawast_runtime::{ArenaFull, BufferTooLarge, IsArenaFull};
///
/// #[derive(Debug)]
/// pub enum Error {
///     Syntax { offset: usize, message: String },
///     ArenaFull,
///     TooLarge,
/// }
///
/// impl From<ArenaFull> for Error {
///     fn from(_: ArenaFull) -> Self {
///         Error::ArenaFull
///     }
/// }
///
/// impl From<BufferTooLarge> for Error {
///     fn from(_: BufferTooLarge) -> Self {
///         Error::TooLarge
///     }
/// }
///
/// impl IsArenaFull for Error {
///     fn is_arena_full(&self) -> bool {
///         matches!(self, Error::ArenaFull)
///     }
/// }
/// # assert!(Error::ArenaFull.is_arena_full() && !Error::TooLarge.is_arena_full());
/// ```
///
/// The generated addon shows a failed parse to JS by the error's `Display`, so give it one.
pub trait IsArenaFull {
    /// Whether this error is a full arena ([`ArenaFull`], converted), rather than a failure of the
    /// parse.
    fn is_arena_full(&self) -> bool;
}

impl IsArenaFull for ArenaFull {
    fn is_arena_full(&self) -> bool {
        true
    }
}

impl From<BufferTooLarge> for ArenaFull {
    /// For builders whose only error is `ArenaFull`: running out of format space ends the same way.
    fn from(_: BufferTooLarge) -> Self {
        ArenaFull
    }
}

/// One attempt of `build`: a zeroed region sized for `arena_capacity`, laid out by `write_buffer`;
/// `None` when the arena is too small.
fn try_build<E: From<BufferTooLarge> + IsArenaFull>(
    source: &str,
    placement: SourcePlacement,
    format: &BufferFormat,
    arena_capacity: usize,
    build_ast: &mut impl for<'a> FnMut(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Option<RawBuffer>, E> {
    let arena_capacity = arena_capacity.next_multiple_of(8);
    let total = region_size(source.len(), arena_capacity).ok_or(BufferTooLarge)?;
    let mut storage = vec![0u64; total / 8];
    // SAFETY: `storage` is `total / 8` initialized `u64`s, viewed as their bytes (any bit pattern is
    // a valid `u8`); the view is dropped before `storage` is used again.
    let region = unsafe { core::slice::from_raw_parts_mut(storage.as_mut_ptr().cast::<u8>(), storage.len() * 8) };
    let Some(range) = write_buffer(region, SourceText::Copy(source), placement, format, arena_capacity, build_ast)?
    else {
        return Ok(None);
    };
    Ok(Some(RawBuffer { storage, start: range.start, len: range.len() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{FORMAT, Failure, zeroed_bytes};

    /// `into_parts` hands over the storage `as_bytes` reads, at the same address and range.
    #[test]
    fn into_parts_gives_the_bytes_of_as_bytes_in_place() {
        for placement in [SourcePlacement::Start, SourcePlacement::End] {
            let buffer = build("hello", placement, &FORMAT, 64, |allocator, _| -> Result<*const u8, ArenaFull> {
                Ok(allocator.alloc(7u64)?.as_ptr().cast())
            })
            .unwrap();
            let (address, bytes) = (buffer.as_bytes().as_ptr(), buffer.as_bytes().to_vec());
            let (storage, range) = buffer.into_parts();
            // SAFETY: `storage` is a live `Vec<u64>`: its bytes are initialized and in bounds up to its length.
            let all = unsafe { core::slice::from_raw_parts(storage.as_ptr().cast::<u8>(), storage.len() * 8) };
            assert_eq!(all[range.clone()].as_ptr(), address);
            assert_eq!(&all[range.clone()], &bytes[..]);
            assert_eq!(range.start % 8, 0);
            assert_eq!(address as usize % 8, 0);
        }
    }

    /// A source the format cannot hold is refused before the AST builder runs or anything is copied.
    /// The 4 GiB of zeros are mapped lazily and never touched.
    #[test]
    fn a_source_past_the_format_limit_is_refused_up_front() {
        let Some(zeros) = zeroed_bytes(MAX_BUFFER) else { return };
        let source = zeros.as_str();
        let result = build(source, SourcePlacement::Start, &FORMAT, 64, |_, _| -> Result<*const u8, Failure> {
            unreachable!("nothing to build into")
        });
        assert_eq!(result.err(), Some(Failure::TooLarge));
    }

    /// An AST that never fits stops at the format's limit instead of doubling forever.
    #[test]
    fn an_arena_that_never_suffices_ends_in_buffer_too_large() {
        let mut tries = std::vec::Vec::new();
        let result = build("x", SourcePlacement::End, &FORMAT, 1 << 20, |allocator, _| -> Result<*const u8, Failure> {
            tries.push(allocator.used());
            // Ask for more than a 4 GiB buffer can hold; never allocated, the arena just says no.
            allocator.alloc_vec(core::iter::repeat_n(0u8, MAX_BUFFER)).map_err(|_| Failure::Full)?;
            unreachable!()
        });
        assert_eq!(result.err(), Some(Failure::TooLarge));
        assert!(tries.len() <= 13, "capacity doubles from 1 MiB to the limit: {} tries", tries.len());
    }
}
