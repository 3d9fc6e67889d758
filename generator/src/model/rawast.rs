//! How rawast's schemas become JS values, by `[mapping]`'s rules. A struct is an object whose
//! properties are its fields, keyed in the mapping's case (a flattened struct's join them), and
//! whose first `Span` field is its span, written as `[mapping] spans` says. A struct with a span is
//! a node: it carries its type name under the discriminator key, unless one of its own fields has
//! that key (then the field supplies it, as comments' `type` does). A data enum is its variant's
//! payload, a fieldless enum a string (`rename` or the name); `Option` is `null` or the value,
//! `Vec` an array, `Box` the value it points to, `Str` a string.

use super::result::{ResultShape, configured_result_shape};
use super::rules::DialectRules;
use super::{
    EnumModel, FieldPath, Model, ObjectModel, OutputVariant, Property, PropertyValue, SpanPart, VariantModel,
    VariantValue, WalkedStruct, check, graph,
};
use crate::config::{Config, Mapping, SpanStyle};
use crate::diagnostic::Diagnostics;
use crate::ir::{Schema, TypeId, TypeKind, TypeRef, Variant};

/// rawast's rules: `[mapping]`'s.
pub(super) struct RawastRules;

impl DialectRules for RawastRules {
    fn result_shape(&self, schema: &Schema, config: &Config, diagnostics: &mut Diagnostics) -> Option<ResultShape> {
        configured_result_shape(schema, config, diagnostics)
    }

    fn object(
        &self,
        schema: &Schema,
        mapping: &Mapping,
        id: TypeId,
        channels: &[usize],
        _: OutputVariant,
    ) -> ObjectModel {
        object_model(schema, mapping, id, channels)
    }

    fn enumeration(&self, schema: &Schema, id: TypeId) -> EnumModel {
        enum_model(schema, id)
    }

    /// The object's node type and properties.
    fn walked(&self, _: &Schema, _: TypeId, object: &ObjectModel, _: OutputVariant) -> WalkedStruct {
        WalkedStruct {
            node_types: object.node_type.iter().cloned().collect(),
            type_field: None,
            properties: Some(object.properties.clone()),
            made: Vec::new(),
        }
    }

    /// The first `Span` field that is not skipped.
    fn span_field(&self, schema: &Schema, id: TypeId) -> Option<usize> {
        node_span_field(schema, id)
    }

    fn walks_from_result(&self) -> bool {
        true
    }

    /// Two properties of an object with one key, and a cycle no object or array breaks.
    fn check(&self, schema: &Schema, model: &Model, diagnostics: &mut Diagnostics) {
        check::check_keys(schema, model, diagnostics);
        if let Some(cycle) = graph::undeferrable_cycle(schema, model) {
            diagnostics.push(check::undeferrable_cycle_error(schema, &cycle));
        }
    }
}

/// The string a fieldless enum's variant becomes.
pub fn variant_string(variant: &Variant) -> &str {
    variant.estree.rename.as_deref().unwrap_or(&variant.name)
}

/// The index of a struct's first `Span` field: the node's span.
pub(super) fn node_span_field(schema: &Schema, id: TypeId) -> Option<usize> {
    let TypeKind::Struct(s) = &schema.get(id).kind else { return None };
    s.fields.iter().position(|f| f.ty == TypeRef::Span && !f.estree.skip)
}

/// The index of a struct's field keyed like the discriminator, if it has one: its value takes the
/// type name's place (comments' `type`: `Line` or `Block`), and the struct is no node.
pub(super) fn type_field(schema: &Schema, mapping: &Mapping, id: TypeId) -> Option<usize> {
    let TypeKind::Struct(s) = &schema.get(id).kind else { return None };
    let discriminator = mapping.discriminator.as_ref()?;
    s.fields.iter().position(|f| !f.estree.skip && &mapping.field_key(f) == discriminator)
}

pub(super) fn object_model(schema: &Schema, mapping: &Mapping, id: TypeId, channels: &[usize]) -> ObjectModel {
    let def = schema.get(id);
    let span = node_span_field(schema, id);
    let supplies_type = type_field(schema, mapping, id).is_some();
    let node_type =
        (span.is_some() && !supplies_type).then(|| def.estree.node_type.clone().unwrap_or_else(|| def.name.clone()));
    let mut properties = Vec::new();
    if let (Some(key), Some(node_type)) = (&mapping.discriminator, &node_type) {
        properties.push(Property {
            key: key.clone(),
            value: PropertyValue::NodeType(node_type.clone()),
            location: None,
        });
    }
    push_fields(schema, mapping, id, &FieldPath(Vec::new()), span, channels, &mut properties);
    let parent = node_type.is_some();
    ObjectModel { node_type, properties, via: None, parent }
}

/// A rawast enum: a data variant is its payload, a fieldless one its string.
pub(super) fn enum_model(schema: &Schema, id: TypeId) -> EnumModel {
    let TypeKind::Enum(e) = &schema.get(id).kind else { unreachable!("enum_model is an enum's") };
    let variants = e
        .variants
        .iter()
        .map(|v| VariantModel {
            discriminant: v.discriminant,
            value: match &v.payload {
                Some(payload) => VariantValue::Payload(payload.clone()),
                None => VariantValue::String(variant_string(v).to_owned()),
            },
        })
        .collect();
    EnumModel { via: None, variants }
}

/// The properties of struct `id`'s fields, at `base`, flattened fields expanded. `span`: the field
/// that is the node's span.
pub(super) fn push_fields(
    schema: &Schema,
    mapping: &Mapping,
    id: TypeId,
    base: &FieldPath,
    span: Option<usize>,
    channels: &[usize],
    out: &mut Vec<Property>,
) {
    let TypeKind::Struct(s) = &schema.get(id).kind else { unreachable!() };
    for (index, field) in s.fields.iter().enumerate() {
        if field.estree.skip || channels.contains(&index) {
            continue;
        }
        let mut at = base.clone();
        at.0.push((id, index));
        let location = Some(field.location.clone());
        if Some(index) == span {
            let mut part = |key: String, part: SpanPart| {
                out.push(Property {
                    key,
                    value: PropertyValue::Span { at: at.clone(), part },
                    location: location.clone(),
                })
            };
            match mapping.spans {
                SpanStyle::StartEnd => {
                    part("start".to_owned(), SpanPart::Start);
                    part("end".to_owned(), SpanPart::End);
                }
                SpanStyle::Range => {
                    part(field.estree.rename.clone().unwrap_or_else(|| "range".to_owned()), SpanPart::Range)
                }
                SpanStyle::Object => part(mapping.field_key(field), SpanPart::Object),
                SpanStyle::None => {}
            }
            continue;
        }
        // (rawast's loader checks that a flattened field is a struct; oxc's `flatten` on an enum
        // shapes its TypeScript definitions only.)
        if field.estree.flatten
            && let TypeRef::Named(inner) = field.ty
            && matches!(schema.get(inner).kind, TypeKind::Struct(_))
        {
            // A flattened struct's own span is an ordinary value: only the outer node has a span.
            push_fields(schema, mapping, inner, &at, None, &[], out);
            continue;
        }
        let value = PropertyValue::Field { at, ty: field.ty.clone(), convert: field.estree.convert };
        out.push(Property { key: mapping.field_key(field), value, location });
    }
}
