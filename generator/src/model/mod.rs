//! How schema types become JS values: one model, computed once from the schema and the
//! configuration, that every emitter reads — the eager and lazy deserializers, the `.d.ts`, the
//! Rust producer, and the deserializers of oxc-parser's buffers. Each dialect has its rules:
//! rawast's schemas follow `[mapping]` (`rawast.rs`), oxc's its `#[estree(...)]` attributes, for
//! each of its output variants (`oxc.rs`, [`Model::build_variant`]). By rawast's rules:
//!
//! - A struct is an object whose properties are listed, in order, by [`ObjectModel::properties`].
//!   Its first `Span` field is its span, written as `[mapping] spans` says. A struct with a span is
//!   a **node**: it carries its type name under the discriminator key, unless one of its own fields
//!   has that key (then the field supplies it, and the struct is a plain object with a span, as
//!   comments are).
//! - A data enum is its variant's payload; a fieldless enum is a string (`rename` or the name)
//!   ([`EnumModel`]).
//! - `Option` is `null` or the value, `Vec` an array, `Box` the value it points to, `Str` a string.
//! - `deserialize` returns the root node under `root_key`, and beside it each channel: a field of the
//!   root that is returned rather than kept as the root's property ([`ResultShape`]).
//!
//! The predicates every emitter asks, defined here once: [`Model::is_node`], [`Model::builds_nodes`]
//! (reading the value may make a node: on parent-linked targets its reader takes the parent),
//! [`Model::may_nest`] (reading the value may recurse without bound, through a cycle of the type
//! graph ([`graph`]): it can be left for later) and [`Model::accepted_types`] (the node types a
//! value can be: the producer's dispatch). [`Model::visitor_keys`] says what a walker follows to
//! every node (`visitor.rs`), from what a walk meets in each struct's objects ([`Model::walked`]:
//! their node types and the properties read one by one, oxc's converters included, `oxc.rs`).

mod check;
pub mod graph;
mod oxc;
mod rawast;
mod visitor;

use crate::config::{Config, Mapping};
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Converter, Dialect, MetaId, Schema, TypeId, TypeKind, TypeRef};
use crate::layout::{SchemaLayout, Shape};

/// The root of an oxc schema's buffers, which the configuration's `[schema]` names for the dialect.
pub use crate::config::OXC_ROOT;
pub use check::{check_case, check_target};
pub use oxc::{
    Variant as OutputVariant, converter_reads, converter_reads_in, declared_properties, made_node_types,
    made_node_types_in,
};
pub use rawast::variant_string;
use rawast::{enum_model, field_key, node_span_field, object_model};
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

/// A struct as a JS object.
#[derive(Debug, Clone)]
pub struct ObjectModel {
    /// The node's type name (its `#[estree(type)]`, else the Rust name); `None` for plain objects.
    pub node_type: Option<String>,
    /// In output order.
    pub properties: Vec<Property>,
    /// oxc's `#[estree(via = …)]`: the object is the converter's value instead (no properties).
    pub via: Option<MetaId>,
    /// A node that takes a `parent` where the output has parent links: oxc's objects with a `type`
    /// property and no `#[estree(no_parent)]`; rawast's nodes.
    pub parent: bool,
}

/// What a walk meets in a struct's objects: the model's view for walkers and visitor keys, where
/// oxc's converters make nodes that no property names (`model::oxc::walked`).
/// A struct's `type` field: where it is, its enum, and the enum's strings by discriminant.
pub type TypeField = (FieldPath, TypeRef, Vec<(u8, String)>);

#[derive(Debug, Clone)]
pub struct WalkedStruct {
    /// The node types its objects can have: its `type`, or each string of the fieldless enum its
    /// `type` field is (oxc's `Function`: `FunctionDeclaration`, `FunctionExpression`, ...); none
    /// for plain objects.
    pub node_types: Vec<String>,
    /// That field, its enum and the enum's strings by discriminant, where the type is read.
    pub type_field: Option<TypeField>,
    /// The properties a walk reads one by one, in output order; `None` where a converter's value
    /// of another shape is built whole instead.
    pub properties: Option<Vec<Property>>,
    /// Where a converter of the whole struct is walked by the struct's declared properties: the
    /// other node types its JS makes (oxc's `TSNamespaceDeclaration` makes the `TSQualifiedName`
    /// of `namespace A.B {}`), which a walk finds only in the value built.
    pub made: Vec<String>,
}

/// An enum as a JS value: its variant's.
#[derive(Debug, Clone)]
pub struct EnumModel {
    /// oxc's `#[estree(via = …)]` on the enum: the converter's value instead (no variants).
    pub via: Option<MetaId>,
    /// The variants JS sees, by discriminant.
    pub variants: Vec<VariantModel>,
}

#[derive(Debug, Clone)]
pub struct VariantModel {
    pub discriminant: u8,
    pub value: VariantValue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum VariantValue {
    /// A data variant: its payload's value.
    Payload(TypeRef),
    /// oxc's `#[estree(via = …)]` on the variant: the converter's value, with the payload at `POS`.
    Converted(MetaId),
    /// A fieldless variant: this string.
    String(String),
}

/// One property of an object.
#[derive(Debug, Clone)]
pub struct Property {
    pub key: String,
    pub value: PropertyValue,
    /// The field it comes from, for diagnostics; `None` for the discriminator.
    pub location: Option<Location>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PropertyValue {
    /// The discriminator: the node's type name.
    NodeType(String),
    /// The node's span, or a part of it, as `[mapping] spans` writes it.
    Span { at: FieldPath, part: SpanPart },
    /// A field's value.
    Field { at: FieldPath, ty: TypeRef, convert: Option<Converter> },
    /// oxc: a converter's `raw_deser` value, applied to the struct `within` (`via` on a field, or
    /// `add_fields`).
    Converted { converter: MetaId, within: StructAt },
    /// oxc's `from_span`: the source text the node's span covers. `option`: the `Option` field
    /// whose `None` makes it `null`.
    FromSpan { option: Option<(FieldPath, TypeRef)> },
    /// oxc's `prepend_to` / `append_to`: one array of the `Vec`s' elements and the `Option`s'
    /// values, in this order; `field` is the one that names it.
    Joined { field: FieldPath, parts: Vec<(FieldPath, TypeRef)> },
    /// oxc's `range`: `[start, end]` of the flattened span beside it.
    Range,
}

/// A struct inside an object: the node's own (an empty path), or one flattened into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructAt {
    pub id: TypeId,
    pub path: FieldPath,
}

/// How much of a span one property holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanPart {
    Start,
    End,
    /// `[start, end]`.
    Range,
    /// `{ start, end }`.
    Object,
}

/// Where a field's value lies: the struct's field, through the flattened fields that lead to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPath(pub Vec<(TypeId, usize)>);

impl FieldPath {
    /// The field's offset from the start of the outermost struct.
    pub fn offset(&self, layout: &SchemaLayout) -> u32 {
        self.0
            .iter()
            .map(|&(id, index)| match &layout.get(id).shape {
                Shape::Struct { field_offsets } => field_offsets[index],
                _ => unreachable!("field paths go through structs"),
            })
            .sum()
    }
}

/// What `deserialize` returns: `{ [root_key]: root, [channel.key]: channel value, ... }`.
#[derive(Debug, Clone)]
pub struct ResultShape {
    pub root: TypeId,
    pub root_key: String,
    pub channels: Vec<Channel>,
}

/// A field of the root returned beside it.
#[derive(Debug, Clone)]
pub struct Channel {
    pub key: String,
    /// The field's index in the root.
    pub field: usize,
    pub ty: TypeRef,
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
    /// Builds the model of `schema` under `config`'s mapping and root; every naming problem (two
    /// properties with one key, a key JS would misread, a channel that is no field) is a diagnostic.
    pub fn build(schema: &Schema, config: &Config) -> Result<Model, Diagnostics> {
        Self::build_variant(schema, config, OutputVariant::default())
    }

    /// [`Model::build`] for one of oxc's output variants (TypeScript, `range`): what oxc's
    /// attributes say depends on it. rawast's schemas have one output.
    pub fn build_variant(schema: &Schema, config: &Config, variant: OutputVariant) -> Result<Model, Diagnostics> {
        let mapping = config.mapping.clone();
        let mut diagnostics = Diagnostics::default();
        let result = result_shape(schema, config, &mut diagnostics);
        let channel_fields: Vec<usize> = result.iter().flat_map(|r| r.channels.iter().map(|c| c.field)).collect();
        let mut objects = Vec::new();
        let mut enums = Vec::new();
        for id in schema.ids() {
            let is_struct = matches!(schema.get(id).kind, TypeKind::Struct(_));
            objects.push(is_struct.then(|| match schema.dialect {
                Dialect::Oxc => oxc::object(schema, id, variant),
                Dialect::Rawast => {
                    let channels: &[usize] =
                        if result.as_ref().is_some_and(|r| r.root == id) { &channel_fields } else { &[] };
                    object_model(schema, &mapping, id, channels)
                }
            }));
            enums.push((!is_struct).then(|| match schema.dialect {
                Dialect::Oxc => oxc::enumeration(schema, id),
                Dialect::Rawast => enum_model(schema, id),
            }));
        }
        let walked = schema
            .ids()
            .map(|id| {
                let object = objects[id.0].as_ref()?;
                Some(match schema.dialect {
                    Dialect::Oxc => oxc::walked(schema, id, object, variant),
                    Dialect::Rawast => WalkedStruct {
                        node_types: object.node_type.iter().cloned().collect(),
                        type_field: None,
                        properties: Some(object.properties.clone()),
                        made: Vec::new(),
                    },
                })
            })
            .collect();
        let mut model = Model {
            mapping,
            objects,
            enums,
            walked,
            builds: Vec::new(),
            graph: graph::TypeGraph::new(schema),
            result,
            visitor_keys: Ok(VisitorKeys { entries: Vec::new() }),
            variant,
        };
        model.builds = builds_nodes_by_type(schema, &model);
        model.visitor_keys = visitor::visitor_keys(schema, &model);
        check::check_walk(schema, &model, config, &mut diagnostics);
        if schema.dialect == Dialect::Oxc {
            // oxc's rules let a later property replace an earlier one's value, and its
            // deserializers check their own recursion (`emit::js::oxc::nesting`).
            return diagnostics.into_result(model);
        }
        check::check_keys(schema, &model, &mut diagnostics);
        if let Some(cycle) = graph::undeferrable_cycle(schema, &model) {
            let names: Vec<&str> = cycle.iter().map(|&id| schema.get(id).name.as_str()).collect();
            diagnostics.push(
                Diagnostic::new(format!("`{}` can hold itself through enums, `Box`es and `Option`s alone ({})", names[0], names.join(" → ")))
                    .with_help("a data enum's JS value is its variant's payload, so no object or array lies between the levels and a deserializer could not read a value nested deeper than the JS stack holds; put a struct (an object) or a `Vec` (an array) on this cycle"),
            );
        }
        diagnostics.into_result(model)
    }

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

    /// Whether an oxc converter's value may hold a node: it makes one, or reads a value that may.
    pub fn converter_builds_nodes(&self, schema: &Schema, converter: MetaId) -> bool {
        converter_reaches(schema, converter, |ty| self.builds_nodes(ty))
    }

    /// What an oxc converter's value keeps of the values it reads, from its JS: nothing that can
    /// hold a node where each read is bound to a name and only properties of it that hold no node
    /// are taken (`ident.name`, `ident.start`: `JSXElementIdentifierReference` makes a
    /// `JSXIdentifier` of an `IdentifierReference`, which it does not hold); one read, where that
    /// read is its value, altered only in such properties (`JSXElementOpeningElement`'s
    /// `openingElement`, whose `selfClosing` it sets); else anything. `holder`: the struct whose
    /// object `THIS` is, if any; a property of it that may hold a node counts as kept unless the
    /// converter only compares it with `null`.
    pub fn converter_keeps(&self, schema: &Schema, converter: MetaId, holder: Option<TypeId>) -> ConverterKeeps {
        let Some(bound) = oxc::bound_reads(schema, converter) else { return ConverterKeeps::Any };
        if !self.this_holds_no_node(schema, &bound, holder) {
            return ConverterKeeps::Any;
        }
        let take_no_node = |ty: &TypeRef, uses: &[String]| uses.iter().all(|rest| self.takes_no_node(schema, ty, rest));
        if bound.reads.iter().all(|(ty, uses)| take_no_node(ty, uses)) {
            return ConverterKeeps::Nothing;
        }
        // One read is the value (its last use ends the text), the others' uses take no node.
        let mut value = None;
        for (ty, uses) in &bound.reads {
            let Some((last, others)) = uses.split_last() else { return ConverterKeeps::Any };
            let is_value = last.trim().is_empty();
            if (is_value && value.is_some()) || !take_no_node(ty, if is_value { others } else { uses }) {
                return ConverterKeeps::Any;
            }
            if is_value {
                value = Some(ty.clone());
            }
        }
        value.map_or(ConverterKeeps::Any, ConverterKeeps::Value)
    }

    /// Whether what a converter takes of `THIS` (`holder`'s object) holds no node: properties of it
    /// that hold none, and others compared with `null` (`THIS.closingElement === null`).
    fn this_holds_no_node(&self, schema: &Schema, bound: &oxc::BoundReads, holder: Option<TypeId>) -> bool {
        bound.this.iter().all(|(key, rest)| {
            let compared = ["=== null", "!== null"].iter().any(|c| rest.trim_start().starts_with(c));
            let known =
                holder.and_then(|id| self.object(id)).is_some_and(|o| o.properties.iter().any(|p| &p.key == key));
            compared
                || (known
                    && holder.is_some_and(|id| self.takes_no_node(schema, &TypeRef::Named(id), &format!(".{key}"))))
        })
    }

    /// Whether `rest`, the text after a use of a value of type `ty` that a converter reads, takes a
    /// property of it that holds no node (`.name`; `.selfClosing = true`).
    fn takes_no_node(&self, schema: &Schema, ty: &TypeRef, rest: &str) -> bool {
        // (An object whose properties are known: not a `via` struct's, which its converter makes.)
        let Some(object) = (match strip_pointers(ty) {
            TypeRef::Named(id) => self.object(*id).filter(|o| o.via.is_none()),
            _ => None,
        }) else {
            return false;
        };
        let key: String = rest
            .strip_prefix('.')
            .unwrap_or_default()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        let property = object.properties.iter().rev().find(|p| p.key == key);
        !key.is_empty()
            && match property.map(|p| &p.value) {
                Some(
                    PropertyValue::NodeType(_)
                    | PropertyValue::Span { .. }
                    | PropertyValue::Range
                    | PropertyValue::FromSpan { .. },
                ) => true,
                Some(value @ (PropertyValue::Field { .. } | PropertyValue::Joined { .. })) => {
                    !self.fields_build_nodes(value)
                }
                Some(PropertyValue::Converted { converter, .. }) => !self.converter_builds_nodes(schema, *converter),
                // Not in this variant's object (`ident.range` under `RANGE` in a variant without
                // ranges): undefined, unless a converter sets it; oxc's `range`, wherever it is
                // set, is `[start, end]` (`PropertyValue::Range`).
                None => key == "range" || !oxc::keys_set_by_converters(schema).contains(&key),
            }
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

    /// The index of a struct's span field, the node's: rawast's first `Span` field that is not
    /// skipped; oxc's field `span` of its `Span` struct (the one its layout puts first).
    pub fn span_field(schema: &Schema, id: TypeId) -> Option<usize> {
        match schema.dialect {
            Dialect::Rawast => node_span_field(schema, id),
            Dialect::Oxc => {
                let TypeKind::Struct(s) = &schema.get(id).kind else { return None };
                s.fields.iter().position(|f| {
                    f.name == "span" && matches!(f.ty, TypeRef::Named(span) if schema.get(span).name == "Span")
                })
            }
        }
    }

    /// The struct `[walk] comments` names, the type of the source's comments, with a span: `None`
    /// where none is named, or the name is no such struct (an error at the key, `check`).
    pub fn walk_comments_type(schema: &Schema, config: &Config) -> Option<TypeId> {
        let name = &config.walk_comments.as_ref()?.name;
        schema.ids().find(|id| schema.get(*id).name == *name && Self::span_field(schema, *id).is_some())
    }

    /// The struct `[walk] errors` names, the type of the parser's errors: `None` where none is
    /// named, or the name is no struct (an error at the key, `check`).
    pub fn walk_errors_type(schema: &Schema, config: &Config) -> Option<TypeId> {
        let name = &config.walk_errors.as_ref()?.name;
        schema.ids().find(|id| schema.get(*id).name == *name && matches!(schema.get(*id).kind, TypeKind::Struct(_)))
    }

    /// Where struct `root` holds `Vec`s of `element`: in its own fields, or in those of the structs
    /// inline in it (oxc-parser's buffers keep comments and errors in `RawTransferData`, Oxlint's
    /// comments in `Program`), each as the field indices that lead to it.
    pub fn root_vecs(schema: &Schema, root: TypeId, element: TypeId) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let TypeKind::Struct(s) = &schema.get(root).kind else { return found };
        for (i, field) in s.fields.iter().enumerate() {
            match &field.ty {
                TypeRef::Vec(inner) if **inner == TypeRef::Named(element) => found.push(vec![i]),
                TypeRef::Named(inline) => {
                    let TypeKind::Struct(inner) = &schema.get(*inline).kind else { continue };
                    for (j, field) in inner.fields.iter().enumerate() {
                        if field.ty == TypeRef::Vec(Box::new(TypeRef::Named(element))) {
                            found.push(vec![i, j]);
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Whether the walker never skips a struct `id` by its span: one of its fields is in `[walk]
    /// outside_span`, its values possibly outside the struct's span.
    pub fn spans_outside(schema: &Schema, config: &Config, id: TypeId) -> bool {
        let name = &schema.get(id).name;
        config.walk_outside_span.iter().any(|f| f.struct_name == *name)
    }

    /// The structs whose spans a walk led by words trusts (`[walk] keywords`): the node structs
    /// with a span, which it skips by their span where that holds none of its words (but for
    /// those with a field of `[walk] outside_span`, `spans_outside`), and of which a node type
    /// with words holds one of its words. The spans of other structs (oxc's `FormalParameters`,
    /// which oxc-parser leaves in UTF-8 bytes) are never read by a walk.
    pub fn walk_span_structs(&self, schema: &Schema) -> Vec<TypeId> {
        schema
            .ids()
            .filter(|id| {
                Self::span_field(schema, *id).is_some() && self.walked(*id).is_some_and(|w| !w.node_types.is_empty())
            })
            .collect()
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
        match ty {
            TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str | TypeRef::Builtin(_) => false,
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                self.builds_nodes(inner)
            }
            TypeRef::Named(id) => self.builds[id.0],
        }
    }

    /// Whether the output reads a value that `leaf` holds true of (a `Str`, a `u64`): a property of
    /// some object, a data variant's payload or a channel, through `Box`, `Vec`, `Option` and
    /// `Cell`. What the deserializers emit readers for (`emit::js::Reads`) is decided the same way.
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

/// Which named types can make a node when read: a fixpoint, as types refer to each other in cycles.
fn builds_nodes_by_type(schema: &Schema, model: &Model) -> Vec<bool> {
    let mut builds: Vec<bool> = schema.ids().map(|id| model.is_node(id)).collect();
    let reaches = |ty: &TypeRef, builds: &[bool]| {
        fn walk(ty: &TypeRef, builds: &[bool]) -> bool {
            match ty {
                TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str | TypeRef::Builtin(_) => false,
                TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                    walk(inner, builds)
                }
                TypeRef::Named(id) => builds[id.0],
            }
        }
        walk(ty, builds)
    };
    loop {
        let mut changed = false;
        for id in schema.ids() {
            if builds[id.0] {
                continue;
            }
            // oxc's converters: a value that makes a node, or reads one that may.
            let converts =
                |converter: MetaId, builds: &[bool]| converter_reaches(schema, converter, |ty| reaches(ty, builds));
            let now = match &schema.get(id).kind {
                TypeKind::Struct(_) => {
                    let walked = model.walked(id).expect("structs are walked");
                    match (&walked.properties, model.object(id).and_then(|o| o.via)) {
                        (Some(properties), _) => properties.iter().any(|p| match &p.value {
                            PropertyValue::Field { ty, .. } => reaches(ty, &builds),
                            PropertyValue::Joined { parts, .. } => parts.iter().any(|(_, ty)| reaches(ty, &builds)),
                            PropertyValue::Converted { converter, .. } => converts(*converter, &builds),
                            _ => false,
                        }),
                        (None, Some(converter)) => converts(converter, &builds),
                        (None, None) => false,
                    }
                }
                TypeKind::Enum(e) => match model.enumeration(id).expect("enums have a model") {
                    EnumModel { via: Some(converter), .. } => converts(*converter, &builds),
                    enumeration => {
                        e.variants.iter().filter_map(|v| v.payload.as_ref()).any(|p| reaches(p, &builds))
                            || enumeration
                                .variants
                                .iter()
                                .any(|v| matches!(v.value, VariantValue::Converted(c) if converts(c, &builds)))
                    }
                },
            };
            if now {
                builds[id.0] = true;
                changed = true;
            }
        }
        if !changed {
            return builds;
        }
    }
}

/// What an oxc converter's value keeps of the values it reads ([`Model::converter_keeps`]).
#[derive(Debug, Clone, PartialEq)]
pub enum ConverterKeeps {
    /// Nothing that can hold a node: its value holds only the nodes it makes.
    Nothing,
    /// The one read that is its value, a node whose other properties it does not touch.
    Value(TypeRef),
    /// Anything it reads, as far as its JS tells.
    Any,
}

/// `ty` without the `Box`es, `Option`s and `Cell`s around it.
fn strip_pointers(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Box(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => strip_pointers(inner),
        other => other,
    }
}

/// Whether an oxc converter's value may hold a node: it makes one, or reads a value that may
/// (`builds`, of a type it reads).
fn converter_reaches(schema: &Schema, converter: MetaId, builds: impl Fn(&TypeRef) -> bool) -> bool {
    !oxc::made_node_types(schema, converter).is_empty() || oxc::converter_reads(schema, converter).iter().any(builds)
}

/// The root and its channels, as the configuration names them; an oxc schema's root is its
/// producer's (`OXC_ROOT`), and has no channels.
fn result_shape(schema: &Schema, config: &Config, diagnostics: &mut Diagnostics) -> Option<ResultShape> {
    if schema.dialect == Dialect::Oxc {
        // A schema without it is reported by each target's emitter, which needs it by name.
        let root = schema
            .ids()
            .find(|id| schema.get(*id).name == OXC_ROOT && matches!(schema.get(*id).kind, TypeKind::Struct(_)))?;
        return Some(ResultShape { root, root_key: config.mapping.root_key.clone(), channels: Vec::new() });
    }
    let root_config = config.root.as_ref()?;
    let Some(root) = schema
        .ids()
        .find(|id| schema.get(*id).name == root_config.name && matches!(schema.get(*id).kind, TypeKind::Struct(_)))
    else {
        diagnostics.push(
            Diagnostic::new(format!("root type `{}` is not a struct of the schema", root_config.name))
                .at(root_config.location.clone()),
        );
        return None;
    };
    let TypeKind::Struct(s) = &schema.get(root).kind else { unreachable!() };
    let mut channels = Vec::new();
    for channel in &config.mapping.channels {
        match s.fields.iter().position(|f| f.name == channel.name) {
            Some(field) => channels.push(Channel {
                key: field_key(&config.mapping, &s.fields[field]),
                field,
                ty: s.fields[field].ty.clone(),
            }),
            None => diagnostics.push(
                Diagnostic::new(format!(
                    "channel `{}` is not a field of the root type `{}`",
                    channel.name, root_config.name
                ))
                .at(channel.location.clone())
                .with_help(format!(
                    "channels are fields of `{}` that `deserialize` returns beside it",
                    root_config.name
                )),
            ),
        }
    }
    Some(ResultShape { root, root_key: config.mapping.root_key.clone(), channels })
}
