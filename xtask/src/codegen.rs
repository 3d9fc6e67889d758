//! `cargo xtask codegen [--check]`: `rawast codegen` on this repository's codegen.toml (the same
//! library function, so the same output).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

const USAGE: &str = "\
cargo xtask codegen: regenerate the checked-in generated files

USAGE:
    cargo xtask codegen [--check] [--config FILE]

Reads codegen.toml and the schema files it names, and writes the outputs into its output
directory (generated/). Only files whose bytes changed are written; files codegen wrote before
and no longer produces are removed; files it did not write are never touched (they are an error).
Each changed file is listed. The same as `rawast codegen`.

OPTIONS:
    --check          Write nothing; list stale, missing and extra files; exit 1 if any
    --config FILE    Use FILE instead of the repository's codegen.toml (paths in it are
                     relative to its directory)
    -h, --help       Print this help

EXIT STATUS:
    0 success; 1 input errors, or (with --check) stale files; 2 bad usage
";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut mode = rawast::Mode::Write;
    let mut config_path = crate::project::root().join("codegen.toml");
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => mode = rawast::Mode::Check,
            "--config" => match args.next() {
                Some(path) => config_path = PathBuf::from(path),
                None => return Ok(crate::usage_error("--config needs a file", USAGE)),
            },
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            other => return Ok(crate::usage_error(&format!("unexpected argument `{other}`"), USAGE)),
        }
    }
    match rawast::codegen(&config_path, mode) {
        Ok(report) => {
            report.notes.iter().for_each(|note| eprintln!("{note}"));
            print!("{}", report.summary());
            Ok(if report.success() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
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
pub fn check_fresh(root: &std::path::Path, config: &str) -> Result<usize> {
    let report = rawast::codegen(&root.join(config), rawast::Mode::Check)?;
    let stale: Vec<&str> = report.stale().map(|f| f.path.as_str()).collect();
    anyhow::ensure!(stale.is_empty(), "generated files are stale: {}; run `{}`", stale.join(", "), report.regenerate);
    Ok(report.files.len())
}

#[cfg(test)]
mod tests {
    /// `cargo test` fails while generated/ is stale, naming the stale files.
    #[test]
    fn codegen_is_fresh() {
        if let Err(error) = super::check_fresh(&crate::project::root(), "codegen.toml") {
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
        if let Err(error) = super::check_fresh(&crate::project::root(), crate::oxc::CONFIG) {
            panic!("{error:#}");
        }
    }
}
