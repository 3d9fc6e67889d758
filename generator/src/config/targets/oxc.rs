//! The settings of a target of oxc-parser's buffers: which of oxc's outputs it gives (TypeScript,
//! `range`, `parent`, Oxlint's), and where it takes strings from.

use serde::Deserialize;

use super::RawTarget;
use crate::config::error_at;
use crate::diagnostic::Diagnostic;
use crate::files::SourceFile;

/// The settings of a target of oxc-parser's buffers: which of oxc's outputs it gives. The rest
/// (layout, runtime, strings) is oxc-parser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OxcSettings {
    /// oxc's TypeScript output (`ts.js`) rather than its JS output (`js.js`).
    pub typescript: bool,
    /// `range: [start, end]` beside `start` and `end`.
    pub range: bool,
    /// Every node's `parent` (oxc's `PARENT` output, its `*_parent.js` deserializers).
    pub parent: bool,
    /// Oxlint's buffers and output (`linter = true`): the program at the data pointer, the source
    /// at the end; TypeScript, with `range` and `parent`, `loc` getters, comments and tokens read on
    /// demand, parentheses dropped (oxc's `LINTER`, `LOC` and not `PRESERVE_PARENS`).
    pub linter: bool,
    pub source_text: SourceText,
}

impl OxcSettings {
    /// The npm package that writes the buffers it reads: Oxlint's for `linter`, else oxc-parser's.
    pub fn producer(&self) -> &'static str {
        if self.linter { "oxlint" } else { "oxc-parser" }
    }

    /// The type at the root of the buffers it reads: oxc-parser's data (`OXC_ROOT`), or for
    /// Oxlint the program itself, at which its data pointer points.
    pub fn root_type(&self) -> &'static str {
        if self.linter { "Program" } else { crate::config::OXC_ROOT }
    }
}

/// Where an oxc target takes the text of names, `raw` values and comments from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceText {
    /// As oxc's own deserializer: slices of the `sourceText` argument (`raw` values and comments
    /// always, names when the text is ASCII): a text other than the one parsed gives other strings.
    #[default]
    Argument,
    /// Every string from the buffer alone (the source decoded from its bytes once per call): the
    /// argument is only checked for a length the source's bytes can have.
    Buffer,
}

/// An oxc target's settings. Oxlint's deserializer is one variant (`linter = true`): TypeScript,
/// with `range` and `parent`, strings from the buffer's source; the keys that choose another are
/// errors there.
pub(super) fn check(target: &RawTarget, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> OxcSettings {
    let linter = target.linter.as_ref().is_some_and(|l| *l.get_ref());
    if linter {
        for (name, written) in
            [("typescript", &target.typescript), ("range", &target.range), ("parent", &target.parent)]
        {
            if let Some(written) = written {
                diagnostics.push(error_at(
                    file,
                    written.span(),
                    format!("`{name}` is not a key of a target with linter = true"),
                    "Oxlint's deserializer is TypeScript, with `range` and `parent`".to_owned(),
                ));
            }
        }
        if let Some(written) = &target.source_text {
            diagnostics.push(error_at(
                file,
                written.span(),
                "`source_text` is not a key of a target with linter = true".to_owned(),
                "Oxlint's deserializer decodes the source from the buffer, where Oxlint writes it".to_owned(),
            ));
        }
    }
    OxcSettings {
        typescript: linter || target.typescript.as_ref().is_some_and(|t| *t.get_ref()),
        range: linter || target.range.as_ref().is_some_and(|r| *r.get_ref()),
        parent: linter || target.parent.as_ref().is_some_and(|p| *p.get_ref()),
        linter,
        source_text: target.source_text.as_ref().map_or_else(SourceText::default, |s| *s.get_ref()),
    }
}
