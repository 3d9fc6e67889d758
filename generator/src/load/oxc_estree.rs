//! What oxc's attributes say of the JS side of its types, read into `ir::estree` once every type
//! and converter is known: `#[estree(...)]` on items, fields and variants, `#[ts]` and
//! `#[js_only]`, and the `#[ast_meta]` converters with their `raw_deser` JS (parsed by `snippet`).
//! Names are resolved here (converters, fields of `field_order` and `prepend_to`), and every key,
//! value or name oxc's generator would not accept is a spanned error.

use std::collections::HashMap;

use proc_macro2::Span;

use super::Context;
use super::dialect::{RawAttr, RawValue};
use crate::SourceFile;
use crate::ir::estree::{
    AddedField, FieldEstree, Join, JoinPlace, MetaId, MetaType, Only, Ordered, TypeEstree, VariantEstree,
};
use crate::ir::{Struct, TypeDef, TypeId, TypeKind};

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
    let mut converters: HashMap<String, MetaId> = HashMap::new();
    let mut resolved = Vec::new();
    for meta in metas {
        if converters.contains_key(&meta.name) {
            cx.error(meta.file, meta.span, format!("duplicate #[ast_meta] type `{}`", meta.name), None);
            continue;
        }
        converters.insert(meta.name.clone(), MetaId(resolved.len()));
        resolved.push(read_meta(cx, meta, names));
    }
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
    check_converter_uses(reader.cx, types, raw, &resolved);
    resolved
}

fn read_meta(cx: &mut Context, meta: RawMeta, names: &HashMap<String, TypeId>) -> MetaType {
    let mut out = MetaType {
        name: meta.name.clone(),
        file: meta.file.path.clone(),
        raw_deser: None,
        raw_deser_inline: false,
        ts_type: None,
        only: None,
    };
    for attr in &meta.attrs {
        match attr.name.as_str() {
            "ts" | "js_only" => out.only = only_of(cx, meta.file, attr),
            "estree" => {
                for entry in entries(cx, meta.file, attr) {
                    match entry.name.as_str() {
                        "raw_deser" => {
                            let Some((text, span)) = string(cx, meta.file, entry) else { continue };
                            match super::snippet::parse(&text, names) {
                                Ok(snippet) => out.raw_deser = Some(snippet),
                                Err(message) => cx.error(
                                    meta.file,
                                    span,
                                    format!("cannot read the `raw_deser` of `{}`: {message}", meta.name),
                                    None,
                                ),
                            }
                        }
                        "raw_deser_inline" => out.raw_deser_inline = flag(cx, meta.file, entry),
                        "ts_type" => out.ts_type = string(cx, meta.file, entry).map(|(text, _)| text),
                        other => unknown_key(
                            cx,
                            meta.file,
                            entry.span,
                            other,
                            "an #[ast_meta] type",
                            &["raw_deser", "raw_deser_inline", "ts_type"],
                        ),
                    }
                }
            }
            _ => unreachable!("dialect::kept_attrs keeps estree, ts and js_only"),
        }
    }
    out
}

/// `#[ts]` or `#[js_only]`, which take nothing.
fn only_of(cx: &mut Context, file: &SourceFile, attr: &RawAttr) -> Option<Only> {
    if !matches!(attr.value, RawValue::Flag) {
        cx.error(file, attr.span, format!("`#[{}]` takes no arguments", attr.name), None);
    }
    Some(if attr.name == "ts" { Only::Ts } else { Only::Js })
}

/// The entries of `#[estree(...)]`.
fn entries<'a>(cx: &mut Context, file: &SourceFile, attr: &'a RawAttr) -> &'a [RawAttr] {
    match &attr.value {
        RawValue::List(items) => items,
        _ => {
            cx.error(file, attr.span, "write `#[estree(key = value, ...)]`".to_owned(), None);
            &[]
        }
    }
}

fn flag(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> bool {
    if !matches!(entry.value, RawValue::Flag) {
        cx.error(
            file,
            entry.span,
            format!("#[estree] key `{}` takes no value", entry.name),
            Some(format!("write just `{}`", entry.name)),
        );
    }
    true
}

fn string(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> Option<(String, Span)> {
    match &entry.value {
        RawValue::Str(text, span) => Some((text.clone(), *span)),
        _ => {
            cx.error(
                file,
                entry.span,
                format!("#[estree] key `{}` takes a string", entry.name),
                Some(format!("write `{} = \"...\"`", entry.name)),
            );
            None
        }
    }
}

/// A name (`via = Converter`, `prepend_to = field`; oxc writes some as strings: `via = "SpanStart"`):
/// a path's last segment, and where it is.
fn path(cx: &mut Context, file: &SourceFile, entry: &RawAttr) -> Option<(String, Span)> {
    match &entry.value {
        RawValue::Path(path, span) | RawValue::Str(path, span) => {
            Some((path.rsplit("::").next().unwrap_or(path).to_owned(), *span))
        }
        _ => {
            cx.error(
                file,
                entry.span,
                format!("#[estree] key `{}` takes a name", entry.name),
                Some(format!("write `{} = Name`", entry.name)),
            );
            None
        }
    }
}

fn unknown_key(cx: &mut Context, file: &SourceFile, span: Span, key: &str, place: &str, known: &[&str]) {
    cx.error(
        file,
        span,
        format!("unknown #[estree] key `{key}` on {place}"),
        Some(format!("oxc's #[estree] on {place} takes: {}", known.join(", "))),
    );
}

/// Reads attributes with the converters known.
struct Reader<'c, 'm> {
    cx: &'c mut Context,
    converters: &'m HashMap<String, MetaId>,
    /// The schema's types by name, which snippets name.
    names: &'m HashMap<String, TypeId>,
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

    fn type_estree(&mut self, raw: &RawItem, def: &TypeDef) -> TypeEstree {
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
        const ENUM_KEYS: &[&str] =
            &["rename", "skip", "via", "no_rename_variants", "no_ts_def", "ts_alias", "add_ts_def"];
        let file = raw.file;
        let is_struct = matches!(def.kind, TypeKind::Struct(_));
        let (place, keys) = if is_struct { ("a struct", STRUCT_KEYS) } else { ("an enum", ENUM_KEYS) };
        let mut out = TypeEstree::default();
        let mut order = None;
        for attr in &raw.item {
            if attr.name != "estree" {
                self.cx.error(
                    file,
                    attr.span,
                    format!("`#[{}]` on {place}", attr.name),
                    Some("oxc's #[ts] and #[js_only] go on fields and #[ast_meta] types".to_owned()),
                );
                continue;
            }
            for entry in entries(self.cx, file, attr) {
                if !keys.contains(&entry.name.as_str()) {
                    unknown_key(self.cx, file, entry.span, &entry.name, place, keys);
                    continue;
                }
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
                        let Some((text, span)) = string(self.cx, file, entry) else { continue };
                        match super::snippet::parse(&text, self.names) {
                            Ok(snippet) if snippet.is_text() => out.ts_def.add = Some(snippet),
                            Ok(_) => self.cx.error(
                                file,
                                span,
                                format!(
                                    "the `add_ts_def` of `{}` uses template words other than `/* IF */` blocks",
                                    def.name
                                ),
                                Some("TypeScript declarations take `/* IF FLAG */ … /* END_IF */` only".to_owned()),
                            ),
                            Err(message) => self.cx.error(
                                file,
                                span,
                                format!("cannot read the `add_ts_def` of `{}`: {message}", def.name),
                                None,
                            ),
                        }
                    }
                    "add_fields" => {
                        for added in entries(self.cx, file, entry) {
                            if let Some(converter) = self.converter(file, added) {
                                out.add_fields.push(AddedField {
                                    key: added.name.trim_start_matches("r#").to_owned(),
                                    converter,
                                });
                            }
                        }
                    }
                    "field_order" => order = Some(entry),
                    _ => unreachable!("the keys are checked above"),
                }
            }
        }
        // After `add_fields`, which its names may refer to.
        if let (Some(entry), TypeKind::Struct(s)) = (order, &def.kind) {
            let mut ordered = Vec::new();
            for item in entries(self.cx, file, entry) {
                let name = item.name.trim_start_matches("r#");
                if let Some(index) = s.fields.iter().position(|f| f.name == name) {
                    ordered.push(Ordered::Field(index));
                } else if let Some(index) = out.add_fields.iter().position(|a| a.key == name) {
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
            out.field_order = Some(ordered);
        }
        out
    }

    fn field_estree(&mut self, file: &SourceFile, attrs: &[RawAttr], s: &Struct) -> FieldEstree {
        const KEYS: &[&str] = &[
            "rename",
            "skip",
            "flatten",
            "no_flatten",
            "via",
            "from_span",
            "prepend_to",
            "append_to",
            "ts_type",
            "json_safe",
        ];
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
                        let Some((name, span)) = path(self.cx, file, entry) else { continue };
                        let place = if entry.name == "prepend_to" { JoinPlace::Prepend } else { JoinPlace::Append };
                        match s.fields.iter().position(|f| f.name == name) {
                            Some(into) => out.join = Some(Join { into, place }),
                            None => self.cx.error(
                                file,
                                span,
                                format!("`{}` names `{name}`, which is no field of this struct", entry.name),
                                None,
                            ),
                        }
                    }
                    other => unknown_key(self.cx, file, entry.span, other, "a field", KEYS),
                }
            }
        }
        out
    }

    fn variant_estree(&mut self, file: &SourceFile, attrs: &[RawAttr]) -> VariantEstree {
        const KEYS: &[&str] = &["rename", "skip", "via"];
        let mut out = VariantEstree::default();
        for attr in attrs {
            if attr.name != "estree" {
                self.cx.error(
                    file,
                    attr.span,
                    format!("`#[{}]` on a variant", attr.name),
                    Some("oxc's #[ts] and #[js_only] go on fields and #[ast_meta] types".to_owned()),
                );
                continue;
            }
            for entry in entries(self.cx, file, attr) {
                match entry.name.as_str() {
                    "rename" => out.rename = string(self.cx, file, entry).map(|(text, _)| text),
                    "skip" => out.skip = flag(self.cx, file, entry),
                    "via" => out.via = self.converter(file, entry),
                    other => unknown_key(self.cx, file, entry.span, other, "a variant", KEYS),
                }
            }
        }
        out
    }
}

/// Every converter applied to a struct (its `via`, a field's, its added fields') must find the fields
/// its `POS_OFFSET.a.b` paths name in that struct: an error at the struct otherwise.
fn check_converter_uses(cx: &mut Context, types: &[TypeDef], raw: &[Option<RawItem>], converters: &[MetaType]) {
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
