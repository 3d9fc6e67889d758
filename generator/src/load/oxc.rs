//! What oxc's `#[ast]` macro and its helper macros imply, for the oxc dialect: the items a macro
//! call defines, and the variants an `INHERIT` marker splices in.

use std::collections::HashMap;

use proc_macro2::{TokenStream, TokenTree};
use syn::spanned::Spanned;

use super::Context;
use crate::files::SourceFile;
use crate::ir::{Dialect, TypeDef, TypeId, TypeKind, Variant};

/// The macros oxc wraps `#[ast]` items in, with what each defines from `$(#[attr])* $vis struct $name;`:
/// oxc_index's `define_nonmax_u32_index_type!` makes `struct $name(NonMaxU32)`, a non-max `u32`
/// (its niche is the value `u32::MAX`, stored as 0).
const ID_MACRO: &str = "define_nonmax_u32_index_type";

/// Whether `tokens` hold an `#[ast]` attribute at their top level (a macro call defining AST items).
pub(super) fn has_ast_marker(tokens: &TokenStream) -> bool {
    let mut previous_pound = false;
    for tree in tokens.clone() {
        match &tree {
            TokenTree::Group(group) if previous_pound && group.delimiter() == proc_macro2::Delimiter::Bracket => {
                let first = group.stream().into_iter().next();
                if matches!(first, Some(TokenTree::Ident(ident)) if ident == "ast") {
                    return true;
                }
            }
            _ => {}
        }
        previous_pound = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '#');
    }
    false
}

/// The struct a macro call holding an `#[ast]` item defines, as the macro would write it; `None`
/// (with an error) in rawast's dialect, which reads items as written, or for a macro the oxc
/// dialect does not know.
pub(super) fn macro_item(cx: &mut Context, file: &SourceFile, mac: &syn::Macro) -> Option<syn::ItemStruct> {
    let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
    let refusal = match cx.dialect {
        Dialect::Rawast => Some("rawast reads types as written, not what a macro makes of them: define the type with #[ast] outside the macro".to_owned()),
        Dialect::Oxc if name != ID_MACRO => Some(format!("the oxc dialect knows what `{ID_MACRO}!` defines; define other types with #[ast] outside macros")),
        Dialect::Oxc => None,
    };
    if let Some(help) = refusal {
        cx.error(file, mac.path.span(), format!("#[ast] item inside a call of macro `{name}!`"), Some(help));
        return None;
    }
    // `$(#[$attrs:meta])* $v:vis struct $type:ident;` and optional `NAME = value;` settings, which
    // change methods, not the layout.
    let parser = |input: syn::parse::ParseStream| -> syn::Result<syn::ItemStruct> {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        let struct_token: syn::Token![struct] = input.parse()?;
        let ident: syn::Ident = input.parse()?;
        let semi: syn::Token![;] = input.parse()?;
        let _settings: TokenStream = input.parse()?;
        let field: syn::Field = syn::Field {
            attrs: Vec::new(),
            vis: syn::Visibility::Inherited,
            mutability: syn::FieldMutability::None,
            ident: None,
            colon_token: None,
            ty: syn::parse_quote_spanned!(ident.span() => NonMaxU32),
        };
        let fields = syn::FieldsUnnamed { paren_token: Default::default(), unnamed: std::iter::once(field).collect() };
        Ok(syn::ItemStruct {
            attrs,
            vis,
            struct_token,
            ident,
            generics: Default::default(),
            fields: syn::Fields::Unnamed(fields),
            semi_token: Some(semi),
        })
    };
    match syn::parse::Parser::parse2(parser, mac.tokens.clone()) {
        Ok(item) => Some(item),
        Err(error) => {
            cx.error(
                file,
                error.span(),
                format!("cannot read the call of `{ID_MACRO}!`: {error}"),
                Some("it takes `#[attrs] pub struct Name;`".to_owned()),
            );
            None
        }
    }
}

/// An `INHERIT(Enum<'a>)` marker variant: the inherited enum's name.
pub(super) fn inherit_marker(variant: &syn::Variant) -> Option<String> {
    if variant.ident != "INHERIT" {
        return None;
    }
    let syn::Fields::Unnamed(fields) = &variant.fields else { return None };
    let syn::Type::Path(path) = &fields.unnamed.first()?.ty else { return None };
    Some(path.path.segments.last()?.ident.to_string())
}

/// Where an enum inherits: the marker's position among its variants, the enum it names, and the
/// marker's span.
pub(super) struct Inherit {
    pub position: usize,
    pub from: String,
    pub span: proc_macro2::Span,
}

/// Splices inherited variants into every enum with `INHERIT` markers, in dependency order; each
/// inherited variant keeps its discriminant and records the enum it came from.
/// `spans` (each type's member spans) gets the marker's span for every variant spliced in.
pub(super) fn expand_inherits(
    cx: &mut Context,
    types: &mut [TypeDef],
    spans: &mut [Vec<proc_macro2::Span>],
    inherits: &Inherits,
    names: &HashMap<String, TypeId>,
) {
    let mut done: HashMap<TypeId, bool> = HashMap::new();
    let mut ids: Vec<&TypeId> = inherits.keys().collect();
    ids.sort();
    for &id in ids {
        expand(
            cx,
            Expansion { types: &mut *types, spans: &mut *spans, inherits, names },
            id,
            &mut done,
            &mut Vec::new(),
        );
    }
}

/// Each enum's `INHERIT` markers, with the file that defines it.
pub(super) type Inherits<'f> = HashMap<TypeId, (Vec<Inherit>, &'f SourceFile)>;

struct Expansion<'x, 'f> {
    types: &'x mut [TypeDef],
    spans: &'x mut [Vec<proc_macro2::Span>],
    inherits: &'x Inherits<'f>,
    names: &'x HashMap<String, TypeId>,
}

fn expand(cx: &mut Context, x: Expansion, id: TypeId, done: &mut HashMap<TypeId, bool>, stack: &mut Vec<TypeId>) {
    let Expansion { types, spans, inherits, names } = x;
    if done.contains_key(&id) {
        return;
    }
    let Some((markers, file)) = inherits.get(&id) else {
        done.insert(id, true);
        return;
    };
    stack.push(id);
    let mut spliced: Vec<(usize, proc_macro2::Span, Vec<Variant>)> = Vec::new();
    for marker in markers {
        let Some(&from) = names.get(&marker.from) else {
            cx.error(
                file,
                marker.span,
                format!("`INHERIT` names unknown enum `{}`", marker.from),
                Some("inherit from an enum defined with #[ast] in the schema files".to_owned()),
            );
            continue;
        };
        if stack.contains(&from) {
            cx.error(
                file,
                marker.span,
                format!("`{}` inherits from itself through `{}`", types[id.0].name, marker.from),
                None,
            );
            continue;
        }
        expand(cx, Expansion { types: &mut *types, spans: &mut *spans, inherits, names }, from, done, stack);
        let TypeKind::Enum(inherited) = &types[from.0].kind else {
            cx.error(file, marker.span, format!("`INHERIT` names `{}`, which is not an enum", marker.from), None);
            continue;
        };
        let from_name = types[from.0].name.clone();
        let variants = inherited
            .variants
            .iter()
            .map(|v| Variant {
                inherited_from: Some(v.inherited_from.clone().unwrap_or_else(|| from_name.clone())),
                ..v.clone()
            })
            .collect();
        spliced.push((marker.position, marker.span, variants));
    }
    stack.pop();
    let name = types[id.0].name.clone();
    let TypeKind::Enum(e) = &mut types[id.0].kind else { unreachable!("markers are collected from enums") };
    // Later positions first, so earlier ones stay valid.
    for (position, span, variants) in spliced.into_iter().rev() {
        let position = position.min(e.variants.len());
        let count = variants.len();
        e.variants.splice(position..position, variants);
        spans[id.0].splice(position..position, std::iter::repeat_n(span, count));
    }
    // A clash among the enum's own variants is reported where they are declared; here, one with an
    // inherited variant, at its `INHERIT`.
    let mut seen: HashMap<u8, &Variant> = HashMap::new();
    for (index, variant) in e.variants.iter().enumerate() {
        let Some(first) = seen.get(&variant.discriminant) else {
            seen.insert(variant.discriminant, variant);
            continue;
        };
        if variant.inherited_from.is_some() || first.inherited_from.is_some() {
            cx.error(
                file,
                spans[id.0][index],
                format!(
                    "discriminant {} of `{name}::{}` is already used by `{}`",
                    variant.discriminant, variant.name, first.name
                ),
                Some("inherited variants keep their enum's discriminants".to_owned()),
            );
        }
    }
    done.insert(id, true);
}
