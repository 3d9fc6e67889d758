// Values read first, read cold. Where oxc's converters look at what they read (a TypeScript class's
// heritage, namespace chains `a.b.c`), rawast's oxc targets cannot leave a value for later when the
// JS stack runs out: they read the deepest value that did not fit from the top of the stack and try
// again (`readFromTop`), so the values on the way down are read two to four times, as often as the
// stack runs out before them. How often depends on the JIT: a module that has not run yet grows
// its frames between an attempt and its retry (V8 deoptimizes code that meets a branch it has not
// seen), and its retries fall short. Those reads must not count against the read budget: in these
// buffers, built sparse (every field but the chain's zero, empty or `None`, as tests/cycles builds
// them), a `Class` holds 4 or 5 lines that are not zero in 144 bytes, and paying each interrupted
// read again refused them as corrupt.
//
// Each chain is read by each target in a worker of its own, with a half-megabyte stack, the module
// loaded fresh, at several depths; the result must equal oxc's own deserializer's, read in a worker
// whose stack takes the whole depth.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

import { nestedBuffer } from "../cycles/build.js";
import { coveringCycles, typeGraph } from "../cycles/graph.js";
import { skipOxcParser as skip, targetModule } from "./files.js";

const LAYOUT = new URL("../../target/layouts/layout-oxc.json", import.meta.url);
const READER = new URL("../cycles/reader.js", import.meta.url);

/** A worker of tests/cycles/reader.js with a stack of `megabytes`, and a function that asks it one message. */
function reader(megabytes) {
  const worker = new Worker(READER, { resourceLimits: { stackSizeMb: megabytes } });
  const ask = (message) =>
    new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.postMessage(message);
    });
  return { worker, ask };
}

const targets = [
  ["oxc-js", "js"],
  ["oxc-ts", "ts"],
];
// Depths, in multiples of what the reading worker's stack holds of trivial frames (divided by the
// cycle's length, as tests/cycles does).
const MULTIPLES = [2, 3, 5];

test("oxc targets: chains of values read first, nested deeper than the stack holds, read cold as oxc's deserializer reads them", { skip, timeout: 10 * 60_000 }, async (t) => {
  assert.ok(existsSync(LAYOUT), `${LAYOUT.pathname} is missing: run \`cargo xtask layouts\` (cargo xtask test does) first`);
  const layout = JSON.parse(readFileSync(LAYOUT, "utf8"));
  const graph = typeGraph(layout);
  const cycles = coveringCycles(graph);
  // The shortest cycle of tests/cycles through `type`'s `field`.
  const through = (type, field) => {
    const index = layout.types[type].fields.findIndex((f) => f[2] === field);
    const found = cycles.filter((cycle) => cycle.some((edge) => edge.from === type && edge.site.field === index));
    assert.ok(found.length > 0, `no cycle through ${type}.${field}`);
    return found.sort((a, b) => a.length - b.length)[0];
  };
  const chains = [
    ["a chain of class heritages", through("Class", "heritage")],
    ["a namespace chain", through("TSNamespaceDeclaration", "body")],
  ];
  const large = reader(1024);
  const failures = [];
  try {
    for (const [name, cycle] of chains) {
      for (const multiple of MULTIPLES) {
        for (const [target, variant] of targets) {
          // A fresh worker: its module has not run yet.
          const small = reader(0.5);
          try {
            const stack = await small.ask({ depth: true });
            const levels = Math.ceil((multiple * stack) / cycle.length);
            const { buffer, args } = nestedBuffer(layout, graph, cycle, levels, { kind: "oxc" });
            const module = targetModule(target).href;
            const reference = import.meta.resolve(`oxc-parser/src-js/generated/deserialize/${variant}.js`);
            // One after the other: the buffer is shared.
            const [got] = await small.ask({ modules: [module], buffer, args, oxc: true });
            const [want] = await large.ask({ modules: [reference], buffer, args, oxc: true });
            assert.equal(want.error, undefined, `oxc's deserializer on ${name} × ${levels}`);
            assert.ok(want.nodes >= levels, `${name} × ${levels}: oxc's tree has ${want.nodes} nodes`);
            if (got.error !== undefined || got.hash !== want.hash) {
              failures.push(`${target}: ${name} × ${levels}: ${got.error ?? `a tree of ${got.nodes} nodes, not ${want.nodes}`}`);
            } else {
              t.diagnostic(`${target}: ${name} × ${levels}: ${got.nodes} nodes`);
            }
          } finally {
            await small.worker.terminate();
          }
        }
      }
    }
  } finally {
    await large.worker.terminate();
  }
  assert.deepEqual(failures, []);
});
