//! `rawast package`: pack each target's npm package and check the tarball as a new user gets it
//! (`check`'s steps), with `npm publish --dry-run` too where asked; a row per package in the
//! report (`report`). A package with an addon has it built for this platform first (`addon`).
//! What the user provides (`inputs`: the smoke tests' files, with `--prebuilt` the built parsers)
//! is checked before anything is installed, built or packed.

mod check;
mod inputs;
mod readme;
mod report;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use self::check::Check;
pub use self::report::{PackageReport, PackageRow};
use crate::codegen;
use crate::error::Error;
use crate::selection::{Needs, selected};
use crate::tools;

/// How to run `package`.
#[derive(Debug, Clone, Default)]
pub struct PackageOptions {
    /// Also run `npm publish --dry-run` (needs no credentials).
    pub dry_run: bool,
    /// Node binaries to run the smoke test on; empty: `node` from `PATH`. The first runs publint
    /// and tsc too.
    pub nodes: Vec<PathBuf>,
    /// Only these targets; empty: every target with a package.
    pub targets: Vec<String>,
    /// Where the tarballs go; `None`: `target/npm` beside the configuration.
    pub out_dir: Option<PathBuf>,
    /// Where the pinned publint and TypeScript are installed; `None`: `target/rawast-tools`
    /// beside the configuration.
    pub tools_dir: Option<PathBuf>,
    /// Pack the parsers already in the packages (built by `rawast addon`, or gathered from the
    /// builds of other platforms) instead of building them.
    pub prebuilt: bool,
}

/// Packs and checks the packages of the configuration at `config_path`. The generated files must be
/// up to date. `log` receives a line per command run, as progress. A failed check is no error but
/// a row of the report ([`PackageReport::failed`]). Errors: those of [`addon`](crate::addon()), and
/// `Error::Tool` when npm or Node cannot run.
pub fn package(
    config_path: &Path,
    options: &PackageOptions,
    log: &mut dyn FnMut(&str),
) -> Result<PackageReport, Error> {
    let (base, config) = codegen::read_fresh(config_path)?;
    let needs = Needs { table: "package", part: |target| target.package.as_ref(), hint: "" };
    let targets = selected(&config, &options.targets, needs)?;
    inputs::check(&base, &targets)?;
    for (target, package) in &targets {
        if let (Some(addon), true) = (&package.addon, options.prebuilt) {
            crate::addon::check_prebuilt(&base, &config, target, addon)?;
        }
    }

    let nodes = node_binaries(&options.nodes)?;
    let node = nodes[0].0.clone();
    // Absolute: the checks run in other directories.
    let tools_dir = match &options.tools_dir {
        Some(dir) => std::path::absolute(dir).map_err(|e| Error::io(dir, e))?,
        None => base.join("target/rawast-tools"),
    };
    let tools = tools::install(&tools_dir, log)?;
    let out = options.out_dir.clone().unwrap_or_else(|| base.join("target/npm"));
    fs::create_dir_all(&out).map_err(|e| Error::io(&out, e))?;
    let work = std::env::temp_dir().join(format!("rawast-package-{}", std::process::id()));

    let mut rows = Vec::new();
    for (target, package) in targets {
        if let (Some(addon), false) = (&package.addon, options.prebuilt) {
            let built = crate::addon::build(&base, &config, target, addon, false, log)?;
            log(&format!("built {}", built.path.display()));
        }
        let dir = base.join(&config.output_dir.path).join(target.module_dir());
        let check = Check {
            base: &base,
            dir: &dir,
            out: &out,
            project: &work.join(&target.name),
            node: &node,
            nodes: &nodes,
            tools: &tools,
            oxc: target.rawast().is_none(),
            example: rawast_generator::emit::ExampleInput::of(target),
        };
        rows.push(check.run(package, options.dry_run, log)?);
    }
    let _ = fs::remove_dir_all(&work);
    Ok(PackageReport { rows })
}

/// Each Node binary with its version (`node --version`), one per version. A path with a directory
/// in it is made absolute, as the checks run in other directories; a bare name is looked up in `PATH`.
fn node_binaries(given: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, Error> {
    let candidates = if given.is_empty() { vec![PathBuf::from("node")] } else { given.to_vec() };
    let mut nodes: Vec<(PathBuf, String)> = Vec::new();
    for path in candidates {
        let path = if path.components().count() > 1 {
            std::path::absolute(&path).map_err(|e| Error::io(&path, e))?
        } else {
            path
        };
        let output = Command::new(&path)
            .arg("--version")
            .output()
            .map_err(|e| Error::Tool(format!("cannot run {}: {e}", path.display())))?;
        let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        if !output.status.success() {
            return Err(Error::Tool(format!("{} --version failed ({})", path.display(), output.status)));
        }
        if !nodes.iter().any(|(_, v)| *v == version) {
            nodes.push((path, version));
        }
    }
    Ok(nodes)
}
