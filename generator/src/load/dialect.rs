//! What each dialect makes of the attributes around items, fields and variants: which it keeps
//! (`RawAttr`s, which `oxc_estree` reads), which it knows to mean nothing for layouts or output, and
//! which it refuses. Nothing is skipped silently: an attribute neither list names is a spanned error.

use syn::spanned::Spanned;

use super::Context;
use proc_macro2::Span;

use crate::files::SourceFile;
use crate::ir::Dialect;

/// An attribute as written, with where: `name`, `name = value` or `name(items...)`.
#[derive(Debug, Clone)]
pub(super) struct RawAttr {
    pub name: String,
    pub span: Span,
    pub value: RawValue,
}

#[derive(Debug, Clone)]
pub(super) enum RawValue {
    /// `name` alone.
    Flag,
    /// `name = "text"`, with the literal's span.
    Str(String, Span),
    /// `name = some::path` (a type, a converter), with the path's span.
    Path(String, Span),
    /// `name(a, b = c, d(e))`.
    List(Vec<RawAttr>),
}

/// Where an attribute sits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Item,
    Field,
    Variant,
}

impl Place {
    fn name(self) -> &'static str {
        match self {
            Place::Item => "a type",
            Place::Field => "a field",
            Place::Variant => "a variant",
        }
    }
}

/// Rust's own attributes that change nothing rawast reads: documentation, derives of traits and
/// their helpers (which add impls, not fields), API markers and formatting.
const RUST_INERT: &[&str] = &["doc", "derive", "default", "must_use", "non_exhaustive", "rustfmt"];

/// Lint levels: inert too, and all a `#[cfg_attr]` on an item may add.
const LINTS: &[&str] = &["allow", "expect", "warn", "deny"];

/// oxc's helper attributes for its other generators (`oxc_ast_macros`' `Ast` derive declares them):
/// builders, `CloneIn`, `ContentEq`, plurals, scopes, spans, visitors.
const OXC_INERT: &[&str] = &["builder", "clone_in", "content_eq", "plural", "scope", "span", "visit"];

/// oxc attributes kept as data: ESTree mapping, TypeScript-only and JS-only fields.
const OXC_KEPT: &[&str] = &["estree", "ts", "js_only"];

/// The attributes of one item, field or variant that its dialect keeps; reports the ones it refuses.
/// `handled` are names the caller reads itself (`ast`, `repr`, and in rawast's dialect `estree`).
pub(super) fn kept_attrs(
    cx: &mut Context,
    file: &SourceFile,
    dialect: Dialect,
    place: Place,
    attrs: &[syn::Attribute],
    handled: &[&str],
) -> Vec<RawAttr> {
    let mut kept = Vec::new();
    for attr in attrs {
        let Some(name) = plain_name(cx, file, attr) else { continue };
        let name = name.as_str();
        if handled.contains(&name) || RUST_INERT.contains(&name) || LINTS.contains(&name) {
            continue;
        }
        if name == "cfg" || name == "cfg_attr" {
            check_condition(cx, file, place, attr, name);
            continue;
        }
        match dialect {
            Dialect::Oxc => kept.extend(oxc_attr(cx, file, place, attr, name)),
            Dialect::Rawast => refuse_in_rawast(cx, file, place, attr, name),
        }
    }
    kept
}

/// The attribute's name; an error if it is written as a path.
fn plain_name(cx: &mut Context, file: &SourceFile, attr: &syn::Attribute) -> Option<String> {
    let name = attr.path().get_ident().map(ToString::to_string);
    if name.is_none() {
        cx.error(
            file,
            attr.path().span(),
            "attribute paths are not part of the schema language".to_owned(),
            Some(format!(
                "write the attribute's plain name, such as `#[{}]`",
                attr.path().segments.last().map_or(String::new(), |s| s.ident.to_string())
            )),
        );
    }
    name
}

/// `#[cfg]` or `#[cfg_attr]` (`name`): an error unless it only adds lints to an item.
fn check_condition(cx: &mut Context, file: &SourceFile, place: Place, attr: &syn::Attribute, name: &str) {
    // `#[cfg_attr(cond, expect(...))]` is a lint on oxc's items; anything conditional on a field
    // would make the layout depend on how the crate is built.
    if place == Place::Item && name == "cfg_attr" && only_lints(attr) {
        return;
    }
    cx.error(
        file,
        attr.span(),
        format!("`#[{name}]` on {} is not supported", place.name()),
        Some("a schema's layout must not depend on how its crate is built; remove the condition".to_owned()),
    );
}

/// An attribute in the oxc dialect: kept as data, known to mean nothing here, or an error.
fn oxc_attr(cx: &mut Context, file: &SourceFile, place: Place, attr: &syn::Attribute, name: &str) -> Option<RawAttr> {
    match name {
        _ if OXC_INERT.contains(&name) => None,
        _ if OXC_KEPT.contains(&name) => to_attr(cx, file, attr),
        // `#[generate_derive(...)]`: which of oxc's derives a type has; the ESTree one is what
        // oxc's generator reads `#[estree]` for, and every type rawast emits has it.
        "generate_derive" if place == Place::Item => {
            to_attr(cx, file, attr);
            None
        }
        _ => {
            cx.error(
                file,
                attr.path().span(),
                format!("unknown attribute `#[{name}]` on {}", place.name()),
                Some(format!(
                    "the oxc dialect knows oxc_ast_macros' helper attributes ({}) and {}",
                    OXC_INERT.join(", "),
                    OXC_KEPT.join(", ")
                )),
            );
            None
        }
    }
}

/// An attribute rawast's dialect does not know: an error, which says so if it is oxc's.
fn refuse_in_rawast(cx: &mut Context, file: &SourceFile, place: Place, attr: &syn::Attribute, name: &str) {
    let oxc = OXC_INERT.contains(&name) || OXC_KEPT.contains(&name) || name == "generate_derive";
    let help = if oxc {
        format!("`#[{name}]` is oxc's: set `dialect = \"oxc\"` in [schema] to read oxc's AST as it is")
    } else {
        format!("rawast's schema language takes #[estree(...)] and documentation on {}", place.name())
    };
    cx.error(file, attr.path().span(), format!("unknown attribute `#[{name}]` on {}", place.name()), Some(help));
}

/// Whether a `#[cfg_attr(condition, ...)]` only adds lint attributes.
fn only_lints(attr: &syn::Attribute) -> bool {
    let Ok(metas) = attr.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
    else {
        return false;
    };
    metas.iter().skip(1).all(|meta| meta.path().get_ident().is_some_and(|i| LINTS.contains(&i.to_string().as_str())))
}

/// `#[name]`, `#[name = value]` or `#[name(...)]` as data.
pub(super) fn to_attr(cx: &mut Context, file: &SourceFile, attr: &syn::Attribute) -> Option<RawAttr> {
    meta_to_attr(cx, file, &attr.meta)
}

fn meta_to_attr(cx: &mut Context, file: &SourceFile, meta: &syn::Meta) -> Option<RawAttr> {
    let name = path_text(meta.path());
    let span = meta.path().span();
    let value = match meta {
        syn::Meta::Path(_) => RawValue::Flag,
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(text), .. }) => RawValue::Str(text.value(), text.span()),
            syn::Expr::Path(path) if path.qself.is_none() => RawValue::Path(path_text(&path.path), path.span()),
            other => {
                cx.error(
                    file,
                    other.span(),
                    format!("cannot read the value of `{name}`"),
                    Some("values are strings or paths".to_owned()),
                );
                return None;
            }
        },
        syn::Meta::List(list) => {
            let parsed =
                list.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated);
            match parsed {
                Ok(items) => RawValue::List(items.iter().filter_map(|item| meta_to_attr(cx, file, item)).collect()),
                Err(error) => {
                    cx.error(
                        file,
                        error.span(),
                        format!("cannot read `{name}(...)`: {error}"),
                        Some("write `name(key = \"value\", key = Path, flag, list(...))`".to_owned()),
                    );
                    return None;
                }
            }
        }
    };
    Some(RawAttr { name, span, value })
}

fn path_text(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let lead = if path.leading_colon.is_some() { "::" } else { "" };
    format!("{lead}{}", segments.join("::"))
}
