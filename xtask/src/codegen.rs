//! `cargo xtask codegen [--check]`: regenerate `generated/`, writing only files whose bytes changed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use rawast_generator::{Config, Diagnostic, Diagnostics, SourceFile};

const USAGE: &str = "\
cargo xtask codegen: regenerate the checked-in generated files

USAGE:
    cargo xtask codegen [--check] [--config FILE]

Reads codegen.toml and the schema files it names, and writes the outputs into its output
directory (generated/). Only files whose bytes changed are written; files in the output
directory that codegen no longer produces are removed. Each changed file is listed.

OPTIONS:
    --check          Write nothing; list stale, missing and extra files; exit 1 if any
    --config FILE    Use FILE instead of the repository's codegen.toml (paths in it are
                     relative to its directory)
    -h, --help       Print this help

EXIT STATUS:
    0 success; 1 schema or config errors, or (with --check) stale files; 2 bad usage
";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut check = false;
    let mut config_path = crate::project::root().join("codegen.toml");
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--config" => match args.next() {
                Some(path) => config_path = PathBuf::from(path),
                None => return Ok(crate::usage_error("--config needs a file", USAGE)),
            },
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            other => return Ok(crate::usage_error(&format!("unexpected argument `{other}`"), USAGE)),
        }
    }
    let plan = match plan(&config_path)? {
        Ok(plan) => plan,
        Err(diagnostics) => {
            eprintln!("{diagnostics}");
            return Ok(ExitCode::FAILURE);
        }
    };
    if check { Ok(report_check(&plan)) } else { apply(&plan) }
}

/// What codegen would do to each file.
#[derive(Debug, PartialEq, Eq)]
pub enum Change {
    Unchanged,
    Updated,
    Created,
    /// In the output directory but no longer generated.
    Removed,
}

pub struct PlannedFile {
    /// Relative to the config's directory, `/`-separated (as printed).
    pub path: String,
    pub contents: Option<String>,
    pub change: Change,
}

pub struct Plan {
    pub base: PathBuf,
    pub files: Vec<PlannedFile>,
}

impl Plan {
    pub fn stale(&self) -> impl Iterator<Item = &PlannedFile> {
        self.files.iter().filter(|f| f.change != Change::Unchanged)
    }
}

/// Reads and parses a `codegen.toml`; errors in it come back as `Err` inside.
pub fn read_config(config_path: &Path) -> Result<Result<Config, Diagnostics>> {
    let config_text = fs::read_to_string(config_path).with_context(|| format!("cannot read {}", config_path.display()))?;
    let config_name = config_path.file_name().map_or("codegen.toml".into(), |n| n.to_string_lossy().into_owned());
    Ok(Config::parse(&SourceFile { path: config_name, text: config_text }))
}

/// Runs the generator and compares its outputs with the disk. Input errors come back as `Err` inside.
pub fn plan(config_path: &Path) -> Result<Result<Plan, Diagnostics>> {
    let base = config_path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let config = match read_config(config_path)? {
        Ok(config) => config,
        Err(diagnostics) => return Ok(Err(diagnostics)),
    };

    let mut schema_files = Vec::new();
    let mut diagnostics = Diagnostics::default();
    for file in &config.schema_files {
        match fs::read_to_string(base.join(&file.path)) {
            Ok(text) => schema_files.push(SourceFile { path: file.path.clone(), text }),
            Err(error) => diagnostics.push(
                Diagnostic::new(format!("cannot read schema file `{}`: {error}", file.path))
                    .at(file.location.clone())
                    .with_help("paths in codegen.toml are relative to its directory"),
            ),
        }
    }
    if !diagnostics.is_empty() {
        return Ok(Err(diagnostics));
    }
    let outputs = match rawast_generator::generate(&config, &schema_files) {
        Ok(outputs) => outputs,
        Err(rawast_generator::Error::Input(diagnostics)) => return Ok(Err(diagnostics)),
        Err(other) => return Err(other.into()),
    };

    let mut files = Vec::new();
    for output in outputs {
        let change = match fs::read(base.join(&output.path)) {
            Ok(existing) if existing == output.contents.as_bytes() => Change::Unchanged,
            Ok(_) => Change::Updated,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Change::Created,
            Err(error) => return Err(error).with_context(|| format!("cannot read {}", output.path)),
        };
        files.push(PlannedFile { path: output.path, contents: Some(output.contents), change });
    }
    for existing in list_files(&base, &config.output_dir)? {
        if !files.iter().any(|f| f.path == existing) {
            files.push(PlannedFile { path: existing, contents: None, change: Change::Removed });
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(Ok(Plan { base, files }))
}

/// Every file under `base/dir`, as sorted `/`-separated paths relative to `base`.
fn list_files(base: &Path, dir: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(relative) = pending.pop() {
        let entries = match fs::read_dir(base.join(&relative)) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error).with_context(|| format!("cannot list {relative}")),
        };
        for entry in entries {
            let entry = entry?;
            let path = format!("{relative}/{}", entry.file_name().to_string_lossy());
            if entry.file_type()?.is_dir() { pending.push(path) } else { out.push(path) }
        }
    }
    out.sort();
    Ok(out)
}

fn apply(plan: &Plan) -> Result<ExitCode> {
    let mut written = 0;
    for file in plan.stale() {
        let path = plan.base.join(&file.path);
        match (&file.change, &file.contents) {
            (Change::Removed, _) => {
                fs::remove_file(&path).with_context(|| format!("cannot remove {}", file.path))?;
                println!("  removed {}", file.path);
            }
            (change, Some(contents)) => {
                if let Some(parent) = path.parent() {
                    fs::create_dir_all(parent).with_context(|| format!("cannot create {}", parent.display()))?;
                }
                fs::write(&path, contents).with_context(|| format!("cannot write {}", file.path))?;
                let verb = if *change == Change::Created { "created" } else { "updated" };
                println!("  {verb} {}", file.path);
            }
            (_, None) => unreachable!("only removed files have no contents"),
        }
        written += 1;
    }
    let unchanged = plan.files.len() - written;
    println!("codegen: {written} file{} changed, {unchanged} unchanged", plural(written));
    Ok(ExitCode::SUCCESS)
}

fn report_check(plan: &Plan) -> ExitCode {
    let mut stale = 0;
    for file in plan.stale() {
        let why = match file.change {
            Change::Updated => "differs from what codegen generates",
            Change::Created => "missing",
            Change::Removed => "no longer generated",
            Change::Unchanged => unreachable!(),
        };
        println!("  stale {} ({why})", file.path);
        stale += 1;
    }
    if stale == 0 {
        println!("codegen --check: {} files up to date", plan.files.len());
        ExitCode::SUCCESS
    } else {
        println!("codegen --check: {stale} stale file{}; run `cargo xtask codegen`", plural(stale));
        ExitCode::FAILURE
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch project with one schema file, in `target/codegen-plan/<name>`.
    fn scratch_project(name: &str) -> PathBuf {
        let dir = crate::project::root().join("target/codegen-plan").join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(
            dir.join("codegen.toml"),
            "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\narena_module = \"crate::arena\"\n\n[output]\ndir = \"out\"\n",
        )
        .unwrap();
        fs::write(dir.join("ast.rs"), "#[ast]\n#[repr(C)]\npub struct Node {\n    pub value: u32,\n}\n").unwrap();
        dir
    }

    fn changes(plan: &Plan) -> Vec<(&str, &Change)> {
        plan.files.iter().map(|f| (f.path.as_str(), &f.change)).collect()
    }

    #[test]
    fn writes_only_what_changed_and_removes_what_is_no_longer_generated() {
        let dir = scratch_project("lifecycle");
        let config = dir.join("codegen.toml");
        let plan = super::plan(&config).unwrap().unwrap();
        assert!(plan.files.len() >= 3 && plan.files.iter().all(|f| f.change == Change::Created), "{:?}", changes(&plan));
        apply(&plan).unwrap();

        let plan = super::plan(&config).unwrap().unwrap();
        assert_eq!(plan.stale().count(), 0, "{:?}", changes(&plan));

        fs::write(dir.join("out/js/constants.js"), "edited by hand\n").unwrap();
        fs::write(dir.join("out/js/leftover.js"), "from an older generator\n").unwrap();
        fs::remove_file(dir.join("out/rust/constants.rs")).unwrap();
        let plan = super::plan(&config).unwrap().unwrap();
        let stale: Vec<_> = plan.stale().map(|f| (f.path.as_str(), &f.change)).collect();
        assert_eq!(
            stale,
            [("out/js/constants.js", &Change::Updated), ("out/js/leftover.js", &Change::Removed), ("out/rust/constants.rs", &Change::Created)]
        );
        let untouched = fs::metadata(dir.join("out/rust/assert_layouts.rs")).unwrap().modified().unwrap();
        apply(&plan).unwrap();
        assert!(!dir.join("out/js/leftover.js").exists());
        assert_eq!(fs::metadata(dir.join("out/rust/assert_layouts.rs")).unwrap().modified().unwrap(), untouched);
        assert_eq!(super::plan(&config).unwrap().unwrap().stale().count(), 0);
    }

    #[test]
    fn schema_errors_come_back_as_diagnostics() {
        let dir = scratch_project("broken");
        fs::write(dir.join("ast.rs"), "#[ast]\n#[repr(C)]\npub struct Node {\n    pub value: Missing,\n}\n").unwrap();
        let diagnostics = super::plan(&dir.join("codegen.toml")).unwrap().err().expect("an unknown type is an error");
        assert!(diagnostics.to_string().contains("--> ast.rs:4:16"), "{diagnostics}");
    }

    #[test]
    fn a_missing_schema_file_points_at_codegen_toml() {
        let dir = scratch_project("missing");
        fs::remove_file(dir.join("ast.rs")).unwrap();
        let report = super::plan(&dir.join("codegen.toml")).unwrap().err().unwrap().to_string();
        assert!(report.contains("cannot read schema file `ast.rs`") && report.contains("--> codegen.toml:2:10"), "{report}");
    }

    /// `cargo test` fails while generated/ is stale, naming the stale files.
    #[test]
    fn codegen_is_fresh() {
        let plan = super::plan(&crate::project::root().join("codegen.toml")).unwrap().unwrap_or_else(|d| panic!("{d}"));
        let stale: Vec<&str> = plan.stale().map(|f| f.path.as_str()).collect();
        assert!(stale.is_empty(), "generated files are stale: {stale:?}; run `cargo xtask codegen`");
    }
}
