//! A bump allocator over one pre-sized region: the arena part of a buffer.
//!
//! Parser layout (`[source][arena][metadata]`) bumps upwards from just after the source; linter
//! layout (`[arena][source][metadata]`) bumps downwards from just before it, so in both cases the
//! finished buffer is exactly as long as the AST needs. When the region is full, allocation fails with
//! `ArenaFull` and the producer starts again with a larger region (`crate::buffer::build`).

use core::cell::Cell;
use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::arena::{Box, Str, Vec};

/// An allocation did not fit in the arena's region: every allocating [`Allocator`] method returns it then.
///
/// It is not a failure of the parse but a request for more room, so a builder passes it on
/// unchanged (`?` into its own error type) instead of reporting it: [`build`](crate::build) then
/// runs the builder again over an arena twice as large, and [`build_into`](crate::build_into)
/// answers [`BuildIntoError::RegionTooSmall`](crate::BuildIntoError::RegionTooSmall) with the size
/// to retry with. Which of the builder's errors carry it, its [`IsArenaFull`](crate::IsArenaFull)
/// implementation says.
///
/// A builder whose only error is `ArenaFull` gets it back from `build` only when no buffer of the
/// format's 4 GiB can hold the tree (the `From<BufferTooLarge>` conversion).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaFull;

impl core::fmt::Display for ArenaFull {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the AST does not fit in the arena of the rawast buffer")
    }
}

impl std::error::Error for ArenaFull {}

/// Which way allocations move through the region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// From the low end up: the parser layout, arena after the source.
    Up,
    /// From the high end down: the linter layout, arena before the source.
    Down,
}

/// The bump allocator a builder puts its AST in: it hands out memory of the buffer's arena region
/// and never frees. [`build`](crate::build) and [`build_into`](crate::build_into) make one for each
/// run of the builder and pass it by reference; it cannot be made otherwise.
///
/// Each method moves or copies a value into the arena and returns the arena type that points to it
/// ([`Box`], [`Str`], [`Vec`]), with the allocator's lifetime `'a`, the buffer's. Put those in
/// your AST's fields, and the root node's address ([`Box::as_ptr`]) is what the builder returns.
/// Every method fails with [`ArenaFull`] when the region has no room left: pass it on with `?`.
///
/// ```
/// use rawast_runtime::{Allocator, ArenaFull, Box, Str, Vec};
/// # use rawast_runtime::{BufferFormat, FORMAT_VERSION, METADATA_SIZE, SourcePlacement, build};
/// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
///
/// #[repr(C)]
/// struct Call<'a> {
///     name: Str<'a>,
///     arguments: Vec<'a, Box<'a, u32>>,
/// }
///
/// fn build_call<'a>(allocator: &Allocator<'a>, source: rawast_runtime::Source<'a>) -> Result<*const u8, ArenaFull> {
///     // Text of the source: a slice of it, no copy. Other text: copied into the arena.
///     let name = if source.starts_with("print") { source.slice(0..5) } else { allocator.alloc_str("print")? };
///     // `alloc_vec` needs to know the length up front: collect into a `std::vec::Vec` first
///     // when the items come from a loop or a filter.
///     let mut arguments = std::vec::Vec::new();
///     for number in [1, 2, 3] {
///         arguments.push(allocator.alloc(number)?);
///     }
///     let arguments = allocator.alloc_vec(arguments.into_iter())?;
///     let call = allocator.alloc(Call { name, arguments })?;
///     Ok(call.as_ptr().cast())
/// }
/// # let buffer = build("print(1, 2, 3)", SourcePlacement::Start, &BUFFER_FORMAT, 64, build_call)?;
/// # Ok::<(), ArenaFull>(())
/// ```
pub struct Allocator<'a> {
    low: usize,
    high: usize,
    /// Up: the next free address. Down: one past the last free address.
    cursor: Cell<usize>,
    direction: Direction,
    marker: PhantomData<&'a mut [u8]>,
}

impl<'a> Allocator<'a> {
    /// # Safety
    /// `[low, high)` must be writable memory, unused by anything else, for `'a`.
    pub(crate) unsafe fn new(low: *mut u8, high: *mut u8, direction: Direction) -> Self {
        let (low, high) = (low as usize, high as usize);
        let cursor = match direction {
            Direction::Up => low,
            Direction::Down => high,
        };
        Self { low, high, cursor: Cell::new(cursor), direction, marker: PhantomData }
    }

    /// The address range the allocations so far take, `(start, end)` with `end` excluded: real
    /// addresses in the region, growing up in the parser layout and down in the linter layout.
    pub fn used(&self) -> (usize, usize) {
        match self.direction {
            Direction::Up => (self.low, self.cursor.get()),
            Direction::Down => (self.cursor.get(), self.high),
        }
    }

    /// Reserves `size` bytes aligned to `align` (a power of two).
    fn reserve(&self, size: usize, align: usize) -> Result<NonNull<u8>, ArenaFull> {
        let address = match self.direction {
            Direction::Up => {
                let start = self.cursor.get().checked_next_multiple_of(align).ok_or(ArenaFull)?;
                let end = start.checked_add(size).ok_or(ArenaFull)?;
                if end > self.high {
                    return Err(ArenaFull);
                }
                self.cursor.set(end);
                start
            }
            Direction::Down => {
                let start = self.cursor.get().checked_sub(size).ok_or(ArenaFull)? & !(align - 1);
                if start < self.low {
                    return Err(ArenaFull);
                }
                self.cursor.set(start);
                start
            }
        };
        // SAFETY: `address` lies inside `[low, high)`, which is non-null memory (see `new`).
        Ok(unsafe { NonNull::new_unchecked(address as *mut u8) })
    }

    /// Moves `value` into the arena, for a node or any other value a field points to.
    ///
    /// # Errors
    /// [`ArenaFull`] when the region has no room for a `T`.
    pub fn alloc<T>(&self, value: T) -> Result<Box<'a, T>, ArenaFull> {
        let ptr = self.reserve(size_of::<T>(), align_of::<T>())?.cast::<T>();
        // SAFETY: freshly reserved, aligned and sized for a `T`, owned by the arena for `'a`.
        unsafe {
            ptr.as_ptr().write(value);
            Ok(Box::from_raw(ptr))
        }
    }

    /// Copies `text` into the arena: for strings that are not verbatim in the source (an unescaped
    /// string literal, a name the parser makes up). Text that is in the source takes no copy:
    /// [`Source::slice`](crate::Source::slice) points into it.
    ///
    /// # Errors
    /// [`ArenaFull`] when the region has no room for `text`.
    pub fn alloc_str(&self, text: &str) -> Result<Str<'a>, ArenaFull> {
        let ptr = self.reserve(text.len(), 1)?;
        // SAFETY: freshly reserved for `text.len()` bytes, owned by the arena for `'a`.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr(), ptr.as_ptr(), text.len());
            Ok(Str::from_wtf8(core::slice::from_raw_parts(ptr.as_ptr(), text.len())))
        }
    }

    /// Copies a string with lone surrogates, given as UTF-16 code units, into the arena as WTF-8:
    /// each lone surrogate takes the three bytes UTF-8 would give its code point. For a string
    /// literal such as `"\uD800"`, whose value JS can hold and `str` cannot; the deserializer gives
    /// JS the same lone surrogate back. Valid UTF-16 comes out as plain UTF-8.
    ///
    /// # Errors
    /// [`ArenaFull`] when the region has no room for the bytes.
    pub fn alloc_wtf8(&self, units: &[u16]) -> Result<Str<'a>, ArenaFull> {
        let mut bytes = std::vec::Vec::with_capacity(units.len() * 3);
        for unit in char::decode_utf16(units.iter().copied()) {
            let code = match unit {
                Ok(c) => u32::from(c),
                Err(lone) => u32::from(lone.unpaired_surrogate()),
            };
            match code {
                0..0x80 => bytes.push(code as u8),
                0x80..0x800 => bytes.extend([0xC0 | (code >> 6) as u8, 0x80 | (code & 0x3F) as u8]),
                0x800..0x10000 => bytes.extend([
                    0xE0 | (code >> 12) as u8,
                    0x80 | ((code >> 6) & 0x3F) as u8,
                    0x80 | (code & 0x3F) as u8,
                ]),
                _ => bytes.extend([
                    0xF0 | (code >> 18) as u8,
                    0x80 | ((code >> 12) & 0x3F) as u8,
                    0x80 | ((code >> 6) & 0x3F) as u8,
                    0x80 | (code & 0x3F) as u8,
                ]),
            }
        }
        let ptr = self.reserve(bytes.len(), 1)?;
        // SAFETY: freshly reserved for `bytes.len()` bytes, owned by the arena for `'a`.
        unsafe {
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.as_ptr(), bytes.len());
            Ok(Str::from_wtf8(core::slice::from_raw_parts(ptr.as_ptr(), bytes.len())))
        }
    }

    /// Collects `items` into an arena array of exactly their number, for a field of type
    /// [`Vec`]. The length must be known before the first item is written, so `items` is an
    /// [`ExactSizeIterator`]: a `std::vec::Vec`'s `into_iter()`, an array's, a `map` over either.
    /// Items that come from a loop or a `filter` are collected into a `std::vec::Vec` first. An
    /// empty `items` allocates nothing; [`Vec::new`] is the same empty vector.
    ///
    /// ```
    /// # use rawast_runtime::{Allocator, ArenaFull, BufferFormat, FORMAT_VERSION, METADATA_SIZE, Source, SourcePlacement, build};
    /// # const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);
    /// fn build_numbers<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
    ///     // `split` has no length: collect it first.
    ///     let numbers: Vec<u32> = source.split(',').map(|n| n.trim().parse().unwrap_or(0)).collect();
    ///     let numbers = allocator.alloc_vec(numbers.into_iter())?;
    ///     assert_eq!(numbers.as_slice(), [1, 2, 3]);
    ///     Ok(allocator.alloc(numbers)?.as_ptr().cast())
    /// }
    /// # build("1, 2, 3", SourcePlacement::Start, &BUFFER_FORMAT, 64, build_numbers)?;
    /// # Ok::<(), ArenaFull>(())
    /// ```
    ///
    /// # Errors
    /// [`ArenaFull`] when the region has no room for the items, or there are 2³² or more of them.
    ///
    /// # Panics
    /// When `items` yields fewer items than its `len()` said (a broken `ExactSizeIterator`).
    pub fn alloc_vec<T>(&self, items: impl ExactSizeIterator<Item = T>) -> Result<Vec<'a, T>, ArenaFull> {
        let len = items.len();
        let bytes = len.checked_mul(size_of::<T>()).ok_or(ArenaFull)?;
        let ptr = self.reserve(bytes, align_of::<T>())?.cast::<T>();
        let mut written = 0;
        for item in items.take(len) {
            // SAFETY: in bounds of the `len` elements reserved above.
            unsafe { ptr.as_ptr().add(written).write(item) };
            written += 1;
        }
        assert_eq!(written, len, "ExactSizeIterator yielded fewer items than it promised");
        let len = u32::try_from(len).map_err(|_| ArenaFull)?;
        // SAFETY: `len` initialized elements at `ptr`, owned by the arena for `'a`.
        Ok(unsafe { Vec::from_raw_parts(ptr, len) })
    }
}
