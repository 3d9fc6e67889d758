// The same-buffer benchmark of a target that reads oxc-parser's own buffers (`cargo xtask bench
// --target oxc-…`, see its --help): per file, oxc-parser parses once, then rawast's deserializer and
// oxc's own (the variant the target reproduces) read that very buffer, interleaved in one process,
// beside `JSON.parse` of the same tree, the type-shaped clone, and a construct-only floor.
//
// node --expose-gc bench/oxc.js --target-json JSON [--json FILE] [--samples N] PATH...
//
// The target (tests/targets.js, format `oxc`) names rawast's module and the variant of oxc's
// deserializer it reproduces (js, ts, js_range, ts_range).

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";

import { addParents, firstDifference } from "../tests/oxc/compare.js";
import { usageError } from "../tests/command-line.js";
import { benchCommandLine, countNodes, fileClasses, machine, runInfo, makeCloner, makeConstructor, median, oxcParseOptions, perCall, perCallReport, sample, SMALL, summaryLines, WARM_UP } from "./common.js";

const METHODS = ["rawast", "oxc", "json", "clone", "construct"];
// Timed per call on small files and the empty program.
const PER_CALL = ["rawast", "oxc"];

const USAGE = "node --expose-gc bench/oxc.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --target oxc-…`)";

/**
 * The command line, with the target's `module` and `variant` as `options.module` and
 * `options.variant`. A `_parent` target is measured against oxc's variant without parents (its
 * `referenceVariant`): oxc-parser 0.157 does not ship the one with.
 */
function commandLine() {
  const options = benchCommandLine(USAGE, { json: true, target: true });
  if (options.target.format !== "oxc") usageError(USAGE, `${options.target.name} does not read oxc-parser's buffers`);
  return { ...options, module: options.target.module, variant: options.target.variant };
}

function main() {
  const options = commandLine();
  const typescript = options.variant.startsWith("ts");
  return Promise.all([import(pathToFileURL(resolve(options.module)).href), import(`oxc-parser/src-js/generated/deserialize/${options.target.referenceVariant}.js`)]).then(([rawast, oxc]) => {
    const results = [];
    for (const path of options.paths) {
      const source = readFileSync(path, "utf8");
      const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
      parseRawSync(path, buffer.block, sourceStartPos, sourceByteLen, oxcParseOptions(path, typescript));
      const read = (module) => module.deserialize(buffer, source, sourceStartPos, sourceByteLen).program;
      const reference = read(oxc);
      // A `_parent` target is checked against oxc's tree given its parents (the JSON and clone
      // baselines stay those of the tree without: no cycles).
      const expected = options.target.parent ? addParents({ program: read(oxc) }).program : reference;
      const difference = firstDifference(expected, read(rawast));
      if (difference !== null) {
        console.error(`${path}: not timed, rawast's output differs from oxc's: ${difference}`);
        returnBufferToCache(buffer);
        continue;
      }
      // JSON has no BigInt or RegExp: strings and empty objects stand in (as for acorn's AST).
      const json = JSON.stringify(reference, (k, v) => (typeof v === "bigint" ? v.toString() : v instanceof RegExp ? {} : v));
      const clone = makeCloner(reference);
      const construct = makeConstructor(reference);
      const run = {
        rawast: () => read(rawast),
        oxc: () => read(oxc),
        json: () => JSON.parse(json),
        clone: () => clone(reference),
        construct,
      };
      const nodes = countNodes(reference);
      const times = sample(run, METHODS, options.samples);
      // A linter's or bundler's typical file is small: what one call costs there, in batches.
      const perCallUs = Buffer.byteLength(source) < SMALL ? perCall({ rawast: run.rawast, oxc: run.oxc }, PER_CALL, options.samples) : undefined;
      returnBufferToCache(buffer);
      const nsPerNode = Object.fromEntries(METHODS.map((m) => [m, median(times[m]) / nodes]));
      const minNsPerNode = Object.fromEntries(METHODS.map((m) => [m, Math.min(...times[m]) / nodes]));
      results.push({ path, bytes: Buffer.byteLength(source), classes: fileClasses(path), nodes, ns_per_node: nsPerNode, min: minNsPerNode, per_call_us: perCallUs });
      console.error(`${path}: ${(Buffer.byteLength(source) / 1024).toFixed(0)} KB, ${nodes} nodes; ns/node ` + METHODS.map((m) => `${m} ${nsPerNode[m].toFixed(1)}`).join(", "));
    }
    if (results.length === 0) throw new Error("no file was timed");
    // The fixed cost of a call: both on the empty program's buffer.
    const empty = prepareRaw("");
    parseRawSync("empty.js", empty.buffer.block, empty.sourceStartPos, empty.sourceByteLen, oxcParseOptions("empty.js", typescript));
    const readEmpty = (module) => () => module.deserialize(empty.buffer, "", empty.sourceStartPos, empty.sourceByteLen).program;
    const fixedCost = perCall({ rawast: readEmpty(rawast), oxc: readEmpty(oxc) }, PER_CALL, options.samples);
    returnBufferToCache(empty.buffer);

    const ratio = (r, other) => r.ns_per_node.rawast / r.ns_per_node[other];
    const others = METHODS.slice(1);
    const { geomean: summary, classGeomeans, lines } = summaryLines(results, others);

    console.log(`${machine()}; ${options.module} against oxc-parser's ${options.target.referenceVariant}.js on the same buffers; median (min) ns per node (nodes: objects with a \`type\`, in oxc's output); ${options.samples} samples after ${WARM_UP}.\n`);
    console.log(`| file | KB | nodes | ${METHODS.join(" | ")} | ${others.map((m) => `rawast ÷ ${m}`).join(" | ")} |`);
    console.log(`|---|---:|---:|${METHODS.map(() => "---:").join("|")}|${others.map(() => "---:").join("|")}|`);
    for (const r of results) {
      const cell = (m) => `${r.ns_per_node[m].toFixed(1)} (${r.min[m].toFixed(1)})`;
      console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${r.nodes} | ${METHODS.map(cell).join(" | ")} | ${others.map((m) => ratio(r, m).toFixed(2)).join(" | ")} |`);
    }
    const perCallLines = perCallReport(fixedCost, results, PER_CALL);
    console.log(`\n${perCallLines.table.join("\n")}`);
    // (Before the geomeans, which end every bench's output.)
    if (perCallLines.summary !== null) lines.splice(lines.length - 1, 0, perCallLines.summary);
    console.log(`\n${lines.join("\n")}`);

    if (options.json) {
      const out = {
        ...runInfo(options.samples),
        module: options.module,
        variant: options.variant,
        files: results.map((r) => ({ path: r.path, bytes: r.bytes, classes: r.classes, nodes: r.nodes, ns_per_node: r.ns_per_node, min_ns_per_node: r.min, ...(r.per_call_us && { per_call_us: r.per_call_us }) })),
        fixed_cost_us: fixedCost,
        geomean: summary,
        class_geomeans: classGeomeans,
      };
      writeFileSync(options.json, JSON.stringify(out, null, 2) + "\n");
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
