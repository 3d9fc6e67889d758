// Visiting: the generated walker (`walk`, reading the buffer, building only the visited nodes)
// against deserializing the whole tree and visiting it (`visit`, the same visitor over the objects
// built), on the `parser` target's buffers, or another target's (`--target-json`: the linter
// layout's; a lazy target's, with its eager twin in `--eager-target-json`, whose `deserialize` and
// `visit` are `eager` and `eager_visit_full`). Called by `cargo xtask bench --visit [--target T]`;
// see its --help.
//
// node --expose-gc bench/visit.js --encode PATH [--target-json JSON [--eager-target-json JSON]] [--json FILE] [--samples N] PATH...

import { readFileSync, writeFileSync } from "node:fs";
import assert from "node:assert/strict";

import { parseFile } from "../tests/acorn.js";
import { usageError } from "../tests/command-line.js";
import { produceBuffer } from "./buffers.js";
import { benchCommandLine, fileClasses, fullVisitor, machine, runInfo, median, printVisitReport, sample, sparseVisitor, WARM_UP } from "./common.js";
import { importWalker } from "../tests/targets.js";

const USAGE = "node --expose-gc bench/visit.js --encode PATH [--target-json JSON [--eager-target-json JSON]] [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --visit`)";


// Method → a call that runs it once and returns what the visitor saw (or the tree), with the
// target's `deserialize`, `walk` and `visit`, and a lazy target's eager twin (`eagerModule`; for
// an eager target, the target itself).
function methods(buffer, { deserialize, visit, walk }, eagerModule) {
  const lazy = eagerModule.walk !== walk;
  return {
    walk_full: () => {
      const { visitor, seen } = fullVisitor();
      walk(buffer, visitor);
      return seen();
    },
    walk_sparse: () => {
      const { visitor, seen } = sparseVisitor();
      walk(buffer, visitor);
      return seen();
    },
    eager: () => eagerModule.deserialize(buffer),
    eager_visit_full: () => {
      const { visitor, seen } = fullVisitor();
      eagerModule.visit(eagerModule.deserialize(buffer), visitor);
      return seen();
    },
    ...(lazy && {
      lazy_visit_full: () => {
        const { visitor, seen } = fullVisitor();
        visit(deserialize(buffer), visitor);
        return seen();
      },
    }),
  };
}

async function main() {
  const options = benchCommandLine(USAGE, { encode: true, json: true, target: "optional", eagerTarget: true });
  // The parser target's module, or the target's (an eager one with 64-bit buffers: xtask checks).
  const name = options.target?.name ?? "parser";
  const layout = options.target?.bufferLayout ?? "parser";
  // Each target's `walk.js`: its deserializer with the walker, one module for every method.
  const walkerOf = async (target) => (await importWalker(target)) ?? usageError(USAGE, `${target.name} has no walker (walk.js)`);
  const module = await (options.target === null ? import("../generated/npm/parser/walk.js") : walkerOf(options.target));
  const lazy = options.target?.lazy === true;
  if (lazy !== (options.eagerTarget !== null)) usageError(USAGE, "--eager-target-json goes with a lazy target, and a lazy target with it");
  const eagerModule = lazy ? await walkerOf(options.eagerTarget) : module;
  const METHODS = ["walk_full", "walk_sparse", "eager", "eager_visit_full", ...(lazy ? ["lazy_visit_full"] : [])];
  const results = [];
  for (const path of options.paths) {
    const source = readFileSync(path, "utf8");
    const { program } = parseFile(source, path);
    const buffer = produceBuffer(options.encode, layout, source, program);
    const run = methods(buffer, module, eagerModule);
    // The walks see what a visit of the tree sees.
    const sparse = sparseVisitor();
    eagerModule.visit(eagerModule.deserialize(buffer), sparse.visitor);
    assert.equal(run.walk_full(), run.eager_visit_full(), `${path}: walk_full`);
    assert.equal(run.walk_sparse(), sparse.seen(), `${path}: walk_sparse`);
    if (lazy) assert.equal(run.lazy_visit_full(), run.eager_visit_full(), `${path}: lazy_visit_full`);
    const times = sample(run, METHODS, options.samples);
    const ms = Object.fromEntries(METHODS.map((m) => [m, { median: median(times[m]) / 1e6, min: Math.min(...times[m]) / 1e6 }]));
    results.push({ path, bytes: Buffer.byteLength(source), classes: fileClasses(path), ms });
    console.error(`${path}: ` + METHODS.map((m) => `${m} ${ms[m].median.toFixed(2)} ms`).join(", "));
  }

  const ratios = {
    "walk_full ÷ eager_visit_full": (r) => r.ms.walk_full.median / r.ms.eager_visit_full.median,
    "walk_full ÷ eager": (r) => r.ms.walk_full.median / r.ms.eager.median,
    "walk_sparse ÷ eager": (r) => r.ms.walk_sparse.median / r.ms.eager.median,
    ...(lazy && { "lazy_visit_full ÷ eager_visit_full": (r) => r.ms.lazy_visit_full.median / r.ms.eager_visit_full.median }),
  };
  console.log(`${machine()}; the ${name} target: walk against deserialize and visit; median (min) ms; ${options.samples} samples after ${WARM_UP}.`);
  const twin = lazy ? ` of the eager ${options.eagerTarget.name} target` : "";
  console.log(`walk_full: every Identifier, its name read; walk_sparse: DebuggerStatement and ImportDeclaration; eager: deserialize${twin}; eager_visit_full: deserialize${twin}, then visit with walk_full's visitor${lazy ? "; lazy_visit_full: the lazy deserialize, then visit" : ""}.\n`);
  const geomeans = printVisitReport(results, METHODS, ratios);
  if (options.json) writeFileSync(options.json, JSON.stringify({ ...runInfo(options.samples), target: name, files: results, geomeans }, null, 2) + "\n");
}

await main();
