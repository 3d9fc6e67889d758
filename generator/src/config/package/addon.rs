//! `[targets.X.package.addon]` and `[targets.X.package.wasm]`: the parser a target's package runs,
//! as a Node.js addon or a WebAssembly module. The user's parser crate exports a builder,
//! `fn<'a>(&Allocator<'a>, Source<'a>) -> Result<*const u8, E>` (the one `rawast_runtime::build` and
//! `build_into` call); codegen writes a crate around it (`napi/<target>/`, a napi-rs addon, or
//! `wasm/<target>/`, a wasm32 module) and the package's `index.js`, whose `parse(source)` returns
//! the tree.

use serde::Deserialize;
use toml::Spanned;

use crate::config::{ConfigPath, checked_path, error_at};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;

/// How a package's parser runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddonKind {
    /// A Node.js addon, through napi-rs: `<name>.<platform>.node`, 64-bit buffers.
    Napi,
    /// A WebAssembly module (wasm32) that writes into its own memory, read in place: `<name>.wasm`,
    /// 32-bit buffers, for browsers and any runtime with WebAssembly.
    Wasm,
}

impl AddonKind {
    /// The table that configures it, under `[targets.X.package]`.
    pub fn table(self) -> &'static str {
        match self {
            AddonKind::Napi => "addon",
            AddonKind::Wasm => "wasm",
        }
    }

    /// The directory of its crates in the output directory (`napi/<target>/`, `wasm/<target>/`).
    pub fn crate_dir(self) -> &'static str {
        match self {
            AddonKind::Napi => "napi",
            AddonKind::Wasm => "wasm",
        }
    }
}

/// A package's parser: a native addon or a wasm module.
#[derive(Debug, Clone, PartialEq)]
pub struct Addon {
    pub kind: AddonKind,
    /// The parser crate's directory, relative to `codegen.toml`; `None`: the directory of
    /// `codegen.toml` itself.
    pub parser_crate: Option<ConfigPath>,
    /// The Rust path of the parser's builder, such as `my_parser::build_program`.
    pub build: String,
    /// The Rust path of the `BufferFormat` constant codegen wrote into the parser crate, such as
    /// `my_parser::constants::BUFFER_FORMAT`.
    pub buffer_format: String,
    /// The addon's file stem, as napi-rs names it: `<name>.linux-x64-gnu.node` (a wasm module's:
    /// `<name>.wasm`). Also the library name of the generated crate, so a Rust identifier.
    pub name: String,
    /// Rust files of the user's compiled into the addon as modules, their `#[napi]` functions
    /// exported beside the generated ones.
    pub modules: Vec<AddonModule>,
    /// Where the table is, for notes about it.
    pub location: Location,
}

/// A Rust file of the user's in the addon crate: `mod <name>;` at its root.
#[derive(Debug, Clone, PartialEq)]
pub struct AddonModule {
    /// The file's stem.
    pub name: String,
    pub path: ConfigPath,
}

impl Addon {
    /// The built addon's file name in the package: `<name>.<platform>.node`, as napi-rs names
    /// addons (`platform` as napi-rs names one, or a placeholder such as `*`), or `<name>.wasm`,
    /// whatever `platform` (a wasm module runs on all).
    pub fn built_file(&self, platform: &str) -> String {
        match self.kind {
            AddonKind::Napi => format!("{}.{platform}.node", self.name),
            AddonKind::Wasm => format!("{}.wasm", self.name),
        }
    }

    /// Whether `file` is a name `built_file` gives, for some platform.
    pub fn is_built_file(&self, file: &str) -> bool {
        match self.kind {
            AddonKind::Napi => file
                .strip_prefix(&self.name)
                .and_then(|rest| rest.strip_prefix('.'))
                .and_then(|rest| rest.strip_suffix(".node"))
                .is_some_and(|platform| !platform.is_empty() && !platform.contains('/')),
            AddonKind::Wasm => file == self.built_file(""),
        }
    }

    /// The parser crate's `Cargo.toml`, relative to `codegen.toml`: codegen reads the package's name there.
    pub fn parser_manifest(&self) -> ConfigPath {
        match &self.parser_crate {
            Some(dir) => ConfigPath { path: format!("{}/Cargo.toml", dir.path), location: dir.location.clone() },
            None => ConfigPath { path: "Cargo.toml".to_owned(), location: self.location.clone() },
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAddon {
    #[serde(rename = "crate")]
    parser_crate: Option<Spanned<String>>,
    build: Spanned<String>,
    buffer_format: Spanned<String>,
    name: Option<Spanned<String>>,
    #[serde(default)]
    modules: Vec<Spanned<String>>,
}

/// Checks an addon table of the package named `package_name`; `None` (with diagnostics pushed)
/// when a value is unusable. `producer` is an oxc target's producer, whose packages take no addon.
pub(super) fn check(
    raw: Spanned<RawAddon>,
    kind: AddonKind,
    package_name: &str,
    producer: Option<&str>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Addon> {
    let table = raw.span();
    let raw = raw.into_inner();
    let before = diagnostics.len();
    if let Some(producer) = producer {
        diagnostics.push(error_at(
            file,
            table.clone(),
            format!("an oxc target's package takes no `{}` table", kind.table()),
            format!("its buffers come from {producer}, which hands them to JS itself; an addon or a wasm module is for a parser of your own that writes rawast buffers"),
        ));
    }
    let parser_crate = raw.parser_crate.as_ref().map(|dir| checked_path(dir, "parser crate", file, diagnostics));
    for (value, what, example) in [
        (&raw.build, "build", "my_parser::build_program"),
        (&raw.buffer_format, "buffer_format", "my_parser::constants::BUFFER_FORMAT"),
    ] {
        if syn::parse_str::<syn::Path>(value.get_ref()).is_err() {
            diagnostics.push(error_at(
                file,
                value.span(),
                format!("addon {what} `{}` is not a Rust path", value.get_ref()),
                format!("write the path the addon crate names it by, starting with your crate's name: \"{example}\""),
            ));
        }
    }
    let name = match &raw.name {
        Some(name) => {
            if !is_addon_name(name.get_ref()) {
                diagnostics.push(error_at(
                    file,
                    name.span(),
                    format!("addon name `{}` is not one a library can have", name.get_ref()),
                    "lowercase letters, digits and `_`, starting with a letter: it names the `.node` file and the addon crate's library",
                ));
            }
            name.get_ref().clone()
        }
        None => default_name(package_name),
    };
    let modules = check_modules(&raw.modules, file, diagnostics);
    if diagnostics.len() > before {
        return None;
    }
    Some(Addon {
        kind,
        parser_crate,
        build: raw.build.into_inner(),
        buffer_format: raw.buffer_format.into_inner(),
        name,
        modules,
        location: Location::from_byte_range(&file.path, &file.text, table),
    })
}

/// The user's modules of the addon: each a Rust file whose name is a module's, none `addon` (the
/// generated module's), no two of one name.
fn check_modules(raw: &[Spanned<String>], file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Vec<AddonModule> {
    let mut modules: Vec<AddonModule> = Vec::new();
    for module in raw {
        let path = checked_path(module, "addon module", file, diagnostics);
        let name = module.get_ref().rsplit('/').next().unwrap_or_default().strip_suffix(".rs").unwrap_or_default();
        let problem = if !is_addon_name(name) {
            Some("is not a Rust file whose name is a module's (lowercase letters, digits and `_`, ending in `.rs`)")
        } else if name == "addon" {
            Some("has the name of the addon's generated module, `addon`")
        } else if modules.iter().any(|m| m.name == name) {
            Some("has the name of another of the addon's modules")
        } else {
            None
        };
        if let Some(problem) = problem {
            diagnostics.push(error_at(
                file,
                module.span(),
                format!("addon module `{}` {problem}", module.get_ref()),
                "each file becomes `mod <file name>;` in the addon crate: rename the file",
            ));
        }
        modules.push(AddonModule { name: name.to_owned(), path });
    }
    modules
}

/// The addon's name when the table gives none: the package name without its scope, as a Rust
/// identifier (`@acme/json-parser` → `json_parser`).
fn default_name(package_name: &str) -> String {
    let bare = package_name.rsplit('/').next().unwrap_or(package_name);
    let name: String = bare.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if name.starts_with(|c: char| c.is_ascii_lowercase()) { name } else { format!("addon_{name}") }
}

fn is_addon_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::{Addon, AddonKind, default_name};
    use crate::diagnostic::Location;

    fn addon(kind: AddonKind) -> Addon {
        Addon {
            kind,
            parser_crate: None,
            build: "p::build".to_owned(),
            buffer_format: "p::FORMAT".to_owned(),
            name: "jsonc".to_owned(),
            modules: Vec::new(),
            location: Location::from_line_columns("codegen.toml", "[addon]", 1, 0, None),
        }
    }

    #[test]
    fn built_files_are_named_as_napi_rs_names_them_and_recognized_so() {
        let napi = addon(AddonKind::Napi);
        assert_eq!(napi.built_file("linux-x64-gnu"), "jsonc.linux-x64-gnu.node");
        assert_eq!(napi.built_file("*"), "jsonc.*.node");
        for file in ["jsonc.linux-x64-gnu.node", "jsonc.darwin-arm64.node", "jsonc.win32-x64-msvc.node"] {
            assert!(napi.is_built_file(file), "{file}");
        }
        for file in
            ["jsonc.node", "jsonc_web.linux.node", "other.linux.node", "jsonc.a/b.node", "jsonc.d.ts", "jsonc.wasm"]
        {
            assert!(!napi.is_built_file(file), "{file}");
        }
        let wasm = addon(AddonKind::Wasm);
        assert_eq!(wasm.built_file("<platform>"), "jsonc.wasm");
        assert!(wasm.is_built_file("jsonc.wasm"));
        for file in ["jsonc.linux.wasm", "jsonc.linux-x64-gnu.node", "jsonc_web.wasm"] {
            assert!(!wasm.is_built_file(file), "{file}");
        }
    }

    #[test]
    fn default_names_are_rust_identifiers() {
        assert_eq!(default_name("@rawast-examples/jsonc"), "jsonc");
        assert_eq!(default_name("@acme/json-parser"), "json_parser");
        assert_eq!(default_name("graphql.js"), "graphql_js");
        assert_eq!(default_name("3d-ast"), "addon_3d_ast");
    }
}
