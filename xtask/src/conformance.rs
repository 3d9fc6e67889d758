//! `cargo xtask conformance`: the generated deserializers against acorn, on real files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::project;

const USAGE: &str = "\
cargo xtask conformance: check the generated deserializers against acorn

USAGE:
    cargo xtask conformance [--target parser|parser-lazy|linter|all] [PATH...]

For each JS file (.js .mjs .cjs .jsx; directories recursively, skipping node_modules):
acorn (ecmaVersion latest; .mjs as module, .cjs as script, .js module then script, .jsx with
acorn-jsx) → ESTree JSON → the Rust test producer (`encode`) → buffer → the target's generated
deserializer → deep comparison with acorn's objects, keys in acorn's order. On the linter
target, every node's `parent` must be its enclosing node; the lazy parser-lazy target's tree is
compared after `materialize`. Files acorn rejects are skipped.

Prints one line per mismatch or error with the first differing path; the last line is
`conformance: F files, M mismatches`. Exits 1 if M > 0 or any file errors.

OPTIONS:
    --target T   parser, parser-lazy, linter or all (default: all)
    PATH...      files or directories (default: the corpus listed in tests/conformance/corpus.txt)
    -h, --help   Print this help
";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut target = "all".to_owned();
    let mut paths = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--target" => match args.next().map(String::as_str) {
                Some(t @ ("parser" | "parser-lazy" | "linter" | "all")) => target = t.to_owned(),
                other => return Ok(crate::usage_error(&format!("--target takes parser, parser-lazy, linter or all, not {}", other.map_or("nothing".to_owned(), |t| format!("`{t}`"))), USAGE)),
            },
            flag if flag.starts_with('-') => return Ok(crate::usage_error(&format!("unexpected argument `{flag}`"), USAGE)),
            path => paths.push(std::fs::canonicalize(path).with_context(|| format!("cannot find {path}"))?),
        }
    }
    let root = project::root();
    if paths.is_empty() {
        paths = default_corpus(&root)?;
    }
    run(&root, &target, &paths)
}

/// The paths of `tests/conformance/corpus.txt`, which must all exist (`npm ci` installs the packages).
pub fn default_corpus(root: &std::path::Path) -> Result<Vec<PathBuf>> {
    let list = root.join("tests/conformance/corpus.txt");
    let text = std::fs::read_to_string(&list).with_context(|| format!("cannot read {}", list.display()))?;
    let mut paths = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let path = root.join(line);
        anyhow::ensure!(path.exists(), "{line} (listed in tests/conformance/corpus.txt) is missing; run `npm ci`");
        paths.push(path);
    }
    Ok(paths)
}

/// Builds the producer and runs the comparison; the exit code says whether everything matched.
pub fn run(root: &std::path::Path, target: &str, paths: &[PathBuf]) -> Result<ExitCode> {
    project::run(project::cargo().args(["build", "--quiet", "--package", "rawast-schema", "--bin", "encode"]), root)?;
    let mut args: Vec<std::ffi::OsString> = vec!["--target".into(), target.into()];
    args.extend(paths.iter().map(Into::into));
    project::run_node_script(root, &[], "tests/conformance/run.js", &root.join("target/debug/encode"), &args, &std::env::current_dir()?)
}
