//! The JS a node literal becomes, each shape once (`templates/js/oxc_node_literal.js`): the
//! rewriting in [`node_literal`](super) decides what goes where, the template how it reads.

use askama::Template;

/// One piece of JS of a rewritten node literal; `depth` names the temporary `node$depth`.
#[derive(Template)]
#[template(path = "js/oxc_node_literal.js", escape = "none")]
pub(super) enum NodeLiteralJs<'a> {
    /// `new Constructor(args)`: a node made by its shape's constructor.
    Constructed { constructor: &'a str, args: &'a str },
    /// `(node$N = Object.create(NodeProto), …, node$N)`: the node built by its properties' steps.
    /// `space`: a blank goes before the closing `node$N`, which would follow a comma.
    Built { depth: usize, pieces: &'a [Piece], space: bool },
    /// `node$N.key = value`.
    Assigned { depth: usize, key: &'a str, value: &'a str },
    /// `test && (step, …)`: a spread's properties, where its test holds.
    Guarded { test: &'a str, steps: &'a [String] },
    /// `Object.defineProperty(node$N, "key", descriptor)`: a getter, as a literal defines it.
    Defined { depth: usize, key: &'a str, descriptor: &'a str },
    /// A getter's descriptor, enumerable and configurable; `function` follows `get`: `() { … }`.
    Getter { function: &'a str },
    /// The name of the module constant a getter's descriptor is hoisted to.
    HoistedName { prefix: &'a str, key: &'a str },
    /// The declaration of that constant, with why it is one.
    Hoisted { prefix: &'a str, key: &'a str, constant: &'a str, descriptor: &'a str },
    /// `var node$0, …;` for `count` temporaries, then `statements` on the lines after.
    Temporaries { count: usize, statements: &'a str },
}

impl NodeLiteralJs<'_> {
    /// The JS.
    pub(super) fn text(&self) -> String {
        self.render().expect("a node literal's JS renders into a String")
    }
}

/// A property between two commas of a node literal, as a step of `Built`: the blanks before it,
/// the step, the blanks after it (its line breaks stay where they were). Blanks alone, after the
/// last comma, have no step.
pub(super) struct Piece {
    pub(super) lead: String,
    pub(super) step: Option<String>,
    pub(super) trail: String,
}

impl Piece {
    /// Whether the text `pieces` write ends with a blank: what `Built`'s `space` is not.
    pub(super) fn end_blank(pieces: &[Piece]) -> bool {
        pieces
            .iter()
            .rev()
            .find_map(|piece| match piece.step {
                Some(_) => Some(!piece.trail.is_empty()),
                None => (!piece.lead.is_empty()).then_some(true),
            })
            .unwrap_or(false)
    }
}
