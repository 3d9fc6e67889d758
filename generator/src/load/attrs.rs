//! Attributes and declarations around the fields: `#[repr]`, `#[estree(...)]`, generics, discriminants.

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::Context;
use crate::files::SourceFile;
use crate::ir::{Converter, EnumRepr, FieldEstree, TypeEstree, VariantEstree};

/// The idents inside every `#[repr(...)]` of an item, with the span of the first `repr` attribute.
pub(super) struct Repr {
    span: Option<Span>,
    hints: Vec<String>,
}

pub(super) fn parse_repr(cx: &mut Context, file: &SourceFile, attrs: &[syn::Attribute]) -> Repr {
    let mut repr = Repr { span: None, hints: Vec::new() };
    for attr in attrs.iter().filter(|a| a.path().is_ident("repr")) {
        repr.span.get_or_insert(attr.span());
        let parsed = attr.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated);
        match parsed {
            Ok(metas) => {
                for meta in metas {
                    let text = quote::ToTokens::to_token_stream(&meta).to_string().replace(' ', "");
                    repr.hints.push(text);
                }
            }
            Err(error) => cx.error(file, error.span(), format!("cannot parse #[repr]: {error}"), None),
        }
    }
    repr
}

/// In the oxc dialect `#[ast]` writes the representation itself: one written by hand would clash.
pub(super) fn refuse_repr(cx: &mut Context, file: &SourceFile, repr: &Repr) {
    if let Some(span) = repr.span {
        cx.error(
            file,
            span,
            format!("#[repr({})] on an oxc AST type", repr.hints.join(", ")),
            Some("oxc's #[ast] adds the representation (and reorders struct fields); remove this one".to_owned()),
        );
    }
}

pub(super) fn check_struct_repr(cx: &mut Context, file: &SourceFile, ident: &syn::Ident, repr: &Repr) {
    if repr.hints == ["C"] {
        return;
    }
    let (span, message) = match repr.span {
        None => (ident.span(), format!("struct `{ident}` has no #[repr(C)]")),
        Some(span) => {
            (span, format!("unsupported representation #[repr({})] on struct `{ident}`", repr.hints.join(", ")))
        }
    };
    cx.error(
        file,
        span,
        message,
        Some("AST structs must be exactly `#[repr(C)]`: the buffer format relies on C field order".to_owned()),
    );
}

pub(super) fn check_enum_repr(
    cx: &mut Context,
    file: &SourceFile,
    ident: &syn::Ident,
    repr: &Repr,
    has_data: bool,
) -> Option<EnumRepr> {
    let hints: Vec<&str> = repr.hints.iter().map(String::as_str).collect();
    let found = match hints.as_slice() {
        ["u8"] => Some(EnumRepr::U8),
        ["C", "u8"] | ["u8", "C"] => Some(EnumRepr::CU8),
        _ => None,
    };
    let (wanted, kind) = if has_data { (EnumRepr::CU8, "#[repr(C, u8)]") } else { (EnumRepr::U8, "#[repr(u8)]") };
    if found == Some(wanted) {
        return found;
    }
    let what = if has_data { "enum with data" } else { "fieldless enum" };
    let (span, message) = match repr.span {
        None => (ident.span(), format!("{what} `{ident}` has no {kind}")),
        Some(span) => {
            (span, format!("unsupported representation #[repr({})] on {what} `{ident}`", repr.hints.join(", ")))
        }
    };
    cx.error(
        file,
        span,
        message,
        Some("fieldless enums are `#[repr(u8)]`; enums with data are `#[repr(C, u8)]` (a u8 tag, then a C union of the payloads)".to_owned()),
    );
    None
}

/// Accepts no generics or exactly the arena lifetime `'a`; returns whether `'a` is present.
pub(super) fn check_generics(
    cx: &mut Context,
    file: &SourceFile,
    ident: &syn::Ident,
    generics: &syn::Generics,
) -> bool {
    let mut has_lifetime = false;
    for param in &generics.params {
        match param {
            syn::GenericParam::Lifetime(lt) if lt.lifetime.ident == "a" && lt.bounds.is_empty() && !has_lifetime => {
                has_lifetime = true;
            }
            other => cx.error(
                file,
                other.span(),
                format!("unsupported generic parameter `{}` on `{ident}`", quote::ToTokens::to_token_stream(other)),
                Some("AST types may take only the arena lifetime `'a`".to_owned()),
            ),
        }
    }
    if let Some(clause) = &generics.where_clause {
        cx.error(
            file,
            clause.span(),
            format!("`where` clause on `{ident}` is not supported"),
            Some("AST types may take only the arena lifetime `'a`".to_owned()),
        );
    }
    has_lifetime
}

/// An explicit discriminant: an integer literal from 0 to 255.
pub(super) fn parse_discriminant(cx: &mut Context, file: &SourceFile, expr: &syn::Expr) -> Option<u8> {
    let literal = match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(int), .. }) => int,
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr: inner, .. })
            if matches!(&**inner, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(_), .. })) =>
        {
            cx.error(
                file,
                expr.span(),
                "negative discriminant does not fit in u8".to_owned(),
                Some("AST enums have a `u8` tag: discriminants 0 to 255".to_owned()),
            );
            return None;
        }
        other => {
            cx.error(
                file,
                other.span(),
                "discriminant must be an integer literal".to_owned(),
                Some("write `Variant = 3`".to_owned()),
            );
            return None;
        }
    };
    match literal.base10_parse::<u64>() {
        Ok(value) if value <= 255 => Some(value as u8),
        _ => {
            cx.error(
                file,
                literal.span(),
                format!("discriminant {} does not fit in u8", literal.base10_digits()),
                Some("AST enums have a `u8` tag: discriminants 0 to 255".to_owned()),
            );
            None
        }
    }
}

/// Where an `#[estree]` attribute sits, which decides the keys it takes.
#[derive(Clone, Copy)]
enum Position {
    Struct,
    Enum,
    Field,
    Variant,
}

impl Position {
    fn keys(self) -> &'static [&'static str] {
        match self {
            Position::Struct => &["type"],
            Position::Enum => &[],
            Position::Field => &["rename", "skip", "flatten", "convert"],
            Position::Variant => &["rename"],
        }
    }

    fn name(self) -> &'static str {
        match self {
            Position::Struct => "a struct",
            Position::Enum => "an enum",
            Position::Field => "a field",
            Position::Variant => "a variant",
        }
    }
}

/// One `key` or `key = "value"` from `#[estree(...)]`, checked against the keys of its position.
struct EstreeEntry {
    key: String,
    value: Option<syn::LitStr>,
    span: Span,
}

fn parse_estree(cx: &mut Context, file: &SourceFile, attrs: &[syn::Attribute], position: Position) -> Vec<EstreeEntry> {
    let mut entries = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("estree")) {
        let result = attr.parse_nested_meta(|meta| {
            let key = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
            let span = meta.path.span();
            let value =
                if meta.input.peek(syn::Token![=]) { Some(meta.value()?.parse::<syn::LitStr>()?) } else { None };
            entries.push(EstreeEntry { key, value, span });
            Ok(())
        });
        if let Err(error) = result {
            cx.error(
                file,
                error.span(),
                format!("cannot parse #[estree]: {error}"),
                Some("write `#[estree(key = \"value\", flag)]`".to_owned()),
            );
        }
    }
    entries.retain(|entry| {
        if position.keys().contains(&entry.key.as_str()) {
            return true;
        }
        let help = match position.keys() {
            [] => format!("#[estree] takes no keys on {}", position.name()),
            keys => format!("#[estree] on {} takes: {}", position.name(), keys.join(", ")),
        };
        cx.error(file, entry.span, format!("unknown #[estree] key `{}`", entry.key), Some(help));
        false
    });
    entries
}

/// The string value of `key = "value"`, or an error if the key came without one.
fn string_value(cx: &mut Context, file: &SourceFile, entry: &EstreeEntry) -> Option<String> {
    match &entry.value {
        Some(value) => Some(value.value()),
        None => {
            cx.error(
                file,
                entry.span,
                format!("#[estree] key `{}` needs a value", entry.key),
                Some(format!("write `{} = \"...\"`", entry.key)),
            );
            None
        }
    }
}

fn flag(cx: &mut Context, file: &SourceFile, entry: &EstreeEntry) -> bool {
    if let Some(value) = &entry.value {
        cx.error(
            file,
            value.span(),
            format!("#[estree] key `{}` takes no value", entry.key),
            Some(format!("write just `{}`", entry.key)),
        );
    }
    true
}

pub(super) fn parse_type_estree(
    cx: &mut Context,
    file: &SourceFile,
    attrs: &[syn::Attribute],
    is_struct: bool,
) -> TypeEstree {
    let position = if is_struct { Position::Struct } else { Position::Enum };
    let mut estree = TypeEstree::default();
    for entry in parse_estree(cx, file, attrs, position) {
        if entry.key == "type" {
            estree.node_type = string_value(cx, file, &entry);
        }
    }
    estree
}

pub(super) fn parse_field_estree(cx: &mut Context, file: &SourceFile, attrs: &[syn::Attribute]) -> FieldEstree {
    let mut estree = FieldEstree::default();
    let entries = parse_estree(cx, file, attrs, Position::Field);
    for entry in &entries {
        match entry.key.as_str() {
            "rename" => estree.rename = string_value(cx, file, entry),
            "skip" => estree.skip = flag(cx, file, entry),
            "flatten" => estree.flatten = flag(cx, file, entry),
            "convert" => {
                let Some(name) = string_value(cx, file, entry) else { continue };
                estree.convert = Converter::from_name(&name);
                if estree.convert.is_none() {
                    let known: Vec<&str> = Converter::ALL.iter().map(|c| c.name()).collect();
                    cx.error(
                        file,
                        entry.value.as_ref().map_or(entry.span, |v| v.span()),
                        format!("unknown converter `{name}`"),
                        Some(format!("known converters: {}", known.join(", "))),
                    );
                }
            }
            _ => unreachable!("parse_estree keeps only the keys of its position"),
        }
    }
    if estree.skip && entries.len() > 1 {
        let entry = entries.iter().find(|e| e.key != "skip").expect("more than one entry");
        cx.error(
            file,
            entry.span,
            format!("`{}` has no effect on a skipped field", entry.key),
            Some("a field with `skip` is not an ESTree property".to_owned()),
        );
    }
    if estree.flatten && (estree.rename.is_some() || estree.convert.is_some()) {
        let entry =
            entries.iter().find(|e| e.key == "rename" || e.key == "convert").expect("rename or convert present");
        cx.error(
            file,
            entry.span,
            format!("`{}` cannot be combined with `flatten`", entry.key),
            Some("a flattened field contributes its inner fields, not a property of its own".to_owned()),
        );
    }
    estree
}

pub(super) fn parse_variant_estree(cx: &mut Context, file: &SourceFile, attrs: &[syn::Attribute]) -> VariantEstree {
    let mut estree = VariantEstree::default();
    for entry in parse_estree(cx, file, attrs, Position::Variant) {
        if entry.key == "rename" {
            estree.rename = string_value(cx, file, &entry);
        }
    }
    estree
}
