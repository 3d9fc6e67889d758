//! Laying out one buffer in a region of memory, and [`build_into`], which does it in memory the
//! caller owns and keeps between builds (a JS `ArrayBuffer` reused across parses, say).
//!
//! [`build`](crate::build) allocates its own region and grows it until the AST fits; `build_into`
//! cannot grow the caller's memory, so when the region is too small it says how large a region to
//! try next and leaves the growing to the caller. Both lay the buffer out with `write_buffer`.

use core::ops::Range;

use crate::allocator::{Allocator, Direction};
use crate::arena::Source;
use crate::buffer::{BufferTooLarge, IsArenaFull, MAX_BUFFER, SourcePlacement};
use crate::format::{BufferFormat, METADATA_SIZE, Metadata};

/// The smallest arena either entry point builds with.
pub(crate) const MIN_ARENA: usize = 64;

/// Where [`build_into`] put the buffer: bytes `start..start + len` of the region. `start` is a
/// multiple of 8, so the buffer is 8-aligned in memory as the region is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Built {
    /// The buffer's first byte in the region.
    pub start: usize,
    /// The buffer's length in bytes, metadata block included.
    pub len: usize,
}

impl Built {
    /// The buffer's bytes within the region.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.len
    }
}

/// Why [`build_into`] wrote no buffer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildIntoError<E> {
    /// The region does not start at an 8-aligned address (the arena's `u64`s and pointers need it).
    Misaligned {
        /// The region's address.
        address: usize,
    },
    /// The region cannot hold the source, or the AST did not fit in what was left: build again into
    /// a region of at least `next_size` bytes. Never more than a buffer under 4 GiB needs.
    RegionTooSmall {
        /// The size of region to build into next.
        next_size: usize,
    },
    /// The builder's own error (a parse error, say), or [`BufferTooLarge`] converted into `E` when
    /// the source and AST would not fit the format's 4 GiB whatever the region.
    Build(E),
    /// [`build_into_written`]'s source is not in the region: `source_len` bytes, past its end.
    SourceOutsideRegion {
        /// The source's length the caller gave.
        source_len: usize,
        /// The region's length.
        region_len: usize,
    },
    /// [`build_into_written`]'s source is not UTF-8 from byte `valid_up_to` on.
    SourceNotUtf8 {
        /// The length of the source's longest prefix that is UTF-8.
        valid_up_to: usize,
    },
}

impl<E: core::fmt::Display> core::fmt::Display for BuildIntoError<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            BuildIntoError::Misaligned { address } => {
                write!(f, "the region at {address:#x} for a rawast buffer is not 8-aligned")
            }
            BuildIntoError::RegionTooSmall { next_size } => {
                write!(f, "the region is too small for the rawast buffer: try one of {next_size} bytes")
            }
            BuildIntoError::Build(error) => error.fmt(f),
            BuildIntoError::SourceOutsideRegion { source_len, region_len } => {
                write!(f, "the source's {source_len} bytes run past the region's {region_len}")
            }
            BuildIntoError::SourceNotUtf8 { valid_up_to } => {
                write!(f, "the source written in the region is not UTF-8 from byte {valid_up_to} on")
            }
        }
    }
}

impl<E: core::fmt::Debug + core::fmt::Display> std::error::Error for BuildIntoError<E> {}

/// Builds a buffer for `source` in the format of one schema into `region`, as
/// [`build`](crate::build) would (the same layout, the same bytes apart from the addresses the
/// arena pointers and `base_low32` hold), but in memory the caller owns and may reuse. `build_ast`
/// is called at most once, with an arena of the room the source leaves in `region`.
///
/// `region` must start 8-aligned ([`BuildIntoError::Misaligned`] otherwise, once it is large
/// enough to build in). When it cannot hold the source, or the AST does not fit the rest, the
/// answer is [`BuildIntoError::RegionTooSmall`] with the size to try next (at least twice
/// `region`'s, so retries end after a few doublings); a parse error is [`BuildIntoError::Build`],
/// never a request to grow.
///
/// The buffer is valid while `region` holds these bytes: the arena pointers in it are addresses
/// within `region`, read relative to the metadata's `base_low32`, and the deserializer reads its
/// bytes where they lie. A reader must be done with a buffer before the region is built into again,
/// or its bytes change under it. Bytes of the region outside the buffer, and the few bytes of
/// alignment between the AST's allocations, keep whatever they held.
///
/// The builder and its error type `E` are those of [`build`](crate::build), which says how `E` is
/// read from the builder's return type; since the builder runs once, it may be a `FnOnce`.
///
/// ```
/// use rawast_runtime::{Allocator, ArenaFull, BuildIntoError, Source, SourcePlacement, build_into};
/// # use rawast_runtime::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
///
/// fn build_word<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
///     Ok(allocator.alloc(source.slice(0..source.len()))?.as_ptr().cast())
/// }
///
/// // Memory kept across builds; `u64`s, so that it is 8-aligned.
/// let mut memory = vec![0u64; 4];
/// let built = loop {
///     // SAFETY: the `u64`s are initialized, and any byte is a valid `u8`.
///     let region = unsafe { std::slice::from_raw_parts_mut(memory.as_mut_ptr().cast::<u8>(), memory.len() * 8) };
///     match build_into(region, "hello", SourcePlacement::Start, &BUFFER_FORMAT, build_word) {
///         Ok(built) => break built,
///         Err(BuildIntoError::RegionTooSmall { next_size }) => memory.resize(next_size.div_ceil(8), 0),
///         Err(error) => panic!("{error}"),
///     }
/// };
/// // SAFETY: as above.
/// let region = unsafe { std::slice::from_raw_parts(memory.as_ptr().cast::<u8>(), memory.len() * 8) };
/// assert_eq!(&region[built.range()][..5], b"hello");
/// ```
///
/// # Errors
///
/// [`BuildIntoError::RegionTooSmall`] when the region is too small (build again into one of the
/// size it gives), [`BuildIntoError::Misaligned`] when it is not 8-aligned,
/// [`BuildIntoError::Build`] with the builder's error or [`BufferTooLarge`].
pub fn build_into<E: From<BufferTooLarge> + IsArenaFull>(
    region: &mut [u8],
    source: &str,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Built, BuildIntoError<E>> {
    build_into_region(region, SourceText::Copy(source), placement, format, build_ast)
}

/// [`build_into`] for a source the caller has written at the start of `region` already: its first
/// `source_len` bytes, checked to be UTF-8 ([`BuildIntoError::SourceNotUtf8`] otherwise) and moved
/// to where `placement` puts the source (the parser layout leaves them where they are). A JS caller
/// writes a string's UTF-8 there with one native call, where handing the string over would convert
/// it through the engine's API and copy it again.
///
/// On [`BuildIntoError::RegionTooSmall`] the source is to be written again into the larger region.
///
/// # Errors
///
/// Those of [`build_into`], and [`BuildIntoError::SourceOutsideRegion`] or
/// [`BuildIntoError::SourceNotUtf8`] when the written source is not `source_len` bytes of UTF-8 in
/// the region.
pub fn build_into_written<E: From<BufferTooLarge> + IsArenaFull>(
    region: &mut [u8],
    source_len: usize,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Built, BuildIntoError<E>> {
    let Some(written) = region.get(..source_len) else {
        return Err(BuildIntoError::SourceOutsideRegion { source_len, region_len: region.len() });
    };
    if let Err(error) = simdutf8::compat::from_utf8(written) {
        return Err(BuildIntoError::SourceNotUtf8 { valid_up_to: error.valid_up_to() });
    }
    build_into_region(region, SourceText::Written(source_len), placement, format, build_ast)
}

/// The source text a buffer is laid out with.
#[derive(Debug, Clone, Copy)]
pub(crate) enum SourceText<'s> {
    /// Text to copy into the region.
    Copy(&'s str),
    /// The region's first `usize` bytes, which hold UTF-8 (`build_into_written` checks it, and is
    /// the only maker of this variant).
    Written(usize),
}

impl SourceText<'_> {
    fn len(self) -> usize {
        match self {
            SourceText::Copy(text) => text.len(),
            SourceText::Written(len) => len,
        }
    }
}

fn build_into_region<E: From<BufferTooLarge> + IsArenaFull>(
    region: &mut [u8],
    source: SourceText<'_>,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Built, BuildIntoError<E>> {
    let (address, region_len) = (region.as_ptr() as usize, region.len());
    // The arena never outgrows the format's u32 offsets: as in `build`, checked before anything is copied.
    let too_large = || BuildIntoError::Build(BufferTooLarge.into());
    let room = MAX_BUFFER.checked_sub(METADATA_SIZE + source.len()).ok_or_else(too_large)?;
    let largest = room.next_multiple_of(8);
    let fixed = region_size(source.len(), 0).ok_or_else(too_large)?;
    let next_size = |arena_capacity: usize| {
        let arena = arena_capacity.saturating_mul(2).clamp(MIN_ARENA, largest);
        let limit = region_size(source.len(), largest).unwrap_or(usize::MAX);
        region_size(source.len(), arena).unwrap_or(usize::MAX).max(region_len.saturating_mul(2)).min(limit)
    };
    let arena_capacity = match region_len.checked_sub(fixed) {
        Some(free) if free >= MIN_ARENA => (free & !7).min(largest),
        _ => return Err(BuildIntoError::RegionTooSmall { next_size: next_size(0) }),
    };
    // Checked once the region is known to be large enough: an empty one has no address to speak of.
    if !address.is_multiple_of(8) {
        return Err(BuildIntoError::Misaligned { address });
    }
    let next_size = next_size(arena_capacity);
    match write_buffer(region, source, placement, format, arena_capacity, build_ast) {
        Ok(Some(range)) => Ok(Built { start: range.start, len: range.len() }),
        Ok(None) if arena_capacity >= room => Err(too_large()),
        Ok(None) => Err(BuildIntoError::RegionTooSmall { next_size }),
        Err(error) => Err(BuildIntoError::Build(error)),
    }
}

/// The bytes of region a buffer of `source_len` bytes of source and an arena of `arena_capacity`
/// bytes (a multiple of 8) is laid out in, or `None` past the address space.
pub(crate) fn region_size(source_len: usize, arena_capacity: usize) -> Option<usize> {
    source_len
        .checked_next_multiple_of(8)?
        .checked_add(arena_capacity)?
        .checked_add(METADATA_SIZE.next_multiple_of(8) + 8)
}

/// Lays out the buffer of `source` in `region`: puts the source in place, runs `build_ast` over an arena
/// of `arena_capacity` bytes, writes the metadata block. Returns the buffer's byte range in
/// `region`, or `None` when the builder's error says the arena is full. The gaps of alignment
/// around the source and before the metadata are zeroed, so the buffer's bytes do not depend on
/// what the region held before.
///
/// `region` must be 8-aligned and at least `region_size(source.len(), arena_capacity)` bytes, and
/// `arena_capacity` a multiple of 8: both callers size it so.
pub(crate) fn write_buffer<E: From<BufferTooLarge> + IsArenaFull>(
    region: &mut [u8],
    source: SourceText<'_>,
    placement: SourcePlacement,
    format: &BufferFormat,
    arena_capacity: usize,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Option<Range<usize>>, E> {
    let source_len = source.len().next_multiple_of(8);
    // Internal invariants of both callers; the allocator's bounds below rely on them.
    assert!(
        (region.as_ptr() as usize).is_multiple_of(8)
            && arena_capacity.is_multiple_of(8)
            && region_size(source.len(), arena_capacity).is_some_and(|size| size <= region.len()),
        "write_buffer: region misaligned or too small for its arena"
    );
    // Offsets inside the region of the source and of the arena's bounds.
    let (source_at, arena_low, arena_high, direction) = match placement {
        SourcePlacement::Start => (0, source_len, source_len + arena_capacity, Direction::Up),
        SourcePlacement::End => (arena_capacity, 0, arena_capacity, Direction::Down),
    };
    let source_end = source_at + source.len();
    match source {
        SourceText::Copy(text) => region[source_at..source_end].copy_from_slice(text.as_bytes()),
        // Its range may overlap the new one: `copy_within` moves it as `memmove` does.
        SourceText::Written(len) => region.copy_within(..len, source_at),
    }
    let region_address = region.as_ptr() as usize;
    let base_ptr = region.as_mut_ptr();
    // SAFETY: the source and arena offsets are within `region` (asserted above), which is borrowed
    // for this call and outlives `allocator`, `source_in_buffer` and every arena pointer (they end up
    // as plain addresses in the buffer bytes, never dereferenced after `build_ast` returns). The
    // source range holds the source, valid UTF-8 (a `str`, or bytes `build_into_written` checked),
    // and the arena range is disjoint from it.
    let (root, used, source_in_buffer) = unsafe {
        let source_ptr = base_ptr.add(source_at);
        let source_in_buffer = core::str::from_utf8_unchecked(core::slice::from_raw_parts(source_ptr, source.len()));
        let allocator = Allocator::new(base_ptr.add(arena_low), base_ptr.add(arena_high), direction);
        match build_ast(&allocator, Source::new(source_in_buffer)) {
            Ok(root) => (root as usize, allocator.used(), source_ptr as usize),
            Err(error) if error.is_arena_full() => return Ok(None),
            Err(error) => return Err(error),
        }
    };

    let (start, end_of_content) = match placement {
        SourcePlacement::Start => (0, used.1 - region_address),
        // The buffer begins at the lowest arena allocation, rounded down to keep 8-byte alignment.
        SourcePlacement::End => ((used.0 - region_address) & !7, source_end),
    };
    let metadata_at = end_of_content.next_multiple_of(8);
    let end = metadata_at + METADATA_SIZE;
    if end - start > MAX_BUFFER {
        return Err(BufferTooLarge.into());
    }
    match placement {
        SourcePlacement::Start => region[source_end..source_len].fill(0),
        SourcePlacement::End => region[start..used.0 - region_address].fill(0),
    }
    region[end_of_content..metadata_at].fill(0);
    let base = region_address + start;
    let metadata = Metadata {
        root: (root - base) as u32,
        source_start: (source_in_buffer - base) as u32,
        source_len: source.len() as u32,
        source_ascii_len: ascii_prefix_len(&region[source_at..source_end]) as u32,
        base_low32: base as u32,
    };
    region[metadata_at..end].copy_from_slice(&metadata.to_bytes(format));
    Ok(Some(start..end))
}

/// How many bytes `bytes` starts with that are ASCII, read a word at a time: the scan covers the
/// whole source of every ASCII file.
fn ascii_prefix_len(bytes: &[u8]) -> usize {
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut words = bytes.chunks_exact(8);
    let mut len = 0;
    for word in &mut words {
        let high = u64::from_le_bytes(word.try_into().expect("eight bytes")) & HIGHS;
        if high != 0 {
            return len + (high.trailing_zeros() / 8) as usize;
        }
        len += 8;
    }
    len + words.remainder().iter().take_while(|b| b.is_ascii()).count()
}

#[cfg(test)]
mod tests;
