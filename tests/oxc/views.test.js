// The oxc targets keep the typed-array views of each buffer they read (a `WeakMap` by buffer):
// oxc-parser reuses its buffers, so a buffer comes back with other contents, and its views must
// read those, not what the buffer held when they were made.
import { test } from "node:test";
import assert from "node:assert/strict";

import { firstDifference } from "./compare.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const { deserialize: oxc } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

// Sources of different sizes, so that the root, the AST's region and the source all move.
const SOURCES = ["let a = 1.5;", "function f(x) { return x * 2 ** 0.5; }\n".repeat(300), "", "'é' + `${b}`;"];

test("a buffer oxc-parser reuses is read afresh each call, its views kept", { skip }, async () => {
  const { deserialize } = await import("./generated/js/oxc-js/deserialize.js");
  const buffers = new Set();
  for (const source of [...SOURCES, ...SOURCES]) {
    withOxcBuffer(source, "views.js", (...args) => {
      buffers.add(args[0]);
      assert.equal(firstDifference(oxc(...args), deserialize(...args)), null, JSON.stringify(source.slice(0, 40)));
    });
  }
  // What the test is about: oxc-parser handed over one buffer for all of them.
  assert.equal(buffers.size, 1);
});

test("a buffer is checked on its first call, and again once its length has changed", async () => {
  // A buffer whose views are kept is not checked again while its length stays: a length-tracking
  // view of a resizable ArrayBuffer shrinks, grows and is detached under the kept views.
  const { deserialize, RawastBufferError } = await import("./generated/js/oxc-js/deserialize.js");
  const memory = new ArrayBuffer(64, { maxByteLength: 4096 });
  const buffer = new Uint8Array(memory);
  const refused = (message) => assert.throws(() => deserialize(buffer, "", 0, 0), (error) => error instanceof RawastBufferError && error.message === message);
  // (64 zero bytes: a root at offset 0, where no root fits.)
  refused("the root's offset 0 is outside the buffer");
  memory.resize(8);
  refused("a buffer of 8 bytes at offset 0 is not oxc-parser's");
  memory.resize(64);
  refused("the root's offset 0 is outside the buffer");
  structuredClone(memory, { transfer: [memory] });
  refused("a buffer of 0 bytes at offset 0 is not oxc-parser's");
  assert.throws(() => deserialize(new Uint16Array(32), "", 0, 0), { name: "TypeError", message: "deserialize: `buffer` must be oxc-parser's Uint8Array" });
});
