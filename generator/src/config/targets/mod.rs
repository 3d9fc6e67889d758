//! `[targets.X]`: one generated deserializer each. Its `format` says whose buffers it reads and so
//! which keys it takes (`keys.rs`): rawast's format its layout, runtime, strings, laziness and
//! 64-bit integers (`rawast.rs`); oxc-parser's the variant of oxc's output (`oxc.rs`).

mod keys;
mod oxc;
mod rawast;

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::package::{self, AddonKind, Package};
use super::{KeyLocations, error_at};
use crate::diagnostic::Diagnostic;
use crate::files::SourceFile;
use crate::ir::Dialect;
use keys::Format;
pub(super) use keys::RawTarget;
pub use oxc::{OxcSettings, SourceText};
pub use rawast::{Int64, RawastSettings, Runtime, SourcePlacement};

/// One generated deserializer.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: String,
    /// `[targets.X.package]`: the npm package codegen makes of the deserializer, if any.
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
        target.check_keys(format, file, diagnostics);
        let settings = match format {
            Format::Oxc => TargetSettings::Oxc(oxc::check(&target, file, diagnostics)),
            Format::Rawast => {
                let (settings, lazy_span) = rawast::check(&name, header, &target, file, diagnostics);
                targets.lazy_spans.extend(lazy_span);
                TargetSettings::Rawast(settings)
            }
        };
        let producer = match &settings {
            TargetSettings::Oxc(settings) => Some(settings.producer()),
            TargetSettings::Rawast(_) => None,
        };
        let keys = target.key_locations(file);
        let package = target.package.and_then(|raw| package::check(raw, producer, file, &mut package_diagnostics));
        if let (Some(package), TargetSettings::Rawast(settings)) = (&package, &settings) {
            check_addon_target(&name, package, settings, &mut package_diagnostics);
        }
        targets.targets.push(Target { name, package, settings, keys });
    }
    check_addon_names(&targets.targets, &mut package_diagnostics);
    diagnostics.extend(package_diagnostics);
    targets
}

/// Two addons of one name would be two libraries of that name, one overwriting the other.
fn check_addon_names(targets: &[Target], diagnostics: &mut Vec<Diagnostic>) {
    let addons: Vec<(&str, &package::Addon)> =
        targets.iter().filter_map(|t| Some((t.name.as_str(), t.package.as_ref()?.addon.as_ref()?))).collect();
    for (i, (target, addon)) in addons.iter().enumerate() {
        if let Some((first, _)) = addons[..i].iter().find(|(_, other)| other.name == addon.name) {
            diagnostics.push(
                Diagnostic::new(format!(
                    "the addons of targets `{first}` and `{target}` are both named `{}`",
                    addon.name
                ))
                .at(addon.location.clone())
                .with_help(
                    "give each addon a `name` of its own: it names the `.node` file and the addon crate's library",
                ),
            );
        }
    }
}

/// A native addon runs on Node.js and writes the native layouts; a wasm module runs anywhere
/// WebAssembly does and writes the 32-bit ones: its target must read them.
fn check_addon_target(name: &str, package: &Package, settings: &RawastSettings, diagnostics: &mut Vec<Diagnostic>) {
    let Some(addon) = &package.addon else { return };
    let wide = settings.pointer_width == crate::layout::PointerWidth::W64;
    let problem = match addon.kind {
        AddonKind::Napi if !wide => Some((
            "pointer_width = 32",
            "a native addon",
            "the addon is a native Node.js library, whose buffers use the 64-bit layouts; a wasm32 parser is a [targets.<name>.package.wasm] table on a target of its own",
        )),
        AddonKind::Napi if settings.runtime != Runtime::Node => Some((
            "runtime = \"web\"",
            "a native addon",
            "the addon is a Node.js library; leave `runtime` out (or set \"node\") on the target that has it",
        )),
        AddonKind::Wasm if wide => Some((
            "64-bit buffers (pointer_width = 64)",
            "a wasm module",
            "a wasm32 module writes buffers of the 32-bit layouts: set pointer_width = 32 on its target",
        )),
        AddonKind::Wasm if settings.runtime != Runtime::Web => Some((
            "runtime = \"node\"",
            "a wasm module",
            "a wasm module's package runs in browsers too: set runtime = \"web\" on its target",
        )),
        _ => None,
    };
    if let Some((setting, parser, help)) = problem {
        diagnostics.push(
            Diagnostic::new(format!("target `{name}` has {setting}, but its package has {parser}"))
                .at(addon.location.clone())
                .with_help(help),
        );
    }
}
