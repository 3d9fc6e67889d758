// The lint pool's throughput (lint/pool.js) with 1 worker and with 2: files per second of the
// whole pool, on the same files, the two pools started and warmed up front and run in turn, a
// fresh random order per round; with 2 cores, 2 workers should lint at least 1.7 times the files
// per second of 1.
//
//   node bench/workers.js [--samples N] [--json FILE] [PATH...]
//
// A PATH is a file, or a directory whose *.json and *.jsonc files are taken (recursively);
// default: the pinned node_modules. A sample lints every file, as many times as make it last
// 200 ms or more with one worker. Prints the machine, the median files/s of each pool and the ratio
// of the medians; --json writes them.

import { writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { LintPool } from "../lint/pool.js";
import { collect, median, root, shuffle } from "./harness.js";

/**
 * The lint pool's files per second with 1 worker and with 2 on `paths`: the median of `samples`
 * samples each, the pools run in turn.
 */
export async function poolThroughput(paths, samples) {
  const pools = { 1: new LintPool(1), 2: new LintPool(2) };
  try {
    // Warm-up: each worker loads the package and optimizes its code; then the passes a sample takes.
    for (const pool of Object.values(pools)) for (let i = 0; i < 3; i++) await pool.lint(paths);
    let passes = 1;
    while ((await timed(pools[1], paths, passes)) < 200) passes *= 2;
    const filesPerSecond = { 1: [], 2: [] };
    for (let round = 0; round < samples; round++) {
      for (const size of shuffle(["1", "2"])) filesPerSecond[size].push((paths.length * passes) / ((await timed(pools[size], paths, passes)) / 1e3));
    }
    const [one, two] = [median(filesPerSecond[1]), median(filesPerSecond[2])];
    return { files: paths.length, passes, files_per_second: { 1: one, 2: two }, ratio: two / one };
  } finally {
    await Promise.all(Object.values(pools).map((pool) => pool.close()));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({ options: { samples: { type: "string" }, json: { type: "string" } }, allowPositionals: true });
  const samples = Number(values.samples ?? 9);
  const paths = (positionals.length > 0 ? positionals : [join(root, "../../node_modules")]).flatMap((path) => collect(resolve(path)));
  if (!(samples >= 1) || paths.length === 0) {
    console.error("usage: node bench/workers.js [--samples N] [--json FILE] [PATH...] (with JSON or JSONC files)");
    process.exit(2);
  }
  const result = await poolThroughput(paths, samples);
  const machine = `${cpus()[0]?.model.trim() ?? "unknown CPU"} (${availableParallelism()} cores), Node ${process.version}, ${samples} samples, ${new Date().toISOString().slice(0, 10)}`;
  console.log(`${machine}\n${throughputTable(result)}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
}

/** The pool's figures as a markdown table and a line with the ratio. */
export function throughputTable({ files, passes, files_per_second, ratio }) {
  return `| workers | files/s (median) |\n|---:|---:|\n| 1 | ${files_per_second[1].toFixed(0)} |\n| 2 | ${files_per_second[2].toFixed(0)} |\n2 workers ÷ 1: ${ratio.toFixed(2)} (goal ≥ 1.7 on 2 cores; ${files} files, ${passes} passes a sample)`;
}

/** ms that `pool` takes to lint every file of `paths` `passes` times, as one list (one wait for the last worker). */
async function timed(pool, paths, passes) {
  const list = Array.from({ length: passes }, () => paths).flat();
  const start = performance.now();
  await pool.lint(list);
  return performance.now() - start;
}
