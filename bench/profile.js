// Where a deserializer spends its time on a file: deserializes the file's buffer N times (after N
// warm-up calls) back to back under V8's CPU profiler (setup excluded) and prints the top functions
// by self time, in per cent and in µs per call.
//
// node bench/profile.js --encode PATH FILE [N] [--oxc] [--by-kind] [--save FILE.cpuprofile]
// node bench/profile.js --oxc-target MODULE [--typescript] FILE [N] [--oxc] [--by-kind] [--save FILE.cpuprofile]
//
// By default, rawast's `parser` target on the buffer the Rust producer (`--encode`) writes; `--oxc`
// profiles oxc-parser's deserializer on its buffer of the file instead, for comparison. With
// `--oxc-target MODULE`, a rawast target of oxc's format (tests/oxc/generated/js/oxc-js/…) on
// oxc-parser's buffer of the file, and with `--oxc` oxc's own deserializer of the same variant
// (`--typescript`: the TS one) on that same buffer. `--by-kind` also sums the self time by the kind
// of source line it falls on (dispatch, pointers, strings, arrays, nodes), so that two generated
// styles (rawast's and oxc's) can be set side by side: V8 puts an inlined function's time on its
// own lines.
import { Session } from "node:inspector/promises";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prepareRaw } from "oxc-parser/src-js/raw-transfer/common";
import { parseRawSync } from "oxc-parser/src-js/bindings";

import { isJsx, parseFile } from "../tests/acorn.js";
import { parseCommandLine, usageError } from "../tests/command-line.js";
import { produceBuffer } from "./buffers.js";
import { oxcParseOptions } from "./common.js";

const USAGE = "node bench/profile.js (--encode PATH | --oxc-target MODULE [--typescript]) FILE [N] [--oxc] [--by-kind] [--save FILE.cpuprofile]";

/**
 * Self time per function (and the garbage collector), the top 20, as a markdown table: per cent of
 * the profile, and µs per call (the profile's duration over `rounds`), to set two profiles side by side.
 */
function summarize(profile, rounds) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  let total = 0;
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || "(anonymous)"}${url ? ` ${url.split("/").pop()}:${lineNumber + 1}` : ""}`;
    self.set(name, (self.get(name) ?? 0) + count);
    total += count;
  }
  const perCall = (profile.endTime - profile.startTime) / rounds;
  console.log(`${perCall.toFixed(2)} µs per call under the profiler\n`);
  console.log("| function | self % | µs per call |\n|---|---:|---:|");
  for (const [name, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`| ${name} | ${((100 * count) / total).toFixed(1)} | ${((perCall * count) / total).toFixed(2)} |`);
  }
}

// Kinds of lines of a generated deserializer, tried in order; the rest is "nodes" (objects, their
// fields, the calls that read them). The patterns cover rawast's code and oxc's.
const KINDS = [
  // (A case's boxed payload, read in place: `return deserializeX(readPaidPointer(pos + 8, …))`.)
  ["dispatch (enum switches and cases)", /switch \(|^\s*case |^\s*default:|return deserialize(Box\w+\(pos|\w+\(read(Paid)?Pointer\(pos)/],
  ["pointers (Box reads, checks, budget)", /readPointer|budget|overBudget|target >= lo|^\s*return int32\[pos >> 2\];|^\s*return deserialize\w+\(int32\[pos >> 2\]\)/],
  ["strings", /Str\(|substr|utf8Slice|latin1Slice|fromCharCode|asciiEnd|firstNonAscii|uint8\[i\]|sourceText(Latin)?\.|\bslice\(|pos32/],
  ["arrays (Vec readers)", /new Array|\.push\(|array\[i\]|\barr\b|endPos|element/],
  ["try and defer", /\btry\b|catch|defer/],
];

/** Self time by kind of line of the profiled module (`path`), beside V8's own entries. */
function byKind(profile, rounds, path) {
  const url = pathToFileURL(path).href;
  const lines = readFileSync(path, "utf8").split("\n");
  const kinds = new Map();
  const add = (kind, ticks) => kinds.set(kind, (kinds.get(kind) ?? 0) + ticks);
  for (const node of profile.nodes) {
    const { url: nodeUrl, functionName } = node.callFrame;
    if (nodeUrl !== url) {
      add(functionName.startsWith("(") ? functionName : "other JS and builtins", node.hitCount ?? 0);
      continue;
    }
    let placed = 0;
    for (const { line, ticks } of node.positionTicks ?? []) {
      add(KINDS.find(([, pattern]) => pattern.test(lines[line - 1]))?.[0] ?? "nodes (objects, fields, calls)", ticks);
      placed += ticks;
    }
    add("nodes (objects, fields, calls)", (node.hitCount ?? 0) - placed);
  }
  const total = profile.samples.length;
  const perCall = (profile.endTime - profile.startTime) / rounds;
  console.log("\n| kind of line | self % | µs per call |\n|---|---:|---:|");
  for (const [kind, ticks] of [...kinds].filter(([, ticks]) => ticks > 0).sort((a, b) => b[1] - a[1])) {
    console.log(`| ${kind} | ${((100 * ticks) / total).toFixed(1)} | ${((perCall * ticks) / total).toFixed(2)} |`);
  }
}

const options = { encode: { type: "string" }, "oxc-target": { type: "string" }, typescript: { type: "boolean" }, oxc: { type: "boolean" }, "by-kind": { type: "boolean" }, save: { type: "string" } };
const { values, positionals } = parseCommandLine(USAGE, options, { positionals: true });
const [file, count = "20"] = positionals;
const rounds = Number(count);
const { encode, save = null, oxc = false, typescript = false } = values;
const oxcTarget = values["oxc-target"];
if (!(encode || oxcTarget) || (encode && oxcTarget) || !file || positionals.length > 2 || !Number.isSafeInteger(rounds) || rounds < 1) {
  usageError(USAGE, "give --encode or --oxc-target, a FILE and, if not 20, a whole number of rounds N");
}
if (typescript && !oxcTarget) usageError(USAGE, "--typescript goes with --oxc-target");
const source = readFileSync(file, "utf8");
// oxc's deserializer of the variant profiled (its TS one for `--typescript`).
const oxcModule = fileURLToPath(import.meta.resolve(`oxc-parser/src-js/generated/deserialize/${typescript ? "ts" : "js"}.js`));
let run, profiled;
if (oxcTarget) {
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  parseRawSync(file, buffer.block, sourceStartPos, sourceByteLen, oxcParseOptions(file, typescript));
  profiled = oxc ? oxcModule : resolve(oxcTarget);
  const { deserialize } = await import(pathToFileURL(profiled).href);
  run = () => deserialize(buffer, source, sourceStartPos, sourceByteLen);
} else {
  const { program, sourceType } = parseFile(source, file);
  profiled = oxc ? oxcModule : fileURLToPath(new URL("../generated/npm/parser/deserialize.js", import.meta.url));
  const { deserialize } = await import(pathToFileURL(profiled).href);
  if (oxc) {
    const { buffer: oxcBuffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
    parseRawSync(file, oxcBuffer.block, sourceStartPos, sourceByteLen, { lang: isJsx(file) ? "jsx" : "js", sourceType, experimentalRawTransfer: true });
    run = () => deserialize(oxcBuffer, source, sourceStartPos, sourceByteLen);
  } else {
    const buffer = produceBuffer(encode, "parser", source, program);
    run = () => deserialize(buffer);
  }
}

// As many calls again before the profiler starts: the profile is of warm code, as the benchmark's
// per-call table times it.
for (let i = 0; i < rounds; i++) run();

const session = new Session();
session.connect();
await session.post("Profiler.enable");
// A sample every 100 µs (the default is 1 ms): enough samples per line for `--by-kind`.
await session.post("Profiler.setSamplingInterval", { interval: 100 });
await session.post("Profiler.start");
for (let i = 0; i < rounds; i++) run();
const { profile } = await session.post("Profiler.stop");
session.disconnect();
if (save) writeFileSync(save, JSON.stringify(profile));
console.log(`Node ${process.version}; ${profiled}, ${file}, ${rounds} deserializations\n`);
summarize(profile, rounds);
if (values["by-kind"]) byKind(profile, rounds, profiled);
