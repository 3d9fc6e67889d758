//! Schema loading: schema source files → `ir::Schema`, with every problem reported as a `Diagnostic`.
//!
//! This is the only module that sees `syn`. It works in three passes:
//! 1. parse every file and collect the items marked `#[ast]` (duplicates are reported here);
//! 2. convert each item — representation, generics, `#[estree]` attributes, field types with names
//!    resolved against pass 1;
//! 3. reject types that contain themselves without indirection (their size would be infinite).

mod attrs;
mod dialect;
mod oxc;
mod oxc_estree;
mod recursion;
pub(crate) mod snippet;
mod types;

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Dialect, Enum, EnumRepr, Field, Schema, Struct, StructRepr, TypeDef, TypeId, TypeKind, Variant};
use dialect::Place;

/// Loads the `#[ast]` types of `files`, written in `dialect`. The result does not depend on the
/// order of `files`.
pub fn load(files: &[SourceFile], dialect: Dialect) -> Result<Schema, Diagnostics> {
    let mut files: Vec<&SourceFile> = files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));

    let mut cx = Context { diagnostics: Diagnostics::default(), dialect, plain_types: HashMap::new(), lifetime_use: None };
    let mut items = Vec::new();
    let mut meta = Vec::new();
    for file in &files {
        match syn::parse_file(&file.text) {
            Ok(parsed) => collect_ast_items(&mut cx, file, parsed.items, &mut items, &mut meta),
            Err(errors) => {
                for error in errors {
                    cx.error(file, error.span(), format!("cannot parse schema file: {error}"), None);
                }
            }
        }
    }

    // Pass 1: names. The first definition wins; later ones are errors. A foreign type's description
    // (`#[ast(foreign = Name)]`) answers to `Name`.
    let mut names: HashMap<String, TypeId> = HashMap::new();
    let mut unique_items = Vec::new();
    for item in items {
        let name = item.foreign.clone().unwrap_or_else(|| item.ident().to_string());
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
    let mut inherits = oxc::Inherits::new();
    let mut raw_attrs = Vec::with_capacity(unique_items.len());
    for (index, item) in unique_items.iter().enumerate() {
        let (def, spans, markers, raw) = convert_item(&mut cx, &names, item);
        types.push(def);
        field_spans.push(spans);
        raw_attrs.push(raw);
        if !markers.is_empty() {
            inherits.insert(TypeId(index), (markers, item.file));
        }
    }
    // oxc's attributes, once every type and converter is known; before `INHERIT` copies variants.
    let meta = oxc_estree::resolve(&mut cx, &mut types, &raw_attrs, meta, &names);
    oxc::expand_inherits(&mut cx, &mut types, &mut field_spans, &inherits, &names);
    let schema = Schema { dialect, types, meta };

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
    dialect: Dialect,
    /// Structs and enums of the schema files without `#[ast]`, by name: where each is defined, and
    /// whether a field type named it (then it is reported there, once).
    plain_types: HashMap<String, PlainType>,
    /// Where the item being converted first names the arena lifetime `'a`, which it must declare.
    lifetime_use: Option<Span>,
}

/// A struct or enum the schema files define without `#[ast]`.
struct PlainType {
    location: Location,
    reported: bool,
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
    /// `#[ast(foreign = Name)]`: the item describes the layout of `Name`.
    foreign: Option<String>,
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

    fn vis(&self) -> &syn::Visibility {
        match &self.kind {
            AstItemKind::Struct(s) => &s.vis,
            AstItemKind::Enum(e) => &e.vis,
        }
    }
}

/// `#[name]` or `#[path::name]`, with or without arguments.
fn is_marker(attr: &syn::Attribute, name: &str) -> bool {
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
        cx.error(file, list.span(), "#[ast] takes no arguments".to_owned(), Some("`#[ast(...)]` with arguments is oxc's: set `dialect = \"oxc\"` in [schema] to read oxc's AST".to_owned()));
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
fn collect_ast_items<'f>(cx: &mut Context, file: &'f SourceFile, items: Vec<syn::Item>, out: &mut Vec<AstItem<'f>>, meta: &mut Vec<oxc_estree::RawMeta<'f>>) {
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
            syn::Item::Mod(syn::ItemMod { content: Some((_, items)), .. }) => collect_ast_items(cx, file, items, out, meta),
            syn::Item::Macro(m) if oxc::has_ast_marker(&m.mac.tokens) => {
                if let Some(s) = oxc::macro_item(cx, file, &m.mac) {
                    let foreign = ast_args(cx, file, &s.attrs);
                    out.push(AstItem { file, kind: AstItemKind::Struct(s), foreign });
                }
            }
            other => {
                if let syn::Item::Struct(syn::ItemStruct { ident, .. }) | syn::Item::Enum(syn::ItemEnum { ident, .. }) = &other {
                    let location = cx.location(file, ident.span());
                    cx.plain_types.entry(ident.to_string()).or_insert(PlainType { location, reported: false });
                }
                let (attrs, name) = match &other {
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
                if let Some(marker) = attrs.iter().find(|a| is_marker(a, "ast_meta")) {
                    match (cx.dialect, name) {
                        (Dialect::Oxc, Some(name)) => {
                            let attrs = dialect::kept_attrs(cx, file, Dialect::Oxc, Place::Item, attrs, &["ast_meta"]);
                            meta.push(oxc_estree::RawMeta { file, name: name.to_string(), span: name.span(), attrs });
                        }
                        (Dialect::Oxc, None) => cx.error(file, marker.span(), "#[ast_meta] applies only to structs and enums".to_owned(), None),
                        (Dialect::Rawast, _) => cx.error(
                            file,
                            marker.span(),
                            "#[ast_meta] is not part of rawast's schema language".to_owned(),
                            Some("`#[ast_meta]` types are oxc's: set `dialect = \"oxc\"` in [schema] to read oxc's AST".to_owned()),
                        ),
                    }
                } else if let Some(marker) = attrs.iter().find(|a| is_ast_marker(a)) {
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

/// Converts one item; returns the type, the span of each member (field or variant) in order, the
/// oxc dialect's `INHERIT` markers (spliced in once every enum is converted) and its attributes
/// (read once every converter is known).
fn convert_item<'f>(cx: &mut Context, names: &HashMap<String, TypeId>, item: &AstItem<'f>) -> (TypeDef, Vec<Span>, Vec<oxc::Inherit>, Option<oxc_estree::RawItem<'f>>) {
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
                    cx.error(file, unnamed.span(), format!("tuple struct `{name}` is not supported"), Some("give the fields names: they become ESTree properties".to_owned()));
                    Vec::new()
                }
                syn::Fields::Unit => {
                    cx.error(file, s.ident.span(), format!("unit struct `{name}` is not supported"), Some("write it with braces: `struct Name {}`".to_owned()));
                    Vec::new()
                }
            };
            for (index, field) in members.into_iter().enumerate() {
                let ty = types::convert(cx, file, names, &field.ty);
                let (estree, attrs) = match dialect {
                    Dialect::Rawast => (attrs::parse_field_estree(cx, file, &field.attrs), dialect::kept_attrs(cx, file, dialect, Place::Field, &field.attrs, &["estree"])),
                    Dialect::Oxc => (Default::default(), dialect::kept_attrs(cx, file, dialect, Place::Field, &field.attrs, &[])),
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
                                Some("AST enums have a `u8` tag: at most 256 variants, discriminants 0 to 255".to_owned()),
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
                            Some("write `Variant(Box<'a, Node<'a>>)`, and put several fields in a struct of their own".to_owned()),
                        );
                        None
                    }
                };
                let (estree, attrs) = match dialect {
                    Dialect::Rawast => (attrs::parse_variant_estree(cx, file, &variant.attrs), dialect::kept_attrs(cx, file, dialect, Place::Variant, &variant.attrs, &["estree"])),
                    Dialect::Oxc => (Default::default(), dialect::kept_attrs(cx, file, dialect, Place::Variant, &variant.attrs, &[])),
                };
                if let Some(discriminant) = discriminant {
                    if let Some(first) = seen.insert(discriminant, &variant.ident) {
                        cx.error(
                            file,
                            variant.ident.span(),
                            format!("discriminant {discriminant} of `{name}::{}` is already used by `{first}`", variant.ident),
                            None,
                        );
                    }
                    variants.push(Variant { name: variant.ident.to_string(), discriminant, payload, estree, inherited_from: None });
                    member_attrs.push(attrs);
                }
            }
            if e.variants.is_empty() {
                cx.error(file, e.ident.span(), format!("enum `{name}` has no variants"), Some("an AST enum needs at least one variant".to_owned()));
            }
            let has_data = e.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit));
            let implied = if has_data { EnumRepr::CU8 } else { EnumRepr::U8 };
            let repr = match dialect {
                Dialect::Rawast => attrs::check_enum_repr(cx, file, &e.ident, &repr, has_data).unwrap_or(implied),
                Dialect::Oxc => implied,
            };
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
    if let (false, Some(span)) = (has_lifetime, cx.lifetime_use) {
        let keyword = if matches!(item.kind, AstItemKind::Struct(_)) { "struct" } else { "enum" };
        cx.error(file, span, format!("`{name}` uses the arena lifetime `'a` without declaring it"), Some(format!("declare it: `{keyword} {name}<'a>`")));
    }
    let public = matches!(item.vis(), syn::Visibility::Public(_));
    let raw = (dialect == Dialect::Oxc).then_some(oxc_estree::RawItem { file, item: kept, members: member_attrs });
    (TypeDef { name, has_lifetime, file: file.path.clone(), kind, estree, foreign: item.foreign.clone(), public }, spans, markers, raw)
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
fn check_flatten(cx: &mut Context, schema: &Schema, items: &[AstItem], field_spans: &[Vec<Span>]) {
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
