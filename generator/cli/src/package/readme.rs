//! The README's JavaScript examples, run as a reader runs them: each `js` block of the package's
//! README.md becomes a module of the fresh project, and `smoke_readme.js` (shipped with this crate)
//! imports them in order on every Node they run on, with the variable they read (`source` or
//! `buffer`, as [`ExampleInput`] decides for the README too) holding the file of the package's
//! smoke table. The step `readme` of the report.

use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::Command;

use rawast_generator::config::Package;
use rawast_generator::emit::ExampleInput;

use super::check::{Check, capture, record};
use super::report::PackageRow;
use crate::error::Error;

/// The runner of the README's examples.
const SMOKE_README_JS: &str = include_str!("../smoke_readme.js");

/// The step's name in the report.
pub(super) const STEP: &str = "readme";

impl Check<'_> {
    /// Runs the README's `js` examples on every Node they run on (`-` in the report where the
    /// smoke table names no input for them, or no Node is recent enough).
    pub(super) fn readme_examples(
        &self,
        row: &mut PackageRow,
        package: &Package,
        log: &mut dyn FnMut(&str),
    ) -> Result<(), Error> {
        let readme_path = self.dir.join("README.md");
        let readme = fs::read_to_string(&readme_path).map_err(|e| Error::io(&readme_path, e))?;
        let examples = js_blocks(&readme);
        if examples.is_empty() {
            row.failures.push(format!("{}: its README.md has no ```js example to run", row.name));
            row.steps.push((STEP.to_owned(), Some(false)));
            return Ok(());
        }
        let Some(input) = example_input(self.base, package, self.example) else {
            log(&format!(
                "{}: not running its README's examples, which read `{}`: the package's smoke table names none",
                row.name,
                self.example.variable().unwrap_or_default()
            ));
            row.steps.push((STEP.to_owned(), None));
            return Ok(());
        };
        let mut files = Vec::new();
        for (i, example) in examples.iter().enumerate() {
            let file = format!("readme-example-{}.js", i + 1);
            write(self.project, &file, example)?;
            files.push(file);
        }
        write(self.project, "smoke_readme.js", SMOKE_README_JS)?;
        let oldest = self.example.node_major();
        let nodes: Vec<&Path> = self
            .nodes
            .iter()
            .filter(|(_, version)| node_major(version) >= oldest)
            .map(|(path, _)| path.as_path())
            .collect();
        if nodes.is_empty() {
            log(&format!("{}: not running its README's examples, which need Node {oldest} or later", row.name));
            row.steps.push((STEP.to_owned(), None));
            return Ok(());
        }
        for node in nodes {
            let mut command = Command::new(node);
            command.arg("smoke_readme.js").arg(&package.name).arg(&input).args(&files);
            let output = capture(&mut command, self.project, log);
            // One step for all Nodes: its first failure is what the report shows.
            if !matches!(&output, Ok(output) if output.status.success()) {
                record(row, STEP, output);
                return Ok(());
            }
        }
        row.steps.push((STEP.to_owned(), Some(true)));
        Ok(())
    }
}

/// The `js` blocks of a README, in order, each without its fences.
fn js_blocks(readme: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match &mut current {
            None if line.trim_end() == "```js" => current = Some(String::new()),
            None => {}
            Some(_) if line.trim_end() == "```" => blocks.extend(current.take()),
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    blocks
}

/// `smoke_readme.js`'s INPUT: the variable the examples read, `=` and the smoke table's file of it
/// (found from `base`, the directory of codegen.toml), or `-` where they read none; `None` where
/// the table names no such file.
fn example_input(base: &Path, package: &Package, example: ExampleInput) -> Option<OsString> {
    let smoke = package.smoke.as_ref();
    let file = match example {
        ExampleInput::Source => smoke?.source.as_ref()?,
        ExampleInput::Buffer => smoke?.buffer.as_ref()?,
        ExampleInput::OxcParser => return Some(OsString::from("-")),
    };
    let mut input = OsString::from(format!("{}=", example.variable()?));
    input.push(base.join(&file.path));
    Some(input)
}

/// The major version of a `node --version` (`v24.1.0`: 24); a version it cannot read counts as
/// recent enough, so that the examples run rather than pass unrun.
fn node_major(version: &str) -> u32 {
    version.trim_start_matches('v').split('.').next().and_then(|major| major.parse().ok()).unwrap_or(u32::MAX)
}

/// Writes file `name` of the fresh project `project`.
fn write(project: &Path, name: &str, text: &str) -> Result<(), Error> {
    let path = project.join(name);
    fs::write(&path, text).map_err(|e| Error::io(&path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rawast_generator::SourceFile;
    use rawast_generator::config::Config;

    /// Only `js` blocks are run, whole and in order; `ts`, `jsx` and `sh` ones are not.
    #[test]
    fn js_blocks_are_the_js_fences() {
        let readme = "# x\n\n```sh\nnpm install x\n```\n\n```js\nimport { a } from \"x\";\n\na();\n```\n\n```ts\nlet t: number = 1;\n```\n\n```jsx\n<a/>\n```\n\n```js\nb();\n```\n";
        assert_eq!(js_blocks(readme), ["import { a } from \"x\";\n\na();\n", "b();\n"]);
        assert!(js_blocks("```ts\nlet t = 1;\n```\n").is_empty());
    }

    /// The package of target `t`, which has a parser where `addon`, and whose smoke table is `smoke`.
    fn package(addon: bool, smoke: &str) -> Package {
        let addon =
            if addon { "[targets.t.package.addon]\nbuild = \"x::build\"\nbuffer_format = \"x::FORMAT\"\n" } else { "" };
        let text = format!(
            "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Node\"\n\n[output]\ndir = \"out\"\n\n\
             [targets.t]\nsource_placement = \"start\"\n[targets.t.package]\nname = \"t\"\nversion = \"0.1.0\"\nlicense = \"MIT\"\n{addon}{smoke}"
        );
        let config =
            Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap_or_else(|d| panic!("{d}"));
        let target = &config.targets[0];
        assert_eq!(
            ExampleInput::of(target),
            if addon.is_empty() { ExampleInput::Buffer } else { ExampleInput::Source }
        );
        target.package.clone().expect("the target has a package")
    }

    /// A package with a parser's examples read the smoke table's `source`, others its `buffer`;
    /// without that file they are not run.
    #[test]
    fn examples_read_the_smoke_tables_file() {
        let base = Path::new("/project");
        let both = "[targets.t.package.smoke]\nbuffer = \"s.bin\"\nsource = \"s.txt\"\nexpected = \"s.json\"\n";
        let input = |addon, smoke| {
            let example = if addon { ExampleInput::Source } else { ExampleInput::Buffer };
            example_input(base, &package(addon, smoke), example)
        };
        let at = |variable: &str, file: &str| {
            let mut input = OsString::from(format!("{variable}="));
            input.push(base.join(file));
            Some(input)
        };
        let buffer = "[targets.t.package.smoke]\nbuffer = \"s.bin\"\nexpected = \"s.json\"\n";
        assert_eq!(input(true, both), at("source", "s.txt"));
        assert_eq!(input(false, buffer), at("buffer", "s.bin"));
        assert_eq!(input(true, buffer), None);
        assert_eq!(input(true, ""), None);
        assert_eq!(input(false, ""), None);
        assert_eq!(example_input(base, &package(false, ""), ExampleInput::OxcParser), Some(OsString::from("-")));
    }

    #[test]
    fn node_major_reads_node_version() {
        assert_eq!(node_major("v24.21.0"), 24);
        assert_eq!(node_major("v20.20.2"), 20);
        assert_eq!(node_major("nightly"), u32::MAX);
    }
}
