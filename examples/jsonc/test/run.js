// The JSONC example end to end: `jsonc-encode` (the Rust parser) writes a rawast buffer of every
// file, the generated deserializer reads it back, and the tree is checked against `JSON.parse`, the
// file's own bytes and the Rust side's JSON of the same tree; the generated walker's walks of the
// buffer, against `visit` of the tree. Plain Node (20 or later), no packages.
//
//   node test/run.js --encode PATH_TO_jsonc-encode [--package DIR] PATH...
//
// A PATH is a file, or a directory whose `*.json` and `*.jsonc` files (recursively, sorted) are taken.
// The last line on stdout is `jsonc: F files, M mismatches`; the exit status is 1 if M > 0.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { LAYOUT_FINGERPRINT_64, META_FINGERPRINT_LOW, METADATA_SIZE } from "../generated/js/constants.js";

const USAGE = `usage: node test/run.js --encode PATH_TO_jsonc-encode [--package DIR] PATH...

  --encode FILE   the jsonc-encode binary (cargo build --release: target/release/jsonc-encode)
  --package DIR   deserialize with the npm package in DIR (its package.json's entry point) instead
                  of generated/npm/parser/deserialize.js
  PATH            a file, or a directory: its *.json and *.jsonc files, recursively`;

const options = commandLine(process.argv.slice(2));
const { deserialize } = await import(options.packageDir ? packageEntry(options.packageDir) : new URL("../generated/npm/parser/deserialize.js", import.meta.url));
const walker = await import(options.packageDir ? packageEntry(options.packageDir, "./walk") : new URL("../generated/npm/parser/walk.js", import.meta.url));
const files = options.paths.flatMap((path) => collect(resolve(path)));
// Decodes slices of the files at spans: `fatal`, so a span that cuts a character is an error.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const out = mkdtempSync(join(tmpdir(), "jsonc-run-"));
try {
  // One run for all files: `<i>.bin` and `<i>.json`, or `<i>.err`, for the i-th.
  const encoder = spawnSync(options.encode, ["--batch", out, "--with-json", "--", ...files], { stdio: ["ignore", "inherit", "inherit"] });
  if (encoder.error || encoder.status !== 0) {
    console.error(`${options.encode} failed: ${encoder.error ?? `exit status ${encoder.status}`}`);
    process.exit(1);
  }
  let mismatches = 0;
  let limited = 0;
  files.forEach((file, i) => {
    const result = check(file, join(out, String(i)));
    if (result === "limited") limited++;
    else if (result !== null) {
      mismatches++;
      console.error(`MISMATCH ${file}: ${result}`);
    }
    if ((i + 1) % 50 === 0) console.error(`jsonc: ${i + 1}/${files.length} files`);
  });
  if (limited > 0) console.error(`jsonc: ${limited} files nested deeper than the parser's limit, refused by design`);
  console.log(`jsonc: ${files.length} files, ${mismatches} mismatches`);
  process.exitCode = mismatches > 0 ? 1 : 0;
} finally {
  rmSync(out, { recursive: true, force: true });
}

function commandLine(args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { encode: { type: "string" }, package: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (error) {
    usage(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.encode === undefined) usage("--encode is required");
  if (positionals.length === 0) usage("no PATH given");
  return { encode: values.encode, packageDir: values.package ?? null, paths: positionals };
}

function usage(message) {
  console.error(`run.js: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** The module a package directory's `package.json` exports as `subpath` (`.` by default). */
function packageEntry(dir, subpath = ".") {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const entry = manifest.exports?.[subpath]?.default ?? (subpath === "." ? (manifest.main ?? "index.js") : null);
  if (entry === null) throw new Error(`${dir}/package.json exports no ${subpath}`);
  return pathToFileURL(resolve(dir, entry)).href;
}

/** `path` if it is a file; the `*.json` and `*.jsonc` files under it if it is a directory. */
function collect(path) {
  if (!statSync(path).isDirectory()) return [path];
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const child = join(dir, entry.name);
      // Real directories only: a symbolic link to a directory could lead back up.
      if (entry.isDirectory()) walk(child);
      else if (/\.jsonc?$/.test(entry.name) && statSync(child).isFile()) found.push(child);
    }
  };
  walk(path);
  return found.sort();
}

/** `null` if the file's buffer is right, `"limited"` for a refusal by the depth limit, else what is wrong. */
function check(file, base) {
  const bytes = readFileSync(file);
  let text = null;
  try {
    text = utf8.decode(bytes);
  } catch {
    // Not UTF-8, so not JSON (RFC 8259, section 8.1): `JSON.parse` of it counts as failed.
  }
  const parsed = parseJson(text);
  if (existsSync(`${base}.err`)) {
    const message = readFileSync(`${base}.err`, "utf8");
    if (!parsed.ok) return null;
    if (message.startsWith("nested deeper than")) return "limited";
    return `JSON.parse accepts it, jsonc-encode refuses it: ${message}`;
  }
  if (text === null) return "jsonc-encode accepted a file that is not UTF-8";
  try {
    const buffer = readFileSync(`${base}.bin`);
    const result = deserialize(buffer);
    // Compared as JSON: `assert.deepStrictEqual` overflows the stack on the deepest trees.
    const json = JSON.stringify(result);
    return (
      sameJson(json, readFileSync(`${base}.json`, "utf8")) ??
      checkSpans(result, bytes) ??
      checkValue(result, parsed) ??
      checkFingerprint(buffer) ??
      checkWalks(buffer, result)
    );
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The walker's walks of the buffer visit what `visit` visits in the tree: each node type alone,
 * down and up; and the types with words (`WALK_WORDS`: `true`, `false` and `null`, found in the
 * file's bytes, as its spans count), by which a walk skips every node whose span holds none.
 */
function checkWalks(buffer, tree) {
  const types = Object.keys(walker.VISITOR_KEYS).filter((key) => !key.includes("."));
  for (const visited of [...types.map((type) => [type]), Object.keys(walker.WALK_WORDS)]) {
    const events = (walk) => {
      const log = [];
      const visitor = {};
      for (const type of visited) {
        visitor[type] = (node) => void log.push(`${node.type} ${node.start}`);
        visitor[`${type}:exit`] = (node) => void log.push(`exit ${node.type} ${node.end}`);
      }
      walk(visitor);
      return log.join(", ");
    };
    const walked = events((visitor) => walker.walk(buffer, visitor));
    const expected = events((visitor) => walker.visit(tree, visitor));
    if (walked !== expected) return `walk of ${visited.join(", ")}: ${JSON.stringify(walked.slice(0, 200))}, visit: ${JSON.stringify(expected.slice(0, 200))}`;
  }
  return null;
}

/** `JSON.parse` of the text without a leading BOM (which `JSON.parse` does not skip). */
function parseJson(text) {
  if (text === null) return { ok: false, error: "not UTF-8" };
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, "")) };
  } catch (error) {
    return { ok: false, error: error.message };
  }
}

/** The deserializer's tree, stringified, is the Rust side's JSON of the same tree, byte for byte. */
function sameJson(actual, expected) {
  if (actual === expected) return null;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const around = (text) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
  return `JSON.stringify of the tree differs from jsonc-encode's JSON at character ${at}: ${around(actual)} vs ${around(expected)}`;
}

/** Every node of the tree with the node holding it, walked without recursion. */
function* nodes(root) {
  const stack = [[root, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop();
    yield [node, parent];
    for (const child of Object.values(node)) {
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item !== null && typeof item === "object") stack.push([item, node]);
      }
    }
  }
}

/** Spans are UTF-8 byte offsets: each node's bytes are its text, and lie inside its parent's. */
function checkSpans({ document, comments }, bytes) {
  const slice = (node) => utf8.decode(bytes.subarray(node.start, node.end));
  if (document.start !== 0 || document.end !== bytes.length) return `Document spans ${document.start}..${document.end}, not the file's 0..${bytes.length}`;
  for (const [node, parent] of [...nodes(document), ...comments.map((comment) => [comment, document])]) {
    const where = `${node.type} at ${node.start}..${node.end}`;
    if (!(Number.isInteger(node.start) && Number.isInteger(node.end) && 0 <= node.start && node.start <= node.end && node.end <= bytes.length)) {
      return `${where}: not a span of the file's ${bytes.length} bytes`;
    }
    if (parent !== null && (node.start < parent.start || node.end > parent.end)) return `${where}: outside its parent ${parent.type} at ${parent.start}..${parent.end}`;
    const text = slice(node);
    const expected = {
      StringLiteral: () => node.raw,
      NumberLiteral: () => node.raw,
      BooleanLiteral: () => String(node.value),
      NullLiteral: () => "null",
      Comment: () => (node.kind === "Line" ? `//${node.text}` : `/*${node.text}*/`),
    }[node.type]?.();
    if (expected !== undefined && text !== expected) return `${where}: the file has ${JSON.stringify(text)} there, the node ${JSON.stringify(expected)}`;
    if (node.type === "StringLiteral" && JSON.parse(node.raw) !== node.value) return `${where}: value ${JSON.stringify(node.value)} is not the decoded ${node.raw}`;
    if (node.type === "NumberLiteral" && !Object.is(JSON.parse(node.raw), node.value)) return `${where}: value ${node.value} is not ${node.raw}`;
    const brackets = { Object: "{}", Array: "[]" }[node.type];
    if (brackets && (text[0] !== brackets[0] || text.at(-1) !== brackets[1])) return `${where}: does not span its brackets`;
    if (brackets && node.trailingComma !== hasTrailingComma(node, bytes)) return `${where}: trailingComma is ${node.trailingComma}, not what the file has`;
    if (node.type === "Member" && (node.start !== node.key.start || node.end !== node.value.end)) return `${where}: does not run from its key to its value`;
  }
  return checkCoverage(document, comments, bytes);
}

/**
 * Every byte of the file is in a token or a comment of the tree, or is a blank or punctuation: a
 * comment or value the tree lost would leave bytes that are neither. Comments come in source order.
 */
function checkCoverage(document, comments, bytes) {
  const covered = new Uint8Array(bytes.length);
  const leaves = new Set(["StringLiteral", "NumberLiteral", "BooleanLiteral", "NullLiteral"]);
  for (const [node] of nodes(document)) if (leaves.has(node.type)) covered.fill(1, node.start, node.end);
  for (let i = 0; i < comments.length; i++) {
    if (i > 0 && comments[i].start < comments[i - 1].end) return `Comment at ${comments[i].start}: not after the comment before it`;
    covered.fill(1, comments[i].start, comments[i].end);
  }
  // A leading BOM is whitespace.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) covered.fill(1, 0, 3);
  const punctuation = new Set(Array.from(" \t\r\n{}[],:", (c) => c.charCodeAt(0)));
  const stray = covered.findIndex((isCovered, i) => !isCovered && !punctuation.has(bytes[i]));
  return stray < 0 ? null : `byte ${stray} (${JSON.stringify(String.fromCharCode(bytes[stray]))}) is in no token or comment of the tree`;
}

/** Whether a `,` comes after an array's or object's last item: only blanks and comments may lie between. */
function hasTrailingComma(node, bytes) {
  const items = node.type === "Object" ? node.members : node.elements;
  if (items.length === 0) return false;
  const between = utf8.decode(bytes.subarray(items.at(-1).end, node.end - 1));
  return between.replace(/\/\/[^\r\n]*|\/\*[\s\S]*?\*\//g, "").includes(",");
}

/**
 * Where `JSON.parse` accepts the file, the tree is its value and uses no JSONC extension; where it
 * refuses it, the tree must use one (comments or a trailing comma).
 */
function checkValue({ document, comments }, parsed) {
  let trailingComma = false;
  for (const [node] of nodes(document)) trailingComma ||= node.trailingComma === true;
  const extensions = comments.length > 0 || trailingComma;
  if (!parsed.ok) return extensions ? null : `JSON.parse refuses it (${parsed.error}), jsonc-encode accepts it without comments or trailing commas`;
  if (extensions) return "JSON.parse accepts it, yet the tree has comments or a trailing comma";
  assert.deepStrictEqual(toValue(document.value), parsed.value, "the tree's value differs from JSON.parse's");
  return null;
}

/** The JS value a JSON value node stands for, built as `JSON.parse` builds it. */
function toValue(node) {
  switch (node.type) {
    case "Object": {
      const object = {};
      // Own data properties, as `JSON.parse` makes them: a `__proto__` key is a key, not the
      // prototype; a repeated key keeps its first place and its last value.
      for (const { key, value } of node.members) {
        Object.defineProperty(object, key.value, { value: toValue(value), writable: true, enumerable: true, configurable: true });
      }
      return object;
    }
    case "Array":
      return node.elements.map(toValue);
    case "NullLiteral":
      return null;
    default:
      return node.value;
  }
}

/** A buffer claiming another layout fingerprint is refused, naming the deserializer's. */
function checkFingerprint(buffer) {
  const foreign = new Uint8Array(buffer);
  foreign[foreign.length - METADATA_SIZE + META_FINGERPRINT_LOW] ^= 0xff;
  assert.throws(() => deserialize(foreign), (error) => error instanceof Error && error.message.includes(LAYOUT_FINGERPRINT_64.hex));
  return null;
}
