//! The rawast buffer format's fixed part: the metadata block that ends every buffer.
//!
//! The generator emits the same numbers into each schema's `constants.rs`, and that file checks them
//! against these at compile time (`BufferFormat::new` and the offset checks beside it), so a producer
//! built with a runtime of another format version fails to compile instead of writing buffers its
//! deserializers refuse.

/// The bytes `RAST` read as a little-endian `u32`: the first field of the metadata block.
pub const MAGIC: u32 = u32::from_le_bytes(*b"RAST");

/// The version of the buffer format this runtime writes.
pub const FORMAT_VERSION: u32 = 1;

/// Size of the metadata block: nine little-endian `u32` fields.
pub const METADATA_SIZE: usize = 36;

/// Offsets of the metadata fields from the start of the metadata block, the last
/// [`METADATA_SIZE`] bytes of a buffer. Each field is a little-endian `u32`.
pub mod metadata {
    /// [`MAGIC`](super::MAGIC): the bytes `RAST`.
    pub const MAGIC: usize = 0;
    /// The writer's [`FORMAT_VERSION`](super::FORMAT_VERSION).
    pub const FORMAT_VERSION: usize = 4;
    /// Low 32 bits of the schema's layout fingerprint.
    pub const FINGERPRINT_LOW: usize = 8;
    /// High 32 bits of the schema's layout fingerprint.
    pub const FINGERPRINT_HIGH: usize = 12;
    /// Offset of the root node from the start of the buffer.
    pub const ROOT: usize = 16;
    /// Offset of the source text from the start of the buffer.
    pub const SOURCE_START: usize = 20;
    /// Length of the source text in UTF-8 bytes.
    pub const SOURCE_LEN: usize = 24;
    /// Bytes of the source before its first non-ASCII byte (all of it when it is ASCII).
    pub const SOURCE_ASCII_LEN: usize = 28;
    /// Low 32 bits of the buffer's address when written; pointers minus this are offsets.
    pub const BASE_LOW32: usize = 32;
}

/// The buffers one schema's deserializers read: this format version and the schema's layout
/// fingerprint at the pointer width being compiled. A schema's generated `constants.rs` defines it
/// as `BUFFER_FORMAT`; pass that to [`build`](crate::build).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BufferFormat {
    fingerprint: u64,
}

impl BufferFormat {
    /// The format of a schema with layout fingerprint `fingerprint`. The generated `constants.rs`
    /// calls it with the generator's view of the format, in a `const`: a runtime and a generator
    /// of different format versions stop the build there. A test that needs a format without a
    /// generated schema passes this crate's [`FORMAT_VERSION`] and [`METADATA_SIZE`] and any
    /// fingerprint; no deserializer accepts its buffers.
    ///
    /// ```
    /// use rawast_runtime::{BufferFormat, FORMAT_VERSION, METADATA_SIZE};
    ///
    /// const BUFFER_FORMAT: BufferFormat = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 0x0123_4567_89ab_cdef);
    /// assert_eq!(BUFFER_FORMAT.fingerprint(), 0x0123_4567_89ab_cdef);
    /// ```
    ///
    /// # Panics
    /// When `format_version` or `metadata_size` is not this runtime's: at compile time in a `const`.
    pub const fn new(format_version: u32, metadata_size: usize, fingerprint: u64) -> Self {
        if format_version != FORMAT_VERSION || metadata_size != METADATA_SIZE {
            panic!(
                "rawast-runtime writes another buffer format than these generated constants describe: use a rawast-runtime and a rawast generator of the same format version"
            );
        }
        Self { fingerprint }
    }

    /// The schema's layout fingerprint, which deserializers compare with their own.
    pub const fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

/// The values of the metadata block that describe one buffer; offsets are from the buffer's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Metadata {
    /// Offset of the root node.
    pub root: u32,
    /// Offset of the source text.
    pub source_start: u32,
    /// Length of the source text in UTF-8 bytes.
    pub source_len: u32,
    /// Bytes of the source before its first non-ASCII byte (all of it when it is ASCII).
    pub source_ascii_len: u32,
    /// Low 32 bits of the buffer's address when written; pointers minus this are offsets.
    pub base_low32: u32,
}

impl Metadata {
    /// The metadata block, with the magic, this format version and `format`'s fingerprint.
    pub fn to_bytes(&self, format: &BufferFormat) -> [u8; METADATA_SIZE] {
        let mut bytes = [0u8; METADATA_SIZE];
        let mut put = |offset: usize, value: u32| bytes[offset..offset + 4].copy_from_slice(&value.to_le_bytes());
        put(metadata::MAGIC, MAGIC);
        put(metadata::FORMAT_VERSION, FORMAT_VERSION);
        put(metadata::FINGERPRINT_LOW, format.fingerprint as u32);
        put(metadata::FINGERPRINT_HIGH, (format.fingerprint >> 32) as u32);
        put(metadata::ROOT, self.root);
        put(metadata::SOURCE_START, self.source_start);
        put(metadata::SOURCE_LEN, self.source_len);
        put(metadata::SOURCE_ASCII_LEN, self.source_ascii_len);
        put(metadata::BASE_LOW32, self.base_low32);
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_consecutive_u32s_filling_the_block() {
        let offsets = [
            metadata::MAGIC,
            metadata::FORMAT_VERSION,
            metadata::FINGERPRINT_LOW,
            metadata::FINGERPRINT_HIGH,
            metadata::ROOT,
            metadata::SOURCE_START,
            metadata::SOURCE_LEN,
            metadata::SOURCE_ASCII_LEN,
            metadata::BASE_LOW32,
        ];
        assert!(offsets.iter().enumerate().all(|(i, &offset)| offset == 4 * i));
        assert_eq!(METADATA_SIZE, 4 * offsets.len());
    }

    #[test]
    fn writes_every_field_little_endian() {
        let format = BufferFormat::new(FORMAT_VERSION, METADATA_SIZE, 0x0102_0304_0506_0708);
        let metadata =
            Metadata { root: 16, source_start: 0, source_len: 5, source_ascii_len: 3, base_low32: 0xdead_beef };
        let bytes = metadata.to_bytes(&format);
        assert_eq!(&bytes[..4], b"RAST");
        let word = |offset: usize| u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap());
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 6, 7, 8].map(|i| word(4 * i)),
            [MAGIC, FORMAT_VERSION, 0x0506_0708, 0x0102_0304, 16, 0, 5, 3, 0xdead_beef]
        );
    }
}
