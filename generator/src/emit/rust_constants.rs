//! `constants.rs`: the buffer format as Rust constants, for producers that write buffers.

use quote::{format_ident, quote};

use super::rust_print::{lit, print_rust};
use crate::buffer::{self, FORMAT_VERSION, MAGIC, METADATA_SIZE};
use crate::context::EmitContext;
use crate::error::Error;
use crate::layout::PointerWidth;

pub fn emit(cx: &EmitContext) -> Result<String, Error> {
    let offsets = buffer::metadata_offsets().map(|(offset, field)| {
        let name = format_ident!("{}", field.name.to_uppercase());
        let doc = format!(" {}", field.doc);
        let offset = lit(offset);
        quote! {
            #[doc = #doc]
            pub const #name: usize = #offset;
        }
    });
    let fingerprints = PointerWidth::ALL.map(|width| {
        let value = cx.fingerprint(width);
        syn::LitInt::new(&format!("{value:#018x}"), proc_macro2::Span::call_site())
    });
    let [fingerprint64, fingerprint32] = &fingerprints;
    let writer = metadata_writer();
    let runtime = match &cx.config.rust.runtime_module {
        Some(module) => runtime_format(module),
        None => quote! {},
    };
    let magic = syn::LitInt::new(&format!("{MAGIC:#010x}"), proc_macro2::Span::call_site());
    let version = lit(FORMAT_VERSION);
    let metadata_size = lit(METADATA_SIZE);
    let tokens = quote! {
        #[doc = " The bytes `RAST` as a little-endian `u32`: the first field of the metadata block."]
        pub const MAGIC: u32 = #magic;
        #[doc = " Version of the buffer format; readers refuse buffers of another version."]
        pub const FORMAT_VERSION: u32 = #version;
        #[doc = " Size of the metadata block that ends every buffer: little-endian `u32` fields."]
        pub const METADATA_SIZE: usize = #metadata_size;
        #[doc = " Offsets of the metadata fields from the start of the metadata block."]
        pub mod metadata {
            #(#offsets)*
        }
        #[doc = " Layout fingerprint of this schema's 64-bit layouts."]
        pub const LAYOUT_FINGERPRINT_64: u64 = #fingerprint64;
        #[doc = " Layout fingerprint of this schema's 32-bit (wasm32) layouts."]
        pub const LAYOUT_FINGERPRINT_32: u64 = #fingerprint32;
        #[doc = " Layout fingerprint of the layouts of the target being compiled."]
        #[cfg(target_pointer_width = "64")]
        pub const LAYOUT_FINGERPRINT: u64 = LAYOUT_FINGERPRINT_64;
        #[doc = " Layout fingerprint of the layouts of the target being compiled."]
        #[cfg(target_pointer_width = "32")]
        pub const LAYOUT_FINGERPRINT: u64 = LAYOUT_FINGERPRINT_32;
        #writer
        #runtime
    };
    print_rust(cx, "constants.rs", tokens)
}

/// `BUFFER_FORMAT`, what `rawast_runtime::build` takes, and compile-time checks that the runtime
/// writes the metadata block these constants (and so the deserializers) describe: a runtime of
/// another format version stops the producer's build instead of writing buffers that get refused.
fn runtime_format(module: &str) -> proc_macro2::TokenStream {
    let runtime: syn::Path = syn::parse_str(module).expect("validated by Config::parse");
    let checks = buffer::metadata_offsets().map(|(_, field)| {
        let constant = format_ident!("{}", field.name.to_uppercase());
        let message =
            format!("{module} writes metadata field `{}` at another offset than these constants say", field.name);
        quote! {
            if #runtime::format::metadata::#constant != metadata::#constant { panic!(#message) }
        }
    });
    let magic_message = format!("{module} writes another magic number than these constants say");
    quote! {
        #[doc = " This schema's buffers for `rawast_runtime::build`, at the pointer width being compiled."]
        #[doc = " Evaluated at compile time: it fails when the runtime writes another format version."]
        pub const BUFFER_FORMAT: #runtime::BufferFormat = #runtime::BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, LAYOUT_FINGERPRINT);
        const _: () = {
            if #runtime::format::MAGIC != MAGIC { panic!(#magic_message) }
            #(#checks)*
        };
    }
}

/// `Metadata` and its `to_bytes`: the metadata block's writer, so that a producer in any crate that
/// includes this file writes exactly what the deserializers check. The fields fixed by the format
/// (magic, version, fingerprint) come from the constants; the rest describe one buffer.
fn metadata_writer() -> proc_macro2::TokenStream {
    let fixed = |name: &str| match name {
        "magic" => Some(quote! { MAGIC }),
        "format_version" => Some(quote! { FORMAT_VERSION }),
        "fingerprint_low" => Some(quote! { LAYOUT_FINGERPRINT as u32 }),
        "fingerprint_high" => Some(quote! { (LAYOUT_FINGERPRINT >> 32) as u32 }),
        _ => None,
    };
    let mut fields = Vec::new();
    let mut writes = Vec::new();
    for (_, field) in buffer::metadata_offsets() {
        let constant = format_ident!("{}", field.name.to_uppercase());
        let value = match fixed(field.name) {
            Some(value) => value,
            None => {
                let name = format_ident!("{}", field.name);
                let doc = format!(" {}", field.doc);
                fields.push(quote! {
                    #[doc = #doc]
                    pub #name: u32,
                });
                quote! { self.#name }
            }
        };
        writes.push(quote! { put(metadata::#constant, #value); });
    }
    quote! {
        #[doc = " The values of the metadata block that describe one buffer; `to_bytes` adds the magic,"]
        #[doc = " format version and layout fingerprint of the target being compiled."]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct Metadata {
            #(#fields)*
        }
        impl Metadata {
            #[doc = " The metadata block: the last `METADATA_SIZE` bytes of the buffer."]
            pub fn to_bytes(&self) -> [u8; METADATA_SIZE] {
                let mut bytes = [0u8; METADATA_SIZE];
                let mut put = |offset: usize, value: u32| bytes[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
                #(#writes)*
                bytes
            }
        }
    }
}
