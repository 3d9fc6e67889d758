//! Oxlint's nodes in oxc's snippets: object literals whose prototype is `NodeProto` (oxc's `LOC`,
//! its `loc` getter). oxc's generator marks them `__proto__: NodeProto`; a literal with
//! `__proto__` makes V8 set the prototype of an object it has already built, a runtime call per
//! node, many times a constructor's cost. So once a snippet is rendered,
//! each such literal becomes a call of its shape's constructor (`function::Prototype`, the one the
//! struct deserializers' nodes of that shape use), where it has only `key: value` and `key`
//! properties; one with a spread or a getter becomes `Object.create(NodeProto)` and its properties
//! assigned in order, in a comma expression through a temporary (`node$0`, `node$1` for a literal
//! inside it, …). A getter is defined as the literal would define it (enumerable, configurable).

mod js;

use self::js::{NodeLiteralJs, Piece};
use super::bodies::errors::WriteError;
use super::scan::{
    closing_brace, enclosing_brace, find_at_depth_zero, find_code, is_keyword, split_at_depth_zero, split_identifier,
    split_properties, words,
};
use crate::functions::function::{Construction, construction_of};
use crate::functions::text::JsKey;
use crate::ir::js_scan::string_literal;

/// Where oxc's `RANGE` opens a spread, `...(RANGE && { range: … })`, in Oxlint's deserializer: the
/// mark `render` leaves for `add_node_proto`.
pub(super) const RANGE_SPREAD_MARK: &str = "true /* RANGE */";

/// What `add_node_proto` puts at the start of a node's literal.
const NODE_OPEN: &str = "{ __proto__: NodeProto,";

/// oxc's `LOC` (its generator's `LocFieldAdder`): each object literal with a `range` spread is a
/// node, whose prototype is `NodeProto`: `__proto__: NodeProto` goes first.
pub(super) fn add_node_proto(text: &str) -> Result<String, String> {
    let mut out = text.to_owned();
    while let Some((at, _)) = find_code(&out, &[RANGE_SPREAD_MARK]) {
        // (The mark follows the spread's `...(`.)
        let open = enclosing_brace(&out[..at - "...(".len()]).ok_or(WriteError::RangeSpreadOutsideLiteral)?;
        out.replace_range(at..at + RANGE_SPREAD_MARK.len(), "true");
        out.insert_str(open + 1, &NODE_OPEN[1..]);
    }
    Ok(out)
}

/// A snippet's node literals rewritten (`to_assignments`).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Assignments {
    pub text: String,
    /// How many temporaries `text` uses (literals nest), which the caller declares.
    pub temporaries: usize,
    /// Getters' descriptors that mention nothing local: module constants, `(name, declaration)`.
    /// With the same getter functions in every call, the nodes keep one hidden class (a fresh
    /// descriptor gives each node a class of its own, and each program is read slower).
    pub hoisted: Vec<(String, String)>,
}

/// The constructor of a node's shape (`function::Prototype`), from its construction and its
/// `type`: the emitter's, where the shape has one; `None` keeps `Object.create` (tests).
pub(super) type Constructors<'c> = dyn FnMut(&Construction, Option<&str>) -> Result<Option<String>, String> + 'c;

/// `text` with each node literal (`add_node_proto`'s, its spreads folded) built by its shape's
/// constructor where it has only `key: value` and `key` properties (`constructors`), else by
/// `Object.create` and assignments (line breaks staying where they were). The constants a
/// getter's descriptor is hoisted to are named `{prefix}${key}`.
pub(super) fn to_assignments(
    text: &str,
    prefix: &str,
    constructors: &mut Constructors<'_>,
) -> Result<Assignments, String> {
    let mut literals = Literals { snippet: text, prefix, constructors, out: Assignments::default() };
    literals.out.text = literals.rewrite(text, 0)?;
    Ok(literals.out)
}

/// `statements` after the declaration of `count` temporaries: `var`, since two snippets of one
/// function may each declare them, and a `case` block's snippet returns from inside its block.
pub(super) fn declare_temporaries(count: usize, statements: &str) -> String {
    NodeLiteralJs::Temporaries { count, statements }.text()
}

struct Literals<'t, 'c> {
    /// The whole snippet, to tell what a getter mentions that it declares.
    snippet: &'t str,
    prefix: &'t str,
    constructors: &'t mut Constructors<'c>,
    out: Assignments,
}

impl Literals<'_, '_> {
    fn rewrite(&mut self, text: &str, depth: usize) -> Result<String, String> {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some((at, _)) = find_code(rest, &[NODE_OPEN]) {
            out.push_str(&rest[..at]);
            let body_at = at + NODE_OPEN.len();
            let close = closing_brace(&rest[body_at..]).ok_or(WriteError::NodeLiteralNotClosed)?;
            // Literals inside this one first, with temporaries of their own.
            let body = self.rewrite(&rest[body_at..body_at + close], depth + 1)?;
            match self.constructed(&body)? {
                Some(made) => out.push_str(&made),
                None => {
                    out.push_str(&self.assignments(&body, depth)?);
                    self.out.temporaries = self.out.temporaries.max(depth + 1);
                }
            }
            rest = &rest[body_at + close + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    /// `new Constructor(…)` of a node literal whose properties (`body`, after `__proto__`) are all
    /// `key: value` or `key`, where its shape has a constructor; `None` for the others. The values
    /// are evaluated in the same order as the assignments would be, only before the node exists:
    /// none mentions it (each literal has a temporary of its own, named by its depth).
    fn constructed(&mut self, body: &str) -> Result<Option<String>, String> {
        let mut values = Vec::new();
        for property in split_properties(body) {
            let property = property.trim();
            let (name, after) = split_identifier(property);
            if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || name == "__proto__" || name == "loc"
            {
                return Ok(None);
            }
            let value = if after.is_empty() {
                name
            } else if let Some(value) = after.trim_start().strip_prefix(':') {
                value.trim()
            } else {
                return Ok(None);
            };
            values.push((JsKey::new(name), value.to_owned()));
        }
        let node_type = values
            .iter()
            .find(|(key, _)| key.name == "type")
            .and_then(|(_, value)| string_literal(value))
            .map(str::to_owned);
        let made = construction_of(values.iter().map(|(key, value)| (key, value.as_str())));
        let constructor = (self.constructors)(&made, node_type.as_deref())?;
        Ok(constructor
            .map(|constructor| NodeLiteralJs::Constructed { constructor: &constructor, args: &made.args }.text()))
    }

    /// A node literal's properties (`body`, after `__proto__`) as a comma expression that builds
    /// the node in temporary `depth`: `(node$0 = Object.create(NodeProto), node$0.key = value, …,
    /// node$0)`.
    fn assignments(&mut self, body: &str, depth: usize) -> Result<String, String> {
        let mut pieces = Vec::new();
        for property in split_at_depth_zero(body, ',') {
            let trimmed = property.trim();
            pieces.push(if trimmed.is_empty() {
                // After the last comma: the blanks before the `}`.
                Piece { lead: property.to_owned(), step: None, trail: String::new() }
            } else {
                // The blanks before the property stay, so do its line breaks.
                Piece {
                    lead: property[..property.len() - property.trim_start().len()].to_owned(),
                    step: Some(self.assignment(trimmed, depth)?),
                    trail: property[property.trim_end().len()..].to_owned(),
                }
            });
        }
        let space = !Piece::end_blank(&pieces);
        Ok(NodeLiteralJs::Built { depth, pieces: &pieces, space }.text())
    }

    /// One property of a node literal as a step of `assignments`.
    fn assignment(&mut self, property: &str, depth: usize) -> Result<String, String> {
        // `...(test && { key: value, … })`: the properties where `test` holds (a spread of a falsy
        // value adds nothing).
        if let Some(spread) = property.strip_prefix("...(").and_then(|s| s.trim_end().strip_suffix(')'))
            && let Some((test_end, _)) = find_code(spread, &["&& {"])
            && find_at_depth_zero(&spread[..test_end], '{').is_none()
            && closing_brace(&spread[test_end + 4..]).map(|close| test_end + 4 + close) == Some(spread.len() - 1)
        {
            let test = spread[..test_end].trim();
            let mut steps = Vec::new();
            for inner in split_properties(&spread[test_end + 4..spread.len() - 1]) {
                steps.push(self.assignment(inner.trim(), depth)?);
            }
            return Ok(NodeLiteralJs::Guarded { test, steps: &steps }.text());
        }
        let not_a_property = || WriteError::NotANodeProperty(property.to_owned());
        let (name, after) = split_identifier(property);
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || name == "__proto__" {
            return Err(not_a_property().into());
        }
        // An assignment to `loc` would meet `NodeProto`'s getter (a literal defines its own).
        if name == "loc" {
            return Err(WriteError::LocAssigned(property.to_owned()).into());
        }
        if after.is_empty() {
            return Ok(NodeLiteralJs::Assigned { depth, key: name, value: name }.text());
        }
        if let Some(value) = after.trim_start().strip_prefix(':') {
            return Ok(NodeLiteralJs::Assigned { depth, key: name, value: value.trim_start() }.text());
        }
        // `get key() { … }`: defined as a literal defines it, enumerable and configurable.
        let getter = (name == "get").then(|| after.strip_prefix(' ')).flatten().ok_or_else(not_a_property)?;
        let (key, function) = split_identifier(getter);
        if key.is_empty() || !function.starts_with("()") {
            return Err(not_a_property().into());
        }
        let descriptor = NodeLiteralJs::Getter { function }.text();
        if !self.mentions_locals(property, function) {
            let prefix = self.prefix;
            let constant = NodeLiteralJs::HoistedName { prefix, key }.text();
            let declaration =
                NodeLiteralJs::Hoisted { prefix, key, constant: &constant, descriptor: &descriptor }.text();
            let defined = NodeLiteralJs::Defined { depth, key, descriptor: &constant }.text();
            self.out.hoisted.push((constant, declaration));
            return Ok(defined);
        }
        Ok(NodeLiteralJs::Defined { depth, key, descriptor: &descriptor }.text())
    }

    /// Whether the getter `property`, whose function is `function`, may mention a binding of the
    /// function it is in: a word of it that the snippet also has outside it (what the snippet
    /// declares; what the generated function around it declares, which a snippet reaches only as
    /// `pos` and `THIS`'s `this_…`, is named outright). Words in literals and comments are none;
    /// where the text does not scan, it may.
    fn mentions_locals(&self, property: &str, function: &str) -> bool {
        let outside = self.snippet.replacen(property, "", 1);
        let (Some(own), Some(outside)) = (words(function), words(&outside)) else { return true };
        own.into_iter().any(|word| {
            matches!(word, "pos" | "node" | "made" | "previousParent" | "parentBefore")
                || word.starts_with("this_")
                || word.starts_with("node$")
                || (!is_keyword(word) && outside.contains(&word))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &Construction, _: Option<&str>) -> Result<Option<String>, String> {
        Ok(None)
    }

    fn rewritten(text: &str) -> (String, usize) {
        let out = to_assignments(text, "deserializeT", &mut none).unwrap();
        assert!(out.hoisted.is_empty());
        (out.text, out.temporaries)
    }

    #[test]
    fn literals_become_assignments() {
        assert_eq!(rewritten("f(x)"), ("f(x)".to_owned(), 0));
        assert_eq!(
            rewritten("return { __proto__: NodeProto, type: 'T', value, range: [start, end], parent };"),
            ("return (node$0 = Object.create(NodeProto), node$0.type = 'T', node$0.value = value, node$0.range = [start, end], node$0.parent = parent, node$0);".to_owned(), 1)
        );
        // Values with commas, colons and braces of their own; a literal inside another.
        assert_eq!(
            rewritten("{ __proto__: NodeProto, a: f(b, c), d: x ? { e: 1, g } : '}', h: { __proto__: NodeProto, i: [1, 2] } }"),
            ("(node$0 = Object.create(NodeProto), node$0.a = f(b, c), node$0.d = x ? { e: 1, g } : '}', node$0.h = (node$1 = Object.create(NodeProto), node$1.i = [1, 2], node$1), node$0)".to_owned(), 2)
        );
        // A spread of a literal where a test holds: its properties where it holds.
        assert_eq!(
            rewritten("{ __proto__: NodeProto, id: null, ...(body !== null && { body, x: f(a, b), }), kind: 'k' }"),
            ("(node$0 = Object.create(NodeProto), node$0.id = null, body !== null && (node$0.body = body, node$0.x = f(a, b)), node$0.kind = 'k', node$0)".to_owned(), 1)
        );
    }

    #[test]
    fn getters_of_nothing_local_share_a_descriptor() {
        let text = "const p = { __proto__: NodeProto,\n  type: 'Program',\n  get comments() {\n    if (comments === null) init();\n    return comments;\n  },\n  start,\n};";
        let out = to_assignments(text, "deserializeProgram", &mut none).unwrap();
        let expected = "const p = (node$0 = Object.create(NodeProto),\n  node$0.type = 'Program',\n  Object.defineProperty(node$0, \"comments\", deserializeProgram$comments),\n  node$0.start = start,\nnode$0);";
        assert_eq!(out.text, expected);
        assert_eq!(out.hoisted.len(), 1);
        assert_eq!(out.hoisted[0].0, "deserializeProgram$comments");
        assert!(out.hoisted[0].1.ends_with("const deserializeProgram$comments = { get() {\n    if (comments === null) init();\n    return comments;\n  }, enumerable: true, configurable: true };"), "{}", out.hoisted[0].1);
    }

    #[test]
    fn getters_of_locals_get_a_descriptor_each() {
        // What the snippet declares, `pos` and `THIS`'s locals are the function's.
        for (text, defined) in [
            (
                "const start = 1;\nconst p = { __proto__: NodeProto, get a() { return start; }, start };",
                "Object.defineProperty(node$0, \"a\", { get() { return start; }, enumerable: true, configurable: true })",
            ),
            (
                "const start = 1;\nconst p = { __proto__: NodeProto, get a() { return pos; }, start };",
                "Object.defineProperty(node$0, \"a\", { get() { return pos; }, enumerable: true, configurable: true })",
            ),
            (
                "const start = 1;\nconst p = { __proto__: NodeProto, get a() { return this_x; }, start };",
                "Object.defineProperty(node$0, \"a\", { get() { return this_x; }, enumerable: true, configurable: true })",
            ),
        ] {
            let out = to_assignments(text, "deserializeT", &mut none).unwrap();
            assert!(out.hoisted.is_empty(), "{text}");
            assert!(out.text.contains(defined), "{}", out.text);
        }
    }

    #[test]
    fn other_properties_are_errors() {
        for (literal, property) in [
            ("{ __proto__: NodeProto, ...rest }", "...rest"),
            ("{ __proto__: NodeProto, 'a': 1 }", "'a': 1"),
            ("{ __proto__: NodeProto, [k]: 1 }", "[k]: 1"),
            ("{ __proto__: NodeProto, f() {} }", "f() {}"),
            ("{ __proto__: NodeProto, set a(v) {} }", "set a(v) {}"),
            ("{ __proto__: NodeProto, get a(x) {} }", "get a(x) {}"),
            ("{ __proto__: NodeProto, loc: null }", "loc: null"),
            ("{ __proto__: NodeProto, loc }", "loc"),
        ] {
            let error = to_assignments(literal, "f", &mut none).unwrap_err();
            assert!(error.contains(property), "{error}");
        }
        assert!(to_assignments("{ __proto__: NodeProto, a: 1", "f", &mut none).unwrap_err().contains("not closed"));
    }

    #[test]
    fn plain_literals_use_their_shapes_constructor() {
        let mut shapes = Vec::new();
        let mut constructors = |made: &Construction, node_type: Option<&str>| -> Result<Option<String>, String> {
            shapes.push((made.assignments.join(" "), node_type.map(str::to_owned)));
            Ok(Some(match node_type {
                Some("T") => "TNode".to_owned(),
                Some("I") => "INode".to_owned(),
                other => panic!("no constructor for {other:?}"),
            }))
        };
        let text = "return { __proto__: NodeProto, type: 'T', value: f(a, b), id: { __proto__: NodeProto, type: 'I', name }, parent };";
        let out = to_assignments(text, "deserializeT", &mut constructors).unwrap();
        assert_eq!(out.text, "return new TNode(f(a, b), new INode(name), parent);");
        assert_eq!(out.temporaries, 0);
        // A spread or a getter: `Object.create` and assignments.
        for text in [
            "{ __proto__: NodeProto, type: 'T', ...(x && { y }) }",
            "{ __proto__: NodeProto, type: 'T', get a() { return 1; } }",
        ] {
            assert!(
                to_assignments(text, "deserializeT", &mut constructors)
                    .unwrap()
                    .text
                    .starts_with("(node$0 = Object.create(NodeProto)"),
                "{text}"
            );
        }
        assert_eq!(
            shapes,
            [
                ("this.type = \"I\"; this.name = name;".to_owned(), Some("I".to_owned())),
                (
                    "this.type = \"T\"; this.value = value; this.id = id; this.parent = parent;".to_owned(),
                    Some("T".to_owned())
                ),
            ]
        );
    }
}
