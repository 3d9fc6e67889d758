{#- The JS Oxlint's node literals in oxc's snippets become (`emit/js/oxc/node_literal.rs`): a call
    of their shape's constructor, or `Object.create(NodeProto)` and their properties assigned in
    order, in a comma expression through a temporary, `node$N` for a literal `N` deep. -#}
{%- match self -%}
{%- when NodeLiteralJs::Constructed with { constructor, args } -%}
new {{ constructor }}({{ args }})
{%- when NodeLiteralJs::Built with { depth, pieces, space } -%}
(node${{ depth }} = Object.create(NodeProto),
{%- for piece in pieces.iter() -%}
{{ piece.lead }}{% if let Some(step) = piece.step %}{{ step }},{{ piece.trail }}{% endif %}
{%- endfor -%}
{%- if *space %} {% endif -%}
node${{ depth }})
{%- when NodeLiteralJs::Assigned with { depth, key, value } -%}
node${{ depth }}.{{ key }} = {{ value }}
{%- when NodeLiteralJs::Guarded with { test, steps } -%}
{{ test }} && ({{ steps|join(", ") }})
{%- when NodeLiteralJs::Defined with { depth, key, descriptor } -%}
Object.defineProperty(node${{ depth }}, "{{ key }}", {{ descriptor }})
{%- when NodeLiteralJs::Getter with { function } -%}
{ get{{ function }}, enumerable: true, configurable: true }
{%- when NodeLiteralJs::HoistedName with { prefix, key } -%}
{{ prefix }}${{ key }}
{%- when NodeLiteralJs::Hoisted with { prefix, key, constant, descriptor } -%}
// `{{ key }}` of the nodes {{ prefix }} builds: one getter for all, so that they share a hidden class.
const {{ constant }} = {{ descriptor }};
{%- when NodeLiteralJs::Temporaries with { count, statements } -%}
var {% for depth in 0..*count %}node${{ depth }}{% if !loop.last %}, {% endif %}{% endfor %};
{%- if !statements.is_empty() %}
{{ statements }}
{%- endif -%}
{%- endmatch -%}
