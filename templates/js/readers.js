{#- Readers both deserializer templates share: errors, pointers, budgets, 64-bit integers, strings, converters, spans. -#}
/**
 * What every failure caused by the buffer's contents throws: a buffer that is not a rawast buffer,
 * one of another format version, schema or layout, and a corrupt one (its message starts "corrupt
 * rawast buffer" and says where). Arguments of the wrong type are a `TypeError` instead.
 */
export class RawastBufferError extends Error {}
RawastBufferError.prototype.name = "RawastBufferError";

// `%TypedArray%.prototype[Symbol.toStringTag]` is a typed array's kind, of any realm, and undefined
// for anything else: a `Proxy` of a Uint8Array or an object made from `Uint8Array.prototype` pass
// `instanceof`, then fail inside on the first read of their bytes.
const typedArrayKind = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;

function isUint8Array(value) {
  return typedArrayKind.call(value) === "Uint8Array";
}

// A Uint8Array's `length`, `byteOffset` and `buffer` as its internal slots have them: a subclass or
// an own property may redefine the properties (a length its memory does not have made views throw).
const [typedArrayLength, typedArrayByteOffset, typedArrayBuffer] = ["length", "byteOffset", "buffer"].map(
  (name) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), name).get,
);

/**
 * Whether an `ArrayBuffer` was detached (transferred). Node 20 has no `detached` property: there a
 * view cannot be made over a detached buffer, where over an empty one it can.
 */
function isDetached(memory) {
  if (typeof memory.detached === "boolean") return memory.detached;
  try {
    new Uint8Array(memory);
    return false;
  } catch {
    return true;
  }
}

function typeName(value) {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  const name = value.constructor?.name ?? "object";
  // A Proxy of a Uint8Array, or an object made from its prototype, has its constructor but none of
  // its internal slots: saying "not Uint8Array" would puzzle.
  return name === "Uint8Array" || name === "Buffer" ? `an object posing as a ${name} (a Proxy, or made from its prototype)` : name;
}

function hex(value) {
  return value.toString(16).padStart(8, "0");
}

/**
 * The offset of the `size` bytes a pointer at `pos` points to; throws if they are not all in the
 * arena, or not aligned (`alignMask`: the alignment less one; offsets are aligned as addresses are,
 * the buffer being aligned to the root's alignment at least).
 */
function readPointer(pos, size, alignMask) {
  const offset = (uint32[pos >>> 2] - base) >>> 0;
  if (offset + size > limit || (offset & alignMask) !== 0) {
    throw corrupt(`pointer at offset ${pos} to ${offset}..${offset + size} runs past the arena end ${limit} or is misaligned`);
  }
  return offset;
}

function corrupt(message) {
  return new RawastBufferError(`corrupt rawast buffer: ${message}`);
}

{%- if format.lazy %}

function detached() {
  return new RawastBufferError("the buffer was detached while its tree was in use: read the tree before giving its buffer away");
}
{%- endif %}

function invalid(what, value, pos) {
  return corrupt(`${value} is not a valid ${what} (at offset ${pos})`);
}
{%- if buffer.reads.bool %}

/** The `bool` at `pos`: its byte is 0 or 1, and any other, which no producer writes, is refused. */
function readBool(pos) {
  const value = uint8[pos];
  if (value > 1) throw invalid("bool", value, pos);
  return value === 1;
}
{%- endif %}
{%- if buffer.reads.option_tag %}

/** An `Option`'s tag other than 0 (`None`) and 1 (`Some`), which no producer writes. */
function invalidOptionTag(value, pos) {
  throw invalid("Option tag", value, pos);
}
{%- endif %}

// What reading may still take, in bytes, so that work and memory are bounded by the buffer's size
// whatever its pointers say. In a buffer a producer wrote, every `Box` and `Vec` points to memory
// of its own, so the structs read through pointers fit in the arena; where the JS stack runs out,
// the one being read is read again later from the top of the stack, so a dense arena may take a
// little more (`budget`, STRUCT_BUDGET × `limit` bytes). What a `Box` points to is paid for only
// where it may lead back to the `Box` (a cycle of the schema's type graph passes it): the rest is
// read in work the schema bounds, from a struct or `Vec` paid for already. The strings whose bytes
// are read (all but slices of the ASCII prefix, whose cost does not grow with their length) may
// share source text (a literal's `raw` and `value`, a directive's), a few times at most
// (`stringBudget`, STRING_BUDGET × `limit` bytes). A pointer cycle, or one subtree or string shared
// many times, is stopped when either runs out, after work proportional to the buffer.
const STRUCT_BUDGET = 2, STRING_BUDGET = 4;
// The longest part of the source made into one string (the ASCII prefix, the one-byte copy): the
// longest string V8 makes on 32-bit hosts (2^28 - 16; 2^29 - 24 on 64-bit). Strings of a source
// longer than that, past it, are decoded one by one.
const MAX_SOURCE_SLICE = 2 ** 28 - 16;
var budget = 0, stringBudget = 0;

/** For a read of `len` bytes at `start` (by the pointer at `pos`) that takes `budget` past what it holds. */
function overBudget(start, len, pos) {
  throw corrupt(`the value at offset ${pos} takes the structs read past ${STRUCT_BUDGET} × the ${limit} bytes the arena holds (a pointer cycle, or a subtree shared many times?)`);
}

/**
 * `readPointer`, and the `size` bytes it points to paid for: a `Box` that may lead back to itself,
 * read in place by an enum's case or an `Option` (`Builder::read_payload_in`). The check is written
 * again here, not called: a call less per boxed node is what this is for.
 */
function readPaidPointer(pos, size, alignMask) {
  const offset = (uint32[pos >>> 2] - base) >>> 0;
  if (offset + size > limit || (offset & alignMask) !== 0) {
    throw corrupt(`pointer at offset ${pos} to ${offset}..${offset + size} runs past the arena end ${limit} or is misaligned`);
  }
  if ((budget -= size) < 0) overBudget(offset, size, pos);
  return offset;
}

function tooManyStringBytes(pos) {
  return corrupt(`the string at offset ${pos} takes the strings read past ${STRING_BUDGET} × ${limit} bytes (a string shared many times?)`);
}

{%- match buffer.int64 %}
{%- when Int64::Number %}
{%- if buffer.reads.u64 %}

function readU64(pos, field) {
  return safeInteger(uint32[pos >>> 2] + uint32[(pos >>> 2) + 1] * 4294967296, pos, "u64", field);
}
{%- endif %}
{%- if buffer.reads.i64 %}

function readI64(pos, field) {
  return safeInteger(uint32[pos >>> 2] + int32[(pos >>> 2) + 1] * 4294967296, pos, "i64", field);
}
{%- endif %}
{%- if buffer.reads.u64 || buffer.reads.i64 %}

/**
 * 64-bit integers are numbers here (`int64 = "number"`): exactly, or an `Error`, never rounded.
 * Numbers hold every integer up to `Number.MAX_SAFE_INTEGER` (2^53 - 1); past it, some integers
 * round to a neighbour (2^53 + 1 to 2^53), so a value past the safe integers is refused. `field`
 * (`"Literal.value"`) is read only here, for the message.
 */
function safeInteger(value, pos, type, field) {
  if (Number.isSafeInteger(value)) return value;
  // Through `uint32` only: a schema without signed integers has no `int32` view.
  const bits = (BigInt(uint32[(pos >>> 2) + 1]) << 32n) | BigInt(uint32[pos >>> 2]);
  const exact = type === "i64" ? BigInt.asIntN(64, bits) : bits;
  const bound = value < 0 ? "Number.MIN_SAFE_INTEGER" : "Number.MAX_SAFE_INTEGER";
  throw new RawastBufferError(`${field} (the ${type} at offset ${pos}) is ${exact}, past ${bound}: this target reads 64-bit integers as numbers, exact only up to it; generate it with int64 = "bigint" to read them as bigints`);
}
{%- endif %}
{%- when Int64::BigInt %}
{%- if buffer.reads.u64 %}

function readU64BigInt(pos) {
  return (BigInt(uint32[(pos >>> 2) + 1]) << 32n) | BigInt(uint32[pos >>> 2]);
}
{%- endif %}
{%- if buffer.reads.i64 %}

function readI64BigInt(pos) {
  return (BigInt(int32[(pos >>> 2) + 1]) << 32n) | BigInt(uint32[pos >>> 2]);
}
{%- endif %}
{%- endmatch %}

{% include "js/strings.js" %}
{%- if buffer.reads.regex %}

/**
 * A regular expression literal's `value`: `null` where this runtime cannot build the `RegExp` (as
 * ESTree has it), which is also what a corrupt pattern or flags give.
 */
function regexValue(regex) {
  if (regex === null) return null;
  try {
    return new RegExp(regex.pattern, regex.flags);
  } catch {
    return null;
  }
}
{%- endif %}
{%- if buffer.reads.bigint %}

/** A bigint literal's `value`, from its digits; a buffer's string that is not digits is corrupt. */
function bigIntValue(digits, pos) {
  try {
    return BigInt(digits);
  } catch {
    throw corrupt(`${JSON.stringify(digits.slice(0, 40))} is not a bigint's digits (the field at offset ${pos})`);
  }
}
{%- endif %}
{%- if buffer.reads.span %}

/** A `Span` that is not a node's own: `{ start, end }`. */
function deserializeSpan(pos) {
  return { start: uint32[pos >>> 2], end: uint32[(pos + 4) >>> 2] };
}
{%- endif %}
