//! `rawast package`: pack each target's npm package and check the tarball as a new user gets it.
//!
//! Per package: `npm pack`; `publint --strict`; `npm install` of the tarball into a fresh project
//! outside the repository; `tsc --strict` on the TypeScript example of the package's own README;
//! on every Node given, the smoke test (`smoke.js`, shipped with this crate): the module loads and
//! refuses a buffer that is not one, and, when the package table names a `smoke` buffer, it
//! deserializes it to exactly the expected JSON, sets `parent` links where the layout promises
//! them, and refuses the same buffer claiming another layout fingerprint. With `dry_run`, also
//! `npm publish --dry-run`.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rawast_generator::config::{Package, Target};

use crate::codegen::{self, Mode, read_config};
use crate::{Error, tools};

/// The smoke test run in each fresh project.
const SMOKE_JS: &str = include_str!("smoke.js");
/// The smoke test of an oxc target's package, which makes its buffers with the package's peer.
const SMOKE_OXC_JS: &str = include_str!("smoke_oxc.js");

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
}

/// One package's results.
#[derive(Debug, Clone)]
pub struct PackageRow {
    pub name: String,
    pub version: String,
    /// The tarball's file name, once packed.
    pub tarball: String,
    pub size: u64,
    /// Each step in order: its name and whether it passed (`None`: not run).
    pub steps: Vec<(String, Option<bool>)>,
    /// The output of each failed step.
    pub failures: Vec<String>,
}

/// What `package` found.
#[derive(Debug, Clone)]
pub struct PackageReport {
    pub rows: Vec<PackageRow>,
}

impl PackageReport {
    pub fn failed(&self) -> usize {
        self.rows.iter().filter(|row| !row.failures.is_empty()).count()
    }

    /// A markdown table (one row per package, one column per step), then the output of each failed
    /// step, then the last line: `package: P packages, F failed`.
    pub fn summary(&self) -> String {
        let mut steps: Vec<&str> = Vec::new();
        for (step, _) in self.rows.iter().flat_map(|row| &row.steps) {
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
        for row in &self.rows {
            write!(out, "| {} | {} | {} | {:.1} kB |", row.name, row.version, row.tarball, row.size as f64 / 1000.0)
                .unwrap();
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
        for failure in self.rows.iter().flat_map(|row| &row.failures) {
            write!(out, "\n{failure}\n").unwrap();
        }
        // The last line is a command contract (DESIGN.md), which scripts match as it is: "packages"
        // even for one.
        writeln!(out, "\npackage: {} packages, {} failed", self.rows.len(), self.failed()).unwrap();
        out
    }
}

/// Packs and checks the packages of the configuration at `config_path`. The generated files must be
/// up to date. `log` receives a line per command run, as progress.
pub fn package(
    config_path: &Path,
    options: &PackageOptions,
    log: &mut dyn FnMut(&str),
) -> Result<PackageReport, Error> {
    // Absolute: the smoke test runs in another directory and reads the user's files.
    let base = config_path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let base = fs::canonicalize(base).map_err(|e| Error::io(base, e))?;
    let config = read_config(config_path)?;
    let report = codegen::run(&config, &base, Mode::Check)?;
    if !report.success() {
        let stale: Vec<&str> = report.stale().map(|f| f.path.as_str()).collect();
        return Err(Error::Tool(format!(
            "generated files are stale ({}); run `{}` first",
            stale.join(", "),
            config.regenerate
        )));
    }
    for name in &options.targets {
        if !config.targets.iter().any(|t| &t.name == name && t.package.is_some()) {
            return Err(Error::Tool(format!(
                "{} has no target `{name}` with a [targets.{name}.package] table",
                config.file_name
            )));
        }
    }
    let targets: Vec<(&Target, &Package)> = config
        .targets
        .iter()
        .filter(|t| options.targets.is_empty() || options.targets.contains(&t.name))
        .filter_map(|t| Some((t, t.package.as_ref()?)))
        .collect();
    if targets.is_empty() {
        return Err(Error::Tool(format!(
            "{} defines no package: add a [targets.<name>.package] table",
            config.file_name
        )));
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

/// Everything one package's checks need.
struct Check<'a> {
    base: &'a Path,
    /// The package directory in the output directory.
    dir: &'a Path,
    /// Where tarballs go.
    out: &'a Path,
    /// The fresh project to install into.
    project: &'a Path,
    node: &'a Path,
    nodes: &'a [(PathBuf, String)],
    tools: &'a tools::Tools,
    /// An oxc target's package: its smoke test is `smoke_oxc.js`, on its peer's buffers.
    oxc: bool,
}

impl Check<'_> {
    fn run(&self, package: &Package, dry_run: bool, log: &mut dyn FnMut(&str)) -> Result<PackageRow, Error> {
        let mut row = PackageRow {
            name: package.name.clone(),
            version: package.version.clone(),
            tarball: String::new(),
            size: 0,
            steps: Vec::new(),
            failures: Vec::new(),
        };

        // `npm pack --json` prints an array holding the tarball's file name.
        let packed = capture(
            Command::new("npm").args(["pack", "--json", "--pack-destination"]).arg(self.out).arg(self.dir),
            self.base,
            log,
        );
        let tarball = match &packed {
            Ok(output) if output.status.success() => {
                serde_json::from_slice::<serde_json::Value>(&output.stdout).ok().and_then(|json| {
                    json[0]["filename"]
                        .as_str()
                        .map(|name| self.out.join(name.replace('/', "-").trim_start_matches('@')))
                })
            }
            _ => None,
        };
        let packed_ok = record(&mut row, "pack", packed);
        let Some(tarball) = tarball.filter(|path| packed_ok && path.is_file()) else {
            if packed_ok {
                row.failures.push(format!(
                    "{}: npm pack wrote no tarball that could be found in {}",
                    row.name,
                    self.out.display()
                ));
            }
            return Ok(row);
        };
        row.tarball = tarball.file_name().unwrap_or_default().to_string_lossy().into_owned();
        row.size = fs::metadata(&tarball).map_err(|e| Error::io(&tarball, e))?.len();

        record(
            &mut row,
            "publint",
            capture(
                Command::new(self.node).arg(&self.tools.publint).args(["run", "--strict"]).arg(&tarball),
                self.base,
                log,
            ),
        );

        // A fresh project outside the repository, so that nothing resolves from its node_modules.
        let project = self.project;
        let _ = fs::remove_dir_all(project);
        fs::create_dir_all(project).map_err(|e| Error::io(project, e))?;
        let write =
            |name: &str, text: &str| fs::write(project.join(name), text).map_err(|e| Error::io(&project.join(name), e));
        write("package.json", "{ \"name\": \"rawast-package-smoke\", \"private\": true, \"type\": \"module\" }\n")?;
        let installed = record(
            &mut row,
            "install",
            // From npm's cache where it can: a package of an oxc target brings its peer, the producer
            // of its buffers, which npm installs with it (from the registry, if not cached).
            capture(
                Command::new("npm")
                    .args(["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock"])
                    .arg(&tarball),
                project,
                log,
            ),
        );
        if installed && self.oxc {
            self.typecheck(&mut row, &write, log)?;
            write("smoke.js", SMOKE_OXC_JS)?;
            for (binary, version) in self.nodes {
                record(
                    &mut row,
                    &format!("node {version}"),
                    capture(Command::new(binary).arg("smoke.js").arg(&package.name), project, log),
                );
            }
        } else if installed {
            self.typecheck(&mut row, &write, log)?;
            let args = smoke_args(self.base, package)?;
            write("smoke.js", SMOKE_JS)?;
            for (binary, version) in self.nodes {
                let mut command = Command::new(binary);
                command.arg("smoke.js").args(&args);
                record(&mut row, &format!("node {version}"), capture(&mut command, project, log));
            }
        } else {
            row.steps.push(("tsc".to_owned(), None));
            row.steps.extend(self.nodes.iter().map(|(_, version)| (format!("node {version}"), None)));
        }

        if dry_run {
            record(
                &mut row,
                "publish",
                capture(Command::new("npm").args(["publish", "--dry-run"]).arg(&tarball), self.base, log),
            );
        }
        Ok(row)
    }

    /// `tsc --strict` on the README's TypeScript example, importing the installed package by name.
    fn typecheck(
        &self,
        row: &mut PackageRow,
        write: &dyn Fn(&str, &str) -> Result<(), Error>,
        log: &mut dyn FnMut(&str),
    ) -> Result<(), Error> {
        let readme_path = self.dir.join("README.md");
        let readme = fs::read_to_string(&readme_path).map_err(|e| Error::io(&readme_path, e))?;
        let Some(example) = readme.split("```ts\n").nth(1).and_then(|rest| rest.split("```").next()) else {
            row.failures.push(format!("{}: its README.md has no ```ts example to type-check", row.name));
            row.steps.push(("tsc".to_owned(), Some(false)));
            return Ok(());
        };
        // An ES module of its own; `export {}` keeps its declarations local.
        write("consumer.ts", &format!("{example}\nexport {{}};\n"))?;
        // `types: []`: no ambient @types from directories above; the package's own types must do.
        write(
            "tsconfig.json",
            r#"{ "compilerOptions": { "strict": true, "noEmit": true, "noUnusedLocals": false, "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext", "types": [] }, "files": ["consumer.ts"] }"#,
        )?;
        record(row, "tsc", capture(Command::new(self.node).arg(&self.tools.tsc).args(["-p", "."]), self.project, log));
        Ok(())
    }
}

/// The arguments of `smoke.js` for a rawast target's package: its name, then the buffer and the
/// expected JSON its `smoke` table names (relative to `base`, the directory of codegen.toml),
/// which must exist.
fn smoke_args(base: &Path, package: &Package) -> Result<Vec<OsString>, Error> {
    let mut args = vec![OsString::from(&package.name)];
    if let Some(smoke) = &package.smoke {
        for path in [&smoke.buffer.path, &smoke.expected.path].map(|path| base.join(path)) {
            if !path.is_file() {
                return Err(Error::Tool(format!(
                    "the smoke test of {} needs {}, which does not exist: write it with your producer first",
                    package.name,
                    path.display()
                )));
            }
            args.push(path.into_os_string());
        }
    }
    Ok(args)
}

/// Records a step's result: failed when it did not start or exited non-zero.
fn record(row: &mut PackageRow, step: &str, output: Result<Output, Error>) -> bool {
    let ok = match output {
        Ok(output) if output.status.success() => true,
        Ok(output) => {
            let text =
                format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
            row.failures.push(format!("{} {step} ({}):\n{}", row.name, output.status, text.trim_end()));
            false
        }
        Err(error) => {
            row.failures.push(format!("{} {step}: {error}", row.name));
            false
        }
    };
    row.steps.push((step.to_owned(), Some(ok)));
    ok
}

/// Runs a command in `dir`, capturing its output (shown only if it fails).
fn capture(command: &mut Command, dir: &Path, log: &mut dyn FnMut(&str)) -> Result<Output, Error> {
    command.current_dir(dir);
    let shown = format!("{command:?}").replace('"', "");
    log(&format!("$ {shown}"));
    command.output().map_err(|e| Error::Tool(format!("cannot start `{shown}`: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rawast_generator::SourceFile;
    use rawast_generator::config::Config;

    /// The package of target `parser` of a configuration whose package table ends with `smoke`.
    fn package(smoke: &str) -> Package {
        let text = format!(
            "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Node\"\n\n[output]\ndir = \"out\"\n\n\
             [targets.parser]\nsource_placement = \"start\"\n[targets.parser.package]\nname = \"@x/parser\"\nversion = \"0.1.0\"\nlicense = \"MIT\"\n{smoke}"
        );
        let config =
            Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap_or_else(|d| panic!("{d}"));
        config.targets[0].package.clone().expect("the target has a package")
    }

    /// `[targets.X.package.smoke]` is what the smoke test reads: its files, found from the
    /// configuration's directory, follow the package's name on `smoke.js`'s command line.
    #[test]
    fn smoke_table_names_the_smoke_tests_inputs() {
        let base = std::env::temp_dir().join(format!("rawast-smoke-args-{}", std::process::id()));
        fs::create_dir_all(base.join("samples")).unwrap();
        fs::write(base.join("samples/parser.bin"), [0u8; 8]).unwrap();
        fs::write(base.join("samples/parser.json"), "{}").unwrap();
        let without = smoke_args(&base, &package("")).unwrap();
        assert_eq!(without, [OsString::from("@x/parser")]);
        let with = smoke_args(
            &base,
            &package(
                "[targets.parser.package.smoke]\nbuffer = \"samples/parser.bin\"\nexpected = \"samples/parser.json\"\n",
            ),
        )
        .unwrap();
        assert_eq!(
            with,
            [
                OsString::from("@x/parser"),
                base.join("samples/parser.bin").into(),
                base.join("samples/parser.json").into()
            ]
        );
        let missing = smoke_args(
            &base,
            &package(
                "[targets.parser.package.smoke]\nbuffer = \"samples/parser.bin\"\nexpected = \"samples/missing.json\"\n",
            ),
        );
        let _ = fs::remove_dir_all(&base);
        match missing {
            Err(Error::Tool(message)) => {
                assert!(message.contains("missing.json") && message.contains("@x/parser"), "{message}")
            }
            other => panic!("a missing smoke file is not refused: {other:?}"),
        }
    }
}
