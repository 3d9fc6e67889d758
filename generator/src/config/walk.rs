//! `[walk]`: what the walkers may assume of the source, facts of the grammar that the schema cannot
//! say and conformance checks on every corpus. `keywords`: node types whose source always holds one
//! of a few words (`debugger`, `import`), so that a walk visiting only those skips every node whose
//! span holds none. `comments`: the comments' struct type (a word inside a comment is no node's).
//! `outside_span`: the fields (`Struct.field`) whose values may lie outside their struct's span
//! (oxc's decorators before `export`), whose structs are never skipped by span. `errors`: the
//! parser's errors' struct type; a buffer with any is walked without words, since recovery may
//! make nodes no grammar fact describes.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::ConfigName;
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;

/// One node type's words: every node of the type has one of them (or a `\u` escape: a keyword
/// written with one) inside its span.
#[derive(Debug, Clone, PartialEq)]
pub struct WalkKeyword {
    pub node_type: ConfigName,
    pub words: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawWalk {
    #[serde(default)]
    keywords: BTreeMap<Spanned<String>, Spanned<Vec<String>>>,
    #[serde(default)]
    comments: Option<Spanned<String>>,
    #[serde(default)]
    outside_span: Vec<Spanned<String>>,
    #[serde(default)]
    errors: Option<Spanned<String>>,
}

/// A field of `[walk] outside_span`: `Struct.field`, by the schema's (Rust) names.
#[derive(Debug, Clone, PartialEq)]
pub struct WalkField {
    pub struct_name: String,
    pub field: String,
    pub location: Location,
}

/// `[walk]`, checked: the node types' words, the types of the comments and of the errors, and the
/// fields outside their struct's span.
pub(super) struct Walk {
    pub(super) keywords: Vec<WalkKeyword>,
    pub(super) comments: Option<ConfigName>,
    pub(super) outside_span: Vec<WalkField>,
    pub(super) errors: Option<ConfigName>,
}

/// Checks `[walk]`: each type's words are a non-empty list of non-empty ASCII words (a search of
/// the source for them must find them where the span's offsets count, in UTF-16 units or bytes
/// alike). Whether the types are node types is the model's to check.
pub(super) fn check(raw: RawWalk, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Walk {
    let location = |span: std::ops::Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let mut keywords = Vec::new();
    for (node_type, words) in raw.keywords {
        let bad = words.get_ref().is_empty()
            || words.get_ref().iter().any(|w| w.is_empty() || !w.bytes().all(|b| b.is_ascii_graphic()));
        if bad {
            diagnostics.push(
                Diagnostic::new(format!("`walk.keywords.{}` must be a list of words", node_type.get_ref()))
                    .at(location(words.span()))
                    .with_help("one or more words of printable ASCII (such as [\"debugger\"]), one of which the source text of every node of the type holds"),
            );
            continue;
        }
        keywords.push(WalkKeyword {
            node_type: ConfigName { location: location(node_type.span()), name: node_type.into_inner() },
            words: words.into_inner(),
        });
    }
    let mut outside_span = Vec::new();
    for entry in raw.outside_span {
        match entry.get_ref().split_once('.') {
            Some((struct_name, field)) if !struct_name.is_empty() && !field.is_empty() && !field.contains('.') => {
                outside_span.push(WalkField { struct_name: struct_name.to_owned(), field: field.to_owned(), location: location(entry.span()) });
            }
            _ => diagnostics.push(
                Diagnostic::new(format!("`walk.outside_span` entry `{}` is not `Struct.field`", entry.get_ref()))
                    .at(location(entry.span()))
                    .with_help("name a struct of the schema and one of its fields, as Rust names them (such as \"Class.decorators\")"),
            ),
        }
    }
    // (Whether they name structs and fields of the schema is the model's to check.)
    let name = |name: Spanned<String>| ConfigName { location: location(name.span()), name: name.into_inner() };
    Walk { keywords, comments: raw.comments.map(name), outside_span, errors: raw.errors.map(name) }
}
