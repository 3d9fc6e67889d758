// Instructions, not time: an A/B of two deserializers of Oxlint's buffers counted by Valgrind
// (cachegrind, no cache simulation), with V8 made deterministic (`--predictable`: one thread, its
// compilers and collector on it, fixed seeds). Two runs of one module differ by a few in 100,000,
// where on this shared machine two timings of one process differ by tens of per cent; what the
// count leaves out (cache misses, page faults, the other core) is for the timed benches to show.
//
// A process loads the module, reads every captured file once per pass, P passes, and exits; the
// same with 0, 1 and P passes gives what loading costs, the first (cold) pass, where V8 parses and
// compiles what the files need and runs it in its interpreter, and the mean of the passes after
// it. The counts take in V8's compilations, on the main thread here (in a real process they run
// on another thread, mostly), and its collections where they fall: compare windows of several
// passes. Valgrind runs a process 50 times slower: a few small files are enough for the cold pass.
//
// node bench/instructions.js [--passes P] A.js|oxlint B.js|oxlint FILE... (needs `valgrind`;
// `oxlint` is Oxlint 1.91.0's own deserializer, as bench/ab.js --oxlint has it)

import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { capturedIn, captureInto, oxlintBuffer, readerOf } from "../tests/oxlint/lint.js";

const USAGE = "node bench/instructions.js [--passes P] A.js|oxlint B.js|oxlint FILE... (needs valgrind)";
// V8 made deterministic: the same instructions on every run.
const V8_FLAGS = ["--predictable", "--hash-seed=1", "--random-seed=1"];

function commandLine() {
  const { values, positionals } = parseCommandLine(USAGE, { passes: { type: "string" }, child: { type: "string" } }, { positionals: true });
  if (values.child !== undefined) return { child: values.child, passes: integerOption(USAGE, values, "passes", 0, 0), module: positionals[0] };
  if (positionals.length < 3) usageError(USAGE, "two modules and at least one file are needed");
  const [a, b, ...files] = positionals;
  return { child: null, passes: integerOption(USAGE, values, "passes", 8, 2), modules: [a, b], files };
}

/** A child: `passes` passes over the captured files of `dir` with `module`, then exit. */
async function child(dir, passes, module) {
  const captured = capturedIn(dir);
  const read = await readerOf(module);
  const buffer = oxlintBuffer(captured[0].length);
  let kept = null;
  for (let pass = 0; pass < passes; pass++) {
    for (const { region, start, program } of captured) {
      buffer.set(region, start);
      kept = read(buffer, program);
      buffer.fill(0, start, start + region.length);
    }
  }
  if (passes > 0 && kept === null) throw new Error("nothing was read");
}

/** Instructions a child with `module` executes over `passes` passes. */
function instructions(dir, module, passes) {
  const run = spawnSync("valgrind", ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", process.execPath, ...V8_FLAGS, new URL(import.meta.url).pathname, "--child", dir, "--passes", String(passes), module], { encoding: "utf8", maxBuffer: 1 << 26 });
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr ?? "");
  if (run.status !== 0 || refs === null) throw new Error(`valgrind with ${module}, ${passes} passes, failed (status ${run.status}):\n${run.stderr}`);
  return Number(refs[1].replaceAll(",", ""));
}

async function main() {
  const options = commandLine();
  if (options.child !== null) return child(options.child, options.passes, options.module);
  try {
    execFileSync("valgrind", ["--version"], { stdio: "ignore" });
  } catch {
    usageError(USAGE, "valgrind is not installed (Debian: apt-get install valgrind)");
  }
  const dir = mkdtempSync(join(tmpdir(), "rawast-instructions-"));
  try {
    for (const file of captureInto(options.files, dir)) console.error(`${file}: not counted, Oxlint runs no plugin on it (it cannot parse it)`);
    const captured = capturedIn(dir);
    if (captured.length === 0) throw new Error("no file was captured");
    const rows = options.modules.map((module) => {
      console.error(`${module}: counting 0, 1 and ${options.passes} passes over ${captured.length} files`);
      const [none, one, all] = [0, 1, options.passes].map((passes) => instructions(dir, module, passes));
      return { module, load: none, first: one - none, later: (all - one) / (options.passes - 1) };
    });
    const m = (n) => (n / 1e6).toFixed(1).padStart(9);
    console.log(`Node ${process.version}, ${V8_FLAGS.join(" ")}; ${captured.length} files; millions of instructions\n`);
    console.log("| module | loading | first pass | each later pass (mean of " + (options.passes - 1) + ") |\n|---|---:|---:|---:|");
    for (const r of rows) console.log(`| ${r.module} | ${m(r.load)} | ${m(r.first)} | ${m(r.later)} |`);
    const [a, b] = rows;
    console.log(`\nB ÷ A: loading ${(b.load / a.load).toFixed(3)}, first pass ${(b.first / a.first).toFixed(3)}, later passes ${(b.later / a.later).toFixed(3)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
