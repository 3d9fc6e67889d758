// Visiting oxc-parser's buffers as a tool does: a process that parses each file and visits it once,
// file after file, with one way of visiting (the target's `walk`, or oxc's deserialize with or
// without its `Visitor`), garbage collected when V8 decides. Each process makes N passes over the
// files in order; the first warms up. Processes of the four methods alternate, three of each, in a
// new order per round, so every method meets the same machine. Parsing is not timed (the visit
// comes right after it, as in a linter or a bundler: the buffer is as warm for every method). The
// last result is kept until the next file, as a tool keeps the tree of the file it is on.
//
// bench/oxc-visit.js times each call alone after a forced collection, the regime of the visit
// goals: there a call touches every line of its code and data cold, which costs a small file's walk
// more than its work. This one is what a tool sees.
//
// node bench/oxc-visit-session.js --target-json JSON [--json FILE] [--samples N] PATH... (run by
// `cargo xtask bench --visit --target oxc-… --session`; N: passes per process, default 11)

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

import { fileClasses, geometricMean, machine, runInfo, median, medianPassMs, sessionCommandLine } from "./common.js";
import { checkMethods, eachParsed, visitModules } from "./oxc-visit-methods.js";

const USAGE = "node bench/oxc-visit-session.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --visit --target oxc-… --session`)";
const PROCESSES = 3;
// The methods the visit goals set side by side (bench/oxc-visit.js has the others).
const SESSION_METHODS = ["walk_sparse", "oxc_eager", "walk_full", "oxc_eager_visitor_full"];
const RATIOS = [
  ["walk_sparse", "oxc_eager"],
  ["walk_full", "oxc_eager_visitor_full"],
];

/** A child: `passes` passes over the files with one method; prints µs per call by file. */
function child(options, sources, modules) {
  const times = Object.fromEntries(options.paths.map((path) => [path, []]));
  let kept;
  for (let pass = 0; pass < options.passes; pass++) {
    eachParsed(options.paths, sources, modules, (path, run) => {
      const began = process.hrtime.bigint();
      kept = run[options.child]();
      const elapsed = Number(process.hrtime.bigint() - began) / 1e3;
      if (kept === undefined) throw new Error(`${options.child} returned nothing`);
      if (pass > 0) times[path].push(elapsed);
    });
  }
  process.stdout.write(JSON.stringify(times));
}

async function main() {
  // (`visitModules` refuses a target that is not of oxc-parser's buffers without parents.)
  const options = sessionCommandLine(USAGE, SESSION_METHODS);
  const modules = await visitModules(USAGE, options.target);
  const sources = new Map(options.paths.map((path) => [path, readFileSync(path, "utf8")]));
  if (options.child !== null) return child(options, sources, modules);
  // The walks see what visits of the trees see, before anything is timed.
  eachParsed(options.paths, sources, modules, (path, run, args) => checkMethods(path, run, args, modules.oxc));
  const times = Object.fromEntries(SESSION_METHODS.map((m) => [m, {}]));
  for (let round = 0; round < PROCESSES; round++) {
    // (Each round starts one method later: no method is always first on a machine just idle.)
    const order = SESSION_METHODS.map((_, i) => SESSION_METHODS[(i + round) % SESSION_METHODS.length]);
    for (const method of order) {
      console.error(`process ${round + 1} of ${PROCESSES}: ${method}, ${options.passes} passes over ${options.paths.length} files`);
      const args = [new URL(import.meta.url).pathname, "--child", method, "--target-json", JSON.stringify(options.target), "--samples", String(options.passes), ...options.paths];
      const out = execFileSync(process.execPath, args, { maxBuffer: 1 << 28, encoding: "utf8" });
      for (const [path, list] of Object.entries(JSON.parse(out))) (times[method][path] ??= []).push(...list);
    }
  }
  report(options, sources, times);
}

function report(options, sources, times) {
  const results = options.paths.map((path) => ({
    path,
    bytes: Buffer.byteLength(sources.get(path)),
    classes: fileClasses(path),
    us: Object.fromEntries(SESSION_METHODS.map((m) => [m, median(times[m][path])])),
  }));
  const name = ([a, b]) => `${a} ÷ ${b}`;
  console.log(
    `${machine()}; the ${options.target.name} target's walker against oxc-parser's ${options.target.referenceVariant}.js, as a tool runs one: one method per process, each file parsed (not timed) and visited once per pass, the last result kept, no forced collection; median µs per call over ${PROCESSES} processes × ${options.passes - 1} passes (after one warm-up pass).`,
  );
  console.log("walk_full: every Identifier, its name read; walk_sparse: DebuggerStatement and ImportDeclaration; oxc_eager_visitor_full: oxc's deserialize, then its Visitor.\n");
  console.log(`| file | KB | ${SESSION_METHODS.join(" | ")} | ${RATIOS.map(name).join(" | ")} |`);
  console.log(`|---|---:|${SESSION_METHODS.map(() => "---:").join("|")}|${RATIOS.map(() => "---:").join("|")}|`);
  for (const r of results) {
    const cells = SESSION_METHODS.map((m) => r.us[m].toFixed(1));
    const ratios = RATIOS.map(([a, b]) => (r.us[a] / r.us[b]).toFixed(3));
    console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${cells.join(" | ")} | ${ratios.join(" | ")} |`);
  }
  const passMs = Object.fromEntries(SESSION_METHODS.map((m) => [m, medianPassMs(times[m], options.paths)]));
  console.log(`\na pass over all ${results.length} files (median ms): ${SESSION_METHODS.map((m) => `${m} ${passMs[m].toFixed(2)}`).join(", ")}`);
  console.log(`the passes: ${RATIOS.map(([a, b]) => `${name([a, b])} ${(passMs[a] / passMs[b]).toFixed(3)}`).join(", ")}`);
  const geomeans = Object.fromEntries(RATIOS.map(([a, b]) => [name([a, b]), geometricMean(results, (r) => r.us[a] / r.us[b])]));
  console.log(`geomean: ${Object.entries(geomeans).map(([key, value]) => `${key} ${value.toFixed(3)}`).join(", ")}`);
  if (options.json) {
    writeFileSync(options.json, JSON.stringify({ ...runInfo(options.passes), target: options.target.name, regime: "session", files: results, pass_ms: passMs, geomeans }, null, 2) + "\n");
  }
}

await main();
