//! Field types: `syn::Type` → `ir::TypeRef`, resolving AST type names.

use std::collections::HashMap;

use syn::spanned::Spanned;

use super::Context;
use crate::diagnostic::Diagnostic;
use crate::files::SourceFile;
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
    match ty {
        syn::Type::Path(syn::TypePath { qself: None, path })
            if path.segments.len() == 1 && path.leading_colon.is_none() =>
        {
            plain_name(cx, file, names, ty, &path.segments[0])
        }
        syn::Type::Path(syn::TypePath { qself: None, path }) => qualified_path(cx, file, names, ty, path),
        syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str")) => {
            str_reference(cx, file, ty, r)
        }
        syn::Type::Group(group) => convert(cx, file, names, &group.elem),
        syn::Type::Paren(paren) => convert(cx, file, names, &paren.elem),
        _ => unsupported(cx, file, ty, "this field type", supported(cx)),
    }
}

/// `&'a str`, a type of the oxc dialect's; `&str` is an error otherwise.
fn str_reference(cx: &mut Context, file: &SourceFile, ty: &syn::Type, r: &syn::TypeReference) -> Option<TypeRef> {
    if cx.dialect == Dialect::Oxc
        && r.mutability.is_none()
        && let Some(lifetime) = r.lifetime.as_ref().filter(|lt| lt.ident == "a")
    {
        cx.lifetime_use.get_or_insert(lifetime.span());
        return Some(TypeRef::Builtin(Builtin::StrRef));
    }
    unsupported(cx, file, ty, "a `&str` field", "use `Str<'a>`, which lives in the arena or the source region")
}

/// A path of several segments (`a::B`), always an error: a name the schema language knows is to be
/// written plainly, and any other gets the error it would get written so.
fn qualified_path(
    cx: &mut Context,
    file: &SourceFile,
    names: &HashMap<String, TypeId>,
    ty: &syn::Type,
    path: &syn::Path,
) -> Option<TypeRef> {
    let last = path.segments.last().expect("a path has a segment");
    let name = last.ident.to_string();
    if let Some((what, help)) = refused(cx, &name) {
        return unsupported(cx, file, ty, &what, help);
    }
    if !knows(cx, names, &name) {
        return named_type(cx, file, names, ty, last, &[]);
    }
    unsupported(cx, file, ty, "a path type", "write the type's plain name, such as `Box<'a, T>`, not a path to it")
}

/// A type written as a plain name with its arguments: a primitive, a built-in type, a pointer, a
/// wrapper or a type the schema defines.
fn plain_name(
    cx: &mut Context,
    file: &SourceFile,
    names: &HashMap<String, TypeId>,
    ty: &syn::Type,
    segment: &syn::PathSegment,
) -> Option<TypeRef> {
    let name = segment.ident.to_string();
    let (lifetimes, types) = generic_args(cx, file, &segment.arguments)?;
    let written = Written { file, ty, name: &name, lifetimes: lifetimes.len(), types: types.len() };

    if let Some(primitive) = Primitive::from_rust_name(&name) {
        return written.expect(cx, 0, 0, &name).then_some(TypeRef::Primitive(primitive));
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
        return written.expect(cx, usize::from(builtin.has_lifetime()), 0, &shape).then_some(TypeRef::Builtin(builtin));
    }
    match kind {
        // The oxc dialect's `Span` is the schema's own (found above, or unknown).
        "Span" if cx.dialect == Dialect::Rawast => written.expect(cx, 0, 0, "Span").then_some(TypeRef::Span),
        "Str" => written.expect(cx, 1, 0, "Str<'a>").then_some(TypeRef::Str),
        "Box" | "Vec" => wrapper(cx, names, &written, kind, &types),
        // `Cell` is a type of the oxc dialect's.
        "Option" | "Cell" if kind == "Option" || oxc => wrapper(cx, names, &written, kind, &types),
        _ => match refused(cx, &name) {
            Some((what, help)) => unsupported(cx, file, ty, &what, help),
            None => named_type(cx, file, names, ty, segment, &types),
        },
    }
}

/// A plain name as written, with how many lifetimes and types its arguments hold.
struct Written<'w> {
    file: &'w SourceFile,
    ty: &'w syn::Type,
    name: &'w str,
    lifetimes: usize,
    types: usize,
}

impl Written<'_> {
    /// Whether the arguments are `lifetimes` lifetimes and `types` types; an error showing `shape`
    /// otherwise.
    fn expect(&self, cx: &mut Context, lifetimes: usize, types: usize, shape: &str) -> bool {
        if self.lifetimes == lifetimes && self.types == types {
            return true;
        }
        cx.error(self.file, self.ty.span(), format!("`{}` needs exactly the arguments `{shape}`", self.name), None);
        false
    }
}

/// `Box<'a, T>` and `Vec<'a, T>`, `Option<T>` and `Cell<T>` (`kind`): the type `T` converted, wrapped.
fn wrapper(
    cx: &mut Context,
    names: &HashMap<String, TypeId>,
    written: &Written,
    kind: &str,
    types: &[&syn::Type],
) -> Option<TypeRef> {
    let in_arena = matches!(kind, "Box" | "Vec");
    let shape = if in_arena { format!("{}<'a, T>", written.name) } else { format!("{}<T>", written.name) };
    if !written.expect(cx, usize::from(in_arena), 1, &shape) {
        return None;
    }
    let inner = Box::new(convert(cx, written.file, names, types[0])?);
    Some(match kind {
        "Box" => TypeRef::Box(inner),
        "Vec" => TypeRef::Vec(inner),
        "Option" => TypeRef::Option(inner),
        _ => TypeRef::Cell(inner),
    })
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
