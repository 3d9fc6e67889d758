//! `cargo xtask test`: every check CI runs, in the order that fails fastest.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::{Result, bail};

use crate::project::{self, CONFIG, Project};
use crate::targets::Targets;
use crate::{bench_check, browser, codegen, conformance, crates, examples, fuzz, layout32, layouts, oxc, package};

pub const LONG_ABOUT: &str = "\
Run every check CI runs

Steps:
    1. npm ci                      install the pinned Node and JS dependencies (skipped when
                                   node_modules is newer than package-lock.json, outside CI,
                                   or is a link to another checkout's)
    2. cargo xtask codegen --check generated/ is up to date
    3. cargo test --workspace      with insta refusing to write or update snapshots, then a
                                   check that every file in snapshots/ is used by a test
    4. 32-bit layout check         cargo check for wasm32 of the schema and the layout fixtures,
                                   with Debian's rustc-web (required in CI, else a warning)
    5. cargo xtask conformance     every target against acorn on tests/conformance/corpus.txt, the
                                   oxc- targets against oxc-parser's deserializers on the same
                                   buffers (tests/oxc/corpus-{js,ts}.txt), and oxlint-plugins against
                                   Oxlint's own, on the buffers Oxlint writes while it lints
    6. cargo xtask fuzz            a short campaign (--cases 2000 per target, the oxc- targets
                                   on oxc-parser's buffers included, oxlint-plugins on buffers Oxlint
                                   wrote): corrupted buffers must end in an AST or a
                                   RawastBufferError, in bounded time and memory
    7. node --test                 tests/**/*.test.js on the pinned Node (after writing the
                                   layouts that tests/cycles builds its buffers with)
    8. cargo xtask browser         the web-runtime targets in headless Chromium (Debian's; required
                                   in CI, else a warning): a conformance subset, bad buffers,
                                   SharedArrayBuffer, the wasm32 producer in the page, the example
                                   page and its screenshot
    9. cargo xtask package --dry-run
                                   pack generated/npm/*, publint, install each tarball into a fresh
                                   project, tsc --strict and smoke tests on every Node found, and
                                   npm publish --dry-run (needs neither credentials nor network)
   10. cargo package               the crates a user depends on (rawast, rawast-generator,
                                   rawast-runtime, rawast-macros), each verify-built from its
                                   packaged files alone
   11. examples                    examples/jsonc as its README runs it, with the rawast command:
                                   codegen --check, cargo test, its corpus on Node 24 and 20,
                                   rawast package --dry-run
   12. oxc                         tests/oxc: oxc_ast 0.157.0's own sources, loaded in the oxc
                                   dialect; codegen --check, and rustc checks the generated
                                   layout assertions against the real crates, for the host and
                                   wasm32 (a wrong offset must fail each build)
   13. benches                     every mode of `cargo xtask bench`, parsed from its command
                                   line, on two or three small files with --samples 2: each must
                                   run (comparing its trees before it times them) and write a
                                   positive figure for every file and method to --json

Snapshots that need review: run `cargo test` locally, then read and accept the .snap.new files
(see README.md, \"Reviewing snapshot changes\").";

pub fn main(project: &Project) -> Result<()> {
    let root = &project.root;

    step("npm ci");
    if is_linked(&project.path("node_modules")) {
        // `npm ci` empties node_modules entry by entry, through a link too: it would delete the
        // linked checkout's packages (a worktree sharing another's). That checkout installs them.
        eprintln!("node_modules is a link to another checkout's; skipped (run `npm ci` there)");
    } else if needs_npm_ci(project) {
        project::run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]), root)?;
    } else {
        eprintln!("node_modules is up to date with package-lock.json; skipped");
    }

    step("cargo xtask codegen --check");
    eprintln!("{} generated files up to date", codegen::check_fresh(project, CONFIG)?);

    step("cargo test");
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
    check_snapshots(root, &references)?;

    step("32-bit layout check");
    layout32::check(project)?;

    step("cargo xtask conformance");
    let targets = Targets::read(project)?;
    let all = targets.select("all").expect("the configurations have targets");
    // Every target on its default corpus; the 32-bit ones need the wasm32 producer in CI only.
    if !conformance::run(project, all, &[], false)?.success {
        bail!("conformance found mismatches");
    }

    step("cargo xtask fuzz");
    let fuzz = fuzz::Args { target: "all".to_owned(), cases: 2000, seed: 1, case: None };
    if fuzz::main(project, fuzz)? != ExitCode::SUCCESS {
        bail!("the fuzzer found hangs, deaths, blow-ups or foreign errors");
    }

    step("node --test");
    // tests/cycles builds its buffers from the layouts.
    layouts::write(project)?;
    project::run(Command::new(project.node()?).args(["--test", "tests/**/*.test.js"]), root)?;

    step("cargo xtask browser");
    browser::check(project)?;

    step("cargo xtask package --dry-run");
    if package::run(project, true)? != ExitCode::SUCCESS {
        bail!("the npm packages failed their checks");
    }

    step("cargo package");
    crates::check(root)?;

    step("examples");
    examples::check(project)?;

    step("oxc");
    oxc::check(project)?;

    step("benches");
    bench_check::check(project)?;

    println!("test: all checks passed");
    Ok(())
}

fn step(name: &str) {
    eprintln!("\n==> {name}");
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
    eprintln!("{} snapshots, all referenced", used.len());
    Ok(())
}
