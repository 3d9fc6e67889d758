//! `rawast codegen`: run the generator on a `codegen.toml` and bring its output directory up to date,
//! writing only files whose bytes changed.
//!
//! The output directory is shared with nobody: codegen overwrites and removes only files it wrote,
//! known by the generated header on their first line or by the manifest it keeps beside them
//! (`rawast-manifest.txt`, for files that cannot carry a header, such as `package.json`). Anything
//! else there, a schema file above all, stops the run before a byte is written.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use rawast_generator::plural::count;
use rawast_generator::{Config, Diagnostic, Diagnostics, GENERATED_MARKER, MANIFEST_FILE, Output, SourceFile};

use crate::error::Error;

/// What `codegen` does to the output directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Write changed files, create missing ones, remove ones no longer generated.
    Write,
    /// Write nothing; report what `Write` would change.
    Check,
}

/// What happened (or, in `Mode::Check`, would happen) to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Its bytes are those codegen generates.
    Unchanged,
    /// Its bytes differ from those codegen generates.
    Updated,
    /// Generated, but not in the output directory yet.
    Created,
    /// Written by codegen earlier, no longer generated.
    Removed,
}

/// One file of the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    /// Relative to the configuration's directory, `/`-separated, as printed.
    pub path: String,
    /// What happened to it, or would.
    pub change: Change,
}

/// The result of a `codegen` run.
#[derive(Debug)]
pub struct Report {
    /// The mode `codegen` ran in.
    pub mode: Mode,
    /// The configuration's directory: file paths are relative to it.
    pub base: PathBuf,
    /// Every generated or removed file, sorted by path.
    pub files: Vec<FileReport>,
    /// Notes that did not stop the run (render each with `Display`), such as a fingerprint to record.
    pub notes: Vec<Diagnostic>,
    /// The command that regenerates, from the configuration.
    pub regenerate: String,
}

impl Report {
    /// The files that differ from what codegen generates (written, in `Mode::Write`).
    pub fn stale(&self) -> impl Iterator<Item = &FileReport> {
        self.files.iter().filter(|f| f.change != Change::Unchanged)
    }

    /// False when a check found stale files: the command's exit status.
    pub fn success(&self) -> bool {
        self.mode == Mode::Write || self.stale().next().is_none()
    }

    /// What the command prints on stdout: a line per changed (or stale) file, then the summary line
    /// (`codegen: N files changed, M unchanged`; with `--check`, `codegen --check: N files up to
    /// date` or `codegen --check: N stale files; run ...`), "file" where N is 1.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let stale = self.stale().count();
        for file in self.stale() {
            let line = match (self.mode, file.change) {
                (Mode::Write, Change::Created) => format!("  created {}", file.path),
                (Mode::Write, Change::Updated) => format!("  updated {}", file.path),
                (Mode::Write, Change::Removed) => format!("  removed {}", file.path),
                (Mode::Check, Change::Created) => format!("  stale {} (missing)", file.path),
                (Mode::Check, Change::Updated) => {
                    format!("  stale {} (differs from what codegen generates)", file.path)
                }
                (Mode::Check, Change::Removed) => format!("  stale {} (no longer generated)", file.path),
                (_, Change::Unchanged) => unreachable!("only stale files are listed"),
            };
            out.push_str(&line);
            out.push('\n');
        }
        let changed = count(stale, "file");
        let line = match self.mode {
            Mode::Write => format!("codegen: {changed} changed, {} unchanged", self.files.len() - stale),
            Mode::Check if stale == 0 => format!("codegen --check: {} up to date", count(self.files.len(), "file")),
            Mode::Check => format!("codegen --check: {}; run `{}`", count(stale, "stale file"), self.regenerate),
        };
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// Runs the generator on the configuration at `config_path` (its paths are relative to its
/// directory) and compares its outputs with the output directory; in `Mode::Write`, brings the
/// directory up to date. Errors in the inputs, and files in the output directory that codegen did
/// not write, are `Error::Input` diagnostics, and nothing is written. A stale file in `Mode::Check`
/// is no error: [`Report::success`] says so. Other errors: `Error::Config`, `Error::Io`.
pub fn codegen(config_path: &Path, mode: Mode) -> Result<Report, Error> {
    let config = read_config(config_path)?;
    run(&config, config_path.parent().unwrap_or(Path::new(".")), mode)
}

/// `codegen` of a configuration already read from `base`.
pub(crate) fn run(config: &Config, base: &Path, mode: Mode) -> Result<Report, Error> {
    let inputs = read_inputs(base, config)?;
    let generation = rawast_generator::generate(config, &inputs)?;
    let files = plan(base, config, &generation.outputs)?;
    if mode == Mode::Write {
        apply(base, config, &files)?;
    }
    let files = files.into_iter().map(|f| FileReport { path: f.path, change: f.change }).collect();
    Ok(Report { mode, base: base.to_path_buf(), files, notes: generation.notes, regenerate: config.regenerate.clone() })
}

/// Reads and parses a configuration file, for tools that read its settings; errors in it are
/// `Error::Input`, a file that cannot be read is `Error::Config`.
pub fn read_config(config_path: &Path) -> Result<Config, Error> {
    let text =
        fs::read_to_string(config_path).map_err(|source| Error::Config { path: config_path.to_path_buf(), source })?;
    let file_name = config_path.file_name().map_or("codegen.toml".into(), |n| n.to_string_lossy().into_owned());
    Ok(Config::parse(&SourceFile { path: file_name, text })?)
}

/// The schema a configuration names, read: its files under their schema names (crate files through
/// `cargo metadata`), for tools that analyze a schema without generating (`rawast_generator::analyze_as`).
/// Errors: those of [`read_config`], and `Error::Input` naming a schema file that cannot be read.
pub fn read_schema(config_path: &Path) -> Result<(Config, Vec<SourceFile>), Error> {
    let config = read_config(config_path)?;
    let inputs = read_inputs(config_path.parent().unwrap_or(Path::new(".")), &config)?;
    let names = config.schema_file_names();
    let schema = inputs.into_iter().filter(|file| names.contains(&file.path)).collect();
    Ok((config, schema))
}

/// Where Cargo keeps each crate that `[schema.crates]` of a configuration names (its root
/// directory, holding `Cargo.toml`), at the version its `cargo_manifest`'s lock file pins: for tools
/// that read other files of the same crates. Errors: those of [`read_config`], and `Error::Input`
/// when `cargo metadata` fails or does not know a crate.
pub fn crate_roots(config_path: &Path) -> Result<std::collections::BTreeMap<String, std::path::PathBuf>, Error> {
    let config = read_config(config_path)?;
    Ok(crate::crates::crate_roots(config_path.parent().unwrap_or(Path::new(".")), &config)?)
}

/// Every file the configuration names as input, read; a missing one is a diagnostic at its entry.
fn read_inputs(base: &Path, config: &Config) -> Result<Vec<SourceFile>, Error> {
    let mut inputs = Vec::new();
    let mut diagnostics = Diagnostics::default();
    let roots = crate::crates::crate_roots(base, config)?;
    for file in &config.crate_files {
        let Some(root) = roots.get(&file.krate) else { continue };
        match fs::read_to_string(root.join(&file.path)) {
            Ok(text) => inputs.push(SourceFile { path: file.name(), text }),
            Err(error) => diagnostics.push(
                Diagnostic::new(format!(
                    "cannot read `{}` of crate `{}` (in {}): {error}",
                    file.path,
                    file.krate,
                    root.display()
                ))
                .at(file.location.clone())
                .with_help("paths under [schema.crates] are relative to the crate's root"),
            ),
        }
    }
    for file in config.input_files() {
        match fs::read_to_string(base.join(&file.path)) {
            Ok(text) => inputs.push(SourceFile { path: file.path.clone(), text }),
            Err(error) => diagnostics.push(
                Diagnostic::new(format!("cannot read `{}`: {error}", file.path))
                    .at(file.location.clone())
                    .with_help(format!("paths in {} are relative to its directory", config.file_name)),
            ),
        }
    }
    Ok(diagnostics.into_result(inputs)?)
}

/// The configuration at `config_path` with its directory (absolute: the tools that read the
/// user's files run in other directories), when the generated files are up to date; an error
/// naming the command to run when they are not.
pub(crate) fn read_fresh(config_path: &Path) -> Result<(PathBuf, Config), Error> {
    let base = config_path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let base = fs::canonicalize(base).map_err(|e| Error::io(base, e))?;
    let config = read_config(config_path)?;
    let report = run(&config, &base, Mode::Check)?;
    if !report.success() {
        let stale: Vec<&str> = report.stale().map(|f| f.path.as_str()).collect();
        return Err(Error::Tool(format!(
            "generated files are stale ({}); run `{}` first",
            stale.join(", "),
            config.regenerate
        )));
    }
    Ok((base, config))
}

struct Planned<'a> {
    path: String,
    contents: Option<&'a str>,
    change: Change,
}

/// Compares the outputs with the disk, and refuses to touch files codegen did not write.
fn plan<'a>(base: &Path, config: &Config, outputs: &'a [Output]) -> Result<Vec<Planned<'a>>, Error> {
    let dir = &config.output_dir.path;
    let existing = list_files(base, dir, &|path| config.is_build_output(path))?;
    let manifest = read_manifest(base, dir);
    let ours = |path: &str| manifest.contains(path) || has_marker(&base.join(path));
    let mut foreign: Vec<String> = Vec::new();
    let mut files = Vec::new();
    for output in outputs {
        let change = match fs::read(base.join(&output.path)) {
            Ok(bytes) if bytes == output.contents.as_bytes() => Change::Unchanged,
            Ok(_) if ours(&output.path) => Change::Updated,
            Ok(_) => {
                foreign.push(output.path.clone());
                continue;
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Change::Created,
            Err(error) => return Err(Error::io(&base.join(&output.path), error)),
        };
        files.push(Planned { path: output.path.clone(), contents: Some(&output.contents), change });
    }
    for path in existing {
        if files.iter().any(|f| f.path == path) || foreign.contains(&path) {
            continue;
        }
        if ours(&path) {
            files.push(Planned { path, contents: None, change: Change::Removed });
        } else {
            foreign.push(path);
        }
    }
    if !foreign.is_empty() {
        return Err(Error::Input(Diagnostics(vec![foreign_files_error(config, foreign)])));
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// The error for files in the output directory that codegen did not write: it would have to
/// overwrite or remove them.
fn foreign_files_error(config: &Config, mut foreign: Vec<String>) -> Diagnostic {
    foreign.sort();
    let inputs = config.input_files();
    let described: Vec<String> = foreign
        .iter()
        .map(|path| {
            if inputs.iter().any(|input| &input.path == path) {
                format!("{path} (an input of codegen)")
            } else {
                path.clone()
            }
        })
        .collect();
    let dir = &config.output_dir.path;
    Diagnostic::new(format!("the output directory `{dir}` holds files that rawast did not write: {}", described.join(", ")))
        .at(config.output_dir.location.clone())
        .with_help(format!(
            "codegen overwrites and removes only its own files (those whose first line says `{GENERATED_MARKER}`, or listed in {dir}/{MANIFEST_FILE}); give it a directory of its own, such as \"generated\", or move these files out"
        ))
}

fn apply(base: &Path, config: &Config, files: &[Planned]) -> Result<(), Error> {
    for file in files {
        let path = base.join(&file.path);
        match (file.change, file.contents) {
            (Change::Unchanged, _) => {}
            (Change::Removed, _) => fs::remove_file(&path).map_err(|e| Error::io(&path, e))?,
            (_, Some(contents)) => {
                if let Some(parent) = path.parent() {
                    fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
                }
                fs::write(&path, contents).map_err(|e| Error::io(&path, e))?;
            }
            (_, None) => unreachable!("only removed files have no contents"),
        }
    }
    remove_empty_dirs(&base.join(&config.output_dir.path));
    Ok(())
}

/// Removes the directories that removing files emptied (a dropped target's package, say). Best
/// effort: a directory that cannot be removed is left.
fn remove_empty_dirs(dir: &Path) -> bool {
    let Ok(entries) = fs::read_dir(dir) else { return false };
    let mut empty = true;
    for entry in entries.flatten() {
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !(is_dir && remove_empty_dirs(&entry.path()) && fs::remove_dir(entry.path()).is_ok()) {
            empty = false;
        }
    }
    empty
}

/// Every file under `base/dir` but those `skip` names (and the files of directories it names), as
/// sorted `/`-separated paths relative to `base`. Symbolic links count as files (and are never followed).
fn list_files(base: &Path, dir: &str, skip: &dyn Fn(&str) -> bool) -> Result<Vec<String>, Error> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(relative) = pending.pop() {
        let path = base.join(&relative);
        let entries = match fs::read_dir(&path) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => continue,
            Err(error) => return Err(Error::io(&path, error)),
        };
        for entry in entries {
            let entry = entry.map_err(|e| Error::io(&path, e))?;
            let child = format!("{relative}/{}", entry.file_name().to_string_lossy());
            if skip(&child) {
                continue;
            }
            if entry.file_type().map_err(|e| Error::io(&entry.path(), e))?.is_dir() {
                pending.push(child)
            } else {
                out.push(child)
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The files the manifest in `base/dir` lists, relative to `base`; empty when there is none.
fn read_manifest(base: &Path, dir: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(base.join(dir).join(MANIFEST_FILE)).unwrap_or_default();
    text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')).map(|line| format!("{dir}/{line}")).collect()
}

/// Whether the file's first line is a generated header: a comment (`//`, `#` or `<!--`) that starts
/// with the generator's marker.
fn has_marker(path: &Path) -> bool {
    use std::io::Read as _;
    let mut start = [0u8; 256];
    let Ok(mut file) = fs::File::open(path) else { return false };
    let Ok(read) = file.read(&mut start) else { return false };
    let text = String::from_utf8_lossy(&start[..read]);
    let first = text.lines().next().unwrap_or_default();
    ["//", "#", "<!--"]
        .iter()
        .any(|opener| first.strip_prefix(opener).is_some_and(|rest| rest.trim_start().starts_with(GENERATED_MARKER)))
}

#[cfg(test)]
mod tests;
