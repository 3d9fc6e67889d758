// `parse(source)`: the JSONC example parser in this process, through its Node.js addon. The Rust
// parser builds the tree into a rawast buffer, the addon hands the buffer over without a copy
// (`parseRaw`), and the generated deserializer turns it into `{ document, comments }`.
//
// Build the addon first: `node napi/build.js` (cargo build --release, then the library renamed).

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

import { deserialize } from "../generated/npm/parser/deserialize.js";
import { addonFile } from "./platform.js";

/** The addon's functions: `parseRaw`, `parseRawCopy`, `liveExternalBuffers` and the measurement ones. */
export const addon = load();

/**
 * Parses JSONC text into `{ document, comments }`. A text that is not JSONC throws an `Error` with
 * the parser's message and position (`expected ',' or '}' at 3:14`).
 * @param {string} source
 * @returns {{ document: object, comments: object[] }}
 */
export function parse(source) {
  if (typeof source !== "string") throw new TypeError(`parse() expects the JSONC text as a string, not ${source === null ? "null" : typeof source}`);
  return deserialize(addon.parseRaw(source));
}

function load() {
  const file = fileURLToPath(new URL(addonFile(), import.meta.url));
  if (!existsSync(file)) throw new Error(`the JSONC addon ${file} is not built: run \`node napi/build.js\` in examples/jsonc`);
  return createRequire(import.meta.url)(file);
}
