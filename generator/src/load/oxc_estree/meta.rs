//! oxc's `#[ast_meta]` types: converters, each a snippet of JS (`raw_deser`) that reads a value
//! of the buffer where oxc's own generator would, with the TypeScript type it gives.

use std::collections::HashMap;

use super::RawMeta;
use super::values::{entries, flag, only_of, snippet, string, unknown_key};
use crate::files::SourceFile;
use crate::ir::TypeId;
use crate::ir::estree::{MetaId, MetaType};
use crate::load::Context;
use crate::load::dialect::RawAttr;

/// The converters of `metas`, by name and in order; a name defined again is an error.
pub(super) fn read_converters(
    cx: &mut Context,
    metas: Vec<RawMeta>,
    names: &HashMap<String, TypeId>,
) -> (HashMap<String, MetaId>, Vec<MetaType>) {
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
    (converters, resolved)
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
                    estree_entry(cx, meta.file, entry, names, &mut out);
                }
            }
            _ => unreachable!("dialect::kept_attrs keeps estree, ts and js_only"),
        }
    }
    out
}

/// One `key = value` of a converter's `#[estree(...)]`, into `out`.
fn estree_entry(
    cx: &mut Context,
    file: &SourceFile,
    entry: &RawAttr,
    names: &HashMap<String, TypeId>,
    out: &mut MetaType,
) {
    match entry.name.as_str() {
        "raw_deser" => {
            if let Some((snippet, _)) = snippet(cx, file, entry, &out.name, names) {
                out.raw_deser = Some(snippet);
            }
        }
        "raw_deser_inline" => out.raw_deser_inline = flag(cx, file, entry),
        "ts_type" => out.ts_type = string(cx, file, entry).map(|(text, _)| text),
        other => unknown_key(
            cx,
            file,
            entry.span,
            other,
            "an #[ast_meta] type",
            &["raw_deser", "raw_deser_inline", "ts_type"],
        ),
    }
}
