// Visiting on oxc-parser's buffers: the walker of an oxc target (`walk`, reading the buffer and
// building only the visited nodes) against oxc's own ways to visit the same buffer: its eager
// deserializer followed by its `Visitor`, and its lazy mode (`experimentalLazy`: classes over the
// buffer, walked by its lazy visitor), beside deserializing with the target and visiting with its
// `visit`. Called by `cargo xtask bench --visit --target oxc-…`; see its --help.
//
// node --expose-gc bench/oxc-visit.js --target-json JSON [--json FILE] [--samples N] PATH...

import { readFileSync, writeFileSync } from "node:fs";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";
// oxc's lazy mode, on a buffer already parsed: what `parseSync(..., { experimentalLazy: true })`
// returns builds the same `ast` object and visits with these (oxc-parser's src-js/raw-transfer/lazy.js).
import { DATA_POINTER_POS_32, PROGRAM_OFFSET } from "oxc-parser/src-js/generated/constants.js";
import { walkProgram as lazyWalkProgram } from "oxc-parser/src-js/generated/lazy/walk.js";
import { TOKEN } from "oxc-parser/src-js/raw-transfer/lazy-common.js";
import { Visitor as LazyVisitor, getVisitorsArr } from "oxc-parser/src-js/raw-transfer/visitor.js";

import { usageError } from "../tests/command-line.js";
import { benchCommandLine, fileClasses, fullVisitor, machine, median, oxcParseOptions, printVisitReport, sample, sparseVisitor, WARM_UP } from "./common.js";
import { importWalker } from "../tests/targets.js";

const USAGE = "node --expose-gc bench/oxc-visit.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --visit --target oxc-…`)";
const { Visitor } = createRequire(import.meta.url)("oxc-parser");

// oxc's lazy nodes are named after oxc's Rust types: ESTree's `Identifier` is four of them.
const LAZY_IDENTIFIERS = ["IdentifierName", "IdentifierReference", "BindingIdentifier", "LabelIdentifier"];

/** The methods, each a call that runs it once and returns what its visitor saw (or the tree). */
function methods(args, rawast, oxc) {
  const [buffer, sourceText, sourceStartPos, sourceByteLen] = args;
  const lazy = (visitor) => {
    const ast = { buffer, sourceText, sourceStartPos, sourceByteLen, sourceIsAscii: sourceText.length === sourceByteLen, nodes: new Map(), token: TOKEN };
    lazyWalkProgram(buffer.int32[DATA_POINTER_POS_32] + PROGRAM_OFFSET, ast, getVisitorsArr(new LazyVisitor(visitor)));
  };
  const run = (visit, make) => () => {
    const { visitor, seen } = make();
    visit(visitor);
    return seen();
  };
  return {
    walk_full: run((visitor) => rawast.walk(...args, visitor), fullVisitor),
    walk_sparse: run((visitor) => rawast.walk(...args, visitor), sparseVisitor),
    oxc_eager_visitor_full: run((visitor) => new Visitor(visitor).visit(oxc.deserialize(...args).program), fullVisitor),
    oxc_lazy_visitor_full: run(lazy, () => fullVisitor(LAZY_IDENTIFIERS)),
    oxc_lazy_visitor_sparse: run(lazy, sparseVisitor),
    oxc_eager: () => oxc.deserialize(...args),
    eager_visit_full: run((visitor) => rawast.visit(rawast.deserialize(...args).program, visitor), fullVisitor),
    eager: () => rawast.deserialize(...args),
  };
}
const METHODS = ["walk_full", "walk_sparse", "oxc_eager_visitor_full", "oxc_lazy_visitor_full", "oxc_lazy_visitor_sparse", "oxc_eager", "eager_visit_full", "eager"];

async function main() {
  const options = benchCommandLine(USAGE, { json: true, target: true });
  const target = options.target;
  if (target.format !== "oxc" || target.linter || target.parent) usageError(USAGE, `${target.name} is not a target of oxc-parser's buffers without parents`);
  const typescript = target.variant.startsWith("ts");
  // The target's `walk.js`: its deserializer with the walker, one module for every method.
  const rawast = (await importWalker(target)) ?? usageError(USAGE, `${target.name} has no walker (walk.js)`);
  const oxc = await import(`oxc-parser/src-js/generated/deserialize/${target.referenceVariant}.js`);
  const results = [];
  for (const path of options.paths) {
    const source = readFileSync(path, "utf8");
    const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
    try {
      parseRawSync(path, buffer.block, sourceStartPos, sourceByteLen, oxcParseOptions(path, typescript));
      const run = methods([buffer, source, sourceStartPos, sourceByteLen], rawast, oxc);
      // The walks see what visits of the trees see (oxc's lazy nodes are other types: not compared).
      assert.equal(run.walk_full(), run.oxc_eager_visitor_full(), `${path}: walk_full`);
      assert.equal(run.walk_full(), run.eager_visit_full(), `${path}: walk_full against eager_visit_full`);
      const sparse = sparseVisitor();
      new Visitor(sparse.visitor).visit(oxc.deserialize(buffer, source, sourceStartPos, sourceByteLen).program);
      assert.equal(run.walk_sparse(), sparse.seen(), `${path}: walk_sparse`);
      const times = sample(run, METHODS, options.samples);
      const ms = Object.fromEntries(METHODS.map((m) => [m, { median: median(times[m]) / 1e6, min: Math.min(...times[m]) / 1e6 }]));
      results.push({ path, bytes: Buffer.byteLength(source), classes: fileClasses(path), ms });
      console.error(`${path}: ` + METHODS.map((m) => `${m} ${ms[m].median.toFixed(2)} ms`).join(", "));
    } finally {
      returnBufferToCache(buffer);
    }
  }

  const ratios = {
    "walk_full ÷ oxc_eager_visitor_full": (r) => r.ms.walk_full.median / r.ms.oxc_eager_visitor_full.median,
    "walk_sparse ÷ oxc_eager": (r) => r.ms.walk_sparse.median / r.ms.oxc_eager.median,
    "walk_full ÷ eager_visit_full": (r) => r.ms.walk_full.median / r.ms.eager_visit_full.median,
    "oxc_lazy_visitor_full ÷ oxc_eager": (r) => r.ms.oxc_lazy_visitor_full.median / r.ms.oxc_eager.median,
    "oxc_lazy_visitor_sparse ÷ oxc_eager": (r) => r.ms.oxc_lazy_visitor_sparse.median / r.ms.oxc_eager.median,
  };
  console.log(`${machine()}; the ${target.name} target's walker against oxc-parser's ${target.referenceVariant}.js and its lazy mode on the same buffers; median (min) ms; ${options.samples} samples after ${WARM_UP}.`);
  console.log(
    "walk_full: every Identifier, its name read (oxc_lazy_visitor_full: the four Rust types oxc's lazy nodes name them by); walk_sparse and oxc_lazy_visitor_sparse: DebuggerStatement and ImportDeclaration; oxc_eager_visitor_full: oxc's deserialize, then its Visitor; eager_visit_full: the target's deserialize, then its visit.\n",
  );
  const geomeans = printVisitReport(results, METHODS, ratios);
  if (options.json) writeFileSync(options.json, JSON.stringify({ node: process.version, machine: machine(), target: target.name, files: results, geomeans }, null, 2) + "\n");
}

await main();
