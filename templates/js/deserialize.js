{{ header }}
// Deserializer of target `{{ target }}`: {{ buffer.layout_comment }}, {{ buffer.pointer_bits }}-bit layouts, for {{ buffer.runtime }}.
// `deserialize(buffer)` turns a buffer written by a rawast producer into `{{ result.shape() }}`
// of plain JS objects.
{%- if parent_links %} Every node has a `parent` (`null` on the root), as ESLint expects.{% endif %}

{% include "js/format_constants.js" %}

const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

// Views of the buffer being deserialized, set by `deserialize` and dropped when it returns.
let {% for view in buffer.views %}{{ view.name }}{% if !loop.last %}, {% endif %}{% endfor %};
// Offsets of the source text; the end of the arena (where metadata starts); the buffer's address.
let sourceStart, sourceEnd, limit, base;
// The source decoded one byte per character, in chunks made on first need (`sourceSlice`) up to
// `chunksEnd`: strings that lie in its ASCII prefix are sliced out of them (byte and UTF-16 offsets
// agree there). `asciiEnd` is the offset of the prefix's end in the buffer. The chunk last sliced
// is `chunkText`, at `chunkStart..chunkEnd`: strings come mostly in source order, most from it.
let sourceChunks, chunksEnd, chunkText, chunkStart, chunkEnd, asciiEnd;
{%- include "js/decoders.js" %}

// Pointers followed from the root to the current value. Past `MAX_DEPTH`, a value is left as a
// `Deferred` and built afterwards by `resolveDeferred`, with the count back at 0: ASTs of any depth
// (long `a + b + …` chains are real) fit in the JS stack, at the cost of a counter on ordinary files.
const MAX_DEPTH = 1000;
let depth = 0;
// Values deferred so far.
let deferred = 0;

/**
 * Deserializes a rawast buffer. Throws a `RawastBufferError` if it is not one this deserializer
 * reads, or is corrupt; its reading is bounded by its size whatever its contents.
 * @param {Uint8Array} buffer bytes written by a rawast producer (a Node.js `Buffer` works too)
 * @returns {{ "{{" }} {{ result.jsdoc() }} {{ "}}" }}
 */
export function deserialize(buffer) {
  const root = setUp(buffer);
  try {
    const result = {
      {{ result.root.0.literal }}: {{ result.root.1 }},
{%- for (key, value) in result.channels %}
      {{ key.literal }}: {{ value }},
{%- endfor %}
    };
    if (deferred > 0) resolveDeferred(result);
    return result;
  } finally {
    {% for name in buffer.released() %}{{ name }} = {% endfor %}undefined;
  }
}
{%- if let Some(encode_runtime) = buffer.encode_source %}

{% include "js/encode_source.js" %}
{%- endif %}

/** Checks the metadata block that ends the buffer, sets up the views, returns the root's offset. */
function setUp(buffer) {
  depth = deferred = 0;
{% include "js/check_metadata.js" %}
}

{% include "js/deferred.js" %}

{% include "js/readers.js" %}
{%- for function in functions %}

{% match function.body -%}
{%- when Body::Object with { props, is_node } -%}
/** {{ function.comment }} */
function {{ function.name }}({{ function.params }}) {
{%- if *is_node %}
  const node = {
{%- for prop in props %}
    {{ prop.key.literal }}: {% if prop.is_child %}null{% else %}{{ prop.value }}{% endif %},
{%- endfor %}
    parent,
  };
{%- for prop in props %}{% if prop.is_child %}
  node{{ prop.key.access }} = {{ prop.value }};
{%- endif %}{% endfor %}
  return node;
{%- else %}
  return {
{%- for prop in props %}
    {{ prop.key.literal }}: {{ prop.value }},
{%- endfor %}
  };
{%- endif %}
}
{%- else -%}
{% include "js/function.js" %}
{%- endmatch %}
{%- endfor %}
