//! The passes over a snippet's text once it is rendered, which leave V8 code it runs fast and a
//! layout the emitter can indent: the spreads of constant flags folded, `push(...spread)` made a
//! loop, blank lines and the Rust string's indentation dropped.

use askama::Template;

use super::super::bodies::errors::WriteError;
use super::super::scan::{closing_brace, find_code, is_ident_char};

/// Folds the spreads of a constant flag: `...(true && { a: 1, })` becomes `a: 1` and
/// `...(false && { … }),` disappears with its comma, so object literals stay literals (a spread
/// makes V8 build the object the slow way).
pub(super) fn fold_spreads(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let found = find_code(rest, &["...(true && {", "...(false && {"]);
        let Some((at, pattern)) = found else { break };
        out.push_str(&rest[..at]);
        let body = &rest[at + pattern.len()..];
        let close = closing_brace(body).ok_or(WriteError::SpreadNotClosed(pattern))?;
        let after =
            body[close + 1..].trim_start().strip_prefix(')').ok_or(WriteError::SpreadNotParenthesized(pattern))?;
        if pattern.starts_with("...(true") {
            out.push_str(body[..close].trim().trim_end_matches(','));
            rest = after;
        } else {
            // Drop the comma after the spread too (and the blank it leaves).
            let trimmed = after.trim_start();
            rest = trimmed.strip_prefix(',').unwrap_or(after);
            while out.ends_with([' ', '\t']) {
                out.pop();
            }
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// `array.push(...elements);` becomes a loop: spreading an array passes each element as an
/// argument, and one longer than about 100,000 (a program of that many statements) throws a
/// `RangeError` that the deserializers would take for the JS stack running out.
pub(super) fn unspread_pushes(text: &str) -> String {
    let lines = text
        .lines()
        .map(|line| {
            let indent = &line[..line.len() - line.trim_start().len()];
            let spread = line
                .trim()
                .strip_suffix(");")
                .and_then(|l| l.split_once(".push(..."))
                .filter(|(array, _)| !array.is_empty() && array.chars().all(is_ident_char));
            match spread {
                Some((array, elements)) => Line::PushLoop { indent, array, elements },
                None => Line::Kept(line),
            }
        })
        .collect();
    PushLoopsJs { lines }.render().expect("a snippet's lines render into a String")
}

/// A snippet's lines, each `push` of a spread a loop (`templates/js/oxc_push_loops.js`).
#[derive(Template)]
#[template(path = "js/oxc_push_loops.js", escape = "none")]
struct PushLoopsJs<'t> {
    lines: Vec<Line<'t>>,
}

/// One line of [`PushLoopsJs`].
enum Line<'t> {
    Kept(&'t str),
    /// `array.push(...elements);`, indented by `indent`.
    PushLoop {
        indent: &'t str,
        array: &'t str,
        elements: &'t str,
    },
}

/// Drops blank lines (the dropped blocks leave many) and the indentation the snippet had in its
/// Rust string, so the emitter can indent it where it goes.
pub(super) fn tidy(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).filter(|line| !line.is_empty()).collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    // The first line follows the opening quote, so its indentation says nothing.
    let common = lines.iter().skip(1).map(|line| indent(line)).min().unwrap_or(0);
    let mut out = String::new();
    for (n, line) in lines.iter().enumerate() {
        let cut = if n == 0 { indent(line) } else { common.min(indent(line)) };
        out.push_str(&line[cut..]);
        out.push('\n');
    }
    out
}
