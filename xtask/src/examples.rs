//! The examples under `examples/`, run as their users run them: with the `rawast` command built from
//! this checkout and the commands their README lists, each crate a workspace of its own.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Result;

use crate::project::{self, Project};

/// Builds the `rawast` command and runs every example's checks.
pub fn check(project: &Project) -> Result<()> {
    // Built as `cargo test --workspace` builds it, with the workspace's features: after that step of
    // `cargo xtask test` nothing is compiled again (a `--package rawast` build would rebuild syn and
    // the generator with fewer features).
    let build = ["test", "--workspace", "--no-run", "--quiet", "--locked"];
    project::run(project::cargo().args(build), &project.root)?;
    let rawast = project.path("target/debug/rawast");
    jsonc(project, &rawast)
}

/// `examples/jsonc`: a JSON-with-comments parser. Codegen is fresh; its Rust tests pass (rustc
/// checks its layouts); every JSON file of the corpus round-trips through its buffers on Node 24 and
/// 20, and its fixtures through its package's Node.js addon (`rawast addon`), in worker threads
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

    let nodes: Vec<PathBuf> =
        [project.node()?, PathBuf::from("/usr/bin/node")].into_iter().filter(|node| node.exists()).collect();
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
    // The same parser in-process, through the addon of its package, on each Node and in worker threads.
    project::run(Command::new(rawast).arg("addon").env("CARGO", project::cargo().get_program()), &dir)?;
    for node in &nodes {
        project::run(Command::new(node).args(["--test", "test/napi.test.js", "test/lazy.test.js"]), &dir)?;
    }
    let mut package = Command::new(rawast);
    package.args(["package", "--dry-run", "--tools-dir"]).arg(root.join("target/rawast-tools"));
    for node in &nodes {
        package.arg("--node").arg(node);
    }
    project::run(&mut package, &dir)
}
