// Visiting on oxc-parser's buffers: the walker of an oxc target (`walk`, reading the buffer and
// building only the visited nodes) against oxc's own ways to visit the same buffer: its eager
// deserializer followed by its `Visitor`, and its lazy mode (`experimentalLazy`: classes over the
// buffer, walked by its lazy visitor), beside deserializing with the target and visiting with its
// `visit`. Called by `cargo xtask bench --visit --target oxc-…`; see its --help.
//
// node --expose-gc bench/oxc-visit.js --target-json JSON [--json FILE] [--samples N] PATH...

import { readFileSync, writeFileSync } from "node:fs";

import { benchCommandLine, fileClasses, machine, runInfo, median, printVisitReport, sample, WARM_UP } from "./common.js";
import { checkMethods, eachParsed, METHODS, visitModules } from "./oxc-visit-methods.js";

const USAGE = "node --expose-gc bench/oxc-visit.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --visit --target oxc-…`)";

async function main() {
  const options = benchCommandLine(USAGE, { json: true, target: true });
  const target = options.target;
  const modules = await visitModules(USAGE, target);
  const results = [];
  const sources = new Map(options.paths.map((path) => [path, readFileSync(path, "utf8")]));
  eachParsed(options.paths, sources, modules, (path, run, args) => {
    checkMethods(path, run, args, modules.oxc);
    const times = sample(run, METHODS, options.samples);
    const ms = Object.fromEntries(METHODS.map((m) => [m, { median: median(times[m]) / 1e6, min: Math.min(...times[m]) / 1e6 }]));
    results.push({ path, bytes: Buffer.byteLength(sources.get(path)), classes: fileClasses(path), ms });
    console.error(`${path}: ` + METHODS.map((m) => `${m} ${ms[m].median.toFixed(2)} ms`).join(", "));
  });

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
  if (options.json) writeFileSync(options.json, JSON.stringify({ ...runInfo(options.samples), target: target.name, files: results, geomeans }, null, 2) + "\n");
}

await main();
