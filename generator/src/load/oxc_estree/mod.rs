//! What oxc's attributes say of the JS side of its types, read into `ir::estree` once every type
//! and converter is known: `#[estree(...)]` on items, fields and variants, `#[ts]` and
//! `#[js_only]`, and the `#[ast_meta]` converters with their `raw_deser` JS (parsed by `snippet`).
//! Names are resolved here (converters, fields of `field_order` and `prepend_to`), and every key,
//! value or name oxc's generator would not accept is a spanned error.

mod meta;
mod offsets;
mod reader;
mod values;

use std::collections::HashMap;

use proc_macro2::Span;

use super::Context;
use super::dialect::RawAttr;
use crate::files::SourceFile;
use crate::ir::estree::MetaType;
use crate::ir::{TypeDef, TypeId, TypeKind};
use reader::Reader;

/// The attributes of one item as written: its own, and each field's or variant's (in the order of
/// its fields or variants).
pub(super) struct RawItem<'f> {
    pub file: &'f SourceFile,
    pub item: Vec<RawAttr>,
    pub members: Vec<Vec<RawAttr>>,
}

/// An `#[ast_meta]` item as written.
pub(super) struct RawMeta<'f> {
    pub file: &'f SourceFile,
    pub name: String,
    pub span: Span,
    pub attrs: Vec<RawAttr>,
}

/// Reads the converters, then every type's attributes (`raw[id]`, for each type of the oxc dialect)
/// into `types`; returns the converters.
pub(super) fn resolve(
    cx: &mut Context,
    types: &mut [TypeDef],
    raw: &[Option<RawItem>],
    metas: Vec<RawMeta>,
    names: &HashMap<String, TypeId>,
) -> Vec<MetaType> {
    let (converters, resolved) = meta::read_converters(cx, metas, names);
    let mut reader = Reader { cx, converters: &converters, names };
    for (index, raw) in raw.iter().enumerate() {
        let Some(raw) = raw else { continue };
        let def = &mut types[index];
        def.estree = reader.type_estree(raw, def);
        match &mut def.kind {
            TypeKind::Struct(s) => {
                for (field, attrs) in (0..s.fields.len()).zip(&raw.members) {
                    let estree = reader.field_estree(raw.file, attrs, s);
                    s.fields[field].estree = estree;
                }
            }
            TypeKind::Enum(e) => {
                for (variant, attrs) in e.variants.iter_mut().zip(&raw.members) {
                    variant.estree = reader.variant_estree(raw.file, attrs);
                }
            }
        }
    }
    offsets::check_converter_uses(reader.cx, types, raw, &resolved);
    resolved
}
