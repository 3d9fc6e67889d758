//! Building straight into a JS buffer the caller owns and reuses across calls (oxc-parser's way):
//! no allocation per call and nothing for the garbage collector to free, at the price of a rule
//! the caller keeps, that a buffer is read only until the next build into the same memory.
//!
//! The JS memory is borrowed for the call as napi-rs 3's `Uint8ArraySlice`, and written through
//! its `as_mut`. That is sound because no JS runs while the build does (the builder calls no JS),
//! and no other thread can reach the memory: a `SharedArrayBuffer` is refused.

use core::fmt;
use core::ptr;

use napi::bindgen_prelude::{JsValue, Uint8ArraySlice};
use napi::{Status, sys};
use rawast_runtime::{
    Allocator, BufferFormat, BufferTooLarge, BuildIntoError, Built, IsArenaFull, Source, SourcePlacement,
};

/// What a build into a JS buffer came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// The buffer is the JS buffer's bytes `start..start + len`; `start` is a multiple of 8.
    Built {
        /// The buffer's first byte in the JS buffer.
        start: usize,
        /// The buffer's length in bytes.
        len: usize,
    },
    /// The JS buffer is too small for the source or its AST: build again into one of at least `to`
    /// bytes (8-aligned, as a fresh `ArrayBuffer` is).
    Grow {
        /// The size of JS buffer to build into next.
        to: usize,
    },
}

/// Why a build into a JS buffer wrote nothing and asks for no larger one.
#[derive(Debug)]
pub enum ReuseError<E> {
    /// The JS buffer cannot be built into: shared, misaligned, or napi failed.
    Js(napi::Error),
    /// The builder's own error: a parse error, or the format's 4 GiB limit as `E`.
    Build(E),
}

impl<E: fmt::Display> From<ReuseError<E>> for napi::Error {
    /// A builder's error becomes a plain JS `Error` with its message.
    fn from(error: ReuseError<E>) -> Self {
        match error {
            ReuseError::Js(error) => error,
            ReuseError::Build(error) => napi::Error::from_reason(error.to_string()),
        }
    }
}

/// Builds the buffer of `source` into `buffer`, JS memory the caller keeps between calls, with
/// [`rawast_runtime::build_into`]: the range of the buffer in it, or the size to grow it to.
///
/// The bytes at that range are a rawast buffer until the caller builds into the same memory again;
/// a JS reader must be done with them by then (an eager deserializer, which copies everything into
/// JS values, is; a lazy tree over them is not).
pub fn build_into<E: From<BufferTooLarge> + IsArenaFull>(
    buffer: &mut Uint8ArraySlice<'_>,
    source: &str,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Written, ReuseError<E>> {
    refuse_shared(buffer).map_err(ReuseError::Js)?;
    // The source is copied into the region first: bytes of it there would be overwritten as read.
    let (region_start, source_start) = (buffer.as_ptr() as usize, source.as_ptr() as usize);
    if source_start < region_start + buffer.len() && region_start < source_start + source.len() {
        return Err(ReuseError::Js(napi::Error::new(
            Status::InvalidArg,
            "the source lies in the buffer it is to be built into: pass the source's bytes from other memory",
        )));
    }
    // SAFETY: the memory is not shared with other threads (checked above), no JS runs until this
    // call returns (the builder is Rust alone), and `buffer` is borrowed mutably for the call, so
    // nothing else reads or writes these bytes while the slice lives.
    let region = unsafe { buffer.as_mut() };
    written(rawast_runtime::build_into(region, source, placement, format, build_ast))
}

/// [`build_into`] for a source JS has written at the start of `buffer` already: its first
/// `source_len` bytes (`Buffer.prototype.utf8Write` writes a string's UTF-8 there with one native
/// call, where a string handed to Rust is converted through napi and then copied). The bytes are
/// checked to be UTF-8. On [`Written::Grow`] the source is to be written again into the larger
/// buffer.
pub fn build_into_written<E: From<BufferTooLarge> + IsArenaFull>(
    buffer: &mut Uint8ArraySlice<'_>,
    source_len: usize,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Written, ReuseError<E>> {
    refuse_shared(buffer).map_err(ReuseError::Js)?;
    // SAFETY: as in `build_into`: unshared memory, no JS running, borrowed mutably for the call.
    let region = unsafe { buffer.as_mut() };
    written(rawast_runtime::build_into_written(region, source_len, placement, format, build_ast))
}

/// [`build_into_written`] for a source JS has written into `buffer` as UTF-16: `units` code units,
/// little-endian, at byte `units_at` (`Buffer.prototype.ucs2Write`, a copy of how V8 holds a string
/// with characters past U+00FF, where writing its UTF-8 takes V8 about a nanosecond a character).
/// Their UTF-8 is written at the start of `buffer`, which must leave 3 bytes a unit before
/// `units_at`, and the build goes on over it. A lone surrogate becomes U+FFFD.
pub fn build_into_utf16<E: From<BufferTooLarge> + IsArenaFull>(
    buffer: &mut Uint8ArraySlice<'_>,
    units_at: usize,
    units: usize,
    placement: SourcePlacement,
    format: &BufferFormat,
    build_ast: impl for<'a> FnOnce(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>,
) -> Result<Written, ReuseError<E>> {
    refuse_shared(buffer).map_err(ReuseError::Js)?;
    // SAFETY: as in `build_into`: unshared memory, no JS running, borrowed mutably for the call.
    let region = unsafe { buffer.as_mut() };
    let units_end = units.checked_mul(2).and_then(|bytes| bytes.checked_add(units_at));
    let fits = units_end.is_some_and(|end| end <= region.len()) && units.saturating_mul(3) <= units_at;
    if !fits || !units_at.is_multiple_of(2) {
        return Err(ReuseError::Js(napi::Error::new(
            Status::InvalidArg,
            format!(
                "the {units} UTF-16 units at byte {units_at} of the {}-byte Uint8Array must lie in it, at an even offset, after room for their UTF-8 (3 bytes a unit)",
                region.len()
            ),
        )));
    }
    let (utf8, rest) = region.split_at_mut(units_at);
    let len = crate::utf16::utf16le_to_utf8(&rest[..units * 2], utf8);
    written(rawast_runtime::build_into_written(region, len, placement, format, build_ast))
}

/// What a build into a JS buffer came to, its failures as JS errors.
fn written<E>(result: Result<Built, BuildIntoError<E>>) -> Result<Written, ReuseError<E>> {
    let invalid = |message: String| ReuseError::Js(napi::Error::new(Status::InvalidArg, message));
    match result {
        Ok(built) => Ok(Written::Built { start: built.start, len: built.len }),
        Err(BuildIntoError::RegionTooSmall { next_size }) => Ok(Written::Grow { to: next_size }),
        Err(BuildIntoError::Build(error)) => Err(ReuseError::Build(error)),
        Err(BuildIntoError::Misaligned { address }) => Err(invalid(format!(
            "cannot build a rawast buffer at {address:#x}, which is not 8-aligned: give a Uint8Array whose byteOffset is a multiple of 8"
        ))),
        Err(BuildIntoError::SourceOutsideRegion { source_len, region_len }) => Err(invalid(format!(
            "the source's {source_len} bytes run past the {region_len}-byte Uint8Array they were to be written in"
        ))),
        Err(BuildIntoError::SourceNotUtf8 { valid_up_to }) => {
            Err(invalid(format!("the source written in the Uint8Array is not UTF-8 from byte {valid_up_to} on")))
        }
    }
}

/// An error unless `buffer` views an `ArrayBuffer` (not a `SharedArrayBuffer`, which other threads
/// may write while the build runs).
fn refuse_shared(buffer: &Uint8ArraySlice<'_>) -> napi::Result<()> {
    let value = buffer.value();
    let mut arraybuffer = ptr::null_mut();
    // SAFETY: `value` is a live `Uint8Array` of its env, for this call; napi fills the out-pointer
    // it is given and ignores the null ones.
    let status = unsafe {
        sys::napi_get_typedarray_info(
            value.env,
            value.value,
            ptr::null_mut(),
            ptr::null_mut(),
            ptr::null_mut(),
            &mut arraybuffer,
            ptr::null_mut(),
        )
    };
    if status != sys::Status::napi_ok {
        return Err(napi::Error::new(
            Status::from(status),
            "cannot read the Uint8Array to build a rawast buffer into".to_owned(),
        ));
    }
    let mut is_arraybuffer = false;
    // SAFETY: `arraybuffer` is the typed array's buffer, just returned by napi.
    let status = unsafe { sys::napi_is_arraybuffer(value.env, arraybuffer, &mut is_arraybuffer) };
    if status != sys::Status::napi_ok {
        return Err(napi::Error::new(
            Status::from(status),
            "cannot read the Uint8Array to build a rawast buffer into".to_owned(),
        ));
    }
    if !is_arraybuffer {
        return Err(napi::Error::new(
            Status::InvalidArg,
            "a rawast buffer is built into a Uint8Array over an ArrayBuffer, not a SharedArrayBuffer, which other threads may write meanwhile".to_owned(),
        ));
    }
    Ok(())
}
