//! `assert_layouts.rs`: rustc's check of the layout engine. Per pointer width, a `const` block
//! that fails compilation where a size, alignment, field offset or `None` encoding computed here
//! differs from rustc's (written as `if … { stale_layout!(…) }`: prettyplease would space out an
//! `assert!`'s tokens). Then, on every width, each enum's discriminants, the tags the
//! deserializers switch on: a fieldless enum's cast (`E::A as u8`); a data enum, which a `const`
//! cannot make a value of, has the tag written into zeroed memory of its size and matched on in
//! place (which reads the tag alone) to ask which variant rustc finds there (`repr(u8)` puts it at
//! offset 0; a tag of no variant is an error of const evaluation, which fails the build too).
//! Every failure goes through the file's own `stale_layout!`, which adds to the message what a
//! user most likely has to do: regenerate, the schema having changed since the checks were written.

use proc_macro2::TokenStream;
use quote::quote;

use super::rust_print::{lit, print_rust, rust_ident};
use crate::context::EmitContext;
use crate::error::Error;
use crate::ir::{Builtin, Dialect, Struct, TypeDef, TypeId, TypeKind, TypeRef};
use crate::layout::{OptionRepr, PointerWidth, SchemaLayout, Shape};

pub fn emit(cx: &EmitContext) -> Result<String, Error> {
    let ast_module: syn::Path = syn::parse_str(&cx.config.rust.ast_module).expect("validated by Config::parse");
    let arena_module: syn::Path = syn::parse_str(&cx.config.rust.arena_module).expect("validated by Config::parse");
    let used = cx.schema.used_types();
    let arena_names: Vec<syn::Ident> = [("Box", "Box"), ("Span", "Span"), ("Str", "Str"), ("Vec", "Vec")]
        .into_iter()
        .filter(|(name, _)| {
            used.iter().any(|ty| match ty {
                TypeRef::Box(_) => *name == "Box",
                TypeRef::Span => *name == "Span",
                TypeRef::Str => *name == "Str",
                TypeRef::Vec(_) => *name == "Vec",
                _ => false,
            })
        })
        .map(|(_, ident)| syn::Ident::new(ident, proc_macro2::Span::call_site()))
        .collect();

    let blocks: Vec<TokenStream> =
        PointerWidth::ALL.into_iter().map(|width| width_block(cx, width, &used)).collect::<Result<_, _>>()?;
    let discriminants = discriminant_blocks(cx)?;
    let stale_layout = stale_layout_macro(cx);
    let tokens = quote! {
        #[allow(unused_imports)]
        use #arena_module::{#(#arena_names),*};
        #[allow(unused_imports)]
        use #ast_module::*;
        #stale_layout
        #(#blocks)*
        #discriminants
    };
    print_rust(cx, "assert_layouts.rs", tokens)
}

/// `stale_layout!("…")`: a check's panic, its message followed by the command that brings the
/// checks up to date (`{}` keeps braces of the command from being read as a format).
fn stale_layout_macro(cx: &EmitContext) -> TokenStream {
    let hint = format!(
        " (the schema changed since {}/rust was written: run `{}`)",
        cx.config.output_dir.path, cx.config.regenerate
    );
    quote! {
        /// Fails the build with a check's message and how to regenerate the checks.
        #[allow(unused_macros)]
        macro_rules! stale_layout {
            ($message:literal) => {
                panic!("{}", concat!($message, #hint))
            };
        }
    }
}

/// Whether the checks can name a type: a schema of another crate (oxc's) is checked from outside
/// it, where only what is public and exported can be named.
fn nameable(cx: &EmitContext, def: &crate::ir::TypeDef) -> bool {
    let outside = cx.schema.dialect != Dialect::Rawast;
    !(outside && (!def.public && def.foreign.is_none() || cx.config.unexported.iter().any(|u| u.name == def.name)))
}

/// Every enum's discriminants, the same on every pointer width (see the module's comment).
fn discriminant_blocks(cx: &EmitContext) -> Result<TokenStream, Error> {
    let mut blocks = Vec::new();
    for id in cx.schema.ids() {
        let def = cx.schema.get(id);
        let TypeKind::Enum(e) = &def.kind else { continue };
        if !nameable(cx, def) || def.foreign.is_some() {
            continue;
        }
        let name = rust_ident(&def.name);
        let message = |variant: &crate::ir::Variant| {
            format!("{}::{}: discriminant is not {}", def.name, variant.name, variant.discriminant)
        };
        if e.variants.iter().all(|v| v.payload.is_none()) {
            let checks = e.variants.iter().map(|variant| {
                let (ident, value, message) = (rust_ident(&variant.name), lit(variant.discriminant), message(variant));
                quote! {
                    if #name::#ident as u8 != #value { stale_layout!(#message) }
                }
            });
            blocks.push(quote! {
                const _: () = {
                    #(#checks)*
                };
            });
            continue;
        }
        let ty = rust_type(&cx.schema.rust_type_name(id, "'static"))?;
        let arms = e.variants.iter().map(|variant| {
            let (ident, value) = (rust_ident(&variant.name), lit(variant.discriminant));
            match variant.payload {
                Some(_) => quote! { #name::#ident(_) => #value, },
                None => quote! { #name::#ident => #value, },
            }
        });
        let tests = e.variants.iter().map(|variant| {
            let (value, message) = (lit(variant.discriminant), message(variant));
            quote! {
                if discriminant_of_variant_at(#value) != #value { stale_layout!(#message) }
            }
        });
        blocks.push(quote! {
            const _: () = {
                /// The discriminant the generator gives the variant rustc reads from tag `tag`.
                const fn discriminant_of_variant_at(tag: u8) -> u8 {
                    let mut value = ::core::mem::MaybeUninit::<#ty>::zeroed();
                    unsafe { value.as_mut_ptr().cast::<u8>().write(tag) };
                    unsafe {
                        match *value.as_ptr() {
                            #(#arms)*
                        }
                    }
                }
                #(#tests)*
            };
        });
    }
    Ok(quote! { #(#blocks)* })
}

fn rust_type(text: &str) -> Result<syn::Type, Error> {
    syn::parse_str(text)
        .map_err(|error| Error::RustSyntax { what: format!("type `{text}`"), message: error.to_string() })
}

/// One pointer width's checks: each nameable type's size, alignment and field offsets, then those
/// of the other types the fields use.
fn width_block(
    cx: &EmitContext,
    width: PointerWidth,
    used: &std::collections::BTreeSet<TypeRef>,
) -> Result<TokenStream, Error> {
    let layout = cx.layout(width);
    let mut checks = Vec::new();
    for id in cx.schema.ids() {
        checks.extend(named_type_checks(cx, layout, id)?);
    }
    for used_ty in used {
        checks.extend(used_type_checks(cx, layout, used_ty)?);
    }
    let bits = width.bits().to_string();
    Ok(quote! {
        #[cfg(target_pointer_width = #bits)]
        const _: () = {
            #(#checks)*
        };
    })
}

/// That `ty` (named `label` in the messages) has size `size` and alignment `align`.
fn size_align_check(label: &str, ty: &syn::Type, size: u32, align: u32) -> TokenStream {
    let (size_msg, align_msg) = (format!("{label}: size is not {size}"), format!("{label}: align is not {align}"));
    let (size, align) = (lit(size), lit(align));
    quote! {
        if ::core::mem::size_of::<#ty>() != #size { stale_layout!(#size_msg) }
        if ::core::mem::align_of::<#ty>() != #align { stale_layout!(#align_msg) }
    }
}

/// The checks of schema type `id`, where the checks can name it: its size and alignment, and a
/// struct's field offsets.
fn named_type_checks(cx: &EmitContext, layout: &SchemaLayout, id: TypeId) -> Result<Vec<TokenStream>, Error> {
    let def = cx.schema.get(id);
    if !nameable(cx, def) {
        return Ok(Vec::new());
    }
    let type_layout = layout.get(id);
    let ty = rust_type(&cx.schema.rust_type_name(id, "'static"))?;
    let mut checks = vec![size_align_check(&def.name, &ty, type_layout.layout.size, type_layout.layout.align)];
    // (A foreign type's description has fields that are not the foreign type's.)
    if def.foreign.is_none()
        && let (TypeKind::Struct(s), Shape::Struct { field_offsets }) = (&def.kind, &type_layout.shape)
    {
        checks.extend(field_offset_checks(cx, def, s, field_offsets));
    }
    Ok(checks)
}

/// That each field of struct `def` the checks can name is at its offset.
fn field_offset_checks(cx: &EmitContext, def: &TypeDef, s: &Struct, field_offsets: &[u32]) -> Vec<TokenStream> {
    let outside = cx.schema.dialect != Dialect::Rawast;
    // Inside `offset_of!` the lifetime is left to inference: prettyplease prints macro
    // arguments token by token, so `Program<'static>` would come out as `Program < 'static >`.
    let bare = syn::Ident::new(&def.name, proc_macro2::Span::call_site());
    let mut checks = Vec::new();
    for (field, &offset) in s.fields.iter().zip(field_offsets) {
        if outside && !field.public {
            continue;
        }
        let field_ident: syn::Member = match field.name.parse::<u32>() {
            Ok(index) => syn::Member::Unnamed(syn::Index::from(index as usize)),
            Err(_) => syn::Member::Named(rust_ident(&field.name)),
        };
        let message = format!("{}.{}: offset is not {offset}", def.name, field.name);
        let offset = lit(offset);
        checks.push(quote! {
            if ::core::mem::offset_of!(#bare, #field_ident) != #offset { stale_layout!(#message) }
        });
    }
    checks
}

/// The checks of a field type other than the named ones: arena primitives and every `Option`,
/// whose `None` is read back from memory to confirm the niche or tag the deserializer tests for.
fn used_type_checks(cx: &EmitContext, layout: &SchemaLayout, used_ty: &TypeRef) -> Result<Vec<TokenStream>, Error> {
    // Builtins that their crate keeps private (oxc_span's `PointerAlign`) show in their holders.
    if matches!(used_ty, TypeRef::Named(_) | TypeRef::Primitive(_) | TypeRef::Builtin(Builtin::PointerAlign)) {
        return Ok(Vec::new());
    }
    let text = cx.schema.rust_type(used_ty, "'static");
    let ty = rust_type(&text)?;
    let l = layout.of(used_ty);
    let mut checks = vec![size_align_check(&text, &ty, l.size, l.align)];
    if let TypeRef::Option(inner) = used_ty {
        let (offset, size, value) = match layout.option_repr(inner) {
            OptionRepr::Niche { offset, size, value } => (offset, size, value),
            OptionRepr::Tagged { tag_size, .. } => (0, tag_size, 0),
        };
        let int = syn::Ident::new(&format!("u{}", size * 8), proc_macro2::Span::call_site());
        let message = format!("{text}: None is not {value} in the u{} at +{offset}", size * 8);
        let (offset, value) = (lit(offset), lit(value));
        checks.push(quote! {
            {
                let none: #ty = None;
                let found = unsafe { (&raw const none).cast::<u8>().add(#offset).cast::<#int>().read_unaligned() };
                if found != #value { stale_layout!(#message) }
            }
        });
    }
    Ok(checks)
}
