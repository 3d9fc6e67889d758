//! Parses oxc's `raw_deser` snippets (`ir::snippet`): `/* IF FLAG */` blocks, and the template's
//! words (`DESER[T]`, `POS_OFFSET…`, `POS`, `THIS.x`, `SOURCE_TEXT`, the flags) among the JS, with
//! the types it names resolved. A word stands where the character before it is not part of an
//! identifier, nor a `.` of a member access (a spread's `...` is fine): `a.POS` and `MY_POS` are JS.

use std::collections::HashMap;

use crate::ir::js_scan::is_ident_char;
use crate::ir::snippet::{Flag, Op, Part, Snippet};
use crate::ir::{Builtin, Primitive, TypeId, TypeRef};

/// Parses `text`, resolving type names with `names`; the message says what is wrong.
pub(crate) fn parse(text: &str, names: &HashMap<String, TypeId>) -> Result<Snippet, String> {
    let mut parts = Vec::new();
    let rest = blocks(text, names, None, &mut parts)?;
    debug_assert!(rest.is_empty(), "the outermost level reads to the end");
    Ok(Snippet { parts })
}

const END_MARKERS: [&str; 2] = ["/* END_IF */", "/* END IF */"];

/// Parses `text` into `parts` up to the `END_IF` that closes the block `open` (`None`: the whole
/// text), blocks nested in it included; returns what follows that `END_IF`.
fn blocks<'t>(
    text: &'t str,
    names: &HashMap<String, TypeId>,
    open: Option<&str>,
    parts: &mut Vec<Part>,
) -> Result<&'t str, String> {
    let mut rest = text;
    loop {
        let start = rest.find("/* IF ");
        let end = END_MARKERS.iter().filter_map(|marker| rest.find(marker).map(|at| (at, marker.len()))).min();
        match (start, end) {
            // A block opens before the next `END_IF`: it nests here.
            (Some(start), end) if end.is_none_or(|(end, _)| start < end) => {
                words(&rest[..start], names, parts)?;
                let after = &rest[start + "/* IF ".len()..];
                let close = after.find("*/").ok_or("an `/* IF` comment is not closed")?;
                let condition = after[..close].trim();
                let (negated, name) =
                    condition.strip_prefix('!').map_or((false, condition), |name| (true, name.trim()));
                let flag =
                    Flag::from_name(name).ok_or_else(|| format!("unknown flag `{name}` in `/* IF {condition} */`"))?;
                let mut body = Vec::new();
                rest = blocks(&after[close + 2..], names, Some(condition), &mut body)?;
                parts.push(Part::If { flag, negated, body });
            }
            (_, Some((end, marker_len))) => {
                if open.is_none() {
                    return Err("an `/* END_IF */` closes no `/* IF … */`".to_owned());
                }
                words(&rest[..end], names, parts)?;
                return Ok(&rest[end + marker_len..]);
            }
            (_, None) => {
                if let Some(condition) = open {
                    return Err(format!("`/* IF {condition} */` has no `/* END_IF */`"));
                }
                words(rest, names, parts)?;
                return Ok("");
            }
        }
    }
}

/// The parts of `text`, which holds no `IF` block: JS, and the template's words.
fn words(text: &str, names: &HashMap<String, TypeId>, parts: &mut Vec<Part>) -> Result<(), String> {
    let mut plain = String::new();
    let mut consumed = 0;
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_uppercase()) {
        let word_len = rest[start..].find(|c: char| !is_ident_char(c)).unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        let before = &text[..consumed + start];
        let standalone = !before.ends_with(is_ident_char) && (!before.ends_with('.') || before.ends_with("..."));
        let after = &rest[start + word_len..];
        plain.push_str(&rest[..start]);
        let part = if standalone { word_part(word, after, names)? } else { None };
        let remaining = match part {
            Some((part, remaining)) => {
                if !plain.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut plain)));
                }
                parts.push(part);
                remaining
            }
            None => {
                plain.push_str(word);
                after
            }
        };
        consumed = text.len() - remaining.len();
        rest = remaining;
    }
    plain.push_str(rest);
    if !plain.is_empty() {
        parts.push(Part::Text(plain));
    }
    Ok(())
}

/// The part a standalone `word` (followed by `after`) is, and what follows it; `None` for a word
/// that is JS.
fn word_part<'t>(
    word: &str,
    after: &'t str,
    names: &HashMap<String, TypeId>,
) -> Result<Option<(Part, &'t str)>, String> {
    Ok(Some(match word {
        "DESER" => {
            let inner = after.strip_prefix('[').ok_or("`DESER` without `[Type]`")?;
            let close = matching_bracket(inner).ok_or("`DESER[` is not closed")?;
            (Part::Deser(parse_type(&inner[..close], names)?), &inner[close + 1..])
        }
        "POS_OFFSET" => {
            let (within, after) = match after.strip_prefix('<') {
                Some(generic) => {
                    let close = generic.find('>').ok_or("`POS_OFFSET<` is not closed")?;
                    let name = generic[..close].trim();
                    let id =
                        *names.get(name).ok_or_else(|| format!("`POS_OFFSET<{name}>` names no type of the schema"))?;
                    (Some(id), &generic[close + 1..])
                }
                None => (None, after),
            };
            let mut path = Vec::new();
            let mut after = after;
            while let Some(field) = after.strip_prefix('.') {
                let len = field.find(|c: char| !is_ident_char(c)).unwrap_or(field.len());
                path.push(field[..len].to_owned());
                after = &field[len..];
            }
            if path.is_empty() {
                return Err("`POS_OFFSET` without `.field`".to_owned());
            }
            let (op, after) = operation(after);
            (Part::PosOffset { within, path, op }, after)
        }
        "POS" => (Part::Pos, after),
        "THIS" => {
            let field = after.strip_prefix('.').ok_or("`THIS` without `.field`")?;
            let len = field.find(|c: char| !is_ident_char(c)).unwrap_or(field.len());
            (Part::This(field[..len].to_owned()), &field[len..])
        }
        "SOURCE_TEXT" => (Part::SourceText, after),
        word => match Flag::from_name(word) {
            Some(flag) => (Part::Flag(flag), after),
            None => return Ok(None),
        },
    }))
}

/// A `+ N` or `>> N` right after a `POS_OFFSET` path, and the rest.
fn operation(text: &str) -> (Option<(Op, u32)>, &str) {
    let trimmed = text.trim_start();
    for (symbol, op) in [("+", Op::Add), (">>", Op::Shr)] {
        if let Some(after) = trimmed.strip_prefix(symbol) {
            let digits = after.trim_start();
            let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
            if len > 0
                && let Ok(number) = digits[..len].parse()
            {
                return (Some((op, number)), &digits[len..]);
            }
        }
    }
    (None, text)
}

/// The index of the `]` that closes a `[` just before `text`, counting nested `[`/`]`.
fn matching_bracket(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (index, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' if depth == 0 => return Some(index),
            ']' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A type as snippets write it: `Option<Box<T>>`, `Vec<T>`, `i32`, `Str`, `T`.
fn parse_type(text: &str, names: &HashMap<String, TypeId>) -> Result<TypeRef, String> {
    let text = text.trim();
    if let Some((outer, inner)) = text.split_once('<') {
        let inner = inner.strip_suffix('>').ok_or_else(|| format!("`{text}` is not a type"))?;
        let inner = Box::new(parse_type(inner, names)?);
        return match outer.trim() {
            "Option" => Ok(TypeRef::Option(inner)),
            "Box" => Ok(TypeRef::Box(inner)),
            "Vec" => Ok(TypeRef::Vec(inner)),
            other => Err(format!("unknown generic type `{other}` in `DESER[{text}]`")),
        };
    }
    if let Some(p) = Primitive::from_rust_name(text) {
        return Ok(TypeRef::Primitive(p));
    }
    if let Some(id) = names.get(text) {
        return Ok(TypeRef::Named(*id));
    }
    match text {
        "Str" | "Ident" => Ok(TypeRef::Builtin(Builtin::StrRef)),
        "JSStr" => Ok(TypeRef::Builtin(Builtin::JsStr)),
        _ => Err(format!("`DESER[{text}]` names no type of the schema")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> HashMap<String, TypeId> {
        HashMap::from([("T".to_owned(), TypeId(0)), ("Other".to_owned(), TypeId(1))])
    }

    #[test]
    fn words_and_blocks() {
        let snippet = parse("const a = DESER[Option<Box<T>>](POS_OFFSET.rest >> 2);\n/* IF !IS_TS */b(THIS.x, SOURCE_TEXT)/* END_IF */ a.POS + MY_POS", &names()).unwrap();
        let boxed = TypeRef::Option(Box::new(TypeRef::Box(Box::new(TypeRef::Named(TypeId(0))))));
        assert_eq!(
            snippet.parts,
            [
                Part::Text("const a = ".to_owned()),
                Part::Deser(boxed),
                Part::Text("(".to_owned()),
                Part::PosOffset { within: None, path: vec!["rest".to_owned()], op: Some((Op::Shr, 2)) },
                Part::Text(");\n".to_owned()),
                Part::If {
                    flag: Flag::IsTs,
                    negated: true,
                    body: vec![
                        Part::Text("b(".to_owned()),
                        Part::This("x".to_owned()),
                        Part::Text(", ".to_owned()),
                        Part::SourceText,
                        Part::Text(")".to_owned())
                    ]
                },
                Part::Text(" a.POS + MY_POS".to_owned()),
            ]
        );
        let within = parse("...POS_OFFSET<Other>.a.b + 8", &names()).unwrap();
        assert_eq!(
            within.parts[1],
            Part::PosOffset {
                within: Some(TypeId(1)),
                path: vec!["a".to_owned(), "b".to_owned()],
                op: Some((Op::Add, 8))
            }
        );
    }

    #[test]
    fn errors() {
        assert!(parse("DESER[T", &names()).unwrap_err().contains("not closed"));
        assert!(parse("DESER[Nope](POS)", &names()).unwrap_err().contains("names no type"));
        assert!(parse("/* IF MAGIC */ 1 /* END_IF */", &names()).unwrap_err().contains("unknown flag"));
        assert!(parse("/* IF IS_TS */ 1", &names()).unwrap_err().contains("END_IF"));
        assert!(parse("1 /* END_IF */", &names()).unwrap_err().contains("closes no"));
        assert!(
            parse("/* IF IS_TS */ /* IF RANGE */ 1 /* END_IF */", &names())
                .unwrap_err()
                .contains("`/* IF IS_TS */` has no")
        );
        assert!(parse("POS_OFFSET<Nope>.a", &names()).unwrap_err().contains("names no type"));
    }
}
