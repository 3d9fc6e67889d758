//! `codegen.toml`: what to generate. `Config::parse` reads it into a `Config`, one section at a
//! time (`[schema]` in `schema.rs`, `[mapping]` in `mapping.rs`, `[output]` here, `[walk]` in
//! `walk.rs`, `[targets.X]` in `targets/` with their `strings` in `strings.rs` and `package` in
//! `package/`), then checks what one section needs of another (`sections.rs`). Every problem is
//! a `Diagnostic`, at the place in the file to blame when there is one.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

mod mapping;
mod package;
mod schema;
mod sections;
mod strings;
mod targets;
mod walk;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::files::SourceFile;
use crate::ir::Dialect;
pub use mapping::{Mapping, PropertyCase, SpanStyle, SpanUnit};
pub use package::{Addon, AddonKind, AddonModule, Fingerprint, Package, Smoke};
pub use schema::{OXC_ROOT, RustPaths};
pub use strings::{LATIN1_SLICE_MAX_LEN, LongDecoder, ShortDecoder, SourceSlicing, StringPolicy};
pub use targets::{Int64, OxcSettings, RawastSettings, Runtime, SourcePlacement, SourceText, Target, TargetSettings};
pub use walk::{WalkField, WalkKeyword};

/// The parsed configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The configuration file's name, as generated headers name it (`codegen.toml`).
    pub file_name: String,
    /// Schema files, relative to the directory of `codegen.toml`, in the order written.
    pub schema_files: Vec<ConfigPath>,
    /// Schema files inside crates that Cargo fetched (`[schema.crates]`), found through `cargo_manifest`.
    pub crate_files: Vec<CrateFile>,
    /// The Cargo manifest whose dependencies (pinned by its lock file) hold `crate_files`.
    pub cargo_manifest: Option<ConfigPath>,
    /// The conventions the schema files are written in.
    pub dialect: Dialect,
    /// Types defined `pub` that their crate does not export, so that layout checks from outside
    /// the crate cannot name them (oxc_span's `I32Dummy`): checked only through the types holding them.
    pub unexported: Vec<ConfigName>,
    /// Rust paths that generated Rust code uses to name the schema's types.
    pub rust: RustPaths,
    /// The root node type (`Program`), where deserialization starts. Needed by targets.
    pub root: Option<ConfigName>,
    /// What the AST is called in the package documentation (`ESTree`, `JSONC`); `None`: just "AST".
    pub ast_name: Option<String>,
    /// `[mapping]`: how the schema's types become JS values.
    pub mapping: Mapping,
    /// Where outputs go, relative to the directory of `codegen.toml`.
    pub output_dir: ConfigPath,
    /// The command that regenerates the outputs, named in their "do not edit" headers.
    pub regenerate: String,
    /// Targets in name order.
    pub targets: Vec<Target>,
    /// `[walk] keywords`: node types whose source text holds one of these words.
    pub walk_keywords: Vec<WalkKeyword>,
    /// `[walk] comments`: the struct type of the source's comments, whose spans hold no node's
    /// words.
    pub walk_comments: Option<ConfigName>,
    /// `[walk] outside_span`: fields whose values may lie outside the span of the struct holding them.
    pub walk_outside_span: Vec<WalkField>,
    /// `[walk] errors`: the struct type of the parser's errors, whose presence turns words off.
    pub walk_errors: Option<ConfigName>,
}

/// A type or field name from the configuration, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigName {
    pub name: String,
    pub location: Location,
}

/// Where the keys of one table of `codegen.toml` are written, in the order the table lists them:
/// for diagnostics about keys whose effect depends on the schema, checked once it is loaded.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeyLocations(Vec<(&'static str, Location)>);

impl KeyLocations {
    /// Where `key` is written, if it is.
    pub fn get(&self, key: &str) -> Option<&Location> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, location)| location)
    }

    /// Every key written, with where.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Location)> {
        self.0.iter().map(|(key, location)| (*key, location))
    }

    fn add(&mut self, key: &'static str, location: Location) {
        self.0.push((key, location));
    }
}

/// A schema file inside a crate: `path` is relative to the crate's root (its `Cargo.toml`).
#[derive(Debug, Clone, PartialEq)]
pub struct CrateFile {
    pub krate: String,
    pub path: String,
    pub location: Location,
}

impl CrateFile {
    /// How the schema names the file: `crate/path`, the same wherever Cargo keeps the sources.
    pub fn name(&self) -> String {
        format!("{}/{}", self.krate, self.path)
    }
}

/// A path from the configuration, with where it was written (for "file not found" and the like).
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigPath {
    pub path: String,
    pub location: Location,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    schema: schema::RawSchema,
    #[serde(default)]
    mapping: mapping::RawMapping,
    output: RawOutput,
    #[serde(default)]
    targets: BTreeMap<String, Spanned<targets::RawTarget>>,
    #[serde(default)]
    walk: walk::RawWalk,
}

/// `[output]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOutput {
    dir: Spanned<String>,
    regenerate: Option<Spanned<String>>,
}

/// Keys that `[schema]` does not take but `[mapping]` does, with how to write them there.
const MOVED_KEYS: &[(&str, &str)] = &[
    ("span_unit", "`span_unit` is a key of [mapping]"),
    ("comments", "a channel of the root is written `channels = [\"comments\"]` in [mapping]"),
];

/// What the headers of generated files tell a reader to run, unless `[output] regenerate` says.
pub const DEFAULT_REGENERATE: &str = "rawast codegen";

impl Config {
    /// How the schema names each of its files: the local ones' paths, then `crate/path` for each
    /// crate file.
    pub fn schema_file_names(&self) -> Vec<String> {
        self.schema_files.iter().map(|f| f.path.clone()).chain(self.crate_files.iter().map(CrateFile::name)).collect()
    }

    /// Every file the generator reads from the configuration's directory: the schema files, then
    /// the packages' license texts and their addons' parser manifests (crate files come from
    /// Cargo: `crate_files`).
    pub fn input_files(&self) -> Vec<ConfigPath> {
        let packages = self.targets.iter().filter_map(|t| t.package.as_ref());
        let licenses = packages.clone().filter_map(|p| p.license_file.clone());
        let manifests = packages.filter_map(|p| Some(p.addon.as_ref()?.parser_manifest()));
        let mut files: Vec<ConfigPath> = self.schema_files.clone();
        for file in licenses.chain(manifests) {
            if !files.iter().any(|f| f.path == file.path) {
                files.push(file);
            }
        }
        files
    }

    /// Whether `path` (relative to the configuration's directory) is what building a package's
    /// addon puts in the output directory, which codegen neither writes nor refuses: the built
    /// `<addon>.<platform>.node` (or `<addon>.wasm`) in the package, and a lock file and target
    /// directory beside the addon crate when it is built as a workspace of its own.
    pub fn is_build_output(&self, path: &str) -> bool {
        let Some(relative) = path.strip_prefix(&self.output_dir.path).and_then(|p| p.strip_prefix('/')) else {
            return false;
        };
        self.targets.iter().any(|target| {
            let Some(addon) = target.package.as_ref().and_then(|p| p.addon.as_ref()) else { return false };
            let in_package = relative.strip_prefix(&target.module_dir()).and_then(|p| p.strip_prefix('/'));
            let built = in_package.is_some_and(|file| addon.is_built_file(file));
            let crate_dir = format!("{}/{}/", addon.kind.crate_dir(), target.name);
            let beside_crate = relative
                .strip_prefix(&crate_dir)
                .is_some_and(|file| file == "Cargo.lock" || file == "target" || file.starts_with("target/"));
            built || beside_crate
        })
    }

    /// The type deserialization starts from: `[schema] root`, or in the oxc dialect the root of
    /// oxc-parser's buffers.
    pub fn root_name(&self) -> Option<&str> {
        match self.dialect {
            Dialect::Rawast => self.root.as_ref().map(|root| root.name.as_str()),
            Dialect::Oxc => Some(OXC_ROOT),
        }
    }

    /// Parses `codegen.toml`; `file.path` names it in diagnostics.
    pub fn parse(file: &SourceFile) -> Result<Config, Diagnostics> {
        let raw: RawConfig = match toml::from_str(&file.text) {
            Ok(raw) => raw,
            Err(error) => {
                let mut diagnostic = Diagnostic::new(format!("invalid {}: {}", file.path, error.message().trim_end()));
                if let Some(span) = error.span() {
                    diagnostic = diagnostic.at(Location::from_byte_range(&file.path, &file.text, span));
                }
                if let Some((_, help)) =
                    MOVED_KEYS.iter().find(|(key, _)| error.message().starts_with(&format!("unknown field `{key}`")))
                {
                    diagnostic = diagnostic.with_help(*help);
                }
                return Err(Diagnostics(vec![diagnostic]));
            }
        };
        let mut diagnostics = Vec::new();
        let schema = schema::check(raw.schema, file, &mut diagnostics);
        let (output_dir, regenerate) = check_output(raw.output, file, &mut diagnostics);
        // (A target refused for its format is not among `targets`: it is not missing.)
        let targets_written = !raw.targets.is_empty();
        let targets::Targets { targets, lazy_spans } =
            targets::check(raw.targets, schema.dialect, file, &mut diagnostics);
        let mapping = mapping::check(raw.mapping, file, &mut diagnostics);
        let walk::Walk {
            keywords: walk_keywords,
            comments: walk_comments,
            outside_span: walk_outside_span,
            errors: walk_errors,
        } = walk::check(raw.walk, file, &mut diagnostics);

        let config = Config {
            file_name: file.path.clone(),
            schema_files: schema.schema_files,
            crate_files: schema.crate_files,
            cargo_manifest: schema.cargo_manifest,
            dialect: schema.dialect.unwrap_or_default(),
            unexported: schema.unexported,
            rust: schema.rust,
            root: schema.root,
            ast_name: schema.ast_name.as_ref().map(|name| name.name.clone()),
            mapping,
            output_dir,
            regenerate,
            targets,
            walk_keywords,
            walk_comments,
            walk_outside_span,
            walk_errors,
        };
        let sections = sections::Sections {
            lazy_spans,
            targets_written,
            ast_name: schema.ast_name,
            producer: schema.producer_location,
        };
        sections.check(&config, file, &mut diagnostics);
        Diagnostics(diagnostics).into_result(config)
    }

    /// Each `[walk]` key written, with where (the first entry of a list or table).
    pub(super) fn walk_keys(&self) -> Vec<(&'static str, &Location)> {
        let keywords = self.walk_keywords.first().map(|k| ("keywords", &k.node_type.location));
        let comments = self.walk_comments.as_ref().map(|c| ("comments", &c.location));
        let outside_span = self.walk_outside_span.first().map(|f| ("outside_span", &f.location));
        let errors = self.walk_errors.as_ref().map(|e| ("errors", &e.location));
        [keywords, comments, outside_span, errors].into_iter().flatten().collect()
    }
}

/// Checks `[output]`: where outputs go, and the command their headers name.
fn check_output(raw: RawOutput, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> (ConfigPath, String) {
    let dir = checked_path(&raw.dir, "output directory", file, diagnostics);
    let regenerate = match raw.regenerate {
        Some(command) if command.get_ref().trim().is_empty() || command.get_ref().contains(['\n', '`']) => {
            diagnostics.push(error_at(
                file,
                command.span(),
                "`output.regenerate` must be one line of shell command, without backquotes",
                "such as \"cargo xtask codegen\"; generated headers quote it",
            ));
            DEFAULT_REGENERATE.to_owned()
        }
        Some(command) => command.into_inner(),
        None => DEFAULT_REGENERATE.to_owned(),
    };
    (dir, regenerate)
}

/// An error at `span` of the configuration file, with help.
fn error_at(file: &SourceFile, span: Range<usize>, message: impl Into<String>, help: impl Into<String>) -> Diagnostic {
    Diagnostic::new(message).at(Location::from_byte_range(&file.path, &file.text, span)).with_help(help)
}

/// A path relative to `codegen.toml`, as written; an error (naming it as `what`) where it cannot be
/// used.
fn checked_path(
    value: &Spanned<String>,
    what: &str,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> ConfigPath {
    let path = value.get_ref();
    if let Some(problem) = path_problem(path) {
        diagnostics.push(error_at(
            file,
            value.span(),
            format!("{what} `{path}` {problem}"),
            "write paths relative to codegen.toml, with `/` separators",
        ));
    }
    ConfigPath { path: path.clone(), location: Location::from_byte_range(&file.path, &file.text, value.span()) }
}

/// Why a configured path cannot be used, if it cannot. Paths must stay inside the project so that
/// output never depends on where the checkout lives.
fn path_problem(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        Some("is empty")
    } else if path.starts_with('/') || path.contains(':') || path.contains('\\') {
        Some("is not a relative path with `/` separators")
    } else if path.split('/').any(|part| part == ".." || part.is_empty() || part == ".") {
        Some("must not contain `..`, `.` or empty parts")
    } else {
        None
    }
}
