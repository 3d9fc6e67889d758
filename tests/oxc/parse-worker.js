// A worker of tests/oxc/deep.test.js, started with a stack far larger than the main thread's
// (`resourceLimits.stackSizeMb`): it parses a source with oxc-parser and reads the buffer with
// oxc's own deserializer of one variant, which recurses as deep as the tree, and answers with the
// digest of the result (or the error). Messages: `{ source, lang, variant }`.

import { parentPort } from "node:worker_threads";

import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";

import { digest } from "../cycles/digest.js";

parentPort.on("message", async ({ source, lang, variant }) => {
  const { deserialize } = await import(`oxc-parser/src-js/generated/deserialize/${variant}.js`);
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  try {
    parseRawSync(`deep.${lang}`, buffer.block, sourceStartPos, sourceByteLen, { lang, sourceType: "module" });
    parentPort.postMessage(digest(deserialize(buffer, source, sourceStartPos, sourceByteLen)));
  } catch (error) {
    parentPort.postMessage({ error: `${error.name}: ${error.message}` });
  } finally {
    returnBufferToCache(buffer);
  }
});
