// One child process of `cargo xtask fuzz` (started by run.js): loads a target's deserializer and the
// corpus buffers once, then runs the cases the parent sends, one at a time, reporting each start (so
// that the parent's watchdog can time it) and outcome.
//
// node tests/fuzz/worker.js --target-json JSON --corpus CORPUS.json --seed S
//
// The target's format says what CORPUS lists: for `rawast`, buffers the producer made; for `oxc`,
// source files, which oxc-parser parses here (`oxc.js`).

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { toJson } from "../conformance/estree-json.js";
import { LAYOUT_FINGERPRINT_32, LAYOUT_FINGERPRINT_64 } from "../../generated/js/constants.js";
import { integerOption, parseCommandLine, usageError } from "../command-line.js";
import { random } from "../support.js";
import { count } from "../plural.js";
import { importWalker, parseTarget } from "../targets.js";
import { readEverything } from "../oxlint/lint.js";
import { deepNesting } from "./deep.js";
import { rawastRegion, walk } from "./layout.js";
import { caseSeed, group, mutate } from "./mutations.js";

const USAGE = "node tests/fuzz/worker.js --target-json JSON --corpus CORPUS.json --seed S (started by run.js)";
const { values } = parseCommandLine(USAGE, { "target-json": { type: "string" }, corpus: { type: "string" }, seed: { type: "string" } });
if (values["target-json"] === undefined || values.corpus === undefined) usageError(USAGE, "--target-json and --corpus are required");
const target = parseTarget(values["target-json"]);
const seed = integerOption(USAGE, values, "seed", 1);
const format = target.format;
const deserializer = await import(pathToFileURL(target.module).href);
const layout = JSON.parse(readFileSync(target.layoutFile, "utf8"));
const corpus = JSON.parse(readFileSync(values.corpus, "utf8"));
const lazy = target.lazy;
// A module without the class (generated before it existed) has no buffer error: all errors are foreign.
const BufferError = deserializer.RawastBufferError ?? class {};
// The walker, in `walk.js`, which imports the deserializer (its `RawastBufferError` is the same class).
const walker = await importWalker(target);
const WalkError = walker?.RawastBufferError ?? class {};

// The visitors each case is walked with, as a tool would walk it: a full one (every node type, the
// whole tree built as `deserialize` builds it, its events compared with `visit`'s of the tree), a
// sparse one without words (`EmptyStatement`: the walk reads every struct that could lead to one,
// building nothing; compared too), and a sparse one led by words (`DebuggerStatement` and
// `ImportDeclaration`, where both have words: the walk reads the spans by which it skips the rest,
// and gallops over lists by them, which spans out of order must not make it loop; its events are
// not compared, for a mutated span may hide a node from it, as a span that holds none of its
// node's words would). Where `deserialize` refused the buffer, each walk must refuse it or end.
const NODE_TYPES = walker === null ? [] : Object.keys(walker.VISITOR_KEYS).filter((key) => !key.includes("."));
const WORDS_LED = ["DebuggerStatement", "ImportDeclaration"];
const LED_BY_WORDS = walker !== null && WORDS_LED.every((type) => Object.hasOwn(walker.WALK_WORDS, type)) ? WORDS_LED : null;
const WORDLESS = ["EmptyStatement"];

/**
 * Reads all of what `deserialize` returns (lazy trees are materialized, after `after` if given;
 * Oxlint's program's getters read: each node's `loc`, the comments and tokens and theirs).
 */
function readAll(args, after) {
  const result = deserializer.deserialize(...args);
  if (after) after();
  if (target.linter) readEverything(result);
  return lazy ? deserializer.materialize(result) : result;
}

// The time the case's walks took so far (apart from its reads, which the watchdog bounds apart).
let walkTime = 0;

/**
 * The best of 3 of what a case does with a file's valid buffer: read it all (`readMs`), and walk it
 * where the target has a walker (`walkMs`).
 */
function timeValid(file) {
  let readMs = Infinity;
  let walkMs = Infinity;
  for (let i = 0; i < 3; i++) {
    const args = file.valid();
    const start = performance.now();
    const tree = readAll(args);
    const read = performance.now();
    const problem = walkProblem(args, tree);
    readMs = Math.min(readMs, read - start);
    walkMs = Math.min(walkMs, performance.now() - read);
    if (problem !== null) throw new Error(`${file.name}: ${problem}`);
  }
  return { readMs, walkMs };
}

/**
 * The corpus of a rawast target, as every format gives it: `{ name, weight, size, valid(), mutate(rng) }`
 * per file, `size` being its buffer's length, `valid()` the arguments of its sound deserialization and
 * `mutate(rng)` a case (`mutations.js`).
 */
function rawastFiles() {
  return corpus.map(({ name, bin, weight }) => {
    const bytes = readFileSync(bin);
    const sites = group(walk(bytes, layout, rawastRegion(bytes)));
    return { name, weight, size: bytes.length, valid: () => [bytes], mutate: (rng) => mutate(rng, bytes, sites) };
  });
}

const oxc = format === "oxc" ? await import("./oxc.js") : null;
const loaded = oxc === null ? rawastFiles() : target.linter ? oxc.oxlintFiles(corpus, layout) : oxc.oxcFiles(corpus, layout);

// One case in DEEP_SHARE is no corruption but a valid buffer nested deep along a cycle of the type
// graph (`deep.js`), in this target's format: the layout of its corpus's buffers.
const DEEP_SHARE = 50;
// (Not for Oxlint's buffers, whose program is their root: tests/oxlint/deep.test.js reads deep trees
// Oxlint wrote.)
const deepCase = target.linter ? null : deepNesting(layout, format === "oxc" ? { kind: "oxc" } : rawastFormat(readFileSync(corpus[0].bin)));

/** `build.js`'s format of a rawast buffer like `bytes`: where its source is, its layout's fingerprint. */
function rawastFormat(bytes) {
  const fingerprint = layout.pointerWidth === 8 ? LAYOUT_FINGERPRINT_64 : LAYOUT_FINGERPRINT_32;
  return { kind: "rawast", placement: rawastRegion(bytes).source.start === 0 ? "start" : "end", fingerprint };
}
const files = loaded.map((file) => ({ ...file, ...timeValid(file) }));
const totalWeight = files.reduce((sum, file) => sum + file.weight, 0);

function pickFile(rng) {
  let at = rng() * totalWeight;
  for (const file of files) {
    at -= file.weight;
    if (at < 0) return file;
  }
  return files[files.length - 1];
}

/**
 * What a case ended in: an AST, the buffer error, the documented TypeError, or anything else. Some
 * cases say what they must end in (`mutations.js`): a tree (`mustRead`: a valid deep buffer,
 * `deep.js`), the buffer error (`mustFail`: a buffer of 4 GiB
 * or more; a lazy tree read whole after its buffer was detached: what is done `after` deserialize
 * concerns lazy trees only), or the very tree, or the buffer error, that other arguments give
 * (`same`: the bytes before they were padded, or before their resizable buffer was shrunk and grown
 * back). An AST there, or another tree, is foreign.
 */
function run(mutation) {
  try {
    // The tree to compare with is read first, while the case's bytes are as `deserialize` gets them.
    const expected = mutation.same ? settle(mutation.same) : null;
    let tree;
    try {
      tree = readAll(mutation.args, mutation.after);
    } catch (error) {
      if (error instanceof BufferError && mutation.mustRead) return { outcome: "foreign", message: `a RawastBufferError (${error.message}) on ${mutation.mustRead}` };
      if (!(error instanceof BufferError) || expected?.json === undefined) {
        const problem = error instanceof BufferError && !mutation.after ? walkProblem(mutation.args, null) : null;
        if (problem !== null) return { outcome: "foreign", message: problem };
        throw error;
      }
      return { outcome: "foreign", message: `a RawastBufferError (${error.message}) where the same bytes gave a tree` };
    }
    const problem = mutation.after ? null : walkProblem(mutation.args, tree);
    if (problem !== null) return { outcome: "foreign", message: problem };
    if (mutation.mustFail && (lazy || !mutation.after)) return { outcome: "foreign", message: `${mutation.mustFail}, without a RawastBufferError` };
    if (expected?.message !== undefined) return { outcome: "foreign", message: `a tree where the same bytes gave a RawastBufferError (${expected.message})` };
    if (expected !== null && toJson(tree, "parent") !== expected.json) return { outcome: "foreign", message: "a tree other than the one the same bytes give" };
    const unread = mutation.boolCase ? readBool(mutation.args, mutation.boolCase) : null;
    if (unread !== null) return { outcome: "foreign", message: unread };
    return { outcome: "ast" };
  } catch (error) {
    if (error instanceof BufferError) return { outcome: "error" };
    if (mutation.expect === "TypeError" && error instanceof TypeError) return { outcome: "typeerror" };
    return { outcome: "foreign", message: String(error?.stack ?? error).slice(0, 800) };
  }
}

/**
 * A visitor of `types` that folds each node's type and span, down and up, into `seen` (`count`
 * events, their `digest`): a walk of a cycle in a corrupt buffer may visit millions of nodes before
 * its budget runs out, which a log of them would hold.
 */
function walkVisitor(types, seen) {
  const fold = (a, b, c) => {
    seen.count++;
    seen.digest = (Math.imul(seen.digest ^ a, 0x01000193) + Math.imul(b, 31) + c) | 0;
  };
  const visitor = {};
  for (const [index, type] of types.entries()) {
    visitor[type] = (node) => fold(index, node.start, node.end);
    visitor[`${type}:exit`] = () => fold(~index, 0, 0);
  }
  return visitor;
}

/**
 * What is wrong with `walk` on the bytes of `args` (`deserialize`'s arguments), or null, with each
 * visitor of `NODE_TYPES`, `WORDLESS` and `LED_BY_WORDS`. Where `deserialize` gave a tree (`tree`),
 * each ends without an error, and the first two visit what `visit` finds in the tree; where it gave
 * a `RawastBufferError` (`tree` null), each gives one too or ends.
 */
function walkProblem(args, tree) {
  if (walker === null) return null;
  for (const [types, compared] of [[NODE_TYPES, true], [WORDLESS, true], [LED_BY_WORDS, false]]) {
    if (types === null) continue;
    const walked = { count: 0, digest: 0 };
    const start = performance.now();
    try {
      walker.walk(...args, walkVisitor(types, walked));
    } catch (error) {
      walkTime += performance.now() - start;
      if (error instanceof WalkError) {
        if (tree === null) continue;
        return `walk of ${count(types.length, "type")}: a RawastBufferError (${error.message}) where deserialize gave a tree`;
      }
      return `walk of ${count(types.length, "type")}: ${String(error?.stack ?? error).slice(0, 800)}`;
    }
    walkTime += performance.now() - start;
    if (tree === null || !compared) continue;
    const visited = { count: 0, digest: 0 };
    walker.visit(tree, walkVisitor(types, visited));
    if (walked.count !== visited.count || walked.digest !== visited.digest) {
      return `walk of ${count(types.length, "type")}: ${count(walked.count, "event")} (digest ${walked.digest}), visit ${visited.count} (digest ${visited.digest}) in the same tree`;
    }
  }
  return null;
}

/**
 * Where a case made one `bool`'s byte a value no producer writes (`boolCase`: where, and what it
 * was) and got a tree, the byte must be one `deserialize` does not read: what is wrong if it does,
 * that is if 0 and 1 there give two trees, or null. (The buffer is `args[0]`, changed in place and
 * left as it was. `size`: the file's buffer's, or its region's in oxc's; larger ones are not
 * compared, as `same` cases are not.)
 */
function readBool(args, { at, size }) {
  const bytes = args[0];
  if (size > SAME_MAX_BYTES) return null;
  const value = bytes[at];
  const trees = [0, 1].map((byte) => {
    bytes[at] = byte;
    return settle(args).json;
  });
  bytes[at] = value;
  if (trees[0] === trees[1]) return null;
  return `the bool at ${at}, which deserialize reads (0 and 1 give two trees), read as ${value} without a RawastBufferError`;
}

// (As `mutations.js`'s `same` cases: comparing two trees of a larger buffer would pass the hang bound.)
const SAME_MAX_BYTES = 16 * 2 ** 20;

/** The JSON of the tree `args` give, or the message of the buffer error they end in. */
function settle(args) {
  try {
    return { json: toJson(readAll(args), "parent") };
  } catch (error) {
    if (error instanceof BufferError) return { message: error.message };
    throw error;
  }
}

// The RSS a case adds, where Linux can tell: writing 5 to clear_refs resets the process's peak RSS
// (VmHWM) to its current RSS, so the peak after the case less the RSS before it is the case's own,
// whatever earlier cases did (`maxRSS` restarts from there too, which the process-wide bound
// allows for: it is the RSS reached, whenever). Elsewhere `growth` is null and only that bound holds.
const PROC_STATUS = "/proc/self/status";
const canMeasureCases = (() => {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return readFileSync(PROC_STATUS, "utf8").includes("VmHWM:");
  } catch {
    return false;
  }
})();

function statusBytes(field) {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(PROC_STATUS, "utf8"))[1]) * 1024;
}

/** What the child holds: its live JS objects and ArrayBuffers (the corpus's among them). */
function held() {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The process's peak RSS, or, where it passed `rssLimit` (the parent's bound for a leak across
 * cases), what remains once the garbage is collected: V8 lets its heap grow (up to
 * --max-old-space-size) before it collects, so garbage of earlier cases can pass the bound in a
 * child that holds nothing. What remains is the RSS, or, where that is less, the RSS after loading
 * the corpus plus what the child holds beyond what it held then: the allocators may keep pages they
 * no longer use (a case over a forged 2 GiB region left the RSS 1 MiB over the bound), and a leak is
 * what the child still holds. (The peak is reset there, so that later cases are measured afresh.)
 */
function processRss(rssLimit) {
  const peak = process.resourceUsage().maxRSS * 1024;
  if (peak <= rssLimit || typeof globalThis.gc !== "function") return peak;
  globalThis.gc();
  if (!canMeasureCases) return peak;
  writeFileSync("/proc/self/clear_refs", "5");
  return Math.min(statusBytes("VmRSS"), baseline.rss + Math.max(0, held() - baseline.held));
}

process.on("message", ({ index, rssLimit }) => {
  const rng = random(caseSeed(seed, index));
  const file = pickFile(rng);
  const mutation = deepCase !== null && rng.int(DEEP_SHARE) === 0 ? deepCase(rng) : file.mutate(rng);
  if (mutation.boolCase) mutation.boolCase.size = file.size;
  process.send({ start: index, file: file.name, what: `${mutation.kind}: ${mutation.description}` });
  let rssBefore = 0;
  if (canMeasureCases) {
    writeFileSync("/proc/self/clear_refs", "5");
    rssBefore = statusBytes("VmRSS");
  }
  const start = performance.now();
  walkTime = 0;
  const { outcome, message } = run(mutation);
  const ms = performance.now() - start;
  const walkMs = walkTime;
  const growth = canMeasureCases ? statusBytes("VmHWM") - rssBefore : null;
  process.send({ done: index, outcome, message, readMs: ms - walkMs, walkMs, growth, file: file.name, kind: mutation.kind, description: mutation.description, maxRss: processRss(rssLimit) });
});

// What the child's RSS and holdings are once the corpus is loaded: what it holds, its garbage
// collected (garbage counted here would hide as much of a leak).
globalThis.gc?.();
const baseline = { rss: process.resourceUsage().maxRSS * 1024, held: held() };
process.send({
  ready: true,
  files: files.map(({ name, size, readMs, walkMs }) => ({ name, bytes: size, readMs, walkMs })),
  walks: walker !== null && !lazy,
  baselineRss: baseline.rss,
});
