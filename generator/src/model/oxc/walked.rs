//! What a walk meets in the objects of oxc's structs: their node types (a `type` property, or the
//! strings of a fieldless enum's `type` field), the properties read one by one, and the nodes a
//! converter makes that no property names.

use super::converter_js::{made_node_types_in, own_offsets_in};
use super::{Variant, declared_properties, enumeration};
use crate::ir::{MetaId, Schema, TypeId, TypeKind, TypeRef};
use crate::model::{FieldPath, ObjectModel, Property, PropertyValue, VariantValue, WalkedStruct};

/// What a walk meets in struct `id`'s objects (`object`, its model for `variant`), by oxc's rules:
/// a node of the type its `type` property names, or, where that is a fieldless enum's (`Function`,
/// `Class`, `MethodDefinition`, ...), of one of the enum's strings; its properties read one by one,
/// or for a converter's value (`via`) built whole, unless the converter has no `ts_type`: then oxc's
/// TypeScript definitions describe its value by the struct's declared properties (`Program`,
/// `ParenthesizedExpression`), and so does the walk, where the converter makes that node in this
/// variant ([`converted_declared`]). What a converter makes is what its JS does in the variant.
pub(in crate::model) fn walked(schema: &Schema, id: TypeId, object: &ObjectModel, variant: Variant) -> WalkedStruct {
    let properties = match object.via {
        None => Some(object.properties.clone()),
        Some(converter) if schema.meta[converter.0].ts_type.is_none() => {
            converted_declared(schema, id, converter, variant)
        }
        Some(_) => None,
    };
    let mut node_types = Vec::new();
    let mut type_field = None;
    match properties.iter().flatten().find(|p| p.key == "type").map(|p| &p.value) {
        Some(PropertyValue::NodeType(name)) => node_types.push(name.clone()),
        // A `type` field of a fieldless enum, on an object oxc gives `parent` (comments have none).
        Some(PropertyValue::Field { at, ty: ty @ TypeRef::Named(enum_id), convert: None })
            if !schema.get(id).estree.no_parent =>
        {
            if let TypeKind::Enum(e) = &schema.get(*enum_id).kind
                && e.variants.iter().all(|v| v.payload.is_none())
            {
                let strings: Vec<(u8, String)> = enumeration(schema, *enum_id)
                    .variants
                    .into_iter()
                    .filter_map(|v| match v.value {
                        VariantValue::String(s) => Some((v.discriminant, s)),
                        _ => None,
                    })
                    .collect();
                node_types.extend(strings.iter().map(|(_, s)| s.clone()));
                type_field = Some((at.clone(), ty.clone(), strings));
            }
        }
        _ => {}
    }
    let made = match object.via {
        Some(converter) if properties.is_some() => {
            made_node_types_in(schema, converter, variant).into_iter().filter(|t| !node_types.contains(t)).collect()
        }
        _ => Vec::new(),
    };
    WalkedStruct { node_types, type_field, properties, made }
}

/// The properties a walk reads of struct `id`, whose value is converter `converter`'s (which has no
/// `ts_type`) in `variant`: its declared properties, as oxc's TypeScript definitions describe such
/// a value, but for those of fields the converter does not read there (Oxlint's `Program` has no
/// `hashbang`: `if (!LINTER) program.hashbang = …`). `None` where the converter does not make the
/// struct's node there (Oxlint's parentheses, whose converter gives the expression in them): its
/// value is built whole, as a converter's with a `ts_type` is.
fn converted_declared(schema: &Schema, id: TypeId, converter: MetaId, variant: Variant) -> Option<Vec<Property>> {
    let declared = declared_properties(schema, id, variant);
    let made = made_node_types_in(schema, converter, variant);
    let own_type = declared.iter().find_map(|p| match &p.value {
        PropertyValue::NodeType(name) => Some(name),
        _ => None,
    });
    if own_type.is_some_and(|name| !made.contains(name)) {
        return None;
    }
    let read = own_offsets_in(schema, converter, variant);
    let TypeKind::Struct(s) = &schema.get(id).kind else { unreachable!("a struct's converter") };
    let reads = |path: &FieldPath| {
        path.0
            .first()
            .is_some_and(|&(_, index)| read.iter().any(|offset| offset.first() == Some(&s.fields[index].name)))
    };
    Some(
        declared
            .into_iter()
            .filter(|p| match &p.value {
                PropertyValue::Field { at, .. } => reads(at),
                PropertyValue::Joined { parts, .. } => parts.iter().any(|(at, _)| reads(at)),
                _ => true,
            })
            .collect(),
    )
}
