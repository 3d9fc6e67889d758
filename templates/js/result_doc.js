{#- What the comments on `deserialize` say it returns (`emit/js/function.rs`, `ResultView`): its
    keys, `{ program, comments }`, and their JSDoc types, `program: object, comments: object[]`. -#}
{%- macro keys(result) -%}
{ {% for entry in result.entries %}{% if !loop.first %}, {% endif %}{{ entry.key.literal }}{% endfor %} }
{%- endmacro -%}
{%- macro jsdoc_types(result) -%}
{% for entry in result.entries %}{% if !loop.first %}, {% endif %}{{ entry.key.literal }}: {{ entry.doc }}{% endfor %}
{%- endmacro -%}
