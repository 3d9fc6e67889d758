const MAGIC = {{ buffer.magic|fmt("{:#010x}") }};
const FORMAT_VERSION = {{ buffer.format_version }};
const METADATA_SIZE = {{ buffer.metadata_size }};
const MAX_BUFFER_SIZE = {{ buffer.max_buffer_size|fmt("{:#x}") }};
{%- for (name, offset) in buffer.meta %}
const META_{{ name }} = {{ offset }};
{%- endfor %}
const LAYOUT_FINGERPRINT = "{{ buffer.fingerprint|fmt("{:016x}") }}";
