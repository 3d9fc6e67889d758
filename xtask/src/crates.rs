//! The published crates, packaged as crates.io would get them: `cargo package` of every workspace
//! crate that may be published, its verify build included (the packaged crate builds on its own,
//! templates and all).

use std::path::Path;

use anyhow::{Context, Result};

use crate::project;

/// The workspace crates that may be published (`publish` not `false`), by `cargo metadata`.
pub fn publishable(root: &Path) -> Result<Vec<String>> {
    let output = project::cargo().args(["metadata", "--no-deps", "--format-version", "1", "--locked"]).current_dir(root).output().context("cannot run cargo metadata")?;
    anyhow::ensure!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).context("cargo metadata printed no JSON")?;
    let mut names: Vec<String> = metadata["packages"]
        .as_array()
        .context("cargo metadata: no packages")?
        .iter()
        .filter(|package| package["publish"].is_null())
        .filter_map(|package| package["name"].as_str().map(str::to_owned))
        .collect();
    names.sort();
    Ok(names)
}

/// `cargo package` of the publishable crates together, so that each verifies against the others'
/// packaged versions (cargo stages them in a local registry), not against the checkout.
pub fn check(root: &Path) -> Result<()> {
    let crates = publishable(root)?;
    anyhow::ensure!(!crates.is_empty(), "no publishable crate in the workspace");
    let mut command = project::cargo();
    command.args(["package", "--locked", "--allow-dirty", "--quiet"]);
    for name in &crates {
        command.args(["--package", name]);
    }
    project::run(&mut command, root)?;
    eprintln!("packaged and verified: {}", crates.join(", "));
    Ok(())
}
