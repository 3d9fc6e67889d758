// Deserialize-only benchmark (see PERF.md): rawast, oxc, JSON.parse and a type-shaped clone, in one
// Node process, interleaved, same files; then the parser layout's other direction, `encodeSource`
// of each file into a preallocated buffer against `TextEncoder#encode`. Called by `cargo xtask
// bench`; see its --help.
//
// node --expose-gc bench/run.js --encode PATH [--json FILE] [--samples N] PATH...

import { readFileSync, writeFileSync } from "node:fs";
import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common";
import { parseRawSync } from "oxc-parser/src-js/bindings";
import { deserialize as oxcDeserialize } from "oxc-parser/src-js/generated/deserialize/js";

import { deserialize as rawastDeserialize, encodeSource } from "../generated/npm/parser/deserialize.js";
import { isJsx, parseFile } from "../tests/acorn.js";
import { produceBuffer } from "./buffers.js";
import { benchCommandLine, countNodes, fileClasses, machine, runInfo, makeCloner, median, perCall, perCallReport, sample, SMALL, summaryLines, WARM_UP } from "./common.js";

const METHODS = ["rawast", "oxc", "json", "clone"];
const ENCODERS = ["encodeSource", "encode"];
const textEncoder = new TextEncoder();

const USAGE = "node --expose-gc bench/run.js --encode PATH [--json FILE] [--samples N] PATH... (run by `cargo xtask bench`)";

/**
 * Median and minimum ms of `encodeSource(source)` into a buffer allocated once, and of
 * `TextEncoder#encode(source)`, interleaved like the deserializers; their bytes are compared first.
 */
function timeEncoders(source, samples) {
  const buffer = new Uint8Array(source.length * 3);
  const expected = textEncoder.encode(source);
  const n = encodeSource(source, buffer);
  if (n !== expected.length || !buffer.subarray(0, n).every((byte, i) => byte === expected[i])) throw new Error("encodeSource differs from TextEncoder#encode");
  const run = { encodeSource: () => encodeSource(source, buffer), encode: () => textEncoder.encode(source) };
  const times = sample(run, ENCODERS, samples);
  return Object.fromEntries(ENCODERS.map((m) => [m, { ms: median(times[m]) / 1e6, min: Math.min(...times[m]) / 1e6 }]));
}

/**
 * The file's ASCII-replaced twin: every non-ASCII character becomes one ASCII character of the same
 * syntactic kind (a space for whitespace, else `a`, valid in identifiers, strings, comments and
 * regexps), so the twin parses to the same tree shape with ASCII strings. `null` for an ASCII file.
 */
function asciiTwin(source) {
  if (!/[^\0-\x7f]/.test(source)) return null;
  return source.replace(/[^\0-\x7f]/gu, (c) => (/\s/u.test(c) ? " " : "a"));
}

/** rawast's ns/node on a file (its buffer given) and on its ASCII twin, side by side (PERF.md: within 1.2×). */
function timeTwin(path, buffer, twin, encode, samples) {
  const buffers = [buffer, produceBuffer(encode, "parser", twin, parseFile(twin, path).program)];
  const run = { original: () => rawastDeserialize(buffers[0]).program, twin: () => rawastDeserialize(buffers[1]).program };
  const nodes = { original: countNodes(run.original()), twin: countNodes(run.twin()) };
  const times = sample(run, ["original", "twin"], samples);
  return { original: median(times.original) / nodes.original, twin: median(times.twin) / nodes.twin };
}

/**
 * Each method's input for `source`, made untimed, and the calls that time them: rawast's
 * deserializer on the Rust producer's buffer, oxc's on oxc-parser's buffer, `JSON.parse` of acorn's
 * AST as JSON, the clone of acorn's AST. `release` gives oxc's buffer back.
 */
function prepare(path, source, encode) {
  const { sourceType, program } = parseFile(source, path);
  const clone = makeCloner(program);
  const rawastBuffer = produceBuffer(encode, "parser", source, program);
  const json = JSON.stringify(program, (k, v) => (typeof v === "bigint" ? v.toString() : v instanceof RegExp ? {} : v));
  const { buffer: oxcBuffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  parseRawSync(path, oxcBuffer.block, sourceStartPos, sourceByteLen, { lang: isJsx(path) ? "jsx" : "js", sourceType, experimentalRawTransfer: true });
  const run = {
    // oxc's deserializer is given the source string (PERF.md); rawast's reads it from the buffer
    // (a caller's string is only worth taking if checked exactly, which costs what it saves).
    rawast: () => rawastDeserialize(rawastBuffer).program,
    oxc: () => oxcDeserialize(oxcBuffer, source, sourceStartPos, sourceByteLen).program,
    json: () => JSON.parse(json),
    clone: () => clone(program),
  };
  return { run, rawastBuffer, release: () => returnBufferToCache(oxcBuffer) };
}

function main() {
  const options = benchCommandLine(USAGE, { encode: true, json: true });
  const results = [];
  for (const path of options.paths) {
    const source = readFileSync(path, "utf8");
    // First, before the deserializers' inputs and outputs fill the heap.
    const encoding = timeEncoders(source, options.samples);
    const { run, rawastBuffer, release } = prepare(path, source, options.encode);
    const nodes = Object.fromEntries(METHODS.map((m) => [m, countNodes(run[m]())]));
    const times = sample(run, METHODS, options.samples);
    const small = Buffer.byteLength(source) < SMALL ? perCall(run, METHODS, options.samples) : null;
    release();
    const nsPerNode = Object.fromEntries(METHODS.map((m) => [m, median(times[m]) / nodes[m]]));
    const minNsPerNode = Object.fromEntries(METHODS.map((m) => [m, Math.min(...times[m]) / nodes[m]]));
    const result = { path, bytes: Buffer.byteLength(source), classes: fileClasses(path), nodes: nodes.rawast, buffer_bytes: rawastBuffer.length, ns_per_node: nsPerNode, min: minNsPerNode, allNodes: nodes, encoding, per_call_us: small };
    results.push(result);
    // Non-ASCII files against their ASCII twins, after the methods above so as not to disturb them.
    const twin = asciiTwin(source);
    if (twin !== null) result.twin = timeTwin(path, rawastBuffer, twin, options.encode, options.samples);
    console.error(
      `${path}: ${(result.bytes / 1024).toFixed(0)} KB, ${nodes.rawast} nodes; ns/node ` +
        METHODS.map((m) => `${m} ${nsPerNode[m].toFixed(1)}`).join(", ") +
        `; encodeSource ${encoding.encodeSource.ms.toFixed(2)} ms, encode ${encoding.encode.ms.toFixed(2)} ms`,
    );
  }

  // The fixed cost of a call: each method on the empty program.
  const empty = prepare("empty.js", "", options.encode);
  const fixedCost = perCall(empty.run, METHODS, options.samples);
  empty.release();
  const { geomean: summary, classGeomeans, lines } = summaryLines(results, METHODS.slice(1));

  console.log(`${machine()}; median (min) ns per node of each method's own output; ${options.samples} samples after ${WARM_UP}.\n`);
  console.log("| file | KB | nodes | buffer ÷ source | rawast | oxc | json | clone | rawast ÷ oxc |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const cell = (m) => `${r.ns_per_node[m].toFixed(1)} (${r.min[m].toFixed(1)})`;
    console.log(
      `| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${r.nodes} | ${(r.buffer_bytes / r.bytes).toFixed(2)} | ${cell("rawast")} | ${cell("oxc")} | ${cell("json")} | ${cell("clone")} | ${(r.ns_per_node.rawast / r.ns_per_node.oxc).toFixed(2)} |`,
    );
  }
  console.log(`\nSource encoding (parser layout): median (min) ms of \`encodeSource(text, buffer)\` into a buffer of \`text.length * 3\` bytes allocated once, and of \`new TextEncoder().encode(text)\`.\n`);
  console.log("| file | KB | encodeSource | encode | encodeSource ÷ encode |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results) {
    const cell = (m) => `${r.encoding[m].ms.toFixed(2)} (${r.encoding[m].min.toFixed(2)})`;
    console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${cell("encodeSource")} | ${cell("encode")} | ${(r.encoding.encodeSource.ms / r.encoding.encode.ms).toFixed(2)} |`);
  }
  const twins = results.filter((r) => r.twin);
  if (twins.length > 0) {
    console.log(`\nNon-ASCII files against their ASCII twins (every non-ASCII character replaced by \`a\` or a space): rawast's median ns per node on each, side by side.\n`);
    console.log("| file | original | ASCII twin | original ÷ twin |");
    console.log("|---|---:|---:|---:|");
    for (const r of twins) console.log(`| ${r.path} | ${r.twin.original.toFixed(1)} | ${r.twin.twin.toFixed(1)} | ${(r.twin.original / r.twin.twin).toFixed(2)} |`);
  }
  console.log(`\n${perCallReport(fixedCost, results, METHODS).table.join("\n")}`);
  console.log(`\n${lines.join("\n")}`);

  if (options.json) {
    const out = {
      ...runInfo(options.samples),
      files: results.map((r) => ({ path: r.path, bytes: r.bytes, classes: r.classes, nodes: r.nodes, buffer_bytes: r.buffer_bytes, ns_per_node: r.ns_per_node, ...(r.per_call_us && { per_call_us: r.per_call_us }), ...(r.twin && { ascii_twin: r.twin }) })),
      fixed_cost_us: fixedCost,
      geomean: summary,
      class_geomeans: classGeomeans,
    };
    writeFileSync(options.json, JSON.stringify(out, null, 2) + "\n");
  }
}

main();
