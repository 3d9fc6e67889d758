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
of median (min) ns per node with rawast's ratios to each, the worst file against each, how many files
rawast is slower on than oxc, and their geometric means. Default files: the default set (below) for JS targets;
for TS targets typescript's lib.dom.d.ts and typescript.d.ts, zod's v3 types.ts and v4 schemas.ts,
@tanstack/router-core's router.ts and @tanstack/react-router's link.tsx.

OPTIONS:
    --target T    an oxc- target: the same-buffer benchmark against oxc's deserializer
    --json FILE   also write the results as JSON
    --lazy        benchmark the lazy target against the eager one (bench/lazy.js)
    --samples N   samples per method and file (default 15)
    PATH...       JS files (.jsx parsed as JSX). Default: 27 files of the pinned packages, the
                  PERF.md set first, then bundles, ES modules, literal tables, comment-,
                  string- and non-ASCII-heavy files, JSX, and four files under 5 KB
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

/// The default set: PERF.md's nine files first, then files chosen for what those lack (issue 15):
/// bundles, ES modules, literal tables, comment- and string-heavy and non-ASCII-heavy code, JSX,
/// and files under 5 KB, where the fixed cost of a call shows.
const DEFAULT_FILES: &[&str] = &[
    "node_modules/typescript/lib/typescript.js",
    "node_modules/pdfjs-dist/build/pdf.mjs",
    "node_modules/antd/dist/antd.js",
    "node_modules/react-dom/cjs/react-dom-client.development.js",
    "node_modules/lodash/lodash.js",
    "node_modules/jquery/dist/jquery.js",
    "node_modules/three/build/three.module.js",
    "node_modules/vue/dist/vue.global.js",
    "node_modules/moment/moment.js",
    // UMD and webpack bundles: a charting library, a template compiler (with its generated parser's
    // tables), an immutable-collections library, math typesetting (with font and symbol tables).
    "node_modules/echarts/dist/echarts.js",
    "node_modules/handlebars/dist/handlebars.js",
    "node_modules/immutable/dist/immutable.js",
    "node_modules/katex/dist/katex.js",
    // ES modules: a compiler's, and zod's compiled schemas (the TS set's schemas.ts).
    "node_modules/acorn/dist/acorn.mjs",
    "node_modules/zod/v4/core/schemas.js",
    // Literal tables: arrays of numbers, a packed object of number arrays, 7,258 strings.
    "node_modules/katex/src/fontMetricsData.js",
    "node_modules/caniuse-lite/data/agents.js",
    "node_modules/highlight.js/lib/languages/mathematica.js",
    // Comments: JSDoc is two thirds of these.
    "node_modules/ramda/dist/ramda.js",
    "node_modules/async/dist/async.js",
    // Non-ASCII: every moment locale; a minified table of Chinese strings (its name is hashed, and
    // changes with faker's version).
    "node_modules/moment/min/moment-with-locales.js",
    "node_modules/@faker-js/faker/dist/zh_CN-2cuaKeu0.js",
    // JSX (by extension, as conformance reads it).
    "node_modules/@tanstack/solid-router/dist/source/Match.jsx",
    // Under 5 KB: JSX, a Japanese locale, a lodash module, zod's Chinese messages.
    "node_modules/create-vite/template-react/src/App.jsx",
    "node_modules/moment/locale/ja.js",
    "node_modules/lodash/throttle.js",
    "node_modules/zod/v4/locales/zh-CN.js",
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
        paths = DEFAULT_FILES.iter().map(PathBuf::from).collect();
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
        BufferFormat::Oxc { typescript, range, .. } => Some((t, typescript, range)),
        BufferFormat::Rawast => None,
    }) else {
        let names: Vec<&str> = config.targets.iter().map(|t| t.name.as_str()).collect();
        return Ok(crate::usage_error(&format!("`{target}` is not an oxc target: {} has {}", crate::conformance::OXC_CONFIG, names.join(", ")), USAGE));
    };
    let module = root.join("tests/oxc").join(&config.output_dir.path).join(found.module_dir()).join("deserialize.js");
    anyhow::ensure!(module.exists(), "{} is missing: run `cargo xtask codegen --config {}`", module.display(), crate::conformance::OXC_CONFIG);
    let defaults = paths.is_empty();
    if defaults {
        paths = (if typescript { TS_FILES } else { DEFAULT_FILES }).iter().map(PathBuf::from).collect();
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

#[cfg(test)]
mod tests {
    use super::{DEFAULT_FILES, TS_FILES};

    /// The default sets name files of the pinned packages (`npm ci`, step 1 of `cargo xtask test`):
    /// a package upgrade that moves or renames one (faker's file name is hashed) fails here, not in
    /// the middle of a benchmark.
    #[test]
    fn default_files_are_installed() {
        let root = crate::project::root();
        let missing: Vec<&str> = DEFAULT_FILES.iter().chain(TS_FILES).copied().filter(|path| !root.join(path).is_file()).collect();
        assert!(missing.is_empty(), "missing (run `npm ci`?): {missing:?}");
        assert!(DEFAULT_FILES.len() >= 24, "issue 15 asks for at least 24 default files");
        let small = DEFAULT_FILES.iter().filter(|path| std::fs::metadata(root.join(path)).unwrap().len() < 5 * 1024).count();
        assert!(small >= 3, "only {small} default files are under 5 KB");
    }
}
