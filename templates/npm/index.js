// {{ index.header[0] }}
// {{ index.header[1] }}

// {{ index.package }}: `parse(source)` runs the Rust parser in this process, through the package's
// Node.js addon (`{{ index.name }}.<platform>.node`), which writes the tree into a buffer that the
// generated deserializer reads. `parse` builds into one buffer this module keeps and reuses
// (one per module instance, so one per worker thread); `parseBuffer` hands over a buffer of its own.
// It exports all that {% if index.walker %}`walk.js` (the walker, and all `deserialize.js` exports){% else %}`deserialize.js`{% endif %} exports besides.

import { readdirSync } from "node:fs";
import { createRequire } from "node:module";

import { deserialize } from "./deserialize.js";
{%- if index.walker %}
import { walk } from "./walk.js";
{%- endif %}

{% if index.walker -%}
export * from "./walk.js";
{%- else %}
export * from "./deserialize.js";
{%- endif %}

/** The addon's file stem, as napi-rs names addons: `{{ index.name }}.linux-x64-gnu.node`. */
const ADDON_NAME = "{{ index.name }}";
const addon = loadAddon();

/** The size of the memory `parse` builds into: it grows (doubling, at least to what the addon asks) and never shrinks. */
let reusedBytes = 1 << 20;
/**
 * Node's native writers, called on the reused memory: a string is written where the parser reads
 * it with one call, where napi would convert the string and copy it again. A string with a
 * character past U+00FF (which V8 holds as UTF-16, and whose UTF-8 it writes at about a nanosecond a
 * character) is written as its UTF-16 code units, a copy, which the addon turns into UTF-8 several
 * times faster; others as their UTF-8.
 */
const { utf8Write, ucs2Write } = Buffer.prototype;
const WIDE_CHARACTER = /[^\0-\xff]/;
/** The memory `parse` builds into, made at the first call (and again after `parseBuffer` gives it away). */
let reused = null;
{%- if index.lazy %}

/**
 * Moves an `ArrayBuffer`'s memory to a new one, detaching it (no copy): the trees read from it
 * before throw a `RawastBufferError` from then on, where they would read the next text's tree.
 * `ArrayBuffer#transfer` is Node 22's; Node 20 moves it with `structuredClone`.
 */
const moveMemory =
  typeof ArrayBuffer.prototype.transfer === "function"
    ? (buffer) => buffer.transfer()
    : (buffer) => structuredClone(buffer, { transfer: [buffer] });
{%- endif %}

/**
 * Parses `source` into the tree (`deserialize`'s result). A text the parser refuses throws an
 * `Error` with its message (not a `RawastBufferError`, which is for buffers); a `source` that is
 * neither a string nor a `Uint8Array`, a `TypeError`. The parser reads the text's UTF-8, where a
 * lone surrogate, which has none, is U+FFFD; given the UTF-8 itself (a file's bytes as read, a
 * `Buffer`), it skips the JS string and the conversion both, and bytes that are not UTF-8 are an
 * `Error`.
 *
{%- if index.lazy %}
 * The tree is lazy, read from the buffer `parse` reuses: it stays readable until the next `parse`
 * (or `walkSource`) call in the same thread, which moves that buffer's memory away, after which the
 * tree's unread parts throw a `RawastBufferError` rather than read another text's tree. Read what
 * you need before parsing again, or take `deserialize(parseBuffer(source))`, a tree over a buffer
 * of its own.
{%- else %}
 * The buffer is reused by the next call; the tree is plain objects, copied out of it before
 * `parse` returns, so it stays valid.
{%- endif %}
 * @param {string | Uint8Array} source
 */
export function parse(source) {
  return deserialize(build(source, "parse"));
}

/**
 * Parses `source` into a rawast buffer of its own, for `deserialize`{% if index.walker %}, `walk`{% endif %}, keeping or sending: a
 * `Uint8Array` over the parser's memory, handed over without a copy and freed when collected. That
 * memory is outside the JS heap, which `postMessage` cannot transfer; with `{ transferable: true }`
 * the parser builds into memory JS owns instead (the memory `parse` reuses, given away: the next
 * call makes another), which `postMessage(buffer, [buffer.buffer])` moves to another thread without
 * a copy.
 * @param {string | Uint8Array} source
 * @param {object} [options]
 * @param {boolean} [options.transferable]
 * @returns {Uint8Array}
 */
export function parseBuffer(source, options) {
  checkSource(source, "parseBuffer");
  if (!options?.transferable) return addon.parseRaw(source);
  const bytes = build(source, "parseBuffer");
  reused = null;
  return bytes;
}
{%- if index.walker %}

/**
 * Parses `source` into the reused buffer and walks it (`walk`), calling `visitor` on the nodes it
 * asks for: no tree is made but the nodes visited.
 * @param {string | Uint8Array} source
 * @param {import("./walk.js").Visitor} visitor
 */
export function walkSource(source, visitor) {
  const bytes = build(source, "walkSource");
  // The walk reads this memory until it returns: a `parse` from the visitor builds into memory of
  // its own rather than over the text being walked.
  const walked = reused;
  reused = null;
  try {
    walk(bytes, visitor);
  } finally {
    reused ??= walked;
  }
}
{%- endif %}

/** Builds `source` into the reused buffer, growing it until the tree fits: the buffer's bytes. */
function build(source, caller) {
  checkSource(source, caller);
  const text = typeof source === "string";
  const wide = text && WIDE_CHARACTER.test(source);
  // A string's UTF-8 takes at most 3 bytes per UTF-16 unit; its units, written as UTF-16, come after that room.
  const unitsAt = text ? Math.ceil((source.length * 3) / 8) * 8 : 0;
  const sourceRoom = wide ? unitsAt + 2 * source.length : unitsAt;
  if (reusedBytes < sourceRoom) {
    reusedBytes = sourceRoom;
    reused = null;
  }
  for (;;) {
{%- if index.lazy %}
    reused = reused === null ? new ArrayBuffer(reusedBytes) : moveMemory(reused);
{%- else %}
    reused ??= new ArrayBuffer(reusedBytes);
{%- endif %}
    const memory = new Uint8Array(reused);
    const result = !text
      ? addon.parseInto(source, memory)
      : wide
        ? addon.parseWrittenUtf16(memory, unitsAt, ucs2Write.call(memory, source, unitsAt) >>> 1)
        : addon.parseWritten(memory, utf8Write.call(memory, source, 0, memory.length));
    if (result.grow === undefined) return new Uint8Array(reused, result.start, result.length);
    // A new ArrayBuffer starts 8-aligned; sizes stay multiples of 8.
    reusedBytes = Math.ceil(Math.max(reusedBytes * 2, result.grow) / 8) * 8;
    reused = null;
  }
}

function checkSource(source, caller) {
  if (typeof source !== "string" && !(source instanceof Uint8Array)) {
    throw new TypeError(`${caller}() expects the source text as a string or its UTF-8 bytes (a Uint8Array), not ${source === null ? "null" : typeof source}`);
  }
}

/** The addon built for this platform; an `Error` naming the platform where the package has none. */
function loadAddon() {
  const platform = platformName();
  try {
    return createRequire(import.meta.url)(`./${ADDON_NAME}.${platform}.node`);
  } catch (error) {
    if (error?.code !== "MODULE_NOT_FOUND") throw error;
    const built = readdirSync(new URL(".", import.meta.url)).filter((file) => file.startsWith(`${ADDON_NAME}.`) && file.endsWith(".node"));
    throw new Error(
      `{{ index.package }} has no native addon for ${platform}: it holds ${built.length === 0 ? "none" : built.join(", ")}. Its publisher builds one per platform with \`rawast addon\``,
    );
  }
}

/** This process's platform as napi-rs names addons: `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`. */
function platformName() {
  const { platform, arch } = process;
  if (platform === "linux") {
    const libc = process.report?.getReport?.().header?.glibcVersionRuntime ? "gnu" : "musl";
    return `linux-${arch}-${libc}${arch === "arm" ? "eabihf" : ""}`;
  }
  if (platform === "win32") return `win32-${arch}-msvc`;
  return `${platform}-${arch}`;
}
