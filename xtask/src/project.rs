//! Where the project is and how to run the tools it pins.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The repository root: the parent of this crate's directory.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives one level below the root").to_path_buf()
}

/// `cargo`, as the one that started us (set by cargo for `cargo run`), else from PATH.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The pinned Node (`node` devDependency) installed by `npm ci`.
pub fn node(root: &Path) -> Result<PathBuf> {
    let node = root.join("node_modules/.bin/node");
    if !node.exists() {
        bail!("{} is missing: run `npm ci` first (it installs the pinned Node)", node.display());
    }
    Ok(node)
}

/// Runs a command in `dir`, echoing it, and fails if it fails.
pub fn run(command: &mut Command, dir: &Path) -> Result<()> {
    command.current_dir(dir);
    let shown = format!("{command:?}").replace('"', "");
    eprintln!("$ {shown}");
    let status = command.status().with_context(|| format!("cannot start `{shown}`"))?;
    if !status.success() {
        bail!("`{shown}` failed ({status})");
    }
    Ok(())
}

/// Runs a Node script of the repository with the pinned Node, the release or debug `encode` binary
/// passed as `--encode`, from `cwd`; the exit code says whether it succeeded.
pub fn run_node_script(root: &Path, node_flags: &[&str], script: &str, encode: &Path, args: &[std::ffi::OsString], cwd: &Path) -> Result<std::process::ExitCode> {
    let status = Command::new(node(root)?)
        .args(node_flags)
        .arg(root.join(script))
        .arg("--encode")
        .arg(encode)
        .args(args)
        .current_dir(cwd)
        .status()
        .context("cannot start node")?;
    Ok(if status.success() { std::process::ExitCode::SUCCESS } else { std::process::ExitCode::FAILURE })
}
