//! The JS values a schema's types become, as the model records them: a struct's object and its
//! properties (each a field, the span or a part of it, the type name, or an oxc converter's value),
//! what a walk meets in it, and an enum's value by variant.

use crate::diagnostic::Location;
use crate::ir::{Converter, MetaId, TypeId, TypeRef};
use crate::layout::{SchemaLayout, Shape};

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

/// A struct's `type` field: where it is, its enum, and the enum's strings by discriminant.
pub type TypeField = (FieldPath, TypeRef, Vec<(u8, String)>);

/// What a walk meets in a struct's objects: the model's view for walkers and visitor keys, where
/// oxc's converters make nodes that no property names (`model::oxc::walked`).
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
