//! Pass 1 of loading: the items of a parsed file marked `#[ast]` (and oxc's `#[ast_meta]`
//! converters), with the arguments of their markers.

use syn::spanned::Spanned;

use super::dialect::{self, Place};
use super::{Context, PlainType, oxc, oxc_estree};
use crate::files::SourceFile;
use crate::ir::Dialect;

/// An item marked `#[ast]`, with the file it came from.
pub(super) struct AstItem<'f> {
    pub(super) file: &'f SourceFile,
    pub(super) kind: AstItemKind,
    /// `#[ast(foreign = Name)]`: the item describes the layout of `Name`.
    pub(super) foreign: Option<String>,
}

pub(super) enum AstItemKind {
    Struct(syn::ItemStruct),
    Enum(syn::ItemEnum),
}

impl AstItem<'_> {
    pub(super) fn ident(&self) -> &syn::Ident {
        match &self.kind {
            AstItemKind::Struct(s) => &s.ident,
            AstItemKind::Enum(e) => &e.ident,
        }
    }

    pub(super) fn vis(&self) -> &syn::Visibility {
        match &self.kind {
            AstItemKind::Struct(s) => &s.vis,
            AstItemKind::Enum(e) => &e.vis,
        }
    }
}

/// `#[name]` or `#[path::name]`, with or without arguments.
pub(super) fn is_marker(attr: &syn::Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|segment| segment.ident == name)
}

fn is_ast_marker(attr: &syn::Attribute) -> bool {
    is_marker(attr, "ast")
}

/// The `foreign = Name` argument of `#[ast(...)]`, in the oxc dialect; other arguments (oxc's
/// `visit`) say nothing about layout. In rawast's dialect `#[ast]` takes no arguments.
fn ast_args(cx: &mut Context, file: &SourceFile, attrs: &[syn::Attribute]) -> Option<String> {
    let attr = attrs.iter().find(|a| is_ast_marker(a))?;
    let syn::Meta::List(list) = &attr.meta else { return None };
    if cx.dialect == Dialect::Rawast {
        cx.error(
            file,
            list.span(),
            "#[ast] takes no arguments".to_owned(),
            Some(
                "`#[ast(...)]` with arguments is oxc's: set `dialect = \"oxc\"` in [schema] to read oxc's AST"
                    .to_owned(),
            ),
        );
        return None;
    }
    let mut foreign = None;
    let result = list.parse_nested_meta(|meta| {
        if meta.path.is_ident("foreign") {
            let path: syn::Path = meta.value()?.parse()?;
            foreign = path.segments.last().map(|s| s.ident.to_string());
        } else if !meta.path.is_ident("visit") {
            return Err(meta.error("unknown #[ast] argument; the oxc dialect knows `visit` and `foreign = Type`"));
        }
        Ok(())
    });
    if let Err(error) = result {
        cx.error(file, error.span(), format!("cannot read #[ast(...)]: {error}"), None);
    }
    foreign
}

/// Finds `#[ast]` items (and `#[ast_meta]` ones), descending into inline `mod { ... }` blocks and,
/// in the oxc dialect, the macro calls oxc defines AST types with.
pub(super) fn collect_ast_items<'f>(
    cx: &mut Context,
    file: &'f SourceFile,
    items: Vec<syn::Item>,
    out: &mut Vec<AstItem<'f>>,
    meta: &mut Vec<oxc_estree::RawMeta<'f>>,
) {
    for item in items {
        match item {
            syn::Item::Struct(s) if s.attrs.iter().any(is_ast_marker) => {
                let foreign = ast_args(cx, file, &s.attrs);
                out.push(AstItem { file, kind: AstItemKind::Struct(s), foreign });
            }
            syn::Item::Enum(e) if e.attrs.iter().any(is_ast_marker) => {
                let foreign = ast_args(cx, file, &e.attrs);
                out.push(AstItem { file, kind: AstItemKind::Enum(e), foreign });
            }
            syn::Item::Mod(syn::ItemMod { content: Some((_, items)), .. }) => {
                collect_ast_items(cx, file, items, out, meta)
            }
            syn::Item::Macro(m) if oxc::has_ast_marker(&m.mac.tokens) => {
                if let Some(s) = oxc::macro_item(cx, file, &m.mac) {
                    let foreign = ast_args(cx, file, &s.attrs);
                    out.push(AstItem { file, kind: AstItemKind::Struct(s), foreign });
                }
            }
            other => unmarked_item(cx, file, &other, meta),
        }
    }
}

/// An item `#[ast]` does not mark as a type. A struct or enum is remembered, to say so where a field
/// names it; oxc's `#[ast_meta]` converters are collected into `meta`; markers elsewhere are errors.
fn unmarked_item<'f>(
    cx: &mut Context,
    file: &'f SourceFile,
    item: &syn::Item,
    meta: &mut Vec<oxc_estree::RawMeta<'f>>,
) {
    let (attrs, name) = match item {
        syn::Item::Struct(s) => (&s.attrs[..], Some(&s.ident)),
        syn::Item::Enum(e) => (&e.attrs[..], Some(&e.ident)),
        syn::Item::Union(u) => (&u.attrs[..], None),
        syn::Item::Type(t) => (&t.attrs[..], None),
        syn::Item::Fn(f) => (&f.attrs[..], None),
        syn::Item::Const(c) => (&c.attrs[..], None),
        syn::Item::Static(s) => (&s.attrs[..], None),
        syn::Item::Trait(t) => (&t.attrs[..], None),
        syn::Item::Impl(i) => (&i.attrs[..], None),
        _ => (&[][..], None),
    };
    if let Some(ident) = name {
        let location = cx.location(file, ident.span());
        cx.plain_types.entry(ident.to_string()).or_insert(PlainType { location, reported: false });
    }
    if let Some(marker) = attrs.iter().find(|a| is_marker(a, "ast_meta")) {
        ast_meta(cx, file, marker, attrs, name, meta);
    } else if let Some(marker) = attrs.iter().find(|a| is_ast_marker(a)) {
        cx.error(
            file,
            marker.span(),
            "#[ast] applies only to structs and enums".to_owned(),
            Some("AST types are `#[repr(C)]` structs and `#[repr(u8)]` / `#[repr(C, u8)]` enums".to_owned()),
        );
    }
}

/// An item marked `#[ast_meta]`: in the oxc dialect a converter, collected into `meta` by `name`
/// with the attributes it keeps (a struct or an enum; other items are errors); an error in rawast's.
fn ast_meta<'f>(
    cx: &mut Context,
    file: &'f SourceFile,
    marker: &syn::Attribute,
    attrs: &[syn::Attribute],
    name: Option<&syn::Ident>,
    meta: &mut Vec<oxc_estree::RawMeta<'f>>,
) {
    match (cx.dialect, name) {
        (Dialect::Oxc, Some(name)) => {
            let attrs = dialect::kept_attrs(cx, file, Dialect::Oxc, Place::Item, attrs, &["ast_meta"]);
            meta.push(oxc_estree::RawMeta { file, name: name.to_string(), span: name.span(), attrs });
        }
        (Dialect::Oxc, None) => {
            cx.error(file, marker.span(), "#[ast_meta] applies only to structs and enums".to_owned(), None)
        }
        (Dialect::Rawast, _) => cx.error(
            file,
            marker.span(),
            "#[ast_meta] is not part of rawast's schema language".to_owned(),
            Some("`#[ast_meta]` types are oxc's: set `dialect = \"oxc\"` in [schema] to read oxc's AST".to_owned()),
        ),
    }
}
