{#- A node constructor (`functions/function.rs`, `Prototype`): one per shape of node, shared by every
    function that makes that shape. -#}
/** `{{ node_type }}` nodes with these properties, in this order; their prototype is `{{ prototype }}`. */
function {{ name }}({{ made.params }}) {
{%- for assignment in made.assignments %}
  {{ assignment }}
{%- endfor %}
}
{{ name }}.prototype = {{ prototype }};