//! The examples under `examples/`, run as their users run them: with the `rawast` command built from
//! this checkout and the commands their README lists, each crate a workspace of its own.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Result;

use crate::layout32;
use crate::project::{self, Project};

/// Builds the `rawast` command and runs every example's checks.
pub fn check(project: &Project) -> Result<()> {
    let rawast = rawast_command(project)?;
    jsonc(project, &rawast)
}

/// The `rawast` command of this checkout, built as `cargo test --workspace` builds it, with the
/// workspace's features: after that step of `cargo xtask test` nothing is compiled again (a
/// `--package rawast` build would rebuild syn and the generator with fewer features).
pub fn rawast_command(project: &Project) -> Result<PathBuf> {
    let build = ["test", "--workspace", "--no-run", "--quiet", "--locked"];
    project::run(project::cargo().args(build), &project.root)?;
    Ok(project.path("target/debug/rawast"))
}

/// `rawast addon` of the JSONC example's web package: its parser built for wasm32 with `rustc`
/// (Debian's, `layout32`), into `generated/npm/web/jsonc_web.wasm`.
pub fn build_jsonc_wasm(project: &Project, rawast: &Path, rustc: &Path) -> Result<()> {
    let mut command = Command::new(rawast);
    command.args(["addon", "--target", "web"]).env("CARGO", project::cargo().get_program());
    project::run(command.envs(layout32::wasm_env(rustc, "")?), &project.path("examples/jsonc"))
}

/// `examples/jsonc`: a JSON-with-comments parser. Codegen is fresh; its Rust tests pass (rustc
/// checks its layouts); every JSON file of the corpus round-trips through its buffers on Node 24, 22
/// and 20, and its fixtures through its package's Node.js addon (`rawast addon`), in worker threads
/// too; its npm package passes `rawast package --dry-run`, `parse` included.
fn jsonc(project: &Project, rawast: &Path) -> Result<()> {
    let root = &project.root;
    let dir = root.join("examples/jsonc");
    let manifest = dir.join("Cargo.toml");
    project::run(Command::new(rawast).args(["codegen", "--check"]), &dir)?;
    project::run(project::cargo().args(["test", "--quiet", "--locked", "--manifest-path"]).arg(&manifest), root)?;
    project::run(
        project::cargo().args(["build", "--quiet", "--release", "--locked", "--manifest-path"]).arg(&manifest),
        root,
    )?;
    let encode = dir.join("target/release/jsonc-encode");
    std::fs::create_dir_all(dir.join("target/sample"))?;
    project::run(
        Command::new(&encode).args([
            "--json",
            "target/sample/sample.json",
            "test/sample.jsonc",
            "target/sample/sample.bin",
        ]),
        &dir,
    )?;

    // Node 24, 22 and 20: the parser packages' addons load on each.
    let nodes = crate::package::nodes(project)?;
    for node in &nodes {
        project::run(
            Command::new(node)
                .arg("test/run.js")
                .arg("--encode")
                .arg(&encode)
                .arg("test/fixtures")
                .arg(root.join("node_modules")),
            &dir,
        )?;
    }
    // The same parser in-process, through the addons of its packages, on each Node and in worker
    // threads; and compiled to wasm32, where the toolchain for it is (always in CI).
    let addon = || {
        let mut command = Command::new(rawast);
        command.arg("addon").env("CARGO", project::cargo().get_program());
        command
    };
    project::run(addon().args(["--target", "parser", "--target", "lazy"]), &dir)?;
    let mut tests = vec!["--test", "test/napi.test.js", "test/lazy.test.js", "test/workers.test.js"];
    let wasm = layout32::rustc_or_warn(project.ci, "the JSONC parser is NOT built for wasm32")?;
    if let Some(rustc) = &wasm {
        build_jsonc_wasm(project, rawast, rustc)?;
        tests.push("test/wasm.test.js");
    }
    for node in &nodes {
        project::run(Command::new(node).args(&tests), &dir)?;
    }
    // The parsers built above are packed: the wasm module needs the environment its build had.
    let mut package = Command::new(rawast);
    package.args(["package", "--dry-run", "--prebuilt", "--tools-dir"]).arg(root.join("target/rawast-tools"));
    if wasm.is_none() {
        package.args(["--target", "parser", "--target", "lazy"]);
    }
    for node in &nodes {
        package.arg("--node").arg(node);
    }
    project::run(&mut package, &dir)
}
