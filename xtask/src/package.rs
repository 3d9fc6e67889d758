//! `cargo xtask package`: `rawast package` on this repository's packages, after writing the sample
//! buffers their smoke tests read (codegen.toml, `[targets.<name>.package.smoke]`).

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::Result;

use crate::layout32;
use crate::project::{self, CONFIG, OXC_CONFIG, Project};

pub const LONG_ABOUT: &str = "\
Build the npm packages of generated/npm/* and smoke-test them

Writes the sample buffers the packages' smoke tests read (tests/package/sample.js, parsed by acorn
and written by the Rust producer into target/package-samples/: parser and linter layouts, and
32-bit ones from the wasm32 producer), then runs `rawast package` on codegen.toml and on
tests/oxc/codegen.toml (the oxc targets' packages, whose smoke test makes its buffers with the
oxc-parser or Oxlint release each names as its peer). For each package:
    pack      npm pack into target/npm/<name>-<version>.tgz
    publint   publint run --strict on the tarball (rawast's pinned publint, in target/rawast-tools)
    install   npm install --prefer-offline of the tarball (and its peers) into a fresh project in the OS temp directory
    tsc       the package README's TypeScript example, importing it by name, under tsc --strict
    node      on every Node found (the pinned Node 24, tests/package/node22's Node 22,
              /usr/bin/node): the sample buffer deserializes to acorn's JSON of sample.js, with
              parent links on the linter layout, and a buffer of another fingerprint is refused
    readme    on every Node: the package README's ```js examples, reading the sample buffer as
              `buffer` (the oxc-parser packages' parse a text of their own, on Node 22 or later)
    publish   with --dry-run only: npm publish --dry-run of the tarball

Prints a table of packages, sizes and results, then the output of each failed step; the last line
is `package: P packages, F failed`. Exits 1 if any step failed.";

#[derive(clap::Args)]
pub struct Args {
    /// Also run npm publish --dry-run (needs no credentials)
    #[arg(long)]
    dry_run: bool,
}

/// Node binaries to smoke-test on, if present: the pinned Node 24, Node 22, the system's (20 here).
const NODE_CANDIDATES: &[&str] = &["node_modules/.bin/node", NODE22, "/usr/bin/node"];

/// Node 22, installed by `npm ci` from `tests/package/node22/package-lock.json` (apart from the root
/// devDependencies: the `node` package's bin would shadow the pinned Node 24).
const NODE22_DIR: &str = "tests/package/node22";
const NODE22: &str = "tests/package/node22/node_modules/.bin/node";

/// Where the sample buffers go; codegen.toml's smoke tables name the files.
const SAMPLES: &str = "target/package-samples";

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    run(project, args.dry_run)
}

pub fn run(project: &Project, dry_run: bool) -> Result<ExitCode> {
    let root = &project.root;
    let config_path = project.path(CONFIG);
    let config = rawast::read_config(&config_path)?;
    let with_32 = sample_buffers(project)?;
    // Without the wasm32 producer (outside CI only) the 32-bit packages have no buffer to read.
    let packaged: Vec<String> = config
        .targets
        .iter()
        .filter(|t| t.package.is_some() && (with_32 || t.rawast().is_some_and(|s| s.pointer_width.bits() == 64)))
        .map(|t| t.name.clone())
        .collect();
    let nodes = nodes(project)?;
    // One place for the tarballs and the pinned tools of both configurations.
    let (out_dir, tools_dir) = (Some(root.join("target/npm")), Some(root.join("target/rawast-tools")));
    let options = rawast::PackageOptions {
        dry_run,
        nodes: nodes.clone(),
        targets: packaged,
        out_dir: out_dir.clone(),
        tools_dir: tools_dir.clone(),
        prebuilt: false,
    };
    let mut report = rawast::package(&config_path, &options, &mut |line| eprintln!("{line}"))?;
    // The oxc targets' packages: their smoke tests make buffers with the producers they name.
    let oxc = rawast::PackageOptions { dry_run, nodes, targets: Vec::new(), out_dir, tools_dir, prebuilt: false };
    report.rows.extend(rawast::package(&project.path(OXC_CONFIG), &oxc, &mut |line| eprintln!("{line}"))?.rows);
    print!("{}", report.summary());
    Ok(project::exit_code(report.failed() == 0))
}

/// Every Node there is to check packages on: the pinned Node 24, Node 22 (installed here first if
/// it is not) and the system's, where it exists.
pub fn nodes(project: &Project) -> Result<Vec<PathBuf>> {
    let root = &project.root;
    if !root.join(NODE22).exists() {
        project::run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]), &root.join(NODE22_DIR))?;
    }
    Ok(NODE_CANDIDATES.iter().map(|node| root.join(node)).filter(|node| node.exists()).collect())
}

/// Writes acorn's JSON of `tests/package/sample.js` (the expected deserialization) and its buffers
/// in both layouts, by the Rust producer, and with 32-bit pointers by the producer built for wasm32
/// when it can be built here (always in CI). Returns whether the 32-bit buffers were written.
fn sample_buffers(project: &Project) -> Result<bool> {
    let root = &project.root;
    let out = project.path(SAMPLES);
    std::fs::create_dir_all(&out)?;
    let encode = project.build_encode(false)?;
    let node = project.node()?;
    let input = out.join("sample-input.json");
    project::run(
        Command::new(&node).arg("tests/package/sample-json.js").arg(&input).arg(out.join("expected.json")),
        root,
    )?;
    for layout in ["parser", "linter"] {
        project::run(
            Command::new(&encode).args(["--layout", layout]).arg(&input).arg(out.join(format!("{layout}.bin"))),
            root,
        )?;
    }
    if !layout32::build_producer(project, false)? {
        return Ok(false);
    }
    for layout in ["parser", "linter"] {
        let buffer = out.join(format!("{layout}-32.bin"));
        project::run(
            Command::new(&node).args(["tests/conformance/wasm-encode.js", "--layout", layout]).arg(&input).arg(buffer),
            root,
        )?;
    }
    Ok(true)
}
