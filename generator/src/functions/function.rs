//! The template views of generated functions, for both buffer formats: a function and its body
//! ([`Function`], [`Body`]), an object's properties ([`Prop`]), what `deserialize` returns
//! ([`ResultView`]).

use crate::functions::builder::expr::numbered;
use crate::functions::text::{JsKey, js_string};
use crate::ir::js_scan::string_literal;

/// What `deserialize` returns: `{ program: <root>, comments: <channel>, ... }`, the root first.
pub(crate) struct ResultView {
    pub(crate) entries: Vec<ResultEntry>,
}

/// One property of what `deserialize` returns: the root, or a channel.
pub(crate) struct ResultEntry {
    pub(crate) key: JsKey,
    /// The JS expression reading it (the root's, of `root`, its offset).
    pub(crate) read: String,
    /// Its JSDoc type, for the JSDoc of `deserialize`.
    pub(crate) doc: &'static str,
}

/// One generated function.
pub(crate) struct Function {
    pub(crate) name: String,
    /// `pos`, or `pos, parent` for functions that build nodes on a target with parent links.
    pub(crate) params: &'static str,
    pub(crate) comment: String,
    pub(crate) body: Body,
}

pub(crate) enum Body {
    /// A node or plain object: `{ key: value, ... }`. `defers`: some of its values may nest, and
    /// are left for later (`Prop::deferred`) when the JS stack runs out below it: those are read
    /// first, each into its `Prop::local` (a node with parent links: into the node), so that the
    /// ones read already are kept.
    /// `locals`: those locals, declared together (`bodyValue, testValue`).
    /// `prototype`: where the object's prototype is not `Object.prototype` (oxc's `LOC`:
    /// `NodeProto`), the constructor that makes it ([`Prototype`]).
    Object {
        props: Vec<Prop>,
        is_node: bool,
        defers: bool,
        locals: String,
        prototype: Option<Prototype>,
    },
    /// `statements`, then `return value;`: a converter's value (oxc's `via`), or one read.
    Returns {
        statements: String,
        value: String,
    },
    /// `switch` over a tag byte; each case returns an expression of `pos`.
    Switch {
        what: String,
        cases: Vec<Case>,
    },
    /// A fieldless enum: a lookup in a constant array of strings.
    Strings {
        constant: String,
        what: String,
        values: String,
    },
    Option {
        none_check: String,
        some: String,
    },
    /// `len_offset`: where the length lies after the pointer. `cost`: what each element takes from
    /// the read budget (its size, at least 1). `align_mask`: its alignment less one.
    /// `deferred_element`: `defer(reader, element)`, for elements that may nest: what the eager
    /// deserializer puts in their place, from the one being read, when the JS stack runs out.
    Vec {
        len_offset: u32,
        element_size: u32,
        cost: u32,
        align_mask: u32,
        element: String,
        deferred_element: Option<String>,
    },
    /// `read`: the expression reading the target at `target`, of `size` bytes aligned to
    /// `align_mask + 1`. `paid`: the target may lead back here (`Model::may_nest`), so its size is
    /// taken from the read budget; the rest is read in bounded work from a struct or `Vec` already
    /// paid for. `read_first`: the reader, where the target is read first when the JS stack runs
    /// out below it (oxc's converters that look at what they read; `functions::oxc`).
    Boxed {
        read: String,
        size: u32,
        align_mask: u32,
        paid: bool,
        read_first: Option<String>,
    },
}

/// An object whose prototype is not `Object.prototype` (oxc's `LOC`: `NodeProto`), made by a
/// constructor function whose `prototype` that is, one per shape (its `type`, its keys in order,
/// and which of them are always `null`, `true`, `false` or `[]`), shared by every function and
/// snippet that makes that shape. V8 gives a constructor's objects their properties in the object
/// itself, in one allocation, and keeps their hidden class alive with the function;
/// `Object.create` and assignments (the way Oxlint's deserializer builds its nodes) put all but
/// four in a property array that grows as they are added, and a literal with `__proto__` sets the
/// prototype of an object already built, a runtime call. One constructor per shape, not per function: nodes of one shape keep one hidden
/// class whichever function made them (`Identifier`s of seven places), as they do in Oxlint's
/// deserializer, where all share `Object.create`'s transitions.
pub(crate) struct Prototype {
    /// The constructor's name: `CallExpressionNode` (no `deserialize…` name: those are calls
    /// `nesting::check_recorded` counts).
    pub(crate) constructor: String,
    /// The arguments of `new` in this function: its [`Construction`]'s.
    pub(crate) args: String,
}

/// How a [`Prototype`]'s constructor makes one object: its parameters, its body's assignments in
/// the order of the object's keys, and the arguments of `new` at a place that calls it.
/// `null`, booleans, `[]` and the `type`'s string are written in its body, the other values passed.
pub(crate) struct Construction {
    pub(crate) params: String,
    pub(crate) assignments: Vec<String>,
    pub(crate) args: String,
}

/// How a constructor makes an object of `props`: a node with parent links whose children are read
/// into it afterwards (`children_after`: each child `null`, then `parent: previousParent`), or an
/// object made whole from its properties' values.
pub(crate) fn construction(props: &[Prop], children_after: bool) -> Construction {
    if children_after {
        let values = props.iter().map(|prop| (&prop.key, if prop.is_child { "null" } else { prop.literal_value() }));
        construction_of(values.chain(std::iter::once((&*PARENT_KEY, "previousParent"))))
    } else {
        construction_of(props.iter().map(|prop| (&prop.key, prop.literal_value())))
    }
}

static PARENT_KEY: std::sync::LazyLock<JsKey> = std::sync::LazyLock::new(|| JsKey::new("parent"));

pub(crate) fn construction_of<'a>(values: impl Iterator<Item = (&'a JsKey, &'a str)>) -> Construction {
    let (mut params, mut assignments, mut args) = (Vec::new(), Vec::new(), Vec::new());
    for (index, (key, value)) in values.enumerate() {
        // `null`, booleans and `[]` are written in the body, where they cost nothing at the call
        // (passing them all is measurably slower over a linter's pass); strings
        // other than the `type` are passed, so that `Identifier`s named `meta` or `new` keep the
        // shape of the others.
        let assigned = if matches!(value, "null" | "true" | "false" | "[]") {
            value.to_owned()
        } else if key.name == "type"
            && let Some(node_type) = string_literal(value)
        {
            // (`'T'`, as oxc's snippets write strings, is `"T"`: the same shape as a struct's node.)
            js_string(node_type)
        } else {
            let param = if !key.is_identifier() {
                numbered("p", index)
            } else if RESERVED.contains(&key.name.as_str()) {
                format!("{}$", key.name)
            } else {
                key.name.clone()
            };
            params.push(param.clone());
            args.push(value);
            param
        };
        assignments.push(format!("this{} = {assigned};", key.access));
    }
    Construction { params: params.join(", "), assignments, args: args.join(", ") }
}

/// Words a strict-mode parameter cannot be named (ESTree keys such as `static` and `arguments`).
const RESERVED: &[&str] = &[
    "arguments",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// One case of a `switch`: its statements (in a block of their own), then the value it returns.
pub(crate) struct Case {
    pub(crate) discriminant: u8,
    pub(crate) statements: String,
    pub(crate) value: String,
}

/// One property of an object, with the expression that reads it.
pub(crate) struct Prop {
    pub(crate) key: JsKey,
    pub(crate) value: String,
    /// Built after the node exists, so that its children can point back at it (linter target).
    pub(crate) is_child: bool,
    /// What it is, for the lazy target: read when the object is made, or by a getter.
    pub(crate) kind: PropKind,
    /// `defer(reader, pos)`, for a value that may nest (`Model::may_nest`): what the eager
    /// deserializer puts here instead when the JS stack runs out below the object.
    pub(crate) deferred: Option<String>,
    /// The local variable such a value is read into first (`bodyValue`).
    pub(crate) local: String,
    /// Statements that must run before `value` is evaluated (oxc's converters and joined fields).
    pub(crate) statements: String,
    /// Read into `local` before the other properties' statements: a converter reads it (oxc's
    /// `THIS.start`).
    pub(crate) read_first: bool,
}

impl Prop {
    /// A property read in place, as nothing else: no statements, never left for later.
    pub(crate) fn plain(key: JsKey, value: String, kind: PropKind) -> Self {
        Prop {
            key,
            value,
            is_child: false,
            kind,
            deferred: None,
            local: String::new(),
            statements: String::new(),
            read_first: false,
        }
    }

    /// The expression of this property in an object whose values that may nest are left for later.
    pub(crate) fn deferred_or_value(&self) -> &str {
        self.deferred.as_deref().unwrap_or(&self.value)
    }

    /// Whether it is of the part of an object's properties `children` names: its children
    /// (`Some(true)`), the others (`Some(false)`), or all (`None`).
    pub(crate) fn is_in(&self, children: &Option<bool>) -> bool {
        children.is_none_or(|children| children == self.is_child)
    }

    /// The expression of this property in the object's literal: its local, if it was read first.
    pub(crate) fn literal_value(&self) -> &str {
        if self.deferred.is_some() || self.read_first { &self.local } else { &self.value }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PropKind {
    /// The type name: a constant.
    NodeType,
    /// A part of the node's span: numbers, read at once.
    Span,
    /// A field whose key is the discriminator's (comments' `type`): read at once, as a type is.
    OwnType,
    Field,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prop(key: &str, value: &str, is_child: bool) -> Prop {
        Prop { is_child, ..Prop::plain(JsKey::new(key), value.to_owned(), PropKind::Field) }
    }

    #[test]
    fn the_type_and_constants_go_in_the_constructor_and_values_are_passed_in_order() {
        let props = [
            prop("type", "\"X\"", false),
            prop("static", "uint8[pos + 12] === 1", false),
            prop("body", "deserializeBody(pos + 16)", true),
            prop("a-b", "f(pos)", false),
            prop("name", "'meta'", false),
        ];
        let node = construction(&props, true);
        assert_eq!(node.params, "static$, p3, name, parent");
        assert_eq!(
            node.assignments,
            [
                "this.type = \"X\";",
                "this.static = static$;",
                "this.body = null;",
                "this[\"a-b\"] = p3;",
                "this.name = name;",
                "this.parent = parent;"
            ]
        );
        assert_eq!(node.args, "uint8[pos + 12] === 1, f(pos), 'meta', previousParent");
        let whole = construction(&props, false);
        assert_eq!(whole.params, "static$, body, p3, name");
        assert_eq!(whole.args, "uint8[pos + 12] === 1, deserializeBody(pos + 16), f(pos), 'meta'");
    }
}
