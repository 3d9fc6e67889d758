// Where the parser deserializer spends its time on a file: deserializes the file's buffer N times
// (after N warm-up calls) back to back under V8's CPU profiler (setup excluded) and prints the top
// functions by self time, in per cent and in µs per call.
//
// node bench/profile.js --encode PATH FILE [N] [--oxc] [--save FILE.cpuprofile]
//
// `--oxc` profiles oxc-parser's deserializer on its buffer of the file instead, for comparison.
import { Session } from "node:inspector/promises";
import { readFileSync, writeFileSync } from "node:fs";
import { prepareRaw } from "oxc-parser/src-js/raw-transfer/common";
import { parseRawSync } from "oxc-parser/src-js/bindings";
import { deserialize as oxcDeserialize } from "oxc-parser/src-js/generated/deserialize/js";

import { deserialize } from "../generated/npm/parser/deserialize.js";
import { isJsx, parseFile } from "../tests/acorn.js";
import { parseCommandLine, usageError } from "../tests/command-line.js";
import { produceBuffer } from "./buffers.js";

const USAGE = "node bench/profile.js --encode PATH FILE [N] [--oxc] [--save FILE.cpuprofile]";

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

const { values, positionals } = parseCommandLine(USAGE, { encode: { type: "string" }, oxc: { type: "boolean" }, save: { type: "string" } }, { positionals: true });
const [file, count = "20"] = positionals;
const rounds = Number(count);
if (!values.encode || !file || positionals.length > 2 || !Number.isSafeInteger(rounds) || rounds < 1) usageError(USAGE, "give --encode, a FILE and, if not 20, a whole number of rounds N");
const { encode, save = null, oxc = false } = values;
const source = readFileSync(file, "utf8");
const { program, sourceType } = parseFile(source, file);
const buffer = produceBuffer(encode, "parser", source, program);
let run = () => deserialize(buffer);
if (oxc) {
  const { buffer: oxcBuffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  parseRawSync(file, oxcBuffer.block, sourceStartPos, sourceByteLen, { lang: isJsx(file) ? "jsx" : "js", sourceType, experimentalRawTransfer: true });
  run = () => oxcDeserialize(oxcBuffer, source, sourceStartPos, sourceByteLen);
}

// As many calls again before the profiler starts: the profile is of warm code, as the benchmark's
// per-call table times it.
for (let i = 0; i < rounds; i++) run();

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
for (let i = 0; i < rounds; i++) run();
const { profile } = await session.post("Profiler.stop");
session.disconnect();
if (save) writeFileSync(save, JSON.stringify(profile));
console.log(`Node ${process.version}; ${oxc ? "oxc-parser's" : "rawast's"} deserializer, ${file}, ${rounds} deserializations\n`);
summarize(profile, rounds);
