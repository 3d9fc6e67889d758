// The whole call, end to end, in one Node process on the same files, interleaved (a fresh random
// order of methods per round; before each sample a collection and a turn of the event loop):
//
//   raw               parse(text) of @rawast-examples/jsonc: the text's UTF-8 written into the
//                     buffer the package reuses, the Rust parse there, then `deserialize` (plain
//                     objects)
//   raw_bytes         parse(bytes): the same from the file's bytes as read (no JS string, no
//                     conversion)
//   raw_lazy          parse(text) of @rawast-examples/jsonc-lazy: the same, then the lazy root
//   raw_walk_sparse   walkSource(text, { NullLiteral }): the parse, then a walk that visits one
//                     type (and skips by the word `null`)
//   json_route        JSON.parse(parseToJson(text)): the same parser, the same tree written as
//                     JSON in Rust (the text JSON.stringify writes of `raw`'s tree) and handed over
//                     as a string
//   parse_only        parseOnly(bytes): the Rust parse of the file's bytes alone, nothing handed
//                     over (the floor)
//   parse_into        the addon's parseInto of the bytes into a buffer grown beforehand, nothing
//                     deserialized: the parse and the hand-over
//   jsonc_parser      parseTree(text) of jsonc-parser, the JS parser VS Code uses: the tree of
//                     offsets a JS user picks today
//   json_parse_native JSON.parse(text), plain JSON files only: values only, a reference and not
//                     the same output
//
//   node --expose-gc bench/e2e.js [--samples N] [--per-class K] [--json FILE] [PATH...]
//
// A PATH is a file, or a directory whose *.json and *.jsonc files are taken (recursively);
// default: the JSON and JSONC files of the repository's pinned node_modules. Files are grouped by
// size (under 5 KB, 5 to 100 KB, 100 KB and more) and kind (plain JSON, or JSONC: comments or
// trailing commas), and at most K of each (default 6) are timed, spread over the sizes. Prints the
// machine, median µs per call per file, and per class the geometric means of raw against each
// reference with the goals of issue 56, then the lint pool's files per second with 1 and 2 workers
// on every file (bench/workers.js); --json writes the machine (`node`, `cpu`, `cores`, `date`, `samples`),
// `files[].{path,bytes,kind,ms}` with `ms.<method>` = `{ median, min }`, the geomeans and `workers`.

import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

import { parseTree } from "jsonc-parser";

import * as lazy from "../generated/npm/lazy/index.js";
import { parse, walkSource } from "../generated/npm/parser/index.js";
import { CLASSES, collect, geomean, grownFor, loadAddon, median, parses, pick, root, settle, shuffle, time } from "./harness.js";
import { poolThroughput, throughputTable } from "./workers.js";

/** The addon `parse` calls (one instance per thread), with `measure.rs`'s functions. */
const addon = loadAddon();
/** A sample runs a method this long at least, repeating the call: short calls are timed in batches. */
const SAMPLE_MS = 2;

/** The buffer `parse_into` builds into, grown per file before timing as `parse`'s is. */
let intoBuffer = new Uint8Array(new ArrayBuffer(1 << 20));
const sparseVisitor = { NullLiteral() {} };

const METHODS = {
  raw: (text) => parse(text),
  raw_bytes: (text, bytes) => parse(bytes),
  raw_lazy: (text) => lazy.parse(text),
  raw_walk_sparse: (text) => walkSource(text, sparseVisitor),
  json_route: (text) => JSON.parse(addon.parseToJson(text)),
  parse_only: (text, bytes) => addon.parseOnly(bytes),
  parse_into: (text, bytes) => addon.parseInto(bytes, intoBuffer),
  jsonc_parser: (text) => parseTree(text),
  json_parse_native: (text) => JSON.parse(text),
};

/** Each goal: a ratio of two methods' times, its bound, and the files it is over. */
const GOALS = [
  { ratio: ["raw", "json_route"], at_most: 0.35, over: ">= 100 KB", files: (f) => f.bytes >= 100_000 },
  { ratio: ["raw", "json_route"], at_most: 0.6, over: "< 5 KB", files: (f) => f.bytes < 5_000 },
  { ratio: ["raw", "jsonc_parser"], at_most: 0.2, over: ">= 100 KB", files: (f) => f.bytes >= 100_000 },
  { ratio: ["raw", "json_parse_native"], at_most: 1.5, over: "plain JSON >= 100 KB", files: (f) => f.bytes >= 100_000 && f.kind === "json" },
  { ratio: ["handover", "raw"], at_most: 0.05, over: "all", files: () => true },
  { ratio: ["raw", "parse_only"], at_most: null, over: "all", files: () => true },
  { ratio: ["raw_bytes", "json_parse_native"], at_most: null, over: "plain JSON >= 100 KB", files: (f) => f.bytes >= 100_000 && f.kind === "json" },
  { ratio: ["raw_bytes", "jsonc_parser"], at_most: null, over: ">= 100 KB", files: (f) => f.bytes >= 100_000 },
];

const options = commandLine();
const allPaths = options.paths.flatMap((path) => collect(resolve(path)));
const files = pick(
  allPaths,
  { perClass: options.perClass, accepts: (text) => parses(addon, text), kindOf: (text) => (isJson(text) ? "json" : "jsonc") },
);
if (files.length === 0) fail(`no JSON or JSONC file the parser accepts under ${options.paths.join(", ")}`);
const results = [];
for (const [i, file] of files.entries()) {
  console.error(`e2e.js: ${i + 1}/${files.length} ${relative(process.cwd(), file.path)} (${(file.bytes / 1e3).toFixed(1)} KB)`);
  results.push(await measure(file));
}
const workers = await poolThroughput(allPaths, options.samples);
report(results, workers);

function commandLine() {
  const { values, positionals } = parseArgs({
    options: { samples: { type: "string" }, "per-class": { type: "string" }, json: { type: "string" } },
    allowPositionals: true,
  });
  if (typeof globalThis.gc !== "function") fail("run Node with --expose-gc");
  const samples = Number(values.samples ?? 15);
  const perClass = Number(values["per-class"] ?? 6);
  if (!(samples >= 1 && perClass >= 1)) fail("--samples and --per-class take a positive number");
  const paths = positionals.length > 0 ? positionals : [join(root, "../../node_modules")];
  return { samples, perClass, json: values.json ?? null, paths };
}

function fail(message) {
  console.error(`e2e.js: ${message}`);
  process.exit(2);
}

function isJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Median and min ms per call of every method on one file. */
async function measure(file) {
  const { text } = file;
  const bytes = Buffer.from(text);
  // The methods must agree before they are timed: the JSON route's tree is raw's, and the lazy
  // tree materializes to it.
  const expected = JSON.stringify(parse(text));
  if (JSON.stringify(JSON.parse(addon.parseToJson(text))) !== expected) fail(`${file.path}: the JSON route's tree is not raw's`);
  if (JSON.stringify(lazy.parse(text)) !== expected) fail(`${file.path}: the lazy tree is not raw's`);
  if (JSON.stringify(parse(bytes)) !== expected) fail(`${file.path}: the tree of the bytes is not the text's`);
  const methods = Object.keys(METHODS).filter((name) => name !== "json_parse_native" || file.kind === "json");
  intoBuffer = grownFor(addon, text, intoBuffer);
  for (let i = 0; i < 5; i++) for (const name of methods) METHODS[name](text, bytes);
  const once = time(() => METHODS.raw(text), 3) / 3;
  const reps = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(once, 1e-3)));
  const times = Object.fromEntries(methods.map((name) => [name, []]));
  for (let round = 0; round < options.samples; round++) {
    for (const name of shuffle([...methods])) {
      await settle();
      const method = METHODS[name];
      times[name].push(time(() => method(text, bytes), reps) / reps);
    }
  }
  const ms = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, { median: median(list), min: Math.min(...list) }]));
  return { path: relative(process.cwd(), file.path), bytes: file.bytes, kind: file.kind, sizeClass: file.sizeClass, reps, ms };
}

/** A method's median ms on a file; `handover`, the hand-over of the reused buffer: parse_into − parse_only. */
function value(row, name) {
  if (name === "handover") return row.ms.parse_into.median - row.ms.parse_only.median;
  return row.ms[name]?.median;
}

function report(rows, workers) {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpu} (${cpus().length} cores), Node ${process.version}, ${options.samples} samples, ${date}`;
  console.log(`${machine}\n`);
  const names = Object.keys(METHODS);
  const cell = (ms) => (ms === undefined ? "" : (ms * 1e3 >= 100 ? (ms * 1e3).toFixed(0) : (ms * 1e3).toFixed(2)));
  console.log(`median µs per call\n| file | kind | KB | ${names.join(" | ")} |\n|---|---|---:|${names.map(() => "---:").join("|")}|`);
  for (const row of rows) {
    console.log(`| ${row.path} | ${row.kind} | ${(row.bytes / 1e3).toFixed(1)} | ${names.map((name) => cell(row.ms[name]?.median)).join(" | ")} |`);
  }
  console.log("\ngeometric means of per-file ratios (the hand-over's share: a median share, it may be below zero)");
  console.log("| ratio | files | value | goal |\n|---|---|---:|---|");
  const geomeans = [];
  for (const goal of GOALS) {
    const members = rows.filter((row) => goal.files(row) && goal.ratio.every((name) => value(row, name) !== undefined));
    if (members.length === 0) continue;
    const ratios = members.map((row) => value(row, goal.ratio[0]) / value(row, goal.ratio[1]));
    const result = goal.ratio[0] === "handover" ? median(ratios) : geomean(ratios);
    const met = goal.at_most === null ? "" : `≤ ${goal.at_most}: ${result <= goal.at_most ? "met" : "NOT met"}`;
    geomeans.push({ ratio: goal.ratio.join("/"), over: goal.over, files: members.length, value: result, at_most: goal.at_most });
    console.log(`| ${goal.ratio[0]} ÷ ${goal.ratio[1]} | ${goal.over} (${members.length}) | ${result.toFixed(3)} | ${met} |`);
  }
  console.log(`\nthe lint pool (lint/pool.js) on every file, files per second\n${throughputTable(workers)}`);
  if (options.json) {
    const files = rows.map(({ path, bytes, kind, ms }) => ({ path, bytes, kind, ms }));
    // (`cpu`, `cores`, `node`, `date` and `samples` apart too: `cargo xtask bench --report` prints them.)
    const run = { node: process.version, machine, cpu, cores: cpus().length, date, samples: options.samples };
    writeFileSync(options.json, `${JSON.stringify({ ...run, classes: CLASSES.map(({ name }) => name), files, geomeans, workers }, null, 2)}\n`);
  }
}
