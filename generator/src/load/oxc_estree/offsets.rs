//! The `POS_OFFSET.a.b` paths of each converter's `raw_deser`, checked against every struct it
//! converts: each names a chain of fields, from that struct through structs held by value.

use proc_macro2::Span;

use super::RawItem;
use crate::ir::estree::MetaType;
use crate::ir::{TypeDef, TypeId, TypeKind};
use crate::load::Context;

/// Every converter applied to a struct (its `via`, a field's, its added fields') must find the fields
/// its `POS_OFFSET.a.b` paths name in that struct: an error at the struct otherwise.
pub(super) fn check_converter_uses(
    cx: &mut Context,
    types: &[TypeDef],
    raw: &[Option<RawItem>],
    converters: &[MetaType],
) {
    for (index, def) in types.iter().enumerate() {
        let (Some(raw), TypeKind::Struct(s)) = (&raw[index], &def.kind) else { continue };
        let uses = def
            .estree
            .via
            .into_iter()
            .chain(def.estree.add_fields.iter().map(|a| a.converter))
            .chain(s.fields.iter().filter_map(|f| f.estree.via));
        for converter in uses {
            let meta = &converters[converter.0];
            let Some(snippet) = &meta.raw_deser else {
                cx.error(
                    raw.file,
                    raw.item.first().map_or_else(Span::call_site, |a| a.span),
                    format!("`{}` converts `{}` but has no `raw_deser`", meta.name, def.name),
                    None,
                );
                continue;
            };
            for path in snippet.own_offsets() {
                if let Err(message) = field_path(types, TypeId(index), path) {
                    let span = raw.item.first().map_or_else(Span::call_site, |a| a.span);
                    cx.error(
                        raw.file,
                        span,
                        format!("the `raw_deser` of `{}`, which converts `{}`: {message}", meta.name, def.name),
                        None,
                    );
                }
            }
        }
    }
}

/// Follows a path of field names from struct `id`.
fn field_path(types: &[TypeDef], id: TypeId, path: &[String]) -> Result<(), String> {
    let mut id = id;
    for (n, name) in path.iter().enumerate() {
        let def = &types[id.0];
        let TypeKind::Struct(s) = &def.kind else {
            return Err(format!("`{}` is not a struct (in POS_OFFSET.{})", def.name, path.join(".")));
        };
        let field = s
            .fields
            .iter()
            .find(|f| &f.name == name)
            .ok_or_else(|| format!("`{}` has no field `{name}` (POS_OFFSET.{})", def.name, path.join(".")))?;
        if n + 1 < path.len() {
            id = field
                .ty
                .named_within()
                .ok_or_else(|| format!("`{}.{name}` is not a struct (POS_OFFSET.{})", def.name, path.join(".")))?;
        }
    }
    Ok(())
}
