//! `cargo xtask bench`: deserialize-only, rawast against oxc, JSON.parse and a shaped clone.
//! [`args`] is its command line, [`modes`] runs the script of `bench/` each mode times with, and
//! `--check` runs every mode briefly ([`check`]).

pub(crate) mod args;
pub(crate) mod check;
pub(crate) mod modes;

use std::process::ExitCode;

use anyhow::Result;

pub use self::args::{Args, LONG_ABOUT, USAGE};
use crate::project::Project;

/// Runs `cargo xtask bench` as `args` ask.
pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    if args.check {
        check::check(project)?;
        return Ok(ExitCode::SUCCESS);
    }
    modes::run(project, args)
}
