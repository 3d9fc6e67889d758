//! `[walk]`: what the walkers may assume of the source. `keywords` names, for node types whose
//! source text always holds one of a few words (a `DebuggerStatement` is `debugger`, an
//! `ImportDeclaration` starts with `import`), those words: a walk that visits only such types skips
//! every node whose span holds none of them, without reading what the node holds. This is a fact
//! of the grammar, which the schema cannot say; conformance checks it on every corpus. `comments`
//! names the struct type of the source's comments: a word inside a comment's span is no node's
//! (a doc comment that says `import` leads nowhere), so a walk does not look for nodes there.

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
}

/// `[walk]`, checked: the node types' words, and the type of the comments, if named.
pub(super) struct Walk {
    pub(super) keywords: Vec<WalkKeyword>,
    pub(super) comments: Option<ConfigName>,
}

/// Checks `[walk]`: each type's words are a non-empty list of non-empty ASCII words (a search of
/// the source for them must find them where the span's offsets count, in UTF-16 units or bytes
/// alike). Whether the types are node types is the model's to check.
pub(super) fn check(raw: RawWalk, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Walk {
    let location = |span: std::ops::Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let mut keywords = Vec::new();
    for (node_type, words) in raw.keywords {
        let bad = words.get_ref().is_empty() || words.get_ref().iter().any(|w| w.is_empty() || !w.bytes().all(|b| b.is_ascii_graphic()));
        if bad {
            diagnostics.push(
                Diagnostic::new(format!("`walk.keywords.{}` must be a list of words", node_type.get_ref()))
                    .at(location(words.span()))
                    .with_help("one or more words of printable ASCII (such as [\"debugger\"]), one of which the source text of every node of the type holds"),
            );
            continue;
        }
        keywords.push(WalkKeyword { node_type: ConfigName { location: location(node_type.span()), name: node_type.into_inner() }, words: words.into_inner() });
    }
    // (Whether it names a struct of the schema with a span is the model's to check.)
    let comments = raw.comments.map(|name| ConfigName { location: location(name.span()), name: name.into_inner() });
    Walk { keywords, comments }
}
