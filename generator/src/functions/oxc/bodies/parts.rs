//! The pieces of an oxc reader's function that are no template of their own, each shape once
//! (`templates/js/oxc_body_parts.js`): [`bodies`](super) decides what each holds.

use askama::Template;

use super::super::emitter::Reader;

/// One piece of JS of a reader's function.
#[derive(Template)]
#[template(path = "js/oxc_body_parts.js", escape = "none")]
pub(in crate::functions::oxc) enum BodyPartJs<'a> {
    /// The function's comment: what it reads, `rust` its Rust type.
    Comment { rust: &'a str, reader: &'a Reader },
    /// `callee(args)`.
    Call { callee: &'a str, args: &'a str },
    /// `defer(function, pos)`: a value left for later where the JS stack runs out.
    Deferred { function: &'a str, pos: &'a str },
    /// `const name = value;`.
    Const { name: &'a str, value: &'a str },
    /// `sourceText.slice(start, end)`, or `null` where `none` (an `Option`'s test) holds.
    SourceSlice { none: Option<&'a str>, start: &'a str, end: &'a str },
    /// `[start, end]`.
    Range { start: &'a str, end: &'a str },
    /// The local that holds property `key` where a snippet reads it through `THIS`.
    ThisLocal { key: &'a str },
    /// The array of a field with others joined to it; `field` is its name in `PascalCase`.
    JoinedArray { field: &'a str },
    /// The constant of a fieldless enum's strings, by its name in `SCREAMING_CASE`.
    EnumStrings { screaming_name: &'a str },
}

impl BodyPartJs<'_> {
    /// The JS.
    pub(in crate::functions::oxc) fn text(&self) -> String {
        self.render().expect("a piece of a reader's function renders into a String")
    }
}
