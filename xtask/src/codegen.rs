//! `cargo xtask codegen [--check]`: `rawast codegen` on this repository's codegen.toml (the same
//! library function, so the same output).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::project::{self, CONFIG, Project};

pub const LONG_ABOUT: &str = "\
Regenerate the checked-in generated files

Reads codegen.toml and the schema files it names, and writes the outputs into its output
directory (generated/). Only files whose bytes changed are written; files codegen wrote before
and no longer produces are removed; files it did not write are never touched (they are an error).
Each changed file is listed. The same as `rawast codegen`.

Exit status: 0 success; 1 input errors, or (with --check) stale files; 2 bad usage.";

#[derive(clap::Args)]
pub struct Args {
    /// Write nothing; list stale, missing and extra files; exit 1 if any
    #[arg(long)]
    check: bool,
    /// Use FILE instead of the repository's codegen.toml (paths in it are relative to its directory)
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    let mode = if args.check { rawast::Mode::Check } else { rawast::Mode::Write };
    let config_path = args.config.unwrap_or_else(|| project.path(CONFIG));
    match rawast::codegen(&config_path, mode) {
        Ok(report) => {
            report.notes.iter().for_each(|note| eprintln!("{note}"));
            print!("{}", report.summary());
            Ok(project::exit_code(report.success()))
        }
        Err(error @ rawast::Error::Input(_)) => {
            eprintln!("{error}");
            Ok(ExitCode::FAILURE)
        }
        Err(error) => Err(error.into()),
    }
}

/// The generated files of `config` (relative to the repository root: `codegen.toml`, or
/// `tests/oxc/codegen.toml`), checked: an error naming the stale ones and the command that
/// regenerates them, if any; else how many there are.
pub fn check_fresh(project: &Project, config: &str) -> Result<usize> {
    let report = rawast::codegen(&project.path(config), rawast::Mode::Check)?;
    let stale: Vec<&str> = report.stale().map(|f| f.path.as_str()).collect();
    anyhow::ensure!(stale.is_empty(), "generated files are stale: {}; run `{}`", stale.join(", "), report.regenerate);
    Ok(report.files.len())
}

#[cfg(test)]
mod tests {
    /// `cargo test` fails while generated/ is stale, naming the stale files.
    #[test]
    fn codegen_is_fresh() {
        if let Err(error) = super::check_fresh(&crate::project::Project::from_env(), crate::project::CONFIG) {
            panic!("{error:#}");
        }
    }

    /// The same for tests/oxc/generated, the deserializers of oxc-parser's buffers and the layout
    /// checks of oxc's AST (`cargo xtask oxc` checks it too, but only as `cargo xtask test`'s last
    /// step). Its schema is oxc's crates' sources, which `cargo metadata --locked` on
    /// tests/oxc/Cargo.toml locates; Cargo fetches them the first time, as it does for the
    /// other tests of tests/oxc's schema (generator/cli/tests/oxc.rs), and reads them offline after.
    #[test]
    fn oxc_codegen_is_fresh() {
        if let Err(error) = super::check_fresh(&crate::project::Project::from_env(), crate::project::OXC_CONFIG) {
            panic!("{error:#}");
        }
    }
}
