// Runs Oxlint 1.91.0 (the devDependency) on files with one of this directory's JS plugins, which
// report one JSON line per file they see: how the Oxlint tests and tests/oxlint/conformance.js
// reach the buffers Oxlint writes and the trees its own deserializer makes of them.

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { firstDifference, walkNodes } from "../oxc/compare.js";
import { root } from "../producer.js";

const OXLINT = join(root, "node_modules/oxlint/bin/oxlint");

/**
 * Lints `files` with the plugin at `plugin` (its rule `rule` on, every other rule off) on one thread
 * (one live buffer: the file's), passing it `env` and, as RAWAST_OXLINT_OUT, the file its reports go
 * to. Returns each report with its `file` the path given here, and the files that got none (Oxlint
 * runs no JS plugin on a file it cannot parse). The files are copied first to a directory of their
 * own outside the repository: Oxlint lints nothing under node_modules, nor what .gitignore names.
 */
export function lintWithPlugin(files, plugin, rule, env = {}) {
  const work = mkdtempSync(join(tmpdir(), "rawast-oxlint-"));
  try {
    const byCopy = new Map();
    for (const [index, file] of files.entries()) {
      const copy = join(work, "files", String(index), basename(file));
      mkdirSync(join(work, "files", String(index)), { recursive: true });
      copyFileSync(file, copy);
      byCopy.set(copy, file);
    }
    const out = join(work, "reports.jsonl");
    writeFileSync(out, "");
    const config = join(work, ".oxlintrc.json");
    writeFileSync(config, JSON.stringify({ jsPlugins: [plugin], categories: { correctness: "off" }, rules: { [rule]: "error" } }));
    try {
      execFileSync(process.execPath, [OXLINT, "--threads=1", "-c", config, join(work, "files")], {
        env: { ...process.env, ...env, RAWAST_OXLINT_OUT: out },
        stdio: ["ignore", "ignore", "pipe"],
        maxBuffer: 1 << 30,
      });
    } catch (error) {
      // Oxlint exits 1 when it reports anything (parse errors among them): the reports decide.
      if (error.status !== 1) throw new Error(`oxlint failed (${error.status ?? error.signal}): ${String(error.stderr).slice(0, 2000)}`);
    }
    const reports = readFileSync(out, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line))
      .map((report) => ({ ...report, file: byCopy.get(report.file) ?? report.file }));
    const seen = new Set(reports.map((report) => report.file));
    return { reports, unlinted: files.filter((file) => !seen.has(file)) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * For a plugin: Oxlint's array of live transfer buffers, from its own module instance (the one that
 * runs the plugin; by its file, which the package does not export; the array is its export `t` in
 * 1.91.0, a bundler's name).
 */
export async function oxlintBuffers() {
  return (await import(new URL("../../node_modules/oxlint/dist/lint.js", import.meta.url).href)).t;
}

/** The buffer of the file being linted, of `buffers` (`oxlintBuffers`): Oxlint runs on one thread here. */
export function liveBuffer(buffers) {
  const live = buffers.filter((buffer) => buffer !== null);
  if (live.length !== 1) throw new Error(`${live.length} live buffers (Oxlint runs on one thread here)`);
  return live[0];
}

/**
 * `files`' buffers as Oxlint writes them (tests/oxlint/capture-plugin.js): `{ file, region, start,
 * program, length, tree }` each, `region` the bytes that lay at `start` (from the file's lowest
 * allocation to the end) in a buffer of `length` bytes, `program` the program's offset, and `tree`
 * the digest of what the deserializer `module` read in Oxlint's buffer (if `module` is given);
 * with the files Oxlint linted none of.
 */
export function captureBuffers(files, module) {
  const dir = mkdtempSync(join(tmpdir(), "rawast-oxlint-capture-"));
  try {
    const plugin = new URL("./capture-plugin.js", import.meta.url).pathname;
    const env = { RAWAST_OXLINT_CAPTURE_DIR: dir, ...(module !== undefined && { RAWAST_OXLINT_MODULE: module }) };
    const { reports, unlinted } = lintWithPlugin(files, plugin, "rawast-capture/capture", env);
    return { captured: reports.map((report) => ({ ...report, region: readFileSync(join(dir, report.name)) })), unlinted };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `files`' buffers as Oxlint writes them (`captureBuffers`), kept in `dir` for child processes to
 * read (`capturedIn`): a file per region and an index. Returns the files Oxlint linted none of.
 */
export function captureInto(files, dir) {
  const { captured, unlinted } = captureBuffers(files);
  captured.forEach((c, i) => writeFileSync(join(dir, `${i}.bin`), c.region));
  writeFileSync(join(dir, "index.json"), JSON.stringify(captured.map((c, i) => ({ file: c.file, start: c.start, program: c.program, length: c.length, bin: join(dir, `${i}.bin`) }))));
  return unlinted;
}

/** The buffers `captureInto` kept in `dir`: `{ file, region, start, program, length }` each. */
export function capturedIn(dir) {
  return JSON.parse(readFileSync(join(dir, "index.json"), "utf8")).map((c) => ({ ...c, region: readFileSync(c.bin) }));
}

/**
 * A deserializer of Oxlint's buffers as `read(buffer, program)`: `oxlint` for Oxlint's own
 * (`oxlintReader`), else the path of a module whose `deserialize(buffer)` reads them.
 */
export async function readerOf(module) {
  if (module === "oxlint") return await oxlintReader();
  const { deserialize } = await import(pathToFileURL(resolve(module)).href);
  return (buffer) => deserialize(buffer);
}

/**
 * Whether two prototypes count as the same in Oxlint's trees and a rawast target's, whose classes
 * live in two modules: the same object, or alike (a plain object's own properties, such as
 * `NodeProto`'s `loc`; a class's name and members, such as `Comment` and `Token`).
 */
export function samePrototype(x, y) {
  const shape = (proto) => {
    if (proto === null || Object.getPrototypeOf(proto) !== Object.prototype) return proto;
    const names = Object.getOwnPropertyNames(proto).sort().join(",");
    return `${Object.hasOwn(proto, "constructor") ? proto.constructor.name : "(object)"}: ${names}`;
  };
  return x === y || shape(x) === shape(y);
}

/**
 * Where a rawast target's tree of an Oxlint buffer first differs from Oxlint's own (null: nowhere),
 * as the benches check the two before timing them: prototypes by `samePrototype`, the program's
 * `comments` and `tokens` getters left unread (Oxlint's need its runtime, which is not cut out;
 * tests/oxlint/conformance.js reads them).
 */
export function treeDifference(oxlintTree, rawastTree) {
  return firstDifference(oxlintTree, rawastTree, { samePrototype, skipped: ["comments", "tokens"] });
}

/** Reads all a consumer can of an Oxlint program: each node's `loc`, the comments and tokens, and theirs. */
export function readEverything(program) {
  walkNodes(program, (node) => node.loc, ["comments", "tokens"]);
  for (const item of [...program.comments, ...program.tokens]) void item.loc;
  return program;
}

/**
 * Oxlint's own deserializer, timed as Oxlint calls it: `read(buffer, program)` decodes the source
 * text from the buffer (its `initSourceText`), then calls `deserializeProgramOnly`. It is not
 * exported: its module region (`src-js/generated/deserialize.js` of the pinned package's
 * `dist/lint.js`) is written out as a module of its own under target/ and loaded. `buffer` needs
 * Oxlint's `int32` and `float64` views of itself, as Oxlint's buffers have them.
 */
export async function oxlintReader() {
  const bundle = readFileSync(join(root, "node_modules/oxlint/dist/lint.js"), "utf8");
  const start = bundle.indexOf("//#region src-js/generated/deserialize.js");
  const end = bundle.indexOf("//#endregion", start);
  if (start < 0 || end < 0) throw new Error("no src-js/generated/deserialize.js region in oxlint's dist/lint.js");
  const file = join(root, "target/oxlint-deserialize.mjs");
  mkdirSync(join(root, "target"), { recursive: true });
  writeFileSync(file, `// Cut out of node_modules/oxlint/dist/lint.js by tests/oxlint/lint.js: Oxlint's own deserializer.\n${bundle.slice(start, end)}\nexport { deserializeProgramOnly };\n`);
  const { deserializeProgramOnly } = await import(pathToFileURL(file).href);
  const { utf8Slice } = Buffer.prototype;
  return (buffer, program) => {
    const sourceStart = buffer.int32[(program + 16) >> 2], length = buffer.int32[(program + 24) >> 2];
    return deserializeProgramOnly(buffer, utf8Slice.call(buffer, sourceStart, sourceStart + length), sourceStart, length);
  };
}

/** A buffer of `length` bytes with Oxlint's views of itself, for captured regions (`captureBuffers`). */
export function oxlintBuffer(length) {
  const buffer = new Uint8Array(length);
  buffer.int32 = new Int32Array(buffer.buffer);
  buffer.float64 = new Float64Array(buffer.buffer);
  return buffer;
}
