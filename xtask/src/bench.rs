//! `cargo xtask bench`: deserialize-only, rawast against oxc, JSON.parse and a shaped clone.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::project;

const USAGE: &str = "\
cargo xtask bench: deserialize-only benchmark (see shared PERF.md)

USAGE:
    cargo xtask bench [--json FILE] [--samples N] [PATH...]
    cargo xtask bench --lazy [--samples N] [PATH...]

In one Node process with --expose-gc, for each file: rawast's parser deserializer on the buffer the
Rust producer wrote, given the source string as oxc's is; oxc-parser's deserializer on its raw-transfer buffer of the same source; JSON.parse
of acorn's AST as JSON; a type-shaped clone of acorn's AST (the floor). Methods are interleaved
(rotated each round), garbage is collected before every sample; 3 warm-up rounds, then N samples
(default 15). Then, per file, the parser layout's source encoding: the generated `encodeSource` into a
buffer allocated once against `new TextEncoder().encode`, interleaved the same way. Prints a progress
line per file (stderr), then a markdown table of median (min) ns per node, each method counting the
nodes of its own output, a second table of median (min) ms of the two encoders and their ratio, a
third of rawast on each non-ASCII file against its ASCII twin (every non-ASCII character replaced),
and last the geometric means of rawast's ns/node over the others'. --json holds the first table only.

With --lazy, instead: the parser target (plain objects) against the lazy parser-lazy target
(getters that read on first access), each deserializing then (a) collecting every string literal's
value and (b) counting identifiers with the same VISITOR_KEYS visitor, and (c) reading only the
top-level statements' types; interleaved and collected the same way; a markdown table of median
(min) ms and lazy ÷ eager ratios.

OPTIONS:
    --json FILE   also write the results as JSON
    --lazy        benchmark the lazy target against the eager one (bench/lazy.js)
    --samples N   samples per method and file (default 15)
    PATH...       JS files (default: the PERF.md set, from the pinned packages)
    -h, --help    Print this help
";

/// PERF.md's files, as the pinned packages install them.
const PERF_FILES: &[&str] = &[
    "node_modules/typescript/lib/typescript.js",
    "node_modules/pdfjs-dist/build/pdf.mjs",
    "node_modules/antd/dist/antd.js",
    "node_modules/react-dom/cjs/react-dom-client.development.js",
    "node_modules/lodash/lodash.js",
    "node_modules/jquery/dist/jquery.js",
    "node_modules/three/build/three.module.js",
    "node_modules/vue/dist/vue.global.js",
    "node_modules/moment/moment.js",
];

pub fn main(args: &[String]) -> Result<ExitCode> {
    let root = project::root();
    let mut passthrough: Vec<String> = Vec::new();
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut lazy = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--lazy" => lazy = true,
            "--json" | "--samples" => match args.next() {
                Some(value) => {
                    let value = if arg == "--json" { std::path::absolute(value)?.to_string_lossy().into_owned() } else { value.clone() };
                    passthrough.extend([arg.clone(), value]);
                }
                None => return Ok(crate::usage_error(&format!("{arg} needs a value"), USAGE)),
            },
            flag if flag.starts_with('-') => return Ok(crate::usage_error(&format!("unexpected argument `{flag}`"), USAGE)),
            path => paths.push(PathBuf::from(path)),
        }
    }
    if lazy && passthrough.iter().any(|arg| arg == "--json") {
        return Ok(crate::usage_error("--json writes the deserialize-only results; it does not go with --lazy", USAGE));
    }
    let defaults = paths.is_empty();
    if defaults {
        paths = PERF_FILES.iter().map(PathBuf::from).collect();
    }
    project::run(project::cargo().args(["build", "--quiet", "--release", "--package", "rawast-schema", "--bin", "encode"]), &root)?;
    // Paths are shown as given; relative ones are resolved from where `cargo xtask bench` was run,
    // or, for the defaults, from the repository.
    let cwd = if defaults { root.clone() } else { std::env::current_dir()? };
    let mut script_args: Vec<std::ffi::OsString> = passthrough.into_iter().map(Into::into).collect();
    script_args.extend(paths.into_iter().map(Into::into));
    let script = if lazy { "bench/lazy.js" } else { "bench/run.js" };
    project::run_node_script(&root, &["--expose-gc"], script, &root.join("target/release/encode"), &script_args, &cwd)
}
