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

/// The arena's region is used up; retry with a larger one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaFull;

/// Which way allocations move through the region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
}

/// Hands out memory from `[low, high)`; never frees.
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

    /// The address range in use: `[start, end)`.
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

    /// Moves `value` into the arena.
    pub fn alloc<T>(&self, value: T) -> Result<Box<'a, T>, ArenaFull> {
        let ptr = self.reserve(size_of::<T>(), align_of::<T>())?.cast::<T>();
        // SAFETY: freshly reserved, aligned and sized for a `T`, owned by the arena for `'a`.
        unsafe {
            ptr.as_ptr().write(value);
            Ok(Box::from_raw(ptr))
        }
    }

    /// Copies `text` into the arena (for strings that are not verbatim in the source).
    pub fn alloc_str(&self, text: &str) -> Result<Str<'a>, ArenaFull> {
        let ptr = self.reserve(text.len(), 1)?;
        // SAFETY: freshly reserved for `text.len()` bytes, owned by the arena for `'a`.
        unsafe {
            core::ptr::copy_nonoverlapping(text.as_ptr(), ptr.as_ptr(), text.len());
            Ok(Str::from_wtf8(core::slice::from_raw_parts(ptr.as_ptr(), text.len())))
        }
    }

    /// Copies a string with lone surrogates, given as UTF-16 code units, into the arena as WTF-8:
    /// each lone surrogate takes the three bytes UTF-8 would give its code point.
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

    /// Collects `items` into an arena array of exactly their number.
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
