//! The published crates, packaged as crates.io would get them: `cargo package` of every workspace
//! crate that may be published, its verify build included (the packaged crate builds on its own,
//! templates and all).

use std::path::Path;

use anyhow::{Context, Result};

use crate::project;

/// The workspace crates that may be published (`publish` not `false`), by `cargo metadata`: each
/// name with its version.
pub fn publishable(root: &Path) -> Result<Vec<(String, String)>> {
    let output = project::cargo()
        .args(["metadata", "--no-deps", "--format-version", "1", "--locked"])
        .current_dir(root)
        .output()
        .context("cannot run cargo metadata")?;
    anyhow::ensure!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).context("cargo metadata printed no JSON")?;
    let mut names: Vec<(String, String)> = metadata["packages"]
        .as_array()
        .context("cargo metadata: no packages")?
        .iter()
        .filter(|package| package["publish"].is_null())
        .filter_map(|package| Some((package["name"].as_str()?.to_owned(), package["version"].as_str()?.to_owned())))
        .collect();
    names.sort();
    Ok(names)
}

/// `cargo package` of the publishable crates together, so that each verifies against the others'
/// packaged versions (cargo stages them in a local registry), not against the checkout.
pub fn check(root: &Path) -> Result<()> {
    let crates = publishable(root)?;
    anyhow::ensure!(!crates.is_empty(), "no publishable crate in the workspace");
    remove_staged_copies(&crates)?;
    // Verify builds treat registry crates as immutable and never rebuild one of a version already
    // built: they get a target directory of their own, with our crates' artifacts removed first.
    let verify_dir = root.join("target/package-verify");
    remove_artifacts(&verify_dir.join("debug"), &crates)?;
    let mut command = project::cargo();
    command.args(["package", "--locked", "--allow-dirty", "--quiet", "--target-dir"]).arg(&verify_dir);
    for (name, _) in &crates {
        command.args(["--package", name]);
    }
    project::run(&mut command, root)?;
    let names: Vec<&str> = crates.iter().map(|(name, _)| name.as_str()).collect();
    eprintln!("packaged and verified: {}", names.join(", "));
    Ok(())
}

/// Cargo unpacks the crates it stages in its temporary local registry under
/// `$CARGO_HOME/registry/src/<that registry>/<name>-<version>`, and reuses what it finds there: a
/// second run with the same versions would verify against the first run's sources. Those copies
/// (never crates.io's) are removed first.
fn remove_staged_copies(crates: &[(String, String)]) -> Result<()> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let Some(sources) = cargo_home.map(|home| home.join("registry/src")) else { return Ok(()) };
    let Ok(registries) = std::fs::read_dir(&sources) else { return Ok(()) };
    for registry in registries.flatten() {
        if registry.file_name().to_string_lossy().starts_with("index.crates.io-") {
            continue;
        }
        for (name, version) in crates {
            let staged = registry.path().join(format!("{name}-{version}"));
            if staged.is_dir() {
                std::fs::remove_dir_all(&staged)
                    .with_context(|| format!("cannot remove the stale staged copy {}", staged.display()))?;
            }
        }
    }
    Ok(())
}

/// Removes the build artifacts of `crates` (any `rawast*` or `librawast*` file or directory) from
/// the `deps`, `.fingerprint` and `build` folders of a profile directory.
fn remove_artifacts(profile: &Path, crates: &[(String, String)]) -> Result<()> {
    let stems: Vec<String> = crates.iter().map(|(name, _)| name.replace('-', "_")).collect();
    let ours = |file: &str| {
        let file = file.strip_prefix("lib").unwrap_or(file).replace('-', "_");
        stems.iter().any(|stem| file.strip_prefix(stem.as_str()).is_some_and(|rest| rest.starts_with(['-', '.'])))
    };
    for folder in ["deps", ".fingerprint", "build"] {
        let Ok(entries) = std::fs::read_dir(profile.join(folder)) else { continue };
        for entry in entries.flatten() {
            if ours(&entry.file_name().to_string_lossy()) {
                let path = entry.path();
                let removed = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
                removed.with_context(|| format!("cannot remove {}", path.display()))?;
            }
        }
    }
    Ok(())
}
