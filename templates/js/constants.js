{{ header }}
// The buffer format's fixed parts. A buffer ends with a metadata block of little-endian u32 fields;
// read it at `buffer.length - METADATA_SIZE`.

/** The bytes `RAST` read as a little-endian u32: the first metadata field. */
export const MAGIC = {{ magic|fmt("{:#010x}") }};

/** Version of the buffer format; a reader refuses buffers of another version. */
export const FORMAT_VERSION = {{ format_version }};

/** Size in bytes of the metadata block that ends every buffer. */
export const METADATA_SIZE = {{ metadata_size }};

/** The largest buffer in bytes: offsets are u32s, so buffers are under 4 GiB. */
export const MAX_BUFFER_SIZE = {{ max_buffer_size|fmt("{:#x}") }};

// Offsets of the metadata fields from the start of the metadata block.
{%- for field in fields %}
/** {{ field.doc }} */
export const META_{{ field.name|upper }} = {{ field.offset }};
{%- endfor %}
{% for fp in fingerprints %}
{%- let hex = fp.value|fmt("{:016x}") %}
/** Layout fingerprint of the schema's {{ fp.bits }}-bit layouts: `{{ hex }}`. */
export const LAYOUT_FINGERPRINT_{{ fp.bits }} = Object.freeze({ hex: "{{ hex }}", low: {{ fp.low|fmt("{:#010x}") }}, high: {{ fp.high|fmt("{:#010x}") }} });
{%- endfor %}
