//! Scanning oxc's snippets as JS text: the scanner's helpers (`ir::js_scan`, which tells code from
//! literals and comments), identifiers, and the properties of an object literal. The rendering of
//! snippets ([`snippet`](super::snippet)) and the rewriting of their node literals
//! ([`node_literal`](super::node_literal)) both read JS through these.

pub(super) use crate::ir::js_scan::{
    Scan, closing_brace, enclosing_brace, find_at_depth_zero, find_code, is_ident_char, split_at_depth_zero,
};

/// `text` cut after the identifier it starts with (empty if it starts with none).
pub(super) fn split_identifier(text: &str) -> (&str, &str) {
    text.split_at(text.find(|c: char| !is_ident_char(c)).unwrap_or(text.len()))
}

/// The identifiers of `text`'s code that are not property names (after a `.` that is no spread's);
/// `None` if it does not scan.
pub(super) fn words(text: &str) -> Option<Vec<&str>> {
    let words = crate::ir::js_scan::words(text)?;
    let member = |at: usize| text[..at].ends_with('.') && !text[..at].ends_with("...");
    Some(
        words
            .into_iter()
            .filter(|&(at, word)| !member(at) && !word.starts_with(|c: char| c.is_ascii_digit()))
            .map(|(_, word)| word)
            .collect(),
    )
}

/// Whether `word` is one of the JS keywords a getter of oxc's snippets may use.
pub(super) fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "if" | "else"
            | "return"
            | "null"
            | "true"
            | "false"
            | "undefined"
            | "this"
            | "typeof"
            | "const"
            | "let"
            | "var"
            | "new"
    )
}

/// The properties of a literal's `body` (between its braces), untrimmed, the empty one after a
/// trailing comma left out.
pub(super) fn split_properties(body: &str) -> Vec<&str> {
    split_at_depth_zero(body, ',').into_iter().filter(|piece| !piece.trim().is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_literals_and_words() {
        assert_eq!(split_identifier("get a() {}"), ("get", " a() {}"));
        assert_eq!(split_properties(" a, b: '}, c', "), [" a", " b: '}, c'"]);
        assert_eq!(words("x.y + z(1, w2) + 3 + 'v' + [...u]").unwrap(), ["x", "z", "w2", "u"]);
        assert_eq!(words("x + 'y"), None);
    }
}
