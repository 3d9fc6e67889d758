//! One package's checks, as a new user gets it: `npm pack`; `publint --strict`; `npm install` of
//! the tarball into a fresh project outside the repository; `tsc --strict` on the TypeScript example
//! of the package's own README; on every Node given, the smoke test (`smoke.js`, shipped with this
//! crate): the module loads and refuses a buffer that is not one, and, when the package table names
//! a `smoke` buffer, deserializes it to exactly the expected JSON, sets `parent` links where the
//! layout promises them, and refuses the same buffer claiming another layout fingerprint; then the
//! README's JavaScript examples (`readme`).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rawast_generator::config::Package;
use rawast_generator::emit::ExampleInput;

use super::report::PackageRow;
use crate::error::Error;
use crate::tools;

/// The smoke test run in each fresh project.
const SMOKE_JS: &str = include_str!("../smoke.js");
/// What the smoke tests compare results with, written beside them.
const COMPARE_JS: &str = include_str!("../compare.js");
/// The smoke test of a package's addon: `parse` of the smoke source, in worker threads too.
const SMOKE_ADDON_JS: &str = include_str!("../smoke_addon.js");
/// The smoke test of an oxc target's package, which makes its buffers with the package's peer.
const SMOKE_OXC_JS: &str = include_str!("../smoke_oxc.js");

/// Everything one package's checks need.
pub(super) struct Check<'a> {
    pub(super) base: &'a Path,
    /// The package directory in the output directory.
    pub(super) dir: &'a Path,
    /// Where tarballs go.
    pub(super) out: &'a Path,
    /// The fresh project to install into.
    pub(super) project: &'a Path,
    pub(super) node: &'a Path,
    pub(super) nodes: &'a [(PathBuf, String)],
    pub(super) tools: &'a tools::Tools,
    /// An oxc target's package: its smoke test is `smoke_oxc.js`, on its peer's buffers.
    pub(super) oxc: bool,
    /// What the README's examples read (`readme`).
    pub(super) example: ExampleInput,
}

impl Check<'_> {
    /// Packs `package`, then checks the tarball: publint, install, tsc and the smoke test on every
    /// Node (with `dry_run`, `npm publish --dry-run` too).
    pub(super) fn run(&self, package: &Package, dry_run: bool, log: &mut dyn FnMut(&str)) -> Result<PackageRow, Error> {
        let mut row = PackageRow {
            name: package.name.clone(),
            version: package.version.clone(),
            tarball: String::new(),
            size: 0,
            steps: Vec::new(),
            failures: Vec::new(),
        };
        // (`package` has checked the smoke tests' inputs before anything ran.)
        let smoke = smoke_scripts(self.base, package, self.oxc);
        let Some(tarball) = self.pack(&mut row, log)? else { return Ok(row) };
        record(
            &mut row,
            "publint",
            capture(
                Command::new(self.node).arg(&self.tools.publint).args(["run", "--strict"]).arg(&tarball),
                self.base,
                log,
            ),
        );
        if self.install(&mut row, &tarball, log)? {
            self.typecheck(&mut row, log)?;
            self.smoke(&mut row, &smoke, log)?;
            self.readme_examples(&mut row, package, log)?;
        } else {
            row.steps.push(("tsc".to_owned(), None));
            row.steps.extend(self.nodes.iter().map(|(_, version)| (format!("node {version}"), None)));
            row.steps.push((super::readme::STEP.to_owned(), None));
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

    /// `npm pack` into `out`: the tarball, its name and size in `row`; `None` where it failed.
    fn pack(&self, row: &mut PackageRow, log: &mut dyn FnMut(&str)) -> Result<Option<PathBuf>, Error> {
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
        let packed_ok = record(row, "pack", packed);
        let Some(tarball) = tarball.filter(|path| packed_ok && path.is_file()) else {
            if packed_ok {
                row.failures.push(format!(
                    "{}: npm pack wrote no tarball that could be found in {}",
                    row.name,
                    self.out.display()
                ));
            }
            return Ok(None);
        };
        row.tarball = tarball.file_name().unwrap_or_default().to_string_lossy().into_owned();
        row.size = fs::metadata(&tarball).map_err(|e| Error::io(&tarball, e))?.len();
        Ok(Some(tarball))
    }

    /// `npm install` of `tarball` into a fresh project outside the repository, so that nothing
    /// resolves from its node_modules; whether it installed.
    fn install(&self, row: &mut PackageRow, tarball: &Path, log: &mut dyn FnMut(&str)) -> Result<bool, Error> {
        let project = self.project;
        let _ = fs::remove_dir_all(project);
        fs::create_dir_all(project).map_err(|e| Error::io(project, e))?;
        self.write(
            "package.json",
            "{ \"name\": \"rawast-package-smoke\", \"private\": true, \"type\": \"module\" }\n",
        )?;
        Ok(record(
            row,
            "install",
            // From npm's cache where it can: a package of an oxc target brings its peer, the producer
            // of its buffers, which npm installs with it (from the registry, if not cached).
            capture(
                Command::new("npm")
                    .args(["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock"])
                    .arg(tarball),
                project,
                log,
            ),
        ))
    }

    /// The smoke tests on every Node, in the fresh project, each script with its arguments.
    fn smoke(&self, row: &mut PackageRow, scripts: &[SmokeScript], log: &mut dyn FnMut(&str)) -> Result<(), Error> {
        self.write("compare.js", COMPARE_JS)?;
        for script in scripts {
            self.write(script.file, script.text)?;
        }
        for (binary, version) in self.nodes {
            let mut ok = true;
            for script in scripts {
                let mut command = Command::new(binary);
                command.arg(script.file).args(&script.args);
                let output = capture(&mut command, self.project, log);
                // One step per Node: its first failure is what the report shows.
                if ok && !matches!(&output, Ok(output) if output.status.success()) {
                    ok = false;
                    record(row, &format!("node {version}"), output);
                }
            }
            if ok {
                row.steps.push((format!("node {version}"), Some(true)));
            }
        }
        Ok(())
    }

    /// Writes file `name` of the fresh project.
    fn write(&self, name: &str, text: &str) -> Result<(), Error> {
        let path = self.project.join(name);
        fs::write(&path, text).map_err(|e| Error::io(&path, e))
    }

    /// `tsc --strict` on the README's TypeScript example, importing the installed package by name.
    fn typecheck(&self, row: &mut PackageRow, log: &mut dyn FnMut(&str)) -> Result<(), Error> {
        let readme_path = self.dir.join("README.md");
        let readme = fs::read_to_string(&readme_path).map_err(|e| Error::io(&readme_path, e))?;
        let Some(example) = readme.split("```ts\n").nth(1).and_then(|rest| rest.split("```").next()) else {
            row.failures.push(format!("{}: its README.md has no ```ts example to type-check", row.name));
            row.steps.push(("tsc".to_owned(), Some(false)));
            return Ok(());
        };
        // An ES module of its own; `export {}` keeps its declarations local.
        self.write("consumer.ts", &format!("{example}\nexport {{}};\n"))?;
        // `types: []`: no ambient @types from directories above; the package's own types must do.
        self.write(
            "tsconfig.json",
            r#"{ "compilerOptions": { "strict": true, "noEmit": true, "noUnusedLocals": false, "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext", "types": [] }, "files": ["consumer.ts"] }"#,
        )?;
        record(row, "tsc", capture(Command::new(self.node).arg(&self.tools.tsc).args(["-p", "."]), self.project, log));
        Ok(())
    }
}

/// A smoke test script, written into the fresh project and run there on every Node.
#[derive(Debug, PartialEq)]
struct SmokeScript {
    file: &'static str,
    text: &'static str,
    args: Vec<OsString>,
}

/// The smoke tests of a package: `smoke_oxc.js` for an oxc target's (on its peer's buffers), else
/// `smoke.js` (with the buffer its `smoke` table names, if any), and `smoke_addon.js` where the
/// table names a `source` for its addon to parse. Their input files are relative to `base` (the
/// directory of codegen.toml).
fn smoke_scripts(base: &Path, package: &Package, oxc: bool) -> Vec<SmokeScript> {
    let name = OsString::from(&package.name);
    if oxc {
        return vec![SmokeScript { file: "smoke.js", text: SMOKE_OXC_JS, args: vec![name] }];
    }
    let input = |path: &str| base.join(path).into_os_string();
    let mut deserialize = SmokeScript { file: "smoke.js", text: SMOKE_JS, args: vec![name.clone()] };
    let mut scripts = Vec::new();
    if let Some(smoke) = &package.smoke {
        if let Some(buffer) = &smoke.buffer {
            deserialize.args.extend([input(&buffer.path), input(&smoke.expected.path)]);
        }
        if let Some(source) = &smoke.source {
            let args = vec![name, input(&source.path), input(&smoke.expected.path)];
            scripts.push(SmokeScript { file: "smoke_addon.js", text: SMOKE_ADDON_JS, args });
        }
    }
    scripts.insert(0, deserialize);
    scripts
}

/// Records a step's result: failed when it did not start or exited non-zero.
pub(super) fn record(row: &mut PackageRow, step: &str, output: Result<Output, Error>) -> bool {
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
pub(super) fn capture(command: &mut Command, dir: &Path, log: &mut dyn FnMut(&str)) -> Result<Output, Error> {
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

    /// `[targets.X.package.smoke]` is what the smoke tests read: its files, found from the
    /// configuration's directory, follow the package's name on the command line of `smoke.js`
    /// (a buffer) and `smoke_addon.js` (a source, for a package with an addon).
    #[test]
    fn smoke_table_names_the_smoke_tests_inputs() {
        let base = Path::new("/project");
        let args = |smoke: &str| {
            smoke_scripts(base, &package(smoke), false).into_iter().map(|s| (s.file, s.args)).collect::<Vec<_>>()
        };
        let name = || OsString::from("@x/parser");
        let sample = |file: &str| OsString::from(base.join("samples").join(file));
        assert_eq!(args(""), [("smoke.js", vec![name()])]);
        let buffer =
            "[targets.parser.package.smoke]\nbuffer = \"samples/parser.bin\"\nexpected = \"samples/parser.json\"\n";
        assert_eq!(args(buffer), [("smoke.js", vec![name(), sample("parser.bin"), sample("parser.json")])]);
        let addon = "[targets.parser.package.addon]\nbuild = \"x::build\"\nbuffer_format = \"x::FORMAT\"\n";
        let source = format!(
            "{addon}[targets.parser.package.smoke]\nsource = \"samples/parser.txt\"\nexpected = \"samples/parser.json\"\n"
        );
        assert_eq!(
            args(&source),
            [("smoke.js", vec![name()]), ("smoke_addon.js", vec![name(), sample("parser.txt"), sample("parser.json")])]
        );
    }
}
