//! How schema types become JS values: one model, computed once from the schema and the
//! configuration (`build.rs`), that every emitter reads. Each dialect has its rules, behind one
//! trait (`rules.rs`): rawast's schemas follow `[mapping]` (`rawast.rs`), oxc's its
//! `#[estree(...)]` attributes, for each of its output variants (`oxc/`). The values are described
//! in `values.rs`, what `deserialize` returns in `result.rs`, what cannot work in `check.rs`, what
//! works but may surprise in `notes.rs`. The predicates every emitter asks are defined here once:
//! [`Model::is_node`], [`Model::builds_nodes`], [`Model::may_nest`] (through a cycle of the type
//! graph, `graph.rs`), [`Model::accepted_types`] (the producer's dispatch) and
//! [`Model::visitor_keys`] (`visitor.rs`); what a walk led by words asks is in `walk.rs`.

mod build;
mod check;
mod dialects;
pub mod graph;
mod notes;
mod oxc;
mod rawast;
mod result;
mod rules;
mod values;
mod visitor;
mod walk;

use crate::config::Mapping;
use crate::diagnostic::Diagnostics;
use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

/// The root of an oxc schema's buffers, which the configuration's `[schema]` names for the dialect.
pub use crate::config::OXC_ROOT;
pub use check::{check_case, check_target};
pub use notes::discriminator_field_notes;
pub use oxc::{
    Added, ConverterKeeps, Variant as OutputVariant, added_declarations, converter_reads, converter_reads_in,
    declared_properties, made_node_types, made_node_types_in,
};
use rawast::node_span_field;
pub use rawast::variant_string;
pub use result::{Channel, ResultShape};
pub use values::{
    EnumModel, FieldPath, ObjectModel, Property, PropertyValue, SpanPart, StructAt, TypeField, VariantModel,
    VariantValue, WalkedStruct,
};
pub use visitor::{VisitorEntry, VisitorKeys};

/// The JS shape of every type of a schema.
#[derive(Debug, Clone)]
pub struct Model {
    pub mapping: Mapping,
    /// By `TypeId`: `Some` for structs.
    objects: Vec<Option<ObjectModel>>,
    /// By `TypeId`: `Some` for enums.
    enums: Vec<Option<EnumModel>>,
    /// By `TypeId`: `Some` for structs, what a walk meets in their objects.
    walked: Vec<Option<WalkedStruct>>,
    /// By `TypeId`: whether reading a value of the type may make a node.
    builds: Vec<bool>,
    /// Which types hold which, and the cycles among them.
    pub graph: graph::TypeGraph,
    /// `None` when the configuration names no root.
    pub result: Option<ResultShape>,
    /// What lazy targets export; the errors are theirs only (`generate` reports them when a target
    /// is lazy).
    visitor_keys: Result<VisitorKeys, Diagnostics>,
    /// The output variant it is the model of (oxc's; rawast's schemas have one).
    pub variant: OutputVariant,
}

/// What a struct's field is in JS: what the producer, which fills fields, needs to know.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldRole<'m> {
    /// `#[estree(skip)]`: not in JS.
    Skipped,
    /// The node's span.
    NodeSpan,
    /// Its fields are properties of this object.
    Flattened,
    /// Returned beside the root.
    Channel,
    /// A property with this key.
    Property(&'m str),
}

impl Model {
    /// The object a struct becomes; `None` for enums.
    pub fn object(&self, id: TypeId) -> Option<&ObjectModel> {
        self.objects[id.0].as_ref()
    }

    /// The value an enum becomes; `None` for structs.
    pub fn enumeration(&self, id: TypeId) -> Option<&EnumModel> {
        self.enums[id.0].as_ref()
    }

    /// Whether a struct is a node: an object with a type name and a span.
    pub fn is_node(&self, id: TypeId) -> bool {
        self.walked(id).is_some_and(|w| !w.node_types.is_empty())
    }

    /// What a walk meets in a struct's objects; `None` for enums.
    pub fn walked(&self, id: TypeId) -> Option<&WalkedStruct> {
        self.walked[id.0].as_ref()
    }

    /// Whether a field's value, or joined fields' (oxc's `prepend_to`), may make a node; `false` for
    /// other properties.
    pub fn fields_build_nodes(&self, value: &PropertyValue) -> bool {
        match value {
            PropertyValue::Field { ty, .. } => self.builds_nodes(ty),
            PropertyValue::Joined { parts, .. } => parts.iter().any(|(_, ty)| self.builds_nodes(ty)),
            _ => false,
        }
    }

    /// The node type name of a node struct.
    pub fn node_type(&self, id: TypeId) -> Option<&str> {
        self.object(id)?.node_type.as_deref()
    }

    /// Every node type, each once, in the schema's order of the first struct that has it, with
    /// the structs that have it (several structs may make one type of node).
    pub fn node_types(&self, schema: &Schema) -> Vec<(&str, Vec<TypeId>)> {
        let mut types: Vec<(&str, Vec<TypeId>)> = Vec::new();
        for id in schema.ids() {
            for node_type in self.walked(id).map(|w| w.node_types.as_slice()).unwrap_or_default() {
                match types.iter_mut().find(|(t, _)| t == node_type) {
                    Some((_, ids)) => ids.push(id),
                    None => types.push((node_type, vec![id])),
                }
            }
        }
        types
    }

    /// Whether reading a `ty` may make a node: a node struct, or something that leads to one.
    pub fn builds_nodes(&self, ty: &TypeRef) -> bool {
        reaches_builder(ty, &self.builds)
    }

    /// Whether the output reads a value that `leaf` holds true of (a `Str`, a `u64`): a property of
    /// some object, a data variant's payload or a channel, through `Box`, `Vec`, `Option` and
    /// `Cell`. Which readers a deserializer has is decided the same way.
    pub fn reads_value(&self, schema: &Schema, leaf: impl Fn(&TypeRef) -> bool) -> bool {
        let mut types: Vec<&TypeRef> = Vec::new();
        for id in schema.ids() {
            match (self.object(id), &schema.get(id).kind) {
                (Some(object), _) => types.extend(object.properties.iter().filter_map(|p| match &p.value {
                    PropertyValue::Field { ty, .. } => Some(ty),
                    _ => None,
                })),
                (None, TypeKind::Enum(e)) => types.extend(e.variants.iter().filter_map(|v| v.payload.as_ref())),
                (None, TypeKind::Struct(_)) => {}
            }
        }
        types.extend(self.result.iter().flat_map(|r| r.channels.iter().map(|c| &c.ty)));
        while let Some(ty) = types.pop() {
            if leaf(ty) {
                return true;
            }
            if let TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) = ty {
                types.push(inner);
            }
        }
        false
    }

    /// Whether reading a `ty` value may recurse without bound: it reaches a cycle of the type graph.
    pub fn may_nest(&self, ty: &TypeRef) -> bool {
        self.graph.may_nest(ty)
    }

    /// For each kind of object a walk meets, the properties that can lead to a node, or why a
    /// walker could miss some (`visitor.rs`).
    pub fn visitor_keys(&self) -> Result<&VisitorKeys, &Diagnostics> {
        self.visitor_keys.as_ref()
    }

    /// The node types a `ty` value can be, each with the struct that makes it (`None` when it is not
    /// a struct node).
    pub fn accepted_types(&self, schema: &Schema, ty: &TypeRef) -> Vec<(String, Option<TypeId>)> {
        match ty {
            TypeRef::Box(inner) | TypeRef::Option(inner) => self.accepted_types(schema, inner),
            TypeRef::Named(id) => match &schema.get(*id).kind {
                TypeKind::Struct(_) => self.node_type(*id).map(|t| (t.to_owned(), Some(*id))).into_iter().collect(),
                TypeKind::Enum(e) => e
                    .variants
                    .iter()
                    .filter_map(|v| v.payload.as_ref())
                    .flat_map(|p| self.accepted_types(schema, p))
                    .collect(),
            },
            _ => Vec::new(),
        }
    }

    /// What field `index` of struct `id` is in JS.
    pub fn field_role(&self, schema: &Schema, id: TypeId, index: usize) -> FieldRole<'_> {
        let TypeKind::Struct(s) = &schema.get(id).kind else { unreachable!("fields belong to structs") };
        let field = &s.fields[index];
        let object = self.object(id).expect("structs have an object model");
        let direct = |p: &&Property| match &p.value {
            PropertyValue::Field { at, .. } | PropertyValue::Span { at, .. } => {
                at.0.len() == 1 && at.0[0] == (id, index)
            }
            _ => false,
        };
        match object.properties.iter().find(direct) {
            Some(Property { value: PropertyValue::Span { .. }, .. }) => FieldRole::NodeSpan,
            Some(property) => FieldRole::Property(&property.key),
            None if field.estree.flatten && !field.estree.skip => FieldRole::Flattened,
            None if self
                .result
                .as_ref()
                .is_some_and(|r| r.root == id && r.channels.iter().any(|c| c.field == index)) =>
            {
                FieldRole::Channel
            }
            // A node's span under `spans = "none"` is read by no one, like a skipped field.
            None if node_span_field(schema, id) == Some(index) => FieldRole::NodeSpan,
            None => FieldRole::Skipped,
        }
    }
}

/// The struct of the schema named `name`, if there is one.
fn struct_named(schema: &Schema, name: &str) -> Option<TypeId> {
    schema.ids().find(|id| schema.get(*id).name == name && matches!(schema.get(*id).kind, TypeKind::Struct(_)))
}

/// Whether reading a `ty` may make a node, where `builds` says, by `TypeId`, which named types may.
fn reaches_builder(ty: &TypeRef, builds: &[bool]) -> bool {
    match ty {
        TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str | TypeRef::Builtin(_) => false,
        TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
            reaches_builder(inner, builds)
        }
        TypeRef::Named(id) => builds[id.0],
    }
}
