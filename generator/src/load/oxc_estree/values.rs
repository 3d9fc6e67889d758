//! The values of oxc's attribute entries: flags, strings, names, nested lists and snippets, each
//! an error where the entry holds something else.

use std::collections::HashMap;

use proc_macro2::Span;

use crate::files::SourceFile;
use crate::ir::TypeId;
use crate::ir::estree::Only;
use crate::ir::snippet::Snippet;
use crate::load::Context;
use crate::load::dialect::{RawAttr, RawValue};

/// `#[ts]` or `#[js_only]`, which take nothing.
pub(super) fn only_of(cx: &mut Context, file: &SourceFile, attr: &RawAttr) -> Option<Only> {
    if !matches!(attr.value, RawValue::Flag) {
        cx.error(file, attr.span, format!("`#[{}]` takes no arguments", attr.name), None);
    }
    Some(if attr.name == "ts" { Only::Ts } else { Only::Js })
}

/// `#[ts]` or `#[js_only]` on `place`, which takes neither.
pub(super) fn misplaced_only(cx: &mut Context, file: &SourceFile, attr: &RawAttr, place: &str) {
    cx.error(
        file,
        attr.span,
        format!("`#[{}]` on {place}", attr.name),
        Some("oxc's #[ts] and #[js_only] go on fields and #[ast_meta] types".to_owned()),
    );
}

/// The entries of `#[estree(...)]`.
pub(super) fn entries<'a>(cx: &mut Context, file: &SourceFile, attr: &'a RawAttr) -> &'a [RawAttr] {
    match &attr.value {
        RawValue::List(items) => items,
        _ => {
            cx.error(file, attr.span, "write `#[estree(key = value, ...)]`".to_owned(), None);
            &[]
        }
    }
}

pub(super) fn flag(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> bool {
    if !matches!(entry.value, RawValue::Flag) {
        cx.error(
            file,
            entry.span,
            format!("#[estree] key `{}` takes no value", entry.name),
            Some(format!("write just `{}`", entry.name)),
        );
    }
    true
}

pub(super) fn string(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> Option<(String, Span)> {
    match &entry.value {
        RawValue::Str(text, span) => Some((text.clone(), *span)),
        _ => {
            cx.error(
                file,
                entry.span,
                format!("#[estree] key `{}` takes a string", entry.name),
                Some(format!("write `{} = \"...\"`", entry.name)),
            );
            None
        }
    }
}

/// A name (`via = Converter`, `prepend_to = field`; oxc writes some as strings: `via = "SpanStart"`):
/// a path's last segment, and where it is.
pub(super) fn path(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> Option<(String, Span)> {
    match &entry.value {
        RawValue::Path(path, span) | RawValue::Str(path, span) => {
            Some((path.rsplit("::").next().unwrap_or(path).to_owned(), *span))
        }
        _ => {
            cx.error(
                file,
                entry.span,
                format!("#[estree] key `{}` takes a name", entry.name),
                Some(format!("write `{} = Name`", entry.name)),
            );
            None
        }
    }
}

/// The snippet a string entry (`raw_deser`, `add_ts_def`) of the type `owner` holds, parsed with
/// the types it names resolved, and where its text is.
pub(super) fn snippet(
    cx: &mut Context,
    file: &SourceFile,
    entry: &RawAttr,
    owner: &str,
    names: &HashMap<String, TypeId>,
) -> Option<(Snippet, Span)> {
    let (text, span) = string(cx, file, entry)?;
    match crate::load::snippet::parse(&text, names) {
        Ok(snippet) => Some((snippet, span)),
        Err(message) => {
            cx.error(file, span, format!("cannot read the `{}` of `{owner}`: {message}", entry.name), None);
            None
        }
    }
}

pub(super) fn unknown_key(cx: &mut Context, file: &SourceFile, span: Span, key: &str, place: &str, known: &[&str]) {
    cx.error(
        file,
        span,
        format!("unknown #[estree] key `{key}` on {place}"),
        Some(format!("oxc's #[estree] on {place} takes: {}", known.join(", "))),
    );
}
