// The whole format: buffers past 2 GiB (offsets where a signed shift turns negative; the format
// allows 4 GiB) and sources longer than one JS string can be. Each buffer is a real script's buffer
// moved up by 2.5 GiB in a zero-filled buffer, whose untouched pages the OS never allocates: the
// deserializers must read it exactly as the original.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { constants } from "node:buffer";

import { encodeScript, root } from "./producer.js";
import { META, METADATA_SIZE, metadataField } from "./support.js";

import { deserialize as deserializeParser } from "../generated/npm/parser/deserialize.js";
import { deserialize as deserializeLinter } from "../generated/npm/linter/deserialize.js";
import { deserialize as deserializeLazy, materialize } from "../generated/npm/parser-lazy/deserialize.js";

const SHIFT = 2.5 * 2 ** 30;

/**
 * `buffer` (of `layout`) moved up by SHIFT bytes, its source text grown by `pad` spaces at its end.
 * Pointers are addresses, so moving the base recorded in the metadata down by SHIFT moves every
 * pointer up with the bytes. The parser layout keeps its source at the start: the strings that
 * pointed into it now point into the moved copy, and are decoded from there.
 */
function moved(buffer, layout, pad = 0) {
  const u32 = (field) => buffer.readUInt32LE(metadataField(buffer, field));
  const [sourceStart, sourceLen, asciiLen] = [u32(META.SOURCE_START), u32(META.SOURCE_LEN), u32(META.SOURCE_ASCII_LEN)];
  const sourceEnd = sourceStart + sourceLen;
  const end = layout === "parser" ? buffer.length - METADATA_SIZE : sourceEnd;
  const metadata = Math.ceil((SHIFT + end + (layout === "parser" ? 0 : pad)) / 8) * 8;
  const big = Buffer.alloc(metadata + METADATA_SIZE);
  big.set(buffer.subarray(0, end), SHIFT);
  big.set(buffer.subarray(buffer.length - METADATA_SIZE), metadata);
  const set = (field, value) => big.writeUInt32LE(value >>> 0, metadata + field);
  set(META.ROOT, u32(META.ROOT) + SHIFT);
  set(META.BASE_LOW32, u32(META.BASE_LOW32) - SHIFT);
  if (layout === "parser") {
    big.set(buffer.subarray(0, sourceEnd), 0);
    big.fill(0x20, sourceEnd, sourceEnd + pad);
  } else {
    set(META.SOURCE_START, sourceStart + SHIFT);
    big.fill(0x20, SHIFT + sourceEnd, SHIFT + sourceEnd + pad);
  }
  set(META.SOURCE_LEN, sourceLen + pad);
  set(META.SOURCE_ASCII_LEN, asciiLen === sourceLen ? sourceLen + pad : asciiLen);
  return big;
}

function plain(result) {
  return JSON.stringify(result, (k, v) => (k === "parent" ? undefined : typeof v === "bigint" ? `${v}n` : v));
}

const strings = readFileSync(join(root, "tests/conformance/corpus/strings.js"), "utf8");
const starter = readFileSync(join(root, "tests/conformance/corpus/starter.js"), "utf8");

test("parser and parser-lazy: a buffer of 2.5 GiB, its arena past 2 GiB", () => {
  const { buffer } = encodeScript("parser", strings);
  const big = moved(buffer, "parser");
  assert.ok(big.length > SHIFT);
  assert.equal(plain(deserializeParser(big)), plain(deserializeParser(buffer)));
  assert.equal(plain(materialize(deserializeLazy(big))), plain(deserializeParser(buffer)));
});

test("linter: a buffer of 3 GiB whose source is longer than a JS string can be", () => {
  // ASCII: the whole source is the ASCII prefix, which the deserializer slices strings from.
  const { buffer } = encodeScript("linter", starter);
  const pad = constants.MAX_STRING_LENGTH + 1;
  const big = moved(buffer, "linter", pad);
  assert.ok(big.length > SHIFT + constants.MAX_STRING_LENGTH);
  assert.equal(plain(deserializeLinter(big)), plain(deserializeLinter(buffer)));
});
