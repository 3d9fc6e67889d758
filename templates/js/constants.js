{{ header }}
// The buffer format's fixed parts. A buffer ends with a metadata block of little-endian u32 fields;
// read it at `buffer.length - METADATA_SIZE`.

/** The bytes `RAST` read as a little-endian u32: the first metadata field. */
export const MAGIC = {{ magic }};

/** Version of the buffer format; a reader refuses buffers of another version. */
export const FORMAT_VERSION = {{ format_version }};

/** Size in bytes of the metadata block that ends every buffer. */
export const METADATA_SIZE = {{ metadata_size }};

/** The largest buffer in bytes: offsets are u32s, so buffers are under 4 GiB. */
export const MAX_BUFFER_SIZE = {{ max_buffer_size }};

// Offsets of the metadata fields from the start of the metadata block.
{%- for field in fields %}
/** {{ field.doc }} */
export const {{ field.constant }} = {{ field.offset }};
{%- endfor %}
{% for fp in fingerprints %}
/** Layout fingerprint of the schema's {{ fp.bits }}-bit layouts: `{{ fp.hex }}`. */
export const LAYOUT_FINGERPRINT_{{ fp.bits }} = Object.freeze({ hex: "{{ fp.hex }}", low: {{ fp.low }}, high: {{ fp.high }} });
{%- endfor %}
