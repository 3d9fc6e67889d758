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

/// Where the source text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourcePlacement {
    /// Parser layout: source first, arena after it.
    Start,
    /// Linter layout: arena first, source after it.
    End,
}

/// Buffers are addressed with `u32` offsets.
pub(crate) const MAX_BUFFER: usize = u32::MAX as usize;

/// A finished buffer. The bytes are 8-aligned in memory.
pub struct RawBuffer {
    /// `u64`s for alignment; the buffer is `storage` bytes `start..start + len`.
    storage: std::vec::Vec<u64>,
    start: usize,
    len: usize,
}

impl RawBuffer {
    /// The buffer, as a deserializer reads it.
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

/// The buffer is larger than the format's 4 GiB limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferTooLarge;

impl core::fmt::Display for BufferTooLarge {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the AST and source need a buffer of 4 GiB or more, beyond the buffer format's u32 offsets")
    }
}

impl std::error::Error for BufferTooLarge {}

/// Builds a buffer for `source` in the format of one schema (`BUFFER_FORMAT` of its generated
/// `constants.rs`). `build_ast` gets the allocator and the source as it lies in the buffer (whose
/// [`Source::slice`]s are `Str`s of the source region) and returns the root node's address. If the
/// arena fills up, it is called again with a region twice as large, starting from `arena_capacity`
/// bytes.
///
/// `E`, the builder's error, is [`ArenaFull`] itself or the producer's own error type (parse
/// errors, say), which then converts from `ArenaFull` (for `?` on allocations) and from
/// [`BufferTooLarge`], and says through [`IsArenaFull`] which of its values means "retry".
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

/// Tells `build` which errors of the AST builder mean "retry with a larger arena".
pub trait IsArenaFull {
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
