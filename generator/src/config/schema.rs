//! `[schema]`: which files hold the schema (local ones, and `[schema.crates]` files of crates Cargo
//! fetches), the dialect they are written in, and the Rust paths generated code names them by.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::{ConfigName, ConfigPath, CrateFile, checked_path, error_at, path_problem};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;
use crate::ir::Dialect;

/// The type at the root of oxc-parser's buffers, where the oxc dialect's targets start, as `root`
/// names the rawast dialect's (described in the schema: it lives in oxc's napi crate, which is not
/// published). It holds the `Program` at the root of Oxlint's.
pub const OXC_ROOT: &str = "RawTransferData";

#[derive(Debug, Clone, PartialEq)]
pub struct RustPaths {
    /// The module of the test producer runtime (`FromEstree`, `Context`), such as `crate::producer`;
    /// when set, codegen emits `rust/from_estree.rs`, the schema's ESTree JSON → Rust conversions.
    pub producer_module: Option<String>,
    /// The module that defines (or re-exports) every AST type, such as `crate::ast`.
    pub ast_module: String,
    /// The module of the arena primitives `Box`, `Vec`, `Str` and `Span`.
    pub arena_module: String,
    /// The `rawast-runtime` crate (`rawast_runtime`, or a re-export of it); when set, `constants.rs`
    /// defines `BUFFER_FORMAT` for `rawast_runtime::build` and checks that both agree on the format.
    pub runtime_module: Option<String>,
}

/// `[schema]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSchema {
    #[serde(default)]
    files: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    crates: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    cargo_manifest: Option<Spanned<String>>,
    #[serde(default)]
    dialect: Option<Spanned<String>>,
    ast_module: Spanned<String>,
    arena_module: Option<Spanned<String>>,
    runtime_module: Option<Spanned<String>>,
    producer_module: Option<Spanned<String>>,
    #[serde(default)]
    unexported: Vec<Spanned<String>>,
    root: Option<Spanned<String>>,
    ast_name: Option<Spanned<String>>,
}

/// `[schema]`, checked: the parts of `Config` it holds.
pub(super) struct SchemaSection {
    pub schema_files: Vec<ConfigPath>,
    pub crate_files: Vec<CrateFile>,
    pub cargo_manifest: Option<ConfigPath>,
    /// `None` when the dialect named is unknown (reported): targets are then not checked against it.
    pub dialect: Option<Dialect>,
    pub unexported: Vec<ConfigName>,
    pub rust: RustPaths,
    pub root: Option<ConfigName>,
    pub ast_name: Option<ConfigName>,
    /// Where `producer_module` is written, if it is.
    pub producer_location: Option<Location>,
}

/// Checks `[schema]`: paths stay inside the project, each file is listed once, modules are Rust
/// paths, and what the other keys need is there.
pub(super) fn check(raw: RawSchema, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> SchemaSection {
    let no_files: Vec<Spanned<String>> = Vec::new();
    let listed = raw.files.as_ref().map_or(&no_files, Spanned::get_ref);
    if listed.is_empty() && raw.crates.values().all(|files| files.get_ref().is_empty()) {
        let span = raw.files.as_ref().map_or(0..0, Spanned::span);
        diagnostics.push(error_at(
            file,
            span,
            "`schema.files` is empty",
            "list the Rust files that define the #[ast] types (or, under [schema.crates], files of crates Cargo fetches)",
        ));
    }
    let dialect = dialect(raw.dialect.as_ref(), file, diagnostics);
    let crate_files = crate_files(&raw.crates, file, diagnostics);
    let cargo_manifest = cargo_manifest(&raw, file, diagnostics);
    let schema_files = schema_files(listed, file, diagnostics);
    check_modules(&raw, file, diagnostics);
    let arena_module = arena_module(&raw, dialect, file, diagnostics);
    match dialect {
        Some(Dialect::Oxc) => oxc_keys(&raw, file, diagnostics),
        Some(Dialect::Rawast) => rawast_keys(&raw, file, diagnostics),
        None => {}
    }
    let location = |span: Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let name = |value: Spanned<String>| ConfigName { location: location(value.span()), name: value.into_inner() };
    let producer_location = raw.producer_module.as_ref().map(|p| location(p.span()));
    SchemaSection {
        schema_files,
        crate_files,
        cargo_manifest,
        dialect,
        unexported: raw.unexported.into_iter().map(name).collect(),
        rust: RustPaths {
            ast_module: raw.ast_module.into_inner(),
            arena_module,
            runtime_module: raw.runtime_module.map(Spanned::into_inner),
            producer_module: raw.producer_module.map(Spanned::into_inner),
        },
        producer_location,
        root: raw.root.map(name),
        ast_name: raw.ast_name.map(name),
    }
}

/// The dialect `dialect` names, rawast's where it is not written; `None`, with an error, where it
/// names none.
fn dialect(name: Option<&Spanned<String>>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Option<Dialect> {
    let Some(name) = name else { return Some(Dialect::Rawast) };
    let dialect = Dialect::ALL.into_iter().find(|d| d.as_str() == name.get_ref());
    if dialect.is_none() {
        let known: Vec<String> = Dialect::ALL.iter().map(|d| format!("\"{}\"", d.as_str())).collect();
        diagnostics.push(error_at(
            file,
            name.span(),
            format!("unknown schema dialect `{}`", name.get_ref()),
            format!("dialects: {}", known.join(", ")),
        ));
    }
    dialect
}

/// The files `[schema.crates]` lists, each once; a crate without files, a path that cannot be used
/// and a file listed twice are errors.
fn crate_files(
    crates: &BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<CrateFile> {
    let mut crate_files: Vec<CrateFile> = Vec::new();
    for (krate, files) in crates {
        if files.get_ref().is_empty() {
            diagnostics.push(error_at(
                file,
                files.span(),
                format!("[schema.crates] lists no file of crate `{krate}`"),
                "list the crate's files that define #[ast] types, relative to its root, or leave the crate out",
            ));
        }
        for entry in files.get_ref() {
            let path = entry.get_ref();
            if let Some(problem) = path_problem(path) {
                diagnostics.push(error_at(
                    file,
                    entry.span(),
                    format!("schema file `{path}` of crate `{krate}` {problem}"),
                    "write paths relative to the crate's root, with `/` separators",
                ));
            } else if crate_files.iter().any(|f| &f.krate == krate && &f.path == path) {
                diagnostics.push(error_at(
                    file,
                    entry.span(),
                    format!("schema file `{path}` of crate `{krate}` is listed twice"),
                    "list each schema file once",
                ));
            } else {
                let location = Location::from_byte_range(&file.path, &file.text, entry.span());
                crate_files.push(CrateFile { krate: krate.clone(), path: path.clone(), location });
            }
        }
    }
    crate_files
}

/// `cargo_manifest`: a path, written exactly where `[schema.crates]` names crates to find through it.
fn cargo_manifest(raw: &RawSchema, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Option<ConfigPath> {
    let cargo_manifest = raw.cargo_manifest.as_ref().map(|m| checked_path(m, "cargo_manifest", file, diagnostics));
    if cargo_manifest.is_none()
        && let Some((krate, files)) = raw.crates.iter().next()
    {
        diagnostics.push(error_at(
            file,
            files.span(),
            format!("[schema.crates] names `{krate}`, but [schema] has no `cargo_manifest` to find it through"),
            "add `cargo_manifest = \"Cargo.toml\"`: the manifest whose dependencies (pinned by its Cargo.lock) include these crates",
        ));
    }
    if let Some(manifest) = &raw.cargo_manifest
        && raw.crates.is_empty()
    {
        diagnostics.push(error_at(
            file,
            manifest.span(),
            "`cargo_manifest` does nothing without [schema.crates]",
            "it is where codegen finds the crates that [schema.crates] names: name their schema files there, or leave `cargo_manifest` out",
        ));
    }
    cargo_manifest
}

/// The files `[schema] files` lists, each once; a path that cannot be used and a file listed twice
/// are errors.
fn schema_files(listed: &[Spanned<String>], file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Vec<ConfigPath> {
    let mut schema_files: Vec<ConfigPath> = Vec::new();
    for entry in listed {
        let path = entry.get_ref();
        if let Some(problem) = path_problem(path) {
            diagnostics.push(error_at(
                file,
                entry.span(),
                format!("schema file `{path}` {problem}"),
                "write paths relative to codegen.toml, with `/` separators",
            ));
        } else if schema_files.iter().any(|f| &f.path == path) {
            diagnostics.push(error_at(
                file,
                entry.span(),
                format!("schema file `{path}` is listed twice"),
                "list each schema file once",
            ));
        } else {
            let location = Location::from_byte_range(&file.path, &file.text, entry.span());
            schema_files.push(ConfigPath { path: path.clone(), location });
        }
    }
    schema_files
}

/// The modules `[schema]` names are Rust paths.
fn check_modules(raw: &RawSchema, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    let modules =
        [&raw.ast_module].into_iter().chain(&raw.arena_module).chain(&raw.runtime_module).chain(&raw.producer_module);
    for module in modules {
        if syn::parse_str::<syn::Path>(module.get_ref()).is_err() {
            diagnostics.push(error_at(
                file,
                module.span(),
                format!("`{}` is not a Rust path", module.get_ref()),
                "write a module path such as `crate::ast`",
            ));
        }
    }
}

/// The module of the arena types: `arena_module`, else the runtime crate, which defines them; an
/// error (and an empty path) where neither is written.
fn arena_module(
    raw: &RawSchema,
    dialect: Option<Dialect>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> String {
    match (&raw.arena_module, &raw.runtime_module) {
        (Some(arena), _) => arena.get_ref().clone(),
        (None, Some(runtime)) => runtime.get_ref().clone(),
        (None, None) => {
            let help = match dialect {
                Some(Dialect::Oxc) => {
                    "add `arena_module`: the module where your crate gathers the arena types of the schema's crates"
                }
                _ => {
                    "add `runtime_module = \"rawast_runtime\"` (the rawast-runtime crate, which defines them), or `arena_module` for types of your own"
                }
            };
            diagnostics.push(error_at(
                file,
                raw.ast_module.span(),
                "[schema] names no module for the arena types `Box`, `Vec`, `Str` and `Span`",
                help,
            ));
            String::new()
        }
    }
}

/// The keys of `[schema]` that go together in the rawast dialect: the producer starts from `root`,
/// and `unexported` has no use there.
fn rawast_keys(raw: &RawSchema, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(producer) = &raw.producer_module
        && raw.root.is_none()
    {
        diagnostics.push(error_at(
            file,
            producer.span(),
            "the producer needs `schema.root`: the node type it starts from",
            "add `root = \"Program\"` to [schema]",
        ));
    }
    if let Some(first) = raw.unexported.first() {
        diagnostics.push(error_at(
            file,
            first.span(),
            "`unexported` does nothing in the rawast dialect",
            "the layout checks of a rawast schema are compiled inside its own crate, where every type can be named: leave `unexported` out",
        ));
    }
}

/// The keys of `[schema]` that the oxc dialect has no use for: its targets start at the root of
/// the buffers their producer writes, which are not rawast's, their packages describe oxc's
/// output, and no test producer is made for it.
fn oxc_keys(raw: &RawSchema, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(root) = &raw.root {
        diagnostics.push(error_at(
            file,
            root.span(),
            "`root` is not a key of a schema in the oxc dialect",
            "its targets start at the root of the buffers their producer writes: oxc-parser's `RawTransferData` (Oxlint's `Program`, for `linter = true`); leave `root` out",
        ));
    }
    if let Some(runtime) = &raw.runtime_module {
        diagnostics.push(error_at(
            file,
            runtime.span(),
            "`runtime_module` is not a key of a schema in the oxc dialect",
            "rawast-runtime builds rawast's buffers, and a schema in the oxc dialect is read from its parser's own: name the module of the arena types `Box` and `Vec` with `arena_module`",
        ));
    }
    if let Some(name) = &raw.ast_name {
        diagnostics.push(error_at(
            file,
            name.span(),
            "`ast_name` is not a key of a schema in the oxc dialect",
            "the README of an oxc target's package names the AST as oxc's ESTree output, of the producer whose buffers it reads: leave `ast_name` out",
        ));
    }
    if let Some(producer) = &raw.producer_module {
        diagnostics.push(error_at(
            file,
            producer.span(),
            "`producer_module` is not a key of a schema in the oxc dialect",
            "the test producer writes rawast's buffers; a schema in the oxc dialect is read from its parser's own: leave `producer_module` out",
        ));
    }
}
