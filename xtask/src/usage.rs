//! Bad usage found after the command line parsed (a target name no configuration has): a command
//! returns it as its error, and `main` prints it as clap prints its own, with the command's usage,
//! and exits 2.

use std::fmt;

#[derive(Debug)]
pub struct UsageError {
    /// The subcommand whose usage line is shown.
    pub command: &'static str,
    pub message: String,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}

/// The error a command returns for bad usage of `command`.
pub fn bad_usage(command: &'static str, message: impl Into<String>) -> anyhow::Error {
    UsageError { command, message: message.into() }.into()
}
