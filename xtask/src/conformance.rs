//! `cargo xtask conformance`: the generated deserializers against acorn, on real files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use rawast_generator::config::{SourcePlacement, Target};
use rawast_generator::layout::PointerWidth;

use crate::project;

const USAGE: &str = "\
cargo xtask conformance: check the generated deserializers against acorn

USAGE:
    cargo xtask conformance [--target NAME|all] [PATH...]

For each JS file (.js .mjs .cjs .jsx; directories recursively, skipping node_modules):
acorn (ecmaVersion latest; .mjs as module, .cjs as script, .js module then script, .jsx with
acorn-jsx) → ESTree JSON → the Rust test producer (`encode`) → buffer → the target's generated
deserializer → deep comparison with acorn's objects, keys in acorn's order. On targets with
the linter layout, every node's `parent` must be its enclosing node; lazy targets' trees are
compared after `materialize`. Targets with `pointer_width = 32` get their buffers from the test
producer built for wasm32 (which needs Debian's rustc-web: without it they are skipped with a
warning, or fail in CI and when named). Files acorn rejects are skipped.

Prints one line per mismatch or error with the first differing path; the last line is
`conformance: F files, M mismatches`. Exits 1 if M > 0 or any file errors.

OPTIONS:
    --target T   a target of codegen.toml (parser, linter, wasm32, ...) or all (default: all)
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
            "--target" => match args.next() {
                Some(t) => target = t.clone(),
                None => return Ok(crate::usage_error("--target needs a target name or `all`", USAGE)),
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

/// Builds the producers and runs the comparison; the exit code says whether everything matched.
/// `target` is a target of codegen.toml or `all`.
pub fn run(root: &Path, target: &str, paths: &[PathBuf]) -> Result<ExitCode> {
    let config = rawast::read_config(&root.join("codegen.toml"))?;
    let names: Vec<&str> = config.targets.iter().map(|t| t.name.as_str()).collect();
    let mut targets: Vec<&Target> = config.targets.iter().filter(|t| target == "all" || t.name == target).collect();
    if targets.is_empty() {
        return Ok(crate::usage_error(&format!("unknown target `{target}`: codegen.toml has {}", names.join(", ")), USAGE));
    }
    project::run(project::cargo().args(["build", "--quiet", "--package", "rawast-schema", "--bin", "encode"]), root)?;
    if targets.iter().any(|t| t.pointer_width == PointerWidth::W32) {
        // A target named on the command line, or CI, needs the wasm producer; `all` elsewhere can go without.
        let required = target != "all" || crate::test::is_ci();
        if !crate::layout32::build_producer(root, required)? {
            targets.retain(|t| t.pointer_width != PointerWidth::W32);
        }
    }
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    for target in targets {
        let layout = match target.source_placement {
            SourcePlacement::Start => "parser",
            SourcePlacement::End => "linter",
        };
        let module = format!("{}/{}/deserialize.js", config.output_dir.path, target.module_dir());
        args.extend(["--target".into(), format!("{}:{layout}:{}:{module}", target.name, target.pointer_width.bits()).into()]);
    }
    args.extend(paths.iter().map(Into::into));
    project::run_node_script(root, &[], "tests/conformance/run.js", &root.join("target/debug/encode"), &args, &std::env::current_dir()?)
}
