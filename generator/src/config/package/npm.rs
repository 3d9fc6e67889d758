//! What npm takes of a new package: its name, a semver version, and a license expression as
//! `validate-npm-package-license` reads it.

/// How npm reads an SPDX expression (`spdx-expression-parse`): license and exception identifiers of
/// the SPDX list, deprecated ones included (`GPL-2.0+`), with `AND`, `OR`, `WITH` and parentheses.
const NPM_SPDX: spdx::ParseMode =
    spdx::ParseMode { allow_deprecated: true, allow_postfix_plus_on_gpl: true, ..spdx::ParseMode::STRICT };

/// Why npm would refuse `license` for a new package, if it would: what `validate-npm-package-license`
/// takes is an SPDX expression without `LicenseRef-` (or `AdditionRef-`) terms, `UNLICENSED`, or
/// `SEE LICENSE IN <file>`.
pub(super) fn license_problem(license: &str) -> Option<String> {
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
pub(super) fn suggested_license(license: &str) -> Option<String> {
    spdx::Expression::canonicalize(license).ok().flatten().filter(|fixed| license_problem(fixed).is_none())
}

/// Why npm would refuse `name` for a new package, if it would.
pub(super) fn npm_name_problem(name: &str) -> Option<&'static str> {
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
pub(super) fn is_semver(version: &str) -> bool {
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
