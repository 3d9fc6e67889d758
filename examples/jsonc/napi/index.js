// `parse(source)`: the JSONC example parser in this process, through its Node.js addon. The Rust
// parser builds the tree into one buffer this module keeps and reuses (`parseInto`), and the
// generated deserializer turns it into `{ document, comments }`. `parseOwnBuffer(source)` gives
// the same tree from a buffer of its own, handed over without a copy (`parseRaw`): what a tree read
// lazily, or a buffer kept or sent to another thread, needs. The reused buffer is the default: the
// per-call buffer costs an allocation, and its memory is freed only after a collection and a turn
// of the event loop.
//
// Build the addon first: `node napi/build.js` (cargo build --release, then the library renamed).

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { deserialize } from "../generated/npm/parser/deserialize.js";
import { addonFile } from "./platform.js";

/** The addon's functions: `parseRaw`, `parseRawCopy`, `parseInto`, `liveExternalBuffers` and the measurement ones. */
export const addon = load();

/**
 * Parses JSONC text into `{ document, comments }`, as `parse` does, from a buffer of its own per
 * call, handed over without a copy where the runtime allows (freed when JS collects it). A text
 * that is not JSONC throws an `Error` with the parser's message and position.
 * @param {string} source
 * @returns {{ document: object, comments: object[] }}
 */
export function parseOwnBuffer(source) {
  if (typeof source !== "string") throw new TypeError(`parseOwnBuffer() expects the JSONC text as a string, not ${source === null ? "null" : typeof source}`);
  return deserialize(addon.parseRaw(source));
}

/** Bytes of the buffer `parse` starts with; it grows (doubling, at least to what the addon asks) and never shrinks. */
const REUSED_INITIAL_BYTES = 1 << 20;
/** The buffer `parse` builds into: one per module instance, so one per thread (each worker loads its own). */
let reused = new Uint8Array(new ArrayBuffer(REUSED_INITIAL_BYTES));

/**
 * Parses JSONC text into `{ document, comments }`, the parser building into one buffer this module
 * keeps across calls: no buffer is allocated or collected per call. When a text or its tree does
 * not fit, the buffer grows and the text is parsed again. A text that is not JSONC throws an
 * `Error` with the parser's message and position (`expected ',' or '}' at 3:14`).
 *
 * The rule that makes reuse safe: the buffer is read only until the next `parse` call, which
 * overwrites it. The deserializer here is eager (the package target of codegen.toml, `parser`):
 * it copies every value into plain JS objects before returning, so the tree returned stays valid.
 * A lazy tree reads the buffer as it is walked and would read the next text's bytes, so a lazy
 * target must not use this path: it takes `parseOwnBuffer`, a buffer of its own per call.
 * @param {string} source
 * @returns {{ document: object, comments: object[] }}
 */
export function parse(source) {
  if (typeof source !== "string") throw new TypeError(`parse() expects the JSONC text as a string, not ${source === null ? "null" : typeof source}`);
  for (;;) {
    const result = addon.parseInto(source, reused);
    if (result.grow === undefined) return deserialize(new Uint8Array(reused.buffer, result.start, result.length));
    // A fresh ArrayBuffer starts 8-aligned; sizes are kept multiples of 8.
    const size = Math.ceil(Math.max(reused.length * 2, result.grow) / 8) * 8;
    reused = new Uint8Array(new ArrayBuffer(size));
  }
}

/** The size of the buffer `parse` builds into, for tests of its growth. */
export function reusedBufferBytes() {
  return reused.length;
}

function load() {
  const file = fileURLToPath(new URL(addonFile(), import.meta.url));
  if (!existsSync(file)) throw new Error(`the JSONC addon ${file} is not built: run \`node napi/build.js\` in examples/jsonc`);
  return createRequire(import.meta.url)(file);
}
