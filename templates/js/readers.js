{#- Readers both deserializer templates share: pointers, errors, 64-bit integers, strings, converters, spans. -#}
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

{%- match buffer.int64 %}
{%- when Int64::Number %}
{%- if buffer.reads.u64 %}

function readU64(pos) {
  return safeInteger(uint32[pos >> 2] + uint32[(pos >> 2) + 1] * 4294967296, pos, "u64");
}
{%- endif %}
{%- if buffer.reads.i64 %}

function readI64(pos) {
  return safeInteger(uint32[pos >> 2] + int32[(pos >> 2) + 1] * 4294967296, pos, "i64");
}
{%- endif %}
{%- if buffer.reads.u64 || buffer.reads.i64 %}

/** 64-bit integers are numbers here (`int64 = "number"`): exactly, or an `Error`, never rounded. */
function safeInteger(value, pos, type) {
  if (Number.isSafeInteger(value)) return value;
  const exact = (BigInt(type === "u64" ? uint32[(pos >> 2) + 1] : int32[(pos >> 2) + 1]) << 32n) | BigInt(uint32[pos >> 2]);
  throw new RangeError(`the ${type} at offset ${pos} is ${exact}, which a JS number cannot hold exactly: generate this target with int64 = "bigint"`);
}
{%- endif %}
{%- when Int64::BigInt %}
{%- if buffer.reads.u64 %}

function readU64BigInt(pos) {
  return (BigInt(uint32[(pos >> 2) + 1]) << 32n) | BigInt(uint32[pos >> 2]);
}
{%- endif %}
{%- if buffer.reads.i64 %}

function readI64BigInt(pos) {
  return (BigInt(int32[(pos >> 2) + 1]) << 32n) | BigInt(uint32[pos >> 2]);
}
{%- endif %}
{%- endmatch %}

{% include "js/strings.js" %}
{%- if buffer.reads.regex %}

/** A regular expression literal's `value`: `null` where this runtime cannot build the `RegExp`. */
function regexValue(regex) {
  if (regex === null) return null;
  try {
    return new RegExp(regex.pattern, regex.flags);
  } catch {
    return null;
  }
}
{%- endif %}
{%- if buffer.reads.span %}

/** A `Span` that is not a node's own: `{ start, end }`. */
function deserializeSpan(pos) {
  return { start: uint32[pos >> 2], end: uint32[(pos + 4) >> 2] };
}
{%- endif %}
{%- if strings.slicing != SourceSlicing::None %}

// Characters of a caller's source text compared with the buffer's, spread over its ASCII prefix.
const SOURCE_SAMPLES = 64;

/**
 * The caller's source text, to slice strings from instead of a copy of the buffer's source. It must
 * be the text the buffer was made from: its length and sampled characters of its ASCII prefix (the
 * only part sliced from it, where UTF-16 and byte offsets agree) are compared with the buffer's.
 */
function checkedSource(source) {
  if (typeof source !== "string") throw new TypeError(`deserialize() expects the source text as a string, not ${source === null ? "null" : typeof source}`);
  const asciiLen = asciiEnd - sourceStart;
  const byteLen = sourceEnd - sourceStart;
  // An ASCII text has one UTF-16 unit per UTF-8 byte; any other has fewer units than bytes, and a
  // non-ASCII unit right after its ASCII prefix.
  let differs = asciiLen === byteLen ? source.length !== byteLen : source.length < asciiLen || source.length >= byteLen || source.charCodeAt(asciiLen) < 0x80;
  const step = Math.max(1, Math.floor(asciiLen / SOURCE_SAMPLES));
  for (let i = 0; i < asciiLen && !differs; i += step) differs = source.charCodeAt(i) !== uint8[sourceStart + i];
  if (!differs && asciiLen > 0) differs = source.charCodeAt(asciiLen - 1) !== uint8[asciiEnd - 1];
  if (differs) {
    throw new Error(`the source text given (${source.length} UTF-16 units) is not the one this buffer was made from (${byteLen} bytes of UTF-8, the first ${asciiLen} ASCII)`);
  }
  return source;
}
{%- endif %}
