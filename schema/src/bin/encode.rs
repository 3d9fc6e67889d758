//! `encode`: ESTree JSON (acorn's output) → rawast buffer, with the test producer.
//!
//! The input is `{ "source": "...", "program": { ... }, "comments": [ ... ] }`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rawast_runtime::SourcePlacement;
use rawast_schema::producer::produce_json;

const USAGE: &str = "\
encode: turn ESTree JSON into a rawast buffer

USAGE:
    encode --layout parser|linter IN.json OUT.bin
    encode --layout parser|linter --dir DIR

IN.json holds { \"source\": \"...\", \"program\": <ESTree Program>, \"comments\": [<onComment entries>] }.
With --dir, every DIR/*.json becomes DIR/*.bin, or DIR/*.error with the reason it could not
(one process for many files).
";

/// Deep ASTs (long `a + b + …` chains) are parsed and converted recursively, on a thread with a
/// stack that holds `MAX_DEPTH` levels of the costliest nesting (a chain of `BinaryExpression`s, a
/// JSON level each). Unoptimized frames are larger: a debug build (the tests') reserves more.
const STACK_SIZE: usize = if cfg!(debug_assertions) { 4 << 30 } else { 1 << 30 };

/// The deepest JSON nesting read; deeper input is refused before it is parsed.
const MAX_DEPTH: usize = 1_000_000;

fn main() -> ExitCode {
    // A large stack for the recursion; the memory is only reserved, and touched as deep as it goes.
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(run)
        .expect("cannot start the encoder thread")
        .join()
        .unwrap_or(ExitCode::FAILURE)
}

fn run() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let placement = match args.iter().position(|a| a == "--layout").and_then(|i| args.get(i + 1)).map(String::as_str) {
        Some("parser") => SourcePlacement::Start,
        Some("linter") => SourcePlacement::End,
        _ => return usage_error("--layout parser|linter is required"),
    };
    let rest: Vec<&String> = args.iter().filter(|a| !matches!(a.as_str(), "--layout" | "parser" | "linter")).collect();
    match rest.as_slice() {
        [flag, dir] if *flag == "--dir" => {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
                Ok(entries) => entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|e| e == "json"))
                    .collect(),
                Err(error) => {
                    eprintln!("error: cannot list {dir}: {error}");
                    return ExitCode::FAILURE;
                }
            };
            entries.sort();
            for input in entries {
                if let Err(message) = encode(&input, &input.with_extension("bin"), placement) {
                    let _ = std::fs::write(input.with_extension("error"), message);
                }
            }
            ExitCode::SUCCESS
        }
        [input, output] => match encode(Path::new(input.as_str()), Path::new(output.as_str()), placement) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        _ => usage_error("expected IN.json OUT.bin, or --dir DIR"),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("error: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

fn encode(input: &Path, output: &Path, placement: SourcePlacement) -> Result<(), String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
    let buffer = produce_json(&text, placement, MAX_DEPTH).map_err(|e| format!("{}: {e}", input.display()))?;
    std::fs::write(output, buffer.as_bytes()).map_err(|e| format!("cannot write {}: {e}", output.display()))
}
