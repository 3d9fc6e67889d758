//! Field types: `syn::Type` → `ir::TypeRef`, resolving AST type names.

use std::collections::HashMap;

use syn::spanned::Spanned;

use super::Context;
use crate::SourceFile;
use crate::diagnostic::Diagnostic;
use crate::ir::{Builtin, Dialect, Primitive, TypeId, TypeRef};

const SUPPORTED: &str = "supported field types: bool, u8–u64, i8–i64, f64, Span, Str<'a>, Box<'a, T>, Vec<'a, T>, Option<T> and other #[ast] types";
const SUPPORTED_OXC: &str = "field types the oxc dialect knows: bool, u8–u64, i8–i64, f64, Str<'a>, &'a str, Ident<'a>, JSStr<'a>, NonZeroU32, AtomicBool, PointerAlign, Box<'a, T>, Vec<'a, T>, Option<T>, Cell<T> and #[ast] types (`Span` among them)";

fn supported(cx: &Context) -> &'static str {
    match cx.dialect {
        Dialect::Rawast => SUPPORTED,
        Dialect::Oxc => SUPPORTED_OXC,
    }
}

/// Converts a field type; reports and returns `None` for anything the schema language lacks.
pub(super) fn convert(
    cx: &mut Context,
    file: &SourceFile,
    names: &HashMap<String, TypeId>,
    ty: &syn::Type,
) -> Option<TypeRef> {
    let path = match ty {
        syn::Type::Path(syn::TypePath { qself: None, path }) => path,
        syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str")) => {
            if cx.dialect == Dialect::Oxc
                && r.mutability.is_none()
                && let Some(lifetime) = r.lifetime.as_ref().filter(|lt| lt.ident == "a")
            {
                cx.lifetime_use.get_or_insert(lifetime.span());
                return Some(TypeRef::Builtin(Builtin::StrRef));
            }
            return unsupported(
                cx,
                file,
                ty,
                "a `&str` field",
                "use `Str<'a>`, which lives in the arena or the source region",
            );
        }
        syn::Type::Group(group) => return convert(cx, file, names, &group.elem),
        syn::Type::Paren(paren) => return convert(cx, file, names, &paren.elem),
        _ => return unsupported(cx, file, ty, "this field type", supported(cx)),
    };
    if path.segments.len() != 1 || path.leading_colon.is_some() {
        // Only a name the schema language knows is worth writing plainly.
        let last = path.segments.last().expect("a path has a segment");
        let name = last.ident.to_string();
        if let Some((what, help)) = refused(cx, &name) {
            return unsupported(cx, file, ty, &what, help);
        }
        if !knows(cx, names, &name) {
            return named_type(cx, file, names, ty, last, &[]);
        }
        return unsupported(
            cx,
            file,
            ty,
            "a path type",
            "write the type's plain name, such as `Box<'a, T>`, not a path to it",
        );
    }
    let segment = &path.segments[0];
    let name = segment.ident.to_string();
    let (lifetimes, types) = generic_args(cx, file, &segment.arguments)?;
    let expect = |cx: &mut Context, lifetimes_wanted: usize, types_wanted: usize, shape: &str| -> bool {
        if lifetimes.len() == lifetimes_wanted && types.len() == types_wanted {
            return true;
        }
        cx.error(file, ty.span(), format!("`{name}` needs exactly the arguments `{shape}`"), None);
        false
    };

    if let Some(primitive) = Primitive::from_rust_name(&name) {
        return expect(cx, 0, 0, &name).then_some(TypeRef::Primitive(primitive));
    }
    let oxc = cx.dialect == Dialect::Oxc;
    // oxc's schema defines `Span` itself: its own types come before the built-in names.
    if oxc && names.contains_key(&name) {
        return named_type(cx, file, names, ty, segment, &types);
    }
    // oxc_allocator's other names for its `Box` and `Vec`.
    let kind = match name.as_str() {
        "ArenaBox" if oxc => "Box",
        "ArenaVec" if oxc => "Vec",
        other => other,
    };
    if oxc && let Some(builtin) = Builtin::ALL.into_iter().find(|b| b.name() == name) {
        let shape = builtin.rust_type("'a");
        return expect(cx, usize::from(builtin.has_lifetime()), 0, &shape).then_some(TypeRef::Builtin(builtin));
    }
    match kind {
        // The oxc dialect's `Span` is the schema's own (found above, or unknown).
        "Span" if cx.dialect == Dialect::Rawast => expect(cx, 0, 0, "Span").then_some(TypeRef::Span),
        "Str" => expect(cx, 1, 0, "Str<'a>").then_some(TypeRef::Str),
        "Box" | "Vec" => {
            if !expect(cx, 1, 1, &format!("{name}<'a, T>")) {
                return None;
            }
            let inner = Box::new(convert(cx, file, names, types[0])?);
            Some(if kind == "Box" { TypeRef::Box(inner) } else { TypeRef::Vec(inner) })
        }
        // `Cell` is a type of the oxc dialect's.
        "Option" | "Cell" if kind == "Option" || oxc => {
            if !expect(cx, 0, 1, &format!("{name}<T>")) {
                return None;
            }
            let inner = Box::new(convert(cx, file, names, types[0])?);
            Some(if kind == "Option" { TypeRef::Option(inner) } else { TypeRef::Cell(inner) })
        }
        _ => match refused(cx, &name) {
            Some((what, help)) => unsupported(cx, file, ty, &what, help),
            None => named_type(cx, file, names, ty, segment, &types),
        },
    }
}

/// Types Rust has and the schema language lacks: what the error calls one, and what to use instead.
fn refused(cx: &Context, name: &str) -> Option<(String, &'static str)> {
    match name {
        "usize" | "isize" => {
            Some(("`usize` / `isize`".to_owned(), "their size depends on the target; use u32 or u64 (i32 or i64)"))
        }
        "f32" | "u128" | "i128" | "char" => Some((format!("`{name}`"), supported(cx))),
        "String" => Some(("`String`".to_owned(), "use `Str<'a>`, which lives in the arena or the source region")),
        _ => None,
    }
}

/// Whether `name`, written plainly, is a field type of the schema language.
fn knows(cx: &Context, names: &HashMap<String, TypeId>, name: &str) -> bool {
    let oxc = cx.dialect == Dialect::Oxc;
    Primitive::from_rust_name(name).is_some()
        || names.contains_key(name)
        || matches!(name, "Span" | "Str" | "Box" | "Vec" | "Option")
        || oxc && (matches!(name, "Cell" | "ArenaBox" | "ArenaVec") || Builtin::ALL.iter().any(|b| b.name() == name))
}

/// A type the schema defines (or an unknown name).
fn named_type(
    cx: &mut Context,
    file: &SourceFile,
    names: &HashMap<String, TypeId>,
    ty: &syn::Type,
    segment: &syn::PathSegment,
    types: &[&syn::Type],
) -> Option<TypeRef> {
    let name = segment.ident.to_string();
    match names.get(&name) {
        Some(&id) if types.is_empty() => Some(TypeRef::Named(id)),
        Some(_) => {
            cx.error(
                file,
                ty.span(),
                format!("`{name}` takes no type arguments"),
                Some("AST types may take only the arena lifetime `'a`".to_owned()),
            );
            None
        }
        None if cx.plain_types.contains_key(&name) => {
            let used = cx.location(file, segment.ident.span());
            let plain = cx.plain_types.get_mut(&name).expect("checked above");
            // Reported once, where `#[ast]` is missing.
            if !std::mem::replace(&mut plain.reported, true) {
                let diagnostic = Diagnostic::new(format!("`{name}` is used as a field type but is not marked #[ast]"))
                    .at(plain.location.clone())
                    .with_help(format!("add #[ast] to it, with its #[repr]: only #[ast] types are part of the schema (`{name}` is used at {}:{})", used.file, used.line));
                cx.diagnostics.push(diagnostic);
            }
            None
        }
        None => {
            cx.error(
                file,
                segment.ident.span(),
                format!("unknown type `{name}`"),
                Some(format!(
                    "define `{name}` with #[ast] in a schema file listed in codegen.toml, or use one of the {}",
                    supported(cx)
                )),
            );
            None
        }
    }
}

fn unsupported(cx: &mut Context, file: &SourceFile, ty: &syn::Type, what: &str, help: &str) -> Option<TypeRef> {
    cx.error(
        file,
        ty.span(),
        format!("unsupported field type: {what} is not part of the schema language"),
        Some(help.to_owned()),
    );
    None
}

/// Splits `<'a, T>` into its lifetimes (which must be `'a`) and types.
fn generic_args<'t>(
    cx: &mut Context,
    file: &SourceFile,
    arguments: &'t syn::PathArguments,
) -> Option<(Vec<&'t syn::Lifetime>, Vec<&'t syn::Type>)> {
    let mut lifetimes = Vec::new();
    let mut types = Vec::new();
    match arguments {
        syn::PathArguments::None => {}
        syn::PathArguments::AngleBracketed(args) => {
            for arg in &args.args {
                match arg {
                    syn::GenericArgument::Lifetime(lt) if lt.ident == "a" => {
                        cx.lifetime_use.get_or_insert(lt.span());
                        lifetimes.push(lt);
                    }
                    syn::GenericArgument::Lifetime(lt) => {
                        cx.error(
                            file,
                            lt.span(),
                            format!("unsupported lifetime `{lt}`"),
                            Some("AST types use only the arena lifetime `'a`".to_owned()),
                        );
                        return None;
                    }
                    syn::GenericArgument::Type(ty) => types.push(ty),
                    other => {
                        cx.error(
                            file,
                            other.span(),
                            "unsupported generic argument".to_owned(),
                            Some(supported(cx).to_owned()),
                        );
                        return None;
                    }
                }
            }
        }
        syn::PathArguments::Parenthesized(args) => {
            cx.error(
                file,
                args.span(),
                "unsupported field type: function traits are not part of the schema language".to_owned(),
                Some(supported(cx).to_owned()),
            );
            return None;
        }
    }
    Some((lifetimes, types))
}
