//! The walker of each type that can lead to a node: a struct's calls those of its fields (or builds
//! it whole, where a converter's value stands for it); a data enum's reads its tag and calls its
//! variant's payload's (one a converter reads is built whole); an `Option`'s, a `Vec`'s and a
//! `Box`'s read their niche or tag, length or pointer and call their contents'.

use super::built_whole::BuiltWhole;
use super::collector::{Collector, WalkTarget, WalkerParts};
use super::words::span_offset;
use super::{NodeIndex, NodeTypesOf, Step, WalkBody, WalkFunction};
use crate::context::EmitContext;
use crate::functions::builder::at;
use crate::functions::names::{type_comment, type_constant};
use crate::functions::text::{by_tag, js_array};
use crate::ir::{Enum, MetaId, TypeId, TypeKind, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout, Shape};
use crate::model::{ConverterKeeps, EnumModel, PropertyValue, TypeField, VariantValue, WalkedStruct};

impl Collector<'_, '_> {
    /// The walker of type `ty`.
    pub(super) fn type_function(&mut self, ty: &TypeRef) -> WalkFunction {
        let cx = self.cx;
        let layout = self.source.builder().layout;
        let name = self.name(&WalkTarget::Type(ty.clone()));
        let comment = type_comment(&cx.schema.rust_type(ty, "'a"), "");
        let (node, body, edges) = match ty {
            TypeRef::Named(id) => match (&cx.schema.get(*id).kind, &layout.get(*id).shape) {
                (TypeKind::Struct(_), Shape::Struct { .. }) => self.struct_walker(ty, *id, &name),
                (TypeKind::Enum(e), shape) => self.enum_walker(ty, *id, e, shape),
                _ => unreachable!("a type that can lead to a node is a struct or an enum"),
            },
            TypeRef::Option(inner) => self.option_walker(inner),
            TypeRef::Vec(inner) => self.vec_walker(inner),
            TypeRef::Box(inner) => self.box_walker(inner),
            _ => unreachable!("only structs, enums, `Option`s, `Vec`s and `Box`es lead to nodes"),
        };
        WalkFunction { name, comment, node, edges, body }
    }

    /// The walker of struct `id` (type `ty`, walker `name`): read field by field where it can be
    /// ([`reads_by_fields`]), else built whole, as it is where it is no node of the output but its
    /// converter makes nodes.
    fn struct_walker(&mut self, ty: &TypeRef, id: TypeId, name: &str) -> WalkerParts {
        let cx = self.cx;
        let walked = cx.model.walked(id).expect("structs are walked");
        let object = cx.model.object(id).expect("structs have an object model");
        // (A struct whose node types have no visitor keys is never in the output by its own: one a
        // converter reads its way into, `FormalParameterRest`. One whose converter makes nodes
        // would have no node to build them with: built whole.)
        let output = walked.node_types.iter().all(|t| self.node_types.contains(t));
        if reads_by_fields(cx, walked) && (output || walked.made.is_empty()) {
            return self.fields_walker(ty, id, name, walked, output);
        }
        match object.via {
            Some(converter) => self.converted(converter, BuiltWhole::Type(ty), id, None, (id, 0)),
            None => (
                NodeTypesOf::Always,
                WalkBody::Built { walk: self.unread_walk(BuiltWhole::Type(ty)), value_read: None },
                Vec::new(),
            ),
        }
    }

    /// The walker of struct `id` read field by field: its node, built whole where the visitor
    /// visits its type (`output`: its node types are the output's), and the walkers of its fields.
    fn fields_walker(
        &mut self,
        ty: &TypeRef,
        id: TypeId,
        name: &str,
        walked: &WalkedStruct,
        output: bool,
    ) -> WalkerParts {
        let cx = self.cx;
        let layout = self.source.builder().layout;
        let indices: Vec<usize> =
            if output { walked.node_types.iter().map(|t| self.node_index(t)).collect() } else { Vec::new() };
        let node = match (&walked.type_field, indices.as_slice()) {
            (_, []) => None,
            (None, [index]) => Some((NodeIndex::Fixed(*index), self.node_build(ty))),
            (Some(type_field), _) => {
                Some((node_index_by_tag(cx, layout, name, type_field, &indices), self.node_build(ty)))
            }
            (None, _) => unreachable!("several node types come from a `type` field"),
        };
        let children = self.field_steps(id, walked);
        let made: Vec<usize> = walked.made.iter().map(|t| self.node_index(t)).collect();
        let node_of = match (indices.is_empty(), made.is_empty()) {
            (true, _) => NodeTypesOf::Nothing,
            (false, true) => NodeTypesOf::Types(indices),
            (false, false) => NodeTypesOf::TypesMaking(indices, made),
        };
        let edges = children.iter().map(|s| s.walker).collect();
        // (A struct with a field whose nodes may lie outside its span is never skipped by it.)
        let span = if node.is_some() && !crate::model::Model::spans_outside(cx.schema, cx.config, id) {
            span_offset(cx, layout, id)
        } else {
            None
        };
        (node_of, WalkBody::Object { node, children, span }, edges)
    }

    /// The calls of the walkers of struct `id`'s properties that can lead to a node, in output
    /// order: a field's, each part's of a joined property, a converted property's.
    fn field_steps(&mut self, id: TypeId, walked: &WalkedStruct) -> Vec<Step> {
        let cx = self.cx;
        let layout = self.source.builder().layout;
        let mut children = Vec::new();
        for property in walked.properties.iter().flatten() {
            match &property.value {
                PropertyValue::Field { at: field, ty, .. } if cx.model.builds_nodes(ty) => {
                    children.push(self.step(ty, at("pos", field.offset(layout))))
                }
                PropertyValue::Joined { parts, .. } => {
                    for (path, ty) in parts.iter().filter(|(_, ty)| cx.model.builds_nodes(ty)) {
                        children.push(self.step(ty, at("pos", path.offset(layout))));
                    }
                }
                PropertyValue::Converted { converter, .. }
                    if cx.model.converter_builds_nodes(cx.schema, *converter) =>
                {
                    children.push(self.step_of(&WalkTarget::Property(id, property.key.clone()), "pos".to_owned()));
                }
                _ => {}
            }
        }
        children
    }

    /// The walker of enum `id` (type `ty`, of shape `shape`): a switch on a data enum's tag, or,
    /// where a converter reads the enum or some of its variants, its value built whole.
    fn enum_walker(&mut self, ty: &TypeRef, id: TypeId, e: &Enum, shape: &Shape) -> WalkerParts {
        let enumeration = self.cx.model.enumeration(id).expect("enums have a model");
        let converters = converters_of(enumeration);
        match shape {
            Shape::DataEnum { payload_offset } if converters.is_empty() => self.switch_walker(id, e, *payload_offset),
            _ => self.converted_enum_walker(ty, enumeration, converters),
        }
    }

    /// The walker of data enum `id`: each variant's tag, and the walker of its payload, at
    /// `payload_offset`, if it can lead to a node.
    fn switch_walker(&mut self, id: TypeId, e: &Enum, payload_offset: u32) -> WalkerParts {
        let cx = self.cx;
        let mut cases = Vec::new();
        for variant in &e.variants {
            let step = match &variant.payload {
                Some(payload) if cx.model.builds_nodes(payload) => Some(self.step(payload, at("pos", payload_offset))),
                _ => None,
            };
            cases.push((variant.discriminant, step));
        }
        let edges = cases.iter().filter_map(|(_, s)| s.as_ref().map(|s| s.walker)).collect();
        (NodeTypesOf::Nothing, WalkBody::Switch { what: cx.schema.get(id).name.clone(), cases }, edges)
    }

    /// The walker of one of oxc's enums that a converter reads whole, or some of whose variants
    /// one reads (`JSXElementName`'s `this`): `converters`. Built whole: small values.
    fn converted_enum_walker(&mut self, ty: &TypeRef, enumeration: &EnumModel, converters: Vec<MetaId>) -> WalkerParts {
        let cx = self.cx;
        let walk = self.unread_walk(BuiltWhole::Type(ty));
        let mut made = Vec::new();
        let mut edges = Vec::new();
        for converter in converters {
            made.extend(self.made_by(converter));
            // (A converter that takes only what holds no node of the values it reads, a name, a
            // span, holds none of theirs: it leads to the nodes it makes alone.)
            if cx.model.converter_keeps(cx.schema, converter, None) != ConverterKeeps::Nothing {
                edges.extend(self.read_by(converter));
            }
        }
        for payload in enumeration.variants.iter().filter_map(|v| match &v.value {
            VariantValue::Payload(p) if cx.model.builds_nodes(p) => Some(p.clone()),
            _ => None,
        }) {
            edges.push(self.index(&WalkTarget::Type(payload)));
        }
        (NodeTypesOf::Made(made), WalkBody::Built { walk, value_read: None }, edges)
    }

    /// The walker of an `Option` of `inner`: its `None` told by a niche or a tag.
    fn option_walker(&mut self, inner: &TypeRef) -> WalkerParts {
        let layout = self.source.builder().layout;
        let (none_check, payload) = self.source.builder().none_test(inner, "pos");
        let some = self.step(inner, payload);
        let edges = vec![some.walker];
        let tagged = matches!(layout.option_repr(inner), OptionRepr::Tagged { .. });
        (NodeTypesOf::Nothing, WalkBody::Option { none_check, some, tagged }, edges)
    }

    /// The walker of a `Vec` of `inner`: its elements', or, in a walk led by words, those of the
    /// elements that may hold a word (where their spans can be read).
    fn vec_walker(&mut self, inner: &TypeRef) -> WalkerParts {
        let layout = self.source.builder().layout;
        let element_layout = layout.of(inner);
        let element = self.step(inner, "element".to_owned());
        let edges = vec![element.walker];
        let spans = if self.by_words { self.spans_of(inner) } else { None };
        (
            NodeTypesOf::Nothing,
            WalkBody::Vec {
                len_offset: layout.width.bytes(),
                element_size: element_layout.size,
                cost: element_layout.size.max(1),
                align_mask: element_layout.align - 1,
                element,
                spans,
            },
            edges,
        )
    }

    /// The walker of a `Box` of `inner`: its target's, at its pointer.
    fn box_walker(&mut self, inner: &TypeRef) -> WalkerParts {
        let target_layout = self.source.builder().layout.of(inner);
        let target = self.step(inner, "target".to_owned());
        let edges = vec![target.walker];
        (
            NodeTypesOf::Nothing,
            WalkBody::Boxed {
                size: target_layout.size,
                align_mask: target_layout.align - 1,
                paid: self.source.builder().box_paid(inner),
                target,
            },
            edges,
        )
    }
}

/// Whether a struct's walker reads it field by field: it has properties to read one by one, and
/// none of its fields that can hold a node is taken whole by a rawast converter (`convert`).
fn reads_by_fields(cx: &EmitContext, walked: &WalkedStruct) -> bool {
    walked.properties.as_ref().is_some_and(|properties| {
        properties.iter().all(|p| match &p.value {
            PropertyValue::Field { ty, convert, .. } => convert.is_none() || !cx.model.builds_nodes(ty),
            _ => true,
        })
    })
}

/// The node type of a struct whose `type` field (`type_field`) gives it: a table of the indices of
/// its node types (`indices`, in the field's strings' order) by tag, a constant named after walker
/// `name`.
fn node_index_by_tag(
    cx: &EmitContext,
    layout: &SchemaLayout,
    name: &str,
    (path, enum_ty, strings): &TypeField,
    indices: &[usize],
) -> NodeIndex {
    let table =
        by_tag(strings.iter().zip(indices).map(|((discriminant, _), index)| (*discriminant, index.to_string())));
    NodeIndex::ByTag {
        offset: path.offset(layout),
        table: type_constant(name, "TYPES"),
        values: js_array([table]),
        what: cx.schema.rust_type(enum_ty, "'a"),
    }
}

/// The converters an enum's value or some of its variants' are (oxc's `via`), the enum's first.
fn converters_of(enumeration: &EnumModel) -> Vec<MetaId> {
    enumeration
        .via
        .into_iter()
        .chain(enumeration.variants.iter().filter_map(|v| match v.value {
            VariantValue::Converted(converter) => Some(converter),
            _ => None,
        }))
        .collect()
}
