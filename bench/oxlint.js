// The same-buffer benchmark of the `oxlint` target (`linter = true`, tests/oxc/codegen.toml) against
// Oxlint 1.91.0's own deserializer, on buffers Oxlint wrote: Oxlint lints the files with a capture
// plugin (tests/oxlint/capture-plugin.js), each file's buffer is put back at its offsets in a
// buffer of Oxlint's size, and both deserializers read it there, alternating, with the baselines
// of bench/oxc.js (JSON.parse of the same tree, a clone, the construct-only floor; all three of the
// tree without its `parent` links, which JSON cannot hold) and, per call, on files under 5 KB and on
// the empty program (the fixed cost of a call: Oxlint's buffer of an empty file).
//
// Oxlint's deserializer is not exported: `oxlintReader` (tests/oxlint/lint.js) cuts it out of the
// pinned package's bundle, and it is timed as Oxlint calls it: the source text decoded from the
// buffer (`initSourceText`), then `deserializeProgramOnly`. Neither side's comments, tokens or `loc` are
// read (they are read on demand in both; tests/oxlint/conformance.js compares them).
//
// node --expose-gc bench/oxlint.js --target-json JSON [--json FILE] [--samples N] PATH... (run by
// `cargo xtask bench --target oxlint-plugins`)

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { usageError } from "../tests/command-line.js";
import { captureBuffers, oxlintBuffer, oxlintReader, treeDifference } from "../tests/oxlint/lint.js";
import { benchCommandLine, countNodes, fileClasses, machine, runInfo, makeCloner, makeConstructor, median, perCall, perCallReport, sample, SMALL, summaryLines, WARM_UP } from "./common.js";

const METHODS = ["rawast", "oxlint", "json", "clone", "construct"];
const PER_CALL = ["rawast", "oxlint"];
const USAGE = "node --expose-gc bench/oxlint.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --target oxlint-plugins`)";

function commandLine() {
  const options = benchCommandLine(USAGE, { json: true, target: true });
  if (!options.target.linter) usageError(USAGE, `${options.target.name} does not read Oxlint's buffers (linter = true)`);
  return options;
}

/**
 * The tree without `parent` links and the program's getters, for JSON and the other baselines.
 * The getters are left unread: `JSON.stringify` calls a getter before its replacer sees the key,
 * and reading rawast's `comments` and `tokens` would build them and keep them alive into the
 * samples (one more large tree for every collection to trace, in rawast's process only).
 */
function plainTree(value) {
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (value instanceof RegExp) return {};
  if (Array.isArray(value)) return value.map(plainTree);
  const plain = {};
  for (const key of Object.keys(value)) {
    if (key !== "parent" && key !== "comments" && key !== "tokens") plain[key] = plainTree(value[key]);
  }
  return plain;
}

/**
 * The fixed cost of a call, in µs: both deserializers on Oxlint's buffer of an empty file (`empty`,
 * as `captureBuffers` gives it), put back into `buffer`, checked to read the same tree first.
 */
function fixedCostOf(buffer, empty, deserialize, oxlintRead, samples) {
  buffer.set(empty.region, empty.start);
  try {
    const oxlint = () => oxlintRead(buffer, empty.program);
    const rawast = () => deserialize(buffer);
    const difference = treeDifference(oxlint(), rawast());
    if (difference !== null) throw new Error(`the empty file: rawast's output differs from Oxlint's: ${difference}`);
    return perCall({ rawast, oxlint }, PER_CALL, samples, { keepLast: true });
  } finally {
    buffer.fill(0, empty.start, empty.start + empty.region.length);
  }
}

// Both deserializers' first trees of the file being timed (see `main`).
let firstTrees = null;

async function main() {
  const options = commandLine();
  const module = resolve(options.target.module);
  const { deserialize } = await import(pathToFileURL(module).href);
  const oxlintRead = await oxlintReader();
  // The files, and an empty one: the fixed cost of a call is timed on Oxlint's buffer of it.
  const emptyDir = mkdtempSync(join(tmpdir(), "rawast-bench-empty-"));
  const emptyFile = join(emptyDir, "empty.js");
  writeFileSync(emptyFile, "");
  let captured, unlinted;
  try {
    ({ captured, unlinted } = captureBuffers([...options.paths, emptyFile]));
  } finally {
    rmSync(emptyDir, { recursive: true, force: true });
  }
  for (const file of unlinted) console.error(`${file}: not timed, Oxlint runs no plugin on it (it cannot parse it)`);
  const empty = captured.find((c) => c.file === emptyFile);
  if (empty === undefined) throw new Error("Oxlint ran no plugin on an empty file: the fixed cost of a call cannot be timed");
  captured = captured.filter((c) => c !== empty);
  if (captured.length === 0) throw new Error("no file was captured");
  const buffer = oxlintBuffer(captured[0].length);
  const results = [];
  for (const { file, region, start: regionStart, program } of captured) {
    buffer.set(region, regionStart);
    const oxlint = () => oxlintRead(buffer, program);
    const rawast = () => deserialize(buffer);
    const reference = oxlint();
    const tree = rawast();
    const difference = treeDifference(reference, tree);
    if (difference !== null) {
      console.error(`${file}: not timed, rawast's output differs from Oxlint's: ${difference}`);
      buffer.fill(0, regionStart, regionStart + region.length);
      continue;
    }
    // (From rawast's tree, equal to Oxlint's but for getters that work without Oxlint's runtime.)
    const plain = plainTree(tree);
    const json = JSON.stringify(plain);
    const clone = makeCloner(plain);
    const construct = makeConstructor(plain);
    const run = { rawast, oxlint, json: () => JSON.parse(json), clone: () => clone(plain), construct };
    const nodes = countNodes(plain);
    // Oxlint keeps the tree of the file it lints until the next one (its runtime's `ast`): so do
    // the samples, for every method (`keepLast`, bench/common.js).
    // Each side's first tree of the file stays alive through all its samples, both or neither: a
    // tree alive across the collections keeps its nodes' hidden classes, and the code optimized
    // for them. When only Oxlint's (the reference) stayed, the collections threw away rawast's code
    // for this file's nodes but not Oxlint's, and rawast ran its warm-up and samples half
    // re-optimized, with many more clearings of rawast's code than of Oxlint's, which made rawast
    // look slower than it is with both trees alive.
    firstTrees = [reference, tree];
    const times = sample(run, METHODS, options.samples, { keepLast: true });
    const source = buffer.int32[(program + 24) >> 2];
    const result = {
      path: file,
      bytes: source,
      classes: fileClasses(file),
      nodes,
      ns_per_node: Object.fromEntries(METHODS.map((m) => [m, median(times[m]) / nodes])),
      min: Object.fromEntries(METHODS.map((m) => [m, Math.min(...times[m]) / nodes])),
    };
    // A linter's typical file is small: what one call costs there, fixed costs included.
    if (source < SMALL) result.per_call_us = perCall({ rawast, oxlint }, PER_CALL, options.samples, { keepLast: true });
    results.push(result);
    console.error(`${file}: ${(source / 1024).toFixed(0)} KB, ${nodes} nodes; ns/node ` + METHODS.map((m) => `${m} ${result.ns_per_node[m].toFixed(1)}`).join(", "));
    firstTrees = null;
    buffer.fill(0, regionStart, regionStart + region.length);
  }
  if (results.length === 0) throw new Error("no file was timed");
  const fixedCost = fixedCostOf(buffer, empty, deserialize, oxlintRead, options.samples);

  const others = METHODS.slice(1);
  const { geomean, classGeomeans, lines } = summaryLines(results, others);
  console.log(`${machine()}; ${options.target.module} against Oxlint 1.91.0's deserializer (source decode + deserializeProgramOnly) on the same buffers; median (min) ns per node; ${options.samples} samples after ${WARM_UP}.\n`);
  console.log(`| file | KB | nodes | ${METHODS.join(" | ")} | ${others.map((m) => `rawast ÷ ${m}`).join(" | ")} |`);
  console.log(`|---|---:|---:|${METHODS.map(() => "---:").join("|")}|${others.map(() => "---:").join("|")}|`);
  for (const r of results) {
    const cell = (m) => `${r.ns_per_node[m].toFixed(1)} (${r.min[m].toFixed(1)})`;
    console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${r.nodes} | ${METHODS.map(cell).join(" | ")} | ${others.map((m) => (r.ns_per_node.rawast / r.ns_per_node[m]).toFixed(2)).join(" | ")} |`);
  }
  const perCallLines = perCallReport(fixedCost, results, PER_CALL);
  console.log(`\n${perCallLines.table.join("\n")}`);
  // (Before the geomeans, which end every bench's output.)
  if (perCallLines.summary !== null) lines.splice(lines.length - 1, 0, perCallLines.summary);
  console.log(`\n${lines.join("\n")}`);
  if (options.json) {
    writeFileSync(options.json, JSON.stringify({ ...runInfo(options.samples), module: options.target.module, files: results, fixed_cost_us: fixedCost, geomean, class_geomeans: classGeomeans }, null, 2) + "\n");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
