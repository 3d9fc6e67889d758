// The smoke test of `rawast package`, run in a fresh project where only the packed package is
// installed, as a new user gets it: `node smoke.js PACKAGE [BUFFER EXPECTED.json]`.
//
// Always: the module loads, and `deserialize` refuses bytes that are not a buffer with an `Error`.
// With a buffer the user's producer wrote and the JSON expected of it: `deserialize(buffer)` gives
// exactly that JSON (keys in order; what JSON has no syntax for as below), every
// node's `parent` is the node holding it on layouts that promise `parent` links, and the same buffer
// claiming another layout fingerprint is refused with an `Error` naming the expected fingerprint.
// A package that exports `./walk` (the deserializer with its walker): it loads by that name, with
// `walk` and `visit`, and its `deserialize` gives the same JSON.
import { readFileSync } from "node:fs";

import { firstDifference, toJson } from "./compare.js";

const [name, bufferPath, expectedPath] = process.argv.slice(2);
const { deserialize } = await import(name);
const packageJson = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url), "utf8"));
const meta = packageJson.rawast;
const walker = packageJson.exports?.["./walk"] === undefined ? null : await import(`${name}/walk`);
const parentLinks = meta.sourcePlacement === "end";

function fail(message) {
  console.error(`${name} on Node ${process.version}: ${message}`);
  process.exit(1);
}

function refuses(bytes, check) {
  try {
    deserialize(bytes);
  } catch (error) {
    if (!(error instanceof Error)) fail(`deserialize threw a non-Error: ${String(error)}`);
    if (check && !check(error)) fail(`deserialize refused with an unexpected message: ${error.message}`);
    return;
  }
  fail("deserialize accepted bytes that are not a buffer of its layout");
}

if (typeof deserialize !== "function") fail("the package exports no `deserialize` function");
refuses(new Uint8Array(64));
if (walker !== null && (typeof walker.walk !== "function" || typeof walker.visit !== "function" || typeof walker.deserialize !== "function")) {
  fail(`${name}/walk does not export walk, visit and deserialize`);
}

if (bufferPath) {
  const bytes = new Uint8Array(readFileSync(bufferPath));
  const result = deserialize(bytes);
  const actual = toJson(result, parentLinks);
  const expected = JSON.parse(readFileSync(expectedPath, "utf8"));
  const difference = firstDifference(actual, expected, "result");
  if (difference) fail(`${bufferPath} does not deserialize to ${expectedPath}: ${difference}`);
  if (walker !== null) {
    const walkDifference = firstDifference(toJson(walker.deserialize(bytes), parentLinks), expected, "result");
    if (walkDifference) fail(`${name}/walk's deserialize differs from ${expectedPath}: ${walkDifference}`);
  }
  // The root and the values beside it (whatever `[mapping]` names them) are held by no node.
  if (parentLinks) for (const key of Object.keys(result)) checkParents(result[key], null, `result.${key}`);

  // The fingerprint's 8 bytes in the metadata at the end: changed, the buffer is of another layout.
  const foreign = bytes.slice();
  const fingerprint = BigInt(`0x${meta.layoutFingerprint}`);
  const at = findFingerprint(foreign, fingerprint);
  if (at < 0) fail(`the buffer's metadata does not hold the package's layout fingerprint ${meta.layoutFingerprint}`);
  foreign[at] ^= 0xff;
  refuses(foreign, (error) => error.message.includes(meta.layoutFingerprint));
}

console.log(`ok ${name} on Node ${process.version}`);

/** Every object with a `parent` property points at the nearest enclosing object that has one. */
function checkParents(value, parent, path) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkParents(item, parent, `${path}[${i}]`));
    return;
  }
  if (value === null || typeof value !== "object") return;
  let holder = parent;
  if (Object.hasOwn(value, "parent")) {
    if (value.parent !== parent) fail(`${path}.parent is not the node that holds it`);
    holder = value;
  }
  for (const key of Object.keys(value)) {
    if (key !== "parent") checkParents(value[key], holder, `${path}.${key}`);
  }
}

function findFingerprint(bytes, fingerprint) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 8; at >= Math.max(0, bytes.length - 256); at--) {
    if (view.getBigUint64(at, true) === fingerprint) return at;
  }
  return -1;
}
