// The web package's parser (generated/npm/web/index.js and its wasm32 module, which `rawast addon`
// builds): the same parser compiled to WebAssembly gives, read from the module's memory with the
// 32-bit deserializer, the tree the native addon gives, for every fixture, errors included; a
// buffer of its own survives later calls; `walkSource` walks the module's output in place.
// `cargo xtask browser` checks the same in Chromium.
//
//   rawast addon --target web && node --test test/wasm.test.js

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as native from "../generated/npm/parser/index.js";
import * as web from "../generated/npm/web/index.js";
import { fixtureTexts, outcome } from "./fixture-texts.js";

const texts = fixtureTexts();

test("parse before init is an Error that says to call init", () => {
  assert.throws(() => web.parse("[1]"), /call `await init\(\)` before `parse\(\)`/);
});

test("the wasm parser's trees are the native parser's, errors included", async () => {
  await web.init(readFileSync(new URL("../generated/npm/web/jsonc_web.wasm", import.meta.url)));
  let parsed = 0;
  for (const [name, text] of texts) {
    const expected = outcome(native.parse, text);
    assert.deepEqual(outcome(web.parse, text), expected, name);
    if (expected.tree !== undefined) parsed++;
  }
  assert.ok(parsed > 10, `only ${parsed} fixtures parsed`);
  assert.throws(() => web.parse(42), TypeError);
  // A text's UTF-8 bytes parse as the text does; bytes that are not UTF-8 are an Error.
  for (const [name, text] of texts) assert.deepEqual(outcome(web.parse, new TextEncoder().encode(text)), outcome(native.parse, text), name);
  assert.throws(() => web.parse(new Uint8Array([0x5b, 0xff, 0x5d])), (e) => e.constructor === Error && /not UTF-8/.test(e.message));
});

test("a buffer of its own outlives later calls; walkSource reads the module's output", () => {
  const text = '{"a": [true, {"b": null}], "c": false} // note';
  const own = web.parseBuffer(text);
  for (let i = 0; i < 3; i++) web.parse(`[${i}, "${"x".repeat(i * 1000)}"]`);
  assert.equal(JSON.stringify(web.deserialize(own)), JSON.stringify(native.parse(text)));
  const visited = [];
  web.walkSource(text, { BooleanLiteral: (node) => visited.push(node.value) });
  assert.deepEqual(visited, [true, false]);
});

test("a text larger than the module's memory grows it", () => {
  const text = `[${'{"key": "välue", "n": [1, 2.5e3, null]},'.repeat(100_000)}0]`;
  assert.equal(JSON.stringify(web.parse(text)), JSON.stringify(native.parse(text)));
});

test("a parse from a walkSource visitor is an Error, before it writes over the walked output", () => {
  const seen = [];
  web.walkSource("[true, false]", {
    BooleanLiteral(node) {
      seen.push(node.value);
      assert.throws(() => web.parse("[null]"), (e) => e.constructor === Error && /cannot run in a walkSource\(\) visitor/.test(e.message));
    },
  });
  assert.deepEqual(seen, [true, false]);
  assert.equal(web.parse("[null]").document.value.elements.length, 1);
});
