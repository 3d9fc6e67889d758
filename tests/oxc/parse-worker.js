// A worker of tests/oxc/deep.test.js, started with a stack far larger than the main thread's
// (`resourceLimits.stackSizeMb`): it parses a source with oxc-parser and reads the buffer with
// oxc's own deserializer of one variant, which recurses as deep as the tree, and answers with the
// digest of the result (or the error). Messages: `{ source, lang, variant, withParents }`: with
// `withParents`, the result is given each node's `parent` first, as oxc's `_parent` variant of
// `variant` would have it (oxc-parser 0.157 does not ship those; `addParents`).

import { parentPort } from "node:worker_threads";

import { digest } from "../cycles/digest.js";
import { addParents } from "./compare.js";
import { withOxcBuffer } from "./oxc-buffer.js";

parentPort.on("message", async ({ source, lang, variant, withParents }) => {
  const { deserialize } = await import(`oxc-parser/src-js/generated/deserialize/${variant}.js`);
  try {
    const data = withOxcBuffer(source, `deep.${lang}`, deserialize);
    parentPort.postMessage(digest(withParents ? addParents(data) : data));
  } catch (error) {
    parentPort.postMessage({ error: `${error.name}: ${error.message}` });
  }
});
