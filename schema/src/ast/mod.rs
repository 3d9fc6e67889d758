//! The default schema: ESTree as acorn emits it, written as Rust types.
//!
//! Every type here carries `#[ast]`, which makes it visible to the generator. Layout rules:
//! structs are `#[repr(C)]`, enums with data `#[repr(C, u8)]`, fieldless enums `#[repr(u8)]`.
//! A `span: Span` field becomes ESTree's `start` and `end`.
//!
//! Each file here is a schema file listed in `codegen.toml`; this module only gathers them.

mod js;
mod jsx;
mod literal;

pub use js::*;
pub use jsx::*;
pub use literal::*;
