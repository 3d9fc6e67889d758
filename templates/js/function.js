{#- One generated function, for every buffer format and deserializer (`functions/function.rs`): the
    eager deserializers' objects (the lazy one makes classes instead, `deserialize_lazy.js`), enums,
    `Option`s, `Vec`s, `Box`es, and values a converter or a single read returns. What the format
    differs in lies in the functions these call, which each format's template defines:
    `readPointer(pos, size, alignMask)` (the offset a pointer at `pos` gives, once its `size` bytes
    are known to lie in the buffer, aligned), `budget` and `overBudget(start, len, pos)` (what reads
    may still take; what happens when a read of `len` bytes at `start` takes more), `invalid(what,
    value, pos)` and `defer(read, pos)` (`deferred.js`); where a `Box` is read first (oxc's format
    only), `readFirst`, `overflowRead`/`overflowAt` and `interrupted(target, size)`. -#}
{#- The statements before an object: its properties read first (into their locals), then the other
    properties' statements; of its children only (`Some(true)`), the rest (`Some(false)`) or all. -#}
{%- macro preamble(props, children) -%}
{%- for prop in props %}{% if prop.read_first && prop.is_in(children) %}
{%- if !prop.statements.is_empty() %}
{{ prop.statements|indent(2, true) }}
{%- endif %}
  const {{ prop.local }} = {{ prop.value }};
{%- endif %}{% endfor %}
{%- for prop in props %}{% if !prop.read_first && !prop.statements.is_empty() && prop.is_in(children) %}
{{ prop.statements|indent(2, true) }}
{%- endif %}{% endfor %}
{%- endmacro -%}
{#- An object of read properties, returned: a literal, or where it has a prototype of its own
    (oxc's `LOC`: `NodeProto`), its constructor's. -#}
{%- macro return_object(props, prototype) -%}
{%- if let Some(prototype) = prototype %}
  return new {{ prototype.constructor }}({{ prototype.args }});
{%- else %}
  return {
{%- for prop in props %}
    {{ prop.key.literal }}: {{ prop.literal_value() }},
{%- endfor %}
  };
{%- endif %}
{%- endmacro -%}
{%- match function.body -%}
{%- when Body::Object with { props, is_node, defers, locals, prototype } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
{%- if *is_node && format.parent_links_by_variable %}
{#- oxc's `parent` variants: the node is `parent` while its children are read (oxc's generator
    reads its other properties in the literal, before), and the one before it again once they are.
    Where the JS stack runs out below the node, it is `parent` again for what the catch reads. #}
{%- call preamble(props, Some(false)) %}{% endcall %}
  const previousParent = parent;
{%- if let Some(prototype) = prototype %}
  const node = new {{ prototype.constructor }}({{ prototype.args }});
  parent = node;
{%- else %}
  const node = parent = {
{%- for prop in props %}
    {{ prop.key.literal }}: {% if prop.is_child %}null{% else %}{{ prop.literal_value() }}{% endif %},
{%- endfor %}
    parent: previousParent,
  };
{%- endif %}
{%- call preamble(props, Some(true)) %}{% endcall %}
{%- if *defers %}
  try {
{%- for prop in props %}{% if prop.is_child && prop.deferred.is_some() %}
    node{{ prop.key.access }} = {{ prop.value }};
{%- endif %}{% endfor %}
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    parent = node;
{%- for prop in props %}{% if prop.is_child %}{% if let Some(deferred) = prop.deferred %}
    if (node{{ prop.key.access }} === null) node{{ prop.key.access }} = {{ deferred }};
{%- endif %}{% endif %}{% endfor %}
  }
{%- endif %}
{#- (Values that cannot nest deeply: where the stack runs out below them, the node is given up.) #}
{%- for prop in props %}{% if prop.is_child && prop.deferred.is_none() %}
  node{{ prop.key.access }} = {% if prop.read_first %}{{ prop.local }}{% else %}{{ prop.value }}{% endif %};
{%- endif %}{% endfor %}
  parent = previousParent;
  return node;
{%- else %}
{%- call preamble(props, None) %}{% endcall %}
{%- if *is_node %}
  const node = {
{%- for prop in props %}
    {{ prop.key.literal }}: {% if prop.is_child %}null{% else %}{{ prop.value }}{% endif %},
{%- endfor %}
    parent,
  };
{%- if *defers %}
  try {
{%- for prop in props %}{% if prop.is_child %}
    node{{ prop.key.access }} = {{ prop.value }};
{%- endif %}{% endfor %}
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
{%- for prop in props %}{% if prop.is_child %}
    if (node{{ prop.key.access }} === null) node{{ prop.key.access }} = {{ prop.deferred_or_value() }};
{%- endif %}{% endfor %}
  }
{%- else %}
{%- for prop in props %}{% if prop.is_child %}
  node{{ prop.key.access }} = {{ prop.value }};
{%- endif %}{% endfor %}
{%- endif %}
  return node;
{%- else if *defers %}
  let {{ locals }};
{%- if format.parent_links_by_variable %}
  const previousParent = parent;
{%- endif %}
  try {
{%- for prop in props %}{% if prop.deferred.is_some() %}
    {{ prop.local }} = {{ prop.value }};
{%- endif %}{% endfor %}
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
{%- if format.parent_links_by_variable %}
    parent = previousParent;
{%- endif %}
{%- for prop in props %}{% if let Some(deferred) = prop.deferred %}
    if ({{ prop.local }} === undefined) {{ prop.local }} = {{ deferred }};
{%- endif %}{% endfor %}
  }
{%- call return_object(props, prototype) %}{% endcall %}
{%- else %}
{%- call return_object(props, prototype) %}{% endcall %}
{%- endif %}
{%- endif %}
}
{%- when Body::Returns with { statements, value } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
{%- if !statements.is_empty() %}
{{ statements|indent(2, true) }}
{%- endif %}
  return {{ value }};
}
{%- when Body::Switch with { what, cases } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  switch (uint8[pos]) {
{%- for case in cases %}
    case {{ case.discriminant }}:
{%- if case.statements.is_empty() %}
      return {{ case.value }};
{%- else %} {
      {#- (A block: converters declare variables, which the cases would share.) #}
{{ case.statements|indent(6, true) }}
      return {{ case.value }};
    }
{%- endif %}
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
{%- when Body::Vec with { len_offset, element_size, cost, align_mask, element, deferred_element } -%}
/** {{ function.comment }}{% if format.lazy %}: its elements' objects, made now; what they hold, when read{% endif %} */
function {{ function.name }}({{ function.params }}) {
  const len = uint32[(pos + {{ len_offset }}) >>> 2];
  if (len === 0) return [];
  let element = readPointer(pos, len * {{ element_size }}, {{ align_mask }});
  if ((budget -= len * {{ cost }}) < 0) overBudget(element, len * {{ cost }}, pos);
  // Sized up front (after `readPointer` has bounded `len`): growing by `push` would leave most small
  // arrays with 17 slots.
  const array = new Array(len);
{%- match deferred_element %}
{%- when Some with (deferred) %}
{%- if format.lazy %}
  for (let i = 0; i < len; i++, element += {{ element_size }}) {
    array[i] = {{ element }};
  }
{%- else %}
  const first = element;
{%- if format.parent_links_by_variable %}
  const previousParent = parent;
{%- endif %}
  try {
    for (let i = 0; i < len; i++, element += {{ element_size }}) {
      array[i] = {{ element }};
    }
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
{%- if format.parent_links_by_variable %}
    parent = previousParent;
{%- endif %}
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
{%- when Body::Boxed with { read, size, align_mask, paid, read_first } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
  const target = readPointer(pos, {{ size }}, {{ align_mask }});
{%- if *paid %}
  if ((budget -= {{ size }}) < 0) overBudget(target, {{ size }}, pos);
{%- endif %}
{%- match read_first %}
{%- when Some with (reader) %}
  if (readFirst.size > 0 && readFirst.has(target)) return takeReadFirst(target);
  try {
    return {{ read }};
  } catch (error) {
    if (error instanceof RangeError) {
      if (overflowRead === null) {
        overflowRead = {{ reader }};
        overflowAt = target;
      }
{%- if *paid %}
      interrupted(target, {{ size }});
{%- endif %}
    }
    throw error;
  }
{%- when None %}
  return {{ read }};
{%- endmatch %}
}
{%- endmatch %}
