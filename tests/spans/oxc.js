// oxc-parser 0.157's raw transfer buffers for the span checks: a file parsed by its native side
// into one of its buffers, with the options its extension gives, and read where the AST lies.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";
import { DATA_POINTER_POS_32 } from "oxc-parser/src-js/generated/constants.js";

import { kindOf, LANGS } from "../oxc/files.js";
import { createChecker } from "./containment.js";

const ROOT = new URL("../../", import.meta.url).pathname;

// oxc-parser's options by extension, as tests/oxc/conformance.js spells them out (and oxc-parser
// 0.157 infers them from a file name): `lang` from the extension, "dts" for declaration files;
// `sourceType` "unambiguous" but for .mjs/.mts and .cjs/.cts.
const SOURCE_TYPES = { ".mjs": "module", ".mts": "module", ".cjs": "commonjs", ".cts": "commonjs" };

/** oxc-parser's options for `file`, by its extension. */
export function oxcOptions(file) {
  const kind = kindOf(file);
  const ext = kind.startsWith(".d.") ? kind.slice(2) : kind;
  return { lang: kind.startsWith(".d.") ? "dts" : LANGS[ext], sourceType: SOURCE_TYPES[ext] ?? "unambiguous" };
}

/**
 * A checker of oxc-parser's buffers (containment.js's `createChecker` with oxc's layout, the module
 * record and the errors left out: no AST), and `check(file, text, keepNodes)`, which parses `text`
 * as `file` and checks its buffer: the checker's result, with `errors` (how many oxc-parser
 * reported) and `parseMs`, `checkMs`. Throws what `prepareRaw` throws (a source too long).
 */
export function oxcChecker({ transparent = [] } = {}) {
  const layout = JSON.parse(readFileSync(join(ROOT, "target/layouts/layout-oxc.json"), "utf8"));
  const checkBuffer = createChecker(layout, { skip: ["RawTransferData.module", "RawTransferData.errors"], transparent });
  const errorsField = layout.types.RawTransferData.fields.find((field) => field[2] === "errors")[0];
  const check = (file, text, keepNodes = false) => {
    const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(text);
    try {
      const t0 = performance.now();
      parseRawSync(file, buffer.block, sourceStartPos, sourceByteLen, oxcOptions(file));
      const t1 = performance.now();
      const root = buffer.int32[DATA_POINTER_POS_32];
      // (oxc-parser converts the spans it writes to UTF-16 offsets, the source string's indices.)
      const result = checkBuffer(buffer, { root, lo: root, limit: DATA_POINTER_POS_32 * 4, base: 0, sourceLength: text.length, keepNodes });
      result.errors = buffer.int32[(root + errorsField + 8) >> 2];
      result.parseMs = t1 - t0;
      result.checkMs = performance.now() - t1;
      return result;
    } finally {
      returnBufferToCache(buffer);
    }
  };
  check.nodeTypes = checkBuffer.nodeTypes;
  return check;
}
