// `cargo xtask fuzz` (see its --help): makes the corpus buffers, then runs the targets' cases in two
// watched child processes (worker.js), two targets at a time with one child each (a child loads its
// target's corpus once: more children per target would load it again), or one target with both,
// and prints what they ended in.
//
// node tests/fuzz/run.js [--encode PATH] --target-json JSON... [--cases N] [--seed S] [--case I]
//
// Each target (tests/targets.js) reads the test producer's buffers of its layout (`--encode`, or the
// wasm32 producer for 32-bit targets) or oxc-parser's, of the JS corpus or, for TypeScript targets,
// of the JS and TypeScript one (`oxc.js`).

import { execFileSync, fork } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

import { parseFile } from "../acorn.js";
import { integerOption, parseCommandLine, usageError } from "../command-line.js";
import { count } from "../plural.js";
import { toJson } from "../conformance/estree-json.js";
import { WASM_PRODUCER } from "../conformance/wasm-producer.js";
import { TARGET_OPTION, targetsOption } from "../targets.js";
import { CORPUS, OXC_CORPUS } from "./corpus.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const WORK = join(ROOT, "target/fuzz");
const WORKER = new URL("./worker.js", import.meta.url).pathname;
const WASM_ENCODE = new URL("../conformance/wasm-encode.js", import.meta.url).pathname;
const USAGE = "node tests/fuzz/run.js [--encode PATH] --target-json JSON... [--cases N] [--seed S] [--case I] (run by `cargo xtask fuzz`)";

// The watchdog's bounds (docs/deserializers.md). A case of a file whose valid buffer takes `t` ms to
// read may take 2 s plus 8 t to read, and where the target has a walker, its walk of a buffer whose
// valid walk takes `w` ms 2 s plus 8 w more, plus a read's bound again for the tree it may build.
// A corrupt buffer's reads may run to about 4 times what the valid one's read (the budget,
// docs/design/budget.md), and along a pointer cycle every turn is
// read as deep as the stack allows, then left for later and read again from its top: what such a
// read costs follows the budget, so the buffer's size, more than the valid read's time
// (self-cycles in lodash.js take far longer than its valid read on oxlint-plugins and
// oxc-ts-range-parent: at 1 s plus 4 t, some runs found them hangs). A walk reads a buffer up to
// twice: its scan, bounded by the valid walk's time, then where nodes have parent links the whole
// tree, whose `parent` a visited node holds, bounded as a read is. A case holds
// up to two trees at once: the one `deserialize` read, which the walks are compared with, and the
// one a full walk builds; so a case of a buffer of `b` bytes may add 64 MiB plus 2 × 32 b to the RSS (on
// Linux, where a case's own peak can be measured), and a child's peak RSS may pass its level after
// loading the corpus by 256 MiB plus 16 times the largest buffer it holds (a leak across cases:
// past it, the child collects its garbage and what remains, of its RSS and of what it holds, is
// held to that bound).
const HANG_MS = 2000;
const HANG_FACTOR = 8;
const readLimit = (file) => HANG_MS + HANG_FACTOR * file.readMs;
const walkLimit = (file) => HANG_MS + HANG_FACTOR * file.walkMs + readLimit(file);
const CASE_RSS_SLACK = 64 * 2 ** 20;
const CASE_RSS_FACTOR = 32;
const CASE_TREES = 2;
const RSS_SLACK = 256 * 2 ** 20;
const RSS_FACTOR = 16;
const WORKERS = 2;

function commandLine() {
  const { values } = parseCommandLine(USAGE, {
    encode: { type: "string" },
    ...TARGET_OPTION,
    cases: { type: "string" },
    seed: { type: "string" },
    case: { type: "string" },
  });
  const targets = targetsOption(USAGE, values);
  if (!values.encode && targets.some((target) => target.format === "rawast")) usageError(USAGE, "targets of the test producer's buffers need --encode");
  return {
    encode: values.encode,
    targets,
    cases: integerOption(USAGE, values, "cases", 2000),
    seed: integerOption(USAGE, values, "seed", 1),
    only: integerOption(USAGE, values, "case", null),
  };
}

const jsonMade = new Set();

/**
 * The corpus buffers of one layout and pointer width, made by the producer (the native `encode` for
 * 64 bits, the wasm32 module for 32) unless they are newer than the producer and their files.
 * Returns the corpus description a worker reads.
 */
function buffers(options, layout, bits) {
  const dir = join(WORK, `${layout}-${bits}`);
  mkdirSync(dir, { recursive: true });
  const producer = bits === 64 ? options.encode : WASM_PRODUCER;
  const entries = CORPUS.map(({ path, weight }) => ({ name: path, weight, source: join(ROOT, path), stem: join(dir, basename(path).replace(/\W/g, "_")) }));
  const fresh = (entry) => existsSync(`${entry.stem}.bin`) && statSync(`${entry.stem}.bin`).mtimeMs > Math.max(statSync(producer).mtimeMs, statSync(entry.source).mtimeMs);
  const stale = entries.filter((entry) => !fresh(entry));
  if (stale.length > 0) {
    process.stderr.write(`fuzz: making ${count(stale.length, `${layout} buffer`)} (${bits}-bit)\n`);
    // acorn's trees, as the producer reads them, are the same for every layout: made once a run
    // (`jsonMade`).
    const jsonDir = join(WORK, "json");
    mkdirSync(jsonDir, { recursive: true });
    for (const name of readdirSync(jsonDir)) if (!name.endsWith(".json")) rmSync(join(jsonDir, name));
    for (const entry of stale) {
      const json = join(jsonDir, `${basename(entry.stem)}.json`);
      if (jsonMade.has(json)) continue;
      jsonMade.add(json);
      const source = readFileSync(entry.source, "utf8");
      const { program, comments } = parseFile(source, entry.source);
      writeFileSync(json, toJson({ source, program, comments }));
    }
    if (bits === 64) execFileSync(options.encode, ["--layout", layout, "--dir", jsonDir], { stdio: "inherit" });
    else execFileSync(process.execPath, [WASM_ENCODE, "--layout", layout, "--dir", jsonDir], { stdio: "inherit" });
    for (const entry of stale) {
      const made = join(jsonDir, `${basename(entry.stem)}.bin`);
      if (!existsSync(made)) throw new Error(`the producer made no buffer of ${entry.name}: ${readFileSync(join(jsonDir, `${basename(entry.stem)}.error`), "utf8")}`);
      writeFileSync(`${entry.stem}.bin`, readFileSync(made));
    }
  }
  const corpus = join(dir, "corpus.json");
  writeFileSync(corpus, JSON.stringify(entries.map((entry) => ({ name: entry.name, weight: entry.weight, bin: `${entry.stem}.bin` }))));
  return corpus;
}

/** The corpus description of oxc targets: source files, which each worker parses itself (TS ones for TS targets). */
function oxcCorpus(typescript) {
  const dir = join(WORK, typescript ? "oxc-ts" : "oxc-js");
  mkdirSync(dir, { recursive: true });
  const files = OXC_CORPUS.filter((file) => typescript || !file.ts);
  const corpus = join(dir, "corpus.json");
  writeFileSync(corpus, JSON.stringify(files.map(({ path, weight }) => ({ name: path, path: join(ROOT, path), weight }))));
  return corpus;
}

/** The corpus description the workers of `target` read. */
function corpusOf(options, target) {
  return target.format === "oxc" ? oxcCorpus(target.typescript) : buffers(options, target.bufferLayout, target.pointerWidth);
}

function mib(bytes) {
  return (bytes / 2 ** 20).toFixed(0);
}

/** A child process running cases of one target; `onMessage` gets what it reports. */
function startWorker(target, corpus, seed, onMessage, onExit) {
  // V8's heap is capped so that a blow-up the RSS check misses dies instead of taking the machine.
  const child = fork(WORKER, ["--target-json", JSON.stringify(target), "--corpus", corpus, "--seed", String(seed)], {
    execArgv: ["--max-old-space-size=6144", "--expose-gc"],
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  const worker = { child, ready: false, current: null, startedAt: 0, limitMs: 0, files: null, rssLimit: 0, stderr: "", killed: false };
  child.stderr.on("data", (chunk) => (worker.stderr = (worker.stderr + chunk).slice(-2000)));
  child.on("message", (message) => onMessage(worker, message));
  child.on("exit", (code, signal) => onExit(worker, code, signal));
  return worker;
}

/** Runs `cases` of `target` (or only case `only`) in `children` children; resolves to the counts. */
function campaign(options, target, corpus, children) {
  const counts = { cases: 0, error: 0, ast: 0, typeerror: 0, hang: 0, death: 0, blowup: 0, foreign: 0 };
  const failures = [];
  const indices = options.only !== null ? [options.only] : Array.from({ length: options.cases }, (_, i) => i);
  let next = 0;
  let lastProgress = Date.now();
  return new Promise((resolve, reject) => {
    const workers = new Set();
    const replay = (index) => `cargo xtask fuzz --target ${target.name} --seed ${options.seed} --case ${index}`;
    const fail = (kind, index, detail) => {
      counts[kind]++;
      counts.cases++;
      failures.push(`${target.name}: case ${index}: ${kind}: ${detail}\n  replay: ${replay(index)}`);
      process.stderr.write(`${failures[failures.length - 1]}\n`);
    };
    const dispatch = (worker) => {
      if (next >= indices.length) {
        worker.child.kill();
        return;
      }
      worker.current = { index: indices[next++] };
      worker.child.send({ index: worker.current.index, rssLimit: worker.rssLimit });
    };
    const spawn = () => {
      const worker = startWorker(target, corpus, options.seed, onMessage, onExit);
      workers.add(worker);
    };
    const finishIfDone = () => {
      if (workers.size === 0) {
        clearInterval(watchdog);
        resolve({ counts, failures });
      }
    };
    function onMessage(worker, message) {
      if (worker.killed) return;
      if (message.ready) {
        worker.ready = true;
        worker.walks = message.walks;
        worker.files = new Map(message.files.map((f) => [f.name, f]));
        worker.rssLimit = message.baselineRss + RSS_SLACK + RSS_FACTOR * Math.max(...message.files.map((f) => f.bytes));
        dispatch(worker);
      } else if (message.start !== undefined) {
        const file = worker.files.get(message.file);
        worker.current = { index: message.start, file: message.file, what: message.what };
        worker.limitMs = readLimit(file) + (worker.walks ? walkLimit(file) : 0);
        worker.startedAt = performance.now();
      } else if (message.done !== undefined) {
        const index = message.done;
        worker.current = null;
        const what = `${message.file}, ${message.kind}: ${message.description}`;
        const growthLimit = CASE_RSS_SLACK + CASE_TREES * CASE_RSS_FACTOR * worker.files.get(message.file).bytes;
        const grown = message.growth !== null && message.growth > growthLimit;
        const file = worker.files.get(message.file);
        if (message.readMs > readLimit(file)) fail("hang", index, `read for ${message.readMs.toFixed(0)} ms (limit ${readLimit(file).toFixed(0)} ms); ${what}`);
        else if (message.walkMs > walkLimit(file)) fail("hang", index, `walked for ${message.walkMs.toFixed(0)} ms (limit ${walkLimit(file).toFixed(0)} ms); ${what}`);
        else if (grown) fail("blowup", index, `the case added ${mib(message.growth)} MiB to the RSS (limit ${mib(growthLimit)} MiB); ${what}`);
        else if (message.maxRss > worker.rssLimit) fail("blowup", index, `RSS ${mib(message.maxRss)} MiB with its garbage collected, and as much held (limit ${mib(worker.rssLimit)} MiB); ${what}`);
        else if (message.outcome === "foreign") fail("foreign", index, `${what}\n  ${message.message.replace(/\n/g, "\n  ")}`);
        else {
          counts[message.outcome]++;
          counts.cases++;
          if (options.only !== null) process.stderr.write(`${target.name}: case ${index}: ${message.outcome} in ${message.readMs.toFixed(1)} ms, walked for ${message.walkMs.toFixed(1)} ms; ${what}\n`);
        }
        // A child whose peak RSS passed the bound would flag every case after, and so would one that
        // a case blew up (V8 keeps the heap it grew): start a fresh one.
        if (grown || message.maxRss > worker.rssLimit) {
          worker.killed = true;
          worker.child.kill("SIGKILL");
        } else dispatch(worker);
      }
    }
    function onExit(worker, code, signal) {
      workers.delete(worker);
      // (Node ends what it prints of an uncaught error with its version: the error's own line, and
      // the frame under it, say more.)
      const lines = worker.stderr.trim().split("\n");
      const error = lines.findLastIndex((line) => /^[A-Za-z]*Error\b/.test(line));
      const detail = `exit ${code ?? signal}; ${(error === -1 ? lines.slice(-3) : lines.slice(error, error + 2)).join(" | ")}`;
      if (!worker.ready && !worker.killed) return reject(new Error(`a fuzz worker of ${target.name} failed to start: ${detail}`));
      if (worker.current !== null && !worker.killed) fail("death", worker.current.index, `${detail}${worker.current.file ? `; ${worker.current.file}, ${worker.current.what}` : ""}`);
      // A child killed by the watchdog, or dead, is replaced while cases remain.
      if (next < indices.length) spawn();
      finishIfDone();
    }
    // The watchdog: a case past its time limit is a hang; its child is killed and replaced.
    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const worker of workers) {
        if (worker.current?.file && !worker.killed && now - worker.startedAt > worker.limitMs) {
          fail("hang", worker.current.index, `still running after ${(now - worker.startedAt).toFixed(0)} ms (limit ${worker.limitMs.toFixed(0)} ms); ${worker.current.file}, ${worker.current.what}`);
          worker.killed = true;
          worker.child.kill("SIGKILL");
        }
      }
      if (Date.now() - lastProgress > 10_000) {
        lastProgress = Date.now();
        process.stderr.write(`fuzz: ${target.name}: ${counts.cases} of ${count(indices.length, "case")}\n`);
      }
    }, 50);
    for (let i = 0; i < Math.min(children, indices.length); i++) spawn();
  });
}

async function main() {
  const options = commandLine();
  const rows = [];
  const totals = { cases: 0, hang: 0, death: 0, blowup: 0, foreign: 0 };
  // Every corpus first: making one blocks the event loop, which would stall a running campaign's
  // watchdog and messages (its case would seem to hang).
  const corpora = options.targets.map((target) => corpusOf(options, target));
  const atOnce = Math.min(WORKERS, options.targets.length);
  const children = Math.max(1, Math.floor(WORKERS / atOnce));
  // Oxlint's campaign, the longest, first: the others share the other child meanwhile.
  const queue = options.targets.map((_, index) => index).sort((a, b) => Number(options.targets[b].linter === true) - Number(options.targets[a].linter === true));
  let next = 0;
  const runNext = async () => {
    while (next < queue.length) {
      const index = queue[next++];
      const target = options.targets[index];
      const started = Date.now();
      const { counts } = await campaign(options, target, corpora[index], children);
      rows[index] = { target: target.name, ...counts, seconds: (Date.now() - started) / 1000 };
      for (const key of Object.keys(totals)) totals[key] += counts[key];
    }
  };
  await Promise.all(Array.from({ length: atOnce }, runNext));
  console.log("\n| target | cases | RawastBufferError | AST | TypeError (odd inputs) | hangs | deaths | blow-ups | foreign errors | s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.target} | ${row.cases} | ${row.error} | ${row.ast} | ${row.typeerror} | ${row.hang} | ${row.death} | ${row.blowup} | ${row.foreign} | ${row.seconds.toFixed(0)} |`);
  }
  // A command contract (DESIGN.md) that scripts parse: plural nouns whatever the counts.
  console.log(`fuzz: ${totals.cases} cases, ${totals.hang} hangs, ${totals.death} deaths, ${totals.blowup} blow-ups, ${totals.foreign} foreign errors`);
  process.exitCode = totals.hang + totals.death + totals.blowup + totals.foreign > 0 ? 1 : 0;
}

await main();
