//! Building the model: each type's JS value by its dialect's rules, what a walk meets in each
//! struct, which types can make nodes, the visitor keys, and the checks of what the model names.

use super::dialects::rules;
use super::oxc::converter_reaches;
use super::result::ResultShape;
use super::rules::DialectRules;
use super::{
    EnumModel, Model, ObjectModel, OutputVariant, PropertyValue, VariantValue, VisitorKeys, WalkedStruct, check, graph,
    reaches_builder, visitor,
};
use crate::config::{Config, Mapping};
use crate::diagnostic::Diagnostics;
use crate::ir::{MetaId, Schema, TypeId, TypeKind, TypeRef};

impl Model {
    /// Builds the model of `schema` under `config`'s mapping and root; every naming problem (two
    /// properties with one key, a key JS would misread, a channel that is no field) is a diagnostic.
    pub fn build(schema: &Schema, config: &Config) -> Result<Model, Diagnostics> {
        Self::build_variant(schema, config, OutputVariant::default())
    }

    /// [`Model::build`] for one of oxc's output variants (TypeScript, `range`): what oxc's
    /// attributes say depends on it. rawast's schemas have one output.
    pub fn build_variant(schema: &Schema, config: &Config, variant: OutputVariant) -> Result<Model, Diagnostics> {
        let rules = rules(schema.dialect);
        let mapping = config.mapping.clone();
        let mut diagnostics = Diagnostics::default();
        let result = rules.result_shape(schema, config, &mut diagnostics);
        let (objects, enums) = type_models(rules, schema, &mapping, result.as_ref(), variant);
        let walked = walked_structs(rules, schema, &objects, variant);
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
        rules.check(schema, &model, &mut diagnostics);
        diagnostics.into_result(model)
    }
}

/// By `TypeId`, the object each struct becomes and the value each enum becomes, by the dialect's
/// rules (the root's channels are no properties of its object).
fn type_models(
    rules: &dyn DialectRules,
    schema: &Schema,
    mapping: &Mapping,
    result: Option<&ResultShape>,
    variant: OutputVariant,
) -> (Vec<Option<ObjectModel>>, Vec<Option<EnumModel>>) {
    let channel_fields: Vec<usize> = result.iter().flat_map(|r| r.channels.iter().map(|c| c.field)).collect();
    let mut objects = Vec::new();
    let mut enums = Vec::new();
    for id in schema.ids() {
        let is_struct = matches!(schema.get(id).kind, TypeKind::Struct(_));
        let channels: &[usize] = if result.is_some_and(|r| r.root == id) { &channel_fields } else { &[] };
        objects.push(is_struct.then(|| rules.object(schema, mapping, id, channels, variant)));
        enums.push((!is_struct).then(|| rules.enumeration(schema, id)));
    }
    (objects, enums)
}

/// By `TypeId`, what a walk meets in each struct's objects (`objects`).
fn walked_structs(
    rules: &dyn DialectRules,
    schema: &Schema,
    objects: &[Option<ObjectModel>],
    variant: OutputVariant,
) -> Vec<Option<WalkedStruct>> {
    schema
        .ids()
        .map(|id| {
            let object = objects[id.0].as_ref()?;
            Some(rules.walked(schema, id, object, variant))
        })
        .collect()
}

/// Which named types can make a node when read: a fixpoint, as types refer to each other in cycles.
fn builds_nodes_by_type(schema: &Schema, model: &Model) -> Vec<bool> {
    let mut builds: Vec<bool> = schema.ids().map(|id| model.is_node(id)).collect();
    loop {
        let mut changed = false;
        for id in schema.ids() {
            if !builds[id.0] && type_builds(schema, model, id, &builds) {
                builds[id.0] = true;
                changed = true;
            }
        }
        if !changed {
            return builds;
        }
    }
}

/// Whether reading a value of type `id` may make a node, given which types may (`builds`): a value
/// it reads may, or one of oxc's converters that makes its value may.
fn type_builds(schema: &Schema, model: &Model, id: TypeId, builds: &[bool]) -> bool {
    let reaches = |ty: &TypeRef| reaches_builder(ty, builds);
    // oxc's converters: a value that makes a node, or reads one that may.
    let converts = |converter: MetaId| converter_reaches(schema, converter, reaches);
    match &schema.get(id).kind {
        TypeKind::Struct(_) => {
            let walked = model.walked(id).expect("structs are walked");
            match (&walked.properties, model.object(id).and_then(|o| o.via)) {
                (Some(properties), _) => properties.iter().any(|p| match &p.value {
                    PropertyValue::Field { ty, .. } => reaches(ty),
                    PropertyValue::Joined { parts, .. } => parts.iter().any(|(_, ty)| reaches(ty)),
                    PropertyValue::Converted { converter, .. } => converts(*converter),
                    _ => false,
                }),
                (None, Some(converter)) => converts(converter),
                (None, None) => false,
            }
        }
        TypeKind::Enum(e) => match model.enumeration(id).expect("enums have a model") {
            EnumModel { via: Some(converter), .. } => converts(*converter),
            enumeration => {
                e.variants.iter().filter_map(|v| v.payload.as_ref()).any(reaches)
                    || enumeration.variants.iter().any(|v| matches!(v.value, VariantValue::Converted(c) if converts(c)))
            }
        },
    }
}
