// An Oxlint JS plugin for tests/oxlint/buffers.test.js, the fuzzer and the bench: for each file
// Oxlint lints, it saves the part of the live buffer that holds the file (from the lowest of the
// program, its comments and the tokens, which Oxlint allocates last, to the end: the AST, the source
// text and the metadata) to RAWAST_OXLINT_CAPTURE_DIR, and reports where it lay (`start`) and, if
// RAWAST_OXLINT_MODULE names a rawast target, the digest of what it reads there now, comments and
// tokens included. (`captureBuffers` in tests/oxlint/lint.js runs it.)

import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { digest } from "../cycles/digest.js";
import { liveBuffer, oxlintBuffers } from "./lint.js";

const out = process.env.RAWAST_OXLINT_OUT;
const dir = process.env.RAWAST_OXLINT_CAPTURE_DIR;
const module = process.env.RAWAST_OXLINT_MODULE;
const deserialize = module === undefined ? null : (await import(pathToFileURL(module).href)).deserialize;
const buffers = await oxlintBuffers();
// Oxlint's `DATA_POINTER_POS_32`: the metadata's first word, the program's offset.
const { b: DATA_POINTER_POS_32 } = await import(new URL("../../node_modules/oxlint/dist/lint.js", import.meta.url).href);
let captured = 0;

export default {
  meta: { name: "rawast-capture" },
  rules: {
    capture: {
      create(context) {
        return {
          Program() {
            const buffer = liveBuffer(buffers);
            const { int32 } = buffer;
            const program = int32[DATA_POINTER_POS_32];
            // The comments (the program's `comments`, +32 and +40) and the tokens (the metadata's
            // `tokens_offset` and `tokens_len`), where there are any.
            const below = [program];
            if (int32[(program + 40) >> 2] > 0) below.push(int32[(program + 32) >> 2]);
            if (int32[DATA_POINTER_POS_32 + 2] > 0) below.push(int32[DATA_POINTER_POS_32 + 1]);
            const start = Math.min(...below);
            const name = `${captured++}.bin`;
            writeFileSync(join(dir, name), buffer.subarray(start));
            const tree = deserialize === null ? undefined : digest(deserialize(buffer));
            appendFileSync(out, `${JSON.stringify({ file: context.filename, name, start, program, length: buffer.length, tree })}\n`);
          },
        };
      },
    },
  },
};
