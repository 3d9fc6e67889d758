// The generated deserializers on good and bad buffers: a buffer from the Rust producer deserializes
// to acorn's AST; a truncated, foreign or corrupted one throws an Error, never hangs or crashes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { encodeScript, root } from "./producer.js";
import { META, METADATA_SIZE, metadataField, random } from "./support.js";

import { runInNewContext } from "node:vm";

import { deserialize as deserializeParser, RawastBufferError as ParserError } from "../generated/npm/parser/deserialize.js";
import { deserialize as deserializeLinter, RawastBufferError as LinterError } from "../generated/npm/linter/deserialize.js";
import { deserialize as deserializeLazy, materialize, RawastBufferError as LazyError } from "../generated/npm/parser-lazy/deserialize.js";

const starter = readFileSync(join(root, "tests/conformance/corpus/starter.js"), "utf8");
const real = readFileSync(join(root, "node_modules/jquery/dist/jquery.js"), "utf8");
const strings = readFileSync(join(root, "tests/conformance/corpus/strings.js"), "utf8");

// Name, buffer layout, deserializer. The lazy target reads little before it is asked: materializing
// reads everything, so that every corruption is met.
const targets = [
  ["parser", "parser", deserializeParser, ParserError],
  ["linter", "linter", deserializeLinter, LinterError],
  ["parser-lazy", "parser", (buffer) => materialize(deserializeLazy(buffer)), LazyError],
];

for (const [name, layout, deserialize, RawastBufferError] of targets) {
  const { buffer, program } = encodeScript(layout, starter);

  test(`${name}: a buffer at an unaligned offset is read the same`, () => {
    const shifted = new Uint8Array(buffer.length + 1).subarray(1);
    shifted.set(buffer);
    const expected = JSON.stringify(deserialize(buffer).program, (k, v) => (k === "parent" ? undefined : v));
    const found = JSON.stringify(deserialize(shifted).program, (k, v) => (k === "parent" ? undefined : v));
    assert.equal(found, expected);
    assert.equal(deserialize(buffer).program.body.length, program.body.length);
  });

  test(`${name}: a buffer in shared memory is read the same`, () => {
    const shared = new Uint8Array(new SharedArrayBuffer(buffer.length));
    shared.set(buffer);
    const plain = (result) => JSON.stringify(result.program, (k, v) => (k === "parent" ? undefined : v));
    assert.equal(plain(deserialize(shared)), plain(deserialize(buffer)));
  });

  test(`${name}: a resizable ArrayBuffer and a growable SharedArrayBuffer are read the same`, () => {
    const plain = (result) => JSON.stringify(result.program, (k, v) => (k === "parent" ? undefined : v));
    const expected = plain(deserialize(buffer));
    const resizable = new ArrayBuffer(buffer.length, { maxByteLength: 2 * buffer.length });
    const growable = new SharedArrayBuffer(buffer.length, { maxByteLength: 2 * buffer.length });
    for (const [how, view] of [
      ["resizable, length-tracking view", new Uint8Array(resizable)],
      ["resizable, fixed-length view", new Uint8Array(resizable, 0, buffer.length)],
      ["growable SharedArrayBuffer", new Uint8Array(growable)],
    ]) {
      view.set(buffer);
      assert.equal(plain(deserialize(view)), expected, how);
    }
  });

  test(`${name}: a Uint8Array whose length, byteOffset or buffer is redefined (a subclass, an own property) is read as what it is`, () => {
    const plain = (result) => JSON.stringify(result.program, (k, v) => (k === "parent" ? undefined : v));
    const expected = plain(deserialize(buffer));
    const copy = () => Uint8Array.from(buffer);
    const lying = [
      Object.defineProperty(copy(), "length", { value: buffer.length + 8 }),
      Object.defineProperty(copy(), "byteOffset", { value: 3 }),
      Object.defineProperty(copy(), "buffer", { value: new ArrayBuffer(buffer.length) }),
      new (class Longer extends Uint8Array {
        get length() {
          return super.length - 4;
        }
      })(buffer),
    ];
    for (const value of lying) assert.equal(plain(deserialize(value)), expected);
  });

  test(`${name}: what is not a Uint8Array is a TypeError, however much it looks like one`, () => {
    const notBuffers = [
      "text",
      null,
      new Int8Array(buffer),
      new DataView(buffer.buffer, buffer.byteOffset, buffer.length),
      new Proxy(buffer, {}),
      Object.create(Uint8Array.prototype),
      Object.setPrototypeOf({ length: buffer.length, byteOffset: 0, buffer: buffer.buffer }, Uint8Array.prototype),
    ];
    for (const value of notBuffers) {
      assert.throws(() => deserialize(value), (error) => error instanceof TypeError && /expects a Uint8Array or Buffer, not /.test(error.message));
    }
    for (const value of notBuffers.slice(4)) {
      assert.throws(() => deserialize(value), /not an object posing as a (Uint8Array|Buffer) \(a Proxy, or made from its prototype\)$/);
    }
  });

  test(`${name}: a Uint8Array of another realm (a vm context) is read`, () => {
    const foreign = runInNewContext("new Uint8Array(length)", { length: buffer.length });
    foreign.set(buffer);
    assert.notEqual(Object.getPrototypeOf(foreign), Uint8Array.prototype);
    assert.equal(deserialize(foreign).program.body.length, program.body.length);
  });

  test(`${name}: every truncation is a RawastBufferError`, () => {
    for (let length = 0; length < buffer.length; length++) {
      assert.throws(() => deserialize(buffer.subarray(0, length)), RawastBufferError, `truncated to ${length} bytes`);
    }
  });

  test(`${name}: a detached buffer is a RawastBufferError that says so`, () => {
    const copy = Uint8Array.from(buffer);
    structuredClone(copy.buffer, { transfer: [copy.buffer] });
    assert.throws(() => deserialize(copy), (error) => error instanceof RawastBufferError && /its ArrayBuffer is detached/.test(error.message));
  });

  test(`${name}: a bigint literal whose digits are corrupt is a RawastBufferError naming them`, () => {
    const { buffer: bytes } = encodeScript(layout, "1234567n;");
    assert.equal(deserialize(bytes).program.body[0].expression.value, 1234567n);
    // The digits are a string in the source text, which the buffer holds (ASCII: byte offsets are
    // character offsets).
    const copy = Uint8Array.from(bytes);
    const digits = findBytes(copy, "1234567n");
    copy[digits + 2] = "x".charCodeAt(0);
    assert.throws(() => deserialize(copy), (error) => error instanceof RawastBufferError && error.message.startsWith('corrupt rawast buffer: "12x4567" is not a bigint\'s digits'));
  });

  test(`${name}: another schema's fingerprint is refused, naming both`, () => {
    const copy = Uint8Array.from(buffer);
    copy[metadataField(copy, META.FINGERPRINT_LOW)] ^= 0xff;
    assert.throws(() => deserialize(copy), /layout fingerprint [0-9a-f]{16} does not match this deserializer's [0-9a-f]{16}/);
  });

  test(`${name}: a buffer of the other layout is refused`, () => {
    // Same schema and fingerprint, source in the other place.
    const other = encodeScript(layout === "parser" ? "linter" : "parser", starter).buffer;
    assert.throws(() => deserialize(other), new RegExp(`this deserializer reads buffers with .*\\(the ${layout} layout\\)`));
  });

  test(`${name}: another format version and a foreign magic are refused`, () => {
    const version = Uint8Array.from(buffer);
    version[metadataField(version, META.FORMAT_VERSION)] += 1;
    assert.throws(() => deserialize(version), /format version 2 is not supported/);
    const magic = Uint8Array.from(buffer);
    magic[metadataField(magic, META.MAGIC)] = 0;
    assert.throws(() => deserialize(magic), /not a rawast buffer/);
  });

  test(`${name}: random corruptions throw a RawastBufferError or give an AST`, () => {
    corrupt(deserialize, RawastBufferError, buffer, 2000, random(layout === "parser" ? 1 : 2));
  });

  test(`${name}: random corruptions of a real file's buffer throw a RawastBufferError or give an AST`, () => {
    corrupt(deserialize, RawastBufferError, encodeScript(layout, real).buffer, 200, random(layout === "parser" ? 3 : 4));
  });
}

/** The offset of the first occurrence of the ASCII `text` in `bytes`. */
function findBytes(bytes, text) {
  const offset = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(text);
  assert.ok(offset >= 0, `${text} is not in the buffer`);
  return offset;
}

/** Overwrites 1 to 4 random bytes before the metadata, `rounds` times, deserializing each copy. */
function corrupt(deserialize, RawastBufferError, buffer, rounds, next) {
  for (let round = 0; round < rounds; round++) {
    const copy = Uint8Array.from(buffer);
    const flips = 1 + Math.floor(next() * 4);
    for (let i = 0; i < flips; i++) copy[Math.floor(next() * (copy.length - METADATA_SIZE))] = Math.floor(next() * 256);
    try {
      const result = deserialize(copy);
      assert.equal(typeof result.program, "object");
    } catch (error) {
      assert.ok(error instanceof RawastBufferError, `round ${round}: threw ${error}`);
    }
  }
}
