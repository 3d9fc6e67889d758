//! `constants.rs`: the buffer format as Rust constants, for producers that write buffers.

use quote::{format_ident, quote};

use super::{EmitContext, lit, print_rust};
use crate::Error;
use crate::buffer::{self, FORMAT_VERSION, MAGIC, METADATA_SIZE};
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
    };
    print_rust(cx, "constants.rs", tokens)
}
