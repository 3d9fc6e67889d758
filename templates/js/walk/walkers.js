{#- The walkers, one function per type that can lead to a node, by the kind of its body
    (`WalkBody`), and `WALKERS`, by index. A struct's and a converter's value's are partials. -#}
{%- for function in walker.functions %}

{%- if let Some((table, values)) = function.type_table() %}

/** The node types of {{ function.comment }}, by the tag of its `type` field. */
const {{ table }} = {{ values }};
{%- endif %}

/** {{ function.comment }} */
{%- match function.body %}
{%- when WalkBody::Object with { node, children, span } %}
{% include "js/walk/walker_object.js" %}
{%- when WalkBody::Built with { walk, value_read } %}
{% include "js/walk/walker_built.js" %}
{%- when WalkBody::Switch with { what, cases } %}
function {{ function.name }}(pos) {
  switch (uint8[pos]) {
{%- for (discriminant, step) in cases %}
    case {{ discriminant }}:
{%- if let Some(step) = step %}
      if (needed[{{ step.walker }}] === 1) {{ step.function }}({{ step.pos }});
{%- endif %}
      return;
{%- endfor %}
    default:
      throw invalid("{{ what }} tag", uint8[pos], pos);
  }
}
{%- when WalkBody::Option with { none_check, some, tagged: _ } %}
function {{ function.name }}(pos) {
  if ({{ none_check }}) return;
  {{ some.function }}({{ some.pos }});
}
{%- when WalkBody::Vec with { len_offset, element_size, cost, align_mask, element, spans } %}
function {{ function.name }}(pos) {
  const len = uint32[(pos + {{ len_offset }}) >>> 2];
  if (len === 0) return;
  const first = readPointer(pos, len * {{ element_size }}, {{ align_mask }});
  pay(first, len * {{ cost }}, pos);
  if (walkDepth >= WALK_DEPTH) {
    for (let element = first + (len - 1) * {{ element_size }}; element >= first; element -= {{ element_size }}) {
      walkStack.push(element, {{ element.walker }});
    }
    return;
  }
{%- if let Some(spans) = spans %}
  if (wordsAt !== null && len >= BY_WORDS_FROM) return stepByWords(first, len, {{ element_size }}, {{ element.function }}, {{ spans }});
{%- endif %}
  for (let i = 0, element = first; i < len; i++, element += {{ element_size }}) {
    {{ element.function }}(element);
  }
}
{%- when WalkBody::Boxed with { size, align_mask, paid, target } %}
function {{ function.name }}(pos) {
  const target = readPointer(pos, {{ size }}, {{ align_mask }});
{%- if *paid %}
  pay(target, {{ size }}, pos);
{%- endif %}
  {{ target.function }}({{ target.pos }});
}
{%- endmatch %}
{%- endfor %}

/** Each walker, by index. */
const WALKERS = [{% for f in walker.functions %}{{ f.name }}{% if !loop.last %}, {% endif %}{% endfor %}];
