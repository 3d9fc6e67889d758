//! Schema loading: schema source files → `ir::Schema`, with every problem reported as a `Diagnostic`.
//!
//! This is the only module that sees `syn`. It works in three passes:
//! 1. parse every file and collect the items marked `#[ast]` (duplicates are reported here);
//! 2. convert each item — representation, generics, `#[estree]` attributes, field types with names
//!    resolved against pass 1;
//! 3. reject types that contain themselves without indirection (their size would be infinite).

mod attrs;
mod recursion;
mod types;

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Enum, EnumRepr, Field, Schema, Struct, TypeDef, TypeId, TypeKind, Variant};

/// Loads the `#[ast]` types of `files`. The result does not depend on the order of `files`.
pub fn load(files: &[SourceFile]) -> Result<Schema, Diagnostics> {
    let mut files: Vec<&SourceFile> = files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));

    let mut cx = Context { diagnostics: Diagnostics::default() };
    let mut items = Vec::new();
    for file in &files {
        match syn::parse_file(&file.text) {
            Ok(parsed) => collect_ast_items(&mut cx, file, parsed.items, &mut items),
            Err(errors) => {
                for error in errors {
                    cx.error(file, error.span(), format!("cannot parse schema file: {error}"), None);
                }
            }
        }
    }

    // Pass 1: names. The first definition wins; later ones are errors.
    let mut names: HashMap<String, TypeId> = HashMap::new();
    let mut unique_items = Vec::new();
    for item in items {
        let name = item.ident().to_string();
        if let Some(&first) = names.get(&name) {
            let first: &AstItem = &unique_items[first.0];
            let first_location = cx.location(first.file, first.ident().span());
            cx.error(
                item.file,
                item.ident().span(),
                format!("duplicate type name `{name}`"),
                Some(format!(
                    "`{name}` is first defined at {}:{}; AST type names must be unique across all schema files",
                    first_location.file, first_location.line
                )),
            );
            continue;
        }
        names.insert(name, TypeId(unique_items.len()));
        unique_items.push(item);
    }

    // Pass 2: convert.
    let mut types = Vec::with_capacity(unique_items.len());
    let mut field_spans = Vec::with_capacity(unique_items.len());
    for item in &unique_items {
        let (def, spans) = convert_item(&mut cx, &names, item);
        types.push(def);
        field_spans.push(spans);
    }
    let schema = Schema { types };

    // Pass 3: only meaningful once every reference resolved.
    if cx.diagnostics.is_empty() {
        check_flatten(&mut cx, &schema, &unique_items, &field_spans);
        for cycle in recursion::find_inline_cycles(&schema) {
            let item = &unique_items[cycle.ty.0];
            let path: Vec<&str> = cycle.path.iter().map(|id| schema.get(*id).name.as_str()).collect();
            cx.error(
                item.file,
                field_spans[cycle.ty.0][cycle.member],
                format!("recursive type `{}` has infinite size", schema.get(cycle.ty).name),
                Some(format!(
                    "it contains itself without indirection ({}); put the recursive field behind a pointer: `Box<'a, ...>` or `Vec<'a, ...>`",
                    path.join(" → ")
                )),
            );
        }
    }
    cx.diagnostics.into_result(schema)
}

struct Context {
    diagnostics: Diagnostics,
}

impl Context {
    fn location(&self, file: &SourceFile, span: Span) -> Location {
        let start = span.start();
        let end = span.end();
        Location::from_line_columns(&file.path, &file.text, start.line, start.column, Some((end.line, end.column)))
    }

    fn error(&mut self, file: &SourceFile, span: Span, message: String, help: Option<String>) {
        let mut diagnostic = Diagnostic::new(message).at(self.location(file, span));
        if let Some(help) = help {
            diagnostic = diagnostic.with_help(help);
        }
        self.diagnostics.push(diagnostic);
    }
}

/// An item marked `#[ast]`, with the file it came from.
struct AstItem<'f> {
    file: &'f SourceFile,
    kind: AstItemKind,
}

enum AstItemKind {
    Struct(syn::ItemStruct),
    Enum(syn::ItemEnum),
}

impl AstItem<'_> {
    fn ident(&self) -> &syn::Ident {
        match &self.kind {
            AstItemKind::Struct(s) => &s.ident,
            AstItemKind::Enum(e) => &e.ident,
        }
    }
}

fn is_ast_marker(attr: &syn::Attribute) -> bool {
    attr.path().segments.last().is_some_and(|segment| segment.ident == "ast")
}

/// Finds `#[ast]` items, descending into inline `mod { ... }` blocks.
fn collect_ast_items<'f>(cx: &mut Context, file: &'f SourceFile, items: Vec<syn::Item>, out: &mut Vec<AstItem<'f>>) {
    for item in items {
        match item {
            syn::Item::Struct(s) if s.attrs.iter().any(is_ast_marker) => {
                out.push(AstItem { file, kind: AstItemKind::Struct(s) });
            }
            syn::Item::Enum(e) if e.attrs.iter().any(is_ast_marker) => {
                out.push(AstItem { file, kind: AstItemKind::Enum(e) });
            }
            syn::Item::Mod(syn::ItemMod { content: Some((_, items)), .. }) => collect_ast_items(cx, file, items, out),
            other => {
                let marker = match &other {
                    syn::Item::Union(u) => u.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Type(t) => t.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Fn(f) => f.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Const(c) => c.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Static(s) => s.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Trait(t) => t.attrs.iter().find(|a| is_ast_marker(a)),
                    syn::Item::Impl(i) => i.attrs.iter().find(|a| is_ast_marker(a)),
                    _ => None,
                };
                if let Some(marker) = marker {
                    cx.error(
                        file,
                        marker.span(),
                        "#[ast] applies only to structs and enums".to_owned(),
                        Some("AST types are `#[repr(C)]` structs and `#[repr(u8)]` / `#[repr(C, u8)]` enums".to_owned()),
                    );
                }
            }
        }
    }
}

/// Converts one item; returns the type and the span of each member (field or variant), in order.
fn convert_item(cx: &mut Context, names: &HashMap<String, TypeId>, item: &AstItem) -> (TypeDef, Vec<Span>) {
    let file = item.file;
    let (attrs, generics) = match &item.kind {
        AstItemKind::Struct(s) => (&s.attrs, &s.generics),
        AstItemKind::Enum(e) => (&e.attrs, &e.generics),
    };
    let has_lifetime = attrs::check_generics(cx, file, item.ident(), generics);
    let repr = attrs::parse_repr(cx, file, attrs);
    let estree = attrs::parse_type_estree(cx, file, attrs, matches!(item.kind, AstItemKind::Struct(_)));
    let name = item.ident().to_string();

    let mut spans = Vec::new();
    let kind = match &item.kind {
        AstItemKind::Struct(s) => {
            attrs::check_struct_repr(cx, file, &s.ident, &repr);
            let mut fields = Vec::new();
            match &s.fields {
                syn::Fields::Named(named) => {
                    for field in &named.named {
                        let ident = field.ident.as_ref().expect("named field");
                        let ty = types::convert(cx, file, names, &field.ty);
                        let estree = attrs::parse_field_estree(cx, file, &field.attrs);
                        spans.push(field.span());
                        if let Some(ty) = ty {
                            // `r#type` is the field `type`: its property's key, and what it is called in messages.
                            let name = syn::ext::IdentExt::unraw(ident).to_string();
                            fields.push(Field { name, ty, estree, location: cx.location(file, ident.span()) });
                        }
                    }
                }
                syn::Fields::Unnamed(unnamed) => cx.error(
                    file,
                    unnamed.span(),
                    format!("tuple struct `{name}` is not supported"),
                    Some("give the fields names: they become ESTree properties".to_owned()),
                ),
                syn::Fields::Unit => cx.error(
                    file,
                    s.ident.span(),
                    format!("unit struct `{name}` is not supported"),
                    Some("write it with braces: `struct Name {}`".to_owned()),
                ),
            }
            TypeKind::Struct(Struct { fields })
        }
        AstItemKind::Enum(e) => {
            let mut variants = Vec::new();
            let mut next_discriminant: Option<u8> = Some(0);
            let mut previous: Option<&syn::Ident> = None;
            let mut seen: HashMap<u8, &syn::Ident> = HashMap::new();
            for variant in &e.variants {
                spans.push(variant.span());
                let discriminant = match &variant.discriminant {
                    Some((_, expr)) => attrs::parse_discriminant(cx, file, expr),
                    None => match next_discriminant {
                        Some(value) => Some(value),
                        None => {
                            let previous = previous.map_or_else(String::new, |p| format!(" (after `{p}` = 255)"));
                            cx.error(
                                file,
                                variant.ident.span(),
                                format!("discriminant of `{name}::{}` overflows u8{previous}", variant.ident),
                                Some("AST enums have a `u8` tag: at most 256 variants, discriminants 0 to 255".to_owned()),
                            );
                            None
                        }
                    },
                };
                previous = Some(&variant.ident);
                next_discriminant = discriminant.and_then(|d| d.checked_add(1));
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
                            Some("write `Variant(Box<'a, Node<'a>>)`, and put several fields in a struct of their own".to_owned()),
                        );
                        None
                    }
                };
                let estree = attrs::parse_variant_estree(cx, file, &variant.attrs);
                if let Some(discriminant) = discriminant {
                    if let Some(first) = seen.insert(discriminant, &variant.ident) {
                        cx.error(
                            file,
                            variant.ident.span(),
                            format!("discriminant {discriminant} of `{name}::{}` is already used by `{first}`", variant.ident),
                            None,
                        );
                    }
                    variants.push(Variant { name: variant.ident.to_string(), discriminant, payload, estree });
                }
            }
            if e.variants.is_empty() {
                cx.error(file, e.ident.span(), format!("enum `{name}` has no variants"), Some("an AST enum needs at least one variant".to_owned()));
            }
            let has_data = e.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit));
            let repr = attrs::check_enum_repr(cx, file, &e.ident, &repr, has_data).unwrap_or(if has_data { EnumRepr::CU8 } else { EnumRepr::U8 });
            for variant in variants.iter().filter(|v| v.payload.is_some() && v.estree.rename.is_some()) {
                let span = e.variants.iter().find(|v| v.ident == variant.name).map_or(e.ident.span(), |v| v.ident.span());
                cx.error(
                    file,
                    span,
                    format!("`rename` on data variant `{name}::{}`", variant.name),
                    Some("`rename` gives a fieldless variant its ESTree string; a data variant is its payload's node".to_owned()),
                );
            }
            TypeKind::Enum(Enum { repr, variants })
        }
    };
    (TypeDef { name, has_lifetime, file: file.path.clone(), kind, estree }, spans)
}

/// `flatten` merges a struct's fields into the enclosing node, so it needs a struct held by value.
fn check_flatten(cx: &mut Context, schema: &Schema, items: &[AstItem], field_spans: &[Vec<Span>]) {
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
