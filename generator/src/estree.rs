//! How schema types map to ESTree, shared by the deserializer (JS) and the producer (Rust), which
//! must agree on every property name and node type.

use crate::ir::{Field, Schema, TypeId, TypeKind, TypeRef};

/// The ESTree `type` of a struct that is a node: one with a `Span` field, unless a field is renamed
/// to `type` (then the struct supplies its own, as comments do). `None` for plain objects.
pub fn node_type(schema: &Schema, id: TypeId) -> Option<String> {
    let def = schema.get(id);
    let TypeKind::Struct(s) = &def.kind else { return None };
    let has_span = s.fields.iter().any(|f| f.ty == TypeRef::Span);
    let renames_type = s.fields.iter().any(|f| f.estree.rename.as_deref() == Some("type"));
    (has_span && !renames_type).then(|| def.estree.node_type.clone().unwrap_or_else(|| def.name.clone()))
}

/// The ESTree property a field becomes: its `rename`, else the field name in camelCase.
pub fn property_name(field: &Field) -> String {
    field.estree.rename.clone().unwrap_or_else(|| camel_case(&field.name))
}

fn camel_case(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A property read from (or written to) ESTree, other than the span's `start` and `end`.
pub struct Property {
    pub key: String,
    pub ty: TypeRef,
}

/// The properties of a struct, flattened fields expanded, skipped ones and spans left out.
pub fn checked_properties(schema: &Schema, id: TypeId) -> Vec<Property> {
    let TypeKind::Struct(s) = &schema.get(id).kind else { return Vec::new() };
    let mut out = Vec::new();
    for field in &s.fields {
        if field.estree.skip || field.ty == TypeRef::Span {
            continue;
        }
        match (&field.ty, field.estree.flatten) {
            (TypeRef::Named(inner), true) => out.extend(checked_properties(schema, *inner)),
            _ => out.push(Property { key: property_name(field), ty: field.ty.clone() }),
        }
    }
    out
}

/// The ESTree node types a value of `ty` can be, each with the struct that produces it (`None` when
/// it is not a struct node, such as a `Str`).
pub fn accepted_types(schema: &Schema, ty: &TypeRef) -> Vec<(String, Option<TypeId>)> {
    match ty {
        TypeRef::Box(inner) | TypeRef::Option(inner) => accepted_types(schema, inner),
        TypeRef::Named(id) => match &schema.get(*id).kind {
            TypeKind::Struct(_) => node_type(schema, *id).map(|t| (t, Some(*id))).into_iter().collect(),
            TypeKind::Enum(e) => e.variants.iter().filter_map(|v| v.payload.as_ref()).flat_map(|p| accepted_types(schema, p)).collect(),
        },
        _ => Vec::new(),
    }
}

/// Whether reading a `ty` can make a node: a node struct, or something that leads to one. On the
/// linter target, the functions reading these take the enclosing node, to set `parent`.
pub fn builds_nodes(schema: &Schema, ty: &TypeRef) -> bool {
    fn reaches(schema: &Schema, ty: &TypeRef, seen: &mut Vec<TypeId>) -> bool {
        match ty {
            TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str => false,
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) => reaches(schema, inner, seen),
            TypeRef::Named(id) => {
                if seen.contains(id) {
                    return false;
                }
                seen.push(*id);
                match &schema.get(*id).kind {
                    TypeKind::Struct(s) => node_type(schema, *id).is_some() || s.fields.iter().any(|f| !f.estree.skip && reaches(schema, &f.ty, seen)),
                    TypeKind::Enum(e) => e.variants.iter().filter_map(|v| v.payload.as_ref()).any(|p| reaches(schema, p, seen)),
                }
            }
        }
    }
    reaches(schema, ty, &mut Vec::new())
}

/// Whether values of `ty` can hold pointers to more nested values: a step deeper into the tree.
pub fn holds_nodes(schema: &Schema, ty: &TypeRef) -> bool {
    match ty {
        TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str => false,
        TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) => holds_nodes(schema, inner),
        TypeRef::Named(id) => match &schema.get(*id).kind {
            TypeKind::Struct(_) => true,
            TypeKind::Enum(e) => e.variants.iter().any(|v| v.payload.is_some()),
        },
    }
}
