//! A JSONC parser (JSON with comments and trailing commas, as in `tsconfig.json`) that hands its
//! syntax tree to JavaScript through rawast: `encode` parses a text straight into one buffer, and the
//! generated `generated/npm/parser/deserialize.js` turns that buffer into plain JS objects.
//!
//! The schema is `ast`; `rawast codegen` (configured by `codegen.toml`) generates the deserializer,
//! the buffer constants and rustc's layout checks, both included below.

pub mod ast;
mod encode;
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
mod readme {}
mod error;
mod js_format;
mod numbers;
mod parser;
mod position;
mod strings;
pub mod to_json;
mod trivia;

pub use encode::{build_document, encode, encode_inspect};
pub use error::Error;
pub use parser::{MAX_DEPTH, parse};
pub use to_json::to_json;

/// The buffer format of this schema (`BUFFER_FORMAT`, with its layout fingerprint), generated.
pub mod constants {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/rust/constants.rs"));
}

/// rustc's check of every size and offset rawast computed for the schema; compiles to nothing.
mod assert_layouts {
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/rust/assert_layouts.rs"));
}

#[cfg(test)]
mod tests;
