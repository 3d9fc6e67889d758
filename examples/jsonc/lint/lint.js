// The example linter: the JSON and JSONC files under each PATH, linted by a pool of worker
// threads (`pool.js`), each parsing in-process through the package's addon and walking with the
// rules of `rules.js`. Prints each problem as `path:offset rule: message`, then
// `lint: F files, P problems, W workers, N files/s`; exits 1 if there are problems.
//
//   node lint/lint.js [--workers N] PATH...

import { availableParallelism } from "node:os";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";

import { collect } from "../bench/harness.js";
import { LintPool } from "./pool.js";

const { values, positionals } = parseArgs({ options: { workers: { type: "string" } }, allowPositionals: true });
const workers = Number(values.workers ?? availableParallelism());
if (!(workers >= 1) || positionals.length === 0) {
  console.error("usage: node lint/lint.js [--workers N] PATH...");
  process.exit(2);
}
const paths = positionals.flatMap((path) => collect(resolve(path)));
const pool = new LintPool(workers);
const start = performance.now();
const results = await pool.lint(paths);
const seconds = (performance.now() - start) / 1e3;
await pool.close();
let count = 0;
for (const { path, problems } of results) {
  for (const { rule, start: at, message } of problems) console.log(`${relative(process.cwd(), path)}${at === null ? "" : `:${at}`} ${rule}: ${message}`);
  count += problems.length;
}
console.log(`lint: ${paths.length} files, ${count} problems, ${workers} workers, ${Math.round(paths.length / seconds)} files/s`);
process.exitCode = count > 0 ? 1 : 0;
