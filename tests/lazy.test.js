// The lazy target (`lazy = true` in codegen.toml): its getters read the buffer on first access and keep
// what they read, trees of different buffers can be used side by side, and whole trees (materialized,
// or through `JSON.stringify`) are what the eager deserializer returns. Corruption fuzzing and deep
// trees are in deserialize.test.js and deep.test.js, with the other targets.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toJson } from "./conformance/estree-json.js";
import { encodeFile, encodeScript } from "./producer.js";
import { METADATA_SIZE, walk } from "./support.js";
import { parser as deserializeEager } from "./defaults.js";
import { deserialize, materialize, RawastBufferError, VISITOR_KEYS } from "../generated/npm/parser-lazy/deserialize.js";

/** A parser-layout buffer of a script file, from the Rust producer. */
const encode = (file) => encodeFile("parser", file).buffer;

// ASCII; non-ASCII past an ASCII prefix (the latin1 copy of the source, made on first need); lone surrogates.
const jquery = encode("node_modules/jquery/dist/jquery.js");
const locales = encode("node_modules/moment/min/moment-with-locales.js");
const strings = encode("tests/conformance/corpus/strings.js");

test("materialize and JSON.stringify give what the eager deserializer gives", () => {
  for (const buffer of [jquery, locales, strings]) {
    const expected = deserializeEager(buffer);
    const lazy = deserialize(buffer);
    assert.deepEqual(materialize(lazy), expected);
    assert.equal(toJson(lazy), toJson(expected));
    // Materializing reads through the getters: the tree keeps working afterwards.
    assert.equal(toJson(lazy.program.body), toJson(expected.program.body));
  }
});

test("getters read on first access and keep the value", () => {
  const { program, comments } = deserialize(jquery);
  assert.equal(program.type, "Program");
  assert.equal(Object.hasOwn(program, "start") && Object.hasOwn(program, "end"), true);
  assert.equal(program.body, program.body);
  const statement = program.body[0];
  assert.equal(statement.expression, statement.expression);
  assert.equal(comments[0].value, comments[0].value);
  assert.equal(typeof comments[0].value, "string");
  // Getters are on the prototype: materialize, not the spread of a node, gives a plain object.
  assert.deepEqual(Object.keys(statement), ["start", "end"]);
  assert.deepEqual(Object.keys(materialize(statement)), ["type", "start", "end", "expression"]);
});

test("trees of two buffers are read side by side", () => {
  const first = deserialize(locales);
  const second = deserialize(strings);
  const third = deserialize(jquery);
  // Interleave reads of the three trees, node by node, each in its own buffer.
  const walkers = [first, second, third].map(({ program }) => {
    const out = [];
    walk(program, VISITOR_KEYS, (node) => out.push(node));
    return out;
  });
  const seen = walkers.map(() => []);
  for (let i = 0; walkers.some((nodes) => i < nodes.length); i++) {
    walkers.forEach((nodes, which) => {
      const node = nodes[i];
      if (node === undefined) return;
      // Strings: identifiers, literals' values and raws.
      seen[which].push(node.type, node.start, node.name ?? node.raw ?? "");
    });
  }
  [locales, strings, jquery].forEach((buffer, which) => {
    const expected = [];
    walk(deserializeEager(buffer).program, VISITOR_KEYS, (node) => expected.push(node.type, node.start, node.name ?? node.raw ?? ""));
    assert.deepEqual(seen[which], expected);
  });
});

test("a string decoded in one tree is not reused in another: the last decode is each tree's own", () => {
  // The same offsets in both buffers, other characters: a literal's `raw` is taken from the `value`
  // decoded just before it only in the same buffer.
  const [first, second] = ['x = "é1";', 'x = "ü2";'].map((source) => deserialize(encodeScript("parser", source).buffer));
  const literal = (tree) => tree.program.body[0].expression.right;
  assert.equal(literal(first).value, "é1");
  assert.equal(literal(second).raw, '"ü2"');
  assert.equal(literal(second).value, "ü2");
  assert.equal(literal(first).raw, '"é1"');
});

test("a buffer that fails to deserialize leaves the other trees readable", () => {
  const { program } = deserialize(locales);
  assert.throws(() => deserialize(jquery.subarray(0, 64)), /not a rawast buffer/);
  assert.equal(toJson(program), toJson(deserializeEager(locales).program));
});

test("VISITOR_KEYS reach every node, on lazy and eager trees", () => {
  let eagerNodes = 0;
  const stack = [deserializeEager(jquery).program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value.type === "string") eagerNodes++;
    for (const child of Object.values(value)) if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child);
  }
  for (const program of [deserialize(jquery).program, deserializeEager(jquery).program]) {
    let count = 0;
    walk(program, VISITOR_KEYS, () => count++);
    assert.equal(count, eagerNodes);
  }
});

test("a corruption is met only where the tree is read", () => {
  // Corrupt one byte at a time, from the end of the arena backwards, until the eager deserializer
  // throws: that byte belongs to the tree, yet the lazy root and its first statement read fine.
  let found = 0;
  for (let offset = jquery.length - METADATA_SIZE - 1; offset > 0 && found < 5; offset -= 97) {
    const copy = Uint8Array.from(jquery);
    copy[offset] ^= 0xff;
    try {
      deserializeEager(copy);
      continue;
    } catch {
      // a corruption the eager deserializer meets
    }
    let lazy;
    try {
      lazy = deserialize(copy);
      void lazy.program.body[0].type;
    } catch {
      continue; // it lies in what was read
    }
    found++;
    assert.throws(() => materialize(lazy), RawastBufferError, `byte ${offset}`);
  }
  assert.ok(found > 0, "no corruption past the first statement");
});

test("a buffer detached while its tree is in use is a RawastBufferError, never undefined values", () => {
  const detachings = [["detached by structuredClone", (bytes) => structuredClone(bytes.buffer, { transfer: [bytes.buffer] })]];
  // `ArrayBuffer#transfer` (not on Node 20) detaches the buffer it moves the bytes out of.
  if (typeof ArrayBuffer.prototype.transfer === "function") detachings.push(["detached by ArrayBuffer#transfer", (bytes) => bytes.buffer.transfer()]);
  for (const [how, change] of detachings) {
    const copy = Uint8Array.from(jquery);
    const { program } = deserialize(copy);
    const statement = program.body[0];
    change(copy);
    assert.throws(() => statement.expression, (error) => error instanceof RawastBufferError && /detached/.test(error.message), how);
    assert.throws(() => materialize(program), RawastBufferError, how);
  }
});

test("a resizable buffer shrunk, or shrunk and grown back, while its tree is in use: the tree is the buffer's as deserialize saw it", () => {
  const expected = toJson(deserializeEager(jquery));
  const resizable = () => new ArrayBuffer(jquery.length, { maxByteLength: 2 * jquery.length });
  const grown = () => new SharedArrayBuffer(jquery.length, { maxByteLength: 2 * jquery.length });
  for (const [how, view, change] of [
    // Growing back zero-fills the bytes that shrinking dropped, and brings a view's bounds back.
    ["shrunk by half and grown back, length-tracking view", (memory) => new Uint8Array(memory), (memory) => (memory.resize(jquery.length >>> 1), memory.resize(jquery.length))],
    ["shrunk by half and grown back, fixed-length view", (memory) => new Uint8Array(memory, 0, jquery.length), (memory) => (memory.resize(jquery.length >>> 1), memory.resize(jquery.length))],
    ["shrunk to nothing", (memory) => new Uint8Array(memory, 0, jquery.length), (memory) => memory.resize(0)],
    ["shrunk by half, length-tracking view", (memory) => new Uint8Array(memory), (memory) => memory.resize(jquery.length >>> 1)],
    ["grown", (memory) => new Uint8Array(memory), (memory) => memory.resize(2 * jquery.length)],
  ]) {
    const memory = resizable();
    const bytes = view(memory);
    bytes.set(jquery);
    const tree = deserialize(bytes);
    change(memory);
    assert.equal(tree.program.body.length, JSON.parse(expected).program.body.length, how);
    assert.equal(toJson(materialize(tree)), expected, how);
  }
  // A growable SharedArrayBuffer cannot shrink: growing leaves its bytes where they are.
  const shared = grown();
  const bytes = new Uint8Array(shared);
  bytes.set(jquery);
  const tree = deserialize(bytes);
  shared.grow(2 * jquery.length);
  assert.equal(toJson(materialize(tree)), expected, "a growable SharedArrayBuffer, grown");
});
