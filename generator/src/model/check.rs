//! Keys that cannot work: two properties of one object with the same key (the later would overwrite
//! the earlier, and the `.d.ts` would not compile), keys JS reads as something else, and keys a
//! target reserves for itself. Each is an error at the field that brings the key; and `[walk]
//! keywords` naming no node type, or keys of codegen.toml that would do nothing on this schema
//! (`[mapping] case`, a target's `int64` and `strings`), an error at the key.

use super::graph::{Edge, Site};
use super::{Model, Property, PropertyValue};
use crate::config::{Config, ConfigName, Int64, PropertyCase, RawastSettings, SpanStyle, Target, WalkField};
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Field, Primitive, Schema, TypeId, TypeKind, TypeRef};

/// Object literals take `__proto__: value` as the prototype, not as a property.
const PROTO: &str = "__proto__";

/// Checks every object's keys and the result's.
pub(super) fn check_keys(schema: &Schema, model: &Model, diagnostics: &mut Diagnostics) {
    for id in schema.ids() {
        let Some(object) = model.object(id) else { continue };
        let name = &schema.get(id).name;
        for (index, property) in object.properties.iter().enumerate() {
            if property.key == PROTO {
                diagnostics.push(at_property(Diagnostic::new(format!("`{name}` would have a property `{PROTO}`")), property).with_help(
                    "JS object literals take `__proto__` as the object's prototype; give the field another key with #[estree(rename = \"...\")]",
                ));
            }
            if let Some(first) = object.properties[..index].iter().find(|p| p.key == property.key) {
                // Report at a field: the later property, unless it is the discriminator.
                let (reported, other) = if property.location.is_some() { (property, first) } else { (first, property) };
                let span = [reported, other].iter().any(|p| matches!(p.value, PropertyValue::Span { .. }));
                let help = if span {
                    format!(
                        "the field and the span cannot share a key in JS; rename the field, or give it another key with #[estree(rename = \"...\")], or write spans another way ({})",
                        other_span_styles(model.mapping.spans)
                    )
                } else {
                    "the later would overwrite the earlier in JS, and the .d.ts would not compile; give the field another key with #[estree(rename = \"...\")]".to_owned()
                };
                diagnostics.push(
                    at_property(
                        Diagnostic::new(format!(
                            "`{name}` would have two properties `{}`: {} and {}",
                            property.key,
                            describe(schema, model, other),
                            describe(schema, model, reported)
                        )),
                        reported,
                    )
                    .with_help(help),
                );
            }
        }
    }
    if let Some(result) = &model.result {
        let TypeKind::Struct(root) = &schema.get(result.root).kind else { unreachable!() };
        for (index, channel) in result.channels.iter().enumerate() {
            let clashes =
                channel.key == result.root_key || result.channels[..index].iter().any(|c| c.key == channel.key);
            if clashes {
                diagnostics.push(
                    Diagnostic::new(format!("`deserialize` would return two values under `{}`", channel.key))
                        .at(root.fields[channel.field].location.clone())
                        .with_help("the root and each channel need keys of their own: set [mapping] root_key, or rename the field"),
                );
            }
        }
    }
}

/// `[mapping] case = "snake"` changes the key of a field whose name has an underscore and no
/// `rename`: a schema without one has the same keys in either case.
pub fn check_case(schema: &Schema, model: &Model) -> Diagnostics {
    let mut diagnostics = Diagnostics::default();
    let Some(location) = model.mapping.keys.get("case") else { return diagnostics };
    if model.mapping.case == PropertyCase::Camel {
        return diagnostics;
    }
    let changes =
        |f: &Field| f.estree.rename.is_none() && !f.estree.flatten && PropertyCase::Camel.apply(&f.name) != f.name;
    let any = schema.types.iter().any(|def| matches!(&def.kind, TypeKind::Struct(s) if s.fields.iter().any(changes)));
    if !any {
        diagnostics.push(
            Diagnostic::new(format!("`case = \"{}\"` does nothing: no field's key depends on it", model.mapping.case.as_str()))
                .at(location.clone())
                .with_help("it decides the keys of fields named with `_` (`source_type`: `sourceType` or `source_type`), and the schema has none without a `rename`: leave `case` out"),
        );
    }
    diagnostics
}

/// `[walk]`: `keywords` name node types of the schema; `comments` a struct with a span, and
/// `errors` a struct, that the root holds `Vec`s of; `outside_span` fields of node structs with a
/// span that can hold nodes. None of `comments`, `errors` and `outside_span` does anything without
/// `keywords`: each is then an error, as is any key that would be accepted and have no effect.
pub(super) fn check_walk(schema: &Schema, model: &Model, config: &Config, diagnostics: &mut Diagnostics) {
    let words = !config.walk_keywords.is_empty();
    let comments = config.walk_comments.as_ref().map(|named| RootVecKey {
        key: "comments",
        named,
        found: Model::walk_comments_type(schema, config),
        what: "struct of the schema with a span",
        help: "name the type of the source's comments (such as `Comment`), whose `Vec` the root holds: words inside their spans are no node's",
    });
    let errors = config.walk_errors.as_ref().map(|named| RootVecKey {
        key: "errors",
        named,
        found: Model::walk_errors_type(schema, config),
        what: "struct of the schema",
        help: "name the type of the parser's errors, whose `Vec` the root holds: a buffer with any is walked without words",
    });
    for key in [comments, errors].into_iter().flatten() {
        key.check(schema, model, words, diagnostics);
    }
    for field in &config.walk_outside_span {
        check_outside_span(schema, model, field, words, diagnostics);
    }
    let node_types = model.node_types(schema);
    for keyword in &config.walk_keywords {
        if !node_types.iter().any(|(name, _)| *name == keyword.node_type.name) {
            diagnostics.push(
                Diagnostic::new(format!(
                    "`walk.keywords` names `{}`, which is no node type of the schema",
                    keyword.node_type.name
                ))
                .at(keyword.node_type.location.clone())
                .with_help("keys are node types as the output names them (its `type`), such as `DebuggerStatement`"),
            );
        }
    }
}

/// A key of `[walk]` that names the type of `Vec`s the root holds: `comments` or `errors`.
struct RootVecKey<'c> {
    key: &'static str,
    named: &'c ConfigName,
    /// The type it names, where that is one of the kind it must name.
    found: Option<TypeId>,
    /// The kind of type it must name.
    what: &'static str,
    help: &'static str,
}

impl RootVecKey<'_> {
    /// It names a type of its kind, that the root holds `Vec`s of, and `words`: `[walk] keywords`
    /// are written.
    fn check(&self, schema: &Schema, model: &Model, words: bool, diagnostics: &mut Diagnostics) {
        let Self { key, named, found, what, help } = *self;
        let root = model.result.as_ref().map(|r| r.root);
        match found {
            None => diagnostics.push(
                Diagnostic::new(format!("`walk.{key}` names `{}`, which is no {what}", named.name))
                    .at(named.location.clone())
                    .with_help(help),
            ),
            Some(_) if !words => diagnostics.push(without_words(key, &named.location)),
            Some(id) if root.is_some_and(|root| Model::root_vecs(schema, root, id).is_empty()) => diagnostics.push(
                Diagnostic::new(format!("`walk.{key}` names `{}`, of which the root holds no `Vec`", named.name))
                    .at(named.location.clone())
                    .with_help(format!("a walk finds the {key} in `Vec`s of the root (or of a struct inline in it): name the type those hold")),
            ),
            Some(_) => {}
        }
    }
}

/// An entry of `[walk] outside_span` names a field of a node struct with a span that can hold
/// nodes, and `words`: `[walk] keywords` are written.
fn check_outside_span(schema: &Schema, model: &Model, field: &WalkField, words: bool, diagnostics: &mut Diagnostics) {
    let id = schema.ids().find(|id| schema.get(*id).name == field.struct_name);
    let problem = match id.map(|id| (id, &schema.get(id).kind)) {
        Some((id, TypeKind::Struct(s))) => match s.fields.iter().find(|f| f.name == field.field) {
            None => Some(format!("`{}` has no field `{}`", field.struct_name, field.field)),
            Some(_)
                if Model::span_field(schema, id).is_none()
                    || model.walked(id).is_none_or(|w| w.node_types.is_empty()) =>
            {
                Some(format!(
                    "`{}` is no node with a span: a walk never skips it by its span, and the entry would do nothing",
                    field.struct_name
                ))
            }
            Some(f) if !model.builds_nodes(&f.ty) => {
                Some(format!("`{}.{}` holds no node: the entry would do nothing", field.struct_name, field.field))
            }
            Some(_) if !words => {
                diagnostics.push(without_words("outside_span", &field.location));
                None
            }
            Some(_) => None,
        },
        _ => Some(format!("`{}` is no struct of the schema", field.struct_name)),
    };
    if let Some(problem) = problem {
        diagnostics.push(
            Diagnostic::new(format!("`walk.outside_span` entry `{}.{}`: {problem}", field.struct_name, field.field))
                .at(field.location.clone())
                .with_help("name a field (`Struct.field`, Rust's names) whose nodes may lie outside the span of the node struct holding it"),
        );
    }
}

/// The error for `[walk]` key `key`, written at `location`, without `[walk] keywords`.
fn without_words(key: &str, location: &Location) -> Diagnostic {
    Diagnostic::new(format!("`walk.{key}` does nothing without `walk.keywords`"))
        .at(location.clone())
        .with_help("it tells a walk led by words where words are no node's, or where spans cannot be trusted: add [walk.keywords], or leave the key out")
}

/// Keys a target reserves: `parent` on nodes of parent-linked targets; on lazy targets, the class
/// members every lazy object has (`constructor` cannot be a getter, `toJSON` serializes it). And
/// the target's keys that decide how values the schema has none of are read.
pub fn check_target(schema: &Schema, model: &Model, target: &Target, settings: &RawastSettings) -> Diagnostics {
    let mut diagnostics = Diagnostics::default();
    unread_values(schema, model, target, settings, &mut diagnostics);
    let parent_links = settings.parent_links();
    for id in schema.ids() {
        let Some(object) = model.object(id) else { continue };
        for property in &object.properties {
            let why = match property.key.as_str() {
                "parent" if parent_links && object.node_type.is_some() => {
                    "every node of this target has a `parent`: the node that holds it"
                }
                "constructor" if settings.lazy => {
                    "lazy objects are class instances, whose `constructor` is their class"
                }
                "toJSON" if settings.lazy => "lazy objects have a `toJSON` method, which `JSON.stringify` calls",
                _ => continue,
            };
            diagnostics.push(
                at_property(
                    Diagnostic::new(format!(
                        "`{}` cannot have a property `{}` on target `{}`",
                        schema.get(id).name,
                        property.key,
                        target.name
                    )),
                    property,
                )
                .with_help(format!("{why}; give the field another key with #[estree(rename = \"...\")]")),
            );
        }
    }
    diagnostics
}

/// `int64 = "bigint"` and `[targets.X.strings]` choose how 64-bit integers and strings are read:
/// on a schema whose output holds none, each would do nothing.
fn unread_values(
    schema: &Schema,
    model: &Model,
    target: &Target,
    settings: &RawastSettings,
    diagnostics: &mut Diagnostics,
) {
    let int64 = |ty: &TypeRef| matches!(ty, TypeRef::Primitive(Primitive::U64 | Primitive::I64));
    if let Some(location) = target.keys.get("int64")
        && settings.int64 == Int64::BigInt
        && !model.reads_value(schema, int64)
    {
        diagnostics.push(
            Diagnostic::new(format!(
                "`int64` does nothing on target `{}`: the output holds no 64-bit integer",
                target.name
            ))
            .at(location.clone())
            .with_help("it chooses how `u64` and `i64` fields are read: leave it out while the schema has none"),
        );
    }
    if let Some(location) = target.keys.get("strings")
        && !model.reads_value(schema, |ty| *ty == TypeRef::Str)
    {
        diagnostics.push(
            Diagnostic::new(format!("`strings` does nothing on target `{}`: the output holds no string", target.name))
                .at(location.clone())
                .with_help("[targets.<name>.strings] chooses how `Str` fields are read: leave it out while the schema has none"),
        );
    }
}

/// `[mapping] spans = "range" or "object"`: the styles that put a span under keys of its own, but
/// for `current`, whose keys are the ones that clash.
fn other_span_styles(current: SpanStyle) -> String {
    let others: Vec<String> = [SpanStyle::StartEnd, SpanStyle::Range, SpanStyle::Object]
        .into_iter()
        .filter(|&s| s != current)
        .map(|s| format!("\"{}\"", s.as_str()))
        .collect();
    format!("[mapping] spans = {}", others.join(" or "))
}

fn at_property(diagnostic: Diagnostic, property: &Property) -> Diagnostic {
    match &property.location {
        Some(location) => diagnostic.at(location.clone()),
        None => diagnostic,
    }
}

/// Where a property comes from, for a diagnostic.
fn describe(schema: &Schema, model: &Model, property: &Property) -> String {
    match &property.value {
        PropertyValue::NodeType(_) => "the node's type name ([mapping] discriminator)".to_owned(),
        PropertyValue::Span { .. } => {
            format!("the node's span ([mapping] spans = \"{}\")", model.mapping.spans.as_str())
        }
        PropertyValue::Field { at, .. } => {
            let &(id, index) = at.0.last().expect("a field path has a field");
            let TypeKind::Struct(s) = &schema.get(id).kind else { unreachable!("field paths go through structs") };
            format!("field `{}`", s.fields[index].name)
        }
        PropertyValue::Converted { converter, .. } => format!("converter `{}`", schema.meta[converter.0].name),
        PropertyValue::FromSpan { .. } => "the source text of the node's span (from_span)".to_owned(),
        PropertyValue::Joined { field, .. } => {
            let &(id, index) = field.0.last().expect("a field path has a field");
            let TypeKind::Struct(s) = &schema.get(id).kind else { unreachable!("field paths go through structs") };
            format!("field `{}` with the fields joined to it", s.fields[index].name)
        }
        PropertyValue::Range => "the span's `range`".to_owned(),
    }
}

/// A cycle of the type graph that no object or array breaks: its values could nest deeper than the
/// JS stack holds. Reported at the field or variant that starts it.
pub(super) fn undeferrable_cycle_error(schema: &Schema, cycle: &[Edge]) -> Diagnostic {
    let first = cycle.first().expect("a cycle has an edge");
    let names: Vec<&str> =
        cycle.iter().map(|edge| edge.from).chain([first.from]).map(|id| schema.get(id).name.as_str()).collect();
    let location = match (&schema.get(first.from).kind, first.site) {
        (TypeKind::Struct(s), Site::Field(index)) => &s.fields[index].location,
        (TypeKind::Enum(e), Site::Variant(index)) => &e.variants[index].location,
        _ => unreachable!("fields are structs', variants enums'"),
    };
    Diagnostic::new(format!("`{}` can hold itself through enums, `Box`es and `Option`s alone ({})", names[0], names.join(" → ")))
        .at(location.clone())
        .with_help("a data enum's JS value is its variant's payload, so no object or array lies between the levels and a deserializer could not read a value nested deeper than the JS stack holds; put a struct (an object) or a `Vec` (an array) on this cycle")
}
