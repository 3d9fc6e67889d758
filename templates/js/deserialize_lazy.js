{%- import "js/result_doc.js" as result_doc -%}
{{ header }}
// Lazy deserializer of target `{{ target }}`: {{ buffer.layout_comment }}, {{ buffer.pointer_bits }}-bit layouts, for {{ buffer.runtime }}.
// `deserialize(buffer)` turns a buffer written by a rawast producer into `{% call result_doc::keys(result) %}{% endcall %}` of
// node objects, one class per type: the type name and span are there when a node is made, every
// other property is a getter that reads the buffer on first access and keeps what it read. Visiting
// part of the tree decodes only that part. The buffer must stay unchanged while its tree is used.
// `materialize(value)` (and `JSON.stringify`, through `toJSON`) gives the plain JS objects the
// eager deserializer returns.
{%- include "js/module_note.js" %}

{% include "js/format_constants.js" %}

const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

// (Module state is `var`, not `let`: V8's interpreter and baseline code check a `let` of the module
// for its temporal dead zone at every use in a function, a cost a pass pays until V8 optimizes it.)
// Each tree keeps its buffer's views and source text in a `Context`. The context being read is
// `current`, its fields copied to these variables so that reads are as fast as the eager
// deserializer's; a getter of a node of another tree first makes that tree's context current.
var current = null;
// Views of the buffer.
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

/** The buffer of one tree, as `setUp` read it. */
class Context {
  constructor() {
{%- for variable in buffer.state %}
    this.{{ variable.name }} = {{ variable.name }};
{%- endfor %}
    // What reading may still take (`budget`, `stringBudget`): values are kept once read, so
    // reading a valid tree whole stays within the budgets, however it is visited.
    this.budget = budget;
    this.stringBudget = stringBudget;
  }
}

// One object of each class (`keepShapes`), made at the first call.
var keepers = null;

/** Makes `context` current (a getter calls this when its node's context is not). */
function enter(context) {
  leave();
  current = context;
{%- for variable in buffer.state %}
  {{ variable.name }} = context.{{ variable.name }};
{%- endfor %}
  budget = context.budget;
  stringBudget = context.stringBudget;
}

/** Saves what reading changed in the current context, and leaves it. */
function leave() {
  if (current === null) return;
  // (The source's chunks are made in the context's own array.)
  current.budget = budget;
  current.stringBudget = stringBudget;
  current = null;
}

/**
 * Deserializes a rawast buffer lazily: only the root is read now.
 * Throws a `RawastBufferError` if the buffer is not one this deserializer reads; a getter throws one
 * when what it reads is corrupt, or the buffer was detached meanwhile.
 * @param {Uint8Array} buffer bytes written by a rawast producer (a Node.js `Buffer` works too); it must
 *   not change while the tree is used
 * @returns {{ "{{" }} {% call result_doc::jsdoc_types(result) %}{% endcall %} {{ "}}" }}
 */
export function deserialize(buffer) {
  const root = openTree(buffer);
  return {
{%- for entry in result.entries %}
    {{ entry.key.literal }}: {{ entry.read }},
{%- endfor %}
  };
}
{%- if let Some(encode_runtime) = buffer.encode_source %}

{% include "js/encode_source.js" %}
{%- endif %}

/** Sets up `buffer` in a new context, made current (its nodes keep it); returns the root's offset. */
function openTree(buffer) {
  // `setUp` overwrites the variables of the current context: leave it first, so that its nodes
  // enter it again, even when `setUp` throws.
  leave();
  const root = setUp(buffer);
  current = new Context();
  if (keepers === null) keepers = keepShapes();
  return root;
}

/** Checks the metadata block that ends the buffer, sets up the views, returns the root's offset. */
function setUp(buffer) {
{% include "js/check_metadata.js" %}
}

{% include "js/readers.js" %}

// The class of each lazy object holds its properties' names, in property order, under this key.
const PROPERTIES = Symbol("properties");

/**
 * What every lazy node and object shares: `JSON.stringify` writes its plain JS object. (Named so
 * that no schema type's class, `Lazy<Type>`, can take its name.)
 */
class BaseLazyObject {
  toJSON() {
    return materialize(this);
  }
}

/**
 * The plain JS value (what the eager deserializer returns) of a lazy node, of an array of them, or
 * of `deserialize`'s result, reading whatever was not read yet. It walks with an explicit stack, so
 * trees of any depth fit in the JS stack.
 */
export function materialize(value) {
  const result = { value: null };
  const stack = [result, "value", value];
  while (stack.length > 0) {
    const source = stack.pop();
    const key = stack.pop();
    const target = stack.pop();
    let copy = source;
    if (source instanceof BaseLazyObject) {
      copy = {};
      for (const name of source.constructor[PROPERTIES]) copy[name] = later(source[name], copy, name, stack);
    } else if (Array.isArray(source)) {
      copy = [];
      for (let i = 0; i < source.length; i++) copy.push(later(source[i], copy, i, stack));
    } else if (source !== null && Object.getPrototypeOf(source) === Object.prototype) {
      copy = {};
      for (const name in source) copy[name] = later(source[name], copy, name, stack);
    }
    target[key] = copy;
  }
  return result.value;
}

/** `value` itself when it is a leaf; else `null`, and `target[key]` is filled from `value` afterwards. */
function later(value, target, key, stack) {
  if (value === null || typeof value !== "object" || value instanceof RegExp) return value;
  stack.push(target, key, value);
  return null;
}
{%- for class in classes %}

/** `{{ class.type_name }}` */
class Lazy{{ class.type_name }} extends BaseLazyObject {
  static [PROPERTIES] = [{{ class.properties }}];
  #context;
  #pos;
{%- for getter in class.getters %}
  #{{ getter.private }};
{%- endfor %}

  constructor(pos{% for eager in class.eager %}, {{ eager.param }}{% endfor %}) {
    super();
    this.#context = current;
    this.#pos = pos;
{%- for eager in class.eager %}
    this{{ eager.prop.key.access }} = {{ eager.param }};
{%- endfor %}
  }
{%- if let Some(node_type) = class.node_type %}

  get {{ node_type.key.literal }}() {
    return {{ node_type.value }};
  }
{%- endif %}
{%- for getter in class.getters %}

  get {{ getter.prop.key.literal }}() {
    if (this.#{{ getter.private }} === undefined) {
      if (this.#context !== current) enter(this.#context);
      if (uint8.length === 0) throw detached();
      this.#{{ getter.private }} = {{ getter.prop.value }};
    }
    return this.#{{ getter.private }};
  }
{%- endfor %}
}

function {{ class.factory }}(pos) {
  return new Lazy{{ class.type_name }}(pos{% for eager in class.eager %}, {{ eager.prop.value }}{% endfor %});
}
{%- endfor %}

/**
 * One object of each class, from values of the kinds its objects hold, with a context of the kind
 * every tree's is (made after the first `setUp`, its views then emptied: the first buffer is not
 * kept). They keep alive the shape (map) the constructor gives the class's objects, which only
 * objects hold and on which the code V8 optimizes for the class depends: after a full collection
 * with no tree alive, the shapes and that code would be thrown away, and the next tree read by
 * unoptimized code, a full visit several times slower.
 */
function keepShapes() {
  const context = new Context();
  for (const key in context) {
    const value = context[key];
    if (ArrayBuffer.isView(value)) context[key] = new value.constructor(0);
    else if (typeof value === "string") context[key] = "";
    else if (Array.isArray(value)) context[key] = [];
  }
  const previous = current;
  current = context;
  const kept = [
{%- for class in classes %}{% if let Some(args) = class.keeper_args %}
    new Lazy{{ class.type_name }}({{ args }}),
{%- endif %}{% endfor %}
  ];
  current = previous;
  return kept;
}
{%- for function in functions %}

{% include "js/function.js" %}
{%- endfor %}
{%- if let Some(internals) = walk_internals %}

// The context of the buffer a walk (`walk.js`) reads, which the nodes it builds keep. A visitor
// that reads another tree's nodes, or deserializes another buffer, makes another context current:
// the walk enters its own again after each call of a visitor's function (`resumeWalk`).
var walkContext = null;

/**
 * Sets up `buffer` for a walk, in a context of its own, made current: the root's offset, and the
 * views its walkers read with.
 */
function beginWalk(buffer) {
  const root = openTree(buffer);
  walkContext = current;
  return { root{% for view in buffer.views %}, {{ view.name }}{% endfor %} };
}

/** Ends a walk: its context, which the nodes it handed over keep, is left as a tree's is. */
function endWalk() {
  walkContext = null;
  leave();
}

/** After a visitor's function: the walk's context made current again, if the function left it. */
function resumeWalk() {
  if (current !== walkContext && walkContext !== null) enter(walkContext);
}
{%- if internals.has("sourceForWords") %}

{% include "js/walk_source.js" %}
{%- endif %}
{%- include "js/walk_internals.js" %}
{%- endif %}

{% include "js/visitor_keys.js" %}
