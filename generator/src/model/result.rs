//! What `deserialize` returns: the root node under `root_key`, and beside it each channel, a field
//! of the root that is returned rather than kept as the root's property.

use super::struct_named;
use crate::config::Config;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

/// What `deserialize` returns: `{ [root_key]: root, [channel.key]: channel value, ... }`.
#[derive(Debug, Clone)]
pub struct ResultShape {
    pub root: TypeId,
    pub root_key: String,
    pub channels: Vec<Channel>,
}

/// A field of the root returned beside it.
#[derive(Debug, Clone)]
pub struct Channel {
    pub key: String,
    /// The field's index in the root.
    pub field: usize,
    pub ty: TypeRef,
}

/// The root and its channels, as the configuration names them (rawast's schemas).
pub(super) fn configured_result_shape(
    schema: &Schema,
    config: &Config,
    diagnostics: &mut Diagnostics,
) -> Option<ResultShape> {
    let root_config = config.root.as_ref()?;
    let Some(root) = struct_named(schema, &root_config.name) else {
        diagnostics.push(
            Diagnostic::new(format!("root type `{}` is not a struct of the schema", root_config.name))
                .at(root_config.location.clone()),
        );
        return None;
    };
    let TypeKind::Struct(s) = &schema.get(root).kind else { unreachable!() };
    let mut channels = Vec::new();
    for channel in &config.mapping.channels {
        match s.fields.iter().position(|f| f.name == channel.name) {
            Some(field) => channels.push(Channel {
                key: config.mapping.field_key(&s.fields[field]),
                field,
                ty: s.fields[field].ty.clone(),
            }),
            None => diagnostics.push(
                Diagnostic::new(format!(
                    "channel `{}` is not a field of the root type `{}`",
                    channel.name, root_config.name
                ))
                .at(channel.location.clone())
                .with_help(format!(
                    "channels are fields of `{}` that `deserialize` returns beside it",
                    root_config.name
                )),
            ),
        }
    }
    Some(ResultShape { root, root_key: config.mapping.root_key.clone(), channels })
}
