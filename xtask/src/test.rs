//! `cargo xtask test`: every check CI runs, in the order that fails fastest.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use rawast_generator::plural::count;

use crate::project::{self, CONFIG, Project};
use crate::targets::Targets;
use crate::{
    bench, browser, codegen, conformance, crates, docs, examples, fuzz, jobs, layout32, layouts, oxc, package, tidy,
};

pub const LONG_ABOUT: &str = "\
Run every check CI runs, in the order that fails fastest, and print a table of the steps' times

Steps, and what each buys:
    1. gates                       the code stays one a newcomer can change: `cargo fmt --check`
                                   (rustfmt.toml) on every crate, `cargo xtask tidy` (module and
                                   function sizes, doc comments, no dates in code or output), and
                                   `cargo clippy --all-targets -D warnings` on the workspace and
                                   examples/jsonc, and the published crates' `cargo doc` with no
                                   broken or private links
    2. npm ci                      the pinned Node and JS dependencies (skipped when node_modules
                                   is newer than package-lock.json, outside CI, or is a link to
                                   another checkout's)
    3. codegen --check             generated/ is what the generator makes of the schema now
    4. cargo test                  the generator's, the runtime's and the commands' tests, the
                                   snapshots of every generated file unchanged (insta refuses to
                                   write them), and every file in snapshots/ used by a test
    5. 32-bit layout check         the layouts computed for wasm32 are rustc's: cargo check for
                                   wasm32 of the schema and the layout fixtures, with Debian's
                                   rustc-web (required in CI, else a warning)
    6. conformance                 the output is right on real code: every target against acorn
                                   on tests/conformance/corpus.txt, the oxc- targets against
                                   oxc-parser's deserializers on the same buffers, and
                                   oxlint-plugins against Oxlint's own while it lints
    7. fuzz                        bad input is an error, never a hang, a crash or a wrong
                                   value: 2000 corrupted buffers per target must end in an AST or
                                   a RawastBufferError, in bounded time and memory
    8. node --test                 the JS behaviour: tests/**/*.test.js on the pinned Node, a file
                                   per core (after writing the layouts that tests/cycles builds
                                   its buffers with)
    9. browser                     the web targets run where they are meant to: headless Chromium
                                   (Debian's; required in CI, else a warning), a conformance subset,
                                   bad buffers, SharedArrayBuffer, the wasm32 producer in the page
   10. package --dry-run           what npm would ship installs and works: pack, publint, install
                                   each tarball into a fresh project, tsc --strict and smoke tests
                                   on every Node found, npm publish --dry-run
   11. cargo package               the crates a user depends on build from their packaged files
   12. examples                    examples/jsonc as its README runs it, with the rawast command
   13. docs                        the book is right: its TOML loads with the config loader, its
                                   JS runs against the example's packages, its Rust compiles and
                                   runs (doctests), its links and anchors resolve, its table of
                                   target keys is the loader's; the README stays short
   14. oxc                         rawast's layouts of oxc's AST are rustc's: the generated layout
                                   assertions built against oxc_ast 0.157.0, for the host and
                                   wasm32
   15. benches                     every bench mode still runs: each, on one small file with
                                   --samples 2, compares its trees and writes a positive figure
                                   for every method (its output's shape; nothing is timed)

Snapshots that need review: run `cargo test` locally, then read and accept the .snap.new files
(docs/snapshots.md).";

/// A step of `cargo xtask test`: its name in the table, and what it runs.
struct Step {
    name: &'static str,
    run: fn(&Project) -> Result<()>,
}

const STEPS: &[Step] = &[
    Step { name: "gates", run: gates },
    Step { name: "npm ci", run: npm_ci },
    Step { name: "codegen --check", run: codegen_check },
    Step { name: "cargo test", run: cargo_test },
    Step { name: "32-bit layout check", run: layout32::check },
    Step { name: "conformance", run: run_conformance },
    Step { name: "fuzz", run: run_fuzz },
    Step { name: "node --test", run: node_test },
    Step { name: "browser", run: browser::check },
    Step { name: "package --dry-run", run: run_package },
    Step { name: "cargo package", run: |project| crates::check(&project.root) },
    Step { name: "examples", run: examples::check },
    Step { name: "docs", run: docs::main },
    Step { name: "oxc", run: oxc::check },
    Step { name: "benches", run: bench::check::check },
];

pub fn main(project: &Project) -> Result<()> {
    let mut times = Vec::new();
    for step in STEPS {
        eprintln!("\n==> {}", step.name);
        let start = Instant::now();
        let result = (step.run)(project);
        times.push((step.name, start.elapsed()));
        if let Err(error) = result {
            print_times(&times, false);
            return Err(error.context(format!("step `{}` failed", step.name)));
        }
    }
    println!("test: all checks passed");
    print_times(&times, true);
    Ok(())
}

/// The steps run and their times, the last one failed unless `passed`.
fn print_times(times: &[(&str, Duration)], passed: bool) {
    let total: Duration = times.iter().map(|(_, time)| *time).sum();
    println!("\n{:<22} {:>8}", "step", "time");
    for (index, (name, time)) in times.iter().enumerate() {
        let failed = !passed && index + 1 == times.len();
        println!("{name:<22} {:>8}{}", minutes(*time), if failed { "  failed" } else { "" });
    }
    println!("{:<22} {:>8}", "total", minutes(total));
}

/// `m:ss`.
fn minutes(time: Duration) -> String {
    let seconds = time.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Formatting, tidy and clippy, on every crate of this repository.
fn gates(project: &Project) -> Result<()> {
    let root = &project.root;
    for manifest in ["Cargo.toml", "examples/jsonc/Cargo.toml", "tests/oxc/Cargo.toml"] {
        project::run(project::cargo().args(["fmt", "--all", "--check", "--manifest-path", manifest]), root)?;
    }
    if tidy::main(project)? != ExitCode::SUCCESS {
        bail!("tidy found problems");
    }
    for manifest in ["Cargo.toml", "examples/jsonc/Cargo.toml"] {
        let clippy = ["clippy", "--quiet", "--locked", "--workspace", "--all-targets", "--manifest-path", manifest];
        project::run(project::cargo().args(clippy).args(["--", "-D", "warnings"]), root)?;
    }
    // The published crates' rustdoc, as docs.rs builds it: no broken or private links.
    let mut doc = project::cargo();
    doc.args(["doc", "--quiet", "--locked", "--no-deps"]).env("RUSTDOCFLAGS", "-D warnings");
    for (name, _) in crates::publishable(root)? {
        doc.args(["--package", &name]);
    }
    project::run(&mut doc, root)?;
    Ok(())
}

fn npm_ci(project: &Project) -> Result<()> {
    if is_linked(&project.path("node_modules")) {
        // `npm ci` empties node_modules entry by entry, through a link too: it would delete the
        // linked checkout's packages (a worktree sharing another's). That checkout installs them.
        eprintln!("node_modules is a link to another checkout's; skipped (run `npm ci` there)");
    } else if needs_npm_ci(project) {
        project::run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]), &project.root)?;
    } else {
        eprintln!("node_modules is up to date with package-lock.json; skipped");
    }
    Ok(())
}

fn codegen_check(project: &Project) -> Result<()> {
    eprintln!("{} up to date", count(codegen::check_fresh(project, CONFIG)?, "generated file"));
    Ok(())
}

fn cargo_test(project: &Project) -> Result<()> {
    let root = &project.root;
    let references = root.join("target/insta-references.txt");
    let _ = fs::remove_file(&references);
    project::run(
        project::cargo()
            .args(["test", "--workspace", "--locked"])
            .env("INSTA_UPDATE", "no")
            .env("INSTA_FORCE_PASS", "0")
            .env("INSTA_SNAPSHOT_REFERENCES_FILE", &references),
        root,
    )?;
    check_snapshots(root, &references)
}

fn run_conformance(project: &Project) -> Result<()> {
    let targets = Targets::read(project)?;
    let all = targets.select("all").expect("the configurations have targets");
    // Every target on its default corpus; the 32-bit ones need the wasm32 producer in CI only.
    if !conformance::run(project, all, &[], false, jobs::default_parallelism())?.success {
        bail!("conformance found mismatches");
    }
    Ok(())
}

fn run_fuzz(project: &Project) -> Result<()> {
    let fuzz = fuzz::Args { target: "all".to_owned(), cases: 2000, seed: 1, case: None };
    if fuzz::main(project, fuzz)? != ExitCode::SUCCESS {
        bail!("the fuzzer found hangs, deaths, blow-ups or foreign errors");
    }
    Ok(())
}

fn node_test(project: &Project) -> Result<()> {
    // tests/cycles builds its buffers from the layouts.
    layouts::write(project)?;
    // A test file per core: most are one thread each (Node's default leaves one core to its runner).
    let concurrency = format!("--test-concurrency={}", jobs::default_parallelism());
    project::run(Command::new(project.node()?).args(["--test", &concurrency, "tests/**/*.test.js"]), &project.root)
}

fn run_package(project: &Project) -> Result<()> {
    if package::run(project, true)? != ExitCode::SUCCESS {
        bail!("the npm packages failed their checks");
    }
    Ok(())
}

fn is_linked(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Outside CI, a fresh `node_modules` is kept: `npm ci` deletes it and downloads Node again.
fn needs_npm_ci(project: &Project) -> bool {
    if project.ci {
        return true;
    }
    let modified = |path: &str| fs::metadata(project.path(path)).and_then(|m| m.modified()).ok();
    match (modified("node_modules/.package-lock.json"), modified("package-lock.json"), modified("package.json")) {
        (Some(installed), Some(lock), Some(manifest)) => installed < lock || installed < manifest,
        _ => true,
    }
}

/// Fails on snapshots no test used, and on pending `.snap.new` files (which `INSTA_UPDATE=no`
/// should make impossible, but a stray one would otherwise go unnoticed).
fn check_snapshots(root: &Path, references: &Path) -> Result<()> {
    let used: BTreeSet<std::path::PathBuf> = fs::read_to_string(references)
        .unwrap_or_default()
        .lines()
        .map(|line| fs::canonicalize(line).unwrap_or_else(|_| line.into()))
        .collect();
    let mut unreferenced = Vec::new();
    let mut pending = Vec::new();
    let mut dirs = vec![root.join("snapshots")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            let name = path.to_string_lossy().into_owned();
            if path.is_dir() {
                dirs.push(path);
            } else if name.ends_with(".snap.new") || name.ends_with(".pending-snap") {
                pending.push(name);
            } else if name.ends_with(".snap") && !used.contains(&fs::canonicalize(&path)?) {
                unreferenced.push(name);
            }
        }
    }
    if !pending.is_empty() {
        bail!("snapshot updates are pending review (read them, then accept or delete): {}", pending.join(", "));
    }
    if !unreferenced.is_empty() {
        unreferenced.sort();
        bail!("snapshots used by no test (delete them or restore their test): {}", unreferenced.join(", "));
    }
    eprintln!("{}, all referenced", count(used.len(), "snapshot"));
    Ok(())
}
