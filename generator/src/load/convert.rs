//! Pass 2 of loading: each `#[ast]` item converted into a type definition — its representation,
//! generics, attributes and field types — and the checks that need every type (`flatten`).

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::items::{AstItem, AstItemKind};
use super::{Context, attrs, dialect, oxc, oxc_estree, types};
use crate::ir::{Dialect, Enum, EnumRepr, Field, Schema, Struct, StructRepr, TypeDef, TypeId, TypeKind, Variant};
use dialect::Place;

/// Converts one item; returns the type, the span of each member (field or variant) in order, the
/// oxc dialect's `INHERIT` markers (spliced in once every enum is converted) and its attributes
/// (read once every converter is known).
pub(super) fn convert_item<'f>(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    item: &AstItem<'f>,
) -> (TypeDef, Vec<Span>, Vec<oxc::Inherit>, Option<oxc_estree::RawItem<'f>>) {
    let file = item.file;
    let dialect = cx.dialect;
    let (attrs, generics) = match &item.kind {
        AstItemKind::Struct(s) => (&s.attrs, &s.generics),
        AstItemKind::Enum(e) => (&e.attrs, &e.generics),
    };
    let has_lifetime = attrs::check_generics(cx, file, item.ident(), generics);
    cx.lifetime_use = None;
    let repr = attrs::parse_repr(cx, file, attrs);
    let (estree, kept) = match dialect {
        Dialect::Rawast => {
            let estree = attrs::parse_type_estree(cx, file, attrs, matches!(item.kind, AstItemKind::Struct(_)));
            dialect::kept_attrs(cx, file, dialect, Place::Item, attrs, &["ast", "repr", "estree"]);
            (estree, Vec::new())
        }
        Dialect::Oxc => {
            attrs::refuse_repr(cx, file, &repr);
            (Default::default(), dialect::kept_attrs(cx, file, dialect, Place::Item, attrs, &["ast", "repr"]))
        }
    };
    let mut member_attrs = Vec::new();
    let name = item.ident().to_string();

    let mut spans = Vec::new();
    let mut markers = Vec::new();
    let kind = match &item.kind {
        AstItemKind::Struct(s) => {
            let mut fields = Vec::new();
            let members: Vec<&syn::Field> = match &s.fields {
                syn::Fields::Named(named) => named.named.iter().collect(),
                // oxc's id types and foreign descriptions wrap one value.
                syn::Fields::Unnamed(unnamed) if dialect == Dialect::Oxc => unnamed.unnamed.iter().collect(),
                syn::Fields::Unnamed(unnamed) => {
                    cx.error(
                        file,
                        unnamed.span(),
                        format!("tuple struct `{name}` is not supported"),
                        Some("give the fields names: they become ESTree properties".to_owned()),
                    );
                    Vec::new()
                }
                syn::Fields::Unit => {
                    cx.error(
                        file,
                        s.ident.span(),
                        format!("unit struct `{name}` is not supported"),
                        Some("write it with braces: `struct Name {}`".to_owned()),
                    );
                    Vec::new()
                }
            };
            for (index, field) in members.into_iter().enumerate() {
                let ty = types::convert(cx, file, names, &field.ty);
                let (estree, attrs) = match dialect {
                    Dialect::Rawast => (
                        attrs::parse_field_estree(cx, file, &field.attrs),
                        dialect::kept_attrs(cx, file, dialect, Place::Field, &field.attrs, &["estree"]),
                    ),
                    Dialect::Oxc => {
                        (Default::default(), dialect::kept_attrs(cx, file, dialect, Place::Field, &field.attrs, &[]))
                    }
                };
                spans.push(field.span());
                if let Some(ty) = ty {
                    // `r#type` is the field `type`: its property's key, and what it is called in messages.
                    let (name, name_span) = match &field.ident {
                        Some(ident) => (syn::ext::IdentExt::unraw(ident).to_string(), ident.span()),
                        None => (index.to_string(), field.ty.span()),
                    };
                    let public = matches!(field.vis, syn::Visibility::Public(_));
                    fields.push(Field { name, ty, estree, location: cx.location(file, name_span), public });
                    member_attrs.push(attrs);
                }
            }
            let repr = match dialect {
                Dialect::Rawast => {
                    attrs::check_struct_repr(cx, file, &s.ident, &repr);
                    StructRepr::C
                }
                Dialect::Oxc => StructRepr::Oxc,
            };
            TypeKind::Struct(Struct { repr, fields })
        }
        AstItemKind::Enum(e) => {
            let mut variants = Vec::new();
            let mut next_discriminant = NextDiscriminant::Value(0);
            let mut previous: Option<&syn::Ident> = None;
            let mut seen: HashMap<u8, &syn::Ident> = HashMap::new();
            for variant in &e.variants {
                if let Some(from) = oxc::inherit_marker(variant) {
                    if dialect == Dialect::Oxc {
                        markers.push(oxc::Inherit { position: variants.len(), from, span: variant.span() });
                        continue;
                    }
                    cx.error(
                        file,
                        variant.span(),
                        format!("`INHERIT({from})` in `{name}` is oxc's marker for inherited variants"),
                        Some("rawast's schema language would read it as one variant holding the enum by value: list the variants, or set `dialect = \"oxc\"` in [schema]".to_owned()),
                    );
                    continue;
                }
                spans.push(variant.span());
                let discriminant = match &variant.discriminant {
                    Some((_, expr)) => attrs::parse_discriminant(cx, file, expr),
                    None => match next_discriminant {
                        NextDiscriminant::Value(value) => Some(value),
                        // The discriminant it would follow is already an error.
                        NextDiscriminant::Unknown => None,
                        NextDiscriminant::Overflow => {
                            let previous = previous.map_or_else(String::new, |p| format!(" (after `{p}` = 255)"));
                            cx.error(
                                file,
                                variant.ident.span(),
                                format!("discriminant of `{name}::{}` overflows u8{previous}", variant.ident),
                                Some(
                                    "AST enums have a `u8` tag: at most 256 variants, discriminants 0 to 255"
                                        .to_owned(),
                                ),
                            );
                            None
                        }
                    },
                };
                previous = Some(&variant.ident);
                next_discriminant = match discriminant {
                    Some(value) => value.checked_add(1).map_or(NextDiscriminant::Overflow, NextDiscriminant::Value),
                    // After an error (a refused or overflowing discriminant), guessing would only
                    // add errors that are not the user's.
                    None => NextDiscriminant::Unknown,
                };
                let payload = match &variant.fields {
                    syn::Fields::Unit => None,
                    syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                        types::convert(cx, file, names, &fields.unnamed[0].ty)
                    }
                    fields => {
                        cx.error(
                            file,
                            fields.span(),
                            format!("variant `{name}::{}` must hold exactly one unnamed field", variant.ident),
                            Some(
                                "write `Variant(Box<'a, Node<'a>>)`, and put several fields in a struct of their own"
                                    .to_owned(),
                            ),
                        );
                        None
                    }
                };
                let (estree, attrs) = match dialect {
                    Dialect::Rawast => (
                        attrs::parse_variant_estree(cx, file, &variant.attrs),
                        dialect::kept_attrs(cx, file, dialect, Place::Variant, &variant.attrs, &["estree"]),
                    ),
                    Dialect::Oxc => (
                        Default::default(),
                        dialect::kept_attrs(cx, file, dialect, Place::Variant, &variant.attrs, &[]),
                    ),
                };
                if let Some(discriminant) = discriminant {
                    if let Some(first) = seen.insert(discriminant, &variant.ident) {
                        cx.error(
                            file,
                            variant.ident.span(),
                            format!(
                                "discriminant {discriminant} of `{name}::{}` is already used by `{first}`",
                                variant.ident
                            ),
                            None,
                        );
                    }
                    variants.push(Variant {
                        name: variant.ident.to_string(),
                        discriminant,
                        payload,
                        estree,
                        inherited_from: None,
                    });
                    member_attrs.push(attrs);
                }
            }
            if e.variants.is_empty() {
                cx.error(
                    file,
                    e.ident.span(),
                    format!("enum `{name}` has no variants"),
                    Some("an AST enum needs at least one variant".to_owned()),
                );
            }
            let has_data = e.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit));
            let implied = if has_data { EnumRepr::CU8 } else { EnumRepr::U8 };
            let repr = match dialect {
                Dialect::Rawast => attrs::check_enum_repr(cx, file, &e.ident, &repr, has_data).unwrap_or(implied),
                Dialect::Oxc => implied,
            };
            for variant in variants.iter().filter(|v| v.payload.is_some() && v.estree.rename.is_some()) {
                let span =
                    e.variants.iter().find(|v| v.ident == variant.name).map_or(e.ident.span(), |v| v.ident.span());
                cx.error(
                    file,
                    span,
                    format!("`rename` on data variant `{name}::{}`", variant.name),
                    Some(
                        "`rename` gives a fieldless variant its ESTree string; a data variant is its payload's node"
                            .to_owned(),
                    ),
                );
            }
            TypeKind::Enum(Enum { repr, variants })
        }
    };
    if let (false, Some(span)) = (has_lifetime, cx.lifetime_use) {
        let keyword = if matches!(item.kind, AstItemKind::Struct(_)) { "struct" } else { "enum" };
        cx.error(
            file,
            span,
            format!("`{name}` uses the arena lifetime `'a` without declaring it"),
            Some(format!("declare it: `{keyword} {name}<'a>`")),
        );
    }
    let public = matches!(item.vis(), syn::Visibility::Public(_));
    let raw = (dialect == Dialect::Oxc).then_some(oxc_estree::RawItem { file, item: kept, members: member_attrs });
    (
        TypeDef { name, has_lifetime, file: file.path.clone(), kind, estree, foreign: item.foreign.clone(), public },
        spans,
        markers,
        raw,
    )
}

/// The discriminant an enum's next variant gets if it has none written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum NextDiscriminant {
    Value(u8),
    /// The previous one was 255.
    Overflow,
    /// The previous one is an error already.
    Unknown,
}

/// `flatten` merges a struct's fields into the enclosing node, so it needs a struct held by value.
pub(super) fn check_flatten(cx: &mut Context, schema: &Schema, items: &[AstItem], field_spans: &[Vec<Span>]) {
    // (oxc's `flatten` also shapes its TypeScript definitions, on enum fields of types whose JS a
    // converter writes: its emitter checks the fields it flattens.)
    if schema.dialect != Dialect::Rawast {
        return;
    }
    for id in schema.ids() {
        let TypeKind::Struct(s) = &schema.get(id).kind else { continue };
        for (index, field) in s.fields.iter().enumerate() {
            let is_struct = matches!(field.ty, crate::ir::TypeRef::Named(target) if matches!(schema.get(target).kind, TypeKind::Struct(_)));
            if field.estree.flatten && !is_struct {
                cx.error(
                    items[id.0].file,
                    field_spans[id.0][index],
                    format!("`flatten` on field `{}` of type `{}`", field.name, schema.rust_type(&field.ty, "'a")),
                    Some("only a struct held by value can be flattened into the enclosing node".to_owned()),
                );
            }
        }
    }
}
