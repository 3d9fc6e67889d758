//! Pass 2 of loading: each `#[ast]` item converted into a type definition — its representation,
//! generics, attributes and field types — and the checks that need every type (`flatten`).

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::dialect::{Place, RawAttr};
use super::items::{AstItem, AstItemKind};
use super::{Context, attrs, dialect, oxc, oxc_estree, types};
use crate::files::SourceFile;
use crate::ir::{
    Dialect, Enum, EnumRepr, Field, Schema, Struct, StructRepr, TypeDef, TypeId, TypeKind, TypeRef, Variant,
};

/// Converts one item; returns the type, the span of each member (field or variant) in order, the
/// oxc dialect's `INHERIT` markers (spliced in once every enum is converted) and its attributes
/// (read once every converter is known).
pub(super) fn convert_item<'f>(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    item: &AstItem<'f>,
) -> (TypeDef, Vec<Span>, Vec<oxc::Inherit>, Option<oxc_estree::RawItem<'f>>) {
    let file = item.file;
    let (attrs, generics) = match &item.kind {
        AstItemKind::Struct(s) => (&s.attrs, &s.generics),
        AstItemKind::Enum(e) => (&e.attrs, &e.generics),
    };
    let has_lifetime = attrs::check_generics(cx, file, item.ident(), generics);
    cx.lifetime_use = None;
    let repr = attrs::parse_repr(cx, file, attrs);
    if cx.dialect == Dialect::Oxc {
        attrs::refuse_repr(cx, file, &repr);
    }
    let is_struct = matches!(item.kind, AstItemKind::Struct(_));
    let (estree, kept) = read_attrs(cx, file, Place::Item, attrs, &["ast", "repr"], |cx, file, attrs| {
        attrs::parse_type_estree(cx, file, attrs, is_struct)
    });
    let name = item.ident().to_string();
    let mut members = Members::default();
    let kind = match &item.kind {
        AstItemKind::Struct(s) => convert_struct(cx, names, file, s, &repr, &mut members),
        AstItemKind::Enum(e) => convert_enum(cx, names, file, e, &repr, &mut members),
    };
    check_lifetime_declared(cx, item, has_lifetime);
    let public = matches!(item.vis(), syn::Visibility::Public(_));
    let raw = (cx.dialect == Dialect::Oxc).then_some(oxc_estree::RawItem { file, item: kept, members: members.attrs });
    (
        TypeDef { name, has_lifetime, file: file.path.clone(), kind, estree, foreign: item.foreign.clone(), public },
        members.spans,
        members.markers,
        raw,
    )
}

/// What converting an item's members gathers besides the members.
#[derive(Default)]
struct Members {
    /// The span of each member (field or variant), in order.
    spans: Vec<Span>,
    /// The attributes each converted member keeps, in oxc's dialect.
    attrs: Vec<Vec<RawAttr>>,
    /// oxc's `INHERIT` markers.
    markers: Vec<oxc::Inherit>,
}

/// The attributes of an item, field or variant: in rawast's dialect its `#[estree]`, read by `parse`;
/// in oxc's those it keeps, which `oxc_estree` reads once every converter is known. `handled` are
/// the names the caller reads itself.
fn read_attrs<E: Default>(
    cx: &mut Context,
    file: &SourceFile,
    place: Place,
    attrs: &[syn::Attribute],
    handled: &[&str],
    parse: impl FnOnce(&mut Context, &SourceFile, &[syn::Attribute]) -> E,
) -> (E, Vec<RawAttr>) {
    match cx.dialect {
        Dialect::Rawast => {
            let estree = parse(cx, file, attrs);
            let handled = [handled, &["estree"]].concat();
            (estree, dialect::kept_attrs(cx, file, Dialect::Rawast, place, attrs, &handled))
        }
        Dialect::Oxc => (E::default(), dialect::kept_attrs(cx, file, Dialect::Oxc, place, attrs, handled)),
    }
}

/// A struct's fields, each converted, and its representation.
fn convert_struct(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    file: &SourceFile,
    s: &syn::ItemStruct,
    repr: &attrs::Repr,
    members: &mut Members,
) -> TypeKind {
    let mut fields = Vec::new();
    for (index, field) in struct_fields(cx, file, s).into_iter().enumerate() {
        let ty = types::convert(cx, file, names, &field.ty);
        let (estree, attrs) = read_attrs(cx, file, Place::Field, &field.attrs, &[], attrs::parse_field_estree);
        members.spans.push(field.span());
        if let Some(ty) = ty {
            // `r#type` is the field `type`: its property's key, and what it is called in messages.
            let (name, name_span) = match &field.ident {
                Some(ident) => (syn::ext::IdentExt::unraw(ident).to_string(), ident.span()),
                None => (index.to_string(), field.ty.span()),
            };
            let public = matches!(field.vis, syn::Visibility::Public(_));
            fields.push(Field { name, ty, estree, location: cx.location(file, name_span), public });
            members.attrs.push(attrs);
        }
    }
    let repr = match cx.dialect {
        Dialect::Rawast => {
            attrs::check_struct_repr(cx, file, &s.ident, repr);
            StructRepr::C
        }
        Dialect::Oxc => StructRepr::Oxc,
    };
    TypeKind::Struct(Struct { repr, fields })
}

/// A struct's fields: named ones, or in the oxc dialect the one value its id types and foreign
/// descriptions wrap. Tuple and unit structs are errors otherwise.
fn struct_fields<'s>(cx: &mut Context, file: &SourceFile, s: &'s syn::ItemStruct) -> Vec<&'s syn::Field> {
    match &s.fields {
        syn::Fields::Named(named) => named.named.iter().collect(),
        syn::Fields::Unnamed(unnamed) if cx.dialect == Dialect::Oxc => unnamed.unnamed.iter().collect(),
        syn::Fields::Unnamed(unnamed) => {
            cx.error(
                file,
                unnamed.span(),
                format!("tuple struct `{}` is not supported", s.ident),
                Some("give the fields names: they become ESTree properties".to_owned()),
            );
            Vec::new()
        }
        syn::Fields::Unit => {
            cx.error(
                file,
                s.ident.span(),
                format!("unit struct `{}` is not supported", s.ident),
                Some("write it with braces: `struct Name {}`".to_owned()),
            );
            Vec::new()
        }
    }
}

/// An enum's variants, each converted with its discriminant, and its representation.
fn convert_enum(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    file: &SourceFile,
    e: &syn::ItemEnum,
    repr: &attrs::Repr,
    members: &mut Members,
) -> TypeKind {
    let mut variants = Vec::new();
    let mut discriminants = Discriminants::new();
    for variant in &e.variants {
        if inherit_marker(cx, file, &e.ident, variant, variants.len(), members) {
            continue;
        }
        members.spans.push(variant.span());
        let discriminant = discriminants.assign(cx, file, &e.ident, variant);
        let payload = variant_payload(cx, names, file, &e.ident, variant);
        let (estree, attrs) = read_attrs(cx, file, Place::Variant, &variant.attrs, &[], attrs::parse_variant_estree);
        if let Some(discriminant) = discriminant {
            discriminants.claim(cx, file, &e.ident, discriminant, &variant.ident);
            let (name, location) = (variant.ident.to_string(), cx.location(file, variant.ident.span()));
            variants.push(Variant { name, discriminant, payload, estree, inherited_from: None, location });
            members.attrs.push(attrs);
        }
    }
    if e.variants.is_empty() {
        cx.error(
            file,
            e.ident.span(),
            format!("enum `{}` has no variants", e.ident),
            Some("an AST enum needs at least one variant".to_owned()),
        );
    }
    let has_data = e.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit));
    let implied = if has_data { EnumRepr::CU8 } else { EnumRepr::U8 };
    let repr = match cx.dialect {
        Dialect::Rawast => attrs::check_enum_repr(cx, file, &e.ident, repr, has_data).unwrap_or(implied),
        Dialect::Oxc => implied,
    };
    check_data_renames(cx, file, e, &variants);
    TypeKind::Enum(Enum { repr, variants })
}

/// Whether `variant` is oxc's `INHERIT(Enum)` marker: kept in `members` (to splice in the variants
/// of `Enum` at `position`) in the oxc dialect, an error in rawast's.
fn inherit_marker(
    cx: &mut Context,
    file: &SourceFile,
    enum_name: &syn::Ident,
    variant: &syn::Variant,
    position: usize,
    members: &mut Members,
) -> bool {
    let Some(from) = oxc::inherit_marker(variant) else { return false };
    if cx.dialect == Dialect::Oxc {
        members.markers.push(oxc::Inherit { position, from, span: variant.span() });
        return true;
    }
    cx.error(
        file,
        variant.span(),
        format!("`INHERIT({from})` in `{enum_name}` is oxc's marker for inherited variants"),
        Some("rawast's schema language would read it as one variant holding the enum by value: list the variants, or set `dialect = \"oxc\"` in [schema]".to_owned()),
    );
    true
}

/// A variant's payload: nothing, or the type of its one unnamed field.
fn variant_payload(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    file: &SourceFile,
    enum_name: &syn::Ident,
    variant: &syn::Variant,
) -> Option<TypeRef> {
    match &variant.fields {
        syn::Fields::Unit => None,
        syn::Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
            types::convert(cx, file, names, &fields.unnamed[0].ty)
        }
        fields => {
            cx.error(
                file,
                fields.span(),
                format!("variant `{enum_name}::{}` must hold exactly one unnamed field", variant.ident),
                Some("write `Variant(Box<'a, Node<'a>>)`, and put several fields in a struct of their own".to_owned()),
            );
            None
        }
    }
}

/// `rename` gives a fieldless variant its ESTree string: on a data variant it is an error.
fn check_data_renames(cx: &mut Context, file: &SourceFile, e: &syn::ItemEnum, variants: &[Variant]) {
    for variant in variants.iter().filter(|v| v.payload.is_some() && v.estree.rename.is_some()) {
        let span = e.variants.iter().find(|v| v.ident == variant.name).map_or(e.ident.span(), |v| v.ident.span());
        cx.error(
            file,
            span,
            format!("`rename` on data variant `{}::{}`", e.ident, variant.name),
            Some(
                "`rename` gives a fieldless variant its ESTree string; a data variant is its payload's node".to_owned(),
            ),
        );
    }
}

/// An item that names the arena lifetime `'a` must declare it.
fn check_lifetime_declared(cx: &mut Context, item: &AstItem, has_lifetime: bool) {
    if let (false, Some(span)) = (has_lifetime, cx.lifetime_use) {
        let keyword = if matches!(item.kind, AstItemKind::Struct(_)) { "struct" } else { "enum" };
        let name = item.ident();
        cx.error(
            item.file,
            span,
            format!("`{name}` uses the arena lifetime `'a` without declaring it"),
            Some(format!("declare it: `{keyword} {name}<'a>`")),
        );
    }
}

/// The discriminants of an enum's variants, in order: written, or one more than the previous.
struct Discriminants<'e> {
    next: NextDiscriminant,
    /// The variant before the one being read.
    previous: Option<&'e syn::Ident>,
    /// The variant that has each discriminant.
    seen: HashMap<u8, &'e syn::Ident>,
}

impl<'e> Discriminants<'e> {
    fn new() -> Self {
        Discriminants { next: NextDiscriminant::Value(0), previous: None, seen: HashMap::new() }
    }

    /// The discriminant of `variant`, the one after its predecessor's; `None` after an error.
    fn assign(
        &mut self,
        cx: &mut Context,
        file: &SourceFile,
        enum_name: &syn::Ident,
        variant: &'e syn::Variant,
    ) -> Option<u8> {
        let discriminant = match &variant.discriminant {
            Some((_, expr)) => attrs::parse_discriminant(cx, file, expr),
            None => match self.next {
                NextDiscriminant::Value(value) => Some(value),
                // The discriminant it would follow is already an error.
                NextDiscriminant::Unknown => None,
                NextDiscriminant::Overflow => {
                    let previous = self.previous.map_or_else(String::new, |p| format!(" (after `{p}` = 255)"));
                    cx.error(
                        file,
                        variant.ident.span(),
                        format!("discriminant of `{enum_name}::{}` overflows u8{previous}", variant.ident),
                        Some("AST enums have a `u8` tag: at most 256 variants, discriminants 0 to 255".to_owned()),
                    );
                    None
                }
            },
        };
        self.previous = Some(&variant.ident);
        self.next = match discriminant {
            Some(value) => value.checked_add(1).map_or(NextDiscriminant::Overflow, NextDiscriminant::Value),
            // After an error (a refused or overflowing discriminant), guessing would only
            // add errors that are not the user's.
            None => NextDiscriminant::Unknown,
        };
        discriminant
    }

    /// Gives `discriminant` to `variant`: an error if another variant has it.
    fn claim(
        &mut self,
        cx: &mut Context,
        file: &SourceFile,
        enum_name: &syn::Ident,
        discriminant: u8,
        variant: &'e syn::Ident,
    ) {
        if let Some(first) = self.seen.insert(discriminant, variant) {
            cx.error(
                file,
                variant.span(),
                format!("discriminant {discriminant} of `{enum_name}::{variant}` is already used by `{first}`"),
                None,
            );
        }
    }
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
