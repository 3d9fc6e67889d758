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
    /// An SPDX license expression, such as `MIT` or `Apache-2.0 OR MIT`.
    pub license: String,
    /// The user's license text, copied into the package as `LICENSE`.
    pub license_file: Option<ConfigPath>,
    /// The git repository URL, for `package.json`'s `repository`.
    pub repository: Option<String>,
    /// What the package's smoke test reads, if the user provides it.
    pub smoke: Option<Smoke>,
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSmoke {
    buffer: Spanned<String>,
    expected: Spanned<String>,
}

/// Checks a package table; `None` (with diagnostics pushed) when a value is unusable.
pub(super) fn check(raw: Spanned<RawPackage>, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Option<Package> {
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
    if !is_spdx_expression(raw.license.get_ref()) {
        diagnostics.push(
            Diagnostic::new(format!("package license `{}` is not an SPDX license expression", raw.license.get_ref()))
                .at(location(raw.license.span()))
                .with_help("write an SPDX identifier such as \"MIT\" or \"Apache-2.0\", or an expression such as \"Apache-2.0 OR MIT\"; `license_file` copies your license text into the package"),
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
    let smoke = raw.smoke.map(|smoke| Smoke { buffer: path(smoke.buffer, "smoke buffer", diagnostics), expected: path(smoke.expected, "smoke expected JSON", diagnostics) });
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
        location: table,
    })
}

/// Whether `license` is an SPDX license expression as npm accepts it: identifiers (letters, digits,
/// `-`, `.`, an optional trailing `+`, `LicenseRef-…`) joined by `AND`, `OR` and `WITH`, with
/// parentheses. The identifiers themselves are not looked up: the SPDX list grows.
fn is_spdx_expression(license: &str) -> bool {
    let spaced = license.replace('(', " ( ").replace(')', " ) ");
    let mut depth = 0i32;
    let mut expect_id = true;
    for token in spaced.split_whitespace() {
        match token {
            "(" if expect_id => depth += 1,
            ")" if !expect_id && depth > 0 => depth -= 1,
            "AND" | "OR" | "WITH" if !expect_id => expect_id = true,
            id if expect_id => {
                let id = id.strip_suffix('+').unwrap_or(id);
                let valid = !id.is_empty() && id.starts_with(|c: char| c.is_ascii_alphanumeric()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
                if !valid {
                    return false;
                }
                expect_id = false;
            }
            _ => return false,
        }
    }
    !expect_id && depth == 0
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
    fn spdx_expressions() {
        for good in ["MIT", "Apache-2.0", "Apache-2.0 OR MIT", "(MIT AND BSD-3-Clause) OR GPL-2.0+", "GPL-2.0-only WITH Classpath-exception-2.0", "LicenseRef-Mine"] {
            assert!(is_spdx_expression(good), "{good}");
        }
        for bad in ["", "MIT OR", "OR MIT", "(MIT", "MIT)", "MIT/Apache", "MIT Apache-2.0", "see LICENSE"] {
            assert!(!is_spdx_expression(bad), "{bad}");
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
