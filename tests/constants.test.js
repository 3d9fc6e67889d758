// The JS and Rust views of the buffer format must agree: a producer writes metadata with the Rust
// constants and a deserializer reads it with the JS ones.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import * as js from "../generated/js/constants.js";

const rustSource = readFileSync(new URL("../generated/rust/constants.rs", import.meta.url), "utf8");

/** `pub const NAME: type = value;` of constants.rs, with `mod metadata` items prefixed `META_`. */
function rustConstants(source) {
  const constants = new Map();
  const metadataModule = source.match(/pub mod metadata \{([\s\S]*?)\n\}/)[1];
  for (const [, name, value] of metadataModule.matchAll(/pub const (\w+): usize = (\w+);/g)) {
    constants.set(`META_${name}`, BigInt(value));
  }
  const topLevel = source.replace(metadataModule, "");
  for (const [, name, value] of topLevel.matchAll(/pub const (\w+): \w+ = (0x[0-9a-f]+|\d+);/g)) {
    constants.set(name, BigInt(value));
  }
  return constants;
}

const rust = rustConstants(rustSource);

test("magic, format version and metadata size agree", () => {
  assert.equal(BigInt(js.MAGIC), rust.get("MAGIC"));
  assert.equal(BigInt(js.FORMAT_VERSION), rust.get("FORMAT_VERSION"));
  assert.equal(BigInt(js.METADATA_SIZE), rust.get("METADATA_SIZE"));
  assert.equal(Buffer.from(Uint32Array.of(js.MAGIC).buffer).toString("latin1"), "RAST");
});

test("every metadata offset agrees and the fields tile the block", () => {
  const jsOffsets = Object.entries(js).filter(([name]) => name.startsWith("META_"));
  const rustOffsets = [...rust].filter(([name]) => name.startsWith("META_"));
  assert.deepEqual(new Map(jsOffsets.map(([n, v]) => [n, BigInt(v)])), new Map(rustOffsets));
  const sorted = jsOffsets.map(([, offset]) => offset).sort((a, b) => a - b);
  assert.deepEqual(sorted, sorted.map((_, i) => 4 * i), "u32 fields, back to back");
  assert.equal(sorted.length * 4, js.METADATA_SIZE);
});

test("layout fingerprints agree, per pointer width", () => {
  for (const bits of [64, 32]) {
    const fingerprint = js[`LAYOUT_FINGERPRINT_${bits}`];
    const expected = rust.get(`LAYOUT_FINGERPRINT_${bits}`);
    assert.equal(BigInt(`0x${fingerprint.hex}`), expected);
    assert.equal((BigInt(fingerprint.high) << 32n) | BigInt(fingerprint.low), expected);
  }
  assert.notEqual(js.LAYOUT_FINGERPRINT_64.hex, js.LAYOUT_FINGERPRINT_32.hex);
});
