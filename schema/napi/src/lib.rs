//! Hands a finished rawast buffer ([`RawBuffer`]) from a Rust producer to JavaScript in the same
//! process, through napi-rs: [`hand_over`] without a copy (the `Uint8Array` views the buffer's own
//! memory, freed when JS collects it), [`copy`] with one. Where a runtime refuses external memory
//! (Electron's V8 sandbox), `hand_over` copies once instead and says so. [`build`] makes the buffer
//! for them from a parser's builder; [`build_into`] builds it straight into a JS buffer the caller
//! reuses across calls instead, and [`build_into_written`] and [`build_into_utf16`] do so over a
//! source JS wrote there, as UTF-8 or as UTF-16. The addon `rawast codegen` writes for a package calls these.
//!
//! A crate of its own rather than a `napi` feature of `rawast-runtime`: the runtime is what every
//! producer links (wasm32 builds, command-line encoders, the schema's own tools) and depends on
//! nothing but its macros, while napi-rs brings a dozen crates, a build script convention and a
//! major version of its own. A feature would unify across a workspace and pull napi into every
//! binary of it, and a napi major release would become a breaking release of the runtime. The
//! runtime offers the neutral primitive ([`RawBuffer::into_parts`]); this crate owns the binding.
//!
//! The builder these functions take, and its error type `E`, are those of
//! [`rawast_runtime::build`]: a function `fn<'a>(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>`.
//! A failed parse reaches JS as an `Error` whose message is `E`'s `Display` ([`ReuseError`]
//! converts into a `napi::Error` so).

#![warn(missing_docs)]

mod copy;
mod external;
mod own;
mod reuse;
mod source;
mod utf16;

pub use copy::copy;
pub use external::{Transfer, hand_over, live_external_buffers};
pub use own::build;
pub use rawast_runtime::{RawBuffer, SourcePlacement};
pub use reuse::{ReuseError, Written, build_into, build_into_utf16, build_into_written};
pub use source::{SourceArg, source_text};
