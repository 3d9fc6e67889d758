//! rawast's generator: schema source → owned IR → layouts (64- and 32-bit) → generated files.
//!
//! A library with no side effects: it reads the inputs it is given and returns `Output`s. Reading
//! files, writing them and printing belong to the `rawast` crate. It runs in two stages
//! ([`generate()`]):
//! 1. *prepare* ([`prepare`]): `config` (codegen.toml) → `load` (syn → `ir`) → `layout` → `model`,
//!    one per output variant, and every check of the inputs; the result is a [`prepare::Plan`];
//! 2. *generate* ([`emit`]): a list of generators ([`emit::GENERATORS`]) each reads the plan and
//!    returns its outputs (askama templates for JS and TypeScript, quote + prettyplease for Rust).

mod analysis;
pub mod buffer;
pub mod casing;
pub mod config;
pub mod context;
pub mod diagnostic;
pub mod emit;
mod error;
mod files;
pub mod functions;
mod generate;
pub mod ir;
pub mod layout;
pub mod load;
pub mod model;
pub mod plural;
pub mod prepare;

pub use analysis::{Analysis, analyze, analyze_as};
pub use config::Config;
pub use diagnostic::{Diagnostic, Diagnostics, Level, Location};
pub use error::Error;
pub use files::{GENERATED_MARKER, MANIFEST_FILE, Output, SourceFile};
pub use generate::{Generation, generate};
pub use ir::Dialect;
