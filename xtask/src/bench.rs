//! `cargo xtask bench`: deserialize-only, rawast against oxc, JSON.parse and a shaped clone.
//! [`args`] is its command line, [`modes`] runs the script of `bench/` each mode times with,
//! `--check` runs every mode briefly ([`check`]), and `--report` writes the results tables of
//! bench/README.md from their JSON ([`report`]).

pub(crate) mod args;
pub(crate) mod check;
pub(crate) mod modes;
pub(crate) mod report;

use std::process::ExitCode;

use anyhow::Result;

pub use self::args::{Args, LONG_ABOUT, USAGE};
use crate::project::Project;

/// Runs `cargo xtask bench` as `args` ask.
pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    if args.report {
        return report::main(project, args.check);
    }
    if args.check {
        check::check(project)?;
        return Ok(ExitCode::SUCCESS);
    }
    modes::run(project, args)
}
