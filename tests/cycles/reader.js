// A worker of tests/cycles, which starts two, each with its stack size (`resourceLimits.stackSizeMb`):
// one with a small stack, where the targets read buffers nested several times deeper than it holds,
// and one with a stack far larger, where the references read them by plain recursion, never
// running out. For each message `{ modules, buffer, args, oxc }` it deserializes `buffer` with each
// module's `deserialize(buffer, ...args)` (`oxc`: the buffer is oxc-parser's, which carries views
// of itself) and answers with their digests, or the errors; where `withParents[i]` holds, module
// `i` is oxc's deserializer without parent links, standing for its `_parent` variant, and its
// result is given them first (`addParents`). `{ depth: true }` asks how deep a trivial function
// recurses here.

import { parentPort } from "node:worker_threads";

import { withOxcViews } from "./build.js";
import { readDigest } from "./digest.js";
import { addParents } from "../oxc/compare.js";

const loaded = new Map();

parentPort.on("message", async ({ modules, withParents = [], buffer, args, oxc, depth }) => {
  if (depth) {
    parentPort.postMessage(stackDepth());
    return;
  }
  if (oxc) withOxcViews(buffer);
  const results = [];
  for (const [i, path] of modules.entries()) {
    if (!loaded.has(path)) loaded.set(path, await import(path));
    results.push(readDigest(loaded.get(path), buffer, args, withParents[i] ? addParents : undefined));
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
