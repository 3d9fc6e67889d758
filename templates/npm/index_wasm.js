// {{ index.header[0] }}
// {{ index.header[1] }}

// {{ index.package }}: `parse(source)` runs the Rust parser compiled to WebAssembly (`{{ index.name }}.wasm`),
// which writes the tree into the module's own memory, where the generated deserializer reads it in
// place. `await init()` loads the module once; then `parse` is synchronous. It exports all that
// {% if index.walker %}`walk.js` (the walker, and all `deserialize.js` exports){% else %}`deserialize.js`{% endif %} exports besides.

import { deserialize } from "./deserialize.js";
{%- if index.walker %}
import { walk } from "./walk.js";
{%- endif %}

{% if index.walker -%}
export * from "./walk.js";
{%- else -%}
export * from "./deserialize.js";
{%- endif %}

/** The module's exports, once `init` has loaded it. */
let wasm = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Loads the parser's WebAssembly module: `input` is its bytes (an `ArrayBuffer` or a typed array),
 * a `WebAssembly.Module`, a `Response`, or a URL to fetch; by default `{{ index.name }}.wasm` beside this
 * module, fetched (in a browser; on Node.js, pass the file's bytes).
 * @param {BufferSource | WebAssembly.Module | Response | URL | string} [input]
 */
export async function init(input = new URL("./{{ index.name }}.wasm", import.meta.url)) {
  if (typeof input === "string" || input instanceof URL) input = await fetch(input);
  if (typeof Response !== "undefined" && input instanceof Response) {
    if (!input.ok) throw new Error(`cannot load the {{ index.package }} module from ${input.url}: HTTP ${input.status}`);
    input = await input.arrayBuffer();
  }
  const instance = input instanceof WebAssembly.Module ? await WebAssembly.instantiate(input) : (await WebAssembly.instantiate(input)).instance;
  wasm = instance.exports;
}

{%- if index.walker && !index.lazy %}

/** Whether a `walkSource` is reading the module's output, which another parse would overwrite. */
let walking = false;
{%- endif %}

/**
 * Parses `source` into the tree (`deserialize`'s result). A text the parser refuses throws an
 * `Error` with its message (not a `RawastBufferError`, which is for buffers); a `source` that is
 * neither a string nor a `Uint8Array` (the text's UTF-8), a `TypeError`; a call before `init`, an
 * `Error` saying so. The parser reads the text's UTF-8, where a lone surrogate, which has none, is
 * U+FFFD; bytes that are not UTF-8 are an `Error`.
{%- if index.lazy %}
 *
 * The module's memory holds the buffer only until the next call: the lazy tree reads a copy of it.
{%- endif %}
 * @param {string | Uint8Array} source
 */
export function parse(source) {
{%- if index.lazy %}
  return deserialize(build(source, "parse").slice());
{%- else %}
  return deserialize(build(source, "parse"));
{%- endif %}
}

/**
 * Parses `source` into a rawast buffer of its own: a copy of the module's output, for
 * `deserialize`{% if index.walker %}, `walk`{% endif %}, keeping, or `postMessage` (transferable, in memory JS owns).
 * @param {string | Uint8Array} source
 * @returns {Uint8Array}
 */
export function parseBuffer(source) {
  return build(source, "parseBuffer").slice();
}
{%- if index.walker %}

/**
 * Parses `source` and walks its buffer in the module's memory (`walk`), calling `visitor` on the
 * nodes it asks for: no tree is made but the nodes visited.
 * @param {string | Uint8Array} source
 * @param {import("./walk.js").Visitor} visitor
 */
export function walkSource(source, visitor) {
{%- if index.lazy %}
  walk(build(source, "walkSource").slice(), visitor);
{%- else %}
  const bytes = build(source, "walkSource");
  walking = true;
  try {
    walk(bytes, visitor);
  } finally {
    walking = false;
  }
{%- endif %}
}
{%- endif %}

/** Parses `source` in the module: its output buffer, a view of the module's memory valid until the next call. */
function build(source, caller) {
  if (typeof source !== "string" && !(source instanceof Uint8Array)) {
    throw new TypeError(`${caller}() expects the source text as a string or its UTF-8 bytes (a Uint8Array), not ${source === null ? "null" : typeof source}`);
  }
  if (wasm === null) throw new Error(`{{ index.package }}: call \`await init()\` before \`${caller}()\``);
{%- if index.walker && !index.lazy %}
  if (walking) {
    throw new Error(`{{ index.package }}: ${caller}() cannot run in a walkSource() visitor: the walk reads the module's memory, where the parse would write`);
  }
{%- endif %}
  const bytes = typeof source === "string" ? encoder.encode(source) : source;
  const at = wasm.rawast_alloc(bytes.length) >>> 0;
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  const status = wasm.rawast_parse(at, bytes.length);
  // (After the call: the parse may have grown the memory, which replaces its ArrayBuffer.)
  const output = new Uint8Array(wasm.memory.buffer, wasm.rawast_output_ptr() >>> 0, wasm.rawast_output_len() >>> 0);
  if (status !== 0) throw new Error(decoder.decode(output));
  return output;
}
