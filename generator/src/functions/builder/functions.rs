//! The functions [`Builder`] writes for rawast's format: each named type's (a struct's object, a
//! data enum's `switch`, a fieldless enum's strings), the helpers of `Option`s, `Vec`s and `Box`es
//! (whose bodies oxc's deserializers share), and what `deserialize` returns.

use std::collections::BTreeSet;

use super::expr::{binary, call, numbered};
use super::{Builder, at, local_name};
use crate::context::EmitContext;
use crate::functions::function::{Body, Case, Function, Prop, PropKind, ResultEntry, ResultView};
use crate::functions::names::{type_comment, type_constant};
use crate::functions::text::{JsKey, js_string};
use crate::ir::{Primitive, TypeId, TypeKind, TypeRef};
use crate::layout::Shape;
use crate::model::{self, FieldPath, Property, PropertyValue, SpanPart};

impl Builder<'_> {
    /// The result: the root read at offset `root`, each channel from the root's fields.
    pub(crate) fn result(&self, read_root: String) -> ResultView {
        let result = self.cx.result();
        let Shape::Struct { field_offsets } = &self.layout.get(result.root).shape else {
            unreachable!("the root is a struct")
        };
        let TypeKind::Struct(root) = &self.cx.schema.get(result.root).kind else {
            unreachable!("the root is a struct")
        };
        let root_entry = ResultEntry { key: JsKey::new(&result.root_key), read: read_root, doc: "object" };
        let channels = result.channels.iter().map(|c| {
            let field = field_label(self.cx, result.root, &root.fields[c.field].name);
            ResultEntry {
                key: JsKey::new(&c.key),
                read: self.read_in(&c.ty, &binary("root", "+", field_offsets[c.field]), "null", &field),
                doc: if matches!(c.ty, TypeRef::Vec(_)) { "object[]" } else { "*" },
            }
        });
        ResultView { entries: std::iter::once(root_entry).chain(channels).collect() }
    }

    /// The function of a named type: an object's, a data enum's switch, a fieldless enum's strings.
    pub(crate) fn named_function(&self, id: TypeId) -> Function {
        let def = self.cx.schema.get(id);
        let name = self.function_name(&TypeRef::Named(id));
        match (&def.kind, &self.layout.get(id).shape) {
            (TypeKind::Struct(_), Shape::Struct { .. }) => self.object_function(id, name),
            (TypeKind::Enum(_), Shape::DataEnum { payload_offset }) => self.switch_function(id, name, *payload_offset),
            (TypeKind::Enum(e), _) => {
                let values = crate::functions::text::by_tag(
                    e.variants.iter().map(|v| (v.discriminant, js_string(model::variant_string(v)))),
                );
                let constant = type_constant(&def.name, "STRINGS");
                Function {
                    name,
                    params: "pos",
                    comment: type_comment(&def.name, " as its string"),
                    body: Body::Strings { constant, what: def.name.clone(), values },
                }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
    }

    /// The function of struct `id`, named `name`: its object.
    fn object_function(&self, id: TypeId, name: String) -> Function {
        let is_node = self.cx.model.is_node(id);
        let props = self.props(id, "pos", self.parent_links && is_node);
        let is_node = is_node && self.parent_links;
        // A node with parent links builds its children after itself: only they are tried.
        let defers = props.iter().any(|p| p.deferred.is_some() && (p.is_child || !is_node));
        let locals =
            props.iter().filter(|p| p.deferred.is_some()).map(|p| p.local.as_str()).collect::<Vec<_>>().join(", ");
        Function {
            name,
            params: self.params(&TypeRef::Named(id)),
            comment: type_comment(&self.cx.schema.get(id).name, ""),
            body: Body::Object { props, is_node, defers, locals, prototype: None },
        }
    }

    /// The function of data enum `id`, named `name`: a `switch` on its tag, each case reading its
    /// variant's payload at `payload_offset`.
    fn switch_function(&self, id: TypeId, name: String, payload_offset: u32) -> Function {
        let def = self.cx.schema.get(id);
        let TypeKind::Enum(e) = &def.kind else { unreachable!("a data enum is an enum") };
        let cases = e
            .variants
            .iter()
            .map(|v| {
                let value = match &v.payload {
                    Some(payload) => self.read_payload_in(
                        payload,
                        &at("pos", payload_offset),
                        "parent",
                        &member_label(&def.name, "::", &v.name),
                    ),
                    None => "null".to_owned(),
                };
                Case { discriminant: v.discriminant, statements: String::new(), value }
            })
            .collect();
        Function {
            name,
            params: self.params(&TypeRef::Named(id)),
            comment: type_comment(&def.name, ": the variant's payload"),
            body: Body::Switch { what: def.name.clone(), cases },
        }
    }

    /// The properties of struct `id` stored at `pos`, in the model's order. `node_links`: the struct
    /// is a node whose children point back at it (`is_child` props, built after the node).
    pub(crate) fn props(&self, id: TypeId, pos: &str, node_links: bool) -> Vec<Prop> {
        let object = self.cx.model.object(id).expect("structs have an object model");
        let mut props: Vec<Prop> =
            object.properties.iter().map(|property| self.prop(property, pos, node_links)).collect();
        // Keys that are no identifiers may give one local twice (`a-b`, `a_b`): number those.
        let mut seen = BTreeSet::new();
        for (index, prop) in props.iter_mut().enumerate() {
            if !seen.insert(prop.local.clone()) {
                prop.local = numbered(&prop.local, index);
            }
        }
        props
    }

    /// One property of a struct stored at `pos`, as [`Builder::props`] lists it.
    fn prop(&self, property: &Property, pos: &str, node_links: bool) -> Prop {
        let key = JsKey::new(&property.key);
        let u32_at = |offset: u32| self.read(&TypeRef::Primitive(Primitive::U32), &at(pos, offset));
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
                let mut value =
                    self.read_in(ty, &field_pos, if is_child { "node" } else { "parent" }, &self.label(field));
                // `resolveDeferred` reads it later with the same enclosing node. A converted
                // value (a literal's) is read whole, never left for later.
                let deferred = (convert.is_none() && self.cx.model.may_nest(ty))
                    .then(|| call("defer", &[&self.function_name(ty), &field_pos]));
                if let Some(converter) = convert {
                    // The position, for the error a value that cannot be converted throws.
                    value = call(converter.js_function(), &[&value, &field_pos]);
                }
                let kind = if Some(property.key.as_str()) == self.cx.model.mapping.discriminator.as_deref() {
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
    }

    /// [`field_label`] of the field at the end of `path`.
    fn label(&self, path: &FieldPath) -> String {
        let &(holder, index) = path.0.last().expect("a field path has a field");
        let TypeKind::Struct(s) = &self.cx.schema.get(holder).kind else {
            unreachable!("field paths go through structs")
        };
        field_label(self.cx, holder, &s.fields[index].name)
    }

    /// The helper function of a composite type (`Option`, `Vec`, `Box`), if it needs one.
    pub(crate) fn helper_function(&self, ty: &TypeRef) -> Option<Function> {
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
        Some(Function { name, params: self.params(ty), comment: type_comment(&rust, ""), body })
    }

    /// The helpers of every composite type the schema uses, but a `Box` that is only ever a
    /// variant's or an `Option`'s payload, which is read in place (`read_payload_in`).
    pub(crate) fn helper_functions(&self) -> Vec<Function> {
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
    pub(crate) fn vec_body(&self, inner: &TypeRef, may_defer: bool) -> Body {
        let layout = self.layout.of(inner);
        Body::Vec {
            len_offset: self.layout.width.bytes(),
            element_size: layout.size,
            cost: layout.size.max(1),
            align_mask: layout.align - 1,
            element: self.read(inner, "element"),
            deferred_element: (may_defer && self.cx.model.may_nest(inner))
                .then(|| call("defer", &[&self.function_name(inner), "element"])),
        }
    }

    /// The body of a `Box<inner>`'s reader; `read_first`: its function's name, where it reads its
    /// target first when the JS stack runs out below it.
    pub(crate) fn box_body(&self, inner: &TypeRef, read_first: Option<String>) -> Body {
        let layout = self.layout.of(inner);
        Body::Boxed {
            read: self.read(inner, "target"),
            size: layout.size,
            align_mask: layout.align - 1,
            paid: self.box_paid(inner),
            read_first,
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

/// `"Literal.value"`: the field of a type, as a JS string, for errors about its value.
fn field_label(cx: &EmitContext, id: TypeId, field: &str) -> String {
    member_label(&cx.schema.get(id).name, ".", field)
}

/// `"Owner.member"` or `"Owner::Member"`, as a JS string: what the errors of a value read for it
/// name.
fn member_label(owner: &str, separator: &str, member: &str) -> String {
    js_string(&format!("{owner}{separator}{member}"))
}
