{#- oxc's `prepend_to` / `append_to` (`functions/oxc/bodies.rs`): one array `array` of the `Vec`s'
    elements and the `Option`s' values, in order. (No `push(...elements)`: spreading a long array
    throws a `RangeError` of its own.) -#}
{%- for part in parts %}
{%- if loop.first %}
{%- if part.is_vec %}
const {{ array }} = {{ part.read }};
{%- else %}
const {{ array }}Item = {{ part.read }}, {{ array }} = {{ array }}Item === null ? [] : [{{ array }}Item];
{%- endif %}
{%- else %}
{%- if part.is_vec %}
for (const item of {{ part.read }}) {{ array }}.push(item);
{%- else %}
{ const item = {{ part.read }}; if (item !== null) {{ array }}.push(item); }
{%- endif %}
{%- endif %}
{%- endfor %}
