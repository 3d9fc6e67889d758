//! `#[ast]` marks a type as part of a rawast schema.
//!
//! The attribute itself changes nothing about the type: the generator reads the schema source with
//! `syn` and finds AST types by this marker. Its one job at compile time is to remove the
//! `#[estree(...)]` helper attributes (ESTree mapping, read only by the generator), which rustc would
//! otherwise reject as unknown attributes. Attribute macros cannot declare inert helpers the way
//! derives can, hence the stripping.

#![warn(missing_docs)]

use proc_macro::TokenStream;
use quote::ToTokens;

/// Marks a struct or enum of the AST schema, where `rawast codegen` finds it; use it as
/// `rawast_runtime::ast`. It takes no arguments, and leaves the type as it is but for the
/// `#[estree(...)]` attributes of the JS mapping, which it removes for rustc.
///
/// A compile error where it has arguments, or where the item is not Rust syntax.
#[proc_macro_attribute]
pub fn ast(args: TokenStream, input: TokenStream) -> TokenStream {
    if !args.is_empty() {
        let args = proc_macro2::TokenStream::from(args);
        return syn::Error::new_spanned(args, "#[ast] takes no arguments").to_compile_error().into();
    }
    let mut item = match syn::parse::<syn::Item>(input) {
        Ok(item) => item,
        Err(err) => return err.to_compile_error().into(),
    };
    strip_estree(&mut item);
    item.into_token_stream().into()
}

/// Removes `#[estree(...)]` from the item, its fields and its variants.
fn strip_estree(item: &mut syn::Item) {
    let strip = |attrs: &mut Vec<syn::Attribute>| attrs.retain(|attr| !attr.path().is_ident("estree"));
    match item {
        syn::Item::Struct(item) => {
            strip(&mut item.attrs);
            item.fields.iter_mut().for_each(|field| strip(&mut field.attrs));
        }
        syn::Item::Enum(item) => {
            strip(&mut item.attrs);
            for variant in &mut item.variants {
                strip(&mut variant.attrs);
                variant.fields.iter_mut().for_each(|field| strip(&mut field.attrs));
            }
        }
        // The generator reports `#[ast]` on anything else; rustc needs no help here.
        _ => {}
    }
}
