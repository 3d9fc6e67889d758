//! `cargo xtask`: rawast's developer commands. See `cargo xtask --help`.

mod bench;
mod browser;
mod codegen;
mod conformance;
mod crates;
mod docs;
mod examples;
mod fuzz;
mod jobs;
mod layout32;
mod layouts;
mod oxc;
mod package;
mod project;
mod targets;
mod test;
mod tidy;
mod tune;
mod usage;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::project::Project;
use crate::usage::UsageError;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "cargo xtask: rawast's developer commands",
    after_help = "Run `cargo xtask <COMMAND> --help` for a command's options."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Regenerate generated/ from codegen.toml and the schema
    #[command(long_about = codegen::LONG_ABOUT)]
    Codegen(codegen::Args),
    /// Run every check CI runs (gates, npm ci, codegen --check, cargo test, conformance, fuzz, node --test, package, examples, oxc, benches)
    #[command(long_about = test::LONG_ABOUT)]
    Test,
    /// Check the generated deserializers against acorn on JS files
    #[command(long_about = conformance::LONG_ABOUT)]
    Conformance(conformance::Args),
    /// Deserialize-only benchmark: rawast against oxc, JSON.parse and a shaped clone
    #[command(long_about = bench::LONG_ABOUT, override_usage = bench::USAGE)]
    Bench(bench::Args),
    /// Measure the string decoders here and print the string policy they recommend
    #[command(long_about = tune::LONG_ABOUT)]
    Tune(tune::Args),
    /// Corrupt real buffers on purpose and watch the deserializers (hangs, deaths, blow-ups)
    #[command(long_about = fuzz::LONG_ABOUT)]
    Fuzz(fuzz::Args),
    /// Pack generated/npm/* into target/npm/*.tgz and smoke-test the tarballs
    #[command(long_about = package::LONG_ABOUT)]
    Package(package::Args),
    /// Check rawast's layouts of oxc_ast 0.157.0 (tests/oxc) against the real crates
    #[command(long_about = oxc::LONG_ABOUT)]
    Oxc,
    /// Check the web-runtime targets in headless Chromium (conformance subset, end to end with the wasm32 producer, the example page)
    #[command(long_about = browser::LONG_ABOUT)]
    Browser(browser::Args),
    /// Write the schemas' layouts as JSON into target/layouts/ (for tests/cycles and the fuzzer)
    #[command(long_about = layouts::LONG_ABOUT)]
    Layouts,
    /// Check module and function sizes, doc comments, and that no code or output cites dates
    #[command(long_about = tidy::LONG_ABOUT)]
    Tidy,
    /// Check the book and the repository's Markdown: TOML, JS and Rust blocks, links, the target-keys table
    #[command(long_about = docs::LONG_ABOUT)]
    Docs,
}

fn main() -> ExitCode {
    let Some(command) = Cli::parse().command else {
        // No command: the list of them, as `--help` prints it.
        Cli::command().print_help().expect("stdout is writable");
        return ExitCode::SUCCESS;
    };
    let project = Project::from_env();
    let result = match command {
        Command::Codegen(args) => codegen::main(&project, args),
        Command::Test => test::main(&project).map(|()| ExitCode::SUCCESS),
        Command::Conformance(args) => conformance::main(&project, args),
        Command::Bench(args) => bench::main(&project, args),
        Command::Tune(args) => tune::main(&project, args),
        Command::Fuzz(args) => fuzz::main(&project, args),
        Command::Package(args) => package::main(&project, args),
        Command::Oxc => oxc::check(&project).map(|()| ExitCode::SUCCESS),
        Command::Layouts => layouts::main(&project).map(|()| ExitCode::SUCCESS),
        Command::Browser(args) => browser::main(&project, args),
        Command::Tidy => tidy::main(&project),
        Command::Docs => docs::main(&project).map(|()| ExitCode::SUCCESS),
    };
    match result {
        Ok(code) => code,
        Err(error) => match error.downcast_ref::<UsageError>() {
            Some(usage) => usage_error(usage),
            None => {
                eprintln!("error: {error:#}");
                ExitCode::FAILURE
            }
        },
    }
}

/// Prints bad usage found after parsing as clap prints its own, with the command's usage line;
/// the exit code for bad usage.
fn usage_error(usage: &UsageError) -> ExitCode {
    let mut cli = Cli::command();
    cli.build();
    let command = cli.find_subcommand_mut(usage.command).expect("a command of the CLI");
    // Printing goes to stderr; if even that fails there is nowhere left to say so.
    let _ = command.error(clap::error::ErrorKind::InvalidValue, &usage.message).print();
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// clap's own checks of the command line (names, conflicts, defaults).
    #[test]
    fn command_line_is_consistent() {
        super::Cli::command().debug_assert();
    }

    /// `cargo xtask --help` lists every command.
    #[test]
    fn help_lists_every_command() {
        let help = super::Cli::command().render_help().to_string();
        for command in ["codegen", "test", "conformance", "bench", "tune", "fuzz", "package", "oxc", "layouts"] {
            assert!(help.contains(&format!("\n  {command} ")), "{command} is missing from:\n{help}");
        }
    }
}
