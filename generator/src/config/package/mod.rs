//! `[targets.X.package]`: the npm package codegen makes of a target's deserializer.
//!
//! `version` and `fingerprint` are a pair: the layout fingerprint recorded here is the one that
//! `version` was released with. Codegen compares it with the schema's fingerprint and refuses a
//! layout change until the version is bumped and the new fingerprint recorded (docs/packages.md).
//! Before the first release there is no fingerprint to record: codegen prints the one to add.

use serde::Deserialize;
use toml::Spanned;

mod addon;
mod npm;

use std::collections::BTreeMap;

use super::{ConfigPath, checked_path, error_at};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;
pub use addon::{Addon, AddonKind, AddonModule};
use npm::{is_semver, license_problem, npm_name_problem, suggested_license};

/// A target's npm package.
#[derive(Debug, Clone, PartialEq)]
pub struct Package {
    /// The npm package name, such as `@rawast/parser`.
    pub name: String,
    /// A semver version.
    pub version: String,
    /// The layout fingerprint `version` was released with; `None` before the first release.
    pub fingerprint: Option<Fingerprint>,
    pub description: Option<String>,
    /// An SPDX license expression, such as `MIT` or `Apache-2.0 OR MIT`, or what npm takes besides
    /// one: `UNLICENSED`, `SEE LICENSE IN <file>`.
    pub license: String,
    /// The user's license text, copied into the package as `LICENSE`.
    pub license_file: Option<ConfigPath>,
    /// The git repository URL, for `package.json`'s `repository`.
    pub repository: Option<String>,
    /// What the package's smoke test reads, if the user provides it.
    pub smoke: Option<Smoke>,
    /// `package.json`'s `peerDependencies`, by name: an oxc target's names its producer's release
    /// (`oxc-parser`, or `oxlint` for `linter = true`), whose buffers it reads.
    pub peer_dependencies: Vec<(String, String)>,
    /// `[targets.X.package.addon]` or `[targets.X.package.wasm]`: the parser the package runs, a
    /// native addon or a wasm module, if any.
    pub addon: Option<Addon>,
    /// Where the `[targets.X.package]` table is, for notes about it.
    pub location: Location,
}

/// `[targets.X.package.smoke]`: the JSON the package must give for a buffer the user's producer
/// wrote (`buffer`: its deserialization) or for a source text (`source`: the addon's `parse`);
/// `rawast package` checks the installed package against it on every Node it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Smoke {
    pub buffer: Option<ConfigPath>,
    pub source: Option<ConfigPath>,
    pub expected: ConfigPath,
}

/// A layout fingerprint as recorded in `codegen.toml`, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Fingerprint {
    pub value: u64,
    pub location: Location,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPackage {
    name: Spanned<String>,
    version: Spanned<String>,
    fingerprint: Option<Spanned<String>>,
    description: Option<String>,
    license: Spanned<String>,
    license_file: Option<Spanned<String>>,
    repository: Option<Spanned<String>>,
    smoke: Option<RawSmoke>,
    #[serde(default)]
    peer_dependencies: BTreeMap<String, Spanned<String>>,
    addon: Option<Spanned<addon::RawAddon>>,
    wasm: Option<Spanned<addon::RawAddon>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSmoke {
    buffer: Option<Spanned<String>>,
    source: Option<Spanned<String>>,
    expected: Spanned<String>,
}

/// Checks a package table; `None` (with diagnostics pushed) when a value is unusable.
/// A package of an oxc target (`producer`: the npm package that writes its buffers, `oxc-parser` or
/// `oxlint`) has no `smoke` table, and names its producer's release in `peer_dependencies`:
/// `rawast package` installs it beside the package in the fresh project to make the buffers of the
/// smoke test.
pub(super) fn check(
    raw: Spanned<RawPackage>,
    producer: Option<&str>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Package> {
    let table = raw.span();
    let raw = raw.into_inner();
    let before = diagnostics.len();
    check_name(&raw.name, file, diagnostics);
    check_version(&raw.version, file, diagnostics);
    let fingerprint = raw.fingerprint.as_ref().map(|fingerprint| check_fingerprint(fingerprint, file, diagnostics));
    check_license(&raw.license, file, diagnostics);
    let license_file = raw.license_file.as_ref().map(|value| checked_path(value, "license file", file, diagnostics));
    if let Some(repository) = &raw.repository {
        check_repository(repository, file, diagnostics);
    }
    if let (Some(_), Some(smoke)) = (producer, &raw.smoke) {
        let first = [&smoke.buffer, &smoke.source].into_iter().flatten().next().unwrap_or(&smoke.expected);
        diagnostics.push(error_at(
            file,
            first.span(),
            "an oxc target's package takes no `smoke` table",
            "`rawast package` smoke-tests it on buffers that oxc-parser (Oxlint, for `linter = true`) writes in the fresh project; leave [targets.<name>.package.smoke] out",
        ));
    }
    check_peer_dependencies(&raw.peer_dependencies, file, diagnostics);
    if let Some(producer) = producer
        && !raw.peer_dependencies.contains_key(producer)
    {
        diagnostics.push(error_at(
            file,
            table.clone(),
            format!("the package of an oxc target names the {producer} release whose buffers it reads"),
            format!("add `peer_dependencies = {{ \"{producer}\" = \"<version>\" }}`: users see which release it reads, and `rawast package` smoke-tests it on that release's buffers"),
        ));
    }
    let smoke = raw.smoke.map(|smoke| check_smoke(smoke, raw.addon.is_some() || raw.wasm.is_some(), file, diagnostics));
    if let (Some(_), Some(wasm)) = (&raw.addon, &raw.wasm) {
        diagnostics.push(error_at(
            file,
            wasm.span(),
            "a package has one parser: a native addon or a wasm module, not both",
            "give the wasm module a target of its own (pointer_width = 32, runtime = \"web\") and its own package",
        ));
    }
    let parser = match (raw.addon, raw.wasm) {
        (Some(addon), _) => Some((addon, AddonKind::Napi)),
        (None, Some(wasm)) => Some((wasm, AddonKind::Wasm)),
        (None, None) => None,
    };
    let addon = parser
        .and_then(|(raw_addon, kind)| addon::check(raw_addon, kind, raw.name.get_ref(), producer, file, diagnostics));
    if diagnostics.len() > before {
        return None;
    }
    Some(Package {
        fingerprint,
        name: raw.name.into_inner(),
        version: raw.version.into_inner(),
        description: raw.description,
        license: raw.license.into_inner(),
        license_file,
        repository: raw.repository.map(Spanned::into_inner),
        smoke,
        peer_dependencies: raw
            .peer_dependencies
            .into_iter()
            .map(|(name, version)| (name, version.into_inner()))
            .collect(),
        addon,
        location: Location::from_byte_range(&file.path, &file.text, table),
    })
}

/// A smoke table: the expected JSON, of a buffer or of a source text (which needs an addon to parse it).
fn check_smoke(smoke: RawSmoke, addon: bool, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Smoke {
    if smoke.buffer.is_none() && smoke.source.is_none() {
        diagnostics.push(error_at(
            file,
            smoke.expected.span(),
            "the smoke table names no input for its expected JSON",
            "add `buffer` (a buffer your producer wrote) or, for a package with an addon, `source` (a text its `parse` reads)",
        ));
    }
    if let (Some(source), false) = (&smoke.source, addon) {
        diagnostics.push(error_at(
            file,
            source.span(),
            "a smoke `source` needs an addon or a wasm module to parse it",
            "add a [targets.<name>.package.addon] (or .wasm) table, or name a `buffer` your producer wrote instead",
        ));
    }
    Smoke {
        buffer: smoke.buffer.map(|buffer| checked_path(&buffer, "smoke buffer", file, diagnostics)),
        source: smoke.source.map(|source| checked_path(&source, "smoke source", file, diagnostics)),
        expected: checked_path(&smoke.expected, "smoke expected JSON", file, diagnostics),
    }
}

/// The package's name is one npm takes for a new package.
fn check_name(name: &Spanned<String>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(problem) = npm_name_problem(name.get_ref()) {
        diagnostics.push(error_at(
            file,
            name.span(),
            format!("package name `{}` {problem}", name.get_ref()),
            "npm names are lowercase letters, digits, `-`, `.`, `_` and `~`, at most 214 characters, optionally scoped: `@scope/name`",
        ));
    }
}

/// The package's version is a semver version.
fn check_version(version: &Spanned<String>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if !is_semver(version.get_ref()) {
        diagnostics.push(error_at(
            file,
            version.span(),
            format!("package version `{}` is not a semver version", version.get_ref()),
            "write MAJOR.MINOR.PATCH, such as \"0.1.0\" or \"1.0.0-beta.1\", without leading zeros",
        ));
    }
}

/// The recorded layout fingerprint: 16 lowercase hex digits (0, with an error, where it is not).
fn check_fingerprint(
    fingerprint: &Spanned<String>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> Fingerprint {
    let text = fingerprint.get_ref();
    let hex = text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let value = hex.then(|| u64::from_str_radix(text, 16).ok()).flatten();
    if value.is_none() {
        diagnostics.push(error_at(
            file,
            fingerprint.span(),
            format!("package fingerprint `{text}` is not a layout fingerprint"),
            "write the 16 lowercase hex digits of the layout fingerprint the version was released with, as codegen reports it (leave it out before the first release)",
        ));
    }
    Fingerprint {
        value: value.unwrap_or_default(),
        location: Location::from_byte_range(&file.path, &file.text, fingerprint.span()),
    }
}

/// The package's license is one npm takes for a new package; the error suggests what a loosely
/// written one probably means.
fn check_license(license: &Spanned<String>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    let Some(problem) = license_problem(license.get_ref()) else { return };
    let suggestion = suggested_license(license.get_ref())
        .map_or_else(String::new, |license| format!("did you mean \"{license}\"? "));
    diagnostics.push(error_at(
        file,
        license.span(),
        format!("package license `{}` is not a license npm accepts: {problem}", license.get_ref()),
        format!("{suggestion}write an SPDX identifier such as \"MIT\" or \"Apache-2.0\", an expression such as \"Apache-2.0 OR MIT\", or as npm allows \"UNLICENSED\" or \"SEE LICENSE IN <file>\"; `license_file` copies your license text into the package"),
    ));
}

/// The package's repository is a URL git takes.
fn check_repository(repository: &Spanned<String>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
    if !(repository.get_ref().starts_with("https://") || repository.get_ref().starts_with("git+")) {
        diagnostics.push(error_at(
            file,
            repository.span(),
            format!("package repository `{}` is not a URL", repository.get_ref()),
            "write the git URL, such as \"git+https://github.com/owner/repo.git\"",
        ));
    }
}

/// Each peer dependency is an npm name with a version range.
fn check_peer_dependencies(
    peer_dependencies: &BTreeMap<String, Spanned<String>>,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for (name, version) in peer_dependencies {
        let location = Location::from_byte_range(&file.path, &file.text, version.span());
        if let Some(problem) = npm_name_problem(name) {
            diagnostics.push(Diagnostic::new(format!("peer dependency `{name}` {problem}")).at(location));
        }
        if version.get_ref().trim().is_empty() {
            diagnostics.push(error_at(
                file,
                version.span(),
                format!("peer dependency `{name}` has an empty version range"),
                "write the versions it works with, as npm takes them: \"0.157.0\", \"^1.2\"",
            ));
        }
    }
}
