//! The errors of the `rawast` commands: what the user must fix, and what went wrong around them.

use std::path::{Path, PathBuf};

use rawast_generator::Diagnostics;

/// Why a command could not run. `Display` prints it as the `rawast` command does: the spanned
/// diagnostics of [`Error::Input`] in full, the others on one line naming the file or the tool.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Problems in the user's inputs: the configuration, the schema, the output directory.
    #[error("{0}")]
    Input(#[from] Diagnostics),
    /// The configuration file could not be read (a wrong path, most often).
    #[error("cannot read the configuration {}: {source} (run in the directory that holds codegen.toml, or pass --config FILE)", path.display())]
    Config {
        /// The configuration's path, as given.
        path: PathBuf,
        /// Why reading it failed.
        source: std::io::Error,
    },
    /// A file or directory other than the configuration could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A bug in the generator.
    #[error(transparent)]
    Generator(rawast_generator::Error),
    /// A tool the command runs (npm, Node) could not run or failed where it must not.
    #[error("{0}")]
    Tool(String),
}

impl Error {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io { path: path.to_path_buf(), source }
    }
}

impl From<rawast_generator::Error> for Error {
    fn from(error: rawast_generator::Error) -> Self {
        match error {
            rawast_generator::Error::Input(diagnostics) => Error::Input(diagnostics),
            other => Error::Generator(other),
        }
    }
}
