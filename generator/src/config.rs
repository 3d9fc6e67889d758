//! `codegen.toml`: what to generate. Parsed into a `Config`; every problem is a spanned `Diagnostic`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

mod mapping;
mod package;

use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::Dialect;
use crate::layout::PointerWidth;
pub use mapping::{Mapping, PropertyCase, SpanStyle, SpanUnit};
pub use package::{Fingerprint, Package, Smoke};

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
}

/// A type or field name from the configuration, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigName {
    pub name: String,
    pub location: Location,
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

/// One generated deserializer and its buffer layout.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: String,
    pub source_placement: SourcePlacement,
    pub runtime: Runtime,
    /// The producer's pointer width: 32 for wasm32 producers, whose buffers use the 32-bit layouts.
    pub pointer_width: PointerWidth,
    pub strings: StringPolicy,
    /// `[targets.X.package]`: the npm package codegen makes of the deserializer, if any.
    pub package: Option<Package>,
    /// Emit node classes whose getters deserialize on first access, instead of plain objects.
    pub lazy: bool,
    /// How `u64` and `i64` values become JS values.
    pub int64: Int64,
    /// Whose buffers the target reads: rawast's format, or a producer's own (oxc-parser's).
    pub format: BufferFormat,
}

/// The buffer format a target reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BufferFormat {
    /// rawast's: the header, metadata and layouts that rawast's producers write.
    Rawast,
    /// oxc-parser's raw transfer buffers (oxc dialect only), with oxc's ESTree output for JS or
    /// TypeScript, with or without `range` arrays.
    Oxc { typescript: bool, range: bool, source_text: SourceText },
}

/// Where an oxc target takes the text of names, `raw` values and comments from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceText {
    /// As oxc's own deserializer: slices of the `sourceText` argument (`raw` values and comments
    /// always, names when the text is ASCII): a text other than the one parsed gives other strings.
    #[default]
    Argument,
    /// Every string from the buffer alone (the source decoded from its bytes once per call): the
    /// argument is only checked for a length the source's bytes can have.
    Buffer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum RawBufferFormat {
    Rawast,
    Oxc,
}

impl Target {
    /// The directory of its deserializer in the output directory: its npm package's, `npm/<name>`,
    /// when it has one, else `js/<name>`.
    pub fn module_dir(&self) -> String {
        let kind = if self.package.is_some() { "npm" } else { "js" };
        format!("{kind}/{}", self.name)
    }
}

/// How a target turns 64-bit integers into JS values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Int64 {
    /// A `number`; a value past `Number.MAX_SAFE_INTEGER` (2^53 - 1) is an `Error`, never rounded.
    Number,
    /// A `bigint`, exact.
    BigInt,
}

/// Where the deserializer runs, which decides the APIs it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Runtime {
    /// Node.js: `Buffer` is there.
    Node,
    /// Browsers, Deno, Bun, workers: standard APIs only (`TextDecoder`, typed arrays).
    Web,
}

/// How the deserializer turns `Str`s into JS strings: data in `codegen.toml` (`[targets.X.strings]`),
/// chosen by measurement (`shared/PERF.md`), each choice emitting different code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StringPolicy {
    pub source_slicing: SourceSlicing,
    pub short_decoder: ShortDecoder,
    /// Strings of at most this many bytes go through `short_decoder` while they are ASCII.
    pub short_max_len: u32,
    pub long_decoder: LongDecoder,
}

/// `[targets.X.strings]` as written; missing keys take `StringPolicy::default()`'s values.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStringPolicy {
    source_slicing: Option<SourceSlicing>,
    short_decoder: Option<ShortDecoder>,
    short_max_len: Option<Spanned<u32>>,
    long_decoder: Option<Spanned<LongDecoder>>,
}

/// Which strings are sliced out of the already decoded source instead of decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceSlicing {
    /// Never: every string is decoded from its bytes.
    None,
    /// Strings in the source's ASCII prefix (up to its first non-ASCII byte).
    AsciiPrefix,
    /// Also ASCII strings past the prefix, from a latin1-decoded copy of the source.
    Latin1,
}

/// How short ASCII strings are decoded in JS (falling back to `long_decoder` on a non-ASCII byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortDecoder {
    /// `String.fromCharCode` byte by byte, concatenated.
    Loop,
    /// `String.fromCharCode.apply` on a reused array per length.
    Apply,
    /// An unrolled `switch (len)` calling `String.fromCharCode(b0, b1, …)`.
    Switch,
}

/// How other strings are decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LongDecoder {
    /// Node's `Buffer.prototype.utf8Slice`.
    Utf8Slice,
    /// `TextDecoder#decode`, everywhere.
    TextDecoder,
}

impl SourceSlicing {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceSlicing::None => "none",
            SourceSlicing::AsciiPrefix => "ascii_prefix",
            SourceSlicing::Latin1 => "latin1",
        }
    }
}

impl ShortDecoder {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ShortDecoder::Loop => "loop",
            ShortDecoder::Apply => "apply",
            ShortDecoder::Switch => "switch",
        }
    }
}

impl LongDecoder {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LongDecoder::Utf8Slice => "utf8_slice",
            LongDecoder::TextDecoder => "text_decoder",
        }
    }
}

impl StringPolicy {
    /// The longest `short_max_len` the unrolled switch supports (PERF.md: it beats `utf8Slice` up to 32).
    pub const SWITCH_MAX_LEN: u32 = 32;
    /// The longest `short_max_len` for the other short decoders.
    pub const SHORT_MAX_LEN: u32 = 64;

}

impl Default for StringPolicy {
    fn default() -> Self {
        Self { source_slicing: SourceSlicing::Latin1, short_decoder: ShortDecoder::Loop, short_max_len: 16, long_decoder: LongDecoder::TextDecoder }
    }
}

/// Where the source text sits in the buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourcePlacement {
    /// Parser layout: `[source][arena][metadata]`. The source is written first, then parsed in place.
    Start,
    /// Linter layout: `[arena][source][metadata]`.
    End,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    schema: RawSchema,
    #[serde(default)]
    mapping: mapping::RawMapping,
    output: RawOutput,
    #[serde(default)]
    targets: BTreeMap<String, Spanned<RawTarget>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSchema {
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
    ast_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOutput {
    dir: Spanned<String>,
    regenerate: Option<Spanned<String>>,
}

/// Keys of `[schema]` that moved to `[mapping]`, with where they went.
const MOVED_KEYS: &[(&str, &str)] = &[
    ("span_unit", "`span_unit` moved to [mapping]"),
    ("comments", "`comments = \"comments\"` became `channels = [\"comments\"]` in [mapping]"),
];

/// What the headers of generated files tell a reader to run, unless `[output] regenerate` says.
pub const DEFAULT_REGENERATE: &str = "rawast codegen";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    #[serde(default)]
    source_placement: Option<Spanned<SourcePlacement>>,
    #[serde(default)]
    format: Option<Spanned<RawBufferFormat>>,
    #[serde(default)]
    typescript: Option<Spanned<bool>>,
    #[serde(default)]
    range: Option<Spanned<bool>>,
    #[serde(default)]
    source_text: Option<Spanned<SourceText>>,
    #[serde(default)]
    runtime: Option<Runtime>,
    #[serde(default)]
    pointer_width: Option<Spanned<u32>>,
    #[serde(default)]
    strings: Option<RawStringPolicy>,
    #[serde(default)]
    package: Option<Spanned<package::RawPackage>>,
    lazy: Option<Spanned<bool>>,
    int64: Option<Int64>,
}

impl Config {
    /// How the schema names each of its files: the local ones' paths, then `crate/path` for each
    /// crate file.
    pub fn schema_file_names(&self) -> Vec<String> {
        self.schema_files.iter().map(|f| f.path.clone()).chain(self.crate_files.iter().map(CrateFile::name)).collect()
    }

    /// Every file the generator reads from the configuration's directory: the schema files, then
    /// the packages' license texts (crate files come from Cargo: `crate_files`).
    pub fn input_files(&self) -> Vec<&ConfigPath> {
        let licenses = self.targets.iter().filter_map(|t| t.package.as_ref()?.license_file.as_ref());
        let mut files: Vec<&ConfigPath> = self.schema_files.iter().collect();
        for license in licenses {
            if !files.iter().any(|f| f.path == license.path) {
                files.push(license);
            }
        }
        files
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
                if let Some((_, help)) = MOVED_KEYS.iter().find(|(key, _)| error.message().starts_with(&format!("unknown field `{key}`"))) {
                    diagnostic = diagnostic.with_help(*help);
                }
                return Err(Diagnostics(vec![diagnostic]));
            }
        };
        let mut diagnostics = Diagnostics::default();
        let mut error = |span: std::ops::Range<usize>, message: String, help: &str| {
            diagnostics.push(Diagnostic::new(message).at(Location::from_byte_range(&file.path, &file.text, span)).with_help(help));
        };

        let no_files: Vec<Spanned<String>> = Vec::new();
        let listed = raw.schema.files.as_ref().map_or(&no_files, Spanned::get_ref);
        if listed.is_empty() && raw.schema.crates.values().all(|files| files.get_ref().is_empty()) {
            let span = raw.schema.files.as_ref().map_or(0..0, Spanned::span);
            error(span, "`schema.files` is empty".to_owned(), "list the Rust files that define the #[ast] types (or, under [schema.crates], files of crates Cargo fetches)");
        }
        let dialect = match &raw.schema.dialect {
            None => Dialect::Rawast,
            Some(name) => match Dialect::ALL.into_iter().find(|d| d.as_str() == name.get_ref()) {
                Some(dialect) => dialect,
                None => {
                    let known: Vec<String> = Dialect::ALL.iter().map(|d| format!("\"{}\"", d.as_str())).collect();
                    error(name.span(), format!("unknown schema dialect `{}`", name.get_ref()), &format!("dialects: {}", known.join(", ")));
                    Dialect::Rawast
                }
            },
        };
        let mut crate_files: Vec<CrateFile> = Vec::new();
        for (krate, files) in &raw.schema.crates {
            for entry in files.get_ref() {
                let path = entry.get_ref();
                let location = Location::from_byte_range(&file.path, &file.text, entry.span());
                if let Some(problem) = path_problem(path) {
                    error(entry.span(), format!("schema file `{path}` of crate `{krate}` {problem}"), "write paths relative to the crate's root, with `/` separators");
                } else if crate_files.iter().any(|f| &f.krate == krate && &f.path == path) {
                    error(entry.span(), format!("schema file `{path}` of crate `{krate}` is listed twice"), "list each schema file once");
                } else {
                    crate_files.push(CrateFile { krate: krate.clone(), path: path.clone(), location });
                }
            }
        }
        let cargo_manifest = raw.schema.cargo_manifest.as_ref().map(|m| ConfigPath { path: m.get_ref().clone(), location: Location::from_byte_range(&file.path, &file.text, m.span()) });
        if let Some(manifest) = &raw.schema.cargo_manifest
            && let Some(problem) = path_problem(manifest.get_ref())
        {
            error(manifest.span(), format!("cargo_manifest `{}` {problem}", manifest.get_ref()), "write paths relative to codegen.toml, with `/` separators");
        }
        if cargo_manifest.is_none()
            && let Some((krate, files)) = raw.schema.crates.iter().next()
        {
            error(files.span(), format!("[schema.crates] names `{krate}`, but [schema] has no `cargo_manifest` to find it through"), "add `cargo_manifest = \"Cargo.toml\"`: the manifest whose dependencies (pinned by its Cargo.lock) include these crates");
        }
        let mut schema_files: Vec<ConfigPath> = Vec::new();
        for entry in listed {
            let path = entry.get_ref();
            if let Some(problem) = path_problem(path) {
                error(entry.span(), format!("schema file `{path}` {problem}"), "write paths relative to codegen.toml, with `/` separators");
            } else if schema_files.iter().any(|f| &f.path == path) {
                error(entry.span(), format!("schema file `{path}` is listed twice"), "list each schema file once");
            } else {
                let location = Location::from_byte_range(&file.path, &file.text, entry.span());
                schema_files.push(ConfigPath { path: path.clone(), location });
            }
        }
        let modules = [&raw.schema.ast_module].into_iter().chain(&raw.schema.arena_module).chain(&raw.schema.runtime_module).chain(&raw.schema.producer_module);
        for module in modules {
            if syn::parse_str::<syn::Path>(module.get_ref()).is_err() {
                error(module.span(), format!("`{}` is not a Rust path", module.get_ref()), "write a module path such as `crate::ast`");
            }
        }
        // The runtime crate defines the arena types, so naming it is enough.
        let arena_module = match (&raw.schema.arena_module, &raw.schema.runtime_module) {
            (Some(arena), _) => arena.get_ref().clone(),
            (None, Some(runtime)) => runtime.get_ref().clone(),
            (None, None) => {
                error(raw.schema.ast_module.span(), "[schema] names no module for the arena types `Box`, `Vec`, `Str` and `Span`".to_owned(), "add `runtime_module = \"rawast_runtime\"` (the rawast-runtime crate, which defines them), or `arena_module` for types of your own");
                String::new()
            }
        };
        let output_dir = raw.output.dir.get_ref().clone();
        if let Some(problem) = path_problem(&output_dir) {
            error(raw.output.dir.span(), format!("output directory `{output_dir}` {problem}"), "write paths relative to codegen.toml, with `/` separators");
        }
        let output_dir = ConfigPath { path: output_dir, location: Location::from_byte_range(&file.path, &file.text, raw.output.dir.span()) };
        let regenerate = match raw.output.regenerate {
            Some(command) if command.get_ref().trim().is_empty() || command.get_ref().contains(['\n', '`']) => {
                error(command.span(), "`output.regenerate` must be one line of shell command, without backquotes".to_owned(), "such as \"cargo xtask codegen\"; generated headers quote it");
                DEFAULT_REGENERATE.to_owned()
            }
            Some(command) => command.into_inner(),
            None => DEFAULT_REGENERATE.to_owned(),
        };
        let mut targets = Vec::new();
        let mut package_diagnostics = Vec::new();
        // Where `lazy = true` is written: it needs a discriminator, which [mapping] (read later) sets.
        let mut lazy_spans = Vec::new();
        for (name, target) in raw.targets {
            let valid = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !valid {
                error(target.span(), format!("target name `{name}` is not valid"), "target names are lowercase letters, digits and `-`, starting with a letter: they name files and npm packages");
            }
            let target_span = target.span();
            let target = target.into_inner();
            let format = match target.format.as_ref().map(|f| *f.get_ref()) {
                Some(RawBufferFormat::Oxc) => {
                    if let Some(placement) = &target.source_placement {
                        error(placement.span(), "source_placement is oxc-parser's own with format = \"oxc\"".to_owned(), "leave source_placement out: oxc's source sits at the end of its buffer");
                    }
                    BufferFormat::Oxc {
                        typescript: target.typescript.as_ref().is_some_and(|t| *t.get_ref()),
                        range: target.range.as_ref().is_some_and(|r| *r.get_ref()),
                        source_text: target.source_text.as_ref().map_or_else(SourceText::default, |t| *t.get_ref()),
                    }
                }
                _ => {
                    for (key, value) in [("typescript", &target.typescript), ("range", &target.range)] {
                        if let Some(value) = value {
                            error(value.span(), format!("`{key}` is a key of targets with format = \"oxc\""), "rawast's targets follow [mapping]");
                        }
                    }
                    if let Some(value) = &target.source_text {
                        error(value.span(), "`source_text` is a key of targets with format = \"oxc\"".to_owned(), "rawast's targets read every string from their buffer");
                    }
                    if target.source_placement.is_none() {
                        error(target_span.clone(), format!("target `{name}` needs source_placement"), "\"start\" (parser layout) or \"end\" (linter layout)");
                    }
                    BufferFormat::Rawast
                }
            };
            let source_placement = target.source_placement.as_ref().map_or(SourcePlacement::End, |p| *p.get_ref());
            let defaults = StringPolicy::default();
            let strings = match target.strings {
                Some(raw) => {
                    let short_decoder = raw.short_decoder.unwrap_or(defaults.short_decoder);
                    let max = if short_decoder == ShortDecoder::Switch { StringPolicy::SWITCH_MAX_LEN } else { StringPolicy::SHORT_MAX_LEN };
                    if let Some(len) = &raw.short_max_len
                        && *len.get_ref() > max
                    {
                        error(
                            len.span(),
                            format!("short_max_len = {} is too long for short_decoder = \"{}\"", len.get_ref(), short_decoder.as_str()),
                            &format!("at most {max} for this decoder; longer strings are better left to long_decoder"),
                        );
                    }
                    StringPolicy {
                        source_slicing: raw.source_slicing.unwrap_or(defaults.source_slicing),
                        short_decoder,
                        short_max_len: raw.short_max_len.map_or(defaults.short_max_len, Spanned::into_inner),
                        long_decoder: match raw.long_decoder {
                            Some(decoder) if *decoder.get_ref() == LongDecoder::Utf8Slice && target.runtime == Some(Runtime::Web) => {
                                error(decoder.span(), "long_decoder = \"utf8_slice\" needs runtime = \"node\"".to_owned(), "`Buffer#utf8Slice` is Node's; on the web runtime use \"text_decoder\"");
                                defaults.long_decoder
                            }
                            Some(decoder) => decoder.into_inner(),
                            None => defaults.long_decoder,
                        },
                    }
                }
                None => defaults,
            };
            let pointer_width = match target.pointer_width {
                None => PointerWidth::W64,
                Some(width) => match PointerWidth::ALL.into_iter().find(|w| w.bits() == *width.get_ref()) {
                    Some(width) => width,
                    None => {
                        error(width.span(), format!("pointer_width = {} is not supported", width.get_ref()), "64 (native producers) or 32 (wasm32 producers)");
                        PointerWidth::W64
                    }
                },
            };
            let package = target.package.and_then(|raw| package::check(raw, file, &mut package_diagnostics));
            let lazy = target.lazy.is_some_and(|lazy| {
                // Lazy nodes are built one level at a time, so no `parent` can be set before its child exists.
                if *lazy.get_ref() && source_placement == SourcePlacement::End {
                    error(lazy.span(), "lazy = true needs source_placement = \"start\"".to_owned(), "lazy node classes have no `parent` links, which the linter layout's deserializer promises");
                }
                if *lazy.get_ref() {
                    lazy_spans.push(lazy.span());
                }
                lazy.into_inner()
            });
            let int64 = target.int64.unwrap_or(Int64::Number);
            targets.push(Target { name, source_placement, runtime: target.runtime.unwrap_or(Runtime::Node), pointer_width, strings, package, lazy, int64, format });
        }
        package_diagnostics.into_iter().for_each(|d| diagnostics.push(d));

        let name = |value: Option<Spanned<String>>| {
            value.map(|v| ConfigName { location: Location::from_byte_range(&file.path, &file.text, v.span()), name: v.into_inner() })
        };
        let mut mapping_diagnostics = Vec::new();
        let mapping = mapping::check(raw.mapping, file, &mut mapping_diagnostics);
        mapping_diagnostics.into_iter().for_each(|d| diagnostics.push(d));
        if mapping.discriminator.is_none() {
            for span in lazy_spans {
                diagnostics.push(
                    Diagnostic::new("lazy = true needs a [mapping] discriminator")
                        .at(Location::from_byte_range(&file.path, &file.text, span))
                        .with_help("a lazy target exports VISITOR_KEYS, by which a walker tells a node by its type name under the discriminator key; with discriminator = \"\" nodes carry none"),
                );
            }
        }
        let root = name(raw.schema.root);
        if let Some(channel) = mapping.channels.first()
            && root.is_none()
        {
            diagnostics.push(Diagnostic::new("`mapping.channels` names fields of the root type, but `schema.root` is not set").at(channel.location.clone()).with_help("add `root = \"Program\"` (the root node type) to [schema]"));
        }
        if root.is_none() && !targets.is_empty() {
            diagnostics.push(Diagnostic::new("targets need `schema.root`: the node type deserialization starts from").with_help("add `root = \"Program\"` to [schema]"));
        }
        if let Some(producer) = &raw.schema.producer_module
            && root.is_none()
        {
            let location = Location::from_byte_range(&file.path, &file.text, producer.span());
            diagnostics.push(Diagnostic::new("the producer needs `schema.root`: the node type it starts from").at(location).with_help("add `root = \"Program\"` to [schema]"));
        }
        let rust = RustPaths {
            ast_module: raw.schema.ast_module.into_inner(),
            arena_module,
            runtime_module: raw.schema.runtime_module.map(Spanned::into_inner),
            producer_module: raw.schema.producer_module.map(Spanned::into_inner),
        };
        let ast_name = raw.schema.ast_name;
        let unexported = raw.schema.unexported.into_iter().map(|v| ConfigName { location: Location::from_byte_range(&file.path, &file.text, v.span()), name: v.into_inner() }).collect();
        diagnostics.into_result(Config { file_name: file.path.clone(), schema_files, crate_files, cargo_manifest, dialect, unexported, rust, root, ast_name, mapping, output_dir, regenerate, targets })
    }
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
