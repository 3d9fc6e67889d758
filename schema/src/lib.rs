//! rawast's default schema: ESTree node types as Rust types, and the arena primitives they use.
//!
//! The generator reads the schema files named in `codegen.toml` as source text (it never links this
//! crate). This crate exists so that rustc compiles the schema and checks the generator's layout
//! engine: `generated/rust/assert_layouts.rs` holds a `const` assertion for every size, alignment and
//! field offset the generator computed, and it is included below.

pub mod allocator;
pub mod arena;
pub mod ast;
pub mod buffer;
pub mod producer;

pub use rawast_schema_macros::ast;

/// Buffer format constants: metadata offsets, magic, format version and layout fingerprint.
pub mod constants {
    include!("../../generated/rust/constants.rs");
}

/// rustc's check of the generator's layouts; compiles to nothing when they agree.
mod assert_layouts {
    include!("../../generated/rust/assert_layouts.rs");
}
