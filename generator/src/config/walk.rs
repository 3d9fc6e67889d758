//! `[walk]`: what the walkers may assume of the source. `keywords` names, for node types whose
//! source text always holds one of a few words (a `DebuggerStatement` is `debugger`, an
//! `ImportDeclaration` starts with `import`), those words: a walk that visits only such types skips
//! every node whose span holds none of them, without reading what the node holds. This is a fact
//! of the grammar, which the schema cannot say; conformance checks it on every corpus. `comments`
//! names the struct type of the source's comments: a word inside a comment's span is no node's
//! (a doc comment that says `import` leads nowhere), so a walk does not look for nodes there.
//! Skipping a node by its span trusts that its span holds every node it holds: `outside_span`
//! names the fields (`Struct.field`) whose values may lie outside the span of the struct holding
//! them (oxc's decorators written before `export`), whose structs a walk never skips by their span.
//! `errors` names the struct type of the parser's errors: a buffer whose root holds any is walked
//! without words, since a parser's recovery may make nodes that no fact of the grammar describes.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::ConfigName;
use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Location};

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
