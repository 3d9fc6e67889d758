//! The generator's [`Error`]: problems in the user's inputs, which are diagnostics, apart from the
//! generator's own bugs and a caller that left out an input file.

use crate::diagnostic::Diagnostics;

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
    /// A bug in the generator: a generated JS module declares a name twice, so it would not load.
    #[error("internal error: generated {module} declares `{name}` twice (lines {} and {}): a name made from a schema type collides with another", lines.0, lines.1)]
    DuplicateDeclaration { module: String, name: String, lines: (usize, usize) },
    /// The caller did not pass a file the configuration names (`Config::input_files`).
    #[error("input file `{path}` was not given to the generator")]
    MissingInput { path: String },
}
