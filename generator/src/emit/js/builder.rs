//! The JS expressions that read values ([`Builder`]): each type's reader and function name, a
//! struct's properties from the model, the helpers of `Option`s, `Vec`s and `Box`es.

use std::collections::BTreeSet;

use crate::config::{Int64, RawastSettings};
use crate::emit::EmitContext;
use crate::emit::text::{JsKey, js_string};
use crate::ir::{Builtin, Primitive, TypeId, TypeKind, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout, Shape};
use crate::model::{self, PropertyValue, SpanPart};

use super::function::{Body, Case, Function, Prop, PropKind, ResultView};

/// Writes the JS that reads values from a buffer, for either format: what differs between them is
/// data here (the layouts, parent links, 64-bit integers, how a niche's `None` is written) and the
/// functions the generated code calls (`templates/js/function.js`).
pub(in crate::emit::js) struct Builder<'a> {
    pub(in crate::emit::js) cx: &'a EmitContext<'a>,
    pub(in crate::emit::js) layout: &'a SchemaLayout,
    /// Nodes get a `parent` (linter layout): every function that can build nodes takes the enclosing
    /// node as a second argument, `parent`.
    pub(in crate::emit::js) parent_links: bool,
    pub(in crate::emit::js) int64: Int64,
    pub(in crate::emit::js) none: NoneValue,
}

/// Which value a niche-encoded `Option` writes for `None`: it depends on the rustc that built the
/// producer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::emit::js) enum NoneValue {
    /// This toolchain's rule (`layout`): rawast's producers are built with it.
    Layout,
    /// rustc 1.97's and later's (`Niche::none_value_since_rust_1_97`): oxc-parser 0.157's.
    SinceRust197,
}

/// `pos`, or `(pos + 8)`: an operand of `>>>`.
fn grouped(pos: &str) -> String {
    if pos.contains(' ') { format!("({pos})") } else { pos.to_owned() }
}

/// `pos` or `pos + 8`.
pub(in crate::emit::js) fn at(pos: &str, offset: u32) -> String {
    if offset == 0 { pos.to_owned() } else { format!("{pos} + {offset}") }
}

impl<'a> Builder<'a> {
    pub(in crate::emit::js) fn new(cx: &'a EmitContext<'a>, target: &RawastSettings) -> Self {
        Self {
            cx,
            layout: cx.layout(target.pointer_width),
            parent_links: target.parent_links(),
            int64: target.int64,
            none: NoneValue::Layout,
        }
    }

    /// The builder for oxc-parser's buffers: 64-bit layouts, no parent links, a newer rustc.
    pub(in crate::emit::js) fn oxc(cx: &'a EmitContext<'a>) -> Self {
        Self { cx, layout: cx.layout64, parent_links: false, int64: Int64::Number, none: NoneValue::SinceRust197 }
    }

    /// The result: the root read at offset `root`, each channel from the root's fields.
    pub(in crate::emit::js) fn result(&self, read_root: String) -> ResultView {
        let result = self.cx.result();
        let Shape::Struct { field_offsets } = &self.layout.get(result.root).shape else {
            unreachable!("the root is a struct")
        };
        let TypeKind::Struct(root) = &self.cx.schema.get(result.root).kind else {
            unreachable!("the root is a struct")
        };
        let channels = result
            .channels
            .iter()
            .map(|c| {
                let field = field_label(self.cx, result.root, &root.fields[c.field].name);
                (JsKey::new(&c.key), self.read_in(&c.ty, &format!("root + {}", field_offsets[c.field]), "null", &field))
            })
            .collect();
        let channel_docs =
            result.channels.iter().map(|c| if matches!(c.ty, TypeRef::Vec(_)) { "object[]" } else { "*" }).collect();
        ResultView { root: (JsKey::new(&result.root_key), read_root), channels, channel_docs }
    }

    /// `deserializeX`, named after the type: `deserializeOptionBoxIdentifier`.
    pub(in crate::emit::js) fn function_name(&self, ty: &TypeRef) -> String {
        format!("deserialize{}", self.type_suffix(ty))
    }

    fn type_suffix(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Primitive(p) => crate::casing::capitalized(p.rust_name()),
            TypeRef::Span => "Span".to_owned(),
            // oxc's types are named after what they are read as: its strings as `Str`, a
            // `NonZeroU32` as a `u32`, a `Cell<T>` as its `T`.
            TypeRef::Str | TypeRef::Builtin(Builtin::StrRef | Builtin::Ident) => "Str".to_owned(),
            TypeRef::Builtin(Builtin::JsStr) => "JSStr".to_owned(),
            TypeRef::Builtin(Builtin::NonZeroU32) => "U32".to_owned(),
            TypeRef::Builtin(Builtin::AtomicBool) => "Bool".to_owned(),
            TypeRef::Builtin(Builtin::PointerAlign) => "PointerAlign".to_owned(),
            TypeRef::Box(inner) => format!("Box{}", self.type_suffix(inner)),
            TypeRef::Vec(inner) => format!("Vec{}", self.type_suffix(inner)),
            TypeRef::Option(inner) => format!("Option{}", self.type_suffix(inner)),
            TypeRef::Cell(inner) => self.type_suffix(inner),
            TypeRef::Named(id) => self.cx.schema.get(*id).name.clone(),
        }
    }

    /// The JS expression reading a `ty` stored at `pos` (an expression), inside the node `parent`,
    /// in a helper function: the field it reads for is its argument `field`.
    pub(in crate::emit::js) fn read(&self, ty: &TypeRef, pos: &str) -> String {
        self.read_in(ty, pos, "parent", "field")
    }

    /// `read`, with the enclosing node given by the expression `parent`, and the field read for by
    /// the expression `field` (a string such as `"Literal.value"`, which the 64-bit readers of
    /// `int64 = "number"` name in their error: only the error path reads it).
    pub(in crate::emit::js) fn read_in(&self, ty: &TypeRef, pos: &str, parent: &str, field: &str) -> String {
        // Unsigned shifts: offsets reach 4 GiB, where `>>` would turn negative.
        let grouped = grouped(pos);
        let int64 = match self.int64 {
            Int64::Number => "",
            Int64::BigInt => "BigInt",
        };
        match ty {
            TypeRef::Primitive(p) => match p {
                // A producer writes 0 or 1: another byte is refused where it is read. A call,
                // not the test written out at each read: that costs a module's load more than
                // the call costs its reads.
                Primitive::Bool => format!("readBool({pos})"),
                Primitive::U8 => format!("uint8[{pos}]"),
                Primitive::I8 => format!("int8[{pos}]"),
                Primitive::U16 => format!("uint16[{grouped} >>> 1]"),
                Primitive::I16 => format!("int16[{grouped} >>> 1]"),
                Primitive::U32 => format!("uint32[{grouped} >>> 2]"),
                Primitive::I32 => format!("int32[{grouped} >>> 2]"),
                Primitive::U64 | Primitive::I64 if self.takes_field(ty) => {
                    format!("read{}{int64}({pos}, {field})", if *p == Primitive::U64 { "U64" } else { "I64" })
                }
                Primitive::U64 => format!("readU64{int64}({pos})"),
                Primitive::I64 => format!("readI64{int64}({pos})"),
                Primitive::F64 => format!("float64[{grouped} >>> 3]"),
            },
            TypeRef::Builtin(Builtin::NonZeroU32) => {
                self.read_in(&TypeRef::Primitive(Primitive::U32), pos, parent, field)
            }
            TypeRef::Builtin(Builtin::AtomicBool) => {
                self.read_in(&TypeRef::Primitive(Primitive::Bool), pos, parent, field)
            }
            TypeRef::Cell(inner) => self.read_in(inner, pos, parent, field),
            _ if self.takes_parent(ty) => format!("{}({pos}, {parent})", self.function_name(ty)),
            _ if self.takes_field(ty) => format!("{}({pos}, {field})", self.function_name(ty)),
            _ => format!("{}({pos})", self.function_name(ty)),
        }
    }

    /// `read_in` for an enum variant's or an `Option`'s payload: a `Box` is read in place, its
    /// pointer checked (and what it points to paid for, where that may lead back to it) by
    /// `readPointer` (`readPaidPointer`), then its target's function called, with no function of
    /// the `Box`'s own. Most nodes are a variant's boxed payload (`Expression`, `Statement`, …):
    /// that is a call less for each, which V8's lower tiers, where a linter's small files are read,
    /// pay in full. A `Box` whose function
    /// the caller must call (one read first, in oxc's deserializers) is not given to this.
    pub(in crate::emit::js) fn read_payload_in(&self, ty: &TypeRef, pos: &str, parent: &str, field: &str) -> String {
        match ty {
            TypeRef::Box(inner) => self.read_in(inner, &self.box_target(inner, pos), parent, field),
            _ => self.read_in(ty, pos, parent, field),
        }
    }

    /// The offset a `Box<inner>` at `pos` points to, checked (and paid for, like its function's).
    fn box_target(&self, inner: &TypeRef, pos: &str) -> String {
        let layout = self.layout.of(inner);
        let pointer = if self.box_paid(inner) { "readPaidPointer" } else { "readPointer" };
        format!("{pointer}({pos}, {}, {})", layout.size, layout.align - 1)
    }

    /// Whether reading a `Box<inner>` pays the bytes it points to from the budget: where they may
    /// lead back to the `Box` (a cycle of the type graph passes it); the rest is read in work the
    /// schema bounds, from a struct or `Vec` paid for already (`templates/js/readers.js`).
    pub(in crate::emit::js) fn box_paid(&self, inner: &TypeRef) -> bool {
        self.cx.model.may_nest(inner)
    }

    /// Whether [`Builder::read`] reads `ty` in place (a number, a flag), with no function of its own.
    pub(in crate::emit::js) fn reads_in_place(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Primitive(_) | TypeRef::Builtin(Builtin::NonZeroU32 | Builtin::AtomicBool) => true,
            TypeRef::Cell(inner) => self.reads_in_place(inner),
            _ => false,
        }
    }

    fn params(&self, ty: &TypeRef) -> &'static str {
        match (self.takes_parent(ty), self.takes_field(ty)) {
            (true, _) => "pos, parent",
            (false, true) => "pos, field",
            (false, false) => "pos",
        }
    }

    /// Whether reading `ty` may throw for a 64-bit integer past the safe integers (`int64 =
    /// "number"`), and so takes the name of the field it reads for. Named types pass their own.
    fn takes_field(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Primitive(Primitive::U64 | Primitive::I64) => self.int64 == Int64::Number,
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                self.takes_field(inner)
            }
            _ => false,
        }
    }

    /// Whether the function reading `ty` takes the enclosing node: it may build nodes.
    fn takes_parent(&self, ty: &TypeRef) -> bool {
        self.parent_links && self.cx.model.builds_nodes(ty)
    }

    /// The function of a named type: an object's, a data enum's switch, a fieldless enum's strings.
    pub(in crate::emit::js) fn named_function(&self, id: TypeId) -> Function {
        let def = self.cx.schema.get(id);
        let name = self.function_name(&TypeRef::Named(id));
        match (&def.kind, &self.layout.get(id).shape) {
            (TypeKind::Struct(_), Shape::Struct { .. }) => {
                let is_node = self.cx.model.is_node(id);
                let props = self.props(id, "pos", self.parent_links && is_node);
                let is_node = is_node && self.parent_links;
                // A node with parent links builds its children after itself: only they are tried.
                let defers = props.iter().any(|p| p.deferred.is_some() && (p.is_child || !is_node));
                let locals = props
                    .iter()
                    .filter(|p| p.deferred.is_some())
                    .map(|p| p.local.as_str())
                    .collect::<Vec<_>>()
                    .join(", ");
                Function {
                    name,
                    params: self.params(&TypeRef::Named(id)),
                    comment: format!("`{}`", def.name),
                    body: Body::Object { props, is_node, defers, locals, prototype: None },
                }
            }
            (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                let cases = e
                    .variants
                    .iter()
                    .map(|v| {
                        let value = match &v.payload {
                            Some(payload) => self.read_payload_in(
                                payload,
                                &at("pos", *payload_offset),
                                "parent",
                                &js_string(&format!("{}::{}", def.name, v.name)),
                            ),
                            None => "null".to_owned(),
                        };
                        Case { discriminant: v.discriminant, statements: String::new(), value }
                    })
                    .collect();
                Function {
                    name,
                    params: self.params(&TypeRef::Named(id)),
                    comment: format!("`{}`: the variant's payload", def.name),
                    body: Body::Switch { what: def.name.clone(), cases },
                }
            }
            (TypeKind::Enum(e), _) => {
                let values = crate::emit::text::by_tag(
                    e.variants.iter().map(|v| (v.discriminant, js_string(model::variant_string(v)))),
                );
                let constant = format!("{}_STRINGS", crate::casing::screaming_case(&def.name));
                Function {
                    name,
                    params: "pos",
                    comment: format!("`{}` as its string", def.name),
                    body: Body::Strings { constant, what: def.name.clone(), values },
                }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
    }

    /// The properties of struct `id` stored at `pos`, in the model's order. `node_links`: the struct
    /// is a node whose children point back at it (`is_child` props, built after the node).
    pub(in crate::emit::js) fn props(&self, id: TypeId, pos: &str, node_links: bool) -> Vec<Prop> {
        let object = self.cx.model.object(id).expect("structs have an object model");
        let discriminator = self.cx.model.mapping.discriminator.as_deref();
        let u32_at = |offset: u32| self.read(&TypeRef::Primitive(Primitive::U32), &at(pos, offset));
        let mut props = object
            .properties
            .iter()
            .map(|property| {
                let key = JsKey::new(&property.key);
                match &property.value {
                    PropertyValue::NodeType(name) => Prop::plain(key, js_string(name), PropKind::NodeType),
                    PropertyValue::Span { at: field, part } => {
                        let offset = field.offset(self.layout);
                        let value = match part {
                            SpanPart::Start => u32_at(offset),
                            SpanPart::End => u32_at(offset + 4),
                            SpanPart::Range => format!("[{}, {}]", u32_at(offset), u32_at(offset + 4)),
                            SpanPart::Object => format!("{{ start: {}, end: {} }}", u32_at(offset), u32_at(offset + 4)),
                        };
                        Prop::plain(key, value, PropKind::Span)
                    }
                    PropertyValue::Field { at: field, ty, convert } => {
                        // What may make nodes makes this node's children (parent-linked targets).
                        let is_child = node_links && self.cx.model.builds_nodes(ty);
                        // A node's children get the node itself as their parent.
                        let field_pos = at(pos, field.offset(self.layout));
                        let &(holder, index) = field.0.last().expect("a field path has a field");
                        let TypeKind::Struct(s) = &self.cx.schema.get(holder).kind else {
                            unreachable!("field paths go through structs")
                        };
                        let label = field_label(self.cx, holder, &s.fields[index].name);
                        let mut value = self.read_in(ty, &field_pos, if is_child { "node" } else { "parent" }, &label);
                        // `resolveDeferred` reads it later with the same enclosing node. A converted
                        // value (a literal's) is read whole, never left for later.
                        let deferred = (convert.is_none() && self.cx.model.may_nest(ty))
                            .then(|| format!("defer({}, {field_pos})", self.function_name(ty)));
                        if let Some(converter) = convert {
                            // The position, for the error a value that cannot be converted throws.
                            value = format!("{}({value}, {field_pos})", converter.js_function());
                        }
                        let kind = if Some(property.key.as_str()) == discriminator {
                            PropKind::OwnType
                        } else {
                            PropKind::Field
                        };
                        Prop { is_child, deferred, local: local_name(&property.key), ..Prop::plain(key, value, kind) }
                    }
                    PropertyValue::Converted { .. }
                    | PropertyValue::FromSpan { .. }
                    | PropertyValue::Joined { .. }
                    | PropertyValue::Range => {
                        unreachable!("oxc's values are made for the oxc dialect, which `oxc::emit` reads")
                    }
                }
            })
            .collect::<Vec<_>>();
        // Keys that are no identifiers may give one local twice (`a-b`, `a_b`): number those.
        let mut seen = BTreeSet::new();
        for (index, prop) in props.iter_mut().enumerate() {
            if !seen.insert(prop.local.clone()) {
                prop.local = format!("{}{index}", prop.local);
            }
        }
        props
    }

    /// The helper function of a composite type (`Option`, `Vec`, `Box`), if it needs one.
    pub(in crate::emit::js) fn helper_function(&self, ty: &TypeRef) -> Option<Function> {
        let name = self.function_name(ty);
        let rust = self.cx.schema.rust_type(ty, "'a");
        let body = match ty {
            TypeRef::Option(inner) => {
                let (none_check, payload) = self.none_test(inner, "pos");
                Body::Option { none_check, some: self.read_payload_in(inner, &payload, "parent", "field") }
            }
            TypeRef::Vec(inner) => self.vec_body(inner, true),
            TypeRef::Box(inner) => self.box_body(inner, None),
            // `Str` and `Span` have fixed helpers in the template.
            _ => return None,
        };
        Some(Function { name, params: self.params(ty), comment: format!("`{rust}`"), body })
    }

    /// The helpers of every composite type the schema uses, but a `Box` that is only ever a
    /// variant's or an `Option`'s payload, which is read in place (`read_payload_in`).
    pub(in crate::emit::js) fn helper_functions(&self) -> Vec<Function> {
        let schema = self.cx.schema;
        let mut called = BTreeSet::new();
        for def in schema.ids().map(|id| schema.get(id)) {
            match &def.kind {
                TypeKind::Struct(s) => s.fields.iter().for_each(|f| add_called(&f.ty, false, &mut called)),
                TypeKind::Enum(e) => e
                    .variants
                    .iter()
                    .filter_map(|v| v.payload.as_ref())
                    .for_each(|ty| add_called(ty, true, &mut called)),
            }
        }
        called.iter().filter_map(|ty| self.helper_function(ty)).collect()
    }

    /// The body of a `Vec<inner>`'s reader. `may_defer`: where the JS stack runs out below an
    /// element that may nest, it and the rest are left for later.
    pub(in crate::emit::js) fn vec_body(&self, inner: &TypeRef, may_defer: bool) -> Body {
        let layout = self.layout.of(inner);
        Body::Vec {
            len_offset: self.layout.width.bytes(),
            element_size: layout.size,
            cost: layout.size.max(1),
            align_mask: layout.align - 1,
            element: self.read(inner, "element"),
            deferred_element: (may_defer && self.cx.model.may_nest(inner))
                .then(|| format!("defer({}, element)", self.function_name(inner))),
        }
    }

    /// The body of a `Box<inner>`'s reader; `read_first`: its function's name, where it reads its
    /// target first when the JS stack runs out below it.
    pub(in crate::emit::js) fn box_body(&self, inner: &TypeRef, read_first: Option<String>) -> Body {
        let layout = self.layout.of(inner);
        Body::Boxed {
            read: self.read(inner, "target"),
            size: layout.size,
            align_mask: layout.align - 1,
            paid: self.box_paid(inner),
            read_first,
        }
    }

    /// The test that an `Option<inner>` at `pos` is `None`, and where its payload is.
    pub(in crate::emit::js) fn none_test(&self, inner: &TypeRef, pos: &str) -> (String, String) {
        match self.layout.option_repr(inner) {
            OptionRepr::Niche { offset, size, value } => {
                let value = match self.none {
                    NoneValue::Layout => value,
                    NoneValue::SinceRust197 => {
                        let niche = self.layout.of(inner).niche.expect("a niche-encoded Option's payload has a niche");
                        niche.none_value_since_rust_1_97().expect("a niche-encoded Option has a free value")
                    }
                };
                (self.equals(&at(pos, offset), size, value), pos.to_owned())
            }
            // A tag is 0 or 1 (`Some`): `true`, `false`, or the buffer's error, with no call on the
            // way, as a `bool` is read.
            OptionRepr::Tagged { tag_size, payload_offset } => {
                let check = format!(
                    "({} || ({} && invalidOptionTag({}, {pos})))",
                    self.equals(pos, tag_size, 0),
                    self.differs(pos, tag_size, 1),
                    self.value(pos, tag_size)
                );
                (check, at(pos, payload_offset))
            }
        }
    }

    /// `true` when the `size`-byte little-endian integer at `pos` is not `value`.
    fn differs(&self, pos: &str, size: u32, value: u64) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}] !== {value}"),
            2 => format!("uint16[{grouped} >>> 1] !== {value}"),
            4 => format!("uint32[{grouped} >>> 2] !== {value}"),
            _ => format!(
                "(uint32[{grouped} >>> 2] !== {} || uint32[({grouped} >>> 2) + 1] !== {})",
                value as u32,
                value >> 32
            ),
        }
    }

    /// The `size`-byte little-endian integer at `pos`, for an error's message (a `u64` exact up
    /// to 2^53).
    fn value(&self, pos: &str, size: u32) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}]"),
            2 => format!("uint16[{grouped} >>> 1]"),
            4 => format!("uint32[{grouped} >>> 2]"),
            _ => format!("uint32[{grouped} >>> 2] + uint32[({grouped} >>> 2) + 1] * 4294967296"),
        }
    }

    /// `true` when the `size`-byte little-endian integer at `pos` equals `value`.
    fn equals(&self, pos: &str, size: u32, value: u64) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}] === {value}"),
            2 => format!("uint16[{grouped} >>> 1] === {value}"),
            4 => format!("uint32[{grouped} >>> 2] === {value}"),
            _ => format!(
                "uint32[{grouped} >>> 2] === {} && uint32[({grouped} >>> 2) + 1] === {}",
                value as u32,
                value >> 32
            ),
        }
    }
}

/// Adds `ty` to `out`, with the types whose helpers a reader of it calls; `in_place`: `ty` is a
/// variant's or an `Option`'s payload, where a `Box` is read in place (`read_payload_in`).
fn add_called(ty: &TypeRef, in_place: bool, out: &mut BTreeSet<TypeRef>) {
    match ty {
        TypeRef::Box(inner) if in_place => add_called(inner, false, out),
        TypeRef::Option(inner) => {
            out.insert(ty.clone());
            add_called(inner, true, out);
        }
        TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Cell(inner) => {
            out.insert(ty.clone());
            add_called(inner, false, out);
        }
        _ => {
            out.insert(ty.clone());
        }
    }
}

/// The local a property's value is read into before its object is made: `bodyValue` (the key's
/// characters that cannot be in an identifier become `_`).
pub(in crate::emit::js) fn local_name(key: &str) -> String {
    let letters: String =
        key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
    format!("{letters}Value")
}

/// `"Literal.value"`: the field of a type, as a JS string, for errors about its value.
fn field_label(cx: &EmitContext, id: TypeId, field: &str) -> String {
    js_string(&format!("{}.{field}", cx.schema.get(id).name))
}
