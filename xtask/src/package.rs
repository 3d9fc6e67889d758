//! `cargo xtask package`: packs `generated/npm/*` and checks each tarball as a new user would get it.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};

use anyhow::{Context, Result, bail};

use crate::project;

const USAGE: &str = "\
cargo xtask package: build the npm packages of generated/npm/* and smoke-test them

USAGE:
    cargo xtask package [--dry-run]

For each package in generated/npm/ (written by `cargo xtask codegen`, which must be up to date):
    pack      npm pack into target/npm/<name>-<version>.tgz
    publint   node_modules/.bin/publint run --strict on the tarball
    install   npm install --offline of the tarball into a fresh project in the OS temp directory
    tsc       a consumer importing the package's types by name, under tsc --strict (nodenext)
    node      tests/package/smoke.js in that project, on every Node found (the pinned Node 24,
              tests/package/node22's Node 22, /usr/bin/node): deserializes a buffer the Rust
              producer wrote for tests/package/sample.js, checks its nodes, and checks that a
              buffer of another layout fingerprint is refused
    publish   with --dry-run only: npm publish --dry-run of the tarball

Prints a table of packages, sizes and results, then the output of each failed step; the last line
is `package: P packages, F failed`. Exits 1 if any step failed.

OPTIONS:
    --dry-run    also run npm publish --dry-run (needs no credentials)
    -h, --help   Print this help
";

/// Where the packages are, relative to the root (DESIGN.md: `generated/npm/*`).
const PACKAGES_DIR: &str = "generated/npm";

/// Node binaries to smoke-test on, if present: the pinned Node 24, Node 22, the system's (20 here).
const NODE_CANDIDATES: &[&str] = &["node_modules/.bin/node", NODE22, "/usr/bin/node"];

/// Node 22, installed by `npm ci` from `tests/package/node22/package-lock.json` (apart from the root
/// devDependencies: the `node` package's bin would shadow the pinned Node 24).
const NODE22_DIR: &str = "tests/package/node22";
const NODE22: &str = "tests/package/node22/node_modules/.bin/node";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut dry_run = false;
    for arg in args {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--dry-run" => dry_run = true,
            other => return Ok(crate::usage_error(&format!("unexpected argument `{other}`"), USAGE)),
        }
    }
    run(&project::root(), dry_run)
}

/// One package's results, in column order; `None` where a step did not run.
struct Row {
    name: String,
    version: String,
    tarball: String,
    size: u64,
    steps: Vec<(String, Option<bool>)>,
    failures: Vec<String>,
}

impl Row {
    /// Records a step's result: failed when it did not start or exited non-zero.
    fn record(&mut self, step: &str, output: Result<Output>) -> bool {
        let ok = match output {
            Ok(output) if output.status.success() => true,
            Ok(output) => {
                let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
                self.failures.push(format!("{} {step} ({}):\n{}", self.name, output.status, text.trim_end()));
                false
            }
            Err(error) => {
                self.failures.push(format!("{} {step}: {error:#}", self.name));
                false
            }
        };
        self.steps.push((step.to_owned(), Some(ok)));
        ok
    }

    fn skip(&mut self, step: &str) {
        self.steps.push((step.to_owned(), None));
    }
}

pub fn run(root: &Path, dry_run: bool) -> Result<ExitCode> {
    match crate::codegen::plan(&root.join("codegen.toml"))? {
        Ok(plan) if plan.stale().next().is_some() => bail!("generated files are stale; run `cargo xtask codegen` first"),
        Ok(_) => {}
        Err(diagnostics) => bail!("codegen failed:\n{diagnostics}"),
    }
    let packages = packages(root)?;
    if packages.is_empty() {
        bail!("{PACKAGES_DIR} holds no packages: add a [targets.<name>.package] table to codegen.toml");
    }
    let out = root.join("target/npm");
    fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let need_wasm32 = packages.iter().any(|package| package.manifest["rawast"]["pointerWidth"].as_u64() == Some(32));
    let buffers = sample_buffers(root, &out, need_wasm32)?;
    if !root.join(NODE22).exists() {
        project::run(Command::new("npm").args(["ci", "--no-audit", "--no-fund"]), &root.join(NODE22_DIR))?;
    }
    let nodes = node_binaries(root);
    let work = std::env::temp_dir().join(format!("rawast-package-{}", std::process::id()));

    let mut rows = Vec::new();
    for package in &packages {
        let row = check_package(root, package, &out, &work, &buffers, &nodes, dry_run);
        rows.push(row?);
    }
    let _ = fs::remove_dir_all(&work);

    print!("{}", table(&rows));
    let failed = rows.iter().filter(|row| !row.failures.is_empty()).count();
    for failure in rows.iter().flat_map(|row| &row.failures) {
        eprintln!("\n{failure}");
    }
    println!("package: {} packages, {failed} failed", rows.len());
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// A package directory under `generated/npm/` and its `package.json`.
struct Package {
    dir: PathBuf,
    manifest: serde_json::Value,
}

/// The packages under `generated/npm/`, sorted by directory.
fn packages(root: &Path) -> Result<Vec<Package>> {
    let dir = root.join(PACKAGES_DIR);
    let mut dirs = Vec::new();
    match fs::read_dir(&dir) {
        Ok(entries) => {
            for entry in entries {
                let path = entry?.path();
                if path.join("package.json").is_file() {
                    dirs.push(path);
                }
            }
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(error).with_context(|| format!("cannot list {}", dir.display())),
    }
    dirs.sort();
    dirs.into_iter()
        .map(|dir| {
            let path = dir.join("package.json");
            let text = fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let manifest = serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
            Ok(Package { dir, manifest })
        })
        .collect()
}

/// Buffers of `tests/package/sample.js` in both layouts, written by the Rust producer; with 32-bit
/// pointers too (by the producer built for wasm32) when a package needs them.
struct SampleBuffers {
    start: PathBuf,
    end: PathBuf,
    /// `None` when no package reads 32-bit buffers, or the wasm32 producer cannot be built here.
    wasm32: Option<(PathBuf, PathBuf)>,
}

impl SampleBuffers {
    fn get(&self, placement: &str, pointer_width: u64) -> Option<&PathBuf> {
        let (start, end) = match pointer_width {
            32 => self.wasm32.as_ref().map(|(start, end)| (start, end))?,
            _ => (&self.start, &self.end),
        };
        Some(if placement == "end" { end } else { start })
    }
}

fn sample_buffers(root: &Path, out: &Path, need_wasm32: bool) -> Result<SampleBuffers> {
    project::run(project::cargo().args(["build", "--quiet", "--package", "rawast-schema", "--bin", "encode"]), root)?;
    let json = out.join("sample.json");
    let node = project::node(root)?;
    project::run(Command::new(&node).arg("tests/package/sample-json.js").arg(&json), root)?;
    let encode = root.join("target/debug/encode");
    let mut buffers = SampleBuffers { start: out.join("sample-parser.bin"), end: out.join("sample-linter.bin"), wasm32: None };
    for (layout, path) in [("parser", &buffers.start), ("linter", &buffers.end)] {
        project::run(Command::new(&encode).args(["--layout", layout]).arg(&json).arg(path), root)?;
    }
    if need_wasm32 && crate::layout32::build_producer(root, crate::test::is_ci())? {
        let wasm32 = (out.join("sample-parser-32.bin"), out.join("sample-linter-32.bin"));
        for (layout, path) in [("parser", &wasm32.0), ("linter", &wasm32.1)] {
            project::run(Command::new(&node).args(["tests/conformance/wasm-encode.js", "--layout", layout]).arg(&json).arg(path), root)?;
        }
        buffers.wasm32 = Some(wasm32);
    }
    Ok(buffers)
}

/// The Node binaries present, each with its version, one per version.
fn node_binaries(root: &Path) -> Vec<(PathBuf, String)> {
    let mut nodes: Vec<(PathBuf, String)> = Vec::new();
    for candidate in NODE_CANDIDATES {
        let path = root.join(candidate);
        let Ok(output) = Command::new(&path).arg("--version").output() else { continue };
        let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        if output.status.success() && !nodes.iter().any(|(_, v)| *v == version) {
            nodes.push((path, version));
        }
    }
    nodes
}

fn check_package(root: &Path, package: &Package, out: &Path, work: &Path, buffers: &SampleBuffers, nodes: &[(PathBuf, String)], dry_run: bool) -> Result<Row> {
    let Package { dir, manifest } = package;
    let field = |key: &str| manifest[key].as_str().unwrap_or_default().to_owned();
    let mut row = Row { name: field("name"), version: field("version"), tarball: String::new(), size: 0, steps: Vec::new(), failures: Vec::new() };
    let node = project::node(root)?;

    // npm pack --json prints an array with the tarball's file name.
    let packed = capture(Command::new("npm").args(["pack", "--json", "--pack-destination"]).arg(out).arg(dir), root);
    let tarball = match &packed {
        Ok(output) if output.status.success() => serde_json::from_slice::<serde_json::Value>(&output.stdout)
            .ok()
            .and_then(|json| json[0]["filename"].as_str().map(|name| out.join(name.replace('/', "-").trim_start_matches('@')))),
        _ => None,
    };
    let packed_ok = row.record("pack", packed);
    let Some(tarball) = tarball.filter(|path| packed_ok && path.is_file()) else {
        if packed_ok {
            row.failures.push(format!("{}: npm pack wrote no tarball that could be found in {}", row.name, out.display()));
        }
        return Ok(row);
    };
    row.tarball = tarball.file_name().unwrap_or_default().to_string_lossy().into_owned();
    row.size = fs::metadata(&tarball)?.len();

    row.record("publint", capture(Command::new(&node).arg(root.join("node_modules/.bin/publint")).args(["run", "--strict"]).arg(&tarball), root));

    // A fresh project outside the repository, so that nothing resolves from its node_modules.
    let project_dir = work.join(dir.file_name().unwrap_or_default());
    let _ = fs::remove_dir_all(&project_dir);
    fs::create_dir_all(&project_dir)?;
    fs::write(project_dir.join("package.json"), "{ \"name\": \"rawast-package-smoke\", \"private\": true, \"type\": \"module\" }\n")?;
    let installed = row.record(
        "install",
        capture(Command::new("npm").args(["install", "--offline", "--no-audit", "--no-fund", "--no-package-lock"]).arg(&tarball), &project_dir),
    );

    if installed {
        let consumer = fs::read_to_string(root.join("tests/package/consumer.ts"))?.replace("rawast-package-under-test", &row.name);
        fs::write(project_dir.join("consumer.ts"), consumer)?;
        // `types: []`: no ambient @types from directories above; the package's own types must do.
        let tsconfig = r#"{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext", "types": [] }, "files": ["consumer.ts"] }"#;
        fs::write(project_dir.join("tsconfig.json"), tsconfig)?;
        row.record("tsc", capture(Command::new(&node).arg(root.join("node_modules/typescript/bin/tsc")).args(["-p", "."]), &project_dir));

        fs::copy(root.join("tests/package/smoke.js"), project_dir.join("smoke.js"))?;
        let placement = manifest["rawast"]["sourcePlacement"].as_str().unwrap_or_default();
        match buffers.get(placement, manifest["rawast"]["pointerWidth"].as_u64().unwrap_or(64)) {
            Some(buffer) => {
                for (binary, version) in nodes {
                    row.record(&format!("node {version}"), capture(Command::new(binary).arg("smoke.js").arg(&row.name).arg(buffer), &project_dir));
                }
            }
            // No wasm32 producer here (and not in CI, where it is required): nothing to smoke-test with.
            None => nodes.iter().for_each(|(_, version)| row.skip(&format!("node {version}"))),
        }
    } else {
        row.skip("tsc");
        nodes.iter().for_each(|(_, version)| row.skip(&format!("node {version}")));
    }

    if dry_run {
        row.record("publish", capture(Command::new("npm").args(["publish", "--dry-run"]).arg(&tarball), root));
    }
    Ok(row)
}

/// Runs a command in `dir`, capturing its output (shown only if it fails).
fn capture(command: &mut Command, dir: &Path) -> Result<Output> {
    command.current_dir(dir);
    let shown = format!("{command:?}").replace('"', "");
    eprintln!("$ {shown}");
    command.output().with_context(|| format!("cannot start `{shown}`"))
}

/// A markdown table: one row per package, one column per step.
fn table(rows: &[Row]) -> String {
    let mut steps: Vec<&str> = Vec::new();
    for (step, _) in rows.iter().flat_map(|row| &row.steps) {
        if !steps.contains(&step.as_str()) {
            steps.push(step);
        }
    }
    let mut out = String::from("\n| package | version | tarball | size |");
    for step in &steps {
        write!(out, " {step} |").unwrap();
    }
    out.push_str("\n| --- | --- | --- | ---: |");
    out.push_str(&" --- |".repeat(steps.len()));
    out.push('\n');
    for row in rows {
        write!(out, "| {} | {} | {} | {:.1} kB |", row.name, row.version, row.tarball, row.size as f64 / 1000.0).unwrap();
        for step in &steps {
            let result = row.steps.iter().find(|(name, _)| name == step).and_then(|(_, ok)| *ok);
            out.push_str(match result {
                Some(true) => " ok |",
                Some(false) => " FAIL |",
                None => " - |",
            });
        }
        out.push('\n');
    }
    out.push('\n');
    out
}
