//! How oxc's types become JS values, by oxc's rules, for one output variant (JS or TypeScript, with
//! or without `range`): what `#[estree(...)]`, `#[ts]` and `#[js_only]` say (`ir::estree`), as oxc's
//! own generator reads them.
//!
//! A struct's properties: `type` first (unless `no_type`), then its fields in declaration order
//! (or `field_order`), then its added fields, then its `span` (flattened: `start`, `end`, and `range`
//! in the range variants). Fields of skipped types, skipped fields and fields joined to another
//! (`prepend_to`, `append_to`) have none; a flattened struct's properties join its holder's; a
//! property set twice keeps its first place and its last value, as a JS object's would.

use super::{EnumModel, FieldPath, ObjectModel, Property, PropertyValue, StructAt, VariantModel, VariantValue};
use crate::casing::camel_case;
use crate::ir::snippet::{Flag, Part};
use crate::ir::{JoinPlace, MetaId, Only, Ordered, Schema, Struct, TypeId, TypeKind, TypeRef};

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

/// What a walk meets in struct `id`'s objects (`object`, its model for `variant`), by oxc's rules:
/// a node of the type its `type` property names, or, where that is a fieldless enum's (`Function`,
/// `Class`, `MethodDefinition`, ...), of one of the enum's strings; its properties read one by one,
/// or for a converter's value (`via`) built whole, unless the converter has no `ts_type`: then oxc's
/// TypeScript definitions describe its value by the struct's declared properties (`Program`,
/// `ParenthesizedExpression`), and so does the walk, where the converter makes that node in this
/// variant ([`converted_declared`]). What a converter makes is what its JS does in the variant.
pub(super) fn walked(schema: &Schema, id: TypeId, object: &ObjectModel, variant: Variant) -> super::WalkedStruct {
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
    super::WalkedStruct { node_types, type_field, properties, made }
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

/// The node types converter `id`'s JS makes itself: the strings of its object literals' `type: '…'`.
pub fn made_node_types(schema: &Schema, id: MetaId) -> Vec<String> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    node_types_in(&snippet_texts(&snippet.parts))
}

/// The node types JS `texts` make: the strings of their object literals' `type: '…'`.
fn node_types_in(texts: &[&str]) -> Vec<String> {
    let mut types = Vec::new();
    for &text in texts {
        let mut rest = text;
        while let Some(at) = rest.find("type:") {
            rest = rest[at + 5..].trim_start();
            let Some(quote) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else { continue };
            let Some(end) = rest[1..].find(quote) else { continue };
            let name = &rest[1..1 + end];
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()) && !types.iter().any(|t| t == name) {
                types.push(name.to_owned());
            }
        }
    }
    types
}

/// [`made_node_types`] of the JS converter `id` runs in `variant`.
pub fn made_node_types_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<String> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    node_types_in(&[snippet.active(&|flag| variant.value(flag)).text.as_str()])
}

/// [`converter_reads`] of the JS converter `id` runs in `variant`.
pub fn converter_reads_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<TypeRef> {
    let mut reads = Vec::new();
    if let Some(snippet) = &schema.meta[id.0].raw_deser {
        for part in snippet.active(&|flag| variant.value(flag)).parts {
            if let Part::Deser(ty) = part
                && !reads.contains(ty)
            {
                reads.push(ty.clone());
            }
        }
    }
    reads
}

/// The `POS_OFFSET` paths (without `<T>`) of the JS converter `id` runs in `variant`: the fields of
/// the struct it converts that it reads.
fn own_offsets_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<Vec<String>> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    let active = snippet.active(&|flag| variant.value(flag));
    active
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::PosOffset { within: None, path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

/// The types converter `id`'s JS reads with `DESER[…]`, in every output variant.
pub fn converter_reads(schema: &Schema, id: MetaId) -> Vec<TypeRef> {
    fn collect(parts: &[Part], out: &mut Vec<TypeRef>) {
        for part in parts {
            match part {
                Part::Deser(ty) if !out.contains(ty) => out.push(ty.clone()),
                Part::If { body, .. } => collect(body, out),
                _ => {}
            }
        }
    }
    let mut reads = Vec::new();
    if let Some(snippet) = &schema.meta[id.0].raw_deser {
        collect(&snippet.parts, &mut reads);
    }
    reads
}

/// What converter `id`'s JS does with the values it reads, in every output variant.
pub struct BoundReads {
    /// Each value it reads (`DESER[…]`), bound to a name (`const ident = DESER[…](POS)`), and the
    /// text after each of that name's uses.
    pub reads: Vec<(TypeRef, Vec<String>)>,
    /// Each property of `THIS` it reads, and the text after that use.
    pub this: Vec<(String, String)>,
}

/// [`BoundReads`] of converter `id`; `None` where a read is not bound to a name of its own (its
/// value may be anywhere in the converter's).
pub fn bound_reads(schema: &Schema, id: MetaId) -> Option<BoundReads> {
    // The snippet's text with each read as a sentinel character, and the reads in order.
    // (`THIS.key` as a sentinel character too, its key kept.)
    fn flatten(parts: &[Part], text: &mut String, reads: &mut Vec<TypeRef>, this: &mut Vec<String>) {
        for part in parts {
            match part {
                Part::Text(t) => text.push_str(t),
                Part::If { body, .. } => flatten(body, text, reads, this),
                Part::Deser(ty) => {
                    text.push('\0');
                    reads.push(ty.clone());
                }
                Part::This(key) => {
                    text.push('\u{1}');
                    this.push(key.clone());
                }
                _ => text.push(' '),
            }
        }
    }
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let snippet = schema.meta[id.0].raw_deser.as_ref()?;
    let (mut text, mut reads, mut this) = (String::new(), Vec::new(), Vec::new());
    flatten(&snippet.parts, &mut text, &mut reads, &mut this);
    let this = text.match_indices('\u{1}').zip(this).map(|((at, _), key)| (key, text[at + 1..].to_owned())).collect();
    let mut bound = Vec::new();
    for (n, (at, _)) in text.match_indices('\0').enumerate() {
        // `const NAME =` right before the read.
        let before = text[..at].trim_end().strip_suffix('=')?.trim_end();
        let name: String =
            before.chars().rev().take_while(|c| is_name(*c)).collect::<Vec<_>>().into_iter().rev().collect();
        let declared = before[..before.len() - name.len()].trim_end();
        if name.is_empty() || !(declared.ends_with("const") || declared.ends_with("let")) {
            return None;
        }
        // Each use of the name as a token of its own, but the binding: the text after it.
        let mut uses = Vec::new();
        for (i, _) in text.match_indices(name.as_str()) {
            let previous = text[..i].chars().next_back();
            let next = text[i + name.len()..].chars().next();
            if previous.is_some_and(|c| is_name(c) || c == '.')
                || next.is_some_and(is_name)
                || i == before.len() - name.len()
            {
                continue;
            }
            uses.push(text[i + name.len()..].to_owned());
        }
        bound.push((reads[n].clone(), uses));
    }
    Some(BoundReads { reads: bound, this })
}

/// The JS text of a snippet, in every output variant.
fn snippet_texts(parts: &[Part]) -> Vec<&str> {
    let mut texts = Vec::new();
    for part in parts {
        match part {
            Part::Text(text) => texts.push(text.as_str()),
            Part::If { body, .. } => texts.extend(snippet_texts(body)),
            _ => {}
        }
    }
    texts
}

/// The keys converters' JS assigns to (`x.key = …`), in every output variant.
pub fn keys_set_by_converters(schema: &Schema) -> std::collections::BTreeSet<String> {
    let mut keys = std::collections::BTreeSet::new();
    for meta in &schema.meta {
        let Some(snippet) = &meta.raw_deser else { continue };
        for text in snippet_texts(&snippet.parts) {
            let bytes = text.as_bytes();
            for (at, _) in text.match_indices('.') {
                let key: String =
                    text[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                let rest = text[at + 1 + key.len()..].trim_start();
                let assigns = rest.starts_with('=') && !rest.starts_with("==");
                if !key.is_empty() && assigns && bytes.get(at + 1).is_some_and(|b| b.is_ascii_alphabetic()) {
                    keys.insert(key);
                }
            }
        }
    }
    keys
}
