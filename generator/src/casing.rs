//! How names change case between Rust and JS, for every output: camelCase keys and variant strings,
//! capitalized function-name parts, SCREAMING_CASE constants.

/// camelCase, as oxc writes ESTree names and `[mapping] case = "camel"` writes keys: words split at
/// `_`, at lower-to-upper changes and before the last capital of an acronym (`JSXText` →
/// `jsxText`, `source_type` → `sourceType`, `a_b_c` → `aBC`); leading underscores are kept
/// (`_private`).
pub fn camel_case(name: &str) -> String {
    let rest = name.trim_start_matches('_');
    let mut out = name[..name.len() - rest.len()].to_owned();
    let name = rest;
    for (n, word) in words(name).iter().enumerate() {
        let lower = word.to_lowercase();
        if n == 0 {
            out.push_str(&lower);
        } else {
            out.push_str(&capitalized(&lower));
        }
    }
    out
}

/// `Name` of `name`.
pub fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| first.to_ascii_uppercase().to_string() + chars.as_str())
}

fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let boundary = c.is_ascii_uppercase()
            && prev.is_some_and(|p| {
                p.is_ascii_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
            });
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `SCREAMING_CASE` of a `CamelCase` name: `ModuleKind` → `MODULE_KIND`.
pub fn screaming_case(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{camel_case, screaming_case};

    #[test]
    fn camel_case_as_oxc() {
        assert_eq!(camel_case("source_type"), "sourceType");
        assert_eq!(camel_case("Script"), "script");
        assert_eq!(camel_case("AwaitUsing"), "awaitUsing");
        assert_eq!(camel_case("JSXText"), "jsxText");
        assert_eq!(camel_case("type"), "type");
        assert_eq!(camel_case("a_b_c"), "aBC");
        assert_eq!(camel_case("_private"), "_private");
        assert_eq!(screaming_case("ModuleKind"), "MODULE_KIND");
    }
}
