//! `[targets.X]`: one generated deserializer each. Its `format` says whose buffers it reads and so
//! which keys it takes (`keys.rs`): rawast's format its layout, runtime, strings, laziness and
//! 64-bit integers (`rawast.rs`); oxc-parser's the variant of oxc's output (`oxc.rs`).

mod keys;
mod oxc;
mod rawast;

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::package::{self, Package};
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
        targets.targets.push(Target { name, package, settings, keys });
    }
    diagnostics.extend(package_diagnostics);
    targets
}
