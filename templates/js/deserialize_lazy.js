{{ header }}
// Lazy deserializer of target `{{ target }}`: parser layout: [source][arena][metadata], 64-bit layouts, for {{ runtime }}.
// `deserialize(buffer)` turns a buffer written by a rawast producer into `{ program, comments }` of
// node objects, one class per type: `type`, `start` and `end` are read when a node is made, every
// other property is a getter that reads the buffer on first access and keeps what it read. Visiting
// part of the tree decodes only that part. The buffer must stay unchanged while its tree is used.
// `materialize(value)` (and `JSON.stringify`, through `toJSON`) gives the plain ESTree objects the
// eager deserializer returns.

const MAGIC = {{ magic }};
const FORMAT_VERSION = {{ format_version }};
const METADATA_SIZE = {{ metadata_size }};
{%- for (name, offset) in meta %}
const META_{{ name }} = {{ offset }};
{%- endfor %}
const LAYOUT_FINGERPRINT = "{{ fingerprint_hex }}";

const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

// Each tree keeps its buffer's views and source text in a `Context`. The context being read is
// `current`, its fields copied to these variables so that reads are as fast as the eager
// deserializer's; a getter of a node of another tree first makes that tree's context current.
let current = null;
// Views of the buffer.
let uint8, int8, uint16, int16, uint32, int32, float64;
// Offsets of the source text; the end of the arena (where metadata starts); the buffer's address.
let sourceStart, sourceEnd, limit, base;
// The source's ASCII prefix, decoded: strings that lie in it are sliced out of it (byte and UTF-16
// offsets agree there). `asciiEnd` is the offset of its end in the buffer.
let sourceText, asciiEnd;
{%- if strings.slicing == "latin1" %}
// The whole source decoded one byte per character, made on first need: ASCII strings past the
// prefix are sliced from it. ("latin1" is windows-1252 to TextDecoder; the two agree on ASCII.)
let sourceLatin1;
const latin1Decoder = new TextDecoder("latin1");
{%- endif %}
{%- if strings.utf8_slice %}
// Node's native UTF-8 decoder, called on the Uint8Array directly.
const utf8Slice = Buffer.prototype.utf8Slice;
{%- endif %}
// Pointers followed so far in this tree, and the most a buffer of this size can hold: a corrupt
// buffer with a pointer cycle, or pointers shared to build an exponentially large tree, is stopped
// there instead of making nodes forever. Values are kept once read, so a real tree stays below.
let steps = 0, stepLimit = 0;

/** The buffer of one tree, as `setUp` read it. */
class Context {
  constructor() {
    this.uint8 = uint8;
    this.int8 = int8;
    this.uint16 = uint16;
    this.int16 = int16;
    this.uint32 = uint32;
    this.int32 = int32;
    this.float64 = float64;
    this.sourceStart = sourceStart;
    this.sourceEnd = sourceEnd;
    this.limit = limit;
    this.base = base;
    this.sourceText = sourceText;
    this.asciiEnd = asciiEnd;
{%- if strings.slicing == "latin1" %}
    this.sourceLatin1 = sourceLatin1;
{%- endif %}
    this.steps = steps;
    this.stepLimit = stepLimit;
  }
}

/** Makes `context` current (a getter calls this when its node's context is not). */
function enter(context) {
  leave();
  current = context;
  uint8 = context.uint8;
  int8 = context.int8;
  uint16 = context.uint16;
  int16 = context.int16;
  uint32 = context.uint32;
  int32 = context.int32;
  float64 = context.float64;
  sourceStart = context.sourceStart;
  sourceEnd = context.sourceEnd;
  limit = context.limit;
  base = context.base;
  sourceText = context.sourceText;
  asciiEnd = context.asciiEnd;
{%- if strings.slicing == "latin1" %}
  sourceLatin1 = context.sourceLatin1;
{%- endif %}
  steps = context.steps;
  stepLimit = context.stepLimit;
}

/** Saves what reading changed in the current context, and leaves it. */
function leave() {
  if (current === null) return;
{%- if strings.slicing == "latin1" %}
  current.sourceLatin1 = sourceLatin1;
{%- endif %}
  current.steps = steps;
  current = null;
}

/**
 * Deserializes a rawast buffer lazily: only the root is read now.
 * @param {Uint8Array} buffer bytes written by a rawast producer (a Node.js `Buffer` works too); it must
 *   not change while the tree is used
 * @returns {{ "{{" }} program: object, comments: object[] {{ "}}" }}
 */
export function deserialize(buffer) {
  // `setUp` overwrites the variables of the current context: leave it first, so that its nodes
  // enter it again, even when `setUp` throws.
  leave();
  const root = setUp(buffer);
  current = new Context();
  const program = {{ root }}(root);
{%- if let Some(comments) = comments %}
  const comments = {{ comments }};
{%- else %}
  const comments = [];
{%- endif %}
  return { program, comments };
}

/** Checks the metadata block that ends the buffer, sets up the views, returns the root's offset. */
function setUp(buffer) {
  if (!(buffer instanceof Uint8Array)) {
    throw new TypeError(`deserialize() expects a Uint8Array or Buffer, not ${buffer === null ? "null" : typeof buffer}`);
  }
  const length = buffer.length;
  if (length < METADATA_SIZE || length % 4 !== 0) {
    throw new Error(`not a rawast buffer: ${length} bytes cannot end with the ${METADATA_SIZE}-byte metadata block`);
  }
  // Typed-array views need an 8-aligned start; a buffer that is not is copied once.
  const bytes = buffer.byteOffset % 8 === 0 ? buffer : new Uint8Array(buffer);
  const { buffer: memory, byteOffset } = bytes;
  uint8 = bytes;
  int8 = new Int8Array(memory, byteOffset, length);
  uint16 = new Uint16Array(memory, byteOffset, length >> 1);
  int16 = new Int16Array(memory, byteOffset, length >> 1);
  uint32 = new Uint32Array(memory, byteOffset, length >> 2);
  int32 = new Int32Array(memory, byteOffset, length >> 2);
  float64 = new Float64Array(memory, byteOffset, length >> 3);

  limit = length - METADATA_SIZE;
  const meta = limit >> 2;
  const magic = uint32[meta + (META_MAGIC >> 2)];
  if (magic !== MAGIC) {
    throw new Error(`not a rawast buffer: it ends with magic 0x${hex(magic)}, expected 0x${hex(MAGIC)} ("RAST"); is it truncated?`);
  }
  const version = uint32[meta + (META_FORMAT_VERSION >> 2)];
  if (version !== FORMAT_VERSION) {
    throw new Error(`rawast buffer format version ${version} is not supported: this deserializer reads version ${FORMAT_VERSION}`);
  }
  const fingerprint = hex(uint32[meta + (META_FINGERPRINT_HIGH >> 2)]) + hex(uint32[meta + (META_FINGERPRINT_LOW >> 2)]);
  if (fingerprint !== LAYOUT_FINGERPRINT) {
    throw new Error(
      `rawast buffer layout fingerprint ${fingerprint} does not match this deserializer's ${LAYOUT_FINGERPRINT}: ` +
        "the buffer was written with another schema or pointer width",
    );
  }
  sourceStart = uint32[meta + (META_SOURCE_START >> 2)];
  sourceEnd = sourceStart + uint32[meta + (META_SOURCE_LEN >> 2)];
  if (sourceEnd > limit) {
    throw new Error(`corrupt rawast buffer: source text ${sourceStart}..${sourceEnd} runs past the arena end ${limit}`);
  }
  asciiEnd = sourceStart + uint32[meta + (META_SOURCE_ASCII_LEN >> 2)];
  if (asciiEnd > sourceEnd) {
    throw new Error(`corrupt rawast buffer: the source's ASCII prefix ends at ${asciiEnd}, past the source's end ${sourceEnd}`);
  }
{%- if strings.slicing != "none" %}
  sourceText = textDecoder.decode(uint8.subarray(sourceStart, asciiEnd));
{%- endif %}
{%- if strings.slicing == "latin1" %}
  sourceLatin1 = undefined;
{%- endif %}
  base = uint32[meta + (META_BASE_LOW32 >> 2)];
  steps = 0;
  stepLimit = length;
  const root = uint32[meta + (META_ROOT >> 2)];
  if (root >= limit || root % 8 !== 0) {
    throw new Error(`corrupt rawast buffer: root offset ${root} is outside the arena (0..${limit}) or misaligned`);
  }
  return root;
}

function hex(value) {
  return value.toString(16).padStart(8, "0");
}

/** The offset of the `size` bytes a pointer at `pos` points to; throws if they are not all in the buffer. */
function readPointer(pos, size) {
  const offset = (uint32[pos >> 2] - base) >>> 0;
  if (offset + size > limit) {
    throw new Error(`corrupt rawast buffer: pointer at offset ${pos} to ${offset}..${offset + size} runs past the arena end ${limit}`);
  }
  return offset;
}

function tooManySteps() {
  return new Error(`corrupt rawast buffer: more nested values than ${uint8.length} bytes can hold (a pointer cycle?)`);
}

function invalid(what, value, pos) {
  return new Error(`corrupt rawast buffer: ${value} is not a valid ${what} (at offset ${pos})`);
}

function readU64(pos) {
  return uint32[pos >> 2] + uint32[(pos >> 2) + 1] * 4294967296;
}

function readI64(pos) {
  return uint32[pos >> 2] + int32[(pos >> 2) + 1] * 4294967296;
}

/** `Str`: a pointer and a UTF-8 byte length, into the source text or the arena. */
function deserializeStr(pos) {
  const len = uint32[(pos + {{ pointer_width }}) >> 2];
  if (len === 0) return "";
  const offset = readPointer(pos, len);
{%- if strings.slicing != "none" %}
  if ({{ in_source }}) return sourceText.slice(offset - sourceStart, offset - sourceStart + len);
{%- endif %}
{%- if strings.slicing == "latin1" %}
  if ({{ in_source_region }}) return sourceString(offset, len);
{%- endif %}
  return decodeUtf8(offset, len);
}
{%- if strings.slicing == "latin1" %}

/**
 * A string in the source past its ASCII prefix: sliced from a one-byte-per-character copy of the
 * source when its own bytes are ASCII (byte and character offsets agree in that copy), else decoded.
 */
function sourceString(offset, len) {
  for (let i = offset, end = offset + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(offset, len);
  }
  if (sourceLatin1 === undefined) sourceLatin1 = latin1Decoder.decode(uint8.subarray(sourceStart, sourceEnd));
  return sourceLatin1.slice(offset - sourceStart, offset - sourceStart + len);
}
{%- endif %}
{%- match strings.short_decoder %}
{%- when "loop" %}

/** Strings up to {{ strings.short_max_len }} bytes are concatenated in JS while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len <= {{ strings.short_max_len }}) {
    let text = "";
    for (let i = start, end = start + len; i < end; i++) {
      const byte = uint8[i];
      if (byte >= 0x80) return decodeNative(start, len);
      text += String.fromCharCode(byte);
    }
    return text;
  }
  return decodeNative(start, len);
}
{%- when "apply" %}

// One reused array per length, so that `apply` gets an argument list of exactly that length.
const SHORT_ARRAYS = Array.from({ length: {{ strings.short_max_len + 1 }} }, (_, len) => new Array(len).fill(0));

/** Strings up to {{ strings.short_max_len }} bytes go through `fromCharCode.apply` while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len <= {{ strings.short_max_len }}) {
    const chars = SHORT_ARRAYS[len];
    for (let i = 0; i < len; i++) {
      const byte = uint8[start + i];
      if (byte >= 0x80) return decodeNative(start, len);
      chars[i] = byte;
    }
    return String.fromCharCode.apply(null, chars);
  }
  return decodeNative(start, len);
}
{%- else %}

const fromCharCode = String.fromCharCode;

/** Strings up to {{ strings.short_max_len }} bytes are built by an unrolled `fromCharCode` while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len > {{ strings.short_max_len }}) return decodeNative(start, len);
  for (let i = start, end = start + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(start, len);
  }
  switch (len) {
{%- for args in strings.switch_cases %}
    case {{ loop.index }}:
      return fromCharCode({{ args }});
{%- endfor %}
  }
}
{%- endmatch %}

function decodeNative(start, len) {
{%- if strings.utf8_slice %}
  const text = utf8Slice.call(uint8, start, start + len);
{%- else %}
  const text = textDecoder.decode(uint8.subarray(start, start + len));
{%- endif %}
  // Lone surrogates (`"\uD800"`) are stored as WTF-8, which UTF-8 decoders turn into U+FFFD.
  return text.includes("\uFFFD") ? decodeWtf8(start, len) : text;
}

/** UTF-8 extended to surrogate code points; any other invalid sequence becomes U+FFFD. */
function decodeWtf8(start, len) {
  const units = [];
  for (let i = start, end = start + len; i < end; ) {
    const byte = uint8[i];
    let code = 0xfffd;
    let size = 1;
    if (byte < 0x80) code = byte;
    else if (byte >= 0xc2 && byte < 0xe0 && i + 1 < end) [code, size] = [((byte & 0x1f) << 6) | (uint8[i + 1] & 0x3f), 2];
    else if (byte >= 0xe0 && byte < 0xf0 && i + 2 < end) [code, size] = [((byte & 0x0f) << 12) | ((uint8[i + 1] & 0x3f) << 6) | (uint8[i + 2] & 0x3f), 3];
    else if (byte >= 0xf0 && byte < 0xf5 && i + 3 < end) {
      [code, size] = [((byte & 0x07) << 18) | ((uint8[i + 1] & 0x3f) << 12) | ((uint8[i + 2] & 0x3f) << 6) | (uint8[i + 3] & 0x3f), 4];
    }
    if (code >= 0x10000) units.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff));
    else units.push(code);
    i += size;
  }
  let text = "";
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode.apply(null, units.slice(i, i + 4096));
  return text;
}

/** A regular expression literal's `value`: `null` where this runtime cannot build the `RegExp`. */
function regexValue(regex) {
  if (regex === null) return null;
  try {
    return new RegExp(regex.pattern, regex.flags);
  } catch {
    return null;
  }
}

/** `Span` outside a node: `{ start, end }`. */
function deserializeSpan(pos) {
  return { start: uint32[pos >> 2], end: uint32[(pos + 4) >> 2] };
}

// The class of each lazy object holds its properties' names, in ESTree order, under this key.
const PROPERTIES = Symbol("properties");

/** What every lazy node and object shares: `JSON.stringify` writes its plain ESTree object. */
class LazyObject {
  toJSON() {
    return materialize(this);
  }
}

/**
 * The plain ESTree value (what the eager deserializer returns) of a lazy node, of an array of them, or
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
    if (source instanceof LazyObject) {
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

/** {{ class.comment }} */
class {{ class.name }} extends LazyObject {
  static [PROPERTIES] = [{{ class.properties }}];
  #context;
  #pos;
{%- for getter in class.getters %}
  #{{ getter.key }};
{%- endfor %}

  constructor(pos) {
    super();
    this.#context = current;
    this.#pos = pos;
{%- for prop in class.eager %}
    this.{{ prop.key }} = {{ prop.value }};
{%- endfor %}
  }
{%- if let Some(node_type) = class.node_type %}

  get type() {
    return {{ node_type }};
  }
{%- endif %}
{%- for getter in class.getters %}

  get {{ getter.key }}() {
    if (this.#{{ getter.key }} === undefined) {
      if (this.#context !== current) enter(this.#context);
      this.#{{ getter.key }} = {{ getter.value }};
    }
    return this.#{{ getter.key }};
  }
{%- endfor %}
}

function {{ class.factory }}(pos) {
  return new {{ class.name }}(pos);
}
{%- endfor %}
{%- for function in functions %}

{% match function.body -%}
{%- when Body::Switch with { what, cases } -%}
/** {{ function.comment }} */
function {{ function.name }}(pos) {
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
function {{ function.name }}(pos) {
  const value = {{ constant }}[uint8[pos]];
  if (value === undefined) throw invalid("{{ what }}", uint8[pos], pos);
  return value;
}
{%- when Body::Option with { none_check, some } -%}
/** {{ function.comment }} */
function {{ function.name }}(pos) {
  if ({{ none_check }}) return null;
  return {{ some }};
}
{%- when Body::Vec with { element_size, element, may_nest } -%}
/** {{ function.comment }}: its elements' objects, made now; what they hold, when read */
function {{ function.name }}(pos) {
  const len = uint32[(pos + {{ pointer_width }}) >> 2];
  const array = [];
  if (len === 0) return array;
{%- if *may_nest %}
  if (++steps > stepLimit) throw tooManySteps();
{%- endif %}
  let element = readPointer(pos, len * {{ element_size }});
  for (const end = element + len * {{ element_size }}; element < end; element += {{ element_size }}) {
    array.push({{ element }});
  }
  return array;
}
{%- when Body::Boxed with { target, may_nest } -%}
/** {{ function.comment }} */
function {{ function.name }}(pos) {
{%- if *may_nest %}
  if (++steps > stepLimit) throw tooManySteps();
{%- endif %}
  return {{ target }};
}
{%- else -%}
{%- endmatch %}
{%- endfor %}

/**
 * For each node `type`, the properties that can hold nodes, in order: what a generic visitor follows
 * (the getters of lazy nodes are not enumerable). It fits the eager deserializer's objects too.
 */
export const VISITOR_KEYS = Object.freeze({
{%- for (node_type, keys) in visitor_keys %}
  {{ node_type }}: [{{ keys }}],
{%- endfor %}
});
