// Buffers across threads: a buffer `parseBuffer(text, { transferable: true })` built moves to a
// worker with `postMessage`'s transfer list, without a copy, and reads there as here; a buffer in
// a SharedArrayBuffer is read by several workers at once, each deserializing and walking it; the
// lint pool (lint/pool.js) finds the problems of the fixtures with two workers as with one.
//
//   rawast addon && node --test test/workers.test.js

import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

import { deserialize, parseBuffer, walk } from "../generated/npm/parser/index.js";
import { LintPool } from "../lint/pool.js";

const index = new URL("../generated/npm/parser/index.js", import.meta.url).href;
const TEXT = `{"name": "wörker", "list": [1, 2.5, true, null, "x"], /* c */ "nested": {"deep": [{}, []],},}`;

/** Runs `body` (an ES module's text) in a worker with `workerData`; its first message. */
function inWorker(body, workerData, transfer = []) {
  const source = `import { parentPort, workerData } from "node:worker_threads";\nconst parser = await import(workerData.index);\n${body}`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), { workerData, transferList: transfer });
    worker.once("message", (message) => {
      resolve(message);
      worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** What a thread makes of a buffer: its tree as JSON and the booleans a walk visits. */
const READ = `
  const read = (bytes) => {
    const visited = [];
    parser.walk(bytes, { BooleanLiteral: (node) => visited.push(node.value) });
    return { tree: JSON.stringify(parser.deserialize(bytes)), visited };
  };`;

test("a transferable buffer moves to a worker without a copy and reads there as here", async () => {
  const bytes = parseBuffer(TEXT, { transferable: true });
  const here = { tree: JSON.stringify(deserialize(bytes)), visited: [] };
  walk(bytes, { BooleanLiteral: (node) => here.visited.push(node.value) });
  const there = inWorker(`${READ}\nparentPort.postMessage(read(workerData.bytes));`, { index, bytes }, [bytes.buffer]);
  // Moved, not copied: this thread's view of it is empty now.
  assert.equal(bytes.byteLength, 0);
  assert.deepEqual(await there, here);
  // The next buffer is built into memory of its own.
  assert.equal(JSON.stringify(deserialize(parseBuffer(TEXT, { transferable: true }))), here.tree);
});

test("a buffer in a SharedArrayBuffer is read by several workers at once", async () => {
  const own = parseBuffer(TEXT);
  const shared = new Uint8Array(new SharedArrayBuffer(own.byteLength));
  shared.set(own);
  const expected = { tree: JSON.stringify(deserialize(own)), visited: [true] };
  // Each worker reads it many times over, so that their reads overlap.
  const body = `${READ}\nlet result;\nfor (let i = 0; i < 200; i++) result = read(workerData.shared);\nparentPort.postMessage(result);`;
  const results = await Promise.all([1, 2, 3].map(() => inWorker(body, { index, shared })));
  for (const result of results) assert.deepEqual(result, expected);
  assert.deepEqual({ tree: JSON.stringify(deserialize(shared)), visited: [true] }, expected);
});

test("the lint pool finds the same problems with two workers as with one", async () => {
  const dir = fileURLToPath(new URL("fixtures", import.meta.url));
  const paths = readdirSync(dir).filter((name) => /\.jsonc?$/.test(name)).sort().map((name) => join(dir, name));
  const run = async (size) => {
    const pool = new LintPool(size);
    try {
      return await pool.lint(paths);
    } finally {
      await pool.close();
    }
  };
  const [one, two] = [await run(1), await run(2)];
  assert.deepEqual(two, one);
  assert.deepEqual(one.map((r) => r.path), paths);
  const rules = new Set(one.flatMap((r) => r.problems.map((p) => p.rule)));
  assert.deepEqual([...rules].sort(), ["duplicate-key", "parse", "trailing-comma"]);
});
