//! `cargo xtask`: rawast's developer commands. See `cargo xtask --help`.

mod bench;
mod codegen;
mod conformance;
mod crates;
mod examples;
mod fuzz;
mod layout32;
mod layouts;
mod oxc;
mod package;
mod project;
mod test;
mod tune;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask: rawast's developer commands

USAGE:
    cargo xtask <COMMAND> [OPTIONS]

COMMANDS:
    codegen     Regenerate generated/ from codegen.toml and the schema
    test        Run every check CI runs (npm ci, codegen --check, cargo test, conformance, fuzz, node --test, package, examples, oxc)
    conformance Check the generated deserializers against acorn on JS files
    bench       Deserialize-only benchmark: rawast against oxc, JSON.parse and a shaped clone
    tune        Measure the string decoders here and print the string policy they recommend
    fuzz        Corrupt real buffers on purpose and watch the deserializers (hangs, deaths, blow-ups)
    package     Pack generated/npm/* into target/npm/*.tgz and smoke-test the tarballs
    oxc         Check rawast's layouts of oxc_ast 0.157.0 (tests/oxc) against the real crates
    layouts     Write the schemas' layouts as JSON into target/layouts/ (for tests/cycles and the fuzzer)
    help        Print this help

Run `cargo xtask <COMMAND> --help` for a command's options.
";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let command = args.next();
    let rest: Vec<String> = args.collect();
    let result = match command.as_deref() {
        Some("codegen") => codegen::main(&rest),
        Some("test") => test::main(&rest),
        Some("conformance") => conformance::main(&rest),
        Some("bench") => bench::main(&rest),
        Some("tune") => tune::main(&rest),
        Some("fuzz") => fuzz::main(&rest),
        Some("package") => package::main(&rest),
        Some("oxc") => oxc::main(&rest),
        Some("layouts") => layouts::main(&rest),
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => Ok(usage_error(&format!("unknown command `{other}`"), HELP)),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a usage error with the command's usage; the exit code for bad usage.
fn usage_error(message: &str, usage: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{usage}");
    ExitCode::from(2)
}

/// For commands without options: prints the usage for `--help`, rejects anything else. Returns the
/// exit code to stop with, if the command should not run.
fn no_options(args: &[String], usage: &str) -> Option<ExitCode> {
    match args.first().map(String::as_str) {
        None => None,
        Some("--help" | "-h") => {
            print!("{usage}");
            Some(ExitCode::SUCCESS)
        }
        Some(other) => Some(usage_error(&format!("unexpected argument `{other}`"), usage)),
    }
}
