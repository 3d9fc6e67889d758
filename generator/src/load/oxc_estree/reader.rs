//! `#[estree(...)]` on oxc's types, fields and variants, read with the converters known: each key
//! checked against those its place takes, and the names it holds resolved.

use std::collections::HashMap;

use super::RawItem;
use super::values::{entries, flag, misplaced_only, only_of, path, snippet, string, unknown_key};
use crate::files::SourceFile;
use crate::ir::estree::{AddedField, FieldEstree, Join, JoinPlace, MetaId, Ordered, TypeEstree, VariantEstree};
use crate::ir::snippet::Snippet;
use crate::ir::{Struct, TypeDef, TypeId, TypeKind};
use crate::load::Context;
use crate::load::dialect::RawAttr;

const STRUCT_KEYS: &[&str] = &[
    "rename",
    "no_type",
    "skip",
    "flatten",
    "via",
    "field_order",
    "add_fields",
    "no_ts_def",
    "ts_alias",
    "add_ts_def",
    "no_parent",
];
const ENUM_KEYS: &[&str] = &["rename", "skip", "via", "no_rename_variants", "no_ts_def", "ts_alias", "add_ts_def"];
const FIELD_KEYS: &[&str] =
    &["rename", "skip", "flatten", "no_flatten", "via", "from_span", "prepend_to", "append_to", "ts_type", "json_safe"];
const VARIANT_KEYS: &[&str] = &["rename", "skip", "via"];

/// Reads attributes with the converters known.
pub(super) struct Reader<'c, 'm> {
    pub(super) cx: &'c mut Context,
    pub(super) converters: &'m HashMap<String, MetaId>,
    /// The schema's types by name, which snippets name.
    pub(super) names: &'m HashMap<String, TypeId>,
}

impl Reader<'_, '_> {
    fn converter(&mut self, file: &SourceFile, entry: &RawAttr) -> Option<MetaId> {
        let (name, span) = path(self.cx, file, entry)?;
        let found = self.converters.get(&name).copied();
        if found.is_none() {
            self.cx.error(
                file,
                span,
                format!("`{name}` is no #[ast_meta] converter of the schema"),
                Some("converters are `#[ast_meta]` types with `#[estree(raw_deser = \"...\")]`".to_owned()),
            );
        }
        found
    }

    pub(super) fn type_estree(&mut self, raw: &RawItem, def: &TypeDef) -> TypeEstree {
        let file = raw.file;
        let is_struct = matches!(def.kind, TypeKind::Struct(_));
        let (place, keys) = if is_struct { ("a struct", STRUCT_KEYS) } else { ("an enum", ENUM_KEYS) };
        let mut out = TypeEstree::default();
        let mut order = None;
        for attr in &raw.item {
            if attr.name != "estree" {
                misplaced_only(self.cx, file, attr, place);
                continue;
            }
            for entry in entries(self.cx, file, attr) {
                if !keys.contains(&entry.name.as_str()) {
                    unknown_key(self.cx, file, entry.span, &entry.name, place, keys);
                } else if entry.name == "field_order" {
                    order = Some(entry);
                } else {
                    self.type_entry(file, def, entry, &mut out);
                }
            }
        }
        // After `add_fields`, which its names may refer to.
        if let (Some(entry), TypeKind::Struct(s)) = (order, &def.kind) {
            out.field_order = Some(self.field_order(file, def, s, entry, &out.add_fields));
        }
        out
    }

    /// One key of a type's `#[estree(...)]` but `field_order`, checked to be one its kind takes.
    fn type_entry(&mut self, file: &SourceFile, def: &TypeDef, entry: &RawAttr, out: &mut TypeEstree) {
        match entry.name.as_str() {
            "rename" => out.node_type = string(self.cx, file, entry).map(|(text, _)| text),
            "no_type" => out.no_type = flag(self.cx, file, entry),
            "skip" => out.skip = flag(self.cx, file, entry),
            "flatten" => out.flatten = flag(self.cx, file, entry),
            "via" => out.via = self.converter(file, entry),
            "no_rename_variants" => out.no_rename_variants = flag(self.cx, file, entry),
            "no_ts_def" => out.ts_def.none = flag(self.cx, file, entry),
            "no_parent" => out.no_parent = flag(self.cx, file, entry),
            "ts_alias" => out.ts_def.alias = string(self.cx, file, entry).map(|(text, _)| text),
            "add_ts_def" => {
                if let Some(snippet) = self.add_ts_def(file, def, entry) {
                    out.ts_def.add = Some(snippet);
                }
            }
            "add_fields" => self.add_fields(file, entry, &mut out.add_fields),
            _ => unreachable!("type_estree checks the keys"),
        }
    }

    /// `add_ts_def = "..."`: TypeScript declarations, with `/* IF */` blocks and no other template
    /// words.
    fn add_ts_def(&mut self, file: &SourceFile, def: &TypeDef, entry: &RawAttr) -> Option<Snippet> {
        let (snippet, span) = snippet(self.cx, file, entry, &def.name, self.names)?;
        if snippet.is_text() {
            return Some(snippet);
        }
        self.cx.error(
            file,
            span,
            format!("the `add_ts_def` of `{}` uses template words other than `/* IF */` blocks", def.name),
            Some("TypeScript declarations take `/* IF FLAG */ … /* END_IF */` only".to_owned()),
        );
        None
    }

    /// `add_fields(key = Converter, ...)`: properties a converter writes, after the struct's own.
    fn add_fields(&mut self, file: &SourceFile, entry: &RawAttr, out: &mut Vec<AddedField>) {
        for added in entries(self.cx, file, entry) {
            if let Some(converter) = self.converter(file, added) {
                out.push(AddedField { key: added.name.trim_start_matches("r#").to_owned(), converter });
            }
        }
    }

    /// `field_order(a, b, ...)`: the order of the properties, each a field of `s` or an added one.
    fn field_order(
        &mut self,
        file: &SourceFile,
        def: &TypeDef,
        s: &Struct,
        entry: &RawAttr,
        added: &[AddedField],
    ) -> Vec<Ordered> {
        let mut ordered = Vec::new();
        for item in entries(self.cx, file, entry) {
            let name = item.name.trim_start_matches("r#");
            if let Some(index) = s.fields.iter().position(|f| f.name == name) {
                ordered.push(Ordered::Field(index));
            } else if let Some(index) = added.iter().position(|a| a.key == name) {
                ordered.push(Ordered::Added(index));
            } else {
                self.cx.error(
                    file,
                    item.span,
                    format!(
                        "field_order names `{name}`, which is neither a field of `{}` nor an added field",
                        def.name
                    ),
                    None,
                );
            }
        }
        ordered
    }

    pub(super) fn field_estree(&mut self, file: &SourceFile, attrs: &[RawAttr], s: &Struct) -> FieldEstree {
        let mut out = FieldEstree::default();
        for attr in attrs {
            if attr.name == "ts" || attr.name == "js_only" {
                out.only = only_of(self.cx, file, attr);
                continue;
            }
            for entry in entries(self.cx, file, attr) {
                match entry.name.as_str() {
                    "rename" => out.rename = string(self.cx, file, entry).map(|(text, _)| text),
                    "skip" => out.skip = flag(self.cx, file, entry),
                    "flatten" => out.flatten = flag(self.cx, file, entry),
                    "no_flatten" => out.no_flatten = flag(self.cx, file, entry),
                    "from_span" => out.from_span = flag(self.cx, file, entry),
                    "json_safe" => out.json_safe = flag(self.cx, file, entry),
                    "via" => out.via = self.converter(file, entry),
                    "ts_type" => out.ts_type = string(self.cx, file, entry).map(|(text, _)| text),
                    "prepend_to" | "append_to" => {
                        if let Some(join) = self.join(file, entry, s) {
                            out.join = Some(join);
                        }
                    }
                    other => unknown_key(self.cx, file, entry.span, other, "a field", FIELD_KEYS),
                }
            }
        }
        out
    }

    /// `prepend_to = field` or `append_to = field`: the field of `s` whose array takes this one's.
    fn join(&mut self, file: &SourceFile, entry: &RawAttr, s: &Struct) -> Option<Join> {
        let (name, span) = path(self.cx, file, entry)?;
        let place = if entry.name == "prepend_to" { JoinPlace::Prepend } else { JoinPlace::Append };
        match s.fields.iter().position(|f| f.name == name) {
            Some(into) => Some(Join { into, place }),
            None => {
                self.cx.error(
                    file,
                    span,
                    format!("`{}` names `{name}`, which is no field of this struct", entry.name),
                    None,
                );
                None
            }
        }
    }

    pub(super) fn variant_estree(&mut self, file: &SourceFile, attrs: &[RawAttr]) -> VariantEstree {
        let mut out = VariantEstree::default();
        for attr in attrs {
            if attr.name != "estree" {
                misplaced_only(self.cx, file, attr, "a variant");
                continue;
            }
            for entry in entries(self.cx, file, attr) {
                match entry.name.as_str() {
                    "rename" => out.rename = string(self.cx, file, entry).map(|(text, _)| text),
                    "skip" => out.skip = flag(self.cx, file, entry),
                    "via" => out.via = self.converter(file, entry),
                    other => unknown_key(self.cx, file, entry.span, other, "a variant", VARIANT_KEYS),
                }
            }
        }
        out
    }
}
