//! What the unit tests of `buffer` and `region` share: a builder error that tells "arena full"
//! from "too large", a format, and large zeroed memory that costs nothing until it is touched.

use crate::buffer::{BufferTooLarge, IsArenaFull};
use crate::format::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};

pub const FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 1);

/// A builder's error: `Full` asks for a larger arena, `Parse` stands for the producer's own.
#[derive(Debug, PartialEq)]
pub enum Failure {
    Full,
    TooLarge,
    Parse,
}

impl From<BufferTooLarge> for Failure {
    fn from(_: BufferTooLarge) -> Self {
        Failure::TooLarge
    }
}

impl IsArenaFull for Failure {
    fn is_arena_full(&self) -> bool {
        *self == Failure::Full
    }
}

/// Zeroed bytes from `alloc_zeroed`, 8-aligned: the OS maps them lazily, so gigabytes of them cost
/// address space until a page is touched. Freed on drop.
pub struct ZeroedBytes {
    ptr: *mut u8,
    layout: std::alloc::Layout,
}

/// `len` zeroed bytes, or `None` where the address space cannot lend them.
pub fn zeroed_bytes(len: usize) -> Option<ZeroedBytes> {
    let layout = std::alloc::Layout::from_size_align(len, 8).ok()?;
    // SAFETY: a non-zero size (callers ask for gigabytes); null is checked.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    (!ptr.is_null()).then_some(ZeroedBytes { ptr, layout })
}

impl ZeroedBytes {
    /// The bytes as text, without reading them (which would touch every page).
    pub fn as_str(&self) -> &str {
        // SAFETY: `layout.size()` bytes allocated and zeroed above, alive until drop; NUL bytes are
        // valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(core::slice::from_raw_parts(self.ptr, self.layout.size())) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as in `as_str`, borrowed mutably through `self`.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.layout.size()) }
    }
}

impl Drop for ZeroedBytes {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed_bytes` with this layout, freed once.
        unsafe { std::alloc::dealloc(self.ptr, self.layout) };
    }
}
