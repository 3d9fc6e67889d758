//! The test producer as a wasm32 module, so that buffers with 32-bit pointers come from rustc's own
//! 32-bit layouts, as a real wasm parser's would. `cargo xtask` builds it for `wasm32-unknown-unknown`
//! (see `xtask/src/layout32.rs`); `tests/conformance/wasm-producer.js` drives it.
//!
//! The protocol, all in wasm linear memory:
//! 1. `rawast_alloc(len)` reserves `len` bytes for the input; JS writes the JSON text there;
//! 2. `rawast_encode(ptr, len, placement)` (placement 0: parser layout, 1: linter) consumes the input
//!    and returns 0 when it built a buffer, 1 when it failed;
//! 3. `rawast_output_ptr()` / `rawast_output_len()` locate the buffer, or the UTF-8 error message;
//!    the output stays valid until the next `rawast_encode`.

use std::cell::RefCell;

use rawast_runtime::{RawBuffer, SourcePlacement};

/// The deepest JSON nesting read. Wasm frames live on the host's stack: Node's default stack (about
/// 1 MB on the main thread) holds about 4,000 levels of the producer's recursion; deeper input is
/// refused with an error rather than a `RangeError` from the host, or a trap.
const MAX_DEPTH: usize = 2_000;
use rawast_schema::producer::produce_json;

enum Output {
    None,
    Buffer(RawBuffer),
    Error(String),
}

thread_local! {
    static OUTPUT: RefCell<Output> = const { RefCell::new(Output::None) };
}

/// Reserves `len` bytes for the input and returns their address (to be passed to `rawast_encode`).
#[unsafe(no_mangle)]
pub extern "C" fn rawast_alloc(len: usize) -> *mut u8 {
    let mut input = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    input.as_mut_ptr()
}

/// Builds a buffer from the JSON text at `ptr..ptr + len` (from `rawast_alloc(len)`, consumed here).
///
/// # Safety
/// `ptr` must come from `rawast_alloc(len)` with the same `len`, all of it written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rawast_encode(ptr: *mut u8, len: usize, placement: u32) -> u32 {
    // SAFETY: the caller passes back what `rawast_alloc(len)` returned, initialized.
    let input = unsafe { Vec::from_raw_parts(ptr, len, len) };
    let result = match (String::from_utf8(input), placement) {
        (Err(_), _) => Err("the input is not UTF-8".to_owned()),
        (Ok(_), 2..) => Err(format!("placement {placement} is neither 0 (parser layout) nor 1 (linter layout)")),
        (Ok(text), _) => {
            produce_json(&text, if placement == 0 { SourcePlacement::Start } else { SourcePlacement::End }, MAX_DEPTH)
        }
    };
    let (output, status) = match result {
        Ok(buffer) => (Output::Buffer(buffer), 0),
        Err(message) => (Output::Error(message), 1),
    };
    OUTPUT.with(|cell| *cell.borrow_mut() = output);
    status
}

/// Address of the last buffer or error message.
#[unsafe(no_mangle)]
pub extern "C" fn rawast_output_ptr() -> *const u8 {
    OUTPUT.with(|cell| match &*cell.borrow() {
        Output::None => std::ptr::null(),
        Output::Buffer(buffer) => buffer.as_bytes().as_ptr(),
        Output::Error(message) => message.as_ptr(),
    })
}

/// Length in bytes of the last buffer or error message.
#[unsafe(no_mangle)]
pub extern "C" fn rawast_output_len() -> usize {
    OUTPUT.with(|cell| match &*cell.borrow() {
        Output::None => 0,
        Output::Buffer(buffer) => buffer.as_bytes().len(),
        Output::Error(message) => message.len(),
    })
}
