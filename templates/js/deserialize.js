{%- import "js/result_doc.js" as result_doc -%}
{{ header }}
// Deserializer of target `{{ target }}`: {{ buffer.layout_comment }}, {{ buffer.pointer_bits }}-bit layouts, for {{ buffer.runtime }}.
// `deserialize(buffer)` turns a buffer written by a rawast producer into `{% call result_doc::keys(result) %}{% endcall %}`
// of plain JS objects.
{%- if parent_links %} Every node has a `parent` (`null` on the root), as ESLint expects.{% endif %}
{%- include "js/module_note.js" %}

{% include "js/format_constants.js" %}

const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

// (Module state is `var`, not `let`: V8's interpreter and baseline code check a `let` of the module
// for its temporal dead zone at every use in a function, a cost a pass pays until V8 optimizes it.)
// Views of the buffer being deserialized, set by `deserialize` and dropped when it returns.
var {% for view in buffer.views %}{{ view.name }}{% if !loop.last %}, {% endif %}{% endfor %};
// Offsets of the source text; the end of the arena (where metadata starts); the buffer's address.
var sourceStart, sourceEnd, limit, base;
// The string `decodeNative` made last, from the bytes at `decodedStart..decodedStart + decodedLen`.
var decodedStart, decodedLen, decodedText;
// The source decoded one byte per character, in chunks made on first need (`sourceSlice`) up to
// `chunksEnd`: strings that lie in its ASCII prefix are sliced out of them (byte and UTF-16 offsets
// agree there). `asciiEnd` is the offset of the prefix's end in the buffer. The chunk last sliced
// is `chunkText`, at `chunkStart..chunkEnd`: strings come mostly in source order, most from it.
var sourceChunks, chunksEnd, chunkText, chunkStart, chunkEnd, asciiEnd;
{% include "js/decoders.js" %}

// No depth is counted on the way down (that would cost every node): when the JS stack runs out
// below an object, its values that may nest are left as `Deferred`s, built after the root returns
// by `resolveDeferred`, from the top of the stack. ASTs of any depth come back whole (long
// `a + b + …` chains are real).

// Values deferred so far.
var deferred = 0;

/**
 * Deserializes a rawast buffer. Throws a `RawastBufferError` if it is not one this deserializer
 * reads, or is corrupt; its reading is bounded by its size whatever its contents.
 * @param {Uint8Array} buffer bytes written by a rawast producer (a Node.js `Buffer` works too)
 * @returns {{ "{{" }} {% call result_doc::jsdoc_types(result) %}{% endcall %} {{ "}}" }}
 */
export function deserialize(buffer) {
{%- if walk_internals.is_some() %}
  if (walking) throw new Error("deserialize: called from a visitor of a walk, whose buffer it would replace");
{%- endif %}
  const root = setUp(buffer);
  try {
    return readResult(root);
  } finally {
    {% for name in buffer.released() %}{{ name }} = {% endfor %}undefined;
  }
}

/** What `deserialize` returns, read from the root at `root` of the buffer `setUp` set up. */
function readResult(root) {
  const result = {
{%- for entry in result.entries %}
    {{ entry.key.literal }}: {{ entry.read }},
{%- endfor %}
  };
  if (deferred > 0) resolveDeferred(result);
  return result;
}
{%- if let Some(encode_runtime) = buffer.encode_source %}

{% include "js/encode_source.js" %}
{%- endif %}

/** Checks the metadata block that ends the buffer, sets up the views, returns the root's offset. */
function setUp(buffer) {
  deferred = 0;
{% include "js/check_metadata.js" %}
}

{% include "js/deferred.js" %}

{% include "js/readers.js" %}
{%- for function in functions %}

{% include "js/function.js" %}
{%- endfor %}
{%- if let Some(internals) = walk_internals %}

// A walk (`walk.js`) reads this module's buffer: `deserialize`, called from one of its visitors,
// would replace it.
var walking = false;

/** Sets up `buffer` for a walk: the root's offset, and the views its walkers read with. */
function beginWalk(buffer) {
  const root = setUp(buffer);
  walking = true;
  return { root{% for view in buffer.views %}, {{ view.name }}{% endfor %} };
}

/** Ends a walk: nothing left for later, the buffer's views dropped. */
function endWalk() {
  walking = false;
  deferred = 0;
  {% for name in buffer.released() %}{{ name }} = {% endfor %}undefined;
}

{%- if internals.has("sourceForWords") %}

{% include "js/walk_source.js" %}
{%- endif %}
{%- include "js/walk_internals.js" %}
{%- endif %}
{%- if !visitor_keys.is_empty() %}

{% include "js/visitor_keys.js" %}
{%- endif %}
