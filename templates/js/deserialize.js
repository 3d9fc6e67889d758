{{ header }}
// Deserializer of target `{{ target }}`: {{ layout_comment }}, 64-bit layouts, for {{ runtime }}.
// `deserialize(buffer)` turns a buffer written by a rawast producer into `{ program, comments }`
// of plain ESTree objects.
{%- if parent_links %} Every node has a `parent` (`null` on the root), as ESLint expects.{% endif %}

const MAGIC = {{ magic }};
const FORMAT_VERSION = {{ format_version }};
const METADATA_SIZE = {{ metadata_size }};
{%- for (name, offset) in meta %}
const META_{{ name }} = {{ offset }};
{%- endfor %}
const LAYOUT_FINGERPRINT = "{{ fingerprint_hex }}";

const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

// Views of the buffer being deserialized, set by `deserialize` and dropped when it returns.
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
{%- if parent_links %}
// The node whose children are being built.
let parent = null;
{%- endif %}

// Pointers followed from the root to the current value. Past `MAX_DEPTH`, a value is left as a
// `Deferred` and built afterwards by `resolveDeferred`, with the count back at 0: ASTs of any depth
// (long `a + b + …` chains are real) fit in the JS stack, at the cost of a counter on ordinary files.
const MAX_DEPTH = 1000;
let depth = 0;
// Values deferred so far. Pointers followed so far, and the most a buffer of this size can hold: a
// corrupt buffer with a pointer cycle, or pointers shared to build an exponentially large tree, is
// stopped there instead of building nodes forever.
let deferred = 0, steps = 0, stepLimit = 0;

class Deferred {
  constructor(read, pos) {
    this.read = read;
    this.pos = pos;
  }
}

/**
 * Deserializes a rawast buffer.
 * @param {Uint8Array} buffer bytes written by a rawast producer (a Node.js `Buffer` works too)
 * @returns {{ "{{" }} program: object, comments: object[] {{ "}}" }}
 */
export function deserialize(buffer) {
  const root = setUp(buffer);
  try {
    const program = {{ root }}(root);
{%- if let Some(comments) = comments %}
    const comments = {{ comments }};
{%- else %}
    const comments = [];
{%- endif %}
    if (deferred > 0) {
      resolveDeferred(program);
      resolveDeferred(comments);
    }
    return { program, comments };
  } finally {
    uint8 = int8 = uint16 = int16 = uint32 = int32 = float64 = sourceText = undefined;
{%- if strings.slicing == "latin1" %}
    sourceLatin1 = undefined;
{%- endif %}
{%- if parent_links %}
    parent = null;
{%- endif %}
  }
}
{%- if let Some(encode_runtime) = encode_source %}

{% include "js/encode_source.js" %}
{%- endif %}

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
  depth = deferred = steps = 0;
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

/** Leaves the value at `pos` for `resolveDeferred`. */
function defer(read, pos) {
  deferred++;
  return new Deferred(read, pos);
}

function tooManySteps() {
  return new Error(`corrupt rawast buffer: more nested values than ${uint8.length} bytes can hold (a pointer cycle?)`);
}

/** Builds every `Deferred` under `root`, walking the tree with an explicit stack. */
function resolveDeferred(root) {
  const stack = [root, null];
  while (stack.length > 0) {
    const enclosing = stack.pop();
    const value = stack.pop();
    const node = typeof value.type === "string" ? value : enclosing;
    for (const key in value) {
      if (key === "parent") continue;
      let child = value[key];
      if (child instanceof Deferred) {
{%- if parent_links %}
        parent = node;
{%- endif %}
        depth = 0;
        child = value[key] = child.read(child.pos);
      }
      if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child, node);
    }
  }
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
{%- for function in functions %}

{% match function.body -%}
{%- when Body::Object with { props, is_node } -%}
/** {{ function.comment }} */
function {{ function.name }}(pos) {
{%- if *is_node %}
  const previousParent = parent;
  const node = (parent = {
{%- for prop in props %}
    {{ prop.key }}: {% if prop.is_child %}null{% else %}{{ prop.value }}{% endif %},
{%- endfor %}
    parent: previousParent,
  });
{%- for prop in props %}{% if prop.is_child %}
  node.{{ prop.key }} = {{ prop.value }};
{%- endif %}{% endfor %}
  parent = previousParent;
  return node;
{%- else %}
  return {
{%- for prop in props %}
    {{ prop.key }}: {{ prop.value }},
{%- endfor %}
  };
{%- endif %}
}
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
/** {{ function.comment }} */
function {{ function.name }}(pos) {
  const len = uint32[(pos + {{ pointer_width }}) >> 2];
  const array = [];
  if (len === 0) return array;
{%- if *may_nest %}
  if (++steps > stepLimit) throw tooManySteps();
  if (depth === MAX_DEPTH) return defer({{ function.name }}, pos);
  depth++;
{%- endif %}
  let element = readPointer(pos, len * {{ element_size }});
  for (const end = element + len * {{ element_size }}; element < end; element += {{ element_size }}) {
    array.push({{ element }});
  }
{%- if *may_nest %}
  depth--;
{%- endif %}
  return array;
}
{%- when Body::Boxed with { target, may_nest } -%}
/** {{ function.comment }} */
function {{ function.name }}(pos) {
{%- if *may_nest %}
  if (++steps > stepLimit) throw tooManySteps();
  if (depth === MAX_DEPTH) return defer({{ function.name }}, pos);
  depth++;
  const value = {{ target }};
  depth--;
  return value;
{%- else %}
  return {{ target }};
{%- endif %}
}
{%- endmatch %}
{%- endfor %}
