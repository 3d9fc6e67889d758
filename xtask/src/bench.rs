//! `cargo xtask bench`: deserialize-only, rawast against oxc, JSON.parse and a shaped clone.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::Result;

use crate::bench_check;
use crate::project::{self, Project};
use crate::targets::{Format, HarnessTarget, Targets};
use crate::usage::bad_usage;

/// The forms, which clap's one generated line would run together.
pub const USAGE: &str = "\
cargo xtask bench [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --target oxc-… [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --target oxlint-plugins --session [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --lazy [--samples N] [PATH...]
       cargo xtask bench --visit [--target T] [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --visit --target oxc-… --session [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --load [--target T] [--json FILE] [--samples N]
       cargo xtask bench --check";

pub const LONG_ABOUT: &str = "\
Deserialize-only benchmark (see shared PERF.md)

In one Node process with --expose-gc, for each file: rawast's parser deserializer on the buffer the
Rust producer wrote; oxc-parser's deserializer on its raw-transfer buffer of the same source (given
the source string); JSON.parse of acorn's AST as JSON; a type-shaped clone of acorn's AST (the
floor). Methods are interleaved in a fresh seeded random order each round, garbage is collected
before every sample; a warm-up of at least 3 rounds and 0.5 s per file (three rounds of a small
file end before V8 has optimized its code), then N samples (default 15). Files under 5 KB, and the empty
program (the fixed cost of a call), are also timed per call, in batches. Then, per file, the parser
layout's source encoding: the generated `encodeSource` into a buffer allocated once against
`new TextEncoder().encode`, interleaved the same way. Prints a progress line per file (stderr), the
CPU and Node version, then a markdown table of median (min) ns per node, each method counting the
nodes of its own output, a table of µs per call, a table of median (min) ms of the two encoders, a
table of rawast on each non-ASCII file against its ASCII twin (every non-ASCII character replaced),
the worst file against each of oxc, JSON.parse and the clone, the geomean against oxc per file class
(below), and last the geometric means of rawast's ns/node over the others'. --json holds the first two tables, the machine and the geomeans.

With --lazy, instead: the parser target (plain objects) against the lazy parser-lazy target
(getters that read on first access), each deserializing then (a) collecting every string literal's
value and (b) counting identifiers with the same VISITOR_KEYS visitor, and (c) reading only the
top-level statements' types; interleaved and collected the same way; a markdown table of median
(min) ms and lazy ÷ eager ratios.

With --visit, instead: bench/visit.js, the generated walker of the parser target on its buffers
(with --target, of another target of codegen.toml with 64-bit buffers: linter, parser-lazy).
Methods, interleaved and collected as above: walk_full (`walk` with a visitor of every Identifier,
its name read), walk_sparse (`walk` with a visitor of DebuggerStatement and ImportDeclaration),
eager (`deserialize`) and eager_visit_full (`deserialize`, then `visit` with walk_full's visitor).
For a lazy target, eager and eager_visit_full are its eager twin's (parser for parser-lazy: the
same buffers read into plain objects), and lazy_visit_full is the lazy target's `deserialize`, then
its `visit`. Prints a markdown table of median (min) ms with walk_full ÷ eager_visit_full,
walk_full ÷ eager and walk_sparse ÷ eager (and lazy_visit_full ÷ eager_visit_full), the files where
walk_full is slower than eager_visit_full, and the geomeans; --json holds
`files[].ms.<method>` = `{median, min}`.

With --visit --target and an oxc target without parents (oxc-js, oxc-ts, oxc-js-range,
oxc-ts-range, oxc-js-buffer-text), instead: bench/oxc-visit.js, on oxc-parser's buffers (each
file parsed once; the JS or TS default set as below). Methods: walk_full and walk_sparse (the
target's `walk`, as above), oxc_eager_visitor_full (oxc's deserializer of the same variant, then
oxc-parser's `Visitor` with walk_full's visitor), oxc_lazy_visitor_full and
oxc_lazy_visitor_sparse (oxc's lazy mode on the same buffer, walked by its lazy visitor: identifiers
are its four Rust types there), oxc_eager (oxc's deserializer), eager_visit_full and eager (the
target's `deserialize`, with and without its `visit`). Ratios: walk_full ÷ oxc_eager_visitor_full,
walk_sparse ÷ oxc_eager, walk_full ÷ eager_visit_full, and oxc's lazy visits ÷ oxc_eager. (Targets
with parent links are refused: their walk reads the whole tree at the first visited node.)

With --target and a target of tests/oxc/codegen.toml (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range),
instead: the same-buffer benchmark (bench/oxc.js). Each file is parsed once by oxc-parser; rawast's
deserializer and oxc's own of the same variant (js, ts, js_range, ts_range) read that buffer,
interleaved as above with JSON.parse of the same tree, the type-shaped clone, and the construct-only
floor (the same objects built from values already decoded, read from a flat tape: no buffer, no
decoding, no property loads). A file whose two outputs differ is not timed. Prints a markdown table
of median (min) ns per node with rawast's ratios to each, the worst file against each, how many files
rawast is slower on than oxc, the same and the geomean per file class (size: under 5 KB, 5-100 KB,
larger; JavaScript, JSX and TSX, TypeScript; non-ASCII-heavy: 1% of the bytes or more), and their
geometric means. Default files: the default set (below) for JS targets;
for TS targets typescript's lib.dom.d.ts and typescript.d.ts, zod's v3 types.ts and v4 schemas.ts,
@tanstack/router-core's router.ts, @tanstack/react-router's link.tsx and Match.tsx, and
@tanstack/solid-router's route.tsx, and five ordinary sources of 20-45 KB (katex's Parser.ts,
zrender's Animator.ts, puppeteer-core's cdp/Page.ts, router-core's utils.ts, entities' decode.ts).
Files under 5 KB and the empty program (the fixed cost) are also timed per call. A -parent target is
measured against oxc's variant without parents (oxc-parser 0.157 ships none with).

With --target oxlint-plugins (`linter = true`), instead: bench/oxlint.js. Oxlint 1.91.0 lints the files once
with a capture plugin; each file's buffer, put back at its offsets, is read by rawast's target and by
Oxlint's own deserializer (cut out of the pinned bundle into target/oxlint-deserialize.mjs, timed as
Oxlint calls it: the source decoded, then deserializeProgramOnly), with the same baselines (of the tree
without parent links) and µs per call on files under 5 KB and on Oxlint's buffer of an empty file
(the fixed cost of a call; --json: `fixed_cost_us`). Default files: both default sets.

With --load, instead: bench/load.js, what loading a deserializer costs a process. Each module is
imported in a fresh Node process, timed inside it, the modules in a fresh seeded random order each
round (one warm-up round, then N, default 15): every target's deserialize.js and walk.js (with
--target, that target's), oxc-parser's deserializer of each oxc target's variant, and Oxlint's
deserializer. Prints a markdown table of median (min) ms per module, per target deserialize.js ÷
walk.js and each ÷ its reference, and last their geometric means.

With --session (Oxlint's target only), instead: bench/oxlint-session.js, as a linter runs a
deserializer. Each of six processes (rawast, Oxlint, rawast, …) holds one deserializer and reads
every captured file once per pass, keeping the last tree, with no forced collection; N passes (default
11), the first a warm-up. Prints per file the median µs per read, rawast ÷ Oxlint, how many files
rawast is slower on and the geomean, per file class and over all.

With --visit --target and an oxc target without parents, and --session: bench/oxc-visit-session.js,
as a tool visits files. Each of twelve processes (walk_sparse, oxc_eager, walk_full,
oxc_eager_visitor_full, three rounds, each round in another order) runs one method: every file
parsed by oxc-parser (not timed), then visited once, file after file, the last result kept, with no
forced collection; N passes (default 11), the first a warm-up. Prints per file the median µs per
call of each method, walk_sparse ÷ oxc_eager and walk_full ÷ oxc_eager_visitor_full, the same for a
whole pass, and their geomeans; --json holds `files[].us.<method>`.

With --check, instead: no timing worth reading. Every form above runs briefly (two or three small
files of the pinned packages, --samples 2), as its command line parses, and the JSON each writes is
read back: an entry per file, every figure a positive number. A bench that no longer runs, or finds
the trees it compares before timing different, fails it. `cargo xtask test` runs it (step 13).";

#[derive(clap::Args)]
pub struct Args {
    /// A target of tests/oxc/codegen.toml: the same-buffer benchmark against oxc's deserializer
    /// (oxlint-plugins: against Oxlint's)
    #[arg(long, value_name = "T", conflicts_with = "lazy")]
    target: Option<String>,
    /// Also write the results as JSON
    #[arg(long, value_name = "FILE", conflicts_with = "lazy")]
    json: Option<PathBuf>,
    /// Benchmark the lazy target against the eager one (bench/lazy.js)
    #[arg(long)]
    lazy: bool,
    /// Benchmark the generated walker against deserializing and visiting (bench/visit.js)
    #[arg(long, conflicts_with = "lazy")]
    visit: bool,
    /// Time loading each target's modules (and oxc's and Oxlint's deserializers) in fresh
    /// processes (bench/load.js)
    #[arg(long, conflicts_with_all = ["lazy", "session", "visit", "paths"])]
    load: bool,
    /// With --target oxlint-plugins: one deserializer per process, each file read once per pass
    /// (bench/oxlint-session.js); with --visit --target oxc-…: one method per process, each file
    /// parsed and visited once per pass (bench/oxc-visit-session.js). --samples: passes per
    /// process, default 11
    #[arg(long, requires = "target")]
    session: bool,
    /// Instead of timing: every mode above, briefly (two or three small files, --samples 2), each
    /// run's --json read back (`cargo xtask test`'s step 13)
    #[arg(long, conflicts_with_all = ["target", "json", "lazy", "visit", "load", "session", "samples", "paths"])]
    check: bool,
    /// Samples per method and file (default 15; with --session, passes per process, default 11)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    samples: Option<u32>,
    /// JS files (.jsx parsed as JSX). Default: 29 files of the pinned packages, the PERF.md set
    /// first, then bundles, ES modules, literal tables, comment-, string- and non-ASCII-heavy files,
    /// JSX, and five files under 5 KB
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
}

/// Real TypeScript files of the pinned packages, for the TS oxc targets.
const TS_FILES: &[&str] = &[
    "node_modules/typescript/lib/lib.dom.d.ts",
    "node_modules/typescript/lib/typescript.d.ts",
    "node_modules/zod/src/v3/types.ts",
    "node_modules/zod/src/v4/core/schemas.ts",
    "node_modules/@tanstack/router-core/src/router.ts",
    "node_modules/@tanstack/react-router/src/link.tsx",
    // More TSX: the JSX and TSX class of the Oxlint bench had three files, too few for its geomean
    // to mean anything (±10% between runs of the same code).
    "node_modules/@tanstack/react-router/src/Match.tsx",
    "node_modules/@tanstack/solid-router/src/route.tsx",
    // Ordinary sources of 20–45 KB, the size most projects' files are (issue 28): a parser class,
    // generic animation code, an async class of a browser driver, type-level utilities, a decoder.
    "node_modules/katex/src/Parser.ts",
    "node_modules/zrender/src/animation/Animator.ts",
    "node_modules/puppeteer-core/src/cdp/Page.ts",
    "node_modules/@tanstack/router-core/src/utils.ts",
    "node_modules/entities/src/decode.ts",
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
    "node_modules/@tanstack/solid-router/dist/source/link.jsx",
    // Under 5 KB: JSX (two), a Japanese locale, a lodash module, zod's Chinese messages.
    "node_modules/create-vite/template-react/src/App.jsx",
    "node_modules/create-vite/template-preact/src/app.jsx",
    "node_modules/moment/locale/ja.js",
    "node_modules/lodash/throttle.js",
    "node_modules/zod/v4/locales/zh-CN.js",
];

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    if args.check {
        bench_check::check(project)?;
        return Ok(ExitCode::SUCCESS);
    }
    // --json and --samples pass through; the JSON file is named from where `cargo xtask` runs.
    let samples = args.samples.unwrap_or(if args.session { 11 } else { 15 });
    let mut passthrough: Vec<OsString> = vec!["--samples".into(), samples.to_string().into()];
    if let Some(json) = &args.json {
        passthrough.extend(["--json".into(), std::path::absolute(json)?.into()]);
    }
    if args.load {
        return load(project, args.target.as_deref(), passthrough);
    }
    if let Some(target) = &args.target {
        let targets = Targets::read(project)?;
        if args.visit
            && let Some(oxc) = targets.oxc(target)
        {
            return oxc_visit(project, &oxc, passthrough, args.paths, args.session);
        } else if args.visit {
            if args.session {
                return Err(bad_usage(
                    "bench",
                    format!(
                        "--visit --session times the walker of a target of oxc-parser's buffers against oxc's deserializer; `{target}` is not one"
                    ),
                ));
            }
            // Another target's walker: bench/visit.js below, handed the target (and a lazy one's
            // eager twin, which the walk is measured against).
            let (visited, twin) = visited_target(&targets, target)?;
            passthrough.extend(visited.arg().into_iter().map(Into::into));
            if let Some(twin) = twin {
                let [_, json] = twin.arg();
                passthrough.extend(["--eager-target-json".into(), json.into()]);
            }
        } else {
            let Some(target) = targets.oxc(target) else {
                return Err(bad_usage("bench", format!("`{target}` is not an oxc target: {}", targets.names(true))));
            };
            if args.session && !target.is_oxlint() {
                return Err(bad_usage(
                    "bench",
                    format!(
                        "--session times Oxlint's target against Oxlint's deserializer (with --visit, an oxc target's walker); `{}` reads oxc-parser's buffers",
                        target.name
                    ),
                ));
            }
            return oxc(project, &target, passthrough, args.paths, args.session);
        }
    }
    let (paths, cwd) = files_and_cwd(project, args.paths, DEFAULT_FILES)?;
    let encode = project.build_encode(true)?;
    passthrough.extend(paths.into_iter().map(Into::into));
    let script = if args.lazy {
        "bench/lazy.js"
    } else if args.visit {
        "bench/visit.js"
    } else {
        "bench/run.js"
    };
    project.run_node_script(&["--expose-gc"], script, &encode, &passthrough, &cwd)
}

/// The target `--visit --target name` times: a target of codegen.toml whose buffers the 64-bit
/// test producer writes; and for a lazy one, its eager twin (an eager target of the same format),
/// whose `deserialize` and `visit` its walk is measured against.
fn visited_target(targets: &Targets, name: &str) -> Result<(HarnessTarget, Option<HarnessTarget>)> {
    let Some(target) = targets.select(name).and_then(|t| t.into_iter().find(|t| !t.is_oxc())) else {
        return Err(bad_usage("bench", format!("`{name}` is not a target: {}", targets.names(false))));
    };
    if target.is_32_bit() {
        return Err(bad_usage(
            "bench",
            format!("--visit times a walker on the 64-bit producer's buffers; `{name}` is read from 32-bit buffers"),
        ));
    }
    target.ensure_generated()?;
    if !target.lazy {
        return Ok((target, None));
    }
    let all = targets.select("all").unwrap_or_default();
    let Some(twin) =
        all.into_iter().find(|t| !t.lazy && t.format == target.format && t.pointer_width == target.pointer_width)
    else {
        return Err(bad_usage(
            "bench",
            format!(
                "--visit measures the lazy `{name}` against an eager target of the same buffers, and codegen.toml has none"
            ),
        ));
    };
    twin.ensure_generated()?;
    Ok((target, Some(twin)))
}

/// The files to time (the defaults if none are given) and where to run from: paths are shown as
/// given, relative ones resolved from where `cargo xtask bench` was run or, for the defaults, from
/// the repository.
fn files_and_cwd(project: &Project, paths: Vec<PathBuf>, defaults: &[&str]) -> Result<(Vec<PathBuf>, PathBuf)> {
    if paths.is_empty() {
        Ok((defaults.iter().map(PathBuf::from).collect(), project.root.clone()))
    } else {
        Ok((paths, std::env::current_dir()?))
    }
}

/// `--visit` on an oxc target (bench/oxc-visit.js): its walker on oxc-parser's buffers against
/// oxc's eager and lazy visitors; with `session`, as a tool runs one (bench/oxc-visit-session.js).
fn oxc_visit(
    project: &Project,
    target: &HarnessTarget,
    passthrough: Vec<OsString>,
    paths: Vec<PathBuf>,
    session: bool,
) -> Result<ExitCode> {
    let Format::Oxc { typescript, parent, linter, .. } = target.format else { unreachable!("an oxc target") };
    if parent || linter {
        return Err(bad_usage(
            "bench",
            format!(
                "--visit times the walker of a target of oxc-parser's buffers without parents against oxc's visitors; `{}` has parent links (its walk reads the whole tree at the first visited node)",
                target.name
            ),
        ));
    }
    target.ensure_generated()?;
    let (paths, cwd) = files_and_cwd(project, paths, if typescript { TS_FILES } else { DEFAULT_FILES })?;
    let script = if session { "bench/oxc-visit-session.js" } else { "bench/oxc-visit.js" };
    let status = Command::new(project.node()?)
        .arg("--expose-gc")
        .arg(project.path(script))
        .args(target.arg())
        .args(passthrough)
        .args(paths)
        .current_dir(cwd)
        .status()?;
    Ok(project::exit_code(status.success()))
}

/// `--load` (bench/load.js): every target's modules, or `name`'s, each imported in fresh processes.
fn load(project: &Project, name: Option<&str>, passthrough: Vec<OsString>) -> Result<ExitCode> {
    let targets = Targets::read(project)?;
    let Some(selected) = targets.select(name.unwrap_or("all")) else {
        return Err(bad_usage(
            "bench",
            format!("`{}` is not a target: {}", name.unwrap_or_default(), targets.names(false)),
        ));
    };
    let mut command = Command::new(project.node()?);
    command.arg(project.path("bench/load.js"));
    for target in &selected {
        target.ensure_generated()?;
        command.args(target.arg());
    }
    let status = command.args(passthrough).current_dir(&project.root).status()?;
    Ok(project::exit_code(status.success()))
}

/// The same-buffer benchmark of an oxc target: bench/oxc.js, or bench/oxlint.js for Oxlint's.
fn oxc(
    project: &Project,
    target: &HarnessTarget,
    passthrough: Vec<OsString>,
    paths: Vec<PathBuf>,
    session: bool,
) -> Result<ExitCode> {
    target.ensure_generated()?;
    // Oxlint's target: its buffers come from Oxlint, its reference is Oxlint's (bench/oxlint.js),
    // on JS and TS files both (a linter's files are both).
    let (script, defaults): (&str, Vec<&str>) = if target.is_oxlint() {
        (
            if session { "bench/oxlint-session.js" } else { "bench/oxlint.js" },
            DEFAULT_FILES.iter().chain(TS_FILES).copied().collect(),
        )
    } else if matches!(target.format, Format::Oxc { typescript: true, .. }) {
        ("bench/oxc.js", TS_FILES.to_vec())
    } else {
        ("bench/oxc.js", DEFAULT_FILES.to_vec())
    };
    let (paths, cwd) = files_and_cwd(project, paths, &defaults)?;
    let status = Command::new(project.node()?)
        .arg("--expose-gc")
        .arg(project.path(script))
        .args(target.arg())
        .args(passthrough)
        .args(paths)
        .current_dir(cwd)
        .status()?;
    Ok(project::exit_code(status.success()))
}

#[cfg(test)]
mod tests {
    use super::{DEFAULT_FILES, TS_FILES};

    /// The default sets name files of the pinned packages (`npm ci`, step 1 of `cargo xtask test`):
    /// a package upgrade that moves or renames one (faker's file name is hashed) fails here, not in
    /// the middle of a benchmark.
    #[test]
    fn default_files_are_installed() {
        let root = crate::project::Project::from_env().root;
        let missing: Vec<&str> =
            DEFAULT_FILES.iter().chain(TS_FILES).copied().filter(|path| !root.join(path).is_file()).collect();
        assert!(missing.is_empty(), "missing (run `npm ci`?): {missing:?}");
        assert!(DEFAULT_FILES.len() >= 24, "issue 15 asks for at least 24 default files");
        let small =
            DEFAULT_FILES.iter().filter(|path| std::fs::metadata(root.join(path)).unwrap().len() < 5 * 1024).count();
        assert!(small >= 3, "only {small} default files are under 5 KB");
    }
}
