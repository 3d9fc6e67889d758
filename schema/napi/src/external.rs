//! The zero-copy hand-over: a JS `ArrayBuffer` over the buffer's own memory
//! (`napi_create_external_arraybuffer`), whose finalizer frees that memory once JS has collected
//! every view of it. A runtime that refuses external memory answers
//! `napi_no_external_buffers_allowed`; the buffer is then copied once and freed at once.
//!
//! The rule that keeps reads safe: after `hand_over`, the memory belongs to the `ArrayBuffer`.
//! Nothing on the Rust side keeps a pointer into it, and only napi's finalizer, which V8 runs after
//! the last JS reference is gone, drops it.

use core::ffi::c_void;
use core::ptr;
use core::sync::atomic::{AtomicUsize, Ordering};

use napi::bindgen_prelude::{FromNapiValue, Uint8ArraySlice};
use napi::{Env, Status, sys};
use rawast_runtime::RawBuffer;

use crate::copy::copy_bytes;

/// How [`hand_over`] gave the buffer to JS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transfer {
    /// The `Uint8Array` views the buffer's memory: no copy.
    External,
    /// The runtime refused external memory: the bytes were copied once and the storage freed.
    Copied,
}

/// Buffers handed over without a copy whose memory JS has not released yet.
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// How many buffers [`hand_over`] gave to JS without a copy are still alive (their finalizer has
/// not run): a leak check for tests, which collect garbage and expect it back to where it was.
pub fn live_external_buffers() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Gives `buffer` to JS as a `Uint8Array` over its own memory, freed when JS collects it; where the
/// runtime refuses external memory, as a copy (see [`Transfer`]).
///
/// Errors are napi's (a JS exception pending, say); then the storage is leaked rather than risk a
/// double free, as napi does not say whether it took ownership.
pub fn hand_over(env: &Env, buffer: RawBuffer) -> napi::Result<(Uint8ArraySlice<'_>, Transfer)> {
    let (storage, range) = buffer.into_parts();
    let len = range.len();
    // Boxed so the finalizer hint is one thin pointer; the `Vec`'s heap block never moves.
    let storage = Box::new(storage);
    // SAFETY: `into_parts` promises `range` lies within `storage`'s bytes.
    let data = unsafe { storage.as_ptr().cast::<u8>().add(range.start) }.cast_mut();
    let hint = Box::into_raw(storage);
    LIVE.fetch_add(1, Ordering::Relaxed);
    let mut arraybuffer = ptr::null_mut();
    // SAFETY: `data..data + len` is initialized memory owned by `*hint`, which stays alive (and its
    // heap block in place) until `release` drops it; napi calls `release` once, after V8 is done
    // with the `ArrayBuffer`, and only if this call succeeds.
    let status = unsafe {
        sys::napi_create_external_arraybuffer(env.raw(), data.cast(), len, Some(release), hint.cast(), &mut arraybuffer)
    };
    match status {
        sys::Status::napi_ok => {}
        sys::Status::napi_no_external_buffers_allowed => {
            LIVE.fetch_sub(1, Ordering::Relaxed);
            // SAFETY: the call was refused before napi took anything: `hint` is still the box made
            // above, owned by nobody else, and `data..data + len` lies within it.
            let storage = unsafe { Box::from_raw(hint) };
            // SAFETY: `data..data + len` is initialized and lies within `storage`, alive until the
            // copy is made.
            let bytes = unsafe { core::slice::from_raw_parts(data, len) };
            let copied = copy_bytes(env, bytes)?;
            drop(storage);
            return Ok((copied, Transfer::Copied));
        }
        status => {
            return Err(napi::Error::new(Status::from(status), "cannot hand the rawast buffer to JS".to_owned()));
        }
    }
    let mut view = ptr::null_mut();
    // SAFETY: `arraybuffer` is the `ArrayBuffer` just made, of `len` bytes; a view of all of them.
    let status = unsafe {
        sys::napi_create_typedarray(env.raw(), sys::TypedarrayType::uint8_array, len, arraybuffer, 0, &mut view)
    };
    if status != sys::Status::napi_ok {
        // The `ArrayBuffer` is JS's now: collected with its memory like any other.
        return Err(napi::Error::new(Status::from(status), "cannot view the rawast buffer as a Uint8Array".to_owned()));
    }
    // SAFETY: `view` is a live `Uint8Array` of this `env`, made just above.
    let view = unsafe { Uint8ArraySlice::from_napi_value(env.raw(), view) }?;
    Ok((view, Transfer::External))
}

/// napi's finalizer of a hand-over: frees the storage once V8 no longer reads it.
unsafe extern "C" fn release(_env: sys::napi_env, _data: *mut c_void, hint: *mut c_void) {
    // SAFETY: `hint` is the `Box<Vec<u64>>` leaked by `hand_over` for this `ArrayBuffer`, and napi
    // calls a finalizer once; no JS view of the memory remains.
    drop(unsafe { Box::from_raw(hint.cast::<Vec<u64>>()) });
    LIVE.fetch_sub(1, Ordering::Relaxed);
}
