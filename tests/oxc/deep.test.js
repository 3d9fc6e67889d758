// Deep ASTs in oxc-parser's own buffers: oxc-parser's Rust side parses them, oxc's deserializers
// overflow the JS stack on them (from about 5,000 levels), rawast's oxc targets return them whole.
// Each tree is checked by walking its spine without recursion, and a shallow tree of the same shape
// is checked to equal oxc's output first, so the walk checks the right shape.
import { test } from "node:test";
import assert from "node:assert/strict";

import { deserialize } from "./generated/js/oxc-js/deserialize.js";
import { firstDifference } from "./compare.js";

// oxc-parser's raw transfer needs Node 22 or later (its module throws on import before that): on an
// older Node, which rawast's own targets still support, these tests are skipped.
const skip = Number(process.versions.node.split(".")[0]) < 22 && `oxc-parser's raw transfer needs Node 22 or later, not ${process.version}`;
const { prepareRaw, returnBufferToCache } = skip ? {} : await import("oxc-parser/src-js/raw-transfer/common.js");
const { parseRawSync } = skip ? {} : await import("oxc-parser/src-js/bindings.js");
const { deserialize: oxcDeserialize } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

/** Parses `source` with oxc-parser and deserializes its buffer with `read`. */
function parse(source, read) {
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  try {
    parseRawSync("deep.js", buffer.block, sourceStartPos, sourceByteLen, { lang: "js", sourceType: "module" });
    return read(buffer, source, sourceStartPos, sourceByteLen);
  } finally {
    returnBufferToCache(buffer);
  }
}

// Shape, source of `depth` levels, the node type repeated `depth` times down the spine, the step
// down from one to the next, and the depth checked: oxc-parser's Rust side parses binary and member
// chains without recursion (a 1,000,000-term chain parses), but overflows its native stack (the
// process dies) past about 12,000 nested arrays and 9,700 nested calls, so those are checked below.
const shapes = [
  ["an a+a+…+a chain", (depth) => `x = ${Array(depth + 1).fill("a").join(" + ")};`, "BinaryExpression", (node) => node.left, 100_000],
  ["a member chain", (depth) => `x = a${".b".repeat(depth)};`, "MemberExpression", (node) => node.object, 100_000],
  ["nested arrays", (depth) => `x = ${"[".repeat(depth)}${"]".repeat(depth)};`, "ArrayExpression", (node) => node.elements[0], 8_000],
  ["nested calls", (depth) => `x = ${"f(".repeat(depth)}${")".repeat(depth)};`, "CallExpression", (node) => node.arguments[0], 6_000],
];

for (const [name, source, type, down, depth] of shapes) {
  test(`oxc-js: ${name} 100 levels deep is what oxc's deserializer returns`, { skip }, () => {
    const text = source(100);
    assert.equal(firstDifference(parse(text, deserialize), parse(text, oxcDeserialize)), null);
  });

  test(`oxc-js: ${name} ${depth} levels deep comes back whole, where oxc's deserializer overflows`, { skip }, () => {
    const text = source(depth);
    assert.throws(() => parse(text, oxcDeserialize), RangeError);
    const { program, errors } = parse(text, deserialize);
    assert.deepEqual(errors, []);
    let levels = 0;
    for (let node = program.body[0].expression.right; node?.type === type; node = down(node)) levels++;
    assert.equal(levels, depth);
  });
}
