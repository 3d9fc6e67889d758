//! Schema files inside crates (`[schema.crates]`): where Cargo keeps each crate's sources, asked of
//! `cargo metadata` on the configured manifest, so the versions are the ones its lock file pins.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use rawast_generator::config::{ConfigPath, CrateFile};
use rawast_generator::{Config, Diagnostic, Diagnostics};

/// The root directory of every crate `config.crate_files` names; problems are diagnostics at the
/// manifest or the crate's entry.
pub(crate) fn crate_roots(base: &Path, config: &Config) -> Result<BTreeMap<String, PathBuf>, Diagnostics> {
    let mut roots = BTreeMap::new();
    let Some(manifest) = &config.cargo_manifest else { return Ok(roots) };
    if config.crate_files.is_empty() {
        return Ok(roots);
    }
    let packages = cargo_packages(base, manifest)?;
    let mut diagnostics = Diagnostics::default();
    for file in &config.crate_files {
        if roots.contains_key(&file.krate) {
            continue;
        }
        match crate_root(&packages, file, manifest) {
            Ok(root) => {
                roots.insert(file.krate.clone(), root);
            }
            Err(diagnostic) => diagnostics.push(*diagnostic),
        }
    }
    diagnostics.into_result(roots)
}

/// The packages of `manifest`'s dependency graph, as `cargo metadata` lists them.
fn cargo_packages(base: &Path, manifest: &ConfigPath) -> Result<Vec<serde_json::Value>, Diagnostics> {
    let at_manifest = |message: String, help: &str| {
        Diagnostics(vec![Diagnostic::new(message).at(manifest.location.clone()).with_help(help)])
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // `--locked`: the lock file decides the versions, and a stale one is an error, not an update.
    let output = Command::new(&cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--manifest-path"])
        .arg(base.join(&manifest.path))
        .output()
        .map_err(|error| {
            at_manifest(
                format!("cannot run `cargo metadata` on `{}`: {error}", manifest.path),
                "rawast finds crate sources with Cargo; is it installed?",
            )
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(at_manifest(
            format!("`cargo metadata` failed on `{}`:\n{}", manifest.path, stderr.trim_end()),
            "the manifest and its Cargo.lock must resolve (`cargo metadata --locked`)",
        ));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).map_err(|error| {
        at_manifest(
            format!("cannot read the output of `cargo metadata`: {error}"),
            "run `cargo metadata --format-version 1` to see it",
        )
    })?;
    Ok(metadata["packages"].as_array().cloned().unwrap_or_default())
}

/// The root directory of `file`'s crate among `packages`, which must hold it in one version.
fn crate_root(
    packages: &[serde_json::Value],
    file: &CrateFile,
    manifest: &ConfigPath,
) -> Result<PathBuf, Box<Diagnostic>> {
    let found: Vec<&serde_json::Value> = packages.iter().filter(|p| p["name"] == file.krate.as_str()).collect();
    let problem = match found.as_slice() {
        [package] => {
            let crate_manifest = package["manifest_path"].as_str().map(PathBuf::from);
            if let Some(root) = crate_manifest.as_deref().and_then(Path::parent) {
                return Ok(root.to_path_buf());
            }
            Diagnostic::new(format!("`cargo metadata` gives no manifest path for crate `{}`", file.krate))
        }
        [] => Diagnostic::new(format!("crate `{}` is not in the dependency graph of `{}`", file.krate, manifest.path))
            .with_help(format!("add `{} = \"=VERSION\"` to the dependencies of `{}`", file.krate, manifest.path)),
        several => {
            let versions: Vec<&str> = several.iter().filter_map(|p| p["version"].as_str()).collect();
            Diagnostic::new(format!(
                "crate `{}` is in the dependency graph of `{}` in several versions: {}",
                file.krate,
                manifest.path,
                versions.join(", ")
            ))
            .with_help("a schema is one version of its crates: make the graph hold one")
        }
    };
    Err(Box::new(problem.at(file.location.clone())))
}
