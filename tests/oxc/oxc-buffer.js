// oxc-parser's own buffers for the tests of the oxc targets: a source parsed by oxc-parser's Rust
// side into one of its raw-transfer buffers, read, and the buffer given back to oxc-parser's cache
// (which hands the same buffer out again: a test that kept it would read another file's AST).

import { extname } from "node:path";

import { LANGS, skipOxcParser as skip } from "./files.js";

// (Re-exported for the tests that use oxc-parser's buffers.)
export { skip };

const { prepareRaw, returnBufferToCache } = skip ? {} : await import("oxc-parser/src-js/raw-transfer/common.js");
const { parseRawSync } = skip ? {} : await import("oxc-parser/src-js/bindings.js");

/**
 * Parses `source` with oxc-parser into one of its buffers, as the module `file` (its extension
 * gives the language, as `LANGS` says), and returns what `read(buffer, source, sourceStartPos,
 * sourceByteLen)` returns: oxc's arguments. The buffer is given back after, whatever `read` does.
 */
export function withOxcBuffer(source, file, read) {
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  try {
    parseRawSync(file, buffer.block, sourceStartPos, sourceByteLen, { lang: LANGS[extname(file)], sourceType: "module" });
    return read(buffer, source, sourceStartPos, sourceByteLen);
  } finally {
    returnBufferToCache(buffer);
  }
}
