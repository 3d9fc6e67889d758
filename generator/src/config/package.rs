//! `[targets.X.package]`: the npm package codegen makes of a target's deserializer.
//!
//! `version` and `fingerprint` are a pair: the layout fingerprint recorded here is the one that
//! `version` was released with. Codegen compares it with the schema's fingerprint and refuses a
//! layout change until the version is bumped and the new fingerprint recorded (README, "Packages").
//! Before the first release there is no fingerprint to record: codegen prints the one to add.

use serde::Deserialize;
use toml::Spanned;

use super::ConfigPath;
use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Location};

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
    /// Where the `[targets.X.package]` table is, for notes about it.
    pub location: Location,
}

/// `[targets.X.package.smoke]`: a buffer the user's producer wrote and the JSON its deserialization
/// must give; `rawast package` checks the installed package against them on every Node it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Smoke {
    pub buffer: ConfigPath,
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
    peer_dependencies: std::collections::BTreeMap<String, Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSmoke {
    buffer: Spanned<String>,
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
    let location = |span: std::ops::Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let table = location(raw.span());
    let raw = raw.into_inner();
    let before = diagnostics.len();
    let path = |value: Spanned<String>, what: &str, diagnostics: &mut Vec<Diagnostic>| {
        if let Some(problem) = super::path_problem(value.get_ref()) {
            diagnostics.push(
                Diagnostic::new(format!("{what} `{}` {problem}", value.get_ref()))
                    .at(location(value.span()))
                    .with_help("write paths relative to codegen.toml, with `/` separators"),
            );
        }
        ConfigPath { location: location(value.span()), path: value.into_inner() }
    };

    if let Some(problem) = npm_name_problem(raw.name.get_ref()) {
        diagnostics.push(
            Diagnostic::new(format!("package name `{}` {problem}", raw.name.get_ref()))
                .at(location(raw.name.span()))
                .with_help("npm names are lowercase letters, digits, `-`, `.`, `_` and `~`, at most 214 characters, optionally scoped: `@scope/name`"),
        );
    }
    if !is_semver(raw.version.get_ref()) {
        diagnostics.push(
            Diagnostic::new(format!("package version `{}` is not a semver version", raw.version.get_ref()))
                .at(location(raw.version.span()))
                .with_help("write MAJOR.MINOR.PATCH, such as \"0.1.0\" or \"1.0.0-beta.1\", without leading zeros"),
        );
    }
    let fingerprint = raw.fingerprint.map(|fingerprint| {
        let text = fingerprint.get_ref();
        let value = (text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))).then(|| u64::from_str_radix(text, 16).ok()).flatten();
        if value.is_none() {
            diagnostics.push(
                Diagnostic::new(format!("package fingerprint `{text}` is not a layout fingerprint"))
                    .at(location(fingerprint.span()))
                    .with_help("write the 16 lowercase hex digits of the layout fingerprint the version was released with, as codegen reports it (leave it out before the first release)"),
            );
        }
        Fingerprint { value: value.unwrap_or_default(), location: location(fingerprint.span()) }
    });
    if let Some(problem) = license_problem(raw.license.get_ref()) {
        let suggestion = suggested_license(raw.license.get_ref())
            .map_or_else(String::new, |license| format!("did you mean \"{license}\"? "));
        diagnostics.push(
            Diagnostic::new(format!("package license `{}` is not a license npm accepts: {problem}", raw.license.get_ref()))
                .at(location(raw.license.span()))
                .with_help(format!("{suggestion}write an SPDX identifier such as \"MIT\" or \"Apache-2.0\", an expression such as \"Apache-2.0 OR MIT\", or as npm allows \"UNLICENSED\" or \"SEE LICENSE IN <file>\"; `license_file` copies your license text into the package")),
        );
    }
    let license_file = raw.license_file.map(|value| path(value, "license file", diagnostics));
    if let Some(repository) = &raw.repository
        && !(repository.get_ref().starts_with("https://") || repository.get_ref().starts_with("git+"))
    {
        diagnostics.push(
            Diagnostic::new(format!("package repository `{}` is not a URL", repository.get_ref()))
                .at(location(repository.span()))
                .with_help("write the git URL, such as \"git+https://github.com/owner/repo.git\""),
        );
    }
    if let (Some(_), Some(smoke)) = (producer, &raw.smoke) {
        diagnostics.push(
            Diagnostic::new("an oxc target's package takes no `smoke` table")
                .at(location(smoke.buffer.span()))
                .with_help("`rawast package` smoke-tests it on buffers that oxc-parser (Oxlint, for `linter = true`) writes in the fresh project; leave [targets.<name>.package.smoke] out"),
        );
    }
    for (name, version) in &raw.peer_dependencies {
        if let Some(problem) = npm_name_problem(name) {
            diagnostics
                .push(Diagnostic::new(format!("peer dependency `{name}` {problem}")).at(location(version.span())));
        }
        if version.get_ref().trim().is_empty() {
            diagnostics.push(
                Diagnostic::new(format!("peer dependency `{name}` has an empty version range"))
                    .at(location(version.span()))
                    .with_help("write the versions it works with, as npm takes them: \"0.157.0\", \"^1.2\""),
            );
        }
    }
    if let Some(producer) = producer
        && !raw.peer_dependencies.contains_key(producer)
    {
        diagnostics.push(
            Diagnostic::new(format!("the package of an oxc target names the {producer} release whose buffers it reads"))
                .at(table.clone())
                .with_help(format!("add `peer_dependencies = {{ \"{producer}\" = \"<version>\" }}`: users see which release it reads, and `rawast package` smoke-tests it on that release's buffers")),
        );
    }
    let smoke = raw.smoke.map(|smoke| Smoke {
        buffer: path(smoke.buffer, "smoke buffer", diagnostics),
        expected: path(smoke.expected, "smoke expected JSON", diagnostics),
    });
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
        location: table,
    })
}

/// How npm reads an SPDX expression (`spdx-expression-parse`): license and exception identifiers of
/// the SPDX list, deprecated ones included (`GPL-2.0+`), with `AND`, `OR`, `WITH` and parentheses.
const NPM_SPDX: spdx::ParseMode =
    spdx::ParseMode { allow_deprecated: true, allow_postfix_plus_on_gpl: true, ..spdx::ParseMode::STRICT };

/// Why npm would refuse `license` for a new package, if it would: what `validate-npm-package-license`
/// takes is an SPDX expression without `LicenseRef-` (or `AdditionRef-`) terms, `UNLICENSED`, or
/// `SEE LICENSE IN <file>`.
fn license_problem(license: &str) -> Option<String> {
    let file_reference = ["SEE LICENSE IN ", "SEE LICENCE IN "]
        .iter()
        .any(|prefix| license.strip_prefix(prefix).is_some_and(|file| !file.trim().is_empty()));
    if matches!(license, "UNLICENSED" | "UNLICENCED") || file_reference {
        return None;
    }
    // The `spdx` crate takes operators in any case; npm only in capitals.
    let spaced = license.replace(['(', ')'], " ");
    if let Some(operator) = spaced
        .split_whitespace()
        .find(|word| ["AND", "OR", "WITH"].iter().any(|op| word.eq_ignore_ascii_case(op) && word != op))
    {
        return Some(format!("npm reads the operator `{operator}` only in capitals"));
    }
    let expression = match spdx::Expression::parse_mode(license, NPM_SPDX) {
        Ok(expression) => expression,
        Err(error) => {
            let term = license.get(error.span.clone()).unwrap_or_default();
            return Some(match error.reason {
                spdx::error::Reason::UnknownTerm
                | spdx::error::Reason::UnknownLicense
                | spdx::error::Reason::UnknownException => {
                    format!("`{term}` is not on the SPDX license list (identifiers are case-sensitive)")
                }
                reason => reason.to_string(),
            });
        }
    };
    let reference = expression.requirements().find(|r| {
        matches!(r.req.license, spdx::LicenseItem::Other(_))
            || matches!(r.req.addition, Some(spdx::AdditionItem::Other(_)))
    });
    reference.map(|r| format!("npm refuses references such as `{}` in new packages (name your license file with \"SEE LICENSE IN <file>\")", r.req))
}

/// The SPDX expression a license written loosely probably means (`Apache` → `Apache-2.0`), if that
/// is one npm takes.
fn suggested_license(license: &str) -> Option<String> {
    spdx::Expression::canonicalize(license).ok().flatten().filter(|fixed| license_problem(fixed).is_none())
}

/// Why npm would refuse `name` for a new package, if it would.
fn npm_name_problem(name: &str) -> Option<&'static str> {
    let valid_part = |part: &str| {
        !part.is_empty()
            && !part.starts_with(['.', '_'])
            && part.bytes().all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~'))
    };
    let valid = match name.strip_prefix('@') {
        Some(scoped) => scoped.split_once('/').is_some_and(|(scope, base)| valid_part(scope) && valid_part(base)),
        None => valid_part(name),
    };
    if name.len() > 214 {
        Some("is longer than 214 characters")
    } else if !valid {
        Some("is not a valid npm package name")
    } else {
        None
    }
}

/// Whether `version` is a semver 2.0 version: `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
fn is_semver(version: &str) -> bool {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0'));
    let identifiers = |s: &str, check_numeric: bool| {
        s.split('.').all(|id| {
            !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && (!check_numeric || !id.bytes().all(|b| b.is_ascii_digit()) || numeric(id))
        })
    };
    let (rest, build) = match version.split_once('+') {
        Some((rest, build)) => (rest, Some(build)),
        None => (version, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((core, pre)) => (core, Some(pre)),
        None => (rest, None),
    };
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| numeric(p))
        && pre.is_none_or(|p| identifiers(p, true))
        && build.is_none_or(|b| identifiers(b, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn semver() {
        for good in ["0.1.0", "1.0.0-beta.1", "10.20.30", "1.0.0+build.7", "1.0.0-rc-1+sha.abc", "1.0.0-0.3.7"] {
            assert!(is_semver(good), "{good}");
        }
        for bad in ["1.0", "01.0.0", "1.0.0-", "1.0.0-01", "v1.0.0", "1.0.0+", "1.0.0-a..b", "1.0.0 ", ""] {
            assert!(!is_semver(bad), "{bad}");
        }
    }

    /// What npm's `validate-npm-package-license` takes for a new package, and what it refuses.
    #[test]
    fn licenses_npm_takes() {
        let good = [
            "MIT",
            "Apache-2.0",
            "Apache-2.0 OR MIT",
            "(MIT AND BSD-3-Clause) OR GPL-2.0+",
            "GPL-2.0",
            "MIT+",
            "GPL-2.0-only WITH Classpath-exception-2.0",
            "UNLICENSED",
            "SEE LICENSE IN LICENSE.txt",
        ];
        for license in good {
            assert_eq!(license_problem(license), None, "{license}");
        }
        let bad = [
            "",
            "MIT OR",
            "OR MIT",
            "(MIT",
            "MIT)",
            "MIT/Apache-2.0",
            "MIT Apache-2.0",
            "see LICENSE",
            "SEE LICENSE IN ",
            "Apache",
            "mit",
            "MIT and Apache-2.0",
            "LicenseRef-Mine",
            "Unlicensed",
        ];
        for license in bad {
            assert!(license_problem(license).is_some(), "{license}");
        }
        assert_eq!(suggested_license("Apache").as_deref(), Some("Apache-2.0"));
        assert_eq!(suggested_license("GPL 3"), None);
    }

    #[test]
    fn npm_names() {
        for good in ["rawast-parser", "@rawast/parser", "a.b_c~d", "x1"] {
            assert_eq!(npm_name_problem(good), None, "{good}");
        }
        for bad in ["", "Parser", "@rawast", "@/x", "@a/", "_x", ".x", "a b", "a/b", "@a/b/c"] {
            assert!(npm_name_problem(bad).is_some(), "{bad}");
        }
        assert_eq!(npm_name_problem(&"a".repeat(215)), Some("is longer than 214 characters"));
    }
}
