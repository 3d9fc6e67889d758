//! `js/constants.js`: the buffer format as JS constants (askama template `templates/js/constants.js`).

use askama::Template;

use crate::buffer::{self, FORMAT_VERSION, MAGIC, MAX_BUFFER_SIZE, METADATA_SIZE};
use crate::context::EmitContext;
use crate::error::Error;
use crate::layout::PointerWidth;

#[derive(Template)]
#[template(path = "js/constants.js", escape = "none")]
struct ConstantsJs {
    header: String,
    magic: String,
    format_version: u32,
    metadata_size: u32,
    max_buffer_size: String,
    fields: Vec<MetadataFieldView>,
    fingerprints: Vec<FingerprintView>,
}

struct MetadataFieldView {
    /// `SCREAMING_CASE` name of the offset constant.
    constant: String,
    offset: u32,
    doc: String,
}

struct FingerprintView {
    bits: u32,
    /// 16 hex digits, as error messages print it.
    hex: String,
    low: String,
    high: String,
}

pub fn emit(cx: &EmitContext) -> Result<String, Error> {
    let fields = buffer::metadata_offsets()
        .map(|(offset, field)| MetadataFieldView {
            constant: format!("META_{}", field.name.to_uppercase()),
            offset,
            // Rust doc syntax reads as plain text in JS comments, except for the backticks' meaning.
            doc: field.doc.to_owned(),
        })
        .collect();
    let fingerprints = PointerWidth::ALL
        .into_iter()
        .map(|width| {
            let value = cx.fingerprint(width);
            FingerprintView {
                bits: width.bits(),
                hex: format!("{value:016x}"),
                low: format!("{:#010x}", value as u32),
                high: format!("{:#010x}", (value >> 32) as u32),
            }
        })
        .collect();
    let view = ConstantsJs {
        header: cx.header(),
        magic: format!("{MAGIC:#010x}"),
        format_version: FORMAT_VERSION,
        metadata_size: METADATA_SIZE,
        max_buffer_size: format!("{MAX_BUFFER_SIZE:#x}"),
        fields,
        fingerprints,
    };
    view.render()
        .map_err(|source| Error::Render { template: "js/constants.js".to_owned(), message: source.to_string() })
}
