// The oxc targets keep the typed-array views of each buffer they read (a `WeakMap` by buffer):
// oxc-parser reuses its buffers, so a buffer comes back with other contents, and its views must
// read those, not what the buffer held when they were made.
import { test } from "node:test";
import assert from "node:assert/strict";

import { firstDifference } from "./compare.js";

// oxc-parser's raw transfer needs Node 22 or later (as in deep.test.js).
const skip = Number(process.versions.node.split(".")[0]) < 22 && `oxc-parser's raw transfer needs Node 22 or later, not ${process.version}`;
const { prepareRaw, returnBufferToCache } = skip ? {} : await import("oxc-parser/src-js/raw-transfer/common.js");
const { parseRawSync } = skip ? {} : await import("oxc-parser/src-js/bindings.js");
const { deserialize: oxc } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

// Sources of different sizes, so that the root, the AST's region and the source all move.
const SOURCES = ["let a = 1.5;", "function f(x) { return x * 2 ** 0.5; }\n".repeat(300), "", "'é' + `${b}`;"];

test("a buffer oxc-parser reuses is read afresh each call, its views kept", { skip }, async () => {
  const { deserialize } = await import("./generated/js/oxc-js/deserialize.js");
  const buffers = new Set();
  for (const source of [...SOURCES, ...SOURCES]) {
    const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
    buffers.add(buffer);
    try {
      parseRawSync("views.js", buffer.block, sourceStartPos, sourceByteLen, { lang: "js", sourceType: "module" });
      const expected = oxc(buffer, source, sourceStartPos, sourceByteLen);
      assert.equal(firstDifference(expected, deserialize(buffer, source, sourceStartPos, sourceByteLen)), null, JSON.stringify(source.slice(0, 40)));
    } finally {
      returnBufferToCache(buffer);
    }
  }
  // What the test is about: oxc-parser handed over one buffer for all of them.
  assert.equal(buffers.size, 1);
});
