//! `[targets.X]`: one generated deserializer each. Its `format` says whose buffers it reads and so
//! which keys it takes: rawast's format its layout, runtime, strings, laziness and 64-bit integers;
//! oxc-parser's the variant of oxc's output. A key its format does not use is an error.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::package::{self, Package};
use super::strings::{self, RawStringPolicy, StringPolicy};
use super::{KeyLocations, error_at};
use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Location};
use crate::ir::Dialect;
use crate::layout::PointerWidth;

/// One generated deserializer.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: String,
    /// `[targets.X.package]`: the npm package codegen makes of the deserializer, if any (only of
    /// rawast targets, for now).
    pub package: Option<Package>,
    /// Whose buffers it reads, with the settings that format takes.
    pub settings: TargetSettings,
    /// Where each key of `[targets.X]` but `format` is written (a table's key where the table is).
    pub keys: KeyLocations,
}

/// A target's buffer format and its settings.
#[derive(Debug, Clone, PartialEq)]
pub enum TargetSettings {
    /// rawast's format: the header, metadata and layouts that rawast's producers write.
    Rawast(RawastSettings),
    /// oxc-parser's raw transfer buffers (oxc dialect only), read into oxc's ESTree output.
    Oxc(OxcSettings),
}

/// The settings of a target of rawast's format.
#[derive(Debug, Clone, PartialEq)]
pub struct RawastSettings {
    pub source_placement: SourcePlacement,
    pub runtime: Runtime,
    /// The producer's pointer width: 32 for wasm32 producers, whose buffers use the 32-bit layouts.
    pub pointer_width: PointerWidth,
    pub strings: StringPolicy,
    /// Emit node classes whose getters deserialize on first access, instead of plain objects.
    pub lazy: bool,
    /// How `u64` and `i64` values become JS values.
    pub int64: Int64,
}

/// The settings of a target of oxc-parser's buffers: which of oxc's outputs it gives. The rest
/// (layout, runtime, strings) is oxc-parser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OxcSettings {
    /// oxc's TypeScript output (`ts.js`) rather than its JS output (`js.js`).
    pub typescript: bool,
    /// `range: [start, end]` beside `start` and `end`.
    pub range: bool,
    /// Every node's `parent` (oxc's `PARENT` output, its `*_parent.js` deserializers).
    pub parent: bool,
    /// Oxlint's buffers and output (`linter = true`): the program at the data pointer, the source
    /// at the end; TypeScript, with `range` and `parent`, `loc` getters, comments and tokens read on
    /// demand, parentheses dropped (oxc's `LINTER`, `LOC` and not `PRESERVE_PARENS`).
    pub linter: bool,
    pub source_text: SourceText,
}

impl RawastSettings {
    /// Whether every node has a `parent`: the linter layout's nodes (source text at the end).
    pub fn parent_links(&self) -> bool {
        self.source_placement == SourcePlacement::End
    }
}

impl OxcSettings {
    /// The npm package that writes the buffers it reads: Oxlint's for `linter`, else oxc-parser's.
    pub fn producer(&self) -> &'static str {
        if self.linter { "oxlint" } else { "oxc-parser" }
    }
}

impl Target {
    /// The directory of its deserializer in the output directory: its npm package's, `npm/<name>`,
    /// when it has one, else `js/<name>`.
    pub fn module_dir(&self) -> String {
        let kind = if self.package.is_some() { "npm" } else { "js" };
        format!("{kind}/{}", self.name)
    }

    /// Its settings, if it reads rawast's format.
    pub fn rawast(&self) -> Option<&RawastSettings> {
        match &self.settings {
            TargetSettings::Rawast(settings) => Some(settings),
            TargetSettings::Oxc(_) => None,
        }
    }

    /// Its settings, if it reads oxc-parser's buffers.
    pub fn oxc(&self) -> Option<&OxcSettings> {
        match &self.settings {
            TargetSettings::Oxc(settings) => Some(settings),
            TargetSettings::Rawast(_) => None,
        }
    }
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

/// Where the source text sits in the buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourcePlacement {
    /// Parser layout: `[source][arena][metadata]`. The source is written first, then parsed in place.
    Start,
    /// Linter layout: `[arena][source][metadata]`.
    End,
}

/// The `format` key: whose buffers a target reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Format {
    Rawast,
    Oxc,
}

impl Format {
    /// The format of the buffers a schema's producer writes.
    fn of(dialect: Dialect) -> Format {
        match dialect {
            Dialect::Rawast => Format::Rawast,
            Dialect::Oxc => Format::Oxc,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Format::Rawast => "rawast",
            Format::Oxc => "oxc",
        }
    }

    fn whose(self) -> &'static str {
        match self {
            Format::Rawast => "rawast's",
            Format::Oxc => "oxc-parser's",
        }
    }

    /// The keys a target of this format takes besides `format`.
    fn keys(self) -> impl Iterator<Item = &'static str> {
        KEYS.iter().filter(move |key| key.takes(self)).map(|key| key.name)
    }
}

/// A key of `[targets.X]` other than `format`.
struct Key {
    name: &'static str,
    /// The format whose targets take it; `None`: both.
    format: Option<Format>,
    /// Why a target of the other format has no such key.
    why_not: &'static str,
}

impl Key {
    fn takes(&self, format: Format) -> bool {
        self.format.is_none_or(|f| f == format)
    }
}

/// Every key of `RawTarget` but `format`, in the order `RawTarget::written` lists them.
const KEYS: [Key; 12] = [
    Key {
        name: "source_placement",
        format: Some(Format::Rawast),
        why_not: "oxc-parser decides where its buffers hold the source",
    },
    Key {
        name: "runtime",
        format: Some(Format::Rawast),
        why_not: "the deserializer runs on Node.js, as oxc's own does (`Buffer#utf8Slice`)",
    },
    Key {
        name: "pointer_width",
        format: Some(Format::Rawast),
        why_not: "oxc-parser's buffers are read with the 64-bit layouts",
    },
    Key {
        name: "strings",
        format: Some(Format::Rawast),
        why_not: "strings are read as oxc's deserializer reads them (`source_text` says from where)",
    },
    Key {
        name: "lazy",
        format: Some(Format::Rawast),
        why_not: "only targets of rawast's format have lazy node classes",
    },
    Key {
        name: "int64",
        format: Some(Format::Rawast),
        why_not: "64-bit integers are read as oxc's deserializer reads them: as numbers",
    },
    Key { name: "package", format: None, why_not: "" },
    Key {
        name: "typescript",
        format: Some(Format::Oxc),
        why_not: "rawast's targets give the output the schema and [mapping] describe",
    },
    Key {
        name: "range",
        format: Some(Format::Oxc),
        why_not: "rawast's targets follow [mapping]: `spans = \"range\"` gives `range` arrays",
    },
    Key {
        name: "linter",
        format: Some(Format::Oxc),
        why_not: "rawast's linter layout is `source_placement = \"end\"`",
    },
    Key {
        name: "parent",
        format: Some(Format::Oxc),
        why_not: "rawast's targets have parent links in the linter layout (`source_placement = \"end\"`)",
    },
    Key {
        name: "source_text",
        format: Some(Format::Oxc),
        why_not: "rawast's targets read every string from their buffer",
    },
];

/// `[targets.X]` as written: the keys of every format, which `check` sorts out by `format`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTarget {
    format: Option<Spanned<Format>>,
    source_placement: Option<Spanned<SourcePlacement>>,
    runtime: Option<Spanned<Runtime>>,
    pointer_width: Option<Spanned<u32>>,
    strings: Option<Spanned<RawStringPolicy>>,
    lazy: Option<Spanned<bool>>,
    int64: Option<Spanned<Int64>>,
    package: Option<Spanned<package::RawPackage>>,
    typescript: Option<Spanned<bool>>,
    range: Option<Spanned<bool>>,
    parent: Option<Spanned<bool>>,
    linter: Option<Spanned<bool>>,
    source_text: Option<Spanned<SourceText>>,
}

impl RawTarget {
    /// Where the value of each key of `KEYS` is written, if it is, in their order. It takes the
    /// struct apart whole, so that a key added to `RawTarget` cannot be left out of `KEYS`'s checks.
    fn written(&self) -> [(&'static str, Option<Range<usize>>); KEYS.len()] {
        let RawTarget {
            format: _,
            source_placement,
            runtime,
            pointer_width,
            strings,
            lazy,
            int64,
            package,
            typescript,
            range,
            parent,
            linter,
            source_text,
        } = self;
        [
            ("source_placement", source_placement.as_ref().map(Spanned::span)),
            ("runtime", runtime.as_ref().map(Spanned::span)),
            ("pointer_width", pointer_width.as_ref().map(Spanned::span)),
            ("strings", strings.as_ref().map(Spanned::span)),
            ("lazy", lazy.as_ref().map(Spanned::span)),
            ("int64", int64.as_ref().map(Spanned::span)),
            ("package", package.as_ref().map(Spanned::span)),
            ("typescript", typescript.as_ref().map(Spanned::span)),
            ("range", range.as_ref().map(Spanned::span)),
            ("linter", linter.as_ref().map(Spanned::span)),
            ("parent", parent.as_ref().map(Spanned::span)),
            ("source_text", source_text.as_ref().map(Spanned::span)),
        ]
    }
}

/// Checked targets, in name order, and where `lazy = true` is written: it needs a `[mapping]`
/// discriminator, which the caller checks.
pub(super) struct Targets {
    pub targets: Vec<Target>,
    pub lazy_spans: Vec<Range<usize>>,
}

/// Checks every target. `dialect` is the schema's (`None`: unknown, already reported); a target
/// reads the buffers of its dialect's producer. Package problems come after the targets' own.
pub(super) fn check(
    raw: BTreeMap<String, Spanned<RawTarget>>,
    dialect: Option<Dialect>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> Targets {
    let mut targets = Targets { targets: Vec::new(), lazy_spans: Vec::new() };
    let mut package_diagnostics = Vec::new();
    for (name, target) in raw {
        let valid = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !valid {
            diagnostics.push(error_at(file, target.span(), format!("target name `{name}` is not valid"), "target names are lowercase letters, digits and `-`, starting with a letter: they name files and npm packages"));
        }
        let header = target.span();
        let target = target.into_inner();
        let format = target.format.as_ref().map_or(Format::Rawast, |f| *f.get_ref());
        if let Some(dialect) = dialect
            && format != Format::of(dialect)
        {
            let expected = Format::of(dialect);
            diagnostics.push(error_at(
                file,
                target.format.as_ref().map_or(header.clone(), Spanned::span),
                format!(
                    "target `{name}` has format = \"{}\"{}, but a schema in the {} dialect is read from {} buffers",
                    format.as_str(),
                    if target.format.is_none() { " (the default)" } else { "" },
                    dialect.as_str(),
                    expected.whose()
                ),
                format!("set format = \"{}\"", expected.as_str()),
            ));
            // Its keys were most likely written for the right format: checking them against this
            // one would only add errors that setting `format` makes go away.
            continue;
        }
        for ((name, span), key) in target.written().into_iter().zip(&KEYS) {
            if let Some(span) = span
                && !key.takes(format)
            {
                diagnostics.push(error_at(
                    file,
                    span,
                    format!("`{name}` is not a key of targets with format = \"{}\"", format.as_str()),
                    format!("{}; {}", key.why_not, takes(format)),
                ));
            }
        }
        let settings = match format {
            Format::Oxc => TargetSettings::Oxc(check_oxc(&target, file, diagnostics)),
            Format::Rawast => {
                let (settings, lazy_span) = check_rawast(&name, header, &target, file, diagnostics);
                targets.lazy_spans.extend(lazy_span);
                TargetSettings::Rawast(settings)
            }
        };
        let producer = match &settings {
            TargetSettings::Oxc(settings) => Some(settings.producer()),
            TargetSettings::Rawast(_) => None,
        };
        let mut keys = KeyLocations::default();
        for (key, span) in target.written() {
            if let Some(span) = span {
                keys.add(key, Location::from_byte_range(&file.path, &file.text, span));
            }
        }
        let package = target.package.and_then(|raw| package::check(raw, producer, file, &mut package_diagnostics));
        targets.targets.push(Target { name, package, settings, keys });
    }
    diagnostics.extend(package_diagnostics);
    targets
}

/// The settings of a rawast target, and where `lazy = true` is written, if it is.
fn check_rawast(
    name: &str,
    header: Range<usize>,
    target: &RawTarget,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> (RawastSettings, Option<Range<usize>>) {
    if target.source_placement.is_none() {
        diagnostics.push(error_at(
            file,
            header,
            format!("target `{name}` needs source_placement"),
            "\"start\" (parser layout) or \"end\" (linter layout)",
        ));
    }
    let source_placement = target.source_placement.as_ref().map_or(SourcePlacement::End, |p| *p.get_ref());
    let runtime = target.runtime.as_ref().map_or(Runtime::Node, |r| *r.get_ref());
    let strings = match &target.strings {
        Some(raw) => strings::check(raw.get_ref(), runtime, file, diagnostics),
        None => StringPolicy::default(),
    };
    let pointer_width = match &target.pointer_width {
        None => PointerWidth::W64,
        Some(width) => PointerWidth::ALL.into_iter().find(|w| w.bits() == *width.get_ref()).unwrap_or_else(|| {
            diagnostics.push(error_at(
                file,
                width.span(),
                format!("pointer_width = {} is not supported", width.get_ref()),
                "64 (native producers) or 32 (wasm32 producers)",
            ));
            PointerWidth::W64
        }),
    };
    let lazy = target.lazy.as_ref().filter(|lazy| *lazy.get_ref());
    // Lazy nodes are built one level at a time, so no `parent` can be set before its child exists.
    if let Some(lazy) = lazy
        && source_placement == SourcePlacement::End
    {
        diagnostics.push(error_at(
            file,
            lazy.span(),
            "lazy = true needs source_placement = \"start\"",
            "lazy node classes have no `parent` links, which the linter layout's deserializer promises",
        ));
    }
    let int64 = target.int64.as_ref().map_or(Int64::Number, |i| *i.get_ref());
    let settings = RawastSettings { source_placement, runtime, pointer_width, strings, lazy: lazy.is_some(), int64 };
    (settings, lazy.map(Spanned::span))
}

/// An oxc target's settings. Oxlint's deserializer is one variant (`linter = true`): TypeScript,
/// with `range` and `parent`, strings from the buffer's source; the keys that choose another are
/// errors there.
fn check_oxc(target: &RawTarget, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> OxcSettings {
    let linter = target.linter.as_ref().is_some_and(|l| *l.get_ref());
    if linter {
        for (name, written) in
            [("typescript", &target.typescript), ("range", &target.range), ("parent", &target.parent)]
        {
            if let Some(written) = written {
                diagnostics.push(error_at(
                    file,
                    written.span(),
                    format!("`{name}` is not a key of a target with linter = true"),
                    "Oxlint's deserializer is TypeScript, with `range` and `parent`".to_owned(),
                ));
            }
        }
        if let Some(written) = &target.source_text {
            diagnostics.push(error_at(
                file,
                written.span(),
                "`source_text` is not a key of a target with linter = true".to_owned(),
                "Oxlint's deserializer decodes the source from the buffer, where Oxlint writes it".to_owned(),
            ));
        }
    }
    OxcSettings {
        typescript: linter || target.typescript.as_ref().is_some_and(|t| *t.get_ref()),
        range: linter || target.range.as_ref().is_some_and(|r| *r.get_ref()),
        parent: linter || target.parent.as_ref().is_some_and(|p| *p.get_ref()),
        linter,
        source_text: target.source_text.as_ref().map_or_else(SourceText::default, |s| *s.get_ref()),
    }
}

/// The help's list of the keys a format takes.
fn takes(format: Format) -> String {
    let keys: Vec<String> = format.keys().map(|key| format!("`{key}`")).collect();
    let (last, rest) = keys.split_last().expect("every format takes keys");
    let default = if format == Format::Rawast { " (the default)" } else { "" };
    format!("targets with format = \"{}\"{default} take {} and {last}", format.as_str(), rest.join(", "))
}

#[cfg(test)]
mod tests {
    use super::{KEYS, RawTarget};

    /// `check` pairs `RawTarget::written` with `KEYS` by position: both must list the same keys in
    /// the same order, or a key would be checked under another's format.
    #[test]
    fn written_keys_are_keys_in_order() {
        let raw: RawTarget = toml::from_str("").unwrap();
        let written: Vec<&str> = raw.written().iter().map(|(name, _)| *name).collect();
        let keys: Vec<&str> = KEYS.iter().map(|key| key.name).collect();
        assert_eq!(written, keys);
    }
}
