//! `[targets.X.package]`: the npm package codegen makes of a target's deserializer.
//!
//! `version` and `fingerprint` are a pair: the layout fingerprint recorded here is the one that
//! `version` was released with. Codegen compares it with the schema's fingerprint and refuses a
//! layout change until the version is bumped and the new fingerprint recorded (README, "Packages").

use serde::Deserialize;
use toml::Spanned;

use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Location};

/// A target's npm package.
#[derive(Debug, Clone, PartialEq)]
pub struct Package {
    /// The npm package name, such as `@rawast/parser`.
    pub name: String,
    /// A semver version.
    pub version: String,
    /// The layout fingerprint `version` was released with.
    pub fingerprint: Fingerprint,
    pub description: Option<String>,
    /// An SPDX identifier; the generated `LICENSE` holds its text.
    pub license: String,
    /// The git repository URL, for `package.json`'s `repository`.
    pub repository: Option<String>,
}

/// A layout fingerprint as recorded in `codegen.toml`, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Fingerprint {
    pub value: u64,
    pub location: Location,
}

/// Licenses whose text `templates/npm/` has.
const LICENSES: &[&str] = &["MIT"];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPackage {
    name: Spanned<String>,
    version: Spanned<String>,
    fingerprint: Spanned<String>,
    description: Option<String>,
    license: Option<Spanned<String>>,
    repository: Option<Spanned<String>>,
}

/// Checks a package table; `None` (with diagnostics pushed) when a value is unusable.
pub(super) fn check(raw: RawPackage, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Option<Package> {
    let location = |span: std::ops::Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let before = diagnostics.len();
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
    let fingerprint = raw.fingerprint.get_ref();
    let value = (fingerprint.len() == 16 && fingerprint.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then(|| u64::from_str_radix(fingerprint, 16).ok())
        .flatten();
    if value.is_none() {
        diagnostics.push(
            Diagnostic::new(format!("package fingerprint `{fingerprint}` is not a layout fingerprint"))
                .at(location(raw.fingerprint.span()))
                .with_help("write the 16 lowercase hex digits of the layout fingerprint the version was released with, as codegen reports it"),
        );
    }
    if let Some(license) = &raw.license
        && !LICENSES.contains(&license.get_ref().as_str())
    {
        diagnostics.push(
            Diagnostic::new(format!("package license `{}` has no template", license.get_ref()))
                .at(location(license.span()))
                .with_help(format!("codegen writes the LICENSE file of: {}", LICENSES.join(", "))),
        );
    }
    if let Some(repository) = &raw.repository
        && !(repository.get_ref().starts_with("https://") || repository.get_ref().starts_with("git+"))
    {
        diagnostics.push(
            Diagnostic::new(format!("package repository `{}` is not a URL", repository.get_ref()))
                .at(location(repository.span()))
                .with_help("write the git URL, such as \"git+https://github.com/owner/repo.git\""),
        );
    }
    if diagnostics.len() > before {
        return None;
    }
    Some(Package {
        fingerprint: Fingerprint { value: value?, location: location(raw.fingerprint.span()) },
        name: raw.name.into_inner(),
        version: raw.version.into_inner(),
        description: raw.description,
        license: raw.license.map_or_else(|| LICENSES[0].to_owned(), Spanned::into_inner),
        repository: raw.repository.map(Spanned::into_inner),
    })
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
