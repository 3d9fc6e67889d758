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
