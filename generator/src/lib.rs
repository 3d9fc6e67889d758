//! rawast's generator: schema source → owned IR → layouts (64- and 32-bit) → generated files.
//!
//! A library with no side effects: it reads the inputs it is given and returns `Output`s. Reading
//! files, writing them and printing belong to `xtask`. The phases, each a module:
//! `config` (codegen.toml) → `load` (syn → `ir`) → `layout` → `emit` (askama, quote + prettyplease).

pub mod buffer;
pub mod config;
pub mod diagnostic;
pub mod emit;
pub mod estree;
pub mod ir;
pub mod layout;
pub mod load;

pub use config::Config;
pub use diagnostic::{Diagnostic, Diagnostics, Location};

use layout::{PointerWidth, SchemaLayout};

/// An input file: its path as named in `codegen.toml` (relative, `/`-separated) and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

/// A generated file: its path relative to the directory of `codegen.toml`, and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub path: String,
    pub contents: String,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Problems in the user's schema or configuration.
    #[error("{0}")]
    Input(#[from] Diagnostics),
    /// A bug in the generator: its own Rust output does not parse.
    #[error("internal error: generated {what} does not parse as Rust: {message}")]
    RustSyntax { what: String, message: String },
    /// A bug in a template or its view.
    #[error("internal error: rendering template {template}: {message}")]
    Render { template: String, message: String },
}

/// A loaded schema with its layouts for both pointer widths.
pub struct Analysis {
    pub schema: ir::Schema,
    pub layout64: SchemaLayout,
    pub layout32: SchemaLayout,
}

/// Loads the schema files and computes their layouts.
pub fn analyze(schema_files: &[SourceFile]) -> Result<Analysis, Diagnostics> {
    let schema = load::load(schema_files)?;
    let layout64 = SchemaLayout::compute(&schema, PointerWidth::W64);
    let layout32 = SchemaLayout::compute(&schema, PointerWidth::W32);
    Ok(Analysis { schema, layout64, layout32 })
}

/// Generates every output. `schema_files` are the files `config.schema_files` names, in any order.
pub fn generate(config: &Config, schema_files: &[SourceFile]) -> Result<Vec<Output>, Error> {
    let analysis = analyze(schema_files)?;
    let cx = emit::EmitContext { config, schema: &analysis.schema, layout64: &analysis.layout64, layout32: &analysis.layout32 };
    emit::emit_all(&cx)
}
