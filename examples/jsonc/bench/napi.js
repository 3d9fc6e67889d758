// The whole call through the package's parser (generated/npm/parser/index.js and its addon, with
// `measure.rs` compiled in), and its parts, in one process on the same files,
// interleaved (a fresh random order of methods per round; before each sample, `gc()` and a turn of
// the event loop, in which Node frees the memory of collected external buffers):
//
//   external      deserialize(parseRaw(text)): parse, hand over without a copy, deserialize
//   copy          deserialize(parseRawCopy(text)): parse, copy once, deserialize
//   reused        parse(text): parse into the package's reused buffer, deserialize (the
//                 buffer is grown before timing, so no sample pays for growth)
//   parse_only    parseOnly(text): the Rust parse (text conversion included), nothing handed over
//   parse_external parseRaw(text): parse and hand over, no deserialize
//   parse_into    parseInto(text, buffer): parse into a reused buffer, no deserialize
//   handover_external  handOverStashed(): the hand-over alone of a buffer parsed beforehand
//   handover_copy copyStashed(): the copy alone
//   noop          noop(): a napi call that does nothing
//
//   node --expose-gc bench/napi.js [--samples N] [--per-class K] [--json FILE] [PATH...]
//
// A PATH is a file, or a directory whose *.json and *.jsonc files are taken (recursively); default:
// test/fixtures and ../../node_modules. Files are grouped by size (under 5 KB, 5 to 100 KB, 100 KB
// and more), and at most K of each (default 8), spread over the class's sizes, are timed. Prints
// each file's median µs per call and, per class, the median over files of each method, of each
// hand-over's share of its whole call, and of the reused path against the other two. The reused
// path's hand-over is `parse_into − parse_only` (a view and a result object, less the buffer
// allocation `parse_only` pays and `parse_into` does not), so its share may be below zero.

import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

import { deserialize, parse } from "../generated/npm/parser/index.js";
import { CLASSES, collect, grownFor, loadAddon, median, parses, pick, root, shuffle, time } from "./harness.js";

/** The addon the package loaded (one instance per thread): its raw and measuring functions. */
const addon = loadAddon();
/** A sample runs a method this long at least, repeating the call: short calls are timed in batches. */
const SAMPLE_MS = 2;
/**
 * Calls per sample of the hand-over alone and of `noop`, at least (one call is too short to time),
 * unless the stashed buffers would pass `STASH_BYTES`: V8 counts external memory, and collects
 * when much of it appears at once.
 */
const MIN_PART_REPS = 32;
const STASH_BYTES = 16e6;
const PARTS = new Set(["handover_external", "handover_copy", "noop"]);

/** The buffer `parse_into` builds into, grown per file before timing as `parse`'s is. */
let intoBuffer = new Uint8Array(new ArrayBuffer(1 << 20));

const METHODS = {
  external: (text) => deserialize(addon.parseRaw(text)),
  copy: (text) => deserialize(addon.parseRawCopy(text)),
  reused: (text) => parse(text),
  parse_only: (text) => addon.parseOnly(text),
  parse_external: (text) => addon.parseRaw(text),
  parse_into: (text) => addon.parseInto(text, intoBuffer),
  handover_external: () => addon.handOverStashed(),
  handover_copy: () => addon.copyStashed(),
  noop: () => addon.noop(),
};

const options = commandLine();
const files = pick(options.paths.flatMap((path) => collect(resolve(path))), { perClass: options.perClass, accepts: (text) => parses(addon, text) });
const results = [];
for (const file of files) results.push(await measure(file));
report(results);

function commandLine() {
  const { values, positionals } = parseArgs({
    options: { samples: { type: "string" }, "per-class": { type: "string" }, json: { type: "string" } },
    allowPositionals: true,
  });
  if (typeof globalThis.gc !== "function") fail("run Node with --expose-gc");
  const paths = positionals.length > 0 ? positionals : [join(root, "test/fixtures"), join(root, "../../node_modules")];
  return { samples: Number(values.samples ?? 15), perClass: Number(values["per-class"] ?? 8), json: values.json ?? null, paths };
}

function fail(message) {
  console.error(`napi.js: ${message}`);
  process.exit(2);
}

/** Median µs per call of every method on one file. */
async function measure(file) {
  const { text } = file;
  // Calls per sample: enough for `SAMPLE_MS` of the whole call, measured once after warming up.
  for (let i = 0; i < 5; i++) METHODS.external(text);
  // Both reused buffers grown to fit this file, so that samples time reuse and never growth.
  parse(text);
  intoBuffer = grownFor(addon, text, intoBuffer);
  const once = time(() => METHODS.external(text), 3) / 3;
  const reps = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(once, 1e-3)));
  const bufferBytes = addon.parseOnly(text);
  const times = Object.fromEntries(Object.keys(METHODS).map((name) => [name, []]));
  for (let round = 0; round < options.samples; round++) {
    for (const name of shuffle(Object.keys(METHODS))) {
      const calls = PARTS.has(name) ? Math.max(reps, Math.min(MIN_PART_REPS, Math.floor(STASH_BYTES / bufferBytes))) : reps;
      if (name === "handover_external" || name === "handover_copy") addon.stashParse(text, name === "handover_external" ? calls : 1);
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
      const method = METHODS[name];
      times[name].push((time(() => method(text), calls) * 1e3) / calls);
    }
  }
  const us = Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
  return { path: relative(root, file.path), bytes: file.bytes, buffer_bytes: bufferBytes, sizeClass: file.sizeClass, reps, us };
}

function report(rows) {
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  console.log(`${model} (${cpus().length} cores), Node ${process.version}, ${options.samples} samples\n`);
  const names = Object.keys(METHODS);
  const cell = (value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
  console.log(`median µs per call\n| file | KB | buffer KB | ${names.join(" | ")} |\n|---|---:|---:|${names.map(() => "---:").join("|")}|`);
  for (const row of rows) {
    console.log(`| ${row.path} | ${(row.bytes / 1e3).toFixed(1)} | ${(row.buffer_bytes / 1e3).toFixed(1)} | ${names.map((name) => cell(row.us[name])).join(" | ")} |`);
  }
  console.log("\nper size class, medians over files");
  console.log(
    "| class | files | external µs | copy µs | reused µs | parse_only µs | handover_external ÷ external | handover_copy ÷ copy | (parse_into − parse_only) ÷ reused | reused ÷ external | reused ÷ copy | copy ÷ external | external ÷ parse_only |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const summary = [];
  for (const { name } of CLASSES) {
    const members = rows.filter((row) => row.sizeClass === name);
    if (members.length === 0) continue;
    const of = (fn) => median(members.map(fn));
    const line = {
      class: name,
      files: members.length,
      external: of((r) => r.us.external),
      copy: of((r) => r.us.copy),
      reused: of((r) => r.us.reused),
      parse_only: of((r) => r.us.parse_only),
      parse_into: of((r) => r.us.parse_into),
      handover_external: of((r) => r.us.handover_external),
      handover_copy: of((r) => r.us.handover_copy),
      handover_share: of((r) => r.us.handover_external / r.us.external),
      copy_handover_share: of((r) => r.us.handover_copy / r.us.copy),
      reused_handover_share: of((r) => (r.us.parse_into - r.us.parse_only) / r.us.reused),
      reused_vs_external: of((r) => r.us.reused / r.us.external),
      reused_vs_copy: of((r) => r.us.reused / r.us.copy),
      copy_vs_external: of((r) => r.us.copy / r.us.external),
      difference_share: of((r) => (r.us.parse_external - r.us.parse_only) / r.us.external),
      external_vs_parse_only: of((r) => r.us.external / r.us.parse_only),
    };
    summary.push(line);
    const pct = (x) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `| ${name} | ${line.files} | ${cell(line.external)} | ${cell(line.copy)} | ${cell(line.reused)} | ${cell(line.parse_only)} | ${pct(line.handover_share)} | ${pct(line.copy_handover_share)} | ${pct(line.reused_handover_share)} | ${line.reused_vs_external.toFixed(3)} | ${line.reused_vs_copy.toFixed(3)} | ${line.copy_vs_external.toFixed(3)} | ${line.external_vs_parse_only.toFixed(2)} |`,
    );
  }
  if (options.json) writeFileSync(options.json, `${JSON.stringify({ node: process.version, cpu: model, files: rows, classes: summary }, null, 2)}\n`);
}

