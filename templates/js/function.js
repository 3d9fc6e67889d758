{#- The functions of enums, `Option`s, `Vec`s and `Box`es, the same in both deserializers (the eager
    one defers in its objects, `deserialize.js`; the lazy one reads one level at a time). What every
    `Box` and `Vec` points to is taken from `structBudget` (`readers.js`). -#}
{%- match function.body -%}
{%- when Body::Switch with { what, cases } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  switch (uint8[pos]) {
{%- for (discriminant, value) in cases %}
    case {{ discriminant }}:
      return {{ value }};
{%- endfor %}
    default:
      throw invalid("{{ what }} tag", uint8[pos], pos);
  }
}
{%- when Body::Strings with { constant, what, values } -%}
const {{ constant }} = [{{ values }}];

/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  const value = {{ constant }}[uint8[pos]];
  if (value === undefined) throw invalid("{{ what }}", uint8[pos], pos);
  return value;
}
{%- when Body::Option with { none_check, some } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  if ({{ none_check }}) return null;
  return {{ some }};
}
{%- when Body::Vec with { element_size, cost, element, deferred_element } -%}
/** {{ function.comment }}{% if lazy %}: its elements' objects, made now; what they hold, when read{% endif %} */
function {{ function.name }}({{ function.params }}) {
  const len = uint32[(pos + {{ buffer.pointer_width }}) >>> 2];
  if (len === 0) return [];
  if ((structBudget -= len * {{ cost }}) < 0) throw overBudget(pos);
  let element = readPointer(pos, len * {{ element_size }});
  // Sized up front (after `readPointer` has bounded `len`): growing by `push` would leave most small
  // arrays with 17 slots.
  const array = new Array(len);
{%- match deferred_element %}
{%- when Some with (deferred) %}
{%- if lazy %}
  for (let i = 0; i < len; i++, element += {{ element_size }}) {
    array[i] = {{ element }};
  }
{%- else %}
  const first = element;
  try {
    for (let i = 0; i < len; i++, element += {{ element_size }}) {
      array[i] = {{ element }};
    }
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // (No element reads as `undefined`: those not read yet are the holes.)
    for (let i = 0, element = first; i < len; i++, element += {{ element_size }}) {
      if (array[i] === undefined) array[i] = {{ deferred }};
    }
  }
{%- endif %}
{%- when None %}
  for (let i = 0; i < len; i++, element += {{ element_size }}) {
    array[i] = {{ element }};
  }
{%- endmatch %}
  return array;
}
{%- when Body::Boxed with { target, size } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  if ((structBudget -= {{ size }}) < 0) throw overBudget(pos);
  return {{ target }};
}
{%- else -%}
{#- Objects are each deserializer's own: literals (eager), classes (lazy). -#}
{%- endmatch %}
