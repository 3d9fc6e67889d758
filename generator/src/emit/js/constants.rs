//! `js/constants.js`: the buffer format as JS constants (askama template `templates/js/constants.js`).

use askama::Template;

use crate::buffer::{self, FORMAT_VERSION, MAGIC, MAX_BUFFER_SIZE, METADATA_SIZE};
use crate::context::EmitContext;
use crate::error::Error;
use crate::layout::PointerWidth;

/// The values of `js/constants.js`, numbers as numbers: the template chooses how each is written.
#[derive(Template)]
#[template(path = "js/constants.js", escape = "none")]
struct ConstantsJs {
    header: String,
    magic: u32,
    format_version: u32,
    metadata_size: u32,
    max_buffer_size: u32,
    fields: Vec<MetadataFieldView>,
    fingerprints: Vec<FingerprintView>,
}

struct MetadataFieldView {
    /// The field's name, which its offset constant is named after (`META_` and the name in capitals).
    name: &'static str,
    offset: u32,
    doc: String,
}

struct FingerprintView {
    bits: u32,
    value: u64,
    low: u32,
    high: u32,
}

pub fn emit(cx: &EmitContext) -> Result<String, Error> {
    let fields = buffer::metadata_offsets()
        .map(|(offset, field)| MetadataFieldView {
            name: field.name,
            offset,
            // Rust doc syntax reads as plain text in JS comments, except for the backticks' meaning.
            doc: field.doc.to_owned(),
        })
        .collect();
    let fingerprints = PointerWidth::ALL
        .into_iter()
        .map(|width| {
            let value = cx.fingerprint(width);
            FingerprintView { bits: width.bits(), value, low: value as u32, high: (value >> 32) as u32 }
        })
        .collect();
    let view = ConstantsJs {
        header: cx.header(),
        magic: MAGIC,
        format_version: FORMAT_VERSION,
        metadata_size: METADATA_SIZE,
        max_buffer_size: MAX_BUFFER_SIZE,
        fields,
        fingerprints,
    };
    view.render()
        .map_err(|source| Error::Render { template: "js/constants.js".to_owned(), message: source.to_string() })
}
