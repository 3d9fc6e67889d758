//! What a walk led by words (`[walk]`) asks of the schema: each struct's span, the structs whose
//! spans it trusts, and where the root holds the source's comments and the parser's errors.

use super::dialects::rules;
use super::{Model, struct_named};
use crate::config::Config;
use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

impl Model {
    /// The index of a struct's span field, the node's: rawast's first `Span` field that is not
    /// skipped; oxc's field `span` of its `Span` struct (the one its layout puts first).
    pub fn span_field(schema: &Schema, id: TypeId) -> Option<usize> {
        rules(schema.dialect).span_field(schema, id)
    }

    /// The struct `[walk] comments` names, the type of the source's comments, with a span: `None`
    /// where none is named, or the name is no such struct (an error at the key, `check`).
    pub fn walk_comments_type(schema: &Schema, config: &Config) -> Option<TypeId> {
        let name = &config.walk_comments.as_ref()?.name;
        schema.ids().find(|id| schema.get(*id).name == *name && Self::span_field(schema, *id).is_some())
    }

    /// The struct `[walk] errors` names, the type of the parser's errors: `None` where none is
    /// named, or the name is no struct (an error at the key, `check`).
    pub fn walk_errors_type(schema: &Schema, config: &Config) -> Option<TypeId> {
        let name = &config.walk_errors.as_ref()?.name;
        struct_named(schema, name)
    }

    /// Where struct `root` holds `Vec`s of `element`: in its own fields, or in those of the structs
    /// inline in it (oxc-parser's buffers keep comments and errors in `RawTransferData`, Oxlint's
    /// comments in `Program`), each as the field indices that lead to it.
    pub fn root_vecs(schema: &Schema, root: TypeId, element: TypeId) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let TypeKind::Struct(s) = &schema.get(root).kind else { return found };
        for (i, field) in s.fields.iter().enumerate() {
            match &field.ty {
                TypeRef::Vec(inner) if **inner == TypeRef::Named(element) => found.push(vec![i]),
                TypeRef::Named(inline) => {
                    let TypeKind::Struct(inner) = &schema.get(*inline).kind else { continue };
                    for (j, field) in inner.fields.iter().enumerate() {
                        if field.ty == TypeRef::Vec(Box::new(TypeRef::Named(element))) {
                            found.push(vec![i, j]);
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    /// Whether the walker never skips a struct `id` by its span: one of its fields is in `[walk]
    /// outside_span`, its values possibly outside the struct's span.
    pub fn spans_outside(schema: &Schema, config: &Config, id: TypeId) -> bool {
        let name = &schema.get(id).name;
        config.walk_outside_span.iter().any(|f| f.struct_name == *name)
    }

    /// The structs whose spans a walk led by words trusts (`[walk] keywords`): the node structs
    /// with a span, which it skips by their span where that holds none of its words (but for
    /// those with a field of `[walk] outside_span`, `spans_outside`), and of which a node type
    /// with words holds one of its words. The spans of other structs (oxc's `FormalParameters`,
    /// which oxc-parser leaves in UTF-8 bytes) are never read by a walk.
    pub fn walk_span_structs(&self, schema: &Schema) -> Vec<TypeId> {
        schema
            .ids()
            .filter(|id| {
                Self::span_field(schema, *id).is_some() && self.walked(*id).is_some_and(|w| !w.node_types.is_empty())
            })
            .collect()
    }
}
