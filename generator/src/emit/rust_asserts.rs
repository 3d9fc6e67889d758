//! `assert_layouts.rs`: rustc's check of the layout engine.
//!
//! For each pointer width, a `const` block that fails compilation when a size, alignment, field
//! offset or `None` encoding computed here differs from rustc's. Checks are written as
//! `if size_of::<T>() != N { panic!(...) }` rather than `assert!`, which prettyplease would print
//! with its tokens spaced out.

use proc_macro2::TokenStream;
use quote::quote;

use super::{EmitContext, lit, print_rust, rust_ident};
use crate::Error;
use crate::ir::{Builtin, Dialect, TypeKind, TypeRef};
use crate::layout::{OptionRepr, PointerWidth, Shape};

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

    let blocks: Vec<TokenStream> = PointerWidth::ALL.into_iter().map(|width| width_block(cx, width, &used)).collect::<Result<_, _>>()?;
    let tokens = quote! {
        #[allow(unused_imports)]
        use #arena_module::{#(#arena_names),*};
        #[allow(unused_imports)]
        use #ast_module::*;
        #(#blocks)*
    };
    print_rust(cx, "assert_layouts.rs", tokens)
}

fn rust_type(text: &str) -> Result<syn::Type, Error> {
    syn::parse_str(text).map_err(|error| Error::RustSyntax { what: format!("type `{text}`"), message: error.to_string() })
}

fn width_block(cx: &EmitContext, width: PointerWidth, used: &std::collections::BTreeSet<TypeRef>) -> Result<TokenStream, Error> {
    let layout = cx.layout(width);
    let mut checks = Vec::new();
    let check_size_align = |checks: &mut Vec<TokenStream>, label: &str, ty: &syn::Type, size: u32, align: u32| {
        let (size_msg, align_msg) = (format!("{label}: size is not {size}"), format!("{label}: align is not {align}"));
        let (size, align) = (lit(size), lit(align));
        checks.push(quote! {
            if ::core::mem::size_of::<#ty>() != #size { panic!(#size_msg) }
            if ::core::mem::align_of::<#ty>() != #align { panic!(#align_msg) }
        });
    };

    // A schema of another crate (oxc's) is checked from outside it: only what is public can be named.
    let outside = cx.schema.dialect != Dialect::Rawast;
    for id in cx.schema.ids() {
        let def = cx.schema.get(id);
        if outside && (!def.public && def.foreign.is_none() || cx.config.unexported.iter().any(|u| u.name == def.name)) {
            continue;
        }
        let type_layout = layout.get(id);
        let ty = rust_type(&cx.schema.rust_type_name(id, "'static"))?;
        check_size_align(&mut checks, &def.name, &ty, type_layout.layout.size, type_layout.layout.align);
        if def.foreign.is_some() {
            // The description's fields are not the foreign type's.
            continue;
        }
        if let (TypeKind::Struct(s), Shape::Struct { field_offsets }) = (&def.kind, &type_layout.shape) {
            // Inside `offset_of!` the lifetime is left to inference: prettyplease prints macro
            // arguments token by token, so `Program<'static>` would come out as `Program < 'static >`.
            let bare = syn::Ident::new(&def.name, proc_macro2::Span::call_site());
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
                    if ::core::mem::offset_of!(#bare, #field_ident) != #offset { panic!(#message) }
                });
            }
        }
    }

    // Field types other than the named ones: arena primitives and every `Option`, whose `None` is
    // read back from memory to confirm the niche or tag the deserializer will test for.
    for used_ty in used {
        // Builtins that their crate keeps private (oxc_span's `PointerAlign`) show in their holders.
        if matches!(used_ty, TypeRef::Named(_) | TypeRef::Primitive(_) | TypeRef::Builtin(Builtin::PointerAlign)) {
            continue;
        }
        let text = cx.schema.rust_type(used_ty, "'static");
        let ty = rust_type(&text)?;
        let l = layout.of(used_ty);
        check_size_align(&mut checks, &text, &ty, l.size, l.align);
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
                    if found != #value { panic!(#message) }
                }
            });
        }
    }

    let bits = width.bits().to_string();
    Ok(quote! {
        #[cfg(target_pointer_width = #bits)]
        const _: () = {
            #(#checks)*
        };
    })
}
