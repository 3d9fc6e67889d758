//! Rust output as text: tokens printed by prettyplease after the generated-file header, schema
//! names as identifiers, and integer literals without suffixes.

use crate::context::EmitContext;
use crate::error::Error;

/// Prints Rust tokens with prettyplease, after the header.
pub(super) fn print_rust(cx: &EmitContext, what: &str, tokens: proc_macro2::TokenStream) -> Result<String, Error> {
    let file: syn::File = syn::parse2(tokens)
        .map_err(|source| Error::RustSyntax { what: what.to_owned(), message: source.to_string() })?;
    Ok(format!("{}\n{}", cx.header(), prettyplease::unparse(&file)))
}

/// A Rust identifier for a schema name: `r#type` where the name is a keyword.
pub(super) fn rust_ident(name: &str) -> syn::Ident {
    syn::parse_str::<syn::Ident>(name).unwrap_or_else(|_| syn::Ident::new_raw(name, proc_macro2::Span::call_site()))
}

/// A literal without a type suffix, so `16` prints as `16`, not `16u32`.
pub(super) fn lit(value: impl Into<u64>) -> proc_macro2::Literal {
    proc_macro2::Literal::u64_unsuffixed(value.into())
}
