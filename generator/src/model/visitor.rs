//! Visitor keys: what a generic walker follows to every node of a tree, which a lazy target exports
//! as `VISITOR_KEYS` since its getters cannot be enumerated. Each kind of object a walk meets has an
//! entry listing, in output order, the keys of its properties that can lead to a node. A node's
//! entry is named after its type; a plain object's after where it lies: its holder's entry, a dot
//! and its key (`Select.joins`), or its key in `deserialize`'s result (`hints`). A walker takes an
//! object whose discriminator value names an entry for a node of that type, any other for a plain
//! one; what that rule cannot tell apart (a plain object whose own discriminator may name an entry,
//! plain objects that hold themselves with no node between, two kinds of objects under one name)
//! is an error here, never a node a walk misses.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::dialects::rules;
use super::{Model, PropertyValue, VariantValue};
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Only, Schema, TypeId, TypeKind, TypeRef};

/// Every entry, in the order a reader meets them: the result's plain values, then each node type
/// followed by the plain objects under it, depth first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitorKeys {
    pub entries: Vec<VisitorEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitorEntry {
    pub name: String,
    /// The keys that can lead to nodes, in output order.
    pub keys: Vec<String>,
}

/// The visitor keys of `model`, or why its objects cannot be walked by them.
pub(super) fn visitor_keys(schema: &Schema, model: &Model) -> Result<VisitorKeys, Diagnostics> {
    let set_by_converters = set_by_converters(schema, model);
    let mut walk = Walk {
        schema,
        model,
        entries: Vec::new(),
        origins: HashMap::new(),
        reachable: BTreeSet::new(),
        set_by_converters,
        diagnostics: Diagnostics::default(),
    };
    // A walk starts at each value of `deserialize`'s result, named by its key there. (oxc's result
    // holds the program, whose nodes oxc's own visitor keys start from, and values without nodes.)
    let walks_from_result = rules(schema.dialect).walks_from_result();
    if let Some(result) = model.result.as_ref().filter(|_| walks_from_result) {
        let starts = std::iter::once((&result.root_key, TypeRef::Named(result.root)))
            .chain(result.channels.iter().map(|c| (&c.key, c.ty.clone())));
        for (key, ty) in starts {
            let plain = walk.plain_structs([&ty]);
            walk.describe(
                key.clone(),
                &plain,
                std::slice::from_ref(&plain),
                Origin { what: format!("`deserialize`'s `{key}`"), location: None },
            );
        }
    }
    // Structs that share a node type share its entry. oxc's schema describes types its trees never
    // hold (its regular expressions' AST, ids): those a tree can hold.
    let reachable = model
        .result
        .as_ref()
        .filter(|_| !walks_from_result)
        .map(|result| reachable_structs(schema, model, result.root));
    for (node_type, mut ids) in model.node_types(schema) {
        if let Some(reachable) = &reachable {
            ids.retain(|id| reachable.contains(id));
            if ids.is_empty() {
                continue;
            }
        }
        let structs: Vec<String> = ids.iter().map(|id| format!("`{}`", schema.get(*id).name)).collect();
        walk.describe(
            node_type.to_owned(),
            &ids,
            &[],
            Origin { what: format!("the node type of {}", structs.join(", ")), location: None },
        );
    }
    walk.check_own_discriminators();
    let Walk { entries, diagnostics, .. } = walk;
    diagnostics.into_result(VisitorKeys { entries })
}

struct Walk<'a> {
    schema: &'a Schema,
    model: &'a Model,
    entries: Vec<VisitorEntry>,
    /// Each entry's name, with what it describes: two kinds of objects cannot share one.
    origins: HashMap<String, Origin>,
    /// Every plain struct a walk can meet, whose own discriminator value it reads.
    reachable: BTreeSet<TypeId>,
    /// Keys of properties that oxc's converters set on the objects they read (`set_by_converters`).
    set_by_converters: BTreeSet<String>,
    diagnostics: Diagnostics,
}

/// What an entry describes, for a diagnostic.
struct Origin {
    what: String,
    /// The field that brings the objects there (plain objects).
    location: Option<Location>,
}

impl<'a> Walk<'a> {
    /// Adds the entry `name` of objects that are one of `structs` (node structs of one type, or the
    /// plain structs that lie in one place), and those of the plain objects under them. `chain`:
    /// the sets of plain structs met from the nearest node to here, `structs` last for plain ones.
    fn describe(&mut self, name: String, structs: &[TypeId], chain: &[Vec<TypeId>], origin: Origin) {
        self.reachable.extend(structs.iter().filter(|id| !self.model.is_node(**id)));
        let mut keys: Vec<String> = Vec::new();
        for property in structs.iter().flat_map(|id| self.properties(*id)) {
            if self.leads_to_nodes(property) && !keys.contains(&property.key) {
                keys.push(property.key.clone());
            }
        }
        let is_node = chain.is_empty();
        if keys.is_empty() && !is_node {
            return;
        }
        if !self.claim(&name, origin) {
            return;
        }
        self.entries.push(VisitorEntry { name: name.clone(), keys: keys.clone() });
        for key in keys {
            self.describe_under(&name, &key, structs, chain);
        }
    }

    /// Takes entry name `name` for what `origin` describes; `false`, with an error, where another
    /// kind of objects has it, or it is `__proto__`.
    fn claim(&mut self, name: &str, origin: Origin) -> bool {
        if name != "__proto__" && !self.origins.contains_key(name) {
            self.origins.insert(name.to_owned(), origin);
            return true;
        }
        let (message, location) = match self.origins.get(name) {
            Some(first) => (
                format!("{} and {} would have one VISITOR_KEYS entry, `{name}`", first.what, origin.what),
                origin.location.clone().or_else(|| first.location.clone()),
            ),
            None => (
                format!(
                    "{} would have the VISITOR_KEYS entry `__proto__`, which JS object literals take as the prototype",
                    origin.what
                ),
                origin.location.clone(),
            ),
        };
        let help = "a node's entry is its type name, a plain object's the entry of the object holding it, a dot and its key, or its key in `deserialize`'s result: rename a node type or a field";
        let mut diagnostic = Diagnostic::new(message).with_help(help);
        if let Some(location) = location {
            diagnostic = diagnostic.at(location);
        }
        self.diagnostics.push(diagnostic);
        false
    }

    /// Adds the entries of the plain objects under `key` in any of `structs`, the objects of entry
    /// `name` (a walker follows the key in each), unless they hold themselves with no node between.
    fn describe_under(&mut self, name: &str, key: &str, structs: &[TypeId], chain: &[Vec<TypeId>]) {
        let fields: Vec<(&TypeRef, &Option<Location>)> = structs
            .iter()
            .flat_map(|id| self.properties(*id))
            .filter(|p| p.key == key)
            .flat_map(|p| match &p.value {
                PropertyValue::Field { ty, .. } => vec![(ty, &p.location)],
                PropertyValue::Joined { parts, .. } => parts.iter().map(|(_, ty)| (ty, &p.location)).collect(),
                _ => Vec::new(),
            })
            .collect();
        let plain = self.plain_structs(fields.iter().map(|(ty, _)| *ty));
        if plain.is_empty() {
            return;
        }
        // Diagnostics point at a field that brings plain objects here.
        let location = fields
            .iter()
            .filter(|(ty, _)| !self.plain_structs([*ty]).is_empty())
            .find_map(|(_, location)| (*location).clone());
        if let Some(again) = chain.iter().position(|met| *met == plain) {
            self.reachable.extend(plain.iter().copied());
            let diagnostic = self.endless_path(&chain[again..], name, key);
            self.diagnostics.push(match location {
                Some(location) => diagnostic.at(location),
                None => diagnostic,
            });
            return;
        }
        let mut next = chain.to_vec();
        next.push(plain.clone());
        let what = format!("the plain objects at `{key}` of `{name}`'s entry");
        self.describe(format!("{name}.{key}"), &plain, &next, Origin { what, location });
    }

    /// The error for plain objects, those of `cycle`, that hold themselves through `key` of entry
    /// `name`: the names of their entries would never end.
    fn endless_path(&self, cycle: &[Vec<TypeId>], name: &str, key: &str) -> Diagnostic {
        let names: Vec<&str> = cycle
            .iter()
            .flatten()
            .map(|id| self.schema.get(*id).name.as_str())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        Diagnostic::new(format!(
            "plain objects of `{}` hold themselves through `{key}` with no node between them: their VISITOR_KEYS entries, named by their path from the nearest node (`{name}.{key}`, ...), would never end",
            names.join("`, `")
        ))
        .with_help("make one of them a node: a struct with a span, and no field keyed like [mapping] discriminator")
    }

    /// The properties a walk reads of struct `id`'s objects (none for a converter's value).
    fn properties(&self, id: TypeId) -> &'a [super::Property] {
        self.model.walked(id).and_then(|w| w.properties.as_deref()).unwrap_or_default()
    }

    /// Whether a property's value can lead to a node: a field's or joined fields' value that can
    /// be or hold one, or an oxc converter's that can; or a converter's constant that another
    /// converter replaces with nodes (`set_by_converters`).
    fn leads_to_nodes(&self, property: &super::Property) -> bool {
        match &property.value {
            PropertyValue::Field { .. } | PropertyValue::Joined { .. } => {
                self.model.fields_build_nodes(&property.value)
            }
            PropertyValue::Converted { converter, .. } => {
                self.model.converter_builds_nodes(self.schema, *converter)
                    || (self.schema.meta[converter.0].only == Some(Only::Ts)
                        && self.set_by_converters.contains(&property.key))
            }
            _ => false,
        }
    }

    /// The plain structs (objects without a node type) a value of any of `types` can be, in schema order.
    fn plain_structs<'t>(&self, types: impl IntoIterator<Item = &'t TypeRef>) -> Vec<TypeId> {
        let mut found = BTreeSet::new();
        let mut seen = HashSet::new();
        let mut stack: Vec<&TypeRef> = types.into_iter().collect();
        while let Some(ty) = stack.pop() {
            match ty {
                TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                    stack.push(inner)
                }
                TypeRef::Named(id) if seen.insert(*id) => match &self.schema.get(*id).kind {
                    TypeKind::Struct(_) if !self.model.is_node(*id) => {
                        found.insert(*id);
                    }
                    TypeKind::Struct(_) => {}
                    TypeKind::Enum(e) => stack.extend(e.variants.iter().filter_map(|v| v.payload.as_ref())),
                },
                _ => {}
            }
        }
        found.into_iter().collect()
    }

    /// A walker takes an object for a node when its discriminator value names an entry: no plain
    /// object it meets may have such a value of its own.
    fn check_own_discriminators(&mut self) {
        let Some(discriminator) = &self.model.mapping.discriminator else { return };
        let names: HashSet<&str> = self.origins.keys().map(String::as_str).collect();
        for id in &self.reachable {
            let object = self.model.object(*id).expect("structs are objects");
            let Some(property) = object.properties.iter().find(|p| &p.key == discriminator) else { continue };
            let PropertyValue::Field { ty, convert, .. } = &property.value else { continue };
            let name = &self.schema.get(*id).name;
            let problem = match strings_of(self.schema, ty) {
                _ if convert.is_some() => continue,
                None => format!("`{name}` is a plain object whose own `{discriminator}` can be any string"),
                Some(strings) => match strings.iter().find(|s| names.contains(s.as_str())) {
                    Some(string) => format!(
                        "`{name}` is a plain object whose own `{discriminator}` can be \"{string}\", which names a VISITOR_KEYS entry"
                    ),
                    None => continue,
                },
            };
            let mut diagnostic = Diagnostic::new(format!("{problem}: a walker by VISITOR_KEYS would take it for a node")).with_help(format!(
                "a walker tells nodes by their `{discriminator}`: make the field a fieldless enum whose strings name no node type, or give it another key with #[estree(rename = \"...\")]"
            ));
            if let Some(location) = &property.location {
                diagnostic = diagnostic.at(location.clone());
            }
            self.diagnostics.push(diagnostic);
        }
    }
}

/// The keys that oxc's converters set on objects they read (`param.typeAnnotation = …`, the
/// `FormalParameter` converter's on the pattern it reads), that other structs' fields hold nodes
/// under: where such an object's own property is a TypeScript-only converter's placeholder
/// (`#[ts]`: `typeAnnotation: null`, `decorators: []`), a tree can hold nodes there.
fn set_by_converters(schema: &Schema, model: &Model) -> BTreeSet<String> {
    let set = super::oxc::keys_set_by_converters(schema);
    let mut keys = BTreeSet::new();
    for id in schema.ids() {
        for property in model.walked(id).and_then(|w| w.properties.as_deref()).unwrap_or_default() {
            if model.fields_build_nodes(&property.value) && set.contains(&property.key) {
                keys.insert(property.key.clone());
            }
        }
    }
    keys
}

/// The structs a tree read from `root` can hold: through fields, variants, and what oxc's
/// converters read in the model's variant.
fn reachable_structs(schema: &Schema, model: &Model, root: TypeId) -> HashSet<TypeId> {
    let mut seen = HashSet::new();
    let mut stack = vec![TypeRef::Named(root)];
    while let Some(ty) = stack.pop() {
        match ty {
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                stack.push(*inner)
            }
            TypeRef::Named(id) if seen.insert(id) => {
                let mut converters = Vec::new();
                match &schema.get(id).kind {
                    TypeKind::Struct(_) => {
                        let walked = model.walked(id).expect("structs are walked");
                        converters.extend(model.object(id).and_then(|o| o.via).filter(|_| walked.properties.is_none()));
                        for property in walked.properties.iter().flatten() {
                            match &property.value {
                                PropertyValue::Field { ty, .. } => stack.push(ty.clone()),
                                PropertyValue::Joined { parts, .. } => {
                                    stack.extend(parts.iter().map(|(_, ty)| ty.clone()))
                                }
                                PropertyValue::Converted { converter, .. } => converters.push(*converter),
                                _ => {}
                            }
                        }
                    }
                    TypeKind::Enum(_) => {
                        let enumeration = model.enumeration(id).expect("enums have a model");
                        converters.extend(enumeration.via);
                        for variant in &enumeration.variants {
                            match &variant.value {
                                VariantValue::Converted(converter) => converters.push(*converter),
                                VariantValue::Payload(payload) => stack.push(payload.clone()),
                                VariantValue::String(_) => {}
                            }
                        }
                    }
                }
                // (What it reads in this variant: a JavaScript variant's `Function` reads no `this`
                // parameter, Oxlint's `Program` no `Hashbang`.)
                for converter in converters {
                    stack.extend(super::oxc::converter_reads_in(schema, converter, model.variant));
                }
            }
            _ => {}
        }
    }
    seen
}

/// The strings a value of `ty` can be: `None` for any string, the variants of fieldless enums.
fn strings_of(schema: &Schema, ty: &TypeRef) -> Option<BTreeSet<String>> {
    let mut strings = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![ty];
    while let Some(ty) = stack.pop() {
        match ty {
            TypeRef::Str | TypeRef::Builtin(_) => return None,
            TypeRef::Box(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => stack.push(inner),
            TypeRef::Named(id) if seen.insert(*id) => {
                if let TypeKind::Enum(e) = &schema.get(*id).kind {
                    for variant in &e.variants {
                        match &variant.payload {
                            Some(payload) => stack.push(payload),
                            None => {
                                strings.insert(super::variant_string(variant).to_owned());
                            }
                        }
                    }
                }
            }
            // Numbers, booleans, spans, arrays, objects: no strings.
            _ => {}
        }
    }
    Some(strings)
}
