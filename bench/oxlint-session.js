// The Oxlint target against Oxlint's own deserializer as Oxlint runs one: a process with one
// deserializer that reads every file's buffer once in turn, the last tree kept until the next file,
// garbage collected when V8 decides (no forced collection, no other method in the process). Each
// process makes N passes over the files in order; the first warms up. Processes alternate (rawast,
// Oxlint, rawast, …; three each), so both meet the same machine. Prints per file the median µs
// per read over all passes after the first, rawast ÷ Oxlint, how many files rawast is slower on,
// the geometric mean, and the median time of a whole pass. A collection falls on whichever file's
// read crosses V8's threshold, and the two deserializers allocate differently: one file's figure
// may hold another's garbage; a pass's total holds all of it.
//
// bench/oxlint.js times each call alone after a forced collection (with the last tree kept): a
// regime of its own, where what V8 throws away at each collection dominates. This one is what a
// linter's JS side sees.
//
// node bench/oxlint-session.js --target-json JSON [--json FILE] [--samples N] PATH... (run by
// `cargo xtask bench --target oxlint-plugins --session`; N: passes per process, default 11)

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { usageError } from "../tests/command-line.js";
import { capturedIn, captureInto, oxlintBuffer, readerOf, treeDifference } from "../tests/oxlint/lint.js";
import { classLines, fileClasses, geometricMean, machine, runInfo, median, medianPassMs, sessionCommandLine } from "./common.js";

const USAGE = "node bench/oxlint-session.js --target-json JSON [--json FILE] [--samples N] PATH... (run by `cargo xtask bench --target oxlint-plugins --session`)";
const PROCESSES = 3;

function commandLine() {
  const options = sessionCommandLine(USAGE, ["rawast", "oxlint"]);
  if (!options.target.linter) usageError(USAGE, `${options.target.name} does not read Oxlint's buffers (linter = true)`);
  return options;
}

/** A reader of one deserializer, `rawast` (the target's module) or `oxlint`: `read(buffer, program)`. */
function reader(which, module) {
  return readerOf(which === "oxlint" ? "oxlint" : module);
}

/** A child: `passes` passes over the files, each read once per pass; prints µs per read by file. */
async function child(options, dir) {
  const files = capturedIn(dir);
  const read = await reader(options.child, options.target.module);
  const buffer = oxlintBuffer(files[0].length);
  const times = Object.fromEntries(files.map((f) => [f.file, []]));
  let kept;
  for (let pass = 0; pass < options.passes; pass++) {
    for (const { file, region, start, program } of files) {
      buffer.set(region, start);
      const began = process.hrtime.bigint();
      kept = read(buffer, program);
      const elapsed = Number(process.hrtime.bigint() - began) / 1e3;
      if (pass > 0) times[file].push(elapsed);
      buffer.fill(0, start, start + region.length);
    }
  }
  if (kept === undefined) throw new Error("nothing was read");
  process.stdout.write(JSON.stringify(times));
}

async function main() {
  const options = commandLine();
  const [dir] = options.paths;
  if (options.child !== null) return child(options, dir);
  const work = mkdtempSync(join(tmpdir(), "rawast-oxlint-session-"));
  try {
    for (const file of captureInto(options.paths, work)) console.error(`${file}: not timed, Oxlint runs no plugin on it (it cannot parse it)`);
    // Only files whose trees are the same are timed.
    const files = capturedIn(work);
    const [rawast, oxlint] = [await reader("rawast", options.target.module), await reader("oxlint")];
    const buffer = oxlintBuffer(files[0]?.length ?? 0);
    for (const { file, region, start, program } of files) {
      buffer.set(region, start);
      const difference = treeDifference(oxlint(buffer, program), rawast(buffer, program));
      buffer.fill(0, start, start + region.length);
      if (difference !== null) throw new Error(`${file}: rawast's output differs from Oxlint's: ${difference}`);
    }
    const times = { rawast: {}, oxlint: {} };
    for (let round = 0; round < PROCESSES; round++) {
      for (const which of ["rawast", "oxlint"]) {
        console.error(`process ${round + 1} of ${PROCESSES}: ${which}, ${options.passes} passes over ${files.length} files`);
        const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, "--child", which, "--target-json", JSON.stringify(options.target), "--samples", String(options.passes), work], { maxBuffer: 1 << 28, encoding: "utf8" });
        for (const [file, list] of Object.entries(JSON.parse(out))) (times[which][file] ??= []).push(...list);
      }
    }
    report(options, files, times);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function report(options, files, times) {
  const results = files.map(({ file, region, start, program }) => {
    const source = region.readInt32LE(program + 24 - start);
    return { path: file, bytes: source, classes: fileClasses(file), rawast_us: median(times.rawast[file]), oxlint_us: median(times.oxlint[file]) };
  });
  console.log(`${machine()}; ${options.target.module} against Oxlint 1.91.0's deserializer, as a linter runs one: one deserializer per process, every file read once per pass, the last tree kept, no forced collection; median µs per read over ${PROCESSES} processes × ${options.passes - 1} passes (after one warm-up pass).\n`);
  console.log("| file | KB | rawast µs | Oxlint µs | rawast ÷ Oxlint |\n|---|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${r.rawast_us.toFixed(1)} | ${r.oxlint_us.toFixed(1)} | ${(r.rawast_us / r.oxlint_us).toFixed(2)} |`);
  const ratio = (r) => r.rawast_us / r.oxlint_us;
  const geomean = geometricMean(results, ratio);
  const classes = classLines(results, ratio, "oxlint");
  const names = files.map((f) => f.file);
  const passes = { rawast_ms: medianPassMs(times.rawast, names), oxlint_ms: medianPassMs(times.oxlint, names) };
  console.log(`\na pass over all ${results.length} files (median): rawast ${passes.rawast_ms.toFixed(1)} ms, Oxlint ${passes.oxlint_ms.toFixed(1)} ms, rawast ÷ oxlint ${(passes.rawast_ms / passes.oxlint_ms).toFixed(3)}`);
  console.log(`slower than oxlint on ${results.filter((r) => ratio(r) > 1).length} of ${results.length} files`);
  for (const line of classes.lines) console.log(line);
  console.log(`geomean: rawast ÷ oxlint ${geomean.toFixed(3)}`);
  if (options.json) writeFileSync(options.json, JSON.stringify({ ...runInfo(options.passes), module: options.target.module, regime: "session", files: results, pass: passes, geomean: { rawast_vs_oxlint: geomean }, class_geomeans: classes.geomeans }, null, 2) + "\n");
}

await main();
