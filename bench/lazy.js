// Lazy vs eager deserialization, for consumers that visit all or part of the tree: the `parser`
// target (plain objects) and the `parser-lazy` target (getters that read on first access), each
// deserializing then running the same task. Called by `cargo xtask bench --lazy`; see its --help.
//
// node --expose-gc bench/lazy.js --encode PATH [--samples N] PATH...

import { readFileSync } from "node:fs";
import assert from "node:assert/strict";

import { deserialize as eagerDeserialize } from "../generated/npm/parser/deserialize.js";
import { deserialize as lazyDeserialize, VISITOR_KEYS } from "../generated/npm/parser-lazy/deserialize.js";
import { parseFile } from "../tests/acorn.js";
import { walk } from "../tests/support.js";
import { produceBuffer } from "./buffers.js";
import { benchCommandLine, geometricMean, median, sample, WARM_UP } from "./common.js";

const USAGE = "node --expose-gc bench/lazy.js --encode PATH [--samples N] PATH... (run by `cargo xtask bench --lazy`)";

// The tasks, each given a fresh program.
const TASKS = {
  // (a) every string literal's value
  strings(program) {
    const out = [];
    walk(program, VISITOR_KEYS, (node) => {
      if (node.type === "Literal" && typeof node.value === "string") out.push(node.value);
    });
    return out;
  },
  // (b) how many identifiers
  identifiers(program) {
    let count = 0;
    walk(program, VISITOR_KEYS, (node) => {
      if (node.type === "Identifier") count++;
    });
    return count;
  },
  // (c) a partial visit: the top-level statements' types
  statements(program) {
    return program.body.map((statement) => statement.type);
  },
};
const TASK_NAMES = Object.keys(TASKS);

function main() {
  const options = benchCommandLine(USAGE, { encode: true });
  const results = [];
  for (const path of options.paths) {
    const source = readFileSync(path, "utf8");
    const { program } = parseFile(source, path);
    const buffer = produceBuffer(options.encode, "parser", source, program);

    // Method `task/eager` or `task/lazy`: deserialize, then run the task on the program.
    const run = {};
    for (const task of TASK_NAMES) {
      run[`${task}/eager`] = () => TASKS[task](eagerDeserialize(buffer).program);
      run[`${task}/lazy`] = () => TASKS[task](lazyDeserialize(buffer).program);
      assert.deepEqual(run[`${task}/lazy`](), run[`${task}/eager`](), `${path}: ${task} differs`);
    }
    const methods = Object.keys(run);
    const times = sample(run, methods, options.samples);
    const ms = (method) => median(times[method]) / 1e6;
    const minMs = (method) => Math.min(...times[method]) / 1e6;
    const result = { path, bytes: Buffer.byteLength(source), ms: Object.fromEntries(methods.map((m) => [m, ms(m)])), min: Object.fromEntries(methods.map((m) => [m, minMs(m)])) };
    results.push(result);
    console.error(`${path}: ` + TASK_NAMES.map((t) => `${t} eager ${result.ms[`${t}/eager`].toFixed(1)} ms, lazy ${result.ms[`${t}/lazy`].toFixed(1)} ms`).join("; "));
  }

  const ratio = (r, task) => r.ms[`${task}/lazy`] / r.ms[`${task}/eager`];
  console.log(`\nNode ${process.version}; median (min) ms of deserialize + task, parser (eager) vs parser-lazy; ${options.samples} samples after ${WARM_UP}.`);
  console.log("Tasks: (a) every string literal's value, (b) count identifiers, both with a VISITOR_KEYS visitor; (c) the top-level statements' types.\n");
  console.log("| file | KB | (a) eager | (a) lazy | lazy ÷ eager | (b) eager | (b) lazy | lazy ÷ eager | (c) eager | (c) lazy | lazy ÷ eager |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const cell = (m) => `${r.ms[m].toFixed(2)} (${r.min[m].toFixed(2)})`;
    const cells = TASK_NAMES.flatMap((t) => [cell(`${t}/eager`), cell(`${t}/lazy`), ratio(r, t).toFixed(2)]);
    console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${cells.join(" | ")} |`);
  }
  const geomean = (task) => geometricMean(results, (r) => ratio(r, task));
  console.log(`\ngeomean lazy ÷ eager: ${TASK_NAMES.map((t, i) => `(${"abc"[i]}) ${t} ${geomean(t).toFixed(3)}`).join(", ")}`);
}

main();
