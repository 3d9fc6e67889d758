//! rawast's default schema: ESTree node types as Rust types, and the test producer that builds their
//! buffers from acorn's ESTree JSON.
//!
//! This crate uses rawast the way any parser does: its types are made of `rawast-runtime`'s arena
//! types, its producer builds buffers with `rawast_runtime::build`, and codegen writes its constants
//! and layout checks (`generated/rust/`, included below). The generator reads the schema files named
//! in `codegen.toml` as source text (it never links this crate). This crate exists so that rustc
//! compiles the schema and checks the generator's layout engine: `assert_layouts.rs` holds a `const`
//! assertion for every size, alignment and field offset the generator computed.

pub mod ast;
pub mod producer;

pub use rawast_runtime::ast;

/// Buffer format constants: metadata offsets, magic, format version, layout fingerprint and
/// `BUFFER_FORMAT`, which `rawast_runtime::build` takes.
pub mod constants {
    include!("../../generated/rust/constants.rs");
}

/// rustc's check of the generator's layouts; compiles to nothing when they agree.
mod assert_layouts {
    include!("../../generated/rust/assert_layouts.rs");
}
