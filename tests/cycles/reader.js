// A worker of tests/cycles, which starts two, each with its stack size (`resourceLimits.stackSizeMb`):
// one with a small stack, where the targets read buffers nested several times deeper than it holds,
// and one with a stack far larger, where the references read them by plain recursion, never
// running out. For each message `{ modules, buffer, args, oxc }` it deserializes `buffer` with each
// module's `deserialize(buffer, ...args)` (`oxc`: the buffer is oxc-parser's, which carries views
// of itself) and answers with their digests, or the errors. `{ depth: true }` asks how deep a
// trivial function recurses here.

import { parentPort } from "node:worker_threads";

import { withOxcViews } from "./build.js";
import { readDigest } from "./digest.js";

const loaded = new Map();

parentPort.on("message", async ({ modules, buffer, args, oxc, depth }) => {
  if (depth) {
    parentPort.postMessage(stackDepth());
    return;
  }
  if (oxc) withOxcViews(buffer);
  const results = [];
  for (const path of modules) {
    if (!loaded.has(path)) loaded.set(path, await import(path));
    results.push(readDigest(loaded.get(path), buffer, args));
  }
  parentPort.postMessage(results);
});

function stackDepth() {
  let levels = 0;
  const down = () => {
    levels++;
    down();
  };
  try {
    down();
  } catch {}
  return levels;
}
