// {{ functions.header[0] }}
// {{ functions.header[1] }}

//! The module's exports, which the package's `index.js` calls. All in the module's memory:
//! 1. `rawast_alloc(len)` reserves `len` bytes for the source; JS writes its UTF-8 there;
//! 2. `rawast_parse(ptr, len)` consumes the source and returns 0 when it built a buffer, 1 when
//!    the parser refused the source;
//! 3. `rawast_output_ptr()` and `rawast_output_len()` locate the buffer, which JS reads in place,
//!    or the error's UTF-8 message; either stays until the next `rawast_parse`.

use std::cell::RefCell;
use std::mem::ManuallyDrop;

use rawast_runtime::{RawBuffer, SourcePlacement};

/// Where the buffers of target `{{ functions.target }}` hold the source text.
const PLACEMENT: SourcePlacement = SourcePlacement::{{ functions.placement }};

/// The arena a build starts with, per byte of source; a tree that does not fit is built again in twice the room.
const ARENA_PER_SOURCE_BYTE: usize = 4;

thread_local! {
    /// The last parse's buffer, or its error's message.
    static OUTPUT: RefCell<Result<RawBuffer, String>> = const { RefCell::new(Err(String::new())) };
}

/// Reserves `len` bytes for the source and returns their address, for `rawast_parse`.
#[unsafe(no_mangle)]
pub extern "C" fn rawast_alloc(len: usize) -> *mut u8 {
    ManuallyDrop::new(Vec::<u8>::with_capacity(len)).as_mut_ptr()
}

/// Parses the source at `ptr..ptr + len`: 0 when the output is a buffer, 1 when it is an error's message.
///
/// # Safety
/// `ptr` must come from `rawast_alloc(len)` with the same `len`, all of it written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rawast_parse(ptr: *mut u8, len: usize) -> u32 {
    // SAFETY: the caller passes back what `rawast_alloc(len)` returned, initialized.
    let input = unsafe { Vec::from_raw_parts(ptr, len, len) };
    let output = match String::from_utf8(input) {
        Err(_) => Err("the source is not UTF-8".to_owned()),
        Ok(source) => rawast_runtime::build(&source, PLACEMENT, &{{ functions.buffer_format }}, source.len().saturating_mul(ARENA_PER_SOURCE_BYTE), {{ functions.build }}).map_err(|error| error.to_string()),
    };
    let status = u32::from(output.is_err());
    OUTPUT.with(|cell| *cell.borrow_mut() = output);
    status
}

/// The address of the last buffer or error message.
#[unsafe(no_mangle)]
pub extern "C" fn rawast_output_ptr() -> *const u8 {
    OUTPUT.with(|cell| match &*cell.borrow() {
        Ok(buffer) => buffer.as_bytes().as_ptr(),
        Err(message) => message.as_ptr(),
    })
}

/// The length in bytes of the last buffer or error message.
#[unsafe(no_mangle)]
pub extern "C" fn rawast_output_len() -> usize {
    OUTPUT.with(|cell| match &*cell.borrow() {
        Ok(buffer) => buffer.as_bytes().len(),
        Err(message) => message.len(),
    })
}
