//! The copy-once hand-over: the buffer's bytes copied into an `ArrayBuffer` JS allocates, for
//! runtimes that refuse external memory and for measuring against the external hand-over.

use napi::Env;
use napi::bindgen_prelude::Uint8ArraySlice;
use rawast_runtime::RawBuffer;

/// A `Uint8Array` holding a copy of `buffer`'s bytes; `buffer` stays the caller's.
///
/// The copy is a fresh `ArrayBuffer` seen from its first byte (never a slice of Node's `Buffer`
/// pool), so the deserializer's typed-array views start 8-aligned and it copies nothing again.
pub fn copy<'env>(env: &'env Env, buffer: &RawBuffer) -> napi::Result<Uint8ArraySlice<'env>> {
    copy_bytes(env, buffer.as_bytes())
}

pub(crate) fn copy_bytes<'env>(env: &'env Env, bytes: &[u8]) -> napi::Result<Uint8ArraySlice<'env>> {
    Uint8ArraySlice::copy_from(env, bytes)
}
