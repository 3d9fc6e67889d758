//! The modes of `cargo xtask bench`: which script of `bench/` each runs, on which files (the
//! default sets of the pinned packages, unless some are given), with which targets.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::Result;

use super::args::Args;
use crate::project::{self, Project};
use crate::targets::{Format, HarnessTarget, Targets};
use crate::usage::bad_usage;

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

/// Runs the mode `args` ask for (all but `--check`, which runs them all).
pub(crate) fn run(project: &Project, args: Args) -> Result<ExitCode> {
    // --json and --samples pass through; the JSON file is named from where `cargo xtask` runs.
    let samples = args.samples.unwrap_or(if args.session { 11 } else { 15 });
    let mut passthrough: Vec<OsString> = vec!["--samples".into(), samples.to_string().into()];
    if let Some(json) = &args.json {
        let json = std::path::absolute(json)?;
        // (bench/results/ holds only what the benches wrote: it is made by the first.)
        if let Some(dir) = json.parent() {
            std::fs::create_dir_all(dir)?;
        }
        passthrough.extend(["--json".into(), json.into()]);
    }
    if args.load {
        return load(project, args.target.as_deref(), passthrough);
    }
    if args.e2e {
        return e2e(project, passthrough, args.paths);
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
    let files = files_and_cwd(project, paths, if typescript { TS_FILES } else { DEFAULT_FILES })?;
    let script = if session { "bench/oxc-visit-session.js" } else { "bench/oxc-visit.js" };
    run_on_target(project, script, target, passthrough, files)
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

/// `--e2e` (examples/jsonc/bench/e2e.js): the JSONC example's `parse()` through its addons, which
/// are built first, against the JSON route and JS parsers. Without paths, the script takes the JSON
/// and JSONC files of the pinned node_modules.
fn e2e(project: &Project, passthrough: Vec<OsString>, paths: Vec<PathBuf>) -> Result<ExitCode> {
    let config = project.path("examples/jsonc/codegen.toml");
    // The native addons it times (the web package's wasm module needs a wasm32 toolchain).
    let options = rawast::AddonOptions { targets: vec!["parser".into(), "lazy".into()], debug: false };
    rawast::addon(&config, &options, &mut |line| eprintln!("{line}"))?;
    let cwd = if paths.is_empty() { project.root.clone() } else { std::env::current_dir()? };
    let status = Command::new(project.node()?)
        .arg("--expose-gc")
        .arg(project.path("examples/jsonc/bench/e2e.js"))
        .args(passthrough)
        .args(paths)
        .current_dir(cwd)
        .status()?;
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
    let files = files_and_cwd(project, paths, &defaults)?;
    run_on_target(project, script, target, passthrough, files)
}

/// Runs `script` (with `--expose-gc`) on `target` and the files to time, from where
/// [`files_and_cwd`] says.
fn run_on_target(
    project: &Project,
    script: &str,
    target: &HarnessTarget,
    passthrough: Vec<OsString>,
    (paths, cwd): (Vec<PathBuf>, PathBuf),
) -> Result<ExitCode> {
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
