//! How oxc's types become JS values, by oxc's rules, for one output variant (JS or TypeScript, with
//! or without `range`): what `#[estree(...)]`, `#[ts]` and `#[js_only]` say (`ir::estree`), as oxc's
//! own generator reads them.
//!
//! A struct's properties: `type` first (unless `no_type`), then its fields in declaration order
//! (or `field_order`), then its added fields, then its `span` (flattened: `start`, `end`, and `range`
//! in the range variants). Fields of skipped types, skipped fields and fields joined to another
//! (`prepend_to`, `append_to`) have none; a flattened struct's properties join its holder's; a
//! property set twice keeps its first place and its last value, as a JS object's would.

mod converter_js;
mod keeps;
mod rules;
mod ts_defs;
mod walked;

use super::{EnumModel, FieldPath, ObjectModel, Property, PropertyValue, StructAt, VariantModel, VariantValue};
use crate::casing::camel_case;
use crate::ir::snippet::Flag;
use crate::ir::{JoinPlace, Only, Ordered, Schema, Struct, TypeId, TypeKind, TypeRef};

pub(super) use converter_js::keys_set_by_converters;
pub use converter_js::{converter_reads, converter_reads_in, made_node_types, made_node_types_in};
pub use keeps::ConverterKeeps;
pub(super) use keeps::converter_reaches;
pub(super) use rules::OxcRules;
pub use ts_defs::{Added, added_declarations};
use walked::walked;

/// Which of oxc's deserializers: its output for TypeScript, with `range` arrays, `parent` links, or
/// Oxlint's; the flags its snippets test (`Flag`), whose values [`Variant::value`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Variant {
    pub is_ts: bool,
    pub range: bool,
    pub parent: bool,
    /// Oxlint's deserializer: `LINTER` and `LOC`, and parentheses dropped (not `PRESERVE_PARENS`).
    pub linter: bool,
}

impl Variant {
    /// The output variant of a target.
    pub fn of(settings: &crate::config::OxcSettings) -> Variant {
        Variant { is_ts: settings.typescript, range: settings.range, parent: settings.parent, linter: settings.linter }
    }

    /// Every output variant: what a converter may do in any of them.
    fn every() -> impl Iterator<Item = Variant> {
        (0..16u8).map(|bits| Variant {
            is_ts: bits & 1 != 0,
            range: bits & 2 != 0,
            parent: bits & 4 != 0,
            linter: bits & 8 != 0,
        })
    }

    /// The value of a flag. oxc-parser's deserializers have no `loc` and keep parentheses
    /// (`preserveParens` defaults to true); Oxlint's has `loc` and drops them.
    pub fn value(self, flag: Flag) -> bool {
        match flag {
            Flag::IsTs => self.is_ts,
            Flag::Range => self.range,
            Flag::Parent => self.parent,
            Flag::Linter | Flag::Loc => self.linter,
            Flag::PreserveParens => !self.linter,
        }
    }
}

/// The object struct `id` becomes.
pub(super) fn object(schema: &Schema, id: TypeId, variant: Variant) -> ObjectModel {
    let def = schema.get(id);
    if let Some(via) = def.estree.via {
        return ObjectModel { node_type: None, properties: Vec::new(), via: Some(via), parent: false };
    }
    let mut properties = Properties::default();
    struct_properties(schema, id, &FieldPath(Vec::new()), variant, &mut properties);
    let node_type = properties.0.iter().find_map(|p| match &p.value {
        PropertyValue::NodeType(name) => Some(name.clone()),
        _ => None,
    });
    // oxc's generator gives `parent` to the objects with a `type`, whatever makes it.
    let parent = properties.0.iter().any(|p| p.key == "type") && !def.estree.no_parent;
    ObjectModel { node_type, properties: properties.0, via: None, parent }
}

/// The properties struct `id` has by its fields and attributes, even where a converter (`via`)
/// computes its value: oxc's TypeScript definitions describe such a value by them.
pub fn declared_properties(schema: &Schema, id: TypeId, variant: Variant) -> Vec<Property> {
    let mut properties = Properties::default();
    struct_properties(schema, id, &FieldPath(Vec::new()), variant, &mut properties);
    properties.0
}

/// The value enum `id` becomes: its variant's, each by oxc's rules.
pub(super) fn enumeration(schema: &Schema, id: TypeId) -> EnumModel {
    let def = schema.get(id);
    let TypeKind::Enum(e) = &def.kind else { unreachable!("enumeration is an enum's") };
    let mut variants: Vec<VariantModel> = e
        .variants
        .iter()
        .filter(|v| !v.estree.skip)
        .map(|variant| {
            let value = match (variant.estree.via, &variant.payload) {
                (Some(converter), _) => VariantValue::Converted(converter),
                (None, Some(payload)) => VariantValue::Payload(payload.clone()),
                (None, None) => VariantValue::String(variant.estree.rename.clone().unwrap_or_else(|| {
                    if def.estree.no_rename_variants { variant.name.clone() } else { camel_case(&variant.name) }
                })),
            };
            VariantModel { discriminant: variant.discriminant, value }
        })
        .collect();
    variants.sort_by_key(|v| v.discriminant);
    EnumModel { via: def.estree.via, variants }
}

/// Properties with JS's rule for a key set twice.
#[derive(Default)]
struct Properties(Vec<Property>);

impl Properties {
    fn set(&mut self, property: Property) {
        match self.0.iter_mut().find(|p| p.key == property.key) {
            Some(existing) => *existing = property,
            None => self.0.push(property),
        }
    }
}

/// Adds the properties of struct `id`, which lies at `at` in the object (its own, or flattened).
fn struct_properties(schema: &Schema, id: TypeId, at: &FieldPath, variant: Variant, out: &mut Properties) {
    let def = schema.get(id);
    let TypeKind::Struct(s) = &def.kind else { unreachable!("struct_properties is a struct's") };
    for entry in order(schema, id, s) {
        match entry {
            Ordered::Field(index) => field(schema, id, s, index, at, variant, out),
            Ordered::Added(index) => {
                let added = &def.estree.add_fields[index];
                if Only::wanted(schema.meta[added.converter.0].only, variant.is_ts) {
                    let within = StructAt { id, path: at.clone() };
                    out.set(Property {
                        key: added.key.clone(),
                        value: PropertyValue::Converted { converter: added.converter, within },
                        location: None,
                    });
                }
            }
        }
    }
    if !def.estree.no_type && !out.0.iter().any(|p| p.key == "type") {
        let name = def.estree.node_type.clone().unwrap_or_else(|| def.name.clone());
        out.0.insert(0, Property { key: "type".to_owned(), value: PropertyValue::NodeType(name), location: None });
    }
}

/// The order of a struct's properties: `field_order(…)` if given, else `type`, the other fields in
/// declaration order, the added fields, then `span`. Skipped fields are left out.
fn order(schema: &Schema, id: TypeId, s: &Struct) -> Vec<Ordered> {
    let def = schema.get(id);
    if let Some(order) = &def.estree.field_order {
        return order.clone();
    }
    let mut entries = Vec::new();
    let mut span = None;
    for (index, field) in s.fields.iter().enumerate() {
        let type_skipped = field.ty.innermost().is_some_and(|inner| schema.get(inner).estree.skip);
        if field.estree.skip || field.estree.join.is_some() || type_skipped {
            continue;
        }
        match field.name.as_str() {
            "type" => entries.insert(0, Ordered::Field(index)),
            "span" => span = Some(Ordered::Field(index)),
            _ => entries.push(Ordered::Field(index)),
        }
    }
    entries.extend((0..def.estree.add_fields.len()).map(Ordered::Added));
    entries.extend(span);
    entries
}

fn field(
    schema: &Schema,
    id: TypeId,
    s: &Struct,
    index: usize,
    at: &FieldPath,
    variant: Variant,
    out: &mut Properties,
) {
    let field = &s.fields[index];
    if !Only::wanted(field.estree.only, variant.is_ts) {
        return;
    }
    let mut path = at.clone();
    path.0.push((id, index));
    let key = field.estree.rename.clone().unwrap_or_else(|| camel_case(&field.name));
    let location = Some(field.location.clone());
    if let Some(inner) = flattened(schema, field) {
        struct_properties(schema, inner, &path, variant, out);
        // oxc's `range`: the span's two ends in one array, beside them.
        if schema.get(inner).name == "Span" && variant.range {
            out.set(Property { key: "range".to_owned(), value: PropertyValue::Range, location });
        }
        return;
    }
    let value = if let Some(converter) = field.estree.via {
        PropertyValue::Converted { converter, within: StructAt { id, path: at.clone() } }
    } else if field.estree.from_span {
        let option = match &field.ty {
            TypeRef::Option(inner) => Some((path.clone(), (**inner).clone())),
            _ => None,
        };
        PropertyValue::FromSpan { option }
    } else {
        let joined: Vec<(usize, JoinPlace)> = s
            .fields
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.estree.join.filter(|join| join.into == index).map(|join| (i, join.place)))
            .collect();
        if joined.is_empty() {
            PropertyValue::Field { at: path, ty: field.ty.clone(), convert: None }
        } else {
            let part = |i: usize| {
                let mut part_path = at.clone();
                part_path.0.push((id, i));
                (part_path, s.fields[i].ty.clone())
            };
            let mut parts: Vec<(FieldPath, TypeRef)> =
                joined.iter().filter(|(_, place)| *place == JoinPlace::Prepend).map(|(i, _)| part(*i)).collect();
            parts.push(part(index));
            parts.extend(joined.iter().filter(|(_, place)| *place == JoinPlace::Append).map(|(i, _)| part(*i)));
            PropertyValue::Joined { field: path, parts }
        }
    };
    out.set(Property { key, value, location });
}

/// The struct a field spreads into its holder's properties, if it does: `flatten` on the field, or
/// on its struct type (unless `no_flatten`).
fn flattened(schema: &Schema, field: &crate::ir::Field) -> Option<TypeId> {
    let TypeRef::Named(inner) = field.ty else { return None };
    let flatten = field.estree.flatten || (!field.estree.no_flatten && schema.get(inner).estree.flatten);
    (flatten && matches!(schema.get(inner).kind, TypeKind::Struct(_))).then_some(inner)
}
