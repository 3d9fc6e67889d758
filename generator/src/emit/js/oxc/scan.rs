//! Scanning oxc's snippets as JS text: brackets and strings (`ir::snippet`'s, which its own folds
//! use too), identifiers, and the properties of an object literal. The rendering of snippets
//! ([`snippet`](super::snippet)) and the rewriting of their node literals
//! ([`node_literal`](super::node_literal)) both read JS through these.

pub(super) use crate::ir::snippet::{closing_brace, find_at_depth_zero, is_ident_char};

/// The `{` that `text`'s end is inside of, at depth zero: the last brace not closed in `text`.
/// (Brackets in strings are not told apart: oxc's snippets have none before a spread.)
pub(super) fn enclosing_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (index, c) in text.char_indices().rev() {
        match c {
            '}' | ')' | ']' => depth += 1,
            '{' if depth == 0 => return Some(index),
            '{' | '(' | '[' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    None
}

/// `text` cut after the identifier it starts with (empty if it starts with none).
pub(super) fn split_identifier(text: &str) -> (&str, &str) {
    text.split_at(text.find(|c: char| !is_ident_char(c)).unwrap_or(text.len()))
}

/// The identifiers of `text` that are not property names (after a `.`).
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut from = 0;
    std::iter::from_fn(move || {
        loop {
            let start = from + text[from..].find(|c: char| is_ident_char(c))?;
            let end = start + text[start..].find(|c: char| !is_ident_char(c)).unwrap_or(text.len() - start);
            from = end;
            let word = &text[start..end];
            if !text[..start].ends_with('.') && !word.starts_with(|c: char| c.is_ascii_digit()) {
                return Some(word);
            }
        }
    })
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
    pieces(body).into_iter().filter(|piece| !piece.trim().is_empty()).collect()
}

/// `text` cut at its commas outside brackets and strings, the pieces untrimmed.
pub(super) fn pieces(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    loop {
        let end = find_at_depth_zero(rest, ',').unwrap_or(rest.len());
        pieces.push(&rest[..end]);
        if end == rest.len() {
            return pieces;
        }
        rest = &rest[end + 1..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_literals_and_words() {
        assert_eq!(enclosing_brace("f({ a: [1], b"), Some(2));
        assert_eq!(split_identifier("get a() {}"), ("get", " a() {}"));
        assert_eq!(pieces(" a: f(b, c), d: '}', "), [" a: f(b, c)", " d: '}'", " "]);
        assert_eq!(split_properties(" a, b, "), [" a", " b"]);
        assert_eq!(words("x.y + z(1, w2) + 3").collect::<Vec<_>>(), ["x", "z", "w2"]);
    }
}
