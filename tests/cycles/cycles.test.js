// Any depth, along every cycle of the schema's type graph. Each cycle of types (a struct's field, an
// enum's variant, through `Option`, `Box` and `Vec`, leading back to where it started) is a way for
// an AST to nest without bound; a deserializer that recurses must have somewhere on every such cycle
// to stop and continue later, or a deep enough tree overflows the JS stack. For both dialects (the
// ESTree schema of codegen.toml, oxc's of tests/oxc/codegen.toml), the cycles that together take
// every edge lying on a cycle (`graph.js`) are each nested three times deeper than the stack of the
// worker that reads them holds (half a megabyte), in a buffer built from the layout (`build.js`);
// every target's result must equal the reference's, read in another worker whose stack takes the
// whole depth by plain recursion: oxc-parser's own deserializers for the oxc targets, the eager
// target of the same layout for rawast's.
//
// The buffers are built from the layout, not parsed: most of these trees are valid ASTs no parser
// writes that deep. oxc-parser's Rust side overflows its native stack (the process dies) past about
// 12,000 nested arrays and 9,700 nested calls, and oxc's own deserializers past a few thousand
// levels of most cycles: they can read these buffers only in a worker with a larger stack, as here.
// tests/oxc/deep.test.js reads deep trees oxc-parser did write.
//
// A cycle a target does not read (through a field its output leaves out, such as the TypeScript
// fields of a JS target or oxc's parsed regular expressions) gives a shallow result on both sides;
// the test counts them and names the cycles no target reads.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";

import { LAYOUT_FINGERPRINT_32, LAYOUT_FINGERPRINT_64 } from "../../generated/js/constants.js";
import { nestedBuffer } from "./build.js";
import { coveringCycles, typeGraph } from "./graph.js";
import { skipOxcParser as oldNode, targetModule } from "../oxc/files.js";

const LAYOUTS = new URL("../../target/layouts/", import.meta.url);
const module = (path) => new URL(`../../${path}/deserialize.js`, import.meta.url).href;
const oxcModule = (variant) => import.meta.resolve(`oxc-parser/src-js/generated/deserialize/${variant}.js`);

/** A worker of `reader.js` with a stack of `megabytes`, and a function that asks it one message. */
function reader(megabytes) {
  const worker = new Worker(new URL("./reader.js", import.meta.url), { resourceLimits: { stackSizeMb: megabytes } });
  // Each answer takes its listeners away again: one message after another would pile them up.
  const ask = (message) =>
    new Promise((resolve, reject) => {
      const answer = (value) => {
        worker.off("error", fail);
        resolve(value);
      };
      const fail = (error) => {
        worker.off("message", answer);
        reject(error);
      };
      worker.once("message", answer);
      worker.once("error", fail);
      worker.postMessage(message);
    });
  return { worker, ask };
}

// Each dialect: its layout file and the targets that read buffers of it. `reference`: the module
// whose output a target's must equal; `placement` (rawast's format) where the source is.
const dialects = [
  {
    name: "ESTree schema, 64-bit",
    layout: "layout-64.json",
    format: (target) => ({ kind: "rawast", placement: target.placement, fingerprint: LAYOUT_FINGERPRINT_64 }),
    targets: [
      { name: "parser", module: module("generated/npm/parser"), reference: module("generated/npm/parser"), placement: "start" },
      { name: "parser-lazy", module: module("generated/npm/parser-lazy"), reference: module("generated/npm/parser"), placement: "start" },
      { name: "linter", module: module("generated/npm/linter"), reference: module("generated/npm/linter"), placement: "end" },
    ],
  },
  {
    name: "ESTree schema, 32-bit",
    layout: "layout-32.json",
    format: (target) => ({ kind: "rawast", placement: target.placement, fingerprint: LAYOUT_FINGERPRINT_32 }),
    targets: [{ name: "wasm32", module: module("generated/npm/wasm32"), reference: module("generated/npm/wasm32"), placement: "start" }],
  },
  {
    name: "oxc's schema",
    layout: "layout-oxc.json",
    format: () => ({ kind: "oxc" }),
    skip: oldNode,
    targets: [
      { name: "oxc-js", module: module("tests/oxc/generated/js/oxc-js"), reference: oxcModule("js") },
      { name: "oxc-ts", module: module("tests/oxc/generated/js/oxc-ts"), reference: oxcModule("ts") },
      { name: "oxc-js-range", module: module("tests/oxc/generated/js/oxc-js-range"), reference: oxcModule("js_range") },
      { name: "oxc-ts-range", module: module("tests/oxc/generated/js/oxc-ts-range"), reference: oxcModule("ts_range") },
      // oxc-parser 0.157 ships no `_parent` variants: their reference is the variant without, given
      // each node's parent as oxc's generator sets it (tests/oxc/compare.js, `addParents`).
      { name: "oxc-js-parent", module: targetModule("oxc-js-parent").href, reference: oxcModule("js"), withParents: true },
      { name: "oxc-ts-range-parent", module: targetModule("oxc-ts-range-parent").href, reference: oxcModule("ts_range"), withParents: true },
    ],
  },
];

/** A cycle as text: `Type.field` or `Enum::discriminant` for each edge. */
function describe(layout, cycle) {
  return cycle
    .map((edge) => {
      const def = layout.types[edge.from];
      return edge.site.field !== undefined ? `${edge.from}.${def.fields[edge.site.field][2]}` : `${edge.from}::${edge.site.variant}`;
    })
    .join(" → ");
}

for (const dialect of dialects) {
  test(`${dialect.name}: every cycle of the type graph, nested 3 times deeper than the stack holds, reads whole and as the reference does`, { skip: dialect.skip, timeout: 30 * 60_000 }, async (t) => {
    const file = new URL(dialect.layout, LAYOUTS);
    assert.ok(existsSync(file), `${file.pathname} is missing: run \`cargo xtask layouts\` (cargo xtask test does) first`);
    const layout = JSON.parse(readFileSync(file, "utf8"));
    const graph = typeGraph(layout);
    const cycles = coveringCycles(graph);
    const small = reader(0.5);
    const large = reader(1024);
    const stack = await small.ask({ depth: true });
    // Levels of a cycle of `length` edges for three times the frames that stack holds (each edge
    // is at least one call).
    const levelsFor = (length) => Math.ceil((3 * stack) / length);
    const failures = [];
    const deep = Object.fromEntries(dialect.targets.map((target) => [target.name, 0]));
    const unread = [];
    try {
      for (const cycle of cycles) {
        const levels = levelsFor(cycle.length);
        let readByAny = false;
        // Targets that read the same buffer (the same placement) share it.
        for (const placement of new Set(dialect.targets.map((target) => target.placement))) {
          const targets = dialect.targets.filter((target) => target.placement === placement);
          const { buffer, args } = nestedBuffer(layout, graph, cycle, levels, dialect.format(targets[0]));
          const oxc = dialect.format(targets[0]).kind === "oxc";
          // Both read at once (oxc's buffer is shared; rawast's is copied).
          const [actual, references] = await Promise.all([
            small.ask({ modules: targets.map((target) => target.module), buffer, args, oxc }),
            large.ask({ modules: targets.map((target) => target.reference), withParents: targets.map((target) => target.withParents === true), buffer, args, oxc }),
          ]);
          targets.forEach((target, i) => {
            const [want, got] = [references[i], actual[i]];
            if (want.error !== undefined) {
              failures.push(`${target.name}: the reference throws on ${describe(layout, cycle)} × ${levels}: ${want.error}`);
            } else if (got.error !== undefined || got.hash !== want.hash) {
              const what = got.error ?? `a tree of ${got.nodes} nodes, not the reference's ${want.nodes}`;
              failures.push(`${target.name}: ${describe(layout, cycle)} × ${levels}: ${what}`);
            } else if (want.nodes >= levels) {
              deep[target.name]++;
              readByAny = true;
            }
          });
        }
        if (!readByAny) unread.push(describe(layout, cycle));
      }
    } finally {
      await Promise.all([small.worker.terminate(), large.worker.terminate()]);
    }
    t.diagnostic(`${cycles.length} cycles cover the ${graph.cyclic.length} edges that lie on cycles; the targets' stack holds ${stack} trivial frames`);
    for (const [name, count] of Object.entries(deep)) t.diagnostic(`${name} read ${count} of them at full depth`);
    t.diagnostic(`read by no target (through fields no output has): ${unread.length ? unread.join("; ") : "none"}`);
    assert.deepEqual(failures, []);
  });
}
