//! The tree as JSON, shaped exactly as the generated deserializer shapes it and written as
//! `JSON.stringify` writes it: the "JSON transfer" a raw transfer replaces, and what the package's
//! smoke test expects of a buffer. Each node is `{"type", "start", "end", ...fields}` with fields in
//! schema order and camelCase names, as `generated/npm/parser/deserialize.js` builds them.

use core::fmt::Write as _;

use rawast_runtime::{Span, Str};

use crate::ast::{Comment, CommentKind, Document, Member, StringLiteral, Value};
use crate::js_format::{write_number, write_string};

/// `JSON.stringify(deserialize(buffer))` of the buffer holding `document`:
/// `{"document":{...},"comments":[...]}`.
pub fn to_json(document: &Document<'_>) -> String {
    let mut out = String::new();
    out.push_str("{\"document\":");
    node(&mut out, "Document", document.span);
    out.push_str(",\"value\":");
    value(&mut out, &document.value);
    out.push_str("},\"comments\":[");
    for (i, comment) in document.comments.as_slice().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_comment(&mut out, comment);
    }
    out.push_str("]}");
    out
}

/// Opens a node: `{"type":…,"start":…,"end":…`; the caller adds the fields and the `}`.
fn node(out: &mut String, kind: &str, span: Span) {
    write!(out, "{{\"type\":\"{kind}\",\"start\":{},\"end\":{}", span.start, span.end).unwrap();
}

fn write_comment(out: &mut String, comment: &Comment<'_>) {
    node(out, "Comment", comment.span);
    let kind = match comment.kind {
        CommentKind::Line => "Line",
        CommentKind::Block => "Block",
    };
    write!(out, ",\"kind\":\"{kind}\",\"text\":").unwrap();
    string(out, &comment.text);
    out.push('}');
}

fn value(out: &mut String, value: &Value<'_>) {
    match value {
        Value::Object(object) => {
            node(out, "Object", object.span);
            out.push_str(",\"members\":[");
            for (i, member) in object.members.as_slice().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_member(out, member);
            }
            write!(out, "],\"trailingComma\":{}}}", object.trailing_comma).unwrap();
        }
        Value::Array(array) => {
            node(out, "Array", array.span);
            out.push_str(",\"elements\":[");
            for (i, element) in array.elements.as_slice().iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self::value(out, element);
            }
            write!(out, "],\"trailingComma\":{}}}", array.trailing_comma).unwrap();
        }
        Value::String(literal) => string_literal(out, literal),
        Value::Number(literal) => {
            node(out, "NumberLiteral", literal.span);
            out.push_str(",\"value\":");
            write_number(out, literal.value);
            out.push_str(",\"raw\":");
            string(out, &literal.raw);
            out.push('}');
        }
        Value::Boolean(literal) => {
            node(out, "BooleanLiteral", literal.span);
            write!(out, ",\"value\":{}}}", literal.value).unwrap();
        }
        Value::Null(literal) => {
            node(out, "NullLiteral", literal.span);
            out.push('}');
        }
    }
}

fn write_member(out: &mut String, member: &Member<'_>) {
    node(out, "Member", member.span);
    out.push_str(",\"key\":");
    string_literal(out, &member.key);
    out.push_str(",\"value\":");
    value(out, &member.value);
    out.push('}');
}

fn string_literal(out: &mut String, literal: &StringLiteral<'_>) {
    node(out, "StringLiteral", literal.span);
    out.push_str(",\"value\":");
    string(out, &literal.value);
    out.push_str(",\"raw\":");
    string(out, &literal.raw);
    out.push('}');
}

fn string(out: &mut String, text: &Str<'_>) {
    write_string(out, text.as_bytes());
}
