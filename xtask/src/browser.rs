//! `cargo xtask browser`: the web-runtime targets in headless Chromium (tests/browser/run.js).

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

use crate::project::{self, Project};
use crate::targets::{HarnessTarget, Targets};
use crate::{layout32, layouts};

pub const LONG_ABOUT: &str = "\
Check the web-runtime targets in a real browser: headless Chromium

The browser is Debian's `chromium` (`apt-get install chromium`; .ci/run installs it in CI), found
at --chromium, $RAWAST_CHROMIUM, /usr/bin/chromium or `chromium` on PATH, and driven by
puppeteer-core (pinned in package-lock.json; it downloads nothing). A server on 127.0.0.1 serves
the packages' own files (generated/npm/<target>/, as published), with cross-origin isolation
(COOP and COEP headers), so pages have SharedArrayBuffer.

For every target of codegen.toml with runtime = \"web\" (wasm32), Node writes the buffers of a
conformance subset (tests/browser/run.js: real files, non-ASCII and lone surrogates, a generated
script whose strings and identifiers straddle every 64 KiB boundary, a tree nested 100,000 deep)
and computes acorn's trees of them; in the page (tests/browser/harness.js) the target must build
those trees, also from a SharedArrayBuffer (and for a lazy target through its getters, toJSON and
materialize), refuse truncated and corrupted buffers with its RawastBufferError, write what
TextEncoder writes with encodeSource, and walk what visit visits. For each 32-bit target, end to
end: acorn in the page, the wasm32 test producer (target/wasm32-producer, built here) writing the
buffer into its own wasm memory, and the deserializer reading it there, in place. Then the JSONC
example's web package (examples/jsonc's parser compiled to wasm32 with `rawast addon`, its trees
read from the module's memory): every fixture parsed in the page as in Node, errors included. Last,
the example page (examples/browser/) as a person uses it: code typed in, the tree shown, and a screenshot of
the tree (--screenshot, default target/browser/example.png) checked for its text.

Prints a line per target and check, then `browser: Chromium VERSION: T targets, F files, M
mismatches`; exits 1 on any mismatch or error. Without Chromium, an error (in `cargo xtask test`,
outside CI, a warning and the step skipped).

With --serve, instead: serves the repository's example page and prints its address, until
interrupted (the wasm32 producer is built first).";

#[derive(clap::Args)]
pub struct Args {
    /// The Chromium (or Chrome) executable (default: $RAWAST_CHROMIUM, /usr/bin/chromium, or
    /// `chromium` on PATH)
    #[arg(long, value_name = "PATH")]
    chromium: Option<PathBuf>,
    /// Where the example page's screenshot is written
    #[arg(long, value_name = "PATH", default_value = "target/browser/example.png")]
    screenshot: PathBuf,
    /// Serve the example page (examples/browser/) and print its address, until interrupted
    #[arg(long)]
    serve: bool,
}

const INSTALL_HINT: &str = "apt-get install chromium";

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    if args.serve {
        layout32::build_producer(project, true)?;
        let status = Command::new(project.node()?)
            .arg(project.path("tests/browser/run.js"))
            .arg("--serve")
            .current_dir(&project.root)
            .status()
            .context("cannot start node")?;
        return Ok(project::exit_code(status.success()));
    }
    let chromium = find_chromium(args.chromium)?;
    run(project, web_targets(project)?, &chromium, &project.path(&args.screenshot))
}

/// The browser to drive (`chromium`'s order), or an error that says how to install one.
pub fn find_chromium(given: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(given) = &given
        && !given.exists()
    {
        bail!("--chromium {}: no such file", given.display());
    }
    chromium(given).with_context(|| format!("no Chromium found (looked at --chromium, $RAWAST_CHROMIUM, /usr/bin/chromium and PATH): install it with `{INSTALL_HINT}`"))
}

/// The step of `cargo xtask test`: required in CI; elsewhere, without Chromium, a warning.
pub fn check(project: &Project) -> Result<()> {
    let Some(chromium) = chromium(None) else {
        if project.ci {
            bail!("no Chromium in CI: .ci/run installs it (`{INSTALL_HINT}`)");
        }
        eprintln!("warning: the browser checks are NOT run: no Chromium here (`{INSTALL_HINT}` installs it)");
        return Ok(());
    };
    if run(project, web_targets(project)?, &chromium, &project.path("target/browser/example.png"))? != ExitCode::SUCCESS
    {
        bail!("the browser checks found mismatches");
    }
    Ok(())
}

/// The targets of codegen.toml written for the web runtime.
fn web_targets(project: &Project) -> Result<Vec<HarnessTarget>> {
    let targets: Vec<HarnessTarget> =
        Targets::read(project)?.select("all").unwrap_or_default().into_iter().filter(HarnessTarget::is_web).collect();
    if targets.is_empty() {
        bail!("codegen.toml has no target with runtime = \"web\"");
    }
    targets.iter().try_for_each(HarnessTarget::ensure_generated)?;
    Ok(targets)
}

fn run(
    project: &Project,
    targets: Vec<HarnessTarget>,
    chromium: &std::path::Path,
    screenshot: &std::path::Path,
) -> Result<ExitCode> {
    // The 32-bit targets' buffers, and the example page's, come from the wasm32 producer: required.
    layout32::build_producer(project, true)?;
    // The JSONC example's parser compiled to wasm32, for its web package.
    let rustc = layout32::rustc_or_warn(true, "")?.context("the wasm32 toolchain")?;
    crate::examples::build_jsonc_wasm(project, &crate::examples::rawast_command(project)?, &rustc)?;
    // The deep buffers are written from the layouts; 64-bit targets' buffers by the native
    // producer (tests/producer.js runs its debug build).
    layouts::write(project)?;
    project.build_encode(false)?;
    let mut command = Command::new(project.node()?);
    command
        .arg(project.path("tests/browser/run.js"))
        .arg("--chromium")
        .arg(chromium)
        .arg("--screenshot")
        .arg(screenshot)
        .arg("--jsonc-web");
    command.args(targets.iter().flat_map(HarnessTarget::arg)).current_dir(&project.root);
    let status = command.status().context("cannot start node")?;
    Ok(project::exit_code(status.success()))
}

/// The browser to drive: `given`, `$RAWAST_CHROMIUM`, Debian's, or `chromium` on PATH.
fn chromium(given: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(path) = given.or_else(|| std::env::var_os("RAWAST_CHROMIUM").map(PathBuf::from)) {
        return Some(path);
    }
    let debian = PathBuf::from("/usr/bin/chromium");
    if debian.exists() {
        return Some(debian);
    }
    project::on_path("chromium")
}
