{{ header }}
// Types of what the `{{ target }}` deserializer returns.
{%- for declaration in declarations %}
{% match declaration -%}
{%- when Declaration::Interface with { name, properties } %}
export interface {{ name }} {
{%- for (key, ty) in properties %}
  {{ key }}: {{ ty }};
{%- endfor %}
}
{%- when Declaration::Alias with { name, ty } %}
export type {{ name }} = {{ ty }};
{%- endmatch %}
{%- endfor %}

/**
 * Deserializes a rawast buffer. Throws an `Error` when the buffer is truncated, corrupt, or was
 * written with another schema or pointer width.
 */
export declare function deserialize(buffer: Uint8Array): { program: {{ root }}; comments: {{ comments }} };
{%- if encode_source %}

/**
 * Writes the UTF-8 of `text` at the start of `buffer` (`buffer[0..n]`), where the parser reads the
 * source, and returns `n`. Lone surrogates become U+FFFD, as with `TextEncoder`. `text.length * 3`
 * bytes always suffice; throws an `Error` (naming the bytes needed) if `buffer` is too small, and a
 * `TypeError` if `text` is not a string or `buffer` not a `Uint8Array`.
 */
export declare function encodeSource(text: string, buffer: Uint8Array): number;
{%- endif %}
