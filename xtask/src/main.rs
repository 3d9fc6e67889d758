//! `cargo xtask`: rawast's developer commands. See `cargo xtask --help`.

mod codegen;
mod layout32;
mod project;
mod test;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask: rawast's developer commands

USAGE:
    cargo xtask <COMMAND> [OPTIONS]

COMMANDS:
    codegen     Regenerate generated/ from codegen.toml and the schema
    test        Run every check CI runs (npm ci, codegen --check, cargo test, node --test)
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
        None | Some("help" | "--help" | "-h") => {
            print!("{HELP}");
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => {
            eprintln!("error: unknown command `{other}`\n\n{HELP}");
            Ok(ExitCode::from(2))
        }
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Splits `--help` off and rejects anything not in `flags`; a tiny parser for commands with flags only.
fn parse_flags(args: &[String], flags: &[&str], usage: &str) -> Result<Option<Vec<String>>, ExitCode> {
    let mut found = Vec::new();
    for arg in args {
        if arg == "--help" || arg == "-h" {
            print!("{usage}");
            return Err(ExitCode::SUCCESS);
        }
        if !flags.contains(&arg.as_str()) {
            eprintln!("error: unexpected argument `{arg}`\n\n{usage}");
            return Err(ExitCode::from(2));
        }
        found.push(arg.clone());
    }
    Ok(Some(found))
}
