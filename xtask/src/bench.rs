//! `cargo xtask bench`: deserialize-only, rawast against oxc, JSON.parse and a shaped clone.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::project;

const USAGE: &str = "\
cargo xtask bench: deserialize-only benchmark (see shared PERF.md)

USAGE:
    cargo xtask bench [--json FILE] [--samples N] [PATH...]
    cargo xtask bench --target oxc-… [--json FILE] [--samples N] [PATH...]
    cargo xtask bench --lazy [--samples N] [PATH...]

In one Node process with --expose-gc, for each file: rawast's parser deserializer on the buffer the
Rust producer wrote; oxc-parser's deserializer on its raw-transfer buffer of the same source (given
the source string); JSON.parse of acorn's AST as JSON; a type-shaped clone of acorn's AST (the
floor). Methods are interleaved in a fresh seeded random order each round, garbage is collected
before every sample; 3 warm-up rounds, then N samples (default 15). Files under 5 KB, and the empty
program (the fixed cost of a call), are also timed per call, in batches. Then, per file, the parser
layout's source encoding: the generated `encodeSource` into a buffer allocated once against
`new TextEncoder().encode`, interleaved the same way. Prints a progress line per file (stderr), the
CPU and Node version, then a markdown table of median (min) ns per node, each method counting the
nodes of its own output, a table of µs per call, a table of median (min) ms of the two encoders, a
table of rawast on each non-ASCII file against its ASCII twin (every non-ASCII character replaced),
the worst file against each of oxc, JSON.parse and the clone, and last the geometric means of
rawast's ns/node over the others'. --json holds the first two tables, the machine and the geomeans.

With --lazy, instead: the parser target (plain objects) against the lazy parser-lazy target
(getters that read on first access), each deserializing then (a) collecting every string literal's
value and (b) counting identifiers with the same VISITOR_KEYS visitor, and (c) reading only the
top-level statements' types; interleaved and collected the same way; a markdown table of median
(min) ms and lazy ÷ eager ratios.

With --target and a target of tests/oxc/codegen.toml (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range),
instead: the same-buffer benchmark (bench/oxc.js). Each file is parsed once by oxc-parser; rawast's
deserializer and oxc's own of the same variant (js, ts, js_range, ts_range) read that buffer,
interleaved as above with JSON.parse of the same tree, the type-shaped clone, and the construct-only
floor (the same objects built from values already decoded, read from a flat tape: no buffer, no
decoding, no property loads). A file whose two outputs differ is not timed. Prints a markdown table
of median (min) ns per node with rawast's ratios to each, their geometric means, the worst file
against oxc and how many files rawast is slower on. Default files: the PERF.md set for JS targets;
for TS targets typescript's lib.dom.d.ts and typescript.d.ts, zod's v3 types.ts and v4 schemas.ts,
@tanstack/router-core's router.ts and @tanstack/react-router's link.tsx.

OPTIONS:
    --target T    an oxc- target: the same-buffer benchmark against oxc's deserializer
    --json FILE   also write the results as JSON
    --lazy        benchmark the lazy target against the eager one (bench/lazy.js)
    --samples N   samples per method and file (default 15)
    PATH...       JS files (default: the PERF.md set, from the pinned packages)
    -h, --help    Print this help
";

/// Real TypeScript files of the pinned packages, for the TS oxc targets.
const TS_FILES: &[&str] = &[
    "node_modules/typescript/lib/lib.dom.d.ts",
    "node_modules/typescript/lib/typescript.d.ts",
    "node_modules/zod/src/v3/types.ts",
    "node_modules/zod/src/v4/core/schemas.ts",
    "node_modules/@tanstack/router-core/src/router.ts",
    "node_modules/@tanstack/react-router/src/link.tsx",
];

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
    let mut target: Option<String> = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--lazy" => lazy = true,
            "--target" => match args.next() {
                Some(value) => target = Some(value.clone()),
                None => return Ok(crate::usage_error("--target needs a target name", USAGE)),
            },
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
    if let Some(target) = target {
        if lazy {
            return Ok(crate::usage_error("--target and --lazy do not go together", USAGE));
        }
        return oxc(&root, &target, passthrough, paths);
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

/// The same-buffer benchmark of an oxc target (bench/oxc.js).
fn oxc(root: &std::path::Path, target: &str, passthrough: Vec<String>, mut paths: Vec<PathBuf>) -> Result<ExitCode> {
    use rawast_generator::config::BufferFormat;
    let config = rawast::read_config(&root.join(crate::conformance::OXC_CONFIG))?;
    let Some((found, typescript, range)) = config.targets.iter().find(|t| t.name == target).and_then(|t| match t.format {
        BufferFormat::Oxc { typescript, range } => Some((t, typescript, range)),
        BufferFormat::Rawast => None,
    }) else {
        let names: Vec<&str> = config.targets.iter().map(|t| t.name.as_str()).collect();
        return Ok(crate::usage_error(&format!("`{target}` is not an oxc target: {} has {}", crate::conformance::OXC_CONFIG, names.join(", ")), USAGE));
    };
    let module = root.join("tests/oxc").join(&config.output_dir.path).join(found.module_dir()).join("deserialize.js");
    anyhow::ensure!(module.exists(), "{} is missing: run `cargo xtask codegen --config {}`", module.display(), crate::conformance::OXC_CONFIG);
    let defaults = paths.is_empty();
    if defaults {
        paths = (if typescript { TS_FILES } else { PERF_FILES }).iter().map(PathBuf::from).collect();
    }
    let variant = format!("{}{}", if typescript { "ts" } else { "js" }, if range { "_range" } else { "" });
    let cwd = if defaults { root.to_path_buf() } else { std::env::current_dir()? };
    let status = std::process::Command::new(project::node(root)?)
        .arg("--expose-gc")
        .arg(root.join("bench/oxc.js"))
        .args(["--variant", &variant, "--module"])
        .arg(&module)
        .args(passthrough)
        .args(paths)
        .current_dir(cwd)
        .status()?;
    Ok(if status.success() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
