//! `rust/from_estree.rs`: the schema's ESTree JSON → Rust conversions, for the test producer.
//!
//! One `FromEstree` impl per type. A struct reads its ESTree properties by the same names the
//! deserializer writes; a data enum dispatches on the node's `type`; where several variants share a
//! `type` (the literals), the candidates are tried in order of how many properties they check, each
//! with a generated `estree_matches` that looks at the JSON kinds of its properties.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::rust_print::print_rust;
use super::rust_print::rust_ident;
use crate::context::EmitContext;
use crate::error::Error;
use crate::ir::{Primitive, TypeId, TypeKind, TypeRef};
use crate::model::{FieldRole, PropertyValue};

pub fn emit(cx: &EmitContext, producer_module: &str) -> Result<String, Error> {
    let path = |text: &str| -> syn::Path { syn::parse_str(text).expect("validated by Config::parse") };
    let (ast_module, arena_module, producer) =
        (path(&cx.config.rust.ast_module), path(&cx.config.rust.arena_module), path(producer_module));
    let mut items = Vec::new();
    let mut needs_matches = std::collections::BTreeSet::new();
    for id in cx.schema.ids() {
        items.push(match &cx.schema.get(id).kind {
            TypeKind::Struct(_) => struct_impl(cx, id),
            TypeKind::Enum(e) if e.variants.iter().any(|v| v.payload.is_some()) => {
                data_enum_impl(cx, id, &mut needs_matches)
            }
            TypeKind::Enum(_) => fieldless_enum_impl(cx, id),
        });
    }
    for id in needs_matches {
        items.push(matches_impl(cx, id));
    }
    items.push(root_fn(cx));
    let tokens = quote! {
        #[allow(unused_imports)]
        use #arena_module::{Box, Span, Str, Vec};
        #[allow(unused_imports)]
        use #ast_module::*;
        use #producer::{Context, FromEstree, ProduceError};
        use serde_json::Value;
        #(#items)*
    };
    print_rust(cx, "from_estree.rs", tokens)
}

fn type_tokens(cx: &EmitContext, id: TypeId) -> TokenStream {
    let ty: syn::Type = syn::parse_str(&cx.schema.rust_type_name(id, "'a")).expect("type names parse");
    quote!(#ty)
}

fn struct_impl(cx: &EmitContext, id: TypeId) -> TokenStream {
    let def = cx.schema.get(id);
    let ty = type_tokens(cx, id);
    let TypeKind::Struct(s) = &def.kind else { unreachable!() };
    let node_type = cx.model.node_type(id);
    let type_check = match node_type {
        Some(name) => quote!(Some(#name)),
        None => quote!(None),
    };
    let has_span = s.fields.iter().any(|f| f.ty == TypeRef::Span);
    let fields = s.fields.iter().enumerate().map(|(index, field)| {
        let ident = rust_ident(&field.name);
        let value = match cx.model.field_role(cx.schema, id, index) {
            // Channels are filled by `produce_root`, from their own JSON.
            FieldRole::Skipped | FieldRole::Channel => quote!(Default::default()),
            FieldRole::NodeSpan => quote!(cx.span(object)?),
            FieldRole::Flattened => quote!(FromEstree::from_estree(value, cx)?),
            // A value the deserializer computes is checked when written, so that it cannot fail there.
            FieldRole::Property(key) => match field.estree.convert {
                Some(converter) => {
                    let name = converter.name();
                    quote!(cx.converted_field(object, #key, #name)?)
                }
                None => quote!(cx.field(object, #key)?),
            },
        };
        quote!(#ident: #value,)
    });
    let (enter, leave) = if has_span {
        (quote!(let previous = cx.enter(object)?;), quote!(cx.leave(previous);))
    } else {
        (quote!(), quote!())
    };
    quote! {
        impl<'a> FromEstree<'a> for #ty {
            fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self, ProduceError> {
                let object = cx.object(value, #type_check)?;
                #enter
                let converted = Self { #(#fields)* };
                #leave
                Ok(converted)
            }
        }
    }
}

fn data_enum_impl(cx: &EmitContext, id: TypeId, needs_matches: &mut std::collections::BTreeSet<TypeId>) -> TokenStream {
    let def = cx.schema.get(id);
    let ty = type_tokens(cx, id);
    let TypeKind::Enum(e) = &def.kind else { unreachable!() };
    // ESTree type → the variants that accept it, in declaration order.
    let mut by_type: BTreeMap<String, Vec<(usize, Option<TypeId>)>> = BTreeMap::new();
    for (index, variant) in e.variants.iter().enumerate() {
        let Some(payload) = &variant.payload else { continue };
        for (node_type, leaf) in cx.model.accepted_types(cx.schema, payload) {
            by_type.entry(node_type).or_default().push((index, leaf));
        }
    }
    let arms = by_type.iter().map(|(node_type, candidates)| {
        let mut candidates = candidates.clone();
        // The most specific shapes first; a candidate that checks nothing must come last.
        candidates
            .sort_by_key(|(_, leaf)| std::cmp::Reverse(leaf.map_or(0, |leaf| checked_properties(cx, leaf).len())));
        let last = candidates.len() - 1;
        let guarded = candidates.iter().enumerate().map(|(position, (index, leaf))| {
            let variant = format_ident!("{}", e.variants[*index].name);
            // (Through `Context::variant`: an arm's own temporaries would take room in the frame
            // of every level that recursion through this dispatch nests, unoptimized.)
            let convert = quote!(cx.variant(value, Self::#variant));
            match leaf {
                Some(leaf) if position < last => {
                    needs_matches.insert(*leaf);
                    let leaf_ty = syn::Ident::new(&cx.schema.get(*leaf).name, proc_macro2::Span::call_site());
                    quote!(#node_type if #leaf_ty::estree_matches(value) => #convert,)
                }
                _ => quote!(#node_type => #convert,),
            }
        });
        quote!(#(#guarded)*)
    });
    let what = &def.name;
    quote! {
        impl<'a> FromEstree<'a> for #ty {
            fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self, ProduceError> {
                match cx.node_type(value)? {
                    #(#arms)*
                    other => Err(cx.invalid(format!("node type {other} is not allowed where the schema expects {}", #what))),
                }
            }
        }
    }
}

fn fieldless_enum_impl(cx: &EmitContext, id: TypeId) -> TokenStream {
    let def = cx.schema.get(id);
    let ty = type_tokens(cx, id);
    let TypeKind::Enum(e) = &def.kind else { unreachable!() };
    let strings: Vec<String> =
        e.variants.iter().map(|v| v.estree.rename.clone().unwrap_or_else(|| v.name.clone())).collect();
    let variants = e.variants.iter().map(|v| format_ident!("{}", v.name));
    let expected = format!("one of {}", strings.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", "));
    quote! {
        impl<'a> FromEstree<'a> for #ty {
            fn from_estree(value: &Value, cx: &Context<'a, '_>) -> Result<Self, ProduceError> {
                match value.as_str() {
                    #(Some(#strings) => Ok(Self::#variants),)*
                    _ => Err(cx.invalid(format!("expected {}, found {value}", #expected))),
                }
            }
        }
    }
}

fn producer_path(cx: &EmitContext) -> syn::Path {
    syn::parse_str(cx.config.rust.producer_module.as_deref().expect("only emitted with a producer module"))
        .expect("validated by Config::parse")
}

/// `estree_matches`: whether a node's properties have the JSON kinds this struct reads.
fn matches_impl(cx: &EmitContext, id: TypeId) -> TokenStream {
    let ty = syn::Ident::new(&cx.schema.get(id).name, proc_macro2::Span::call_site());
    let checks: Vec<TokenStream> = checked_properties(cx, id)
        .into_iter()
        .map(|(key, ty)| {
            let check = kind_check(cx, ty);
            quote!(value.get(#key).is_some_and(|value| #check))
        })
        .collect();
    let all = if checks.is_empty() { quote!(true) } else { quote!(#(#checks)&&*) };
    let header = if cx.schema.get(id).has_lifetime { quote!(impl #ty<'_>) } else { quote!(impl #ty) };
    quote! {
        #header {
            // Every check is a closure over `value`, a few of which clippy would write as a path.
            #[allow(clippy::redundant_closure)]
            fn estree_matches(value: &Value) -> bool {
                #all
            }
        }
    }
}

/// The properties of a struct that hold field values (not its type name or span), with their types.
fn checked_properties<'m>(cx: &'m EmitContext, id: TypeId) -> Vec<(&'m str, &'m TypeRef)> {
    let object = cx.model.object(id).expect("structs have an object model");
    object
        .properties
        .iter()
        .filter_map(|p| match &p.value {
            PropertyValue::Field { ty, .. } => Some((p.key.as_str(), ty)),
            _ => None,
        })
        .collect()
}

/// A JSON-kind test of `value` for a property of type `ty`.
fn kind_check(cx: &EmitContext, ty: &TypeRef) -> TokenStream {
    match ty {
        TypeRef::Primitive(Primitive::Bool) => quote!(value.is_boolean()),
        TypeRef::Primitive(Primitive::F64) => {
            let producer = producer_path(cx);
            quote!(value.is_number() || #producer::non_finite_number(value).is_some())
        }
        TypeRef::Primitive(_) => quote!(value.is_number()),
        TypeRef::Str => {
            let producer = producer_path(cx);
            quote!(#producer::is_string(value))
        }
        TypeRef::Span => quote!(value.is_object()),
        TypeRef::Vec(_) => quote!(value.is_array()),
        TypeRef::Box(inner) => kind_check(cx, inner),
        TypeRef::Option(inner) => {
            let inner = kind_check(cx, inner);
            quote!(value.is_null() || #inner)
        }
        TypeRef::Cell(inner) => kind_check(cx, inner),
        // `generate` refuses a producer for schemas of another dialect, the only ones with builtins.
        TypeRef::Builtin(builtin) => unreachable!("no producer for builtin `{}`", builtin.name()),
        TypeRef::Named(id) => match &cx.schema.get(*id).kind {
            TypeKind::Enum(e) if e.variants.iter().all(|v| v.payload.is_none()) => quote!(value.is_string()),
            _ => quote!(value.is_object()),
        },
    }
}

fn root_fn(cx: &EmitContext) -> TokenStream {
    let result = cx.result();
    let root_ty: syn::Type = syn::parse_str(&cx.schema.rust_type_name(result.root, "'a")).expect("type names parse");
    let TypeKind::Struct(root) = &cx.schema.get(result.root).kind else { unreachable!("the root is a struct") };
    // `generate` allows the producer one channel at most: acorn's comments.
    let comments = result.channels.first().map(|c| {
        let field = rust_ident(&root.fields[c.field].name);
        quote!(root.#field = FromEstree::from_estree(comments, cx)?;)
    });
    quote! {
        /// Converts the root node and the comments array, and moves the root into the arena.
        pub(crate) fn produce_root<'a>(program: &Value, comments: &Value, cx: &Context<'a, '_>) -> Result<*const u8, ProduceError> {
            #[allow(unused_mut)]
            let mut root = <#root_ty as FromEstree<'a>>::from_estree(program, cx)?;
            let _ = comments;
            #comments
            Ok(cx.allocator.alloc(root)?.as_ptr().cast())
        }
    }
}
