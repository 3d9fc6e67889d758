// The whole format: buffers past 2 GiB (offsets where a signed shift turns negative), up to the
// format's limit (buffers are under 4 GiB: offsets are u32s) and past it, and sources longer than
// one JS string can be. Each buffer is a real script's buffer moved up or padded in a zero-filled
// buffer, whose untouched pages the OS never allocates: the deserializers must read it exactly as
// the original, or refuse it when it is 4 GiB or more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { constants } from "node:buffer";

import { encodeScript, root, scriptJson } from "./producer.js";
import { WASM_PRODUCER, loadWasmProducer } from "./conformance/wasm-producer.js";
import { MAX_BUFFER_SIZE, moved, ofSize } from "./support.js";

import * as parser from "../generated/npm/parser/deserialize.js";
import * as linter from "../generated/npm/linter/deserialize.js";
import * as lazy from "../generated/npm/parser-lazy/deserialize.js";
import * as wasm32 from "../generated/npm/wasm32/deserialize.js";

const { deserialize: deserializeParser } = parser;
const { deserialize: deserializeLinter } = linter;
const { deserialize: deserializeLazy, materialize } = lazy;

const SHIFT = 2.5 * 2 ** 30;

function plain(result) {
  return JSON.stringify(result, (k, v) => (k === "parent" ? undefined : typeof v === "bigint" ? `${v}n` : v));
}

const strings = readFileSync(join(root, "tests/conformance/corpus/strings.js"), "utf8");
const starter = readFileSync(join(root, "tests/conformance/corpus/starter.js"), "utf8");

test("parser and parser-lazy: a buffer of 2.5 GiB, its arena past 2 GiB", () => {
  const { buffer } = encodeScript("parser", strings);
  const big = moved(buffer, "parser", { shift: SHIFT });
  assert.ok(big.length > SHIFT);
  assert.equal(plain(deserializeParser(big)), plain(deserializeParser(buffer)));
  assert.equal(plain(materialize(deserializeLazy(big))), plain(deserializeParser(buffer)));
});

test("linter: a buffer of 3 GiB whose source is longer than a JS string can be", () => {
  // ASCII: the whole source is the ASCII prefix, which the deserializer slices strings from.
  const { buffer } = encodeScript("linter", starter);
  const pad = constants.MAX_STRING_LENGTH + 1;
  const big = moved(buffer, "linter", { shift: SHIFT, pad });
  assert.ok(big.length > SHIFT + constants.MAX_STRING_LENGTH);
  assert.equal(plain(deserializeLinter(big)), plain(deserializeLinter(buffer)));
});

const small = "a + b;\nlabel: for (;;) break label; // ASCII\n'é';";
// Where an offset's shift could go wrong: around 2^31 (signed shifts) and right under 4 GiB.
const READABLE = [2 ** 31 - 8, 2 ** 31, 2 ** 31 + 8, MAX_BUFFER_SIZE + 1 - 8];
// 4 GiB and past it (up to what this Node's typed arrays hold: 4 GiB on Node 20).
const TOO_LARGE = [MAX_BUFFER_SIZE + 1, MAX_BUFFER_SIZE + 1 + 8].filter((size) => size <= constants.MAX_LENGTH);
const tooLarge = (module) => (error) => error instanceof module.RawastBufferError && /4 GiB/.test(error.message);

test("every target reads buffers right under 4 GiB, and refuses those of 4 GiB or more with a RawastBufferError", async () => {
  // 32-bit buffers come from the wasm32 producer, when it is built (`cargo xtask conformance`).
  const wasm = existsSync(WASM_PRODUCER) ? await loadWasmProducer() : null;
  const layouts = [
    ["parser", [parser, lazy], () => encodeScript("parser", small).buffer],
    ["linter", [linter], () => encodeScript("linter", small).buffer],
  ];
  if (wasm) layouts.push(["parser", [wasm32], () => wasm.encode(scriptJson(small).text, "parser")]);
  for (const [layout, targets, encode] of layouts) {
    const buffer = encode();
    const expected = plain(targets[0].deserialize(buffer));
    const read = (module, bytes) => plain(module === lazy ? materialize(lazy.deserialize(bytes)) : module.deserialize(bytes));
    for (const size of READABLE) {
      const big = ofSize(buffer, layout, size);
      assert.equal(big.length, size);
      for (const module of targets) assert.equal(read(module, big), expected, `${layout}, ${size} bytes`);
    }
    for (const size of TOO_LARGE) {
      // Padded in the middle (a buffer otherwise valid), and at the end: the valid buffer followed
      // by zeros, whose first bytes a view length taken modulo 4 GiB would see as the whole buffer.
      const followed = Buffer.alloc(size);
      followed.set(buffer);
      for (const big of [ofSize(buffer, layout, size), followed]) {
        assert.equal(big.length, size);
        for (const module of targets) assert.throws(() => read(module, big), tooLarge(module), `${layout}, ${size} bytes`);
      }
    }
  }
  // Without the wasm32 producer: what lies in the buffer does not matter to the limit.
  for (const size of TOO_LARGE) assert.throws(() => wasm32.deserialize(new Uint8Array(size)), tooLarge(wasm32), `wasm32, ${size} bytes`);
});
