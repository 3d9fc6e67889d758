// Conformance: acorn → ESTree JSON → Rust producer (`encode`) → buffer → generated deserializer →
// deep comparison with acorn's own objects. Called by `cargo xtask conformance`; see its --help.
//
// node tests/conformance/run.js --encode PATH --target-json JSON... PATH...
//
// Each target (tests/targets.js) of rawast's buffers is read with its layout and pointer width
// (64: buffers from the native `encode` binary; 32: from the wasm32 producer). Lazy targets' trees
// are compared after materializing them. Each buffer's spans are checked once, by the first target
// that reads it, for what a walk led by words trusts of them (tests/spans/walk-facts.js).

import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative } from "node:path";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";

import { parseFile } from "../acorn.js";
import { parseCommandLine, usageError } from "../command-line.js";
import { count } from "../plural.js";
import { importWalker, TARGET_OPTION, targetsOption } from "../targets.js";
import { eachTypeCheck, rulesDifference } from "../walk-rules.js";
import { toJson } from "./estree-json.js";
import { rawastRegion } from "../fuzz/layout.js";
import { createWalkFactsChecker } from "../spans/walk-facts.js";

const WASM_ENCODE = new URL("./wasm-encode.js", import.meta.url).pathname;
const USAGE = "node tests/conformance/run.js --encode PATH --target-json JSON... PATH... (run by `cargo xtask conformance`)";

function commandLine() {
  const { values, positionals } = parseCommandLine(USAGE, { encode: { type: "string" }, ...TARGET_OPTION }, { positionals: true });
  if (!values.encode) usageError(USAGE, "--encode PATH is required");
  if (positionals.length === 0) usageError(USAGE, "no paths given");
  const targets = targetsOption(USAGE, values);
  const other = targets.find((target) => target.format !== "rawast");
  if (other) usageError(USAGE, `${other.name} does not read rawast's buffers (tests/oxc/conformance.js compares those)`);
  return { encode: values.encode, targets, paths: positionals };
}

/** JS files under `path` (a file or a directory, recursively, skipping nested node_modules). */
function collect(path, out) {
  const stat = statSync(path);
  if (stat.isFile()) {
    out.push(path);
    return out;
  }
  for (const name of readdirSync(path).sort()) {
    const child = join(path, name);
    if (statSync(child).isDirectory()) {
      if (name !== "node_modules") collect(child, out);
    }
    else if ([".js", ".mjs", ".cjs", ".jsx"].includes(extname(name))) out.push(child);
  }
  return out;
}

/** acorn's AST and comments of a file, by its extension (tests/acorn.js); `null` if acorn rejects it. */
function parse(source, file) {
  try {
    return parseFile(source, file);
  } catch {
    return null;
  }
}

/** The first path where `actual` differs from `expected`, or null. `parent` is checked separately. */
function firstDifference(expected, actual, path) {
  if (typeof expected !== typeof actual) return `${path}: expected ${describe(expected)}, found ${describe(actual)}`;
  if (expected === null || typeof expected !== "object") {
    return Object.is(expected, actual) ? null : `${path}: expected ${describe(expected)}, found ${describe(actual)}`;
  }
  if (actual === null) return `${path}: expected an object, found null`;
  if (Array.isArray(expected) !== Array.isArray(actual)) return `${path}: expected ${describe(expected)}, found ${describe(actual)}`;
  if (expected instanceof RegExp || actual instanceof RegExp) {
    return String(expected) === String(actual) && expected.constructor === actual.constructor ? null : `${path}: expected ${describe(expected)}, found ${describe(actual)}`;
  }
  const expectedKeys = Object.keys(expected).filter((k) => k !== "parent");
  const actualKeys = Object.keys(actual).filter((k) => k !== "parent");
  if (expectedKeys.join() !== actualKeys.join()) return `${path}: keys [${expectedKeys}] expected, found [${actualKeys}]`;
  for (const key of expectedKeys) {
    const difference = firstDifference(expected[key], actual[key], Array.isArray(expected) ? `${path}[${key}]` : `${path}.${key}`);
    if (difference) return difference;
  }
  return null;
}

function describe(value) {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value && typeof value === "object") return value.type ? `a ${value.type} node` : "an object";
  return String(value);
}

/** Linter target: every node's `parent` is the node that holds it (the root's is null). */
function checkParents(node, parent, path) {
  if (node === null || typeof node !== "object") return null;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const problem = checkParents(node[i], parent, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  const isNode = typeof node.type === "string";
  if (isNode && node.parent !== parent) return `${path}.parent: not the enclosing node`;
  for (const key of Object.keys(node)) {
    if (key === "parent") continue;
    const problem = checkParents(node[key], isNode ? node : parent, `${path}.${key}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * The first difference between what `walk` visits in `bytes` with each rule of tests/walk-rules.js
 * and what a walk of acorn's `program` by the target's `VISITOR_KEYS` visits, or null. The nodes of
 * the rules whose nodes do not nest are compared whole (a lazy target's materialized); the others
 * by type and span. Where nodes have no parent links, each type of `WALK_WORDS` is walked alone too
 * (with them, a walk that meets one node reads the whole tree: the `sparse` rule covers them), and
 * in some files (by `index`, `eachTypeCheck`), every node type alone, its nodes compared whole.
 */
function checkWalks(walker, bytes, program, lazy, parentLinks, index) {
  const types = new Set(Object.keys(walker.VISITOR_KEYS));
  const whole = lazy ? (node) => walker.materialize(node) : (node) => node;
  const words = parentLinks ? {} : walker.WALK_WORDS;
  const walk = (visitor) => walker.walk(bytes, visitor);
  const compareWhole = (expected, actual) => firstDifference(expected, whole(actual), expected.type);
  return rulesDifference(walk, types, program, walker.VISITOR_KEYS, compareWhole, words) ?? (parentLinks ? null : eachTypeCheck(index, walk, types, program, walker.VISITOR_KEYS, compareWhole));
}

/** The path of file `index`'s inputs and outputs in `work`, without extension. */
function stem(work, index) {
  return join(work, String(index).padStart(6, "0"));
}

async function main() {
  const options = commandLine();
  const files = options.paths.flatMap((path) => collect(path, []));
  const work = mkdtempSync(join(tmpdir(), "rawast-conformance-"));
  const parsed = [];
  let skipped = 0;
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const result = parse(source, file);
    if (result === null) {
      skipped++;
      continue;
    }
    const index = parsed.length;
    parsed.push({ file, program: result.program, comments: result.comments, sourceLength: source.length });
    writeFileSync(`${stem(work, index)}.json`, toJson({ source, program: result.program, comments: result.comments }));
  }

  let mismatches = 0;
  let errors = 0;
  let encoded = null;
  for (const target of options.targets) {
    const started = performance.now();
    const module = await import(pathToFileURL(target.module).href);
    // The walker is in `walk.js`, which imports the deserializer (tests/targets.js).
    const walker = await importWalker(target);
    const deserialize = target.lazy ? (buffer) => module.materialize(module.deserialize(buffer)) : module.deserialize;
    // Targets in a row that read the same layout and pointer width share its buffers. 32-bit buffers
    // come from the wasm32 producer, in a process of its own (see wasm-encode.js).
    const kind = `${target.bufferLayout}:${target.pointerWidth}`;
    // The spans of a kind of buffer are checked with the first target that reads it.
    let spansFacts = null;
    if (encoded !== kind) {
      spansFacts = createWalkFactsChecker(JSON.parse(readFileSync(target.layoutFile, "utf8")));
      for (const name of readdirSync(work)) if (!name.endsWith(".json")) rmSync(join(work, name));
      const [command, args] = target.pointerWidth === 32 ? [process.execPath, [WASM_ENCODE]] : [options.encode, []];
      execFileSync(command, [...args, "--layout", target.bufferLayout, "--dir", work], { stdio: "inherit" });
      encoded = kind;
    }
    const buffer = (index) => (existsSync(`${stem(work, index)}.error`) ? { error: readFileSync(`${stem(work, index)}.error`, "utf8") } : readFileSync(`${stem(work, index)}.bin`));
    parsed.forEach(({ file, program, comments, sourceLength }, index) => {
      const shown = relative(process.cwd(), file) || file;
      const bytes = buffer(index);
      if (!(bytes instanceof Uint8Array)) {
        errors++;
        console.log(`error    ${target.name} ${shown}: ${bytes.error}`);
        return;
      }
      const spansProblems = spansFacts === null ? [] : spansFacts(bytes, { ...rawastRegion(bytes), sourceLength });
      if (spansProblems.length > 0) {
        mismatches++;
        console.log(`mismatch ${kind} ${shown}: spans: ${spansProblems.join("; ")}`);
      }
      let result;
      try {
        result = deserialize(bytes);
      } catch (error) {
        errors++;
        console.log(`error    ${target.name} ${shown}: deserialize threw: ${error.message}`);
        return;
      }
      const problem =
        firstDifference(program, result.program, "program") ??
        firstDifference(comments, result.comments, "comments") ??
        (target.bufferLayout === "linter" ? checkParents(result.program, null, "program") : null);
      if (problem) {
        mismatches++;
        console.log(`mismatch ${target.name} ${shown}: ${problem}`);
        return;
      }
      // The walker, where the target has one: each rule's visits against a walk of acorn's tree.
      const walkProblem = walker === null ? null : checkWalks(walker, bytes, program, target.lazy, target.bufferLayout === "linter", index);
      if (walkProblem) {
        mismatches++;
        console.log(`mismatch ${target.name} ${shown}: walk: ${walkProblem}`);
      }
    });
    // Progress on stderr: the last stdout line is the contract.
    console.error(`${target.name}: ${count(parsed.length, "file")} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  rmSync(work, { recursive: true, force: true });
  const checked = parsed.length;
  if (skipped) console.log(`skipped ${count(skipped, "file")} acorn rejects`);
  if (errors) console.log(count(errors, "error"));
  // A command contract (DESIGN.md) that `cargo xtask conformance` parses: "files" and "mismatches" whatever the counts.
  console.log(`conformance: ${checked} files, ${mismatches} mismatches`);
  process.exitCode = mismatches > 0 || errors > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(`error: ${error.message}`);
  process.exitCode = 1;
});
