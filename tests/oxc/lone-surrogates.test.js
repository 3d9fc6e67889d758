// String literals with lone surrogates, which oxc-parser writes as WTF-8 in a `JSStr` flagged at
// +12: rawast's deserializers decode them with the WTF-8 decoder rawast's own format uses
// (templates/js/wtf8.js) and must give oxc's strings, the surrogates kept.
import { test } from "node:test";
import assert from "node:assert/strict";

import { firstDifference } from "./compare.js";
import { targetModule } from "./files.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const { deserialize: oxc } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

// A high surrogate alone, a low one alone, a pair written as two escapes, one at each end of a run
// of other characters (ASCII, two-byte, CJK, astral).
const SOURCE = String.raw`x = ["\uD800", "\uDFFF", "\uD83D\uDE00", "a\uD800é中😀\uDC00b", '\uDBFF' + "\u{10FFFF}"];`;

function read(deserialize) {
  return withOxcBuffer(SOURCE, "surrogates.js", deserialize);
}

test("lone surrogates in string literals read as oxc reads them", { skip }, async () => {
  for (const target of ["oxc-js", "oxc-js-buffer-text"]) {
    const { deserialize } = await import(targetModule(target));
    const expected = read(oxc);
    const actual = read(deserialize);
    assert.equal(firstDifference(expected, actual), null, target);
    const values = actual.program.body[0].expression.right.elements.map((element) => element.value ?? element.left.value);
    assert.deepEqual(values.slice(0, 4), ["\uD800", "\uDFFF", "\uD83D\uDE00", "a\uD800é中😀\uDC00b"], target);
  }
});
