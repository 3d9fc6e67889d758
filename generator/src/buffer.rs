//! The buffer format's fixed parts: magic, format version, the metadata block and the layout
//! fingerprint. Rust and JS constants are both emitted from here, so the two sides cannot disagree.

use std::fmt::Write as _;

use crate::ir::{Schema, TypeKind};
use crate::layout::{SchemaLayout, Shape};

/// Bumped whenever the meaning of the buffer changes in a way the fingerprint does not capture.
pub const FORMAT_VERSION: u32 = 1;

/// The bytes `RAST` read as a little-endian `u32`.
pub const MAGIC: u32 = u32::from_le_bytes(*b"RAST");

/// One `u32` of the metadata block at the very end of the buffer.
pub struct MetadataField {
    pub name: &'static str,
    pub doc: &'static str,
}

/// The metadata block, in order; every field is a little-endian `u32`.
pub const METADATA_FIELDS: &[MetadataField] = &[
    MetadataField { name: "magic", doc: "`MAGIC`: the bytes `RAST`." },
    MetadataField { name: "format_version", doc: "`FORMAT_VERSION` of the writer." },
    MetadataField { name: "fingerprint_low", doc: "Low 32 bits of the writer's layout fingerprint." },
    MetadataField { name: "fingerprint_high", doc: "High 32 bits of the writer's layout fingerprint." },
    MetadataField { name: "root", doc: "Offset of the root node from the start of the buffer." },
    MetadataField { name: "source_start", doc: "Offset of the source text from the start of the buffer." },
    MetadataField { name: "source_len", doc: "Length of the source text in UTF-8 bytes." },
    MetadataField {
        name: "source_ascii_len",
        doc: "Bytes of the source before its first non-ASCII byte (all of it when it is ASCII).",
    },
    MetadataField {
        name: "base_low32",
        doc: "Low 32 bits of the buffer's address when written; pointers minus this are offsets.",
    },
];

pub const METADATA_SIZE: u32 = 4 * METADATA_FIELDS.len() as u32;

/// The largest buffer, in bytes: offsets are `u32`s, so buffers are under 4 GiB (the runtime's
/// `build` refuses to write a larger one, and deserializers refuse to read one).
pub const MAX_BUFFER_SIZE: u32 = u32::MAX;

/// Each metadata field with its offset from the start of the metadata block.
pub fn metadata_offsets() -> impl Iterator<Item = (u32, &'static MetadataField)> {
    METADATA_FIELDS.iter().enumerate().map(|(index, field)| (4 * index as u32, field))
}

/// A stable 64-bit hash of everything a reader assumes about a buffer written by this schema at this
/// pointer width: format version, metadata fields, and every type's layout and members.
pub fn layout_fingerprint(schema: &Schema, layout: &SchemaLayout) -> u64 {
    fnv1a_64(canonical_layout_description(schema, layout).as_bytes())
}

/// The text the fingerprint hashes: one line per type and member, independent of ESTree mapping,
/// comments and formatting of the schema source.
pub fn canonical_layout_description(schema: &Schema, layout: &SchemaLayout) -> String {
    let mut out = format!("rawast format {FORMAT_VERSION}\npointer width {}\nmetadata", layout.width.bits());
    for field in METADATA_FIELDS {
        write!(out, " {}", field.name).unwrap();
    }
    out.push('\n');
    for id in schema.ids() {
        let def = schema.get(id);
        let type_layout = layout.get(id);
        writeln!(out, "type {} size {} align {}", def.name, type_layout.layout.size, type_layout.layout.align).unwrap();
        match (&def.kind, &type_layout.shape) {
            (TypeKind::Struct(s), Shape::Struct { field_offsets }) => {
                for (field, offset) in s.fields.iter().zip(field_offsets) {
                    writeln!(out, "  field {} {} @{offset}", field.name, schema.rust_type(&field.ty, "'a")).unwrap();
                }
            }
            (TypeKind::Enum(e), shape) => {
                if let Shape::DataEnum { payload_offset } = shape {
                    writeln!(out, "  payload @{payload_offset}").unwrap();
                }
                for variant in &e.variants {
                    let payload = variant.payload.as_ref().map(|ty| schema.rust_type(ty, "'a")).unwrap_or_default();
                    writeln!(out, "  variant {} = {} {payload}", variant.name, variant.discriminant).unwrap();
                }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
    }
    out
}

/// FNV-1a, 64-bit: tiny, stable across platforms and Rust versions (unlike `std`'s hashers).
fn fnv1a_64(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_reference_vectors() {
        assert_eq!(fnv1a_64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a_64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn magic_spells_rast() {
        assert_eq!(MAGIC.to_le_bytes(), *b"RAST");
    }
}
