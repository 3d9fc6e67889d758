// The generated deserializers on good and bad buffers: a buffer from the Rust producer deserializes
// to acorn's AST; a truncated, foreign or corrupted one throws an Error, never hangs or crashes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { encodeScript, root } from "./producer.js";
import { META, METADATA_SIZE, metadataField, random } from "./support.js";

import { deserialize as deserializeParser } from "../generated/npm/parser/deserialize.js";
import { deserialize as deserializeLinter } from "../generated/npm/linter/deserialize.js";
import { deserialize as deserializeLazy, materialize } from "../generated/npm/parser-lazy/deserialize.js";

const starter = readFileSync(join(root, "tests/conformance/corpus/starter.js"), "utf8");
const real = readFileSync(join(root, "node_modules/jquery/dist/jquery.js"), "utf8");
const strings = readFileSync(join(root, "tests/conformance/corpus/strings.js"), "utf8");

// Name, buffer layout, deserializer. The lazy target reads little before it is asked: materializing
// reads everything, so that every corruption is met.
const targets = [
  ["parser", "parser", deserializeParser],
  ["linter", "linter", deserializeLinter],
  ["parser-lazy", "parser", (buffer, source) => materialize(deserializeLazy(buffer, source))],
];

for (const [name, layout, deserialize] of targets) {
  const { buffer, program } = encodeScript(layout, starter);

  test(`${name}: a buffer at an unaligned offset is read the same`, () => {
    const shifted = new Uint8Array(buffer.length + 1).subarray(1);
    shifted.set(buffer);
    const expected = JSON.stringify(deserialize(buffer).program, (k, v) => (k === "parent" ? undefined : v));
    const found = JSON.stringify(deserialize(shifted).program, (k, v) => (k === "parent" ? undefined : v));
    assert.equal(found, expected);
    assert.equal(deserialize(buffer).program.body.length, program.body.length);
  });

  test(`${name}: what is not a buffer is a TypeError`, () => {
    assert.throws(() => deserialize("text"), TypeError);
    assert.throws(() => deserialize(null), TypeError);
  });

  test(`${name}: every truncation is an Error`, () => {
    for (let length = 0; length < buffer.length; length++) {
      assert.throws(() => deserialize(buffer.subarray(0, length)), Error, `truncated to ${length} bytes`);
    }
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

  test(`${name}: the caller's source text gives the same AST, and a wrong one is refused`, () => {
    const plain = (value) => JSON.stringify(value, (k, v) => (k === "parent" ? undefined : typeof v === "bigint" ? `${v}n` : v));
    // ASCII, and non-ASCII past an ASCII prefix (strings sliced from the caller's text, and past it).
    for (const text of [starter, strings]) {
      const { buffer: bytes } = encodeScript(layout, text);
      assert.equal(plain(deserialize(bytes, text).program), plain(deserialize(bytes).program));
      // A shorter text; another file of the same length; an edit where a sample falls (the check
      // compares the length and 64 sampled characters, not every one).
      assert.throws(() => deserialize(bytes, text.slice(1)), /is not the one this buffer was made from/);
      assert.throws(() => deserialize(bytes, real.slice(0, text.length)), /is not the one this buffer was made from/);
      assert.throws(() => deserialize(bytes, (text[0] === "x" ? "y" : "x") + text.slice(1)), /is not the one this buffer was made from/);
      assert.throws(() => deserialize(bytes, Buffer.from(text)), TypeError);
    }
  });

  test(`${name}: another format version and a foreign magic are refused`, () => {
    const version = Uint8Array.from(buffer);
    version[metadataField(version, META.FORMAT_VERSION)] += 1;
    assert.throws(() => deserialize(version), /format version 2 is not supported/);
    const magic = Uint8Array.from(buffer);
    magic[metadataField(magic, META.MAGIC)] = 0;
    assert.throws(() => deserialize(magic), /not a rawast buffer/);
  });

  test(`${name}: random corruptions throw an Error or give an AST`, () => {
    corrupt(deserialize, buffer, 2000, random(layout === "parser" ? 1 : 2));
  });

  test(`${name}: random corruptions of a real file's buffer throw an Error or give an AST`, () => {
    corrupt(deserialize, encodeScript(layout, real).buffer, 200, random(layout === "parser" ? 3 : 4));
  });
}

/** Overwrites 1 to 4 random bytes before the metadata, `rounds` times, deserializing each copy. */
function corrupt(deserialize, buffer, rounds, next) {
  for (let round = 0; round < rounds; round++) {
    const copy = Uint8Array.from(buffer);
    const flips = 1 + Math.floor(next() * 4);
    for (let i = 0; i < flips; i++) copy[Math.floor(next() * (copy.length - METADATA_SIZE))] = Math.floor(next() * 256);
    try {
      const result = deserialize(copy);
      assert.equal(typeof result.program, "object");
    } catch (error) {
      assert.ok(error instanceof Error, `round ${round}: threw ${error}`);
    }
  }
}
