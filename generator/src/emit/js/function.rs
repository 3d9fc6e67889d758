//! The template views of generated functions, for both buffer formats: a function and its body
//! ([`Function`], [`Body`]), an object's properties ([`Prop`]), what `deserialize` returns
//! ([`ResultView`]).

use crate::emit::text::JsKey;

/// What `deserialize` returns: `{ program: <root>, comments: <channel>, ... }`.
pub(in crate::emit::js) struct ResultView {
    /// The root key, and the JS expression of the root (of `root`, its offset).
    pub(in crate::emit::js) root: (JsKey, String),
    /// Each channel's key and the JS expression reading it.
    pub(in crate::emit::js) channels: Vec<(JsKey, String)>,
    /// JSDoc types of the channels, in order.
    pub(in crate::emit::js) channel_docs: Vec<&'static str>,
}

impl ResultView {
    /// `{ program, comments }`, for comments.
    pub(in crate::emit::js) fn shape(&self) -> String {
        let keys: Vec<&str> = std::iter::once(&self.root.0).chain(self.channels.iter().map(|(key, _)| key)).map(|key| key.literal.as_str()).collect();
        format!("{{ {} }}", keys.join(", "))
    }

    /// `program: object, comments: object[]`, for the JSDoc of `deserialize`.
    pub(in crate::emit::js) fn jsdoc(&self) -> String {
        let mut entries = vec![format!("{}: object", self.root.0.literal)];
        entries.extend(self.channels.iter().zip(&self.channel_docs).map(|((key, _), ty)| format!("{}: {ty}", key.literal)));
        entries.join(", ")
    }
}

/// One generated function.
pub(in crate::emit::js) struct Function {
    pub(in crate::emit::js) name: String,
    /// `pos`, or `pos, parent` for functions that build nodes on a target with parent links.
    pub(in crate::emit::js) params: &'static str,
    pub(in crate::emit::js) comment: String,
    pub(in crate::emit::js) body: Body,
}

pub(in crate::emit::js) enum Body {
    /// A node or plain object: `{ key: value, ... }`. `defers`: some of its values may nest, and
    /// are left for later (`Prop::deferred`) when the JS stack runs out below it: those are read
    /// first, each into its `Prop::local` (a node with parent links: into the node), so that the
    /// ones read already are kept.
    /// `locals`: those locals, declared together (`bodyValue, testValue`).
    /// `prototype`: the object's prototype where it is not `Object.prototype` (oxc's `LOC`:
    /// `NodeProto`): the object is made by `Object.create` and its properties assigned in order,
    /// which V8 builds ten times faster than a literal with `__proto__`.
    Object { props: Vec<Prop>, is_node: bool, defers: bool, locals: String, prototype: Option<String> },
    /// `statements`, then `return value;`: a converter's value (oxc's `via`), or one read.
    Returns { statements: String, value: String },
    /// `switch` over a tag byte; each case returns an expression of `pos`.
    Switch { what: String, cases: Vec<Case> },
    /// A fieldless enum: a lookup in a constant array of strings.
    Strings { constant: String, what: String, values: String },
    Option { none_check: String, some: String },
    /// `len_offset`: where the length lies after the pointer. `cost`: what each element takes from
    /// the read budget (its size, at least 1). `align_mask`: its alignment less one.
    /// `deferred_element`: `defer(reader, element)`, for elements that may nest: what the eager
    /// deserializer puts in their place, from the one being read, when the JS stack runs out.
    Vec { len_offset: u32, element_size: u32, cost: u32, align_mask: u32, element: String, deferred_element: Option<String> },
    /// `read`: the expression reading the target at `target`, of `size` bytes aligned to
    /// `align_mask + 1`. `paid`: the target may lead back here (`Model::may_nest`), so its size is
    /// taken from the read budget; the rest is read in bounded work from a struct or `Vec` already
    /// paid for. `read_first`: the reader, where the target is read first when the JS stack runs
    /// out below it (oxc's converters that look at what they read; `emit::js::oxc`).
    Boxed { read: String, size: u32, align_mask: u32, paid: bool, read_first: Option<String> },
}

/// One case of a `switch`: its statements (in a block of their own), then the value it returns.
pub(in crate::emit::js) struct Case {
    pub(in crate::emit::js) discriminant: u8,
    pub(in crate::emit::js) statements: String,
    pub(in crate::emit::js) value: String,
}

/// One property of an object, with the expression that reads it.
pub(in crate::emit::js) struct Prop {
    pub(in crate::emit::js) key: JsKey,
    pub(in crate::emit::js) value: String,
    /// Built after the node exists, so that its children can point back at it (linter target).
    pub(in crate::emit::js) is_child: bool,
    /// What it is, for the lazy target: read when the object is made, or by a getter.
    pub(in crate::emit::js) kind: PropKind,
    /// `defer(reader, pos)`, for a value that may nest (`Model::may_nest`): what the eager
    /// deserializer puts here instead when the JS stack runs out below the object.
    pub(in crate::emit::js) deferred: Option<String>,
    /// The local variable such a value is read into first (`bodyValue`).
    pub(in crate::emit::js) local: String,
    /// Statements that must run before `value` is evaluated (oxc's converters and joined fields).
    pub(in crate::emit::js) statements: String,
    /// Read into `local` before the other properties' statements: a converter reads it (oxc's
    /// `THIS.start`).
    pub(in crate::emit::js) read_first: bool,
}

impl Prop {
    /// A property read in place, as nothing else: no statements, never left for later.
    pub(in crate::emit::js) fn plain(key: JsKey, value: String, kind: PropKind) -> Self {
        Prop { key, value, is_child: false, kind, deferred: None, local: String::new(), statements: String::new(), read_first: false }
    }

    /// The expression of this property in an object whose values that may nest are left for later.
    pub(in crate::emit::js) fn deferred_or_value(&self) -> &str {
        self.deferred.as_deref().unwrap_or(&self.value)
    }

    /// Whether it is of the part of an object's properties `children` names: its children
    /// (`Some(true)`), the others (`Some(false)`), or all (`None`).
    pub(in crate::emit::js) fn is_in(&self, children: &Option<bool>) -> bool {
        children.is_none_or(|children| children == self.is_child)
    }

    /// The expression of this property in the object's literal: its local, if it was read first.
    pub(in crate::emit::js) fn literal_value(&self) -> &str {
        if self.deferred.is_some() || self.read_first { &self.local } else { &self.value }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::emit::js) enum PropKind {
    /// The type name: a constant.
    NodeType,
    /// A part of the node's span: numbers, read at once.
    Span,
    /// A field whose key is the discriminator's (comments' `type`): read at once, as a type is.
    OwnType,
    Field,
}

