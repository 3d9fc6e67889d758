//! Notes on the mapping: what a schema makes codegen do that its author may not have meant, which
//! does not stop codegen. A struct with a span is a node, unless a field's key is the
//! discriminator's: then the field's value stands where the node's type name would, and the struct
//! is a plain object. That is how comments give their `type` (`Line`, `Block`), written with
//! `#[estree(rename = "type")]`; a field merely named like the discriminator does it unasked.

use super::Model;
use super::rawast::{node_span_field, type_field};
use crate::diagnostic::Diagnostic;
use crate::ir::{Schema, TypeKind};

/// A note for each struct with a span that a field named like the discriminator (not renamed to
/// it) turns into a plain object.
pub fn discriminator_field_notes(schema: &Schema, model: &Model) -> Vec<Diagnostic> {
    let Some(discriminator) = &model.mapping.discriminator else { return Vec::new() };
    let mut notes = Vec::new();
    for id in schema.ids() {
        let (def, Some(index)) = (schema.get(id), type_field(schema, &model.mapping, id)) else { continue };
        let TypeKind::Struct(s) = &def.kind else { continue };
        let field = &s.fields[index];
        // Without a span the struct is a plain object anyway; a field renamed to the key says so.
        if node_span_field(schema, id).is_none() || field.estree.rename.is_some() {
            continue;
        }
        let node_type = def.estree.node_type.as_deref().unwrap_or(&def.name);
        notes.push(
            Diagnostic::note(format!(
                "`{}.{}` has the discriminator's key, `{discriminator}`: `{}` values are plain objects, not `{node_type}` nodes",
                def.name, field.name, def.name
            ))
            .at(field.location.clone())
            .with_help(format!(
                "the field's value stands where the node's type name would, the objects get no `parent`, and walks pass through them without visiting them; to keep the nodes, give the field another key with #[estree(rename = \"...\")]; if the field is meant to give the object's `{discriminator}`, write #[estree(rename = \"{discriminator}\")] on it, and this note goes"
            )),
        );
    }
    notes
}
