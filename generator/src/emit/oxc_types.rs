//! `deserialize.d.ts` of an oxc target (template `templates/js/oxc_deserialize.d.ts`): the types of
//! what its `deserialize` returns, from the model of its output variant (a JS target has no
//! TypeScript-only properties, a TypeScript target has them all); `parent` and Oxlint's `loc` where
//! the target has them. Names and TypeScript are oxc's, read as its generator reads them: a type
//! is an interface (a union, for enums) under its Rust name; a `ts_type` is its value's type; a
//! `ts_alias` stands where its type is used; an `add_ts_def` ([`added`]) is declared beside its
//! type. A `no_ts_def` type is declared from its fields unless an `add_ts_def` declares it, and only
//! the types the output and those texts reach are declared.

use std::collections::BTreeSet;

use askama::Template;

use super::ts_types::ts_type_with;
use crate::config::{OxcSettings, Target};
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::oxc::snippet::Flags;
use crate::functions::text::{JsKey, js_string};
use crate::ir::{MetaId, TypeId, TypeKind, TypeRef};
use crate::model::{Added, added_declarations};
use crate::model::{FieldPath, OutputVariant, Property, PropertyValue, VariantValue, declared_properties};

const TEMPLATE: &str = "js/oxc_deserialize.d.ts";
/// The `ts_type` oxc gives converters whose values it types outside the schema.
const UNTYPED: &str = "Dummy";

#[derive(Template)]
#[template(path = "js/oxc_deserialize.d.ts", escape = "none")]
struct OxcDeserializeDts {
    header: String,
    target: String,
    declarations: Vec<Declaration>,
    /// `add_ts_def` texts, each declared as oxc's attribute writes it.
    added: Vec<String>,
    /// The union of every node (`parent`'s type): interfaces with a `type` and no `no_parent`.
    nodes: String,
    /// The type `deserialize` returns.
    root: String,
    parent: bool,
    linter: bool,
    /// oxc's own declarations of nodes, which Oxlint's `loc` is merged into.
    located: Vec<String>,
}

/// `walk.d.ts` (template `templates/js/oxc_walk.d.ts`): `walk`, `visit` and their `Visitor`.
#[derive(Template)]
#[template(path = "js/oxc_walk.d.ts", escape = "none")]
struct OxcWalkDts {
    header: String,
    target: String,
    parent: bool,
    linter: bool,
}

struct Declaration {
    name: String,
    body: DeclarationBody,
}

enum DeclarationBody {
    Interface(Vec<(JsKey, String)>),
    Alias(String),
}

/// The declarations of what `deserialize` returns, `root`: the types it reaches, and those oxc's
/// TypeScript texts name.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
    module: crate::emit::js::Module,
) -> Result<String, Error> {
    if module == crate::emit::js::Module::Walk {
        let view = OxcWalkDts {
            header: cx.header(),
            target: target.name.clone(),
            parent: settings.parent,
            linter: settings.linter,
        };
        return view
            .render()
            .map_err(|source| Error::Render { template: "js/oxc_walk.d.ts".to_owned(), message: source.to_string() });
    }
    let types = Types { cx, variant: OutputVariant::of(settings) };
    let flags = Flags::of(settings);
    // `add_ts_def`s first: a type without a definition of its own (`no_ts_def`) may have one there.
    let reached = types.reached(root, &flags);
    // (`prepare` has checked every `add_ts_def` of the schema for each target's variant.)
    let added = added_declarations(cx.schema, &reached, flags)
        .map_err(|problem| Error::Render { template: TEMPLATE.to_owned(), message: problem.to_string() })?;
    let (declarations, mut nodes) = types.declarations(root, &reached, &added, settings);
    // oxc's own declarations of nodes: those with a `parent`. Oxlint's `loc` is added to them by
    // merging, as they are interfaces.
    let added_nodes: Vec<String> = added
        .iter()
        .filter(|a| a.text.starts_with("interface") && a.text.contains("parent"))
        .map(|a| a.name.clone())
        .collect();
    nodes.extend(added_nodes.iter().cloned());
    let view = OxcDeserializeDts {
        header: cx.header(),
        target: target.name.clone(),
        declarations,
        added: added.into_iter().map(|a| a.text).collect(),
        nodes: if nodes.is_empty() { "never".to_owned() } else { nodes.join(" | ") },
        root: cx.schema.get(root).name.clone(),
        parent: settings.parent,
        linter: settings.linter,
        located: if settings.linter { added_nodes } else { Vec::new() },
    };
    view.render().map_err(|source| Error::Render { template: TEMPLATE.to_owned(), message: source.to_string() })
}

struct Types<'a> {
    cx: &'a EmitContext<'a>,
    variant: OutputVariant,
}

impl Types<'_> {
    /// A struct's properties as its fields and attributes declare them (`model::declared_properties`).
    fn properties(&self, id: TypeId) -> Vec<Property> {
        match self.cx.schema.get(id).kind {
            TypeKind::Struct(_) => declared_properties(self.cx.schema, id, self.variant),
            TypeKind::Enum(_) => Vec::new(),
        }
    }

    /// The types `root`'s value reaches, through the model's values and the TypeScript texts of oxc's
    /// attributes (a name in them that is a type of the schema), in schema order.
    fn reached(&self, root: TypeId, flags: &Flags) -> BTreeSet<TypeId> {
        let names: std::collections::HashMap<&str, TypeId> =
            self.cx.schema.ids().map(|id| (self.cx.schema.get(id).name.as_str(), id)).collect();
        let named_in = |text: &str, out: &mut Vec<TypeId>| {
            out.extend(
                text.split(|c: char| !crate::ir::js_scan::is_ident_char(c)).filter_map(|word| names.get(word).copied()),
            );
        };
        let mut seen = BTreeSet::new();
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let def = self.cx.schema.get(id);
            let mut texts: Vec<String> = Vec::new();
            texts.extend(def.estree.ts_def.alias.clone());
            texts.extend(def.estree.ts_def.add.as_ref().map(|add| add.text_with(&|flag| flags.value(flag))));
            if let Some(via) = self.via(id) {
                texts.push(self.converter(via));
            }
            let mut refs: Vec<TypeRef> = Vec::new();
            let own_fields = if self.via_type(id).is_some() { Vec::new() } else { self.properties(id) };
            for property in own_fields {
                match &property.value {
                    PropertyValue::Field { ty, .. } => match self.field_ts_type(&property.value) {
                        Some(text) => texts.push(text),
                        None => refs.push(ty.clone()),
                    },
                    PropertyValue::Converted { converter, .. } => texts.push(self.converter(*converter)),
                    PropertyValue::Joined { parts, .. } => refs.extend(parts.iter().map(|(_, ty)| ty.clone())),
                    _ => {}
                }
            }
            if let Some(e) = self.cx.model.enumeration(id) {
                for variant in &e.variants {
                    match &variant.value {
                        VariantValue::Payload(ty) => refs.push(ty.clone()),
                        VariantValue::Converted(converter) => texts.push(self.converter(*converter)),
                        VariantValue::String(_) => {}
                    }
                }
            }
            stack.extend(refs.iter().filter_map(TypeRef::innermost));
            for text in &texts {
                named_in(text, &mut stack);
            }
        }
        seen
    }

    /// The declarations of the types `reached` that oxc's texts (`added`) and aliases leave
    /// undeclared, and the names of the node interfaces among them.
    fn declarations(
        &self,
        root: TypeId,
        reached: &BTreeSet<TypeId>,
        added: &[Added],
        settings: &OxcSettings,
    ) -> (Vec<Declaration>, Vec<String>) {
        // The nodes whose `parent` is `null`: the root, and the nodes it holds directly (oxc's program).
        let top: BTreeSet<TypeId> = std::iter::once(root)
            .chain(self.properties(root).into_iter().filter_map(|p| match p.value {
                PropertyValue::Field { ty: TypeRef::Named(id), .. } => Some(id),
                _ => None,
            }))
            .collect();
        let mut declarations = Vec::new();
        let mut nodes = Vec::new();
        for &id in reached {
            let def = self.cx.schema.get(id);
            // oxc's own declaration of the name (for a converter's value, say) describes it better
            // than the fields do; a `ts_alias` stands where the type is used (it may be a global's
            // name: `RegExp`).
            if added.iter().any(|a| a.name == def.name) || def.estree.ts_def.alias.is_some() {
                continue;
            }
            let body = match (self.via_type(id), &def.kind) {
                (Some(ts), _) => DeclarationBody::Alias(ts),
                (None, TypeKind::Struct(_)) => {
                    let (properties, is_node) = self.interface(id, settings, top.contains(&id));
                    if is_node {
                        nodes.push(def.name.clone());
                    }
                    DeclarationBody::Interface(properties)
                }
                (None, TypeKind::Enum(_)) => DeclarationBody::Alias(self.enumeration(id)),
            };
            // A converter's type naming the type itself declares nothing.
            if matches!(&body, DeclarationBody::Alias(alias) if *alias == def.name) {
                continue;
            }
            declarations.push(Declaration { name: def.name.clone(), body });
        }
        (declarations, nodes)
    }

    /// The properties of struct `id`'s interface, and whether it is a node (`top`: one whose
    /// `parent` is `null`).
    fn interface(&self, id: TypeId, settings: &OxcSettings, top: bool) -> (Vec<(JsKey, String)>, bool) {
        let declared = self.properties(id);
        let mut properties: Vec<(JsKey, String)> =
            declared.iter().map(|p| (JsKey::new(&p.key), self.property(&p.value))).collect();
        // oxc's generator gives `parent` to the objects with a `type`, whatever makes them
        // (`model::oxc`).
        let is_node = declared.iter().any(|p| p.key == "type") && !self.cx.schema.get(id).estree.no_parent;
        if settings.parent && is_node {
            properties.push((JsKey::new("parent"), if top { "null".to_owned() } else { "Node".to_owned() }));
        }
        if settings.linter && declared.iter().any(|p| p.value == PropertyValue::Range) {
            properties.push((JsKey::new("loc"), "SourceLocation".to_owned()));
        }
        (properties, is_node)
    }

    /// The converter whose value a struct or enum is (`via`), if any.
    fn via(&self, id: TypeId) -> Option<MetaId> {
        self.cx.model.object(id).and_then(|o| o.via).or_else(|| self.cx.model.enumeration(id).and_then(|e| e.via))
    }

    /// The converter's type of a struct or enum whose value is a converter's (`via`), if it says.
    fn via_type(&self, id: TypeId) -> Option<String> {
        let via = self.via(id)?;
        self.cx.schema.meta[via.0].ts_type.as_ref().map(|_| self.converter(via))
    }

    /// The type of a converter's value: its `ts_type`, or `unknown` where it has none. oxc writes
    /// `ts_type = "Dummy"` on the converters of oxc-parser's module record, whose values oxc-parser
    /// types by hand outside the schema (from its napi types): rawast does not know them either.
    fn converter(&self, converter: MetaId) -> String {
        match self.cx.schema.meta[converter.0].ts_type.as_deref() {
            Some(UNTYPED) | None => "unknown".to_owned(),
            Some(ts) => ts.to_owned(),
        }
    }

    fn ty(&self, ty: &TypeRef) -> String {
        ts_type_with(ty, false, &|id| {
            let def = self.cx.schema.get(id);
            def.estree.ts_def.alias.clone().or_else(|| self.via_type(id)).unwrap_or_else(|| def.name.clone())
        })
    }

    /// `ts_type = "..."` of the field a property copies, if it has one.
    fn field_ts_type(&self, value: &PropertyValue) -> Option<String> {
        let PropertyValue::Field { at, .. } = value else { return None };
        field_of(self.cx, at)?.estree.ts_type.clone()
    }

    fn property(&self, value: &PropertyValue) -> String {
        match value {
            PropertyValue::NodeType(name) => js_string(name),
            PropertyValue::Span { .. } => "number".to_owned(),
            PropertyValue::Field { ty, .. } => self.field_ts_type(value).unwrap_or_else(|| self.ty(ty)),
            PropertyValue::Converted { converter, .. } => self.converter(*converter),
            PropertyValue::FromSpan { option: Some(_) } => "string | null".to_owned(),
            PropertyValue::FromSpan { option: None } => "string".to_owned(),
            // One array of the `Vec`s' elements and the `Option`s' values.
            PropertyValue::Joined { parts, .. } => {
                let mut elements: Vec<String> = Vec::new();
                for (_, ty) in parts {
                    let element = match ty {
                        TypeRef::Vec(inner) | TypeRef::Option(inner) => inner,
                        other => other,
                    };
                    for member in self.ty(element).split(" | ") {
                        if !elements.iter().any(|e| e == member) {
                            elements.push(member.to_owned());
                        }
                    }
                }
                format!("({})[]", elements.join(" | "))
            }
            PropertyValue::Range => "[number, number]".to_owned(),
        }
    }

    /// A union of the values of the enum's variants, each once.
    fn enumeration(&self, id: TypeId) -> String {
        let e = self.cx.model.enumeration(id).expect("enums have an enum model");
        let mut members: Vec<String> = Vec::new();
        for variant in &e.variants {
            let member = match &variant.value {
                VariantValue::Payload(ty) => self.ty(ty),
                VariantValue::Converted(converter) => self.converter(*converter),
                VariantValue::String(s) => js_string(s),
            };
            if !members.contains(&member) {
                members.push(member);
            }
        }
        if members.is_empty() { "never".to_owned() } else { members.join(" | ") }
    }
}

/// The field a path ends at.
fn field_of<'s>(cx: &'s EmitContext, at: &FieldPath) -> Option<&'s crate::ir::Field> {
    let &(id, index) = at.0.last()?;
    match &cx.schema.get(id).kind {
        TypeKind::Struct(s) => s.fields.get(index),
        TypeKind::Enum(_) => None,
    }
}
