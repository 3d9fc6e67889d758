//! A schema file that is not made of Rust tokens. proc-macro2 says only where its lexer stopped
//! ("cannot parse string into token stream"); what is written there says why.

use proc_macro2::{Span, TokenStream};

/// Where `text` stops being Rust tokens, with what is wrong there and how to fix it; `None` when
/// it tokenizes.
pub(super) fn lex_error(text: &str) -> Option<(Span, String, &'static str)> {
    let span = text.parse::<TokenStream>().err()?.span();
    let start = span.start();
    let line = text.lines().nth(start.line.saturating_sub(1)).unwrap_or("");
    let rest: String = line.chars().skip(start.column).collect();
    let (what, help) = describe(&rest);
    Some((span, what, help))
}

/// What the text at the lexer's stop (`rest`, to the end of its line) is, and the fix. The lexer
/// stops at the opening delimiter of one left open at the end of the file, at a closing delimiter
/// that matches none, or at the start of a token it cannot read.
fn describe(rest: &str) -> (String, &'static str) {
    let first = rest.chars().next();
    let unquoted = rest.trim_start_matches(['b', 'c', 'r', '#']);
    match first {
        _ if rest.starts_with("/*") => (
            "unterminated block comment".to_owned(),
            "close it with `*/`; block comments nest, so each `/*` inside it needs its own `*/` too",
        ),
        Some(open @ ('(' | '[' | '{')) => {
            (format!("unclosed delimiter `{open}`"), "it has no matching closing delimiter before the end of the file")
        }
        Some(close @ (')' | ']' | '}')) => (
            format!("unexpected closing delimiter `{close}`"),
            "it does not close the delimiter open here: one before it is left open, or it has no opening one",
        ),
        Some('"') => {
            ("invalid string literal".to_owned(), "close the string with `\"`, and escape only what Rust escapes")
        }
        Some('b' | 'c' | 'r') if unquoted.starts_with('"') && rest.len() > unquoted.len() => (
            "invalid string literal".to_owned(),
            "close the string with `\"` (and as many `#` as opened a raw string), and escape only what Rust escapes",
        ),
        Some('\'') => (
            "invalid character literal or lifetime".to_owned(),
            "a character literal holds one character between `'`s; a lifetime is `'` and a name, such as `'a`",
        ),
        Some(digit) if digit.is_ascii_digit() => (
            "invalid number literal".to_owned(),
            "write it as Rust does: digits, `_`, and a known base prefix or suffix",
        ),
        Some(other) => (
            match other.is_control() {
                true => format!("`{}` cannot start a Rust token", other.escape_unicode()),
                false => format!("`{other}` cannot start a Rust token"),
            },
            "remove it, or put it inside a string or a comment",
        ),
        None => ("unreadable text".to_owned(), "the file must be Rust source"),
    }
}

#[cfg(test)]
mod tests {
    use super::lex_error;

    /// The message and the line and column (1-based) where each text stops being tokens.
    fn stop(text: &str) -> (String, usize, usize) {
        let (span, message, _) = lex_error(text).expect("the text does not tokenize");
        (message, span.start().line, span.start().column + 1)
    }

    #[test]
    fn names_what_stops_the_lexer_and_where() {
        let cases = [
            ("struct A {\n    x: u32,\n", "unclosed delimiter `{`", 1, 10),
            ("struct A {\n    x: u32 ]\n}\n", "unexpected closing delimiter `]`", 2, 12),
            ("const S: &str = \"abc;\n", "invalid string literal", 1, 17),
            ("const S: &str = r#\"abc\";\n", "invalid string literal", 1, 17),
            ("struct A {}\n/* open\n", "unterminated block comment", 2, 1),
            ("const C: char = 'ab';\n", "invalid character literal or lifetime", 1, 17),
            ("struct A { x: u32 }\n\\\n", "`\\` cannot start a Rust token", 2, 1),
            ("struct A { x: u32 }\n\u{7}\n", "`\\u{7}` cannot start a Rust token", 2, 1),
        ];
        for (text, message, line, column) in cases {
            assert_eq!(stop(text), (message.to_owned(), line, column), "{text:?}");
        }
    }

    #[test]
    fn text_that_tokenizes_is_no_error() {
        assert!(
            lex_error("#[ast]\npub struct A<'a> { pub s: &'a str, pub c: char }\nconst C: char = 'c';\n").is_none()
        );
    }
}
